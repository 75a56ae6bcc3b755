# -slave: commands on stdin, ANS_ answers on stdout. GPLv2 or later.

# slave "cmd1" "cmd2" ... -- ARGS...: feed each command (once playback has
# started) to mplayer -slave -ao null -vo null ARGS (slave_run); "?COND"
# items wait. The player runs them in order: no gap is needed unless time
# passing is the point, and then the test says so with SLAVE_GAP (seconds
# after each command).
slave() {
    slave_now @started "$@"
}

# slave_now "cmd1" ... -- ARGS...: the same without waiting for playback,
# for a player that plays nothing (-idle with no file, -frames 0): no
# status line comes, and the wait would last its whole timeout.
slave_now() {
    local cmds=()
    while [ "$1" != "--" ]; do
        cmds+=("$1")
        shift
    done
    shift
    slave_run -g "${SLAVE_GAP:-0}" "${cmds[@]}" -- -ao null -vo null "$@"
}

test_slave_quit_with_code() {
    slave "quit 7" -- "$MEDIA/av.mkv"
    expect_rc 7 || return 1
    expect_out "Exiting... (Quit)"
}

test_slave_answers() {
    slave "get_time_length" "get_file_name" "get_property filename" \
        "get_property nosuchprop" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "ANS_LENGTH=4.00" || return 1
    expect_out "ANS_FILENAME='av.mkv'" || return 1
    expect_out "ANS_filename=av.mkv" || return 1
    expect_out "ANS_ERROR=PROPERTY_UNKNOWN"
}

test_slave_seek_absolute() {
    slave "pausing_keep_force pause" "seek 3 2" "get_time_pos" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    # Paused, then seek (which resumes) to 3 s: the answer is 3.0 or just after.
    local t
    t=$(ans_all TIME_POSITION | tail -n 1)
    awk -v t="$t" 'BEGIN { exit !(t >= 2.9 && t <= 3.6) }' || fail "time after seek: '$t'"
}

test_slave_pausing_keep_keeps_pause() {
    slave "pause" "pausing_keep get_property pause" "get_property pause" "quit" -- \
        "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    grep -q '^ANS_pause=yes' "$OUT" || fail "pausing_keep did not keep the pause" || return 1
    # Without a prefix the command resumes playback first, as in MPlayer.
    grep -q '^ANS_pause=no' "$OUT" || fail "a plain command did not resume"
}

test_slave_loadfile_in_idle() {
    slave_now "loadfile $MEDIA/a.wav" "get_file_name" "quit 3" -- -idle
    expect_rc 3 || return 1
    expect_out "ANS_FILENAME='a.wav'"
}

test_slave_garbage_survives() {
    local long
    long=$(head -c 6000 /dev/zero | tr '\0' 'x')
    slave "$long" "$(printf 'seek \001\002\003')" "nosuchcommand 1 2" "seek" \
        'loadfile "unterminated' "get_time_length" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "ANS_LENGTH=4.00"
}

test_slave_eof_on_stdin_plays_on() {
    # stdin closing does not stop playback (no busy loop, no exit).
    OUT=$T/last.out
    ERR=$T/last.err
    echo get_time_length | timeout 60 "$MPLAYER" -slave -ao pcm:fast:file=out.wav -vo null \
        "$MEDIA/a.wav" >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "playback changed by stdin EOF"
}

# ans NAME: the value of the last ANS_NAME= line.
ans() {
    ans_all "$1" | tail -n 1
}

# expect_ans NAME VALUE: some ANS_NAME= line has exactly VALUE.
expect_ans() {
    ans_all "$1" | grep -qxF -- "$2" || fail "no 'ANS_$1=$2'; got: $(ans_all "$1")"
}

# in_range X LO HI
in_range() {
    awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x != "" && x >= lo && x <= hi) }'
}

