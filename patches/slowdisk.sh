#!/bin/sh
# patches/slowdisk.sh IOPS KBPS FILE COMMAND [ARGS...]: runs COMMAND once
# with a cold page cache, in a control group whose reads from the block
# device holding FILE are throttled to IOPS requests and KBPS kBytes per
# second, and prints its wall-clock time as "wall <seconds>" on stderr.
# A slow disk made with standard kernel means only (blkio/io throttling),
# for the "Measurements" section of the cover letter; it neither fetches
# nor builds MPlayer. Needs root.
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
# cgroup v1 (blkio.throttle.read_iops_device/read_bps_device) is used when
# the blkio controller is mounted, else cgroup v2 (io.max). The throttle
# counts what reaches the device, so COMMAND's own reads and the readahead
# it causes are both slowed; the page cache of the whole machine is
# dropped before the run (echo 3 > /proc/sys/vm/drop_caches).

if [ $# -lt 4 ]; then
    echo "usage: $0 IOPS KBPS FILE COMMAND [ARGS...]" >&2
    exit 2
fi
iops=$1
kbps=$2
file=$3
shift 3
case $iops$kbps in *[!0-9]*|'') echo "$0: IOPS and KBPS are numbers" >&2; exit 2 ;; esac

# the whole disk, not the partition: throttling applies to whole devices
dev=$(df -P "$file" | awk 'NR == 2 { print $1 }')
[ -b "$dev" ] || { echo "$0: $file is not on a block device ($dev)" >&2; exit 2; }
name=$(basename "$(readlink -f "$dev")")
if [ -e "/sys/class/block/$name/partition" ]; then
    name=$(basename "$(dirname "$(readlink -f "/sys/class/block/$name")")")
fi
majmin=$(cat "/sys/class/block/$name/dev") || exit 2

cg=
cleanup() {
    [ -n "$cg" ] && rmdir "$cg" 2>/dev/null
}
trap cleanup EXIT
if [ -d /sys/fs/cgroup/blkio ] && [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
    cg=/sys/fs/cgroup/blkio/slowdisk.$$
    mkdir "$cg" || exit 1
    echo "$majmin $iops" > "$cg/blkio.throttle.read_iops_device" || exit 1
    echo "$majmin $((kbps * 1024))" > "$cg/blkio.throttle.read_bps_device" || exit 1
else
    root=/sys/fs/cgroup
    [ -e "$root/cgroup.subtree_control" ] || root=/sys/fs/cgroup/unified
    if ! grep -qw io "$root/cgroup.controllers" 2>/dev/null; then
        echo "$0: neither the cgroup v1 blkio nor the v2 io controller is available" >&2
        exit 1
    fi
    echo +io > "$root/cgroup.subtree_control" 2>/dev/null
    cg=$root/slowdisk.$$
    mkdir "$cg" || exit 1
    echo "$majmin riops=$iops rbps=$((kbps * 1024))" > "$cg/io.max" || exit 1
fi

sync
echo 3 > /proc/sys/vm/drop_caches || exit 1
start=$(date +%s.%N)
# a subshell moves itself into the group, then becomes COMMAND
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$@"
rc=$?
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "wall %.2f\n", e - s }' >&2
exit $rc
