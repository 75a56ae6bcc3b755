# Subtitle tracks chosen while playing: sub_select, sub_file, sub_demux,
# sub_source, sub_load, sub_remove, sub_pos, sub_scale, sub_alignment,
# sub_step, their properties and the j key. GPLv2 or later.
#
# The video is black, so a frame is told apart only by the subtitle drawn on
# it: every frame written by -vo png is classified by its checksum against
# reference frames rendered with one track each (-osdlevel 0 keeps the OSD
# out of the pictures).
# e2e-needs: libass

# subs_srt FILE TEXT: TEXT from 0 s to 10 s, in one-second events.
subs_srt() {
    local i
    : > "$1"
    for i in 0 1 2 3 4 5 6 7 8 9; do
        printf '%d\n00:00:%02d,000 --> 00:00:%02d,000\n%s\n\n' $((i + 1)) $i $((i + 1)) "$2" \
            >> "$1"
    done
}

# subs_media [SECS]: two.mkv (6 s or SECS of black, subtitle tracks 0 "AAAA" eng and
# 1 "BBBB BBBB" ger) and c.srt ("CCCCCC"), in the current folder.
subs_media() {
    subs_srt a.srt AAAA
    subs_srt b.srt 'BBBB BBBB'
    subs_srt c.srt CCCCCC
    ff -f lavfi -i color=c=black:size=320x240:rate=25 -i a.srt -i b.srt -t "${1:-6}" \
        -map 0 -map 1 -map 2 -c:v mpeg4 -q:v 4 -g 25 -c:s srt \
        -metadata:s:s:0 language=eng -metadata:s:s:1 language=ger two.mkv
}

# subs_ref NAME ARGS...: the frame at 4 s of two.mkv with ARGS, as ref-NAME.
subs_ref() {
    local name=$1
    shift
    mp -nosound -osdlevel 0 -vo "png:outdir=ref-$name" -ss 4 -frames 1 "$@" two.mkv
    expect_rc 0 && [ -f "ref-$name/00000001.png" ] || fail "no reference frame $name"
}

