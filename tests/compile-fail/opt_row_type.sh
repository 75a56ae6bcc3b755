#!/bin/sh
# An option row whose type does not match its struct MPOpts field must not
# compile (OPT_OFF_AS in options/options_int.h): the row would write through
# the wrong C type. Each case compiles tests/compile-fail/opt_row_type.c
# with one row type and field and expects the row check's own message; each
# field with its right type must compile with the same command, so that a
# broken command or file cannot pass for a refusal.
# Run from the top of the tree: CC and CFLAGS as the build's. GPLv2 or later.
set -u
CC=${CC:-cc}
CFLAGS=${CFLAGS:-}
SRC=tests/compile-fail/opt_row_type.c
MSG="C type is not what the option type writes"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT INT TERM
fails=0

# compile [-DROW_TYPE=.. -DROW_FIELD=..]: the compiler's words in $T/err.
compile() {
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 -I. "$@" -fsyntax-only "$SRC" >"$T/err" 2>&1
}

# good TYPE FIELD: the right type for the field compiles.
good() {
    if compile -DROW_TYPE="$1" -DROW_FIELD="$2"; then
        echo "ok   $1 on $2 compiles"
    else
        echo "FAIL $1 on $2 does not compile: $(head -c 400 "$T/err")"
        fails=$((fails + 1))
    fi
}

# bad NAME [TYPE FIELD]: refused, and by the row check.
bad() {
    name=$1
    shift
    if [ $# = 2 ]; then
        set -- -DROW_TYPE="$1" -DROW_FIELD="$2"
    fi
    if compile "$@"; then
        echo "FAIL $name: a mistyped row compiled"
        fails=$((fails + 1))
    elif ! grep -qF "$MSG" "$T/err"; then
        echo "FAIL $name: refused for another reason: $(head -c 400 "$T/err")"
        fails=$((fails + 1))
    else
        echo "ok   $name refused"
    fi
}

good OPT_INT64 play_frames
good OPT_DOUBLE speed
good OPT_SIZE readahead_distance
good OPT_TIME audio_delay
good OPT_STRING sub_lang
good OPT_INT sub_id
good OPT_STORE sub_id
good OPT_FLAG mouseinput
bad "the file as written (OPT_INT on play_frames, int64_t)"
bad int_on_double OPT_INT speed
bad time_on_size OPT_TIME readahead_distance
bad int64_on_double OPT_INT64 audio_delay
bad int_on_string OPT_INT sub_lang
bad string_on_int OPT_STRING sub_id
bad flag_on_int OPT_FLAG sub_id
bad int_on_bool OPT_INT mouseinput
[ "$fails" = 0 ] || { echo "compile-fail: $fails failed"; exit 1; }
echo "compile-fail: option row types checked"
