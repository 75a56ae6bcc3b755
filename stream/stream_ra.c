/*
 * stream_ra.c: read-ahead and drop-behind advice for plain files, from a
 * thread of its own, with a few read cursors each keeping its own window.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The caller's thread only records where it reads (stream_ra_note) under
 * a mutex and never makes an fadvise call itself: WILLNEED reads the pages
 * synchronously inside the call, which must not stall playback. The thread
 * takes one job at a time from the cursors' state, so nothing is queued
 * that could go stale: advice no longer wanted is simply never picked.
 *
 * A cursor is one place the file is being read at. Its window is
 * [read position, read position + distance). advised_end says how far the
 * kernel has been told; bytes below it are never advised again while the
 * cursor moves forward. A new cursor (open, or a jump far from every
 * cursor) gets its whole window advised, the last piece possibly short;
 * after that only whole steps are advised as the window slides. With more
 * places than cursors the least recently used one is reused.
 */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

#define RA_MAX_CURSORS 4
/* A read this close to a cursor continues it: demuxers hop a little back
 * and forth (headers, small skips) without starting a new place. */
#define RA_MIN_NEAR (1024 * 1024)
/* DONTNEED leaves alone every page-cache folio that reaches outside the
 * range (find_lock_entries in mm/filemap.c skips them), and the kernel's
 * own readahead builds folios of up to 2 MB (PMD size on x86-64). So
 * drop-behind ranges start and end on 2 MB boundaries. */
#define RA_FOLIO_ALIGN (2 * 1024 * 1024)

struct ra_cursor {
    bool used;
    bool fresh;           /* whole window not advised once yet */
    uint64_t last_use;    /* LRU clock */
    int64_t read_start;   /* start of the last read here */
    int64_t pos;          /* end of the last read here */
    int64_t want_end;     /* advice wanted up to here */
    int64_t advised_end;  /* advice given (or not needed) up to here */
    int64_t drop_end;     /* DONTNEED given up to here */
};

enum ra_job_kind { RA_JOB_NONE, RA_JOB_WILLNEED, RA_JOB_DONTNEED, RA_JOB_PLAN };

struct ra_job {
    enum ra_job_kind kind;
    int64_t off, len;
};

/* Plan pieces advised and not yet waited for. The kernel queues WILLNEED
 * reads without bound (and a congested FUSE connection silently drops
 * some), while the device serves one request at a time: a read the player
 * waits for must not queue behind seconds of advice for later. So after
 * advising a piece the thread waits for the one before it: the device
 * always has the next piece queued, and never more. */
#define RA_PLAN_FLIGHT_CHUNKS 1
/* A reader that needs a region the thread is not in waits for the batch
 * under way when at most this many chunks of it are left, rather than cut
 * it short with a request of its own. 64 chunks is the largest batch, so
 * it always waits: on the net model a 720p file whose audio lies 16 MB
 * behind its video took 11.4 s with 16 jumps at -benchmark this way, 12.2 s
 * with 75 when it waited for at most 16 chunks, 12.6 s with 71 never. When
 * the player plays in real time the batch it waits for ends at its next
 * piece (readahead.c), so the wait is short. */
#define RA_PLAN_WAIT_CHUNKS 64

struct ra_flight {
    int64_t off, len;
};

struct stream_ra {
    struct stream_ra_params p;
    int64_t page;
    int64_t step;         /* bytes per WILLNEED call */
    int64_t plan_step;    /* the same for plans: the whole device chunk */
    int64_t drop_step;    /* bytes per DONTNEED call, RA_FOLIO_ALIGN multiple */
    int64_t near;

