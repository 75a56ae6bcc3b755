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
    grep -q "SUB: Added VobSub (1 language): vs.idx" "$OUT" ||
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

# bm_two_langs: two.idx/.sub with "en" (index 0, bottom rectangle) and "de"
# (index 1, top rectangle), both from 1 s to 2 s; plain.avi to play them on.
bm_two_langs() {
    bm_vobsub two 320x240 1,2,40,160,200,30,1 1,2,40,40,100,20,1,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi ||
        fail "ffmpeg could not make plain.avi"
}

# bm_shows DIR en|de|none WHAT: which language frame 38 (1.48 s) of DIR shows.
bm_shows() {
    local top=dark bottom=dark
    case $2 in
    en) bottom=lit ;;
    de) top=lit ;;
    esac
    bm_expect "$1/00000038.png" 140 175 $bottom "$3: the en picture" &&
        bm_expect "$1/00000038.png" 60 50 $top "$3: the de picture"
}

test_vobsub_languages_identify() {
    # Every language of the .idx, in its order, as MPlayer 1.5 prints them.
    bm_two_langs || return 1
    mp -identify -nosound -vo null -frames 1 -vobsub two plain.avi
    expect_rc 0 || return 1
    local got
    got=$(grep -E '^ID_(VOBSUB_ID|VSID_)' "$OUT" | tr '\n' ' ')
    [ "$got" = "ID_VOBSUB_ID=0 ID_VSID_0_LANG=en ID_VOBSUB_ID=1 ID_VSID_1_LANG=de " ] ||
        fail "VobSub identify lines: '$got'" || return 1
    expect_out "SUB: Added VobSub (2 languages): two.idx"
}

test_vobsub_slang_picks_language() {
    bm_two_langs || return 1
    bm_frames de -vobsub two -slang de plain.avi || return 1
    bm_shows de de "-slang de" || return 1
    expect_out "Selected VOBSUB language: 1 language: de" || return 1
    # Without -slang or -vobsubid: the .idx's langidx (0, en).
    bm_frames first -vobsub two plain.avi || return 1
    bm_shows first en "-vobsub alone"
}

# bm_slave_frames DIR CMD... -- ARGS: -slave with CMDs sent as playback
# starts, the first 70 frames as PNGs in DIR.
bm_slave_frames() {
    local dir=$1 cmds=()
    shift
    while [ "$1" != "--" ]; do
        cmds+=("$1")
        shift
    done
    shift
    slave_run -w 100 @starting "${cmds[@]}" -- -nosound -vo "png:outdir=$dir" -frames 70 "$@"
    expect_rc 0 && [ -f "$dir/00000070.png" ] || fail "no 70 frames in $dir: $(ls "$dir" | wc -l)"
}

test_vobsub_slave_sub_vob_switches() {
    bm_two_langs || return 1
    bm_slave_frames vob "get_property sub_vob" "sub_vob 1" "get_property sub_vob" \
        "get_property sub_source" -- -vobsub two plain.avi || return 1
    bm_shows vob de "sub_vob 1" || return 1
    local got
    got=$(sed -n 's/^ANS_\(sub_vob\|sub_source\)=/\1=/p' "$OUT" | tr '\n' ' ')
    [ "$got" = "sub_vob=0 sub_vob=1 sub_source=1 " ] || fail "answers: '$got'"
}

test_vobsub_slave_sub_select_cycles_languages() {
    # j (sub_select) goes from en to de, then off, as through MPlayer's list.
    bm_two_langs || return 1
    bm_slave_frames sel "sub_select" "get_property sub" -- -vobsub two plain.avi || return 1
    bm_shows sel de "sub_select from en" || return 1
    expect_out "ANS_sub=1" || return 1
    bm_slave_frames off "sub_select" "sub_select" "get_property sub" -- -vobsub two \
        plain.avi || return 1
    bm_shows off none "sub_select twice from en" && expect_out "ANS_sub=-1"
}

test_forced_subs_only_switches_while_playing() {
    # A plain picture at 1..1.6 s (top) and a forced one at 1.8..2.6 s
    # (bottom): both after the commands, sent 0.5 s into playback.
    bm_vobsub fv 320x240 1,1.6,40,40,100,20,1 1.8,2.6,40,160,200,30,1,0,1 || return 1
    ff -f lavfi -i color=black:s=320x240:r=25:d=3 -c:v mpeg4 plain.avi || return 1
    bm_slave_frames on "get_property sub_forced_only" "forced_subs_only" \
        "get_property sub_forced_only" -- -vobsub fv plain.avi || return 1
    bm_expect on/00000038.png 60 50 dark "plain picture after forced_subs_only" &&
        bm_expect on/00000063.png 140 175 lit "forced picture after forced_subs_only" ||
        return 1
    local got
    got=$(sed -n 's/^ANS_sub_forced_only=//p' "$OUT" | tr '\n' ' ')
    [ "$got" = "no yes " ] || fail "sub_forced_only answers: '$got'" || return 1
    # And back off: the property set, then stepped twice.
    bm_slave_frames off "set_property sub_forced_only 0" "step_property sub_forced_only" \
        "step_property sub_forced_only" "get_property sub_forced_only" -- -forcedsubsonly \
        -vobsub fv plain.avi || return 1
    bm_expect off/00000038.png 60 50 lit "plain picture after sub_forced_only 0" &&
        expect_out "ANS_sub_forced_only=no"
}

test_forced_subs_only_once_pictures_are_shown() {
    # As MPlayer 1.5: the property is there once a bitmap track has been
    # shown (or a VobSub loaded), not for text alone; it stays after
    # switching back to text.
    bm_two_tracks two.mkv || return 1
    slave_run -w 30 @starting "get_property sub_forced_only" "sub_select 1" \
        "get_property sub_forced_only" "sub_select 0" "get_property sub_forced_only" -- \
        -nosound -vo null -frames 40 -sid 0 two.mkv
    expect_rc 0 || return 1
    local got
    got=$(sed -n 's/^ANS_\(sub_forced_only=\|ERROR=\)//p' "$OUT" | tr '\n' ' ')
    [ "$got" = "PROPERTY_UNAVAILABLE no no " ] || fail "answers: '$got'"
}
