/*
 * cache_ring.c: MPlayer's -cache as users know it (-cache-mode ring): a
 * thread reads the source linearly ahead of the reader into a ring buffer,
 * keeping up to half of it behind the read position for seeking back. Kept
 * so the old behaviour can be measured against read plans.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The ring is a backend wrapped around an opened stream (the "inner" one)
 * that from then on only the fill thread touches; the reader only copies
 * out of the ring. Byte p of the source lives at buf[p % size] while
 * min_pos <= p < max_pos. The thread fills [max_pos, ...) as far as the
 * space not kept for seeking back allows. Before it reads into slots it
 * claims them (raises min_pos) under the lock, so the reader never copies
 * bytes that are being overwritten. A jump outside the ring (or a forward
 * one beyond -cache-seek-min) flushes it: the generation counter goes up,
 * and a read still running for the old position is thrown away.
 *
 * Closing must not wait for a source that has no data: the thread polls a
 * pipe's descriptor together with a wake-up pipe, and libavformat's
 * interrupt callback of the inner stream says "quit" once closing starts.
 * A plain file's pread always finishes, so there close waits for at most
 * one read.
 *
 * In plan mode a URL starts with the ring too; its first read plan hands
 * the source and the ring's bytes over to the range cache (cache_range.c,
 * stream_ring_release).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Most bytes per fill step: small enough that the reader gets data while
 * a big ring is still filling, large enough for few lock round trips. */
#define RING_MAX_CHUNK (256 * 1024)
/* A failed fill step is retried in halves down to this (a page). */
#define RING_RETRY_MIN 4096
/* How often a waiting reader wakes up: to ask the abort callback, and to
 * see how long it has waited. */
#define RING_ABORT_POLL_NS (50 * 1000 * 1000)
/* MPlayer warns after ten 10 ms sleeps without new data. */
#define RING_EMPTY_WARN_SECS 0.1

struct ring {
    stream_t *inner;         /* the source; the fill thread's alone */
    unsigned char *buf;
    int64_t size;
    int64_t back_size;       /* kept behind the reader at most */
    int64_t chunk;
    int64_t min_fill;        /* -cache-min in bytes */
    int64_t seek_min;        /* -cache-seek-min in bytes */
    bool seekable;
    bool plan_ok;            /* a read plan turns this into the range cache */
    int wait_fd;             /* inner's pipe to poll, or -1 */
    int wake[2];             /* wake-up pipe for the poll, or -1 */
    bool (*abort_cb)(void *ctx);  /* the reader's (the user's) */
    void *abort_ctx;
    stream_t *outer;         /* the stream the reader reads: its waits end
                              * when stream_aborted(outer) */
    atomic_bool quit_now;    /* read lock-free by the interrupt callback */

    pthread_mutex_t lock;
    pthread_cond_t data;     /* the reader waits here */
    pthread_cond_t work;     /* the thread waits here */
    pthread_cond_t idle_cv;  /* stream_cache_sync waits here */
    struct mp_worker *worker; /* the fill thread, or NULL */

    /* Under lock. */
    int64_t min_pos, max_pos, read_pos;
    bool eof;                /* the source ended at max_pos */
    int err;                 /* a source error at max_pos, or 0 */
    bool seek_req;           /* the thread must move the source to seek_pos */
    int64_t seek_pos;
    uint64_t gen;            /* bumped by every flush */
    bool seeking;            /* read on after a seek: waiting is expected */
    bool quit;
    bool idle;               /* the thread waits for work */
    bool polling;            /* the thread waits for the pipe to have data */
    struct stream_stats src; /* the source's counters, copied by the thread */
    uint64_t fetched, served, stalls;
    double stall_secs;
};

static bool ring_interrupt(void *ctx)
{
    struct ring *r = ctx;
    return atomic_load(&r->quit_now);
}

/* Bytes the thread may read now: the ring minus what is ahead of the
 * reader and what is kept behind it. */
