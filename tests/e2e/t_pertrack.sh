# One read position per track (-demuxer-per-track): a Matroska file muxed
# track after track plays the same sound as ffmpeg decodes, from its start
# and after a seek, reading only what the played span needs. GPLv2 or later.

pertrack_media() {
    [ -s "$MEDIA/noninter.mkv" ] && return 0
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    # 40 s: longer than 32.767 s, so that the audio has clusters of its own.
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 40 -s 640x360 -b 1M -a 128k \
        noninter "$MEDIA/noninter.mkv"
}

# The bytes the last run's stream read, from its -v summary
# ("Stream FILE: N reads, BYTES bytes read, ...").
pertrack_bytes_read() {
    tr '\r' '\n' <"$OUT" | sed -n 's/^Stream .*: [0-9]* reads, \([0-9]*\) bytes read,.*/\1/p' |
        tail -n 1
}

# Play all of $1 (with -v and the options after it) to a WAV: the sound is
# ffmpeg's decode of $1. $OUT keeps that run's output.
pertrack_sound_as_ffmpeg() {
    local file=$1
    shift
    mp -v "$@" -ao pcm:fast:file=out.wav -vo null "$file"
    expect_rc 0 || return 1
    raw_s16 "$file" > ref.raw
    raw_s16 out.wav > got.raw
    [ -s ref.raw ] || fail "ffmpeg decoded nothing" || return 1
    cmp -s ref.raw got.raw ||
        fail "the sound differs from ffmpeg's decode ($(stat -c %s got.raw) bytes," \
            "ffmpeg $(stat -c %s ref.raw))"
}

# The last run's first status line shows A-V within 0.1 s.
pertrack_first_av_in_sync() {
    local first
    first=$(tr '\r' '\n' <"$OUT" | grep -m1 '^A:' | sed 's/.*A-V: *\([-0-9.]*\).*/\1/')
    [ -n "$first" ] || fail "no status line" || return 1
    awk -v d="$first" 'BEGIN { exit !(d < 0.1 && d > -0.1) }' ||
        fail "the first status line has A-V $first"
}

test_pertrack_noninter_mkv_sound_as_ffmpeg() {
    pertrack_media || return 1
    mp -v -ao pcm:fast:file=out.wav -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    grep -q "audio track 0 is read from its own position" "$OUT" ||
        fail "no -v line saying the audio has its own read position" || return 1
    raw_s16 "$MEDIA/noninter.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    [ -s ref.raw ] || fail "ffmpeg decoded nothing" || return 1
    cmp -s ref.raw got.raw || fail "the sound differs from ffmpeg's decode"
}

# The first 5 s of 40: the video of 5 s (and 2 s read ahead), the audio of
# 5 s and the map's cluster heads, not the whole video track before the
# first audio packet; -nodemuxer-per-track reads in file order.
test_pertrack_endpos_reads_little() {
    pertrack_media || return 1
    local size with without
    size=$(stat -c %s "$MEDIA/noninter.mkv")
    mp -v -endpos 5 -ao pcm:fast:file=out.wav -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    with=$(pertrack_bytes_read)
    [ -n "$with" ] || fail "no stream summary in -v output" || return 1
    raw_s16 "$MEDIA/noninter.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    [ "$(stat -c %s got.raw)" -gt 800000 ] || fail "less than 5 s of sound" || return 1
    cmp -s -n "$(stat -c %s got.raw)" ref.raw got.raw ||
        fail "the first 5 s of sound differ from ffmpeg's decode" || return 1
    mp -v -nodemuxer-per-track -endpos 5 -ao null -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    without=$(pertrack_bytes_read)
    echo "    5 s of a $size-byte file: $with bytes read, $without in file order" >&2
    [ "$with" -lt $((size / 3)) ] || fail "read $with of $size bytes for 5 s" || return 1
    [ "$without" -gt $((size * 3 / 4)) ] ||
        fail "-nodemuxer-per-track read only $without of $size bytes"
}

