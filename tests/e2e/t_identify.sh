# -identify: MPlayer's ID_ lines, their values and order. GPLv2 or later.

# $MEDIA/id.mkv (made once): 3 s of 320x240 25 fps video, audio track 0
# (pcm 44.1 kHz mono, eng, "Main audio"), track 1 (aac 48 kHz mono, ger,
# "Commentary"), an srt subtitle track (fre, "French subs"), chapters
# "Intro" 0-1.5 s and "Main Part" 1.5-3 s, title/artist/album tags.
id_media() {
    [ -s "$MEDIA/id.mkv" ] && return 0
    local d=$T/idmedia
    mkdir -p "$d"
    cat > "$d/meta.txt" <<'EOF'
;FFMETADATA1
title=Test Title
artist=Test Artist
album=Test Album
[CHAPTER]
TIMEBASE=1/1000
START=0
END=1500
title=Intro
[CHAPTER]
TIMEBASE=1/1000
START=1500
END=3000
title=Main Part
EOF
    printf '1\n00:00:00,500 --> 00:00:01,500\nHello\n\n2\n00:00:02,000 --> 00:00:02,500\nWorld\n' \
        > "$d/s.srt"
    ff -f lavfi -i testsrc2=size=320x240:rate=25 -f lavfi -i sine=frequency=440:sample_rate=44100 \
        -f lavfi -i sine=frequency=880:sample_rate=48000 -i "$d/s.srt" -i "$d/meta.txt" -t 3 \
        -map 0:v -map 1:a -map 2:a -map 3:s -map_metadata 4 -map_chapters 4 \
        -c:v mpeg4 -q:v 4 -c:a:0 pcm_s16le -c:a:1 aac -c:s srt \
        -metadata:s:a:0 language=eng -metadata:s:a:0 title="Main audio" \
        -metadata:s:a:1 language=ger -metadata:s:a:1 title=Commentary \
        -metadata:s:s:0 language=fre -metadata:s:s:0 title="French subs" "$MEDIA/id.mkv.tmp.mkv" &&
        mv "$MEDIA/id.mkv.tmp.mkv" "$MEDIA/id.mkv"
}

# expect_lines LINE...: each is a whole line of stdout.
expect_lines() {
    local l
    for l in "$@"; do
        grep -qxF -- "$l" "$OUT" || fail "stdout lacks line '$l'" || return 1
    done
}

# Line number of the first line starting with $1 (0 when absent).
line_of() {
    local n
    n=$(grep -n -m 1 -F -- "$1" "$OUT" | cut -d: -f1)
    echo "${n:-0}"
}

test_identify_tracks_chapters_metadata() {
    id_media || fail "cannot make id.mkv" || return 1
    mp -identify -frames 0 -vo null -ao null "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    expect_lines "ID_FILENAME=$MEDIA/id.mkv" "ID_DEMUXER=lavfpref" \
        "ID_VIDEO_ID=0" \
        "ID_AUDIO_ID=0" "ID_AID_0_LANG=eng" "ID_AID_0_NAME=Main audio" \
        "ID_AUDIO_ID=1" "ID_AID_1_LANG=ger" "ID_AID_1_NAME=Commentary" \
        "ID_SUBTITLE_ID=0" "ID_SID_0_LANG=fre" "ID_SID_0_NAME=French subs" \
        "ID_CHAPTERS=2" "ID_CHAPTER_ID=0" "ID_CHAPTER_0_START=0" "ID_CHAPTER_0_END=1500" \
        "ID_CHAPTER_0_NAME=Intro" "ID_CHAPTER_ID=1" "ID_CHAPTER_1_START=1500" \
        "ID_CHAPTER_1_END=3000" "ID_CHAPTER_1_NAME=Main Part" \
        "ID_VIDEO_FORMAT=MP4V" "ID_VIDEO_WIDTH=320" "ID_VIDEO_HEIGHT=240" \
        "ID_VIDEO_FPS=25.000" "ID_VIDEO_ASPECT=0.0000" "ID_VIDEO_CODEC=ffodivx" \
        "ID_AUDIO_FORMAT=1" "ID_AUDIO_BITRATE=705600" "ID_AUDIO_RATE=44100" "ID_AUDIO_NCH=1" \
        "ID_AUDIO_CODEC=pcm" \
        "ID_START_TIME=0.02" "ID_SEEKABLE=1" "ID_EXIT=EOF" || return 1
    # (0.02: its first audio block, as MPlayer 1.5 says; ffmpeg stores the
    # MPEG-4 video's first frame at 0.021 here.)
    grep -qx 'ID_LENGTH=3\.0[0-9]' "$OUT" || fail "ID_LENGTH: $(grep ID_LENGTH "$OUT")" || return 1
    # No video language line: MPlayer has none.
    ! grep -q '^ID_VID_0_LANG' "$OUT" || fail "ID_VID_0_LANG printed" || return 1
    # Metadata: NAMEn/VALUEn pairs (keys as libavformat gives them), then N.
    local n k key
    n=$(sed -n 's/^ID_CLIP_INFO_N=//p' "$OUT")
    [ "$n" = "$(grep -c '^ID_CLIP_INFO_NAME' "$OUT")" ] || fail "ID_CLIP_INFO_N=$n" || return 1
    for key in title:Test\ Title artist:Test\ Artist album:Test\ Album; do
        k=$(grep -i "^ID_CLIP_INFO_NAME[0-9]*=${key%%:*}\$" "$OUT" |
            sed 's/^ID_CLIP_INFO_NAME\([0-9]*\)=.*/\1/')
        [ -n "$k" ] || fail "no ID_CLIP_INFO_NAME for ${key%%:*}" || return 1
        expect_lines "ID_CLIP_INFO_VALUE$k=${key#*:}" || return 1
    done
}

