# Playing over HTTP from an nginx the test starts: the same samples as the
# file, with and without -cache (ring, then the range cache once a read
# plan comes), seeking, and a server that dies mid-play. GPLv2 or later.

# shellcheck source=TOOLS/bench/nginx.sh
. "$here/../../TOOLS/bench/nginx.sh"

HTTP_PID=
HTTP_PORT=
HTTP_DIR=

http_nginx() {
    command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; }
}

# http_start [LIMIT_RATE]: serve $MEDIA on 127.0.0.1 at a free port with a
# private nginx (TOOLS/bench/nginx.sh; its access log in $HTTP_DIR). Sets
# HTTP_PID, HTTP_PORT. LIMIT_RATE (nginx limit_rate, per request, after
# the first 256 KB) keeps a small file from being sent whole into the
# socket buffers at once. Stopped by http_stop (on the test's exit too).
http_start() {
    HTTP_DIR=$(mktemp -d "$T/httpd.XXXXXX") || return 1
    trap http_stop EXIT
    nginx_serve "$HTTP_DIR" "$MEDIA" "${1:-0}" 256k 2>nginx.err ||
        { fail "$(cat nginx.err)"; return 1; }
    HTTP_PID=$NGINX_PID
    HTTP_PORT=$NGINX_PORT
}

http_stop() {
    nginx_stop
    HTTP_PID=
}

# Where nginx is missing, 1, and HTTP_SKIP is what the test returns: 0 (a
# noted skip) or, under CI, 1. Use: http_need || return "$HTTP_SKIP"
HTTP_SKIP=0
http_need() {
    [ -n "$(http_nginx)" ] && return 0
    skip "nginx not installed (TOOLS/install-deps.sh)"
    HTTP_SKIP=$?
    return 1
}

http_same_audio() {
    raw_s16 "$MEDIA/$1" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "audio of $1 over HTTP ($2) differs from the file"
}

test_http_plays_same() {
    http_need || return "$HTTP_SKIP"
    http_start || return 1
    local f c
    for f in av.mkv av.mp4; do
        # No cache; the ring (1 MB holds the whole file); the range cache.
        for c in "-nocache" "-cache 1024" "-cache 64"; do
            rm -f out.wav
            mp -v $c -ao pcm:fast:file=out.wav -vo null "http://127.0.0.1:$HTTP_PORT/$f"
            expect_rc 0 || return 1
            http_same_audio "$f" "$c" || return 1
            # mp4 has an index: the player's read plan turns the ring into
            # the range cache.
            if [ "$f" = av.mp4 ] && [ "$c" = "-cache 64" ]; then
                expect_out "range cache of 64 KB" || return 1
            fi
        done
    done
}

# -user-agent goes out on every request, the range cache's second
# connection's too (av.mp4 with -cache 64: the read plan makes one);
# without it libavformat's own.
test_http_user_agent() {
    http_need || return "$HTTP_SKIP"
    http_start || return 1
    local ua='MPlayerTest/1.0 (a "quoted" word)' log=$HTTP_DIR/access.log n other
    mp -v -cache 64 -user-agent "$ua" -ao pcm:fast:file=out.wav -vo null \
        "http://127.0.0.1:$HTTP_PORT/av.mp4"
    expect_rc 0 || return 1
    expect_out "range cache of 64 KB" || return 1
    # nginx escapes the quote in its log line as \x22.
    n=$(grep -c 'MPlayerTest/1.0 (a \\x22quoted\\x22 word)' "$log")
    other=$(grep -vc 'MPlayerTest/1.0' "$log")
    [ "$n" -ge 2 ] && [ "$other" = 0 ] ||
        fail "$n requests with -user-agent, $other without: $(cut -c 1-200 "$log")" || return 1
    : >"$log"
    mp -nocache -ao pcm:fast:file=out.wav -vo null "http://127.0.0.1:$HTTP_PORT/av.mkv"
    expect_rc 0 || return 1
    grep -q '"Lavf/[0-9.]*"$' "$log" || fail "no libavformat user agent: $(cat "$log")"
}

# -cache-min is the ring's: in ring mode the start waits for it ("Cache
# fill:" lines); in plan mode the ring that bridges the demuxer's opening
# does not wait (the index of av.mp4 is at the end: the bytes from 0 would
# be dropped at once).
test_http_plan_mode_no_cache_min_wait() {
    http_need || return "$HTTP_SKIP"
    http_start 200k || return 1
    local url="http://127.0.0.1:$HTTP_PORT/av.mp4"
    mp -cache 4096 -cache-mode ring -frames 1 -ao null -vo null "$url"
    expect_rc 0 || return 1
    cat "$OUT" "$ERR" | grep -q "Cache fill:" || fail "ring mode did not wait for -cache-min" ||
        return 1
    mp -cache 4096 -frames 1 -ao null -vo null "$url"
    expect_rc 0 || return 1
    ! cat "$OUT" "$ERR" | grep -q "Cache fill:" ||
        fail "plan mode waited for -cache-min: $(tr '\r' '\n' <"$OUT" | grep -m 2 'Cache fill')"
}

