# The plain-file stream's syscall pattern, seen with strace on the real
# binary: read sizes, WILLNEED advice once per byte, drop-behind.
# GPLv2 or later.

# strace_mp FILE ARGS...: play FILE with ARGS, trace its I/O on FILE only.
# LeakSanitizer cannot run under ptrace; leaks are caught by the other tests.
strace_mp() {
    local file=$1
    shift
    command -v strace >/dev/null 2>&1 || { echo "    strace missing" >&2; return 1; }
    ASAN_OPTIONS=detect_leaks=0 strace -f -qq -P "$file" -e trace=read,pread64,preadv2,fadvise64 -o trace.txt \
        "$MPLAYER" -really-quiet -benchmark -vo null -ao null "$@" "$file" </dev/null \
        >/dev/null 2>err.txt
    RC=$?
    grep -qE 'Sanitizer|runtime error' err.txt && fail "sanitizer: $(head -n 20 err.txt)" && return 1
    return 0
}

big_clip() {
    [ -s "$MEDIA/big.mkv" ] ||
        ff -f lavfi -i testsrc2=size=640x360:rate=25 -t 20 -c:v mpeg4 -q:v 2 "$MEDIA/big.mkv"
}

# Read calls as the stream counts them (-stream-stats).
stats_reads() {
    tr '\r' '\n' < "$OUT" | sed -nE 's/^Stream .*: ([0-9]+) reads,.*/\1/p' | tail -n 1
}

test_stream_buffer_64k_reads_16x_fewer() {
    big_clip || return 1
    mp -stream-stats -benchmark -vo null -ao null -stream-buffer-size 4096 "$MEDIA/big.mkv"
    expect_rc 0 || return 1
    local small big
    small=$(stats_reads)
    mp -stream-stats -benchmark -vo null -ao null -stream-buffer-size 65536 "$MEDIA/big.mkv"
    expect_rc 0 || return 1
    big=$(stats_reads)
    # 16x fewer, give or take the few reads libavformat's seeks add.
    [ -n "$small" ] && [ -n "$big" ] && [ "$big" -gt 0 ] && [ $((small / big)) -ge 12 ] ||
        fail "$small reads at 4 KB, $big at 64 KB: not ~16x fewer"
}

