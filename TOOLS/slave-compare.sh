#!/bin/bash
# slave-compare.sh: every MPlayer property asked in every state, of this
# player and of MPlayer 1.5, side by side (issue 17: front-ends parse these
# answers).
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/slave-compare.sh [-o OUT.md] [-d | -m] OURS [REFERENCE]
#
# OURS and REFERENCE (default /usr/bin/mplayer) are run with -slave -idle
# -vo null -ao null on media made here with ffmpeg. States: idle before any
# loadfile, playing a video with sound, paused (asked with
# pausing_keep_force), an audio-only file, a video without sound, and idle
# again after `stop`. The property names are REFERENCE's -list-properties.
# Each get_property is followed by one for a property nobody has, whose
# PROPERTY_UNKNOWN answer ends what belongs to the one before, so "no
# answer at all" is seen as such. Values that move with time (positions)
# are compared by kind only (a value / which error / nothing).
# Prints a markdown table of the differences (all rows with -d; with -m one
# row per property, one column per state, the reference's answer in each
# cell and this player's after it where they differ) and a count;
# exits 0, or 2 on a usage error or when a player cannot be run.
# SLAVE_COMPARE_WAIT: seconds a loaded file is given to start (2).

set -u
out=
all=0
matrix=0
while getopts "o:dm" opt; do
    case $opt in
    o) out=$OPTARG ;;
    d) all=1 ;;
    m) matrix=1 ;;
    *) echo "usage: $0 [-o OUT.md] [-d | -m] OURS [REFERENCE]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 [-o OUT.md] [-d | -m] OURS [REFERENCE]" >&2
    exit 2
fi
ours=$1
ref=${2:-/usr/bin/mplayer}
wait=${SLAVE_COMPARE_WAIT:-2}
for p in "$ours" "$ref"; do
    if ! [ -x "$p" ]; then
        echo "slave-compare: $p: not an executable player" >&2
        exit 2
    fi
done
command -v ffmpeg > /dev/null || { echo "slave-compare: needs ffmpeg" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
ff() { ffmpeg -nostdin -loglevel error -y "$@"; }
ff -f lavfi -i testsrc=duration=30:size=320x240:rate=25 -f lavfi -i sine=duration=30 \
    -c:v libx264 -g 25 -c:a aac -shortest "$tmp/av.mkv" || exit 2
ff -f lavfi -i sine=duration=30 -c:a libmp3lame -metadata title=T -metadata artist=A \
    "$tmp/a.mp3" || exit 2
ff -f lavfi -i testsrc=duration=30:size=320x240:rate=25 -c:v mpeg4 "$tmp/v.avi" || exit 2

# tv_* and teletext_* (TV input, which this player does not have) are
# left out: MPlayer 1.5 dies of a segmentation fault when asked for
# tv_brightness with nothing playing.
props=$("$ref" -list-properties 2>/dev/null |
    awk '/^ [a-z_]+ / && $1 != "Name" && $1 !~ /^(tv|teletext)_/ { print $1 }')
[ -n "$props" ] || { echo "slave-compare: $ref listed no properties" >&2; exit 2; }

# Values that move while playing: compared by kind.
moving=" time_pos percent_pos stream_pos stream_time_pos "

states="idle playing paused audio_only video_only stopped"

# ask PREFIX: get_property for every property, each followed by the
# separator (with the same prefix: a bare command ends a pause). The
# separators differ from each other: this player answers a
# query equal to one still waiting only once when many are queued.
seq=0
ask() {
    local p
    for p in $props; do
        seq=$((seq + 1))
        printf '%sget_property %s\n%sget_property zz_no_such_property_%d\n' "$1" "$p" "$1" $seq
    done
}

# run PLAYER OUTFILE: one session through all the states.
run() {
    local fifo=$tmp/in.$$.$RANDOM
    mkfifo "$fifo"
    "$1" -slave -idle -quiet -nolirc -vo null -ao null -noconfig all < "$fifo" > "$2" \
        2> /dev/null &
    local pid=$!
    exec 3> "$fifo"
    {
        ask ""
        echo "loadfile $tmp/av.mkv"; sleep "$wait"
        ask ""
        echo "pause"; sleep 0.5
        ask "pausing_keep_force "
        echo "loadfile $tmp/a.mp3"; sleep "$wait"
        ask ""
        echo "loadfile $tmp/v.avi"; sleep "$wait"
        ask ""
        echo "stop"; sleep 1
        ask ""
        sleep 1
        echo "quit"
    } >&3
    exec 3>&-
    local i
    for i in $(seq 50); do
        kill -0 $pid 2>/dev/null || break
        sleep 0.2
    done
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    rm -f "$fifo"
}

# answers OUTFILE PLAYER: "state<TAB>property<TAB>answer" per question.
# Only ANS_ lines count (both players print them, and only them, on
# stdout); the states come in run's order, one answer group per property.
# A property PLAYER does not list answers PROPERTY_UNKNOWN itself, before
# the separator's.
answers() {
    local known
    known=$("$2" -list-properties 2>/dev/null | awk '/^ [a-z_]+ / { print $1 }')
    awk -v props="$props" -v known="$known" -v states="$states" '
    BEGIN {
        n = split(props, pl, /[ \n]+/)
        split(states, sl, / /)
        nk = split(known, kl, /[ \n]+/)
        for (i = 1; i <= nk; i++)
            has[kl[i]] = 1
        q = 0; ans = ""; own = 0
    }
    !/^ANS_/ { next }
    {
        p = pl[q % n + 1]
        if ($0 == "ANS_ERROR=PROPERTY_UNKNOWN" && (p in has || own)) {
            printf "%s\t%s\t%s\n", sl[int(q / n) + 1], p, ans == "" ? "(no answer)" : ans
            q++; ans = ""; own = 0
            next
        }
        if ($0 == "ANS_ERROR=PROPERTY_UNKNOWN")
            own = 1
        ans = ans == "" ? $0 : ans " / " $0
    }' "$1"
}

run "$ref" "$tmp/ref.out"
run "$ours" "$tmp/ours.out"
answers "$tmp/ref.out" "$ref" > "$tmp/ref.tsv"
answers "$tmp/ours.out" "$ours" > "$tmp/ours.tsv"
if ! [ -s "$tmp/ref.tsv" ]; then
    echo "slave-compare: no answers from $ref" >&2
    exit 2
fi

kind() {
    case $1 in
    "(no answer)") echo none ;;
    ANS_ERROR=*) echo "$1" ;;
    *) echo value ;;
    esac
}

