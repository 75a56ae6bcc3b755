# Software volume: -volume, -softvol-max, mute. GPLv2 or later.

mean_db() {
    ffmpeg -nostdin -hide_banner -i "$1" -af volumedetect -f null - 2>&1 |
        sed -n 's/.*mean_volume: \([-0-9.]*\) dB.*/\1/p'
}

test_default_volume_is_unity() {
    mp -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "the default volume changed the samples"
}

test_volume_half_is_minus_6db() {
    mp -volume 50 -softvol-max 100 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local a b
    a=$(mean_db "$MEDIA/a.wav")
    b=$(mean_db out.wav)
    awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(d > 5.8 && d < 6.3) }' ||
        fail "source $a dB, -volume 50: $b dB (expected 6 dB less)"
}

test_volume_zero_is_silence() {
    mp -volume 0 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    raw_s16 out.wav | od -An -v -t d2 | tr -s ' ' '\n' | grep -v '^$' | grep -qv '^0$' &&
        fail "-volume 0 is not silent"
    return 0
}

# -channels: the WAV header's channel count (bytes 22-23, little endian).
wav_nch() {
    od -An -j22 -N2 -tu2 "$1" | tr -d ' '
}

test_channels_ac3_default_is_stereo() {
    ff -f lavfi -i sine=440:d=0.5 -ac 6 -c:a ac3 a.ac3 || return 1
    mp -identify -vo null -ao pcm:fast:file=out.wav a.ac3
    expect_rc 0 || return 1
    [ "$(wav_nch out.wav)" = 2 ] || fail "5.1 AC-3: $(wav_nch out.wav) channels, not 2" || return 1
    grep -q 'ID_AUDIO_NCH=2' "$OUT" || fail "no ID_AUDIO_NCH=2 in stdout" || return 1
    grep -aq 'AO: \[pcm\] 44100Hz 2ch' "$OUT" "$ERR" || fail "no 2ch AO line" || return 1
    local db
    db=$(mean_db out.wav)
    awk -v d="$db" 'BEGIN { exit !(d > -40) }' || fail "downmix is silent ($db dB)"
}

test_channels_ac3_keeps_layout_and_mono() {
    ff -f lavfi -i sine=440:d=0.5 -ac 6 -c:a ac3 a.ac3 || return 1
    mp -vo null -channels 4 -ao pcm:fast:file=out.wav a.ac3
    expect_rc 0 || return 1
    [ "$(wav_nch out.wav)" = 6 ] || fail "-channels 4: $(wav_nch out.wav) ch, not 6" || return 1
    mp -vo null -channels 1 -ao pcm:fast:file=out.wav a.ac3
    expect_rc 0 || return 1
    [ "$(wav_nch out.wav)" = 1 ] || fail "-channels 1 gave $(wav_nch out.wav) channels, expected 1"
}

# Slave mode's channels property is the decoder's count, as MPlayer 1.5
# answers it (2 for a 5.1 AC-3 by default), not the container's.
test_channels_slave_property_follows_downmix() {
    ff -f lavfi -i sine=440:d=1 -ac 6 -c:a ac3 a.ac3 || return 1
    slave "get_property channels" "quit" -- -vo null -ao null a.ac3
    expect_rc 0 || return 1
    [ "$(ans_all channels)" = 2 ] || fail "channels: '$(ans_all channels)', not 2" || return 1
    slave "get_property channels" "quit" -- -vo null -ao null -channels 6 a.ac3
    expect_rc 0 || return 1
    [ "$(ans_all channels)" = 6 ] || fail "-channels 6: '$(ans_all channels)', not 6"
}

test_channels_other_codecs_keep_count() {
    ff -f lavfi -i sine=440:d=0.5 -ac 6 f.flac || return 1
    ff -f lavfi -i sine=440:d=0.5 -ac 2 -c:a aac s.m4a || return 1
    mp -vo null -ao pcm:fast:file=out.wav f.flac
    expect_rc 0 || return 1
    [ "$(wav_nch out.wav)" = 6 ] || fail "5.1 FLAC: $(wav_nch out.wav) channels, not 6" || return 1
    mp -vo null -channels 6 -ao pcm:fast:file=out.wav s.m4a
    expect_rc 0 || return 1
    [ "$(wav_nch out.wav)" = 2 ] || fail "stereo AAC gave $(wav_nch out.wav) channels, expected 2"
}

test_channels_out_of_range() {
    ff -f lavfi -i sine=440:d=0.5 a.wav || return 1
    mp -channels 9 -vo null -ao null a.wav
    expect_rc 1 || return 1
    expect_err "Option -channels: value 9 out of range 1..8"
}
