# nginx.sh: serve a folder over HTTP with a private nginx: no daemon, no
# root, the config, logs and temp paths in a folder of its own, on a free
# port of 127.0.0.1. Sourced by TOOLS/bench/http.sh and the e2e tests
# (tests/e2e/t_http.sh). GPLv2 or later.

NGINX_PID=
NGINX_PORT=

# nginx_serve DIR ROOT RATE [RATE_AFTER]: serve ROOT, at most RATE per
# request (nginx's limit_rate; 0: no limit) after RATE_AFTER bytes (0 by
# default). Each request is logged to DIR/access.log when it ends, as
#   STATUS "RANGE" BYTES_SENT "USER_AGENT"
# and to DIR/headers.log, for tests of what the client sent, as
#   STATUS "URI" "REFERER" "COOKIE" "REMOTE_USER" "X_MP_ONE" "X_MP_TWO" SERVER_ADDR
# If DIR/htpasswd exists (user:{PLAIN}password lines), the files under
# /auth/ need HTTP basic authentication with those. With NGINX_IPV6=1 it
# listens on [::1] at the same port too (fails where there is no IPv6).
# Sets NGINX_PID and NGINX_PORT; 1 and a message on stderr on failure.
nginx_serve() {
    local dir=$1 root=$2 rate=$3 after=${4:-0} nginx try i auth="" listen6=""
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
    [ -x "$nginx" ] || { echo "nginx not installed (TOOLS/install-deps.sh)" >&2; return 1; }
    if [ -f "$dir/htpasswd" ]; then
        auth="location /auth/ { auth_basic \"mp\"; auth_basic_user_file $dir/htpasswd; }"
    fi
    for try in 1 2 3 4 5; do
        NGINX_PORT=$((20000 + (RANDOM * 7 + try * 131) % 40000))
        [ "${NGINX_IPV6:-0}" = 1 ] && listen6="listen [::1]:$NGINX_PORT;"
        cat >"$dir/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 64; }
http {
    log_format r '\$status "\$http_range" \$bytes_sent "\$http_user_agent"';
    access_log $dir/access.log r;
    log_format h '\$status "\$request_uri" "\$http_referer" "\$http_cookie" "\$remote_user" '
                 '"\$http_x_mp_one" "\$http_x_mp_two" \$server_addr';
    access_log $dir/headers.log h;
    client_body_temp_path $dir/t_body;
    proxy_temp_path $dir/t_proxy;
    fastcgi_temp_path $dir/t_fcgi;
    uwsgi_temp_path $dir/t_uwsgi;
    scgi_temp_path $dir/t_scgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        $listen6
        root $root;
        limit_rate $rate;
        limit_rate_after $after;
        $auth
    }
}
EOF
        "$nginx" -e "$dir/error.log" -p "$dir" -c "$dir/nginx.conf" </dev/null >/dev/null 2>&1 &
        NGINX_PID=$!
        for i in $(seq 1 100); do
            (exec 3<>"/dev/tcp/127.0.0.1/$NGINX_PORT") 2>/dev/null && return 0
            kill -0 "$NGINX_PID" 2>/dev/null || break  # port taken: try another
            sleep 0.05
        done
        nginx_stop
    done
    echo "nginx did not start: $(tail -n 3 "$dir/error.log" 2>/dev/null)" >&2
    return 1
}

nginx_stop() {
    [ -n "$NGINX_PID" ] || return 0
    kill -9 "$NGINX_PID" 2>/dev/null
    wait "$NGINX_PID" 2>/dev/null
    NGINX_PID=
}
