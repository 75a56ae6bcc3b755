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

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "stream/stream.h"
#include "stream/stream_test.h"

/* What stream.c may assume of a backend (stream_backend.caps). */
enum {
    /* Reads are full but at the end of the source (plain files): a short
     * read is the end. */
    STREAM_BE_FULL_READS = 1 << 0,
    /* Holds what it read (the ring cache): it seeks within that even when
     * its source cannot seek, and the stream parks no buffers over it. */
    STREAM_BE_OWN_BUFFER = 1 << 1,
};

struct stream_backend {
    const char *name;
    enum stream_kind kind;
    unsigned caps; /* STREAM_BE_x */
    /* Take over fd (already opened by stream.c, or -1 for URLs; the
     * backend closes it from now on, also on failure) and set s->priv,
     * s->size, s->seekable. Returns 0 or -STREAM_ERR_x. */
    int (*open)(stream_t *s, int fd, const char *target);
    /* Read up to len bytes at source position s->src_pos (stream.c moves
     * it). Returns bytes read, 0 at end of source, or -STREAM_ERR_x. The
     * caller needs s->fill_need of them now; a backend that returns fewer
     * than len (but at least that many) before the end of the source,
     * because the rest would mean waiting, sets s->fill_partial. */
    int (*fill)(stream_t *s, void *buf, int len);
    /* Read up to len bytes at pos, leaving s->src_pos and any readahead
     * state alone (stream_read_at). NULL when the source cannot. */
    int (*read_at)(stream_t *s, int64_t pos, void *buf, int len);
    /* read_at for bytes looked at once (stream_peek_at); NULL: read_at. */
    int (*peek_at)(stream_t *s, int64_t pos, void *buf, int len);
    /* Move the source to pos. NULL for sources that cannot seek. */
    int (*seek)(stream_t *s, int64_t pos);
    /* Free s->priv and close the source. */
    void (*close)(stream_t *s);
    /* Add counters kept outside s->stats (by helper threads). May be
     * NULL. */
    void (*add_stats)(const stream_t *s, struct stream_stats *st);
    /* Take a read plan (see stream_set_read_plan). May be NULL. */
    int (*set_plan)(stream_t *s, const struct stream_range *r, int n);
    /* A descriptor that must be readable before a fill cannot block for
     * ever (pipes), or -1. The ring cache polls it together with its
     * wake-up pipe, so closing never waits for a writer. May be NULL. */
    int (*wait_fd)(const stream_t *s);
    /* Ring cache state, test sync. May be NULL. */
    bool (*cache_status)(const stream_t *s, struct stream_cache_status *st);
    void (*sync)(stream_t *s);
    /* Close the source's connection until the next fill, which opens it
     * again at s->src_pos: an open-ended HTTP request left idle goes on
     * receiving what nobody reads. May be NULL (nothing to close). */
    void (*park)(stream_t *s);
};

extern const struct stream_backend stream_backend_file;
extern const struct stream_backend stream_backend_fd;
extern const struct stream_backend stream_backend_lavf;
extern const struct stream_backend stream_backend_mf;
extern const struct stream_backend stream_backend_ring;
extern const struct stream_backend stream_backend_range;

/* Parked buffers per stream (see struct stream), for buffers up to
 * STREAM_PARK_MAX_BUFFER bytes: 3 x 64 KB, with the current one 4 cursors. */
#define STREAM_PARKED_MAX 3
#define STREAM_PARK_MAX_BUFFER (1024 * 1024)

struct stream {
    atomic_int refs;            /* the opener's + stream_ref's */
    atomic_bool closed;         /* the opener closed it; a reader holds it */
    const struct stream_backend *be;
    void *priv;                 /* the backend's */
    enum stream_kind kind;      /* of the source, also behind a cache */
    char *url;
    struct stream_opts opts;    /* buffer_size resolved */
    const struct stream_file_io *file_io; /* stream_open_io's; NULL = real syscalls */
    int64_t size;               /* -1 = unknown */
    bool seekable;
    bool no_page_cache;         /* a plain file whose reads bypass the page
                                 * cache (FUSE direct_io): cached like a URL */

