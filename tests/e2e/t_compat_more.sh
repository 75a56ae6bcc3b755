# The last MPlayer 1.5 options of issue 17: -ass-*-margin, mf://, and
# the small ones (-sb, -subfile, -screen ...). GPLv2 or later.

# more_rows PNG [Y0 Y1]: "W H FIRST LAST MAX": the picture's size, the
# first and last rows holding a pixel brighter than luma 110 (-1 -1 for
# none), and the brightest luma in rows Y0..Y1-1 (default: all).
more_rows() {
    python3 - "$@" <<'EOF'
import subprocess, sys
f = sys.argv[1]
wh = subprocess.run(['ffprobe', '-v', 'error', '-show_entries', 'stream=width,height',
                     '-of', 'csv=p=0', f], capture_output=True, text=True).stdout
w, h = (int(v) for v in wh.strip().split(','))
raw = subprocess.run(['ffmpeg', '-nostdin', '-loglevel', 'error', '-i', f, '-f', 'rawvideo',
                      '-pix_fmt', 'gray', '-'], capture_output=True).stdout
rows = [y for y in range(h) if max(raw[y * w:(y + 1) * w]) > 110]
y0, y1 = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (0, h)
print(w, h, rows[0] if rows else -1, rows[-1] if rows else -1, max(raw[y0 * w:y1 * w]))
EOF
}

# A grey picture (luma 80, nothing brighter than 110) and a subtitle shown
# over the whole of it.
more_grey_media() {
    ff -f lavfi -i color=c=0x505050:size=160x120:rate=10 -t 1 -c:v mpeg4 -q:v 2 grey.avi &&
        printf '1\n00:00:00,000 --> 00:00:05,000\nHello\n' > grey.srt
}

test_more_ass_margins_add_bands() {
    ff -f lavfi -i testsrc=size=160x120:rate=10 -t 1 -c:v mpeg4 -q:v 2 t.avi || return 1
    mp -nosound -vo png:outdir=plain -frames 3 t.avi
    expect_rc 0 || return 1
    mp -nosound -vo png:outdir=band -frames 3 -vf ass -ass-top-margin 20 \
        -ass-bottom-margin 30 t.avi
    expect_rc 0 || return 1
    local s
    s=$(more_rows band/00000003.png) || return 1
    [ "${s% * * *}" = "160 170" ] || fail "banded frame: $s, expected 160x170" || return 1
    # The picture, moved down by the top band, is the plain frame.
    local p
    p=$(ffmpeg -nostdin -hide_banner -i plain/00000003.png -i band/00000003.png -lavfi \
        "[1]crop=160:120:0:20[b];[0][b]psnr" -f null - 2>&1 |
        sed -n 's/.*average:\([^ ]*\).*/\1/p' | tail -n 1)
    [ "$p" = inf ] || fail "picture in the bands differs: PSNR $p" || return 1
    # The bands are black (luma 0 after the RGB conversion of the PNG).
    set -- $(more_rows band/00000003.png 0 20) || return 1
    [ "$5" -le 16 ] || fail "top band not black: max luma $5" || return 1
    set -- $(more_rows band/00000003.png 140 170) || return 1
    [ "$5" -le 16 ] || fail "bottom band not black: max luma $5" || return 1
    # Without -vf ass (MPlayer's rule) the frames keep their size.
    mp -nosound -vo png:outdir=noass -frames 1 -ass-top-margin 20 t.avi
    expect_rc 0 || return 1
    s=$(more_rows noass/00000001.png) || return 1
    [ "${s% * * *}" = "160 120" ] || fail "without -vf ass: $s" || return 1
}

