# Seeking, -endpos, -frames, -speed, -loop. GPLv2 or later.

# Index of the frame of $MEDIA/v.avi (25 fps) that best matches image $1,
# searched in frames $2..$3.
best_frame() {
    local img=$1 lo=$2 hi=$3 best=-1 bestp=-1 i p
    for i in $(seq "$lo" "$hi"); do
        ff -i "$MEDIA/v.avi" -vf "select=eq(n\,$i)" -frames:v 1 "cand$i.png"
        p=$(psnr "$img" "cand$i.png")
        [ "$p" = inf ] && p=1000
        if awk -v a="$p" -v b="$bestp" 'BEGIN { exit !(a > b) }'; then
            best=$i
            bestp=$p
        fi
    done
    echo "$best"
}

test_ss_lands_within_one_frame() {
    # 1.6 s is not on a keyframe (-g 25): the player must decode up to it.
    mp -vo png:outdir=shots -nosound -ss 1.6 -frames 1 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local b
    b=$(best_frame shots/00000001.png 36 44)
    [ "$b" -ge 39 ] && [ "$b" -le 41 ] || fail "shows frame $b, expected 40 +- 1"
}

test_ss_hms_syntax() {
    mp -vo png:outdir=shots -nosound -ss 00:00:02 -frames 1 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local b
    b=$(best_frame shots/00000001.png 47 53)
    [ "$b" -ge 49 ] && [ "$b" -le 51 ] || fail "shows frame $b, expected 50 +- 1"
}

test_endpos_audio_exact() {
    mp -ao pcm:fast:file=out.wav "$MEDIA/a.wav" -endpos 1.0
    expect_rc 0 || return 1
    local n
    n=$(( $(stat -c %s out.wav) - 44 ))
    [ "$n" = $((44100 * 2)) ] || fail "$n bytes of samples, expected $((44100 * 2))"
}

test_ss_endpos_audio_exact() {
    mp -ao pcm:fast:file=out.wav -ss 0.5 -endpos 1.0 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/a.wav" | tail -c +$((22050 * 2 + 1)) | head -c $((44100 * 2)) > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "not samples 22050..66150 of the source"
}

test_endpos_video_frames() {
    mp -vo png:outdir=shots -nosound -endpos 1 "$MEDIA/v.avi" -benchmark
    expect_rc 0 || return 1
    local n
    n=$(ls shots/*.png | wc -l)
    [ "$n" = 25 ] || fail "$n frames for 1 s at 25 fps"
}

test_speed_two_halves_audio() {
    mp -ao pcm:fast:file=out.wav -speed 2 "$MEDIA/a.wav"
    expect_rc 0 || return 1
    local n
    n=$(( ($(stat -c %s out.wav) - 44) / 2 ))
    [ "$n" -ge 44000 ] && [ "$n" -le 44200 ] || fail "$n samples at -speed 2, expected ~44100"
}

test_loop_plays_twice() {
    mp -vo png:outdir=shots -nosound -loop 2 -benchmark "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local n
    n=$(ls shots/*.png | wc -l)
    [ "$n" = 150 ] || fail "$n frames with -loop 2, expected 150"
}

test_realtime_takes_real_time() {
    # Real time at 1x: 1 s of audio cannot finish in well under a second.
    local t0 t1
    t0=$(date +%s.%N)
    mp -ao pcm:file=out.wav -endpos 1 "$MEDIA/a.wav"
    t1=$(date +%s.%N)
    expect_rc 0 || return 1
    awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 0.9) }' ||
        fail "1 s of audio played in $(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}') s"
}
