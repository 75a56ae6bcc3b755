# -vf / -af chains in the player. GPLv2 or later.

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
    [ "$(tf_size p/00000001.png)" = 400,300 ] ||
        { fail "pad size $(tf_size p/00000001.png)"; return 1; }
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
    needs_feature libass || return 77
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
    cmp -s with/00000002.png added/00000002.png ||
        { fail "-vf-add ass differs from -vf ass"; return 1; }
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
    expect_err "160x120"
}

# Every mapped video filter against ffmpeg's run of the same graph written
# out by hand from MPlayer's semantics: both end in rgb24, the third frame
# (temporal filters have history) must match pixel for pixel (PSNR inf) or
# within 50 dB, and, for filters that change the picture, differ from the
# unfiltered frame (so the comparison can fail).
# Rows: MPlayer list # lavfi graph ("null" when the frames stay as they are).
TF_VIDEO_TABLE='scale=160:120#scale=160:120
scale=-2:100#scale=-2:100
crop=100:80:10:20#crop=100:80:10:20
crop=100:80#crop=100:80
expand=400:300#pad=400:300:40:30
expand=:::::16/9#pad=426:240:53:0
pad=400:300:10:20#pad=400:300:10:20
rotate=1#transpose=1
rotate=2#transpose=2
flip#vflip
mirror#hflip
yadif#yadif=0:-1
yadif=1#yadif=1:-1
kerndeint=5#kerndeint=thresh=5
hqdn3d#hqdn3d=4:3:6:4.5
hqdn3d=8#hqdn3d=8:6:12:9
unsharp=l5x5:1.0#unsharp=5:5:1.0:5:5:0
unsharp=l3x3:-0.5:c5x5:0.5#unsharp=3:3:-0.5:5:5:0.5
gradfun=20:8#gradfun=20:8
noise=20#noise=c0s=20:c1s=0:c2s=0
noise=10t:5u#noise=c0s=10:c0f=t:c1s=5:c1f=u:c2s=5:c2f=u
eq=20:30#eq=brightness=0.2:contrast=1.3
eq2=1.5:1.2:0.1:1.3#eq=gamma=1.5:contrast=1.2:brightness=0.1:saturation=1.3
hue=90:1.5#hue=h=90:s=1.5
format=yuy2#format=yuyv422
dsize=4/3#null
harddup#null
screenshot#null
ass#null
pp=hb/vb#pp=hb/vb'

