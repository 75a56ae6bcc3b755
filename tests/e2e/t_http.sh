# Playing over HTTP from an nginx the test starts: the same samples as the
# file, with and without -cache (ring, then the range cache once a read
# plan comes), seeking, and a server that dies mid-play. GPLv2 or later.

HTTP_PID=
HTTP_PORT=
HTTP_DIR=

http_nginx() {
    command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; }
}

# http_start [LIMIT_RATE]: serve $MEDIA on 127.0.0.1 at a free port from a
# config of our own (no daemon, logs and temp paths in a temp dir); wait
# until it answers. Sets HTTP_PID, HTTP_PORT. LIMIT_RATE (nginx limit_rate,
# per connection) keeps a small file from being sent whole into the
# socket buffers at once. Stopped by http_stop (on the test's exit too).
http_start() {
    local nginx rate=${1:-0} try i
    nginx=$(http_nginx) || return 1
    HTTP_DIR=$(mktemp -d "$T/httpd.XXXXXX") || return 1
    trap http_stop EXIT
    for try in 1 2 3 4 5; do
        HTTP_PORT=$((20000 + (RANDOM * 7 + try * 131) % 40000))
        cat > "$HTTP_DIR/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $HTTP_DIR/nginx.pid;
error_log $HTTP_DIR/error.log;
events { worker_connections 64; }
http {
    access_log $HTTP_DIR/access.log;
    client_body_temp_path $HTTP_DIR/t_body;
    proxy_temp_path $HTTP_DIR/t_proxy;
    fastcgi_temp_path $HTTP_DIR/t_fcgi;
    uwsgi_temp_path $HTTP_DIR/t_uwsgi;
    scgi_temp_path $HTTP_DIR/t_scgi;
    server {
        listen 127.0.0.1:$HTTP_PORT;
        root $MEDIA;
        limit_rate $rate;
        limit_rate_after 256k;
    }
}
EOF
        "$nginx" -e "$HTTP_DIR/error.log" -p "$HTTP_DIR" -c "$HTTP_DIR/nginx.conf" \
            </dev/null >/dev/null 2>&1 &
        HTTP_PID=$!
        for i in $(seq 1 100); do
            if (exec 3<>"/dev/tcp/127.0.0.1/$HTTP_PORT") 2>/dev/null; then
                return 0
            fi
            kill -0 "$HTTP_PID" 2>/dev/null || break  # port taken: try another
            sleep 0.05
        done
        http_stop
    done
    fail "nginx did not start: $(tail -n 3 "$HTTP_DIR/error.log" 2>/dev/null)"
}

http_stop() {
    [ -n "$HTTP_PID" ] || return 0
    kill -9 "$HTTP_PID" 2>/dev/null
    wait "$HTTP_PID" 2>/dev/null
    HTTP_PID=
}

# Skip (pass, with a note) where nginx is missing.
http_need() {
    if [ -z "$(http_nginx)" ]; then
        echo "    skipped: nginx not installed (apt-get install nginx-light)" >&2
        return 1
    fi
}

http_same_audio() {
    raw_s16 "$MEDIA/$1" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "audio of $1 over HTTP ($2) differs from the file"
}

