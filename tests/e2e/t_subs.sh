# Subtitles drawn through libass onto the frames the outputs get.
# GPLv2 or later.
# e2e-needs: libass

# shot NAME ARGS...: one frame of v.avi-like video at 1 s into shots-NAME.
sub_shot() {
    local name=$1
    shift
    mp -nosound -vo "png:outdir=shots-$name" -ss 1 -frames 1 "$@"
    expect_rc 0 && [ -f "shots-$name/00000001.png" ] || fail "no frame for $name"
}

sub_srt() {
    printf '1\n00:00:00,500 --> 00:00:03,000\nHELLO WORLD\n' > "$1"
}

# Whether two frames differ (a subtitle drawn on one of them).
frames_differ() {
    local p
    p=$(psnr "$1" "$2")
    [ "$p" != inf ] && awk -v p="$p" 'BEGIN { exit !(p < 45) }'
}

test_sub_file_is_drawn() {
    sub_srt s.srt
    sub_shot plain "$MEDIA/v.avi" || return 1
    sub_shot sub -sub s.srt "$MEDIA/v.avi" || return 1
    frames_differ shots-plain/00000001.png shots-sub/00000001.png || fail "-sub drew nothing"
}

test_nosub_draws_nothing() {
    sub_srt s.srt
    sub_shot plain "$MEDIA/v.avi" || return 1
    sub_shot nosub -nosub -sub s.srt "$MEDIA/v.avi" || return 1
    [ "$(psnr shots-plain/00000001.png shots-nosub/00000001.png)" = inf ] ||
        fail "-nosub still drew"
}

test_subdelay_moves_event() {
    sub_srt s.srt
    sub_shot plain "$MEDIA/v.avi" || return 1
    # 2 s later the event starts at 2.5 s: nothing at 1 s.
    sub_shot late -subdelay 2 -sub s.srt "$MEDIA/v.avi" || return 1
    [ "$(psnr shots-plain/00000001.png shots-late/00000001.png)" = inf ] ||
        fail "-subdelay 2 still shows the subtitle at 1 s"
}

test_sub_autoload_and_noautosub() {
    cp "$MEDIA/v.avi" clip.avi
    sub_srt clip.srt
    sub_shot plain -noautosub clip.avi || return 1
    sub_shot auto clip.avi || return 1
    frames_differ shots-plain/00000001.png shots-auto/00000001.png ||
        fail "clip.srt next to clip.avi was not loaded"
}

test_embedded_sub_track_sid() {
    # The event starts after the keyframe -ss lands on, so its packet is read.
    printf '1\n00:00:01,200 --> 00:00:03,000\nHELLO WORLD\n' > s.srt
    ff -i "$MEDIA/v.avi" -i s.srt -map 0 -map 1 -c:v copy -c:s srt embedded.mkv || return 1
    local n
    for n in plain sid; do
        local extra=-nosub
        [ $n = sid ] && extra="-sid 0"
        # shellcheck disable=SC2086
        mp -nosound -vo "png:outdir=shots-$n" -ss 1.5 -frames 1 $extra embedded.mkv
        expect_rc 0 || return 1
    done
    frames_differ shots-plain/00000001.png shots-sid/00000001.png ||
        fail "-sid 0 drew nothing: $(psnr shots-plain/00000001.png shots-sid/00000001.png) $(ls shots-*) $(head -c 300 "$ERR")"
}

test_sub_identify_file_ids() {
    # -sub files first, then the auto-loaded one, numbered from 0.
    cp "$MEDIA/v.avi" clip.avi
    sub_srt clip.srt
    sub_srt extra.srt
    mp -identify -nosound -vo null -frames 1 -sub extra.srt clip.avi
    expect_rc 0 || return 1
    local ids
    ids=$(grep -E '^ID_FILE_SUB_(ID|FILENAME)=' "$OUT" | tr '\n' ' ')
    local want="ID_FILE_SUB_ID=0 ID_FILE_SUB_FILENAME=extra.srt"
    want="$want ID_FILE_SUB_ID=1 ID_FILE_SUB_FILENAME=clip.srt "
    [ "$ids" = "$want" ] || fail "ID lines: $ids" || return 1
    expect_out "SUB: Added subtitle file (2): clip.srt" || return 1
    # Without -identify the ID lines stay out.
    mp -nosound -vo null -frames 1 -sub extra.srt clip.avi
    ! grep -q '^ID_FILE_SUB' "$OUT" || fail "ID_FILE_SUB without -identify"
}

