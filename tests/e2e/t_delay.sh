# Audio delay (-delay, audio_delay, the +/- keys) and seeking while paused
# (the frame at the new position is shown, playback stays paused).
# GPLv2 or later. Uses slave(), ans(), expect_ans, in_range, png_count from
# t_slave.sh (run.sh sources every t_*.sh).

# ramp.mkv: 4 s, 25 fps (a keyframe each second), mono PCM whose sample
# value is t/8 of full scale: the first sample of an output tells the
# position the audio started at.
ramp_media() {
    [ -s "$MEDIA/ramp.mkv" ] && return 0
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i "aevalsrc=exprs=t/8:s=44100" \
        -t 4 -map 0 -map 1 -c:v mpeg4 -q:v 4 -g 25 -c:a pcm_s16le "$MEDIA/ramp.mkv.tmp.mkv" &&
        mv "$MEDIA/ramp.mkv.tmp.mkv" "$MEDIA/ramp.mkv"
}

# The position (s) of the first sample of WAV $1, from the ramp's value.
ramp_start() {
    raw_s16 "$1" 2>/dev/null | head -c 2 | od -An -td2 |
        awk '{ printf "%.3f\n", $1 * 8 / 32767 }'
}

# PSNR of image $1 against frame $2 of ramp.mkv.
ramp_frame_psnr() {
    ff -i "$MEDIA/ramp.mkv" -vf "select=eq(n\,$2)" -frames:v 1 "ref$2.png" &&
        psnr "$1" "ref$2.png"
}

# -delay d with -ss 2: the first frame shown is the one at 2 s and the
# audio output starts at 2 + d (MPlayer's sign: positive shows the video
# later, so the audio that goes with it comes sooner).
test_delay_ss_pairs_audio_with_video() {
    ramp_media || fail "cannot make ramp.mkv" || return 1
    local d want got p
    for d in 0.5 -0.5 0; do
        rm -rf png
        mp -ss 2 -delay "$d" -frames 1 -osdlevel 0 -vo png:outdir=png -ao pcm:file=out.wav \
            "$MEDIA/ramp.mkv"
        expect_rc 0 || return 1
        want=$(awk -v d="$d" 'BEGIN { print 2 + d }')
        got=$(ramp_start out.wav)
        # 0.05: the container's audio packets start up to a packet after
        # the keyframe (without any delay too).
        in_range "$got" "$(awk -v w="$want" 'BEGIN { print w - 0.001 }')" \
            "$(awk -v w="$want" 'BEGIN { print w + 0.05 }')" ||
            fail "-delay $d: audio starts at $got s, want $want" || return 1
        p=$(ramp_frame_psnr png/00000001.png 50)
        [ "$p" = inf ] || fail "-delay $d: first frame is not frame 50 (psnr $p)" || return 1
    done
}

# From the start: with -delay 1 the 5th frame (pts 0.16) waits until the
# audio reaches 1.16 s, so at least that much audio has been written when
# -frames 5 stops the player (without the delay it is a fraction of that).
test_delay_holds_video_back() {
    ramp_media || fail "cannot make ramp.mkv" || return 1
    mp -delay 1 -frames 5 -vo null -ao pcm:file=out.wav "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    local n
    n=$(( ($(stat -c %s out.wav) - 44) / 2 ))
    [ "$n" -ge $((44100 * 116 / 100)) ] || fail "$n samples written, want >= 1.16 s" || return 1
    # A negative delay: frame 0 is due when the audio is at -0.5 s, so it
    # is shown at once, and the status line's A: (the audio position less
    # the delay) is at least 0.5 ahead of its V:.
    mp -delay -0.5 -frames 3 -vo null -ao pcm:file=out.wav "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    local line
    line=$(tr '\r' '\n' < "$OUT" | grep '^A:' | head -n 1)
    echo "$line" | awk '$3 == "V:" && $4 == 0 && $2 - $4 >= 0.49 && $6 >= 0.49 { ok = 1 }
        END { exit !ok }' || fail "first status line: $line"
}

test_delay_slave_property_and_command() {
    ramp_media || fail "cannot make ramp.mkv" || return 1
    slave "pause" "$P get_property audio_delay" "$P audio_delay 0.5 1" \
        "$P get_property audio_delay" "$P audio_delay -0.2" "$P get_property audio_delay" \
        "$P step_property audio_delay" "$P get_property audio_delay" \
        "$P step_property audio_delay 0.5 -1" "$P get_property audio_delay" \
        "$P set_property audio_delay -1" "$P audio_delay 0" "$P get_property audio_delay" \
        "$P set_property audio_delay 500" "$P get_property audio_delay" "quit" -- \
        -v -delay 0.25 "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    local got
    got=$(ans_all audio_delay | tr '\n' ' ')
    [ "$got" = "0.250000 0.500000 0.300000 0.400000 -0.100000 -1.000000 100.000000 " ] ||
        fail "audio_delay answers: $got" || return 1
    # The OSD text, also printed with -v.
    expect_out "A-V delay: 500 ms" && expect_out "A-V delay: 300 ms"
}

