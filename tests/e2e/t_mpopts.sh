# MPlayer 1.5's everyday options (issue 17 item 3): demuxer names and
# -rawaudio, driver lists, -vc/-ac, -fps, -srate, -x/-y, -chapter, -edl, the
# dump options, -vo md5sum/yuv4mpeg, -nolirc & co. GPLv2 or later.

# -demuxer with MPlayer's names plays the file as the named libavformat
# format; MPlayer 1.5 plays all of these (this player said "not a media file").
test_demuxer_mplayer_names() {
    ff -i "$MEDIA/av.mkv" -c copy av.avi || return 1
    local name file
    for name in lavf lavfpref mkv avi mov; do
        case $name in
        avi) file=av.avi ;;
        mov) file=$MEDIA/av.mp4 ;;
        *) file=$MEDIA/av.mkv ;;
        esac
        mp -demuxer "$name" -vo null -ao pcm:fast:file=out.wav -endpos 1 "$file"
        expect_rc 0 || return 1
        [ "$(wav_samples out.wav)" -ge 40000 ] ||
            { fail "-demuxer $name played no sound"; return 1; }
        grep -q "is not\|not a " "$ERR" && { fail "-demuxer $name: $(cat "$ERR")"; return 1; }
    done
    # "+mov" forces the same way on the right file.
    mp -demuxer +mov -vo null -ao null -endpos 0.5 "$MEDIA/av.mp4"
    expect_rc 0
}

# As in MPlayer: a file not of the named format is probed and played
# (with a message); "+name" forces the format and the file is not played.
test_demuxer_wrong_name_falls_back_plus_forces() {
    mp -demuxer mkv -vo null -ao null -identify -endpos 0.5 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_out "-demuxer mkv: the file is avi, not matroska" || return 1
    expect_out "ID_VIDEO_WIDTH=320" || return 1
    mp -demuxer +mkv -vo null -ao null -endpos 0.5 "$MEDIA/v.avi"
    expect_rc 2 || return 1
    mp -demuxer audio -vo null -ao null -endpos 0.5 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    mp -demuxer +audio -vo null -ao null -endpos 0.5 "$MEDIA/v.avi"
    expect_rc 2 || return 1
    expect_err "not an audio only file"
}

# An unknown name warns once and the file is probed (MPlayer: "-demuxer foo
# does not exist.", then plays).
test_demuxer_unknown_name_warns_and_plays() {
    mp -demuxer foo -vo null -ao null -endpos 0.5 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "-demuxer foo does not exist"
}

# rawaudio: headerless s16le stereo at 44100 Hz, MPlayer's defaults; every
# sample comes out as it went in.
test_demuxer_rawaudio() {
    raw_s16 "$MEDIA/a.wav" >in.raw || return 1
    mp -demuxer rawaudio -ao pcm:fast:file=out.wav in.raw
    expect_rc 0 || return 1
    ffmpeg -nostdin -loglevel error -i out.wav -f s16le - >out.raw || return 1
    cmp -s in.raw out.raw ||
        fail "rawaudio samples differ ($(stat -c %s in.raw) vs $(stat -c %s out.raw) bytes)"
}

# A -vo or -ao list none of whose drivers opens (-ao alsa is not built
# here) disables that stream and the file plays on, as in MPlayer 1.5
# (which exits 0); a trailing comma goes on to the default drivers.
test_driver_list_falls_through() {
    mp -ao alsa -vo png:outdir=png -frames 3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_err "Could not open audio output 'alsa'" || return 1
    expect_err "Audio: no sound" || return 1
    [ "$(ls png | wc -l)" = 3 ] || { fail "frames written: $(ls png | wc -l)"; return 1; }
    mp -vo foo -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "Video: no video" || return 1
    [ "$(wav_samples out.wav)" -ge 170000 ] || { fail "sound cut short"; return 1; }
    mp -ao alsa, -vo foo,null -frames 3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "AO: [" || return 1
    expect_out "VO: [null]"
}

# Nothing left to play because the output failed: exit status 3 (MPlayer
# says 0 there; a script can tell it from a file that played).
test_driver_list_nothing_left_is_output_error() {
    mp -ao alsa "$MEDIA/a.wav"
    expect_rc 3 || return 1
    mp -vo foo -nosound "$MEDIA/v.avi"
    expect_rc 3
}