test_more_ass_use_margins_moves_text_into_the_band() {
    needs_feature libass || return 77
    more_grey_media || return 1
    mp -nosound -vo png:outdir=in -frames 5 -vf ass -sub grey.srt -ass-top-margin 20 \
        -ass-bottom-margin 30 grey.avi
    expect_rc 0 || return 1
    mp -nosound -vo png:outdir=use -frames 5 -vf ass -sub grey.srt -ass-top-margin 20 \
        -ass-bottom-margin 30 -ass-use-margins grey.avi
    expect_rc 0 || return 1
    local a b
    a=$(more_rows in/00000005.png) && b=$(more_rows use/00000005.png) || return 1
    set -- $a
    # Text on the picture: rows 20..139.
    [ "$3" -ge 20 ] && [ "$4" -le 139 ] && [ "$4" -ge 100 ] ||
        fail "text not at the picture's bottom: $a" || return 1
    set -- $b
    [ "$3" -ge 140 ] && [ "$4" -le 169 ] || fail "text not in the lower band: $b" || return 1
}

# Ten numbered PNG pictures of testsrc (each frame differs).
more_pictures() {
    mkdir -p pics &&
        ff -f lavfi -i testsrc=size=64x48:rate=5 -frames:v 10 pics/p%02d.png
}

test_more_mf_plays_pictures_at_fps() {
    more_pictures || return 1
    mp -identify -frames 0 -vo null -ao null -mf fps=5 'mf://pics/*.png'
    expect_rc 0 || return 1
    grep -qx 'ID_VIDEO_FPS=5.000' "$OUT" || fail "fps: $(grep ID_VIDEO_FPS "$OUT")" || return 1
    grep -qx 'ID_LENGTH=2.00' "$OUT" || fail "length: $(grep ID_LENGTH "$OUT")" || return 1
    grep -qx 'ID_VIDEO_WIDTH=64' "$OUT" || fail "no 64 px video: $(cat "$OUT")" || return 1
    mp -vo png:outdir=out -nosound -mf type=png:fps=10:w=32:h=24 'mf://pics/*.png'
    expect_rc 0 || return 1
    local n
    n=$(ls out | wc -l)
    [ "$n" = 10 ] || fail "$n frames shown, expected 10" || return 1
    # Every frame is its picture, in the pattern's sorted order.
    local i p
    for i in 01 04 10; do
        p=$(psnr "out/000000$i.png" "pics/p$i.png")
        [ "$p" = inf ] || fail "frame $i differs from p$i.png: PSNR $p" || return 1
    done
}

test_more_mf_lists_and_list_files() {
    more_pictures || return 1
    printf 'pics/p07.png\npics/p02.png\n' > list.txt
    mp -vo png:outdir=a -nosound 'mf://@list.txt'
    expect_rc 0 || return 1
    mp -vo png:outdir=b -nosound 'mf://pics/p09.png,pics/p03.png,pics/p05.png'
    expect_rc 0 || return 1
    [ "$(ls a | wc -l)" = 2 ] && [ "$(ls b | wc -l)" = 3 ] ||
        fail "frames: $(ls a | wc -l) and $(ls b | wc -l), expected 2 and 3" || return 1
    [ "$(psnr a/00000001.png pics/p07.png)" = inf ] &&
        [ "$(psnr b/00000003.png pics/p05.png)" = inf ] || fail "frames out of order" || return 1
}

test_more_mf_errors_and_on() {
    more_pictures || return 1
    mp -vo null -nosound 'mf://nothing/*.png'
    [ "$RC" != 0 ] || fail "no pictures played with status 0" || return 1
    expect_err "mf: no files match 'nothing/*.png'" || return 1
    mp -vo null -nosound -mf type=tga 'mf://pics/*.png'
    expect_err "-mf type=tga: libavformat cannot read a series" || return 1
    mp -vo null -nosound -mf fps=0 'mf://pics/*.png'
    expect_rc 1 || return 1
    mp -vo null -nosound -mf bogus=1 'mf://pics/*.png'
    expect_rc 1 || return 1
    mp -vo null -nosound -frames 2 -mf on 'mf://pics/*.png'
    expect_rc 0 || return 1
    expect_err "-mf on has been removed, use mf:// instead." || return 1
}

