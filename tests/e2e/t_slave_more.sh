# -slave commands and options front-ends use that the other suites do not
# cover (expected values measured on MPlayer 1.5). GPLv2 or later.
# slave(), ans() and expect_ans() are t_slave.sh's.

# The files a run printed "Playing <x>." for, one line.
more_played() {
    sed -n 's/^Playing \(.*\)\.$/\1/p' "$OUT" | tr '\n' ' '
}

test_slave_loadfile_append() {
    slave "loadfile $MEDIA/v.avi 1" "get_property filename" -- -endpos 1 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_ans filename a.wav || return 1
    [ "$(more_played)" = "$MEDIA/a.wav $MEDIA/v.avi " ] ||
        { fail "played: $(more_played)"; return 1; }
    expect_out "Exiting... (End of file)"
}

test_slave_loadlist_replace_and_append() {
    printf '%s\n%s\n' "$MEDIA/v.avi" "$MEDIA/a.wav" >list.txt
    # Replace: what plays stops, the list's entries play in order.
    slave "loadlist list.txt" -- -endpos 1 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(more_played)" = "$MEDIA/av.mkv $MEDIA/v.avi $MEDIA/a.wav " ] ||
        { fail "replace played: $(more_played)"; return 1; }
    # Append: after the file playing.
    slave "loadlist list.txt 1" -- -endpos 1 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(more_played)" = "$MEDIA/av.mkv $MEDIA/v.avi $MEDIA/a.wav " ] ||
        { fail "append played: $(more_played)"; return 1; }
    # A list that cannot be read changes nothing.
    slave "loadlist nosuch.txt" "get_property filename" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_ans filename av.mkv || return 1
    expect_err "nosuch.txt"
}

test_slave_speed_commands() {
    # Paused, so that the file does not end at speed 2.5.
    local k=pausing_keep_force
    slave "pause" "$k speed_set 2" "$k get_property speed" "$k speed_incr 0.5" \
        "$k get_property speed" "$k speed_mult 0.5" "$k get_property speed" \
        "$k speed_incr -0.25" "$k get_property speed" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local got
    got=$(ans_all speed | tr '\n' ' ')
    [ "$got" = "2.000000 2.500000 1.250000 1.000000 " ] || { fail "speeds: $got"; return 1; }
}

# pausing_toggle runs the command, then pauses when playing and resumes
# when paused (MPlayer 1.5: yes, no, then after pause yes, no).
test_slave_pausing_toggle() {
    slave "pausing_toggle get_time_pos" "pausing_keep_force get_property pause" \
        "pausing_toggle get_time_pos" "pausing_keep_force get_property pause" "pause" \
        "pausing_keep_force get_property pause" "pausing_toggle get_time_pos" \
        "pausing_keep_force get_property pause" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local got
    got=$(ans_all pause | tr '\n' ' ')
    [ "$got" = "yes no yes no " ] || { fail "pause states: $got"; return 1; }
}

# Keys on stdin: q quits; with -noconsolecontrols stdin is left alone and
# the file plays to its end (both as MPlayer 1.5).
test_noconsolecontrols_ignores_stdin_keys() {
    local o want
    for o in "" -noconsolecontrols; do
        want="Exiting... (Quit)"
        [ -n "$o" ] && want="Exiting... (End of file)"
        # shellcheck disable=SC2086
        slave_run -k -t 20 -w 100 "?grep -q 'Starting playback' \"\$OUT\"" q -- \
            $o -quiet -ao null -endpos 2.5 "$MEDIA/av.mkv"
        expect_rc 0 || return 1
        expect_out "$want" || { fail "'$o'"; return 1; }
    done
}

# -input file=<fifo> carries commands as stdin does under -slave, with
# answers on stdout.
test_input_file_fifo_commands() {
    mkfifo cmd.fifo
    # The writer's open waits for the player's, and the commands wait in
    # the FIFO until the player reads them: nothing to wait for here.
    printf 'get_property filename\nseek 50 1\nget_percent_pos\nquit 6\n' >cmd.fifo &
    local w=$!
    mp -ao null -vo null -input file=cmd.fifo "$MEDIA/av.mkv"
    wait "$w"
    expect_rc 6 || return 1
    expect_out "ANS_filename=av.mkv" || return 1
    local p
    p=$(ans_all PERCENT_POSITION)
    in_range "$p" 45 70 || { fail "percent after seek 50 1: '$p'"; return 1; }
}

