/*
 * A recorder of what a plain-file stream asks of the kernel, plugged in
 * with stream_open_io: every WILLNEED and DONTNEED call (and the preads,
 * when asked), in order. The access pattern (POSIX_FADV_RANDOM/NORMAL) is
 * kept apart, as the last one given. Reads really happen; advice reaches
 * the kernel only with pass_advice. A closed gate holds the stream's
 * readahead thread inside its fadvise call, so a test can act while it
 * is there.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only, like test_util.h: test scaffolding, not part of the player.
 */
#ifndef MP_TESTS_TEST_RECORDER_H
#define MP_TESTS_TEST_RECORDER_H

#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "stream/stream_test.h"

#define REC_MAX_EVENTS 20000

enum rec_kind { REC_PREAD, REC_WILLNEED, REC_DONTNEED };

struct rec_event {
    enum rec_kind kind;
    int64_t off, len;
};

struct recorder {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    struct rec_event ev[REC_MAX_EVENTS];
    int n;              /* events recorded (at most REC_MAX_EVENTS) */
    bool reads;         /* record the preads too */
    bool pass_advice;   /* and give the advice to the kernel */
    bool gate_closed;
    int in_gate;        /* fadvise calls held at the gate */
    int access_mode;    /* the last POSIX_FADV_RANDOM/NORMAL given, or 0 */
    int mode_changes;
};

static inline void rec_add(struct recorder *r, enum rec_kind k, int64_t off, int64_t len)
{
    pthread_mutex_lock(&r->lock);
    if (r->n < REC_MAX_EVENTS)
        r->ev[r->n++] = (struct rec_event){k, off, len};
    pthread_mutex_unlock(&r->lock);
}

static inline ssize_t rec_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    struct recorder *r = ctx;
    if (r->reads)
        rec_add(r, REC_PREAD, off, (int64_t)len);
    return pread(fd, buf, len, off);
}

static inline ssize_t rec_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off,
                                  int flags)
{
    (void)flags;
    return rec_pread(ctx, fd, buf, len, off); /* never "would block" */
}

static inline int rec_fadvise(void *ctx, int fd, off_t off, off_t len, int advice)
{
    struct recorder *r = ctx;
    pthread_mutex_lock(&r->lock);
    if (advice == POSIX_FADV_RANDOM || advice == POSIX_FADV_NORMAL) {
        /* About the file, not its bytes: no event, and never held (the
         * caller's thread gives it). */
        r->access_mode = advice;
        r->mode_changes++;
        pthread_mutex_unlock(&r->lock);
        return r->pass_advice ? posix_fadvise(fd, off, len, advice) : 0;
    }
    r->in_gate++;
    pthread_cond_broadcast(&r->cond);
    while (r->gate_closed)
        pthread_cond_wait(&r->cond, &r->lock);
    r->in_gate--;
    pthread_mutex_unlock(&r->lock);
    rec_add(r, advice == POSIX_FADV_WILLNEED ? REC_WILLNEED : REC_DONTNEED, off, len);
    return r->pass_advice ? posix_fadvise(fd, off, len, advice) : 0;
}

/* A new recorder (aborts the test when out of memory); reads: record
 * the preads too. Freed with rec_free. */
static inline struct recorder *rec_new(bool reads)
{
    struct recorder *r = calloc(1, sizeof(*r));
    if (!r)
        abort();
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    r->reads = reads;
    return r;
}

static inline void rec_free(struct recorder *r)
{
    if (!r)
        return;
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->cond);
    free(r);
}

/* The hooks for stream_open_io; r must outlive the stream. */
static inline struct stream_file_io rec_io(struct recorder *r)
{
    return (struct stream_file_io){rec_pread, rec_preadv2, rec_fadvise, r};
}

static inline void rec_gate(struct recorder *r, bool closed)
{
    pthread_mutex_lock(&r->lock);
    r->gate_closed = closed;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

/* Wait (no timeout needed: the thread gets there by itself) until the
 * readahead thread sits in the gate. */
static inline void rec_wait_in_gate(struct recorder *r)
{
    pthread_mutex_lock(&r->lock);
    while (r->in_gate == 0)
        pthread_cond_wait(&r->cond, &r->lock);
    pthread_mutex_unlock(&r->lock);
}

/* Events recorded so far. */
static inline int rec_events(struct recorder *r)
{
    pthread_mutex_lock(&r->lock);
    int n = r->n;
    pthread_mutex_unlock(&r->lock);
    return n;
}

#endif