# Zero crossings per second of channel 1 of a media file between $2 and
# $2 + $3 seconds: twice the frequency of a sine.
crossings_per_sec() {
    ffmpeg -nostdin -loglevel error -ss "$2" -t "$3" -i "$1" -af pan="mono|c0=c0" \
        -f s16le -acodec pcm_s16le - | od -An -v -td2 -w2 |
        awk -v d="$3" '{ s = ($1 >= 0) } NR > 1 && s != p { n++ } { p = s } END { print n / d }'
}

# Paused from the start, so every answer describes one steady state.
P="pausing_keep_force"

test_slave_properties() {
    id_media || fail "cannot make id.mkv" || return 1
    slave "pause" "$P get_property filename" "$P get_property path" "$P get_property demuxer" \
        "$P get_property length" "$P get_property chapters" "$P get_property width" \
        "$P get_property height" "$P get_property fps" "$P get_property aspect" \
        "$P get_property video_format" "$P get_property video_codec" \
        "$P get_property audio_codec" "$P get_property audio_format" \
        "$P get_property audio_bitrate" "$P get_property samplerate" \
        "$P get_property channels" "$P get_property switch_audio" \
        "$P get_property switch_video" "$P get_property volume" "$P get_property mute" \
        "$P get_property pause" "$P get_property speed" "$P get_property sub" \
        "$P get_property sub_visibility" "$P get_property stream_start" \
        "$P get_property stream_end" "$P get_property metadata/ARTIST" \
        "$P get_property metadata" "$P get_property Width" "quit" -- "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    local size
    size=$(stat -c %s "$MEDIA/id.mkv")
    expect_ans filename id.mkv && expect_ans path "$MEDIA/id.mkv" &&
    expect_ans demuxer lavfpref &&
    expect_ans chapters 2 && expect_ans width 320 && expect_ans height 240 &&
    expect_ans fps 25.000000 && expect_ans aspect 1.333333 &&
    expect_ans video_format 1446269005 && expect_ans video_codec ffodivx &&
    expect_ans audio_codec pcm && expect_ans audio_format 1 &&
    expect_ans audio_bitrate 88200 && expect_ans samplerate 44100 && expect_ans channels 1 &&
    # Unity gain sits at 100 * 100 / 110 on the volume scale with MPlayer's
    # default -softvol-max 110 (MPlayer 1.5 prints 90.909088, in floats).
    expect_ans switch_audio 0 && expect_ans switch_video 0 && expect_ans volume 90.909088 &&
    expect_ans mute no && expect_ans pause yes && expect_ans speed 1.000000 &&
    expect_ans sub -1 && expect_ans sub_visibility yes && expect_ans stream_start 0 &&
    expect_ans stream_end "$size" && expect_ans metadata/ARTIST "Test Artist" &&
    expect_ans Width 320 || return 1
    grep -qx 'ANS_length=3\.0[0-9]*' "$OUT" || fail "length: $(ans length)" || return 1
    # key,value,... of the container's tags
    case ",$(ans metadata)," in
    *,title,Test\ Title,*) ;;
    *) fail "metadata: $(ans metadata)" ;;
    esac
}

test_slave_property_errors() {
    slave "pause" "$P get_property nosuch" "$P set_property nosuch 1" \
        "$P set_property filename x" "$P set_property speed fast" \
        "$P step_property length" "$P get_property metadata/nosuchkey" \
        "$P get_property width" "$P get_property video_codec" "$P set_property volume 50" \
        "$P get_property deinterlace" "$P set_property pause maybe" \
        "$P set_property osdlevel x" "quit" -- "$MEDIA/a.wav"
    expect_rc 0 || return 1
    # In order: unknown twice, read-only, bad value (MPlayer 1.5 words the
    # value's fault, then calls the property unknown), read-only step,
    # unknown key, no video (two), (volume is settable: no error),
    # deinterlace without video, two more bad values.
    local got
    got=$(ans_all ERROR | tr '\n' ' ')
    [ "$got" = "PROPERTY_UNKNOWN PROPERTY_UNKNOWN NOT_IMPLEMENTED PROPERTY_UNKNOWN \
NOT_IMPLEMENTED PROPERTY_UNKNOWN PROPERTY_UNAVAILABLE PROPERTY_UNAVAILABLE \
PROPERTY_UNAVAILABLE PROPERTY_UNKNOWN PROPERTY_UNKNOWN " ] ||
        fail "errors: $got" || return 1
    expect_err "Unknown property: 'nosuch'" || return 1
    expect_err "The speed option must be a floating point number or a ratio \
(numerator[:/]denominator): fast" || return 1
    expect_err "Invalid parameter for pause flag: maybe" || return 1
    expect_err "The osdlevel option must be an integer: x" || return 1
    expect_err "Failed to get value of property 'width'."
}

