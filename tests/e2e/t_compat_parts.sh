# MPlayer 1.5 options for devices, discs and GUIs this player does not
# have: accepted with one warning each, ignored, the file plays. GPLv2 or later.

test_parts_not_built_warn_and_play() {
    mp -tv channel=5:norm=PAL -nogui -dvd-device /dev/sr0 -nojoystick -menu \
        -codecs-file /nonexistent -vo null -ao pcm:fast:file=parts.wav -frames 3 \
        "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ -s parts.wav ] || fail "nothing played" || return 1
    local o n
    for o in tv nogui dvd-device nojoystick menu codecs-file; do
        n=$(grep -c "^Option -$o is accepted but has no effect here" "$ERR")
        [ "$n" = 1 ] || fail "-$o: $n warnings, expected 1: $(head -c 600 "$ERR")" || return 1
    done
    expect_err "TV capture (tv://) is not built into this player"
}

test_parts_not_built_in_config_file() {
    printf 'tv=channel=5\ndvd-device=/dev/sr0\nlircc=no\n' > "$MPLAYER_HOME/config"
    mp -vo null -ao null -frames 2 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    expect_err "DVDs (dvd://, dvdnav://) are not read by this player"
}