# -fps 100 shows the 100 frames of a 4 s, 25 fps file in about 1 s, as
# MPlayer 1.5 does (1.1 s there), and reports the forced rate.
test_fps_forces_frame_rate() {
    local start end
    start=$(date +%s%N)
    mp -fps 100 -vo png:outdir=png:z=0 -nosound -identify "$MEDIA/av.mkv"
    end=$(date +%s%N)
    expect_rc 0 || return 1
    expect_out "ID_VIDEO_FPS=100.000" || return 1
    [ "$(ls png | wc -l)" = 100 ] || { fail "frames: $(ls png | wc -l)"; return 1; }
    [ $(((end - start) / 1000000)) -lt 3000 ] ||
        { fail "took $(((end - start) / 1000000)) ms, not about 1 s"; return 1; }
    # -endpos counts in the forced time: 1 s is 100 frames.
    mp -fps 100 -vo png:outdir=png2:z=0 -nosound -endpos 1 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(ls png2 | wc -l)" = 100 ] || { fail "-endpos 1: $(ls png2 | wc -l) frames"; return 1; }
    mp -fps -2 "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "Option -fps: value -2 out of range 0..1000"
}

# -srate 48000 on a 44100 Hz file: a 48 kHz WAV of the same length, the
# 440 Hz tone kept (MPlayer 1.5 writes 191990 samples for these 4 s).
test_srate_resamples_output() {
    mp -srate 48000 -vo null -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "AO: [pcm] 48000Hz" || return 1
    local rate n
    rate=$(ffprobe -v error -show_entries stream=sample_rate -of default=nw=1:nk=1 out.wav)
    n=$(wav_samples out.wav)
    [ "$rate" = 48000 ] || { fail "rate $rate"; return 1; }
    [ "$n" -ge 191500 ] && [ "$n" -le 192500 ] ||
        { fail "$n samples, not 4 s at 48 kHz"; return 1; }
    # The tone's pitch: 440 Hz gives about 2 * 440 * 4 zero crossings.
    local zc
    zc=$(ffmpeg -nostdin -loglevel error -i out.wav -ac 1 -f s16le - | od -An -v -td2 -w2 |
        awk 'NR > 1 && (($1 >= 0) != (p >= 0)) {c++} {p = $1} END {print c + 0}')
    [ "$zc" -ge 3480 ] && [ "$zc" -le 3560 ] || { fail "$zc zero crossings, not 440 Hz"; return 1; }
    mp -srate 500 "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "Option -srate: '500' is not a sample rate"
}

# -x/-y: the display size as given, aspect not kept (MPlayer 1.5 prints the
# same "320x240 => 640x360" and, with -x alone, "=> 640x240").
test_x_y_display_size() {
    mp -x 640 -y 360 -vo null -nosound -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "VO: [null] 320x240 => 640x360" || return 1
    mp -x 640 -vo null -nosound -frames 2 "$MEDIA/av.mkv"
    expect_out "VO: [null] 320x240 => 640x240" || return 1
    mp -y -5 "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "Option -y: value -5 out of range 0..65536"
}

