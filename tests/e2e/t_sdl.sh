# The interactive player: -vo sdl windows on a private Xvfb, keys typed with
# xdotool, pictures taken with ffmpeg's x11grab, -ao sdl through SDL's disk
# audio driver. GPLv2 or later.
#
# Each test that needs a display starts its own Xvfb (the server picks a
# free display number itself: -displayfd) and an EXIT trap ends it with the
# player; run.sh runs every test in a subshell, so the trap is the test's.
# Nothing waits a fixed time for the player: every step polls for what it
# expects (a window, a picture, an answer), with generous limits.
# e2e-needs: sdl2

SDL_SKIPPED=0
SDL_MP_PID=
SDL_WIN=
SDL_GEOM=

sdl_cleanup() {
    exec 7>&- 2>/dev/null
    if [ -n "$SDL_MP_PID" ]; then
        kill "$SDL_MP_PID" 2>/dev/null
        wait "$SDL_MP_PID" 2>/dev/null
    fi
    xvfb_stop
    SDL_MP_PID=
}

# After a failed setup: 0 (pass, a skip was noted) or 1.
sdl_skipped() {
    [ "$SDL_SKIPPED" = 1 ]
}

# sdl_need TOOL...: note a skip and fail when one is missing.
sdl_need() {
    local t
    for t in "$@"; do
        command -v "$t" >/dev/null 2>&1 && continue
        skip "$t not installed (TOOLS/install-deps.sh)" || return 1
        SDL_SKIPPED=1
        return 1
    done
}

# sdl_until SECONDS CMD...: run CMD every 0.1 s until it succeeds.
sdl_until() {
    local n=$(($1 * 10))
    shift
    while [ "$n" -gt 0 ]; do
        "$@" && return 0
        n=$((n - 1))
        sleep 0.1
    done
    return 1
}

# Start Xvfb 1024x768x24 on a free display and point DISPLAY at it.
sdl_x_start() {
    # In a sanitizer build LeakSanitizer finds, at exit, blocks that
    # libdbus and Mesa's llvmpipe (loaded by SDL's X11 video) keep; none
    # is ours (no frame of ours in any trace). With a window, only the leak
    # check is off: ASan and UBSan still fail the run; every other test
    # keeps full leak checking of our code.
    if [ "${SANITIZE:-}" = 1 ]; then
        export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    fi
    sdl_need Xvfb xdotool ffmpeg || return 1
    trap sdl_cleanup EXIT
    xvfb_start || return 1
    DISPLAY=$XDISP
    export DISPLAY
    local g
    g=$(xdotool getdisplaygeometry 2>&1)
    [ "$g" = "1024 768" ] ||
        fail "display $DISPLAY: '$g' instead of 1024 768; Xvfb: $(head -c 400 xvfb.log)"
}

# sdl_mp_start ARGS...: the player in the background with a fifo as its
# standard input (commands go in with sdl_cmd); OUT and ERR as mp() sets
# them.
sdl_mp_start() {
    OUT=$T/last.out
    ERR=$T/last.err
    RC=
    rm -f slave.fifo
    mkfifo slave.fifo || return 1
    # Emptied here: the player truncates it only after the FIFO is open,
    # and the waits must not count the last run's answers.
    : >"$OUT"
    timeout -k 5 "${MP_TIMEOUT:-60}" "$MPLAYER" "$@" <slave.fifo >"$OUT" 2>"$ERR" &
    SDL_MP_PID=$!
    exec 7>slave.fifo
}

sdl_cmd() {
    # The player may be gone: a write must not kill the test.
    (trap '' PIPE; printf '%s\n' "$*" >&7) 2>/dev/null
}

sdl_mp_running() {
    kill -0 "$SDL_MP_PID" 2>/dev/null
}

# Wait (at most 20 s) for the player to exit by itself; set RC, check the
# sanitizers as mp() does.
sdl_mp_wait() {
    sdl_until 20 eval '! sdl_mp_running'
    local gone=$?
    exec 7>&-
    if [ "$gone" != 0 ]; then
        kill "$SDL_MP_PID" 2>/dev/null
    fi
    wait "$SDL_MP_PID"
    RC=$?
    SDL_MP_PID=
    [ "$gone" = 0 ] || RC=124
    tr '\r' '\n' <"$OUT" >"$OUT.lines" && mv "$OUT.lines" "$OUT"
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        echo "    sanitizer report:" >&2
        sed -n '1,40p' "$ERR" >&2
        RC=99
    fi
    return 0
}

