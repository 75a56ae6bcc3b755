# Screenshots (screenshot command) and the window options (-fs, -title,
# -geometry, -noborder, -xy, -zoom, -aspect, -wid). GPLv2 or later.
# Uses slave() from t_slave.sh.

# Width and height of an image, "WxH".
image_size() {
    ffprobe -v error -select_streams v:0 -show_entries stream=width,height \
        -of csv=s=x:p=0 "$1"
}

test_screenshot_writes_numbered_pngs() {
    slave "pausing_keep_force pause" "screenshot 0" "screenshot 0" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ -f shot0001.png ] && [ -f shot0002.png ] || fail "files: $(ls -a)" || return 1
    [ ! -e shot0003.png ] || fail "a third shot was written" || return 1
    local s
    for f in shot0001.png shot0002.png; do
        s=$(image_size "$f")
        [ "$s" = 320x240 ] || fail "$f decodes as '$s', not 320x240" || return 1
    done
    expect_out "*** screenshot 'shot0001.png' ***" || return 1
    expect_out "*** screenshot 'shot0002.png' ***" || return 1
    # Nothing half-written is left behind.
    [ -z "$(ls -A | grep -v -e '^shot000[12]\.png$' -e '^last\.')" ] ||
        fail "left over: $(ls -A)"
}

test_screenshot_never_overwrites() {
    printf 'mine' > shot0001.png
    printf 'mine too' > shot0003.png
    slave "pausing_keep_force pause" "pausing_keep_force screenshot 0" \
        "pausing_keep_force screenshot" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(cat shot0001.png)" = mine ] || fail "shot0001.png was overwritten" || return 1
    [ "$(cat shot0003.png)" = "mine too" ] || fail "shot0003.png was overwritten" || return 1
    [ "$(image_size shot0002.png)" = 320x240 ] || fail "no shot0002.png" || return 1
    [ "$(image_size shot0004.png)" = 320x240 ] || fail "no shot0004.png" || return 1
    expect_out "*** screenshot 'shot0004.png' ***"
}

test_screenshot_is_the_frame_shown() {
    # One picture held for 2 s (lossless): whichever frame is shown when
    # the command arrives, the shot must be that picture, as ffmpeg decodes it.
    ff -f lavfi -i testsrc2=size=320x240:rate=25 \
        -vf "trim=end_frame=1,loop=loop=49:size=1,setpts=N/25/TB" -c:v ffv1 still.mkv &&
        ff -i still.mkv -frames:v 1 ref.png || fail "cannot make still.mkv" || return 1
    slave "pausing_keep_force pause" "pausing_keep_force screenshot 0" "quit" -- still.mkv
    expect_rc 0 || return 1
    [ -f shot0001.png ] || fail "no shot0001.png; stderr: $(head -c 400 "$ERR")" || return 1
    local p
    p=$(psnr shot0001.png ref.png)
    awk -v p="$p" 'BEGIN { exit !(p == "inf" || p > 35) }' || fail "PSNR to the picture: $p"
}

test_screenshot_without_video() {
    slave "screenshot 0" "quit" -- "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "No video: no screenshot taken." || return 1
    [ -z "$(ls shot* 2>/dev/null)" ] || fail "a file was written: $(ls shot*)"
}

test_screenshot_unwritable_folder() {
    # The player's current folder is deleted under it: no file can be made
    # there, even by root. A message, no crash, playback goes on.
    mkdir gone && mkfifo cmd.fifo || return 1
    : >"$T/last.out" # the waits below must not see the last run's lines
    (cd gone && rmdir "$PWD" &&
        exec timeout -k 5 60 "$MPLAYER" -slave -ao null -vo null "$MEDIA/av.mkv") \
        <cmd.fifo >"$T/last.out" 2>"$T/last.err" &
    local pid=$!
    (
        trap '' PIPE
        slave_wait_started "$pid" "$T/last.out"
        # The answer comes after the screenshot's message: then quit.
        printf '%s\n' "pausing_keep_force pause" "pausing_keep_force screenshot 0" \
            "pausing_keep_force get_property pause" 2>/dev/null
        wait_until -p "$pid" "the answer" has_lines 1 "$T/last.out" '^ANS_pause=' &&
            printf 'quit\n' 2>/dev/null
        slave_wait_exit "$pid" 50
    ) >cmd.fifo
    wait "$pid"
    RC=$?
    OUT=$T/last.out
    ERR=$T/last.err
    expect_rc 0 || return 1
    ! grep -qE 'Sanitizer|runtime error:' "$ERR" || fail "$(head -c 600 "$ERR")" || return 1
    expect_err "Screenshot: cannot write a file here" || return 1
    expect_out "ANS_pause=yes"
}

