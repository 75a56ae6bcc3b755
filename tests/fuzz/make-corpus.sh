#!/bin/sh
#
# make-corpus.sh OUTDIR: seed corpora for the fuzz targets, one folder per
# target under OUTDIR (build-fuzz/corpus by default), plus libFuzzer
# dictionaries OUTDIR/<target>.dict. Media are tiny ffmpeg lavfi clips (a
# fraction of a second of 64x48 video, 8 kHz audio) in the containers the
# player meets; text seeds are config files, command lines, slave lines
# and input.conf. Nothing here is committed: it is all made again on demand.
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).

set -eu

out=${1:-build-fuzz/corpus}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
mkdir -p "$out/fuzz_demux" "$out/fuzz_readplan" "$out/fuzz_options" "$out/fuzz_slave"

# ---- media -------------------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mpcorpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

V="-f lavfi -i testsrc2=size=64x48:rate=10"
A="-f lavfi -i sine=frequency=440:sample_rate=8000"
A2="-f lavfi -i sine=frequency=880:sample_rate=8000"
# clip NAME FFMPEG-ARGS...: one clip, or a note when this ffmpeg cannot.
clip() {
    name=$1
    shift
    if ! ffmpeg -nostdin -loglevel error -y "$@" -fflags +bitexact "$tmp/$name" \
        >/dev/null 2>&1; then
        echo "make-corpus: ffmpeg could not make $name (skipped)" >&2
        rm -f "$tmp/$name"
        return 0
    fi
}

