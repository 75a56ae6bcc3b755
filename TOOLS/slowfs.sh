#!/bin/sh
# slowfs.sh: start, stop, read and steer the slow-storage model (slowfs).
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   slowfs.sh build                          compile slowfs and pagecache if stale
#   slowfs.sh mount [OPTIONS] SOURCE MOUNT   mount SOURCE read-only at MOUNT
#   slowfs.sh umount MOUNT                   unmount (waits until the mount is gone)
#   slowfs.sh stats MOUNT                    print the counters ("key value" lines)
#   slowfs.sh get MOUNT KEY                  print one counter
#   slowfs.sh reset MOUNT                    zero the counters
#   slowfs.sh ctl MOUNT COMMAND...           send a command (eio, stall, clear, bw, ...)
#   slowfs.sh cold FILE...                   drop FILE from the page cache, check 0 resident
#   slowfs.sh readahead MOUNT [KB]           show or set the mount's kernel readahead
#   slowfs.sh run [OPTIONS] SOURCE MOUNT -- COMMAND...
#                                            mount, make SOURCE's files cold, run
#                                            COMMAND, print the counters, unmount
#
# OPTIONS are slowfs's own (--profile=hdd|slow-net|fast, --bw, --seek-ms,
# --lat-ms, --lat-idle, --fault-eio, --fault-stall, --trace, ...); see
# `slowfs --help` and DOCS/tech/tools.md. The binaries are taken from $SLOWFS
# and $PAGECACHE, or build/TOOLS/ (compiled here when missing or stale).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
SLOWFS=${SLOWFS:-$root/build/TOOLS/slowfs}
PAGECACHE=${PAGECACHE:-$root/build/TOOLS/pagecache}

die() {
    echo "slowfs.sh: $*" >&2
    exit 1
}

# True when $1 is missing or older than $2.
stale() {
    [ ! -x "$1" ] || [ -n "$(find "$2" -newer "$1")" ]
}

build() {
    cc=${CC:-cc}
    if [ "$SLOWFS" = "$root/build/TOOLS/slowfs" ] &&
        stale "$SLOWFS" "$root/TOOLS/slowfs/slowfs.c"; then
        pkg-config --exists fuse3 ||
            die "libfuse3 not found: install libfuse3-dev (TOOLS/install-deps.sh)"
        mkdir -p "$root/build/TOOLS"
        # shellcheck disable=SC2046
        $cc -std=c11 -O2 -g -Wall -Wextra -Werror -o "$SLOWFS.tmp" \
            "$root/TOOLS/slowfs/slowfs.c" $(pkg-config --cflags --libs fuse3)
        mv "$SLOWFS.tmp" "$SLOWFS"
    fi
    if [ "$PAGECACHE" = "$root/build/TOOLS/pagecache" ] &&
        stale "$PAGECACHE" "$root/TOOLS/pagecache.c"; then
        mkdir -p "$root/build/TOOLS"
        $cc -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -o "$PAGECACHE.tmp" \
            "$root/TOOLS/pagecache.c"
        mv "$PAGECACHE.tmp" "$PAGECACHE"
    fi
}

is_mounted() {
    # mountinfo field 5 is the mount point, field 9 (after " - ") the type.
    awk -v m="$1" '$5 == m && / - fuse\.slowfs / { found = 1 } END { exit !found }' \
        /proc/self/mountinfo
}

abspath() {
    (cd "$1" && pwd -P)
}

