# MPlayer 1.5's demuxer and A/V processing options (issue 17): -lavfdopts,
# -tsprog, -tsprobe, -psprobe, -tskeepbroken and the rest of that group.
# GPLv2 or later.

# The first ID_NAME= value of the last run (the header's, before the
# decoders open and print theirs).
cd_first_id() {
    sed -n "s/^ID_$1=//p" "$OUT" | head -n 1
}

# cd_expect_id NAME VALUE: the first ID_NAME= of the last run is VALUE.
cd_expect_id() {
    [ "$(cd_first_id "$1")" = "$2" ] || fail "ID_$1=$(cd_first_id "$1"), expected $2${3:+ ($3)}"
}

# An MPEG-TS file whose audio starts 1.5 s in, behind 1.5 s of noisy video
# (far more than 16 kB): a short probe cannot see the audio's parameters.
cd_late_ts() {
    ff -f lavfi -i "testsrc=size=64x48:rate=25:d=2,noise=alls=100:allf=t" -itsoffset 1.5 \
        -f lavfi -i sine=d=0.5 -c:v mpeg2video -q:v 2 -c:a mp2 late.ts
}

# -lavfdopts format= forces libavformat's reader; o= hands it its own
# options: 1 s of 44100 Hz mono samples read as 22050 Hz plays 2 s.
test_lavfdopts_format_and_o() {
    ff -f lavfi -i sine=d=1:sample_rate=44100 -ac 1 -f s16le raw.pcm || return 1
    mp -identify -vo null -ao pcm:fast:file=out.wav \
        -lavfdopts format=s16le:o=sample_rate=22050,ch_layout=mono raw.pcm
    expect_rc 0 || return 1
    cd_expect_id AUDIO_RATE 22050 || return 1
    cd_expect_id AUDIO_NCH 1 || return 1
    local n
    n=$(wav_samples out.wav)
    [ "$n" = 44100 ] || fail "$n samples written, not the file's 44100"
}

test_lavfdopts_unknown_format_probes() {
    cd_late_ts || return 1
    mp -identify -vo null -nosound -frames 1 -lavfdopts format=nosuchformat late.ts
    expect_rc 0 || return 1
    expect_err "-lavfdopts format=nosuchformat: libavformat has no such format" || return 1
    cd_expect_id DEMUXER mpegts
}

# probesize= and analyzeduration= bound what libavformat reads for the
# streams' parameters: the late audio is not seen within 16 kB or 0.5 s.
test_lavfdopts_probesize_and_analyzeduration() {
    cd_late_ts || return 1
    mp -identify -vo null -ao null -frames 1 late.ts
    cd_expect_id AUDIO_RATE 44100 || return 1
    mp -identify -vo null -ao null -frames 1 -lavfdopts probesize=16k late.ts
    expect_rc 0 || return 1
    cd_expect_id AUDIO_RATE 0 || return 1
    mp -identify -vo null -ao null -frames 1 -lavfdopts analyzeduration=0.5 late.ts
    expect_rc 0 || return 1
    cd_expect_id AUDIO_RATE 0
}

test_lavfdopts_bad_values() {
    mp -lavfdopts probesize=10 "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "Option -lavfdopts: probesize needs a byte count 32.." || return 1
    mp -lavfdopts cryptokey=abc "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "cryptokey needs an even number of hex digits" || return 1
    mp -lavfdopts nosuch=1 "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "unknown suboption 'nosuch'" || return 1
    mp -lavfdopts o=novalue "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "o needs key=value"
}

# An AVOption the reader lacks is warned about and the file plays; a value
# libavformat refuses stops the file with a message naming it.
test_lavfdopts_avoption_checked_by_libavformat() {
    mp -vo null -ao pcm:fast:file=out.wav -lavfdopts o=nosuchkey=1 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "libavformat's wav reader has no option 'nosuchkey'" || return 1
    [ "$(wav_samples out.wav)" = 88200 ] || { fail "the file did not play whole"; return 1; }
    mp -vo null -ao null -lavfdopts o=probesize=abc "$MEDIA/a.wav"
    expect_err "-lavfdopts: libavformat refused a value of cryptokey= or o=probesize=abc"
}

