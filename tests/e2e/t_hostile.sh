# Hostile input: broken indexes, FIFOs and devices as files, files that
# change under the player, failing storage, misbehaving HTTP servers, option
# values out of range, a badly muxed file. Each case: a clear message naming
# the file or option, the exit status of DOCS/man/mplayer.1 (EXIT STATUS),
# an end in bounded time (timeouts here guard against hangs, they measure
# nothing), and no sanitizer report or leak in the sanitizer build.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).

# hostile_mp4patch IN OUT MODE: write IN with one part of its MP4 index
# damaged (python3; boxes parsed here, nothing else changes):
#   past-eof     the audio chunk offsets (stco/co64) point past the end
#   other-track  the audio chunk offsets point at the video's chunks
#   huge-size    every video sample size (stsz) is about 2 GB
#   absurd-time  sample durations (stts) of 2^32 - 16 ticks and edit lists
#                starting at a huge negative media time
hostile_mp4patch() {
    python3 - "$@" <<'EOF'
import struct, sys
CONT = {b'moov', b'trak', b'mdia', b'minf', b'stbl', b'edts'}
def walk(d, s, e, out):
    while s + 8 <= e:
        size, typ = struct.unpack('>I4s', d[s:s + 8])
        hdr = 8
        if size == 1:
            size, hdr = struct.unpack('>Q', d[s + 8:s + 16])[0], 16
        elif size == 0:
            size = e - s
        if size < hdr or s + size > e:
            break
        out.append((typ, s, s + hdr, s + size))
        if typ in CONT:
            walk(d, s + hdr, s + size, out)
        s += size
d = bytearray(open(sys.argv[1], 'rb').read())
mode = sys.argv[3]
boxes = []
walk(d, 0, len(d), boxes)
def inside(t, b):
    return t[2] <= b[1] < t[3]
def find(t, typ):
    return [b for b in boxes if b[0] == typ and inside(t, b)]
def kind(t):
    h = find(t, b'hdlr')[0]
    return bytes(d[h[2] + 8:h[2] + 12])
traks = [b for b in boxes if b[0] == b'trak']
vid = [t for t in traks if kind(t) == b'vide'][0]
aud = [t for t in traks if kind(t) == b'soun'][0]
def chunks(t):
    b = (find(t, b'stco') or find(t, b'co64'))[0]
    n = struct.unpack('>I', d[b[2] + 4:b[2] + 8])[0]
    return b, n, 4 if b[0] == b'stco' else 8
if mode in ('past-eof', 'other-track'):
    b, n, w = chunks(aud)
    vb, vn, vw = chunks(vid)
    for i in range(n):
        if mode == 'past-eof':
            v = len(d) * 4 + i * 4096
        else:
            q = vb[2] + 8 + (i % vn) * vw
            v = int.from_bytes(d[q:q + vw], 'big')
        p = b[2] + 8 + i * w
        d[p:p + w] = v.to_bytes(w, 'big')
elif mode == 'huge-size':
    b = find(vid, b'stsz')[0]
    fixed, n = struct.unpack('>II', d[b[2] + 4:b[2] + 12])
    if fixed:
        d[b[2] + 4:b[2] + 8] = struct.pack('>I', 0x7ffffff0)
    for i in range(n):
        d[b[2] + 12 + 4 * i:b[2] + 16 + 4 * i] = struct.pack('>I', 0x7ffffff0 - i)
elif mode == 'absurd-time':
    for t in (vid, aud):
        b = find(t, b'stts')[0]
        n = struct.unpack('>I', d[b[2] + 4:b[2] + 8])[0]
        for i in range(n):
            d[b[2] + 12 + 8 * i:b[2] + 16 + 8 * i] = struct.pack('>I', 0xfffffff0)
        for e in find(t, b'elst'):
            n = struct.unpack('>I', d[e[2] + 4:e[2] + 8])[0]
            for i in range(n):
                if d[e[2]] == 1:
                    p = e[2] + 8 + 20 * i + 8
                    d[p:p + 8] = struct.pack('>q', -(1 << 62))
                else:
                    p = e[2] + 8 + 12 * i + 4
                    d[p:p + 4] = struct.pack('>i', -0x7ffffff0)
else:
    sys.exit('unknown mode ' + mode)
open(sys.argv[2], 'wb').write(d)
EOF
}

hostile_need_python() {
    command -v python3 >/dev/null 2>&1
}

# The damaged MP4s are made from $MEDIA/av.mp4 (mpeg4 + AAC, 4 s).
hostile_mp4() {
    hostile_mp4patch "$MEDIA/av.mp4" "$1.mp4" "$1" || fail "could not patch av.mp4 ($1)"
}

# Samples (per channel) in a WAV the player wrote (44-byte header): data
# size over block align.
hostile_wav_frames() {
    local data align
    data=$(od -An -t u4 -j 40 -N 4 "$1" | tr -d ' ')
    align=$(od -An -t u2 -j 32 -N 2 "$1" | tr -d ' ')
    echo $((data / (align > 0 ? align : 1)))
}

# No sanitizer report in a file of stderr (for runs made outside mp).
hostile_clean() {
    if grep -qE 'Sanitizer|runtime error:' "$1"; then
        fail "sanitizer report: $(sed -n '1,30p' "$1")"
        return 1
    fi
}

test_hostile_mp4_index_past_eof() {
    hostile_need_python || { skip "python3 not installed"; return; }
    hostile_mp4 past-eof || return 1
    mp -v -ao pcm:fast:file=out.wav -vo null past-eof.mp4
    # The video is played to its end, the audio whose bytes are not in the
    # file is skipped, and the damage is reported (truncated: status 2).
    expect_rc 2 || return 1
    expect_err "past-eof.mp4: the index lists packets past the end" || return 1
    expect_err "Error reading 'past-eof.mp4'" || return 1
    expect_out "Video: 100 frames shown"
}

test_hostile_mp4_index_into_other_track() {
    hostile_need_python || { skip "python3 not installed"; return; }
    hostile_mp4 other-track || return 1
    mp -v -ao pcm:fast:file=out.wav -vo null other-track.mp4
    # The audio decoder is fed video bytes: it complains, naming the file,
    # and the video plays on. Every packet the index lists is in the file
    # and is read: a decoding error is skipped, not a failure to read the
    # file, so the status is 0 (as for any undecodable packet).
    expect_rc 0 || return 1
    expect_err "Error decoding audio of 'other-track.mp4'" || return 1
    expect_out "Video: 100 frames shown"
}

test_hostile_mp4_huge_sample_sizes() {
    hostile_need_python || { skip "python3 not installed"; return; }
    hostile_mp4 huge-size || return 1
    mp -ao pcm:fast:file=out.wav -vo null huge-size.mp4
    # libavformat refuses 2 GB samples, so the video track is empty; the
    # audio plays whole and the empty track is named.
    expect_rc 0 || return 1
    expect_err "huge-size.mp4: video track 0 has no packets" || return 1
    local n
    n=$(hostile_wav_frames out.wav)
    [ "$n" -ge $((44100 * 39 / 10)) ] || fail "audio cut short: $n samples"
}

