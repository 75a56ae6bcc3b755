#!/bin/sh
# patches/count-syscalls.sh MEDIA MPLAYER [options...]: plays MEDIA once with
# an MPlayer binary under strace and counts the syscalls made on MEDIA's file
# descriptor: read() calls and bytes, lseek() calls, posix_fadvise WILLNEED
# and DONTNEED calls and bytes. Used for the "Measurements" sections of the
# cover letters; it neither fetches nor builds MPlayer.
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).

if [ $# -lt 2 ]; then
    echo "usage: $0 MEDIA MPLAYER [options...]" >&2
    exit 2
fi
media=$1
mp=$2
shift 2
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT
strace -f -qq -e trace=openat,read,lseek,fadvise64,close -o "$log" \
    "$mp" -noconfig all -really-quiet -vo null -ao null -benchmark "$@" "$media" \
    > /dev/null 2>&1
awk -v name="$(basename "$media")" '
  { sub(/^[0-9]+ +/, "") }
  /^openat\(/ && index($0, name "\"") { fd = $NF + 0; isopen = 1; next }
  !isopen { next }
  $0 ~ "^read\\(" fd "," { n = $NF + 0; if (n >= 0) { reads++; bytes += n }; next }
  $0 ~ "^lseek\\(" fd "," { lseeks++; next }
  $0 ~ "^fadvise64\\(" fd "," {
      split($0, a, ", ")
      if ($0 ~ /WILLNEED/) { wn++; wb += a[3] } else if ($0 ~ /DONTNEED/) { dn++; db += a[3] }
      next
  }
  $0 ~ "^close\\(" fd "\\)" { isopen = 0 }
  END {
      printf "read %d calls %d bytes, lseek %d, WILLNEED %d calls %d bytes, DONTNEED %d calls %d bytes\n",
          reads, bytes, lseeks, wn, wb, dn, db
  }' "$log"