test_delay_unavailable_without_video() {
    # As MPlayer: audio delay means nothing without video.
    slave "pause" "$P get_property audio_delay" "$P set_property audio_delay 1" \
        "$P get_property time_pos" "quit" -- -delay 1 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local got
    got=$(ans_all ERROR | tr '\n' ' ')
    [ "$got" = "PROPERTY_UNAVAILABLE PROPERTY_UNAVAILABLE " ] || fail "errors: $got" || return 1
    # -delay does not shift an audio-only file.
    mp -delay 1 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "-delay changed an audio-only file"
}

test_delay_keys() {
    # Keys from stdin (no -slave): + + - then q.
    ramp_media || fail "cannot make ramp.mkv" || return 1
    # Each key once the message of the one before is out.
    slave_run -k @started + "?has_out 1 '^A-V delay: '" + "?has_out 2 '^A-V delay: '" - \
        "?has_out 3 '^A-V delay: '" q -- -v -vo null -ao null "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    local got
    got=$(sed -n 's/^A-V delay: //p' "$OUT" | tr '\n' ',')
    [ "$got" = "100 ms,200 ms,100 ms," ] || fail "key messages: $got"
}

# pausing_keep seek while paused: the frame at the target is shown, the
# player stays paused, time_pos and the status line say the target, and
# frame_step goes on from there.
test_pausing_keep_seek_redraws() {
    ramp_media || fail "cannot make ramp.mkv" || return 1
    mkdir png
    # Each redraw waited for (its status line, its PNG): queued together,
    # the commands run in one go, and only the last seek's frame is drawn.
    slave "pause" "$P seek 2 2" "?has_out 1 '^A:   2\.0 V:   2\.0'" \
        "$P get_property time_pos" "$P get_property pause" \
        "pausing_keep_force seek 1 0" "?has_out 1 '^A:   3\.0 V:   3\.0'" "$P get_time_pos" \
        "$P get_property pause" "?png_mark" "frame_step" "?png_more" "$P get_property pause" \
        "quit" -- \
        -osdlevel 0 -vo png:outdir=png "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    expect_ans time_pos 2.000000 && expect_ans TIME_POSITION 3.0 || return 1
    [ "$(grep -c '^ANS_pause=yes' "$OUT")" = 3 ] || fail "pause: $(grep '^ANS_pause' "$OUT")" ||
        return 1
    # The last three frames written: 2 s (frame 50), 3 s (75), the step (76).
    local n p i f
    n=$(png_count)
    i=0
    for f in 50 75 76; do
        p=$(ramp_frame_psnr "png/$(printf %08d $((n - 2 + i))).png" "$f")
        [ "$p" = inf ] || fail "frame $((n - 2 + i)) of $n is not frame $f (psnr $p)" ||
            return 1
        i=$((i + 1))
    done
    grep -q '^A:   2\.0 V:   2\.0' "$OUT" || fail "no status line at 2.0" || return 1
    grep -q '^A:   3\.0 V:   3\.0' "$OUT" || fail "no status line at 3.0"
}

test_pausing_keep_seek_video_only() {
    mkdir png
    # The redraw at the target waited for (its status line) before quit.
    slave "pause" "$P seek 1.5 2" "$P get_property time_pos" "$P get_property pause" \
        "?has_out 1 '^V: *1\.5 '" "quit" -- -osdlevel 0 -vo png:outdir=png "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_ans time_pos 1.500000 && expect_ans pause yes || return 1
    local n
    n=$(png_count)
    ff -i "$MEDIA/v.avi" -vf "select=eq(n\,37)" -frames:v 1 ref37.png
    [ "$(psnr "png/$(printf %08d "$n").png" ref37.png)" = inf ] ||
        fail "last frame is not frame 37"
}

test_pausing_keep_seek_audio_only() {
    slave "pause" "$P seek 1.5 2" "$P get_property time_pos" "$P get_time_pos" \
        "$P get_property pause" "?has_out 1 '^A:   1\.5 \(01\.5\) of 2\.0'" "quit" -- \
        "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_ans time_pos 1.500000 && expect_ans TIME_POSITION 1.5 && expect_ans pause yes ||
        return 1
    grep -q '^A:   1\.5 (01\.5) of 2\.0' "$OUT" || fail "no status line at 1.5"
}

