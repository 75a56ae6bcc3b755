# -vf / -af chains in the player. GPLv2 or later.

test_vf_scale_and_flip() {
    mp -nosound -vo png:outdir=shots -frames 1 -vf scale=160:120,flip "$MEDIA/v.avi"
    expect_rc 0 || return 1
    ff -i "$MEDIA/v.avi" -frames:v 1 -vf scale=160:120,vflip ref.png
    local size p
    size=$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 shots/00000001.png)
    [ "$size" = "160,120" ] || fail "size $size" || return 1
    # Scalers differ in detail (ffmpeg's CLI converts differently): the
    # flipped reference must match well, the unflipped one clearly worse.
    ff -i "$MEDIA/v.avi" -frames:v 1 -vf scale=160:120 unflipped.png
    local q
    p=$(psnr shots/00000001.png ref.png)
    q=$(psnr shots/00000001.png unflipped.png)
    awk -v p="$p" -v q="$q" 'BEGIN { if (p == "inf") p = 99; exit !(p > 24 && p > q + 8) }' ||
        fail "PSNR $p against ffmpeg's flipped frame, $q against the unflipped one"
}

test_vf_add_and_clr() {
    mp -nosound -vo png:outdir=a -frames 1 -vf scale=160:120 -vf-add mirror -vf-clr \
        "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ffprobe -v error -show_entries stream=width -of csv=p=0 a/00000001.png)" = 320 ] ||
        fail "-vf-clr did not clear the chain"
}

test_af_volume() {
    mp -af volume=-6 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local a b
    a=$(ffmpeg -nostdin -hide_banner -i "$MEDIA/a.wav" -af volumedetect -f null - 2>&1 |
        sed -n 's/.*mean_volume: \([-0-9.]*\) dB.*/\1/p')
    b=$(ffmpeg -nostdin -hide_banner -i out.wav -af volumedetect -f null - 2>&1 |
        sed -n 's/.*mean_volume: \([-0-9.]*\) dB.*/\1/p')
    awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(d > 5.8 && d < 6.2) }' ||
        fail "volume=-6: $a dB -> $b dB"
}

test_af_scaletempo_keeps_length_ratio() {
    mp -af scaletempo -speed 2 -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local n
    n=$(( ($(stat -c %s out.wav) - 44) / 2 ))
    [ "$n" -ge 43000 ] && [ "$n" -le 45500 ] || fail "$n samples at -speed 2 with scaletempo"
}

test_unknown_filter_refused_before_playback() {
    mp -vf nosuchfilter -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "nosuchfilter" || return 1
    [ ! -e out.wav ] || fail "played despite the bad filter"
}

test_filter_help() {
    mp -vf help
    expect_rc 0 || return 1
    expect_out "crop" || return 1
    mp -af help
    expect_rc 0 || return 1
    expect_out "scaletempo"
}
