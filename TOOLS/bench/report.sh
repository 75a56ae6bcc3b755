#!/bin/bash
# report.sh: the Markdown tables and PNG plots of a TOOLS/bench.sh run.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/bench/report.sh DIR MEDIA [-w]
#
# DIR holds raw.tsv, meta.txt, modes.txt, mode-args.txt, model-PROFILE.txt
# (written by bench.sh); MEDIA the files and their .packets lists. Writes
# DIR/report.md and DIR/bench-*.png; with -w also DOCS/bench-*.png and the
# part of DOCS/benchmarks.md between "<!-- bench:begin -->" and
# "<!-- bench:end -->" (everything outside the markers is kept).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=TOOLS/bench/lib.sh
. "$root/TOOLS/bench/lib.sh"
dir=$1
media=$2
write_docs=${3:-}
raw=$dir/raw.tsv
meta() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$dir/meta.txt"; }
span=$(meta span)
profiles=$(meta profiles)
maxreq=1048576

# bounds.tsv: profile workload file needed runs bound_s read_bytes size play_bound_s
# (play_bound_s: bench_play_bound from warm.tsv, "-" without it)
{
    for profile in $profiles; do
        bw=$(awk '$1 == "bw" { print $2 }' "$dir/model-$profile.txt")
        seek=$(awk '$1 == "seek_ms" { print $2 }' "$dir/model-$profile.txt")
        lat=$(awk '$1 == "lat_ms" { print $2 }' "$dir/model-$profile.txt")
        latmode=$(awk '$1 == "lat_mode" { print $2 }' "$dir/model-$profile.txt")
        for p in "$media"/*.packets; do
            f=$(basename "$p" .packets)
            size=$(wc -c < "$media/$f")
            b=$(bench_bound "0 1" "$bw" "$seek" "$lat" "$maxreq" "" "${latmode:-request}" < "$p")
            warm=$(awk -F'\t' -v f="$f" '$1 == f { print $2 }' "$dir/warm.tsv" 2>/dev/null)
            pb=-
            [ -n "$warm" ] && pb=$(bench_play_bound "0 1" "$bw" "$seek" "$lat" "$maxreq" \
                "${latmode:-request}" "$warm" "$p")
            printf '%s\tbench\t%s\t%s\t%s\t%s\n' "$profile" "$f" "$(echo "$b" | tr ' ' '\t')" \
                "$size" "$pb"
            b=$(bench_bound "0 1" "$bw" "$seek" "$lat" "$maxreq" "$span" "${latmode:-request}" \
                < "$p")
            printf '%s\trt\t%s\t%s\t%s\t-\n' "$profile" "$f" "$(echo "$b" | tr ' ' '\t')" "$size"
        done
    done
} > "$dir/bounds.tsv"

# cells.tsv: one line per (profile, workload, file, mode) with medians and
# the wall spread: profile wl file mode n wall_med wall_min wall_max user sys
# rss_kb bytes requests seeks pc_growth late first_frame waits wait_s fails
# stall_s (this player's: seconds the clock stood waiting for data)
awk -F'\t' '
    function med(list,    a, n, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) { t = a[i]; j = i - 1
            while (j >= 1 && a[j] + 0 > t + 0) { a[j + 1] = a[j]; j-- } a[j + 1] = t }
        if (n == 0) return "-"
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function mn(list,    a, n, i, m) { n = split(list, a, " "); m = a[1]
        for (i = 2; i <= n; i++) if (a[i] + 0 < m + 0) m = a[i]; return m }
    function mx(list,    a, n, i, m) { n = split(list, a, " "); m = a[1]
        for (i = 2; i <= n; i++) if (a[i] + 0 > m + 0) m = a[i]; return m }
    function add(name, v) { if (v != "-" && v != "") L[k, name] = L[k, name] " " v }
    NR == 1 { next }
    {
        k = $1 "\t" $2 "\t" $3 "\t" $4
        if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
        cnt[k]++
        if ($19 != 0) fails[k]++
        add("wall", $8); add("user", $9); add("sys", $10); add("rss", $11)
        add("bytes", $12); add("req", $13); add("seeks", $14); add("pc", $7 - $6)
        add("late", $15); add("ff", $16); add("waits", $17); add("wait_s", $18)
        add("stall_s", NF >= 20 ? $20 : "-")
    }
    END {
        for (i = 1; i <= nk; i++) {
            k = order[i]
            printf "%s\t%d\t%s\t%s\t%s", k, cnt[k], med(L[k, "wall"]), mn(L[k, "wall"]),
                mx(L[k, "wall"])
            split("user sys rss bytes req seeks pc late ff waits wait_s", f, " ")
            for (j = 1; j <= 11; j++) printf "\t%s", med(L[k, f[j]])
            printf "\t%d\t%s\n", fails[k] + 0, med(L[k, "stall_s"])
        }
    }' "$raw" > "$dir/cells.tsv"

# The Markdown.
awk -F'\t' -v span="$span" -v metaf="$dir/meta.txt" -v argsf="$dir/mode-args.txt" '
    function mb(b) { return b == "-" ? "-" : sprintf("%.1f", b / 1e6) }
    function r2(x) { return x == "-" ? "-" : sprintf("%.2f", x) }
    # The head of a per-file table of the main modes (not the tuning ones).
    function mode_head(pk, col,    m) {
        printf "| file | %s |", col
        for (m = 1; m <= nm[pk]; m++) if (modes[pk, m] !~ /^(plan-[sg]|tune-)/)
            printf " %s |", modes[pk, m]
        printf "\n|---|---:|"
        if (col ~ /play bound/) printf "---:|"
        for (m = 1; m <= nm[pk]; m++) if (modes[pk, m] !~ /^(plan-[sg]|tune-)/) printf "---:|"
        printf "\n"
    }
    FILENAME ~ /modes.txt$/ { split($0, a, "|"); label[a[1]] = a[2]; next }
    FILENAME ~ /bounds.tsv$/ {
        k = $1 SUBSEP $2 SUBSEP $3
        need[k] = $4; runs[k] = $5; bound[k] = $6; rb[k] = $7; size[$3] = $8
        pbound[k] = NF >= 9 ? $9 : "-"; next
    }
    {
        k = $1 SUBSEP $2 SUBSEP $3
        c = k SUBSEP $4
        if (!(($1 SUBSEP $2) in pw)) { pw[$1 SUBSEP $2] = 1; pws[++npw] = $1 SUBSEP $2 }
        if (!(k in fs)) { fs[k] = 1; files[$1 SUBSEP $2, ++nf[$1 SUBSEP $2]] = $3 }
        if (!((k SUBSEP "m" SUBSEP $4) in ms)) {
            ms[k SUBSEP "m" SUBSEP $4] = 1
            if (!(($1 SUBSEP $2 SUBSEP $4) in mseen)) {
                mseen[$1 SUBSEP $2 SUBSEP $4] = 1; modes[$1 SUBSEP $2, ++nm[$1 SUBSEP $2]] = $4
            }
        }
        n[c] = $5; wall[c] = $6; wmin[c] = $7; wmax[c] = $8; user[c] = $9; sys[c] = $10
        rss[c] = $11; bytes[c] = $12; req[c] = $13; seeks[c] = $14; pc[c] = $15
        late[c] = $16; ff[c] = $17; waits[c] = $18; wsec[c] = $19; fail[c] = $20
        stall[c] = $21
    }
    END {
        for (i = 1; i <= npw; i++) {
            split(pws[i], pwa, SUBSEP); prof = pwa[1]; wl = pwa[2]; pk = pws[i]
            if (wl == "bench") {
                printf "\n#### %s, as fast as possible: wall / bound (median)\n\n", prof
                mode_head(pk, "bound s | play bound s")
                for (f = 1; f <= nf[pk]; f++) {
                    fn = files[pk, f]; k = prof SUBSEP wl SUBSEP fn
                    printf "| %s | %.2f | %s |", fn, bound[k], r2(pbound[k])
                    for (m = 1; m <= nm[pk]; m++) {
                        md = modes[pk, m]; if (md ~ /^(plan-[sg]|tune-)/) continue
                        c = k SUBSEP md
                        if (!(c in wall)) { printf " |"; continue }
                        printf " %s%s |", (bound[k] > 0 ? r2(wall[c] / bound[k]) : "-"),
                            (fail[c] ? " (failed)" : "")
                    }
                    printf "\n"
                }
                printf "\n#### %s, as fast as possible: bytes served / bytes needed (median)\n\n", prof
                mode_head(pk, "needed MB")
                for (f = 1; f <= nf[pk]; f++) {
                    fn = files[pk, f]; k = prof SUBSEP wl SUBSEP fn
                    printf "| %s | %s |", fn, mb(need[k])
                    for (m = 1; m <= nm[pk]; m++) {
                        md = modes[pk, m]; if (md ~ /^(plan-[sg]|tune-)/) continue
                        c = k SUBSEP md
                        printf " %s |", (((c in bytes) && need[k] > 0) ? r2(bytes[c] / need[k]) : "")
                    }
                    printf "\n"
                }
            } else {
                printf "\n#### %s, real time for %s s: wall s / late frames / stalled s / first frame s (median)\n\n", prof, span
                printf "| file |"
                for (m = 1; m <= nm[pk]; m++) printf " %s |", modes[pk, m]
                printf "\n|---|"
                for (m = 1; m <= nm[pk]; m++) printf "---:|"
                printf "\n"
                for (f = 1; f <= nf[pk]; f++) {
                    fn = files[pk, f]; k = prof SUBSEP wl SUBSEP fn
                    printf "| %s |", fn
                    for (m = 1; m <= nm[pk]; m++) {
                        c = k SUBSEP modes[pk, m]
                        printf " %s / %s / %s / %s |", r2(wall[c]), late[c],
                            stall[c] == "-" ? "-" : r2(stall[c]), ff[c] == "-" ? "-" : r2(ff[c])
                    }
                    printf "\n"
                }
            }
        }
        # Per file, all figures.
        for (i = 1; i <= npw; i++) {
            split(pws[i], pwa, SUBSEP); prof = pwa[1]; wl = pwa[2]; pk = pws[i]
            printf "\n### All figures: %s, %s\n", prof,
                wl == "bench" ? "as fast as possible (-benchmark)" : "real time, " span " s"
            for (f = 1; f <= nf[pk]; f++) {
                fn = files[pk, f]; k = prof SUBSEP wl SUBSEP fn
                printf "\n`%s`: %.1f MB; streams 0+1 need %.2f MB%s in %d contiguous runs; bound %.2f s%s\n\n",
                    fn, size[fn] / 1e6, need[k] / 1e6,
                    wl == "rt" ? " (first " span " s)" : "", runs[k], bound[k],
                    pbound[k] == "-" ? "" : sprintf("; play bound %.2f s", pbound[k])
                printf "| mode | runs | wall s (min-max) | wall/bound | user s | sys s | MB served | served/needed | requests | seeks | page cache +MB | peak RSS MB | late | waits (s) | first frame s |\n"
                printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                for (m = 1; m <= nm[pk]; m++) {
                    md = modes[pk, m]; c = k SUBSEP md
                    if (!(c in wall)) continue
                    printf "| %s%s | %d | %.2f (%.2f-%.2f) | %s | %s | %s | %s | %s | %s | %s | %s | %.0f | %s | %s (%s) | %s |\n",
                        label[md], fail[c] ? " **failed " fail[c] "x**" : "", n[c], wall[c], wmin[c], wmax[c],
                        ((bound[k] > 0 && wl == "bench") ? r2(wall[c] / bound[k]) : "-"), r2(user[c]), r2(sys[c]),
                        mb(bytes[c]), (need[k] > 0 ? r2(bytes[c] / need[k]) : "-"), req[c], seeks[c],
                        mb(pc[c]), rss[c] / 1024, (wl == "bench" ? "-" : late[c]), waits[c], wsec[c] == "-" ? "-" : r2(wsec[c]),
                        ff[c] == "-" ? "-" : r2(ff[c])
                }
            }
        }
    }' "$dir/modes.txt" "$dir/bounds.tsv" "$dir/cells.tsv" > "$dir/tables.md"

# Plots: wall/bound and served/needed per file, one bar per mode.
plot() { # PROFILE COLUMN(wall|bytes) PNG TITLE YLABEL
    local dat=$dir/plot-$1-$2.dat
    awk -F'\t' -v prof="$1" -v what="$2" '
        FILENAME ~ /bounds.tsv$/ { if ($1 == prof && $2 == "bench") { b[$3] = $6; nd[$3] = $4 }; next }
        $1 != prof || $2 != "bench" || $4 ~ /^(plan-[sg]|tune-)/ { next }
        {
            if (!($3 in fs)) { fs[$3] = 1; F[++nf] = $3 }
            if (!($4 in ms)) { ms[$4] = 1; M[++nm] = $4 }
            v[$3, $4] = what == "wall" ? (b[$3] > 0 ? $6 / b[$3] : 0) : (nd[$3] > 0 ? $12 / nd[$3] : 0)
        }
        END {
            printf "file"; for (m = 1; m <= nm; m++) printf "\t%s", M[m]; printf "\n"
            for (f = 1; f <= nf; f++) {
                printf "%s", F[f]
                for (m = 1; m <= nm; m++) printf "\t%.3f", ((F[f], M[m]) in v) ? v[F[f], M[m]] : 0
                printf "\n"
            }
        }' "$dir/bounds.tsv" "$dir/cells.tsv" > "$dat"
    local ncol
    ncol=$(head -1 "$dat" | awk -F'\t' '{ print NF }')
    gnuplot <<EOF
set terminal pngcairo size 1200,560 font "DejaVu Sans,11"
set output "$3"
set title "$4"
set ylabel "$5"
set style data histograms
set style histogram clustered gap 1.5
set style fill solid 0.9 border -1
set boxwidth 0.9
set key outside right top vertical
set grid ytics
set yrange [0:*]
set xtics nomirror
set datafile separator "\t"
set arrow from graph 0, first 1 to graph 1, first 1 nohead lw 2 dt 2 lc rgb "black" front
plot for [i=2:$ncol] "$dat" using i:xtic(1) title columnheader(i)
EOF
}
for profile in $profiles; do
    plot "$profile" wall "$dir/bench-wall-$profile.png" \
        "Wall time / physical bound, $profile, cold, -benchmark (1 = the device could not be faster)" \
        "wall / bound (lower is better)"
    plot "$profile" bytes "$dir/bench-bytes-$profile.png" \
        "Bytes served by the storage / bytes the played streams need, $profile" \
        "served / needed (1 = each needed byte once)"
done

# The report: machine, commands, tables.
{
    echo "<!-- bench:begin (generated by TOOLS/bench.sh $(meta kind); edit outside the markers) -->"
    echo
    echo "Measured $(meta date) by \`TOOLS/bench.sh $(meta kind)\`: $(meta nproc) cores, $(meta mem) RAM,"
    echo "kernel $(meta kernel), FFmpeg $(meta ffmpeg) (libavformat $(meta libavformat)), player $(meta player)."
    echo "Files: $(meta dur) s, video $(meta size) $(meta vbr)bit/s H.264 with B-frames + AAC 128 kbit/s per track"
    echo "(\`TOOLS/mkmedia.sh -c h264 -d $(meta dur) -b $(meta vbr) -s $(meta size) KIND F\`, skew \`-k $(meta skew)\`, skewb \`-k -$(meta skew)\`, multi 1 video + 4 audio);"
    echo "profiles: $profiles; $(meta runs) run(s) per cell, each cold; figures are medians, wall with (min-max)."
    echo "Other players installed and run the same way: $(meta others | sed 's/^$/none/')."
    echo
    echo "Commands per mode (F = the file on the slowfs mount; -benchmark, or -endpos $span for real time):"
    echo
    awk -F'\t' '{
        if ($1 == "ffmpeg")
            c = "ffmpeg -nostdin -i F -map 0:v:0 -map 0:a:0 -f null -   (real time: -re ... -t SPAN)"
        else if ($1 == "mpv")
            c = "mpv --no-config --vo=null --ao=null --vid=1 --aid=1 --untimed --ao-null-untimed F   (real time: --length=SPAN)"
        else if ($1 ~ /^mplayer/)
            c = "mplayer (the system MPlayer) -vo null -aid 0 -quiet " $2 " -benchmark -ao pcm:fast:file=/dev/null F   (real time: -ao null -endpos SPAN)"
        else
            c = "./mplayer -stream-stats -vo null -ao null " $2 " F"
        printf "    %-13s %s\n", $1, c
    }' "$dir/mode-args.txt"
    cat "$dir/tables.md"
    echo
    echo "<!-- bench:end -->"
} > "$dir/report.md"
echo "bench: report in $dir/report.md" >&2

if [ -n "$write_docs" ]; then
    doc=$root/DOCS/benchmarks.md
    for profile in $profiles; do
        cp "$dir/bench-wall-$profile.png" "$dir/bench-bytes-$profile.png" "$root/DOCS/"
    done
    grep -q '^<!-- bench:begin' "$doc" && grep -q '^<!-- bench:end' "$doc" ||
        { echo "report.sh: $doc has no bench:begin/end markers" >&2; exit 1; }
    awk -v rep="$dir/report.md" '
        /^<!-- bench:begin/ { while ((getline l < rep) > 0) print l; skip = 1; next }
        /^<!-- bench:end/ { skip = 0; next }
        !skip' "$doc" > "$doc.tmp"
    mv "$doc.tmp" "$doc"
    echo "bench: wrote $doc and DOCS/bench-*.png" >&2
fi