test_window_options_accepted_without_window() {
    mp -vo null -ao null -fs -noborder -wid 12345 -title "My Title" -use-filename-title \
        -geometry 50%:50% -xy 2 -zoom -frames 5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mp -vo null -ao null -geometry 640x480+10-20 -border -nofs -xy 800 -frames 5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mp -vo null -ao null -wid 0x3a00007 -geometry 100% -frames 5 "$MEDIA/av.mkv"
    expect_rc 0
}

test_window_bad_values_refused() {
    local bad
    for bad in "-geometry 12x" "-geometry +5" "-geometry 10:y" "-aspect 0:0" "-aspect wide" \
        "-wid -3" "-wid abc" "-xy -1"; do
        # shellcheck disable=SC2086
        mp -vo null -ao null $bad -frames 1 "$MEDIA/av.mkv"
        expect_rc 1 || fail "($bad)" || return 1
    done
}

test_aspect_sets_display_size() {
    mp -vo null -ao null -aspect 16:9 -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    # MPlayer 1.5's width: 240 x 16/9 cut to an even number (-vf dsize
    # rounds to the nearest: 427, t_filters.sh).
    expect_out "VO: [null] 320x240 => 426x240" || return 1
    # Narrower than the frame: taller instead, as MPlayer does.
    mp -vo null -ao null -aspect 1 -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "VO: [null] 320x240 => 320x320"
}

# ---- under a private Xvfb ----

# Start the player with -vo sdl on the Xvfb in the background, reading
# slave commands from fd 7; PLAYER_PID. Under a sanitizer build, leak
# checks are off for these runs only: SDL's X11 code leaves blocks of
# libdbus and of Mesa's unloaded DRI drivers behind at exit (1272 bytes,
# the same with any window options), which LeakSanitizer cannot attribute;
# every other sanitizer report still fails the test.
PLAYER_PID=
player_on_x() {
    rm -f win.fifo
    mkfifo win.fifo
    DISPLAY=$XDISP ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
        timeout -k 5 60 "$MPLAYER" -slave -ao null -vo sdl "$@" \
        <win.fifo >win.out 2>win.err &
    PLAYER_PID=$!
    exec 7>win.fifo
}

# Write a command to the player (which may have exited: no SIGPIPE).
to_player() {
    (trap '' PIPE; printf '%s\n' "$1" >&7) 2>/dev/null
}

player_quit() {
    to_player quit
    exec 7>&-
    wait "$PLAYER_PID"
    RC=$?
    OUT=$PWD/win.out
    ERR=$PWD/win.err
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        sed -n '1,30p' "$ERR" >&2
        RC=99
    fi
}

# Wait (at most 20 s) for the player to end by itself (-frames): a fixed
# sleep before quit lost to a slow start-up, and quit then ended it early.
player_wait_exit() {
    wait_until -t 20 "the player's end" eval '! kill -0 "$PLAYER_PID" 2>/dev/null'
}

# Id of the first window named $1, waiting up to 10 s.
find_window() {
    local id name=$1
    # shellcheck disable=SC2016
    wait_until -t 10 "a window named $name" eval \
        'id=$(DISPLAY=$XDISP xdotool search --name "$name" 2>/dev/null | head -n 1); [ -n "$id" ]' &&
        echo "$id"
}

test_window_title_and_geometry_on_x() {
    needs_feature sdl2 || return 77
    xvfb_start || return 1
    player_on_x -title "Shot Test Window" -geometry 400x300+30+40 -noborder "$MEDIA/av.mkv"
    local id geo
    id=$(find_window "Shot Test Window")
    if [ -n "$id" ]; then
        # The window is placed and sized after it is mapped: poll.
        local i
        for i in $(seq 50); do
            geo=$(DISPLAY=$XDISP xdotool getwindowgeometry "$id")
            echo "$geo" | grep -q "Position: 30,40" && echo "$geo" | grep -q "Geometry: 400x300" &&
                break
            sleep 0.1
        done
    fi
    player_quit
    xvfb_stop
    [ -n "$id" ] || fail "no window titled 'Shot Test Window'; $(head -c 400 win.err)" || return 1
    expect_rc 0 || return 1
    echo "$geo" | grep -q "Position: 30,40" || fail "window not at 30,40: $geo" || return 1
    echo "$geo" | grep -q "Geometry: 400x300" || fail "window not 400x300: $geo"
}

