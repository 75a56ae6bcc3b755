/*
 * cache_range.c: the bounded sparse range cache of -cache-mode plan for
 * URLs and for files that bypass the page cache (FUSE direct_io): neither
 * has a page cache to read ahead into. A fetch thread reads the byte
 * ranges of the read plan over its own connection (a second avio_open2 of
 * the URL, or of the file's path) into at most cache_kb KB of memory; the
 * reader takes bytes from there when they are present and reads through
 * its own (main) connection when they are not.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A URL in plan mode starts behind the ring (cache_ring.c); the first plan
 * takes the ring's source over as the main connection and its bytes as the
 * first cached pieces (stream_range_from_ring). From then on:
 *
 * - The main connection (an ordinary lavf stream_t) is the reader's alone;
 *   the fetch connection (an AVIOContext) the fetch thread's alone. So the
 *   demuxer's connection and position are never disturbed by prefetching.
 * - Cached bytes are pieces ("extents") of at most one fetch each, kept
 *   sorted by position and disjoint. Only the fetch thread adds them; an
 *   extent being fetched grows under the lock as bytes arrive, so a reader
 *   that needs its next byte waits for it instead of fetching it twice.
 * - The thread picks the first bytes of the plan, in plan order, that no
 *   extent holds. When the budget is full it frees extents the reader has
 *   consumed, then ones no plan range needs, then the ones needed latest,
 *   never one needed before the piece it wants; otherwise it waits for the
 *   reader.
 * - What the reader reads is cut from the plan, so bytes once consumed are
 *   not fetched again after their extent was freed. The plan's ranges and
 *   those cuts are readahead.c's (struct stream_plan, at byte granularity),
 *   the same bookkeeping a plain file's plan has; the fetch order is ours.
 * - Everything is driven by condition variables. The one timed wait is a
 *   reader waiting for a fetch while the user's abort callback must be
 *   asked (it can only be asked, as in the ring).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>

#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Most bytes per fetch (one extent), and per read of a fetch between
 * which the reader is let in and a dropped plan is noticed. */
#define RC_MAX_PIECE (256 * 1024)
#define RC_MIN_PIECE 4096
#define RC_STEP (16 * 1024)
/* A connection with no reads for this long is closed (parked): its
 * open-ended HTTP request would go on receiving bytes nobody reads, up to
 * the socket buffers' size each time. Shorter gaps keep it, so a reader
 * or fetcher that comes back soon does not pay for a new request. */
#define RC_PARK_SECS 0.2
/* How often a reader waiting for a fetch asks the abort callback. */
#define RC_ABORT_POLL_NS (50 * 1000 * 1000)

struct rc_extent {
    int64_t pos;
    int64_t cap;             /* bytes reserved, counted in held */
    int64_t len;             /* bytes present: [pos, pos + len) */
    int64_t used_to;         /* the reader read up to here (pos: nothing) */
    bool fetching;           /* the thread is filling [pos + len, pos + cap) */
    unsigned char *data;     /* cap bytes */
};

struct rcache {
    stream_t *inner;         /* the main connection: the reader's alone */
    bool inner_live;         /* reader's: inner is open (not parked) */
    double inner_used_at;    /* reader's: when inner was last read */
    AVIOContext *fio;        /* the fetch connection: the thread's alone */
    char *url;
    struct stream_opts opts; /* the stream's: fio's headers, the abort callback */
    stream_t *outer;         /* the stream the reader reads (stream_aborted) */
    int64_t budget;
    int64_t piece;
    int64_t size;            /* of the source, -1 unknown */
    int64_t handover_pos;    /* the reader's position when the ring ended */
    atomic_bool quit_now;    /* read lock-free by the interrupt callback */

    pthread_mutex_t lock;
    pthread_cond_t data;     /* a reader waits for a fetch here */
    pthread_cond_t work;     /* the thread waits here */
    pthread_cond_t idle_cv;  /* stream_cache_sync waits here */
    pthread_t thread;
    struct mp_worker *worker; /* the fetch thread, or NULL */