    unsigned char *buf;         /* opts.buffer_size bytes */
    int buf_len;                /* valid bytes in buf */
    int buf_pos;                /* next byte to hand out */
    int64_t buf_start;          /* stream position of buf[0] */
    int64_t src_pos;            /* where the next fill reads from */
    bool eof;                   /* the last fill hit the end of source */
    int fill_need;              /* bytes of the current fill the reader wants */
    bool fill_partial;          /* the last fill was short, not at the end */

    /* Buffers of other read positions, kept when a seek leaves them: a
     * badly interleaved file is read at two or more places in turn, and
     * each jump back finds its bytes here instead of reading them again. */
    struct stream_parked {
        unsigned char *buf;     /* opts.buffer_size bytes, or NULL */
        int len;                /* valid bytes; 0 = empty slot */
        int64_t start;
        uint64_t used;          /* LRU stamp */
    } parked[STREAM_PARKED_MAX];
    int num_parked;             /* slots in use for this stream (0 = off) */
    uint64_t park_clock;

    struct stream_stats stats;  /* counted on the caller's thread */
};

/* Read-ahead / drop-behind engine of plain files (stream_ra.c). */
struct stream_ra_params {
    int fd;                          /* not owned */
    const struct stream_file_io *io; /* NULL = real syscalls */
    int64_t distance;                /* window ahead of each cursor; 0 = none */
    int64_t chunk;                   /* most bytes one WILLNEED call reads */
    bool drop_behind;
    int64_t size;                    /* file size at open; -1 = unknown */
    int64_t plan_budget;             /* read plans: most bytes in flight; 0 = no bound */
    bool plan_untimed;               /* stream_opts.plan_untimed */
};
struct stream_ra;
/* Start the engine and its thread; NULL on failure (then no advice). */
struct stream_ra *stream_ra_create(const struct stream_ra_params *p);
/* Stop the thread (after its last drop-behind advice) and free. */
void stream_ra_destroy(struct stream_ra *ra);
/* The reader is about to read [pos, pos + len) (len 0: it moved there).
 * Returns whether a read plan is set (then reads past what the caller
 * needs should not wait: see fill_need). */
bool stream_ra_note(struct stream_ra *ra, int64_t pos, int64_t len);
/* The reader is about to read [pos, pos + len): if a plan holds it, advise
 * the planned piece from there (one device chunk, gaps shorter than a chunk
 * included) on the reader's thread, so that the read fetches that piece
 * in one request rather than page by page (in POSIX_FADV_RANDOM mode, or
 * the kernel's small random reads where the reader skips through a
 * region), and have the thread go on from there. unadvised_only: from the
 * first page of the read that was neither advised nor read (a filesystem
 * whose reads cannot ask first; the reader may wait for the thread's batch
 * under way instead); else the caller knows the read would wait at pos
 * (RWF_NOWAIT). */
void stream_ra_demand(struct stream_ra *ra, int64_t pos, int64_t len, bool unadvised_only);
/* Wait until the thread has nothing left to do. */
void stream_ra_sync(struct stream_ra *ra);
/* Bytes per advice call. */
int64_t stream_ra_step(const struct stream_ra *ra);
void stream_ra_add_stats(struct stream_ra *ra, struct stream_stats *st);

/* Tell the engine the read plan (copied); n = 0 clears it. random_ok: the
 * file may be put in POSIX_FADV_RANDOM mode while a plan is set (only
 * where reads can ask with RWF_NOWAIT first; see stream_ra_demand).
 * Returns 0 or -STREAM_ERR_NOMEM. */
int stream_ra_set_plan(struct stream_ra *ra, const struct stream_range *r, int n,
                       bool random_ok);

/*
 * The read plan's bookkeeping (readahead.c): which planned bytes are still
 * to be advised, which were advised or read, how much is in flight. No
 * locking and no syscalls: stream_ra.c calls these under its lock and
 * gives the advice from its thread.
 */
struct stream_plan;
/* page: advice granularity; size: file size (-1 unknown); budget: most
 * advised-but-unread plan bytes, 0 = no bound; through: ranges closer than
 * this are one region, the gap advised with them (one device chunk);
 * timed: the reader plays in real time, so a reader waiting in another
 * region ends the batch under way (stream_plan_next). NULL on failure.
 * Freed by stream_plan_free. */
