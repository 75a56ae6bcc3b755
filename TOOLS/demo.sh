#!/bin/sh
# demo.sh: make the built-in demo clip (if missing) and play it.
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
#   sh TOOLS/demo.sh [path/to/mplayer]
#
# The clip is made here from ffmpeg's test sources, so the demo needs no
# media at hand: a moving test pattern with a counter and a 440 Hz tone.
# Without a display the player runs headless and shows its status line.
set -eu
mplayer=${1:-./mplayer}
dir=demo
clip=$dir/demo.mkv
mkdir -p "$dir"
if [ ! -s "$clip" ]; then
    echo "demo: making $clip"
    ffmpeg -nostdin -hide_banner -loglevel error -y \
        -f lavfi -i testsrc2=size=640x360:rate=25 \
        -f lavfi -i "sine=frequency=440:sample_rate=48000:beep_factor=4" \
        -t 5 -map 0 -map 1 -c:v mpeg4 -q:v 3 -g 50 -c:a flac -ac 2 \
        -metadata title="mplayer demo" -f matroska "$clip.part"
    mv "$clip.part" "$clip"
fi
exec "$mplayer" "$clip"