test_identify_order_as_mplayer() {
    id_media || fail "cannot make id.mkv" || return 1
    mp -identify -frames 0 -vo null -ao null "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    # Demuxer open (chapters, tracks), video codec, clip info, the file
    # summary, then the audio decoder; ID_EXIT last.
    local chap sub vcodec clip fname vfmt afmt len nchap acodec id_exit
    chap=$(line_of ID_CHAPTER_ID=0)
    sub=$(line_of ID_SUBTITLE_ID=0)
    vcodec=$(line_of ID_VIDEO_CODEC=)
    clip=$(line_of ID_CLIP_INFO_N=)
    fname=$(line_of ID_FILENAME=)
    vfmt=$(line_of ID_VIDEO_FORMAT=)
    afmt=$(line_of ID_AUDIO_FORMAT=)
    len=$(line_of ID_LENGTH=)
    nchap=$(line_of ID_CHAPTERS=)
    acodec=$(line_of ID_AUDIO_CODEC=)
    id_exit=$(grep -n '^ID_' "$OUT" | tail -n 1 | cut -d: -f2)
    local seq="$chap $sub $vcodec $clip $fname $vfmt $afmt $len $nchap $acodec"
    echo "$seq" |
        awk '{ for (i = 1; i <= NF; i++) if ($i == 0 || (i > 1 && $i <= $(i - 1))) exit 1 }' ||
        fail "ID_ lines out of order: $seq" || return 1
    [ "$id_exit" = "ID_EXIT=EOF" ] || fail "last ID_ line: $id_exit"
}

# ID_START_TIME is MPlayer's: the first audio packet's time, or the
# video's when earlier or without audio. An MP4's AAC starts 1024 samples
# before 0 (its edit list skips the encoder's priming: -0.02, where the
# container's start time says 0.00); an MPEG-TS starts at its first
# timestamp (1.4 s by ffmpeg's default); ffprobe tells what to expect.
test_identify_start_time_first_packet() {
    local f want got
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine -t 2 -c:v mpeg4 \
        -c:a aac aac.mp4 &&
        ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine -t 2 -c:v mpeg2video \
            -c:a mp2 t.ts || { fail "cannot make the media"; return 1; }
    for f in aac.mp4 t.ts; do
        want=$(ffprobe -v error -select_streams a:0 -show_entries packet=pts_time \
            -read_intervals "%+#1" -of csv=p=0 "$f" | head -n 1 | cut -d, -f1)
        want=$(printf '%.2f' "$want")
        # The case this is about: the AAC starts before 0.
        [ "$f" != aac.mp4 ] || [ "$want" = -0.02 ] ||
            fail "ffprobe puts aac.mp4's first audio packet at $want, not -0.02" || return 1
        mp -identify -frames 0 -vo null -ao null "$f"
        expect_rc 0 || return 1
        got=$(sed -n 's/^ID_START_TIME=//p' "$OUT")
        [ "$got" = "$want" ] || fail "$f: ID_START_TIME=$got, its first packet is at $want" ||
            return 1
    done
}

test_identify_selected_audio_track() {
    id_media || fail "cannot make id.mkv" || return 1
    mp -identify -frames 0 -vo null -ao null -aid 1 "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    expect_lines "ID_AUDIO_FORMAT=MP4A" "ID_AUDIO_RATE=48000" "ID_AUDIO_NCH=1" \
        "ID_AUDIO_CODEC=ffaac"
}

test_identify_audio_only() {
    mp -identify -frames 0 -ao null "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_lines "ID_AUDIO_ID=0" "ID_AUDIO_FORMAT=1" "ID_AUDIO_RATE=44100" "ID_AUDIO_NCH=1" \
        "ID_LENGTH=2.00" "ID_CHAPTERS=0" "ID_EXIT=EOF" || return 1
    ! grep -q '^ID_VIDEO\|^ID_CHAPTER_ID' "$OUT" || fail "video or chapter lines for a WAV"
}