struct stream_plan *stream_plan_create(int64_t page, int64_t size, int64_t budget,
                                      int64_t through, bool timed);
void stream_plan_free(struct stream_plan *pl);
/* Replace the plan; what was advised or read and is in the new plan stays
 * known as such. Returns 0 or -STREAM_ERR_NOMEM (then the plan is empty). */
int stream_plan_set(struct stream_plan *pl, const struct stream_range *r, int n);
bool stream_plan_active(const struct stream_plan *pl);
/* Planned bytes advised (or found present) and not yet read: what the plan
 * holds ahead of the reader. */
int64_t stream_plan_in_flight(const struct stream_plan *pl);
/* The reader is about to read at pos: if pos lies in a planned region
 * (and, with unadvised_only, its page was neither advised nor read), the
 * piece from that page on (at most step bytes, within the region) is
 * marked advised and returned for the reader to advise itself, and the
 * thread's next batch continues in that region after it. */
bool stream_plan_claim(struct stream_plan *pl, int64_t pos, int64_t step, bool unadvised_only,
                       int64_t *off, int64_t *len);
/* Whether pos's page was advised or read. */
bool stream_plan_known(const struct stream_plan *pl, int64_t pos);
/* The first byte of [page of pos, end) whose page was neither advised nor
 * read, or end. */
int64_t stream_plan_first_unknown(const struct stream_plan *pl, int64_t pos, int64_t end);
enum stream_plan_demand {
    STREAM_PLAN_NONE,     /* not planned, or advised already: just read */
    STREAM_PLAN_WAIT,     /* wait until pos is known: the next batch is its */
    STREAM_PLAN_CLAIMED,  /* advise [off, off + len) yourself, then read */
};
/* The reader is about to read at pos, a page neither advised nor read. If
 * the thread's batch in another region has at most max_wait bytes to go
 * and the budget lets the thread give a piece now, the next batch is pos's
 * region, from pos on, and the reader waits; otherwise as
 * stream_plan_claim with unadvised_only. */
enum stream_plan_demand stream_plan_demand(struct stream_plan *pl, int64_t pos, int64_t step,
                                           int64_t max_wait, int64_t *off, int64_t *len);
/* The next piece to advise (at most step bytes): region by region in
 * batches, each region in file order (see readahead.c), or false when none
 * is due (all advised, or the budget is in flight). With commit it is
 * marked advised. */
bool stream_plan_next(struct stream_plan *pl, int64_t step, bool commit, int64_t *off,
                      int64_t *len);
/* The plan's ranges, in the order needed. */
int stream_plan_count(const struct stream_plan *pl);
/* What the reader has not read yet of range k: [*pos, *end), where a read
 * that reached into the range took everything before its end (the reader
 * moves on; what it skipped it does not want). False when nothing is left
 * (or no range k). */
bool stream_plan_unread(const struct stream_plan *pl, int k, int64_t *pos, int64_t *end);
/* The first range, in the order needed, whose unread part meets [a, b),
 * or -1. */
int stream_plan_rank(const struct stream_plan *pl, int64_t a, int64_t b);
/* The reader reads [pos, pos + len): those bytes need no advice, and
 * planned bytes read are no longer in flight. */
void stream_plan_note_read(struct stream_plan *pl, int64_t pos, int64_t len);

/*
 * Blocking preads on a helper thread (preader.c), for readers that must
 * stay interruptible (the play thread): the caller waits asking
 * stream_aborted and can walk away from a read the device holds.
 */
struct stream_preader;
/* Start the helper, reading a duplicate of fd. Returns 0 or
 * -STREAM_ERR_x. Freed by stream_preader_free. */
int stream_preader_create(struct stream_preader **out, int fd);
/* pread(fd, buf, len, off) made by the helper: bytes (fewer only at the
 * end of the file or before an error), or -1 with errno; ECANCELED when s
 * said stop while the read was under way (the read goes on, its bytes
 * are dropped). */
ssize_t stream_preader_read(struct stream_preader *r, const stream_t *s, void *buf,
                            size_t len, off_t off);
