#!/usr/bin/env python3
# Write a small VobSub pair (NAME.idx + NAME.sub) of solid rectangles, for
# tests: ffmpeg cannot turn text into DVD subtitles, but it copies these into
# Matroska or MPEG-PS (-c:s copy). GPLv2 or later.
#
# usage: mkvobsub.py NAME WxH EVENT...
#   EVENT = start,end,x,y,w,h,colour[,stream[,forced]]  (seconds; colour
#   1..3 of the palette line below: 1 white, 2 red, 3 green; stream: the
#   .idx "index:", 0 if left out, languages en, de, fr...; forced 1: shown
#   with a "forced start" command); w must be 64..255 (one RLE code a line
#   keeps the encoder trivial).
import struct
import sys

PALETTE = ["000000", "ffffff", "ff0000", "00ff00"] + ["808080"] * 12


def rle_field(w, h, colour, rows):
    # 4-nibble code 0000 00nn nnnn nncc: a run of w pixels of one colour.
    line = struct.pack(">H", (w << 2) | colour)
    return b"".join(line for r in range(h) if r % 2 == rows)


def spu(ev):
    start, end, x, y, w, h, colour = ev[:7]
    top, bottom = rle_field(w, h, colour, 0), rle_field(w, h, colour, 1)
    pix_off = 4
    top_off, bot_off = pix_off, pix_off + len(top)
    ctrl_off = bot_off + len(bottom)
    x2, y2 = x + w - 1, y + h - 1
    coords = bytes([x >> 4, (x & 15) << 4 | x2 >> 8, x2 & 255,
                    y >> 4, (y & 15) << 4 | y2 >> 8, y2 & 255])
    first = (b"\x03" + struct.pack(">H", 0x3210) +      # colour n -> palette n
             b"\x04" + struct.pack(">H", 0xfff0) +      # 1..3 opaque, 0 clear
             b"\x05" + coords +
             b"\x06" + struct.pack(">HH", top_off, bot_off) +
             (b"\x00" if len(ev) > 8 and ev[8] else b"\x01") + b"\xff")
    seq1_len = 4 + len(first)
    stop_at = ctrl_off + seq1_len
    delay = round((end - start) * 90000 / 1024)
    seq1 = struct.pack(">HH", 0, stop_at) + first
    seq2 = struct.pack(">HH", delay, stop_at) + b"\x02\xff"
    body = top + bottom + seq1 + seq2
    return struct.pack(">HH", 4 + len(body), ctrl_off) + body


def pts_bytes(pts):
    return bytes([0x21 | ((pts >> 29) & 0x0e), (pts >> 22) & 0xff,
                  ((pts >> 14) & 0xfe) | 1, (pts >> 7) & 0xff, ((pts << 1) & 0xfe) | 1])


def stream_of(ev):
    return ev[7] if len(ev) > 7 else 0


def pack(ev):
    pts = round(ev[0] * 90000)
    # MPEG-2 pack header, clock 0: the demuxer takes times from the PES.
    header = b"\x00\x00\x01\xba" + bytes([0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xc3, 0xf8])
    payload = bytes([0x20 + stream_of(ev)]) + spu(ev)
    pes_hdr = b"\x81\x80\x05" + pts_bytes(pts)
    pes = b"\x00\x00\x01\xbd" + struct.pack(">H", len(pes_hdr) + len(payload)) + pes_hdr + payload
    out = header + pes
    pad = 2048 - len(out)
    if pad < 6:
        sys.exit("event too big for one sector")
    out += b"\x00\x00\x01\xbe" + struct.pack(">H", pad - 6) + b"\xff" * (pad - 6)
    return out


def main():
    name, size = sys.argv[1], sys.argv[2]
    events = [tuple(float(v) if i < 2 else int(v) for i, v in enumerate(a.split(",")))
              for a in sys.argv[3:]]
    idx = ["# VobSub index file, v7 (do not modify this line!)",
           "size: " + size, "org: 0, 0", "scale: 100%, 100%", "alpha: 100%",
           "smooth: OFF", "fadein/out: 0, 0", "align: OFF at LEFT TOP", "time offset: 0",
           "forced subs: OFF", "palette: " + ", ".join(PALETTE),
           "custom colors: OFF, tridx: 0000, colors: 000000, 000000, 000000, 000000",
           "langidx: 0"]
    langs = ["en", "de", "fr", "it", "es"]
    sub = b""
    for stream in sorted({stream_of(ev) for ev in events}):
        idx += ["", "id: %s, index: %d" % (langs[stream], stream)]
        for ev in (e for e in events if stream_of(e) == stream):
            t = round(ev[0] * 1000)
            stamp = "%02d:%02d:%02d:%03d" % (t // 3600000, t // 60000 % 60, t // 1000 % 60,
                                             t % 1000)
            idx.append("timestamp: %s, filepos: %09x" % (stamp, len(sub)))
            sub += pack(ev)
    with open(name + ".idx", "w") as f:
        f.write("\n".join(idx) + "\n")
    with open(name + ".sub", "wb") as f:
        f.write(sub)


main()