sdl_find_window() {
    SDL_WIN=$(xdotool search --onlyvisible --name '^MPlayer$' 2>/dev/null | head -n 1)
    [ -n "$SDL_WIN" ] || return 1
    local g
    g=$(xdotool getwindowgeometry --shell "$SDL_WIN" 2>/dev/null) || return 1
    local x y w h
    x=$(echo "$g" | sed -n 's/^X=//p')
    y=$(echo "$g" | sed -n 's/^Y=//p')
    w=$(echo "$g" | sed -n 's/^WIDTH=//p')
    h=$(echo "$g" | sed -n 's/^HEIGHT=//p')
    SDL_GEOM="${w}x${h}+$x+$y"
}

# Wait (at most 20 s) for the player's window to be on screen; sets
# SDL_WIN and SDL_GEOM (WxH+X+Y).
sdl_window() {
    # 20 s; 40 s in a sanitizer build, whose start on a loaded machine is
    # several times slower (a hang still fails, with its threads shown).
    local n=200
    [ "${SANITIZE:-0}" != 0 ] && n=400
    SDL_WAIT_SECS=$((n / 10))
    while ! sdl_find_window; do
        sdl_mp_running ||
            fail "the player exited before its window appeared on $DISPLAY:" \
                "$(head -c 600 "$ERR"); Xvfb: $(head -c 400 xvfb.log)" ||
            return 1
        n=$((n - 1))
        [ "$n" -gt 0 ] || { sdl_window_lost; return 1; }
        sleep 0.1
    done
}

# What a failed wait for the window saw: the windows on the display, what
# the player printed, its state (a rare CI failure left nothing to go on).
sdl_window_lost() {
    local w names=
    for w in $(xdotool search --name . 2>/dev/null | head -n 20); do
        names="$names $w:'$(xdotool getwindowname "$w" 2>/dev/null)'"
    done
    # SDL_MP_PID is timeout(1)'s; the player is its child.
    local pid
    pid=$(pgrep -P "$SDL_MP_PID" 2>/dev/null | head -n 1)
    pid=${pid:-$SDL_MP_PID}
    fail "no window named MPlayer after ${SDL_WAIT_SECS:-20} s; windows:${names:- none};" \
        "player state: $(ps -o stat=,time=,wchan:32= -p "$pid" 2>/dev/null | tr -s ' ');" \
        "stdout: $(tail -c 400 "$OUT" | tr '\r\n' '  '); stderr: $(tail -c 600 "$ERR")"
    # A player asleep with no window (seen twice under ASan on a busy
    # machine): where each of its threads waits.
    if command -v gdb >/dev/null 2>&1 && [ -n "$pid" ]; then
        echo "    threads of the player:" >&2
        timeout 30 gdb -nx -q -batch -p "$pid" -ex "thread apply all bt 12" 2>/dev/null |
            grep -E '^(Thread|#)' | cut -c1-160 | head -n 80 | sed 's/^/      /' >&2
    fi
}

