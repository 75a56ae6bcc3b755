# Shared helpers for the end-to-end tests (sourced by run.sh). GPLv2 or later.
#
# Each test is a shell function named test_*; it returns 0 for pass. mp runs
# the player under a time limit, keeps its stdout/stderr in $OUT/$ERR, and
# fails the test on any sanitizer report, whatever the exit status.

: "${MPLAYER:?MPLAYER must name the binary}"
MEDIA=${MEDIA:-}
T=${T:-}
OUT=
ERR=
RC=

# Never read the developer's own config: every run gets an empty home.
export HOME="$T/home"
export MPLAYER_HOME="$T/home/.mplayer"

fail() {
    echo "    $*" >&2
    return 1
}

# skip WHY: the test cannot run here (a tool missing, FUSE not mountable):
# it passes with a note, except under CI (CI=true, set by .ci/run's
# caller), where everything must run and a skip fails.
# Use: need_x || { skip "x not installed"; return; }
skip() {
    if [ "${CI:-}" = true ]; then
        fail "cannot run under CI (CI=true): $*"
        return 1
    fi
    echo "    skipped: $*" >&2
    return 0
}

# needs_feature NAME: whether this build has NAME (sdl2, libass); when not,
# says why the test is skipped. Use: needs_feature sdl2 || return 77
# (run.sh counts 77 as skipped), or "# e2e-needs: sdl2" for a whole file.
# A feature ./configure was told to leave out (--disable-NAME: config.mak's
# DISABLED) is a choice of the build, so its tests skip under CI=true too;
# one left out because the library was missing fails there, as a skip does.
# make e2e passes HAVE_SDL2/HAVE_LIBASS/DISABLED; run by hand, they are read
# from the tree's config.mak.
E2E_CONFIG_MAK=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/config.mak
e2e_config() {
    if eval "[ -n \"\${$1+set}\" ]"; then
        eval "echo \"\$$1\""
    elif [ -r "$E2E_CONFIG_MAK" ]; then
        sed -n "s/^$1 *= *//p" "$E2E_CONFIG_MAK"
    fi
}

needs_feature() {
    local have
    have=$(e2e_config "HAVE_$(echo "$1" | tr '[:lower:]' '[:upper:]')")
    [ "$have" = no ] || return 0
    case " $(e2e_config DISABLED) " in
    *" $1 "*)
        echo "    skipped: built without $1 (./configure --disable-$1)" >&2
        return 1 ;;
    esac
    if [ "${CI:-}" = true ]; then
        echo "    cannot run under CI (CI=true): built without $1 (library not found)" >&2
        exit 1 # a failure, not a skip, whatever the caller does with the status
    fi
    echo "    skipped: built without $1 (./configure did not find it)" >&2
    return 1
}

# mp ARGS...: run the player, set RC, OUT, ERR.
mp() {
    OUT=$T/last.out
    ERR=$T/last.err
    timeout -k 5 "${MP_TIMEOUT:-120}" "$MPLAYER" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        echo "    sanitizer report from: mplayer $*" >&2
        sed -n '1,40p' "$ERR" >&2
        RC=99
    fi
    if [ "$RC" = 124 ] || [ "$RC" = 137 ]; then
        echo "    timed out: mplayer $*" >&2
    fi
    return 0
}

expect_rc() {
    [ "$RC" = "$1" ] || fail "exit status $RC, expected $1; stderr: $(head -c 600 "$ERR")"
}

expect_err() {
    grep -qF -- "$1" "$ERR" || fail "stderr lacks '$1': $(head -c 600 "$ERR")"
}

# wait_until [-p PID [-e]] [-t SECS] WHAT CMD...: run CMD every 0.05 s
# until it succeeds. A fixed sleep is either too short on a loaded machine
# under a sanitizer (a flake) or longer than needed everywhere else (wasted
# time): wait on the thing itself. Returns 1 with a message naming WHAT
# after SECS (default 30, generous on purpose); 2 at once when process PID
# has exited and CMD still fails (nothing will change any more), with a
# message unless -e says the exit is expected (the caller looks at it).
wait_until() {
    local pid='' secs=30 quiet='' opt OPTIND=1
    while getopts "p:et:" opt; do
        case $opt in
        p) pid=$OPTARG ;;
        e) quiet=1 ;;
        t) secs=$OPTARG ;;
        *) echo "wait_until: bad option" >&2; return 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    local what=$1 end
    shift
    end=$((${EPOCHREALTIME/./} + ${secs%.*} * 1000000))
    until "$@"; do
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
            "$@" && return 0
            [ -n "$quiet" ] || fail "the player exited before $what"
            return 2
        fi
        if [ "${EPOCHREALTIME/./}" -ge "$end" ]; then
            fail "waited $secs s for $what"
            return 1
        fi
        sleep 0.05
    done
}