# Window and audio properties with no control behind them answer what
# MPlayer 1.5 answers (-vo null), from their options where there is one.
test_slave_property_fixed_answers() {
    slave "get_property balance" "get_property ontop" "get_property border" \
        "get_property vsync" "get_property deinterlace" "get_property rootwin" "quit" -- \
        "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local got
    got=$(grep '^ANS_' "$OUT" | tr '\n' ' ')
    [ "$got" = "ANS_balance=0.000000 ANS_ontop=no ANS_border=yes ANS_vsync=no \
ANS_deinterlace=no ANS_rootwin=no " ] || { fail "answers: $got"; return 1; }
    slave "get_property ontop" "get_property border" "quit" -- -ontop -noborder "$MEDIA/av.mkv"
    expect_out "ANS_ontop=yes" || return 1
    expect_out "ANS_border=no"
}

test_slave_set_and_step_property() {
    slave "pause" "$P set_property speed 2" "$P get_property speed" \
        "$P step_property speed" "$P get_property speed" \
        "$P step_property speed 0.5 -1" "$P get_property speed" \
        "$P set_property speed 1000" "$P get_property speed" \
        "$P set_property time_pos 2.5" "$P get_property time_pos" \
        "$P step_property time_pos 1" "$P get_property time_pos" \
        "$P set_property percent_pos 25" "$P get_property percent_pos" \
        "$P set_property speed 1" "$P set_property pause no" "get_property pause" \
        "set_property pause yes" "$P get_property pause" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    grep '^ANS_speed=' "$OUT" | sed 's/^ANS_speed=//' | tr '\n' ' ' |
        grep -qx '2.000000 2.100000 1.600000 100.000000 ' ||
        fail "speeds: $(grep '^ANS_speed=' "$OUT" | tr '\n' ' ')" || return 1
    local t1 t2
    t1=$(ans_all time_pos | sed -n 1p)
    t2=$(ans_all time_pos | sed -n 2p)
    in_range "$t1" 2.45 2.55 || fail "time_pos after set 2.5: $t1" || return 1
    in_range "$t2" 3.45 3.55 || fail "time_pos after step 1: $t2" || return 1
    expect_ans percent_pos 25 || return 1
    grep '^ANS_pause=' "$OUT" | tr '\n' ' ' | grep -qx 'ANS_pause=no ANS_pause=yes ' ||
        fail "pause: $(grep '^ANS_pause=' "$OUT" | tr '\n' ' ')"
}

test_slave_get_stream_info() {
    id_media || fail "cannot make id.mkv" || return 1
    slave "pause" "$P get_video_codec" "$P get_video_bitrate" "$P get_video_resolution" \
        "$P get_audio_codec" "$P get_audio_bitrate" "$P get_audio_samples" \
        "$P get_meta_title" "$P get_meta_artist" "$P get_meta_album" "$P get_meta_genre" \
        "$P get_sub_visibility" "$P get_vo_fullscreen" "quit" -- "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    expect_ans VIDEO_CODEC "'MP4V'" && expect_ans VIDEO_RESOLUTION "'320 x 240'" &&
    expect_ans AUDIO_CODEC "'pcm'" && expect_ans AUDIO_BITRATE "'705 kbps'" &&
    expect_ans AUDIO_SAMPLES "'44100 Hz, 1 ch.'" && expect_ans META_TITLE "'Test Title'" &&
    expect_ans META_ARTIST "'Test Artist'" && expect_ans META_ALBUM "'Test Album'" &&
    expect_ans META_GENRE "''" && expect_ans SUB_VISIBILITY 1 &&
    expect_ans VO_FULLSCREEN 0 || return 1
    grep -qx "ANS_VIDEO_BITRATE='[0-9]* kbps'" "$OUT" || fail "video bitrate: $(ans VIDEO_BITRATE)"
}

