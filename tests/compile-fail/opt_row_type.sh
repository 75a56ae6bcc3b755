#!/bin/sh
# An option row whose type does not match its struct MPOpts field must not
# compile (OFF_AS in options/options.c): the row would write through the
# wrong C type (an int into an int64_t field writes half of it). Each case
# compiles a copy of options/options.c with one real row's type changed and
# expects the row check's own message; the unchanged copy must compile with
# the same command, so that a broken command cannot pass for a refusal.
# Run from the top of the tree: CC and CFLAGS as the build's.
# GPLv2 or later.
set -u
CC=${CC:-cc}
CFLAGS=${CFLAGS:-}
MSG="C type is not what the option type writes"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT INT TERM
fails=0

compile() {
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 -I. -fsyntax-only -o /dev/null "$1" >"$T/err" 2>&1
}

# case NAME SED: the row edit, then what the compiler must say.
check_case() {
    sed "$2" options/options.c >"$T/$1.c"
    if cmp -s options/options.c "$T/$1.c"; then
        echo "FAIL $1: the edit matched no row (the table changed?)"
        fails=$((fails + 1))
    elif compile "$T/$1.c"; then
        echo "FAIL $1: a mistyped row compiled"
        fails=$((fails + 1))
    elif ! grep -qF "$MSG" "$T/err"; then
        echo "FAIL $1: refused for another reason: $(head -c 400 "$T/err")"
        fails=$((fails + 1))
    else
        echo "ok   $1"
    fi
}

cp options/options.c "$T/same.c"
if compile "$T/same.c"; then
    echo "ok   unchanged options.c compiles this way"
else
    echo "FAIL unchanged options.c does not compile this way: $(head -c 400 "$T/err")"
    exit 1
fi
check_case int_on_int64 's/OPT("frames", OPT_INT64, play_frames,/OPT("frames", OPT_INT, play_frames,/'
check_case int_on_double 's/OPT("speed", OPT_DOUBLE, speed,/OPT("speed", OPT_INT, speed,/'
check_case double_on_int64 \
    's/OPT("readahead-distance", OPT_SIZE, readahead_distance,/OPT("readahead-distance", OPT_TIME, readahead_distance,/'
check_case int64_on_double 's/OPT("delay", OPT_DOUBLE, audio_delay,/OPT("delay", OPT_INT64, audio_delay,/'
[ "$fails" = 0 ] || { echo "compile-fail: $fails failed"; exit 1; }
echo "compile-fail: option row types checked"
