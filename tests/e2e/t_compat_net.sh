# MPlayer's network options (-referrer, -http-header-fields, -user/-passwd,
# -cookies, -cookies-file) against a private nginx that logs the headers
# each request came with (TOOLS/bench/nginx.sh: DIR/headers.log, as
#   STATUS "URI" "REFERER" "COOKIE" "REMOTE_USER" "X_MP_ONE" "X_MP_TWO" ADDR).
# GPLv2 or later.

# shellcheck source=TOOLS/bench/nginx.sh
. "$here/../../TOOLS/bench/nginx.sh"

NETC_DIR=
NETC_PORT=
NETC_SKIP=0

# netc_need: 0 where nginx is installed; else 1, NETC_SKIP what the test
# returns (a noted skip, a failure under CI).
netc_need() {
    { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; } && return 0
    skip "nginx not installed (TOOLS/install-deps.sh)"
    NETC_SKIP=$?
    return 1
}

# netc_start: serve www/ (a.wav, auth/a.wav behind basic authentication
# for joe / "se cret", av.mp4) from the test's folder. Stopped on exit.
netc_start() {
    NETC_DIR=$PWD/srv
    mkdir -p www/auth "$NETC_DIR" || return 1
    ff -f lavfi -i "sine=f=440:d=0.3" -c:a pcm_s16le www/a.wav || return 1
    cp www/a.wav www/auth/a.wav && cp "$MEDIA/av.mp4" www/ || return 1
    printf 'joe:{PLAIN}se cret\n' >"$NETC_DIR/htpasswd"
    trap nginx_stop EXIT
    NGINX_IPV6=${NETC_IPV6:-0} nginx_serve "$NETC_DIR" "$PWD/www" 0 2>nginx.err ||
        { fail "$(cat nginx.err)"; return 1; }
    NETC_PORT=$NGINX_PORT
}

netc_url() {
    echo "http://127.0.0.1:$NETC_PORT/$1"
}

# The requests logged so far (nginx writes each line when it ends).
netc_log() {
    cat "$NETC_DIR/headers.log"
}

netc_same_audio() {
    raw_s16 "$1" >ref.raw && raw_s16 out.wav >got.raw || return 1
    cmp -s ref.raw got.raw || fail "audio of $1 over HTTP differs from the file"
}

# Every request, the range cache's second connection's too (av.mp4 with
# -cache 64 has a read plan), carries the Referer and both extra fields.
test_net_referrer_and_header_fields() {
    netc_need || return "$NETC_SKIP"
    netc_start || return 1
    mp -cache 64 -referrer 'http://ref.example/page?a=1' \
        -http-header-fields 'X-MP-One: 1, X-MP-Two: two words' \
        -ao pcm:fast:file=out.wav -vo null "$(netc_url av.mp4)"
    expect_rc 0 || return 1
    netc_same_audio www/av.mp4 || return 1
    local n bad
    n=$(netc_log | wc -l)
    bad=$(netc_log | grep -vcF '"http://ref.example/page?a=1" "-" "-" "1" "two words"')
    [ "$n" -ge 2 ] || fail "only $n request(s): $(netc_log)" || return 1
    [ "$bad" = 0 ] || fail "$bad of $n requests without the fields: $(netc_log)" || return 1
    # Without the options, none of it.
    : >"$NETC_DIR/headers.log"
    mp -ao pcm:fast:file=out.wav -vo null "$(netc_url a.wav)"
    expect_rc 0 || return 1
    netc_log | grep -qF '"/a.wav" "-" "-" "-" "-" "-"' ||
        fail "headers sent without the options: $(netc_log)"
}

# A field that is not "Name: value" (or holds a line break) is a bad value:
# status 1, before any request.
test_net_bad_header_field() {
    netc_need || return "$NETC_SKIP"
    netc_start || return 1
    mp -http-header-fields 'X-MP-One: 1,nocolon' -ao null -vo null "$(netc_url a.wav)"
    expect_rc 1 || return 1
    expect_err "Option -http-header-fields: 'nocolon' is not a 'Name: value' header field" ||
        return 1
    mp -referrer "$(printf 'http://a/\r\nX-Evil: 1')" -ao null -vo null "$(netc_url a.wav)"
    expect_rc 1 || return 1
    expect_err "Option -referrer:" || return 1
    [ ! -s "$NETC_DIR/headers.log" ] || fail "requests were made: $(netc_log)"
}