test_slave_chapters() {
    id_media || fail "cannot make id.mkv" || return 1
    slave "pause" "$P get_property chapter" "$P seek_chapter 1 1" "$P get_property chapter" \
        "$P get_property time_pos" "$P seek_chapter -1" "$P get_property chapter" \
        "$P set_property chapter 1" "$P get_property chapter" "quit" -- "$MEDIA/id.mkv"
    expect_rc 0 || return 1
    grep '^ANS_chapter=' "$OUT" | tr '\n' ' ' |
        grep -qx 'ANS_chapter=0 ANS_chapter=1 ANS_chapter=0 ANS_chapter=1 ' ||
        fail "chapters: $(grep '^ANS_chapter=' "$OUT" | tr '\n' ' ')" || return 1
    in_range "$(ans time_pos)" 1.45 1.55 || fail "time_pos at chapter 1: $(ans time_pos)"
}

test_slave_seek_types() {
    slave "pause" "$P seek 50 1" "$P get_percent_pos" "$P get_time_pos" \
        "$P seek 1 2" "$P seek 1.5" "$P get_time_pos" "$P seek -1 0" "$P get_time_pos" \
        "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_ans PERCENT_POSITION 50 || return 1
    ans_all TIME_POSITION | tr '\n' ' ' | grep -qx '2.0 2.5 1.5 ' ||
        fail "positions: $(ans_all TIME_POSITION | tr '\n' ' ')"
}

test_slave_switch_audio() {
    # two-audio.mkv: track 0 is 440 Hz, track 1 is 880 Hz, 2 s long.
    # Commands start once playback does: the second get_time_pos, 0.3 s
    # later, is the time the switch comes after.
    # The gap is the point: playback goes on between the commands.
    SLAVE_GAP=0.3 slave "get_time_pos" "get_time_pos" "switch_audio 1" \
        "get_property switch_audio" -- \
        -identify -ao pcm:file=out.wav "$MEDIA/two-audio.mkv"
    expect_rc 0 || return 1
    grep -qx 'ID_AUDIO_TRACK=1' "$OUT" || fail "no ID_AUDIO_TRACK=1" || return 1
    expect_ans switch_audio 1 || return 1
    # Before the switch (at least where get_time_pos was) 440 Hz; the last
    # 0.3 s of the output 880 Hz.
    local t len before after
    t=$(ans_all TIME_POSITION | tail -n 1)
    len=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 out.wav)
    in_range "$t" 0.2 2 || fail "switched too early to check: at $t s" || return 1
    before=$(crossings_per_sec out.wav 0 "$(awk -v t="$t" 'BEGIN { print t - 0.1 }')")
    after=$(crossings_per_sec out.wav "$(awk -v l="$len" 'BEGIN { print l - 0.35 }')" 0.3)
    in_range "$before" 750 1050 || fail "start not 440 Hz: $before crossings/s" || return 1
    in_range "$after" 1550 1950 || fail "end not 880 Hz: $after crossings/s"
}

test_slave_switch_audio_cycle_and_off() {
    slave "pause" "$P switch_audio" "$P get_property switch_audio" "$P switch_audio" \
        "$P get_property switch_audio" "$P switch_audio -2" "$P get_property switch_audio" \
        "$P get_property volume" "$P switch_audio 5" "$P get_property switch_audio" \
        "$P switch_audio 0" "$P get_property samplerate" "quit" -- "$MEDIA/two-audio.mkv"
    expect_rc 0 || return 1
    grep '^ANS_switch_audio=' "$OUT" | tr '\n' ' ' |
        grep -qx 'ANS_switch_audio=1 ANS_switch_audio=0 ANS_switch_audio=-2 ANS_switch_audio=-2 ' ||
        fail "tracks: $(grep '^ANS_switch_audio=' "$OUT" | tr '\n' ' ')" || return 1
    # No audio: no volume to report; back on track 0 it plays again.
    expect_ans ERROR PROPERTY_UNAVAILABLE && expect_ans samplerate 44100 || return 1
    expect_err "No audio track 5"
}