# lines_in FILE ERE: how many lines of FILE (a player's stdout: status
# lines end in \r, so \r counts as a line end) match ERE; 0 when FILE is
# not there yet.
lines_in() {
    tr '\r' '\n' <"$1" 2>/dev/null | grep -cE -- "$2"
}

# has_lines N FILE ERE: FILE has at least N lines matching ERE (a
# condition for wait_until).
has_lines() {
    [ "$(lines_in "$2" "$3")" -ge "$1" ]
}

# has_ans N NAME: the running player's $OUT holds at least N ANS_NAME=
# answers.
has_ans() {
    has_lines "$1" "$OUT" "^ANS_$2="
}

# has_out N ERE: the same of the running player's $OUT.
has_out() {
    has_lines "$1" "$OUT" "$2"
}

# holds_open PID PATH: process PID, or a child of it (timeout runs the
# player as one), has PATH (absolute) open: a player waiting on a FIFO.
holds_open() {
    local p fd
    for p in "$1" $(cat "/proc/$1/task/$1/children" 2>/dev/null); do
        for fd in "/proc/$p/fd/"*; do
            [ "$(readlink "$fd" 2>/dev/null)" = "$2" ] && return 0
        done
    done
    return 1
}

# slave_wait_started PID OUT: wait until the player has played something
# (its first status line: a frame shown, or audio going) or has exited. A
# fixed sleep raced with start-up on a loaded machine: a screenshot command
# then found no frame shown yet.
slave_wait_started() {
    wait_until -p "$1" -e "the first status line" has_lines 1 "$2" '^(A|V): *-?[0-9]'
}

# slave_wait_starting PID OUT: until the player says "Starting playback"
# (or exits), then half a second more: the subtitle tests time their
# commands from there, and the first frames are drawn meanwhile.
slave_wait_starting() {
    wait_until -p "$1" -e "'Starting playback'" grep -q 'Starting playback' "$2"
    sleep 0.5
}

# slave_run [-k] [-t SECS] [-g GAP] [-w TENTHS] ITEM... -- ARGS...: the
# slave session driver of every test: mplayer -slave ARGS (killed after
# SECS, default 60) with the ITEMs on its stdin, in order:
#   "?COND"      wait (wait_until: at most 30 s, or until the player exits)
#                for the shell condition COND to hold
#   "@started"   wait for the first status line (slave_wait_started)
#   "@starting"  wait for "Starting playback" (slave_wait_starting)
#   anything else: sent as a command line, then GAP seconds (default 0)
# With -k, the ITEMs are keys for the terminal input instead: mplayer
# without -slave, each item sent as it is, without a newline.
# stdin stays open until the player exits, at most TENTHS tenths of a second
# after the last item (default 50). Sets RC, OUT, ERR as mp does.
slave_run() {
    local secs=60 gap=0 tenths=50 slave=(-slave) fmt='%s\n' opt
    OPTIND=1
    while getopts "kt:g:w:" opt; do
        case $opt in
        k) slave=() fmt='%s' ;;
        t) secs=$OPTARG ;;
        g) gap=$OPTARG ;;
        w) tenths=$OPTARG ;;
        *) echo "slave_run: bad option" >&2; return 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    local items=()
    while [ "$1" != "--" ]; do
        items+=("$1")
        shift
    done
    shift
    OUT=$T/last.out
    ERR=$T/last.err
    rm -f slave.fifo
    mkfifo slave.fifo
    # Emptied before the player starts: the waits below must not find the
    # last run's lines before its redirection has truncated the file.
    : >"$OUT"
    : >"$ERR"
    timeout -k 5 "$secs" "$MPLAYER" "${slave[@]}" "$@" <slave.fifo >"$OUT" 2>"$ERR" &
    local pid=$!
    (
        trap '' PIPE
        for it in "${items[@]}"; do
            case $it in
            @started) slave_wait_started "$pid" "$OUT" ;;
            @starting) slave_wait_starting "$pid" "$OUT" ;;
            \?*) wait_until -p "$pid" -e "${it#\?}" eval "${it#\?}" ;;
            *)
                # shellcheck disable=SC2059
                printf "$fmt" "$it" 2>/dev/null || break
                [ "$gap" = 0 ] || sleep "$gap"
                ;;
            esac
        done
        slave_wait_exit "$pid" "$tenths"
    ) >slave.fifo
    slave_end "$pid" slave.fifo
}