test_hostile_mp4_absurd_timestamps() {
    hostile_need_python || { skip "python3 not installed"; return; }
    hostile_mp4 absurd-time || return 1
    mp -ao pcm:fast:file=out.wav -vo null absurd-time.mp4
    # Every packet falls outside the edit list: nothing is playable.
    expect_rc 2 || return 1
    expect_err "absurd-time.mp4: video track 0 has no packets" || return 1
    expect_err "Error reading 'absurd-time.mp4'"
}

# hostile_patch IN OUT OFFSET HEXBYTE COUNT: IN with COUNT bytes from
# OFFSET set to HEXBYTE.
hostile_patch() {
    cp "$1" "$2" &&
        head -c "$5" /dev/zero | tr '\0' "\\$(printf '%03o' "0x$4")" |
        dd of="$2" bs=1 seek="$3" conv=notrunc status=none
}

# Corrupted headers, the magic bytes kept (the format is still probed):
# the EBML header and segment start of an MKV, its tracks; the AVI main
# and stream headers, its RIFF list; the WAV fmt chunk, its channel count.
# Each: status 2 and one "Cannot play 'FILE': ..." line, nothing played.
test_hostile_corrupt_header() {
    local c f
    for c in "av.mkv hdr1.mkv 8 ff 200" "av.mkv hdr2.mkv 60 00 400" \
        "v.avi hdr1.avi 24 ff 300" "v.avi hdr2.avi 12 00 200" \
        "a.wav hdr1.wav 20 ff 16" "a.wav hdr2.wav 22 00 2"; do
        # shellcheck disable=SC2086
        set -- $c
        f=$2
        hostile_patch "$MEDIA/$1" "$f" "$3" "$4" "$5" || { fail "cannot make $f"; return 1; }
        cmp -s "$f" "$MEDIA/$1" && { fail "$f not damaged"; return 1; }
        mp -ao pcm:fast:file=out.wav -vo null "$f"
        expect_rc 2 || { fail "($f)"; return 1; }
        [ "$(grep -c "^Cannot play '$f': " "$ERR")" = 1 ] ||
            { fail "not one 'Cannot play' line for $f: $(cat "$ERR")"; return 1; }
        [ ! -e out.wav ] || [ "$(wav_samples out.wav)" = 0 ] ||
            { fail "$f: something was played"; return 1; }
    done
}

# Timestamps that start at -1 s (an MKV remuxed with -output_ts_offset -1
# and negative timestamps kept): the whole file plays, every video frame
# and the same audio as the original.
test_hostile_negative_timestamps() {
    ff -i "$MEDIA/av.mkv" -c copy -output_ts_offset -1 -avoid_negative_ts disabled neg.mkv ||
        { fail "cannot make neg.mkv"; return 1; }
    local start
    start=$(ffprobe -v error -show_entries format=start_time -of default=nw=1:nk=1 neg.mkv)
    awk -v s="$start" 'BEGIN { exit !(s < -0.9) }' ||
        { fail "neg.mkv starts at $start, not -1"; return 1; }
    mp -v -ao pcm:fast:file=out.wav -vo null neg.mkv
    expect_rc 0 || return 1
    expect_out "Video: 100 frames shown" || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "the audio of neg.mkv differs from av.mkv's"
}

test_hostile_wrong_extension() {
    # Formats are probed from the bytes; the name is a hint only.
    cp "$MEDIA/a.wav" sound.mkv
    cp "$MEDIA/av.mkv" movie.mp4
    mp -ao pcm:fast:file=out.wav -vo null sound.mkv
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "a WAV named .mkv did not play the same" || return 1
    mp -ao pcm:fast:file=out.wav -vo null movie.mp4
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "an MKV named .mp4 did not play the same" || return 1
    seq 1 5000 > notes.mp4
    mp -ao null -vo null notes.mp4
    expect_rc 2 || return 1
    expect_err "Cannot play 'notes.mp4': not a media file"
}

# hostile_fifo_plays DELAY: a writer starts DELAY s after the player has the
# FIFO and writes av.mkv whole; the player plays exactly its audio.
hostile_fifo_plays() {
    mkfifo in.fifo
    # The delay is the point: a writer that comes late.
    (sleep "$1"; cat "$MEDIA/av.mkv" > in.fifo) &
    local w=$!
    mp -ao pcm:fast:file=out.wav -vo null in.fifo
    wait "$w"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "audio through a FIFO (writer after $1 s) differs from the file"
}

test_hostile_fifo_with_writer() {
    hostile_fifo_plays 0
}

# A writer opens the FIFO and sends nothing: the player waits (as MPlayer
# does) but must still quit at once on SIGTERM, with MPlayer's status 1.
test_hostile_fifo_silent_writer_sigterm() {
    mkfifo in.fifo
    # A writer that holds the FIFO open and sends nothing (killed below).
    sleep 60 > in.fifo &
    local w=$!
    timeout -k 5 --preserve-status -s TERM 2 "$MPLAYER" -ao null -vo null in.fifo \
        >out.txt 2>err.txt </dev/null
    local rc=$?
    kill "$w" 2>/dev/null
    wait "$w" 2>/dev/null
    hostile_clean err.txt || return 1
    [ "$rc" = 1 ] || fail "exit status $rc after SIGTERM (137: did not react)" || return 1
    grep -q "interrupted by signal" out.txt || fail "no quit message: $(cat out.txt)"
}

# The same, quit by the slave command while probing waits for the first
# bytes (the stream's abort callback looks at the input too), with its
# exit code.
test_hostile_fifo_silent_writer_quit_cmd() {
    mkfifo in.fifo
    # A writer that holds the FIFO open and sends nothing (killed below).
    sleep 60 > in.fifo &
    local w=$!
    slave_run -t 20 "?grep -q '^Playing in.fifo' \"\$OUT\"" "quit 3" -- -ao null -vo null in.fifo
    kill "$w" 2>/dev/null
    wait "$w" 2>/dev/null
    hostile_clean "$ERR" || return 1
    [ "$RC" = 3 ] || fail "exit status $RC after 'quit 3' (124: hung)"
}

# A FIFO nobody has opened for writing: open(2) must not block where
# SIGTERM cannot reach (the stream opens it non-blocking, then polls).
test_hostile_fifo_no_writer_sigterm() {
    mkfifo in.fifo
    timeout -k 5 --preserve-status -s TERM 2 "$MPLAYER" -ao null -vo null in.fifo \
        >out.txt 2>err.txt </dev/null
    local rc=$?
    hostile_clean err.txt || return 1
    [ "$rc" = 1 ] || fail "exit status $rc after SIGTERM (137: blocked in open)"
}

# The writer comes a second after the player opened the FIFO: it waits for
# it (as MPlayer does) and plays everything.
test_hostile_fifo_late_writer() {
    hostile_fifo_plays 1
}