# The frames written so far by -vo png into png/.
png_count() {
    find png -name '*.png' | wc -l
}

# png_mark, then png_more: a frame has been written since the mark (as
# "?" conditions of one slave_run, whose shell keeps PNG_MARK).
png_mark() {
    PNG_MARK=$(png_count)
}

png_more() {
    [ "$(png_count)" -gt "$PNG_MARK" ]
}

test_slave_frame_step() {
    mkdir png
    mkfifo in.fifo
    OUT=$T/last.out
    ERR=$T/last.err
    timeout -k 5 60 "$MPLAYER" -slave -ao null -vo png:z=0:outdir=png "$MEDIA/v.avi" \
        <in.fifo >"$OUT" 2>"$ERR" &
    local pid=$! n0 n1 n2 n3
    exec 9>in.fifo
    # Pause once playback is under way (start-up time varies). Frames are
    # written in the loop that answers: once the pause is answered, no
    # frame is on its way.
    wait_until -p "$pid" "3 frames" eval '[ "$(png_count)" -ge 3 ]'
    echo pause >&9
    echo "$P get_property pause" >&9
    wait_until -p "$pid" "an answer to the pause" has_ans 1 pause
    n0=$(png_count)
    echo frame_step >&9
    wait_until -p "$pid" "the first step's frame" eval '[ "$(png_count)" -gt "$n0" ]'
    n1=$(png_count)
    echo frame_step >&9
    wait_until -p "$pid" "the second step's frame" eval '[ "$(png_count)" -gt "$n1" ]'
    n2=$(png_count)
    # The point: a second later, still no frame more.
    sleep 1
    n3=$(png_count)
    echo "$P get_property pause" >&9
    echo quit >&9
    exec 9>&-
    wait "$pid"
    RC=$?
    tr '\r' '\n' < "$OUT" > "$OUT.lines" && mv "$OUT.lines" "$OUT"
    ! grep -qE 'Sanitizer|runtime error:' "$ERR" || fail "sanitizer: $(head -c 600 "$ERR")" ||
        return 1
    expect_rc 0 || return 1
    [ "$n0" -gt 0 ] && [ "$n1" = $((n0 + 1)) ] && [ "$n2" = $((n0 + 2)) ] && [ "$n3" = "$n2" ] ||
        fail "frames: paused at $n0, then $n1, $n2, $n3 (want +1, +2, still)" || return 1
    expect_ans pause yes
}

test_slave_frame_step_while_playing_pauses() {
    # The step is done (the player says PAUSE) before the questions.
    slave "frame_step" "?has_out 1 '=====  PAUSE  ====='" "$P get_property pause" \
        "$P get_time_pos" "$P get_time_pos" "quit" -- "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_ans pause yes || return 1
    # Paused: the position stands still.
    [ "$(ans_all TIME_POSITION | sort -u | wc -l)" = 1 ] ||
        fail "position moved: $(ans_all TIME_POSITION | tr '\n' ' ')"
}

test_slave_stop_then_loadfile() {
    slave "stop" "get_property filename" "loadfile $MEDIA/a.wav" "get_file_name" "quit 4" -- \
        -idle "$MEDIA/av.mkv"
    expect_rc 4 || return 1
    expect_out "ANS_FILENAME='a.wav'" || return 1
    ! grep -q '^ANS_filename=' "$OUT" || fail "stop did not stop: $(ans filename)"
}

