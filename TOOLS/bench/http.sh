#!/bin/bash
# http.sh: what playing a file over HTTP costs the server, per cache mode:
# wall time, requests, and the bytes nginx sent (its $bytes_sent: what it
# wrote to the socket, so at most what went over the wire and at least
# what the player read). Files: one with its tracks interleaved, one with
# all video before all audio (mkmux --noninter). The player runs at
# -benchmark speed; the server sends at most RATE per connection.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/bench/http.sh [-r RATE] [-m PLAYER] [-o DIR]
#
#   RATE   nginx limit_rate (default 4m); PLAYER default ./mplayer;
#   DIR    media, nginx files and results (default build/bench-http).
# Prints one Markdown table row per run.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
rate=4m
mplayer=$root/mplayer
out=$root/build/bench-http
while getopts r:m:o: o; do
    case $o in
    r) rate=$OPTARG ;;
    m) mplayer=$OPTARG ;;
    o) out=$OPTARG ;;
    *) echo "usage: TOOLS/bench/http.sh [-r RATE] [-m PLAYER] [-o DIR]" >&2; exit 2 ;;
    esac
done
die() {
    echo "http.sh: $*" >&2
    exit 1
}
[ -x "$mplayer" ] || die "$mplayer: no player (run make)"
mkmux=$root/build/TOOLS/mkmux
[ -x "$mkmux" ] || make -C "$root" -s build/TOOLS/mkmux >/dev/null || die "cannot build mkmux"
mkdir -p "$out/media"
out=$(cd "$out" && pwd)

# ---- media: 60 s, MPEG-4 1.5 Mbit/s 640x360 + AAC 320 kbit/s ----
m=$out/media
if [ ! -s "$m/noninter.mp4" ]; then
    ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=640x360:rate=25 \
        -f lavfi -i sine=frequency=440 -t 60 -c:v mpeg4 -b:v 1500k -g 50 \
        -c:a aac -b:a 320k -ac 2 "$m/good.mp4" || die "ffmpeg failed"
    "$mkmux" --noninter --format=mp4 "$m/good.mp4" "$m/noninter.mp4.tmp" ||
        die "mkmux failed"
    mv "$m/noninter.mp4.tmp" "$m/noninter.mp4"
fi

# ---- nginx on a free port, logging each request's range and bytes ----
# shellcheck source=TOOLS/bench/nginx.sh
. "$root/TOOLS/bench/nginx.sh"
run=$(mktemp -d "${TMPDIR:-/tmp}/bench-http.XXXXXX")
cleanup() {
    nginx_stop
    rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
nginx_serve "$run" "$m" "$rate" || die "cannot serve $m"
port=$NGINX_PORT

echo "| file | MB | mode | wall s | requests | MB sent | sent / file |"
echo "|---|---:|---|---:|---:|---:|---:|"
for f in good.mp4 noninter.mp4; do
    size=$(stat -c %s "$m/$f")
    for mode in "-nocache" "-cache 4096" "-cache 4096 -cache-mode ring"; do
        : >"$run/access.log"
        # shellcheck disable=SC2086
        /usr/bin/time -f '%e' -o "$run/time" "$mplayer" $mode -benchmark -vo null -ao null \
            -really-quiet "http://127.0.0.1:$port/$f" </dev/null >/dev/null 2>&1 ||
            echo "http.sh: $f $mode: the player failed" >&2
        awk -v f="$f" -v size="$size" -v mode="$mode" -v wall="$(cat "$run/time")" '
            { n++; sent += $3 }
            END {
                printf "| %s | %.1f | `%s` | %s | %d | %.1f | %.2f |\n", f, size / 1e6, mode,
                    wall, n, sent / 1e6, sent / size
            }' "$run/access.log"
    done
done
