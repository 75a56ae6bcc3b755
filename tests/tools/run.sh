#!/bin/sh
# Tests of the measuring tools: the slow-storage model (TOOLS/slowfs, through
# TOOLS/slowfs.sh), the page-cache tool and the media maker (TOOLS/mkmedia.sh).
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   sh tests/tools/run.sh
#
# Ends with "tools: N passed, N failed[, N skipped]"; exits non-zero on a
# failure. Where FUSE can not mount (no /dev/fuse, no fusermount3, no
# libfuse3), the storage tests are skipped with the reason, not failed.
# Timing is only ever checked from below (the model must not be faster than
# it claims); the machine may be slow, never too fast.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
SLOWFS_SH=$root/TOOLS/slowfs.sh
MKMEDIA=$root/TOOLS/mkmedia.sh
MKMUX=${MKMUX:-$root/build/TOOLS/mkmux}
PAGECACHE=${PAGECACHE:-$root/build/TOOLS/pagecache}
export PAGECACHE

passed=0
failed=0
skipped=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/toolstest.XXXXXX")
mnt=$tmp/mnt
src=$tmp/src
mounted=

cleanup() {
    if [ -n "$mounted" ]; then
        sh "$SLOWFS_SH" umount "$mnt" >/dev/null 2>&1 || fusermount3 -u -z "$mnt" 2>/dev/null
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ok() {
    passed=$((passed + 1))
    echo "PASS $1"
}

bad() {
    failed=$((failed + 1))
    echo "FAIL $1${2:+: $2}"
}

# Under CI (CI=true, set by .ci/run's caller) everything must run: a skip
# fails there.
skip() {
    if [ "${CI:-}" = true ]; then
        failed=$((failed + 1))
        echo "FAIL $1: cannot run under CI (CI=true): $2"
        return
    fi
    skipped=$((skipped + 1))
    echo "SKIP $1: $2"
}

# check NAME CONDITION-COMMAND... : pass when the command succeeds.
check() {
    name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name" "$*"; fi
}

now() {
    date +%s.%N
}

# elapsed_ge START END SECONDS
elapsed_ge() {
    awk -v a="$1" -v b="$2" -v s="$3" 'BEGIN { exit !(b - a >= s) }'
}

stat_of() {
    sh "$SLOWFS_SH" get "$mnt" "$1"
}

reset() {
    sh "$SLOWFS_SH" reset "$mnt"
}

cold() {
    sh "$SLOWFS_SH" cold "$@"
}

resident() {
    "$PAGECACHE" "$1" | awk '{ print $2 }'
}

# ---------------------------------------------------------------- storage --

fuse_reason() {
    [ -c /dev/fuse ] || { echo "no /dev/fuse"; return; }
    command -v fusermount3 >/dev/null 2>&1 || { echo "no fusermount3 (package fuse3)"; return; }
    if [ -z "${SLOWFS:-}" ] && ! pkg-config --exists fuse3 2>/dev/null &&
        ! [ -x "$root/build/TOOLS/slowfs" ]; then
        echo "no libfuse3 (package libfuse3-dev)"
        return
    fi
}

storage_tests() {
    mkdir -p "$src" "$mnt"
    size=4194304
    head -c $size /dev/urandom > "$src/f.bin"
    printf 'hello\n' > "$src/small.txt"
    head -c 524288 /dev/urandom > "$src/half.bin"
    mkdir -p "$src/sub"
    printf 'x' > "$src/sub/inner"

    if ! sh "$SLOWFS_SH" mount --profile=fast "$src" "$mnt" 2> "$tmp/mount.err"; then
        skip "storage" "FUSE cannot mount here: $(cat "$tmp/mount.err")"
        return
    fi
    mounted=1
    f=$mnt/f.bin

    # The mirror shows the source read-only.
    check "mirror: same bytes" cmp -s "$src/f.bin" "$f"
    check "mirror: sub folder" test "$(cat "$mnt/sub/inner")" = x
    check "mirror: listing has the files" sh -c "ls '$mnt' | grep -qx small.txt"
    check "mirror: writing refused" sh -c "! (echo y >> '$mnt/small.txt') 2>/dev/null"
    check "mirror: creating refused" sh -c "! (: > '$mnt/new') 2>/dev/null"
    check "mirror: source untouched" test "$(cat "$src/small.txt")" = hello

    # Linear read of a cold file: every byte served once, no seek.
    cold "$f"
    reset
    dd if="$f" of=/dev/null bs=64k 2>/dev/null
    b=$(stat_of bytes) r=$(stat_of requests) s=$(stat_of seeks) m=$(stat_of max_request)
    check "linear: bytes == file size ($b)" test "$b" -eq $size
    check "linear: no seek ($s)" test "$s" -eq 0
    check "linear: requests cover the file ($r x <= $m)" \
        test "$r" -ge $((size / m)) -a "$r" -le $((size / 4096))
    check "linear: requests at most 1 MiB ($m)" test "$m" -le 1048576
    check "linear: file resident after reading" test "$(resident "$f")" -eq $size

    # The kernel page cache is on: a second read is served from memory.
    reset
    dd if="$f" of=/dev/null bs=64k 2>/dev/null
    check "warm: second read served by the page cache" test "$(stat_of bytes)" -eq 0

    # Cold means cold: 0 bytes resident, and a read goes to the device again.
    cold "$f"
    check "cold: 0 bytes resident" test "$(resident "$f")" -eq 0
    reset
    dd if="$f" of=/dev/null bs=1M count=1 2>/dev/null
    check "cold: reading again reaches the device" test "$(stat_of bytes)" -ge 1048576

    # A read elsewhere counts a seek.
    cold "$f"
    reset
    dd if="$f" of=/dev/null bs=4k count=1 2>/dev/null
    dd if="$f" of=/dev/null bs=4k count=1 skip=768 2>/dev/null
    check "random: a jump counts one seek ($(stat_of seeks))" test "$(stat_of seeks)" -eq 1
    check "random: two requests ($(stat_of requests))" test "$(stat_of requests)" -eq 2

    # The control file is never cached and checks its commands.
    reset
    check "ctl: reset zeroes" test "$(stat_of requests)" -eq 0
    check "ctl: bad command refused" \
        sh -c "! sh '$SLOWFS_SH' ctl '$mnt' frobnicate 2>/dev/null"
    check "ctl: bad fault refused" \
        sh -c "! sh '$SLOWFS_SH' ctl '$mnt' eio f.bin 9-3 2>/dev/null"

    # EIO injection: the range fails, the rest reads.
    sh "$SLOWFS_SH" ctl "$mnt" eio f.bin 2Mi-3Mi
    cold "$f"
    reset
    check "eio: read before the range works" dd if="$f" of=/dev/null bs=64k count=16 status=none
    check "eio: read inside the range fails" \
        sh -c "! dd if='$f' of=/dev/null bs=64k skip=40 count=1 status=none 2>/dev/null"
    check "eio: counted" test "$(stat_of eio)" -ge 1
    check "eio: whole-file read fails" sh -c "! cat '$f' > /dev/null 2>&1"
    sh "$SLOWFS_SH" ctl "$mnt" clear
    cold "$f"
    check "eio: cleared" cmp -s "$src/f.bin" "$f"

    # Stall injection: a request covering the offset takes the extra time.
    sh "$SLOWFS_SH" ctl "$mnt" stall f.bin 1Mi 200
    cold "$f"
    reset
    t0=$(now)
    dd if="$f" of=/dev/null bs=4k count=1 skip=256 status=none
    t1=$(now)
    check "stall: >= 0.2 s" elapsed_ge "$t0" "$t1" 0.2
    check "stall: counted" test "$(stat_of stalls)" -eq 1
    sh "$SLOWFS_SH" ctl "$mnt" clear

    # Timing model, bounded from below only: 4 MiB at 40 MB/s >= 0.1 s.
    sh "$SLOWFS_SH" ctl "$mnt" bw 40M
    cold "$f"
    reset
    t0=$(now)
    dd if="$f" of=/dev/null bs=64k status=none
    t1=$(now)
    check "timing: 4 MiB at 40 MB/s takes >= 0.1 s" elapsed_ge "$t0" "$t1" 0.1
    check "timing: model charged >= 100 ms" \
        awk -v m="$(stat_of model_ms)" 'BEGIN { exit !(m >= 100) }'
    sh "$SLOWFS_SH" ctl "$mnt" bw 0

    # Seek and latency costs.
    sh "$SLOWFS_SH" ctl "$mnt" seek-ms 100
    cold "$f"
    reset
    t0=$(now)
    dd if="$f" of=/dev/null bs=4k count=1 status=none
    dd if="$f" of=/dev/null bs=4k count=1 skip=768 status=none
    t1=$(now)
    check "timing: a seek costs >= 0.1 s" elapsed_ge "$t0" "$t1" 0.1
    sh "$SLOWFS_SH" ctl "$mnt" seek-ms 0
    sh "$SLOWFS_SH" ctl "$mnt" lat-ms 30
    # A whole file: no readahead request still running when dd returns.
    cold "$mnt/half.bin"
    reset
    t0=$(now)
    dd if="$mnt/half.bin" of=/dev/null bs=64k status=none
    t1=$(now)
    r=$(stat_of requests)
    check "timing: latency per request ($r x 30 ms)" \
        elapsed_ge "$t0" "$t1" "$(awk -v r="$r" 'BEGIN { print r * 0.03 }')"
    sh "$SLOWFS_SH" ctl "$mnt" lat-ms 0

    sh "$SLOWFS_SH" umount "$mnt"
    mounted=
    check "umount: gone" sh -c "! grep -q ' $mnt fuse.slowfs ' /proc/self/mountinfo"

    # Mount-time options: a profile with explicit overrides, a fault.
    if sh "$SLOWFS_SH" mount --profile=hdd --seek-ms=3 --fault-eio=f.bin:0-4096 \
        "$src" "$mnt"; then
        mounted=1
        check "options: profile bandwidth" test "$(stat_of bw)" -eq 80000000
        check "options: explicit seek overrides" test "$(stat_of seek_ms)" -eq 3
        check "options: fault from the command line" \
            sh -c "! head -c 1 '$f' > /dev/null 2>&1"
        sh "$SLOWFS_SH" umount "$mnt"
        mounted=
    else
        bad "options: mount with a profile"
    fi
    # The trace names the thread a request came for: a reader's own pid.
    if sh "$SLOWFS_SH" mount --profile=fast --trace="$tmp/trace" "$src" "$mnt"; then
        mounted=1
        sh -c 'echo $$ > "$1"; exec head -c 4096 "$2" > /dev/null' sh "$tmp/reader.pid" \
            "$mnt/half.bin"
        check "options: trace names the reader ($(cat "$tmp/reader.pid"))" \
            sh -c "grep -q ' /half.bin 0 .* $(cat "$tmp/reader.pid")\$' '$tmp/trace'"
        sh "$SLOWFS_SH" umount "$mnt"
        mounted=
    else
        bad "options: mount with a trace"
    fi
    # The net profile: every jump and every request to an idle device costs.
    if sh "$SLOWFS_SH" mount --profile=net "$src" "$mnt"; then
        mounted=1
        check "options: net profile" test "$(stat_of bw) $(stat_of seek_ms) $(stat_of lat_ms) \
$(stat_of lat_mode)" = "4000000 20 20 idle"
        sh "$SLOWFS_SH" umount "$mnt"
        mounted=
    else
        bad "options: mount with the net profile"
    fi
    check "options: bad profile refused" \
        sh -c "! sh '$SLOWFS_SH' mount --profile=floppy '$src' '$mnt' 2>/dev/null"
    check "options: no daemon left" \
        sh -c "! grep -q ' $mnt fuse.slowfs ' /proc/self/mountinfo"
}

# ------------------------------------------------------------------ media --

field() {
    # field FILE KEY: the value after KEY in `mkmedia.sh info` output
    awk -v k="$2" '$1 == k { print $2; exit }' "$1"
}

media_tests() {
    m=$tmp/media
    mkdir -p "$m"
    opts="-q -d 4 -s 320x240 -b 800k"
    # shellcheck disable=SC2086
    if ! sh "$MKMEDIA" $opts good "$m/good.mkv" 2> "$tmp/mk.err"; then
        bad "media: make good.mkv" "$(cat "$tmp/mk.err")"
        return
    fi
    sh "$MKMEDIA" info "$m/good.mkv" > "$m/good.info"
    size=$(field "$m/good.info" file | head -1)
    size=$(awk '$1 == "file" { print $4 }' "$m/good.info")
    gmax=$(field "$m/good.info" av_distance_max)
    check "good: 2 streams" test "$(grep -c '^stream ' "$m/good.info")" -eq 2
    check "good: audio near its video ($gmax of $size bytes)" test "$gmax" -lt $((size / 8))
    sum=$(awk '$1 == "stream" { s += $8 } END { print s }' "$m/good.info")
    check "good: stream bytes within the file ($sum <= $size)" \
        test "$sum" -le "$size" -a "$sum" -gt $((size * 9 / 10))
    v=$(awk '$1 == "stream" && $2 == 0 { print $8 }' "$m/good.info")
    check "bytes: one stream" test "$(sh "$MKMEDIA" bytes "$m/good.mkv" 0)" -eq "$v"

    for c in mkv mp4 avi; do
        f=$m/skew.$c
        # shellcheck disable=SC2086
        if ! sh "$MKMEDIA" $opts -k 2 skew "$f" 2> "$tmp/mk.err"; then
            bad "skew.$c: make" "$(cat "$tmp/mk.err")"
            continue
        fi
        sh "$MKMEDIA" info "$f" > "$f.info"
        fsize=$(awk '$1 == "file" { print $4 }' "$f.info")
        med=$(field "$f.info" av_distance_median)
        # 2 s of a 4 s file lie between audio and its video: about half.
        check "skew.$c: audio far from its video ($med of $fsize bytes)" \
            test "$med" -gt $((fsize * 3 / 10))
        # Audio ahead: its first packet precedes the first video packet.
        a1=$(awk '$1 == "stream" && $3 == "audio" { print $10; exit }' "$f.info")
        v1=$(awk '$1 == "stream" && $3 == "video" { print $10; exit }' "$f.info")
        check "skew.$c: audio stored ahead" test "$a1" -lt "$v1"
        # Timestamps unchanged: both streams start together.
        check "skew.$c: in sync" sh -c "ffprobe -v error -show_entries stream=start_time \
            -of csv=p=0 '$f' | awk 'NR == 1 { a = \$1 } { d = \$1 - a; if (d < 0) d = -d; \
            if (d > 0.1) bad = 1 } END { exit bad }'"
    done

    # shellcheck disable=SC2086
    sh "$MKMEDIA" $opts -k -2 skew "$m/late.mkv" &&
        sh "$MKMEDIA" info "$m/late.mkv" > "$m/late.info"
    a1=$(awk '$1 == "stream" && $3 == "audio" { print $10; exit }' "$m/late.info")
    v1=$(awk '$1 == "stream" && $3 == "video" { print $10; exit }' "$m/late.info")
    check "skew -2: audio stored behind" test "$a1" -gt "$v1"

    for c in mkv mp4 avi; do
        f=$m/non.$c
        # shellcheck disable=SC2086
        if ! sh "$MKMEDIA" $opts noninter "$f" 2> "$tmp/mk.err"; then
            bad "noninter.$c: make" "$(cat "$tmp/mk.err")"
            continue
        fi
        sh "$MKMEDIA" info "$f" > "$f.info"
        check "noninter.$c: two runs" test "$(field "$f.info" runs)" -eq 2
        vlast=$(awk '$1 == "stream" && $3 == "video" { print $12 }' "$f.info")
        afirst=$(awk '$1 == "stream" && $3 == "audio" { print $10 }' "$f.info")
        check "noninter.$c: all video before all audio" test "$vlast" -lt "$afirst"
        check "noninter.$c: decodes cleanly" \
            sh -c "test -z \"\$(ffmpeg -nostdin -v error -i '$f' -f null - 2>&1)\""
    done

    # Interleaved for 2 s, then track after track: the audio before 2 s lies
    # among the video, the audio after it past all of the video.
    if "$MKMUX" --noninter-from=2 --format=matroska "$m/non.mp4" "$m/part.mkv" \
        2> "$tmp/mk.err"; then
        sh "$MKMEDIA" packets "$m/part.mkv" > "$m/part.pk"
        vlast=$(awk -F, '$1 == 0 && $3 > v { v = $3 } END { print v }' "$m/part.pk")
        check "noninter-from: early audio among the video" \
            awk -F, -v v="$vlast" '$1 == 1 && $2 < 1.9 && $3 < v { n++ } END { exit !(n > 10) }' \
            "$m/part.pk"
        check "noninter-from: later audio after all video" \
            awk -F, -v v="$vlast" '$1 == 1 && $2 > 2.1 && $3 < v { bad = 1 } END { exit bad }' \
            "$m/part.pk"
    else
        bad "noninter-from: make" "$(cat "$tmp/mk.err")"
    fi

    # Track after track within each second: the audio of [0, 1) lies after
    # the video of [0, 1) and before the video of [1, 2).
    if "$MKMUX" --chunks=1 --format=matroska "$m/non.mp4" "$m/chunks.mkv" 2> "$tmp/mk.err"; then
        sh "$MKMEDIA" packets "$m/chunks.mkv" > "$m/chunks.pk"
        check "chunks: the first second's audio between its video and the next" \
            awk -F, '$1 == 0 && $2 > 0.05 && $2 < 0.95 && $3 > v0 { v0 = $3 }
                $1 == 0 && $2 > 1.05 && $2 < 1.95 && (v1 == "" || $3 < v1) { v1 = $3 }
                $1 == 1 && $2 > 0.05 && $2 < 0.95 { if (a0 == "" || $3 < a0) a0 = $3
                    if ($3 > a1) a1 = $3 }
                END { exit !(v0 != "" && v1 != "" && a0 > v0 && a1 < v1) }' "$m/chunks.pk"
    else
        bad "chunks: make" "$(cat "$tmp/mk.err")"
    fi

    # shellcheck disable=SC2086
    if sh "$MKMEDIA" $opts multi "$m/multi.mp4" 2> "$tmp/mk.err"; then
        sh "$MKMEDIA" info "$m/multi.mp4" > "$m/multi.info"
        check "multi: 5 streams" test "$(grep -c '^stream ' "$m/multi.info")" -eq 5
        check "multi: 4 audio" test "$(grep -c '^stream [0-9]* audio' "$m/multi.info")" -eq 4
    else
        bad "multi: make" "$(cat "$tmp/mk.err")"
    fi

    # A given input is copied, not re-encoded: same video bytes.
    if sh "$MKMEDIA" -q -i "$m/good.mkv" noninter "$m/given.mkv" 2> "$tmp/mk.err"; then
        sh "$MKMEDIA" info "$m/given.mkv" > "$m/given.info"
        gv=$(awk '$1 == "stream" && $3 == "video" { print $8 }' "$m/given.info")
        check "input: copied ($gv == $v)" test "$gv" -eq "$v"
        check "input: non-interleaved" test "$(field "$m/given.info" runs)" -eq 2
    else
        bad "input: remux a given file" "$(cat "$tmp/mk.err")"
    fi
    check "bad kind refused" sh -c "! sh '$MKMEDIA' -q frob '$m/x.mkv' 2>/dev/null"
    check "bad codec refused" sh -c "! sh '$MKMEDIA' -q -c vp9 good '$m/x.mkv' 2>/dev/null"

    h264_tests
}

# "pts_time,dts_time" of every packet of one stream (v or a), in file order
# (a packet's side data, like AAC's skip samples, adds fields and lines).
stream_ts() {
    ffprobe -v error -select_streams "$2" -show_entries packet=pts_time,dts_time \
        -of csv=p=0 "$1" | awk -F, 'NF >= 2 { print $1 "," $2 }'
}

# offset IN OUT COLUMN: OUT's timestamps (column 1 pts, 2 dts) minus IN's,
# packet by packet, when that is one constant (within 1.5 ms, Matroska's
# millisecond rounding); "varies" when not, or when the counts differ.
offset() {
    paste -d, "$1" "$2" | awk -F, -v c="$3" '
        { o = $(c + 2) - $c; if (NR == 1) o1 = o; d = o - o1; if (d < 0) d = -d
          if ($c == "N/A" || $(c + 2) == "N/A" || $c == "" || $(c + 2) == "" || d > 0.0015)
              bad = 1 }
        END { if (bad || NR == 0) print "varies"; else printf "%.4f\n", o1 }'
}

# same_offset A B: two offsets from `offset` agree (within 1.5 ms)
same_offset() {
    [ "$1" != varies ] && [ "$2" != varies ] &&
        awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.0015) }'
}