# hostile_list_run OPT SOURCE...: the player with OPT (-playlist or
# -include) on each SOURCE (a path; "pipe-long": a pipe with one endless
# line; "pipe-lines": endless short lines), a.wav to play: status 1 within
# 2 s, the source named, peak RSS under 150 MB (reading on would be GBs in
# seconds).
hostile_list_run() {
    local opt=$1 src path t0 t1 rss
    shift
    for src in "$@"; do
        case $src in
        pipe-long) exec 7< <(tr '\0' 'a' </dev/zero) ;;
        pipe-lines) exec 7< <(yes "$MEDIA/a.wav") ;;
        *) exec 7</dev/null ;;
        esac
        path=$src
        case $src in pipe-*) path=/dev/fd/7 ;; esac
        t0=$(date +%s%N)
        /usr/bin/time -f '%M' -o rss.txt timeout -k 1 5 "$MPLAYER" "$opt" "$path" \
            -ao null -vo null "$MEDIA/a.wav" >out.txt 2>err.txt </dev/null
        RC=$?
        t1=$(date +%s%N)
        exec 7<&-
        hostile_clean err.txt || return 1
        rss=$(tail -n 1 rss.txt)
        [ "$RC" = 1 ] ||
            { fail "$opt $src: exit status $RC, expected 1: $(head -c 400 err.txt)"; return 1; }
        grep -qF "$path" err.txt ||
            { fail "$opt $src: no message naming $path: $(head -c 400 err.txt)"; return 1; }
        [ $(((t1 - t0) / 1000000)) -lt 2000 ] ||
            { fail "$opt $src: took $(((t1 - t0) / 1000000)) ms"; return 1; }
        [ "$rss" -lt 153600 ] || { fail "$opt $src: peak RSS $rss KB"; return 1; }
    done
}

# /dev/zero (NUL bytes, no newline), a pipe with a line that never ends and
# one with lines that never end, as a playlist: bounded, status 1.
test_hostile_playlist_endless() {
    hostile_list_run -playlist /dev/zero pipe-long pipe-lines
}

test_hostile_include_endless() {
    hostile_list_run -include /dev/zero pipe-long pipe-lines
}

# hostile_list_fifo_sigterm OPT: OPT (-playlist, -include) names a FIFO
# nobody writes to: opening and reading it wait, but SIGTERM after 1 s ends
# the run within 2 s with the signal status 1 and the quit message.
hostile_list_fifo_sigterm() {
    local opt=$1 t0 t1
    mkfifo list.fifo
    t0=$(date +%s%N)
    timeout -k 2 --preserve-status -s TERM 1 "$MPLAYER" "$opt" list.fifo -ao null -vo null \
        "$MEDIA/a.wav" >out.txt 2>err.txt </dev/null
    local rc=$?
    t1=$(date +%s%N)
    hostile_clean err.txt || return 1
    [ "$rc" = 1 ] || { fail "$opt FIFO: exit status $rc after SIGTERM (137: blocked)"; return 1; }
    [ $(((t1 - t0) / 1000000)) -lt 3000 ] ||
        { fail "$opt FIFO: SIGTERM took $(((t1 - t0) / 1000000 - 1000)) ms"; return 1; }
    grep -q "interrupted by signal 15" out.txt ||
        { fail "$opt FIFO: no quit message: $(cat out.txt err.txt)"; return 1; }
}

test_hostile_playlist_fifo_sigterm() {
    hostile_list_fifo_sigterm -playlist
}

test_hostile_include_fifo_sigterm() {
    hostile_list_fifo_sigterm -include
}

# A playlist FIFO whose writer comes late: read whole once the writer has
# closed, and played.
test_hostile_playlist_fifo_late_writer() {
    mkfifo list.fifo
    # The delay is the point: the player waits for a writer that comes late.
    (sleep 0.5; echo "$MEDIA/a.wav" > list.fifo) &
    mp -playlist list.fifo -ao pcm:fast:file=out.wav -vo null
    wait
    expect_rc 0 || return 1
    [ "$(wav_samples out.wav)" = 88200 ] || fail "the listed a.wav was not played whole"
}

test_hostile_dev_zero() {
    # Probing gives up after libavformat's probe size; with -cache the
    # ring's fill thread stops when the ring is full.
    local c
    for c in "" "-cache 8192"; do
        # shellcheck disable=SC2086
        MP_TIMEOUT=60 mp $c -ao null -vo null /dev/zero
        expect_rc 2 || { fail "($c)"; return 1; }
        expect_err "Cannot play '/dev/zero': not a media file" || { fail "($c)"; return 1; }
    done
}

test_hostile_dev_urandom() {
    # Random bytes may look like a frame or two of some format; whatever is
    # probed, the run ends with status 2 and the name, and never reads on
    # forever (MP_TIMEOUT is the hang guard).
    local i
    for i in 1 2 3; do
        MP_TIMEOUT=60 mp -ao null -vo null /dev/urandom
        expect_rc 2 || return 1
        expect_err "/dev/urandom" || return 1
    done
}

test_hostile_noise_guessed_as_h263() {
    hostile_need_python || { skip "python3 not installed"; return; }
    # This 1 MB of seeded noise is what libavformat, after its whole probe
    # buffer, can only guess to be raw H.263 (score 25, "misdetection
    # possible"); from /dev/urandom such a guess decoded noise until the
    # timeout. A guess is not a format: status 2 at once, as in MPlayer 1.5.
    python3 -c 'import random, sys
sys.stdout.buffer.write(random.Random(234).randbytes(1 << 20))' >noise.bin
    mp -v -ao null -vo null noise.bin
    expect_rc 2 || return 1
    expect_err "Cannot play 'noise.bin': not a media file" || return 1
    expect_out "probed format 'h263', score 25" || return 1
    # Asked for by name, the guess is what the user wants.
    mp -ao null -vo null -demuxer h263 noise.bin
    expect_rc 0
}

# Start the player in the background on FILE (real time), wait until it
# plays, then run the command given; sets RC, ERR, OUT as mp does.
hostile_while_playing() {
    local file=$1
    shift
    OUT=$T/last.out
    ERR=$T/last.err
    # Emptied here: the player's own redirection may come after the first
    # look, which would find the last run's lines.
    : >"$OUT"
    timeout -k 5 60 "$MPLAYER" -ao pcm:file=out.wav -vo null "$file" >"$OUT" 2>"$ERR" \
        </dev/null &
    local player=$!
    # Playing: the first status line, audio written.
    wait_until -p "$player" "the first status line" has_lines 1 "$OUT" '^A: *[0-9]' ||
        { kill "$player"; wait "$player"; RC=1; return; }
    "$@"
    wait "$player"
    RC=$?
    hostile_clean "$ERR" || RC=99
}

test_hostile_truncated_while_playing() {
    # 20 s: the demuxer's thread reads 2 s ahead, so on a busy machine a
    # 4 s file could be read whole before the truncation came.
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine -t 20 -c:v mpeg4 -q:v 8 \
        -c:a pcm_s16le cut.mkv || return 1
    hostile_while_playing cut.mkv truncate -s 200000 cut.mkv
    # A file that shrinks under the player is data missing at the end: a
    # truncated file (status 2, the one rule for endings), the reason named
    # once, not a quiet early end.
    expect_rc 2 || return 1
    expect_err "cut.mkv: the file shrank from" || return 1
    [ "$(grep -c 'shrank' "$ERR")" = 1 ] || fail "shrink reported more than once" || return 1
    expect_err "Error reading 'cut.mkv': truncated file."
}

test_hostile_replaced_while_playing() {
    cp "$MEDIA/av.mkv" swap.mkv
    cp "$MEDIA/a.wav" other.wav
    hostile_while_playing swap.mkv mv other.wav swap.mkv
    # The open file stays what it was: played whole, same samples.
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "a file renamed over mid-play changed what was played"
}

