/*
 * demux_int.h: what the files of libmpdemux/ share about an open demuxer
 * and the player does not see: its libavformat context. The unit tests
 * and fuzzers that look at libavformat's index include it too. The
 * player's API is libmpdemux/demuxer.h.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_LIBMPDEMUX_DEMUX_INT_H
#define MP_LIBMPDEMUX_DEMUX_INT_H

#include <libavformat/avformat.h>

#include "libmpdemux/demuxer.h"

/* d's libavformat context (owned by d). Only with the reader thread
 * parked (demux_park) where it may be reading. */
AVFormatContext *demux_avformat(const demuxer_t *d);

#endif