# -edl-backward-delay: from 9 s, 3 s back lands at 6 s, inside the block
# 5..8: the player goes to 5 s minus the delay (MPlayer 1.5: 3.4 s when
# asked 0.4 s after the seek with the default 2).
test_more_edl_backward_delay() {
    ff -f lavfi -i testsrc=size=160x120:rate=10 -t 12 -c:v mpeg4 -g 10 e.avi || return 1
    echo "5 8 0" > e.edl
    local d pos
    for d in 2 1 0.5; do
        slave "seek -3 0" "get_time_pos" "quit" -- -ss 9 -edl e.edl \
            -edl-backward-delay "$d" e.avi
        expect_rc 0 || return 1
        pos=$(ans_all TIME_POSITION | head -n 1)
        # 0.3 s of playing after the seek, with slack for a busy machine.
        awk -v p="$pos" -v d="$d" 'BEGIN { exit !(p != "" && p >= 5 - d && p < 6.2 - d) }' ||
            fail "delay $d: at '$pos' after the seek, expected 5 - $d + ~0.3" || return 1
    done
    # A seek back that lands outside every block is left alone.
    slave "seek -1 0" "get_time_pos" "quit" -- -ss 11 -edl e.edl e.avi
    pos=$(ans_all TIME_POSITION | head -n 1)
    awk -v p="$pos" 'BEGIN { exit !(p != "" && p >= 10 && p < 11.2) }' ||
        fail "seek to 10 s moved to '$pos'" || return 1
}

# -sb: an MPEG-PS file read from byte 150000 of 293 KB starts about 5.8 s
# in (MPlayer 1.5: its first status line says 5.8 too).
test_more_sb_starts_at_a_byte() {
    ff -f lavfi -i testsrc=size=160x120:rate=25 -t 10 -c:v mpeg2video -g 12 m.mpg || return 1
    local size first
    size=$(stat -c %s m.mpg)
    mp -vo null -nosound -frames 3 -sb $((size / 2)) m.mpg
    expect_rc 0 || return 1
    first=$(tr '\r' '\n' <"$OUT" | sed -n 's/^V: *\([0-9.]*\) .*/\1/p' | head -n 1)
    awk -v t="$first" 'BEGIN { exit !(t != "" && t >= 3.5 && t <= 6.5) }' ||
        fail "from byte $((size / 2)) of $size the first frame is at '$first' s" || return 1
    mp -vo null -nosound -frames 3 m.mpg
    first=$(tr '\r' '\n' <"$OUT" | sed -n 's/^V: *\([0-9.]*\) .*/\1/p' | head -n 1)
    awk -v t="$first" 'BEGIN { exit !(t != "" && t < 1.5) }' ||
        fail "without -sb the first frame is at '$first' s" || return 1
    # MP4 cannot seek by bytes in libavformat: said, and played from 0.
    mp -vo null -ao null -frames 2 -sb 5000 "$MEDIA/av.mp4"
    expect_rc 0 || return 1
    expect_err "-sb 5000: cannot seek by bytes in" || return 1
}

# -screen / -xineramascreen pick SDL's display; Xvfb has one (display 0),
# so -screen 0 opens there in silence and a display that is not there is
# named in a warning while the window opens anyway.
test_more_screen_picks_the_display() {
    needs_feature sdl2 || return 77
    sdl_x_start || { [ -n "${SDL_SKIPPED:-}" ] && return 0; return 1; }
    mp -vo sdl -ao null -frames 5 -screen 0 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    ! grep -q -- "-screen" "$ERR" || fail "-screen 0 warned: $(grep -- -screen "$ERR")" ||
        return 1
    grep -q '^VO: \[sdl\]' "$OUT" || fail "no sdl output: $(head -c 400 "$OUT")" || return 1
    mp -vo sdl -ao null -frames 5 -xineramascreen 3 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_err "-screen 3: there are 1 screens (0..0); the window goes where SDL puts it." ||
        return 1
    grep -q '^VO: \[sdl\]' "$OUT" || fail "no window with -screen 3" || return 1
    mp -vo null -ao null -frames 1 -screen 65 "$MEDIA/v.avi"
    expect_rc 1
}

