# -vf / -af chains in the player. GPLv2 or later.

test_vf_scale_and_flip() {
    mp -nosound -vo png:outdir=shots -frames 1 -vf scale=160:120,flip "$MEDIA/v.avi"
    expect_rc 0 || return 1
    ff -i "$MEDIA/v.avi" -frames:v 1 -vf scale=160:120,vflip ref.png
    local size p
    size=$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 shots/00000001.png)
    [ "$size" = "160,120" ] || fail "size $size" || return 1
    # Scalers differ in detail (ffmpeg's CLI converts differently): the
    # flipped reference must match well, the unflipped one clearly worse.
    ff -i "$MEDIA/v.avi" -frames:v 1 -vf scale=160:120 unflipped.png
    local q
    p=$(psnr shots/00000001.png ref.png)
    q=$(psnr shots/00000001.png unflipped.png)
    awk -v p="$p" -v q="$q" 'BEGIN { if (p == "inf") p = 99; exit !(p > 24 && p > q + 8) }' ||
        fail "PSNR $p against ffmpeg's flipped frame, $q against the unflipped one"
}

test_vf_add_and_clr() {
    mp -nosound -vo png:outdir=a -frames 1 -vf scale=160:120 -vf-add mirror -vf-clr \
        "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ffprobe -v error -show_entries stream=width -of csv=p=0 a/00000001.png)" = 320 ] ||
        fail "-vf-clr did not clear the chain"
}

test_af_volume() {
    mp -af volume=-6 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local a b
    a=$(ffmpeg -nostdin -hide_banner -i "$MEDIA/a.wav" -af volumedetect -f null - 2>&1 |
        sed -n 's/.*mean_volume: \([-0-9.]*\) dB.*/\1/p')
    b=$(ffmpeg -nostdin -hide_banner -i out.wav -af volumedetect -f null - 2>&1 |
        sed -n 's/.*mean_volume: \([-0-9.]*\) dB.*/\1/p')
    awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(d > 5.8 && d < 6.2) }' ||
        fail "volume=-6: $a dB -> $b dB"
}

