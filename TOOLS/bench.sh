#!/bin/bash
# bench.sh: play one file on the slow-storage model in each reading mode and
# print a Markdown table of what the storage served and how long it took.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/bench.sh [-p PROFILE] [-n RUNS] FILE [MPLAYER]
#
# Every run starts cold (slowfs.sh run drops the file from the page cache and
# checks nothing stays resident) and plays with -benchmark and null outputs.
# Figures are medians over RUNS runs (3), wall seconds from `date`, bytes,
# requests and seeks from the model's own counters.
set -eu
profile=slow-net
runs=3
while getopts p:n: o; do
    case $o in
    p) profile=$OPTARG ;;
    n) runs=$OPTARG ;;
    *) echo "usage: TOOLS/bench.sh [-p PROFILE] [-n RUNS] FILE [MPLAYER]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: TOOLS/bench.sh [-p PROFILE] [-n RUNS] FILE [MPLAYER]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
file=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mplayer=${2:-$root/mplayer}
src=$(dirname "$file")
name=$(basename "$file")
mnt=$(mktemp -d "${TMPDIR:-/tmp}/bench-mnt.XXXXXX")
trap 'rmdir "$mnt" 2>/dev/null || true' EXIT

modes=(
    "old: 4 KB reads, no cache|-stream-buffer-size 4096"
    "64 KB reads|-stream-buffer-size 65536"
    "readahead window 8 MB|-readahead-distance 8M"
    "old ring cache 8 MB|-cache 8192 -cache-mode ring -cache-min 0"
    "plan cache 8 MB|-cache 8192 -cache-mode plan"
    "all new: 64 KB + plan + drop-behind|-stream-buffer-size 65536 -cache 8192 -cache-drop-behind"
)

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| mode | wall s | bytes served | requests | seeks |"
echo "|---|---:|---:|---:|---:|"
for m in "${modes[@]}"; do
    label=${m%%|*}
    args=${m#*|}
    : > "$mnt.walls"; : > "$mnt.bytes"; : > "$mnt.reqs"; : > "$mnt.seeks"
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        out=$(sh "$root/TOOLS/slowfs.sh" run --profile="$profile" "$src" "$mnt" -- \
            sh -c 't0=$(date +%s.%N); "$0" -really-quiet -benchmark -vo null -ao null '"$args"' \
                "$1" >/dev/null 2>&1; t1=$(date +%s.%N); echo "wall $(awk -v a="$t0" -v b="$t1" "BEGIN { print b - a }")"' \
            "$mplayer" "$mnt/$name" 2>&1)
        echo "$out" | awk '$1 == "wall" { print $2 }' >> "$mnt.walls"
        echo "$out" | awk '$1 == "bytes" { print $2 }' >> "$mnt.bytes"
        echo "$out" | awk '$1 == "requests" { print $2 }' >> "$mnt.reqs"
        echo "$out" | awk '$1 == "seeks" { print $2 }' >> "$mnt.seeks"
    done
    printf '| %s | %.2f | %s | %s | %s |\n' "$label" "$(median < "$mnt.walls")" \
        "$(median < "$mnt.bytes")" "$(median < "$mnt.reqs")" "$(median < "$mnt.seeks")"
done
rm -f "$mnt.walls" "$mnt.bytes" "$mnt.reqs" "$mnt.seeks"