# Mount $MEDIA through the slow-storage model at ./mnt (fast profile), or
# return 1 with a note when FUSE cannot mount here.
# hostile_slowfs_mount [SLOWFS OPTION...]: MEDIA at ./mnt, profile fast.
hostile_slowfs_mount() {
    local root sfs
    root=$(cd "$(dirname "$MPLAYER")" && git rev-parse --show-toplevel 2>/dev/null) ||
        root=$(cd "$(dirname "$MPLAYER")/.." && pwd)
    HOSTILE_SLOWFS_SH=$root/TOOLS/slowfs.sh
    sfs=${BUILD:+$BUILD/TOOLS/slowfs}
    [ -n "$sfs" ] && [ -x "$sfs" ] && export SLOWFS=$sfs
    [ -x "${BUILD:-}/TOOLS/pagecache" ] && export PAGECACHE=$BUILD/TOOLS/pagecache
    mkdir -p mnt
    if ! sh "$HOSTILE_SLOWFS_SH" mount --profile=fast "$@" "$MEDIA" "$PWD/mnt" 2>mount.err; then
        HOSTILE_SLOWFS_WHY="FUSE cannot mount here: $(head -c 200 mount.err)"
        return 1
    fi
    trap 'sh "$HOSTILE_SLOWFS_SH" umount "$PWD/mnt" >/dev/null 2>&1' EXIT
}

hostile_slowfs_umount() {
    sh "$HOSTILE_SLOWFS_SH" umount "$PWD/mnt" >/dev/null 2>&1
    trap - EXIT
}

test_hostile_storage_eio_mid_play() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local size c ok=0
    size=$(stat -c %s "$MEDIA/av.mkv")
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" eio av.mkv $((size / 2))-$((size / 2 + 65536))
    for c in "" "-cache 1024" "-cache 1024 -cache-mode ring"; do
        sh "$HOSTILE_SLOWFS_SH" cold mnt/av.mkv >/dev/null 2>&1
        # shellcheck disable=SC2086
        mp $c -ao pcm:fast:file=out.wav -vo null mnt/av.mkv
        expect_rc 2 || { fail "($c)"; ok=1; break; }
        expect_err "Error reading 'mnt/av.mkv': read error" || { fail "($c)"; ok=1; break; }
    done
    hostile_slowfs_umount
    return $ok
}

test_hostile_ring_quit_during_stalled_fill() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local size start end rc ok=0
    size=$(stat -c %s "$MEDIA/av.mkv")
    # The ring's fill thread reaches the middle of the file at once and
    # sits in a read the device holds for 8 s; a quit sent meanwhile ends
    # the player at once (it waited for the read: 6-8 s), status 0.
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" stall av.mkv $((size / 2)) 8000
    sh "$HOSTILE_SLOWFS_SH" cold mnt/av.mkv >/dev/null 2>&1
    mkfifo cmd.fifo
    # LeakSanitizer stops every thread at exit with ptrace, which waits for
    # the read the device holds: leaks are the other tests' to find here.
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
        timeout -k 5 60 "$MPLAYER" -slave -cache 8192 -cache-mode ring -ao null -vo null \
        mnt/av.mkv <cmd.fifo >out.txt 2>err.txt &
    local player=$!
    exec 7>cmd.fifo
    # A fixed time, as there is nothing to wait on: slowfs counts a stall
    # only once it ends. The fill is there in well under 1.5 s; the held
    # read lasts 8.
    sleep 1.5
    start=$(date +%s%N)
    echo quit >&7
    wait "$player"
    rc=$?
    end=$(date +%s%N)
    exec 7>&-
    hostile_clean err.txt || ok=1
    [ "$rc" = 0 ] || { fail "exit status $rc after quit"; ok=1; }
    [ $(((end - start) / 1000000)) -lt 2000 ] ||
        { fail "quit took $(((end - start) / 1000000)) ms during a stalled fill"; ok=1; }
    [ "$(sh "$HOSTILE_SLOWFS_SH" get "$PWD/mnt" stalls)" -ge 1 ] ||
        { fail "the stall was not hit"; ok=1; }
    hostile_slowfs_umount
    return $ok
}

# quit_during_stall DIV "OPTS" "HOW": the device holds the read at 1/DIV of
# the file for 8 s; 1.5 s after the start (the reader is in that read) a
# slave quit (HOW = quit), SIGTERM (HOW = term), or a seek and then a quit
# (HOW = seekquit: the seek waits for the reader to leave its read) is
# sent; checks the exit status (0, or 1 after SIGTERM) and that the stall
# was hit, and sets quit_ms: from the quit to the exit.
quit_during_stall() {
    local div=$1 opts=$2 how=$3 size start end rc player
    size=$(stat -c %s "$MEDIA/av.mkv")
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" clear
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" stall av.mkv $((size / div)) 8000
    sh "$HOSTILE_SLOWFS_SH" cold mnt/av.mkv >/dev/null 2>&1
    rm -f cmd.fifo
    mkfifo cmd.fifo
    # LeakSanitizer stops every thread at exit with ptrace, which waits for
    # the read the device holds: leaks are the other tests' to find here.
    # shellcheck disable=SC2086
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
        timeout -k 5 60 "$MPLAYER" -slave $opts -ao null -vo null \
        mnt/av.mkv <cmd.fifo >out.txt 2>err.txt &
    player=$!
    exec 7>cmd.fifo
    # A fixed time, as there is nothing to wait on: slowfs counts a stall
    # only once it ends. The reader is there in well under 1.5 s; the held
    # read lasts 8.
    sleep 1.5
    if [ "$how" = seekquit ]; then
        echo "seek 1 2" >&7
        # The quit must find the seek already waiting for the reader: no
        # answer or message says when it is.
        sleep 0.3
    fi
    start=$(date +%s%N)
    if [ "$how" = term ]; then kill -TERM "$player"; else echo quit >&7; fi
    wait "$player"
    rc=$?
    end=$(date +%s%N)
    exec 7>&-
    quit_ms=$(((end - start) / 1000000))
    hostile_clean err.txt || return 1
    if [ "$how" != term ] && [ "$rc" != 0 ]; then
        fail "($opts) exit status $rc after quit"
        return 1
    fi
    if [ "$how" = term ] && [ "$rc" != 1 ]; then
        fail "($opts) exit status $rc after SIGTERM"
        return 1
    fi
    [ "$(sh "$HOSTILE_SLOWFS_SH" get "$PWD/mnt" stalls)" -ge 1 ] ||
        { fail "($opts) the stall was not hit"; return 1; }
    return 0
}

test_hostile_quit_during_stalled_read_every_mode() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local c how ok=0 limit=500
    # A sanitizer's own work at exit (ThreadSanitizer: about a second) is
    # not the player's; the read held for 8 s is what must not be waited.
    [ -n "${SANITIZE:-}" ] && limit=2000
    # The demuxer's reader thread (every mode by default), the readahead
    # thread of plans, the ring's fill thread: each may be the one held in
    # the read; closing leaves it behind instead of waiting 6 s for it.
    for c in "" "-cache 8192" "-nocache" "-cache 8192 -cache-mode ring" \
        "-nodemuxer-thread"; do
        for how in quit term seekquit; do
            # -benchmark takes the reader to the middle at once.
            quit_during_stall 2 "-benchmark $c" "$how" || { ok=1; continue; }
            [ "$quit_ms" -le "$limit" ] ||
                { fail "($c) $how took $quit_ms ms during a stalled read"; ok=1; }
        done
    done
    hostile_slowfs_umount
    return $ok
}