    pthread_mutex_t lock;
    pthread_cond_t work;  /* the thread waits here for jobs */
    pthread_cond_t idle;  /* stream_ra_sync waits here */
    pthread_cond_t advised; /* a reader waiting for plan advice waits here */
    uint64_t plan_gen;    /* counts plans set: a waiting reader's plan is gone */
    uint64_t idle_gen;    /* counts the thread's turns with nothing to do */
    struct mp_worker *worker; /* changed under lock; NULL: no thread */
    bool own_fd;          /* p.fd is our dup of the stream's descriptor */
    bool quit;
    bool busy;            /* the thread is inside a syscall */
    bool failed;          /* fadvise failed: stop advising */
    bool random;          /* POSIX_FADV_RANDOM given: a plan is set */
    uint64_t demand_calls; /* advice the reader gave itself (stream_ra_demand) */
    uint64_t clock;
    struct ra_cursor cur[RA_MAX_CURSORS];
    struct stream_plan *plan; /* NULL until the first plan */
    /* Plan pieces advised, oldest first, not known to be served yet. */
    struct ra_flight flight[RA_PLAN_FLIGHT_CHUNKS + 1];
    int nflight;
    int wait_fd;          /* the thread's own descriptor for waiting reads */
    void *scratch;        /* plan_step bytes: where waiting reads land */

    /* Counted by the thread, under lock. */
    uint64_t advise_calls, bytes_advised, dontneed_calls, bytes_dropped;
    uint64_t plan_ranges, plan_bytes_advised;
};

static int64_t page_down(const struct stream_ra *ra, int64_t x)
{
    return x / ra->page * ra->page;
}

static int64_t page_up(const struct stream_ra *ra, int64_t x)
{
    return (x + ra->page - 1) / ra->page * ra->page;
}

static int64_t align_down(int64_t x, int64_t a)
{
    return x / a * a;
}

static int64_t align_up(int64_t x, int64_t a)
{
    return (x + a - 1) / a * a;
}

static int64_t clamp_size(const struct stream_ra *ra, int64_t x)
{
    return ra->p.size >= 0 && x > ra->p.size ? ra->p.size : x;
}

/* The part of o's window that o is about to read and has advised. */
static bool in_window(const struct stream_ra *ra, const struct ra_cursor *o, int64_t x)
{
    return o->used && x >= page_down(ra, o->read_start) && x < o->advised_end;
}

/* Pick the next job and commit it to the cursors' state (so a concurrent
 * note sees it as given). Most recently used cursor first: its window is
 * the one the reader waits on. With commit false, only say whether there
 * is one. */
static bool next_job(struct stream_ra *ra, struct ra_job *job, bool commit)
{
    /* A plan knows which bytes will be read: its advice comes first, and
     * while it is set the cursors' guessed windows give none. */
    bool planned = ra->plan && stream_plan_active(ra->plan);
    if (planned && !ra->failed && !ra->quit) {
        int64_t off, len;
        if (stream_plan_next(ra->plan, ra->plan_step, commit, &off, &len)) {
            *job = (struct ra_job){RA_JOB_PLAN, off, len};
            return true;
        }
    }
    int order[RA_MAX_CURSORS];
    int n = 0;
    for (int i = 0; i < RA_MAX_CURSORS; i++) {
        if (!ra->cur[i].used)
            continue;
        int j = n++;
        while (j > 0 && ra->cur[order[j - 1]].last_use < ra->cur[i].last_use) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int k = 0; k < n; k++) {
        struct ra_cursor *c = &ra->cur[order[k]];
        if (ra->p.distance > 0 && !ra->failed && !ra->quit && !planned) {
            /* Skip what another cursor's window already covers. */
            int64_t start = c->advised_end;
            for (bool moved = true; moved;) {
                moved = false;
                for (int i = 0; i < RA_MAX_CURSORS; i++) {
                    if (&ra->cur[i] != c && in_window(ra, &ra->cur[i], start)) {
                        start = ra->cur[i].advised_end;
                        moved = true;
                    }
                }
            }
            int64_t avail = c->want_end - start;
            bool at_end = ra->p.size >= 0 && c->want_end >= ra->p.size;
            if (avail > 0 && (c->fresh || at_end || avail >= ra->step)) {
                int64_t len = avail < ra->step ? avail : ra->step;
                for (int i = 0; i < RA_MAX_CURSORS; i++) {
                    const struct ra_cursor *o = &ra->cur[i];
                    int64_t os = page_down(ra, o->read_start);
                    if (o != c && o->used && o->advised_end > os && os > start &&
                        os < start + len)
                        len = os - start;
                }
                if (commit) {
                    c->advised_end = start + len;
                    if (c->advised_end >= c->want_end)
                        c->fresh = false;
                }
                *job = (struct ra_job){RA_JOB_WILLNEED, start, len};
                return true;
            }
            if (commit && start > c->advised_end)
                c->advised_end = start;
            if (commit && avail <= 0)
                c->fresh = false;
        }
        if (ra->p.drop_behind && !ra->failed) {
            /* Before close the bytes of the last read stay (the demuxer
             * may step back into them), and boundaries sit on folio
             * alignment. At close everything read is consumed; at the
             * end of the file the last folio may reach past it. */
            int64_t limit = align_down(ra->quit ? page_down(ra, c->pos) : c->read_start,
                                       ra->quit ? 1 : RA_FOLIO_ALIGN);
            if (ra->quit && ra->p.size >= 0 && c->pos >= ra->p.size)
                limit = align_up(ra->p.size, RA_FOLIO_ALIGN);
            int64_t avail = limit - c->drop_end;
            if (avail > 0 && (ra->quit || avail >= ra->drop_step)) {
                int64_t len = avail < ra->drop_step ? avail : ra->drop_step;
                if (commit)
                    c->drop_end += len;
                *job = (struct ra_job){RA_JOB_DONTNEED, limit - avail, len};
                return true;
            }
        }
    }
    job->kind = RA_JOB_NONE;
    return false;
}