static int64_t ring_space(const struct ring *r)
{
    int64_t keep_from = r->read_pos - r->back_size;
    if (keep_from < r->min_pos)
        keep_from = r->min_pos;
    int64_t used = r->max_pos - keep_from;
    if (used < 0)
        used = 0;
    return r->size - used;
}

static bool ring_has_work(const struct ring *r)
{
    return r->seek_req || (!r->eof && !r->err && ring_space(r) > 0);
}

/* Bytes ahead of the reader. */
static int64_t ring_ahead(const struct ring *r)
{
    if (r->read_pos < r->min_pos || r->read_pos >= r->max_pos)
        return 0;
    return r->max_pos - r->read_pos;
}

/* What -cache-min asks for, cut to what the ring can hold ahead now. */
static int64_t ring_target(const struct ring *r)
{
    int64_t behind = r->read_pos - r->min_pos;
    if (behind < 0)
        behind = 0;
    if (behind > r->back_size)
        behind = r->back_size;
    int64_t reach = r->size - behind;
    int64_t t = r->min_fill < reach ? r->min_fill : reach;
    return t > 0 ? t : 1;
}

static void ring_copy_stats(struct ring *r)
{
    /* The inner stream is the thread's: its snapshot is taken here and
     * handed over under the lock. */
    struct stream_stats st = stream_get_stats(r->inner);
    pthread_mutex_lock(&r->lock);
    r->src = st;
    pthread_mutex_unlock(&r->lock);
}

/* Wait for the pipe to have data or for close. False: quit. */
static bool ring_poll(struct ring *r)
{
    struct pollfd fds[2] = {
        {.fd = r->wait_fd, .events = POLLIN},
        {.fd = r->wake[0], .events = POLLIN},
    };
    for (;;) {
        if (atomic_load(&r->quit_now))
            return false;
        int rc = poll(fds, 2, -1);
        if (rc < 0 && errno == EINTR)
            continue;
        if (fds[1].revents)
            return false;
        return true;  /* data, EOF, or an error the read will report */
    }
}

static void ring_release(void *arg);

/* One fill step from the source. A failed step may hold readable bytes
 * before the bad ones (a direct-I/O mount fails the whole request where a
 * page-cache one reads up to the bad page): try the first half again, down
 * to a page, so that what can be read is played. */
static int ring_read_source(struct ring *r, unsigned char *dst, int64_t len)
{
    for (;;) {
        int n = stream_read_some(r->inner, dst, (int)len);
        if (n >= 0 || len <= RING_RETRY_MIN || n == -STREAM_ERR_ABORTED ||
            atomic_load(&r->quit_now))
            return n;
        len /= 2;
    }
}

static void ring_job(void *arg)
{
    struct ring *r = arg;
    pthread_mutex_lock(&r->lock);
    while (!r->quit) {
        if (r->seek_req) {
            r->seek_req = false;
            int64_t pos = r->seek_pos;
            uint64_t g = r->gen;
            pthread_mutex_unlock(&r->lock);
            int rc = stream_seek(r->inner, pos);
            ring_copy_stats(r);
            pthread_mutex_lock(&r->lock);
            if (g == r->gen && rc < 0) {
                r->err = rc;
                pthread_cond_broadcast(&r->data);
            }
            continue;
        }
        int64_t space = (r->eof || r->err) ? 0 : ring_space(r);
        if (space <= 0) {
            r->idle = true;
            pthread_cond_broadcast(&r->idle_cv);
            pthread_cond_wait(&r->work, &r->lock);
            r->idle = false;
            continue;
        }
        int64_t len = space;
        int64_t contig = r->size - r->max_pos % r->size;
        if (len > contig)
            len = contig;
        if (len > r->chunk)
            len = r->chunk;
        /* Claim the slots: what was there is no longer in the ring. */
        if (r->max_pos + len - r->size > r->min_pos)
            r->min_pos = r->max_pos + len - r->size;
        int64_t pos = r->max_pos;
        uint64_t g = r->gen;
        if (r->wait_fd >= 0) {
            r->polling = true;
            pthread_cond_broadcast(&r->idle_cv);
            pthread_mutex_unlock(&r->lock);
            bool go = ring_poll(r);
            pthread_mutex_lock(&r->lock);
            r->polling = false;
            if (!go)
                break;
        }
        pthread_mutex_unlock(&r->lock);
        int n = ring_read_source(r, r->buf + pos % r->size, len);
        /* The source's last bytes: the end is known with them, not one
         * read later (the prefill stops at the size known at open and
         * says whether the end was reached). */
        bool ended = n > 0 && stream_eof(r->inner);
        ring_copy_stats(r);
        pthread_mutex_lock(&r->lock);
        if (g != r->gen)
            continue;  /* flushed meanwhile: these bytes are for nobody */
        if (n > 0) {
            r->max_pos += n;
            r->fetched += (uint64_t)n;
            r->eof = r->eof || ended;
        } else if (n == 0) {
            r->eof = true;
        } else {
            r->err = n;
        }
        pthread_cond_broadcast(&r->data);
    }
    r->idle = true;
    pthread_cond_broadcast(&r->idle_cv);
    pthread_cond_broadcast(&r->data);
    pthread_mutex_unlock(&r->lock);
}