# Playing in real time, the reader held 8 s in a read 2 s into the file
# while the player still plays what it queued: a seek then waits for the
# reader to leave its read (it must not touch the demuxer meanwhile), and a
# quit sent during that wait ends the player within 0.5 s (it waited for
# the read: 7 s).
# The play thread's own reads (the demuxer's open and probe, and every read
# with -nodemuxer-thread) go through a helper it can walk away from, and the
# -autosub directory scan (on a mount whose server holds a read, opendir
# waits too) runs on a worker: a quit during the open is not held either.
test_hostile_quit_during_stalled_open() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local c how div ok=0 limit=500
    [ -n "${SANITIZE:-}" ] && limit=2000
    # 1/1000 of the file: inside the MKV header; 1/60: the first clusters,
    # read while the player sets up its outputs and scans for subtitles.
    for div in 1000 60; do
        for c in "" "-nodemuxer-thread" "-cache 8192 -cache-mode ring"; do
            for how in quit term; do
                quit_during_stall "$div" "$c" "$how" || { ok=1; continue; }
                [ "$quit_ms" -le "$limit" ] ||
                    { fail "($c) $how took $quit_ms ms, stall at 1/$div"; ok=1; }
            done
        done
    done
    hostile_slowfs_umount
    return $ok
}

test_hostile_quit_during_seek_to_stalled_reader() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local limit=500 ok=0
    [ -n "${SANITIZE:-}" ] && limit=2000
    if quit_during_stall 10 "" seekquit; then
        [ "$quit_ms" -le "$limit" ] || { fail "quit took $quit_ms ms during a seek"; ok=1; }
    else
        ok=1
    fi
    hostile_slowfs_umount
    return $ok
}

test_hostile_storage_stall_mid_play() {
    hostile_slowfs_mount || { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local size ok=0
    size=$(stat -c %s "$MEDIA/av.mkv")
    # A 1.5 s stall half way: the file still plays whole.
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" stall av.mkv $((size / 2)) 1500
    sh "$HOSTILE_SLOWFS_SH" cold mnt/av.mkv >/dev/null 2>&1
    mp -ao pcm:fast:file=out.wav -vo null mnt/av.mkv
    if expect_rc 0; then
        raw_s16 "$MEDIA/av.mkv" > ref.raw
        raw_s16 out.wav > got.raw
        cmp -s ref.raw got.raw || { fail "audio differs after a stall"; ok=1; }
        [ "$(sh "$HOSTILE_SLOWFS_SH" get "$PWD/mnt" stalls)" -ge 1 ] ||
            { fail "the stall was not hit"; ok=1; }
    else
        ok=1
    fi
    # SIGTERM while a read is stalled for 4 s: the player quits once the
    # read returns, with status 1 (a signal), well before the hang guard.
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" clear
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" stall av.mkv $((size / 2)) 4000
    sh "$HOSTILE_SLOWFS_SH" cold mnt/av.mkv >/dev/null 2>&1
    if [ $ok = 0 ]; then
        timeout -k 5 --preserve-status -s TERM 2 "$MPLAYER" -ao pcm:fast:file=out.wav \
            -vo null mnt/av.mkv >out.txt 2>err.txt </dev/null
        local rc=$?
        hostile_clean err.txt || ok=1
        [ "$rc" = 1 ] || { fail "exit status $rc after SIGTERM during a stall"; ok=1; }
    fi
    hostile_slowfs_umount
    return $ok
}

# A one-connection-at-a-time HTTP server that misbehaves (python3):
#   garbage          a 200 with random bytes as the body
#   garbage-header   random bytes instead of an HTTP response
#   garbage-mid      the file's first third, then random bytes
#   dies             the file's first third, then the connection closes
#   silent           accepts, reads the request, never answers
#   wrong-range      honest headers for a Range request (206, Content-Range,
#                    Content-Length), but the body from offset 0
#   close-delimited  HTTP/1.1 200, no Content-Length: the close ends the body
#   bad-length       200 with "Content-Length: abc", then the whole file
# Every accepted connection is logged (monotonic time, Range start) in
# ./conns. Sets HOSTILE_HTTP_PID and HOSTILE_URL (for FILE under $MEDIA).
hostile_http_start() {
    local mode=$1 file=$2 i
    cat > badhttp.py <<'EOF'
import os, random, re, socket, sys, time
mode, path, portfile = sys.argv[1], sys.argv[2], sys.argv[3]
log = open('conns', 'a', buffering=1)
data = open(path, 'rb').read()
# The same noise on every run and connection: fresh random bytes probe now
# and then as a raw h263 stream, another test than the one meant here.
noise = random.Random(1).randbytes(max(len(data), 200000))
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(('127.0.0.1', 0))
srv.listen(8)
open(portfile + '.tmp', 'w').write(str(srv.getsockname()[1]))
os.rename(portfile + '.tmp', portfile)
held = []
while True:
    c, _ = srv.accept()
    try:
        req = c.recv(65536)
        rng = re.search(rb'\r\nRange: *bytes=(\d+)-', req, re.I)
        start = int(rng.group(1)) if rng else 0
        log.write('%.3f %d\n' % (time.monotonic(), start))
        if mode == 'wrong-range' and start < len(data):
            n = len(data) - start
            c.sendall(b'HTTP/1.1 206 Partial Content\r\nContent-Type: application/octet-stream'
                      b'\r\nContent-Range: bytes %d-%d/%d\r\nContent-Length: %d\r\n'
                      b'Connection: close\r\n\r\n' % (start, len(data) - 1, len(data), n))
            c.sendall(data[:n])
            c.close()
            continue
        if mode == 'close-delimited':
            c.sendall(b'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n'
                      b'Connection: close\r\n\r\n' + data)
            c.close()
            continue
        if mode == 'bad-length':
            c.sendall(b'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n'
                      b'Content-Length: abc\r\nConnection: close\r\n\r\n' + data)
            c.close()
            continue
        if mode == 'silent':
            held.append(c)
            continue
        if mode == 'garbage-header':
            c.sendall(noise[:200000])
            c.close()
            continue
        c.sendall(b'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n'
                  b'Content-Length: %d\r\nConnection: close\r\n\r\n' % len(data))
        third = len(data) // 3
        if mode == 'garbage':
            c.sendall(noise[:len(data)])
        elif mode == 'garbage-mid':
            c.sendall(data[:third] + noise[third:len(data)])
        elif mode == 'dies':
            c.sendall(data[:third])
        c.close()
    except OSError:
        pass
EOF
    rm -f port conns
    python3 badhttp.py "$mode" "$MEDIA/$file" port 2>server.err &
    HOSTILE_HTTP_PID=$!
    trap 'kill $HOSTILE_HTTP_PID 2>/dev/null' EXIT
    i=0
    while [ ! -s port ] && [ $i -lt 200 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    [ -s port ] || { fail "test server did not start: $(cat server.err)"; return 1; }
    HOSTILE_URL=http://127.0.0.1:$(cat port)/$file
}

hostile_http_stop() {
    kill "$HOSTILE_HTTP_PID" 2>/dev/null
    wait "$HOSTILE_HTTP_PID" 2>/dev/null
    trap - EXIT
}

test_hostile_http_misbehaving_servers() {
    hostile_need_python || { skip "python3 not installed"; return; }
    local mode c ok=0
    for mode in garbage garbage-header garbage-mid dies; do
        hostile_http_start $mode av.mkv || return 1
        for c in "" "-cache 1024"; do
            # shellcheck disable=SC2086
            MP_TIMEOUT=60 mp $c -ao pcm:fast:file=out.wav -vo null "$HOSTILE_URL"
            case $mode in
            garbage | garbage-header | dies)
                expect_rc 2 || ok=1
                expect_err "'$HOSTILE_URL'" || ok=1
                ;;
            garbage-mid)
                # Matroska resyncs through the noise to the end: the first
                # third is played, the status is 0 (the noise is read
                # without a read error) and one line names the URL.
                expect_rc 0 || ok=1
                grep -q "$HOSTILE_URL: damaged data was skipped" "$ERR" ||
                    { fail "no line names the URL: $(head -c 600 "$ERR")"; ok=1; }
                [ "$(wav_samples out.wav)" -gt 40000 ] ||
                    { fail "the first third was not played"; ok=1; }
                ;;
            esac
            [ $ok = 0 ] || { fail "server '$mode', options '$c'"; break; }
        done
        hostile_http_stop
        [ $ok = 0 ] || return 1
    done
}

