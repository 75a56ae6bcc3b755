#!/bin/sh
# Tests of ./configure and its build switches, each in a copy of the tree
# (the developer's config.h, config.mak and build/ are never touched).
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   sh tests/build/run.sh
#
# Ends with "build: N passed, N failed"; exits non-zero on a failure.
# Building without SDL2 and libass compiles the player once more (about 10 s on two
# cores here): it runs in make check-all, not in make check.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/buildtest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
passed=0
failed=0

ok() {
    passed=$((passed + 1))
    echo "ok   $1"
}

bad() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
}

# A copy of what git tracks (no config.h, config.mak or build outputs).
copy_tree() {
    mkdir -p "$1" &&
    (cd "$root" && { git ls-files 2>/dev/null || find . -path ./build -prune -o -type f -print; } |
        grep -v '^config\.\(h\|mak\)$' | tar -cf - -T -) | tar -xf - -C "$1"
}

# old_pkg_config FILE MODULE VERSION: a pkg-config that says MODULE is
# VERSION, older than any minimum, and answers the rest as the real one.
old_pkg_config() {
    cat > "$1" <<EOF
#!/bin/sh
for a in "\$@"; do last=\$a; done
if [ "\$last" = $2 ]; then
    case \$1 in
    --modversion) echo $3; exit 0 ;;
    --atleast-version=*) exit 1 ;;
    esac
fi
exec pkg-config "\$@"
EOF
    chmod +x "$1"
}

# refused NAME DIR PATTERN [ARGS...]: ./configure ARGS in DIR (with
# $fake_pkg_config as its pkg-config when set) exits 1 with one line on
# stderr matching PATTERN and writes neither config.h nor config.mak.
refused() {
    name=$1
    d=$2
    pattern=$3
    shift 3
    (cd "$d" && PKG_CONFIG=${fake_pkg_config:-pkg-config} ./configure "$@" > out 2> err)
    rc=$?
    if [ "$rc" -ne 1 ]; then
        bad "$name" "exit $rc, expected 1: $(cat "$d/err")"
    elif ! grep -q "$pattern" "$d/err" || [ "$(wc -l < "$d/err")" -ne 1 ]; then
        bad "$name" "not one message saying '$pattern': $(cat "$d/err")"
    elif [ -e "$d/config.mak" ] || [ -e "$d/config.h" ]; then
        bad "$name" "config.mak or config.h written"
    else
        ok "$name"
    fi
}

# refused_with_old NAME MODULE VERSION PATTERN [ARGS...]: refused, with a
# pkg-config that says MODULE is VERSION.
refused_with_old() {
    name=$1
    d=$tmp/old-$2
    mkdir -p "$d" && cp "$root/configure" "$d/" && old_pkg_config "$d/pkg-config" "$2" "$3"
    pattern=$4
    shift 4
    fake_pkg_config=$d/pkg-config
    refused "$name" "$d" "$pattern" "$@"
    fake_pkg_config=
}

test_configure_refuses_old_ffmpeg() {
    refused_with_old "$1" libavcodec 58.134.100 \
        'libavcodec 58.134.100 (needs 59.37.100);.*FFmpeg 5.1 or later'
}

test_configure_refuses_old_libass() {
    refused_with_old "$1" libass 0.12.3 \
        'too old: libass 0.12.3 (needs 0.13.2: ass_set_check_readorder)'
}

# An SDL2 older than the calls it needs is left out, as a missing one, and
# stops --enable-sdl2.
test_configure_old_sdl2_left_out() {
    d=$tmp/oldsdl
    mkdir -p "$d" && cp "$root/configure" "$d/" && old_pkg_config "$d/pkg-config" sdl2 2.0.20
    if ! (cd "$d" && PKG_CONFIG="$d/pkg-config" ./configure > out 2> err); then
        bad "$1" "configure failed: $(cat "$d/err")"
        return
    fi
    if ! grep -q 'sdl2 >= 2.24.0... 2.0.20: too old' "$d/out" ||
        ! grep -q 'HAVE_SDL2 = no' "$d/config.mak"; then
        bad "$1" "SDL2 2.0.20 not left out: $(grep -i sdl "$d/out" "$d/config.mak")"
        return
    fi
    refused_with_old "$1" sdl2 2.0.20 'too old: sdl2 2.0.20 (needs 2.24.0: SDL_ResetHint)' \
        --enable-sdl2
}

# A real pkg-config reading a .pc file that says libavutil is FFmpeg 4.4's
# (PKG_CONFIG_PATH comes first): refused, naming the library and version.
test_configure_refuses_old_pc() {
    d=$tmp/oldpc
    mkdir -p "$d/pc" && cp "$root/configure" "$d/" &&
    cat > "$d/pc/libavutil.pc" <<EOF
prefix=/nonexistent
Name: libavutil
Description: FFmpeg utility library (an old one, for the test)
Version: 56.70.100
Libs: -L\${prefix}/lib -lavutil
Cflags: -I\${prefix}/include
EOF
    saved_path=${PKG_CONFIG_PATH:-}
    PKG_CONFIG_PATH=$d/pc${saved_path:+:$saved_path}
    export PKG_CONFIG_PATH
    refused "$1" "$d" 'libavutil 56.70.100 (needs 57.28.100);.*FFmpeg 5.1 or later'
    PKG_CONFIG_PATH=$saved_path
}