# -tsprog picks the program's video and audio: program 7 holds the small
# picture and the 22050 Hz audio.
test_tsprog_picks_program() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=1 -f lavfi -i sine=d=1:sample_rate=44100 \
        -f lavfi -i testsrc=size=32x24:rate=10:d=1 -f lavfi -i sine=d=1:sample_rate=22050 \
        -map 0 -map 1 -map 2 -map 3 -c:v mpeg2video -c:a mp2 \
        -program program_num=3:st=0:st=1 -program program_num=7:st=2:st=3 two.ts || return 1
    mp -identify -vo null -ao null -frames 2 -tsprog 7 two.ts
    expect_rc 0 || return 1
    cd_expect_id VIDEO_WIDTH 32 || return 1
    cd_expect_id AUDIO_RATE 22050 || return 1
    mp -identify -vo null -ao null -frames 2 -tsprog 3 two.ts
    cd_expect_id VIDEO_WIDTH 64 || return 1
    cd_expect_id AUDIO_RATE 44100 || return 1
    # A program the file lacks: said, and the default tracks play.
    mp -identify -vo null -ao null -frames 2 -tsprog 5 two.ts
    expect_rc 0 || return 1
    expect_err "-tsprog 5: no such program with streams (the file has 3, 7)" || return 1
    cd_expect_id VIDEO_WIDTH 64 || return 1
    mp -tsprog 0 two.ts
    expect_rc 1 || return 1
    expect_err "Option -tsprog: value 0 out of range 1..65534"
}

# -tsprobe bounds the bytes read for an MPEG-TS file's streams, -psprobe
# an MPEG-PS file's; neither touches the other kind.
test_tsprobe_psprobe() {
    cd_late_ts || return 1
    ff -i late.ts -c copy -f mpeg late.mpg || return 1
    mp -identify -vo null -ao null -frames 1 -tsprobe 16k late.ts
    expect_rc 0 || return 1
    cd_expect_id AUDIO_RATE 0 || return 1
    mp -identify -vo null -ao null -frames 1 -psprobe 16k late.ts
    cd_expect_id AUDIO_RATE 44100 || return 1
    mp -identify -vo null -ao null -frames 1 -psprobe 16k late.mpg
    expect_rc 0 || return 1
    cd_expect_id AUDIO_RATE 0 || return 1
    mp -identify -vo null -ao null -frames 1 -tsprobe 16k late.mpg
    cd_expect_id AUDIO_RATE 44100 || return 1
    mp -tsprobe 8 late.ts
    expect_rc 1 || return 1
    expect_err "Option -tsprobe"
}

# Packets whose transport error bit is set: decoded by default here (with
# the damage warned about), dropped with -notskeepbroken (MPlayer's default).
test_tskeepbroken() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=2 -c:v mpeg2video -g 5 v.ts || return 1
    python3 - <<'EOF' || return 1
b = bytearray(open('v.ts', 'rb').read())
for i in range(0, len(b) - 187, 188):
    pid = (b[i + 1] & 0x1f) << 8 | b[i + 2]
    if pid == 0x100 and (i // 188) % 7 == 3:
        b[i + 1] |= 0x80
open('tei.ts', 'wb').write(b)
EOF
    mp -vo md5sum:outfile=keep.txt -nosound tei.ts
    expect_rc 0 || return 1
    mp -vo md5sum:outfile=keep2.txt -nosound -tskeepbroken tei.ts
    mp -vo md5sum:outfile=drop.txt -nosound -notskeepbroken tei.ts
    expect_rc 0 || return 1
    local keep keep2 drop
    keep=$(wc -l <keep.txt)
    keep2=$(wc -l <keep2.txt)
    drop=$(wc -l <drop.txt)
    [ "$keep" = 20 ] && [ "$keep2" = 20 ] ||
        { fail "kept: $keep and $keep2 frames, not 20"; return 1; }
    [ "$drop" -gt 0 ] && [ "$drop" -lt 15 ] || fail "-notskeepbroken: $drop frames"
}

