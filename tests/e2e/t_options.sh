# Command line, config files, playlists, track selection. GPLv2 or later.

test_no_arguments_prints_usage() {
    mp
    expect_rc 0 || return 1
    expect_out "Usage:"
}

test_list_options() {
    mp -list-options
    expect_rc 0 || return 1
    expect_out "readahead-distance" || return 1
    expect_out "stream-buffer-size"
}

test_config_file_applies() {
    echo "nosound=yes" > "$MPLAYER_HOME/config"
    mp -ao pcm:fast:file=out.wav -vo null -frames 3 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    [ ! -e out.wav ] || fail "config nosound=yes ignored"
}

test_noconfig_skips_config() {
    echo "nosound=yes" > "$MPLAYER_HOME/config"
    mp -noconfig all -ao pcm:fast:file=out.wav -vo null -endpos 0.5 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    [ -s out.wav ] || fail "-noconfig all still read the config"
}

test_bad_config_line_named() {
    # A known option with a bad value stays fatal, as in MPlayer 1.5.
    printf '# comment\nspeed=abc\n' > "$MPLAYER_HOME/config"
    mp "$MEDIA/a.wav"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 1 || return 1
    expect_err "config:2: option 'speed'"
}

# MPlayer 1.5 warns about a name it does not know and plays; so must we,
# or one MPlayer-only line in ~/.mplayer/config stops every start.
test_config_unknown_option_warns_and_plays() {
    printf 'nolirc=yes\nosd-fractions=1\nfoobar=1\nnosound=yes\n' > "$MPLAYER_HOME/config"
    mp -ao pcm:fast:file=out.wav -vo null -frames 3 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    expect_err "config:3: unknown option 'foobar' ignored" || return 1
    [ "$(grep -c "unknown option 'foobar'" "$ERR")" = 1 ] || fail "warned more than once"
    expect_out "Playing " || return 1
    [ ! -e out.wav ] || fail "the line after the unknown ones was not applied"
}

test_unknown_option_on_command_line_still_fatal() {
    mp -foobar 1 "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "Unknown option on the command line: -foobar"
}

# A config whose [mute] profile turns sound off; the default section only
# sets what every start gets.
write_profile_config() {
    printf '%s\n' 'vo=null' '[mute]' 'profile-desc="no sound"' 'nosound=yes' \
        '[wrap]' 'profile=mute' '[default]' 'frames=3' > "$MPLAYER_HOME/config"
}

test_profile_lines_not_applied_at_start() {
    write_profile_config
    mp -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    grep -q 'profile' "$ERR" && { fail "profiles warned about: $(cat "$ERR")"; return 1; }
    [ -s out.wav ] || fail "a profile's nosound=yes applied without -profile"
}

test_profile_from_command_line() {
    write_profile_config
    mp -profile wrap -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    [ ! -e out.wav ] || fail "-profile wrap (profile=mute inside) did not apply nosound"
}

test_profile_from_config() {
    write_profile_config
    echo 'profile=mute' >> "$MPLAYER_HOME/config"
    mp -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    [ ! -e out.wav ] || fail "profile=mute in the config did not apply nosound"
}

test_profile_help() {
    write_profile_config
    mp -profile help
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    printf 'Available profiles:\n\tmute\tno sound\n\twrap\t\n' > want
    head -3 "$OUT" | cmp -s - want || fail "-profile help printed: $(cat -A "$OUT")"
}

test_profile_unknown_is_error() {
    write_profile_config
    mp -profile mute,nosuch -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 1 || return 1
    expect_err "unknown profile 'nosuch'" || return 1
    echo 'profile=alsonot' >> "$MPLAYER_HOME/config"
    mp -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 1 || return 1
    expect_err "config:9: option 'profile': unknown profile 'alsonot'"
}

test_include_file() {
    echo "nosound=yes" > inc.conf
    mp -include inc.conf -ao pcm:fast:file=out.wav -vo null -frames 2 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ ! -e out.wav ] || fail "-include ignored"
}

test_include_missing() {
    mp -include missing.conf "$MEDIA/a.wav"
    expect_rc 1 || return 1
    expect_err "missing.conf"
}

test_several_files() {
    mp -vo png:outdir=shots -nosound -benchmark "$MEDIA/v.avi" "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ls shots/*.png | wc -l)" -ge 75 ] || fail "second file not played"
    [ "$(grep -c '^Playing ' "$OUT")" = 2 ] || fail "expected two 'Playing' lines"
}