# Without SDL2 and libass: the player builds without linking either, lists
# no sdl output, plays to null and png outputs, and a file's subtitles give
# one message while it plays on.
test_build_without_sdl2_libass() {
    d=$tmp/nosdl
    if ! copy_tree "$d"; then
        bad "$1" "cannot copy the tree"
        return
    fi
    if ! (cd "$d" && ./configure --disable-sdl2 --disable-libass > conf.log 2>&1); then
        bad "$1" "configure --disable-sdl2 --disable-libass failed: $(tail -3 "$d/conf.log")"
        return
    fi
    if grep -q -- '-lSDL2' "$d/config.mak" || ! grep -q 'HAVE_SDL2 0' "$d/config.h"; then
        bad "$1" "SDL2 still configured"
        return
    fi
    if grep -q -- '-lass' "$d/config.mak" || ! grep -q 'HAVE_LIBASS 0' "$d/config.h" ||
        ! grep -q '^DISABLED = sdl2 libass$' "$d/config.mak"; then
        bad "$1" "libass still configured"
        return
    fi
    if ! (cd "$d" && make -j2 mplayer > build.log 2>&1); then
        bad "$1" "build failed: $(grep -m3 'error' "$d/build.log")"
        return
    fi
    if nm -D --undefined-only "$d/mplayer" | grep -q ' SDL_\| ass_'; then
        bad "$1" "the binary still calls SDL or libass"
        return
    fi
    vo=$("$d/mplayer" -vo help 2>&1)
    if echo "$vo" | grep -q '^[[:space:]]*sdl[[:space:]]' || ! echo "$vo" | grep -q null; then
        bad "$1" "-vo help: $vo"
        return
    fi
    if ! ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=160x120:rate=25 \
        -f lavfi -i sine -t 1 -c:v mpeg4 -c:a pcm_s16le "$d/clip.mkv"; then
        bad "$1" "cannot make the clip"
        return
    fi
    # The default output list starts with sdl: skipped, the next one plays.
    out=$(cd "$d" && HOME="$d" timeout 20 ./mplayer -ao null -frames 5 clip.mkv 2>&1)
    rc=$?
    if [ "$rc" -ne 0 ] || ! echo "$out" | grep -q '^VO: \[null\]' ||
       ! echo "$out" |
           grep -q "Unknown video output driver 'sdl' (this mplayer was built without SDL2)"
    then
        bad "$1" "exit $rc: $(echo "$out" | tail -5)"
        return
    fi
    printf '1\n00:00:00,000 --> 00:00:00,500\nHello\n' > "$d/clip.srt"
    out=$(cd "$d" && HOME="$d" timeout 20 ./mplayer -vo png -ao null -frames 3 clip.mkv 2>&1)
    rc=$?
    n=$(echo "$out" | grep -c 'Subtitles not shown: this mplayer was built without libass')
    if [ "$rc" -ne 0 ] || [ ! -s "$d/00000003.png" ] || [ "$n" -ne 1 ]; then
        bad "$1" "-vo png with clip.srt beside: exit $rc: $(echo "$out" | tail -5)"
        return
    fi
    ok "$1"
}

# A new warning (a newer compiler's) does not stop a user's build, and
# `make check` finds it: the no-SDL2 copy above, one file given a warning.
test_warning_builds_but_fails_check() {
    d=$tmp/nosdl
    if [ ! -x "$d/mplayer" ]; then
        bad "$1" "no build in $d (test_build_without_sdl2_libass failed)"
        return
    fi
    if grep -q -- '-Werror' "$d/config.mak"; then
        bad "$1" "./configure turned -Werror on by default"
        return
    fi
    printf 'static int build_test_unused(void) { return 0; }\n' >> "$d/common/mp_msg.c"
    if ! (cd "$d" && make -j2 mplayer > warn.log 2>&1); then
        bad "$1" "the build stopped at the warning: $(grep -m3 'error' "$d/warn.log")"
        return
    fi
    if ! grep -q 'build_test_unused' "$d/warn.log"; then
        bad "$1" "the warning was not shown"
        return
    fi
    out=$(cd "$d" && make check-warnings 2>&1)
    rc=$?
    if [ "$rc" -eq 0 ] || ! echo "$out" | grep -q 'build/common/mp_msg.o.warn'; then
        bad "$1" "check-warnings exit $rc: $(echo "$out" | tail -3)"
        return
    fi
    ok "$1"
}

for t in test_configure_refuses_old_ffmpeg test_configure_refuses_old_libass \
         test_configure_old_sdl2_left_out test_configure_refuses_old_pc \
         test_build_without_sdl2_libass test_warning_builds_but_fails_check; do
    $t "$t"
done
echo "build: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