# H.264 with B-frames, as real files are: every layout of every container
# keeps the input's timestamps, as far as the container stores them (MP4:
# pts and dts exactly; MKV: pts, all streams moved by one offset when
# something lay below 0; AVI: decode order at a constant frame rate, so the
# dts moved by one offset).
h264_tests() {
    h=$m/h264.mp4
    if ! sh "$MKMEDIA" -q -c h264 -d 3 -s 320x240 -b 400k good "$h" 2> "$tmp/mk.err"; then
        bad "h264: make h264.mp4" "$(cat "$tmp/mk.err")"
        return
    fi
    stream_ts "$h" v > "$h.v"
    stream_ts "$h" a > "$h.a"
    # shellcheck disable=SC2016 # awk's fields, not the shell's
    check "h264: has B-frames (pts != dts)" \
        awk -F, '$1 != $2 { b = 1 } END { exit !b }' "$h.v"
    for c in mp4 mkv avi; do
        for kind in skew+2 skew-2 noninter good; do
            f=$m/h264.$kind.$c
            what="h264 $kind.$c"
            case $kind in
            skew+2) set -- -k 2 skew ;;
            skew-2) set -- -k -2 skew ;;
            *) set -- "$kind" ;;
            esac
            if ! sh "$MKMEDIA" -q -i "$h" "$@" "$f" 2> "$tmp/mk.err"; then
                bad "$what: make" "$(cat "$tmp/mk.err")"
                continue
            fi
            stream_ts "$f" v > "$f.v"
            stream_ts "$f" a > "$f.a"
            case $c in
            mp4)
                check "$what: video pts and dts as in the input" cmp -s "$h.v" "$f.v"
                check "$what: audio pts and dts as in the input" cmp -s "$h.a" "$f.a"
                ;;
            mkv)
                vo=$(offset "$h.v" "$f.v" 1)
                ao=$(offset "$h.a" "$f.a" 1)
                check "$what: video pts as in the input, moved by $vo" test "$vo" != varies
                check "$what: audio pts moved by the same ($ao)" same_offset "$vo" "$ao"
                ;;
            avi)
                vo=$(offset "$h.v" "$f.v" 2)
                check "$what: video dts as in the input, moved by $vo" test "$vo" != varies
                check "$what: decodes cleanly" \
                    sh -c "test -z \"\$(ffmpeg -nostdin -v error -i '$f' -f null - 2>&1)\""
                ;;
            esac
        done
    done
    # Matroska stores no dts: the demuxer gives none for the first packets
    # of a B-frame stream, which must still be laid out in decode order.
    f=$m/h264.frommkv.mp4
    if "$MKMUX" --skew=1 "$m/h264.good.mkv" "$f" 2> "$tmp/mk.err"; then
        stream_ts "$f" v > "$f.v"
        stream_ts "$m/h264.good.mkv" v > "$f.in"
        check "mkmux: MKV input without dts keeps its pts" \
            test "$(offset "$f.in" "$f.v" 1)" != varies
    else
        bad "mkmux: MKV input without dts" "$(cat "$tmp/mk.err")"
    fi
}