report=$tmp/report.md
{
    echo "Reference: $ref; this player: $ours."
    echo ""
    echo "| state | property | reference | this player |"
    echo "|---|---|---|---|"
} > "$report"
same=0
differ=0
while IFS=$'\t' read -r state prop refans; do
    ourans=$(awk -F'\t' -v s="$state" -v p="$prop" '$1 == s && $2 == p { print $3 }' \
        "$tmp/ours.tsv")
    [ -n "$ourans" ] || ourans="(no answer)"
    if [[ $moving == *" $prop "* ]]; then
        [ "$(kind "$refans")" = "$(kind "$ourans")" ] && eq=1 || eq=0
    else
        [ "$refans" = "$ourans" ] && eq=1 || eq=0
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$state" "$prop" "$refans" "$ourans" $eq >> "$tmp/joined.tsv"
    if [ $eq = 1 ]; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
    fi
    if [ $eq = 0 ] || [ $all = 1 ]; then
        printf '| %s | %s | `%s` | `%s` |\n' "$state" "$prop" "$refans" "$ourans" >> "$report"
    fi
done < "$tmp/ref.tsv"
if [ $matrix = 1 ]; then
    # The answers in short: the value alone, the error's name, or "-" for
    # no answer at all.
    awk -F'\t' -v states="$states" '
    function short(a) {
        if (a == "(no answer)") return "(none)"
        sub(/^ANS_ERROR=/, "", a)
        sub(/^ANS_[a-z_]*=/, "", a)
        gsub(/\|/, "\\|", a)
        return a
    }
    BEGIN { ns = split(states, sl, / /) }
    {
        if (!($2 in seen)) { seen[$2] = 1; order[++np] = $2 }
        cell[$2, $1] = short($3) ($5 == 1 ? "" : " **/ " short($4) "**")
    }
    END {
        printf "| property |"
        for (i = 1; i <= ns; i++) printf " %s |", sl[i]
        printf "\n|---|"
        for (i = 1; i <= ns; i++) printf "---|"
        printf "\n"
        for (k = 1; k <= np; k++) {
            printf "| %s |", order[k]
            for (i = 1; i <= ns; i++) printf " %s |", cell[order[k], sl[i]]
            printf "\n"
        }
    }' "$tmp/joined.tsv" | sed "s|$tmp/|DIR/|g" > "$tmp/matrix.md"
    {
        echo "Reference: $ref; this player: $ours. Each cell: the reference's answer;"
        echo "where this player's differs, it follows in bold after a slash."
        echo ""
        cat "$tmp/matrix.md"
    } > "$report"
fi
echo "" >> "$report"
echo "$((same + differ)) answers: $same the same, $differ different" >> "$report"
if [ -n "$out" ]; then
    cp "$report" "$out"
fi
cat "$report"
