#!/bin/bash
# longrun.sh: long runs of the player, for leaks, growth and drift.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/longrun.sh bench [SECONDS]     one-hour clip (or SECONDS) at -benchmark
#                                        speed, driven by -slave: LONGRUN_STEPS
#                                        (6000) commands 20 ms of wall time
#                                        apart, each a seek (short jumps, and a
#                                        jump that moves from start to end over
#                                        the run) or an audio track switch,
#                                        then play to the end; RSS sampled from
#                                        /proc every 10 commands
#   TOOLS/longrun.sh realtime [SECONDS]  ten minutes (or SECONDS) at real time:
#                                        max |A-V| from the status line
#
# Environment: MPLAYER (the binary; bench defaults to the sanitizer build
# build-san/mplayer, so leaks and memory errors are reported at exit, realtime
# to ./mplayer), LONGRUN_DIR (where the generated clips are kept, reused
# between runs; default ${TMPDIR:-/tmp}/mplayer-longrun), RSS_GROWTH_KB
# (bench: the most the RSS may grow from the end of a 10 s warm-up to the
# peak after it; 32768), RSS_LATE_GROWTH_KB (bench: the most the peak of
# the second half of the measured time may exceed that of the first;
# 4096, or 16384 for an ASan build), AV_MAX_MS (realtime: bound on max
# |A-V|; 40),
# LONGRUN_CACHE (extra cache options; default "-cache 2048"), SEEK_BEHIND_S
# and SEEK_AHEAD_S (bench: how far before/after a jump's target the
# position asked 20 ms later may be; 6 and 300).
#
# Prints "key value" lines (start/peak/end RSS, seeks and switches sent and
# checked, max |A-V|) and PASS or FAIL; exits 1 on FAIL. A jump or an audio
# switch that did not take effect (get_time_pos, get_property switch_audio
# answers) is a FAIL.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
secs=${2:-}
dir=${LONGRUN_DIR:-${TMPDIR:-/tmp}/mplayer-longrun}
cache=${LONGRUN_CACHE:--cache 2048}

die() {
    echo "longrun.sh: $*" >&2
    exit 1
}

# make_clip SECONDS OUT: tiny video, three audio tracks (switching needs
# several), MP4 (an index: read plans are made and replaced on switches).
make_clip() {
    local s=$1 out=$2
    [ -s "$out" ] && return 0
    mkdir -p "$dir" || die "cannot make $dir"
    ffmpeg -nostdin -hide_banner -loglevel error -y \
        -f lavfi -i "testsrc2=size=64x48:rate=10:duration=$s" \
        -f lavfi -i "sine=frequency=330:sample_rate=8000:duration=$s" \
        -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=$s" \
        -f lavfi -i "sine=frequency=550:sample_rate=8000:duration=$s" \
        -map 0 -map 1 -map 2 -map 3 -c:v mpeg4 -q:v 20 -g 50 \
        -c:a aac -b:a 16k -ac 1 "$out.part.mp4" || die "ffmpeg could not make $out"
    mv "$out.part.mp4" "$out"
}

rss_kb() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null
}