test_af_scaletempo_keeps_length_ratio() {
    mp -af scaletempo -speed 2 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local n
    n=$(( ($(stat -c %s out.wav) - 44) / 2 ))
    [ "$n" -ge 43000 ] && [ "$n" -le 45500 ] ||
        { fail "$n samples at -speed 2 with scaletempo"; return 1; }
    # Slower, on a file with video, to an output that drains at once: about
    # 2x and 4x the 4 s track's 176400 samples, in bounded time (this
    # stalled at A: 0.5 when atempo's stamps were taken for the clock).
    local sp want got
    for sp in 0.5:352800 0.25:705600; do
        rm -f out.wav
        MP_TIMEOUT=60 mp -vo null -af scaletempo -speed "${sp%:*}" -ao pcm:fast:file=out.wav \
            "$MEDIA/av.mkv"
        expect_rc 0 || return 1
        want=${sp#*:}
        got=$(tf_wav out.wav | cut -d' ' -f4)
        awk -v w="$want" -v g="$got" 'BEGIN { exit !(g > w * 0.99 && g < w * 1.01) }' ||
            { fail "-speed ${sp%:*} with scaletempo: $got samples, want about $want"; return 1; }
    done
}

test_unknown_filter_refused_before_playback() {
    mp -vf nosuchfilter -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "nosuchfilter" || return 1
    [ ! -e out.wav ] || fail "played despite the bad filter"
}

test_filter_help() {
    mp -vf help
    expect_rc 0 || return 1
    expect_out "crop" || return 1
    mp -af help
    expect_rc 0 || return 1
    expect_out "scaletempo"
}

# tf_wav FILE: "rate channels bits samples" from the WAV header (samples
# from the data chunk's size, so a wrong header or length shows).
tf_wav() {
    python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
pos, fmt, n = 12, None, None
while pos + 8 <= len(d):
    cid, size = d[pos:pos + 4], struct.unpack('<I', d[pos + 4:pos + 8])[0]
    if cid == b'fmt ':
        fmt = struct.unpack('<HHIIHH', d[pos + 8:pos + 24])
    elif cid == b'data':
        n = min(size, len(d) - pos - 8)
        break
    pos += 8 + size + (size & 1)
ch, rate, bits = fmt[1], fmt[2], fmt[5]
print(rate, ch, bits, n // (ch * bits // 8))
PY
}

# The output is opened with what the chain makes, as in MPlayer: the
# 4 s 44.1 kHz stereo s16 track of av.mkv through resample, channels,
# pan and format.
test_af_output_format_follows_chain() {
    local spec af want got
    for spec in "resample=22050|22050 2 16 88200" "channels=1|44100 1 16 176400" \
        "format=u8|44100 2 8 176400" "pan=1:0.5:0.5|44100 1 16 176400"; do
        af=${spec%%|*}
        want=${spec#*|}
        rm -f out.wav
        mp -novideo -af "$af" -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
        expect_rc 0 || return 1
        got=$(tf_wav out.wav)
        # Up to 0.5% fewer or more samples (resampler delay, last packet).
        awk -v w="$want" -v g="$got" 'BEGIN { split(w, a, " "); split(g, b, " ");
            exit !(a[1] == b[1] && a[2] == b[2] && a[3] == b[3] &&
                   b[4] > a[4] * 0.995 && b[4] < a[4] * 1.005) }' ||
            { fail "-af $af: WAV rate/ch/bits/samples '$got', want '$want'"; return 1; }
    done
}

# tf_size PNG: "w,h"
tf_size() {
    ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$1"
}

# expand's sizes as MPlayer computes them (aspect, round, offsets), and
# pad as an alias of its first four arguments, placed where asked.
test_vf_expand_aspect_and_pad() {
    local c spec want got
    for c in ":::::16/9|426,240" "800:::::4/3|800,600" "-50:0:::::16|384,240" \
        "100:100|320,240" "0:-50:0:0|320,290"; do
        spec=${c%|*}
        want=${c#*|}
        rm -rf e
        mp -nosound -vo png:outdir=e -frames 1 -vf "expand=$spec" "$MEDIA/v.avi"
        expect_rc 0 || return 1
        got=$(tf_size e/00000001.png)
        [ "$got" = "$want" ] || { fail "expand=$spec: $got, want $want"; return 1; }
    done
    mp -nosound -vo png:outdir=p -frames 1 -vf pad=400:300:10:20,format=rgb24 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(tf_size p/00000001.png)" = 400,300 ] || { fail "pad size $(tf_size p/00000001.png)"; return 1; }
    ff -i "$MEDIA/v.avi" -frames:v 1 -vf pad=400:300:10:20,format=rgb24 ref.png
    local p
    p=$(psnr p/00000001.png ref.png)
    awk -v p="$p" 'BEGIN { if (p == "inf") p = 99; exit !(p > 40) }' ||
        { fail "pad=400:300:10:20: PSNR $p against ffmpeg's"; return 1; }
    mp -vf help
    expect_out "pad" || return 1
}

# tf_band_md5 PNG Y H: md5 of the rows Y..Y+H-1 as RGB.
tf_band_md5() {
    ffmpeg -nostdin -loglevel error -i "$1" -vf "crop=iw:$3:0:$2,format=rgb24" -f md5 - |
        sed 's/^MD5=//'
}

# -vf ass (and -vf-add ass, as front-ends pass it) is known and burns the
# subtitle into the frames -vo png writes: with -sub the bottom band
# differs from the same run without, the top band does not.
test_vf_ass_burns_subtitles() {
    printf '1\n00:00:00,000 --> 00:00:03,000\nBURNT IN SUBTITLE\n' >s.srt
    mp -nosound -vo png:outdir=with -frames 3 -sub s.srt -vf ass "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mp -nosound -vo png:outdir=without -frames 3 -vf ass "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mp -nosound -vo png:outdir=added -frames 3 -sub s.srt -vf-add ass "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local a b
    a=$(tf_band_md5 with/00000002.png 180 60)
    b=$(tf_band_md5 without/00000002.png 180 60)
    [ -n "$a" ] && [ "$a" != "$b" ] || { fail "no subtitle in the bottom band"; return 1; }
    a=$(tf_band_md5 with/00000002.png 0 60)
    b=$(tf_band_md5 without/00000002.png 0 60)
    [ "$a" = "$b" ] || { fail "the top band changed too"; return 1; }
    cmp -s with/00000002.png added/00000002.png || { fail "-vf-add ass differs from -vf ass"; return 1; }
}

# A chain that fits no stream of the file is refused before anything plays,
# from the stream parameters the decoder announces: no output file, one
# message naming the filter (libavfilter's own lines quieted), exit 1.
test_chain_misfit_refused_before_playback() {
    mp -vo null -vf scale=160:120,crop=1000:1000 -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    [ ! -e out.wav ] || { fail "audio written before the refusal"; return 1; }
    local n
    n=$(grep -c . "$ERR")
    [ "$n" = 1 ] || { fail "$n lines on stderr: $(head -c 600 "$ERR")"; return 1; }
    expect_err "filter 'crop'" || return 1
    expect_err "160x120" || return 1
    mp -af karaoke -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 1 || return 1
    [ ! -e out.wav ] || { fail "karaoke on mono: audio written"; return 1; }
    [ "$(grep -c . "$ERR")" = 1 ] || { fail "karaoke on mono: $(head -c 600 "$ERR")"; return 1; }
}
