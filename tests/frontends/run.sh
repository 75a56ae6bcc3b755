#!/bin/bash
# Real MPlayer front-ends driving our mplayer, headless: the npm packages
# "mplayer" and "node-mplayer" (node scripts t_*.js) and SMPlayer under Xvfb.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   MPLAYER=./mplayer bash tests/frontends/run.sh
#
# Ends with "frontends: N passed, N failed[, N skipped]"; exits non-zero on a
# failure. A front-end that cannot run here (no node/npm packages, no
# smplayer or Xvfb) is a SKIP with the reason, never a pass (a FAIL with
# FE_REQUIRE=1).
#
# When a front-end fails, a second run (FE_DIAG=0 turns it off) finds the
# options of its command line that our player rejects, takes them out through
# logwrap.sh and reports how far the front-end gets then: INFO lines, never
# counted. FE_SHOTS=DIR keeps SMPlayer's screen (PNG) and the logged
# conversations there.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MPLAYER=${MPLAYER:-$root/mplayer}
FE_DIAG=${FE_DIAG:-1}
# No desktop of the machine's: the player's -vo default must fall back to
# null, and only our own Xvfb is used, for SMPlayer.
unset DISPLAY WAYLAND_DISPLAY
export SDL_AUDIODRIVER=nosuch
# No session bus: else SDL's video init has libdbus fork and exec
# dbus-launch, a child that once hung under ASan (tests/e2e/run.sh says more).
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/mplayer-tests-no-session-bus

passed=0
failed=0
skipped=0
T=$(mktemp -d "${TMPDIR:-/tmp}/fetest.XXXXXX")
xvfb_pid=
smp_pid=

# Only what this script started: Xvfb, SMPlayer, and players whose pid the
# wrapper wrote down (checked against our copy of the binary).
cleanup() {
    [ -n "$smp_pid" ] && kill "$smp_pid" 2>/dev/null
    local f p
    for f in "$T"/log*/pid.*; do
        [ -f "$f" ] || continue
        p=$(cat "$f")
        if [ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$T/real/mplayer" ]; then
            kill -9 "$p" 2>/dev/null
        fi
    done
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    wait 2>/dev/null
    if [ -n "${FE_KEEP:-}" ]; then echo "INFO kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ok() { passed=$((passed + 1)); echo "PASS $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
# FE_REQUIRE=1 (make check-all): a front-end that cannot run is a failure.
skip() {
    if [ "${FE_REQUIRE:-0}" = 1 ]; then
        failed=$((failed + 1))
        echo "FAIL $1: cannot run here: $2"
    else
        skipped=$((skipped + 1))
        echo "SKIP $1: $2"
    fi
}

# Copy the binary: others may relink it while this runs.
mkdir -p "$T/real" "$T/path" "$T/wrap" "$T/media" "$T/home" "$T/run" "$T/tmp"
chmod 700 "$T/run"
if ! cp "$MPLAYER" "$T/real/mplayer" 2>/dev/null; then
    echo "frontends: no player at $MPLAYER (make first)" >&2
    echo "frontends: 0 passed, 1 failed"
    exit 1
fi
ln -s "$T/real/mplayer" "$T/path/mplayer"
ln -s "$here/logwrap.sh" "$T/wrap/mplayer"
export HOME=$T/home XDG_CONFIG_HOME=$T/home/.config XDG_RUNTIME_DIR=$T/run
export MPLAYER_HOME=$T/home/.mplayer
export FE_REAL=$T/real/mplayer

ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
# mpeg4 + aac in Matroska: what every ffmpeg build can write.
mkclip() {
    ff -f lavfi -i "testsrc=size=320x240:rate=25:duration=$1" \
        -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=$1" \
        -c:v mpeg4 -q:v 5 -g 25 -c:a aac -shortest "$2"
}
if ! mkclip 4 "$T/media/clip.mkv" || ! mkclip 6 "$T/media/clip6.mkv"; then
    echo "frontends: cannot make test media (ffmpeg? TOOLS/install-deps.sh)" >&2
    echo "frontends: 0 passed, 1 failed"
    exit 1
fi

# rejected ARGV_FILE: the options (with their value) of a logged command line
# that our player refuses on its own, one per line with the player's reason.
# A token after an option is taken as its value unless it is an option too or
# the last token (the media).
rejected() {
    local -a av
    mapfile -t av <"$1"
    local n=${#av[@]} i=0 a err
    while [ "$i" -lt "$n" ]; do
        a=${av[$i]}
        i=$((i + 1))
        case $a in -*) ;; *) continue ;; esac
        local -a val=()
        if [[ $a != *=* ]] && [ "$i" -lt $((n - 1)) ] && [[ ${av[$i]} != -* ]]; then
            val=("${av[$i]}")
            i=$((i + 1))
        fi
        err=$(timeout 10 "$T/real/mplayer" "$a" "${val[@]}" -frames 0 -vo null -ao null \
            -really-quiet "$T/media/clip.mkv" 2>&1 >/dev/null </dev/null) && continue
        echo "$a${val[*]:+ ${val[*]}}	${err%%$'\n'*}"
    done
}

# drop_lists FILE: sets DROPF/DROPA (names for logwrap.sh) from rejected's output.
drop_lists() {
    DROPF=
    DROPA=
    local opt name
    while IFS=$'\t' read -r opt _; do
        name=${opt%% *}
        name=${name#-}
        name=${name#-}
        name=${name%%=*}
        if [[ $opt == *" "* || ${opt%% *} == *=* ]]; then
            DROPA="$DROPA $name"
        else
            DROPF="$DROPF $name"
        fi
    done <"$1"
}

# count_lines PREFIX: PASS/FAIL lines of a test's output into the totals
# (strict run), or shown as INFO (diagnosis run, PREFIX set).
tally() {
    local prefix=$1 line
    while IFS= read -r line; do
        if [ -n "$prefix" ]; then
            case $line in PASS* | FAIL*) echo "INFO [$prefix] $line" ;; *) echo "$line" ;; esac
            continue
        fi
        case $line in
        PASS\ *) ok "${line#PASS }" ;;
        FAIL\ *) failed=$((failed + 1)); echo "$line" ;;
        *) echo "$line" ;;
        esac
    done
}