if command -v ffmpeg >/dev/null 2>&1; then
    printf '1\n00:00:00,000 --> 00:00:00,400\nhello\n' > "$tmp/sub.srt"
    # shellcheck disable=SC2086
    {
        clip mpeg4-mp2.mp4 $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -g 3 -c:a mp2
        clip h264-aac.mp4 $V $A -t 0.6 -map 0 -map 1 -c:v libx264 -preset ultrafast \
            -g 4 -c:a aac -b:a 16k
        clip faststart.mp4 $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -c:a mp2 \
            -movflags +faststart
        clip fragmented.mp4 $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -g 3 -c:a mp2 \
            -movflags frag_keyframe+empty_moov
        clip two-audio.mp4 $V $A $A2 -t 0.6 -map 0 -map 1 -map 2 -c:v mpeg4 -c:a mp2
        clip audio-only.m4a $A -t 0.6 -c:a aac -b:a 16k
        clip mpeg4-mp3.avi $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -g 3 -c:a libmp3lame \
            -b:a 16k
        clip pcm.avi $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -c:a pcm_s16le
        clip pcm-u8.avi $V $A -t 0.6 -map 0 -map 1 -c:v mpeg4 -c:a pcm_u8
        clip h264-vorbis-sub.mkv $V $A -i "$tmp/sub.srt" -t 0.6 -map 0 -map 1 -map 2 \
            -c:v libx264 -preset ultrafast -c:a libvorbis -c:s srt
        clip vp8-opus.webm $V $A -t 0.6 -map 0 -map 1 -c:v libvpx -deadline realtime \
            -c:a libopus -b:a 16k
        clip mpeg2-mp2.ts $V $A -t 0.6 -map 0 -map 1 -c:v mpeg2video -c:a mp2
        clip mpeg2-mp2.mpg $V $A -t 0.6 -map 0 -map 1 -c:v mpeg2video -c:a mp2
        clip theora-vorbis.ogg $V $A -t 0.6 -map 0 -map 1 -c:v libtheora -c:a libvorbis
        clip flv1-mp3.flv $V $A -t 0.6 -map 0 -map 1 -c:v flv1 -c:a libmp3lame -ar 11025 -b:a 16k
        clip pcm.wav $A -t 0.3 -c:a pcm_s16le
        clip audio.flac $A -t 0.3 -c:a flac
        clip audio.mp3 $A -t 0.3 -c:a libmp3lame -b:a 16k
        clip mjpeg.mov $V -t 0.3 -c:v mjpeg
    }
    for f in "$tmp"/*; do
        case $f in
        *.srt) continue ;;
        esac
        cp "$f" "$out/fuzz_demux/"
        case $f in
        *.mp4 | *.m4a | *.mov | *.avi | *.mkv | *.webm) cp "$f" "$out/fuzz_readplan/" ;;
        esac
    done
else
    echo "make-corpus: no ffmpeg; media seeds skipped" >&2
fi
# A few non-media inputs so the refusal paths are seeds too.
printf 'hello, this is text\n' > "$out/fuzz_demux/text.txt"
printf 'RIFF\0\0\0\0AVI LIST' > "$out/fuzz_readplan/avi-head"

# ---- options -----------------------------------------------------------
o=$out/fuzz_options
printf '# a config file\nspeed=1.5\nnosound=yes\ncache=1024\ncache-min=20\nvo=null\nao=pcm\n' \
    > "$o/config1"
printf 'ss=1:02:03.5\nendpos = 10\nloop=0\nframedrop=yes\nstream-buffer-size=64k\n' > "$o/config2"
printf 'readahead-distance=8M\ncache-mode=ring\ncache-secs=2.5\ninclude=other\n' > "$o/config3"
printf '[profile]\nquiet=yes\nreally-quiet=no\nmsglevel=all=4:demuxer=6\n' > "$o/config4"
printf -- '-ss\n10\n-endpos\n5\n-vo\nnull\nfile.mkv\n' > "$o/argv1"
printf -- '-nosound\0-speed\0002\0-cache\0008192\0-cache-min\0005\0--\0-weird name\0' > "$o/argv2"
printf -- '--vo=null\n--ao=pcm:file=x.wav\n-lavdopts\nthreads=2\n-playlist\nlist.txt\n' \
    > "$o/argv3"
printf -- '-noconfig\nall\n-include\ncfg\n-identify\n-frames\n100\n-aid\n1\n-sid\n-1\n' \
    > "$o/argv4"
printf -- '-input\nconf=a.conf:file=fifo:nodefault-bindings\n-slave\n-idle\n-quiet\n' \
    > "$o/argv5"
printf -- '-readahead-distance\n1.5M\n-stream-buffer-size\n2048b\n-cache-drop-behind\n' \
    > "$o/argv6"
# The special files fuzz_options makes in its folder (endless, empty, a
# folder), through -include and a config line.
printf -- '-include\nzero\n-include\nurandom\n-include\nnull\n-include\ndir\n' > "$o/argv7"
printf 'include=zero\ninclude=urandom\ninclude=null\ninclude=dir\n' > "$o/config5"

# ---- slave lines and input.conf -----------------------------------------
s=$out/fuzz_slave
printf 'seek 10 0\npausing_keep get_time_pos\nloadfile "a b.mkv" 1\nset_property volume 50\n' \
    > "$s/slave1"
printf "osd_show_text 'hi there' 1000 1\nspeed_mult 0.5\nkey_down_event 32\nquit 3\n" > "$s/slave2"
printf 'pausing_toggle frame_step\nget_property filename\nstep_property speed 0.1 1\n' \
    > "$s/slave3"
printf 'loadfile a\\ b.mkv # comment\nseek -5\r\nsub_load "x\\"y"\nget_meta_title\n' \
    > "$s/slave4"
printf 'RIGHT seek 10\nLEFT seek -10\nCTRL-q quit\nMOUSE_BTN0 pause\n# comment\nKP5 osd\n' \
    > "$s/input1"
printf 'a-b-c osd\nSHARP seek 1\n0x1b quit\nF11 vo_fullscreen\n- speed_incr -0.1\n' > "$s/input2"
printf '\033[A\033[1;5C\033OP\033[5~\033\303\251x\n' > "$s/term1"

# ---- dictionaries --------------------------------------------------------
# Option names from the option table, command names from the command table.
sed -n 's/^ *OPT[A-Z_]*("\([a-z0-9-]*\)".*/"\1"/p; s/.*\.name = "\([a-z0-9-]*\)".*/"\1"/p' \
    "$top/options/options.c" | sort -u > "$out/fuzz_options.dict"
sed -n '/^static const struct mp_cmd_def cmd_table\[\]/,/^};/s/^    { \.name = "\([a-z_]*\)".*/"\1"/p' \
    "$top/player/command.c" | sort -u > "$out/fuzz_slave.dict"
for k in pausing pausing_keep pausing_toggle pausing_keep_force CTRL- SHARP SPACE \
    MOUSE_BTN KP ENTER PGUP; do
    echo "\"$k\"" >> "$out/fuzz_slave.dict"
done

for t in fuzz_demux fuzz_readplan fuzz_options fuzz_slave; do
    echo "make-corpus: $t: $(ls "$out/$t" | wc -l) seeds"
done