# -ss into the middle: the same sound as one context plays (it reads the
# file in order), and ffmpeg's decode from that place.
test_pertrack_seek_same_as_one_context() {
    pertrack_media || return 1
    mp -ss 20 -endpos 4 -ao pcm:fast:file=one.wav -vo null -nodemuxer-per-track \
        "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    mp -v -ss 20 -endpos 4 -ao pcm:fast:file=two.wav -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    grep -q "read from its own position" "$OUT" || fail "one read position after -ss" ||
        return 1
    [ "$(stat -c %s two.wav)" -gt 600000 ] || fail "less than 4 s of sound after -ss" ||
        return 1
    cmp -s one.wav two.wav || fail "the sound after -ss differs from one context's" ||
        return 1
    mp -v -ss 10 -endpos 3 -ao pcm:fast:file=back.wav -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/noninter.mkv" > ref.raw
    raw_s16 back.wav > back.raw
    [ -s back.raw ] || fail "no sound after -ss 10" || return 1
    # The sound from 10 s is ffmpeg's, from the sample at 10 s of play
    # time (the file's clock starts at its first timestamp, 0.021 s here).
    python3 - ref.raw back.raw <<'PY' || fail "the sound after -ss 10 is not ffmpeg's from 10 s"
import sys
ref = open(sys.argv[1], 'rb').read()
got = open(sys.argv[2], 'rb').read()
at = ref.find(got[:8192])
sys.exit(0 if at >= 0 and ref[at:at + len(got)] == got and abs(at / 192000 - 10) < 0.1 else 1)
PY
}

# Audio stored 12 s behind its video, in the video's clusters (blocks
# timed 12 s before their cluster). The audio is read from its own
# position: the cluster where its first block lies, deep inside (a cluster
# head shows only its first blocks), placed by that block's time. Placed
# by the cluster where its head shows audio, or by cluster time, it lost
# the first 2 s of sound, the audio clock starting 2 s ahead of the first
# picture (A: 2.0 V: 0.1).
test_pertrack_skewed_mkv_keeps_its_first_seconds() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 20 -s 640x360 -b 1M -c h264 \
        -k -12 skew skewb.mkv || { fail "mkmedia failed"; return 1; }
    pertrack_sound_as_ffmpeg skewb.mkv || return 1
    mp -v -endpos 1 -ao null -vo null skewb.mkv
    expect_rc 0 || return 1
    grep -q 'audio track 0 is read from its own position' "$OUT" ||
        fail "the audio was not read from its own position" || return 1
    pertrack_first_av_in_sync
}

# As fast as possible (-benchmark) no clock waits for the far audio: the
# 16 s of video stored before it are played anyway, so the file is read in
# file order (no second read position, whose turns with the first cost a
# jump each), with the sound ffmpeg decodes. In real time the same file
# starts the audio from its own position (the test above).
test_pertrack_benchmark_reads_skewed_mkv_in_order() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 24 -s 320x240 -b 500k -c h264 \
        -k -16 skew skewb.mkv || { fail "mkmedia failed"; return 1; }
    pertrack_sound_as_ffmpeg skewb.mkv -benchmark || return 1
    ! grep -q 'read from its own position' "$OUT" ||
        fail "-benchmark still read the audio from its own position" || return 1
    [ "$(tr '\r' '\n' <"$OUT" | sed -n 's/^Stream .*, \([0-9]*\) seeks,.*/\1/p')" = 0 ] ||
        fail "the stream sought: $(grep '^Stream ' "$OUT")"
}

# ... but not what lies past the play's end: -benchmark -endpos 5 of the 40 s
# file stored track after track still reads the audio from its own
# position, not the whole video track before it.
test_pertrack_benchmark_endpos_reads_little() {
    pertrack_media || return 1
    local size with
    size=$(stat -c %s "$MEDIA/noninter.mkv")
    mp -v -benchmark -endpos 5 -ao pcm:fast:file=out.wav -vo null "$MEDIA/noninter.mkv"
    expect_rc 0 || return 1
    grep -q "audio track 0 is read from its own position" "$OUT" ||
        fail "no -v line saying the audio has its own read position" || return 1
    with=$(pertrack_bytes_read)
    [ -n "$with" ] || fail "no stream summary in -v output" || return 1
    [ "$with" -lt $((size / 3)) ] || fail "read $with of $size bytes for 5 s"
}