# sdl_grab FILE: a picture of the window's area (no mouse pointer).
sdl_grab() {
    local size=${SDL_GEOM%%+*} pos=${SDL_GEOM#*+}
    ff -f x11grab -draw_mouse 0 -video_size "$size" -i "$DISPLAY+${pos/+/,}" \
        -frames:v 1 "$1"
}

# sdl_band_psnr A B Y H: PSNR of rows Y..Y+H-1 of two pictures of one size.
sdl_band_psnr() {
    local c="crop=iw:$4:0:$3"
    ffmpeg -nostdin -hide_banner -i "$1" -i "$2" \
        -lavfi "[0]${c}[a];[1]${c}[b];[a][b]psnr" -f null - 2>&1 |
        sed -n 's/.*average:\([^ ]*\).*/\1/p' | tail -n 1
}

# sdl_film_psnr DIR REF Y H: for each DIR/NNN.png in turn, the PSNR of its
# rows Y..Y+H-1 against those of REF, one a line.
sdl_film_psnr() {
    local c="crop=iw:$4:0:$3"
    ffmpeg -nostdin -hide_banner -loglevel error -i "$1/%03d.png" -loop 1 -i "$2" \
        -lavfi "[0]${c}[a];[1]${c}[b];[a][b]psnr=stats_file=-:shortest=1" -f null - |
        sed -n 's/.*psnr_avg:\([^ ]*\).*/\1/p'
}

# sdl_db_above DB LIMIT: DB ("inf" for equal pictures) is above LIMIT.
sdl_db_above() {
    [ "$1" = inf ] && return 0
    [ -n "$1" ] && awk -v p="$1" -v l="$2" 'BEGIN { exit !(p > l) }'
}

# Grab the window until the picture's PSNR against REF is above LIMIT
# (SECONDS at most); the last grab stays in FILE, its PSNR in SDL_DB.
sdl_grab_until_like() {
    local file=$1 ref=$2 limit=$3 secs=$4
    local n=$((secs * 4))
    SDL_DB=
    while [ "$n" -gt 0 ]; do
        if sdl_grab "$file"; then
            SDL_DB=$(psnr "$file" "$ref")
            sdl_db_above "$SDL_DB" "$limit" && return 0
        fi
        n=$((n - 1))
        sleep 0.25
    done
    return 1
}

# sdl_ask PROP: ask the player (without touching the pause) and wait for
# the answer; prints its value. ANS_ERROR fails.
sdl_ask() {
    local before after n=100
    before=$(grep -c -e "^ANS_$1=" -e '^ANS_ERROR=' <(tr '\r' '\n' <"$OUT"))
    sdl_cmd "pausing_keep_force get_property $1"
    while [ "$n" -gt 0 ]; do
        after=$(grep -c -e "^ANS_$1=" -e '^ANS_ERROR=' <(tr '\r' '\n' <"$OUT"))
        if [ "$after" -gt "$before" ]; then
            local line
            line=$(tr '\r' '\n' <"$OUT" | grep -e "^ANS_$1=" -e '^ANS_ERROR=' | tail -n 1)
            case $line in
            ANS_ERROR=*) fail "get_property $1: $line" ;;
            *) echo "${line#*=}" ;;
            esac
            return
        fi
        sdl_mp_running || fail "the player exited while asked for $1" || return 1
        n=$((n - 1))
        sleep 0.1
    done
    fail "no answer to get_property $1 in 10 s"
}

# sdl_ask_until SECONDS PROP VALUE: ask until the answer is VALUE.
sdl_ask_until() {
    local n=$(($1 * 4)) v=
    while [ "$n" -gt 0 ]; do
        v=$(sdl_ask "$2") || return 1
        [ "$v" = "$3" ] && return 0
        n=$((n - 1))
        sleep 0.25
    done
    fail "$2 is '$v', expected '$3'"
}

# sdl_ask_change SECONDS PROP VALUE: ask until the answer is not VALUE;
# prints the new one.
sdl_ask_change() {
    local n=$(($1 * 4)) v=
    while [ "$n" -gt 0 ]; do
        v=$(sdl_ask "$2") || return 1
        [ "$v" != "$3" ] && echo "$v" && return 0
        n=$((n - 1))
        sleep 0.25
    done
    fail "$2 stayed at '$3'"
}

# xdotool KEY... typed into the player's window (focused first: there is
# no window manager to do it).
sdl_key() {
    xdotool windowfocus --sync "$SDL_WIN" && xdotool key --delay 30 "$@"
}

# sdl_make_still SECS [FPS]: a still picture as video (the first testsrc2
# frame) in still.mkv, and ffmpeg's own rendering of its first frame in
# still.png.
sdl_make_still() {
    ff -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 1 pattern.png &&
        ff -loop 1 -framerate "${2:-25}" -i pattern.png -t "$1" -c:v mpeg4 -q:v 2 -g 25 \
            -pix_fmt yuv420p still.mkv &&
        ff -i still.mkv -frames:v 1 still.png
}

test_sdl_window_shows_first_frame() {
    sdl_x_start || { sdl_skipped; return; }
    ff -i "$MEDIA/v.avi" -frames:v 1 ref.png || return 1
    # Paused before anything is shown, then one frame: the first.
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 "$MEDIA/v.avi"
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    case $SDL_GEOM in
    320x240+*) ;;
    *) fail "window $SDL_GEOM, expected the video's 320x240" || return 1 ;;
    esac
    sdl_grab_until_like shot.png ref.png 25 10 ||
        fail "window shows no first frame: PSNR ${SDL_DB:-none} dB against ffmpeg's" ||
        return 1
    # The picture must also tell frames apart: a later one is far off.
    ff -i "$MEDIA/v.avi" -vf "select=eq(n\,50)" -frames:v 1 later.png || return 1
    local far
    far=$(psnr shot.png later.png)
    if sdl_db_above "$far" 25; then
        fail "frame 50 matches as well ($far dB): the test sees nothing"
        return 1
    fi
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

