#!/bin/bash
# bench.sh: the benchmark of this branch's reading modes (and of the other
# players found installed) on the slow-storage model, every run cold.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   TOOLS/bench.sh [quick|full] [-n RUNS] [-p "PROFILES"] [-f "FILES"] [-k "MODES"]
#                  [-d SECS] [-b RATE] [-s WxH] [-K SKEW] [-t SPAN] [-o DIR] [-m MPLAYER] [-w]
#
#   quick  (`make bench`, about 12 minutes) 20 s files at 1 Mbit/s, profile
#          net (every jump costs a round trip), 1 run, real time (3 s) on
#          the skewed and non-interleaved files only
#   full   (`make bench-full`) 90 s files at 4 Mbit/s, profiles hdd,
#          slow-net and net, 3 runs, real time (10 s) on every file
#   smoke  4 s files, profile fast, 1 run: checks the runner itself (~1 min)
#   -n, -p override the runs and profiles; -f and -k keep only these files
#   (e.g. "skew.mp4 noninter.mp4") and modes (keys: old ring plan ...), to
#   measure a few cells again after a change; -d, -b, -s, -K and -t set the
#   media's duration, video bitrate, frame size and skew, and the real-time
#   span, instead of the kind's; -o DIR (build/bench) receives the
#   media, raw.tsv (one line per run), report.md and the plots; -w also puts
#   the report into DOCS/benchmarks.md (between its bench:begin/end markers)
#   and the plots into DOCS/.
#
# One slowfs mount serves all runs (one measurement at a time, never two).
# Before each run the file is dropped from the mount's page cache (checked
# with mincore) and the counters are zeroed. See DOCS/benchmarks.md.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=TOOLS/bench/lib.sh
. "$root/TOOLS/bench/lib.sh"

die() {
    echo "bench.sh: $*" >&2
    exit 1
}

kind=quick
case ${1:-} in
quick | full | smoke) kind=$1; shift ;;
esac
if [ "$kind" = smoke ]; then
    dur=4 vbr=1M skew=2 runs=1 profiles=fast span=1 rt_files="skew"
elif [ "$kind" = quick ]; then
    dur=20 vbr=1M skew=12 runs=1 profiles=net span=3 rt_files="skew skewb noninter"
else
    dur=90 vbr=4M skew=25 runs=3 profiles="hdd slow-net net" span=10
    rt_files="good skew skewb noninter multi"
fi
out=$root/build/bench
mplayer=$root/mplayer
write_docs=
only_files=
only_modes=
size=640x360
while getopts n:p:f:k:d:b:s:K:t:o:m:w o; do
    case $o in
    n) runs=$OPTARG ;;
    p) profiles=$OPTARG ;;
    f) only_files=$OPTARG ;;
    k) only_modes=$OPTARG ;;
    d) dur=$OPTARG ;;
    b) vbr=$OPTARG ;;
    s) size=$OPTARG ;;
    K) skew=$OPTARG ;;
    t) span=$OPTARG ;;
    o) out=$OPTARG ;;
    m) mplayer=$OPTARG ;;
    w) write_docs=1 ;;
    *) die "usage: TOOLS/bench.sh [quick|full] [-n RUNS] [-p PROFILES] [-f FILES] [-k MODES]" \
        "[-d SECS] [-b RATE] [-s WxH] [-K SKEW] [-t SPAN] [-o DIR] [-m MPLAYER] [-w]" ;;
    esac
done
[ -x "$mplayer" ] || die "$mplayer: no player (run make)"
[ -x /usr/bin/time ] || die "/usr/bin/time missing (apt-get install time)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
PAGECACHE=$root/build/TOOLS/pagecache
[ -x "$PAGECACHE" ] || make -C "$root" -s build/TOOLS/pagecache >/dev/null ||
    die "cannot build pagecache"

# Private copies: a `make` in the tree during the hours of a full run must
# neither break a run nor change the player half-way.
mkdir -p "$out/bin"
cp "$mplayer" "$out/bin/mplayer.tmp" && mv "$out/bin/mplayer.tmp" "$out/bin/mplayer"
cp "$PAGECACHE" "$out/bin/pagecache.tmp" && mv "$out/bin/pagecache.tmp" "$out/bin/pagecache"
mplayer=$out/bin/mplayer
PAGECACHE=$out/bin/pagecache

# listed LIST WORD: WORD is in the space-separated LIST, or LIST is empty.
listed() {
    [ -z "$1" ] && return 0
    case " $1 " in *" $2 "*) return 0 ;; esac
    return 1
}

