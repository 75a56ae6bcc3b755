# Bitmap subtitles (DVD/VobSub pictures) drawn onto the frames the outputs
# get: when they are due, where the track places them, scaled from the
# track's frame size. Media: TOOLS/mkvobsub.py writes a VobSub pair of solid
# rectangles (ffmpeg cannot make DVD subtitles from text) that ffmpeg copies
# into Matroska and MPEG-PS. GPLv2 or later.
# e2e-needs: libass

BM_TOOLS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../TOOLS" && pwd)

# bm_vobsub NAME SIZE EVENT...: NAME.idx + NAME.sub (see TOOLS/mkvobsub.py).
bm_vobsub() {
    python3 "$BM_TOOLS/mkvobsub.py" "$@" || fail "mkvobsub.py $* failed"
}

# bm_video OUT SUBS [FFMPEG ARGS]: 3 s of 320x240 video at 25 fps, black
# (BM_BG another colour), with the subtitle stream of SUBS (an .idx) copied in.
bm_video() {
    local out=$1 subs=$2
    shift 2
    ff -f lavfi -i "color=${BM_BG:-black}:s=320x240:r=25:d=3" -i "$subs" -map 0 -map 1 "$@" \
        -c:s copy "$out" || fail "ffmpeg could not make $out"
}

# bm_frames DIR ARGS...: the first 70 frames (0 .. 2.76 s) as PNGs in DIR.
bm_frames() {
    local dir=$1
    shift
    mp -nosound -vo "png:outdir=$dir" -frames 70 "$@"
    expect_rc 0 && [ -f "$dir/00000070.png" ] || fail "no 70 frames in $dir: $(ls "$dir" | wc -l)"
}

# bm_gray PNG X Y: the grey level (0..255) of one pixel.
bm_gray() {
    ffmpeg -nostdin -loglevel error -i "$1" -vf "crop=1:1:$2:$3" -f rawvideo -pix_fmt gray - |
        od -An -tu1 | tr -d ' \n'
}

# bm_expect PNG X Y lit|dark|grey WHAT
bm_expect() {
    local v lo=0 hi=40
    v=$(bm_gray "$1" "$2" "$3")
    [ -n "$v" ] || { fail "cannot read pixel $2,$3 of $1"; return 1; }
    case $4 in
    lit) lo=200 hi=255 ;;
    grey) lo=100 hi=160 ;;
    esac
    [ "$v" -ge $lo ] && [ "$v" -le $hi ] ||
        fail "$5: pixel $2,$3 of $(basename "$1") is $v, not $4 ($lo..$hi)"
}

# Frame n (1-based) shows 0.04 * (n - 1) s after the first: 13 = 0.48 s,
# 38 = 1.48 s, 63 = 2.48 s. The rectangle is due from 1 s to 2 s at 40,160
# 200x30, in colour FG on background BG.
bm_check_timing() {
    local d=$1 what=$2 fg=${3:-lit} bg=${4:-dark}
    bm_expect "$d/00000013.png" 140 175 "$bg" "$what, before its time" &&
        bm_expect "$d/00000038.png" 140 175 "$fg" "$what, at its time" &&
        bm_expect "$d/00000038.png" 140 150 "$bg" "$what, above the rectangle" &&
        bm_expect "$d/00000038.png" 20 175 "$bg" "$what, left of the rectangle" &&
        bm_expect "$d/00000038.png" 250 175 "$bg" "$what, right of the rectangle" &&
        bm_expect "$d/00000063.png" 140 175 "$bg" "$what, after its end"
}

test_bitmap_sub_mkv_drawn_at_its_time() {
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    bm_video bm.mkv vs.idx -c:v mpeg4 || return 1
    # The track is the file's default: shown without -sid.
    bm_frames shots bm.mkv || return 1
    bm_check_timing shots "dvd_subtitle in Matroska"
}

test_bitmap_sub_mpg_sid() {
    # MPEG-PS carries no palette (a DVD's is in its IFO): libavcodec guesses
    # grey levels, black for the one opaque colour; so a grey background.
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    BM_BG=gray bm_video bm.mpg vs.idx -c:v mpeg2video -f vob || return 1
    bm_frames shots -sid 0 bm.mpg || return 1
    bm_check_timing shots "dvd_subtitle in MPEG-PS" dark grey
}

