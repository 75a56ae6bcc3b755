# MPlayer 1.5's subtitle options: -subfps, -sub-paths, -noutf8, -overlapsub,
# the -dump*sub family, the look of text subtitles (-subalign, -subwidth,
# -sub-bg-*, -subfont-outline/-blur, -subfont, -nofontconfig, -ass-hinting).
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