# ---- media ----
media=$out/media-h264-d$dur-b$vbr-s$size-k$skew
mkdir -p "$media"
# skew: the audio stored ahead of its video in the file; skewb: behind it.
kinds="good skew skewb noninter multi"
files=
for k in $kinds; do
    for c in mp4 mkv avi; do
        f=$k.$c
        listed "$only_files" "$f" || continue
        files="$files $f"
        [ -s "$media/$f" ] && [ -s "$media/$f.packets" ] && continue
        echo "bench: making $f" >&2
        opts="-d $dur -b $vbr -s $size -c h264"
        layout=$k
        [ "$k" = skew ] && opts="$opts -k $skew"
        [ "$k" = skewb ] && opts="$opts -k -$skew" layout=skew
        # shellcheck disable=SC2086
        sh "$root/TOOLS/mkmedia.sh" -q $opts "$layout" "$media/$f"
        sh "$root/TOOLS/mkmedia.sh" packets "$media/$f" > "$media/$f.packets.tmp"
        mv "$media/$f.packets.tmp" "$media/$f.packets"
        sh "$root/TOOLS/mkmedia.sh" info "$media/$f" > "$media/$f.info"
    done
done

# ---- the decoding alone ----
# Each file played twice by this player with the file in the page cache
# (no device): the faster wall time is what decoding costs on this machine,
# for the play bound of the report (bench_play_bound in TOOLS/bench/lib.sh).
: > "$out/warm.tsv.tmp"
for f in $files; do
    best=
    for r in 1 2; do
        cat "$media/$f" > /dev/null
        /usr/bin/time -f '%e' -o "$out/warm.time" "$mplayer" -really-quiet -benchmark \
            -vo null -ao null "$media/$f" </dev/null >/dev/null 2>&1 ||
            die "$f: the player failed on the cached file"
        w=$(tail -1 "$out/warm.time")
        best=$(awk -v a="$best" -v b="$w" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
    done
    printf '%s\t%s\n' "$f" "$best" >> "$out/warm.tsv.tmp"
done
mv "$out/warm.tsv.tmp" "$out/warm.tsv"
rm -f "$out/warm.time"

# ---- modes: key|label|player arguments (ffmpeg: the CLI) ----
modes=(
    "default|no cache options (plans)|"
    "old|old: 4 KB reads, no cache|-nocache -stream-buffer-size 4096"
    "ring|ring cache 8 MB (MPlayer -cache)|-cache 8192 -cache-mode ring"
    "buf64|64 KB reads|-nocache -stream-buffer-size 65536"
    "ra|readahead window 8 MB|-nocache -readahead-distance 8M"
    "plan|plan cache 8 MB|-cache 8192 -cache-mode plan"
    "drop|drop-behind|-nocache -cache-drop-behind"
    "all|all new together|-stream-buffer-size 65536 -readahead-distance 8M -cache 8192 -cache-mode plan -cache-drop-behind"
)
others=
if command -v ffmpeg >/dev/null; then
    modes+=("ffmpeg|ffmpeg $(ffmpeg -version | awk 'NR == 1 { print $3 }') -f null|")
    others="$others ffmpeg"
fi
for p in mpv mplayer; do
    # mplayer here means a system MPlayer, not this tree's ./mplayer.
    q=$(command -v "$p" || true)
    if [ -n "$q" ] && [ "$q" != "$mplayer" ]; then
        modes+=("$p|$p|")
        others="$others $p"
    fi
done
# MPlayer's own -cache, the old cache as its users know it.
case " $others " in
*" mplayer "*) modes+=("mplayer-cache|mplayer -cache 8192|-cache 8192") ;;
esac
# Tuning pass on the MP4 files: -cache-secs (plan = 10 s above) and
# -cache-plan-gap (plan = 4096 above) of plan mode, -readahead-distance
# (ra = 8 MB above) and -stream-buffer-size (4 KB and 64 KB above).
tune_modes=(
    "plan-s2|plan, -cache-secs 2|-cache 8192 -cache-mode plan -cache-secs 2"
    "plan-s5|plan, -cache-secs 5|-cache 8192 -cache-mode plan -cache-secs 5"
    "plan-s30|plan, -cache-secs 30|-cache 8192 -cache-mode plan -cache-secs 30"
    "plan-g0|plan, -cache-plan-gap 0|-cache 8192 -cache-mode plan -cache-plan-gap 0"
    "plan-g64k|plan, -cache-plan-gap 64k|-cache 8192 -cache-mode plan -cache-plan-gap 64k"
    "plan-g1M|plan, -cache-plan-gap 1M|-cache 8192 -cache-mode plan -cache-plan-gap 1M"
    "tune-ra2M|readahead window 2 MB|-nocache -readahead-distance 2M"
    "tune-ra32M|readahead window 32 MB|-nocache -readahead-distance 32M"
    "tune-buf16k|16 KB reads|-nocache -stream-buffer-size 16384"
    "tune-buf256k|256 KB reads|-nocache -stream-buffer-size 262144"
)