static void ring_wake_thread(struct ring *r)
{
    if (r->idle)
        pthread_cond_signal(&r->work);
}

/* Wait on the data condition for at most RING_ABORT_POLL_NS; with an
 * abort callback, ask it then. Returns true when the user aborted. Called
 * locked. */
static bool ring_wait_data(struct ring *r)
{
    struct timespec ts;
    mp_deadline_after(&ts, RING_ABORT_POLL_NS / 1e9);
    pthread_cond_timedwait(&r->data, &r->lock, &ts);
    if (!r->abort_cb)
        return false;
    pthread_mutex_unlock(&r->lock);
    bool aborted = stream_aborted(r->outer);
    pthread_mutex_lock(&r->lock);
    return aborted;
}

static void ring_status(const struct ring *r)
{
    int64_t ahead = ring_ahead(r);
    mp_msg(MSGT_CACHE, MSGL_STATUS, "\rCache fill: %5.2f%% (%" PRId64 " bytes)   ",
           100.0 * (double)ahead / (double)r->size, ahead);
}

/* Copy up to len bytes at read_pos out of the ring. Called locked. */
static int ring_copy_out(struct ring *r, unsigned char *dst, int len)
{
    int64_t n = ring_ahead(r);
    if (n > len)
        n = len;
    int64_t off = r->read_pos % r->size;
    int64_t first = r->size - off < n ? r->size - off : n;
    memcpy(dst, r->buf + off, (size_t)first);
    if (n > first)
        memcpy(dst + first, r->buf, (size_t)(n - first));
    r->read_pos += n;
    r->served += (uint64_t)n;
    return (int)n;
}

/* Drop the ring and have the thread go on from pos. Called locked. */
static void ring_restart_at(struct ring *r, int64_t pos)
{
    r->gen++;
    r->min_pos = r->max_pos = r->read_pos = pos;
    r->eof = false;
    r->err = 0;
    r->seek_req = true;
    r->seek_pos = pos;
    r->seeking = true;
    pthread_cond_signal(&r->work);
}