# ---- npm packages ----

npm_ready() {
    command -v node >/dev/null 2>&1 || { echo "no node (apt-get install nodejs npm)"; return 1; }
    [ -d "$here/node_modules/$1" ] && return 0
    command -v npm >/dev/null 2>&1 || { echo "no npm to install $1"; return 1; }
    (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >"$T/npm.log" 2>&1) ||
        { echo "npm ci failed: $(tail -n 1 "$T/npm.log")"; return 1; }
    [ -d "$here/node_modules/$1" ] || { echo "npm ci did not install $1"; return 1; }
}

# node_test PKG SCRIPT MEDIA ARGV...: the script on PATH=our player; on a
# failure, again with the rejected options of ARGV (the package's fixed
# command line) taken out.
node_test() {
    local pkg=$1 script=$2 media=$3 why
    shift 3
    if ! why=$(npm_ready "$pkg"); then
        skip "$pkg (npm)" "$why"
        return
    fi
    local before=$failed
    (cd "$here" && PATH="$T/path:$PATH" timeout -k 5 60 node "$script" "$media" 2>&1) >"$T/$pkg.out"
    local rc=$?
    tally "" <"$T/$pkg.out"
    if [ "$rc" != 0 ] && [ "$failed" = "$before" ]; then
        bad "$pkg (npm)" "the script ended with status $rc and no result: $(tail -c 300 "$T/$pkg.out")"
    fi
    [ "$failed" = "$before" ] && return
    [ "$FE_DIAG" = 1 ] || return
    printf '%s\n' "$@" "$media" >"$T/$pkg.argv"
    rejected "$T/$pkg.argv" >"$T/$pkg.rej"
    [ -s "$T/$pkg.rej" ] || return
    drop_lists "$T/$pkg.rej"
    echo "INFO $pkg: our player rejects: $(cut -f1 "$T/$pkg.rej" | paste -sd, | sed 's/,/, /g')"
    mkdir -p "$T/log-$pkg"
    (cd "$here" && PATH="$T/wrap:$PATH" FE_LOG="$T/log-$pkg" FE_DROP_FLAGS="$DROPF" \
        FE_DROP_ARGS="$DROPA" timeout -k 5 60 node "$script" "$media" 2>&1) |
        tally "without$(cut -f1 "$T/$pkg.rej" | cut -d' ' -f1 | paste -sd' ' | sed 's/^/ /')"
}

# FE_ONLY="mplayer node-mplayer smplayer": run only those.
want() { [ -z "${FE_ONLY:-}" ] || [[ " $FE_ONLY " == *" $1 "* ]]; }

want mplayer && node_test mplayer t_mplayer_npm.js "$T/media/clip.mkv" \
    -msglevel global=6 -msglevel cplayer=4 -idle -slave -fs -noborder