test_bitmap_sub_dvb_in_ts() {
    # Another bitmap codec and container: ffmpeg re-encodes the pictures as
    # DVB subtitles (its encoder takes bitmaps) into MPEG-TS.
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -i vs.idx -map 0 -map 1 -c:v mpeg2video \
        -c:s dvbsub bm.ts || return 1
    bm_frames shots -sid 0 bm.ts || return 1
    bm_check_timing shots "dvb_subtitle in MPEG-TS"
}

test_bitmap_sub_nosub_hides() {
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    bm_video bm.mkv vs.idx -c:v mpeg4 || return 1
    bm_frames shots -nosub bm.mkv || return 1
    bm_expect shots/00000038.png 140 175 dark "-nosub"
}

test_bitmap_sub_scaled_from_track_size() {
    # Authored for 640x480: 80,320 200x60 lands at 40,160 100x30 on 320x240.
    bm_vobsub vs 640x480 1,2,80,320,200,60,1 || return 1
    bm_video bm.mkv vs.idx -c:v mpeg4 || return 1
    bm_frames shots bm.mkv || return 1
    bm_expect shots/00000038.png 90 175 lit "scaled rectangle" &&
        bm_expect shots/00000038.png 150 175 dark "right of the scaled rectangle" &&
        bm_expect shots/00000038.png 90 155 dark "above the scaled rectangle"
}

test_bitmap_sub_next_event_replaces() {
    # Two pictures, the first without an end before the second: DVD
    # subtitles replace each other.
    bm_vobsub vs 320x240 0.2,2.6,40,40,100,20,1 1,2,40,160,200,30,1 || return 1
    bm_video bm.mkv vs.idx -c:v mpeg4 || return 1
    bm_frames shots bm.mkv || return 1
    bm_expect shots/00000013.png 60 50 lit "first picture" &&
        bm_expect shots/00000013.png 140 175 dark "second picture early" &&
        bm_expect shots/00000038.png 60 50 dark "first picture after the second began" &&
        bm_expect shots/00000038.png 140 175 lit "second picture"
}

test_vobsub_option_drawn() {
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi || return 1
    bm_frames shots -vobsub vs plain.avi || return 1
    bm_check_timing shots "-vobsub vs" || return 1
    grep -q "SUB: Added VobSub (1): vs.idx" "$OUT" ||
        fail "no 'Added VobSub' line: $(head -c 300 "$OUT")"
}

test_vobsubid_picks_stream() {
    # Stream 0 (en) at the bottom, stream 1 (de) at the top.
    bm_vobsub two 320x240 1,2,40,160,200,30,1 1,2,40,40,100,20,1,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi || return 1
    bm_frames first -vobsub two plain.avi || return 1
    bm_frames de -vobsub two -vobsubid 1 plain.avi || return 1
    bm_expect first/00000038.png 140 175 lit "-vobsub: stream 0" &&
        bm_expect first/00000038.png 60 50 dark "-vobsub: not stream 1" &&
        bm_expect de/00000038.png 60 50 lit "-vobsubid 1" &&
        bm_expect de/00000038.png 140 175 dark "-vobsubid 1: not stream 0"
}

test_vobsub_autoload_and_noautosub() {
    # clip.idx + clip.sub beside clip.avi load like MPlayer's; the .sub is
    # not taken for a MicroDVD file.
    bm_vobsub clip 320x240 1,2,40,160,200,30,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 clip.avi || return 1
    bm_frames auto clip.avi || return 1
    bm_check_timing auto "clip.idx autoloaded" || return 1
    bm_frames off -noautosub clip.avi || return 1
    bm_expect off/00000038.png 140 175 dark "-noautosub"
}

test_bitmap_sub_visibility_slave() {
    # The slave command hides it as it hides text: sub_visibility 0 before
    # the event is due.
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    bm_video bm.mkv vs.idx -c:v mpeg4 || return 1
    mkfifo cmds
    (echo "sub_visibility 0"; sleep 60) > cmds &
    local feeder=$!
    mp -slave -input file=cmds -nosound -vo png:outdir=hidden -frames 70 bm.mkv
    kill "$feeder" 2>/dev/null
    wait "$feeder" 2>/dev/null
    expect_rc 0 || return 1
    bm_expect hidden/00000038.png 140 175 dark "sub_visibility 0"
}

test_vobsub_missing_file_warns_and_plays() {
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi || return 1
    mp -nosound -vo null -frames 3 -vobsub nothere plain.avi
    expect_rc 0 || return 1
    expect_err "-vobsub nothere: cannot load nothere.idx."
}