static int ring_fill(stream_t *s, void *buf, int len)
{
    struct ring *r = s->priv;
    pthread_mutex_lock(&r->lock);
    bool waited = false, warned = false;
    double t0 = 0;
    int rc;
    for (;;) {
        int64_t ahead = ring_ahead(r);
        bool at_end = (r->eof || r->err) && r->read_pos >= r->max_pos;
        if (at_end && r->err && r->read_pos > r->max_pos && r->seekable) {
            /* A read-on seek went past the bytes that failed, before the
             * fill reached them: nobody wants those, go on from here. */
            ring_restart_at(r, r->read_pos);
            continue;
        }
        if (at_end) {
            rc = r->err ? r->err : 0;
            break;
        }
        if (ahead > 0) {
            /* The source went past its size at open: a file that grows
             * while it plays (stream_file.c follows it). */
            if (s->size >= 0 && r->max_pos > s->size)
                s->size = r->max_pos;
            rc = ring_copy_out(r, buf, len);
            r->seeking = false;
            ring_wake_thread(r);
            break;
        }
        /* As MPlayer's cache: a read waits for any data, never for
         * -cache-min again (neither after a flush nor when the ring ran
         * dry), and says so once it has waited 100 ms for nothing (not
         * after a seek, where a wait is expected). */
        double now = mp_time_sec();
        if (!waited) {
            waited = true;
            t0 = now;
        } else if (!warned && !r->seeking && now - t0 >= RING_EMPTY_WARN_SECS) {
            mp_msg(MSGT_CACHE, MSGL_WARN, "Cache empty, consider increasing -cache "
                   "and/or -cache-min. [performance issue]\n");
            warned = true;
        }
        ring_wake_thread(r);
        if (ring_wait_data(r)) {
            rc = -STREAM_ERR_ABORTED;
            break;
        }
    }
    if (waited) {
        r->stalls++;
        r->stall_secs += mp_time_sec() - t0;
    }
    pthread_mutex_unlock(&r->lock);
    return rc;
}

static int ring_seek(stream_t *s, int64_t pos)
{
    struct ring *r = s->priv;
    int rc = 0;
    pthread_mutex_lock(&r->lock);
    if (pos >= r->min_pos && pos <= r->max_pos) {
        r->read_pos = pos;
    } else if (pos > r->max_pos && !r->err &&
               (!r->seekable || pos - r->read_pos <= r->seek_min)) {
        /* Near enough ahead (or no other way): read on up to it. Not
         * through a recorded error, which lies behind pos: start there. */
        r->read_pos = pos;
        r->seeking = true;
    } else if (!r->seekable) {
        rc = -STREAM_ERR_UNSUPPORTED;
    } else {
        ring_restart_at(r, pos);
    }
    ring_wake_thread(r);
    pthread_mutex_unlock(&r->lock);
    return rc;
}

/* Stop the fill thread. now: interrupt a blocked read of the source
 * (closing), and leave the thread behind if the read does not return
 * within MP_WORKER_CLOSE_WAIT: a read of a plain file cannot be
 * interrupted, and a quit took as long as the device's stall (28 s in
 * issue 20's case); the thread then frees r when the read returns. Else
 * let the read step under way finish, so the source stays usable (handing
 * it over to the range cache). Returns false when r was left to the
 * thread. */
static bool ring_stop(struct ring *r, bool now)
{
    if (!r->worker)
        return true;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    if (now)
        atomic_store(&r->quit_now, true);
    pthread_cond_signal(&r->work);
    pthread_mutex_unlock(&r->lock);
    if (now && r->wake[1] >= 0) {
        ssize_t w;
        do {
            w = write(r->wake[1], "q", 1);
        } while (w < 0 && errno == EINTR);
    }
    char url[200];
    snprintf(url, sizeof(url), "%s", r->inner->url);
    struct mp_worker *w = r->worker;
    r->worker = NULL;
    if (!mp_worker_stop(w, now ? MP_WORKER_CLOSE_WAIT : INFINITY)) {
        mp_msg(MSGT_CACHE, MSGL_V, "Cache: the fill thread is blocked in a read of %s; "
               "not waiting for it.\n", url);
        return false;
    }
    return true;
}

/* Everything of r once no thread uses it (also the left-behind fill
 * thread's release). */
static void ring_release(void *arg)
{
    struct ring *r = arg;
    stream_close(r->inner);
    if (r->wake[0] >= 0)
        close(r->wake[0]);
    if (r->wake[1] >= 0)
        close(r->wake[1]);
    pthread_cond_destroy(&r->data);
    pthread_cond_destroy(&r->work);
    pthread_cond_destroy(&r->idle_cv);
    pthread_mutex_destroy(&r->lock);
    free(r->buf);
    free(r);
}

