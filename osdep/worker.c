/*
 * Worker threads that can be stopped, or left behind while a read they are
 * blocked in cannot be interrupted (see osdep.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "config.h"
#include "osdep/osdep.h"

struct mp_worker {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t returned_cv;
    bool returned;  /* the job has returned */
    bool left;      /* the stopper gave up waiting: the thread cleans up */
    void (*job)(void *ctx);
    void (*release)(void *ctx);
    void *ctx;
    char name[16];
};

static void worker_free(struct mp_worker *w)
{
    pthread_cond_destroy(&w->returned_cv);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

/* Set on a worker's own thread: its blocking calls may be left behind. */
static _Thread_local bool worker_thread;

bool mp_worker_is_current(void)
{
    return worker_thread;
}

int mp_thread_id(void)
{
#ifdef SYS_gettid
    return (int)syscall(SYS_gettid);
#else
    return 0;
#endif
}

static void *worker_main(void *arg)
{
    struct mp_worker *w = arg;
    worker_thread = true;
#if HAVE_PTHREAD_SETNAME_NP
    /* Only for debuggers and top; a failure changes nothing else. */
    (void)pthread_setname_np(pthread_self(), w->name);
#endif
    w->job(w->ctx);
    pthread_mutex_lock(&w->lock);
    w->returned = true;
    bool left = w->left;
    pthread_cond_signal(&w->returned_cv);
    pthread_mutex_unlock(&w->lock);
    if (left) {
        if (w->release)
            w->release(w->ctx);
        worker_free(w);
    }
    return NULL;
}

int mp_worker_start(struct mp_worker **out, const char *name, void (*job)(void *ctx),
                    void *ctx, void (*release)(void *ctx))
{
    *out = NULL;
    struct mp_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return ENOMEM;
    w->job = job;
    w->ctx = ctx;
    w->release = release;
    snprintf(w->name, sizeof(w->name), "%s", name);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->returned_cv, NULL);
    int e = pthread_create(&w->thread, NULL, worker_main, w);
    if (e != 0) {
        worker_free(w);
        return e;
    }
    *out = w;
    return 0;
}

/* Give up on a job still running (lock held, released here): its thread
 * frees w and releases the context when the job returns. Detached before
 * the unlock: after it the thread may return and free w at once (w->thread
 * read after the unlock was a data race ThreadSanitizer caught). */
static void worker_leave(struct mp_worker *w)
{
    w->left = true;
    pthread_detach(w->thread);
    pthread_mutex_unlock(&w->lock);
}

bool mp_worker_stop(struct mp_worker *w, double secs)
{
    if (!w)
        return true;
    if (isfinite(secs)) {
        struct timespec ts;
        mp_deadline_after(&ts, secs);
        pthread_mutex_lock(&w->lock);
        while (!w->returned) {
            if (pthread_cond_timedwait(&w->returned_cv, &w->lock, &ts) == ETIMEDOUT)
                break;
        }
        if (!w->returned) {
            worker_leave(w);
            return false;
        }
        pthread_mutex_unlock(&w->lock);
    }
    pthread_join(w->thread, NULL);
    worker_free(w);
    return true;
}

int mp_worker_call(const char *name, void (*job)(void *ctx), void *ctx,
                   void (*release)(void *ctx), bool (*stop)(void *stop_ctx), void *stop_ctx)
{
    struct mp_worker *w;
    if (mp_worker_start(&w, name, job, ctx, release) != 0) {
        job(ctx);  /* no thread: wait as before */
        return 0;
    }
    pthread_mutex_lock(&w->lock);
    while (!w->returned) {
        struct timespec ts;
        mp_deadline_after(&ts, MP_WORKER_POLL);
        pthread_cond_timedwait(&w->returned_cv, &w->lock, &ts);
        if (w->returned)
            break;
        /* Not under the lock: stop() may take its time (input, signals). */
        pthread_mutex_unlock(&w->lock);
        bool give_up = stop(stop_ctx);
        pthread_mutex_lock(&w->lock);
        if (give_up && !w->returned) {
            worker_leave(w);
            return ECANCELED;
        }
    }
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    worker_free(w);
    return 0;
}