# The window -vo sdl opens has that size.
test_x_y_window_size() {
    needs_feature sdl2 || return 77
    sdl_x_start || { sdl_skipped; return; }
    sdl_need xwininfo || { sdl_skipped; return; }
    sdl_make_still 30 || return 1
    sdl_mp_start -slave -vo sdl -nosound -x 400 -y 200 still.mkv
    sdl_window || return 1
    sdl_until 10 eval '[ "$(sdl_xwin_geom | cut -d+ -f1)" = 400x200 ]' ||
        fail "window $(sdl_xwin_geom), expected 400x200" || return 1
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

# A 4 s file with chapters 0-1 s, 1-2.5 s and 2.5-4 s.
make_chapters_file() {
    printf '%s\n' ';FFMETADATA1' \
        '[CHAPTER]' 'TIMEBASE=1/1000' 'START=0' 'END=1000' 'title=One' \
        '[CHAPTER]' 'TIMEBASE=1/1000' 'START=1000' 'END=2500' 'title=Two' \
        '[CHAPTER]' 'TIMEBASE=1/1000' 'START=2500' 'END=4000' 'title=Three' >chapters.txt &&
        ff -i "$MEDIA/av.mkv" -i chapters.txt -map 0 -map_metadata 1 -map_chapters 1 \
            -c copy ch.mkv
}

# -chapter N[-M]: from chapter N's start to chapter M's end (MPlayer 1.5
# starts at the keyframe before, 1.0 s for both here, and ends near 2.5 s).
test_chapter_range() {
    make_chapters_file || return 1
    mp -chapter 2-2 -vo png:outdir=png:z=0 -ao pcm:fast:file=out.wav ch.mkv
    expect_rc 0 || return 1
    # Chapter 2 is 1.5 s: 37 or 38 frames at 25 fps, about 1.5 s of sound.
    local frames n
    frames=$(ls png | wc -l)
    [ "$frames" -ge 37 ] && [ "$frames" -le 38 ] || { fail "$frames frames"; return 1; }
    n=$(wav_samples out.wav)
    [ "$n" -ge 64000 ] && [ "$n" -le 67000 ] || { fail "$n samples, not 1.5 s"; return 1; }
    # The first frame shown is the one at 1.0 s.
    ff -ss 1 -i ch.mkv -frames:v 1 ref.png || return 1
    local p
    p=$(psnr "png/$(ls png | head -n 1)" ref.png)
    [ "$p" = inf ] || awk -v p="$p" 'BEGIN { exit !(p > 40) }' ||
        { fail "first frame is not the one at 1 s (PSNR $p)"; return 1; }
    # N alone plays to the end: chapter 3 is the last 1.5 s.
    mp -chapter 3 -vo null -ao pcm:fast:file=out3.wav ch.mkv
    expect_rc 0 || return 1
    n=$(wav_samples out3.wav)
    [ "$n" -ge 64000 ] && [ "$n" -le 67000 ] || { fail "-chapter 3: $n samples"; return 1; }
}

test_chapter_missing_or_bad() {
    make_chapters_file || return 1
    mp -chapter 7 -vo null -ao null -endpos 0.5 ch.mkv
    expect_rc 0 || return 1
    expect_err "-chapter 7: 'ch.mkv' has 3 chapters; playing from the start." || return 1
    mp -chapter 2 -vo null -ao null -endpos 0.5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_err "has 0 chapters" || return 1
    local bad
    for bad in 0 x 3-1 2-x; do
        mp -chapter "$bad" ch.mkv
        expect_rc 1 || return 1
        expect_err "Option -chapter:" || return 1
    done
}

# -vc/-ac with MPlayer's codec names: the same outcome as MPlayer 1.5 on
# the same lists (ffodivx decodes MPEG-4; ffh264 does not, so no video;
# a trailing comma falls back; "-name," excludes; -vc null decodes none).
test_vc_ac_codec_lists() {
    mp -vc ffodivx -ac pcm -vo png:outdir=a -ao pcm:fast:file=a.wav -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(ls a | wc -l)" = 2 ] && [ -s a.wav ] || { fail "ffodivx/pcm did not play"; return 1; }
    mp -vc ffh264 -vo png:outdir=b -ao pcm:fast:file=b.wav -endpos 1 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_err "-vc ffh264: no codec of the list decodes mpeg4 video" || return 1
    expect_out "Video: no video" || return 1
    [ ! -e b ] || [ "$(ls b | wc -l)" = 0 ] || { fail "video decoded"; return 1; }
    [ "$(wav_samples b.wav)" -ge 40000 ] || { fail "no sound"; return 1; }
    mp -vc ffh264,foo, -vo png:outdir=c -ao null -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(ls c | wc -l)" = 2 ] || { fail "trailing comma did not fall back"; return 1; }
    grep -q "foo" "$ERR" && { fail "warned about foo despite the comma"; return 1; }
    mp -vc -ffodivx, -vo null -ao null -endpos 0.5 "$MEDIA/av.mkv"
    expect_out "Video: no video" || return 1
    mp -vc null -vo png:outdir=d -ao null -endpos 0.5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "Video: no video" || return 1
    mp -ac ffmp3 -vo png:outdir=e -ao pcm:fast:file=e.wav -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "Audio: no sound" || return 1
    [ ! -e e.wav ] || { fail "sound decoded with -ac ffmp3"; return 1; }
    [ "$(ls e | wc -l)" = 2 ] || { fail "video missing"; return 1; }
    # An unknown name without a fallback is warned about.
    mp -ac nosuchcodec -vo null -ao null -frames 2 "$MEDIA/av.mkv"
    expect_err "-ac: codec 'nosuchcodec' is not available here"
}

# -dumpstream: the bytes of the first file, unchanged, in ./stream.dump or
# -dumpfile, nothing played; MPlayer 1.5 prints the same two lines.
test_dumpstream_copies_raw_stream() {
    mp -dumpstream -ao pcm:file=never.wav "$MEDIA/av.mkv" "$MEDIA/a.wav"
    expect_rc 0 || return 1
    cmp -s stream.dump "$MEDIA/av.mkv" || { fail "stream.dump differs from the file"; return 1; }
    expect_out "dump: $(stat -c %s "$MEDIA/av.mkv") bytes written to 'stream.dump'." || return 1
    expect_out "Core dumped ;)" || return 1
    [ ! -e never.wav ] || { fail "something was played"; return 1; }
    # From a pipe, to a named file.
    OUT=$T/last.out
    ERR=$T/last.err
    timeout 60 "$MPLAYER" -dumpstream -dumpfile piped.bin - <"$MEDIA/a.wav" >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 0 || return 1
    cmp -s piped.bin "$MEDIA/a.wav" || fail "piped dump differs"
}

test_dumpstream_errors() {
    mp -dumpstream -dumpfile /dev/full "$MEDIA/a.wav"
    expect_rc 3 || return 1
    expect_err "-dumpstream: cannot write '/dev/full'" || return 1
    mp -dumpstream -dumpfile nodir/x.bin "$MEDIA/a.wav"
    expect_rc 3 || return 1
    expect_err "cannot open 'nodir/x.bin' for writing" || return 1
    # A file that cannot be opened is skipped; the next one is dumped.
    mp -dumpstream nosuch.mkv "$MEDIA/a.wav"
    expect_rc 2 || return 1
    cmp -s stream.dump "$MEDIA/a.wav" || fail "the second file was not dumped"
}

# -vo md5sum: one line per frame; the sums are those of the frames as raw
# yuv420p (MPlayer 1.5 writes the same three lines for these frames).
test_vo_md5sum() {
    mp -vo md5sum -nosound -frames 3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local i want got
    for i in 0 1 2; do
        want=$(ffmpeg -nostdin -loglevel error -i "$MEDIA/av.mkv" -vf "select=eq(n\,$i)" \
            -frames:v 1 -f rawvideo -pix_fmt yuv420p - | md5sum | cut -d' ' -f1)
        got=$(sed -n "$((i + 1))p" md5sums)
        [ "$got" = "$want frame0000000$i" ] ||
            { fail "line $((i + 1)): '$got', want $want"; return 1; }
    done
    [ "$(wc -l <md5sums)" = 3 ] || { fail "$(wc -l <md5sums) lines"; return 1; }
    mp -vo md5sum:outfile=sums.txt -nosound -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(wc -l <sums.txt)" = 2 ] || fail "outfile= not written"
}

# -vo yuv4mpeg: a .y4m ffmpeg reads back to the same pixels; the header as
# MPlayer 1.5 writes it (its file is byte for byte the same here).
test_vo_yuv4mpeg() {
    mp -vo yuv4mpeg -nosound -frames 3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(head -n 1 stream.yuv)" = "YUV4MPEG2 W320 H240 F25:1 Ip A1:1" ] ||
        { fail "header: $(head -n 1 stream.yuv)"; return 1; }
    local a b
    a=$(ffmpeg -nostdin -loglevel error -i stream.yuv -f rawvideo - | md5sum)
    b=$(ffmpeg -nostdin -loglevel error -i "$MEDIA/av.mkv" -frames:v 3 -f rawvideo \
        -pix_fmt yuv420p - | md5sum)
    [ "$a" = "$b" ] || { fail "the frames differ from ffmpeg's decoding"; return 1; }
    mp -vo yuv4mpeg:file=f.y4m:interlaced -fps 30 -nosound -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(head -n 1 f.y4m)" = "YUV4MPEG2 W320 H240 F30:1 It A1:1" ] ||
        { fail "file=/interlaced/-fps: $(head -n 1 f.y4m)"; return 1; }
    mp -vo yuv4mpeg:file=/dev/full -nosound -frames 2 "$MEDIA/av.mkv"
    expect_rc 3 || return 1
    expect_err "-vo yuv4mpeg: cannot write '/dev/full'"
}

test_demuxer_help_lists_names() {
    mp -demuxer help
    expect_rc 0 || return 1
    grep -qE '^ +mkv +matroska$' "$OUT" || { fail "no mkv line: $(head -c 300 "$OUT")"; return 1; }
    grep -q "Usage:" "$OUT" && { fail "usage printed"; return 1; }
    return 0
}

# -dumpaudio/-dumpvideo: one track written out, nothing played. MPlayer
# 1.5 writes the packets as they are (an AAC dump from MP4 with no ADTS
# headers, an MPEG-4 dump without its VOL header): here they are files
# ffmpeg decodes to every frame and sample of the track.
test_dumpaudio_dumpvideo_tracks() {
    mp -dumpaudio -ao pcm:file=never.wav "$MEDIA/av.mp4"
    expect_rc 0 || return 1
    expect_out "Core dumped ;)" || return 1
    [ ! -e never.wav ] || { fail "something was played"; return 1; }
    local a b
    a=$(ffprobe -v error -count_packets -show_entries stream=codec_name,nb_read_packets \
        -of compact=nk=1 stream.dump)
    b=$(ffprobe -v error -select_streams a:0 -count_packets \
        -show_entries stream=codec_name,nb_read_packets -of compact=nk=1 "$MEDIA/av.mp4")
    [ "$a" = "$b" ] || { fail "audio dump: '$a', the track: '$b'"; return 1; }
    mp -dumpvideo -dumpfile v.m4v "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    a=$(ffmpeg -nostdin -loglevel error -i v.m4v -f framemd5 - | grep -v '^#' |
        awk -F, '{print $NF}' | md5sum)
    b=$(ffmpeg -nostdin -loglevel error -i "$MEDIA/av.mkv" -map 0:v -f framemd5 - |
        grep -v '^#' | awk -F, '{print $NF}' | md5sum)
    [ "$a" = "$b" ] || { fail "the video dump does not decode to the track's frames"; return 1; }
    # PCM is written as raw samples, as MPlayer does.
    mp -dumpaudio -dumpfile pcm.raw "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mkv" | cmp -s - pcm.raw || fail "PCM dump differs from the samples"
}