# -k: only the modes asked for.
keep=()
for e in "${modes[@]}"; do listed "$only_modes" "${e%%|*}" && keep+=("$e"); done
modes=("${keep[@]}")
keep=()
for e in "${tune_modes[@]}"; do listed "$only_modes" "${e%%|*}" && keep+=("$e"); done
tune_modes=("${keep[@]}")
[ ${#modes[@]} -gt 0 ] || [ ${#tune_modes[@]} -gt 0 ] || die "-k $only_modes: no such mode"
[ -n "$files" ] || die "-f $only_files: no such file"
tune_files=
for f in skew.mp4 noninter.mp4 multi.mp4; do
    listed "$only_files" "$f" && tune_files="$tune_files $f"
done

# ---- one run ----
mnt=$(mktemp -d "${TMPDIR:-/tmp}/bench-mnt.XXXXXX")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-run.XXXXXX")
cleanup() {
    sh "$root/TOOLS/slowfs.sh" umount "$mnt" 2>/dev/null || true
    rmdir "$mnt" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run_one PROFILE WORKLOAD FILE MODE-ENTRY RUN: one line of raw.tsv.
run_one() {
    local profile=$1 wl=$2 f=$3 entry=$4 r=$5
    local key=${entry%%|*} args=${entry##*|}
    local path=$mnt/$f cmd
    case $key in
    ffmpeg)
        cmd=(ffmpeg -nostdin -hide_banner -loglevel error)
        [ "$wl" = rt ] && cmd+=(-re)
        cmd+=(-i "$path")
        [ "$wl" = rt ] && cmd+=(-t "$span")
        cmd+=(-map 0:v:0 -map 0:a:0 -f null -)
        ;;
    mpv)
        cmd=(mpv --no-config --vo=null --ao=null --vid=1 --aid=1)
        # --untimed frees only the video; ao null plays in real time
        # unless told otherwise.
        [ "$wl" = bench ] && cmd+=(--untimed --ao-null-untimed) || cmd+=(--length="$span")
        cmd+=("$path")
        ;;
    mplayer | mplayer-cache)
        # shellcheck disable=SC2206
        cmd=(mplayer -vo null -aid 0 -quiet $args)
        # MPlayer's ao null plays in real time even with -benchmark.
        [ "$wl" = bench ] && cmd+=(-benchmark -ao pcm:fast:file=/dev/null) ||
            cmd+=(-ao null -endpos "$span")
        cmd+=("$path")
        ;;
    *)
        # shellcheck disable=SC2206
        cmd=("$mplayer" -msglevel statusline=0:cplayer=6 -stream-stats -vo null -ao null $args)
        [ "$wl" = bench ] && cmd+=(-benchmark) || cmd+=(-endpos "$span")
        cmd+=("$path")
        ;;
    esac
    "$PAGECACHE" --cold "$path" >/dev/null || die "$path: cannot make it cold"
    sh "$root/TOOLS/slowfs.sh" reset "$mnt"
    local pc0 pc1 rc=0
    pc0=$("$PAGECACHE" "$path" | awk '{ print $2 }')
    /usr/bin/time -f 'time %e %U %S %M' -o "$tmp/time" "${cmd[@]}" \
        </dev/null >"$tmp/out" 2>&1 || rc=$?
    pc1=$("$PAGECACHE" "$path" | awk '{ print $2 }')
    cat "$mnt/.slowfs/stats" > "$tmp/stats"
    # The player's own report: late frames, first frame, reader waits
    # (ring: reads of the demuxer that waited for the fill thread; else
    # reads that blocked on the device).
    tr '\r' '\n' < "$tmp/out" | awk -v key="$key" -v rc="$rc" '
        /^time / { wall = $2; user = $3; sys = $4; rss = $5 }
        /^Video: .* late; first frame after/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "late;") late = $(i - 1)
                if ($i == "after") ff = $(i + 1)
                if ($i == "stalls") { stalls = $(i - 1); ss = $(i + 1); gsub(/[()]/, "", ss) }
            }
        }
        /^Cache \((ring|plan)\):.*first frame after/ { if (ff == "") ff = $(NF - 1) }
        /^Stream .* reads blocked/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "blocked,") blocked = $(i - 2)
                if ($i == "waiting") bwait = $(i - 2)
            }
        }
        /^Cache: .* stalls/ {
            for (i = 1; i <= NF; i++) if ($i == "stalls") { cst = $(i - 1); cw = $(i + 1) }
            gsub(/[()]/, "", cw)
        }
        FILENAME ~ /stats$/ { s[$1] = $2 }
        END {
            if (cst != "") { waits = cst; wsec = cw } else { waits = blocked; wsec = bwait }
            printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
                wall, user, sys, rss, s["bytes"], s["requests"], s["seeks"],
                late == "" ? "-" : late, ff == "" ? "-" : ff,
                waits == "" ? "-" : waits, wsec == "" ? "-" : wsec, rc,
                ss == "" ? "-" : ss
        }' "$tmp/time" - "$tmp/stats" > "$tmp/fig"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t' "$profile" "$wl" "$f" "$key" "$r" "$pc0" "$pc1"
    cat "$tmp/fig"
    if [ "$rc" -ne 0 ]; then
        echo "bench: $key on $f exited $rc:" >&2
        tail -3 "$tmp/out" >&2
    fi
}

