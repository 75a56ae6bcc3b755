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

#include <stdbool.h>
#include <stdint.h>

#include <libavformat/avio.h>

#include "stream/stream.h"

struct demux_avio {
    AVIOContext *pb;   /* owned, with its buffer */
    stream_t *stream;  /* not owned */
    /* The last negative stream_error a callback saw, or 0: lets the
     * demuxer tell an I/O failure from a clean end or corrupt data. */
    int stream_error;
    /* Asked at most every DEMUX_AVIO_POLL seconds from the read and seek
     * callbacks (NULL: never): libavformat's header parsers loop over
     * the bytes without asking their own interrupt callback (a WAV's
     * chunk walk through megabytes of zeros took minutes), so a quit has
     * to end the reads themselves. Once it answered true every callback
     * fails with AVERROR_EXIT. */
    bool (*interrupt_cb)(void *ctx);
    void *interrupt_ctx;
    bool interrupted;
    double interrupt_last;
    /* The end libavformat is shown, or -1 for the stream's own: reads
     * stop there and AVSEEK_SIZE answers it (demux_lavf.c sets it where
     * only zeros follow the size a header declares). */
    int64_t limit;
    /* Reads that start in [fence_start, fence_end) find the end of the
     * file, and a read is cut short at fence_start: bytes that belong to
     * another reader of the same file (the clusters of tracks a second
     * context reads, see demux_lavf.c). fence_end <= fence_start: none. */
    int64_t fence_start, fence_end;
    bool fence_hit;    /* a read found the fence (its end is not damage) */
    /* Time spent in the read callback and the bytes it gave: what reading
     * in file order costs on this device (demux_lavf.c weighs the cluster
     * map's jumps against it). */
    double read_seconds;
    int64_t read_bytes;
    /* The main reader's last bytes, so that a jump back into them is not
     * a read again (DEMUX_AVIO_RECENT_SIZE): recent_len bytes from
     * recent_pos, which end where the stream is (stream_at, its position
     * after the last callback). replay: the position inside them
     * libavformat reads next, or -1 (it reads from the stream). */
    uint8_t *recent;   /* owned; NULL for a side or an unseekable stream */
    int recent_len;
    int64_t recent_pos, stream_at, replay;
    /* A side reader (demux_avio_create_side) keeps its own position. */
    bool side;
    int64_t pos;
    /* The most the side's next read asks: short after a seek, doubling
     * (see DEMUX_AVIO_SIDE_FIRST_READ). */
    int side_read;
    int side_max;  /* and at most (demux_avio_side_reads) */
};

/* Returns NULL when out of memory. */
struct demux_avio *demux_avio_create(stream_t *s);

/* An AVIOInterruptCB callback for the AVFormatContext reading io (opaque
 * is io): 1 once io->interrupt_cb said so (asked as the callbacks do). */
int demux_avio_interrupt(void *opaque);

/* A second reader of s: it reads with stream_read_at from a position of
 * its own, through AVIO's buffer, so the stream's position (the first
 * reader's, in direct mode), buffer and readahead cursors stay as they
 * are. Plain files only (stream_read_at); NULL when out of memory. */
struct demux_avio *demux_avio_create_side(stream_t *s);

/* Let the side io read up to bytes at a time once past its first reads
 * (bounded to 64-512 KB; 64 KB until called). */
void demux_avio_side_reads(struct demux_avio *io, int64_t bytes);

/* Free the context and its buffer (NULL is a no-op). */
void demux_avio_free(struct demux_avio *io);

#endif