# ------------------------------------------------------------- bench.sh --
# The runner's arithmetic (TOOLS/bench/lib.sh): medians and spreads, and the
# physical bound, on hand-made packet lists whose answer is worked out here,
# then on a made file against mkmedia.sh's own byte count.

bench_tests() {
    # shellcheck source=TOOLS/bench/lib.sh
    . "$root/TOOLS/bench/lib.sh"
    check "bench: median of an odd count" test "$(printf '3\n1\n2\n' | bench_stats)" = "2 1 3 3"
    check "bench: median of an even count is the middle mean" \
        test "$(printf '4\n1\n10\n2\n' | bench_stats)" = "3 1 10 4"
    check "bench: '-' and empty lines ignored" \
        test "$(printf -- '-\n\n0.5\n1.25\n' | bench_stats)" = "0.875 0.5 1.25 2"
    check "bench: no numbers" test "$(printf -- '-\n' | bench_stats)" = "- - - 0"
    # Streams 0 and 1 need 3000 bytes in two places 3 MB apart (stream 2 in
    # between): at 1 MB/s reading through costs 3 s, skipping 10 + 20 ms,
    # so 2 runs, each one request: 0.003 s + 10 ms seek + 2 x 20 ms.
    printf '%s\n' 0,0.00,0,1000 1,0.00,1000,500 0,0.04,1500,1000 2,0.00,2500,3000000 \
        1,0.50,3002500,500 > "$tmp/pk1"
    check "bench: bound skips a far gap" \
        test "$(bench_bound "0 1" 1000000 10 20 1048576 < "$tmp/pk1")" = "3000 2 0.0530 3000"
    # A 1000-byte gap costs 1 ms to read through, less than a new request:
    # read, one run, one request; the gap's bytes counted as read.
    printf '%s\n' 0,0,0,1000 2,0,1000,1000 1,0,2000,1000 > "$tmp/pk2"
    check "bench: bound reads through a near gap" \
        test "$(bench_bound "0 1" 1000000 10 20 1048576 < "$tmp/pk2")" = "2000 1 0.0230 3000"
    # 3 MiB in one run takes at least 3 requests of 1 MiB; input unsorted.
    printf '%s\n' 0,1,1048576,2097152 0,0,0,1048576 > "$tmp/pk3"
    check "bench: bound counts the largest request" \
        test "$(bench_bound "0" 0 0 20 1048576 < "$tmp/pk3")" = "3145728 1 0.0600 3145728"
    check "bench: bound up to a time" \
        test "$(bench_bound "0" 0 0 20 1048576 0.5 < "$tmp/pk3")" = "1048576 1 0.0200 1048576"
    # A device that charges the round trip only when idle: a reader that
    # keeps it busy pays it once, and a gap costs only the seek to skip.
    check "bench: bound with latency on an idle device" \
        test "$(bench_bound "0" 0 0 20 1048576 "" idle < "$tmp/pk3")" = "3145728 1 0.0200 3145728"
    check "bench: bound with idle latency skips a far gap at the seek's cost" \
        test "$(bench_bound "0 1" 1000000 10 20 1048576 "" idle < "$tmp/pk1")" = \
        "3000 2 0.0330 3000"
    check "bench: bound of nothing" test "$(bench_bound "5" 1 0 0 1 < "$tmp/pk3")" = "0 0 0 0"
    if command -v ffprobe >/dev/null 2>&1; then
        m=$tmp/bench
        mkdir -p "$m"
        if sh "$MKMEDIA" -q -d 3 -s 320x240 -b 500k -n 3 multi "$m/multi.mp4" 2> "$tmp/mk.err"
        then
            sh "$MKMEDIA" packets "$m/multi.mp4" > "$m/pk"
            b=$(bench_bound "0 1" 80000000 8 0 1048576 < "$m/pk")
            need=$(sh "$MKMEDIA" bytes "$m/multi.mp4" 0 1)
            all=$(sh "$MKMEDIA" bytes "$m/multi.mp4" 0 1 2 3)
            check "bench: bound needs what mkmedia.sh bytes counts" \
                test "$(echo "$b" | awk '{ print $1 }')" = "$need"
            # the other tracks lie in small pieces between: read through on
            # a disk (80 MB/s, 8 ms seeks), so one run, reading more than needed
            check "bench: interleaved tracks read through on hdd" \
                test "$(echo "$b" | awk '{ print $2 }')" -eq 1
            check "bench: read through = needed + some of the other tracks" \
                awk -v r="$(echo "$b" | awk '{ print $4 }')" -v n="$need" -v a="$all" \
                'BEGIN { exit !(r > n && r <= a) }'
        else
            bad "bench: make multi.mp4" "$(cat "$tmp/mk.err")"
        fi
    fi
}

