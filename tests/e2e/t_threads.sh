# Slave sessions that work the player's threads (cache ring and range
# cache fill threads, readahead, decoder threads): seeks, audio track
# switches, and quit while a -cache fill runs, from a file and over HTTP
# (nginx, t_http.sh's helpers). `make check-tsan` runs these with the
# ThreadSanitizer build (build-tsan/mplayer): any report fails; in `make
# check` they run with the normal build. GPLv2 or later.

# threads_media: 12 s, small video, two audio tracks (switch_audio has
# somewhere to go), Matroska and MP4 (an index: read plans, range cache).
threads_media() {
    [ -s "$MEDIA/threads.mkv" ] && return 0
    ff -f lavfi -i testsrc2=size=160x120:rate=25 -f lavfi -i sine=frequency=440:sample_rate=44100 \
        -f lavfi -i sine=frequency=660:sample_rate=44100 -t 12 -map 0 -map 1 -map 2 \
        -c:v mpeg4 -q:v 3 -g 25 -c:a aac -ac 2 "$MEDIA/threads.mp4" &&
        ff -i "$MEDIA/threads.mp4" -map 0 -c copy "$MEDIA/threads.mkv" ||
        { fail "cannot make the media"; return 1; }
}

# threads_session SCRIPT ARGS...: the player with -slave ARGS, fed SCRIPT's
# lines at real time: "sleep N" waits N seconds (the time the threads get
# to run), "await N ERE" until N lines of the player's output match ERE
# (wait_until), anything else is a command. Sets
# RC, and QUIT_LAG: seconds from the script's last line to the exit;
# stdout in out.txt, stderr in err.txt; fails on a sanitizer report or an
# exit status other than 0.
threads_session() {
    local script=$1 line player t0
    shift
    rm -f cmd.fifo
    mkfifo cmd.fifo || return 1
    timeout -k 5 120 "$MPLAYER" -slave -quiet -ao null -vo null "$@" <cmd.fifo \
        >out.txt 2>err.txt &
    player=$!
    # The player may end first: a write then fails, it does not kill us.
    trap '' PIPE
    exec 3>cmd.fifo
    while read -r line; do
        case $line in
        sleep\ *) sleep "${line#sleep }" ;;
        await\ *)
            line=${line#await }
            wait_until -p "$player" -e "${line#* }" has_lines "${line%% *}" out.txt "${line#* }"
            ;;
        ?*) echo "$line" >&3 2>/dev/null ;;
        esac
    done <<<"$script"
    t0=$(date +%s.%N)
    wait "$player"
    RC=$?
    QUIT_LAG=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    exec 3>&-
    if grep -qE 'Sanitizer|runtime error:' err.txt; then
        fail "sanitizer report (mplayer $*): $(sed -n '1,60p' err.txt)"
        return 1
    fi
    [ "$RC" = 0 ] || { fail "exit status $RC (mplayer $*): $(tail -n 5 err.txt)"; return 1; }
}

# Seeks (relative, absolute, percent) and switches, each checked by the
# answer that follows it, then quit (t_http.sh's slow-server test too).
# The short sleeps are the point: the cache and decoder threads run
# between the commands. The quit waits for the last answer: a quit queued
# while a read blocks ends the file at once, as MPlayer's, and the
# get_time_pos before it has no answer then.
THREADS_SEEKS='await 1 Starting playback
get_property switch_audio
switch_audio
get_property switch_audio
seek 6 2
sleep 0.4
get_time_pos
seek -3 0
switch_audio
get_property switch_audio
sleep 0.4
seek 75 1
sleep 0.3
switch_audio
seek 1 2
sleep 0.4
get_time_pos
await 2 ^ANS_TIME_POSITION=
quit'

# The answers of THREADS_SEEKS: the track changed at each switch, and
# each position asked after a seek is near where it went.
threads_check_answers() {
    local tracks pos
    tracks=$(tr '\r' '\n' <out.txt | sed -n 's/^ANS_switch_audio=//p' | tr '\n' ' ')
    pos=$(tr '\r' '\n' <out.txt | sed -n 's/^ANS_TIME_POSITION=//p' | tr '\n' ' ')
    # shellcheck disable=SC2086
    set -- $tracks
    [ $# = 3 ] && [ "$1" != "$2" ] && [ "$2" != "$3" ] ||
        { fail "switch answers '$tracks'"; return 1; }
    # shellcheck disable=SC2086
    set -- $pos
    [ $# = 2 ] || { fail "position answers '$pos'"; return 1; }
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= 5 && a < 9 && b >= 0 && b < 4) }' ||
        fail "positions after 'seek 6 2' and 'seek 1 2': $1 $2"
}

test_threads_seek_switch_file() {
    threads_media || return 1
    local f c
    for f in threads.mkv threads.mp4; do
        for c in "-cache 2048" "-cache 64" "-nocache"; do
            # shellcheck disable=SC2086
            threads_session "$THREADS_SEEKS" $c "$MEDIA/$f" || { fail "($f $c)"; return 1; }
            threads_check_answers || { fail "($f $c)"; return 1; }
        done
    done
}

# Quit at once and a little later, while the cache is filling its first
# megabytes (the file is read ahead far faster than it plays).
test_threads_quit_during_fill_file() {
    threads_media || return 1
    local f c q
    for f in threads.mkv threads.mp4; do
        for c in "-cache 8192" "-cache 8192 -cache-mode ring" "-cache 64"; do
            for q in 0 0.05 0.3; do
                # shellcheck disable=SC2086
                threads_session "sleep $q
quit" $c "$MEDIA/$f" || { fail "($f $c, quit after $q s)"; return 1; }
            done
        done
    done
}

# The same over HTTP: the seeks and switches from a server at full speed,
# then quit at once and a little later from one sending 200 KB/s after
# the first 256 KB, so that a fill is still running. (Seeks from the slow
# server, without TSan, are test_http_slow_seeks in t_http.sh.)
test_threads_http() {
    http_need || return "$HTTP_SKIP"
    threads_media || return 1
    local f c q url
    http_start 0 || return 1
    for f in threads.mkv threads.mp4; do
        url="http://127.0.0.1:$HTTP_PORT/$f"
        for c in "-cache 1024" "-cache 64"; do
            # shellcheck disable=SC2086
            threads_session "$THREADS_SEEKS" $c "$url" || { fail "($url $c)"; return 1; }
            threads_check_answers || { fail "($url $c)"; return 1; }
        done
    done
    http_stop
    http_start 200k || return 1
    for f in threads.mkv threads.mp4; do
        url="http://127.0.0.1:$HTTP_PORT/$f"
        for c in "-cache 1024" "-cache 64"; do
            for q in 0 0.3 1; do
                # shellcheck disable=SC2086
                threads_session "sleep $q
quit" $c "$url" || { fail "($url $c, quit after $q s)"; return 1; }
            done
        done
    done
}