# -ss into a file whose audio is stored 12 s behind its video: the seek
# lands on the video's keyframe, where the blocks are the audio of 12 s
# earlier, which the player drops. Those must not count as the audio
# coming: it is read from its own position (the cluster 12 s on), plays
# what one context reading in file order plays, and the run reads far
# less than that one. Counted as coming, the file was read in order from
# the keyframe to the audio's place (7.8 s to the first sound at 1.2 MB/s
# on the 60 s 720p file).
test_pertrack_skewed_mkv_seek_reads_the_audio_from_its_place() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 40 -s 320x240 -b 500k -c h264 \
        -k -12 skew skewb40.mkv || { fail "mkmedia failed"; return 1; }
    local one two
    mp -v -ss 20 -endpos 2 -ao pcm:fast:file=one.wav -vo null -nodemuxer-per-track skewb40.mkv
    expect_rc 0 || return 1
    one=$(pertrack_bytes_read)
    mp -v -ss 20 -endpos 2 -ao pcm:fast:file=two.wav -vo null skewb40.mkv
    expect_rc 0 || return 1
    two=$(pertrack_bytes_read)
    grep -q 'audio track 0 is read from its own position' "$OUT" ||
        fail "after -ss the audio was not read from its own position" || return 1
    [ "$(stat -c %s two.wav)" -gt 300000 ] || fail "less than 2 s of sound after -ss" ||
        return 1
    # One context decoded the audio from the file's first packet on (the
    # player dropped what came before 20 s, timed by the samples counted
    # from there); the audio's own context starts its decoder at the frame
    # at 20 s, timed by that block's millisecond timestamp. So the sound may
    # start up to 1 ms (48 samples) apart, its first frame's overlap
    # differs, and libavcodec's float output by a rounding step after it.
    raw_s16 one.wav > one.raw
    raw_s16 two.wav > two.raw
    python3 - one.raw two.raw <<'PY' || fail "the sound after -ss differs from one context's" ||
import array, sys
a = array.array('h', open(sys.argv[1], 'rb').read())
b = array.array('h', open(sys.argv[2], 'rb').read())
skip = 2 * 48000 // 10  # the first 0.1 s
n = min(len(a), len(b)) - skip - 2 * 48
def worst(lag):
    return max(abs(a[i] - b[i + lag]) for i in range(skip, skip + n))
ok = n > 48000 and min(worst(2 * k) for k in range(-48, 49)) <= 1
sys.exit(0 if ok else 1)
PY
        return 1
    # Not compared: the bytes each way read. On a slow device the audio's
    # own position is what brings the sound 6 s sooner (DOCS/benchmarks.md,
    # "Seeking in a skewed MKV"); on this small file, in file order, 12 s
    # of 500 kbit/s video cost less than the map's look.
    echo "    -ss 20 -endpos 2: $two bytes read, $one in file order" >&2
}

# In direct mode every AVIO seek reaches the stream, even one back into
# the 32 KB libavformat has just read; after a seek the matroska reader
# makes one per block. The last bytes are given again from memory: the
# stream reads the file about once, not 4 times (13.2 MB of 3.2 MB in 419
# seeks until 2026-12-07).
test_pertrack_mkv_seek_reads_no_byte_twice() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 40 -s 320x240 -b 500k -c h264 \
        -k -12 skew skewb40.mkv || { fail "mkmedia failed"; return 1; }
    local size n seeks
    size=$(stat -c %s skewb40.mkv)
    mp -v -ss 20 -endpos 2 -ao pcm:fast:file=one.wav -vo null -nodemuxer-per-track skewb40.mkv
    expect_rc 0 || return 1
    n=$(pertrack_bytes_read)
    seeks=$(tr '\r' '\n' <"$OUT" | sed -n 's/^Stream .* bytes read, \([0-9]*\) seeks,.*/\1/p' |
        tail -n 1)
    echo "    -ss 20 -endpos 2 in file order: $n bytes read of $size, $seeks seeks" >&2
    [ "$(stat -c %s one.wav)" -gt 300000 ] || fail "less than 2 s of sound after -ss" ||
        return 1
    [ -n "$n" ] && [ "$n" -lt $((size * 3 / 4)) ] && [ "$seeks" -lt 20 ] ||
        fail "read $n bytes of a $size-byte file in $seeks seeks"
}