test_stream_buffer_size_honoured_exactly() {
    big_clip || return 1
    strace_mp "$MEDIA/big.mkv" -stream-buffer-size 65536 || return 1
    # Every fill asks for exactly 64 KB: preadv2(RWF_NOWAIT) first, and when
    # the page cache had only part of it, one blocking pread64 for the rest
    # (it must continue where the preadv2 stopped and complete the 64 KB).
    awk '
        /preadv2\(/ {
            match($0, /iov_len=[0-9]+/); len = substr($0, RSTART + 8, RLENGTH - 8)
            n = split($0, f, ", "); off = f[n - 1] + 0
            sub(/.*= /, ""); got = $0 + 0
            if (len != 65536) { print "preadv2 of " len; bad = 1 }
            want_off = off + got; want_len = len - got; next
        }
        /pread64\(|[0-9] read\(/ {
            n = split($0, f, ", "); len = f[n - 1] + 0; off = f[n] + 0
            if (len == 65536) next
            if (off != want_off || len != want_len) { print "read " len " at " off; bad = 1 }
        }
        END { exit bad }' trace.txt > bad.txt ||
        fail "reads not of 64 KB: $(head -n 5 bad.txt)"
}

test_readahead_off_gives_no_advice() {
    big_clip || return 1
    strace_mp "$MEDIA/big.mkv" || return 1
    ! grep -q WILLNEED trace.txt || fail "WILLNEED without -readahead-distance"
}

test_readahead_advises_each_byte_once() {
    big_clip || return 1
    strace_mp "$MEDIA/big.mkv" -readahead-distance 4M || return 1
    local size
    size=$(stat -c %s "$MEDIA/big.mkv")
    sed -nE 's/.*fadvise64\([0-9]+, ([0-9]+), ([0-9]+), POSIX_FADV_WILLNEED.*/\1 \2/p' trace.txt |
        sort -n > advice.txt
    [ -s advice.txt ] || fail "no WILLNEED advice with -readahead-distance 4M" || return 1
    # No byte twice: sorted ranges never overlap; together they reach EOF.
    awk -v size="$size" '
        { if ($1 < end) { print "overlap at " $1; bad = 1 } ; end = $1 + $2; n++ }
        END { if (end < size) { print "advice stops at " end " of " size; bad = 1 }
              if (n > 64) { print n " calls for " size " bytes"; bad = 1 }
              exit bad }' advice.txt || fail "advice pattern: $(head -n 8 advice.txt)"
}

test_drop_behind_gives_dontneed() {
    big_clip || return 1
    strace_mp "$MEDIA/big.mkv" -cache-drop-behind || return 1
    grep -q DONTNEED trace.txt || fail "no DONTNEED with -cache-drop-behind"
}

test_stream_stats_summary() {
    big_clip || return 1
    mp -stream-stats -readahead-distance 4M -stream-buffer-size 64k -benchmark -vo null \
        -ao null "$MEDIA/big.mkv"
    expect_rc 0 || return 1
    grep -E 'WILLNEED calls' "$OUT" | grep -qvE ' 0 WILLNEED' ||
        fail "summary lacks advice counts: $(grep -i stream "$OUT")"
}

# An MP4 with its index at the end cannot be read from a FIFO; libavformat
# says so once per sample it tries (1001 "partial file" lines): the same
# message is shown ten times, then counted.
test_stream_fifo_repeated_demuxer_message_limited() {
    mkfifo in.fifo
    cat "$MEDIA/av.mp4" > in.fifo &
    MP_TIMEOUT=30 mp -vo null -ao null in.fifo
    wait
    local n
    n=$(grep -c "partial file" "$OUT" "$ERR" | awk -F: '{s += $2} END {print s}')
    [ "$n" -ge 1 ] && [ "$n" -le 10 ] || fail "$n 'partial file' lines"
}

# A file that grows while it plays (a download in progress): its first
# third is there at the start, the rest comes in ten pieces over 4 s. The
# player reads on as it grows, the same with and without a cache, and
# plays all of it (it ended at the size seen at open: "truncated file",
# exit 2). The writer keeps the file open, as a downloader does: that is
# how the end is told from a pause.
test_stream_growing_file_played_to_its_end() {
    cat > grow.py <<'PY'
import sys, time
# The pace of the download is the point: ten pieces, 0.4 s apart.
src, dst = sys.argv[1], sys.argv[2]
data = open(src, 'rb').read()
n0 = len(data) // 3
with open(dst, 'wb') as f:
    f.write(data[:n0])
    f.flush()
    open(dst + '.started', 'w').close()
    for i in range(10):
        time.sleep(0.4)
        f.write(data[n0 + (len(data) - n0) * i // 10:n0 + (len(data) - n0) * (i + 1) // 10])
        f.flush()
open(dst + '.done', 'w').close()
PY
    local c want got ok=0
    mp -ao pcm:fast:file=full.wav -vo null "$MEDIA/av.mkv"
    want=$(wav_samples full.wav)
    for c in -nocache "-cache 8192 -cache-mode ring"; do
        rm -f g.mkv g.mkv.started
        python3 grow.py "$MEDIA/av.mkv" g.mkv &
        local w=$!
        wait_until -p "$w" "the download's start" test -e g.mkv.started
        # shellcheck disable=SC2086
        mp $c -ao pcm:file=out.wav -vo null g.mkv
        wait $w
        expect_rc 0 || { fail "($c)"; ok=1; break; }
        got=$(wav_samples out.wav)
        [ "$got" -ge $((want - 2000)) ] || { fail "($c) $got samples of $want"; ok=1; break; }
    done
    [ $ok = 0 ] || return 1
    # Playback starts with what is there: 1 s played ends before the
    # download does (the ring's first fill waited for the whole download).
    for c in -nocache "" "-cache 8192" "-cache 8192 -cache-mode ring"; do
        rm -f g.mkv g.mkv.started g.mkv.done
        python3 grow.py "$MEDIA/av.mkv" g.mkv &
        local w=$!
        wait_until -p "$w" "the download's start" test -e g.mkv.started
        # shellcheck disable=SC2086
        mp $c -ao pcm:file=out.wav -vo null -endpos 1 g.mkv
        local early=1
        [ -e g.mkv.done ] && early=0
        wait $w
        expect_rc 0 || { fail "($c, -endpos 1)"; return 1; }
        [ $early = 1 ] || { fail "($c) 1 s played only once the download had ended"; return 1; }
    done
}