# ------------------------------------------------------------------- main --

if ! sh "$SLOWFS_SH" build 2> "$tmp/build.err"; then
    reason=$(fuse_reason)
    if [ -n "$reason" ]; then
        skip "storage" "$reason"
    else
        bad "build slowfs" "$(cat "$tmp/build.err")"
    fi
else
    reason=$(fuse_reason)
    if [ -n "$reason" ]; then
        skip "storage" "$reason"
    else
        storage_tests
    fi
fi

if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then
    media_tests
else
    skip "media" "no ffmpeg/ffprobe (package ffmpeg)"
fi

bench_tests

# slave-compare.sh against a copy of the player that starts at another
# volume: every answer the same but the volume's, which differs wherever a
# file with sound plays (three states) and nowhere else.
slave_compare_tests() {
    printf '#!/bin/sh\nexec "%s" -volume 50 "$@"\n' "$MPLAYER" > "$tmp/quieter"
    chmod +x "$tmp/quieter"
    if ! SLAVE_COMPARE_WAIT=1.5 bash "$root/TOOLS/slave-compare.sh" -o "$tmp/sc.md" \
        "$MPLAYER" "$tmp/quieter" > "$tmp/sc.out" 2>&1; then
        bad "slave-compare: runs" "$(tail -3 "$tmp/sc.out")"
        return
    fi
    nprops=$("$MPLAYER" -list-properties 2>/dev/null |
        awk '/^ [a-z_]+ / && $1 != "Name" && $1 !~ /^(tv|teletext)_/' | wc -l)
    total=$((nprops * 6))
    check "slave-compare: three volume answers differ, nothing else" \
        grep -q "^$total answers: $((total - 3)) the same, 3 different$" "$tmp/sc.md"
    check "slave-compare: the rows are the volume's" \
        test "$(grep -c '^| [a-z_]* | volume | .ANS_volume=' "$tmp/sc.md")" = 3
}
if [ -x "${MPLAYER:-}" ] && command -v ffmpeg >/dev/null 2>&1; then
    slave_compare_tests