test_pausing_keep_seek_from_a_key() {
    # A key bound to a seek that keeps the pause (input.conf): the frame at
    # the new position is shown and the player stays paused.
    mkdir png
    printf 'n pausing_keep seek 1 0\nt pausing_keep_force get_property time_pos\n' > keys.conf
    printf 'u pausing_keep_force get_property pause\n' >> keys.conf
    # Paused (u answers), the seek's frame written (one more PNG), its
    # time asked and answered, then the pause asked again and quit.
    slave_run -k @started p u "?has_ans 1 pause" "?png_mark" n "?png_more" t \
        "?has_ans 1 time_pos" u "?has_ans 2 pause" q -- \
        -input conf="$PWD/keys.conf" -osdlevel 0 -vo png:outdir=png -nosound "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ans_all pause | sort -u)" = yes ] || fail "pause answers: $(ans_all pause)" ||
        return 1
    # The frame shown last is the first one not more than half a frame
    # before time_pos (25 fps), and the last status line shows its time.
    local t n f
    t=$(ans time_pos)
    in_range "$t" 1 2.9 || fail "time_pos $t" || return 1
    f=$(awk -v t="$t" 'BEGIN { x = t * 25 - 0.5; f = int(x); if (f < x) f++; print f }')
    n=$(png_count)
    ff -i "$MEDIA/v.avi" -vf "select=eq(n\,$f)" -frames:v 1 ref.png
    [ "$(psnr "png/$(printf %08d "$n").png" ref.png)" = inf ] ||
        fail "last frame ($n) is not frame $f (time_pos $t)" || return 1
    local v
    v=$(awk -v f="$f" 'BEGIN { printf "%.1f", f / 25 }')
    grep '^V:' "$OUT" | tail -n 1 | grep -q "^V: *$v " ||
        fail "last status line: $(grep '^V:' "$OUT" | tail -n 1)"
}

# In a window (t_sdl.sh's helpers): a seek that keeps the pause shows the
# seek bar on the paused picture, and the bar goes away after its second
# while the player stays paused (the last frame is drawn again).
test_sdl_paused_seek_bar_goes_away() {
    needs_feature sdl2 || return 77
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 30 10 || return 1
    sdl_mp_start -slave -vo sdl -nosound still.mkv
    sdl_window || return 1
    sdl_grab_until_like before.png still.png 25 10 ||
        fail "no picture before the seek: PSNR ${SDL_DB:-none} dB" || return 1
    sdl_cmd pause
    sdl_ask_until 10 pause yes || return 1
    local size=${SDL_GEOM%%+*} pos=${SDL_GEOM#*+}
    mkdir film
    ff -f x11grab -draw_mouse 0 -framerate 10 -video_size "$size" \
        -i "$DISPLAY+${pos/+/,}" -t 4 film/%03d.png &
    local film=$!
    sdl_until 10 test -s film/002.png || fail "x11grab films nothing" || return 1
    sdl_cmd "pausing_keep seek 10 2"
    sdl_ask_until 10 time_pos 10.000000 || return 1
    wait "$film"
    local h=${size#*x} n=0 db bar='' gone=''
    sdl_film_psnr film before.png $((h * 5 / 8)) $((h / 4)) >bar.db || return 1
    while read -r db; do
        n=$((n + 1))
        if [ -z "$bar" ]; then
            sdl_db_above "$db" 30 || bar=$n
        elif sdl_db_above "$db" 35; then
            gone=$n
        fi
    done <bar.db
    [ -n "$bar" ] || fail "no bar in $n pictures after the seek" || return 1
    [ -n "$gone" ] || fail "the bar (from picture $bar of $n) stayed up while paused" ||
        return 1
    sdl_ask_until 5 pause yes || return 1
    sdl_cmd quit
    sdl_mp_wait
    expect_rc 0
}

# audio_delay while playing moves the sync at once: after "audio_delay 1 1"
# the 30th frame (pts 1.16) waits for the audio to reach 2.16 s.
test_delay_command_while_playing() {
    ramp_media || fail "cannot make ramp.mkv" || return 1
    slave "audio_delay 1 1" -- -frames 30 -ao pcm:file=out.wav "$MEDIA/ramp.mkv"
    expect_rc 0 || return 1
    local n
    n=$(( ($(stat -c %s out.wav) - 44) / 2 ))
    [ "$n" -ge $((44100 * 216 / 100)) ] || fail "$n samples written, want >= 2.16 s"
}