static void ring_free(struct ring *r)
{
    if (ring_stop(r, true))
        ring_release(r);
}

static void ring_close(stream_t *s)
{
    struct ring *r = s->priv;
    if (!r)
        return;
    ring_free(r);
    s->priv = NULL;
}

/* A plan on a URL in plan mode: hand the source over to the range cache
 * (cache_range.c), which replaces this backend of s. */
static int ring_set_plan(stream_t *s, const struct stream_range *rr, int n)
{
    struct ring *r = s->priv;
    if (!r->plan_ok)
        return -STREAM_ERR_UNSUPPORTED;
    if (n == 0)
        return 0;  /* no plan yet: stay the ring */
    int rc = stream_range_from_ring(s);
    if (rc < 0)
        return rc;
    return s->be->set_plan(s, rr, n);
}

stream_t *stream_ring_release(stream_t *s, stream_ring_take_fn take, void *ctx)
{
    struct ring *r = s->priv;
    ring_stop(r, false);
    if (!r->err && r->max_pos > r->min_pos) {
        int64_t off = r->min_pos % r->size;
        int64_t len = r->max_pos - r->min_pos;
        int64_t first = r->size - off < len ? r->size - off : len;
        take(ctx, r->min_pos, r->buf + off, first);
        if (len > first)
            take(ctx, r->min_pos + first, r->buf, len - first);
    }
    stream_t *inner = r->inner;
    r->inner = NULL;
    inner->opts.abort_cb = r->abort_cb;
    inner->opts.abort_ctx = r->abort_ctx;
    ring_free(r);
    s->priv = NULL;
    return inner;
}

static void ring_add_stats(const stream_t *s, struct stream_stats *st)
{
    struct ring *r = s->priv;
    pthread_mutex_lock(&r->lock);
    /* The source's work is what counts; the reader's copies out of the
     * ring are the cache's counters. */
    *st = r->src;
    st->cache_bytes_fetched = r->fetched;
    st->cache_bytes_served = r->served;
    st->cache_stalls = r->stalls;
    st->cache_stall_seconds = r->stall_secs;
    pthread_mutex_unlock(&r->lock);
}

static bool ring_cache_status(const stream_t *s, struct stream_cache_status *st)
{
    struct ring *r = s->priv;
    pthread_mutex_lock(&r->lock);
    st->size = r->size;
    st->fill = ring_ahead(r);
    int64_t back = r->read_pos - r->min_pos;
    st->back = r->read_pos <= r->max_pos && back > 0 ? back : 0;
    st->eof = r->eof;
    st->held = r->size;
    st->held_peak = r->size;
    st->range_cache = false;
    pthread_mutex_unlock(&r->lock);
    return true;
}

static void ring_sync(stream_t *s)
{
    struct ring *r = s->priv;
    pthread_mutex_lock(&r->lock);
    while (r->worker && !r->polling && (!r->idle || ring_has_work(r))) {
        pthread_cond_signal(&r->work);
        pthread_cond_wait(&r->idle_cv, &r->lock);
    }
    pthread_mutex_unlock(&r->lock);
}

const struct stream_backend stream_backend_ring = {
    .name = "cache",
    .kind = STREAM_KIND_FILE,  /* s->kind is the inner stream's */
    .caps = STREAM_BE_OWN_BUFFER,
    .fill = ring_fill,
    .seek = ring_seek,
    .close = ring_close,
    .add_stats = ring_add_stats,
    .set_plan = ring_set_plan,
    .cache_status = ring_cache_status,
    .sync = ring_sync,
};

/* Wait at open until -cache-min is filled (or the source ends). A file
 * that grows while it plays (a download) has no more than its size at open
 * to give now: waiting for -cache-min of it would hold the start until the
 * download had written that much. */