test_sdl_subtitle_at_its_time() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 6 || return 1
    printf '1\n00:00:01,500 --> 00:00:03,000\nSUBTITLE LINE\n\n' >line.srt
    # -osdlevel 0: the seeks draw no bar over the picture.
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -sub line.srt -ss 0.5 still.mkv
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    local h=${SDL_GEOM#*x}
    h=${h%%+*}
    local top=$((h * 3 / 4)) bottom=$((h / 4))
    # 0.5 s: before the line, the bare picture.
    sdl_grab_until_like before.png still.png 25 10 ||
        fail "at 0.5 s: PSNR ${SDL_DB:-none} dB against the bare picture" || return 1
    # 2 s: the line is on the bottom quarter, the rest is untouched.
    sdl_cmd "pausing_keep seek 2 2"
    sdl_cmd "frame_step"
    local n=40 db='' dbtop=''
    while [ "$n" -gt 0 ]; do
        sdl_grab during.png || return 1
        db=$(sdl_band_psnr during.png before.png "$top" "$bottom")
        sdl_db_above "$db" 30 || break
        n=$((n - 1))
        sleep 0.25
    done
    if sdl_db_above "$db" 30; then
        fail "at 2 s the bottom quarter is unchanged ($db dB): no subtitle drawn"
        return 1
    fi
    dbtop=$(sdl_band_psnr during.png before.png 0 "$top")
    sdl_db_above "$dbtop" 35 ||
        fail "at 2 s the top of the picture changed too ($dbtop dB): not the subtitle" ||
        return 1
    local pos
    pos=$(sdl_ask time_pos) || return 1
    awk -v p="$pos" 'BEGIN { exit !(p >= 1.9 && p <= 2.1) }' ||
        fail "subtitle shown at time_pos $pos, expected 2" || return 1
    # 4 s: after the line, the bare picture again.
    sdl_cmd "pausing_keep seek 4 2"
    sdl_cmd "frame_step"
    n=40
    while [ "$n" -gt 0 ]; do
        sdl_grab after.png || return 1
        db=$(sdl_band_psnr after.png before.png "$top" "$bottom")
        sdl_db_above "$db" 35 && break
        n=$((n - 1))
        sleep 0.25
    done
    sdl_db_above "$db" 35 ||
        fail "at 4 s the subtitle (1.5-3 s) is still on screen ($db dB)" || return 1
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

test_sdl_seek_key_shows_osd_bar() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 30 10 || return 1
    sdl_mp_start -slave -vo sdl -nosound still.mkv
    sdl_window || return 1
    sdl_grab_until_like before.png still.png 25 10 ||
        fail "no picture before the key: PSNR ${SDL_DB:-none} dB" || return 1
    # The bar stays up for a second: film the window from before the key
    # on, so a slow machine cannot miss it.
    local size=${SDL_GEOM%%+*} pos=${SDL_GEOM#*+}
    mkdir film
    ff -f x11grab -draw_mouse 0 -framerate 10 -video_size "$size" \
        -i "$DISPLAY+${pos/+/,}" -t 4 film/%03d.png &
    local film=$!
    sdl_until 10 test -s film/002.png || fail "x11grab films nothing" || return 1
    sdl_key Right || fail "xdotool could not type Right" || return 1
    # The key seeks 10 s forward.
    local at
    sdl_until 10 eval 'at=$(sdl_ask time_pos) && awk -v p="$at" "BEGIN { exit !(p >= 10) }"' ||
        fail "time_pos ${at:-unknown} after RIGHT, expected >= 10" || return 1
    wait "$film"
    # Bar: a band across the picture's lower middle differs, the top not.
    local h=${size#*x}
    sdl_film_psnr film before.png $((h * 5 / 8)) $((h / 4)) >bar.db || return 1
    sdl_film_psnr film before.png 0 $((h / 2)) >top.db || return 1
    local n=0 db top bar='' gone=''
    while read -r db top; do
        n=$((n + 1))
        if [ -z "$bar" ]; then
            sdl_db_above "$db" 30 && continue
            bar=$n
            sdl_db_above "$top" 35 ||
                fail "picture $n: the top half changed too ($top dB), not a bar" || return 1
        elif sdl_db_above "$db" 35; then
            gone=$n
        fi
    done < <(paste -d ' ' bar.db top.db)
    [ -n "$bar" ] || fail "no bar in $n pictures after RIGHT" || return 1
    [ -n "$gone" ] || fail "the bar (from picture $bar of $n) stayed up for all of 4 s" ||
        return 1
    sdl_key q
    sdl_mp_wait
    expect_rc 0
}

test_sdl_keys_change_state() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_mp_start -slave -vo sdl -ao null -loop 0 "$MEDIA/av.mkv"
    sdl_window || return 1
    sdl_ask_until 10 pause no || return 1
    sdl_key space || return 1
    sdl_ask_until 10 pause yes || return 1
    # "Any key continues" (MPlayer's bindings run their command unpaused).
    sdl_key space || return 1
    sdl_ask_until 10 pause no || return 1

    local v0 v1 v2
    v0=$(sdl_ask volume) || return 1
    sdl_key 0 || return 1
    v1=$(sdl_ask_change 10 volume "$v0") || return 1
    awk -v a="$v0" -v b="$v1" 'BEGIN { exit !(b > a) }' ||
        fail "volume $v0 -> $v1 after key 0, expected up" || return 1
    sdl_key 9 9 || return 1
    v2=$(sdl_ask_change 10 volume "$v1") || return 1
    awk -v a="$v1" -v b="$v2" 'BEGIN { exit !(b < a) }' ||
        fail "volume $v1 -> $v2 after keys 9 9, expected down" || return 1

    sdl_ask_until 10 fullscreen no || return 1
    sdl_key f || return 1
    sdl_ask_until 10 fullscreen yes || return 1
    sdl_key f || return 1
    sdl_ask_until 10 fullscreen no || return 1

    sdl_key q || return 1
    sdl_mp_wait
    expect_rc 0 || return 1
    expect_out "Exiting... (Quit)"
}

test_sdl_audio_disk_driver_gets_all_samples() {
    # SDL's "disk" driver writes what a card would play to a file, in real
    # time; silence may come before (device start) and after (last buffer).
    SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=$PWD/out.raw mp -ao sdl -vo null "$MEDIA/a.wav"
    expect_rc 0 || return 1
    [ -s out.raw ] || fail "SDL's disk driver wrote nothing: $(head -c 600 "$ERR")" || return 1
    raw_s16 "$MEDIA/a.wav" >ref.raw
    local got want skip_got skip_ref
    got=$(stat -c %s out.raw)
    want=$(stat -c %s ref.raw)
    # Where the first non-zero sample is, in each (the sine starts at 0).
    skip_got=$(od -An -v -w2 -tu2 out.raw | awk '$1 != 0 { print (NR - 1) * 2; exit }')
    skip_ref=$(od -An -v -w2 -tu2 ref.raw | awk '$1 != 0 { print (NR - 1) * 2; exit }')
    [ -n "$skip_got" ] || fail "out.raw ($got bytes) is all silence" || return 1
    local len=$((want - skip_ref))
    [ $((got - skip_got)) -ge "$len" ] ||
        fail "out.raw has $((got - skip_got)) bytes from its first sound, the clip $len" ||
        return 1
    cmp -s -n "$len" -i "$skip_got:$skip_ref" out.raw ref.raw ||
        fail "samples differ from the decoded clip: $(cmp -n "$len" -i "$skip_got:$skip_ref" \
            out.raw ref.raw 2>&1 | head -n 1)" || return 1
    # After the clip only silence: nothing repeated, nothing stale.
    local rest
    rest=$(tail -c +$((skip_got + len + 1)) out.raw | tr -d '\0' | wc -c)
    [ "$rest" = 0 ] || fail "$rest non-zero bytes after the clip's samples"
}

# A helper that asks the window to close as a window manager does
# (WM_DELETE_WINDOW): Debian's xdotool 3.2016 has no windowclose, and
# wmctrl -c needs a window manager.
sdl_make_xclose() {
    [ -x "$T/xclose" ] && return 0
    sdl_need cc || return 1
    cat >"$T/xclose.c" <<'EOF'
#include <X11/Xlib.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    Display *d = XOpenDisplay(NULL);
    if (!d || argc < 2)
        return 2;
    XEvent ev = {0};
    ev.xclient.type = ClientMessage;
    ev.xclient.window = (Window)strtoul(argv[1], NULL, 0);
    ev.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
    ev.xclient.format = 32;
    ev.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
    ev.xclient.data.l[1] = CurrentTime;
    int ok = XSendEvent(d, ev.xclient.window, False, NoEventMask, &ev);
    XSync(d, False);
    XCloseDisplay(d);
    return ok ? 0 : 1;
}
EOF
    cc -o "$T/xclose" "$T/xclose.c" -lX11 2>"$T/xclose.log" || {
        skip "cannot build an X11 client (libx11-dev?): $(head -c 300 "$T/xclose.log")" ||
            return 1
        SDL_SKIPPED=1
        return 1
    }
}