test_hostile_http_silent_server_sigterm() {
    hostile_need_python || { skip "python3 not installed"; return; }
    local c rc ok=0
    hostile_http_start silent av.mkv || return 1
    for c in "" "-cache 1024"; do
        # shellcheck disable=SC2086
        timeout -k 5 --preserve-status -s TERM 2 "$MPLAYER" $c -ao null -vo null \
            "$HOSTILE_URL" >out.txt 2>err.txt </dev/null
        rc=$?
        hostile_clean err.txt || { ok=1; break; }
        [ "$rc" = 1 ] || { fail "exit status $rc after SIGTERM ($c)"; ok=1; break; }
        grep -q "interrupted by signal" out.txt || { fail "no quit message ($c)"; ok=1; break; }
    done
    hostile_http_stop
    return $ok
}

# The most connections the server's log ./conns shows in any second.
hostile_http_peak_rate() {
    awk '{ t[NR] = $1 } END {
        best = 0
        for (i = 1; i <= NR; i++) {
            n = 0
            for (j = i; j <= NR && t[j] - t[i] < 1.0; j++)
                n++
            if (n > best)
                best = n
        }
        print best
    }' conns
}

# A server answering range requests with honest headers and the bytes from
# offset 0 (issue 20, item 4): before, 100-3000 requests a second until
# killed. Found on the first answer, said once naming the URL, the file
# plays whole (the same samples), and no second has more than 10 requests.
test_hostile_http_wrong_range() {
    hostile_need_python || { skip "python3 not installed"; return; }
    local f c n want peak ok=0
    for f in av.mkv av.mp4; do
        hostile_http_start wrong-range $f || return 1
        for c in "" "-cache 8192" "-cache 64"; do
            : >conns
            rm -f out.wav
            # shellcheck disable=SC2086
            MP_TIMEOUT=60 mp $c -ao pcm:fast:file=out.wav -vo null "$HOSTILE_URL"
            expect_rc 0 || { ok=1; break; }
            n=$(grep -c "^$HOSTILE_URL: the server answers a request at an offset with other" \
                "$ERR")
            # Once a request at an offset was made (the ring of 8 MB
            # may read the whole file in one), once; never more.
            want=0
            awk '$2 > 0 { found = 1 } END { exit !found }' conns && want=1
            [ "$n" = $want ] ||
                { fail "$n lines name the URL, not $want ($c): $(head -c 600 "$ERR")"; ok=1; }
            http_same_audio $f "$c" || ok=1
            peak=$(hostile_http_peak_rate)
            [ "$peak" -le 10 ] || { fail "$peak requests in one second ($c)"; ok=1; }
            # Seeks back between clusters are served from the bytes kept
            # behind the connection: a handful of requests, not one per seek.
            [ "$(wc -l <conns)" -le 8 ] || { fail "$(wc -l <conns) requests ($c)"; ok=1; }
            [ $ok = 0 ] || { fail "file $f, options '$c'"; break; }
        done
        hostile_http_stop
        [ $ok = 0 ] || return 1
    done
}

# Issue 20, item 5 (a, b): a body delimited by the connection's close (no
# Content-Length, as HTTP/1.1 allows) and a Content-Length that is not a
# number ("abc", taken as absent) play the whole file, the same samples,
# and end cleanly: exit 0, no error line (before: "Stream ends
# prematurely ... should be 18446744073709551615", exit 2; and nothing
# played, exit 2).
test_hostile_http_body_to_close() {
    hostile_need_python || { skip "python3 not installed"; return; }
    local mode c ok=0
    for mode in close-delimited bad-length; do
        hostile_http_start $mode av.mkv || return 1
        for c in "" "-cache 8192"; do
            rm -f out.wav
            # shellcheck disable=SC2086
            MP_TIMEOUT=60 mp $c -ao pcm:fast:file=out.wav -vo null "$HOSTILE_URL"
            expect_rc 0 || ok=1
            http_same_audio av.mkv "$mode $c" || ok=1
            ! grep -qiE "error|prematurely" "$ERR" ||
                { fail "an error line: $(head -c 600 "$ERR")"; ok=1; }
            [ $ok = 0 ] || { fail "server '$mode', options '$c'"; break; }
        done
        hostile_http_stop
        [ $ok = 0 ] || return 1
    done
}

# hostile_cut_run NAME FILE [PIPE]: play FILE (through a pipe when PIPE is
# given, named "-" then) into NAME.wav; sets RC and ERR as mp does.
hostile_cut_run() {
    OUT=$T/last.out
    ERR=$T/last.err
    if [ -n "${3:-}" ]; then
        cat "$2" | timeout -k 5 30 "$MPLAYER" -ao "pcm:fast:file=$1.wav" -vo null - \
            >"$OUT" 2>"$ERR"
    else
        timeout -k 5 30 "$MPLAYER" -ao "pcm:fast:file=$1.wav" -vo null "$2" >"$OUT" 2>"$ERR" \
            </dev/null
    fi
    RC=$?
    hostile_clean "$ERR" || RC=99
}

# hostile_expect_cut NAME: the last run ended as the one rule for missing
# data says: status 2, exactly one "Error reading 'NAME': truncated file."
# and no other error line.
hostile_expect_cut() {
    expect_rc 2 || return 1
    [ "$(grep -cF "Error reading '$1': truncated file." "$ERR")" = 1 ] ||
        { fail "no single truncation line for $1: $(head -c 600 "$ERR")"; return 1; }
    [ "$(grep -ciE "error|invalid|corrupt|damaged" "$ERR")" = 1 ] ||
        { fail "other error lines for $1: $(head -c 600 "$ERR")"; return 1; }
}

