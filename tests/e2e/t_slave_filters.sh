# Slave commands that change the filters while a file plays: af_add,
# af_del, af_clr, af_switch, af_cmdline, and the picture controls
# (brightness, contrast, hue, saturation, gamma). GPLv2 or later.
#
# The audio tests play in real time into -ao pcm and send each command only
# once the WAV has grown past a given size, so every change lands in the
# middle of the file however slow the machine; the output is then compared
# with the input sample by sample.

# sf_slave ITEM... -- ARGS...: mplayer -slave ARGS with ITEMs on stdin in
# order: "?<shell condition>" waits (at most 30 s) until the condition
# holds, anything else is sent as a command (slave_run). Sets RC, OUT, ERR.
sf_slave() {
    slave_run -t 90 -w 300 "$@"
}

# True once the WAV FILE being written (-ao pcm writes .FILE.<pid>.<n>.tmp
# and renames it at the end) holds more than SECS seconds of 44.1 kHz
# mono s16.
sf_wav_past() {
    local f size
    for f in "$1" ."$1".*.tmp; do
        [ -f "$f" ] || continue
        size=$(stat -c %s "$f" 2>/dev/null) || continue
        awk -v n="$size" -v s="$2" 'BEGIN { exit !(n > 44 + s * 88200) }' && return 0
    done
    return 1
}

# A 4 s 440 Hz sine, mono s16 at 44.1 kHz (made once).
sf_sine() {
    [ -f "$MEDIA/sine4.wav" ] ||
        ff -f lavfi -i sine=frequency=440:sample_rate=44100 -t 4 -c:a pcm_s16le "$MEDIA/sine4.wav"
}