static int do_fadvise_fd(struct stream_ra *ra, int fd, int64_t off, int64_t len, int advice)
{
    const struct stream_file_io *io = ra->p.io;
    if (io && io->fadvise)
        return io->fadvise(io->ctx, fd, (off_t)off, (off_t)len, advice);
#if HAVE_POSIX_FADVISE
    return posix_fadvise(fd, (off_t)off, (off_t)len, advice);
#else
    return ENOSYS;
#endif
}

static int do_fadvise(struct stream_ra *ra, int64_t off, int64_t len, int advice)
{
    return do_fadvise_fd(ra, ra->p.fd, off, len, advice);
}

/*
 * Plan advice goes through the thread's own descriptor (random mode). The
 * kernel sizes and may drop a WILLNEED read by the readahead state of the
 * descriptor it comes through: FUSE skips the part it takes for
 * asynchronous readahead while its background queue is congested, and
 * through the reader's descriptor that part is whatever the reader's own
 * readahead left there. Measured on slowfs: most of the plan's pieces were
 * never requested and the reader fetched them itself, 128 KB at a time,
 * alternating between the places it reads.
 */
static int do_plan_fadvise(struct stream_ra *ra, int64_t off, int64_t len)
{
    return do_fadvise_fd(ra, ra->wait_fd, off, len, POSIX_FADV_WILLNEED);
}

/* Count a job's advice once given (under the lock); the first failure
 * stops all advice. */
static void ra_account(struct stream_ra *ra, const struct ra_job *job, int err)
{
    if (err) {
        if (!ra->failed)
            mp_msg(MSGT_STREAM, MSGL_V, "posix_fadvise failed (%s); no more advice.\n",
                   strerror(err));
        ra->failed = true;
    } else if (job->kind != RA_JOB_DONTNEED) {
        ra->advise_calls++;
        ra->bytes_advised += (uint64_t)job->len;
        if (job->kind == RA_JOB_PLAN)
            ra->plan_bytes_advised += (uint64_t)job->len;
    } else {
        ra->dontneed_calls++;
        ra->bytes_dropped += (uint64_t)job->len;
    }
}