# Issue 20, item 5 (c, d): data missing at the end gives the same message,
# status and samples in every path: an MKV cut at a third by name, through
# a pipe (before: exit 0, no message) and over HTTP (the server closes
# after a third of its Content-Length; before: "read error"); a WAV cut
# inside a sample frame (odd length, s16 mono; before: exit 0 and a
# decoder error) as one cut on the frame boundary before it, by name and
# through a pipe.
test_hostile_truncated_every_path() {
    local size ok=0
    size=$(stat -c %s "$MEDIA/av.mkv")
    head -c $((size / 3)) "$MEDIA/av.mkv" > third.mkv
    hostile_cut_run name third.mkv && hostile_expect_cut third.mkv || return 1
    hostile_cut_run pipe third.mkv pipe && hostile_expect_cut - || return 1
    cmp -s name.wav pipe.wav || { fail "the cut MKV played differently by pipe"; return 1; }
    if hostile_need_python; then
        hostile_http_start dies av.mkv || return 1
        for c in "" "-cache 1024" "-cache 64"; do
            rm -f http.wav
            # shellcheck disable=SC2086
            MP_TIMEOUT=60 mp $c -ao pcm:fast:file=http.wav -vo null "$HOSTILE_URL"
            hostile_expect_cut "$HOSTILE_URL" || { ok=1; break; }
            cmp -s name.wav http.wav ||
                { fail "the cut MKV played differently over HTTP ($c)"; ok=1; break; }
        done
        hostile_http_stop
        [ $ok = 0 ] || return 1
    fi
    ff -f lavfi -i sine=frequency=440:sample_rate=44100 -t 2 -c:a pcm_s16le -ac 1 m.wav ||
        { fail "cannot make the WAV"; return 1; }
    head -c 100000 m.wav > even.wav
    head -c 100001 m.wav > odd.wav
    hostile_cut_run played-even even.wav && hostile_expect_cut even.wav || return 1
    hostile_cut_run played-odd odd.wav && hostile_expect_cut odd.wav || return 1
    hostile_cut_run played-oddpipe odd.wav pipe && hostile_expect_cut - || return 1
    cmp -s played-even.wav played-odd.wav && cmp -s played-even.wav played-oddpipe.wav ||
        fail "a WAV cut inside a sample frame played differently from one cut before it"
}

# hostile_quit_during_open FILE HOW: start the player on FILE, wait until it
# has begun opening it (and not yet played), then quit it by HOW (TERM: the
# signal; cmd: the slave command "quit 3"). Sets RC and QUIT_MS (ms from
# the quit to the exit).
hostile_quit_during_open() {
    local file=$1 how=$2 player t0 t1
    rm -f cmd.fifo
    mkfifo cmd.fifo
    timeout -k 5 120 "$MPLAYER" -slave -ao null -vo null "$file" <cmd.fifo >out.txt \
        2>err.txt &
    player=$!
    exec 3>cmd.fifo
    wait_until -p "$player" -e "'Playing $file'" grep -q "^Playing $file" out.txt
    if grep -q "Starting playback" out.txt; then
        exec 3>&-
        wait "$player"
        fail "the open was over before the quit could be sent"
        return 1
    fi
    t0=$(date +%s%N)
    if [ "$how" = TERM ]; then
        kill -TERM "$player"
    else
        echo "quit 3" >&3
    fi
    while kill -0 "$player" 2>/dev/null; do
        sleep 0.02
    done
    t1=$(date +%s%N)
    wait "$player"
    RC=$?
    exec 3>&-
    QUIT_MS=$(((t1 - t0) / 1000000))
    hostile_clean err.txt || RC=99
}

# Issue 20, item 3: a 20 s WAV followed by zeros (a preallocated or sparse
# download). Its RIFF size declares the 20 s: the demuxer is shown those
# bytes only and the 20 s play at once, the same samples (before: minutes
# in libavformat's chunk walk through the zeros, 4 KB read per 8-byte
# step). A RIFF size that declares nothing (0xffffffff, as streaming
# writers leave it) and 2 GB of zeros: the walk goes through them, read
# buffered, and a quit (SIGTERM, or the slave command) during it ends the
# player within a second (asked every 50 ms; before: not until the walk
# ended, minutes).
test_hostile_wav_zero_tail() {
    local t0 t1 ms
    ff -f lavfi -i sine=frequency=440:sample_rate=8000 -t 20 -c:a pcm_s16le -ac 1 w20.wav ||
        { fail "cannot make the WAV"; return 1; }
    # Zeros written (not a hole: holes are test_hostile_sparse_download's).
    cp w20.wav zeros.wav
    head -c 200M /dev/zero >> zeros.wav || { fail "cannot write the zeros"; return 1; }
    t0=$(date +%s%N)
    MP_TIMEOUT=60 mp -ao pcm:fast:file=out.wav -vo null zeros.wav
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    expect_rc 0 || return 1
    raw_s16 w20.wav > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || { fail "the 20 s before the zeros did not play whole"; return 1; }
    [ "$ms" -lt 10000 ] || { fail "20 s of WAV and 200 MB of zeros took $ms ms"; return 1; }
    echo "    20 s WAV + 200 MB of zeros: $ms ms" >&2
    cp w20.wav nosize.wav
    printf '\377\377\377\377' | dd of=nosize.wav bs=1 seek=4 conv=notrunc status=none &&
        head -c 300M /dev/zero >> nosize.wav || { fail "cannot make the undeclared WAV"; return 1; }
    hostile_quit_during_open nosize.wav TERM || return 1
    [ "$RC" = 1 ] || { fail "exit status $RC after SIGTERM in the open"; return 1; }
    grep -q "interrupted by signal" out.txt || { fail "no quit message"; return 1; }
    [ "$QUIT_MS" -le 1000 ] || { fail "SIGTERM took $QUIT_MS ms"; return 1; }
    echo "    SIGTERM during the walk: $QUIT_MS ms" >&2
    hostile_quit_during_open nosize.wav cmd || return 1
    [ "$RC" = 3 ] || { fail "exit status $RC after 'quit 3' in the open"; return 1; }
    [ "$QUIT_MS" -le 1000 ] || { fail "quit took $QUIT_MS ms"; return 1; }
    echo "    quit command during the walk: $QUIT_MS ms" >&2
}

