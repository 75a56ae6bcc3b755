# MPlayer 1.5's subtitle options: -subfps, -sub-paths, -noutf8, -overlapsub,
# the -dump*sub family, the look of text subtitles (-subalign, -subwidth,
# -sub-bg-*, -subfont-outline/-blur, -subfont, -nofontconfig, -ass-hinting), the
# libass style options (-ass-color, -ass-border-color, -ass-force-style,
# -ass-styles, -ass-line-spacing, -subfont-autoscale).
# Expected dump files are what MPlayer 1.5 wrote for the same input.
# GPLv2 or later.

# A black (or grey) 320x240 clip, 2 s at 25 fps: subtitles on it are easy
# to find by brightness.
cs_clip() {
    ff -f lavfi -i "color=c=${2:-black}:size=320x240:rate=25" -t 2 -c:v mpeg4 -q:v 2 "$1"
}

cs_srt() {
    printf '1\n00:00:00,200 --> 00:00:01,800\n%s\n' "${2:-HELLO WORLD}" >"$1"
}

# cs_shot NAME ARGS...: the frame at 1 s as cs-NAME.png.
cs_shot() {
    local name=$1
    shift
    mp -nosound -vo "png:outdir=cs-$name" -ss 1 -frames 1 "$@"
    expect_rc 0 || return 1
    mv "cs-$name/00000001.png" "cs-$name.png" 2>/dev/null || fail "no frame for $name"
}

# cs_yavg PNG [CROP]: mean luma of the picture or of crop=w:h:x:y.
cs_yavg() {
    ffmpeg -nostdin -hide_banner -i "$1" -vf "${2:+crop=$2,}signalstats,metadata=print" \
        -f null - 2>&1 | sed -n 's/.*YAVG=\([0-9.]*\).*/\1/p' | tail -n 1
}

# cs_rows PNG: how many rows of the picture hold a bright pixel (text).
cs_rows() {
    ffmpeg -nostdin -hide_banner -loglevel error -i "$1" -vf format=gray -f rawvideo - |
        od -An -v -tu1 -w320 | awk '{ for (i = 1; i <= NF; i++) if ($i > 128) { n++; break } }
            END { print n + 0 }'
}

# a > b, as numbers
cs_gt() {
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'
}

# Two events, one with a tag and two lines: what the dump tests convert.
cs_two_events() {
    printf '1\n00:00:01,000 --> 00:00:03,250\nHELLO <i>it</i>\nline2\n\n' >"$1"
    printf '2\n00:00:04,000 --> 00:00:06,000\nSECOND\n' >>"$1"
}

cs_dump() {
    mp -nosound -vo null -frames 1 "$@"
    expect_rc 0
}

# -dumpsrtsub: the file MPlayer 1.5 writes (tags gone, lines kept).
test_cs_dumpsrtsub_as_mplayer() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_two_events s.srt
    cs_dump -sub s.srt -dumpsrtsub c.avi || return 1
    grep -q "Subtitles dumped in 'dumpsub.srt'" "$OUT" ||
        { fail "no message: $(cat "$OUT")"; return 1; }
    printf '1\n00:00:01,000 --> 00:00:03,250\nHELLO it\nline2\n\n' >want
    printf '2\n00:00:04,000 --> 00:00:06,000\nSECOND\n\n' >>want
    cmp -s want dumpsub.srt || fail "dumpsub.srt: $(cat -A dumpsub.srt)"
}