test_slave_volume_osd_sub_commands() {
    # Volume, mute, OSD, subtitle and frame-drop commands take effect and
    # their properties answer the new values.
    slave "pause" "$P volume 50 1" "$P mute 1" "$P osd 3" "$P osd_show_text hello" \
        "$P osd_show_property_text '\${filename}'" "$P sub_select 0" "$P sub_delay 1.5 1" \
        "$P sub_delay 0.5" "$P sub_visibility 0" "$P get_property volume" \
        "$P get_property mute" "$P get_property osdlevel" "$P get_property sub_delay" \
        "$P get_sub_visibility" "$P frame_drop 2" "$P get_property framedropping" \
        "quit" -- -v "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_ans volume 50.000000 && expect_ans mute yes && expect_ans osdlevel 3 &&
    expect_ans sub_delay 2.000000 && expect_ans SUB_VISIBILITY 0 &&
    expect_ans framedropping 2 || return 1
    # Drawn on the picture; a build without libass has no OSD there and
    # prints it on the terminal instead (-term-osd).
    if [ "$(e2e_config HAVE_LIBASS)" = no ]; then
        grep -q hello "$OUT" || fail "no libass: osd_show_text not printed"
    else
        ! grep -q hello "$OUT" || fail "osd_show_text printed its text"
    fi
}

# quit while -idle waits with nothing loaded: "(Quit)" and ID_EXIT=QUIT,
# as MPlayer prints, not the end-of-file pair; the same through
# -input file=<fifo>.
test_slave_quit_while_idle() {
    slave_now "quit 3" -- -idle -identify
    expect_rc 3 || return 1
    expect_out "Exiting... (Quit)" || return 1
    expect_out "ID_EXIT=QUIT" || return 1
    mkfifo cmd.fifo
    # The open waits for the player's; it reads the line once idle.
    echo "quit 4" >cmd.fifo &
    local w=$!
    mp -idle -identify -ao null -vo null -input file=cmd.fifo
    wait "$w"
    expect_rc 4 || return 1
    expect_out "Exiting... (Quit)" || return 1
    expect_out "ID_EXIT=QUIT"
}

# SIGTERM while -idle waits: MPlayer's status 1, its message and ID_SIGNAL.
test_slave_sigterm_while_idle() {
    mkfifo in.fifo
    timeout -k 5 --preserve-status -s TERM 1 "$MPLAYER" -slave -idle -identify -ao null \
        -vo null <in.fifo >out.txt 2>err.txt &
    local pid=$!
    # stdin held open (no end of input) until the SIGTERM at 1 s ends it.
    slave_wait_exit "$pid" 100 >in.fifo
    wait "$pid"
    local rc=$?
    [ "$rc" = 1 ] || { fail "exit status $rc after SIGTERM, expected 1"; return 1; }
    grep -q "interrupted by signal 15" out.txt || { fail "no signal message"; return 1; }
    grep -q "^ID_SIGNAL=15" out.txt || { fail "no ID_SIGNAL"; return 1; }
    grep -q "^ID_EXIT=QUIT" out.txt || { fail "no ID_EXIT=QUIT: $(tail -n 3 out.txt)"; return 1; }
}

# volume <v> without abs moves one step of 3 by the sign of v, whatever
# its size (MPlayer 1.5: 10 abs, then -5 -> 7, then 0.2 -> 10, then 0 -> 7).
test_slave_volume_steps_by_sign() {
    slave "volume 10 1" "volume -5" "get_property volume" "volume 0.2" \
        "get_property volume" "volume 0" "get_property volume" "quit" -- \
        -softvol -softvol-max 110 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local got
    got=$(ans_all volume | tr '\n' ' ')
    [ "$got" = "7.000000 10.000000 7.000000 " ] || { fail "volumes: '$got'"; return 1; }
}