# bm_sup OUT: a PGS stream (.sup: "PG", pts, dts, segment) of one display
# set at 1 s, a 200x30 white object at 40,160 on 320x240, cleared at 2 s.
# An empty set at 0 s: ffmpeg moves an input's first time stamp to 0.
bm_sup() {
    python3 - "$1" <<'PY'
import struct, sys

def seg(kind, data):
    return bytes([kind]) + struct.pack(">H", len(data)) + data

def pcs(number, state, objects):
    d = struct.pack(">HHBHBBBB", 320, 240, 0x10, number, state, 0, 0, len(objects))
    for x, y in objects:
        d += struct.pack(">HBBHH", 0, 0, 0, x, y)
    return seg(0x16, d)

line = b"\x00\xc0\xc8\x01\x00\x00"          # 200 x colour 1, end of line
rle = line * 30
show = [pcs(1, 0x80, [(40, 160)]),
        seg(0x17, struct.pack(">BBHHHH", 1, 0, 40, 160, 200, 30)),
        seg(0x14, bytes([0, 0, 1, 235, 128, 128, 255])),
        seg(0x15, struct.pack(">HBB", 0, 0, 0xc0) + (len(rle) + 4).to_bytes(3, "big")
            + struct.pack(">HH", 200, 30) + rle),
        seg(0x80, b"")]
def clear(number):
    return [pcs(number, 0, []), seg(0x80, b"")]

out = b""
for pts, segs in ((0, clear(0)), (90000, show), (180000, clear(2))):
    for s in segs:
        out += b"PG" + struct.pack(">II", pts, 0) + s
open(sys.argv[1], "wb").write(out)
PY
}

test_bitmap_sub_pgs_mkv() {
    bm_sup pgs.sup || { fail "cannot write pgs.sup"; return 1; }
    bm_video bm.mkv pgs.sup -c:v mpeg4 || return 1
    bm_frames shots -sid 0 bm.mkv || return 1
    bm_check_timing shots "hdmv_pgs_subtitle in Matroska"
}

# bm_two_tracks OUT: track 0 SubRip (ger, text at 1..2 s), track 1 the DVD
# rectangle (en); neither marked default.
bm_two_tracks() {
    bm_vobsub vs 320x240 1,2,40,160,200,30,1 || return 1
    printf '1\n00:00:00,500 --> 00:00:02,500\nHALLO WELT\n' > de.srt
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -i de.srt -i vs.idx -map 0 -map 1 -map 2 \
        -c:v mpeg4 -c:s:0 srt -c:s:1 copy -metadata:s:s:0 language=ger \
        -metadata:s:s:1 language=eng -disposition:s:0 0 -disposition:s:1 0 "$1" ||
        fail "ffmpeg could not make $1"
}

test_bitmap_sub_slang_and_sid_pick_it() {
    bm_two_tracks two.mkv || return 1
    bm_frames en -slang eng two.mkv || return 1
    bm_frames de -slang ger two.mkv || return 1
    bm_frames sid1 -sid 1 two.mkv || return 1
    bm_expect en/00000038.png 140 175 lit "-slang eng" &&
        bm_expect sid1/00000038.png 140 175 lit "-sid 1" &&
        bm_expect de/00000038.png 140 165 dark "-slang ger: no rectangle"
}

test_bitmap_sub_select_slave() {
    # From the text track to the bitmap one while playing.
    bm_two_tracks two.mkv || return 1
    mkfifo cmds
    (echo "sub_select 1"; sleep 60) > cmds &
    local feeder=$!
    mp -slave -input file=cmds -nosound -vo png:outdir=sel -frames 70 -sid 0 two.mkv
    kill "$feeder" 2>/dev/null
    wait "$feeder" 2>/dev/null
    expect_rc 0 || return 1
    bm_expect sel/00000038.png 140 175 lit "sub_select 1"
}

test_bitmap_sub_forcedsubsonly() {
    # A plain picture at 0.4..0.8 s (top) and a forced one at 1..2 s.
    bm_vobsub fv 320x240 0.4,0.8,40,40,100,20,1 1,2,40,160,200,30,1,0,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi || return 1
    bm_frames all -vobsub fv plain.avi || return 1
    bm_frames forced -vobsub fv -forcedsubsonly plain.avi || return 1
    bm_expect all/00000013.png 60 50 lit "plain picture without -forcedsubsonly" &&
        bm_expect forced/00000013.png 60 50 dark "plain picture with -forcedsubsonly" &&
        bm_expect forced/00000038.png 140 175 lit "forced picture with -forcedsubsonly"
}