# -audiofile: the sound of another file plays with the video, from its
# start, sample for sample; the video is the file's.
cd_audiofile_media() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=2 -c:v mpeg4 v.avi &&
    ff -f lavfi -i sine=f=440:d=3 -ac 2 s.wav
}

test_audiofile_plays_external_audio() {
    cd_audiofile_media || return 1
    mp -vo md5sum:outfile=v.txt -ao pcm:fast:file=out.wav -audiofile s.wav v.avi
    expect_rc 0 || return 1
    expect_out "Audio from 's.wav' (wav)." || return 1
    [ "$(wc -l <v.txt)" = 20 ] || { fail "$(wc -l <v.txt) frames, not the video's 20"; return 1; }
    # As in MPlayer 1.5, the longer audio plays to its end.
    [ "$(raw_s16 out.wav | md5sum)" = "$(raw_s16 s.wav | md5sum)" ] ||
        fail "the output is not the audio file's samples"
}

# A seek moves both: from -ss 1 the output is the audio file from 1 s on.
test_audiofile_seeks_with_video() {
    cd_audiofile_media || return 1
    mp -vo null -ao pcm:fast:file=out.wav -ss 1 -audiofile s.wav v.avi
    expect_rc 0 || return 1
    [ "$(raw_s16 out.wav | md5sum)" = "$(raw_s16 s.wav | tail -c +$((44100 * 4 + 1)) | md5sum)" ] ||
        fail "the audio does not start at 1 s: $(wav_samples out.wav) samples"
}

# -audio-demuxer is -demuxer for the audio file: headerless samples read
# as -rawaudio says; -audiofile-cache gives it a ring cache of that size.
test_audio_demuxer_and_cache() {
    cd_audiofile_media || return 1
    ff -f lavfi -i sine=d=1:sample_rate=22050 -ac 1 -f s16le raw.pcm || return 1
    mp -v -vo null -ao pcm:fast:file=out.wav -audiofile raw.pcm -audio-demuxer rawaudio \
        -rawaudio channels=1:rate=22050 -audiofile-cache 512 v.avi
    expect_rc 0 || return 1
    expect_out "Cache: ring of 512 KB over raw.pcm" || return 1
    local rate
    rate=$(ffprobe -v error -show_entries stream=sample_rate -of default=nw=1:nk=1 out.wav)
    [ "$rate" = 22050 ] || { fail "rate $rate, not 22050"; return 1; }
    [ "$(wav_samples out.wav)" = 22050 ] || fail "$(wav_samples out.wav) samples, not 22050"
}

test_audiofile_errors() {
    cd_audiofile_media || return 1
    mp -vo null -ao null -audiofile nosuch.wav v.avi
    expect_rc 2 || return 1
    expect_err "Cannot open audio file 'nosuch.wav'" || return 1
    # A file without sound: said, and the video plays alone.
    mp -vo md5sum:outfile=v.txt -ao null -audiofile v.avi v.avi
    expect_rc 0 || return 1
    expect_err "-audiofile 'v.avi' has no audio track." || return 1
    [ "$(wc -l <v.txt)" = 20 ] || fail "$(wc -l <v.txt) frames"
}

test_sub_demuxer_ignored() {
    mp -vo null -ao pcm:fast:file=out.wav -sub-demuxer subrip "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "Option -sub-demuxer is accepted but has no effect here"
}

# The pictures of a y4m file as raw bytes (headers and FRAME lines gone).
cd_y4m_raw() {
    ffmpeg -nostdin -loglevel error -i "$1" -f rawvideo -
}