want node-mplayer && node_test node-mplayer t_node_mplayer.js "$T/media/clip.mkv" -slave -quiet --volume=50

# ---- SMPlayer ----

# lines FILE: the file with status-line carriage returns as line ends.
lines() {
    tr '\r' '\n' <"$1"
}

# Files of the newest player run logged by logwrap.sh in DIR.
newest_log() {
    local f
    f=$(find "$1" -name 'argv.*' -printf '%T@ %f\n' 2>/dev/null | sort -n | tail -n 1)
    echo "${f##*argv.}"
}

screenshot() {
    [ -n "${FE_SHOTS:-}" ] || return 0
    mkdir -p "$FE_SHOTS"
    ffmpeg -nostdin -hide_banner -loglevel error -y -f x11grab -video_size 1024x768 \
        -i "$DISPLAY" -frames:v 1 "$FE_SHOTS/$1.png" && echo "INFO screen: $FE_SHOTS/$1.png"
}

# TMPDIR: SMPlayer's single-instance socket lives there; our own keeps any
# other SMPlayer of this user from taking our file (and our -send-action).
smp() {
    TMPDIR=$T/tmp smplayer -config-path "$cfg" "$@" >>"$T/smplayer.log" 2>&1 </dev/null
}

# smplayer_checks LABEL LOG ID: PASS/FAIL lines on the player run ID that
# SMPlayer started (running as $smp_pid).
smplayer_checks() {
    local label=$1 log=$2 id=$3 out in
    if [ -z "$id" ]; then
        echo "FAIL smplayer start: SMPlayer never ran the player ($(tail -c 300 "$T/smplayer.log"))"
        return
    fi
    out=$log/out.$id
    in=$log/in.$id
    echo "INFO smplayer command line: $(paste -sd' ' "$log/argv.$id")"
    if ! grep -q '^Starting playback\.\.\.' "$out"; then
        rejected "$log/argv.$id" >"$log/rejected"
        if [ -s "$log/rejected" ]; then
            echo "FAIL smplayer start: our player rejects: $(cut -f1 "$log/rejected" |
                paste -sd, | sed 's/,/, /g') (first: $(head -n 1 "$log/rejected" | cut -f2))"
        else
            echo "FAIL smplayer start: no playback; $(tail -c 300 "$log/err.$id")"
        fi
        sleep 1
        screenshot "smplayer${label:+-diag}-failed"
        return
    fi
    echo "PASS smplayer start (SMPlayer's command line accepted, playback started)"

    # An action sent right at the start can be lost (SMPlayer is still
    # setting up): send it once a few status lines are out, again if SMPlayer
    # did not pass it on.
    local n=0
    while [ $n -lt 50 ] && [ "$(lines "$out" | grep -c '^A:')" -lt 10 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    FE_LOG=$log smp -send-action pause
    n=0
    while [ $n -lt 20 ] && ! grep -qx 'pause' "$in"; do sleep 0.1; n=$((n + 1)); done
    grep -qx 'pause' "$in" || FE_LOG=$log smp -send-action pause
    n=0
    while [ $n -lt 50 ] && ! lines "$out" | grep -q '^ID_PAUSED'; do sleep 0.1; n=$((n + 1)); done
    local c1 c2 held=no
    sleep 0.3
    c1=$(lines "$out" | grep -c '^A:')
    sleep 0.7
    c2=$(lines "$out" | grep -c '^A:')
    [ "$c1" = "$c2" ] && held=yes
    if grep -qx 'pause' "$in" && lines "$out" | grep -q '^ID_PAUSED' && [ $held = yes ]; then
        echo "PASS smplayer pause (-send-action pause: 'pause' sent, ID_PAUSED back, no status lines)"
    else
        echo "FAIL smplayer pause: sent: $(paste -sd'|' "$in"); ID_PAUSED: $(lines "$out" |
            grep -c '^ID_PAUSED'); status lines stopped: $held"
    fi
    screenshot "smplayer${label:+-diag}-paused"
    FE_LOG=$log smp -send-action play
    n=0
    while [ $n -lt 50 ] && [ "$(lines "$out" | grep -c '^A:')" -le $((c2 + 5)) ]; do
        sleep 0.1
        n=$((n + 1))
    done
    if [ $held = yes ] && [ "$(lines "$out" | grep -c '^A:')" -gt $((c2 + 5)) ]; then
        echo "PASS smplayer play after pause (status lines again)"
    else
        echo "FAIL smplayer play after pause: paused first: $held; sent: $(paste -sd'|' "$in")"
    fi

    # -close-at-end: SMPlayer quits once it has seen the end of the file;
    # an error from the player leaves its dialog up instead.
    n=0
    while [ $n -lt 200 ] && kill -0 "$smp_pid" 2>/dev/null; do sleep 0.1; n=$((n + 1)); done
    if kill -0 "$smp_pid" 2>/dev/null; then
        screenshot "smplayer${label:+-diag}-end"
        echo "FAIL smplayer end of file: SMPlayer still open 20 s later; player said: $(
            lines "$out" | grep -v '^A:' | tail -n 3 | paste -sd'|')"
    else
        wait "$smp_pid"
        local rc=$?
        if [ "$rc" = 0 ] && lines "$out" | grep -q '^ID_EXIT=EOF'; then
            echo "PASS smplayer end of file (SMPlayer closed itself: -close-at-end)"
        else
            echo "FAIL smplayer end of file: SMPlayer exit status $rc; $(tail -n 2 "$out")"
        fi
    fi
}