test_identify_without_display() {
    # Default outputs, no display and no sound device (run.sh sees to it).
    id_media || fail "cannot make id.mkv" || return 1
    mp -identify -frames 0 "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    expect_lines "ID_VIDEO_WIDTH=320" "ID_CHAPTERS=2" "ID_EXIT=EOF"
}

test_identify_off_prints_nothing() {
    mp -frames 0 -vo null -ao null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    ! grep -q '^ID_' "$OUT" || fail "ID_ lines without -identify: $(grep '^ID_' "$OUT" | head -3)"
}

# ID_ lines of the last run, in order.
id_lines() {
    tr '\r' '\n' < "$OUT" | grep '^ID_'
}

# MPlayer 1.5's -identify is -msglevel identify=4: the same lines, in the
# same order, including the ones printed while and after playing.
test_msglevel_identify_same_as_identify() {
    id_media || fail "cannot make id.mkv" || return 1
    mp -identify -frames 3 -vo null -ao null "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    id_lines > with_identify
    mp -msglevel identify=4 -frames 3 -vo null -ao null "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    id_lines > with_msglevel
    [ "$(wc -l < with_identify)" -ge 20 ] || fail "-identify: $(cat with_identify)" || return 1
    cmp -s with_identify with_msglevel ||
        fail "differ: $(diff with_identify with_msglevel | head -5)" || return 1
    mp -really-quiet -msglevel identify=4 -frames 0 -vo null -ao null "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    expect_lines "ID_FILENAME=$MEDIA/id.mkv" "ID_EXIT=EOF"
}

# As in MPlayer 1.5, only the identify level shows ID_ lines: not -v nor
# all=9, and all=0 does not hide what -identify turned on.
test_identify_only_by_its_level() {
    mp -v -frames 2 -vo null -ao null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    ! id_lines >/dev/null || fail "ID_ lines with -v: $(id_lines | head -3)" || return 1
    mp -msglevel all=9 -frames 2 -vo null -ao null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    ! id_lines >/dev/null || fail "ID_ lines with all=9: $(id_lines | head -3)" || return 1
    mp -identify -msglevel all=0 -frames 2 -vo null -ao null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_lines "ID_LENGTH=4.00" "ID_EXIT=EOF"
}

# Names as MPlayer 1.5 gives them, which scripts parse: its demuxer names,
# its codecs.conf codec names, and an MP3's tags under its ID3 names in its
# order (no encoder entry), also as "Clip info:" without -identify.
test_identify_mplayer_names() {
    ff -f lavfi -i sine=duration=1 -metadata title=T1 -metadata artist=Ar -metadata album=Al \
        -metadata date=2001 -metadata comment=Co -metadata track=3 -metadata genre=Rock \
        -write_id3v1 1 -c:a libmp3lame t.mp3 || return 1
    mp -identify -frames 0 -vo null -ao null t.mp3
    expect_rc 0 || return 1
    expect_lines "ID_DEMUXER=audio" "ID_AUDIO_CODEC=mpg123" "ID_CLIP_INFO_N=7" || return 1
    [ "$(grep '^ID_CLIP_INFO_NAME' "$OUT" | cut -d= -f2 | tr '\n' ' ')" = \
        "Title Artist Album Year Comment Track Genre " ] ||
        { fail "names: $(grep '^ID_CLIP_INFO_NAME' "$OUT" | tr '\n' ' ')"; return 1; }
    mp -frames 0 -vo null -ao null t.mp3
    expect_out "Clip info:" || return 1
    expect_out " Genre: Rock" || return 1
    mp -identify -frames 0 -vo null -ao null "$MEDIA/v.avi"
    expect_lines "ID_DEMUXER=avi" "ID_VIDEO_CODEC=ffodivx"
}