test_http_plays_same() {
    http_need || return 0
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

test_http_seek() {
    http_need || return 0
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

# The server dies a second into real-time play: the player ends by itself,
# with one message naming the URL and exit status 2 (see the man page).
test_http_server_killed() {
    http_need || return 0
    local f c url
    for f in "av.mkv -cache 1024" "av.mp4 -cache 64"; do
        c=${f#* }
        f=${f%% *}
        http_start 150k || return 1
        url="http://127.0.0.1:$HTTP_PORT/$f"
        # As mp does, but in the background.
        OUT=$T/last.out
        ERR=$T/last.err
        timeout -k 5 30 "$MPLAYER" $c -ao null -vo null "$url" >"$OUT" 2>"$ERR" </dev/null &
        local player=$!
        # Kill the server once playback has started (not at a fixed time:
        # a loaded machine may not have opened the file yet).
        local w=0
        while [ $w -lt 100 ] && ! grep -q 'Starting playback' "$OUT" 2>/dev/null; do
            sleep 0.1
            w=$((w + 1))
        done
        sleep 0.5
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

# http_seek_media: 12 s, two audio tracks (switch_audio has somewhere to
# go), about 100 KB/s: half the rate of the slow server below.
http_seek_media() {
    [ -s "$MEDIA/httpseek.mkv" ] && return 0
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine=frequency=440 \
        -f lavfi -i sine=frequency=660 -t 12 -map 0 -map 1 -map 2 -c:v mpeg4 -q:v 3 \
        -g 25 -c:a aac -ac 2 "$MEDIA/httpseek.mp4" &&
        ff -i "$MEDIA/httpseek.mp4" -map 0 -c copy "$MEDIA/httpseek.mkv" ||
        { fail "cannot make the media"; return 1; }
}

# http_slave ARGS...: the player with -slave ARGS fed the lines of
# THREADS_SEEKS (t_threads.sh's; run.sh sources every t_*.sh)
# ("sleep N" waits, anything else is a command) at real time. Sets RC,
# OUT, ERR, and QUIT_LAG: seconds from sending the last line to the exit.
http_slave() {
    local line player t0
    OUT=$T/last.out
    ERR=$T/last.err
    rm -f cmd.fifo
    mkfifo cmd.fifo || return 1
    timeout -k 5 60 "$MPLAYER" -slave -quiet -ao null -vo null "$@" <cmd.fifo >"$OUT" \
        2>"$ERR" &
    player=$!
    trap '' PIPE  # the player may end first: a write then fails
    exec 3>cmd.fifo
    while read -r line; do
        case $line in
        sleep\ *) sleep "${line#sleep }" ;;
        ?*) echo "$line" >&3 2>/dev/null ;;
        esac
    done <<<"$THREADS_SEEKS"
    t0=$(date +%s.%N)
    wait "$player"
    RC=$?
    QUIT_LAG=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    exec 3>&-
    if grep -qE 'Sanitizer|runtime error:' "$ERR"; then
        fail "sanitizer report (mplayer $*): $(sed -n '1,40p' "$ERR")"
        return 1
    fi
}


# Seeks and audio switches in slave mode from a server sending 200 KB/s
# after the first 256 KB (twice the file's rate): every command answered
# right and in time, the quit taken at once, exit 0. Seeks used to take
# seconds there (libavformat read through megabytes instead of making a
# new request), so the quit came while a read waited and ended in read
# errors and exit 2.
test_http_slow_seeks() {
    http_need || return 0
    http_seek_media || return 1
    http_start 200k || return 1
    local f c tracks pos
    for f in "httpseek.mkv -cache 1024" "httpseek.mkv -cache 1024 -cache-mode ring" \
        "httpseek.mp4 -cache 64" "httpseek.mkv -nocache"; do
        c=${f#* }
        f=${f%% *}
        # shellcheck disable=SC2086
        http_slave $c "http://127.0.0.1:$HTTP_PORT/$f" || return 1
        expect_rc 0 || { fail "($f $c)"; return 1; }
        tracks=$(tr '\r' '\n' <"$OUT" | sed -n 's/^ANS_switch_audio=//p' | tr '\n' ' ')
        pos=$(tr '\r' '\n' <"$OUT" | sed -n 's/^ANS_TIME_POSITION=//p' | tr '\n' ' ')
        # shellcheck disable=SC2086
        set -- $tracks
        [ $# = 3 ] && [ "$1" != "$2" ] && [ "$2" != "$3" ] ||
            { fail "switch answers '$tracks' ($f $c)"; return 1; }
        # shellcheck disable=SC2086
        set -- $pos
        [ $# = 2 ] &&
            awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= 5 && a < 9 && b >= 0 && b < 4) }' ||
            { fail "positions after 'seek 6 2' and 'seek 1 2': '$pos' ($f $c)"; return 1; }
        # Behind by seconds, the player would still be working off the
        # commands when the quit comes.
        awk -v l="$QUIT_LAG" 'BEGIN { exit !(l < 1.5) }' ||
            { fail "exit $QUIT_LAG s after the quit ($f $c)"; return 1; }
    done
}