# -dumpmicrodvdsub (frames at the video's 25 fps, cut), -dumpmpsub,
# -dumpjacosub, -dumpsami: byte for byte MPlayer 1.5's files.
test_cs_dump_formats_as_mplayer() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_two_events s.srt
    cs_dump -sub s.srt -dumpmicrodvdsub c.avi || return 1
    printf '{25}{81}HELLO it|line2\n{100}{150}SECOND\n' >want
    cmp -s want dumpsub.sub || { fail "dumpsub.sub: $(cat -A dumpsub.sub)"; return 1; }
    cs_dump -sub s.srt -dumpmpsub c.avi || return 1
    printf 'FORMAT=TIME\n\n1 2.25\nHELLO it\nline2\n\n0.75 2\nSECOND\n\n' >want
    cmp -s want dump.mpsub || { fail "dump.mpsub: $(cat -A dump.mpsub)"; return 1; }
    cs_dump -sub s.srt -dumpjacosub c.avi || return 1
    printf '#TIMERES 100\n00:00:01.00 00:00:03.25 {~} HELLO it\\nline2\n' >want
    printf '00:00:04.00 00:00:06.00 {~} SECOND\n' >>want
    cmp -s want dumpsub.jss || { fail "dumpsub.jss: $(cat -A dumpsub.jss)"; return 1; }
    cs_dump -sub s.srt -dumpsami c.avi || return 1
    {
        printf '<SAMI>\n<HEAD>\n\t<STYLE TYPE="Text/css">\n\t<!--\n'
        printf '\t  P {margin-left: 29pt; margin-right: 29pt; font-size: 24pt; '
        printf 'text-align: center; font-family: Tahoma; font-weight: bold; '
        printf 'color: #FCDD03; background-color: #000000;}\n'
        printf "\t  .SUBTTL {Name: 'Subtitles'; Lang: en-US; SAMIType: CC;}\n"
        printf '\t-->\n\t</STYLE>\n</HEAD>\n<BODY>\n'
        printf '\t<SYNC Start=1000>\n\t  <P>HELLO it<br>line2\n\t<SYNC Start=3250>\n\t  <P>&nbsp;\n'
        printf '\t<SYNC Start=4000>\n\t  <P>SECOND\n\t<SYNC Start=6000>\n\t  <P>&nbsp;\n'
        printf '</BODY>\n</SAMI>\n'
    } >want
    cmp -s want dumpsub.smi || fail "dumpsub.smi: $(diff want dumpsub.smi)"
}

# Without a subtitle file there is nothing to dump: a warning, no file,
# and the file still plays (MPlayer writes nothing either).
test_cs_dump_without_sub_file() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_dump -noautosub -dumpsrtsub c.avi || return 1
    expect_err "Nothing to dump" || return 1
    [ ! -e dumpsub.srt ] || fail "dumpsub.srt written"
}

# -subfps: MicroDVD frames count at the video's rate by default (25 here,
# not libavformat's 23.976), at -subfps when given; time-based files are
# stretched by subfps / video fps. The dumps are MPlayer 1.5's.
test_cs_subfps() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    printf '{25}{75}HELLO\n{100}{150}SECOND\n' >m.sub
    cs_dump -sub m.sub -dumpsrtsub c.avi || return 1
    printf '1\n00:00:01,000 --> 00:00:03,000\nHELLO\n\n' >want
    printf '2\n00:00:04,000 --> 00:00:06,000\nSECOND\n\n' >>want
    cmp -s want dumpsub.srt || { fail "video fps: $(cat -A dumpsub.srt)"; return 1; }
    cs_dump -subfps 50 -sub m.sub -dumpsrtsub c.avi || return 1
    printf '1\n00:00:00,500 --> 00:00:01,500\nHELLO\n\n' >want
    printf '2\n00:00:02,000 --> 00:00:03,000\nSECOND\n\n' >>want
    cmp -s want dumpsub.srt || { fail "-subfps 50: $(cat -A dumpsub.srt)"; return 1; }
    printf '1\n00:00:01,000 --> 00:00:03,000\nHELLO\n' >s.srt
    cs_dump -subfps 50 -sub s.srt -dumpsrtsub c.avi || return 1
    printf '1\n00:00:02,000 --> 00:00:06,000\nHELLO\n\n' >want
    cmp -s want dumpsub.srt || { fail "-subfps on SubRip: $(cat -A dumpsub.srt)"; return 1; }
    mp -subfps -1 -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "subfps"
}

