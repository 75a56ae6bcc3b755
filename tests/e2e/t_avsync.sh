# A/V sync when one track's data comes late from slow storage (slowfs):
# the audio starts with the first frame, and a starved track holds the
# clock instead of letting A-V drift. GPLv2 or later.

# Two files whose tracks lie 6 s apart: audio behind its video (its data
# come late at the start) and ahead of it (the video's come late).
avsync_media() {
    local k
    for k in -6 6; do
        [ -s "$MEDIA/avs$k.mp4" ] ||
            MKMUX="$BUILD/TOOLS/mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 8 -s 640x360 \
                -b 1M -k "$k" skew "$MEDIA/avs$k.mp4" || return 1
    done
}

# The largest |A-V| over the status lines of the last run (they end in
# \r), and how many there were: "0.040 75".
avsync_max_av() {
    tr '\r' '\n' <"$OUT" | awk '/^A: *[-0-9.]+ V: *[-0-9.]+ A-V:/ {
        x = $6 < 0 ? -$6 : $6; if (x > m) m = x; n++ }
        END { printf "%.3f %d\n", m, n }'
}

test_avsync_late_data_keeps_sync() {
    avsync_media || return 1
    # 250 kB/s with 20 ms per seek and request (the media need 141 kB/s),
    # and a 5 s stall at the middle of the file: what was read ahead runs
    # out, and some track's data come late, whichever it is.
    hostile_slowfs_mount --bw=250000 --seek-ms=20 --lat-ms=20 --lat-idle ||
        { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local k r max n size ok=0
    for k in -6 6; do
        size=$(stat -c %s "$MEDIA/avs$k.mp4")
        sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" clear
        sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" stall "avs$k.mp4" $((size / 2)) 5000
        sh "$HOSTILE_SLOWFS_SH" cold "mnt/avs$k.mp4" >/dev/null 2>&1
        mp -v -vo null -ao null -endpos 6 "mnt/avs$k.mp4"
        expect_rc 0 || { fail "(-k $k)"; ok=1; break; }
        r=$(avsync_max_av)
        max=${r% *}
        n=${r#* }
        # 150 frames in 6 s; the first status line is the first frame's:
        # the old player printed "A:   0.5 V:   0.0" there, or drifted
        # by 0.55 s when the video's data came late.
        [ "$n" -ge 145 ] || { fail "(-k $k) $n status lines, expected 150"; ok=1; }
        awk -v m="$max" 'BEGIN { exit !(m < 0.3) }' ||
            { fail "(-k $k) |A-V| reached $max s"; ok=1; }
        # The 5 s are waited either while playing (a stall, reported) or at
        # the start: with the audio behind, when the device's readahead in
        # file order reaches the held bytes before the jump to the audio's
        # first packets (slowfs --trace: 524288+131072 held, then 851968;
        # a race with the plan's advice, a few runs in ten under load), the
        # picture stays still and the sound starts after them.
        local sound
        sound=$(grep -a "^Video: " "$OUT" | sed -n 's/.*sound from \([0-9.]*\) s$/\1/p')
        tr '\r' '\n' <"$OUT" | grep -q "^Stall: waiting for \(audio\|video\) data" ||
            awk -v s="${sound:-0}" 'BEGIN { exit !(s >= 4.5) }' ||
            { fail "(-k $k) no stall reported: $(grep -a Video: "$OUT")"; ok=1; }
        # -v's summary says when the sound started (held until the picture).
        grep -aq "^Video: .*first frame after [0-9.]* s; .*; sound from [0-9.]* s$" "$OUT" ||
            { fail "(-k $k) no sound time: $(grep -a Video: "$OUT")"; ok=1; }
    done
    hostile_slowfs_umount
    return $ok
}

# Audio stored 6 s behind its video on a slow device: the first picture is
# shown as soon as it is decoded, a still until the audio's bytes arrive
# and the clock starts with them (before, the audio fill waited for those
# bytes first and the picture came with the sound). In sync afterwards.
test_avsync_picture_before_late_audio() {
    avsync_media || return 1
    hostile_slowfs_mount --bw=250000 --seek-ms=40 --lat-ms=20 --lat-idle ||
        { skip "$HOSTILE_SLOWFS_WHY"; return; }
    local line frame sound r ok=0
    sh "$HOSTILE_SLOWFS_SH" ctl "$PWD/mnt" clear
    sh "$HOSTILE_SLOWFS_SH" cold "mnt/avs-6.mp4" >/dev/null 2>&1
    mp -v -vo null -ao null -endpos 3 "mnt/avs-6.mp4"
    expect_rc 0 || ok=1
    line=$(grep -a "^Video: .*first frame after" "$OUT")
    frame=$(echo "$line" | sed -n 's/.*first frame after \([0-9.]*\) s;.*/\1/p')
    sound=$(echo "$line" | sed -n 's/.*sound from \([0-9.]*\) s$/\1/p')
    [ -n "$frame" ] && [ -n "$sound" ] || { fail "no times: $line"; ok=1; }
    awk -v f="$frame" -v s="$sound" 'BEGIN { exit !(f + 0.02 < s) }' ||
        { fail "first frame at $frame s, sound at $sound s"; ok=1; }
    r=$(avsync_max_av)
    awk -v m="${r% *}" 'BEGIN { exit !(m < 0.3) }' || { fail "|A-V| reached ${r% *} s"; ok=1; }
    # -delay times the first picture on the audio clock: it waits for it.
    sh "$HOSTILE_SLOWFS_SH" cold "mnt/avs-6.mp4" >/dev/null 2>&1
    mp -v -vo null -ao null -endpos 3 -delay 0.1 "mnt/avs-6.mp4"
    expect_rc 0 || ok=1
    line=$(grep -a "^Video: .*first frame after" "$OUT")
    frame=$(echo "$line" | sed -n 's/.*first frame after \([0-9.]*\) s;.*/\1/p')
    sound=$(echo "$line" | sed -n 's/.*sound from \([0-9.]*\) s$/\1/p')
    awk -v f="$frame" -v s="$sound" 'BEGIN { exit !(f + 0.02 >= s) }' ||
        { fail "-delay 0.1: first frame at $frame s, sound at $sound s"; ok=1; }
    hostile_slowfs_umount
    return $ok
}

# Five copies of one 4 s MPEG-TS joined with cat (a looped feed): the
# timestamps restart four times. Each restart is followed, so the clocks
# go on rising to 20 s in step (before, the audio clock froze at the first
# reset and A-V reached the segment's length, 4 s; MPlayer 1.5 plays it).
# Many joined copies with MPEG-2 video (whose dts trail its pts): after 18
# resets the next audio chunk lay 0.52 s past the audio written, more than
# the 0.5 s a fast output may run ahead of the video, while the frame waited
# for the clock (the audio written) to reach it: the run stopped at 361.6 s
# of 382 and never ended.
test_avsync_mpegts_many_resets_play_to_the_end() {
    local i last
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine -t 20 -c:v mpeg2video \
        -q:v 8 -c:a mp2 -f mpegts one.ts || return 1
    for i in $(seq 19); do cat one.ts; done > many.ts
    MP_TIMEOUT=90 mp -v -vo null -ao pcm:fast:file=out.wav many.ts
    expect_rc 0 || return 1
    [ "$(grep -c 'timestamps jump by' "$OUT")" = 18 ] ||
        { fail "not 18 resets followed: $(grep -c 'timestamps jump' "$OUT")"; return 1; }
    last=$(tr '\r' '\n' < "$OUT" | grep '^A:' | tail -n 1 | awk '{ print $2 }')
    in_range "$last" 378 386 || fail "the audio clock ended at $last s of 382"
}

test_avsync_mpegts_timestamp_resets_followed() {
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine -t 4 -c:v mpeg4 -q:v 8 \
        -c:a mp2 -f mpegts one.ts || return 1
    cat one.ts one.ts one.ts one.ts one.ts > five.ts
    mp -v -vo null -ao pcm:fast:file=out.wav five.ts
    expect_rc 0 || return 1
    [ "$(grep -c 'timestamps jump by' "$OUT")" = 4 ] ||
        { fail "not 4 resets followed: $(grep 'timestamps jump' "$OUT")"; return 1; }
    local worst last
    worst=$(tr '\r' '\n' < "$OUT" | awk '/^A:/ { d = $6 < 0 ? -$6 : $6; if (d > w) w = d }
        END { print w + 0 }')
    last=$(tr '\r' '\n' < "$OUT" | grep '^A:' | tail -n 1 | awk '{ print $2 }')
    awk -v w="$worst" 'BEGIN { exit !(w < 1.0) }' || { fail "A-V reached $worst s"; return 1; }
    in_range "$last" 19 22.5 || fail "the audio clock ended at $last s"
}