test_dumpaudio_errors() {
    mp -dumpaudio "$MEDIA/v.avi"
    expect_rc 2 || return 1
    expect_err "-dumpaudio: '$MEDIA/v.avi' has no audio track." || return 1
    mp -dumpvideo -dumpfile /dev/full "$MEDIA/av.mkv"
    expect_rc 3 || return 1
    expect_err "-dumpvideo: cannot write '/dev/full'" || return 1
    mp -dumpaudio -dumpfile nodir/a.aac "$MEDIA/av.mp4"
    expect_rc 3 || return 1
    expect_err "-dumpaudio: cannot open 'nodir/a.aac' for writing"
}

# -dumpsub: a subtitle track's packets as they are, one after the other (ffmpeg's
# "data" muxer writes the same); -sid, else -slang, else the first track.
# Two text tracks in Matroska, and DVD subtitles in MPEG-PS (MPlayer's case:
# the SPU packets of a VOB), made from a VobSub pair by TOOLS/mkvobsub.py.
test_dumpsub_writes_the_track() {
    printf '1\n00:00:00,500 --> 00:00:01,500\nfirst track\n' > en.srt
    printf '1\n00:00:00,500 --> 00:00:01,500\nsecond track\n\n' > de.srt
    printf '2\n00:00:02,000 --> 00:00:02,500\nlater\n' >> de.srt
    ff -f lavfi -i color=black:s=64x48:r=25:d=3 -i en.srt -i de.srt -map 0 -map 1 -map 2 \
        -c:v mpeg4 -c:s srt -metadata:s:s:0 language=eng -metadata:s:s:1 language=ger \
        two.mkv || return 1
    ff -i two.mkv -map 0:s:1 -c copy -f data want1.raw || return 1
    ff -i two.mkv -map 0:s:0 -c copy -f data want0.raw || return 1
    mp -dumpsub -dumpfile got.raw -sid 1 -ao pcm:file=never.wav two.mkv
    expect_rc 0 || return 1
    expect_out "Core dumped ;)" || return 1
    [ ! -e never.wav ] || { fail "something was played"; return 1; }
    cmp -s got.raw want1.raw || { fail "-sid 1: not the second track's packets"; return 1; }
    mp -dumpsub -dumpfile got.raw -slang ger two.mkv
    cmp -s got.raw want1.raw || { fail "-slang ger: not the German track"; return 1; }
    mp -dumpsub -dumpfile got.raw two.mkv
    cmp -s got.raw want0.raw || { fail "no -sid: not the first track"; return 1; }
    # -endpos 1.8: the German track's second packet (2.0 s) is left out.
    mp -dumpsub -dumpfile got.raw -sid 1 -endpos 1.8 two.mkv
    [ "$(cat got.raw)" = "second track" ] || { fail "-endpos 1.8: '$(cat got.raw)'"; return 1; }
    mp -dumpsub -sid 2 two.mkv
    expect_rc 2 || return 1
    expect_err "-dumpsub: 'two.mkv' has no subtitle track of that -sid." || return 1
    mp -dumpsub "$MEDIA/av.mp4"
    expect_rc 2 || return 1
    expect_err "-dumpsub: '$MEDIA/av.mp4' has no subtitle track." || return 1
    python3 "$(dirname "${BASH_SOURCE[0]}")/../../TOOLS/mkvobsub.py" vs 320x240 1,2,40,160,200,30,1 \
        || { fail "mkvobsub.py failed"; return 1; }
    ff -f lavfi -i color=gray:s=320x240:r=25:d=3 -i vs.idx -map 0 -map 1 -c:v mpeg2video \
        -c:s copy -f vob dvd.mpg || return 1
    ff -i dvd.mpg -map 0:s:0 -c copy -f data spu.raw || return 1
    [ -s spu.raw ] || { fail "ffmpeg found no SPU packets"; return 1; }
    mp -dumpsub -dumpfile got.raw -sid 0 dvd.mpg
    expect_rc 0 || return 1
    cmp -s got.raw spu.raw || fail "VOB: not the SPU packets ($(wc -c < got.raw) bytes)"
}