# ... and it moves what is drawn: frames 25..75 are 1..3 s at the video's
# 25 fps (shown at 1 s), 0.25..0.75 s at -subfps 100 (gone at 1 s).
test_cs_subfps_moves_drawing() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    printf '{25}{75}HELLO WORLD\n' >m.sub
    cs_shot plain -noautosub c.avi || return 1
    cs_shot fps25 -sub m.sub c.avi || return 1
    cs_shot fps100 -subfps 100 -sub m.sub c.avi || return 1
    [ "$(psnr cs-plain.png cs-fps25.png)" != inf ] || { fail "event not drawn at 1 s"; return 1; }
    [ "$(psnr cs-plain.png cs-fps100.png)" = inf ] || fail "-subfps 100: still drawn at 1 s"
}

# -sub-paths: same-named files in more folders (relative ones under the
# media's folder), after the media's own folder, as MPlayer 1.5.
test_cs_sub_paths() {
    needs_feature libass || return 77
    mkdir -p m/subs abs
    cs_clip m/c.avi || return 1
    cs_srt m/subs/c.srt
    cs_srt abs/c.en.srt
    mp -identify -nosound -vo null -frames 1 -sub-paths "subs,$PWD/abs" m/c.avi
    expect_rc 0 || return 1
    grep -qx "ID_FILE_SUB_FILENAME=m/subs/c.srt" "$OUT" ||
        { fail "relative: $(grep SUB "$OUT")"; return 1; }
    grep -qx "ID_FILE_SUB_FILENAME=$PWD/abs/c.en.srt" "$OUT" ||
        { fail "absolute: $(grep SUB "$OUT")"; return 1; }
    mp -identify -nosound -vo null -frames 1 m/c.avi
    grep -q "ID_FILE_SUB_FILENAME" "$OUT" && fail "loaded without -sub-paths: $(grep SUB "$OUT")"
    return 0
}

# MicroDVD .sub files are autoloaded like MPlayer's; a .sub beside a .idx
# (VobSub's bitmaps) is not.
test_cs_microdvd_autoload() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cp c.avi d.avi
    printf '{10}{40}HELLO\n' >c.sub
    printf '{10}{40}HELLO\n' >d.sub
    : >d.idx
    mp -identify -nosound -vo null -frames 1 c.avi
    grep -qx "ID_FILE_SUB_FILENAME=c.sub" "$OUT" ||
        { fail "c.sub not loaded: $(cat "$OUT")"; return 1; }
    mp -identify -nosound -vo null -frames 1 d.avi
    grep -q "ID_FILE_SUB_FILENAME" "$OUT" && fail "VobSub's d.sub loaded"
    return 0
}

# -noutf8 undoes -utf8: a Latin-1 file is guessed again (the CP1252
# warning), where -utf8 alone takes the file as UTF-8 and guesses nothing.
test_cs_noutf8() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    printf '1\n00:00:00,000 --> 00:00:01,000\ncaf\351\n' >l.srt
    mp -utf8 -sub l.srt -nosound -vo null -frames 1 c.avi
    expect_rc 0 || return 1
    grep -q "is not UTF-8" "$ERR" && { fail "-utf8 guessed"; return 1; }
    mp -utf8 -noutf8 -sub l.srt -nosound -vo null -frames 1 c.avi
    expect_rc 0 || return 1
    expect_err "is not UTF-8" || return 1
    # A charset other than UTF-8 stays.
    mp -subcp latin1 -noutf8 -sub l.srt -nosound -vo null -frames 1 c.avi
    grep -q "is not UTF-8" "$ERR" && fail "-noutf8 dropped -subcp latin1"
    return 0
}

