/*
 * stream_priv.h: what stream.c shares with its backends (file, fd, lavf).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Only files in stream/ include this. A backend is a small vtable; it
 * reads from its source at the source position stream.c keeps, and never
 * sees the buffer.
 */
#ifndef MP_STREAM_STREAM_PRIV_H
#define MP_STREAM_STREAM_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "stream/stream.h"

struct stream_backend {
    const char *name;
    enum stream_kind kind;
    /* Take over fd (already opened by stream.c, or -1 for URLs; the
     * backend closes it from now on, also on failure) and set s->priv,
     * s->size, s->seekable. Returns 0 or -STREAM_ERR_x. */
    int (*open)(stream_t *s, int fd, const char *target);
    /* Read up to len bytes at source position s->src_pos (stream.c moves
     * it). Returns bytes read, 0 at end of source, or -STREAM_ERR_x. */
    int (*fill)(stream_t *s, void *buf, int len);
    /* Move the source to pos. NULL for sources that cannot seek. */
    int (*seek)(stream_t *s, int64_t pos);
    /* Free s->priv and close the source. */
    void (*close)(stream_t *s);
    /* Add counters kept outside s->stats (by helper threads). May be
     * NULL. */
    void (*add_stats)(const stream_t *s, struct stream_stats *st);
};

extern const struct stream_backend stream_backend_file;
extern const struct stream_backend stream_backend_fd;
extern const struct stream_backend stream_backend_lavf;

struct stream {
    const struct stream_backend *be;
    void *priv;                 /* the backend's */
    char *url;
    struct stream_opts opts;    /* buffer_size resolved */
    int64_t size;               /* -1 = unknown */
    bool seekable;

    unsigned char *buf;         /* opts.buffer_size bytes */
    int buf_len;                /* valid bytes in buf */
    int buf_pos;                /* next byte to hand out */
    int64_t buf_start;          /* stream position of buf[0] */
    int64_t src_pos;            /* where the next fill reads from */
    bool eof;                   /* the last fill hit the end of source */

    struct stream_stats stats;  /* counted on the caller's thread */
    struct stream_stats *view;  /* snapshot handed out by stream_get_stats */
};

/* Read-ahead / drop-behind engine of plain files (stream_ra.c). */
struct stream_ra_params {
    int fd;                          /* not owned */
    const struct stream_file_io *io; /* NULL = real syscalls */
    int64_t distance;                /* window ahead of each cursor; 0 = none */
    int64_t chunk;                   /* most bytes one WILLNEED call reads */
    bool drop_behind;
    int64_t size;                    /* file size at open; -1 = unknown */
};
struct stream_ra;
/* Start the engine and its thread; NULL on failure (then no advice). */
struct stream_ra *stream_ra_create(const struct stream_ra_params *p);
/* Stop the thread (after its last drop-behind advice) and free. */
void stream_ra_destroy(struct stream_ra *ra);
/* The reader is about to read [pos, pos + len) (len 0: it moved there). */
void stream_ra_note(struct stream_ra *ra, int64_t pos, int64_t len);
/* Wait until the thread has nothing left to do. */
void stream_ra_sync(struct stream_ra *ra);
/* Bytes per advice call. */
int64_t stream_ra_step(const struct stream_ra *ra);
void stream_ra_add_stats(struct stream_ra *ra, struct stream_stats *st);

/* Map an errno value to a positive stream_error. */
int stream_errno_to_err(int e);

#endif
