#!/bin/sh
# mkmedia.sh: make well and badly muxed media for measurements, and show
# how a file is laid out (bytes per stream, how far apart its tracks lie).
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   mkmedia.sh [OPTIONS] KIND OUTPUT    make OUTPUT (.mp4, .mkv or .avi), then
#                                       print its layout (as `info`)
#   mkmedia.sh info FILE                streams, bytes per stream, interleaving
#   mkmedia.sh bytes FILE STREAM...     bytes of the packets of those streams
#   mkmedia.sh packets FILE             "stream,pts_time,pos,size" per packet
#
# KIND:
#   good      audio and video interleaved as muxers do by default
#   skew      audio stored SKEW seconds away from the video of the same time
#             (-k; positive: audio ahead of its video in the file, negative:
#             behind); timestamps stay right, so it plays in sync
#   noninter  track after track: all video, then all audio
#   multi     1 video + N audio tracks (-n), well interleaved
#
# OPTIONS:
#   -d SECS   duration of generated media (10)
#   -b RATE   video bitrate (1M)      -a RATE   audio bitrate per track (128k)
#   -s WxH    frame size (640x360)    -r FPS    frame rate (25)
#   -k SECS   skew for KIND skew (5)  -n N      audio tracks for multi (4)
#   -c CODEC  video codec of generated media: mpeg4 (MPEG-4 part 2, the
#             default) or h264 (libx264 with B-frames, as real files are)
#   -i FILE   take the first video and first audio of FILE (copied, not
#             re-encoded) instead of generating; -d/-b/-a/-s/-r/-c then unused
#   -q        do not print the layout
#
# Generated media: testsrc2 video (-c) and a sine tone in AAC (MP2 in AVI),
# encoded once by ffmpeg into MP4, which keeps every packet's pts and dts.
# Badly muxed files are then remuxed by TOOLS/mkmux.c, which writes the
# packets in exactly the order asked for (ffmpeg's own muxing always
# re-sorts them by time, at least locally) and keeps their timestamps as far
# as the container can store them (MP4: pts and dts; MKV: pts; AVI: the
# order at a constant frame rate; all streams moved together only when a
# container takes no time below 0).
set -eu

die() {
    echo "mkmedia.sh: $*" >&2
    exit 1
}

FF="ffmpeg -nostdin -hide_banner -loglevel error -y"
root=$(cd "$(dirname "$0")/.." && pwd)
MKMUX=${MKMUX:-$root/build/TOOLS/mkmux}

# mkmux (TOOLS/mkmux.c) lays the packets out; `make` builds it, and this
# builds it alone when it is missing or older than its source.
build_mkmux() {
    [ "$MKMUX" = "$root/build/TOOLS/mkmux" ] || return 0
    [ -x "$MKMUX" ] && [ -z "$(find "$root/TOOLS/mkmux.c" -newer "$MKMUX")" ] && return 0
    mkdir -p "$root/build/TOOLS"
    # shellcheck disable=SC2046
    ${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror -o "$MKMUX.tmp" "$root/TOOLS/mkmux.c" \
        $(pkg-config --cflags --libs libavformat libavcodec libavutil) -lm ||
        die "cannot build mkmux"
    mv "$MKMUX.tmp" "$MKMUX"
}

# ffprobe's compact output as "key=value" fields, picked by name (its field
# order is ffprobe's own, not the order asked for).
# "stream,pts_time,pos,size" for every packet with a position, in file order.
packets() {
    ffprobe -v error -show_entries packet=stream_index,pts_time,dts_time,pos,size \
        -of compact=p=0 "$1" |
        awk -F'|' '{
            delete v
            for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); x = $i; sub(/^[^=]*=/, "", x); v[k] = x }
            t = v["pts_time"]; if (t == "N/A" || t == "") t = v["dts_time"]
            if (v["pos"] != "N/A" && v["pos"] != "" && t != "N/A" && t != "")
                print v["stream_index"] "," t "," v["pos"] "," v["size"]
        }' | sort -t, -k3,3n
}

# "index,codec_type,codec_name" per stream.
streams() {
    ffprobe -v error -show_entries stream=index,codec_type,codec_name -of compact=p=0 "$1" |
        awk -F'|' '{
            delete v
            for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); x = $i; sub(/^[^=]*=/, "", x); v[k] = x }
            print v["index"] "," v["codec_type"] "," v["codec_name"]
        }'
}

