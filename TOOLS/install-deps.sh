#!/bin/sh
#
# install-deps.sh: install what building, testing and the demo need
# (--bench: also the other players the benchmark compares with).
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
# On Debian and Ubuntu, installs the missing packages with apt-get (as root,
# or through sudo). Elsewhere prints the list for the system's own package
# manager. Only packages that are not installed yet are asked for, so a
# second run installs nothing and needs no network.

set -eu

# Building: compiler, pkg-config and the libraries configure looks for.
BUILD_PKGS="build-essential pkg-config libavformat-dev libavcodec-dev libavfilter-dev libavutil-dev
libswscale-dev libswresample-dev libpostproc-dev libsdl2-dev libass-dev"
# Testing: unit-test framework, media generation for tests and the demo,
# syscall tracing, a virtual X display, an HTTP server for network tests.
TEST_PKGS="libcmocka-dev ffmpeg strace xvfb xdotool libx11-dev libfuse3-dev fuse3 gnuplot-nox nginx-light
fonts-dejavu-core fontconfig clang libclang-rt-14-dev nodejs smplayer time"

# Benchmarking against other players (TOOLS/bench.sh runs every one it
# finds): only with --bench, so tests never meet a system `mplayer`.
BENCH_PKGS="mpv mplayer"

PKGS="$BUILD_PKGS $TEST_PKGS"
if [ "${1:-}" = "--bench" ]; then
    PKGS="$PKGS $BENCH_PKGS"
    shift
fi

if [ "${1:-}" = "--list" ]; then
    echo $PKGS
    exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: not a Debian/Ubuntu system; install the equivalents of:" >&2
    echo "  $(echo $PKGS)" >&2
    exit 1
fi

missing=
for p in $PKGS; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case $status in
    *" installed") ;;
    *) missing="$missing $p" ;;
    esac
done

# The front-end tests install their npm packages with npm; a machine that
# has node without npm (Debian splits them) gets Debian's.
if ! command -v npm >/dev/null 2>&1; then
    case $missing in
    *" npm"*) ;;
    *) missing="$missing npm" ;;
    esac
fi

if [ -z "$missing" ]; then
    echo "install-deps: all packages present"
    exit 0
fi

echo "install-deps: installing:$missing"
SUDO=
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || {
        echo "install-deps: not root and no sudo; run as root: apt-get install$missing" >&2
        exit 1
    }
    SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
