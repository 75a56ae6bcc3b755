#!/bin/sh
#
# run-regress.sh BINDIR TARGET...: replay every kept input of
# tests/fuzz/regress/TARGET/ through BINDIR/TARGET (the target built with
# regress_main.c, no libFuzzer), one process per input so one crash counts
# once and does not hide the rest. Also runs each target on an empty input.
# An input that runs longer than FUZZ_REGRESS_TIMEOUT seconds (default 25;
# the slowest kept input takes well under a second) fails: some kept
# inputs are hangs (see DOCS/tech/fuzzing.md).
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).

set -u

bindir=${1:?usage: run-regress.sh BINDIR TARGET...}
shift
here=$(cd "$(dirname "$0")" && pwd)
limit=${FUZZ_REGRESS_TIMEOUT:-25}
empty=$bindir/empty-input
: > "$empty"
passed=0
failed=0
log=$bindir/regress.log
: > "$log"
for t in "$@"; do
    for f in "$empty" "$here/regress/$t"/*; do
        [ -f "$f" ] || continue
        timeout "$limit" "$bindir/$t" "$f" >> "$log" 2>&1
        rc=$?
        if [ "$rc" -eq 0 ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL $t $(basename "$f") (exit $rc, 124 = over ${limit}s); output:"
            [ "$rc" -ne 124 ] && timeout "$limit" "$bindir/$t" "$f" 2>&1 | tail -40
        fi
    done
done
echo "fuzz-regress: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