# Out-of-range values: one message naming the option, status 1, nothing
# played. (-volume -1 and -frames -1 are documented values, not errors.)
# A download not finished: a WAV whose header declares 4 GB of sound, in a
# 5 GB sparse file of which only the first 20 s were written (the rest is
# a hole, as a torrent client or fallocate leaves it). Its 20 s play, and
# it ends at once as a truncated file; read on, the hole is hours of
# silence. Needs a filesystem that reports holes (SEEK_HOLE: ext4, xfs,
# btrfs, tmpfs).
test_hostile_sparse_download() {
    local n ref got
    ff -f lavfi -i sine=frequency=440:sample_rate=8000 -t 20 -c:a pcm_s16le -ac 1 w20.wav ||
        { fail "cannot make the WAV"; return 1; }
    cp w20.wav sparse.wav
    n=$(grep -abo data sparse.wav | head -1 | cut -d: -f1)
    printf '\360\377\377\377' | dd of=sparse.wav bs=1 seek=4 conv=notrunc status=none &&
        printf '\000\377\377\377' | dd of=sparse.wav bs=1 seek=$((n + 4)) conv=notrunc \
            status=none && truncate -s 5G sparse.wav || { fail "cannot make the file"; return 1; }
    if [ "$(du -k sparse.wav | cut -f1)" -gt 100000 ]; then
        skip "this filesystem does not keep sparse files sparse"
        return
    fi
    if hostile_need_python && ! python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
sys.exit(os.lseek(fd, 0, os.SEEK_HOLE) >= os.fstat(fd).st_size)' sparse.wav; then
        skip "this filesystem does not report holes (SEEK_HOLE)"
        return
    fi
    MP_TIMEOUT=60 mp -benchmark -ao pcm:fast:file=out.wav -vo null sparse.wav
    expect_rc 2 || return 1
    expect_err "sparse.wav: the last" || return 1
    expect_err "Error reading 'sparse.wav': truncated file." || return 1
    raw_s16 w20.wav > ref.raw
    raw_s16 out.wav > got.raw
    ref=$(stat -c %s ref.raw)
    got=$(stat -c %s got.raw)
    # What was written plays whole; the hole starts on a block boundary,
    # so up to one block of its zeros may follow.
    [ "$got" -ge "$ref" ] && [ "$got" -le $((ref + 65536)) ] ||
        { fail "played $got bytes of sound, the file has $ref"; return 1; }
    cmp -s -n "$ref" ref.raw got.raw || { fail "the written 20 s did not play as written"; return 1; }
}

# Audio alone to an output that drains at once (-benchmark): the output
# always has space, and one fill used to write on to the end of the file
# before the loop looked at a signal or a command again (the rest of a
# 20-minute WAV resampled: 0.8 s here, 1-17 s for an hour of 44.1 kHz).
test_hostile_quit_during_fast_audio_only() {
    local player t0 t1 ms how limit=500
    [ -n "${SANITIZE:-}" ] && limit=2000
    ff -f lavfi -i sine=frequency=440:sample_rate=8000:duration=1200 -ac 1 -c:a pcm_s16le \
        long.wav || { fail "cannot make the WAV"; return 1; }
    for how in term quit; do
        rm -f cmd.fifo
        mkfifo cmd.fifo
        timeout -k 5 120 "$MPLAYER" -slave -benchmark -vo null -ao null -af resample=192000 \
            long.wav <cmd.fifo >out.txt 2>err.txt &
        player=$!
        exec 7>cmd.fifo
        # Audio going: the first status line.
        wait_until -p "$player" "the first status line" has_lines 1 out.txt '^A: *[0-9]' ||
            { exec 7>&-; kill "$player"; wait "$player"; return 1; }
        t0=$(date +%s%N)
        if [ "$how" = term ]; then kill -TERM "$player"; else echo quit >&7; fi
        wait "$player"
        t1=$(date +%s%N)
        exec 7>&-
        hostile_clean err.txt || return 1
        grep -q "Exiting... (End of file)" out.txt &&
            { fail "($how) the file ended before the $how"; return 1; }
        ms=$(((t1 - t0) / 1000000))
        echo "    $how during a fast audio-only run: $ms ms" >&2
        [ "$ms" -le "$limit" ] || { fail "$how took $ms ms"; return 1; }
    done
}

test_hostile_option_values_out_of_range() {
    local spec opt
    for spec in "cache -5" "cache 99999999" "readahead-distance 99999999999999" \
        "readahead-distance -1" "stream-buffer-size 0" "stream-buffer-size 1G" \
        "speed 0" "speed -1" "volume 1000" "volume -2" "ss -5" "endpos -3" \
        "frames -2" "cache-min 200" "cache-seek-min -1" "cache-secs 0" "loop -2"; do
        opt=${spec%% *}
        mp -ao pcm:fast:file=out.wav -vo null "-$opt" "${spec#* }" "$MEDIA/a.wav"
        expect_rc 1 || { fail "-$spec"; return 1; }
        expect_err "Option -$opt:" || { fail "-$spec"; return 1; }
        [ "$(grep -c -- "-$opt" "$ERR")" = 1 ] || { fail "-$spec: not one message"; return 1; }
        [ ! -e out.wav ] || { fail "-$spec: played anyway"; return 1; }
    done
}

# A badly muxed file (audio stored 10 minutes away from the video of the
# same time, both ways) plays to its end with bounded memory. With the
# audio 10 minutes behind its video (-600) the queue fills with video
# before the first audio packet is reached: the bound is said ("Too many
# packets in the buffer"), the audio ends there, as in MPlayer, and the
# video goes on instead of aborting. With it ahead (+600) the first 10
# minutes of audio (~4200 packets) wait in the queue within its bound and
# everything plays (at -benchmark too: the audio keeps to the video's pace
# instead of running to the end of its track first).
test_hostile_skew_10min_bounded_memory() {
    local mkmux=${BUILD:-}/TOOLS/mkmux skew rss n
    [ -x "$mkmux" ] || { skip "no mkmux at $mkmux (make all)"; return; }
    # 11 minutes, cheap: 32x32 flat video at 25 fps, 8 kHz mono MP2.
    ff -f lavfi -i color=c=gray:size=32x32:rate=25:duration=660 \
        -f lavfi -i sine=frequency=440:sample_rate=8000:duration=660 \
        -map 0 -map 1 -c:v mpeg4 -q:v 31 -g 250 -c:a mp2 -b:a 32k -ac 1 -f nut base.nut ||
        { fail "ffmpeg could not make the base"; return 1; }
    # Audio 600 s ahead of its video, and behind it: the second is read
    # from its own position (one per track, demux_lavf.c) and plays whole;
    # with -nodemuxer-per-track the queue bound is hit, as in MPlayer, and
    # the audio is lost, but memory stays bounded all the same.
    for skew in 600 -600 -600/old; do
        local opt=
        [ $skew = -600/old ] && opt=-nodemuxer-per-track
        "$mkmux" --skew=${skew%/old} --format=matroska base.nut skew.mkv ||
            { fail "mkmux failed"; return 1; }
        OUT=$T/last.out
        ERR=$T/last.err
        # ASan keeps freed memory in quarantine (256 MB by default), which
        # would be measured as ours: keep it small for this run.
        # shellcheck disable=SC2086
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=8" \
            /usr/bin/time -f '%M' -o rss.txt timeout -k 5 300 "$MPLAYER" -v -benchmark \
            $opt -ao pcm:fast:file=out.wav -vo null skew.mkv >"$OUT" 2>"$ERR" </dev/null
        RC=$?
        hostile_clean "$ERR" || return 1
        expect_rc 0 || { fail "skew $skew"; return 1; }
        if [ $skew = -600/old ]; then
            expect_err "Too many packets in the buffer" || { fail "skew $skew"; return 1; }
        else
            ! grep -q "Too many packets" "$ERR" || { fail "skew $skew: queue bound hit"; return 1; }
            n=$(hostile_wav_frames out.wav)
            [ "$n" -ge $((8000 * 659)) ] || { fail "skew $skew: audio cut short: $n"; return 1; }
        fi
        expect_out "Video: 16500 frames shown" || { fail "skew $skew"; return 1; }
        # Peak resident set size in KB, generous (the sanitizer build's
        # shadow memory included): 10 minutes must not be buffered.
        rss=$(tail -n 1 rss.txt)
        [ "$rss" -lt 307200 ] || { fail "skew $skew: peak RSS $rss KB"; return 1; }
    done
}
