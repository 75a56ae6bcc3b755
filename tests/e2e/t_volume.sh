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