# slave_wait_exit PID TENTHS: give the player up to TENTHS tenths of a
# second to exit after its last command (inside the sender).
slave_wait_exit() {
    local _
    for _ in $(seq "$2"); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.1
    done
}

# slave_end PID FIFO: after a slave session fed through FIFO, set RC as mp
# does (99 on a sanitizer report) and give each line of OUT its own line
# (status lines end in \r).
slave_end() {
    wait "$1"
    RC=$?
    rm -f "$2"
    tr '\r' '\n' <"$OUT" >"$OUT.lines" && mv "$OUT.lines" "$OUT"
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        sed -n '1,30p' "$ERR" >&2
        RC=99
    fi
}

# The values of the last run's ANS_NAME= answers, one per line. Status
# lines end in \r, not \n: an answer may follow one on the same line.
ans_all() {
    tr '\r' '\n' <"$OUT" | sed -n "s|^ANS_$1=||p"
}

expect_out() {
    grep -qF -- "$1" "$OUT" || fail "stdout lacks '$1': $(head -c 600 "$OUT")"
}

# Count of error-level lines (stderr) that name the file.
count_err_lines() {
    grep -c -F -- "$1" "$ERR"
}

# ffmpeg with the noise off.
ff() {
    ffmpeg -nostdin -hide_banner -loglevel error -y "$@"
}

# Raw s16le samples of a media file's first audio stream, to stdout.
raw_s16() {
    ffmpeg -nostdin -loglevel error -i "$1" -map 0:a:0 -f s16le -acodec pcm_s16le -
}

# Number of samples (per channel) in a WAV's data, from its header.
wav_samples() {
    ffprobe -v error -select_streams a:0 -count_packets -show_entries \
        stream=duration_ts -of default=nw=1:nk=1 "$1"
}

# PSNR (dB, "inf" when equal) between two images.
psnr() {
    ffmpeg -nostdin -hide_banner -i "$1" -i "$2" -lavfi "[0][1]psnr" -f null - 2>&1 |
        sed -n 's/.*average:\([^ ]*\).*/\1/p' | tail -n 1
}

# xvfb_start: a private Xvfb for one test; XDISP is its display, XVFB_PID
# its process (xvfb_stop ends it). The server picks a free display itself
# (-displayfd) and writes the number once it accepts clients. -noreset: by
# default an X server resets when its last client leaves, and a client that
# connects during the reset is refused; a probe (xdotool, xwininfo) closing
# just before the player connects would make "no display" a matter of luck.
XVFB_PID=
XDISP=
xvfb_start() {
    command -v Xvfb >/dev/null 2>&1 || { fail "Xvfb not installed (TOOLS/install-deps.sh)"; return 1; }
    : >xvfb.display
    Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>xvfb.display \
        >xvfb.log 2>&1 </dev/null &
    XVFB_PID=$!
    local n=200
    while [ ! -s xvfb.display ]; do
        kill -0 "$XVFB_PID" 2>/dev/null || { fail "Xvfb exited: $(head -c 400 xvfb.log)"; return 1; }
        n=$((n - 1))
        [ "$n" -gt 0 ] || { fail "Xvfb gave no display number in 20 s"; xvfb_stop; return 1; }
        sleep 0.1
    done
    XDISP=:$(head -n 1 xvfb.display)
}

xvfb_stop() {
    if [ -n "$XVFB_PID" ]; then
        kill "$XVFB_PID" 2>/dev/null
        wait "$XVFB_PID" 2>/dev/null
    fi
    XVFB_PID=
}