# -noextbased: a headerless mu-law file is found by its ".ul" extension
# only; without the name's help it is not a media file.
test_more_extbased_and_noextbased() {
    ff -f lavfi -i sine=duration=1 -f mulaw -ar 8000 t.ul || return 1
    mp -identify -vo null -ao null t.ul
    expect_rc 0 || return 1
    grep -qx 'ID_AUDIO_FORMAT=7' "$OUT" || fail "not mu-law: $(grep ID_AUDIO "$OUT")" || return 1
    mp -identify -vo null -ao null -noextbased -extbased t.ul
    grep -qx 'ID_AUDIO_FORMAT=7' "$OUT" || fail "-extbased after -noextbased" || return 1
    mp -vo null -ao null -noextbased t.ul
    [ "$RC" != 0 ] || fail "-noextbased played the headerless file" || return 1
    expect_err "not a media file" || return 1
    # Files with a header are found by content either way.
    mp -vo null -ao null -frames 2 -noextbased "$MEDIA/av.mkv"
    expect_rc 0
}

test_more_ignored_rows_warn_and_use_stdin_fails() {
    mp -pausing 1 -key-fifo-size 10 -subfile x.srt -mouse-movements -autoq 6 \
        -noallow-dangerous-playlist-parsing -lavfstreamopts foo=1 -vo null -ao null -frames 2 \
        "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    local o n
    for o in pausing key-fifo-size subfile mouse-movements autoq \
        noallow-dangerous-playlist-parsing lavfstreamopts; do
        n=$(grep -c "^Option -$o is accepted but has no effect here" "$ERR")
        [ "$n" = 1 ] || fail "-$o: $n warnings, expected 1" || return 1
    done
    mp -use-stdin -vo null -ao null "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "-use-stdin has been renamed to -noconsolecontrols, use that instead."
}

# more_udp_pair PORT SLAVE_ARGS -- MASTER_ARGS: a -udp-slave in the
# background on e.avi, then a -udp-master; the slave's output in $OUT
# (status lines one a line), its status in RC, the wall seconds from the
# master's start to the slave's exit in UDP_SECS.
more_udp_pair() {
    local port=$1
    shift
    local sargs=()
    while [ "$1" != "--" ]; do
        sargs+=("$1")
        shift
    done
    shift
    timeout -k 5 40 "$MPLAYER" -udp-slave -udp-port "$port" -vo null -nosound "${sargs[@]}" \
        e.avi >slave.out 2>slave.err </dev/null &
    local pid=$! t0 t1
    # The master's first words must find the slave listening: its port
    # bound (/proc/net/udp, in hex).
    wait_until -p "$pid" "the slave's UDP port" \
        grep -qi ":$(printf %04X "$port") " /proc/net/udp || { wait "$pid"; RC=98; return; }
    t0=$(date +%s.%N)
    timeout -k 5 40 "$MPLAYER" -udp-master -udp-port "$port" -vo null -nosound "$@" e.avi \
        >master.out 2>master.err </dev/null
    wait "$pid"
    RC=$?
    t1=$(date +%s.%N)
    UDP_SECS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    tr '\r' '\n' <slave.out >"$T/last.out"
    OUT=$T/last.out
    ERR=slave.err
    if grep -qE 'Sanitizer|runtime error:' slave.err master.err; then
        RC=99
    fi
}

# The slave seeks to where the master starts, shows what the master
# shows, and quits with it; at -speed 2 the master's pace is the slave's.
test_more_udp_slave_follows_master() {
    ff -f lavfi -i testsrc=size=160x120:rate=10 -t 12 -c:v mpeg4 -g 10 e.avi || return 1
    local port=$((20000 + RANDOM % 20000)) first last n
    more_udp_pair "$port" -- -ss 5 -endpos 3
    expect_rc 0 || return 1
    expect_out "Exiting... (Quit)" || return 1
    first=$(sed -n 's/^V: *\([0-9.]*\) .*/\1/p' "$OUT" | head -n 1)
    last=$(sed -n 's/^V: *\([0-9.]*\) .*/\1/p' "$OUT" | tail -n 1)
    n=$(grep -c '^V:' "$OUT")
    awk -v f="$first" -v l="$last" -v n="$n" \
        'BEGIN { exit !(f >= 4.9 && f <= 5.3 && l >= 7.6 && l <= 8.0 && n <= 32) }' ||
        fail "slave showed $n frames from $first to $last s; master: 5.0 to 7.9" || return 1
    # 3 s of video at twice the speed: the slave is done in about 1.5 s.
    more_udp_pair "$port" -- -ss 5 -endpos 3 -speed 2
    expect_rc 0 || return 1
    last=$(sed -n 's/^V: *\([0-9.]*\) .*/\1/p' "$OUT" | tail -n 1)
    awk -v s="$UDP_SECS" -v l="$last" 'BEGIN { exit !(s < 2.6 && l >= 7.6) }' ||
        fail "-speed 2 master: slave at $last s after $UDP_SECS s (expected ~1.5 s)" ||
        return 1
}