# -endpos ends the track dumps too (MPlayer's stop at the first packet at
# or after it): 1 s of a 25 fps track is 25 packets.
test_dump_endpos() {
    mp -dumpvideo -dumpfile v.m4v -endpos 1 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local n
    n=$(ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 v.m4v)
    [ "$n" = 25 ] || fail "-endpos 1: $n packets dumped, not 25"
}

# -rawaudio: mono 8-bit unsigned at 22050 Hz read as such (MPlayer 1.5
# says "22050Hz 1ch u8" too); every sample comes out as it went in.
test_rawaudio_suboptions() {
    ff -i "$MEDIA/a.wav" -f u8 -ac 1 -ar 22050 in.u8 || return 1
    mp -demuxer rawaudio -rawaudio channels=1:rate=22050:samplesize=1:bitrate=0 \
        -ao pcm:fast:file=out.wav in.u8
    expect_rc 0 || return 1
    expect_out "AO: [pcm] 22050Hz 1ch u8" || return 1
    local a b
    a=$(ffmpeg -nostdin -loglevel error -f u8 -ar 22050 -ac 1 -i in.u8 -f s16le - | md5sum)
    b=$(ffmpeg -nostdin -loglevel error -i out.wav -f s16le - | md5sum)
    [ "$a" = "$b" ] || { fail "samples differ"; return 1; }
    mp -rawaudio rate=abc -demuxer rawaudio in.u8
    expect_rc 1 || return 1
    expect_err "Option -rawaudio: rate needs a number 1000..384000, not 'abc'" || return 1
    mp -rawaudio foo=1 -demuxer rawaudio in.u8
    expect_rc 1 || return 1
    expect_err "Option -rawaudio: unknown suboption 'foo'"
}

