/*
 * preader.c: blocking preads made on a helper thread, so that the player's
 * own thread can stop waiting for one.
 *
 * A read the device holds (a stalled disk, a hung network mount, FUSE)
 * cannot be interrupted. Where the play thread itself reads (opening and
 * probing a file, seeks, -nodemuxer-thread), such a read used to hold a
 * quit for as long as the device held it. Here the read runs on a helper
 * with its own descriptor and its own buffer; the caller waits for it,
 * asking the stream's abort callback, and on an abort walks away. The
 * answer is copied out only to a caller still waiting, so an abandoned
 * read writes into nobody's memory; a helper still held by the device at
 * close is left behind and frees itself (osdep/worker.c).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "osdep/osdep.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Most bytes one request moves; a longer read is made in pieces. */
#define PREADER_MAX_PIECE (1 << 20)

enum preader_state {
    PREADER_IDLE,     /* no request */
    PREADER_ASKED,    /* a request waits for the helper */
    PREADER_READING,  /* the helper is in pread */
    PREADER_DONE,     /* the answer waits for its caller (or nobody) */
};

struct stream_preader {
    struct mp_worker *worker;
    pthread_mutex_t lock;
    pthread_cond_t wake;  /* the helper waits here for a request or quit */
    pthread_cond_t done;  /* callers wait here for the answer */
    enum preader_state state;
    bool quit;
    int fd;               /* our own: the stream may close its own first */
    unsigned char *buf;   /* the helper's; copied out to the caller */
    size_t cap;
    size_t len;
    off_t off;
    ssize_t got;
    int err;
};

static void preader_destroy(struct stream_preader *r)
{
    if (r->fd >= 0)
        close(r->fd);
    free(r->buf);
    pthread_cond_destroy(&r->done);
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

static void preader_release(void *ctx)
{
    preader_destroy(ctx);
}

static void preader_job(void *ctx)
{
    struct stream_preader *r = ctx;
    pthread_mutex_lock(&r->lock);
    while (!r->quit) {
        if (r->state != PREADER_ASKED) {
            pthread_cond_wait(&r->wake, &r->lock);
            continue;
        }
        r->state = PREADER_READING;
        size_t len = r->len;
        off_t off = r->off;
        pthread_mutex_unlock(&r->lock);
        ssize_t n;
        do {
            n = pread(r->fd, r->buf, len, off);
        } while (n < 0 && errno == EINTR);
        int e = n < 0 ? errno : 0;
        pthread_mutex_lock(&r->lock);
        r->got = n;
        r->err = e;
        r->state = PREADER_DONE;
        pthread_cond_broadcast(&r->done);
    }
    pthread_mutex_unlock(&r->lock);
}

int stream_preader_create(struct stream_preader **out, int fd)
{
    *out = NULL;
    struct stream_preader *r = calloc(1, sizeof(*r));
    if (!r)
        return -STREAM_ERR_NOMEM;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->wake, NULL);
    pthread_cond_init(&r->done, NULL);
    r->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (r->fd < 0) {
        int e = errno;
        preader_destroy(r);
        return -stream_errno_to_err(e);
    }
    if (mp_worker_start(&r->worker, "mp-pread", preader_job, r, preader_release) != 0) {
        preader_destroy(r);
        return -STREAM_ERR_NOMEM;
    }
    *out = r;
    return 0;
}

static bool preader_busy(const struct stream_preader *r)
{
    return r->state == PREADER_ASKED || r->state == PREADER_READING;
}

/* Wait (lock held) until the helper has answered, asking s every
 * MP_WORKER_POLL. False: s says stop. */
static bool preader_wait(struct stream_preader *r, const stream_t *s)
{
    while (preader_busy(r)) {
        struct timespec ts;
        mp_deadline_after(&ts, MP_WORKER_POLL);
        pthread_cond_timedwait(&r->done, &r->lock, &ts);
        if (preader_busy(r) && stream_aborted(s))
            return false;
    }
    return true;
}

/* One request of at most PREADER_MAX_PIECE bytes. */
static ssize_t preader_piece(struct stream_preader *r, const stream_t *s, void *buf,
                             size_t len, off_t off)
{
    pthread_mutex_lock(&r->lock);
    /* A read its caller walked away from may still be under way. */
    if (!preader_wait(r, s)) {
        pthread_mutex_unlock(&r->lock);
        errno = ECANCELED;
        return -1;
    }
    if (r->cap < len) {
        unsigned char *nb = realloc(r->buf, len);
        if (!nb) {
            pthread_mutex_unlock(&r->lock);
            errno = ENOMEM;
            return -1;
        }
        r->buf = nb;
        r->cap = len;
    }
    r->len = len;
    r->off = off;
    r->state = PREADER_ASKED;
    pthread_cond_signal(&r->wake);
    if (!preader_wait(r, s)) {
        pthread_mutex_unlock(&r->lock);
        errno = ECANCELED;
        return -1;
    }
    ssize_t n = r->got;
    int e = r->err;
    if (n > 0)
        memcpy(buf, r->buf, (size_t)n);
    r->state = PREADER_IDLE;
    pthread_mutex_unlock(&r->lock);
    errno = e;
    return n;
}

ssize_t stream_preader_read(struct stream_preader *r, const stream_t *s, void *buf,
                            size_t len, off_t off)
{
    size_t done = 0;
    while (done < len) {
        size_t piece = len - done < PREADER_MAX_PIECE ? len - done : PREADER_MAX_PIECE;
        ssize_t n = preader_piece(r, s, (char *)buf + done, piece, off + (off_t)done);
        if (n < 0)
            return done > 0 && errno != ECANCELED ? (ssize_t)done : -1;
        done += (size_t)n;
        if ((size_t)n < piece)
            break;  /* the end of the file, or what the kernel had before an error */
    }
    return (ssize_t)done;
}

void stream_preader_free(struct stream_preader *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    if (mp_worker_stop(r->worker, MP_WORKER_CLOSE_WAIT))
        preader_destroy(r);
}