# smplayer_run LABEL LOGDIR: SMPlayer plays clip6.mkv with -close-at-end;
# pause and play through its own -send-action. LABEL empty: counted checks.
smplayer_run() {
    local label=$1 log=$2 id
    cfg=$T/smp-cfg-${label:-strict}
    mkdir -p "$log" "$cfg" "$T/shots"
    # [%General] is how QSettings writes a group named General. The detected
    # version is what SMPlayer stores after one run (1.x from our banner, as
    # MPLAYER_1_2); seeding it gives the command line of every later run.
    cat >"$cfg/smplayer.ini" <<EOF
[%General]
config_version=5
mplayer_bin=$T/wrap/mplayer
driver\\vo=x11
driver\\audio_output=null
remember_media_settings=false
screenshot_folder=$T/shots

[mplayer_info]
mplayer_detected_version=37540
EOF
    # exec: $! must be SMPlayer itself, to end it (its error dialog waits for
    # ever; a second one would hand its file over to the first).
    (FE_LOG=$log TMPDIR=$T/tmp exec smplayer -config-path "$cfg" -close-at-end -no-fullscreen \
        "$T/media/clip6.mkv" >>"$T/smplayer.log" 2>&1 </dev/null) &
    smp_pid=$!
    local i=0
    while [ $i -lt 150 ]; do
        id=$(newest_log "$log")
        if [ -n "$id" ]; then
            grep -q '^Starting playback\.\.\.' "$log/out.$id" 2>/dev/null && break
            [ -f "$log/rc.$id" ] && break
        fi
        sleep 0.1
        i=$((i + 1))
    done
    smplayer_checks "$label" "$log" "$id" >"$T/smp.res"
    tally "$label" <"$T/smp.res"
    if [ -n "${FE_SHOTS:-}" ]; then cp -r "$log" "$FE_SHOTS/" 2>/dev/null; fi
    kill "$smp_pid" 2>/dev/null
    wait "$smp_pid" 2>/dev/null
    smp_pid=
}

smplayer_test() {
    command -v smplayer >/dev/null 2>&1 ||
        { skip smplayer "not installed (apt-get install smplayer)"; return; }
    command -v Xvfb >/dev/null 2>&1 || { skip smplayer "no Xvfb (apt-get install xvfb)"; return; }
    Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$T/xdisplay" >"$T/xvfb.log" 2>&1 &
    xvfb_pid=$!
    local i=0
    while [ $i -lt 50 ] && [ ! -s "$T/xdisplay" ]; do sleep 0.1; i=$((i + 1)); done
    if [ ! -s "$T/xdisplay" ]; then
        skip smplayer "Xvfb did not start: $(tail -n 1 "$T/xvfb.log")"
        return
    fi
    DISPLAY=:$(head -n 1 "$T/xdisplay")
    export DISPLAY
    local before=$failed
    smplayer_run "" "$T/log-smplayer"
    if [ "$failed" != "$before" ] && [ "$FE_DIAG" = 1 ] && [ -s "$T/log-smplayer/rejected" ]; then
        drop_lists "$T/log-smplayer/rejected"
        FE_DROP_FLAGS=$DROPF FE_DROP_ARGS=$DROPA smplayer_run \
            "without the $(wc -l <"$T/log-smplayer/rejected") rejected options" "$T/log-smplayer-diag"
    fi
    unset DISPLAY
}

want smplayer && smplayer_test

if [ "$skipped" -gt 0 ]; then
    echo "frontends: $passed passed, $failed failed, $skipped skipped"
else
    echo "frontends: $passed passed, $failed failed"
fi
[ "$failed" = 0 ]