test_vf_each_filter_matches_lavfi() {
    local row mpf lf p q n=0
    ff -i "$MEDIA/v.avi" -frames:v 3 -vf format=rgb24 plain%08d.png
    while IFS= read -r row; do
        mpf=${row%%#*}
        lf=${row#*#}
        # pp only where FFmpeg has libpostproc.
        [ "$mpf" = "pp=hb/vb" ] && ! ffmpeg -hide_banner -filters 2>/dev/null | grep -q ' pp ' &&
            continue
        rm -rf o r
        mkdir r
        mp -nosound -vo png:outdir=o -frames 3 -vf "$mpf,format=rgb24" "$MEDIA/v.avi"
        expect_rc 0 || { fail "-vf $mpf"; return 1; }
        ff -i "$MEDIA/v.avi" -frames:v 3 -vf "$lf,format=rgb24" r/%08d.png
        p=$(psnr o/00000003.png r/00000003.png)
        awk -v p="$p" 'BEGIN { exit !(p == "inf" || p > 50) }' ||
            { fail "-vf $mpf: PSNR '$p' against ffmpeg's $lf"; return 1; }
        if [ "$lf" != null ]; then
            q=$(psnr o/00000003.png plain00000003.png)
            [ "$q" != inf ] || { fail "-vf $mpf: the frame did not change"; return 1; }
        fi
        n=$((n + 1))
    done <<<"$TF_VIDEO_TABLE"
    [ "$n" -ge 29 ] || { fail "only $n filters compared"; return 1; }
}

# tf_wav_diff A B: "n_a n_b maxdiff" of two WAVs' samples (same format).
tf_wav_diff() {
    python3 - "$1" "$2" <<'PY'
import array, struct, sys
# ffmpeg writes float stereo as WAVE_FORMAT_EXTENSIBLE: ours (tag 3) decides.
def read(path, flt=None):
    d = open(path, 'rb').read()
    pos, fmt = 12, None
    while pos + 8 <= len(d):
        cid, size = d[pos:pos + 4], struct.unpack('<I', d[pos + 4:pos + 8])[0]
        if cid == b'fmt ':
            fmt = struct.unpack('<HHIIHH', d[pos + 8:pos + 24])
        elif cid == b'data':
            data = d[pos + 8:pos + 8 + size]
            f = fmt[0] == 3 if flt is None else flt
            code = {8: 'B', 16: 'h', 32: 'f' if f else 'i'}[fmt[5]]
            return fmt, array.array(code, data)
        pos += 8 + size + (size & 1)
fa, a = read(sys.argv[1])
fb, b = read(sys.argv[2], fa[0] == 3)
if fa[0] == 3:  # in 16-bit steps, as the others
    a = [v * 32768 for v in a]
    b = [v * 32768 for v in b]
if fa[1:3] != fb[1:3] or fa[5] != fb[5]:
    print(len(a), len(b), 'format', fa, fb)
    sys.exit()
n = min(len(a), len(b))
print(len(a), len(b), max((abs(a[i] - b[i]) for i in range(n)), default=0))
PY
}

# Every mapped audio filter against ffmpeg's run of the same graph on a
# stereo file whose channels differ (440 Hz left, 660 Hz right): the same
# number of samples, each within 1 of ffmpeg's.
# Rows: MPlayer list # lavfi graph # ffmpeg's output codec.
TF_AUDIO_TABLE='volume=-6#volume=-6dB#pcm_s16le
volume=6:1#volume=6dB,alimiter=limit=1:level=0#pcm_s16le
scaletempo=scale=1.5#atempo=1.5#pcm_s16le
karaoke#pan=stereo|c0=0.5*c0-0.5*c1|c1=0.5*c0-0.5*c1#pcm_s16le
extrastereo=2#extrastereo=m=2#pcm_s16le
volnorm#VOLNORM#pcm_s16le
equalizer=3:0:-2:0:0:0:0:0:0:6#EQUALIZER#pcm_s16le
channels=1#pan=mono|c0=c0#pcm_s16le
channels=2:1:0:1#pan=stereo|c0=0*c0|c1=c0#pcm_s16le
pan=1:0.5:0.5#pan=mono|c0=0.5*c0+0.5*c1#pcm_s16le
pan=2:0:1:1:0#pan=stereo|c0=c1|c1=c0#pcm_s16le
resample=22050#aresample=22050#pcm_s16le
format=u8#anull#pcm_u8
format=floatle#anull#pcm_f32le'

# Octave-wide peaks at MPlayer's band centres, 0 dB bands left out.
TF_EQUALIZER='equalizer=f=31.25:t=o:w=1:g=3,equalizer=f=125:t=o:w=1:g=-2'
TF_EQUALIZER=$TF_EQUALIZER',equalizer=f=16000:t=o:w=1:g=6'

# The lavfi graph volnorm stands for (filter_map.c's af_volnorm).
TF_VOLNORM='dynaudnorm=f=100:g=5:targetrms=0.25'

test_af_each_filter_matches_lavfi() {
    local row mpf lf codec d n=0
    tf_stereo || return 1
    while IFS= read -r row; do
        mpf=${row%%#*}
        row=${row#*#}
        lf=${row%#*}
        codec=${row##*#}
        [ "$lf" = VOLNORM ] && lf=$TF_VOLNORM
        [ "$lf" = EQUALIZER ] && lf=$TF_EQUALIZER
        rm -f out.wav ref.wav
        mp -af "$mpf" -ao pcm:fast:file=out.wav "$MEDIA/stereo.wav"
        expect_rc 0 || { fail "-af $mpf"; return 1; }
        ff -i "$MEDIA/stereo.wav" -af "$lf" -c:a "$codec" ref.wav
        d=$(tf_wav_diff out.wav ref.wav)
        awk -v d="$d" 'BEGIN { split(d, v, " "); exit !(v[1] == v[2] && v[1] > 0 && v[3] <= 1) }' ||
            { fail "-af $mpf against ffmpeg's $lf: ours, ffmpeg's, max diff: $d"; return 1; }
        d=$(tf_wav_diff out.wav "$MEDIA/stereo.wav")
        ! awk -v d="$d" 'BEGIN { split(d, v, " "); exit !(v[1] == v[2] && v[3] == 0) }' ||
            { fail "-af $mpf: the output is the input"; return 1; }
        n=$((n + 1))
    done <<<"$TF_AUDIO_TABLE"
    [ "$n" -ge 14 ] || { fail "only $n filters compared"; return 1; }
}

# tf_stereo: the two-tone stereo WAV the audio tests use (made once).
tf_stereo() {
    [ -f "$MEDIA/stereo.wav" ] ||
        ff -f lavfi -i sine=frequency=440:sample_rate=44100 -f lavfi \
            -i sine=frequency=660:sample_rate=44100 \
            -filter_complex "[0][1]join=inputs=2:channel_layout=stereo" -t 3 -c:a pcm_s16le \
            "$MEDIA/stereo.wav"
}

# -vf-pre, -vf-del, -af-add, -af-pre, -af-del, -af-clr edit the lists in
# MPlayer's order; each result against ffmpeg's run of the list it means.
test_filter_list_edit_options() {
    local row args lf p d
    while IFS= read -r row; do
        args=${row%%#*}
        lf=${row#*#}
        rm -rf o
        # shellcheck disable=SC2086
        mp -nosound -vo png:outdir=o -frames 1 $args "$MEDIA/v.avi"
        expect_rc 0 || { fail "$args"; return 1; }
        ff -i "$MEDIA/v.avi" -frames:v 1 -vf "$lf,format=rgb24" ref.png
        p=$(psnr o/00000001.png ref.png)
        [ "$p" = inf ] || { fail "$args: PSNR $p against ffmpeg's $lf"; return 1; }
    done <<'EOT'
-vf crop=100:80,format=rgb24 -vf-pre scale=200:150#scale=200:150,crop=100:80
-vf scale=160:120,flip,mirror,format=rgb24 -vf-del 1#scale=160:120,hflip
-vf flip,mirror -vf-add format=rgb24 -vf-del 0#hflip
EOT
    tf_stereo || return 1
    while IFS= read -r row; do
        args=${row%%#*}
        lf=${row#*#}
        rm -f out.wav
        # shellcheck disable=SC2086
        mp $args -ao pcm:fast:file=out.wav "$MEDIA/stereo.wav"
        expect_rc 0 || { fail "$args"; return 1; }
        ff -i "$MEDIA/stereo.wav" -af "$lf" -c:a pcm_s16le ref.wav
        d=$(tf_wav_diff out.wav ref.wav)
        awk -v d="$d" 'BEGIN { split(d, v, " "); exit !(v[1] == v[2] && v[3] <= 1) }' ||
            { fail "$args against ffmpeg's $lf: $d"; return 1; }
    done <<'EOT'
-af volume=-6 -af-add channels=1#volume=-6dB,pan=mono|c0=c0
-af channels=1 -af-pre pan=2:0:1:1:0#pan=stereo|c0=c1|c1=c0,pan=mono|c0=c0
-af volume=-6,channels=1 -af-del 0#pan=mono|c0=c0
-af volume=-6,channels=1 -af-clr#anull
-af volume=-6 -af-clr -af-add extrastereo=2#extrastereo=m=2
EOT
    # A bad argument is refused at startup: one message, exit 1, nothing written.
    rm -f out.wav
    mp -af volume=loud -ao pcm:fast:file=out.wav "$MEDIA/stereo.wav"
    expect_rc 1 || return 1
    [ ! -e out.wav ] || { fail "-af volume=loud: audio written"; return 1; }
    [ "$(grep -c . "$ERR")" = 1 ] || { fail "-af volume=loud: $(head -c 600 "$ERR")"; return 1; }
    expect_err "filter 'volume': bad argument 1 'loud'"
}

# tf_rms FILE START LEN: RMS level (dBFS) of a stretch of FILE.
tf_rms() {
    ffmpeg -nostdin -hide_banner -ss "$2" -t "$3" -i "$1" \
        -af astats=measure_overall=RMS_level:measure_perchannel=none -f null - 2>&1 |
        sed -n 's/.*RMS level dB: //p' | tail -n 1
}

# volnorm brings a quiet track (-24 dBFS RMS) to MPlayer's target, 0.25 of
# full scale RMS (-12 dBFS), within 2 s; a loud one is left near it.
test_af_volnorm_reaches_target() {
    ff -f lavfi -i sine=frequency=440:sample_rate=44100 -t 4 -ac 2 -c:a pcm_s16le quiet.wav
    mp -af volnorm -ao pcm:fast:file=out.wav quiet.wav
    expect_rc 0 || return 1
    local a b
    a=$(tf_rms quiet.wav 2 0.5)
    b=$(tf_rms out.wav 2 0.5)
    awk -v a="$a" -v b="$b" 'BEGIN { exit !(a < -20 && b > -13.5 && b < -10.5) }' ||
        { fail "volnorm: $a dBFS in, $b dBFS after 2 s (want about -12)"; return 1; }
}

# MPlayer's name=value arguments where its filters take them (scale, crop,
# expand, pad, eq, hue, format), alone or after positional ones: the frame
# equals the positional spelling's; an unknown name is refused.
test_vf_named_arguments() {
    local row named plain
    while IFS= read -r row; do
        named=${row%%#*}
        plain=${row#*#}
        rm -rf n p
        mp -nosound -vo png:outdir=n -frames 1 -vf "$named,format=rgb24" "$MEDIA/v.avi"
        expect_rc 0 || { fail "-vf $named"; return 1; }
        mp -nosound -vo png:outdir=p -frames 1 -vf "$plain,format=rgb24" "$MEDIA/v.avi"
        expect_rc 0 || { fail "-vf $plain"; return 1; }
        cmp -s n/00000001.png p/00000001.png || { fail "$named differs from $plain"; return 1; }
    done <<'EOT'
scale=w=100:h=80#scale=100:80
scale=h=80:w=100#scale=100:80
crop=w=100:h=80:x=10:y=20#crop=100:80:10:20
crop=100:80:y=20#crop=100:80::20
expand=w=400:aspect=4/3#expand=400:::::4/3
pad=w=400:h=300:x=0:y=0#pad=400:300:0:0
eq=contrast=30#eq=0:30
hue=saturation=0.5:hue=20#hue=20:0.5
format=fmt=bgr24#format=bgr24
EOT
    mp -nosound -vo null -frames 1 -vf scale=q=1 "$MEDIA/v.avi"
    expect_rc 1 || return 1
    expect_err "filter 'scale': unknown argument name 'q'"
}

# -benchmark with -vf reports the chain's own time per frame and its graph
# builds: one build and a frame count equal to the frames shown.
test_benchmark_reports_filter_time() {
    mp -benchmark -nosound -vo null -vf scale=160:120 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local line
    line=$(tr '\r' '\n' <"$OUT" | grep '^BENCHMARKf:')
    echo "$line" | grep -Eq 'frames: 75 +avg: [0-9.]+ ms +max: [0-9.]+ ms +graph builds: 1 ' ||
        { fail "BENCHMARKf line: '$line'"; return 1; }
    echo "$line" | awk '{ for (i = 1; i <= NF; i++) if ($i == "avg:") a = $(i + 1);
                          for (i = 1; i <= NF; i++) if ($i == "max:") { m = $(i + 1); break }
                          exit !(a > 0 && m >= a) }' ||
        { fail "average and maximum do not fit: '$line'"; return 1; }
    mp -benchmark -nosound -vo null "$MEDIA/v.avi"
    ! tr '\r' '\n' <"$OUT" | grep -q '^BENCHMARKf:' || { fail "BENCHMARKf without -vf"; return 1; }
}

# -vf dsize sets the size the output shows (it was parsed and ignored),
# as MPlayer 1.5: 320x240 => 427x240 for 16/9, => 640x360 for 640:360.
test_filters_dsize_sets_display_size() {
    mp -vf dsize=16/9 -vo null -ao null -frames 2 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_out "VO: [null] 320x240 => 427x240" || return 1
    mp -vf dsize=640:360 -vo null -ao null -frames 2 "$MEDIA/v.avi"
    expect_out "VO: [null] 320x240 => 640x360"
}

# -af karaoke on a mono file: made stereo first, as MPlayer's chain did, so
# the file plays (as stereo silence: a mono voice is all centre); it was
# skipped with exit 1.
test_filters_karaoke_on_mono() {
    mp -af karaoke -vo null -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    [ "$(ffprobe -v error -show_entries stream=channels -of csv=p=0 out.wav)" = 2 ] ||
        { fail "not stereo"; return 1; }
    local peak
    peak=$(ffmpeg -v info -i out.wav -af volumedetect -f null - 2>&1 |
        sed -n 's/.*max_volume: \([-0-9.]*\) dB.*/\1/p')
    awk -v p="$peak" 'BEGIN { exit !(p != "" && p < -60) }' || fail "not silent: $peak dB"
}