info() {
    f=$1
    [ -r "$f" ] || die "$f: cannot read"
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkmedia.XXXXXX")
    streams "$f" > "$tmp/streams"
    packets "$f" > "$tmp/packets"
    size=$(wc -c < "$f")
    # Per stream: packets, bytes, first and last position. Then how the
    # tracks interleave: "runs" is the number of stretches of packets of one
    # stream in file order (2 streams, non-interleaved: 2); av_distance is,
    # for each audio packet, how many bytes lie between it and the video
    # packet nearest in time (max and median over all audio packets).
    awk -F, -v size="$size" -v file="$f" '
    FNR == NR { type[$1] = $2; codec[$1] = $3; order[++ns] = $1; next }
    {
        s = $1; n[s]++; bytes[s] += $4
        if (!(s in first)) first[s] = $3
        last[s] = $3
        if (NR > 1 && s != prev) runs++
        prev = s
        if (type[s] == "video" && vid == "") vid = s
        ts[NR] = $2; st[NR] = s; pos[NR] = $3
    }
    END {
        printf "file %s size %d\n", file, size
        for (i = 1; i <= ns; i++) {
            s = order[i]
            printf "stream %s %s %s packets %d bytes %d first_pos %s last_pos %s\n",
                s, type[s], codec[s], n[s], bytes[s], first[s], last[s]
        }
        printf "runs %d\n", runs + (NR > FNR ? 1 : 0)
        if (vid == "") { print "av_distance_max 0"; print "av_distance_median 0"; exit }
        # video packets sorted by time, for a nearest-in-time search
        nv = 0
        for (i = 1; i <= NR; i++) if (st[i] == vid) { nv++; vt[nv] = ts[i] + 0; vp[nv] = pos[i] }
        for (i = 2; i <= nv; i++) {          # insertion sort: nearly sorted already
            t = vt[i]; p = vp[i]; j = i - 1
            while (j >= 1 && vt[j] > t) { vt[j + 1] = vt[j]; vp[j + 1] = vp[j]; j-- }
            vt[j + 1] = t; vp[j + 1] = p
        }
        na = 0
        for (i = 1; i <= NR; i++) {
            if (!(st[i] in type) || type[st[i]] != "audio" || nv == 0) continue
            t = ts[i] + 0; lo = 1; hi = nv
            while (lo < hi) { mid = int((lo + hi) / 2); if (vt[mid] < t) lo = mid + 1; else hi = mid }
            k = lo
            if (k > 1 && (t - vt[k - 1]) < (vt[k] - t)) k--
            d = pos[i] - vp[k]; if (d < 0) d = -d
            dist[++na] = d
        }
        if (na == 0) { print "av_distance_max 0"; print "av_distance_median 0"; exit }
        for (i = 2; i <= na; i++) {
            d = dist[i]; j = i - 1
            while (j >= 1 && dist[j] > d) { dist[j + 1] = dist[j]; j-- }
            dist[j + 1] = d
        }
        printf "av_distance_max %d\n", dist[na]
        printf "av_distance_median %d\n", dist[int((na + 1) / 2)]
    }' "$tmp/streams" "$tmp/packets"
    rm -rf "$tmp"
}