# -user/-passwd: the server's 401 is answered with the credentials, as
# MPlayer does; without them, or with a wrong password, access is refused.
test_net_user_passwd() {
    netc_need || return "$NETC_SKIP"
    netc_start || return 1
    mp -ao pcm:fast:file=out.wav -vo null "$(netc_url auth/a.wav)"
    expect_rc 2 || return 1
    expect_err "permission denied" || return 1
    netc_log | grep -qv '^401 ' && { fail "served without credentials: $(netc_log)"; return 1; }
    : >"$NETC_DIR/headers.log"
    rm -f out.wav
    mp -user joe -passwd 'se cret' -ao pcm:fast:file=out.wav -vo null "$(netc_url auth/a.wav)"
    expect_rc 0 || return 1
    netc_same_audio www/auth/a.wav || return 1
    netc_log | grep -qE '^20[06] "/auth/a.wav" "-" "-" "joe"' ||
        fail "no authenticated request: $(netc_log)" || return 1
    mp -user joe -passwd wrong -ao null -vo null "$(netc_url auth/a.wav)"
    expect_rc 2 || return 1
    expect_err "permission denied" || return 1
    # -passwd alone sends nothing, and says so.
    mp -passwd 'se cret' -ao null -vo null "$(netc_url auth/a.wav)"
    expect_rc 2 || return 1
    expect_err "-passwd without -user: no credentials are sent." || return 1
}

# -cookies sends the cookies of the file for the host and the request's
# path: not another host's, not a deeper path's, not secure ones over
# HTTP, not expired ones; -nocookies and -cookies-file alone send none.
test_net_cookies() {
    netc_need || return "$NETC_SKIP"
    netc_start || return 1
    {
        printf '# Netscape HTTP Cookie File\n'
        printf '127.0.0.1\tFALSE\t/\tFALSE\t0\tsess\tabc\n'
        printf '127.0.0.1\tFALSE\t/auth\tFALSE\t0\tdeep\tx1\n'
        printf '127.0.0.1\tFALSE\t/\tTRUE\t0\tsec\tnope\n'
        printf '127.0.0.1\tFALSE\t/\tFALSE\t1000\texpired\tnope\n'
        printf '.other.org\tTRUE\t/\tFALSE\t0\tother\tnope\n'
        printf '#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tho\t1\n'
    } >cookies.txt
    mp -cookies -cookies-file cookies.txt -ao pcm:fast:file=out.wav -vo null "$(netc_url a.wav)"
    expect_rc 0 || return 1
    netc_same_audio www/a.wav || return 1
    netc_log | grep -qF '"/a.wav" "-" "sess=abc; ho=1" "-"' ||
        fail "wrong cookies for /a.wav: $(netc_log)" || return 1
    : >"$NETC_DIR/headers.log"
    mp -cookies -cookies-file cookies.txt -user joe -passwd 'se cret' -ao null -vo null \
        "$(netc_url auth/a.wav)"
    expect_rc 0 || return 1
    netc_log | grep -qE '^20[06] "/auth/a.wav" "-" "sess=abc; deep=x1; ho=1" "joe"' ||
        fail "wrong cookies for /auth/a.wav: $(netc_log)" || return 1
    : >"$NETC_DIR/headers.log"
    mp -cookies -nocookies -cookies-file cookies.txt -ao null -vo null "$(netc_url a.wav)"
    mp -cookies-file cookies.txt -ao null -vo null "$(netc_url a.wav)"
    expect_rc 0 || return 1
    netc_log | grep -vqF '"/a.wav" "-" "-"' && { fail "cookies sent: $(netc_log)"; return 1; }
    # Without -cookies-file, MPlayer's default place in $HOME.
    mkdir -p "$HOME/.netscape" && cp cookies.txt "$HOME/.netscape/cookies.txt"
    : >"$NETC_DIR/headers.log"
    mp -cookies -ao null -vo null "$(netc_url a.wav)"
    rm -rf "$HOME/.netscape"
    expect_rc 0 || return 1
    netc_log | grep -qF '"/a.wav" "-" "sess=abc; ho=1" "-"' ||
        fail "~/.netscape/cookies.txt not used: $(netc_log)"
}