# -nooverlapsub: an event ends a centisecond before the next starts, also
# when it ended just then (MPlayer 1.5's dump); by default overlapping
# events both stay (libass stacks them, like MPlayer's -overlapsub).
test_cs_overlapsub() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    {
        printf '1\n00:00:00,200 --> 00:00:01,500\nFIRST\n\n'
        printf '2\n00:00:00,600 --> 00:00:01,600\nSECOND\n\n'
        printf '3\n00:00:01,600 --> 00:00:01,900\nTHIRD\n'
    } >ov.srt
    cs_dump -nooverlapsub -sub ov.srt -dumpsrtsub c.avi || return 1
    grep -q "^00:00:00,200 --> 00:00:00,590$" dumpsub.srt &&
        grep -q "^00:00:00,600 --> 00:00:01,590$" dumpsub.srt ||
        { fail "-nooverlapsub: $(cat dumpsub.srt)"; return 1; }
    cs_dump -sub ov.srt -dumpsrtsub c.avi || return 1
    grep -q "^00:00:00,200 --> 00:00:01,500$" dumpsub.srt ||
        { fail "default: $(cat dumpsub.srt)"; return 1; }
    # Drawn at 1 s: two lines, or one after the cut.
    mp -nosound -vo png:outdir=a -ss 1 -frames 1 -sub ov.srt c.avi
    mp -nosound -vo png:outdir=b -ss 1 -frames 1 -nooverlapsub -sub ov.srt c.avi
    local ra rb
    ra=$(cs_rows a/00000001.png)
    rb=$(cs_rows b/00000001.png)
    cs_gt "$ra" "$((rb * 3 / 2))" || fail "two lines $ra rows, one line $rb rows"
}

# Options with nothing behind them here: one warning naming each.
test_cs_ignored_options_warn() {
    cs_clip c.avi || return 1
    local o
    for o in -unicode -nounicode -sub-no-text-pp \
        "-fribidi-charset cp1255" -flip-hebrew-commas -noflip-hebrew-commas \
        "-subfont-encoding unicode"; do
        # shellcheck disable=SC2086
        mp $o -nosound -vo null -frames 1 c.avi
        expect_rc 0 || { fail "($o)"; return 1; }
        [ "$(grep -c -- "Option ${o%% *} is accepted but has no effect" "$ERR")" = 1 ] ||
            { fail "$o: $(cat "$ERR")"; return 1; }
    done
}

# -subalign 0 puts text at the top, 1 in the middle, 2 (default) at the
# bottom.
test_cs_subalign() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    cs_shot bottom -sub s.srt c.avi || return 1
    cs_shot top -subalign 0 -sub s.srt c.avi || return 1
    cs_shot mid -subalign 1 -sub s.srt c.avi || return 1
    # Mean luma of the top, middle and bottom thirds: the text's is highest.
    local f t m b
    for f in bottom top mid; do
        t=$(cs_yavg "cs-$f.png" 320:80:0:0)
        m=$(cs_yavg "cs-$f.png" 320:80:0:80)
        b=$(cs_yavg "cs-$f.png" 320:80:0:160)
        case $f in
        bottom) cs_gt "$b" "$t" && cs_gt "$b" "$m" ;;
        top) cs_gt "$t" "$m" && cs_gt "$t" "$b" ;;
        mid) cs_gt "$m" "$t" && cs_gt "$m" "$b" ;;
        esac || { fail "$f: thirds $t $m $b"; return 1; }
    done
    mp -subalign 3 -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "subalign"
}

# -subwidth 30: a long line wraps into several within 30% of the width.
test_cs_subwidth() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt "SOME LONG LINE OF TEXT THAT WRAPS"
    cs_shot full -sub s.srt c.avi || return 1
    cs_shot narrow -subwidth 30 -sub s.srt c.avi || return 1
    local a b
    a=$(cs_rows cs-full.png)
    b=$(cs_rows cs-narrow.png)
    cs_gt "$b" "$((a * 2))" || { fail "rows: full $a, -subwidth 30 $b"; return 1; }
    mp -subwidth 5 -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "subwidth"
}

# -sub-bg-alpha/-sub-bg-color: a box behind the text (0: none, default).
test_cs_sub_bg() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    cs_shot plain -sub s.srt c.avi || return 1
    cs_shot white -sub-bg-color 255 -sub-bg-alpha 1 -sub s.srt c.avi || return 1
    cs_shot clear -sub-bg-color 255 -sub-bg-alpha 0 -sub s.srt c.avi || return 1
    local p w
    # The bottom band, where the text is.
    p=$(cs_yavg cs-plain.png 320:40:0:200)
    w=$(cs_yavg cs-white.png 320:40:0:200)
    # (black is luma 16: compare what the drawing adds)
    cs_gt "$w" "$(awk -v p="$p" 'BEGIN { print 16 + (p - 16) * 3 }')" ||
        { fail "box: $p -> $w"; return 1; }
    [ "$(psnr cs-plain.png cs-clear.png)" = inf ] || fail "-sub-bg-alpha 0 drew a box"
}