test_playlist_file() {
    printf '# list\n%s\n%s\n' "$MEDIA/a.wav" "$MEDIA/a.wav" > list.txt
    mp -ao pcm:fast:file=out.wav -playlist list.txt
    expect_rc 0 || return 1
    [ "$(grep -c '^Playing ' "$OUT")" = 2 ] || fail "expected two 'Playing' lines"
}

test_playlist_including_itself() {
    printf '%s\nself.m3u\n' "$MEDIA/a.wav" > self.m3u
    mp -ao null -playlist self.m3u
    expect_rc 1 || return 1
    expect_err "self.m3u"
}

test_aid_selects_second_track() {
    mp -aid 1 -ao pcm:fast:file=out.wav -novideo "$MEDIA/two-audio.mkv"
    expect_rc 0 || return 1
    ffmpeg -nostdin -loglevel error -i "$MEDIA/two-audio.mkv" -map 0:a:1 -f s16le - > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "-aid 1 did not play the second audio track"
}

test_novideo_nosound() {
    mp -novideo -ao pcm:fast:file=out.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ -s out.wav ] || fail "no audio with -novideo" || return 1
    mp -nosound -vo png:outdir=shots -frames 2 -ao pcm:fast:file=out2.wav "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ ! -e out2.wav ] || fail "audio written with -nosound"
}

test_stdin_input() {
    timeout 60 "$MPLAYER" -ao pcm:fast:file=out.wav -vo null - < "$MEDIA/av.mkv" \
        >/dev/null 2>err.txt
    [ $? = 0 ] || fail "exit status $?: $(head -c 400 err.txt)" || return 1
    raw_s16 "$MEDIA/av.mkv" > ref.raw
    raw_s16 out.wav > got.raw
    cmp -s ref.raw got.raw || fail "stdin playback differs"
}

test_mpv_style_options() {
    mp --nosound --vo=png:outdir=shots --frames=2 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    [ "$(ls shots/*.png | wc -l)" = 2 ] || fail "--opt=value form not honoured"
}

test_identify_lines() {
    mp -identify -frames 0 -ao null -vo null "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    expect_out "ID_VIDEO_WIDTH=320" || return 1
    expect_out "ID_AUDIO_RATE=44100" || return 1
    expect_out "ID_LENGTH=4.00"
}

test_stream_stats_counts_reads() {
    mp -stream-stats -stream-buffer-size 65536 -ao null -vo null -benchmark "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    grep -qi "read" "$OUT" || fail "no stream counters printed"
}

# -input cmdlist / keylist with no file are requests for a list, like
# -vo help: the list, not the usage text, and status 0 (as MPlayer).
test_input_cmdlist_keylist_without_file() {
    mp -input cmdlist
    expect_rc 0 || return 1
    grep -qE '^seek +Float \[Integer\]' "$OUT" || { fail "no seek in cmdlist"; return 1; }
    grep -q "Usage:" "$OUT" && { fail "usage printed for cmdlist"; return 1; }
    mp -input nodefault-bindings:keylist
    expect_rc 0 || return 1
    grep -qx "SPACE" "$OUT" || { fail "no SPACE in keylist: $(head -c 300 "$OUT")"; return 1; }
    grep -q "Usage:" "$OUT" && { fail "usage printed for keylist"; return 1; }
    return 0
}

# Options front-ends send that this player cannot honour: accepted with
# one warning naming the option, never refused (MPlayer 1.5 takes them all).
test_frontend_options_accepted_with_warning() {
    local o name
    for o in -stop-xscreensaver -nostop-xscreensaver \
        "-mc 0" "-autosync 30" \
        -correct-pts -nocorrect-pts -ontop -idx -forceidx -prefer-ipv4 \
        "-afm ffmpeg" "-vfm ffmpeg" \
        "-mixer-channel PCM" -hr-mp3-seek "-priority normal"; do
        # shellcheck disable=SC2086
        mp $o -frames 0 -ao null -vo null "$MEDIA/a.wav"
        expect_rc 0 || { fail "($o)"; return 1; }
        name=${o%% *}
        [ "$(grep -c -- "Option $name is accepted but has no effect" "$ERR")" = 1 ] ||
            { fail "$o: not one warning: $(cat "$ERR")"; return 1; }
    done
}