# sf_gains IN OUT G1 G2 ...: OUT must be IN sample by sample, first scaled
# by G1, then from some point on by G2, and so on, each gain holding for a
# stretch and every one reached, with as many samples as IN (nothing lost,
# nothing repeated, no shift). A sample may differ by 2 from the product
# (float gain, rounding); near zero, where gains look alike, a sample
# counts for the gain in force.
sf_gains() {
    local in=$1 out=$2
    shift 2
    raw_s16 "$in" | od -An -v -td2 -w2 >in.txt
    raw_s16 "$out" | od -An -v -td2 -w2 >out.txt
    local res
    res=$(paste in.txt out.txt | awk -v gains="$*" '
        function ok(x, y, g) { return y - x * g <= 2 && x * g - y <= 2 }
        BEGIN { ng = split(gains, g, " "); p = 1 }
        NF < 2 { short++; next }
        {
            n++
            if (ok($1, $2, g[p]))
                next
            if (p < ng && ok($1, $2, g[p + 1])) {
                p++
                at[p] = n
                next
            }
            bad++
        }
        END {
            printf "%d samples, %d unpaired, %d off, gains reached %d/%d, changes at", n, short,
                bad, p, ng
            for (i = 2; i <= p; i++)
                printf " %d", at[i]
            print ""
            exit !(short == 0 && bad == 0 && p == ng && n > 0)
        }')
    local rc=$?
    [ "$rc" = 0 ] || fail "gains $*: $res"
}

test_slave_af_add_then_clr_mid_play() {
    sf_sine || return 1
    sf_slave "?sf_wav_past out.wav 0.8" "af_add volume=-20" "?sf_wav_past out.wav 1.8" \
        "af_clr" -- -vo null -ao pcm:file=out.wav "$MEDIA/sine4.wav"
    expect_rc 0 || return 1
    # -20 dB is a gain of 0.1 exactly.
    sf_gains "$MEDIA/sine4.wav" out.wav 1 0.1 1
}

test_slave_af_bad_filter_keeps_chain() {
    sf_sine || return 1
    sf_slave "?sf_wav_past out.wav 0.8" "af_add nosuchfilter" "af_add volume=abc" \
        "?sf_wav_past out.wav 1.8" "af_del volume" \
        -- -vo null -af volume=-20 -ao pcm:file=out.wav "$MEDIA/sine4.wav"
    expect_rc 0 || return 1
    [ "$(grep -c "nosuchfilter" "$ERR")" = 1 ] || fail "not one message: $(cat "$ERR")" || return 1
    [ "$(grep -c "volume" "$ERR")" = 1 ] || fail "not one message: $(cat "$ERR")" || return 1
    # The -af chain ran on through both refusals until af_del took it away.
    sf_gains "$MEDIA/sine4.wav" out.wav 0.1 1
}

test_slave_af_cmdline_and_switch() {
    sf_sine || return 1
    sf_slave "?sf_wav_past out.wav 0.7" "af_cmdline volume -40" \
        "?sf_wav_past out.wav 1.4" "af_switch volume=-20" \
        "?sf_wav_past out.wav 2.1" "af_cmdline nosuch 1" \
        -- -vo null -af volume=0 -ao pcm:file=out.wav "$MEDIA/sine4.wav"
    expect_rc 0 || return 1
    expect_err "filter 'nosuch' not found" || return 1
    sf_gains "$MEDIA/sine4.wav" out.wav 1 0.01 0.1
}

test_slave_af_add_prepends_like_mplayer() {
    # MPlayer puts each filter of af_add in front of the chain in turn.
    sf_sine || return 1
    sf_slave "?sf_wav_past out.wav 0.5" "af_add volume=3,volume=6" \
        -- -v -vo null -af volume=-20 -ao pcm:file=out.wav "$MEDIA/sine4.wav"
    expect_rc 0 || return 1
    grep -qF -- "-af now 'volume=6,volume=3,volume=-20'" "$OUT" "$ERR" ||
        fail "no report of the new list: $(grep -F -- '-af now' "$OUT" "$ERR")" || return 1
    # -20 dB, then -11 dB.
    sf_gains "$MEDIA/sine4.wav" out.wav 0.1 0.28183829
}

test_slave_af_without_audio_is_ignored() {
    sf_slave "af_add volume=-20" "af_clr" "quit" -- -nosound -vo null "$MEDIA/v.avi"
    expect_rc 0
}

# YAVG (mean luma) of an image.
sf_yavg() {
    ffmpeg -nostdin -hide_banner -i "$1" -vf signalstats,metadata=print:key=lavfi.signalstats.YAVG \
        -f null - 2>&1 | sed -n 's/.*YAVG=//p' | head -n 1
}

sf_bars() {
    [ -f "$MEDIA/bars.avi" ] ||
        ff -f lavfi -i smptebars=size=320x240:rate=25 -t 3 -c:v mpeg4 -q:v 2 "$MEDIA/bars.avi"
}

test_slave_brightness_through_eq() {
    sf_bars || return 1
    sf_slave "?[ -f shots/00000005.png ]" "pausing_keep brightness 20 1" \
        "get_property brightness" "step_property contrast 10" "contrast -3" \
        "get_property contrast" "set_property hue 30" "get_property hue" \
        "set_property gamma 500" "get_property gamma" \
        -- -nosound -vo png:outdir=shots "$MEDIA/bars.avi"
    expect_rc 0 || return 1
    expect_out "ANS_brightness=20" || return 1
    expect_out "ANS_contrast=7" || return 1
    expect_out "ANS_hue=30" || return 1
    # Clamped to MPlayer's range.
    expect_out "ANS_gamma=100" || return 1
    local last first y0 y1 p q
    first=shots/00000001.png
    last=shots/$(ls shots | sort | tail -n 1)
    y0=$(sf_yavg "$first")
    y1=$(sf_yavg "$last")
    awk -v a="$y0" -v b="$y1" 'BEGIN { exit !(b > a + 25) }' ||
        fail "mean luma $y0 -> $y1 after brightness 20" || return 1
    # The last frame against lavfi's own eq / hue with the same values
    # (MPlayer's scale: brightness/100, (contrast+100)/100, 8^(gamma/100),
    # hue*1.8 degrees).
    ff -i "$MEDIA/bars.avi" -frames:v 1 \
        -vf eq=brightness=0.2:contrast=1.07:gamma=8,hue=h=54 ref.png
    ff -i "$MEDIA/bars.avi" -frames:v 1 ref0.png
    p=$(psnr "$last" ref.png)
    q=$(psnr "$last" ref0.png)
    awk -v p="$p" -v q="$q" 'BEGIN { if (p == "inf") p = 99; exit !(p > 35 && p > q + 10) }' ||
        fail "PSNR $p against lavfi's eq output, $q against the plain frame"
}

test_slave_picture_controls_without_video() {
    sf_slave "get_property brightness" "brightness 10" "quit" -- -vo null -ao null \
        "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_out "ANS_ERROR=PROPERTY_UNAVAILABLE"
}

# The width and height of a PNG (its IHDR chunk).
sf_png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" \
        $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

# vf_add / vf_del (extensions): the pictures change size mid-play and back.
test_slave_vf_add_del_mid_play() {
    sf_bars || return 1
    sf_slave "?[ -f shots/00000005.png ]" "vf_add crop=160:120" \
        "?[ -f shots/00000040.png ]" "vf_del crop" "vf_add nosuchfilter" \
        -- -nosound -vo png:outdir=shots "$MEDIA/bars.avi"
    expect_rc 0 || return 1
    expect_err "nosuchfilter" || return 1
    local f sizes
    sizes=$(for f in $(ls shots | sort); do sf_png_size "shots/$f"; done | uniq | paste -sd' ')
    [ "$sizes" = "320x240 160x120 320x240" ] ||
        fail "frame sizes in order: $sizes (want 320x240 160x120 320x240)"
}

# The picture controls outlive vf_clr / vf_del / vf_add: the values
# get_property reports still act on the frames after the chain changed.
test_slave_picture_controls_survive_vf_clr() {
    sf_bars || return 1
    sf_slave "?[ -f shots/00000005.png ]" "pausing_keep brightness 30 1" \
        "?[ -f shots/00000020.png ]" "vf_clr" "?[ -f shots/00000035.png ]" \
        "vf_add crop=160:120" "?[ -f shots/00000050.png ]" "vf_del crop" \
        "get_property brightness" \
        -- -nosound -vo png:outdir=shots "$MEDIA/bars.avi"
    expect_rc 0 || return 1
    expect_out "ANS_brightness=30" || return 1
    local y0 f y
    y0=$(sf_yavg shots/00000001.png)
    for f in 00000030 00000045 $(ls shots | sort | tail -n 1 | sed 's/\.png$//'); do
        y=$(sf_yavg "shots/$f.png")
        awk -v a="$y0" -v b="$y" 'BEGIN { exit !(b > a + 35) }' ||
            { fail "frame $f: mean luma $y, first frame $y0 (brightness 30 lost)"; return 1; }
    done
}