    /* Under lock. */
    struct rc_extent **ext;  /* sorted by pos, disjoint [pos, pos + cap) */
    int n_ext, cap_ext;
    struct stream_plan *plan;   /* in the order needed; reads cut it (readahead.c) */
    int64_t held, held_peak;
    int64_t src_end;         /* the fetch connection hit the end here; -1 */
    bool failed;             /* the fetch connection broke: no more fetching */
    bool quit;
    bool idle;               /* the thread waits for work */
    bool kick;               /* something changed since the thread looked */
    uint64_t fetched, served, stalls, plan_ranges;
    double stall_secs;
};

static int rc_interrupt(void *ctx)
{
    struct rcache *rc = ctx;
    return atomic_load(&rc->quit_now);
}

static int64_t rc_min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t rc_max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

/* Index of the last extent with pos <= p, or -1. */
static int rc_find(const struct rcache *rc, int64_t p)
{
    int lo = 0, hi = rc->n_ext;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (rc->ext[mid]->pos <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - 1;
}

/* The extent whose reserved bytes contain p, or NULL. */
static struct rc_extent *rc_extent_at(const struct rcache *rc, int64_t p)
{
    int k = rc_find(rc, p);
    if (k < 0)
        return NULL;
    struct rc_extent *e = rc->ext[k];
    return p < e->pos + e->cap ? e : NULL;
}

/* Start of the first extent after p (INT64_MAX: none). */
static int64_t rc_next_start(const struct rcache *rc, int64_t p)
{
    int k = rc_find(rc, p) + 1;
    return k < rc->n_ext ? rc->ext[k]->pos : INT64_MAX;
}

static void rc_wake(struct rcache *rc)
{
    rc->kick = true;
    if (rc->idle)
        pthread_cond_signal(&rc->work);
}

static void rc_set_held(struct rcache *rc, int64_t held)
{
    rc->held = held;
    if (held > rc->held_peak)
        rc->held_peak = held;
}

/* Add an extent of cap bytes at pos (the caller made sure nothing is
 * there). NULL: no memory. */
static struct rc_extent *rc_insert(struct rcache *rc, int64_t pos, int64_t cap)
{
    if (rc->n_ext == rc->cap_ext) {
        int nc = rc->cap_ext ? rc->cap_ext * 2 : 64;
        struct rc_extent **ne = realloc(rc->ext, (size_t)nc * sizeof(*ne));
        if (!ne)
            return NULL;
        rc->ext = ne;
        rc->cap_ext = nc;
    }
    struct rc_extent *e = calloc(1, sizeof(*e));
    unsigned char *d = malloc((size_t)cap);
    if (!e || !d) {
        free(e);
        free(d);
        return NULL;
    }
    e->pos = e->used_to = pos;
    e->cap = cap;
    e->data = d;
    int k = rc_find(rc, pos) + 1;
    memmove(rc->ext + k + 1, rc->ext + k, (size_t)(rc->n_ext - k) * sizeof(*rc->ext));
    rc->ext[k] = e;
    rc->n_ext++;
    rc_set_held(rc, rc->held + cap);
    return e;
}

static void rc_remove(struct rcache *rc, int k)
{
    struct rc_extent *e = rc->ext[k];
    rc->held -= e->cap;
    memmove(rc->ext + k, rc->ext + k + 1, (size_t)(rc->n_ext - k - 1) * sizeof(*rc->ext));
    rc->n_ext--;
    free(e->data);
    free(e);
}

/* Class of extent k as a victim for a piece of plan range rank: 3 the
 * reader consumed it, 2 no plan range needs it, 1 it is needed after rank,
 * 0 not to be freed (needed as soon or sooner, or being fetched). *rk is
 * the range needing it. */
static int rc_victim_class(const struct rcache *rc, int k, int rank, int *rk)
{
    const struct rc_extent *e = rc->ext[k];
    *rk = -1;
    if (e->fetching)
        return 0;
    if (e->used_to >= e->pos + e->len)
        return 3;
    *rk = stream_plan_rank(rc->plan, e->used_to, e->pos + e->len);
    if (*rk < 0)
        return 2;
    return *rk > rank ? 1 : 0;
}

/* Make room for up to need more bytes for a piece of plan range rank, by
 * freeing consumed extents, then unneeded ones, then those needed latest.
 * Returns the bytes now free for it (need, or less when not more can be
 * freed), or 0 when that is not worth a request; then nothing is freed. */
static int64_t rc_make_room(struct rcache *rc, int64_t need, int rank)
{
    int64_t room = rc->budget - rc->held;
    if (room >= need)
        return need;
    int64_t freeable = 0;
    for (int k = 0; k < rc->n_ext; k++) {
        int rk;
        if (rc_victim_class(rc, k, rank, &rk) > 0)
            freeable += rc->ext[k]->cap;
    }
    int64_t can = rc_min64(need, room + freeable);
    if (can < rc_min64(need, RC_MIN_PIECE))
        return 0;
    while (rc->budget - rc->held < can) {
        int best = -1, best_class = 0, best_rank = -1;
        for (int k = 0; k < rc->n_ext; k++) {
            int rk;
            int cls = rc_victim_class(rc, k, rank, &rk);
            if (cls > best_class || (cls == 1 && best_class == 1 && rk > best_rank)) {
                best = k;
                best_class = cls;
                best_rank = rk;
            }
        }
        if (best < 0)
            break;  /* cannot happen: freeable said so */
        rc_remove(rc, best);
    }
    return rc_min64(can, rc->budget - rc->held);
}

/* The next piece to fetch, in plan order: the first planned bytes no
 * extent holds. Makes room for it. False: nothing due (plan done, or the
 * budget is full of bytes needed as soon or sooner). */
static bool rc_pick(struct rcache *rc, int64_t *pos, int64_t *len)
{
    int64_t x, end;
    for (int i = 0; i < stream_plan_count(rc->plan); i++) {
        if (!stream_plan_unread(rc->plan, i, &x, &end))
            continue;
        if (rc->src_end >= 0)
            end = rc_min64(end, rc->src_end);
        while (x < end) {
            const struct rc_extent *e = rc_extent_at(rc, x);
            if (e) {
                x = e->pos + e->cap;
                continue;
            }
            int64_t n = rc_min64(rc_min64(end, rc_next_start(rc, x)) - x, rc->piece);
            n = rc_make_room(rc, n, i);
            if (n <= 0)
                return false;
            *pos = x;
            *len = n;
            return true;
        }
    }
    return false;
}

static void rc_fetch_failed(struct rcache *rc, const char *what, int averr)
{
    if (averr == AVERROR_EXIT && atomic_load(&rc->quit_now))
        return;  /* closing */
    char msg[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, msg, sizeof(msg));
    mp_msg(MSGT_CACHE, MSGL_V, "Range cache: %s %s failed (%s); no more prefetching, "
           "reading through.\n", what, rc->url, msg);
    rc->failed = true;
}

/* Fetch into e (reserved, fetching) over the fetch connection. Called and
 * returns locked; unlocks around the I/O. */
static void rc_fetch(struct rcache *rc, struct rc_extent *e)
{
    pthread_mutex_unlock(&rc->lock);
    int err = 0;
    const char *what = NULL;
    if (!rc->fio) {
        AVIOInterruptCB cb = {.callback = rc_interrupt, .opaque = rc};
        /* Direct, as the main connection (stream_lavf.c says why): a
         * gap between planned pieces is then a new request, not the
         * whole gap read at the server's pace. */
        err = stream_lavf_avio_open(&rc->fio, rc->url, e->pos, AVIO_FLAG_DIRECT, &cb,
                                    &rc->opts);
        what = "opening a second connection to";
    } else {
        AVIOInterruptCB cb = {.callback = rc_interrupt, .opaque = rc};
        err = stream_lavf_avio_seek(rc->fio, e->pos, &cb);  /* no I/O when there */
        what = "seeking the second connection to";
    }
    pthread_mutex_lock(&rc->lock);
    if (err < 0) {
        rc_fetch_failed(rc, what, err);
        return;
    }
    for (;;) {
        int64_t off = e->len;
        int m = (int)rc_min64(e->cap - off, RC_STEP);
        pthread_mutex_unlock(&rc->lock);
        /* Only the bytes past len are written: the reader copies only
         * those before it. */
        int n = avio_read(rc->fio, e->data + off, m);
        pthread_mutex_lock(&rc->lock);
        if (n > 0) {
            e->len += n;
            rc->fetched += (uint64_t)n;
            pthread_cond_broadcast(&rc->data);
        } else if (n == 0 || n == AVERROR_EOF) {
            rc->src_end = e->pos + e->len;
            break;
        } else {
            rc_fetch_failed(rc, "reading", n);
            break;
        }
        if (e->len >= e->cap || rc->quit)
            break;
        /* A new plan (after a seek) or the reader passing by may have
         * made the rest of this piece useless. */
        if (stream_plan_rank(rc->plan, rc_max64(e->pos + e->len, e->used_to), e->pos + e->cap) < 0)
            break;
    }
}

/* Wait up to secs for work (a kick) or quit. Called locked. Returns
 * whether either came. */
static bool rc_wait_work(struct rcache *rc, double secs)
{
    struct timespec ts;
    mp_deadline_after(&ts, secs);
    while (!rc->kick && !rc->quit) {
        if (pthread_cond_timedwait(&rc->work, &rc->lock, &ts) != 0)
            break;
    }
    return rc->kick || rc->quit;
}

static void rc_job(void *arg)
{
    struct rcache *rc = arg;
    pthread_mutex_lock(&rc->lock);
    while (!rc->quit) {
        rc->kick = false;
        int64_t pos = 0, len = 0;
        if (rc->failed || !rc_pick(rc, &pos, &len)) {
            rc->idle = true;
            pthread_cond_broadcast(&rc->idle_cv);
            pthread_cond_broadcast(&rc->data);  /* a reader waiting for p reads through */
            if (rc->fio && !rc_wait_work(rc, RC_PARK_SECS)) {
                pthread_mutex_unlock(&rc->lock);
                avio_closep(&rc->fio);  /* the next fetch opens at its piece */
                pthread_mutex_lock(&rc->lock);
            }
            while (!rc->kick && !rc->quit)
                pthread_cond_wait(&rc->work, &rc->lock);
            rc->idle = false;
            continue;
        }
        struct rc_extent *e = rc_insert(rc, pos, len);
        if (!e) {
            mp_msg(MSGT_CACHE, MSGL_V, "Range cache: out of memory; no more prefetching.\n");
            rc->failed = true;
            continue;
        }
        e->fetching = true;
        mp_msg(MSGT_CACHE, MSGL_DBG2, "Range cache: fetching %" PRId64 "+%" PRId64
               " (%" PRId64 " bytes held)\n", pos, len, rc->held);
        rc_fetch(rc, e);
        /* Give back what was reserved and not filled. */
        e->fetching = false;
        rc->held -= e->cap - e->len;
        e->cap = e->len;
        if (e->len == 0)
            rc_remove(rc, rc_find(rc, e->pos));
        pthread_cond_broadcast(&rc->data);
    }
    rc->idle = true;
    pthread_cond_broadcast(&rc->idle_cv);
    pthread_cond_broadcast(&rc->data);
    pthread_mutex_unlock(&rc->lock);
}

/* Wait for the fetch under way; with an abort callback, wake up now and
 * then to ask it. True: the user aborted. Called locked. */
static bool rc_wait_data(struct rcache *rc)
{
    if (!rc->opts.abort_cb) {
        pthread_cond_wait(&rc->data, &rc->lock);
        return false;
    }
    struct timespec ts;
    mp_deadline_after(&ts, RC_ABORT_POLL_NS / 1e9);
    pthread_cond_timedwait(&rc->data, &rc->lock, &ts);
    pthread_mutex_unlock(&rc->lock);
    bool aborted = stream_aborted(rc->outer);
    pthread_mutex_lock(&rc->lock);
    return aborted;
}

/* The reader read [p, p + n), from the cache or (through) not. Called
 * locked. Wakes the thread when that can give it work: a read through
 * (the plan moved on), or an extent consumed whole (room). */
static void rc_note_read(struct rcache *rc, int64_t p, int64_t n, bool through)
{
    stream_plan_note_read(rc->plan, p, n);
    bool wake = through;
    struct rc_extent *e = rc_extent_at(rc, p);
    if (e) {
        int64_t to = rc_min64(p + n, e->pos + e->len);
        if (to > e->used_to) {
            e->used_to = to;
            wake |= !e->fetching && to >= e->pos + e->len;
        }
    }
    if (wake)
        rc_wake(rc);
}

/* The reader is served from the cache: a main connection it has not read
 * for RC_PARK_SECS is closed until it reads through again. Reader only. */
static void rc_park_inner(struct rcache *rc)
{
    if (rc->inner_live && mp_time_sec() - rc->inner_used_at >= RC_PARK_SECS) {
        stream_park(rc->inner);
        rc->inner_live = false;
    }
}

static int rc_fill(stream_t *s, void *buf, int len)
{
    struct rcache *rc = s->priv;
    int64_t p = s->src_pos;
    if (s->size >= 0 && p >= s->size)
        return 0;
    pthread_mutex_lock(&rc->lock);
    double t0 = 0;
    bool waited = false;
    int64_t limit = len;
    for (;;) {
        struct rc_extent *e = rc_extent_at(rc, p);
        if (e && p < e->pos + e->len) {
            int n = (int)rc_min64(len, e->pos + e->len - p);
            memcpy(buf, e->data + (p - e->pos), (size_t)n);
            rc->served += (uint64_t)n;
            rc_note_read(rc, p, n, false);
            if (waited) {
                rc->stalls++;
                rc->stall_secs += mp_time_sec() - t0;
            }
            pthread_mutex_unlock(&rc->lock);
            rc_park_inner(rc);
            return n;
        }
        /* Planned, and the thread is at work: it fetches in plan order, so
         * p's piece comes next or soon. Reading p through the main
         * connection meanwhile would carry the same bytes twice; when the
         * thread goes idle without taking p (no room), read through. */
        bool coming = !e && !rc->failed && (!rc->idle || rc->kick) &&
                      stream_plan_rank(rc->plan, p, p + 1) >= 0;
        if ((e && e->fetching) || coming) {
            if (!waited) {
                waited = true;
                t0 = mp_time_sec();
            }
            if (rc_wait_data(rc)) {
                rc->stalls++;
                rc->stall_secs += mp_time_sec() - t0;
                pthread_mutex_unlock(&rc->lock);
                return -STREAM_ERR_ABORTED;
            }
            continue;
        }
        /* A miss: read through, up to the next cached bytes. */
        limit = rc_min64(limit, rc_next_start(rc, p) - p);
        break;
    }
    pthread_mutex_unlock(&rc->lock);
    if (!waited)
        t0 = mp_time_sec();
    int n = 0;
    if (stream_tell(rc->inner) != p)
        n = stream_seek(rc->inner, p);
    if (n >= 0)
        n = stream_read_some(rc->inner, buf, (int)limit);
    rc->inner_live = true;
    rc->inner_used_at = mp_time_sec();
    pthread_mutex_lock(&rc->lock);
    rc->stalls++;
    rc->stall_secs += mp_time_sec() - t0;
    if (n > 0)
        rc_note_read(rc, p, n, true);
    pthread_mutex_unlock(&rc->lock);
    return n;
}

/* Nothing to do: the next fill reads at the new s->src_pos, from the
 * cache or through the main connection (which seeks only then). */
static int rc_seek(stream_t *s, int64_t pos)
{
    (void)s;
    (void)pos;
    return 0;
}

static int rc_set_plan(stream_t *s, const struct stream_range *r, int n)
{
    struct rcache *rc = s->priv;
    struct stream_range *np = NULL;
    if (n > 0) {
        np = malloc((size_t)n * sizeof(*np));
        if (!np)
            return -STREAM_ERR_NOMEM;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        int64_t a = rc_max64(r[i].pos, 0);
        int64_t b = r[i].pos + r[i].len;
        if (rc->size >= 0)
            b = rc_min64(b, rc->size);
        if (b > a)
            np[m++] = (struct stream_range){.pos = a, .len = b - a};
    }
    pthread_mutex_lock(&rc->lock);
    /* The old plan's pieces not yet fetched are simply never picked. */
    int ret = stream_plan_set(rc->plan, np, m);
    rc->plan_ranges += (uint64_t)n;
    mp_msg(MSGT_CACHE, MSGL_DBG2, "Range cache: plan of %d ranges, first %" PRId64 "+%" PRId64
           ", reader at %" PRId64 "\n", m, m ? np[0].pos : 0, m ? np[0].len : 0, s->src_pos);
    rc_wake(rc);
    pthread_mutex_unlock(&rc->lock);
    free(np);
    return ret;
}

/* Everything of rc once no thread uses it (also the left-behind fetch
 * thread's release). */
static void rc_release(void *arg)
{
    struct rcache *rc = arg;
    if (rc->fio)
        avio_closep(&rc->fio);
    stream_close(rc->inner);
    while (rc->n_ext > 0)
        rc_remove(rc, rc->n_ext - 1);
    free(rc->ext);
    stream_plan_free(rc->plan);
    free(rc->url);
    pthread_cond_destroy(&rc->data);
    pthread_cond_destroy(&rc->work);
    pthread_cond_destroy(&rc->idle_cv);
    pthread_mutex_destroy(&rc->lock);
    free(rc);
}

/* The fetch connection's interrupt callback ends a network wait at once;
 * a read of a FUSE file opened with direct_io (which comes here too) it
 * cannot end: a thread blocked there is left behind and frees rc. */
static void rc_free(struct rcache *rc)
{
    pthread_mutex_lock(&rc->lock);
    rc->quit = true;
    atomic_store(&rc->quit_now, true);
    pthread_cond_signal(&rc->work);
    struct mp_worker *w = rc->worker;
    rc->worker = NULL;
    pthread_mutex_unlock(&rc->lock);
    if (!mp_worker_stop(w, MP_WORKER_CLOSE_WAIT)) {
        mp_msg(MSGT_CACHE, MSGL_V, "Range cache: the fetch thread is blocked in a read; "
               "not waiting for it.\n");
        return;
    }
    rc_release(rc);
}

static void rc_close(stream_t *s)
{
    struct rcache *rc = s->priv;
    if (!rc)
        return;
    rc_free(rc);
    s->priv = NULL;
}

static void rc_add_stats(const stream_t *s, struct stream_stats *st)
{
    struct rcache *rc = s->priv;
    /* The main connection's work is the source I/O the reader did. */
    *st = stream_get_stats(rc->inner);
    pthread_mutex_lock(&rc->lock);
    st->cache_bytes_fetched = rc->fetched;
    st->cache_bytes_served = rc->served;
    st->cache_stalls = rc->stalls;
    st->cache_stall_seconds = rc->stall_secs;
    st->plan_ranges = rc->plan_ranges;
    pthread_mutex_unlock(&rc->lock);
}

static bool rc_cache_status(const stream_t *s, struct stream_cache_status *st)
{
    struct rcache *rc = s->priv;
    pthread_mutex_lock(&rc->lock);
    int64_t back = 0, fill = 0;
    for (int k = 0; k < rc->n_ext; k++) {
        const struct rc_extent *e = rc->ext[k];
        back += e->used_to - e->pos;
        fill += e->pos + e->len - e->used_to;
    }
    st->size = rc->budget;
    st->fill = fill;
    st->back = back;
    st->eof = rc->src_end >= 0;
    st->held = rc->held;
    st->held_peak = rc->held_peak;
    st->range_cache = true;
    pthread_mutex_unlock(&rc->lock);
    return true;
}

static void rc_sync(stream_t *s)
{
    struct rcache *rc = s->priv;
    pthread_mutex_lock(&rc->lock);
    while (rc->worker && (!rc->idle || rc->kick) && !rc->quit) {
        pthread_cond_signal(&rc->work);
        pthread_cond_wait(&rc->idle_cv, &rc->lock);
    }
    pthread_mutex_unlock(&rc->lock);
}

const struct stream_backend stream_backend_range = {
    .name = "range cache",
    .kind = STREAM_KIND_LAVF,  /* s->kind stays the source's */
    .fill = rc_fill,
    .seek = rc_seek,
    .close = rc_close,
    .add_stats = rc_add_stats,
    .set_plan = rc_set_plan,
    .cache_status = rc_cache_status,
    .sync = rc_sync,
};

/* Keep the ring's bytes as extents of at most one piece each, as far as
 * the budget goes. Called before the thread runs. */
static void rc_take(void *ctx, int64_t pos, const unsigned char *p, int64_t len)
{
    struct rcache *rc = ctx;
    while (len > 0) {
        int64_t n = rc_min64(len, rc->piece);
        if (rc->held + n > rc->budget)
            return;
        struct rc_extent *e = rc_insert(rc, pos, n);
        if (!e)
            return;  /* only a cache: the reader reads through instead */
        memcpy(e->data, p, (size_t)n);
        e->len = n;
        /* What the reader already had from the ring counts as consumed. */
        if (rc->handover_pos > pos)
            e->used_to = rc_min64(rc->handover_pos, pos + n);
        pos += n;
        p += n;
        len -= n;
    }
}

/* What libavformat opens for the fetch connection: the URL itself, or for
 * a plain file (one without a page cache) its path through the file
 * protocol, so that a colon in the path is not taken for a protocol. */
static char *rc_fetch_url(const stream_t *s)
{
    if (s->kind != STREAM_KIND_FILE)
        return strdup(s->url);
    const char *path = strncmp(s->url, "file://", 7) ? s->url : s->url + 7;
    size_t n = strlen(path) + sizeof("file:");
    char *u = malloc(n);
    if (u)
        snprintf(u, n, "file:%s", path);
    return u;
}

int stream_range_from_ring(stream_t *s)
{
    struct rcache *rc = calloc(1, sizeof(*rc));
    if (!rc)
        return -STREAM_ERR_NOMEM;
    rc->url = rc_fetch_url(s);
    /* Plan bytes are fetched whole, not in pages: granularity 1; the
     * fetch order is rc_pick's, not the plan's regions. */
    rc->plan = stream_plan_create(1, s->size, 0, 0, false);
    if (!rc->url || !rc->plan) {
        free(rc->url);
        stream_plan_free(rc->plan);
        free(rc);
        return -STREAM_ERR_NOMEM;
    }
    pthread_mutex_init(&rc->lock, NULL);
    pthread_cond_init(&rc->data, NULL);
    pthread_cond_init(&rc->work, NULL);
    pthread_cond_init(&rc->idle_cv, NULL);
    atomic_init(&rc->quit_now, false);
    rc->budget = (int64_t)s->opts.cache_kb * 1024;
    rc->piece = rc_min64(RC_MAX_PIECE, rc_max64(rc->budget / 4, RC_MIN_PIECE));
    rc->piece = rc_min64(rc->piece, rc->budget);
    rc->size = s->size;
    rc->src_end = -1;
    rc->opts = s->opts;
    rc->outer = s;
    rc->handover_pos = s->src_pos;
    rc->inner = stream_ring_release(s, rc_take, rc);
    rc->inner_live = true;
    rc->inner_used_at = mp_time_sec();
    s->be = &stream_backend_range;
    s->priv = rc;
    /* The fetch connection asks for ranges: from a server that answers
     * them with other bytes it would cache wrong data. */
    if (stream_lavf_check_ranges(rc->inner) < 0) {
        mp_msg(MSGT_CACHE, MSGL_V, "Range cache: no second connection to %s; reading "
               "through.\n", s->url);
        rc->failed = true;
    } else if (mp_worker_start(&rc->worker, "mp-rangecache", rc_job, rc, rc_release) != 0) {
        /* Still a working stream: every read goes through. */
        mp_msg(MSGT_CACHE, MSGL_V, "Range cache: no fetch thread; reading through.\n");
        rc->failed = true;
    }
    mp_msg(MSGT_CACHE, MSGL_V, "Cache: range cache of %d KB over %s, %" PRId64
           " bytes kept from the ring\n", s->opts.cache_kb, s->url, rc->held);
    return 0;
}