else
    skip "slave-compare" "no player built (MPLAYER) or no ffmpeg"
fi

# ------------------------------------------------------------ compat-table --

# TOOLS/compat-table.sh against a stand-in for MPlayer 1.5 that lists a
# row of each kind, in MPlayer's layout: the classification is checked
# without MPlayer installed. "z" is obsolete here but not a Print row in
# the stand-in, so it must not count as obsolete in both.
compat_table_tests() {
    cat > "$tmp/fakeref" <<'END'
#!/bin/sh
cat <<'LIST'

 Name                 Type            Min        Max      Global  CL    Cfg

 vop                  Print           No         No         No    Yes   No 
 aa*                  Print           No         No         No    Yes   Yes
 z                    Integer         0          9          No    Yes   Yes
 vf*                  Object settings No         No         No    Yes   Yes
 -help                Print           No         No         Yes   Yes   No 
 sound                Flag            No         No         No    Yes   Yes
 capture              Flag            No         No         No    Yes   Yes
 slices               Flag            No         No         No    Yes   Yes
 nosuchthing-here     Flag            No         No         No    Yes   Yes

Total: 9 options
LIST
END
    chmod +x "$tmp/fakeref"
    if ! sh "$root/TOOLS/compat-table.sh" "$tmp/fakeref" "$MPLAYER" > "$tmp/compat.md" \
        2> "$tmp/compat.err"; then
        bad "compat-table: runs" "$(cat "$tmp/compat.err")"
        return
    fi
    check "compat-table: counts" \
        grep -qx '9 options: 3 yes, 2 ignored, 2 obsolete, 2 missing.' "$tmp/compat.md"
    check "compat-table: a Print row refused here is obsolete in both" \
        grep -q '^| `-vop` | obsolete in MPlayer 1.5 too: .*(use -vf instead) |$' "$tmp/compat.md"
    check "compat-table: the literal aa* row" \
        grep -q '^| `-aa\*` | obsolete in MPlayer 1.5 too' "$tmp/compat.md"
    check "compat-table: refused here, accepted there: missing" \
        grep -qx '| `-z` | missing |' "$tmp/compat.md"
    check "compat-table: a wildcard row is its family" \
        grep -qx '| `-vf\*` | yes (-vf, -vf-add, -vf-clr, -vf-del, -vf-pre) |' "$tmp/compat.md"
    check "compat-table: -help is --help" grep -qx '| `--help` | yes |' "$tmp/compat.md"
    check "compat-table: ignored rows say why" \
        grep -q '^| `-capture` | ignored: capturing the stream' "$tmp/compat.md"
    check "compat-table: a row accepted with no effect is not yes" \
        grep -qx '| `-slices` | ignored: accepted, no effect here |' "$tmp/compat.md"
    check "compat-table: unknown is missing" \
        grep -qx '| `-nosuchthing-here` | missing |' "$tmp/compat.md"
}
if [ -x "${MPLAYER:-}" ]; then
    compat_table_tests
else
    skip "compat-table" "no player built (MPLAYER)"
fi

if [ "$skipped" -gt 0 ]; then
    echo "tools: $passed passed, $failed failed, $skipped skipped"
else
    echo "tools: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