# -alang/-slang: the first code of the list that starts a track's language
# picks it (case matters, codes are prefixes, -aid/-sid win), as MPlayer
# 1.5 does on the same file; without them, the file's default tracks.
test_slave_alang_slang_pick_tracks() {
    printf '1\n00:00:00,000 --> 00:00:09,000\nhello\n' >s.srt
    ff -f lavfi -i testsrc=d=4:s=160x120:r=25 -f lavfi -i sine=d=4:f=440 \
        -f lavfi -i sine=d=4:f=880 -i s.srt -i s.srt -map 0 -map 1 -map 2 -map 3 -map 4 \
        -c:v mpeg4 -c:a mp2 -c:s srt -metadata:s:a:0 language=eng \
        -metadata:s:a:1 language=ger -metadata:s:s:0 language=eng \
        -metadata:s:s:1 language=fre lang.mkv || { fail "ffmpeg"; return 1; }
    local args want got
    for args in ":0 0" "-alang ger:1 0" "-alang fre,ger -slang fre:1 1" \
        "-alang ge -slang fr:1 1" "-alang german -slang FRE:0 0" \
        "-alang ger -slang fre -sid 0:1 0" "-aid 0 -alang ger:0 0"; do
        want=${args#*:}
        # Without libass no track is shown: -slang picks none.
        [ "$(e2e_config HAVE_LIBASS)" = no ] && want="${want% *} -1"
        # shellcheck disable=SC2086
        slave "get_property switch_audio" "get_property sub" "quit" -- -identify ${args%%:*} \
            lang.mkv
        expect_rc 0 || return 1
        got="$(ans_all switch_audio) $(ans_all sub)"
        [ "$got" = "$want" ] || { fail "'${args%%:*}': audio/sub '$got', want '$want'"; return 1; }
        expect_out "ID_AID_1_LANG=ger" || return 1
    done
}

# -idle with stdin at its end (</dev/null) waits on as MPlayer does, until
# a signal: it must still be there after a second.
test_idle_waits_with_stdin_closed() {
    timeout -k 5 --preserve-status -s TERM 1.5 "$MPLAYER" -idle -ao null -vo null \
        </dev/null >out.txt 2>err.txt
    local rc=$?
    [ "$rc" = 1 ] || { fail "exit status $rc (0: did not wait; 137: ignored SIGTERM)"; return 1; }
    grep -q "interrupted by signal 15" out.txt ||
        { fail "no signal message: $(cat out.txt)"; return 1; }
    grep -qF "Exiting... (Quit)" out.txt || { fail "no '(Quit)': $(tail -n 2 out.txt)"; return 1; }
}

# -loop 0 over a file that ends at once (-frames 0) reopens it forever; a
# signal or a quit command must still end the run.
test_loop_forever_frames0_quits() {
    timeout -k 5 --preserve-status -s TERM 1.5 "$MPLAYER" -loop 0 -frames 0 -ao null -vo null \
        "$MEDIA/a.wav" </dev/null >out.txt 2>err.txt
    local rc=$?
    [ "$rc" = 1 ] || { fail "exit status $rc after SIGTERM (137: ignored it)"; return 1; }
    grep -qF "Exiting... (Quit)" out.txt || { fail "no '(Quit)' after SIGTERM"; return 1; }
    slave_now "quit 4" -- -loop 0 -frames 0 "$MEDIA/a.wav"
    expect_rc 4 || return 1
    expect_out "Exiting... (Quit)"
}

# A front-end's burst larger than the command queue: every query is
# answered, in order, and the quit behind them still comes (it has its
# reserve in the queue; no query is dropped to make room for it).
test_slave_burst_every_query_answered() {
    local i
    for i in $(seq 150); do
        echo "get_property metadata/k$i"
        echo "get_property filename"
    done > burst.txt
    echo "quit 5" >> burst.txt
    slave_run -w 100 "$(cat burst.txt)" -- -idle -vo null -ao null
    expect_rc 5 || return 1
    [ "$(grep -c '^ANS_' "$OUT")" = 300 ] ||
        fail "$(grep -c '^ANS_' "$OUT") answers to 300 queries" || return 1
    grep '^ANS_' "$OUT" | sort | uniq -c | grep -q "300 ANS_ERROR=PROPERTY_UNAVAILABLE" ||
        fail "answers: $(grep '^ANS_' "$OUT" | sort | uniq -c)"
}