bytes() {
    f=$1
    shift
    [ $# -ge 1 ] || die "usage: mkmedia.sh bytes FILE STREAM..."
    packets "$f" | awk -F, -v want=" $* " 'index(want, " " $1 " ") { b += $4 } END { print b + 0 }'
}

make_media() {
    dur=10 vbr=1M abr=128k size=640x360 fps=25 skew=5 ntracks=4 input='' quiet='' meta=''
    vcodec=mpeg4
    while getopts d:b:a:s:r:k:n:i:c:q opt; do
        case $opt in
        d) dur=$OPTARG ;;
        b) vbr=$OPTARG ;;
        a) abr=$OPTARG ;;
        s) size=$OPTARG ;;
        r) fps=$OPTARG ;;
        k) skew=$OPTARG ;;
        n) ntracks=$OPTARG ;;
        i) input=$OPTARG ;;
        c) vcodec=$OPTARG ;;
        q) quiet=1 ;;
        *) die "bad option (see the top of $0)" ;;
        esac
    done
    shift $((OPTIND - 1))
    [ $# -eq 2 ] || die "usage: mkmedia.sh [OPTIONS] KIND OUTPUT"
    kind=$1
    out=$2
    case $out in
    *.mp4 | *.mov) acodec=aac fmt=mp4 ;;
    *.mkv) acodec=aac fmt=matroska ;;
    *.avi) acodec=mp2 fmt=avi ;;
    *) die "$out: container from the name: .mp4, .mkv or .avi" ;;
    esac
    case $kind in
    good | skew | noninter) na=1 ;;
    multi) na=$ntracks ;;
    *) die "unknown KIND '$kind' (good, skew, noninter, multi)" ;;
    esac
    case $vcodec in
    mpeg4) venc="-c:v mpeg4 -g $((fps * 2))" ;;
    # B-frames (3, pyramid as x264 does by default): pts != dts, and the
    # first dts lie below 0. yuv420p, as nearly all real H.264 is (x264
    # would keep testsrc2's RGB as 4:4:4).
    h264) venc="-c:v libx264 -preset veryfast -bf 3 -g $((fps * 2)) -pix_fmt yuv420p" ;;
    *) die "unknown video codec '$vcodec' (mpeg4, h264)" ;;
    esac
    [ -z "$input" ] || [ -r "$input" ] || die "$input: cannot read"
    [ -z "$input" ] || [ "$na" -eq 1 ] || die "-i is for good, skew and noninter"

    build_mkmux
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkmedia.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 130' INT TERM
    base=$tmp/base.mp4

    # The base: video + na audio tracks, well interleaved, in MP4, which
    # keeps every packet's pts and dts (NUT and Matroska keep only pts: with
    # B-frames the dts of the first packets are lost). A given input is
    # read as it is, mkmux picking its first video and audio.
    if [ -n "$input" ]; then
        base=$input
        types=$(ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$input" |
            sort -u | tr '\n' ' ')
        case $types in
        *audio*video*) ;;
        *) die "$input: needs a video and an audio stream" ;;
        esac
    else
        set -- -f lavfi -i "testsrc2=size=$size:rate=$fps:duration=$dur"
        maps="-map 0:v"
        i=1
        while [ $i -le "$na" ]; do
            set -- "$@" -f lavfi -i "sine=frequency=$((220 + 110 * i)):sample_rate=48000:duration=$dur"
            maps="$maps -map $i:a"
            i=$((i + 1))
        done
        # shellcheck disable=SC2086
        $FF "$@" $maps $venc -b:v "$vbr" -c:a "$acodec" -b:a "$abr" \
            -ac 2 -f mp4 "$base" || die "ffmpeg could not make the media"
        i=1
        lang="eng ger fre spa ita jpn dut swe"
        meta=
        while [ $i -le "$na" ] && [ "$na" -gt 1 ]; do
            l=$(echo "$lang" | cut -d' ' -f$(( (i - 1) % 8 + 1 )))
            meta="$meta -metadata:s:a:$((i - 1)) language=$l"
            i=$((i + 1))
        done
    fi

    case $kind in
    good | multi)
        maps="-map 0"
        [ -z "$input" ] || maps="-map 0:v:0 -map 0:a:0"
        # shellcheck disable=SC2086
        $FF -i "$base" $maps -c copy ${meta:-} -f $fmt "$out.part" ||
            die "ffmpeg could not mux $out"
        ;;
    skew)
        "$MKMUX" --first-av --skew="$skew" --format=$fmt "$base" "$out.part" || die "mkmux failed"
        ;;
    noninter)
        "$MKMUX" --first-av --noninter --format=$fmt "$base" "$out.part" || die "mkmux failed"
        ;;
    esac
    mv "$out.part" "$out"
    [ -n "$quiet" ] || info "$out"
}

cmd=${1:-}
case $cmd in
info)
    [ $# -eq 2 ] || die "usage: mkmedia.sh info FILE"
    info "$2"
    ;;
bytes)
    shift
    bytes "$@"
    ;;
packets)
    [ $# -eq 2 ] || die "usage: mkmedia.sh packets FILE"
    packets "$2"
    ;;
"" | -h | --help)
    sed -n '4,38s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
*) make_media "$@" ;;
esac