# -subfont-outline: the black outline on a grey picture darkens more of it
# as it grows; -subfont-blur changes the drawing.
test_cs_subfont_outline_blur() {
    needs_feature libass || return 77
    cs_clip g.avi gray || return 1
    cs_srt s.srt
    cs_shot o0 -subfont-outline 0 -sub s.srt g.avi || return 1
    cs_shot o2 -sub s.srt g.avi || return 1
    cs_shot o6 -subfont-outline 6 -sub s.srt g.avi || return 1
    cs_shot b4 -subfont-blur 4 -sub s.srt g.avi || return 1
    local y0 y2 y6
    y0=$(cs_yavg cs-o0.png)
    y2=$(cs_yavg cs-o2.png)
    y6=$(cs_yavg cs-o6.png)
    cs_gt "$y0" "$y2" && cs_gt "$y2" "$y6" || { fail "luma $y0 $y2 $y6"; return 1; }
    local p
    p=$(psnr cs-o2.png cs-b4.png)
    [ "$p" != inf ] || fail "-subfont-blur 4 changed nothing"
}

# -subfont: a family, or a font file; -nofontconfig uses only that file.
test_cs_subfont_and_nofontconfig() {
    needs_feature libass || return 77
    local serif
    serif=$(fc-match -f '%{file}' 'DejaVu Serif' 2>/dev/null)
    case $serif in *Serif*) ;; *) skip "no DejaVu Serif font"; return ;; esac
    cs_clip c.avi || return 1
    cs_srt s.srt
    cs_shot sans -sub s.srt c.avi || return 1
    cs_shot fam -subfont "DejaVu Serif" -sub s.srt c.avi || return 1
    cs_shot file -subfont "$serif" -sub s.srt c.avi || return 1
    cs_shot nofc -nofontconfig -font "$serif" -sub s.srt c.avi || return 1
    [ "$(psnr cs-sans.png cs-fam.png)" != inf ] ||
        { fail "-subfont family changed nothing"; return 1; }
    [ "$(psnr cs-fam.png cs-file.png)" = inf ] || { fail "font file is not the family"; return 1; }
    [ "$(psnr cs-fam.png cs-nofc.png)" = inf ] || fail "-nofontconfig -font file differs"
}

# -ass-hinting: into the frame the default (7) renders unhinted; 2 hints.
test_cs_ass_hinting() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    cs_shot def -sub s.srt c.avi || return 1
    cs_shot h0 -ass-hinting 0 -sub s.srt c.avi || return 1
    cs_shot h2 -ass-hinting 2 -sub s.srt c.avi || return 1
    [ "$(psnr cs-def.png cs-h0.png)" = inf ] || { fail "default hints in the frame"; return 1; }
    [ "$(psnr cs-h0.png cs-h2.png)" != inf ] || fail "-ass-hinting 2 changed nothing"
}

# cs_pixels PNG CLASS [CROP]: how many pixels of the picture (or of
# crop=w:h:x:y) are of a colour class: red, green, blue, yellow, white
# (the channel named high, above 160; the others low, below 90).
cs_pixels() {
    ffmpeg -nostdin -hide_banner -loglevel error -i "$1" -vf "${3:+crop=$3,}format=rgb24" \
        -f rawvideo - | od -An -v -tu1 -w3 | awk -v c="$2" '
        { r = $1 > 160; g = $2 > 160; b = $3 > 160; lr = $1 < 90; lg = $2 < 90; lb = $3 < 90 }
        c == "red" && r && lg && lb { n++ }
        c == "green" && g && lr && lb { n++ }
        c == "blue" && b && lr && lg { n++ }
        c == "yellow" && r && g && lb { n++ }
        c == "white" && r && g && b { n++ }
        END { print n + 0 }'
}

# A big subtitle, so that colours are easy to count.
cs_big() {
    cs_shot "$@" -subfont-text-scale 8 -sub s.srt c.avi
}

