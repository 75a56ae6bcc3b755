/*
 * Small OS shims: clocks and sleeping, terminal state, the standard
 * descriptors, reading a small text file.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_OSDEP_OSDEP_H
#define MP_OSDEP_OSDEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Seconds on a monotonic clock (CLOCK_MONOTONIC); only differences mean
 * anything. */
double mp_time_sec(void);

/* Sleep for s seconds (nothing when s <= 0); EINTR restarts the rest. */
void mp_sleep_sec(double s);

struct timespec;
/* *ts = now + s on CLOCK_REALTIME: the deadline pthread_cond_timedwait
 * takes (condition variables made with default attributes). */
void mp_deadline_after(struct timespec *ts, double s);

/* Whether fd is a terminal. */
bool mp_isatty(int fd);

/* Open /dev/null on each of fds 0-2 that is closed, so that no file opened
 * later takes their place. Call first thing in main. Returns a mask of the
 * fds reopened (bit n: fd n), or -errno. */
int mp_reopen_std_fds(void);

/* mp_read_text_file errors besides -errno (below -4095, so never an errno). */
enum {
    MP_TEXT_TOO_BIG = -5001,       /* more than max_size bytes */
    MP_TEXT_LINE_TOO_LONG = -5002, /* a line of more than max_line bytes */
    MP_TEXT_BINARY = -5003,        /* a NUL byte: not text */
    MP_TEXT_INTERRUPTED = -5004,   /* SIGINT, SIGTERM or SIGHUP pending */
};

/* Read a config file or playlist ("-": stdin) whole into *data (NUL-ended,
 * free() it; *size bytes), stopping at the first byte over a bound, so
 * /dev/zero or an endless pipe cost at most max_size. A FIFO is opened
 * without blocking and waited on in steps that look at the pending quit
 * signals (blocked by the player), so one without a writer ends on SIGTERM
 * with MP_TEXT_INTERRUPTED, the signal left pending for the player to take;
 * also when interrupted(ctx) (NULL: none) returns true (a slave "quit").
 * Returns 0, -errno or an MP_TEXT_ error. */
int mp_read_text_file(const char *path, size_t max_size, size_t max_line, char **data,
                      size_t *size, bool (*interrupted)(void *ctx), void *ctx);

/* The line at *next in text ending at end, NUL-terminated in place (its
 * '\n' replaced), *next moved past it; NULL when *next reached end. */
char *mp_text_next_line(char **next, char *end);

/* A message for an mp_read_text_file error. */
const char *mp_text_file_strerror(int err);

/* ---- worker threads (worker.c) ----
 *
 * The stream and demuxer threads (the ring's fill, the readahead engine,
 * the range cache's fetch, the demuxer's reader) each run one job on a
 * context shared with their creator, and stop in two steps: the creator
 * asks the job to end its own way (a flag under the context's lock, a
 * condition broadcast), then mp_worker_stop waits for it a bounded time.
 * A job inside a read the device holds (a stalled disk, a hung network
 * mount: such a read cannot be interrupted) may not return for minutes, and
 * closing a file must not wait for it: the worker is then left behind and
 * releases the context itself when the job returns. */
struct mp_worker;

/* Start job(ctx) on a new thread; name (at most 15 bytes) shows in ps/gdb.
 * release(ctx) is called by the thread after job returns, only if the
 * worker was left behind (mp_worker_stop returned false); NULL: nothing
 * to release. The thread inherits the caller's signal mask. Returns 0, or
 * a positive errno (no thread; *out NULL). */
int mp_worker_start(struct mp_worker **out, const char *name, void (*job)(void *ctx),
                    void *ctx, void (*release)(void *ctx));

/* Wait up to secs (INFINITY: no limit) for the job to return, once the
 * caller has asked it to. True: it returned and the thread is joined; the
 * caller owns ctx again. False: the worker is left behind and owns ctx: the
 * caller must not touch ctx again. Either way w is freed. NULL: true. */
bool mp_worker_stop(struct mp_worker *w, double secs);

/* How often a caller waiting on a worker asks whether to give up. */
#define MP_WORKER_POLL 0.02

/* Run job(ctx) on a new worker and wait for it, asking stop(stop_ctx)
 * every MP_WORKER_POLL: for a blocking call (a directory scan on a mount
 * that may hang) that a quit must not wait for. 0: job returned, the
 * caller owns ctx. ECANCELED: stop said so first; the worker is left
 * behind and calls release(ctx) when job returns. Where no thread can
 * start, job runs on the caller's thread (0). */
int mp_worker_call(const char *name, void (*job)(void *ctx), void *ctx,
                   void (*release)(void *ctx), bool (*stop)(void *stop_ctx), void *stop_ctx);

/* Whether the calling thread is a worker's: a read it blocks in can be
 * left behind, so it needs no helper to stay interruptible. */
bool mp_worker_is_current(void);

/* The kernel's id of the calling thread (what a FUSE model's trace names,
 * TOOLS/slowfs), 0 where there is none. */
int mp_thread_id(void);

/* How long a closing stream or demuxer waits for its worker before it
 * leaves it behind: far below the 0.5 s a quit may take. */
#define MP_WORKER_CLOSE_WAIT 0.1

#endif