test_slave_meta_year_comment_track() {
    printf ';FFMETADATA1\ntitle=T\ndate=2021\ncomment=Nice clip\ntrack=7\ngenre=Rock\n' >m.txt
    ff -f lavfi -i sine=d=3 -i m.txt -map 0 -map_metadata 1 -c:a pcm_s16le meta.mkv ||
        { fail "ffmpeg"; return 1; }
    slave "get_meta_year" "get_meta_comment" "get_meta_track" "get_meta_genre" "quit" -- \
        meta.mkv
    expect_rc 0 || return 1
    expect_out "ANS_META_YEAR='2021'" && expect_out "ANS_META_COMMENT='Nice clip'" &&
        expect_out "ANS_META_TRACK='7'" && expect_out "ANS_META_GENRE='Rock'"
}

# Subtitle files given with -sub show up as ID_FILE_SUB_ID/FILENAME under
# -identify, even with -frames 0.
test_identify_file_subs() {
    needs_feature libass || return 77
    printf '1\n00:00:00,500 --> 00:00:01,500\nHello\n' >one.srt
    printf '1\n00:00:00,500 --> 00:00:01,500\nWorld\n' >two.srt
    mp -identify -frames 0 -ao null -vo null -sub one.srt,two.srt "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local ids
    ids=$(grep -E '^ID_FILE_SUB_(ID|FILENAME)=' "$OUT" | tr '\n' ' ')
    [ "$ids" = "ID_FILE_SUB_ID=0 ID_FILE_SUB_FILENAME=one.srt ID_FILE_SUB_ID=1 \
ID_FILE_SUB_FILENAME=two.srt " ] || { fail "ID_FILE_SUB lines: $ids"; return 1; }
}

# SMPlayer's "-vo x11," names a driver this player lacks: skipped with one
# message, then the next that works (no display here: null).
test_vo_x11_comma_falls_back() {
    mp -vo x11, -ao null, -frames 5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(grep -c "x11" "$ERR")" = 1 ] || { fail "not one x11 message: $(cat "$ERR")"; return 1; }
    grep -q '^VO: \[' "$OUT" || { fail "no VO line: $(head -c 400 "$OUT")"; return 1; }
    # Without the comma nothing opens: as in MPlayer, the file plays on
    # without video.
    mp -vo x11 -ao null -endpos 0.5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "Video: no video"
}

# A track id past the end is reported as given (it was cut to 65535).
test_slave_switch_audio_huge_id() {
    slave "switch_audio 2147483647" "switch_audio 70000" "get_property switch_audio" "quit" -- \
        "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_err "No audio track 2147483647 in" || return 1
    expect_err "No audio track 70000 in" || return 1
    expect_ans switch_audio 0
}

# idle_slave CMD...: mplayer -idle -slave with no file, the commands in
# order, then quit (slave_run). "wait_play" waits for a loaded file's first
# status line instead of sending. Sets RC and OUT (one line per \r).
idle_slave() {
    local items=() c
    for c in "$@"; do
        [ "$c" = wait_play ] && c=@started
        items+=("$c")
    done
    slave_run "${items[@]}" quit -- -idle -ao null -vo null
}

# The queries and MPlayer 1.5's answers with nothing playing, one answer
# line per query in order (get_time_pos, get_file_name and a successful
# set_property answer nothing there either).
IDLE_QUERIES=("get_property pause" "get_property filename" "get_property volume"
    "get_property time_pos" "get_property length" "get_property path" "get_property speed"
    "get_property loop" "get_property osdlevel" "get_property nosuchprop"
    "get_property metadata/title" "pausing_keep get_property pause" "get_time_pos"
    "get_file_name" "set_property volume 50" "get_property volume" "set_property pause 1"
    "set_property speed 2" "step_property speed" "get_property speed" "get_property vsync")