# -ass-color: text subtitles in that colour (MPlayer's default is yellow);
# -ass-border-color: their outline. A malformed colour is one error.
test_cs_ass_color_and_border_color() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    cs_big def || return 1
    cs_big red -ass-color ff000000 || return 1
    cs_big border -ass-border-color 0000ff00 -subfont-outline 4 || return 1
    local y r b
    y=$(cs_pixels cs-def.png yellow)
    r=$(cs_pixels cs-def.png red)
    cs_gt "$y" 200 && [ "$r" -lt 10 ] || { fail "default: $y yellow, $r red"; return 1; }
    y=$(cs_pixels cs-red.png yellow)
    r=$(cs_pixels cs-red.png red)
    cs_gt "$r" 200 && [ "$y" -lt 10 ] || { fail "-ass-color: $y yellow, $r red"; return 1; }
    b=$(cs_pixels cs-def.png blue)
    [ "$b" -lt 10 ] || { fail "default outline: $b blue"; return 1; }
    b=$(cs_pixels cs-border.png blue)
    y=$(cs_pixels cs-border.png yellow)
    cs_gt "$b" 200 && cs_gt "$y" 200 || { fail "-ass-border-color: $b blue, $y yellow"; return 1; }
    local v
    for v in zz 123456789 ""; do
        mp -ass-color "$v" -frames 0 -vo null c.avi
        expect_rc 1 || { fail "-ass-color '$v'"; return 1; }
        [ "$(grep -c . "$ERR")" = 1 ] && expect_err "Option -ass-color" ||
            { fail "-ass-color '$v': $(cat "$ERR")"; return 1; }
    done
    mp -ass-border-color red -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "Option -ass-border-color"
}

# An ASS script with two styles, Default at the bottom, Top at the top.
cs_script() {
    cat >"$1" <<'EOS'
[Script Info]
ScriptType: v4.00+
PlayResX: 384
PlayResY: 288

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, OutlineColour, Outline, Alignment, MarginV
Style: Default,DejaVu Sans,24,&H00FFFFFF,&H00000000,2,2,10
Style: Top,DejaVu Sans,24,&H00FFFFFF,&H00000000,2,8,10

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.20,0:00:01.80,Default,,0,0,0,,BOTTOM TEXT
Dialogue: 0,0:00:00.20,0:00:01.80,Top,,0,0,0,,TOP TEXT
EOS
}

# -ass-force-style: Style.Param=Value changes that style of a script only,
# Param=Value every style; text subtitles get it too, the OSD does not.
test_cs_ass_force_style() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_script t.ass
    cs_shot def -sub t.ass c.avi || return 1
    cs_shot top -ass-force-style 'Top.PrimaryColour=&H0000FF00' -sub t.ass c.avi || return 1
    cs_shot big -ass-force-style FontSize=48 -sub t.ass c.avi || return 1
    local tg bg
    tg=$(cs_pixels cs-top.png green 320:120:0:0)
    bg=$(cs_pixels cs-top.png green 320:120:0:120)
    cs_gt "$tg" 100 && [ "$bg" -lt 5 ] ||
        { fail "Top.PrimaryColour: top $tg, bottom $bg green"; return 1; }
    [ "$(cs_pixels cs-def.png green)" -lt 5 ] || { fail "green without the option"; return 1; }
    local w0 w1
    w0=$(cs_pixels cs-def.png white)
    w1=$(cs_pixels cs-big.png white)
    cs_gt "$w1" "$((w0 * 3))" || { fail "FontSize=48: $w0 -> $w1 white pixels"; return 1; }
    # Text subtitles: the default style takes it.
    cs_srt s.srt
    cs_big srt -ass-force-style 'PrimaryColour=&H00FF0000' || return 1
    cs_gt "$(cs_pixels cs-srt.png blue)" 200 || { fail "text subtitle not blue"; return 1; }
    # The OSD keeps its look.
    cs_shot osd -osdlevel 3 c.avi || return 1
    cs_shot osdfs -osdlevel 3 -ass-force-style 'FontSize=60,PrimaryColour=&H0000FF00' c.avi ||
        return 1
    [ "$(psnr cs-osd.png cs-osdfs.png)" = inf ] || { fail "the OSD changed"; return 1; }
    mp -ass-force-style 'FontSize=40,bold' -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "Option -ass-force-style" && expect_err "'bold'"
}