# An ASS track in the font of an attachment, with a fontconfig that knows
# no fonts at all: only the attachment can draw it.
test_embedded_font_attachment() {
    local font=
    for font in /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf \
        "$(fc-match -f '%{file}' 'DejaVu Sans Mono' 2>/dev/null)"; do
        [ -f "$font" ] && break
    done
    [ -f "$font" ] || { skip "no DejaVu Sans Mono file (fonts-dejavu-core)"; return; }
    local family
    family=$(fc-scan --format '%{family[0]}' "$font" 2>/dev/null)
    [ -n "$family" ] || family="DejaVu Sans Mono"
    cat >font.ass <<EOF2
[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,$family,24,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:03.00,Default,,0,0,0,,EMBEDDED FONT
EOF2
    ff -i "$MEDIA/v.avi" -i font.ass -map 0 -map 1 -c copy -attach "$font" \
        -metadata:s:t mimetype=application/x-truetype-font font.mkv || return 1
    mkdir -p nofonts fccache
    printf '<?xml version="1.0"?>\n<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
        "$PWD/nofonts" "$PWD/fccache" >fonts.conf
    local n
    for n in plain embedded noembedded; do
        local extra=-nosub asan=${ASAN_OPTIONS:-}
        [ $n = embedded ] && extra="-sid 0"
        # With no font anywhere, fontconfig leaks the empty font set it
        # returns to libass (16 bytes in FcFontSetCreate, no frame of ours
        # in the trace): leak checks are off for that one run only.
        [ $n = noembedded ] && extra="-sid 0 -noembeddedfonts" &&
            asan="${asan:+$asan:}detect_leaks=0"
        # shellcheck disable=SC2086
        ASAN_OPTIONS=$asan FONTCONFIG_FILE=$PWD/fonts.conf \
            mp -nosound -vo "png:outdir=shots-$n" -frames 5 $extra font.mkv
        expect_rc 0 && [ -f "shots-$n/00000005.png" ] || fail "no frame for $n" || return 1
    done
    frames_differ shots-plain/00000005.png shots-embedded/00000005.png ||
        fail "the attached font drew nothing" || return 1
    [ "$(psnr shots-plain/00000005.png shots-noembedded/00000005.png)" = inf ] ||
        fail "-noembeddedfonts still drew (no other font exists)"
}

test_sub_comma_list_loads_each_file() {
    sub_srt a.srt
    printf '1\n00:00:00,500 --> 00:00:03,000\nSECOND FILE\n' >b.srt
    mp -identify -nosound -vo null -frames 1 -sub a.srt,b.srt "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local ids
    ids=$(grep -E '^ID_FILE_SUB_FILENAME=' "$OUT" | tr '\n' ' ')
    [ "$ids" = "ID_FILE_SUB_FILENAME=a.srt ID_FILE_SUB_FILENAME=b.srt " ] ||
        fail "loaded: $ids" || return 1
    # The first is shown; each file draws its own text.
    sub_shot a -sub a.srt "$MEDIA/v.avi" || return 1
    sub_shot ab -sub a.srt,b.srt "$MEDIA/v.avi" || return 1
    sub_shot b -sub b.srt "$MEDIA/v.avi" || return 1
    [ "$(psnr shots-a/00000001.png shots-ab/00000001.png)" = inf ] ||
        fail "-sub a.srt,b.srt does not show a.srt first" || return 1
    frames_differ shots-a/00000001.png shots-b/00000001.png ||
        fail "a.srt and b.srt draw the same"
}

test_latin1_srt_without_subcp_is_shown() {
    printf '1\n00:00:00,500 --> 00:00:03,000\nCaf\xe9 cr\xe8me \xe0 la fran\xe7aise\n' >l1.srt
    sub_shot plain "$MEDIA/v.avi" || return 1
    sub_shot l1 -sub l1.srt "$MEDIA/v.avi" || return 1
    expect_err "l1.srt is not UTF-8: read as CP1252; name its charset with -subcp." ||
        return 1
    frames_differ shots-plain/00000001.png shots-l1/00000001.png ||
        fail "a latin1 .srt without -subcp drew nothing" || return 1
    # Read as CP1252 it is what -subcp latin1 gives.
    sub_shot named -subcp latin1 -sub l1.srt "$MEDIA/v.avi" || return 1
    [ "$(psnr shots-l1/00000001.png shots-named/00000001.png)" = inf ] ||
        fail "the guess draws other text than -subcp latin1"
}

# libass and its fonts are set up while the first file opens, not after:
# a file that is slow to arrive (a FIFO written a second late) has its font
# file loaded before its header is read, and still only once for two files.
test_fonts_set_up_while_the_file_opens() {
    local font
    font=$(fc-match -f '%{file}' 'DejaVu Serif' 2>/dev/null)
    [ -f "$font" ] || { skip "no DejaVu Serif file (fonts-dejavu-core)"; return; }
    sub_srt s.srt
    mkfifo late.fifo || return 1
    timeout 60 sh -c 'sleep 1; cat "$1" >late.fifo' sh "$MEDIA/v.avi" &
    mp -v -nosound -vo null -font "$font" -sub s.srt late.fifo "$MEDIA/v.avi"
    wait
    expect_rc 0 || return 1
    [ "$(grep -c "^Font file $font: family" "$OUT")" = 1 ] ||
        fail "font file not loaded exactly once: $(grep -c "^Font file" "$OUT")" || return 1
    local f v
    f=$(grep -n "^Font file" "$OUT" | head -1 | cut -d: -f1)
    v=$(grep -n "^VIDEO:" "$OUT" | head -1 | cut -d: -f1)
    [ -n "$v" ] && [ "$f" -lt "$v" ] ||
        fail "fonts set up after the header (font line $f, VIDEO line $v)" || return 1
    [ "$(grep -c "^VIDEO:" "$OUT")" = 2 ] || fail "both files did not play"
}