IDLE_ANSWERS="ANS_pause=no
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_path=(null)
ANS_speed=1.000000
ANS_loop=-1
ANS_osdlevel=1
ANS_ERROR=PROPERTY_UNKNOWN
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_pause=no
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_ERROR=PROPERTY_UNAVAILABLE
ANS_ERROR=NOT_IMPLEMENTED
ANS_speed=2.100000
ANS_vsync=no"

test_slave_idle_queries_before_loadfile() {
    idle_slave "${IDLE_QUERIES[@]}"
    expect_rc 0 || return 1
    local got
    got=$(grep '^ANS_' "$OUT")
    [ "$got" = "$IDLE_ANSWERS" ] || fail "answers: $(diff <(echo "$IDLE_ANSWERS") \
        <(echo "$got"))"
}

test_slave_idle_queries_after_stop() {
    idle_slave "loadfile $MEDIA/av.mkv" wait_play "set_property volume 30" "stop" \
        "${IDLE_QUERIES[@]}"
    expect_rc 0 || return 1
    expect_out "Playing $MEDIA/av.mkv." || return 1
    local got
    got=$(grep '^ANS_' "$OUT")
    [ "$got" = "$IDLE_ANSWERS" ] || fail "answers: $(diff <(echo "$IDLE_ANSWERS") \
        <(echo "$got"))"
}

# A front-end polls while the open waits on a server that never answers:
# 300 queries (more than the input queue holds), then "quit 4". The quit
# must end the player at once with its code (issue 20: after 150 queued
# queries it was never read). hostile_http_start is t_hostile.sh's.
test_slave_quit_after_polling_a_blocked_open() {
    hostile_need_python || { skip "python3 not installed"; return; }
    hostile_http_start silent av.mkv || return 1
    local i start end rc feeder
    mkfifo cmds.fifo
    {
        for i in $(seq 100); do
            printf 'get_time_pos\nget_percent_pos\nget_property volume\n'
        done
        # The open waits: the server has the request.
        wait_until "the player's request" test -s conns
        date +%s%N > quit.sent
        echo "quit 4"
        # Holds the FIFO open (no end of input) until killed below.
        sleep 30
    } > cmds.fifo &
    feeder=$!
    timeout -k 5 20 "$MPLAYER" -slave -quiet -ao null -vo null "$HOSTILE_URL" \
        < cmds.fifo > out.txt 2> err.txt
    rc=$?
    end=$(date +%s%N)
    kill "$feeder" 2>/dev/null
    wait "$feeder" 2>/dev/null
    hostile_http_stop
    hostile_clean err.txt || return 1
    [ "$rc" = 4 ] || { fail "exit status $rc after 'quit 4' (124: hung)"; return 1; }
    start=$(cat quit.sent)
    [ $(((end - start) / 1000000)) -lt 1500 ] ||
        fail "the quit took $(((end - start) / 1000000)) ms"
}

# Started with stdin closed (as some daemons and cron wrappers do), the
# media file must not become fd 0 and be read as commands: lines appended
# to a valid file would load another file and write a screenshot here.
test_slave_closed_stdin_is_not_the_media_file() {
    cp "$MEDIA/av.mkv" cmds.mkv
    printf '\nloadfile %s\nscreenshot 0\nquit 7\n' "$MEDIA/a.wav" >> cmds.mkv
    local mode
    for mode in -slave -noslave; do
        "$MPLAYER" $mode -endpos 1 -vo null -ao pcm:fast:file=out.wav cmds.mkv \
            <&- > out.txt 2> err.txt
        local rc=$?
        [ "$rc" = 0 ] || { fail "$mode: exit status $rc: $(tail -3 err.txt)"; return 1; }
        [ "$(grep -c '^Playing ' out.txt)" = 1 ] ||
            { fail "$mode: played $(grep '^Playing ' out.txt | tr '\n' ' ')"; return 1; }
        ! ls shot* >/dev/null 2>&1 || { fail "$mode: a screenshot was taken"; return 1; }
        [ "$(wav_samples out.wav)" -gt 40000 ] || { fail "$mode: nothing played"; return 1; }
    done
    # Output and errors closed: the WAV must not become fd 1 and get the
    # status lines written into it.
    "$MPLAYER" -endpos 1 -vo null -ao pcm:fast:file=out.wav "$MEDIA/av.mkv" <&- >&- 2>&-
    [ $? = 0 ] || { fail "exit status with fds 0-2 closed"; return 1; }
    ! grep -q "Playing" out.wav || { fail "messages were written into the WAV"; return 1; }
    [ "$(wav_samples out.wav)" -gt 40000 ] || fail "nothing played with fds 0-2 closed"
}