# -nolirc (in many MPlayer command lines and configs) and -fixed-vo ask for
# what this player always does: silent; their opposites warn once. -pp
# reached only Win32 DLL codecs in MPlayer 1.5: one warning, the file plays.
test_lirc_fixed_vo_pp() {
    mp -nolirc -fixed-vo -vo null -ao null -endpos 0.3 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    grep -q "lirc\|fixed" "$ERR" && { fail "warned: $(cat "$ERR")"; return 1; }
    mp -lirc -nofixed-vo -vo null -ao null -endpos 0.3 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    [ "$(grep -c "Option -lirc is accepted but has no effect" "$ERR")" = 1 ] || return 1
    [ "$(grep -c "Option -nofixed-vo is accepted but has no effect" "$ERR")" = 1 ] || return 1
    mp -pp 6 -vo null -ao null -endpos 0.3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(grep -c "Option -pp is accepted but has no effect" "$ERR")" = 1 ]
}

# -edl: skip 1-2 s, mute 3-3.5 s of the 4 s file. 75 frames are shown, the
# first after the skip being the frame at 2 s (MPlayer 1.5 showed 51 of
# them here and cut 2.47 s of sound); 3 s of sound, silent where muted.
test_edl_skip_and_mute() {
    printf '%s\n' '# skip, then mute' '1.0 2.0 0' '3.0 3.5 1' 'not a line' >cut.edl
    mp -edl cut.edl -vo md5sum -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "Read 2 EDL actions." || return 1
    expect_err "cut.edl:4: not an EDL line" || return 1
    [ "$(wc -l <md5sums)" = 75 ] || { fail "$(wc -l <md5sums) frames, not 75"; return 1; }
    local want got
    want=$(ffmpeg -nostdin -loglevel error -i "$MEDIA/av.mkv" -vf "select=eq(n\,50)" \
        -frames:v 1 -f rawvideo -pix_fmt yuv420p - | md5sum | cut -d' ' -f1)
    got=$(sed -n 26p md5sums | cut -d' ' -f1)
    [ "$got" = "$want" ] || { fail "the frame after the skip is not the one at 2 s"; return 1; }
    local n
    n=$(wav_samples out.wav)
    [ "$n" -ge 130000 ] && [ "$n" -le 133000 ] || { fail "$n samples, not 3 s"; return 1; }
    # Output 2.0-2.5 s is the file's 3.0-3.5 s: silent; 1.5 s is not.
    local quiet loud
    quiet=$(ffmpeg -nostdin -loglevel error -i out.wav -ss 2.05 -t 0.4 -f s16le - |
        od -An -td2 -v | awk '{for (i = 1; i <= NF; i++) if ($i != 0) c++} END {print c + 0}')
    loud=$(ffmpeg -nostdin -loglevel error -i out.wav -ss 1.5 -t 0.3 -f s16le - |
        od -An -td2 -v | awk '{for (i = 1; i <= NF; i++) if ($i != 0) c++} END {print c + 0}')
    [ "$quiet" = 0 ] || { fail "$quiet samples sound in the mute range"; return 1; }
    [ "$loud" -gt 1000 ] || { fail "no sound at 1.5 s"; return 1; }
}

test_edl_without_video_or_file() {
    printf '0.5 1.0 0\n' >cut.edl
    mp -edl cut.edl -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "Cannot use EDL without video, disabling." || return 1
    [ "$(wav_samples out.wav)" -ge 88000 ] || { fail "the audio file was cut"; return 1; }
    mp -edl nosuch.edl -ao null "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "Option -edl: cannot read 'nosuch.edl'"
}

# A skip range that runs past the end, starting between two frames: the
# file ends there (it waited for ever for a frame time the stopped sound
# never reached); without sound the same frames are shown.
test_edl_skip_to_the_end() {
    printf '3.9 10 0\n' >end.edl
    mp -edl end.edl -vo md5sum -ao pcm:file=out.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(wc -l <md5sums)" = 98 ] || { fail "$(wc -l <md5sums) frames, not 98"; return 1; }
    local n
    n=$(wav_samples out.wav)
    [ "$n" -ge 170000 ] && [ "$n" -le 172500 ] || { fail "$n samples, not 3.9 s"; return 1; }
    mp -edl end.edl -vo md5sum:outfile=nosound.txt -nosound "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(wc -l <nosound.txt)" = 98 ] || fail "-nosound: $(wc -l <nosound.txt) frames"
}
