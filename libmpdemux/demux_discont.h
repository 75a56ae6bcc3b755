/*
 * demux_discont: following timestamp resets in containers that allow them
 * (MPEG-TS, MPEG-PS: a looped live feed, recordings joined with cat), so
 * that each track's timestamps go on rising (internal to libmpdemux).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Both structs are embedded in their owners and zero-initialised; nothing
 * to free.
 */
#ifndef MP_LIBMPDEMUX_DEMUX_DISCONT_H
#define MP_LIBMPDEMUX_DEMUX_DISCONT_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/packet.h>
#include <libavutil/rational.h>

/* Offsets of this many resets back are kept: a track that has not caught
 * up with that many (a sparse subtitle track) jumps to the newest. */
#define DEMUX_DISCONT_KEEP 16

/* One per demuxer. */
struct demux_discont {
    bool enabled;
    int epoch;                           /* resets followed so far */
    double offset[DEMUX_DISCONT_KEEP];   /* seconds added in epoch e: [e % KEEP] */
    double max_end;                      /* latest end of a packet given out, seconds */
    bool have_end;
};

/* One per track. */
struct demux_discont_track {
    int64_t last;  /* the last raw timestamp seen (ticks); valid when seen */
    bool seen;
    int epoch;
};

/* Start over after a seek (timestamps are raw again): the demuxer's state,
 * then each track's. */
void demux_discont_reset(struct demux_discont *dc);
void demux_discont_track_reset(struct demux_discont_track *t);

/* Look at pkt of a track with time base tb (av: audio or video, whose
 * forward jumps count too) and shift its timestamps by the offset of the
 * track's epoch. A jump backwards of over a second, or forwards of over
 * DEMUX_DISCONT_FORWARD_SECS, starts a new epoch whose offset makes the
 * track's first packet follow the latest end given out so far; the other
 * tracks take the same offset at their own jump, so A/V stay as muxed. */
void demux_discont_follow(struct demux_discont *dc, struct demux_discont_track *t,
                          AVRational tb, bool av, AVPacket *pkt);

#endif