# Noise as a command source: a few messages, then one line saying the
# rest is not reported (it wrote 86 MB in 5 s from /dev/urandom).
test_slave_noise_input_reports_a_few_lines() {
    python3 -c 'import random, sys
sys.stdout.buffer.write(random.Random(5).randbytes(2 << 20))' > noise.bin
    mp -input file=noise.bin -endpos 1 -vo null -ao null "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local n
    n=$(cat "$OUT" "$ERR" | wc -c)
    [ "$n" -lt 8000 ] || { fail "$n bytes of messages"; return 1; }
    expect_err "More bad command lines from noise.bin: not reported until a good one." ||
        return 1
    [ "$(grep -c 'Command line\|Unknown command' "$ERR")" -le 10 ] ||
        fail "more than 10 bad lines reported"
}

# loadlist of a FIFO nobody writes to waits for it, and a quit meanwhile
# ends the player with its code (it was ignored: only signals were seen).
test_slave_loadlist_silent_fifo_then_quit() {
    mkfifo list.fifo
    local when
    for when in idle playing; do
        local items=()
        [ $when = playing ] &&
            items=("loadfile $MEDIA/a.wav" "?grep -q 'Starting playback' \"\$OUT\"")
        # quit once the player has the FIFO open and waits on it.
        slave_run -t 10 "${items[@]}" "loadlist list.fifo" \
            "?holds_open \$pid \"\$PWD/list.fifo\"" "quit 5" -- -idle -vo null -ao null
        [ "$RC" = 5 ] || { fail "$when: exit status $RC after 'quit 5' (124: hung)"; return 1; }
    done
}

# One -idle session: 200 loadfiles and 1000 seeks. Open descriptors and
# memory must stay flat between the first 40 files and the last (a leak
# per file or per seek shows as growth; RSS only without ASan, whose
# quarantine grows by design).
test_slave_resources_flat_over_many_files() {
    mkfifo cmds.fifo
    "$MPLAYER" -slave -idle -quiet -vo null -ao null < cmds.fifo > out.txt 2> err.txt &
    local pid=$! i k answered=0 fds0 fds1 rss0 rss1
    exec 7> cmds.fifo
    res_batch() {
        for ((i = 0; i < $1; i++)); do
            echo "loadfile $MEDIA/av.mkv" >&7
            for k in 1 2 3 4 5; do
                echo "seek $(((i * 7 + k * 3) % 4)).$k 2" >&7
            done
        done
        echo "get_property volume" >&7
        answered=$((answered + 1))
        wait_until -p "$pid" -t 120 "answer $answered" has_lines "$answered" out.txt '^ANS_volume='
    }
    res_sample() {
        ls /proc/$pid/fd | wc -l
        awk '/^VmRSS:/ { print $2 }' /proc/$pid/status
    }
    local ok=0
    if res_batch 40; then
        read -r fds0 rss0 <<< "$(res_sample | tr '\n' ' ')"
        if res_batch 160; then
            read -r fds1 rss1 <<< "$(res_sample | tr '\n' ' ')"
        else
            fail "no answer after 200 files"; ok=1
        fi
    else
        fail "no answer after 40 files"; ok=1
    fi
    echo quit >&7
    exec 7>&-
    wait $pid
    local rc=$?
    [ $ok = 0 ] || return 1
    hostile_clean err.txt || return 1
    [ "$rc" = 0 ] || { fail "exit status $rc"; return 1; }
    [ "$(grep -c '^Playing ' out.txt)" = 200 ] ||
        { fail "$(grep -c '^Playing ' out.txt) files played, not 200"; return 1; }
    [ "$fds1" = "$fds0" ] || { fail "open descriptors $fds0 -> $fds1"; return 1; }
    if ! grep -aq __asan_init "$MPLAYER"; then
        [ "$rss1" -le $((rss0 + rss0 / 5 + 4096)) ] ||
            fail "RSS $rss0 kB after 40 files, $rss1 kB after 200"
    fi
}

