#!/bin/sh
#
# run.sh BUILDDIR TARGET...: run each libFuzzer target BUILDDIR/fuzz/TARGET
# for FUZZ_SECONDS (default 60) on its corpus BUILDDIR/corpus/TARGET (made
# by make-corpus.sh when missing) plus the kept inputs in
# tests/fuzz/regress/TARGET. New coverage goes into the corpus; crashes,
# leaks, timeouts and out-of-memory inputs into BUILDDIR/fuzz-artifacts/
# TARGET/. A timeout counts only when the input, run again alone, still
# takes at least half the limit (FUZZ_TIMEOUT, 20 s): the smoke run fails on
# hangs, not on a run that was slow once. Exit status 1 when any target
# found something. FUZZ_FLAGS adds libFuzzer flags (e.g.
# -malloc_limit_mb=512 to catch large allocations); FUZZ_SEED fixes
# libFuzzer's random seed (the smoke run in CI), so a run starts from the
# same mutations (the targets' threads make later ones differ).
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).

set -u

build=${1:?usage: run.sh BUILDDIR TARGET...}
shift
# Absolute: a target may change its working folder (fuzz_options does).
mkdir -p "$build" && build=$(cd "$build" && pwd)
secs=${FUZZ_SECONDS:-60}
# Seconds one input may take before libFuzzer calls it a hang (FUZZ_TIMEOUT).
limit=${FUZZ_TIMEOUT:-20}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$build/corpus
[ -d "$corpus" ] || sh "$here/make-corpus.sh" "$corpus" || exit 1

# Leaks count as findings; a failed huge malloc is an error path to test.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

clean=0
found=0
for t in "$@"; do
    bin=$build/fuzz/$t
    art=$build/fuzz-artifacts/$t
    mkdir -p "$corpus/$t" "$art"
    before=$(ls "$art" | wc -l)
    dict=
    [ -f "$corpus/$t.dict" ] && dict=-dict=$corpus/$t.dict
    case $t in
    fuzz_demux | fuzz_readplan) maxlen=65536 ;;
    *) maxlen=4096 ;;
    esac
    seeds=
    [ -d "$here/regress/$t" ] && seeds=$here/regress/$t
    seed=
    [ -n "${FUZZ_SEED:-}" ] && seed=-seed=$FUZZ_SEED
    echo "fuzz: $t for ${secs}s (log: $build/fuzz-artifacts/$t.log)"
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$secs" -timeout=$limit -rss_limit_mb=3072 -malloc_limit_mb=1024 \
        -max_len=$maxlen -print_final_stats=1 -artifact_prefix="$art/" $dict $seed ${FUZZ_FLAGS:-} \
        "$corpus/$t" $seeds \
        > "$build/fuzz-artifacts/$t.log" 2>&1
    rc=$?
    # A timeout is a finding when the input is slow on its own: run it
    # again alone (the binary runs a file once when given one), and drop
    # it when it now finishes well inside the limit (the machine was busy).
    for f in "$art"/timeout-*; do
        [ -f "$f" ] || continue
        start=$(date +%s)
        timeout $((2 * limit)) "$bin" -runs=1 "$f" > "$f.rerun.log" 2>&1
        took=$(($(date +%s) - start))
        if [ "$took" -lt $((limit / 2)) ]; then
            echo "fuzz: $t: $(basename "$f") took ${took}s when run again alone: not reproduced, not kept"
            rm -f "$f" "$f.rerun.log"
            [ "$rc" -ne 0 ] && grep -q 'ALARM: working on the last Unit' \
                "$build/fuzz-artifacts/$t.log" && rc=0
        else
            echo "fuzz: $t: $(basename "$f") takes ${took}s alone; its first bytes:"
            od -A d -t x1 "$f" | head -4 | sed 's/^/    /'
        fi
    done
    after=$(ls "$art" | wc -l)
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$build/fuzz-artifacts/$t.log" \
        | sed 's/^/    /'
    if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "FOUND $t (exit $rc): new inputs in $art; log follows"
        grep -E 'ERROR|SUMMARY|check failed|runtime error|#[0-9]+ 0x' \
            "$build/fuzz-artifacts/$t.log" | head -40
        found=$((found + 1))
    else
        echo "CLEAN $t"
        clean=$((clean + 1))
    fi
done
echo "fuzz: $clean clean, $found found something"
[ "$found" -eq 0 ]