# The aspect as MPlayer 1.5 tells it: 0.0000 in the header block (before
# any frame is decoded, for every file), then, at each configuration of
# the output, "Movie-Aspect is ..." and the real ID_VIDEO_ASPECT just
# before the VO line (front-ends take the last). A stored 4:3 pixel
# aspect shows 320x240 as 426x240 (cut to an even width, as MPlayer).
test_identify_video_aspect_header_then_decoder() {
    ff -f lavfi -i testsrc2=size=320x240:rate=25 -t 1 -c:v mpeg4 -aspect 16:9 "$T/wide.mkv" ||
        { fail "cannot make wide.mkv"; return 1; }
    local f want
    for f in "$MEDIA/av.mkv:1.3333:320x240" "$T/wide.mkv:1.7778:426x240"; do
        want=${f#*:}
        mp -identify -frames 2 -vo null -ao null "${f%%:*}"
        expect_rc 0 || return 1
        local asp vo head
        head=$(line_of "ID_VIDEO_ASPECT=0.0000")
        asp=$(line_of "ID_VIDEO_ASPECT=${want%%:*}")
        vo=$(line_of "VO: [null] 320x240 => ${want#*:}")
        [ "$head" -gt 0 ] && [ "$asp" -gt "$head" ] && [ "$vo" = $((asp + 1)) ] ||
            fail "${f%%:*}: header at $head, aspect at $asp, VO at $vo" || return 1
        [ "$(line_of "Movie-Aspect is")" = $((asp - 1)) ] || fail "no Movie-Aspect line" ||
            return 1
    done
    # Nothing decoded: the header's 0 is all there is, as with MPlayer.
    mp -identify -frames 0 -vo null -ao null "$MEDIA/av.mkv"
    [ "$(grep -c '^ID_VIDEO_ASPECT=' "$OUT")" = 1 ] && expect_lines "ID_VIDEO_ASPECT=0.0000"
}

# An AVI's format is its own FOURCC, as MPlayer's AVI reader gave it
# (ffmpeg writes MPEG-4 as FMP4; other files say XVID, DIVX, ...), in
# -identify and in the slave answers alike.
test_identify_avi_format_is_the_files_fourcc() {
    mp -identify -frames 0 -vo null -ao null "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_lines "ID_DEMUXER=avi" "ID_VIDEO_FORMAT=FMP4" || return 1
    slave "pausing_keep_force get_video_codec" "quit" -- "$MEDIA/v.avi"
    expect_ans VIDEO_CODEC "'FMP4'"
}

# MPEG-TS tracks are numbered by their PID, as MPlayer's demux_ts does:
# -aid takes the PID, a per-type count is no track there.
test_identify_mpegts_ids_are_pids() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=1 -f lavfi -i sine=d=1:sample_rate=44100 \
        -f lavfi -i sine=d=1:sample_rate=22050 -map 0 -map 1 -map 2 -c:v mpeg2video \
        -c:a mp2 pids.ts || return 1
    mp -identify -frames 2 -vo null -ao null pids.ts
    expect_rc 0 || return 1
    expect_lines "ID_VIDEO_ID=256" "ID_AUDIO_ID=257" "ID_AUDIO_ID=258" "ID_AUDIO_RATE=44100" ||
        return 1
    mp -identify -frames 2 -vo null -ao null -aid 258 pids.ts
    expect_rc 0 || return 1
    expect_lines "ID_AUDIO_RATE=22050" || return 1
    mp -identify -frames 2 -vo null -ao null -aid 1 pids.ts
    expect_rc 0 || return 1
    expect_err "-aid 1: no such track in 'pids.ts'."
}

# MPEG-PS: MPEG audio counts from 0 within its stream ids (0x1c0 is 0),
# an AC-3 substream keeps its number (0x80 is 128), as demux_mpg has them.
test_identify_mpegps_ids() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=1 -f lavfi -i sine=d=1:sample_rate=44100 \
        -f lavfi -i sine=d=1:sample_rate=48000 -map 0 -map 1 -map 2 -c:v mpeg2video \
        -c:a:0 mp2 -c:a:1 ac3 ids.mpg || return 1
    mp -identify -frames 2 -vo null -ao null -aid 128 ids.mpg
    expect_rc 0 || return 1
    expect_lines "ID_VIDEO_ID=0" "ID_AUDIO_ID=0" "ID_AUDIO_ID=128" "ID_AUDIO_RATE=48000" \
        "ID_AUDIO_CODEC=ffac3"
}

# An AVI's RIFF INFO tags under the names MPlayer's demux_avi gave them,
# in the file's order; ILNG, which it had no name for, left out.
test_identify_avi_tag_names() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=1 -c:v mpeg4 -metadata title=T \
        -metadata artist=A -metadata comment=C -metadata date=2001 -metadata album=P \
        -metadata encoded_by=E -metadata language=eng tags.avi || return 1
    mp -identify -frames 0 -vo null -ao null tags.avi
    expect_rc 0 || return 1
    expect_lines "ID_CLIP_INFO_NAME0=Artist" "ID_CLIP_INFO_VALUE0=A" \
        "ID_CLIP_INFO_NAME1=Comments" "ID_CLIP_INFO_NAME2=Creation Date" \
        "ID_CLIP_INFO_VALUE2=2001" "ID_CLIP_INFO_NAME3=Title" "ID_CLIP_INFO_NAME4=Product" \
        "ID_CLIP_INFO_VALUE4=P" "ID_CLIP_INFO_NAME5=Software" "ID_CLIP_INFO_NAME6=Technician" \
        "ID_CLIP_INFO_N=7" || return 1
    grep -q "=eng$" "$OUT" && fail "the language tag was printed" || return 0
}
