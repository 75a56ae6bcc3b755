# The MPlayer 1.5 options DOCS/compat.md still listed as missing (issue
# 17): the ones MPlayer itself refuses as obsolete fail here the same way,
# the ones for parts this player lacks warn and play, -sound, -vd help and
# -pphelp work as in MPlayer. GPLv2 or later.

# "name|what the hint must name": every option MPlayer 1.5 answers with
# "... has been removed, use ..." and exit status 1.
missing_obsolete_rows() {
    cat <<'EOF'
vop|use -vf instead
aop|use -af instead
o|it was renamed -vo
z|use -vo png:z=<0-9> instead
jpeg|-vo jpeg:<suboptions>
aofile|use -ao pcm:file=<filename> instead
dsp|-ao sdl:device=<name>
master|use -af volume instead
sdl|use -vo sdl:driver=<driver> instead
sdla|use -ao sdl:driver=<driver> instead
noxv|here it is -vo sdl:sw
forcexv|-vo sdl:renderer=<name>
vaa_dr|use -dr instead
vaa_nodr|use -nodr instead
aa*|-vo aa:<suboptions>
alsa|remove it from your config file
noalsa|remove it from your config file
stop_xscreensaver|use -stop-xscreensaver
icelayer|use -fstype layer:<number> instead
fsmode|use -fstype instead
dvd|dvd://<title>
tsfastparse|it is not valid any more
EOF
}

test_missing_obsolete_options_fail_with_a_hint() {
    local name hint n=0
    while IFS='|' read -r name hint; do
        rm -f played.wav
        mp "-$name" -vo null -ao pcm:fast:file=played.wav -frames 2 "$MEDIA/av.mkv"
        expect_rc 1 || return 1
        expect_err "Option -$name: obsolete, MPlayer 1.5 refuses it too: " || return 1
        expect_err "$hint" || return 1
        [ ! -e played.wav ] || fail "-$name: the file was played" || return 1
        n=$((n + 1))
    done < <(missing_obsolete_rows)
    [ "$n" = 22 ] || fail "$n rows checked, expected 22"
}

test_missing_obsolete_options_in_a_config_file() {
    printf 'nosound=no\nalsa=yes\n' > "$MPLAYER_HOME/config"
    mp -vo null -ao null -frames 2 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 1 || return 1
    expect_err "config:2: option 'alsa': obsolete, MPlayer 1.5 refuses it too: remove it" ||
        return 1
    # Command-line names in MPlayer (-vop, -o, ...): refused as such.
    printf 'vop=scale\n' > "$MPLAYER_HOME/config"
    mp -vo null -ao null -frames 2 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 1 || return 1
    expect_err "config:1: option 'vop' is only allowed on the command line"
}

test_missing_parts_not_built_warn_and_play() {
    mp -capture -ifo subs.ifo -unrarexec /usr/bin/unrar -spuaa 4 \
        -spugauss 1.5 -spualign 1 -subcc 1 -nosubcc -ssf lgb=1.0:cs=0.5 \
        -rtsp-stream-over-sctp -menu-noflip-hebrew -menu-noflip-hebrew-commas \
        -vo null -ao pcm:fast:file=parts.wav -frames 3 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ -s parts.wav ] || fail "nothing played" || return 1
    local o n
    for o in capture ifo unrarexec spuaa spugauss spualign subcc nosubcc \
        ssf rtsp-stream-over-sctp menu-noflip-hebrew menu-noflip-hebrew-commas; do
        n=$(grep -c "^Option -$o is accepted but has no effect here" "$ERR")
        [ "$n" = 1 ] || fail "-$o: $n warnings, expected 1: $(head -c 600 "$ERR")" || return 1
    done
    expect_err "this player takes the palette from the .idx or the container only" ||
        return 1
    expect_err "libswscale's source filters (blur, sharpen, chroma shift) cannot be given"
}

test_missing_sound_undoes_nosound() {
    mp -nosound -sound -vo null -ao pcm:fast:file=on.wav -frames 5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ "$(wav_samples on.wav)" -gt 0 ] || fail "-nosound -sound: no audio" || return 1
    mp -sound -nosound -vo null -ao pcm:fast:file=off.wav -frames 5 "$MEDIA/av.mkv"
    expect_rc 0 || return 1
    [ ! -e off.wav ] || fail "-sound -nosound: audio was played" || return 1
    # A config file's sound=no is -nosound, as MPlayer's flag.
    printf 'sound=no\n' > "$MPLAYER_HOME/config"
    mp -vo null -ao pcm:fast:file=cfg.wav -frames 5 "$MEDIA/av.mkv"
    rm -f "$MPLAYER_HOME/config"
    expect_rc 0 || return 1
    [ ! -e cfg.wav ] || fail "sound=no: audio was played"
}

test_missing_vd_help() {
    mp -vd help
    expect_rc 0 || return 1
    grep -q "^-vd is no option: keep clear of vd" "$OUT" || fail "-vd help: $(cat "$OUT")" ||
        return 1
    mp -vd foo
    expect_rc 1 || return 1
    expect_err "Option -vd: unknown suboption 'foo'"
}

# libpostproc's own table, the text MPlayer 1.5 prints.
test_missing_pphelp() {
    needs_feature libpostproc || return 77
    mp -pphelp
    expect_rc 0 || return 1
    grep -q "^Available postprocessing filters:" "$OUT" && grep -q "hdeblock" "$OUT" ||
        fail "-pphelp: $(head -c 300 "$OUT")"
}