test_http_seek() {
    http_need || return "$HTTP_SKIP"
    http_start || return 1
    local f c
    for f in av.mkv av.mp4; do
        mp -ss 2 -ao pcm:fast:file=ref.wav -vo null "$MEDIA/$f"
        expect_rc 0 || return 1
        raw_s16 ref.wav > ref.raw
        [ -s ref.raw ] || fail "no audio after -ss 2 from the file" || return 1
        for c in "-nocache" "-cache 64"; do
            rm -f out.wav
            mp $c -ss 2 -ao pcm:fast:file=out.wav -vo null "http://127.0.0.1:$HTTP_PORT/$f"
            expect_rc 0 || return 1
            raw_s16 out.wav > got.raw
            cmp -s ref.raw got.raw || fail "-ss 2 $c over HTTP differs from the file" ||
                return 1
        done
    done
}

# After a seek the matroska reader jumps back into the bytes it has just
# read, block by block; over HTTP each such jump was a new request (420,
# and nginx sent 537 MB into the sockets, for 2 s of a 3.2 MB file, until
# 2026-12-07). Those bytes are given again from memory now.
test_http_mkv_seek_few_requests() {
    http_need || return "$HTTP_SKIP"
    local mkmux=${BUILD:-$here/../../build}/TOOLS/mkmux
    MKMUX="$mkmux" sh "$here/../../TOOLS/mkmedia.sh" -q -d 40 -s 320x240 -b 500k -c h264 \
        -k -12 skew "$MEDIA/skewb40.mkv" || { fail "mkmedia failed"; return 1; }
    http_start || return 1
    local c n log=$HTTP_DIR/access.log
    for c in "" "-nocache"; do
        : >"$log"
        mp $c -ss 20 -endpos 2 -ao pcm:fast:file=out.wav -vo null \
            "http://127.0.0.1:$HTTP_PORT/skewb40.mkv"
        expect_rc 0 || return 1
        [ "$(stat -c %s out.wav)" -gt 300000 ] || fail "less than 2 s of sound ($c)" ||
            return 1
        # nginx logs a request when it ends: the player has closed them all.
        n=$(wc -l <"$log")
        echo "    -ss 20 ${c:-(default)}: $n requests" >&2
        [ "$n" -le 10 ] || fail "$n requests for -ss 20 -endpos 2 ($c)" || return 1
    done
}

# The server dies a second into real-time play: the player ends by itself,
# with one message naming the URL and exit status 2 (see the man page).
test_http_server_killed() {
    http_need || return "$HTTP_SKIP"
    local f c url
    for f in "av.mkv -cache 1024" "av.mp4 -cache 64"; do
        c=${f#* }
        f=${f%% *}
        http_start 150k || return 1
        url="http://127.0.0.1:$HTTP_PORT/$f"
        # As mp does, but in the background.
        OUT=$T/last.out
        ERR=$T/last.err
        : >"$OUT" # the wait below must not see the last run's lines
        timeout -k 5 30 "$MPLAYER" $c -ao null -vo null "$url" >"$OUT" 2>"$ERR" </dev/null &
        local player=$!
        # Kill the server once playback has started (not at a fixed time:
        # a loaded machine may not have opened the file yet).
        wait_until -p "$player" "the first status line" has_lines 1 "$OUT" '^A: *[0-9]'
        http_stop
        wait "$player"
        RC=$?
        if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
            fail "sanitizer report: $(head -c 600 "$ERR")" || return 1
        fi
        [ "$RC" != 124 ] && [ "$RC" != 137 ] || fail "hung after the server died ($c)" ||
            return 1
        expect_rc 2 || return 1
        [ "$(count_err_lines "$url")" = 1 ] ||
            fail "not one message naming $url ($c): $(head -c 600 "$ERR")" || return 1
    done
}

# Seeks and audio switches in slave mode from a server sending 200 KB/s
# after the first 256 KB (twice the file's rate): every command answered
# right and in time, the quit taken at once, exit 0. Seeks used to take
# seconds there (libavformat read through megabytes instead of making a
# new request), so the quit came while a read waited and ended in read
# errors and exit 2.
test_http_slow_seeks() {
    http_need || return "$HTTP_SKIP"
    threads_media || return 1
    http_start 200k || return 1
    local f c
    for f in "threads.mkv -cache 1024" "threads.mkv -cache 1024 -cache-mode ring" \
        "threads.mp4 -cache 64" "threads.mkv -nocache"; do
        c=${f#* }
        f=${f%% *}
        # t_threads.sh's session (run.sh sources every t_*.sh).
        # shellcheck disable=SC2086
        threads_session "$THREADS_SEEKS" $c "http://127.0.0.1:$HTTP_PORT/$f" ||
            { fail "($f $c)"; return 1; }
        threads_check_answers || { fail "($f $c)"; return 1; }
        # Behind by seconds, the player would still be working off the
        # commands when the quit comes.
        awk -v l="$QUIT_LAG" 'BEGIN { exit !(l < 1.5) }' ||
            { fail "exit $QUIT_LAG s after the quit ($f $c)"; return 1; }
    done
}