bench() {
    local s=${secs:-3600}
    local mp=${MPLAYER:-$root/build-san/mplayer}
    [ -x "$mp" ] || die "$mp missing: make BUILD=build-san SANITIZE=1 build-san/mplayer"
    local clip=$dir/clip-$s.mp4
    make_clip "$s" "$clip"
    # global: the EXIT trap runs after this function has returned
    work=$(mktemp -d "${TMPDIR:-/tmp}/longrun.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    mkfifo "$work/cmd"
    # The player may end first: writes to its FIFO then fail, not kill us.
    trap '' PIPE
    # ASan's quarantine of freed memory (256 MB by default) fills over
    # minutes and would read as growth: keep it small.
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:quarantine_size_mb=16}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    # The player reads commands from the FIFO; fd 3 keeps it open for us.
    # shellcheck disable=SC2086
    "$mp" -slave -benchmark $cache -vo null -ao null "$clip" \
        <"$work/cmd" >"$work/out" 2>"$work/err" &
    local pid=$!
    exec 3>"$work/cmd"
    local t0 now start_rss='' warm_rss='' peak=0 peak_after=0 last=0 seeks=0 switches=0 i=0
    t0=$(date +%s.%N)
    # Warm-up: the first 10 s of wall time (decoders, caches, threads,
    # sanitizer quarantine reach their working size).
    local warm=10
    # Commands 20 ms of wall time apart: at -benchmark speed (hundreds of
    # times real time, tens under the sanitizers) a few seconds of play.
    local steps=${LONGRUN_STEPS:-6000}
    while kill -0 "$pid" 2>/dev/null && [ "$i" -lt "$steps" ]; do
        i=$((i + 1))
        # Short jumps forward and back; every 8th a jump to a place that
        # moves through the file from start to end over the run; every
        # 16th an audio track switch.
        # The switch and the jump are each followed by a query, so that
        # the end can check that they took effect (not only that they were
        # sent): the track answers must change at every switch, the
        # position must be near the jump's target. The position is asked
        # one step (20 ms) later, so that it is where play went on from,
        # not the target the seek command just recorded.
        case $((i % 16)) in
        0)
            echo "switch_audio" >&3
            echo "get_property switch_audio" >&3
            switches=$((switches + 1))
            ;;
        3 | 11) echo "seek -4 0" >&3; seeks=$((seeks + 1)) ;;
        5 | 13)
            echo "seek $((i * 100 / steps)) 1" >&3
            echo "$((i * 100 / steps))" >>"$work/targets"
            seeks=$((seeks + 1))
            ;;
        6 | 14) echo "get_time_pos" >&3; echo "seek 3 0" >&3; seeks=$((seeks + 1)) ;;
        *) echo "seek 3 0" >&3; seeks=$((seeks + 1)) ;;
        esac
        sleep 0.02
        [ $((i % 10)) = 0 ] || continue
        local r
        r=$(rss_kb "$pid")
        [ -n "$r" ] || break
        [ -z "$start_rss" ] && start_rss=$r
        last=$r
        [ "$r" -gt "$peak" ] && peak=$r
        now=$(date +%s.%N)
        echo "$now $r" >>"$work/rss"
        if awk -v a="$t0" -v b="$now" -v w=$warm 'BEGIN { exit !(b - a >= w) }'; then
            [ -z "$warm_rss" ] && warm_rss=$r
            [ "$r" -gt "$peak_after" ] && peak_after=$r
        fi
    done
    # Play the last percent to the end of the file (the EOF path), then
    # quit in case it is still going.
    echo "seek 99 1" >&3 2>/dev/null
    local w=0
    while kill -0 "$pid" 2>/dev/null && [ $w -lt 600 ]; do
        sleep 0.1
        w=$((w + 1))
    done
    echo "quit" >&3 2>/dev/null
    exec 3>&-
    wait "$pid"
    local rc=$?
    local t1
    t1=$(date +%s.%N)
    local ok=1
    echo "mode bench"
    echo "clip_seconds $s"
    echo "player $mp"
    echo "wall_seconds $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
    echo "seeks_sent $seeks"
    echo "switches_sent $switches"
    echo "rss_start_kb ${start_rss:-0}"
    echo "rss_after_warmup_kb ${warm_rss:-0}"
    echo "rss_peak_kb $peak"
    echo "rss_end_kb $last"
    echo "exit_status $rc"
    if grep -qE 'Sanitizer|runtime error:' "$work/err"; then
        echo "FAIL: sanitizer report:"
        sed -n '1,40p' "$work/err"
        ok=0
    fi
    if [ "$rc" != 0 ]; then
        echo "FAIL: exit status $rc: $(tail -n 5 "$work/err")"
        ok=0
    fi
    # The jumps: the answer to the get_time_pos one step after "seek P 1"
    # is at most SEEK_BEHIND_S (6: a keyframe every 5 s) before P percent
    # and at most SEEK_AHEAD_S (300) after it: at -benchmark speed play
    # runs a thousand times real time or more, so it is up to ~110 s on by
    # then (measured); without the jump it would run on from where the
    # steps before left it and reach the end of the hour within seconds,
    # while the targets move 36 s every 60 steps. The player may end (EOF)
    # before answering the last query.
    local checked
    checked=$(tr '\r' '\n' <"$work/out" | sed -n 's/^ANS_TIME_POSITION=//p' |
        awk -v len="$s" -v behind="${SEEK_BEHIND_S:-6}" -v ahead="${SEEK_AHEAD_S:-300}" \
            -v tf="$work/targets" '
        { pos[n++] = $1 + 0 }
        END {
            while ((getline t < tf) > 0) want[m++] = t * len / 100
            bad = 0; lead = 0
            for (i = 0; i < n && i < m; i++) {
                d = pos[i] - want[i]
                if (d > lead) lead = d
                if (d < -behind || d > ahead) {
                    if (bad < 3)
                        printf "jump %d: at %.1f, wanted %.1f; ", i, pos[i], want[i] > "/dev/stderr"
                    bad++
                }
            }
            printf "%d %d %d %.1f\n", n, m, bad, lead
        }' 2>"$work/seekbad")
    local answered queried badseeks lead
    read -r answered queried badseeks lead <<<"${checked:-0 0 0 0}"
    echo "seek_checks $answered/$queried answered, $badseeks off target, max lead ${lead}s"
    if [ "$queried" = 0 ] || [ "$answered" -lt $((queried - 1)) ] || [ "$badseeks" != 0 ]; then
        echo "FAIL: jumps did not take effect: $(cat "$work/seekbad")"
        ok=0
    fi
    # The switches: three audio tracks, so each answer differs from the one
    # before and all three tracks are reached.
    local tracks
    tracks=$(tr '\r' '\n' <"$work/out" | sed -n 's/^ANS_switch_audio=//p' | awk '
        { if (n && $1 == prev) same++; prev = $1; seen[$1] = 1; n++ }
        END { k = 0; for (t in seen) k++; print n, k, same + 0 }')
    local sw_answered sw_distinct sw_same
    read -r sw_answered sw_distinct sw_same <<<"${tracks:-0 0 0}"
    echo "switch_checks $sw_answered/$switches answered, $sw_distinct tracks, $sw_same unchanged"
    if [ "$sw_answered" -lt $((switches - 1)) ] || [ "$sw_distinct" != 3 ] ||
        [ "$sw_same" != 0 ]; then
        echo "FAIL: audio switches did not take effect"
        ok=0
    fi
    # Flat means: after warm-up the RSS settles. The peak of the second
    # half of the measured time over the peak of the first half is what a
    # leak or an unbounded cache keeps adding; one-time growth (ASan's
    # quarantine filling, the allocator's arenas) stays in the first half.
    local halves first second
    halves=$(awk -v t0="$t0" -v w=$warm '
        BEGIN { n = 0; a = 0; b = 0 }
        $1 - t0 >= w { t[n] = $1 + 0; r[n] = $2 + 0; n++ }
        END {
            if (n < 4) { print "0 0"; exit }
            mid = (t[0] + t[n - 1]) / 2
            for (i = 0; i < n; i++) {
                if (t[i] < mid) { if (r[i] > a) a = r[i] } else { if (r[i] > b) b = r[i] }
            }
            print a, b
        }' "$work/rss" 2>/dev/null)
    read -r first second <<<"${halves:-0 0}"
    # ASan's allocator does not reuse freed memory while it is in
    # quarantine and keeps size classes apart, so its RSS creeps where the
    # normal build's is flat: the flatness bound is looser there (leaks are
    # LeakSanitizer's to find). Run the normal build too for flatness.
    local late=${RSS_LATE_GROWTH_KB:-4096}
    if grep -q __asan_init "$mp" 2>/dev/null; then
        late=${RSS_LATE_GROWTH_KB:-16384}
        echo "asan 1"
    else
        echo "asan 0"
    fi
    echo "rss_series_kb $(awk '{ r[n++] = $2 } END { for (i = 0; i < 10 && n > 0; i++)
        printf "%s%d", i ? " " : "", r[int(i * (n - 1) / 9)] }' "$work/rss")"
    echo "rss_peak_first_half_kb $first"
    echo "rss_peak_second_half_kb $second"
    echo "rss_growth_after_warmup_kb $((peak_after - ${warm_rss:-0}))"
    echo "rss_growth_second_half_kb $((second - first))"
    if [ -z "$warm_rss" ] || [ "$first" = 0 ]; then
        echo "FAIL: the run ended during warm-up (${warm}s): nothing measured"
        ok=0
    elif [ $((peak_after - warm_rss)) -gt "${RSS_GROWTH_KB:-32768}" ]; then
        echo "FAIL: RSS grew by $((peak_after - warm_rss)) KB after warm-up"
        ok=0
    elif [ $((second - first)) -gt "$late" ]; then
        echo "FAIL: RSS still grows: second half peak $((second - first)) KB over the first"
        ok=0
    fi
    [ $ok = 1 ] && echo PASS
    [ $ok = 1 ]
}

realtime() {
    local s=${secs:-600}
    local mp=${MPLAYER:-$root/mplayer}
    [ -x "$mp" ] || die "$mp missing: make"
    local clip=$dir/clip-$s.mp4
    make_clip "$s" "$clip"
    # global: the EXIT trap runs after this function has returned
    work=$(mktemp -d "${TMPDIR:-/tmp}/longrun.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    # Real-time audio (the PCM writer paces itself unless :fast), video
    # through null; the status line carries A-V.
    # shellcheck disable=SC2086
    timeout -k 10 $((s + 120)) "$mp" $cache -vo null \
        -ao pcm:file=/dev/null "$clip" </dev/null >"$work/out" 2>"$work/err"
    local rc=$?
    # Status lines end in \r; skip the first second (start-up).
    local stats
    stats=$(tr '\r' '\n' <"$work/out" | awk -v b="${AV_MAX_MS:-40}" '
        / A-V:/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "A:") a = $(i + 1)
                if ($i == "A-V:") d = $(i + 1)
            }
            if (a + 0 < 1.0) next
            n++
            if (d < 0) d = -d
            if (d > max) { max = d; at = a }
            if (d * 1000 >= b) over++
            sum += d
        }
        END { printf "%d %.3f %.4f %d %.1f\n", n, max * 1000, n ? sum / n * 1000 : 0, over, at }')
    local n max mean over at
    read -r n max mean over at <<<"$stats"
    echo "mode realtime"
    echo "clip_seconds $s"
    echo "player $mp"
    echo "status_lines $n"
    echo "max_abs_av_ms $max"
    echo "mean_abs_av_ms $mean"
    echo "max_at_audio_s $at"
    echo "lines_at_or_over_bound $over"
    echo "exit_status $rc"
    local ok=1
    [ "$rc" = 0 ] || { echo "FAIL: exit status $rc: $(tail -n 5 "$work/err")"; ok=0; }
    [ "$n" -gt 0 ] || { echo "FAIL: no status lines with A-V"; ok=0; }
    awk -v m="$max" -v b="${AV_MAX_MS:-40}" 'BEGIN { exit !(m < b) }' ||
        { echo "FAIL: max |A-V| $max ms >= ${AV_MAX_MS:-40} ms"; ok=0; }
    [ $ok = 1 ] && echo PASS
    [ $ok = 1 ]
}

main() {
    case $mode in
    bench) bench ;;
    realtime) realtime ;;
    *)
        sed -n '2,40p' "$0" | sed -n '/^#/p' | sed 's/^# \{0,1\}//'
        return 2
        ;;
    esac
}

# One line: bash has read the whole script before running it, so editing
# the file during a run cannot change what runs.
main "$@"; exit $?