# -ass-styles: the file's Default style is the one text subtitles get (here
# blue, at the top); a missing file or one without Default: one warning
# naming it, and the default style.
test_cs_ass_styles() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    {
        echo '[V4+ Styles]'
        echo 'Format: Name, Fontname, Fontsize, PrimaryColour, Alignment'
        echo 'Style: Default,DejaVu Sans,30,&H00FF0000,8'
    } >st.ass
    printf '[V4+ Styles]\nFormat: Name, Fontsize, PrimaryColour\nStyle: Other,30,&H00FF0000\n' \
        >other.ass
    cs_shot def -sub s.srt c.avi || return 1
    cs_shot st -ass-styles st.ass -sub s.srt c.avi || return 1
    local tb bb
    tb=$(cs_pixels cs-st.png blue 320:80:0:0)
    bb=$(cs_pixels cs-st.png blue 320:160:0:80)
    cs_gt "$tb" 200 && [ "$bb" -lt 5 ] || { fail "-ass-styles: top $tb, rest $bb blue"; return 1; }
    local f
    for f in missing.ass other.ass; do
        mp -nosound -vo png:outdir=cs-w -ss 1 -frames 1 -ass-styles "$f" -sub s.srt c.avi
        expect_rc 0 || { fail "($f)"; return 1; }
        [ "$(grep -c -- "-ass-styles file $f" "$ERR")" = 1 ] ||
            { fail "$f: not one warning: $(cat "$ERR")"; return 1; }
        [ "$(psnr cs-def.png cs-w/00000001.png)" = inf ] ||
            { fail "$f changed the style"; return 1; }
    done
}

# cs_span PNG: rows from the first to the last that hold a bright pixel.
cs_span() {
    ffmpeg -nostdin -hide_banner -loglevel error -i "$1" -vf format=gray -f rawvideo - |
        od -An -v -tu1 -w320 | awk '{ for (i = 1; i <= NF; i++) if ($i > 128) {
            if (!f) f = NR; l = NR; break } } END { print f ? l - f + 1 : 0 }'
}

# -ass-line-spacing: the two lines of an event move apart.
test_cs_ass_line_spacing() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    printf '1\n00:00:00,200 --> 00:00:01,800\nFIRST\nSECOND\n' >s.srt
    cs_shot ls0 -sub s.srt c.avi || return 1
    cs_shot ls20 -ass-line-spacing 20 -sub s.srt c.avi || return 1
    local a b
    a=$(cs_span cs-ls0.png)
    b=$(cs_span cs-ls20.png)
    cs_gt "$a" 10 && cs_gt "$b" "$((a + 10))" ||
        { fail "span: $a rows, with -ass-line-spacing 20 $b"; return 1; }
}

# -subfont-autoscale: 3 (default) 1.4 times the height-proportional size
# of 0 and 1, 2 1.3 times it; outside 0..3 an error.
test_cs_subfont_autoscale() {
    needs_feature libass || return 77
    cs_clip c.avi || return 1
    cs_srt s.srt
    local v
    for v in 0 1 2 3; do
        cs_big "a$v" -subfont-autoscale "$v" || return 1
    done
    cs_big def || return 1
    [ "$(psnr cs-def.png cs-a3.png)" = inf ] || { fail "3 is not the default"; return 1; }
    [ "$(psnr cs-a0.png cs-a1.png)" = inf ] || { fail "0 differs from 1"; return 1; }
    local r1 r2 r3
    r1=$(cs_rows cs-a1.png)
    r2=$(cs_rows cs-a2.png)
    r3=$(cs_rows cs-a3.png)
    cs_gt "$r2" "$r1" && cs_gt "$r3" "$r2" || { fail "rows: 1 $r1, 2 $r2, 3 $r3"; return 1; }
    mp -subfont-autoscale 4 -frames 0 -vo null c.avi
    expect_rc 1 && expect_err "subfont-autoscale"
}
