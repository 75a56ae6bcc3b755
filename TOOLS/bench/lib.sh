# lib.sh: the arithmetic of TOOLS/bench.sh, sourced by it and by
# tests/tools/run.sh: medians and spreads, and the physical bound of a read.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
# POSIX sh + awk; no state of its own.

# Numbers on stdin, one per line ("-" or empty lines ignored) ->
# "median min max n". The median of an even count is the mean of the two
# middle values. No numbers: "- - - 0".
bench_stats() {
    awk '$1 != "" && $1 != "-" { print $1 + 0 }' | sort -g | awk '
        { v[++n] = $1 }
        END {
            if (n == 0) { print "- - - 0"; exit }
            if (n % 2) m = v[(n + 1) / 2]; else m = (v[n / 2] + v[n / 2 + 1]) / 2
            printf "%.10g %.10g %.10g %d\n", m, v[1], v[n], n
        }'
}

# The least time the storage model can take to deliver the packets of the
# chosen streams, whatever the reader does (TOOLS/slowfs, DOCS/tech/tools.md):
#
#   bench_bound "STREAMS" BW SEEK_MS LAT_MS MAXREQ [TMAX [LAT_MODE]] < packets.csv
#
# packets.csv: "stream,pts_time,pos,size" (mkmedia.sh packets). STREAMS: the
# stream indexes, space separated. BW: bytes/s (0 = unlimited). MAXREQ: the
# largest request the kernel sends (FUSE: 1 MiB), so a run of R bytes takes
# at least ceil(R / MAXREQ) requests, each paying LAT_MS. TMAX: only packets
# with pts_time < TMAX (the first seconds of a real-time run; empty: all).
# LAT_MODE "idle" (slowfs --lat-idle): LAT_MS is paid only by a request that
# finds the device idle, so a reader that keeps it busy pays it once.
#
# Packets are taken in file order. Between two needed packets a gap of G
# bytes is either read through (G / BW) or skipped, which starts a new
# request (SEEK_MS + LAT_MS); the cheaper is taken, so the result is a lower
# bound for any reader of this device. Container headers and the index are
# not packets and are not counted: the bound is slightly low, never high.
#
# Prints "needed RUNS BOUND_S READ_BYTES": bytes of the packets, contiguous
# runs the optimal reader makes, its time, bytes it reads (needed + gaps
# read through).
bench_bound() {
    sort -t, -k3,3n | awk -F, -v want=" $1 " -v bw="$2" -v seek="$3" -v lat="$4" \
        -v maxreq="$5" -v tmax="${6:-}" -v latmode="${7:-request}" '
        function flush() {
            if (run > 0) { reqs += int((run + maxreq - 1) / maxreq) }
            run = 0
        }
        !index(want, " " $1 " ") { next }
        tmax != "" && $2 + 0 >= tmax + 0 { next }
        {
            pos = $3 + 0; size = $4 + 0
            needed += size
            if (n++ == 0) { runs = 1; run = size; end = pos + size; next }
            gap = pos - end
            if (gap < 0) gap = 0
            through = bw > 0 ? gap / bw : 0
            skip = (seek + (latmode == "idle" ? 0 : lat)) / 1000
            if (gap == 0 || through <= skip) {
                run += gap + size; readthrough += gap; t += through
            } else {
                flush(); runs++; t += seek / 1000; run = size
            }
            if (pos + size > end) end = pos + size
        }
        END {
            flush()
            if (n == 0) { print "0 0 0 0"; exit }
            t += (bw > 0 ? needed / bw : 0) + (latmode == "idle" ? 1 : reqs) * lat / 1000
            printf "%d %d %.4f %d\n", needed, runs, t, needed + readthrough
        }'
}

# bench_play_bound "STREAMS" BW SEEK_MS LAT_MS MAXREQ LAT_MODE WARM_S PACKETS
#
# The least wall time of a player that decodes in order and, with the whole
# file in the page cache, takes WARM_S for it (its CPU time on this machine):
# to reach play time t it must first have the packets before t (at least
# bench_bound with TMAX = t), and then decode the rest, a (D - t) / D share
# of WARM_S (D = the last packet's time). The maximum over t (60 steps) is a
# bound as long as the player does not decode far ahead of the packets it
# has (this player's reader runs at most 2 s ahead). On an interleaved file
# it is the device bound; where the layout makes the last bytes needed
# arrive early (audio stored behind its video), the decoding left when the
# device is done is what remains. Prints the seconds.
bench_play_bound() {
    local streams=$1 bw=$2 seek=$3 lat=$4 maxreq=$5 latmode=$6 warm=$7 packets=$8
    local dur best=0 i t b
    dur=$(awk -F, -v want=" $streams " 'index(want, " " $1 " ") && $2 + 0 > d { d = $2 + 0 }
        END { print d + 0 }' "$packets")
    for i in $(seq 0 60); do
        t=$(awk -v d="$dur" -v i="$i" 'BEGIN { printf "%.3f", d * i / 60 + (i == 60 ? 1 : 0) }')
        b=$(bench_bound "$streams" "$bw" "$seek" "$lat" "$maxreq" "$t" "$latmode" < "$packets" |
            awk '{ print $3 }')
        best=$(awk -v best="$best" -v b="$b" -v w="$warm" -v d="$dur" -v t="$t" 'BEGIN {
            r = d > t ? (d - t) / d : 0; x = b + w * r; printf "%.4f", (x > best ? x : best) }')
    done
    echo "$best"
}
