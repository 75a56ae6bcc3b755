# Outputs: -ao pcm and -vo png write what was decoded. GPLv2 or later.

test_pcm_matches_source_wav() {
    mp -ao pcm:fast:file=out.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    [ -f out.wav ] || fail "no out.wav" || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "samples differ: $(stat -c %s ref.raw) vs $(stat -c %s got.raw)"
}

test_pcm_matches_source_mkv_stereo() {
    mp -ao pcm:fast:file=out.wav -vo null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "samples differ: $(stat -c %s ref.raw) vs $(stat -c %s got.raw)"
}

test_pcm_aac_length_exact() {
    # A lossy, planar-float source: the length must still be sample-exact.
    mp -ao pcm:fast:file=out.wav -vo null "$MEDIA/av.mp4"
    expect_rc 0 || return 1
    raw_s16 "$MEDIA/av.mp4" > ref.raw
    raw_s16 out.wav > got.raw
    [ "$(stat -c %s ref.raw)" = "$(stat -c %s got.raw)" ] ||
        fail "length $(stat -c %s got.raw) bytes, ffmpeg decodes $(stat -c %s ref.raw)"
}

test_pcm_wav_header_consistent() {
    mp -ao pcm:fast:file=out.wav -novideo "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    # RIFF size = file size - 8; data size = file size - 44 for a plain header.
    local size riff data
    size=$(stat -c %s out.wav)
    riff=$(od -An -t u4 -j 4 -N 4 out.wav | tr -d ' ')
    data=$(od -An -t u4 -j 40 -N 4 out.wav | tr -d ' ')
    [ "$riff" = $((size - 8)) ] || fail "RIFF size $riff, file $size" || return 1
    [ "$data" = $((size - 44)) ] || fail "data size $data, file $size"
}

test_frames_n_writes_n_png() {
    mp -vo png:outdir=shots -nosound -frames 7 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local n
    n=$(ls shots/*.png 2>/dev/null | wc -l)
    [ "$n" = 7 ] || fail "$n png files, expected 7"
    ls -a shots | grep -q tmp && fail "temporary files left: $(ls -a shots)"
    return 0
}

test_png_shows_first_frame() {
    mp -vo png:outdir=shots -nosound -frames 1 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    ff -i "$MEDIA/v.avi" -frames:v 1 ref.png
    local p
    p=$(psnr shots/00000001.png ref.png)
    case $p in
    inf) return 0 ;;
    esac
    awk -v p="$p" 'BEGIN { exit !(p > 30) }' || fail "PSNR $p dB against ffmpeg's frame"
}

test_all_frames_benchmark() {
    mp -vo png:outdir=shots -nosound -benchmark "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local n
    n=$(ls shots/*.png | wc -l)
    [ "$n" = 75 ] || fail "$n frames written, the file has 75"
    expect_out "BENCHMARKs: VC:"
}

test_status_line_format() {
    mp -ao null -vo null -endpos 0.5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    grep -qE 'A: +[0-9.]+ V: +[0-9.]+ A-V: +-?[0-9.]+ ct: +-?[0-9.]+ +[0-9]+/ +[0-9]+' "$OUT" ||
        fail "no status line in: $(tr '\r' '\n' < "$OUT" | tail -n 3)"
}

# Video only (-nosound): MPlayer 1.5's "V:   0.8  20/ 20  0%  0%  0.0% 0 0"
# with its shown/decoded frame pair.
test_status_line_format_video_only() {
    mp -nosound -vo null -frames 30 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    local re='^V: +0\.8 +20/ +20 +[0-9]+% +[0-9]+% +[0-9.]+% [0-9]+ [0-9]+'
    tr '\r' '\n' <"$OUT" | grep -qE "$re" ||
        { fail "not MPlayer's line: $(tr '\r' '\n' <"$OUT" | grep '^V:' | sed -n 20p)"; return 1; }
}

test_quiet_hides_status_line() {
    mp -quiet -ao null -vo null -endpos 0.3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    grep -q 'A-V:' "$OUT" && fail "status line printed with -quiet"
    expect_out "Playing"
}

test_really_quiet_prints_nothing() {
    mp -really-quiet -ao null -vo null -endpos 0.3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ ! -s "$OUT" ] || fail "stdout not empty: $(head -c 200 "$OUT")"
}

test_pcm_matches_ogg_family_from_disk() {
    # Vorbis, Opus and FLAC in Ogg, and a Theora video, played from a plain
    # file (the default read path, plans and all) and with -nocache: every
    # sample as ffmpeg decodes it, every frame. libavformat checks each Ogg
    # page's CRC; the file once failed that on every page.
    local a="-f lavfi -i sine=frequency=440:sample_rate=48000:duration=3"
    ff $a -c:a libvorbis t.ogg && ff $a -c:a libopus t.opus && ff $a -c:a flac t.oga &&
        ff -f lavfi -i testsrc2=size=160x120:rate=25 -t 2 -c:v libtheora t.ogv ||
        { fail "could not make the Ogg files"; return 1; }
    local f c
    for c in "" -nocache; do
        for f in t.ogg t.opus t.oga; do
            rm -f out.wav
            mp $c -ao pcm:fast:file=out.wav "$f"
            expect_rc 0 || return 1
            raw_s16 "$f" >ref.raw
            raw_s16 out.wav >got.raw
            cmp -s ref.raw got.raw ||
                fail "$f $c: samples differ: $(stat -c %s ref.raw) vs $(stat -c %s got.raw)" ||
                return 1
        done
        mp $c -benchmark -vo null -ao null -frames 1000 t.ogv
        expect_rc 0 || return 1
        grep -q "V:   2.0  50/ 50" "$OUT" ||
            fail "t.ogv $c: not 50 frames: $(tail -c 300 "$OUT")" || return 1
    done
}

# -ao pcm keeps its file open from one file to the next of the same
# format: -loop 3 writes every pass, a playlist every file (MPlayer 1.5
# reopened the WAV per file, so only the last pass or file was left).
test_output_pcm_keeps_every_loop_pass() {
    local one three two
    mp -vo null -ao pcm:fast:file=one.wav "$MEDIA/a.wav"
    one=$(wav_samples one.wav)
    mp -loop 3 -vo null -ao pcm:fast:file=three.wav "$MEDIA/a.wav"
    expect_rc 0 || return 1
    three=$(wav_samples three.wav)
    [ "$three" = $((3 * one)) ] || { fail "-loop 3: $three samples, one pass $one"; return 1; }
    raw_s16 one.wav > one.raw
    raw_s16 three.wav | head -c $(($(stat -c %s one.raw) * 2)) | tail -c "$(stat -c %s one.raw)" \
        > second.raw
    cmp -s one.raw second.raw || { fail "the second pass differs from the file"; return 1; }
    mp -vo null -ao pcm:fast:file=two.wav "$MEDIA/a.wav" "$MEDIA/a.wav"
    two=$(wav_samples two.wav)
    [ "$two" = $((2 * one)) ] || fail "two files: $two samples, one $one"
}