# -demuxer rawvideo with -rawvideo: a size name, fps, and the layouts,
# YV12's swapped planes put back: the pictures come out as they went in.
test_rawvideo_plays_headerless_pictures() {
    ff -f lavfi -i testsrc=size=176x144:rate=10:d=1 -f rawvideo -pix_fmt yuv420p q.yuv &&
    ff -f lavfi -i testsrc=size=176x144:rate=10:d=1 -vf format=yuv420p,shuffleplanes=0:2:1 \
        -f rawvideo -pix_fmt yuv420p q_yv12.yuv || return 1
    mp -identify -demuxer rawvideo -rawvideo qcif:fps=10 -vo yuv4mpeg:file=o.y4m -nosound q.yuv
    expect_rc 0 || return 1
    [ "$(cd_first_id VIDEO_WIDTH)x$(cd_first_id VIDEO_HEIGHT)" = 176x144 ] ||
        { fail "size $(cd_first_id VIDEO_WIDTH)x$(cd_first_id VIDEO_HEIGHT)"; return 1; }
    cd_expect_id VIDEO_FPS 10.000 || return 1
    cd_y4m_raw o.y4m | cmp -s - q.yuv || { fail "i420: the pictures differ"; return 1; }
    mp -demuxer rawvideo -rawvideo w=176:h=144:yv12 -vo yuv4mpeg:file=o2.y4m -nosound q_yv12.yuv
    expect_rc 0 || return 1
    cd_y4m_raw o2.y4m | cmp -s - q.yuv ||
        { fail "yv12: the planes were not swapped back"; return 1; }
    # The fourcc number of YV12, as MPlayer takes it, and size= agreeing.
    mp -demuxer rawvideo -rawvideo w=176:h=144:format=0x32315659:size=38016 \
        -vo yuv4mpeg:file=o3.y4m -nosound q_yv12.yuv
    expect_rc 0 || return 1
    cd_y4m_raw o3.y4m | cmp -s - q.yuv || fail "format=0x32315659: the pictures differ"
}

test_rawvideo_errors() {
    ff -f lavfi -i testsrc=size=176x144:rate=10:d=0.2 -f rawvideo -pix_fmt yuv420p q.yuv ||
        return 1
    mp -vo null -demuxer rawvideo q.yuv
    expect_rc 2 || return 1
    expect_err "-demuxer rawvideo needs the picture size" || return 1
    mp -vo null -demuxer rawvideo -rawvideo qcif:size=1000 q.yuv
    expect_rc 2 || return 1
    expect_err "a 176x144 yuv420p frame is 38016 bytes, not size=1000" || return 1
    mp -rawvideo format=nosuch q.yuv
    expect_rc 1 || return 1
    expect_err "Option -rawvideo: format 'nosuch' is unknown" || return 1
    mp -rawvideo fps=0 q.yuv
    expect_rc 1 || return 1
    expect_err "Option -rawvideo: fps needs a rate above 0"
}

# -flip is -vf flip at the end of the chain: the same pictures.
test_flip() {
    mp -vo md5sum:outfile=flip.txt -nosound -frames 3 -flip "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mp -vo md5sum:outfile=vf.txt -nosound -frames 3 -vf flip "$MEDIA/av.mkv"
    mp -vo md5sum:outfile=plain.txt -nosound -frames 3 "$MEDIA/av.mkv"
    [ -s flip.txt ] && cmp -s flip.txt vf.txt || { fail "-flip is not -vf flip"; return 1; }
    ! cmp -s flip.txt plain.txt || { fail "-flip changed nothing"; return 1; }
    # After the user's filters: -vf crop then flip.
    mp -vo md5sum:outfile=f2.txt -nosound -frames 3 -vf crop=64:48:0:0 -flip "$MEDIA/av.mkv"
    mp -vo md5sum:outfile=v2.txt -nosound -frames 3 -vf crop=64:48:0:0,flip "$MEDIA/av.mkv"
    cmp -s f2.txt v2.txt || fail "-flip with -vf: not at the end of the chain"
}

