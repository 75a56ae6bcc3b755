#!/bin/bash
# filters.sh: what the common -vf filters cost on the play loop, per frame,
# at 1080p. This file is part of this MPlayer branch, GPLv2 or later (see
# COPYING).
#
#   TOOLS/bench/filters.sh [-p ./mplayer] [-r runs] [-s seconds] [-t tmpdir]
#
# Makes 1080p and 720p clips (testsrc2, MPEG-4 part 2, 25 fps) with the
# ffmpeg CLI, then plays each with `mplayer -benchmark -nosound -vo null`
# without a filter and with each filter. The filters run inside the play
# loop's video step, which -benchmark reports as VC (decoding + -vf); the
# filter's cost is VC with it minus VC without it, per input frame, set
# against the clip's frame time (40 ms).
# A second table takes, for scale and yadif at 1080p, the player's own
# -benchmark figures for the chain (BENCHMARKf: the time the loop's thread
# spends in the chain per frame out, average and maximum, and the longest
# graph build) from runs that also replace the graph once mid-play (slave
# vf_add harddup once the output is configured: a rebuild of the same
# graph, so the per-frame figures stay those of the filter alone).
# Prints two Markdown tables. Nothing is left behind.

set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

MPLAYER=./mplayer
RUNS=3
SECS=8
TMPBASE=${TMPDIR:-/tmp}
while getopts p:r:s:t: opt; do
    case $opt in
    p) MPLAYER=$OPTARG ;;
    r) RUNS=$OPTARG ;;
    s) SECS=$OPTARG ;;
    t) TMPBASE=$OPTARG ;;
    *) echo "usage: $0 [-p mplayer] [-r runs] [-s seconds] [-t tmpdir]" >&2; exit 2 ;;
    esac
done
[ -x "$MPLAYER" ] || { echo "filters.sh: no player at $MPLAYER" >&2; exit 2; }
dir=$(mktemp -d "$TMPBASE/mpfbench.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT

mkclip() { # size file
    ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi \
        -i "testsrc2=size=$1:rate=25" -t "$SECS" -c:v mpeg4 -q:v 3 -g 25 "$2"
}
mkclip 1920x1080 "$dir/1080.avi" && mkclip 1280x720 "$dir/720.avi" ||
    { echo "filters.sh: ffmpeg could not make the clips" >&2; exit 2; }

# One run: "VC_seconds frames" from -benchmark's summary.
run_once() { # clip [vf]
    local args=(-benchmark -nosound -vo null)
    [ -n "${2:-}" ] && args+=(-vf "$2")
    "$MPLAYER" "${args[@]}" "$1" </dev/null 2>/dev/null | tr '\r' '\n' | awk '
        /^BENCHMARKs:/ {
            for (i = 1; i <= NF; i++)
                if ($i == "VC:") { vc = $(i + 1); sub("s", "", vc) }
        }
        /^BENCHMARKn:/ { for (i = 1; i <= NF; i++) if ($i == "total:") n = $(i + 1) }
        END { if (vc != "" && n > 0) print vc, n; else print "- 0" }'
}

# Each filter run is paired with a run without filters right before it, so
# both see the same load from the rest of the machine; the cost is taken
# from the least disturbed runs (minimum VC with the filter minus minimum
# without) and, as a check on the spread, the median of the pair
# differences. Costs are per frame of input, whose time is 40 ms at 25 fps
# (yadif=1 shows two frames per input frame: 20 ms each).
pairs() { # clip vf -> "min_with min_without median_diff frames_in frames_out"
    local i a b with="" without="" diffs="" nin=0 nout=0
    for i in $(seq "$RUNS"); do
        a=$(run_once "$1")
        b=$(run_once "$1" "$2")
        nin=${a#* }
        nout=${b#* }
        without="$without${a% *}
"
        with="$with${b% *}
"
        diffs="$diffs$(awk -v x="${b% *}" -v y="${a% *}" 'BEGIN { print x - y }')
"
    done
    local mw mo md
    mw=$(printf '%s' "$with" | bench_stats | awk '{ print $2 }')
    mo=$(printf '%s' "$without" | bench_stats | awk '{ print $2 }')
    md=$(printf '%s' "$diffs" | bench_stats | awk '{ print $1 }')
    echo "$mw $mo $md $nin $nout"
}

printf '%s' "| input | -vf | frames in / shown | VC s, least of $RUNS: without / with "
echo "| filter ms per input frame | (median of pairs) | share of the 40 ms frame time |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for clip in 1080 720; do
    case $clip in
    1080)
        filters="scale=1280:720 scale=640:360 yadif yadif=1 eq2=1.2:1.1:0.1:1.2 hue=30:1.2"
        filters="$filters hqdn3d" ;;
    720) filters="scale=1920:1080" ;;
    esac
    for vf in $filters; do
        read -r mw mo md nin nout < <(pairs "$dir/$clip.avi" "$vf")
        awk -v c="$clip" -v vf="$vf" -v n="$nin" -v no="$nout" -v mw="$mw" -v mo="$mo" \
            -v md="$md" 'BEGIN {
                d = 1000 * (mw - mo) / n
                printf "| %sp | `%s` | %d / %d | %.3f / %.3f | %.2f | %.2f | %.1f %% |\n", c, vf,
                    n, no, mo, mw, d, 1000 * md / n, 100 * d / 40
            }'
    done
done

# One run with a rebuild (harddup adds no lavfi filter):
# "avg_ms max_ms builds build_max_ms" from BENCHMARKf.
run_rebuild() { # clip vf
    local fifo="$dir/cmd" out="$dir/slave.out" pid i
    rm -f "$fifo" "$out"
    mkfifo "$fifo" || return 1
    "$MPLAYER" -slave -benchmark -nosound -vo null -vf "$2" "$1" <"$fifo" >"$out" 2>&1 &
    pid=$!
    exec 3>"$fifo"
    for i in $(seq 400); do
        grep -q '^VO:' "$out" 2>/dev/null && break
        sleep 0.01
    done
    echo "vf_add harddup" >&3
    wait "$pid"
    exec 3>&-
    tr '\r' '\n' <"$out" | awk '/^BENCHMARKf:/ {
        for (i = 1; i <= NF; i++) {
            if ($i == "avg:") a = $(i + 1)
            if ($i == "max:" && m == "") m = $(i + 1); else if ($i == "max:") b = $(i + 1)
            if ($i == "builds:") n = $(i + 1)
        }
        print a, m, n, b }'
}

echo
echo "| input | -vf | chain ms per frame, avg (median of $RUNS) | max (median / worst run) \
| graph builds per run | longest build ms (median / worst) |"
echo "| --- | --- | --- | --- | --- | --- |"
for vf in scale=1280:720 yadif; do
    avgs="" maxs="" bmaxs="" nb=""
    for i in $(seq "$RUNS"); do
        read -r a m n b < <(run_rebuild "$dir/1080.avi" "$vf")
        avgs="$avgs$a
"
        maxs="$maxs$m
"
        bmaxs="$bmaxs$b
"
        nb=$n
    done
    read -r am _ _ _ < <(printf '%s' "$avgs" | bench_stats)
    read -r mm _ mx _ < <(printf '%s' "$maxs" | bench_stats)
    read -r bm _ bx _ < <(printf '%s' "$bmaxs" | bench_stats)
    printf '| 1080p | `%s` | %.2f | %.2f / %.2f | %s | %.2f / %.2f |\n' "$vf" "$am" "$mm" "$mx" \
        "$nb" "$bm" "$bx"
done