# A 20 s file muxed track after track: the muxer ends the video's last
# cluster with every audio block of the file (timed up to 20 s before the
# cluster). The audio is found inside that cluster and read from there,
# placed by its first block's time: the sound is ffmpeg's, from its first
# sample, and in sync (the audio clock starts with the first picture).
test_pertrack_audio_inside_last_cluster() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 20 -s 320x240 -b 1M -a 128k \
        noninter short.mkv || fail "cannot make the 20 s file" || return 1
    pertrack_sound_as_ffmpeg short.mkv || return 1
    grep -q "Matroska map: track 2 first seen [0-9]* bytes into the cluster" "$OUT" ||
        fail "no -v line saying where inside a cluster the audio starts" || return 1
    grep -q "audio track 0 is read from its own position" "$OUT" ||
        fail "no -v line saying the audio has its own read position" || return 1
}

# A damaged audio cluster (its ID and size made garbage) in a file muxed
# track after track: the map says so once, and the audio read from its own
# position plays on past it to the end of the file.
test_pertrack_damaged_cluster_plays_on() {
    pertrack_media || return 1
    cp "$MEDIA/noninter.mkv" bad.mkv || return 1
    local apos at
    apos=$(ffprobe -v error -select_streams a:0 -show_entries packet=pos -of csv=p=0 bad.mkv |
        head -n 1)
    [ -n "$apos" ] || fail "no audio packet position" || return 1
    # The second cluster after the first audio block.
    at=$(LC_ALL=C grep -obUaP '\x1f\x43\xb6\x75' bad.mkv | cut -d: -f1 |
        awk -v a="$apos" '$1 > a { n++; if (n == 2) { print; exit } }')
    [ -n "$at" ] || fail "no second audio cluster" || return 1
    printf '\001\377\377\377\377\377\377\377\377\377\377\377' |
        dd of=bad.mkv bs=1 seek="$at" conv=notrunc status=none || return 1
    mp -v -ao pcm:fast:file=out.wav -vo null bad.mkv
    expect_rc 0 || return 1
    grep -q "audio track 0 is read from its own position" "$OUT" ||
        fail "no -v line saying the audio has its own read position" || return 1
    [ "$(grep -c "Matroska map: damaged" "$ERR")" = 1 ] ||
        fail "not one warning about the damage: $(grep -i damaged "$ERR" "$OUT" | head -3)" ||
        return 1
    # 40 s of 48 kHz stereo, less the damaged cluster's few seconds.
    [ "$(stat -c %s out.wav)" -gt $((30 * 192000)) ] ||
        fail "the sound stopped at the damage: $(stat -c %s out.wav) bytes"
}

# MP4 stored track after track: placed from the header's index (no map),
# the audio from its own position at once. The sound is ffmpeg's; the
# first status line shows A-V 0; -ss 20 plays what one reader plays.
test_pertrack_noninter_mp4() {
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 40 -s 320x240 -b 1M -a 128k \
        -c h264 noninter non.mp4 || { fail "mkmedia failed"; return 1; }
    pertrack_sound_as_ffmpeg non.mp4 || return 1
    grep -q "audio track 0 is read from its own position" "$OUT" ||
        fail "no -v line saying the audio has its own read position" || return 1
    mp -endpos 1 -ao null -vo null non.mp4
    expect_rc 0 || return 1
    pertrack_first_av_in_sync || return 1
    mp -ss 20 -endpos 4 -ao pcm:fast:file=one.wav -vo null -nodemuxer-per-track non.mp4
    expect_rc 0 || return 1
    mp -v -ss 20 -endpos 4 -ao pcm:fast:file=two.wav -vo null non.mp4
    expect_rc 0 || return 1
    grep -q "read from its own position" "$OUT" || fail "one read position after -ss" ||
        return 1
    [ "$(stat -c %s two.wav)" -gt 600000 ] || fail "less than 4 s of sound after -ss" ||
        return 1
    cmp -s one.wav two.wav || fail "the sound after -ss differs from one reader's"
}