# -noaspect shows the pixels square; the last of -aspect and -noaspect wins.
test_noaspect() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=0.3 -vf setsar=4/3 -c:v mpeg4 sar.avi || return 1
    mp -vo null -nosound sar.avi
    expect_out "VO: [null] 64x48 => 86x48" || return 1
    mp -vo null -nosound -noaspect sar.avi
    expect_rc 0 || return 1
    expect_out "Movie-Aspect is undefined - no prescaling applied." || return 1
    expect_out "VO: [null] 64x48 => 64x48" || return 1
    mp -vo null -nosound -noaspect -aspect 2 sar.avi
    expect_out "VO: [null] 64x48 => 96x48" || return 1
    mp -vo null -nosound -aspect 2 -noaspect sar.avi
    expect_out "VO: [null] 64x48 => 64x48"
}

# -stereo 1/2: the left/right channel on both; 0 as it was.
test_stereo() {
    ff -f lavfi -i sine=f=440:d=0.5 -f lavfi -i sine=f=880:d=0.5 \
        -filter_complex "[0][1]amerge=inputs=2" -c:a pcm_s16le st.wav || return 1
    local s
    for s in 0 1 2; do
        mp -vo null -ao pcm:fast:file=o$s.wav -stereo $s st.wav
        expect_rc 0 || return 1
    done
    python3 - <<'PY' || { fail "-stereo did not route the channels"; return 1; }
import struct, wave
def chans(name):
    w = wave.open(name)
    d = struct.unpack('<%dh' % (2 * w.getnframes()), w.readframes(w.getnframes()))
    return d[0::2], d[1::2]
L, R = chans('o0.wav')
assert L != R
assert chans('o1.wav') == (L, L)
assert chans('o2.wav') == (R, R)
PY
    mp -stereo 3 st.wav
    expect_rc 1 || return 1
    expect_err "Option -stereo: value 3 out of range 0..2"
}

# -format: the sample format the audio output gets.
test_audio_format() {
    local f
    for f in u8:pcm_u8 floatle:pcm_f32le s32le:pcm_s32le; do
        mp -vo null -ao pcm:fast:file=out.wav -format "${f%%:*}" "$MEDIA/a.wav"
        expect_rc 0 || return 1
        [ "$(ffprobe -v error -show_entries stream=codec_name -of default=nw=1:nk=1 out.wav)" \
            = "${f#*:}" ] || { fail "-format ${f%%:*}: not ${f#*:}"; return 1; }
    done
    mp -format nosuch "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "Option -format: 'nosuch' is not a sample format here"
}

# -sstep 1: one frame a second, each the frame at that time.
test_sstep() {
    ff -f lavfi -i testsrc2=size=64x48:rate=25:d=4 -c:v mpeg4 -g 25 -q:v 4 v4.mkv || return 1
    mp -vo md5sum:outfile=all.txt -nosound v4.mkv
    mp -vo md5sum:outfile=step.txt -nosound -sstep 1 v4.mkv
    expect_rc 0 || return 1
    [ "$(cut -d' ' -f1 step.txt)" = "$(sed -n '1p;26p;51p;76p' all.txt | cut -d' ' -f1)" ] ||
        fail "-sstep 1 showed $(wc -l <step.txt) frames, not those at 0, 1, 2, 3 s"
}

# -field-dominance sets the field order yadif's automatic parity follows.
test_field_dominance() {
    ff -f lavfi -i testsrc2=size=64x48:rate=25:d=0.4 -c:v mpeg4 -q:v 4 v.mkv || return 1
    local fd
    for fd in 0 1; do
        mp -vo md5sum:outfile=fd$fd.txt -nosound -vf yadif=1 -field-dominance $fd v.mkv
        expect_rc 0 || return 1
        mp -vo md5sum:outfile=p$fd.txt -nosound -vf yadif=1:$fd v.mkv
    done
    [ -s fd0.txt ] && cmp -s fd0.txt p0.txt && cmp -s fd1.txt p1.txt ||
        { fail "-field-dominance is not yadif's parity"; return 1; }
    ! cmp -s fd0.txt fd1.txt || fail "the field order changed nothing"
}

