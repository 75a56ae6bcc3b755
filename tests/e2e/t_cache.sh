# -cache: the old ring cache and the new read plans play the same bytes;
# plans advise only what the selected tracks need. GPLv2 or later.

cache_media() {
    [ -s "$MEDIA/skew.mp4" ] ||
        MKMUX="$BUILD/TOOLS/mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 8 -k 4 skew \
            "$MEDIA/skew.mp4" || return 1
    [ -s "$MEDIA/noninter.mp4" ] ||
        MKMUX="$BUILD/TOOLS/mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 8 noninter \
            "$MEDIA/noninter.mp4"
}

same_audio_as_source() {
    raw_s16 "$1" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "audio through the cache differs from the source"
}

test_cache_ring_plays_same() {
    cache_media || return 1
    mp -cache 256 -cache-mode ring -ao pcm:fast:file=out.wav -vo null "$MEDIA/skew.mp4"
    expect_rc 0 || return 1
    same_audio_as_source "$MEDIA/skew.mp4"
}

test_cache_plan_plays_same() {
    cache_media || return 1
    mp -cache 4096 -ao pcm:fast:file=out.wav -vo null "$MEDIA/skew.mp4"
    expect_rc 0 || return 1
    same_audio_as_source "$MEDIA/skew.mp4"
}

test_cache_plan_advises_only_selected_track() {
    cache_media || return 1
    command -v strace >/dev/null || fail "strace missing" || return 1
    # Video only, from a file whose audio lies after all of its video: the
    # plan must never advise the audio's bytes.
    ASAN_OPTIONS=detect_leaks=0 strace -f -qq -P "$MEDIA/noninter.mp4" -e trace=fadvise64 -o trace.txt \
        "$MPLAYER" -really-quiet -benchmark -cache 8192 -nosound -vo null \
        "$MEDIA/noninter.mp4" </dev/null >/dev/null 2>err.txt
    [ $? = 0 ] || fail "exit status: $(head -c 300 err.txt)" || return 1
    local audio_start
    audio_start=$(ffprobe -v error -select_streams a:0 -show_entries packet=pos -of csv=p=0 \
        "$MEDIA/noninter.mp4" | sort -n | head -n 1)
    sed -nE 's/.*fadvise64\([0-9]+, ([0-9]+), ([0-9]+), POSIX_FADV_WILLNEED.*/\1 \2/p' \
        trace.txt > advice.txt
    [ -s advice.txt ] || fail "no advice in plan mode" || return 1
    # Pages are the unit: allow the page the first audio packet shares.
    awk -v a="$audio_start" '$1 + $2 > a + 4096 { print; bad = 1 } END { exit bad }' \
        advice.txt > bad.txt || fail "advised audio bytes (audio from $audio_start): $(head -n 3 bad.txt)"
}

# The status line says what the cache holds ahead, as one token: the plan's
# reach in seconds and its advised-but-unread bytes; the ring's fill.
test_cache_status_line_fill() {
    cache_media || return 1
    mp -cache 4096 -endpos 2 -vo null -ao null "$MEDIA/skew.mp4"
    expect_rc 0 || return 1
    tr '\r' '\n' <"$OUT" | grep -qE ' p:[1-9][0-9]*\.[0-9]s/([1-9][0-9]*k|[0-9.]+M)' ||
        fail "no status line with the plan's reach and bytes ahead" || return 1
    mp -cache 4096 -cache-mode ring -endpos 2 -vo null -ao null "$MEDIA/skew.mp4"
    expect_rc 0 || return 1
    tr '\r' '\n' <"$OUT" | grep -qE ' c:[1-9][0-9]*%/([1-9][0-9]*k|[0-9.]+M)' ||
        fail "no status line with the ring's fill in percent and bytes"
}