test_window_default_title_and_filename_title_on_x() {
    needs_feature sdl2 || return 77
    xvfb_start || return 1
    player_on_x -use-filename-title "$MEDIA/av.mkv"
    local id
    id=$(find_window '^av\.mkv$')
    player_quit
    xvfb_stop
    [ -n "$id" ] || fail "no window titled 'av.mkv'; $(head -c 400 win.err)" || return 1
    expect_rc 0
}

test_window_fs_on_x() {
    needs_feature sdl2 || return 77
    xvfb_start || return 1
    player_on_x -fs "$MEDIA/av.mkv"
    local id
    id=$(find_window '^MPlayer$')
    to_player "get_property fullscreen"
    player_quit
    xvfb_stop
    [ -n "$id" ] || fail "no window titled 'MPlayer'; $(head -c 400 win.err)" || return 1
    expect_rc 0 || return 1
    expect_out "ANS_fullscreen=yes"
}

test_window_wid_on_x() {
    needs_feature sdl2 || return 77
    xvfb_start || return 1
    # The root window stands in for a front-end's video widget.
    local root
    root=$(DISPLAY=$XDISP xwininfo -root | sed -n 's/.*Window id: \(0x[0-9a-f]*\).*/\1/p')
    player_on_x -wid "$((root))" -frames 20 "$MEDIA/av.mkv"
    player_wait_exit
    player_quit
    xvfb_stop
    [ -n "$root" ] || fail "no root window id" || return 1
    expect_rc 0 || return 1
    ! grep -q "window of its own" win.err || fail "-wid not used: $(cat win.err)"
}

test_window_wid_missing_on_x() {
    needs_feature sdl2 || return 77
    xvfb_start || return 1
    # No such window: a warning, our own window, and the file plays to its end.
    player_on_x -wid 12345 -frames 20 "$MEDIA/av.mkv"
    player_wait_exit
    player_quit
    xvfb_stop
    expect_rc 0 || return 1
    grep -q "there is no X window 0x3039; using a window of its own" win.err ||
        fail "no warning: $(head -c 400 win.err)" || return 1
    expect_out "Exiting... (End of file)"
}

# A front-end that starts paused: "pause" before the first frame is shown
# shows that frame, then holds (MPlayer shows the first frames, then
# pauses); before, nothing was shown and a screenshot had no frame.
test_screenshot_paused_before_first_frame() {
    mkfifo cmd.fifo
    timeout -k 5 60 "$MPLAYER" -slave -ao null -vo png "$MEDIA/av.mkv" \
        <cmd.fifo >"$T/last.out" 2>"$T/last.err" &
    local pid=$!
    (
        trap '' PIPE
        printf 'pause\n'
        wait_until -p "$pid" "the first frame" test -f 00000001.png
        # The point: in half a second more, a player that does not hold
        # would write more frames.
        sleep 0.5
        printf 'pausing_keep_force screenshot 0\n'
        wait_until -p "$pid" "the screenshot" test -f shot0001.png
        printf 'quit\n'
        slave_wait_exit "$pid" 50
    ) >cmd.fifo
    wait $pid
    RC=$?
    OUT=$T/last.out
    ERR=$T/last.err
    expect_rc 0 || return 1
    [ -f shot0001.png ] || fail "no screenshot: $(head -c 300 "$ERR")" || return 1
    # Held on the first frame: one frame written by -vo png, no more.
    [ "$(ls 0*.png 2>/dev/null | wc -l)" = 1 ] || fail "frames shown: $(ls 0*.png | tr '\n' ' ')"
}

# -swsopts reaches the conversion of a screenshot to RGB: accurate
# rounding with full chroma gives other pixels than the default.
test_screenshot_takes_swsopts() {
    slave "pausing_keep_force pause" "screenshot 0" "quit" -- "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    mv shot0001.png plain.png || return 1
    slave "pausing_keep_force pause" "screenshot 0" "quit" -- \
        -swsopts sws_flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ -f shot0001.png ] || fail "files: $(ls)" || return 1
    ! cmp -s plain.png shot0001.png || fail "-swsopts changed nothing" || return 1
}