/* Stop the helper; one held in a read is left behind and frees itself. */
void stream_preader_free(struct stream_preader *r);

/* Allocate a stream with its buffer for url and opts (buffer_size already
 * resolved); be and the rest are the caller's to set. NULL: no memory. */
stream_t *stream_alloc(const char *url, const struct stream_opts *o);

/* Whether a wait inside s should end: its opener closed it while a reader
 * held it (stream_close), or its abort callback says so. Backends ask this
 * instead of calling opts.abort_cb themselves. */
bool stream_aborted(const stream_t *s);
/* Read what is buffered, or else make one source read: up to len bytes,
 * possibly fewer without being at EOF (a pipe's short read). Returns bytes,
 * 0 at EOF, or -STREAM_ERR_x. */
int stream_read_some(stream_t *s, void *buf, int len);

/* Put a ring cache (cache_ring.c) of o->cache_kb KB in front of inner,
 * which it takes over (also on failure), start its fill thread and wait
 * for -cache-min. *out is the new stream. Returns 0 or -STREAM_ERR_x. */
int stream_ring_open(stream_t **out, stream_t *inner, const struct stream_opts *o);

/* Receives one piece of the ring's bytes: source bytes [pos, pos + len). */
typedef void (*stream_ring_take_fn)(void *ctx, int64_t pos, const unsigned char *p, int64_t len);
/* Stop the ring cache behind s (s->be must be the ring) once its read
 * step under way is done, hand its buffered bytes to take() (at most two
 * pieces), free it and return its source stream, which the caller owns
 * from now on (its abort callback is the one of the opts again). s->priv
 * is NULL afterwards; s->be is the caller's to replace. */
stream_t *stream_ring_release(stream_t *s, stream_ring_take_fn take, void *ctx);

/* Turn the ring cache of s into the range cache (cache_range.c): the
 * ring's source becomes the main connection, its bytes the first cached
 * ranges, and s->be becomes stream_backend_range. Returns 0 or
 * -STREAM_ERR_x (then s is unchanged). */
int stream_range_from_ring(stream_t *s);

/* Whether the range cache can serve s in plan mode: it reads its ranges
 * over a second handle, so the source must seek, and it pays only where
 * there is no page cache to read ahead into (URLs, direct_io files). */
static inline bool stream_range_cache_fits(const stream_t *s)
{
    return (s->kind == STREAM_KIND_LAVF || s->no_page_cache) && s->seekable;
}

/* Map an errno value to a positive stream_error. */
int stream_errno_to_err(int e);

/* Call the backend's park (if any): its connection closes until the next
 * fill. The stream's own buffer is kept. */
void stream_park(stream_t *s);

struct AVIOContext;
struct AVIOInterruptCB;
/* avio_open2 of url for reading at pos with the stream's protocol options
 * (the user agent); flags are added to AVIO_FLAG_READ. Every libavformat
 * connection a stream makes goes through here, so all send the same
 * headers. HTTP asks for pos in its first request (no request from 0
 * that is then dropped); other protocols seek. Returns 0 or a negative
 * AVERROR (then *pb is NULL). */
int stream_lavf_avio_open(struct AVIOContext **pb, const char *url, int64_t pos, int flags,
                          const struct AVIOInterruptCB *cb, const struct stream_opts *o);
/* Move a direct-mode (AVIO_FLAG_DIRECT) context to pos: a short way
 * ahead by reading on, otherwise by avio_seek (for HTTP a new request;
 * requests and opens are rate-limited process-wide, the wait asking cb).
 * Returns 0 or a negative AVERROR. */
int stream_lavf_avio_seek(struct AVIOContext *pb, int64_t pos,
                          const struct AVIOInterruptCB *cb);
/* Whether s's server answers a request at an offset with the right bytes
 * (asked once, with one request, and remembered; the first seek of s
 * checks it too). 0 when they are right or s is no libavformat stream;
 * -STREAM_ERR_UNSUPPORTED when not (s then seeks by reading from 0, and
 * no other connection may use ranges); -STREAM_ERR_ABORTED. */
int stream_lavf_check_ranges(stream_t *s);

#endif