static ssize_t ra_pread(struct stream_ra *ra, void *buf, size_t len, off_t off)
{
    const struct stream_file_io *io = ra->p.io;
    for (;;) {
        ssize_t n = io && io->pread ? io->pread(io->ctx, ra->wait_fd, buf, len, off)
                                    : pread(ra->wait_fd, buf, len, off);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

/* With the lock held: while more plan advice is in flight than the device
 * should have queued, wait for the oldest piece by reading it: its pages
 * are in the page cache or on their way, a read is the one way to wait for
 * them that works on every filesystem, and it fetches whatever the kernel
 * dropped (on its own descriptor in random mode: exactly those pages). A
 * new plan empties the list: nobody waits for the old one's pieces. */
static void ra_pace(struct stream_ra *ra)
{
    while (ra->nflight > RA_PLAN_FLIGHT_CHUNKS && !ra->quit) {
        struct ra_flight f = ra->flight[0];
        ra->nflight--;
        memmove(&ra->flight[0], &ra->flight[1], sizeof(ra->flight[0]) * (size_t)ra->nflight);
        ra->busy = true;
        pthread_mutex_unlock(&ra->lock);
        ssize_t n = ra_pread(ra, ra->scratch, (size_t)f.len, (off_t)f.off);
        pthread_mutex_lock(&ra->lock);
        ra->busy = false;
        if (n < 0)
            ra->nflight = 0;  /* the reader will meet the error itself */
    }
}

static void ra_job(void *arg)
{
    struct stream_ra *ra = arg;
    mp_msg(MSGT_STREAM, MSGL_DBG2, "readahead: thread %d\n", mp_thread_id());
    pthread_mutex_lock(&ra->lock);
    for (;;) {
        struct ra_job job;
        if (ra->scratch)
            ra_pace(ra);
        if (!next_job(ra, &job, true)) {
            pthread_cond_broadcast(&ra->idle);
            ra->idle_gen++;  /* a reader waiting for advice waits no more */
            pthread_cond_broadcast(&ra->advised);
            if (ra->quit)
                break;
            pthread_cond_wait(&ra->work, &ra->lock);
            continue;
        }
        ra->busy = true;
        pthread_mutex_unlock(&ra->lock);
        int advice = job.kind == RA_JOB_DONTNEED ? POSIX_FADV_DONTNEED : POSIX_FADV_WILLNEED;
        mp_msg(MSGT_STREAM, MSGL_DBG3, "readahead: %s %" PRId64 "+%" PRId64 "\n",
               job.kind == RA_JOB_PLAN ? "plan" : advice == POSIX_FADV_DONTNEED ? "drop" : "window",
               job.off, job.len);
        int err = job.kind == RA_JOB_PLAN ? do_plan_fadvise(ra, job.off, job.len)
                                          : do_fadvise(ra, job.off, job.len, advice);
        pthread_mutex_lock(&ra->lock);
        ra->busy = false;
        ra_account(ra, &job, err);
        if (job.kind == RA_JOB_PLAN && !err && ra->nflight <= RA_PLAN_FLIGHT_CHUNKS)
            ra->flight[ra->nflight++] = (struct ra_flight){job.off, job.len};
        if (job.kind == RA_JOB_PLAN)
            pthread_cond_broadcast(&ra->advised);
    }
    pthread_mutex_unlock(&ra->lock);
}

/* Everything of ra once no thread uses it (also the left-behind thread's
 * release). */
static void ra_release(void *arg)
{
    struct stream_ra *ra = arg;
    stream_plan_free(ra->plan);
    if (ra->wait_fd >= 0 && ra->wait_fd != ra->p.fd)
        close(ra->wait_fd);
    if (ra->own_fd)
        close(ra->p.fd);
    free(ra->scratch);
    pthread_cond_destroy(&ra->work);
    pthread_cond_destroy(&ra->advised);
    pthread_cond_destroy(&ra->idle);
    pthread_mutex_destroy(&ra->lock);
    free(ra);
}

struct stream_ra *stream_ra_create(const struct stream_ra_params *p)
{
    struct stream_ra *ra = calloc(1, sizeof(*ra));
    if (!ra)
        return NULL;
    ra->p = *p;
    if (!p->io) {
        /* The same open file (one readahead state, one advice mode), on a
         * descriptor of our own: a thread left behind in a read the device
         * holds may use it after the stream closed its own. */
        int fd = fcntl(p->fd, F_DUPFD_CLOEXEC, 0);
        if (fd >= 0) {
            ra->p.fd = fd;
            ra->own_fd = true;
        }
    }
    long pg = sysconf(_SC_PAGESIZE);
    ra->page = pg > 0 ? pg : 4096;
    /* One call never asks for more than the kernel reads for it, nor more
     * than half the window, so the window never runs below half full. */
    int64_t step = page_down(ra, p->chunk);
    int64_t half = page_down(ra, p->distance / 2);
    if (p->distance > 0 && step > half)
        step = half;
    ra->step = step > ra->page ? step : ra->page;
    int64_t pstep = page_down(ra, p->chunk);
    ra->plan_step = pstep > ra->page ? pstep : ra->page;
    ra->drop_step = align_up(ra->step, RA_FOLIO_ALIGN);
    ra->near = p->distance > RA_MIN_NEAR ? p->distance : RA_MIN_NEAR;
    if (pthread_mutex_init(&ra->lock, NULL) != 0) {
        free(ra);
        return NULL;
    }
    pthread_cond_init(&ra->work, NULL);
    pthread_cond_init(&ra->idle, NULL);
    pthread_cond_init(&ra->advised, NULL);
    /* Without the scratch buffer plan advice is not paced (nothing else
     * changes): no reason to fail the open. */
    ra->scratch = malloc((size_t)ra->plan_step);
    ra->wait_fd = -1;
    if (ra->scratch && !p->io) {
        /* A descriptor of its own, so that the waiting reads do not move
         * the reader's readahead state (the kernel keeps one per open),
         * in random mode: a page the kernel dropped is read alone. */
        char path[64];
        snprintf(path, sizeof(path), "/proc/self/fd/%d", ra->p.fd);
        ra->wait_fd = open(path, O_RDONLY | O_CLOEXEC);
#if HAVE_POSIX_FADVISE
        /* Failing only costs a page of readahead per dropped page. */
        if (ra->wait_fd >= 0)
            (void)posix_fadvise(ra->wait_fd, 0, 0, POSIX_FADV_RANDOM);
#endif
    }
    if (ra->wait_fd < 0)
        ra->wait_fd = ra->p.fd;
    if (mp_worker_start(&ra->worker, "mp-readahead", ra_job, ra, ra_release) != 0) {
        ra_release(ra);
        return NULL;
    }
    return ra;
}

int64_t stream_ra_step(const struct stream_ra *ra)
{
    return ra->step;
}

/* Merge cursors whose windows c has run into: one place, one window. */
static void merge_into(struct stream_ra *ra, struct ra_cursor *c)
{
    for (int i = 0; i < RA_MAX_CURSORS; i++) {
        struct ra_cursor *o = &ra->cur[i];
        if (o == c || !in_window(ra, o, c->pos))
            continue;
        if (o->advised_end > c->advised_end)
            c->advised_end = o->advised_end;
        if (o->want_end > c->want_end)
            c->want_end = o->want_end;
        o->used = false;
    }
}

bool stream_ra_note(struct stream_ra *ra, int64_t pos, int64_t len)
{
    pthread_mutex_lock(&ra->lock);
    struct ra_cursor *c = NULL;
    int64_t best = 0;
    for (int i = 0; i < RA_MAX_CURSORS; i++) {
        struct ra_cursor *o = &ra->cur[i];
        if (!o->used)
            continue;
        int64_t d = pos > o->pos ? pos - o->pos : o->pos - pos;
        if (d <= ra->near && (!c || d < best)) {
            c = o;
            best = d;
        }
    }
    int64_t end = pos + len;
    if (c) {
        /* The read itself fetched these; advising them now is waste. */
        int64_t read_end = clamp_size(ra, page_up(ra, end));
        if (c->advised_end < read_end)
            c->advised_end = read_end;
        if (align_up(pos, RA_FOLIO_ALIGN) < c->drop_end)
            c->drop_end = align_up(pos, RA_FOLIO_ALIGN);  /* read again: drop again */
    } else {
        /* A new place: the least recently used cursor goes. */
        for (int i = 0; i < RA_MAX_CURSORS; i++) {
            struct ra_cursor *o = &ra->cur[i];
            if (!o->used) {
                c = o;
                break;
            }
            if (!c || o->last_use < c->last_use)
                c = o;
        }
        /* Advice still pending elsewhere is for places just left: drop
         * it, but keep what was given, so no window is advised twice. */
        for (int i = 0; i < RA_MAX_CURSORS; i++) {
            if (ra->cur[i].used && ra->cur[i].want_end > ra->cur[i].advised_end)
                ra->cur[i].want_end = ra->cur[i].advised_end;
        }
        *c = (struct ra_cursor){
            .used = true,
            .fresh = true,
            .advised_end = clamp_size(ra, page_up(ra, end)),
            /* Not the partial folio before pos: not read here. */
            .drop_end = align_up(pos, RA_FOLIO_ALIGN),
        };
    }
    if (ra->plan)
        stream_plan_note_read(ra->plan, pos, len);
    c->last_use = ++ra->clock;
    c->read_start = pos;
    c->pos = end;
    int64_t want = clamp_size(ra, page_up(ra, end + ra->p.distance));
    if (ra->p.distance > 0 && want > c->want_end)
        c->want_end = want;
    if (c->want_end < c->advised_end)
        c->want_end = c->advised_end;
    merge_into(ra, c);
    struct ra_job job;
    if (!ra->busy && next_job(ra, &job, false))
        pthread_cond_signal(&ra->work);
    bool planned = ra->plan && stream_plan_active(ra->plan);
    pthread_mutex_unlock(&ra->lock);
    return planned;
}

/* With the lock held: what the reader at [pos, pos + len) should do. */
static enum stream_plan_demand ra_plan_demand(struct stream_ra *ra, int64_t *pos, int64_t len,
                                              bool unadvised_only, struct ra_job *job)
{
    if (!ra->plan || !stream_plan_active(ra->plan) || ra->failed)
        return STREAM_PLAN_NONE;
    if (!unadvised_only) {
        return stream_plan_claim(ra->plan, *pos, ra->plan_step, false, &job->off, &job->len)
                   ? STREAM_PLAN_CLAIMED
                   : STREAM_PLAN_NONE;
    }
    /* A fill that starts in a page read before may reach into pages
     * nobody asked for yet. */
    int64_t end = *pos + (len > 0 ? len : 1);
    *pos = stream_plan_first_unknown(ra->plan, *pos, end);
    if (*pos >= end)
        return STREAM_PLAN_NONE;
    return stream_plan_demand(ra->plan, *pos, ra->plan_step, RA_PLAN_WAIT_CHUNKS * ra->plan_step,
                              &job->off, &job->len);
}

void stream_ra_demand(struct stream_ra *ra, int64_t pos, int64_t len, bool unadvised_only)
{
    struct ra_job job = {RA_JOB_PLAN, 0, 0};
    pthread_mutex_lock(&ra->lock);
    enum stream_plan_demand d = ra_plan_demand(ra, &pos, len, unadvised_only, &job);
    if (d != STREAM_PLAN_NONE)
        pthread_cond_signal(&ra->work);  /* its batch continues after this */
    if (d == STREAM_PLAN_WAIT) {
        /* Until the thread has advised pos (its pages are then on their
         * way: the read that follows waits for them, not for a request
         * of its own), the plan changes, or the thread stops. */
        uint64_t gen = ra->plan_gen, idle = ra->idle_gen;
        while (ra->worker && !ra->quit && !ra->failed && ra->plan_gen == gen &&
               ra->idle_gen == idle && !stream_plan_known(ra->plan, pos))
            pthread_cond_wait(&ra->advised, &ra->lock);
    }
    pthread_mutex_unlock(&ra->lock);
    if (d != STREAM_PLAN_NONE)
        mp_msg(MSGT_STREAM, MSGL_DBG3, "readahead: reader at %" PRId64 ": %s\n", pos,
               d == STREAM_PLAN_CLAIMED ? "claims" : "waited");
    if (d != STREAM_PLAN_CLAIMED || job.len <= 0)
        return;
    int err = do_plan_fadvise(ra, job.off, job.len);
    pthread_mutex_lock(&ra->lock);
    ra_account(ra, &job, err);
    ra->demand_calls += !err;
    pthread_mutex_unlock(&ra->lock);
}

int stream_ra_set_plan(struct stream_ra *ra, const struct stream_range *r, int n,
                       bool random_ok)
{
    pthread_mutex_lock(&ra->lock);
    int rc = 0;
    if (!ra->plan) {
        ra->plan = stream_plan_create(ra->page, ra->p.size, ra->p.plan_budget,
                                      ra->plan_step, !ra->p.plan_untimed);
        if (!ra->plan)
            rc = -STREAM_ERR_NOMEM;
    }
    if (ra->plan) {
        /* Replacing the list is the cancel: advice of the old plan not
         * picked yet is simply never picked. */
        rc = stream_plan_set(ra->plan, r, n);
        ra->plan_ranges += (uint64_t)n;
        ra->nflight = 0;
        ra->plan_gen++;
        pthread_cond_broadcast(&ra->advised);
    }
    struct ra_job job;
    if (!ra->busy && next_job(ra, &job, false))
        pthread_cond_signal(&ra->work);
    /* While a plan says what will be read, a read it did not foresee (a
     * container's look at a chunk header, a buffer fill reaching past a
     * range) must fetch only its own pages: the kernel's readahead would
     * start a window there, into tracks nobody plays. */
    bool want_random = ra->plan && stream_plan_active(ra->plan) && !ra->failed && random_ok;
    bool change = want_random != ra->random;
    ra->random = want_random;
    pthread_mutex_unlock(&ra->lock);
    if (change) {
        int err = do_fadvise(ra, 0, 0, want_random ? POSIX_FADV_RANDOM : POSIX_FADV_NORMAL);
        if (err)
            mp_msg(MSGT_STREAM, MSGL_V, "posix_fadvise(%s) failed (%s).\n",
                   want_random ? "RANDOM" : "NORMAL", strerror(err));
    }
    return rc;
}

void stream_ra_sync(struct stream_ra *ra)
{
    pthread_mutex_lock(&ra->lock);
    struct ra_job job;
    while (ra->worker && (ra->busy || next_job(ra, &job, false))) {
        pthread_cond_signal(&ra->work);
        pthread_cond_wait(&ra->idle, &ra->lock);
    }
    pthread_mutex_unlock(&ra->lock);
}

void stream_ra_add_stats(struct stream_ra *ra, struct stream_stats *st)
{
    pthread_mutex_lock(&ra->lock);
    st->advise_calls += ra->advise_calls;
    st->bytes_advised += ra->bytes_advised;
    st->dontneed_calls += ra->dontneed_calls;
    st->bytes_dropped += ra->bytes_dropped;
    st->plan_ranges += ra->plan_ranges;
    st->plan_bytes_advised += ra->plan_bytes_advised;
    st->plan_demand_calls += ra->demand_calls;
    if (ra->plan && stream_plan_active(ra->plan))
        st->plan_bytes_ahead += stream_plan_in_flight(ra->plan);
    pthread_mutex_unlock(&ra->lock);
}

void stream_ra_destroy(struct stream_ra *ra)
{
    if (!ra)
        return;
    /* The thread gives the last drop-behind advice, then exits. One held
     * in a read the device holds is left behind (not with test hooks,
     * whose context the caller frees). */
    pthread_mutex_lock(&ra->lock);
    ra->quit = true;
    struct mp_worker *w = ra->worker;
    ra->worker = NULL;
    pthread_cond_signal(&ra->work);
    pthread_cond_broadcast(&ra->advised);
    pthread_mutex_unlock(&ra->lock);
    bool can_leave = ra->own_fd && !ra->p.io;
    if (!mp_worker_stop(w, can_leave ? MP_WORKER_CLOSE_WAIT : INFINITY)) {
        mp_msg(MSGT_STREAM, MSGL_V, "readahead: the thread is blocked in a read; "
               "not waiting for it.\n");
        return;
    }
    ra_release(ra);
}