# -brightness & co. are start values of the picture controls: the property
# answers them and the picture is brighter.
test_brightness_option_is_start_value() {
    mkdir p0 p1
    (cd p0 && "$MPLAYER" -really-quiet -nosound -vo png -frames 1 "$MEDIA/v.avi") ||
        { fail "plain run"; return 1; }
    (cd p1 && "$MPLAYER" -really-quiet -nosound -vo png -frames 1 -brightness 50 \
        "$MEDIA/v.avi") || { fail "-brightness run"; return 1; }
    local y0 y1
    y0=$(ff_yavg p0/00000001.png)
    y1=$(ff_yavg p1/00000001.png)
    awk -v a="$y0" -v b="$y1" 'BEGIN { exit !(b > a + 20) }' ||
        { fail "YAVG $y0 -> $y1 with -brightness 50"; return 1; }
    # slave() is t_slave.sh's (run.sh sources every t_*.sh).
    slave "get_property contrast" "quit" -- -contrast -20 "$MEDIA/v.avi"
    expect_rc 0 || return 1
    expect_out "ANS_contrast=-20"
}

ff_yavg() {
    ffmpeg -nostdin -hide_banner -i "$1" -vf signalstats,metadata=print:key=lavfi.signalstats.YAVG \
        -f null - 2>&1 | sed -n 's/.*YAVG=\([0-9.]*\).*/\1/p' | tail -n 1
}

# -utf8 is -subcp UTF-8 (MPlayer's meaning): it replaces an earlier
# -subcp, and a later -subcp replaces it.
test_utf8_option_overrides_subcp() {
    needs_feature libass || return 77
    printf '1\n00:00:00,000 --> 00:00:02,000\ncaf\303\251\n' >clip.srt
    mp -frames 0 -nosound -vo null -subcp nosuchcharset -utf8 -sub clip.srt "$MEDIA/v.avi"
    expect_rc 0 || return 1
    grep -q "nosuchcharset" "$ERR" &&
        { fail "-utf8 did not replace -subcp: $(cat "$ERR")"; return 1; }
    grep -q "Option -utf8" "$ERR" && { fail "-utf8 warned: $(cat "$ERR")"; return 1; }
    mp -frames 0 -nosound -vo null -utf8 -subcp nosuchcharset -sub clip.srt "$MEDIA/v.avi"
    expect_err "nosuchcharset"
}

# -shuffle: every file once, and two runs started in the same second play
# in different orders (the seed was the time in seconds: a script starting
# the player in a loop got the same order each time).
test_shuffle_differs_within_a_second() {
    local i files=() a b
    for i in 1 2 3 4 5 6 7 8 9 10; do
        cp "$MEDIA/a.wav" "f$i.wav"
        files+=("f$i.wav")
    done
    a=$("$MPLAYER" -shuffle -frames 0 -endpos 0.01 -vo null -ao null "${files[@]}" 2>/dev/null |
        sed -n 's/^Playing \(.*\)\.$/\1/p' | tr '\n' ' ')
    b=$("$MPLAYER" -shuffle -frames 0 -endpos 0.01 -vo null -ao null "${files[@]}" 2>/dev/null |
        sed -n 's/^Playing \(.*\)\.$/\1/p' | tr '\n' ' ')
    [ "$(echo "$a" | tr ' ' '\n' | grep -c .)" = 10 ] || { fail "played: $a"; return 1; }
    [ "$(echo "$a" | tr ' ' '\n' | sort -u | grep -c .)" = 10 ] ||
        { fail "not each once: $a"; return 1; }
    [ "$a" != "$b" ] || fail "the same order twice: $a"
}

# -osd-fractions: on a still picture only the OSD time can tell frames
# apart. Whole seconds (default) draw the first three frames of a 25 fps
# clip the same; hundredths (.00 .04 .08) and the frame in the second
# (.00 .01 .02) draw three different ones.
test_osd_fractions_draws_the_part_of_the_second() {
    needs_feature libass || return 77
    ff -f lavfi -i color=c=gray:size=160x120:rate=25 -t 1 -c:v mpeg4 -q:v 2 still.mkv ||
        { fail "ffmpeg could not make the clip"; return 1; }
    local mode n
    for mode in 0 1 2; do
        mp -osdlevel 2 -osd-fractions $mode -frames 3 -nosound -vo png:outdir=f$mode still.mkv
        expect_rc 0 || return 1
        [ "$(ls f$mode | wc -l)" -eq 3 ] || fail "mode $mode: $(ls f$mode | wc -l) pictures" ||
            return 1
        n=$(md5sum f$mode/*.png | awk '{print $1}' | sort -u | wc -l)
        case $mode in
        0) [ "$n" -eq 1 ] || fail "whole seconds: $n different pictures, expected 1" || return 1 ;;
        *) [ "$n" -eq 3 ] || fail "mode $mode: $n different pictures, expected 3" || return 1 ;;
        esac
    done
    mp -osd-fractions 3 -vo null still.mkv
    expect_rc 1 && expect_err "osd-fractions"
}
