# MPlayer 1.5's player, terminal and OSD options (issue 17). GPLv2 or later.
#
# Each test makes its own short media with lavfi. The slave helper comes
# from t_slave.sh (run.sh sources every file).

# cp_wav NAME: a 2 s mono sine WAV.
cp_wav() {
    ff -f lavfi -i sine=frequency=440:sample_rate=22050:duration=2 -c:a pcm_s16le "$1"
}

# cp_black NAME: 1.2 s of black 160x120 video at 25 fps, no audio.
cp_black() {
    ff -f lavfi -i color=c=black:s=160x120:r=25:d=1.2 -c:v mpeg4 -q:v 2 "$1"
}

test_compat_term_osd_prints_messages() {
    cp_wav a.wav || return 1
    slave 'osd_show_text "hello there"' "volume 1" "seek 50 1" "quit" -- \
        -volume 50 -volstep 10 a.wav
    expect_rc 0 || return 1
    # The default escape: up one line, column 0 (the \r that slave_end
    # turned into a line break), clear the line.
    [ "$(grep -B1 -xF $'\033[Khello there' "$OUT" | head -n 1)" = $'\033[A' ] ||
        { fail "no terminal OSD text: $(cat -A "$OUT")"; return 1; }
    grep -qF 'Volume: 60 %' "$OUT" || { fail "no volume message at 50 + -volstep 10"; return 1; }
    grep -qF 'Position: 50 %' "$OUT" || fail "no position message"
}

test_compat_noterm_osd_and_esc() {
    cp_wav a.wav || return 1
    slave "osd_show_text hello" "quit" -- -noterm-osd a.wav
    expect_rc 0 || return 1
    if grep -qF hello "$OUT"; then
        fail "-noterm-osd still printed the message"
        return 1
    fi
    slave "osd_show_text hello" "quit" -- -term-osd-esc '<<' a.wav
    grep -qxF '<<hello' "$OUT" ||
        { fail "-term-osd-esc not printed first: $(cat -A "$OUT")"; return 1; }
    # Messages above -osdlevel are not printed (osd_show_text's level 3).
    slave "osd_show_text hidden 1000 3" "quit" -- a.wav
    ! grep -qF hidden "$OUT" || fail "a level 3 message printed at -osdlevel 1"
}

test_compat_volstep_steps_volume_property() {
    cp_wav a.wav || return 1
    slave "step_property volume" "get_property volume" "quit" -- -volume 20 -volstep 7 a.wav
    expect_rc 0 || return 1
    [ "$(ans_all volume)" = 27.000000 ] ||
        { fail "volume after one step: $(ans_all volume)"; return 1; }
    mp -volstep 101 a.wav
    expect_rc 1 || return 1
    expect_err "Option -volstep: value 101 out of range 0..100"
}