# Answers where MPlayer 1.5's depend on what the file has (measured with
# TOOLS/slave-compare.sh): without video, no fullscreen, frame dropping or
# video track (-1: none in the file; -2 would be "turned off"); without -capture
# capturing is an error while a file plays; program switching is not
# implemented, with nothing playing too; balance needs two channels.
test_slave_answers_follow_the_file() {
    slave "$P get_property fullscreen" "$P get_property framedropping" \
        "$P get_property switch_video" "$P get_property capturing" \
        "$P get_property switch_program" "$P get_property balance" "quit" -- "$MEDIA/a.wav"
    expect_rc 0 || return 1
    [ "$(grep '^ANS_' "$OUT" | tr '\n' ' ')" = "ANS_ERROR=PROPERTY_UNAVAILABLE \
ANS_ERROR=PROPERTY_UNAVAILABLE ANS_switch_video=-1 ANS_ERROR=ERROR ANS_ERROR=NOT_IMPLEMENTED \
ANS_ERROR=PROPERTY_UNAVAILABLE " ] || fail "answers: $(grep '^ANS_' "$OUT" | tr '\n' ' ')" ||
        return 1
    slave "$P get_property switch_audio" "quit" -- "$MEDIA/v.avi"
    expect_ans switch_audio -1 || return 1
    slave_run "get_property switch_program" "get_property sub_pos" "quit" -- -idle -vo null \
        -ao null
    [ "$(grep '^ANS_' "$OUT" | tr '\n' ' ')" = "ANS_ERROR=NOT_IMPLEMENTED ANS_sub_pos=100 " ] ||
        fail "idle answers: $(grep '^ANS_' "$OUT" | tr '\n' ' ')"
}

# switch_audio with no id cycles through an MPEG-TS file's tracks, whose
# ids are PIDs (not 0, 1, ...).
test_slave_switch_audio_cycles_pids() {
    ff -f lavfi -i testsrc=size=64x48:rate=10:d=3 -f lavfi -i sine=d=3 \
        -f lavfi -i sine=d=3:sample_rate=22050 -map 0 -map 1 -map 2 -c:v mpeg2video \
        -c:a mp2 pids.ts || return 1
    slave "$P get_property switch_audio" "$P switch_audio" "$P get_property switch_audio" \
        "$P switch_audio" "$P get_property switch_audio" "quit" -- pids.ts
    expect_rc 0 || return 1
    [ "$(ans_all switch_audio | tr '\n' ' ')" = "257 258 257 " ] ||
        fail "tracks: $(ans_all switch_audio | tr '\n' ' ')"
}

# -idle with a whole session on stdin that ends before the commands have
# run: the queued ones still run (the player hung once stdin was at EOF).
test_slave_idle_commands_after_stdin_ends() {
    printf 'loadfile %s\nstop\nget_property filename\nquit 3\n' "$MEDIA/av.mkv" > cmds.txt
    OUT=$T/last.out
    ERR=$T/last.err
    timeout -k 5 20 "$MPLAYER" -slave -idle -vo null -ao null <cmds.txt >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 3 || return 1
    expect_out "ANS_ERROR=PROPERTY_UNAVAILABLE"
}

# ass_use_margins as MPlayer has it: a flag with video (the command toggles
# or sets it), unavailable without.
test_slave_ass_use_margins() {
    slave "$P get_property ass_use_margins" "$P ass_use_margins" \
        "$P get_property ass_use_margins" "$P ass_use_margins 0" \
        "$P get_property ass_use_margins" "quit" -- "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ans_all ass_use_margins | tr '\n' ' ')" = "no yes no " ] ||
        fail "answers: $(ans_all ass_use_margins | tr '\n' ' ')" || return 1
    slave "$P get_property ass_use_margins" "quit" -- "$MEDIA/a.wav"
    expect_out "ANS_ERROR=PROPERTY_UNAVAILABLE"
}
