# Subtitles drawn through libass onto the frames the outputs get.
# GPLv2 or later.

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