# -a52drc reaches libavcodec's AC-3 decoder (ffmpeg's encoder writes no
# range compression data, so only the setting can be checked here).
test_a52drc() {
    ff -f lavfi -i sine=d=0.5 -c:a ac3 a.ac3 || return 1
    mp -v -vo null -ao pcm:fast:file=out.wav -a52drc 0.5 a.ac3
    expect_rc 0 || return 1
    grep -qF -- "-a52drc: drc_scale=0.5" "$OUT" "$ERR" || { fail "drc_scale not set"; return 1; }
    [ "$(wav_samples out.wav)" -gt 20000 ] || { fail "no sound"; return 1; }
    mp -a52drc 3 a.ac3
    expect_rc 1 || return 1
    expect_err "Option -a52drc: value 3 out of range 0..2"
}

# Options of MPlayer's own demuxers and font renderer: accepted, each with
# one warning saying why they cannot act here.
test_demux_options_ignored() {
    local o
    for o in "-ausid 0x55" -bps -nobps -ni -noni "-loadidx x.idx" "-saveidx x.idx" \
        -noautosync "-af-adv force=1" "-ffactor 1" -noidx -nocorrect-pts -noframedrop; do
        # shellcheck disable=SC2086
        mp -vo null -ao pcm:fast:file=out.wav $o "$MEDIA/a.wav"
        expect_rc 0 || { fail "$o"; return 1; }
    done
    mp -vo null -ao pcm:fast:file=out.wav -ausid 0x55 "$MEDIA/a.wav"
    expect_err "Option -ausid is accepted but has no effect here: it picks substreams"
}

# -sws picks libswscale's algorithm for -vf scale (the same pictures as
# ffmpeg's scale with those flags); -swsopts hands it more settings.
test_sws_swsopts() {
    ff -f lavfi -i testsrc2=size=64x48:rate=25:d=0.2 -c:v mpeg4 -q:v 4 v.mkv || return 1
    local n fl want
    for n in 2:bicubic 4:neighbor 9:lanczos; do
        fl=${n#*:}
        mp -vo md5sum:outfile=s.txt -nosound -frames 1 -vf scale=128:96 -sws "${n%%:*}" v.mkv
        expect_rc 0 || return 1
        want=$(ffmpeg -nostdin -loglevel error -i v.mkv -frames:v 1 \
            -vf "scale=128:96:flags=$fl" -f rawvideo -pix_fmt yuv420p - | md5sum | cut -d' ' -f1)
        [ "$(cut -d' ' -f1 s.txt)" = "$want" ] || { fail "-sws ${n%%:*} is not $fl"; return 1; }
    done
    mp -vo md5sum:outfile=p.txt -nosound -frames 1 -vf scale=128:96 -sws 2 v.mkv
    mp -vo md5sum:outfile=q.txt -nosound -frames 1 -vf scale=128:96 -sws 2 \
        -swsopts param0=0:param1=0.6 v.mkv
    expect_rc 0 || return 1
    ! cmp -s p.txt q.txt || { fail "-swsopts param0=0:param1=0.6 changed nothing"; return 1; }
    # Also the conversion for the output (rgb24 for -vo png), without -vf.
    mkdir p q || return 1
    mp -vo png:outdir=p -nosound -frames 1 v.mkv
    expect_rc 0 || return 1
    mp -vo png:outdir=q -nosound -frames 1 \
        -swsopts sws_flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp v.mkv
    expect_rc 0 || return 1
    ! cmp -s p/00000001.png q/00000001.png || { fail "-swsopts missed -vo png"; return 1; }
    mp -swsopts nosuch=1 v.mkv
    expect_rc 1 || return 1
    expect_err "Option -swsopts: libswscale does not take 'nosuch=1'" || return 1
    mp -sws 11 v.mkv
    expect_rc 1 || return 1
    expect_err "Option -sws: value 11 out of range 0..10"
}