# Ahead of a master that stops sending, the slave waits (no frames);
# a bad -udp-ip is an error of the master.
test_more_udp_slave_waits_and_errors() {
    ff -f lavfi -i testsrc=size=160x120:rate=10 -t 12 -c:v mpeg4 -g 10 e.avi || return 1
    local port=$((20000 + RANDOM % 20000))
    # Nobody sends: the slave, waiting for a master, shows at most the
    # frame it started with in 2 s (its own timing would show 20).
    timeout -k 5 40 "$MPLAYER" -udp-slave -udp-port "$port" -vo null -nosound e.avi \
        >alone.out 2>alone.err </dev/null &
    local pid=$!
    # The point: 2 s of waiting, in which it would show 20 frames.
    sleep 2
    kill -0 "$pid" 2>/dev/null || fail "the slave did not wait: $(tail -c 300 alone.err)" ||
        return 1
    kill "$pid"
    wait "$pid"
    local n
    n=$(tr '\r' '\n' <alone.out | grep -c '^V:')
    [ "$n" -le 1 ] || fail "slave without master showed $n frames" || return 1
    mp -udp-master -udp-ip 300.1.2.3 -vo null -nosound -frames 2 e.avi
    [ "$RC" != 0 ] || fail "-udp-ip 300.1.2.3 accepted" || return 1
    expect_err "-udp-ip 300.1.2.3: not an IPv4 address"
}

# -ignore-start: an AVI whose audio header declares a start 1 s late
# (dwStart, patched in). libavformat honours it, as MPlayer does: 0.4 s
# into the video the status line says A-V 0.6 (MPlayer 1.5: 0.601); with
# -ignore-start both streams start together: A-V 0.000 (MPlayer: 0.000).
test_more_ignore_start() {
    ff -f lavfi -i testsrc=size=160x120:rate=10 -f lavfi -i sine=sample_rate=8000 -t 4 \
        -c:v mpeg4 -c:a pcm_s16le avs.avi || return 1
    python3 - <<'PY' || return 1
import struct
d = bytearray(open('avs.avi', 'rb').read())
i = d.find(b'strh', d.find(b'auds') - 12)
scale, rate = struct.unpack_from('<II', d, i + 28)
struct.pack_into('<I', d, i + 36, rate // scale)
open('avs.avi', 'wb').write(d)
PY
    local av
    mp -vo null -ao null -endpos 2.5 avs.avi
    expect_rc 0 || return 1
    av=$(tr '\r' '\n' <"$OUT" | sed -n 's/^A: .* V: *0\.4 A-V: *\([-0-9.]*\) .*/\1/p' | head -n 1)
    awk -v a="$av" 'BEGIN { exit !(a != "" && a > 0.4 && a < 0.8) }' ||
        fail "without -ignore-start: A-V '$av' at V 0.4, expected 0.6" || return 1
    mp -vo null -ao null -endpos 2.5 -ignore-start avs.avi
    expect_rc 0 || return 1
    av=$(tr '\r' '\n' <"$OUT" | sed -n 's/^A: .* V: *0\.4 A-V: *\([-0-9.]*\) .*/\1/p' | head -n 1)
    awk -v a="$av" 'BEGIN { exit !(a != "" && a > -0.1 && a < 0.1) }' ||
        fail "with -ignore-start: A-V '$av' at V 0.4, expected 0" || return 1
}
