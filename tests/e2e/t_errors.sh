# Bad input: one clear message naming it, the documented exit status, no
# half-written output. GPLv2 or later.

test_missing_file() {
    mp -ao pcm:fast:file=out.wav /nonexistent/clip.mkv
    expect_rc 2 || return 1
    expect_err "/nonexistent/clip.mkv" || return 1
    [ "$(count_err_lines /nonexistent/clip.mkv)" = 1 ] || fail "more than one message" || return 1
    [ ! -e out.wav ] || fail "out.wav written for a missing file"
}

test_directory() {
    mkdir adir
    mp adir
    expect_rc 2 || return 1
    expect_err "adir" || return 1
    expect_err "directory"
}

test_unreadable_file() {
    cp "$MEDIA/a.wav" locked.wav
    chmod 000 locked.wav
    if [ -r locked.wav ]; then
        return 0  # root reads anything: nothing to test here
    fi
    mp locked.wav
    expect_rc 2 || return 1
    expect_err "locked.wav"
}

test_not_media() {
    seq 1 20000 > notes.txt
    mp -vo png:outdir=shots notes.txt
    expect_rc 2 || return 1
    expect_err "notes.txt" || return 1
    [ ! -e shots ] || fail "output made for a non-media file"
}

test_empty_file() {
    : > empty.mkv
    mp empty.mkv
    expect_rc 2 || return 1
    expect_err "empty.mkv"
}

# Truncated files, each format cut at 8 points after its header: what is
# there is played, then one "Error reading 'FILE': truncated file." and
# status 2 (the man page, EXIT STATUS). Matroska and RIFF (AVI) declare
# their size, MP4 boxes theirs; MPEG-TS declares none, so its cuts are
# made inside a 188-byte packet (a cut at a packet boundary cannot be told
# from a whole file; the man page says so).
test_truncated_file() {
    local f ext size i cut n samples
    ff -i "$MEDIA/av.mkv" -c:v copy -c:a aac -movflags +faststart tr.mp4 &&
        ff -i "$MEDIA/av.mkv" -c copy tr.avi &&
        ff -i "$MEDIA/av.mkv" -c:v mpeg2video -q:v 4 -c:a mp2 tr.ts &&
        cp "$MEDIA/av.mkv" tr.mkv || { fail "cannot make the media"; return 1; }
    for f in tr.mkv tr.mp4 tr.avi tr.ts; do
        ext=${f##*.}
        size=$(stat -c %s "$f")
        for i in 1 2 3 4 5 6 7 8; do
            cut=$((size * i / 9 + 1000 + i))
            while [ $((cut % 188)) = 0 ] || [ $((cut % 192)) = 0 ] ||
                [ $((cut % 204)) = 0 ]; do
                cut=$((cut + 1))
            done
            head -c "$cut" "$f" > "cut.$ext"
            rm -f out.wav
            MP_TIMEOUT=30 mp -ao pcm:fast:file=out.wav -vo null "cut.$ext"
            expect_rc 2 || { fail "$f cut at $cut of $size"; return 1; }
            n=$(grep -cF "Error reading 'cut.$ext': truncated file." "$ERR")
            [ "$n" = 1 ] ||
                { fail "$f cut at $cut: $n truncation messages: $(cat "$ERR")"; return 1; }
            # What was there is played: the audio up to near the cut.
            samples=$(wav_samples out.wav 2>/dev/null)
            [ "${samples:-0}" -gt $((176400 * (i - 1) / 9 / 2)) ] ||
                { fail "$f cut at $cut: only ${samples:-0} samples played"; return 1; }
        done
    done
}

test_bad_file_among_good() {
    mp -ao pcm:fast:file=out.wav -vo null /nonexistent.wav "$MEDIA/a.wav"
    expect_rc 2 || return 1
    raw_s16 "$MEDIA/a.wav" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "the good file was not played fully"
}

test_unknown_option() {
    mp -no-such-option "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "no-such-option"
}

test_malformed_option_value() {
    mp -ss abc "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "ss"
}

test_out_of_range_option() {
    mp -speed 1000 "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "speed"
}

test_missing_option_argument() {
    mp "$MEDIA/a.wav" -ss
    expect_rc 1 || return 1
    expect_err "ss"
}

test_unknown_vo() {
    mp -vo nosuchvo -nosound "$MEDIA/v.avi"
    expect_rc 3 || return 1
    expect_err "nosuchvo"
}

test_pcm_disk_full() {
    mp -ao pcm:fast:file=/dev/full "$MEDIA/a.wav"
    expect_rc 3 || return 1
    expect_err "/dev/full"
}

test_pcm_unwritable_dir() {
    mp -ao pcm:fast:file=/nonexistent-dir/out.wav "$MEDIA/a.wav"
    expect_rc 3 || return 1
    expect_err "/nonexistent-dir/out.wav"
}

test_interrupted_pcm_is_complete_wav() {
    # SIGTERM while playing in real time: the WAV written is whole and its
    # header matches its data (nothing half-written that looks complete).
    timeout -s TERM 1 "$MPLAYER" -ao pcm:file=out.wav "$MEDIA/a.wav" >/dev/null 2>err.txt
    grep -qE 'Sanitizer|runtime error' err.txt && fail "sanitizer: $(head -n 20 err.txt)" && return 1
    ls -a | grep -q '\.tmp' && fail "temporary left: $(ls -a)" && return 1
    [ -f out.wav ] || fail "no out.wav after SIGTERM" || return 1
    local size data
    size=$(stat -c %s out.wav)
    data=$(od -An -t u4 -j 40 -N 4 out.wav | tr -d ' ')
    [ "$data" = $((size - 44)) ] || fail "data size $data, file $size"
}

test_killed_pcm_leaves_no_complete_looking_file() {
    # SIGKILL cannot be handled: what stays must not pass for a finished file.
    "$MPLAYER" -ao pcm:file=out.wav "$MEDIA/a.wav" >/dev/null 2>&1 &
    local pid=$!
    # Killed while it writes: once its temporary holds samples past the header.
    wait_until -p "$pid" "samples in the temporary" \
        eval '[ -n "$(find . -maxdepth 1 -name ".out.wav.*.tmp" -size +1k)" ]' ||
        { kill -9 "$pid"; return 1; }
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    [ ! -e out.wav ] || fail "out.wav exists after SIGKILL"
}
