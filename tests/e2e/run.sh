#!/bin/bash
# End-to-end tests of the mplayer binary on media made here. GPLv2 or later.
#
#   MPLAYER=./mplayer sh tests/e2e/run.sh [test_name...]
#
# Prints one line per test and "e2e: N passed, N failed[, N skipped]" at the
# end (skipped: tests of a feature this build was configured without).

set -u
# Tests that want a display start their own Xvfb; a sound device or a
# desktop of the machine's must not change what "sdl," falls back to.
unset DISPLAY WAYLAND_DISPLAY
export SDL_AUDIODRIVER=nosuch
here=$(cd "$(dirname "$0")" && pwd)
MPLAYER=${MPLAYER:?set MPLAYER to the binary}
T=$(mktemp -d "${TMPDIR:-/tmp}/mpe2e.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home/.mplayer" "$T/media"
# No session bus here: without an address SDL's video init has libdbus fork
# and exec dbus-launch ("autolaunch"). In a sanitizer build on a busy
# machine that child, forked from a player already running decoder threads,
# hung before its exec, and the player read its pipe for ever: no window
# (CI, 2026-12-07; gdb showed _dbus_read under SDL's init). An address with
# nothing behind it makes libdbus give up at once.
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/mplayer-tests-no-session-bus
MEDIA=$T/media
export T MEDIA MPLAYER
# Sanitizer builds: leaks fail the run; reports go to stderr for mp() to see.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

. "$here/lib.sh"

# The media every test may use, made once.
make_media() {
    local v="-f lavfi -i testsrc2=size=320x240:rate=25"
    local a="-f lavfi -i sine=frequency=440:sample_rate=44100"
    ff $v $a -t 4 -map 0 -map 1 -c:v mpeg4 -q:v 4 -g 25 -c:a pcm_s16le -ac 2 "$MEDIA/av.mkv" &&
    ff $v $a -t 4 -map 0 -map 1 -c:v mpeg4 -q:v 4 -g 25 -c:a aac -ac 2 "$MEDIA/av.mp4" &&
    ff $v -t 3 -c:v mpeg4 -q:v 4 -g 25 "$MEDIA/v.avi" &&
    ff $a -t 2 -c:a pcm_s16le "$MEDIA/a.wav" &&
    ff $v $a -f lavfi -i sine=frequency=880:sample_rate=44100 -t 2 -map 0 -map 1 -map 2 \
        -c:v mpeg4 -q:v 4 -c:a pcm_s16le "$MEDIA/two-audio.mkv"
}

if ! make_media; then
    echo "e2e: cannot make test media (is ffmpeg installed? TOOLS/install-deps.sh)" >&2
    echo "e2e: 0 passed, 1 failed"
    exit 1
fi

# A file whose every test needs a feature ./configure can leave out says so
# in a line "# e2e-needs: NAME..." (sdl2, libass); a test in another file
# asks itself: needs_feature NAME || return 77. Either way the test is
# reported as skipped, with the reason, in a build without it.
declare -A test_needs
for f in "$here"/t_*.sh; do
    . "$f"
    needs=$(sed -n 's/^# e2e-needs: *//p' "$f")
    if [ -n "$needs" ]; then
        for fn in $(sed -n 's/^\(test_[A-Za-z0-9_]*\)().*/\1/p' "$f"); do
            test_needs[$fn]=$needs
        done
    fi
done

if [ $# -gt 0 ]; then
    tests="$*"
else
    tests=$(declare -F | awk '{print $3}' | grep '^test_' | sort)
fi

passed=0
failed=0
skipped=0
failed_names=
for t in $tests; do
    rm -rf "$T/work"
    mkdir -p "$T/work"
    (cd "$T/work" && for n in ${test_needs[$t]:-}; do needs_feature "$n" || exit 77; done &&
        "$t")
    rc=$?
    if [ "$rc" -eq 77 ]; then
        skipped=$((skipped + 1))
        echo "skip $t"
    elif [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok   $t"
    else
        failed=$((failed + 1))
        failed_names="$failed_names $t"
        echo "FAIL $t"
    fi
done
[ -n "$failed_names" ] && echo "failed:$failed_names"
if [ "$skipped" -gt 0 ]; then
    echo "e2e: $passed passed, $failed failed, $skipped skipped"
else
    echo "e2e: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