# subs_classes DIR NAME...: sets SUBS_SEQ to the frames of DIR as the
# reference each one is (ref-NAME), runs of the same one collapsed:
# "none b none c". Frames matching no reference are counted in SUBS_UNKNOWN
# and left out, or shown as "?" when SUBS_KEEP_UNKNOWN is set.
subs_classes() {
    local dir=$1 n f sum prev=
    shift
    declare -A cls=()
    for n in "$@"; do
        sum=$(md5sum < "ref-$n/00000001.png")
        cls[$sum]=$n
    done
    SUBS_UNKNOWN=0
    SUBS_SEQ=
    for f in "$dir"/*.png; do
        sum=$(md5sum < "$f")
        n=${cls[$sum]:-}
        if [ -z "$n" ]; then
            SUBS_UNKNOWN=$((SUBS_UNKNOWN + 1))
            [ -n "${SUBS_KEEP_UNKNOWN:-}" ] || continue
            n='?'
        fi
        [ "$n" = "$prev" ] || SUBS_SEQ="$SUBS_SEQ${SUBS_SEQ:+ }$n"
        prev=$n
    done
}

# subs_slave GAP CMD... -- ARGS: -slave with CMDs GAP seconds apart (from
# 0.5 s after playback started), stdin open until the player ends
# (slave_run). Sets RC, OUT (one answer a line).
subs_slave() {
    local gap=$1 cmds=()
    shift
    while [ "$1" != "--" ]; do
        cmds+=("$1")
        shift
    done
    shift
    slave_run -g "$gap" -w 100 @starting "${cmds[@]}" -- -ao null -osdlevel 0 "$@"
}

subs_refs_all() {
    subs_media "$@" || fail "cannot make two.mkv" || return 1
    subs_ref none -nosub && subs_ref a -sid 0 && subs_ref b -sid 1 && subs_ref c -sub c.srt
}

# ANS_name's values in order, comma-separated.
subs_answers() {
    sed -n "s/^ANS_$1=//p" "$OUT" | tr '\n' ','
}

test_slave_sub_select_load_remove_draws() {
    subs_refs_all 10 || return 1
    subs_slave 0.6 "sub_select 1" "get_property sub" "sub_select -1" "sub_load c.srt" \
        "sub_file 0" "get_property sub" "sub_remove" "get_property sub" "sub_select" \
        "get_property sub" -- -identify -nosub -vo png:outdir=seq two.mkv
    expect_rc 0 || return 1
    # As MPlayer 1.5 numbers them: the files first (c.srt is 0 while loaded).
    [ "$(subs_answers sub)" = "1,0,-1,0," ] || fail "sub answers: $(subs_answers sub)" ||
        return 1
    expect_out "SUB: Added subtitle file (1): c.srt" || return 1
    expect_out "ID_FILE_SUB_ID=0" && expect_out "ID_FILE_SUB_FILENAME=c.srt" || return 1
    expect_out "SUB: Removed subtitle file (1): c.srt" || return 1
    local got
    subs_classes seq none a b c
    got=$SUBS_SEQ
    # Off, track 1, off (loading does not show the file), the file, off
    # again once removed, then the cycle from off to track 0.
    [ "$got" = "none b none c none a" ] || fail "frames: '$got' ($SUBS_UNKNOWN unknown)" ||
        return 1
    [ "$SUBS_UNKNOWN" -le 3 ] || fail "$SUBS_UNKNOWN frames match no reference"
}

test_slave_sub_cycle_and_properties() {
    subs_media || fail "cannot make two.mkv" || return 1
    # Paused throughout: the prefix keeps the pause every command would end.
    local P=pausing_keep_force c cmds=(pause)
    for c in "get_property sub" "sub_load c.srt" "step_property sub" \
        "get_property sub" "step_property sub" "step_property sub" "get_property sub" \
        "step_property sub" "get_property sub" "step_property sub 0 -1" "get_property sub" \
        "set_property sub 1" "get_property sub_demux" "get_property sub_source" \
        "get_property sub_file" "set_property sub 2" "set_property sub_source 0" \
        "get_property sub" \
        "set_property sub_file -1" "get_property sub" "set_property sub_demux 1" \
        "get_property sub" "set_property sub 99" "get_property sub"; do
        cmds+=("$P $c")
    done
    subs_slave 0.15 "${cmds[@]}" quit -- -vo null -nosub two.mkv
    expect_rc 0 || return 1
    # MPlayer 1.5's numbers (measured): files first, so the loaded file is
    # 0 and the tracks 1 and 2; off, 0, 2, off, 2 backwards, the file for
    # sub_source 0 (from track 2: from the first embedded track MPlayer
    # answers -1 there, a quirk not copied), the last track for 99.
    [ "$(subs_answers sub)" = "-1,0,2,-1,2,0,-1,2,2," ] ||
        fail "sub answers: $(subs_answers sub)" || return 1
    [ "$(subs_answers sub_demux)" = "0," ] && [ "$(subs_answers sub_source)" = "2," ] &&
        [ "$(subs_answers sub_file)" = "-1," ] ||
        fail "by source: $(grep '^ANS_sub_' "$OUT" | tr '\n' ' ')"
}

test_slave_sub_properties_unavailable_without_subs() {
    subs_slave 0.2 "get_property sub" "get_property sub_source" "get_property sub_alignment" \
        "get_property sub_pos" "quit" -- -vo null "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(grep -c '^ANS_ERROR=PROPERTY_UNAVAILABLE' "$OUT")" = 3 ] ||
        fail "answers: $(grep '^ANS_' "$OUT" | tr '\n' ' ')" || return 1
    expect_out "ANS_sub_pos=100"
}

test_slave_sub_select_shows_at_its_time() {
    # Track 1 has one event, 2 s to 3 s; selected at about 0.5 s.
    subs_srt a.srt AAAA
    printf '1\n00:00:02,000 --> 00:00:03,000\nTTTT\n' > t.srt
    ff -f lavfi -i color=c=black:size=320x240:rate=25 -i a.srt -i t.srt -t 5 \
        -map 0 -map 1 -map 2 -c:v mpeg4 -q:v 4 -g 25 -c:s srt timed.mkv || return 1
    subs_slave 0.3 "sub_select 1" -- -nosub -vo png:outdir=seq timed.mkv
    expect_rc 0 || return 1
    local first last n
    n=$(find seq -name '*.png' | wc -l)
    [ "$n" -ge 120 ] || fail "only $n frames" || return 1
    # Frames of the event: the first and last differing from frame 1.
    local f0
    f0=$(md5sum < seq/00000001.png)
    for f in seq/*.png; do
        [ "$(md5sum < "$f")" = "$f0" ] && continue
        last=$f
        [ -n "${first:-}" ] || first=$f
    done
    [ -n "${first:-}" ] || fail "the event of track 1 never showed" || return 1
    first=$(basename "$first" .png)
    last=$(basename "$last" .png)
    first=$((10#$first))
    last=$((10#$last))
    # 2 s is frame 51 at 25 fps, 3 s frame 76; a refresh may repeat a frame.
    [ "$first" -ge 49 ] && [ "$first" -le 54 ] && [ "$last" -ge 73 ] && [ "$last" -le 78 ] ||
        fail "event shown in frames $first..$last, expected about 51..75"
}

test_slave_sub_select_reads_past_events() {
    # One event from 0.5 s to 4.5 s on track 1, chosen at about 1.5 s: its
    # packet lies before the demuxer's position, so the track is re-read.
    subs_srt a.srt AAAA
    printf '1\n00:00:00,500 --> 00:00:04,500\nLLLL\n' > l.srt
    ff -f lavfi -i color=c=black:size=320x240:rate=25 -i a.srt -i l.srt -t 5 \
        -map 0 -map 1 -map 2 -c:v mpeg4 -q:v 4 -g 25 -c:s srt long.mkv || return 1
    subs_slave 1 "get_property time_pos" "sub_select 1" -- -nosub -vo png:outdir=seq long.mkv
    expect_rc 0 || return 1
    local n f0 shown=0
    n=$(find seq -name '*.png' | wc -l)
    f0=$(md5sum < seq/00000001.png)
    [ "$(md5sum < "seq/$(printf %08d 100).png")" != "$f0" ] ||
        fail "frame 100 (4 s) shows no subtitle: $(grep ANS_ "$OUT")" || return 1
    [ "$(md5sum < "seq/$(printf %08d "$n").png")" = "$f0" ] ||
        fail "the last frame (after 4.5 s) still shows one"
}

# subs_last_is NAME: the newest frame in seq/ is the reference NAME (a
# frame still being written is not).
subs_last_is() {
    local last
    last=$(find seq -name '*.png' 2>/dev/null | sort | tail -n 1)
    [ -n "$last" ] && [ "$(md5sum < "$last")" = "$(md5sum < "ref-$1/00000001.png")" ]
}

test_slave_sub_key_j_cycles() {
    subs_refs_all || return 1
    # Keys from standard input (no -slave): j, j, J, each once the frames
    # show what the one before selected; then q.
    slave_run -k -w 100 @starting j "?subs_last_is a" j "?subs_last_is b" J \
        "?subs_last_is a" q -- -v -ao null -osdlevel 0 -nosub -vo png:outdir=seq two.mkv
    expect_rc 0 || return 1
    local got
    subs_classes seq none a b c
    got=$SUBS_SEQ
    [ "$got" = "none a b a" ] || fail "frames: '$got'" || return 1
    grep -q 'OSD: Subtitles: (0) eng' "$OUT" && grep -q 'OSD: Subtitles: (1) ger' "$OUT" ||
        fail "OSD messages: $(grep 'OSD:' "$OUT" | tr '\n' ' ')"
}

test_slave_sub_osd_message_drawn() {
    subs_refs_all || return 1
    # With -osdlevel 1 the message "Subtitles: (1) ger" covers the frame
    # for a second: frames right after the command match no reference.
    subs_slave 0.3 "sub_select 1" -- -osdlevel 1 -nosub -vo png:outdir=seq two.mkv
    expect_rc 0 || return 1
    local got
    subs_classes seq none a b c
    got=$SUBS_SEQ
    [ "$SUBS_UNKNOWN" -ge 10 ] || fail "only $SUBS_UNKNOWN frames with an OSD message" ||
        return 1
    [ "$got" = "none b" ] || fail "frames: '$got'"
}

test_slave_sub_pos_scale_alignment() {
    subs_refs_all 10 || return 1
    subs_slave 0.6 "sub_pos 50 1" "get_property sub_pos" "sub_pos -10" \
        "get_property sub_pos" "sub_pos 100 1" "sub_scale 2 1" "get_property sub_scale" \
        "sub_scale 1 1" "sub_alignment 0" "get_property sub_alignment" "sub_alignment" \
        "get_property sub_alignment" "sub_alignment 2" -- -sid 0 -vo png:outdir=seq two.mkv
    expect_rc 0 || return 1
    [ "$(subs_answers sub_pos)" = "50,40," ] || fail "sub_pos: $(subs_answers sub_pos)" ||
        return 1
    [ "$(subs_answers sub_scale)" = "2.000000," ] ||
        fail "sub_scale: $(subs_answers sub_scale)" || return 1
    [ "$(subs_answers sub_alignment)" = "0,1," ] ||
        fail "sub_alignment: $(subs_answers sub_alignment)" || return 1
    # Track 0 as the reference, moved (twice), as it was, larger, as it
    # was, top, centre, as it was: each change shows as frames of its own.
    local got distinct
    SUBS_KEEP_UNKNOWN=1 subs_classes seq none a b c
    got=$SUBS_SEQ
    [ "$got" = "a ? a ? a ? a" ] || fail "frames: '$got'" || return 1
    # Pictures matching no reference: moved to 50 and to 40, larger, top,
    # centre.
    distinct=$(md5sum seq/*.png | awk '{print $1}' | sort -u |
        grep -v -F -e "$(md5sum < ref-a/00000001.png | cut -d' ' -f1)" | wc -l)
    [ "$distinct" -eq 5 ] || fail "$distinct different pictures besides track 0's, expected 5"
}

test_slave_sub_step_moves_delay() {
    subs_media || fail "cannot make two.mkv" || return 1
    printf '1\n00:00:00,000 --> 00:00:01,000\nONE\n\n2\n00:00:05,000 --> 00:00:06,000\nTWO\n' \
        > s.srt
    local P=pausing_keep_force
    subs_slave 0.3 pause "$P sub_step 1" "$P get_property sub_delay" "$P sub_step -1" \
        "$P get_property sub_delay" quit -- -vo null -sub s.srt two.mkv
    expect_rc 0 || return 1
    local d1 d2
    d1=$(subs_answers sub_delay | cut -d, -f1)
    d2=$(subs_answers sub_delay | cut -d, -f2)
    # TWO starts at 5 s: brought to the position (paused early on) the
    # delay is about -5 s; stepping back to ONE (at 0 s) makes it about 0.
    awk -v a="$d1" 'BEGIN { exit !(a < -2 && a >= -5) }' || fail "after sub_step 1: '$d1'" ||
        return 1
    awk -v a="$d2" -v b="$d1" 'BEGIN { exit !(a > b + 2) }' || fail "after sub_step -1: '$d2'"
}
