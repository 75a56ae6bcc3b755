# -slave: commands on stdin, ANS_ answers on stdout. GPLv2 or later.

# slave "cmd1" "cmd2" ... -- ARGS...: feed each command 0.3 s apart (after
# a start-up pause) to mplayer -slave ARGS; sets RC, OUT, ERR.
slave() {
    local cmds=()
    while [ "$1" != "--" ]; do
        cmds+=("$1")
        shift
    done
    shift
    OUT=$T/last.out
    ERR=$T/last.err
    {
        sleep 0.5
        for c in "${cmds[@]}"; do
            printf '%s\n' "$c"
            sleep 0.3
        done
        sleep 5
    } | timeout -k 5 60 "$MPLAYER" -slave -ao null -vo null "$@" >"$OUT" 2>"$ERR"
    RC=${PIPESTATUS[1]}
    # Status lines end in \r: give each answer a line of its own.
    tr '\r' '\n' < "$OUT" > "$OUT.lines" && mv "$OUT.lines" "$OUT"
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        sed -n '1,30p' "$ERR" >&2
        RC=99
    fi
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
    t=$(sed -n 's/^ANS_TIME_POSITION=//p' "$OUT" | tail -n 1)
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
    slave "loadfile $MEDIA/a.wav" "get_file_name" "quit 3" -- -idle
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