static int ring_prefill(struct ring *r, int64_t known_size)
{
    int rc = 0;
    pthread_mutex_lock(&r->lock);
    if (r->min_fill > 0) {
        while (ring_ahead(r) < ring_target(r) && !r->eof && !r->err &&
               (known_size <= 0 || r->max_pos < known_size)) {
            ring_status(r);
            if (ring_wait_data(r)) {
                rc = -STREAM_ERR_ABORTED;
                break;
            }
        }
        if (rc == 0)
            ring_status(r);
    }
    pthread_mutex_unlock(&r->lock);
    return rc;
}

/* The wake-up pipe, close-on-exec: pipe2 where there is one (no window for
 * a fork elsewhere to inherit it), pipe and fcntl otherwise. fds stay -1
 * on failure. */
static int ring_pipe_cloexec(int fds[2])
{
#if HAVE_PIPE2
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) < 0)
        return -1;
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) < 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        fds[0] = fds[1] = -1;
        errno = e;
        return -1;
    }
    return 0;
#endif
}

int stream_ring_open(stream_t **out, stream_t *inner, const struct stream_opts *o)
{
    *out = NULL;
    struct ring *r = calloc(1, sizeof(*r));
    if (!r) {
        stream_close(inner);
        return -STREAM_ERR_NOMEM;
    }
    r->inner = inner;
    r->wake[0] = r->wake[1] = -1;
    r->wait_fd = -1;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->data, NULL);
    pthread_cond_init(&r->work, NULL);
    pthread_cond_init(&r->idle_cv, NULL);
    atomic_init(&r->quit_now, false);
    r->size = (int64_t)o->cache_kb * 1024;
    r->buf = malloc((size_t)r->size);
    stream_t *s = r->buf ? stream_alloc(inner->url, o) : NULL;
    if (!s) {
        ring_free(r);
        return -STREAM_ERR_NOMEM;
    }
    r->back_size = r->size / 2;
    r->chunk = r->size / 4 < RING_MAX_CHUNK ? r->size / 4 : RING_MAX_CHUNK;
    if (r->chunk < 1)
        r->chunk = 1;
    r->min_fill = r->size * o->cache_min_percent / 100;
    r->seek_min = r->size * o->cache_seek_min_percent / 100;
    r->seekable = inner->seekable;
    r->plan_ok = o->cache_mode == STREAM_CACHE_PLAN && stream_range_cache_fits(inner);
    r->abort_cb = o->abort_cb;
    r->abort_ctx = o->abort_ctx;
    r->min_pos = r->max_pos = r->read_pos = stream_tell(inner);
    r->src = stream_get_stats(inner);
    /* From now on the inner stream's blocking calls answer to close, not
     * to the user: the reader waits on the ring, and aborts there. */
    inner->opts.abort_cb = ring_interrupt;
    inner->opts.abort_ctx = r;
    if (inner->be->wait_fd) {
        r->wait_fd = inner->be->wait_fd(inner);
        if (r->wait_fd >= 0 && ring_pipe_cloexec(r->wake) < 0) {
            int e = errno;
            stream_close(s);
            ring_free(r);
            return -stream_errno_to_err(e);
        }
    }
    s->be = &stream_backend_ring;
    s->kind = inner->kind;
    s->priv = r;
    r->outer = s;
    s->size = inner->size;
    s->seekable = inner->seekable;
    s->no_page_cache = inner->no_page_cache;
    s->src_pos = s->buf_start = r->read_pos;
    if (mp_worker_start(&r->worker, "mp-ring", ring_job, r, ring_release) != 0) {
        stream_close(s);
        return -STREAM_ERR_NOMEM;
    }
    mp_msg(MSGT_CACHE, MSGL_V, "Cache: ring of %d KB over %s (%s), min %d%%, seek-min %d%%\n",
           o->cache_kb, inner->url, inner->be->name, o->cache_min_percent,
           o->cache_seek_min_percent);
    int rc = ring_prefill(r, s->size);
    if (rc < 0) {
        stream_close(s);
        return rc;
    }
    *out = s;
    return 0;
}
