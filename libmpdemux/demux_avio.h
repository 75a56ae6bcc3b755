/*
 * demux_avio: an AVIOContext that reads through a stream_t (internal to
 * libmpdemux).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * libavformat gets this context instead of a path, so every byte it reads
 * goes through the stream layer and is counted there.
 *
 * Ownership: demux_avio_create() makes a demux_avio, freed with
 * demux_avio_free() after the AVFormatContext using it has been closed.
 * The stream_t is not owned.
 */
#ifndef MP_LIBMPDEMUX_DEMUX_AVIO_H
#define MP_LIBMPDEMUX_DEMUX_AVIO_H

#include <libavformat/avio.h>

#include "stream/stream.h"

struct demux_avio {
    AVIOContext *pb;   /* owned, with its buffer */
    stream_t *stream;  /* not owned */
    /* The last negative stream_error a callback saw, or 0: lets the
     * demuxer tell an I/O failure from a clean end or corrupt data. */
    int stream_error;
};

/* Returns NULL when out of memory. */
struct demux_avio *demux_avio_create(stream_t *s);

/* Free the context and its buffer (NULL is a no-op). */
void demux_avio_free(struct demux_avio *io);

#endif