test_compat_osd_duration() {
    needs_feature libass || return 77
    cp_black b.avi || return 1
    slave "osd_show_text HELLO" -- -nosound -osd-duration 200 -vo png:z=9:outdir=png b.avi
    expect_rc 0 || return 1
    # Black frames compress to the smallest file; a frame with text is
    # bigger. 200 ms at 25 fps is 5 frames (the default 1000 ms: 25).
    local small n
    small=$(stat -c %s png/*.png | sort -n | head -n 1)
    n=$(stat -c %s png/*.png | awk -v s="$small" '$1 > s' | wc -l)
    [ "$n" -ge 3 ] && [ "$n" -le 8 ] || fail "$n frames with the message, expected about 5"
}

test_compat_playing_msg_expands() {
    cp_wav a.wav || return 1
    mp -ao null -endpos 0.2 -playing-msg \
        'file=${filename} ?(!video_codec:novideo)?(video_codec:VIDEO) rate=${samplerate}\tx\\y\n' \
        a.wav
    expect_rc 0 || return 1
    grep -qxF "file=a.wav novideo rate=22050"$'\t''x\y' "$OUT" ||
        { fail "playing-msg line: $(grep -a file= "$OUT" | cat -A)"; return 1; }
    mp -really-quiet -ao null -endpos 0.2 -playing-msg 'HIDDEN\n' a.wav
    ! grep -qF HIDDEN "$OUT" || fail "-really-quiet printed -playing-msg"
}

test_compat_msgmodule_and_msgcolor() {
    cp_wav a.wav || return 1
    mp -msgmodule -ao null -endpos 0.2 a.wav nosuch.wav
    grep -qxF '  CPLAYER: Starting playback...' "$OUT" ||
        { fail "no module name: $(head -c 400 "$OUT")"; return 1; }
    grep -qF "  CPLAYER: Cannot open file 'nosuch.wav'" "$ERR" ||
        { fail "no module on stderr"; return 1; }
    mp -msgcolor -ao null -endpos 0.2 nosuch.wav
    grep -qF $'\033[0;31m'"Cannot open file 'nosuch.wav'" "$ERR" ||
        { fail "error not red: $(cat -A "$ERR")"; return 1; }
    mp -ao null -endpos 0.2 nosuch.wav
    ! grep -qF $'\033[' "$ERR" || fail "colors without -msgcolor"
}

test_compat_msgcharset_converts() {
    local name=caf$'\xc3\xa9'.wav
    cp_wav "$name" || return 1
    mp -msgcharset latin1 -ao null -endpos 0.1 "$name"
    expect_rc 0 || return 1
    grep -qaF "Playing caf"$'\xe9'".wav." "$OUT" ||
        { fail "not latin1: $(grep -a Playing "$OUT" | od -c)"; return 1; }
    mp -msgcharset noconv -ao null -endpos 0.1 "$name"
    grep -qaF "Playing $name." "$OUT" || { fail "noconv changed the bytes"; return 1; }
    mp -msgcharset no-such-charset "$name"
    expect_rc 1 || return 1
    expect_err "Option -msgcharset: unknown charset 'no-such-charset'"
}

test_compat_noloop_plays_once() {
    cp_wav a.wav || return 1
    mp -loop 3 -noloop -ao null -endpos 0.1 a.wav
    expect_rc 0 || return 1
    [ "$(grep -c '^Playing a.wav' "$OUT")" = 1 ] || fail "played $(grep -c '^Playing' "$OUT") times"
}

test_compat_list_properties() {
    mp -list-properties
    expect_rc 0 || return 1
    grep -qE '^ volume +Float +0 +100 *$' "$OUT" ||
        { fail "no volume row: $(head -c 600 "$OUT")"; return 1; }
    grep -qE '^ filename +String +No +No *$' "$OUT" || { fail "no filename row"; return 1; }
    local rows total
    rows=$(grep -cE '^ [a-z_]+ +(Flag|Integer|Float|Time|Position|String) ' "$OUT")
    total=$(sed -n 's/^Total: \([0-9]*\) properties$/\1/p' "$OUT")
    [ "$rows" = "$total" ] && [ "$rows" -gt 40 ] || { fail "$rows rows, Total: $total"; return 1; }
    ! grep -qF 'Playing' "$OUT" || fail "played something"
}

test_compat_show_profile() {
    printf '[fast]\nprofile-desc="go quick"\nspeed=2\nnosound=yes\n' >"$MPLAYER_HOME/config"
    printf '[both]\nprofile=fast\nvolume=10\n' >>"$MPLAYER_HOME/config"
    mp -show-profile both
    expect_rc 0 || { rm -f "$MPLAYER_HOME/config"; return 1; }
    [ "$(sed -n '/^Profile both:/,$p' "$OUT" | head -n 5)" = "Profile both: 
 profile=fast
  speed=2
  nosound=yes
 volume=10" ] ||
        { fail "layout: $(cat -A "$OUT")"; rm -f "$MPLAYER_HOME/config"; return 1; }
    mp -show-profile fast
    expect_out "Profile fast: go quick" || { rm -f "$MPLAYER_HOME/config"; return 1; }
    mp -show-profile nope
    rm -f "$MPLAYER_HOME/config"
    expect_rc 1 || return 1
    expect_err "Option -show-profile: unknown profile 'nope'"
}

test_compat_heartbeat_cmd() {
    cp_wav a.wav || return 1
    mp -ao null -endpos 1 -heartbeat-cmd 'echo beat >>hb.txt' -heartbeat-interval 0.2 a.wav
    expect_rc 0 || return 1
    local n
    n=$(wc -l <hb.txt)
    [ "$n" -ge 3 ] && [ "$n" -le 7 ] || { fail "$n runs in 1 s every 0.2 s"; return 1; }
    rm -f hb.txt
    # The default interval is 30 s: one run at the start.
    mp -ao null -endpos 0.5 -heartbeat-cmd 'echo beat >>hb.txt' a.wav
    [ "$(wc -l <hb.txt)" = 1 ] || fail "$(wc -l <hb.txt) runs with the default interval"
}

test_compat_edlout_writes_blocks() {
    cp_wav a.wav || return 1
    # The gap is the point: a block of 0.3 s.
    SLAVE_GAP=0.3 slave "edl_mark" "edl_mark" "edl_mark" "quit" -- -edlout e.edl a.wav
    expect_rc 0 || return 1
    expect_out "EDL skip start, press 'i' again to end block." || return 1
    expect_out "EDL skip end, line written." || return 1
    # One line for the closed block (0.3 s apart), none for the open one.
    [ "$(wc -l <e.edl)" = 1 ] || { fail "e.edl: $(cat e.edl)"; return 1; }
    awk '$3 == 0 && $2 - $1 > 0.15 && $2 - $1 < 0.6 { ok = 1 } END { exit !ok }' e.edl ||
        { fail "block: $(cat e.edl)"; return 1; }
    # The file is what -edl reads.
    mp -edl e.edl -ao null -vo null -endpos 0.1 a.wav
    expect_rc 0 || return 1
    expect_out "Read 1 EDL actions" || return 1
    mp -edlout no/such/dir/e.edl a.wav
    expect_rc 3 || return 1
    expect_err "Cannot create -edlout file 'no/such/dir/e.edl'"
}

test_compat_nowaveheader_writes_raw() {
    cp_wav a.wav || return 1
    mp -nowaveheader -ao pcm:fast:file=o.raw a.wav
    expect_rc 0 || return 1
    # Exactly the samples: 2 s at 22050 Hz, mono s16.
    [ "$(stat -c %s o.raw)" = 88200 ] || { fail "o.raw is $(stat -c %s o.raw) bytes"; return 1; }
    cmp -s o.raw <(raw_s16 a.wav) || { fail "o.raw is not the samples"; return 1; }
    # The suboption wins; -waveheader is the default.
    mp -nowaveheader -ao pcm:fast:waveheader:file=o.wav a.wav
    [ "$(head -c 4 o.wav)" = RIFF ] || { fail "suboption waveheader lost"; return 1; }
    mp -waveheader -ao pcm:fast:file=o2.wav a.wav
    [ "$(head -c 4 o2.wav)" = RIFF ] || fail "-waveheader wrote no header"
}

# The "AO:" line's rate for each file played, space-separated.
cp_ao_rates() {
    sed -n 's/^AO: \[null\] \([0-9]*\)Hz.*/\1/p' "$OUT" | tr '\n' ' '
}

test_compat_file_configs() {
    mkdir -p d && cp_wav d/a.wav && cp_wav b.wav || return 1
    # The user's a.wav.conf is for a.wav only: b.wav gets the file's rate.
    echo srate=8000 >"$MPLAYER_HOME/a.wav.conf"
    mp -ao null -endpos 0.1 d/a.wav b.wav
    rm -f "$MPLAYER_HOME/a.wav.conf"
    expect_rc 0 || return 1
    expect_out "Loading config '$MPLAYER_HOME/a.wav.conf'" || return 1
    [ "$(cp_ao_rates)" = "8000 22050 " ] || { fail "rates: $(cp_ao_rates)"; return 1; }
    # Beside the file: mplayer.conf, then a.wav.conf, which then replaces
    # the user's; a command there is refused.
    echo srate=11025 >d/mplayer.conf
    printf 'srate=16000\nheartbeat-cmd=touch ran\n' >d/a.wav.conf
    mp -use-filedir-conf -ao null -endpos 0.1 d/a.wav
    expect_rc 0 || return 1
    [ "$(grep "^Loading config" "$OUT")" = "Loading config 'd/mplayer.conf'
Loading config 'd/a.wav.conf'" ] || { fail "loaded: $(grep Loading "$OUT")"; return 1; }
    [ "$(cp_ao_rates)" = "16000 " ] || { fail "rates: $(cp_ao_rates)"; return 1; }
    [ ! -e ran ] || { fail "heartbeat-cmd from the media's folder ran"; return 1; }
    expect_err "heartbeat-cmd in a config file beside 'd/a.wav' ignored" || return 1
    # A bad line: said so, and the file plays with the options given.
    echo speed=abc >d/a.wav.conf
    mp -use-filedir-conf -ao null -endpos 0.1 d/a.wav
    expect_rc 0 || return 1
    expect_err "d/a.wav.conf:1: option 'speed'" || return 1
    expect_err "File-specific config of 'd/a.wav' not applied." || return 1
    [ "$(cp_ao_rates)" = "22050 " ] || fail "rates after a bad file: $(cp_ao_rates)"
}

test_compat_vsync_is_sdl_suboption() {
    cp_black b.avi || return 1
    # No display: the open fails, and the message names the list as used.
    DISPLAY= WAYLAND_DISPLAY= mp -vsync -vo sdl -nosound -frames 1 b.avi
    expect_err "Could not open video output 'sdl:vsync'." || return 1
    DISPLAY= WAYLAND_DISPLAY= mp -vsync -vo sdl:sw -nosound -frames 1 b.avi
    expect_err "Could not open video output 'sdl:vsync:sw'." || return 1
    slave "get_property vsync" "quit" -- -vsync -nosound b.avi
    [ "$(ans_all vsync)" = yes ] || { fail "vsync property: $(ans_all vsync)"; return 1; }
    slave "get_property vsync" "quit" -- -nosound b.avi
    [ "$(ans_all vsync)" = no ] || fail "vsync property without -vsync: $(ans_all vsync)"
}

test_compat_display_and_name() {
    needs_feature sdl2 || return 77
    command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v xprop >/dev/null ||
        { skip "Xvfb, xdotool or xprop missing"; return; }
    cp_black b.avi || return 1
    xvfb_start || return 1
    local pid w n=50 cls=
    # DISPLAY unset: only -display can lead SDL to the server.
    DISPLAY= timeout -k 5 20 "$MPLAYER" -display "$XDISP" -name mpclass -vo sdl -nosound \
        -loop 0 b.avi >out.txt 2>err.txt </dev/null &
    pid=$!
    while [ "$n" -gt 0 ] && [ -z "$cls" ]; do
        for w in $(DISPLAY=$XDISP xdotool search --name MPlayer 2>/dev/null); do
            cls=$(DISPLAY=$XDISP xprop -id "$w" WM_CLASS 2>/dev/null)
        done
        n=$((n - 1))
        sleep 0.1
    done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    xvfb_stop
    [ "$cls" = 'WM_CLASS(STRING) = "mpclass", "mpclass"' ] ||
        fail "window class: '$cls'; stderr: $(head -c 400 err.txt)"
}

test_compat_hardware_options_warn() {
    cp_wav a.wav || return 1
    mp -vm -bpp 16 -rtc -mixer /dev/mixer -abs 4096 -nocolorkey -ao null -endpos 0.1 a.wav
    expect_rc 0 || return 1
    expect_err "Option -vm is accepted but has no effect here: no output changes" || return 1
    expect_err "Option -mixer is accepted but has no effect here: the volume is software" ||
        return 1
    [ "$(grep -c 'is accepted but has no effect here' "$ERR")" = 6 ] ||
        fail "not one warning each: $(cat "$ERR")"
}

# cp_sdl_side_luma FILE: the brightest luma of the window grab's left and
# right 60 columns, as "LEFT RIGHT".
cp_sdl_side_luma() {
    echo "$(sdl_ymax "$1" 60:ih:0:0) $(sdl_ymax "$1" 60:ih:580:0)"
}

# A 4:3 picture in a 640x240 window leaves 160-pixel bars at the sides:
# -border-pos-x 0 puts them all on the right; panscan 1 zooms them away.
test_compat_border_pos_and_panscan() {
    needs_feature sdl2 || return 77
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 20 || return 1
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -geometry 640x240 -border-pos-x 0 still.mkv
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    sdl_grab_bright left.png 60:ih:0:0 100 || fail "left: luma $SDL_YMAX" || return 1
    local l r
    # shellcheck disable=SC2034
    read -r l r <<<"$(cp_sdl_side_luma left.png)"
    [ "$r" -lt 30 ] || fail "-border-pos-x 0: right bar not black (luma $r)" || return 1
    # Zoomed over the bars: the picture covers the window.
    sdl_cmd "pausing_keep_force panscan 1 1"
    [ "$(sdl_ask panscan)" = 1.000000 ] || fail "panscan property: $(sdl_ask panscan)" ||
        return 1
    sdl_grab_bright zoom.png 60:ih:580:0 100 || fail "panscan 1: right bar still black" ||
        return 1
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

# An MPEG-TS file whose timestamps start at 11.4 s.
test_compat_edl_start_pts() {
    ff -f lavfi -i testsrc=d=3:s=64x48:r=25 -c:v mpeg2video -output_ts_offset 10 t.ts || return 1
    printf '12.0 13.0 0\n' >abs.edl
    mp -v -noedl-start-pts -edl abs.edl -nosound -vo null t.ts
    expect_rc 0 || return 1
    tr '\r' '\n' <"$OUT" | grep -qxF 'EDL: skipping 12.000 s to 13.000 s.' ||
        { fail "no absolute skip: $(tr '\r' '\n' <"$OUT" | grep EDL)"; return 1; }
    # The default counts from the start; a range ending on a frame's
    # time ends (it was skipped to forever).
    printf '0.6 1.6 0\n' >rel.edl
    MP_TIMEOUT=10 mp -v -edl rel.edl -nosound -vo null t.ts
    expect_rc 0 || return 1
    [ "$(tr '\r' '\n' <"$OUT" | grep -c 'EDL: skipping')" = 1 ] ||
        { fail "skips: $(tr '\r' '\n' <"$OUT" | grep -c 'EDL: skipping')"; return 1; }
    slave "edl_mark" "edl_mark" "quit" -- -noedl-start-pts -edlout e.edl -nosound t.ts
    awk '$1 > 11 && $2 > $1 { ok = 1 } END { exit !ok }' e.edl ||
        fail "-edlout with -noedl-start-pts: $(cat e.edl)"
}

# Xvfb's screen is 1024x768 (4:3). Told it is 16:9, each pixel is 4/3 as
# wide as tall: a 320x240 picture takes 240x240 of them.
test_compat_monitoraspect_narrows_window() {
    needs_feature sdl2 || return 77
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 20 || return 1
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -monitoraspect 16:9 still.mkv
    sdl_cmd "pause"
    sdl_window || return 1
    sdl_cmd "quit"
    sdl_mp_wait
    [ "${SDL_GEOM%%+*}" = 240x240 ] || fail "window $SDL_GEOM, expected 240x240"
}

# cp_clicks ARGS...: two clicks 300 ms apart in the window of a player run
# with ARGS; a click sets -osdlevel 2, a double-click 3. Prints the level.
cp_clicks() {
    printf 'MOUSE_BTN0 osd 2\nMOUSE_BTN0_DBL osd 3\n' >clicks.conf
    sdl_mp_start -slave -vo sdl -nosound -input conf="$PWD/clicks.conf" "$@" still.mkv
    sdl_cmd "pause"
    sdl_window || return 1
    xdotool mousemove --window "$SDL_WIN" 100 100 click --repeat 2 --delay 300 1 || return 1
    sdl_ask_change 5 osdlevel 1
    sdl_cmd "quit"
    sdl_mp_wait
}

test_compat_doubleclick_time() {
    needs_feature sdl2 || return 77
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 20 || return 1
    local lev
    lev=$(cp_clicks -doubleclick-time 100 | tail -n 1)
    [ "$lev" = 2 ] || fail "clicks 300 ms apart at -doubleclick-time 100: osdlevel '$lev'" ||
        return 1
    lev=$(cp_clicks -doubleclick-time 600 | tail -n 1)
    [ "$lev" = 3 ] || fail "at -doubleclick-time 600: osdlevel '$lev' (no double-click)"
}