# ---- the matrix ----
raw=$out/raw.tsv
first=${profiles%% *}
sh "$root/TOOLS/slowfs.sh" mount --profile="$first" "$media" "$mnt" ||
    die "cannot mount slowfs (TOOLS/install-deps.sh; /dev/fuse)"
nrt=0
for f in $files; do
    case " $rt_files " in *" ${f%.*} "*) nrt=$((nrt + 1)) ;; esac
done
nfiles=$(echo $files | wc -w)
ntune=$(echo $tune_files | wc -w)
total=$(( $(echo $profiles | wc -w) * runs *
    ((nfiles + nrt) * ${#modes[@]} + ntune * ${#tune_modes[@]}) ))
echo "bench: $kind, $total runs, profiles: $profiles, results in $out" >&2
{
    printf 'profile\tworkload\tfile\tmode\trun\tpc_before\tpc_after\twall\tuser\tsys\trss_kb'
    printf '\tbytes\trequests\tseeks\tlate\tfirst_frame\twaits\twait_s\trc\tstall_s\n'
} > "$raw.tmp"
{
    echo "kind $kind"
    echo "date $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "dur $dur"; echo "vbr $vbr"; echo "size $size"; echo "skew $skew"; echo "runs $runs"
    echo "span $span"
    echo "profiles $profiles"
    echo "others ${others# }"
    echo "nproc $(nproc)"
    echo "mem $(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "kernel $(uname -r)"
    echo "ffmpeg $(ffmpeg -version 2>/dev/null | awk 'NR == 1 { print $3 }')"
    echo "libavformat $(pkg-config --modversion libavformat 2>/dev/null || echo '?')"
    echo "player $("$mplayer" 2>&1 | awk 'NR == 1 { print $2 }' || true)"
} > "$out/meta.txt"
n=0
for profile in $profiles; do
    sh "$root/TOOLS/slowfs.sh" ctl "$mnt" profile "$profile"
    awk '$1 == "bw" || $1 == "seek_ms" || $1 == "lat_ms" || $1 == "lat_mode" { print $1, $2 }' \
        "$mnt/.slowfs/stats" > "$out/model-$profile.txt"
    for wl in bench rt; do
        for f in $files; do
            if [ "$wl" = rt ]; then
                case " $rt_files " in *" ${f%.*} "*) ;; *) continue ;; esac
            fi
            for entry in "${modes[@]}"; do
                for r in $(seq "$runs"); do
                    n=$((n + 1))
                    printf 'bench: %d/%d %s %s %s %s\n' "$n" "$total" "$profile" "$wl" "$f" \
                        "${entry%%|*}" >&2
                    run_one "$profile" "$wl" "$f" "$entry" "$r" >> "$raw.tmp"
                done
            done
        done
    done
    for f in $tune_files; do
        for entry in "${tune_modes[@]}"; do
            for r in $(seq "$runs"); do
                n=$((n + 1))
                printf 'bench: %d/%d %s tune %s %s\n' "$n" "$total" "$profile" "$f" \
                    "${entry%%|*}" >&2
                run_one "$profile" bench "$f" "$entry" "$r" >> "$raw.tmp"
            done
        done
    done
done
mv "$raw.tmp" "$raw"
printf '%s\n' "${modes[@]}" "${tune_modes[@]}" | cut -d'|' -f1,2 > "$out/modes.txt"
printf '%s\n' "${modes[@]}" "${tune_modes[@]}" | awk -F'|' '{ print $1 "\t" $3 }' \
    > "$out/mode-args.txt"
sh "$root/TOOLS/slowfs.sh" umount "$mnt"

sh "$root/TOOLS/bench/report.sh" "$out" "$media" ${write_docs:+-w}
