/*
 * Unit tests of osdep/worker.c: a worker thread that is joined when its job
 * returns in time and left behind when it does not.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "osdep/osdep.h"

/* A job that reads one byte from a pipe: a stand-in for a read the device
 * holds (it returns when the test writes). */
struct job_ctx {
    int fds[2];
    pthread_mutex_t lock;
    pthread_cond_t cv;
    int ran;       /* the job returned */
    int released;  /* release(ctx) was called */
};

static void job_read_pipe(void *arg)
{
    struct job_ctx *c = arg;
    char b;
    ssize_t n;
    do {
        n = read(c->fds[0], &b, 1);
    } while (n < 0 && errno == EINTR);
    pthread_mutex_lock(&c->lock);
    c->ran++;
    pthread_mutex_unlock(&c->lock);
}

static void job_release(void *arg)
{
    struct job_ctx *c = arg;
    pthread_mutex_lock(&c->lock);
    c->released++;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->lock);
}

static struct job_ctx *ctx_new(void)
{
    struct job_ctx *c = calloc(1, sizeof(*c));
    assert_non_null(c);
    assert_int_equal(pipe(c->fds), 0);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->cv, NULL);
    return c;
}

static void ctx_free(struct job_ctx *c)
{
    close(c->fds[0]);
    close(c->fds[1]);
    pthread_cond_destroy(&c->cv);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* Let a left-behind job (blocked on c's pipe) return: it ran once and
 * released c once, within 5 s. */
static void expect_released_after_return(struct job_ctx *c)
{
    assert_int_equal(write(c->fds[1], "x", 1), 1);
    struct timespec ts;
    mp_deadline_after(&ts, 5.0);
    pthread_mutex_lock(&c->lock);
    while (!c->released) {
        if (pthread_cond_timedwait(&c->cv, &c->lock, &ts) == ETIMEDOUT)
            break;
    }
    int ran = c->ran, released = c->released;
    pthread_mutex_unlock(&c->lock);
    assert_int_equal(ran, 1);
    assert_int_equal(released, 1);
    /* The release is the thread's last use of c, but the thread may still
     * be returning from it: give it a moment before c is freed. */
    mp_sleep_sec(0.05);
}

/* A job that returns before the deadline is joined: true, no release, and
 * the context is the caller's again. */
static void test_worker_joined_in_time(void **state)
{
    (void)state;
    struct job_ctx *c = ctx_new();
    struct mp_worker *w;
    assert_int_equal(mp_worker_start(&w, "test", job_read_pipe, c, job_release), 0);
    assert_int_equal(write(c->fds[1], "x", 1), 1);
    assert_true(mp_worker_stop(w, 5.0));
    assert_int_equal(c->ran, 1);
    assert_int_equal(c->released, 0);
    ctx_free(c);
}

/* A job still blocked at the deadline is left behind: false within about
 * the deadline, and the thread releases the context once the job returns. */
static void test_worker_left_behind_releases(void **state)
{
    (void)state;
    struct job_ctx *c = ctx_new();
    struct mp_worker *w;
    assert_int_equal(mp_worker_start(&w, "test", job_read_pipe, c, job_release), 0);
    double t0 = mp_time_sec();
    assert_false(mp_worker_stop(w, 0.05));
    double took = mp_time_sec() - t0;
    assert_true(took >= 0.04 && took < 2.0);
    pthread_mutex_lock(&c->lock);
    assert_int_equal(c->ran, 0);
    assert_int_equal(c->released, 0);
    pthread_mutex_unlock(&c->lock);
    expect_released_after_return(c);
    ctx_free(c);
}

/* No limit: waits for the job however long it takes. */
static void test_worker_no_limit_waits(void **state)
{
    (void)state;
    struct job_ctx *c = ctx_new();
    struct mp_worker *w;
    assert_int_equal(mp_worker_start(&w, "test", job_read_pipe, c, NULL), 0);
    mp_sleep_sec(0.1);
    assert_int_equal(write(c->fds[1], "x", 1), 1);
    assert_true(mp_worker_stop(w, INFINITY));
    assert_int_equal(c->ran, 1);
    assert_true(mp_worker_stop(NULL, 0));
    ctx_free(c);
}

/* stop() for mp_worker_call: says stop from its n-th call on. */
struct stop_ctx {
    int calls;
    int stop_at;
};

static bool stop_after(void *arg)
{
    struct stop_ctx *st = arg;
    return ++st->calls >= st->stop_at;
}

/* A call whose job returns is waited for: 0, the job ran, no release. */
static void test_worker_call_returns(void **state)
{
    (void)state;
    struct job_ctx *c = ctx_new();
    struct stop_ctx st = { .stop_at = 1000000 };
    assert_int_equal(write(c->fds[1], "x", 1), 1);
    assert_int_equal(mp_worker_call("test", job_read_pipe, c, job_release, stop_after, &st), 0);
    assert_int_equal(c->ran, 1);
    assert_int_equal(c->released, 0);
    ctx_free(c);
}

/* A call whose job blocks ends when stop() says so (ECANCELED, soon after
 * the third poll), and the job releases its context when it returns. */
static void test_worker_call_gives_up(void **state)
{
    (void)state;
    struct job_ctx *c = ctx_new();
    struct stop_ctx st = { .stop_at = 3 };
    double t0 = mp_time_sec();
    int r = mp_worker_call("test", job_read_pipe, c, job_release, stop_after, &st);
    double took = mp_time_sec() - t0;
    assert_int_equal(r, ECANCELED);
    assert_int_equal(st.calls, 3);
    assert_true(took >= 2 * MP_WORKER_POLL && took < 2.0);
    pthread_mutex_lock(&c->lock);
    assert_int_equal(c->ran, 0);
    pthread_mutex_unlock(&c->lock);
    expect_released_after_return(c);
    ctx_free(c);
}

/* A worker's own thread knows it is one; the test's thread is not. */
static void job_ask_current(void *arg)
{
    *(bool *)arg = mp_worker_is_current();
}

static bool never_stop(void *arg)
{
    (void)arg;
    return false;
}

static void test_worker_is_current(void **state)
{
    (void)state;
    bool on_worker = false;
    assert_false(mp_worker_is_current());
    assert_int_equal(mp_worker_call("test", job_ask_current, &on_worker, NULL, never_stop,
                                    NULL), 0);
    assert_true(on_worker);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worker_joined_in_time),
        cmocka_unit_test(test_worker_left_behind_releases),
        cmocka_unit_test(test_worker_call_returns),
        cmocka_unit_test(test_worker_call_gives_up),
        cmocka_unit_test(test_worker_is_current),
        cmocka_unit_test(test_worker_no_limit_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