# An unreadable -cookies-file: one warning, the file still plays.
test_net_cookies_file_missing() {
    netc_need || return "$NETC_SKIP"
    netc_start || return 1
    mp -cookies -cookies-file nosuch.txt -ao pcm:fast:file=out.wav -vo null "$(netc_url a.wav)"
    expect_rc 0 || return 1
    netc_same_audio www/a.wav || return 1
    expect_err "-cookies-file nosuch.txt: cannot read it (No such file or directory)" || return 1
    [ "$(grep -c 'cookies-file nosuch' "$ERR")" = 1 ] || fail "warned more than once"
}

# -ipv4-only-proxy: with $http_proxy naming a dead proxy, an IPv6-only
# host ([::1]) is reached directly, an IPv4 one still through the proxy.
test_net_ipv4_only_proxy() {
    netc_need || return "$NETC_SKIP"
    NETC_IPV6=1 netc_start 2>/dev/null || { skip "no IPv6 loopback for nginx"; return; }
    local v6="http://[::1]:$NETC_PORT/a.wav"
    export http_proxy=http://127.0.0.1:1/
    mp -ao pcm:fast:file=out.wav -vo null "$v6"
    expect_rc 2 || return 1
    [ ! -s "$NETC_DIR/headers.log" ] || fail "the proxy was not used: $(netc_log)" || return 1
    mp -ipv4-only-proxy -ao pcm:fast:file=out.wav -vo null "$v6"
    expect_rc 0 || return 1
    netc_same_audio www/a.wav || return 1
    netc_log | grep -qE '^20[06] "/a.wav" .* ::1$' || fail "not served over IPv6: $(netc_log)" ||
        return 1
    mp -ipv4-only-proxy -ao null -vo null "$(netc_url a.wav)"
    expect_rc 2 || return 1
    unset http_proxy
}

# netc_opened FILE: wait (up to 5 s: the player's own limit) until a
# player's -v output in FILE says its udp:// stream is open.
netc_opened() {
    wait_until -t 5 "'Opened udp://' in $1" grep -q "^Opened udp://" "$1"
}

# -reuse-socket: a second player binds the udp:// port the first holds;
# without it (or with -noreuse-socket) it cannot.
test_net_reuse_socket() {
    local port=$((20000 + RANDOM % 40000)) pids="" p
    local url="udp://127.0.0.1:$port"
    timeout -k 1 5 "$MPLAYER" -v -reuse-socket -vo null -ao null "$url" >first.out 2>&1 &
    pids=$!
    netc_opened first.out || { kill "$pids"; fail "first player: $(tail -3 first.out)"; return 1; }
    mp -noreuse-socket -vo null -ao null "$url"
    expect_rc 2 || { kill "$pids"; return 1; }
    expect_err "Cannot open file '$url'" || { kill "$pids"; return 1; }
    timeout -k 1 5 "$MPLAYER" -v -reuse-socket -vo null -ao null "$url" >second.out 2>&1 &
    pids="$pids $!"
    netc_opened second.out || fail "second player: $(tail -3 second.out)"
    local rc=$?
    for p in $pids; do
        kill "$p" 2>/dev/null
        wait "$p" 2>/dev/null
    done
    return "$rc"
}

# Accepted, one warning each that says why, and the file plays.
test_net_ignored_options() {
    mp -prefer-ipv4 -prefer-ipv6 -rtsp-stream-over-tcp -rtsp-port 8554 -bandwidth 100000 \
        -ao pcm:fast:file=out.wav -vo null "$MEDIA/a.wav"
    expect_rc 0 || return 1
    expect_err "Option -prefer-ipv6 is accepted but has no effect here: libavformat's tcp" ||
        return 1
    expect_err "Option -rtsp-port is accepted but has no effect here: rtsp:// URLs" || return 1
    expect_err "Option -bandwidth is accepted but has no effect here: it chose" || return 1
    [ "$(wav_samples out.wav)" = "$(wav_samples "$MEDIA/a.wav")" ] || fail "not played whole"
}