do_mount() {
    [ $# -ge 2 ] || die "usage: slowfs.sh mount [OPTIONS] SOURCE MOUNT"
    build
    # The last two arguments are SOURCE and MOUNT.
    eval "mnt=\${$#}"
    mkdir -p "$mnt"
    mnt=$(abspath "$mnt")
    is_mounted "$mnt" && die "$mnt: a slowfs is mounted there already"
    "$SLOWFS" "$@" || die "slowfs could not mount $mnt"
    # The daemon returns once the kernel has the mount; wait for it to answer.
    i=0
    while ! [ -r "$mnt/.slowfs/stats" ]; do
        i=$((i + 1))
        if [ $i -gt 100 ]; then
            fusermount3 -u "$mnt" 2>/dev/null || true
            die "$mnt: mounted but not answering"
        fi
        sleep 0.05
    done
}

do_umount() {
    [ $# -eq 1 ] || die "usage: slowfs.sh umount MOUNT"
    mnt=$(abspath "$1")
    is_mounted "$mnt" || return 0
    i=0
    until fusermount3 -u "$mnt" 2>/dev/null; do
        i=$((i + 1))
        if [ $i -gt 50 ]; then
            # Still busy after 5 s: detach it; the daemon ends with the last user.
            fusermount3 -u -z "$mnt"
            break
        fi
        sleep 0.1
    done
    i=0
    while is_mounted "$mnt" && [ $i -lt 50 ]; do
        i=$((i + 1))
        sleep 0.1
    done
}

ctl() {
    mnt=$1
    shift
    [ -w "$mnt/.slowfs/stats" ] || die "$mnt: no slowfs mounted there"
    { printf '%s\n' "$*" > "$mnt/.slowfs/stats"; } 2>/dev/null || die "$mnt: command refused: $*"
}

# The bdi (backing device info) of a mount: its "major:minor" in mountinfo.
bdi_of() {
    dev=$(awk -v m="$1" '$5 == m { d = $3 } END { print d }' /proc/self/mountinfo)
    [ -n "$dev" ] || die "$1: not a mount point"
    echo "/sys/class/bdi/$dev"
}

quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

do_run() {
    mount_args=
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        mount_args="$mount_args $(quote "$1")"
        shift
    done
    [ $# -ge 2 ] || die "usage: slowfs.sh run [OPTIONS] SOURCE MOUNT -- COMMAND..."
    shift
    eval "do_mount $mount_args"
    run_mnt=$mnt
    trap 'do_umount "$run_mnt"' EXIT
    trap 'exit 130' INT TERM
    find "$run_mnt" -path "$run_mnt/.slowfs" -prune -o -type f -exec "$PAGECACHE" --cold {} + \
        >/dev/null
    ctl "$run_mnt" reset
    rc=0
    "$@" || rc=$?
    cat "$run_mnt/.slowfs/stats"
    return $rc
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
build) build ;;
mount) do_mount "$@" ;;
umount | unmount) do_umount "$@" ;;
stats)
    [ $# -eq 1 ] || die "usage: slowfs.sh stats MOUNT"
    cat "$1/.slowfs/stats"
    ;;
get)
    [ $# -eq 2 ] || die "usage: slowfs.sh get MOUNT KEY"
    awk -v k="$2" '$1 == k { print $2; found = 1 } END { exit !found }' "$1/.slowfs/stats" ||
        die "no counter '$2'"
    ;;
reset)
    [ $# -eq 1 ] || die "usage: slowfs.sh reset MOUNT"
    ctl "$1" reset
    ;;
ctl)
    [ $# -ge 2 ] || die "usage: slowfs.sh ctl MOUNT COMMAND..."
    ctl "$@"
    ;;
cold)
    [ $# -ge 1 ] || die "usage: slowfs.sh cold FILE..."
    build
    "$PAGECACHE" --cold "$@" >/dev/null
    ;;
readahead)
    if [ $# -lt 1 ] || [ $# -gt 2 ]; then
        die "usage: slowfs.sh readahead MOUNT [KB]"
    fi
    bdi=$(bdi_of "$(abspath "$1")")
    if [ $# -eq 2 ]; then
        echo "$2" > "$bdi/read_ahead_kb" || die "cannot set $bdi/read_ahead_kb (root?)"
    fi
    cat "$bdi/read_ahead_kb"
    ;;
run) do_run "$@" ;;
*)
    sed -n '4,22s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