test_sdl_closing_window_quits() {
    sdl_make_xclose || { sdl_skipped; return; }
    sdl_x_start || { sdl_skipped; return; }
    sdl_mp_start -vo sdl -nosound -loop 0 "$MEDIA/v.avi"
    sdl_window || return 1
    "$T/xclose" "$SDL_WIN" || fail "could not send WM_DELETE_WINDOW" || return 1
    sdl_mp_wait
    expect_rc 0 || return 1
    expect_out "Exiting... (Quit)"
}

# sdl_ymax FILE CROP: the brightest luma of a picture's CROP (lavfi's crop
# arguments w:h:x:y).
sdl_ymax() {
    ffprobe -v error -f lavfi -i "movie=$1,crop=$2,signalstats" \
        -show_entries frame_tags=lavfi.signalstats.YMAX -of default=nw=1:nk=1 | head -n 1
}

# sdl_grab_bright FILE CROP MIN [CHECK...]: grab the window into FILE until
# the brightest luma of CROP is above MIN (and CHECK, when given, succeeds),
# for up to 10 s; SDL_YMAX is the last brightness seen. A paused player
# draws its picture once it has one: nothing says when, so poll.
sdl_grab_bright() {
    local file=$1 crop=$2 min=$3 n=40
    shift 3
    while :; do
        sdl_grab "$file" || return 1
        SDL_YMAX=$(sdl_ymax "$file" "$crop")
        [ -n "$SDL_YMAX" ] && [ "$SDL_YMAX" -gt "$min" ] && { [ $# = 0 ] || "$@"; } &&
            return 0
        n=$((n - 1))
        [ "$n" -gt 0 ] || return 1
        sleep 0.25
    done
}

test_sdl_subtitle_on_nv12_and_packed_yuv() {
    sdl_x_start || { sdl_skipped; return; }
    # A dark grey picture: yellow text is the only bright thing on it.
    printf '1\n00:00:00,000 --> 00:00:30,000\nSUBTITLE LINE\n\n' >line.srt
    local fmt
    for fmt in nv12 uyvy422 yuyv422; do
        ff -f lavfi -i color=c=0x404040:size=320x240:rate=5 -t 3 -c:v rawvideo \
            -pix_fmt "$fmt" "grey-$fmt.nut" || return 1
        sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -sub line.srt "grey-$fmt.nut"
        sdl_cmd "pause"
        sdl_cmd "frame_step"
        sdl_window || return 1
        local top
        sdl_grab_bright "shot-$fmt.png" iw:60:0:180 150 ||
            fail "$fmt: no subtitle in the bottom quarter (brightest luma $SDL_YMAX)" ||
            return 1
        top=$(sdl_ymax "shot-$fmt.png" iw:120:0:0)
        [ -n "$top" ] && [ "$top" -lt 100 ] ||
            fail "$fmt: the top half is bright too ($top): not the subtitle" || return 1
        sdl_cmd "quit"
        sdl_mp_wait
        expect_rc 0 || return 1
    done
}

# sdl_wheel_then_right ARGS...: a paused player on a 60 s still gets a wheel
# turn up then the Right key; SDL_AT is how far that moved it (the wheel
# seeks 10 s, Right 10 s: 20 with mouse input, 10 without). Measured from
# where the pause held it: a loaded machine may play a second before the
# pause command is read.
sdl_wheel_then_right() {
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 "$@" still.mkv
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    local at at0
    at0=$(sdl_ask time_pos) || return 1
    xdotool mousemove --window "$SDL_WIN" 100 100 click 4 ||
        fail "xdotool could not turn the wheel" || return 1
    sdl_key Right || fail "xdotool could not type Right" || return 1
    sdl_until 10 eval 'at=$(sdl_ask time_pos) &&
        awk -v p="$at" -v p0="$at0" "BEGIN { exit !(p - p0 >= 9) }"' ||
        fail "time_pos ${at:-unknown} after Right from $at0, expected 9 s on or more" ||
        return 1
    # Anything queued before Right has run by now; ask once more to be sure.
    at=$(sdl_ask time_pos) || return 1
    SDL_AT=$(awk -v p="$at" -v p0="$at0" 'BEGIN { printf "%.3f", p - p0 }')
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

test_sdl_nomouseinput_ignores_the_wheel() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 60 5 || return 1
    sdl_wheel_then_right || return 1
    awk -v p="$SDL_AT" 'BEGIN { exit !(p >= 19 && p <= 21) }' ||
        fail "wheel then Right moved $SDL_AT s, expected 20" || return 1
    sdl_wheel_then_right -nomouseinput || return 1
    awk -v p="$SDL_AT" 'BEGIN { exit !(p >= 9 && p <= 11) }' ||
        fail "-nomouseinput: wheel then Right moved $SDL_AT s, expected 10" || return 1
}

test_sdl_nokeepaspect_stretches() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 20 || return 1
    # A 640x240 window for a 4:3 picture: bars at the sides unless stretched.
    local mode y
    for mode in keep stretch; do
        local extra=
        [ $mode = stretch ] && extra=-nokeepaspect
        # shellcheck disable=SC2086
        sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -geometry 640x240 $extra still.mkv
        sdl_cmd "pause"
        sdl_cmd "frame_step"
        sdl_window || return 1
        [ "${SDL_GEOM%%+*}" = 640x240 ] || fail "window $SDL_GEOM, expected 640x240" ||
            return 1
        # The picture is up once the middle is bright.
        sdl_grab_bright "$mode.png" 80:ih:280:0 100 ||
            fail "$mode: no picture in the middle (luma $SDL_YMAX)" || return 1
        y=$(sdl_ymax "$mode.png" 60:ih:0:0)
        if [ $mode = keep ]; then
            [ -n "$y" ] && [ "$y" -lt 30 ] ||
                fail "keepaspect: left 60 columns not black (luma $y)" || return 1
        else
            [ -n "$y" ] && [ "$y" -gt 100 ] ||
                fail "-nokeepaspect: left 60 columns black (luma $y): not stretched" || return 1
        fi
        sdl_cmd "quit"
        sdl_mp_wait
        expect_rc 0 || return 1
    done
}

# sdl_band_sharp: shot.png's bottom quarter at 960x720 is drawn at that
# resolution (sdl_smooth_db below 32 dB, in SDL_DB).
sdl_band_sharp() {
    SDL_DB=$(sdl_smooth_db shot.png 540 180)
    [ -n "$SDL_DB" ] && ! sdl_db_above "$SDL_DB" 32
}

# sdl_smooth_db FILE Y H: how well rows Y..Y+H-1 of a picture survive being
# shrunk 3 times and blown up again (PSNR, dB). A picture that is a 3x
# enlargement loses almost nothing (high); detail finer than 3 pixels, as
# text drawn at the window's resolution has, is lost (low).
sdl_smooth_db() {
    ffmpeg -nostdin -hide_banner -i "$1" -lavfi \
        "crop=iw:$3:0:$2,split[a][b];[b]scale=iw/3:ih/3:flags=area,scale=iw*3:ih*3:flags=bilinear[c];[a][c]psnr" \
        -f null - 2>&1 | sed -n 's/.*average:\([^ ]*\).*/\1/p' | tail -n 1
}

test_sdl_subtitles_sharp_at_window_resolution() {
    sdl_x_start || { sdl_skipped; return; }
    printf '1\n00:00:00,000 --> 00:00:30,000\nSHARP TEXT sharp text\n\n' >line.srt
    ff -f lavfi -i color=c=0x404040:size=320x240:rate=5 -t 3 -c:v mpeg4 -q:v 2 grey.mkv ||
        return 1
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -xy 3 -sub line.srt grey.mkv
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    [ "${SDL_GEOM%%+*}" = 960x720 ] || fail "window $SDL_GEOM, expected 960x720" || return 1
    sdl_grab_bright shot.png iw:180:0:540 150 || fail "no subtitle in the bottom quarter" ||
        return 1
    local db
    db=$(sdl_smooth_db shot.png 540 180)
    # Measured: 37 dB when drawn into the 320x240 frame, 27 dB at 960x720.
    [ -n "$db" ] || fail "no PSNR for the subtitle band" || return 1
    if sdl_db_above "$db" 32; then
        fail "the subtitle is a 3x enlargement ($db dB): drawn at the video's 320x240"
        return 1
    fi
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

# The window's geometry as xwininfo says, "WxH+X+Y".
sdl_xwin_geom() {
    xwininfo -id "$SDL_WIN" | awk '/Absolute upper-left X/ { x = $NF }
        /Absolute upper-left Y/ { y = $NF } /Width:/ { w = $NF } /Height:/ { h = $NF }
        END { print w "x" h "+" x "+" y }'
}

# No window manager on the Xvfb: fullscreen must still cover the screen.
test_sdl_fullscreen_without_window_manager() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_need xwininfo || { sdl_skipped; return; }
    sdl_make_still 30 || return 1
    sdl_mp_start -slave -vo sdl -nosound still.mkv
    sdl_window || return 1
    local before g=''
    before=$(sdl_xwin_geom)
    [ "${before%%+*}" = 320x240 ] || fail "window $before, expected 320x240" || return 1
    sdl_key f || return 1
    sdl_ask_until 10 fullscreen yes || return 1
    sdl_until 10 eval '[ "$(sdl_xwin_geom)" = 1024x768+0+0 ]' ||
        fail "f: window $(sdl_xwin_geom), expected the screen 1024x768+0+0" || return 1
    sdl_key f || return 1
    sdl_ask_until 10 fullscreen no || return 1
    sdl_until 10 eval '[ "$(sdl_xwin_geom)" = "$before" ]' ||
        fail "f again: window $(sdl_xwin_geom), expected $before back" || return 1
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0 || return 1
    # -fs from the start.
    sdl_mp_start -slave -vo sdl -nosound -fs still.mkv
    sdl_window || return 1
    sdl_until 10 eval '[ "$(sdl_xwin_geom)" = 1024x768+0+0 ]' ||
        fail "-fs: window $(sdl_xwin_geom), expected 1024x768+0+0" || return 1
    sdl_ask_until 10 fullscreen yes || return 1
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}

# -input conf=FILE: a key rebound in MPlayer's input.conf syntax, typed
# into the window.
test_sdl_input_conf_rebinds_a_key() {
    sdl_x_start || { sdl_skipped; return; }
    sdl_make_still 30 || return 1
    printf '# rebound\nh quit 7\nq ignore\n' >keys.conf
    sdl_mp_start -slave -vo sdl -nosound -input "conf=$PWD/keys.conf" still.mkv
    sdl_window || return 1
    # q is rebound to nothing: the player stays.
    sdl_key q || return 1
    sdl_ask time_pos >/dev/null || fail "q quit although keys.conf binds it to ignore" ||
        return 1
    sdl_key h || return 1
    sdl_mp_wait
    expect_rc 7 || return 1
    expect_out "Exiting... (Quit)"
}

# Paused, a window made 3 times bigger gets subtitles drawn for its new
# size, not the old overlay enlarged.
test_sdl_paused_resize_redraws_sharp_subtitles() {
    sdl_x_start || { sdl_skipped; return; }
    printf '1\n00:00:00,000 --> 00:00:30,000\nSHARP TEXT sharp text\n\n' >line.srt
    ff -f lavfi -i color=c=0x404040:size=320x240:rate=5 -t 3 -c:v mpeg4 -q:v 2 grey.mkv ||
        return 1
    sdl_mp_start -slave -vo sdl -nosound -osdlevel 0 -sub line.srt grey.mkv
    sdl_cmd "pause"
    sdl_cmd "frame_step"
    sdl_window || return 1
    sdl_ask_until 10 pause yes || return 1
    xdotool windowmove "$SDL_WIN" 0 0 windowsize "$SDL_WIN" 960 720 ||
        fail "xdotool could not move and resize" || return 1
    sdl_until 10 eval 'sdl_find_window && [ "${SDL_GEOM%%+*}" = 960x720 ]' ||
        fail "window $SDL_GEOM after the resize, expected 960x720" || return 1
    SDL_DB=
    if ! sdl_grab_bright shot.png iw:180:0:540 150 sdl_band_sharp; then
        [ -n "$SDL_YMAX" ] && [ "$SDL_YMAX" -gt 150 ] || fail "no subtitle after the resize" ||
            return 1
        fail "after the resize the subtitle is the old one enlarged (${SDL_DB:-no} dB)"
        return 1
    fi
    sdl_cmd "quit"
    sdl_mp_wait
    expect_rc 0
}
