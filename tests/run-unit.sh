#!/bin/sh
# Run each unit-test binary (cmocka); sum the tests; one total line at the
# end. A binary that fails without cmocka's summary (a crash, a sanitizer
# report) counts as one failure. GPLv2 or later.
# Tests that want a display start their own Xvfb; a sound device or a
# desktop of the machine's must not change what "sdl," falls back to.
unset DISPLAY WAYLAND_DISPLAY
export SDL_AUDIODRIVER=nosuch
# No session bus: else SDL's video init has libdbus fork and exec
# dbus-launch, a child that once hung under ASan (tests/e2e/run.sh says more).
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/mplayer-tests-no-session-bus
passed=0
failed=0
for t in "$@"; do
    if "$t" > "$t.log" 2>&1; then
        rc=0
    else
        rc=1
    fi
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$t.log" | awk '{s+=$1} END {print s+0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$t.log" | awk '{s+=$1} END {print s+0}')
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" -eq 0 ]; then
        echo "PASS $(basename "$t") ($p tests)"
    else
        echo "FAIL $(basename "$t") (log follows)"
        cat "$t.log"
    fi
done
echo "unit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
