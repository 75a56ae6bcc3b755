/*
 * Unit tests for the caches of the stream layer: the ring cache
 * (-cache-mode ring, stream/cache_ring.c) over files, FIFOs and failing
 * sources, and the read-plan executor for plain files
 * (stream_set_read_plan, stream/readahead.c), whose advice is recorded
 * through stream_open_io. Assertions are on contents, counters and
 * fill levels, never on time.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_recorder.h"
#include "test_stream_util.h"
#include "test_util.h"

#define KB 1024
#define MB (1024 * 1024)

/* ---- files ---- */

/* A file of pseudo-random bytes (so any misplaced byte shows). */
static void make_file(struct test_file *f, const char *name, int64_t size)
{
    free(f->path);
    free(f->data);
    f->size = size;
    f->data = test_lcg_bytes(size, 12345);
    f->path = test_write_in(f->dir, name, f->data, (size_t)size);
    assert_non_null(f->path);
}

/* A test on a struct test_file of its own. */
#define FILE_TEST(fn) cmocka_unit_test_setup_teardown(fn, test_file_setup, test_file_teardown)

static stream_t *open_ring(const char *path, int kb, int min, int seek_min,
                           const struct stream_file_io *io)
{
    struct stream_opts o = {
        .cache_kb = kb,
        .cache_min_percent = min,
        .cache_seek_min_percent = seek_min,
        .cache_mode = STREAM_CACHE_RING,
    };
    stream_t *s = NULL;
    assert_int_equal(stream_open_io(&s, path, &o, io), 0);
    assert_non_null(s);
    return s;
}

/* Read len bytes at the current position and compare with the file. */
static void read_check(stream_t *s, const struct test_file *f, int len)
{
    test_read_check(s, f->data, f->size, len);
}

/* ---- ring cache ---- */

static void test_ring_contents(void **state)
{
    struct test_file *f = *state;
    make_file(f, "ring.bin", 3 * MB + 123);
    stream_t *s = open_ring(f->path, 256, 20, 50, NULL);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FILE);
    assert_int_equal(stream_size(s), f->size);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    assert_int_equal(cs.size, 256 * KB);

    /* Linear, in odd pieces. */
    uint32_t x = 7;
    while (stream_tell(s) < f->size) {
        x = x * 1103515245u + 12345u;
        read_check(s, f, 1 + (int)((x >> 8) % 70000));
    }
    /* Random seeks, near and far, both ways. */
    for (int i = 0; i < 200; i++) {
        x = x * 1103515245u + 12345u;
        int64_t pos = (int64_t)((x >> 4) % (uint32_t)f->size);
        assert_int_equal(stream_seek(s, pos), 0);
        x = x * 1103515245u + 12345u;
        read_check(s, f, 1 + (int)((x >> 8) % 40000));
    }
    struct stream_stats st = stream_get_stats(s);
    assert_true(st.cache_bytes_fetched >= (uint64_t)f->size);
    assert_true(st.cache_bytes_served >= (uint64_t)f->size);
    /* The counters of the source are the fill thread's reads. */
    assert_true(st.bytes_read >= st.cache_bytes_fetched);
    stream_close(s);
}

static void test_ring_seek_back_and_far(void **state)
{
    struct test_file *f = *state;
    make_file(f, "seek.bin", 4 * MB);
    stream_t *s = open_ring(f->path, 1024, 0, 90, NULL);
    for (int i = 0; i < 2 * MB / (4 * KB); i++)
        read_check(s, f, 4 * KB);
    stream_cache_sync(s);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    /* Half the ring behind, half ahead: full. */
    assert_int_equal(cs.back, 512 * KB);
    assert_int_equal(cs.fill, 512 * KB);
    struct stream_stats a = stream_get_stats(s);
    assert_int_equal(a.bytes_read, 2 * MB + 512 * KB);

    /* Back within the kept half: served from the ring, no source I/O. */
    assert_int_equal(stream_seek(s, 2 * MB - 100 * KB), 0);
    read_check(s, f, 50 * KB);
    stream_cache_sync(s);
    struct stream_stats b = stream_get_stats(s);
    assert_int_equal(b.bytes_read, a.bytes_read);
    assert_int_equal(b.read_calls, a.read_calls);
    assert_int_equal(b.seeks, a.seeks);
    assert_int_equal(b.cache_bytes_fetched, a.cache_bytes_fetched);

    /* Forward past the ring but within -cache-seek-min (90%: 921 KB from
     * the read position): read on, no source seek. */
    int64_t pos = stream_tell(s);
    assert_int_equal(stream_seek(s, 2 * MB + 600 * KB), 0);
    assert_true(2 * MB + 600 * KB - pos <= 1024 * KB * 90 / 100);
    read_check(s, f, 4 * KB);
    stream_cache_sync(s);
    struct stream_stats c = stream_get_stats(s);
    assert_int_equal(c.seeks, a.seeks);

    /* Far away: flushed, the source seeks once and the ring refills. */
    assert_int_equal(stream_seek(s, 3 * MB + 700 * KB), 0);
    read_check(s, f, 64 * KB);
    stream_cache_sync(s);
    struct stream_stats d = stream_get_stats(s);
    assert_int_equal(d.seeks, c.seeks + 1);
    assert_true(stream_get_cache_status(s, &cs));
    assert_int_equal(cs.back, 64 * KB);
    /* Refilled to the end of the file (under 1 MB ahead). */
    assert_int_equal(cs.fill, f->size - (3 * MB + 764 * KB));
    assert_true(cs.eof);

    /* Back before the flush point: gone from the ring, flushed again. */
    assert_int_equal(stream_seek(s, 1 * MB), 0);
    read_check(s, f, 8 * KB);
    assert_int_equal(stream_get_stats(s).seeks, d.seeks + 1);
    stream_close(s);
}

/* From gate_at on, the source answers one read (one ring step, 256 KB
 * here), then none until the test opens the gate: a source that stalls
 * after a seek. */
struct gated {
    int64_t gate_at;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool open;
    bool gave_one;
};

static ssize_t gated_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    struct gated *g = ctx;
    if (off >= g->gate_at) {
        pthread_mutex_lock(&g->lock);
        if (!g->gave_one) {
            g->gave_one = true;
        } else {
            while (!g->open)
                pthread_cond_wait(&g->cond, &g->lock);
        }
        pthread_mutex_unlock(&g->lock);
    }
    return pread(fd, buf, len, off);
}

static ssize_t gated_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off, int flags)
{
    (void)flags;
    return gated_pread(ctx, fd, buf, len, off);
}

static void *gate_opener(void *arg)
{
    struct gated *g = arg;
    struct timespec ts = {.tv_sec = 2};
    nanosleep(&ts, NULL);
    pthread_mutex_lock(&g->lock);
    g->open = true;
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

static void test_ring_cache_min(void **state)
{
    struct test_file *f = *state;
    make_file(f, "min.bin", 4 * MB);
    struct gated g = {.gate_at = 2 * MB};
    pthread_mutex_init(&g.lock, NULL);
    pthread_cond_init(&g.cond, NULL);
    struct stream_file_io io = {.pread = gated_pread, .preadv2 = gated_preadv2, .ctx = &g};
    stream_t *s = open_ring(f->path, 1024, 50, 10, &io);
    struct stream_cache_status cs;
    /* Open returned only once half of the ring was filled. */
    assert_true(stream_get_cache_status(s, &cs));
    assert_true(cs.fill >= 512 * KB);
    read_check(s, f, 4 * KB);
    /* A far seek to where the source stalls after one step: as MPlayer's
     * cache, the first read returns what came, not waiting for -cache-min
     * (512 KB, two steps; the gate opens only after 2 s). */
    pthread_t opener;
    assert_int_equal(pthread_create(&opener, NULL, gate_opener, &g), 0);
    assert_int_equal(stream_seek(s, 2 * MB), 0);
    read_check(s, f, 4 * KB);
    pthread_mutex_lock(&g.lock);
    bool waited_for_gate = g.open;
    pthread_mutex_unlock(&g.lock);
    assert_false(waited_for_gate);
    pthread_join(opener, NULL);
    read_check(s, f, 64 * KB);
    stream_close(s);
    pthread_cond_destroy(&g.cond);
    pthread_mutex_destroy(&g.lock);

    /* A file smaller than -cache-min: open stops waiting at its end. */
    make_file(f, "small.bin", 100 * KB);
    s = open_ring(f->path, 1024, 90, 50, NULL);
    assert_true(stream_get_cache_status(s, &cs));
    assert_int_equal(cs.fill, 100 * KB);
    assert_true(cs.eof);
    stream_close(s);
}

static void test_ring_eof(void **state)
{
    struct test_file *f = *state;
    make_file(f, "eof.bin", 100000);
    stream_t *s = open_ring(f->path, 64, 20, 50, NULL);
    int64_t total = 0;
    unsigned char buf[3000];
    int n;
    while ((n = stream_read(s, buf, sizeof(buf))) > 0) {
        assert_memory_equal(buf, f->data + total, (size_t)n);
        total += n;
    }
    assert_int_equal(n, 0);
    assert_int_equal(total, f->size);
    assert_true(stream_eof(s));
    assert_int_equal(stream_read(s, buf, sizeof(buf)), 0);
    /* The tail is still in the ring. */
    assert_int_equal(stream_seek(s, f->size - 20000), 0);
    read_check(s, f, 30000);
    assert_true(stream_eof(s));
    stream_close(s);
}

/* Reads fail with EIO from fail_at on. */
struct failing {
    int64_t fail_at;
};

static ssize_t fail_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    const struct failing *fl = ctx;
    if (off + (off_t)len > fl->fail_at) {
        if (off >= fl->fail_at) {
            errno = EIO;
            return -1;
        }
        len = (size_t)(fl->fail_at - off);
    }
    return pread(fd, buf, len, off);
}

static ssize_t fail_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off, int flags)
{
    return fail_pread(ctx, fd, buf, len, off);
}

static void test_ring_error(void **state)
{
    struct test_file *f = *state;
    make_file(f, "err.bin", 1 * MB);
    struct failing fl = {.fail_at = 200 * KB};
    struct stream_file_io io = {.pread = fail_pread, .preadv2 = fail_preadv2, .ctx = &fl};
    stream_t *s = open_ring(f->path, 128, 0, 50, &io);
    read_check(s, f, 200 * KB);
    unsigned char buf[4096];
    assert_int_equal(stream_read(s, buf, sizeof(buf)), -STREAM_ERR_IO);
    assert_int_equal(stream_read(s, buf, sizeof(buf)), -STREAM_ERR_IO);
    /* A seek back into the ring still works. */
    assert_int_equal(stream_seek(s, 150 * KB), 0);
    read_check(s, f, 4 * KB);
    stream_close(s);
}

static void test_ring_fifo_close_while_blocked(void **state)
{
    struct test_file *f = *state;
    char *fifo = NULL;
    assert_true(asprintf(&fifo, "%s/fifo", f->dir) > 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* Hold both ends, so opening for reading does not wait for a writer
     * and the pipe never reports EOF. */
    int wfd = open(fifo, O_RDWR | O_CLOEXEC);
    assert_true(wfd >= 0);
    unsigned char msg[10000];
    for (size_t i = 0; i < sizeof(msg); i++)
        msg[i] = (unsigned char)(i * 7);
    assert_int_equal(write(wfd, msg, sizeof(msg)), (ssize_t)sizeof(msg));

    stream_t *s = open_ring(fifo, 64, 0, 50, NULL);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FD);
    assert_false(stream_seekable(s));
    unsigned char got[sizeof(msg)];
    assert_int_equal(stream_read(s, got, sizeof(got)), (int)sizeof(got));
    assert_memory_equal(got, msg, sizeof(msg));
    /* Unseekable, but back within the ring works; before it does not. */
    assert_int_equal(stream_seek(s, 1000), 0);
    assert_int_equal(stream_read(s, got, 3000), 3000);
    assert_memory_equal(got, msg + 1000, 3000);
    assert_int_equal(stream_seek(s, sizeof(msg)), 0);
    /* The fill thread now waits for data that never comes. */
    stream_cache_sync(s);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.cache_bytes_fetched, sizeof(msg));
    /* Must return (and join the thread) although nothing is written. */
    stream_close(s);

    /* The same with the writer gone: EOF reaches the reader. */
    s = open_ring(fifo, 16, 0, 50, NULL);
    assert_int_equal(write(wfd, msg, sizeof(msg)), (ssize_t)sizeof(msg));
    assert_int_equal(write(wfd, msg, sizeof(msg)), (ssize_t)sizeof(msg));
    assert_int_equal(stream_read(s, got, 9000), 9000);
    assert_int_equal(stream_read(s, got, 9000), 9000);
    /* 20000 bytes through a 16 KB ring: the first ones are gone. */
    stream_cache_sync(s);
    assert_int_equal(stream_seek(s, 0), -STREAM_ERR_UNSUPPORTED);
    assert_int_equal(stream_seek(s, 18000), 0);
    assert_int_equal(write(wfd, msg, 100), 100);
    close(wfd);
    int64_t total = 0;
    int n;
    while ((n = stream_read(s, got, sizeof(got))) > 0)
        total += n;
    assert_int_equal(n, 0);
    assert_int_equal(total, 2000 + 100);
    assert_true(stream_eof(s));
    stream_close(s);
    free(fifo);
}

static void test_ring_plan_unsupported(void **state)
{
    struct test_file *f = *state;
    make_file(f, "np.bin", 64 * KB);
    stream_t *s = open_ring(f->path, 64, 0, 50, NULL);
    struct stream_range r = {0, 4096};
    assert_int_equal(stream_set_read_plan(s, &r, 1), -STREAM_ERR_UNSUPPORTED);
    stream_close(s);
    /* No cache: no ring status. */
    assert_int_equal(stream_open(&s, f->path, NULL), 0);
    struct stream_cache_status cs;
    assert_false(stream_get_cache_status(s, &cs));
    stream_close(s);
}

/* ---- read plans ---- */

/* Check that the WILLNEED events from index `from` on cover exactly the
 * union of ranges rs (no byte outside, none twice, each call at most
 * chunk bytes). */
static void check_advice(struct recorder *r, int from, const struct stream_range *rs, int nr,
                         int64_t file_size, int64_t chunk)
{
    unsigned char *want = calloc((size_t)file_size, 1);
    unsigned char *got = calloc((size_t)file_size, 1);
    assert_non_null(want);
    assert_non_null(got);
    for (int i = 0; i < nr; i++)
        memset(want + rs[i].pos, 1, (size_t)rs[i].len);
    int n = rec_events(r);
    for (int i = from; i < n; i++) {
        const struct rec_event *e = &r->ev[i];
        assert_true(e->kind == REC_WILLNEED);
        assert_true(e->len > 0 && e->len <= chunk);
        assert_true(e->off >= 0 && e->off + e->len <= file_size);
        for (int64_t b = e->off; b < e->off + e->len; b++) {
            if (!want[b])
                fail_msg("byte %lld advised outside the plan", (long long)b);
            if (got[b])
                fail_msg("byte %lld advised twice", (long long)b);
            got[b] = 1;
        }
    }
    assert_memory_equal(want, got, (size_t)file_size);
    free(want);
    free(got);
}

struct plan_fixture {
    struct test_file f;
    struct recorder *rec;
    struct stream_file_io io;
};

static int plan_setup(void **state)
{
    struct plan_fixture *p = calloc(1, sizeof(*p));
    assert_non_null(p);
    test_file_init(&p->f);
    p->rec = rec_new(false);
    p->io = rec_io(p->rec);
    make_file(&p->f, "plan.bin", 8 * MB);
    *state = p;
    return 0;
}

static int plan_teardown(void **state)
{
    struct plan_fixture *p = *state;
    test_file_clear(&p->f);
    rec_free(p->rec);
    free(p);
    return 0;
}

static stream_t *open_plan(struct plan_fixture *p, int cache_kb, int64_t distance)
{
    struct stream_opts o = {
        .readahead_chunk = 64 * KB,
        .readahead_distance = distance,
        .cache_kb = cache_kb,
    };
    stream_t *s = NULL;
    assert_int_equal(stream_open_io(&s, p->f.path, &o, &p->io), 0);
    return s;
}

static void test_plan_exact_and_renewed(void **state)
{
    struct plan_fixture *p = *state;
    stream_t *s = open_plan(p, 0, 0);
    const struct stream_range plan1[3] = {
        {1 * MB, 200 * KB},
        {5 * MB + 4 * KB, 132 * KB},
        {300 * KB, 64 * KB},
    };
    assert_int_equal(stream_set_read_plan(s, plan1, 3), 0);
    stream_file_sync_readahead(s);
    check_advice(p->rec, 0, plan1, 3, p->f.size, 64 * KB);
    /* Advised in the order needed. */
    assert_true(p->rec->ev[0].off == 1 * MB);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.plan_ranges, 3);
    assert_int_equal(st.plan_bytes_advised, 396 * KB);
    assert_int_equal(st.bytes_advised, 396 * KB);

    /* Renewed while playing on: overlaps the first range by 100 KB, keeps
     * the second, drops the third. Only the new 100 KB are advised. */
    int n0 = rec_events(p->rec);
    const struct stream_range plan2[2] = {
        {1 * MB + 100 * KB, 200 * KB},
        {5 * MB + 4 * KB, 132 * KB},
    };
    assert_int_equal(stream_set_read_plan(s, plan2, 2), 0);
    stream_file_sync_readahead(s);
    const struct stream_range fresh = {1 * MB + 200 * KB, 100 * KB};
    check_advice(p->rec, n0, &fresh, 1, p->f.size, 64 * KB);
    assert_int_equal(stream_get_stats(s).plan_ranges, 5);

    /* An unaligned range is advised in whole pages, once. */
    n0 = rec_events(p->rec);
    const struct stream_range plan3 = {6 * MB + 100, 5000};
    assert_int_equal(stream_set_read_plan(s, &plan3, 1), 0);
    stream_file_sync_readahead(s);
    const struct stream_range pages = {6 * MB, 8 * KB};
    check_advice(p->rec, n0, &pages, 1, p->f.size, 64 * KB);
    stream_close(s);
}

static void test_plan_replaced_after_seek(void **state)
{
    struct plan_fixture *p = *state;
    stream_t *s = open_plan(p, 0, 0);
    rec_gate(p->rec, true);
    const struct stream_range a = {0, 2 * MB};
    assert_int_equal(stream_set_read_plan(s, &a, 1), 0);
    /* The thread is inside the first call of plan a. */
    rec_wait_in_gate(p->rec);
    assert_int_equal(stream_seek(s, 6 * MB), 0);
    const struct stream_range b = {6 * MB, 256 * KB};
    assert_int_equal(stream_set_read_plan(s, &b, 1), 0);
    rec_gate(p->rec, false);
    stream_file_sync_readahead(s);
    /* Exactly one call of plan a (the one under way), then plan b. */
    assert_int_equal(p->rec->ev[0].off, 0);
    assert_int_equal(p->rec->ev[0].len, 64 * KB);
    check_advice(p->rec, 1, &b, 1, p->f.size, 64 * KB);
    stream_close(s);
}

static void test_plan_budget(void **state)
{
    struct plan_fixture *p = *state;
    stream_t *s = open_plan(p, 256, 0);
    const struct stream_range r = {1 * MB, 1 * MB};
    assert_int_equal(stream_set_read_plan(s, &r, 1), 0);
    stream_file_sync_readahead(s);
    /* -cache 256: no more than 256 KB advised ahead of the reader. */
    assert_int_equal(stream_get_stats(s).plan_bytes_advised, 256 * KB);
    /* Reading 128 KB of it frees 128 KB of budget. */
    assert_int_equal(stream_seek(s, 1 * MB), 0);
    struct test_file *f = &p->f;
    read_check(s, f, 128 * KB);
    stream_file_sync_readahead(s);
    assert_int_equal(stream_get_stats(s).plan_bytes_advised, 384 * KB);
    const struct stream_range done = {1 * MB, 384 * KB};
    check_advice(p->rec, 0, &done, 1, p->f.size, 64 * KB);
    stream_close(s);
}

static void test_plan_wins_over_window(void **state)
{
    struct plan_fixture *p = *state;
    /* A 1 MB readahead window: advised at open, as always. */
    stream_t *s = open_plan(p, 0, 1 * MB);
    stream_file_sync_readahead(s);
    int n0 = rec_events(p->rec);
    assert_true(n0 > 0);
    /* With a plan the window is silent: reading on advises only what the
     * plan names. */
    const struct stream_range plan[2] = {{4 * MB, 64 * KB}, {7 * MB, 128 * KB}};
    assert_int_equal(p->rec->mode_changes, 0);
    assert_int_equal(stream_set_read_plan(s, plan, 2), 0);
    /* While a plan is set, reads it did not foresee fetch only their own
     * pages: the file is in random-access mode, once. */
    assert_int_equal(p->rec->access_mode, POSIX_FADV_RANDOM);
    assert_int_equal(stream_set_read_plan(s, plan, 2), 0);
    assert_int_equal(p->rec->mode_changes, 1);
    assert_int_equal(stream_seek(s, 4 * MB), 0);
    read_check(s, &p->f, 64 * KB);
    stream_file_sync_readahead(s);
    /* The first range was being read: the reader may have got there
     * first, so check everything advised lies in the plan and the second
     * range is complete. */
    int n = rec_events(p->rec);
    int64_t second = 0;
    for (int i = n0; i < n; i++) {
        const struct rec_event *e = &p->rec->ev[i];
        bool in1 = e->off >= 4 * MB && e->off + e->len <= 4 * MB + 64 * KB;
        bool in2 = e->off >= 7 * MB && e->off + e->len <= 7 * MB + 128 * KB;
        assert_true(in1 || in2);
        if (in2)
            second += e->len;
    }
    assert_int_equal(second, 128 * KB);
    /* Plan cleared: the window is back, and the kernel's readahead. */
    assert_int_equal(stream_set_read_plan(s, NULL, 0), 0);
    assert_int_equal(p->rec->access_mode, POSIX_FADV_NORMAL);
    assert_int_equal(p->rec->mode_changes, 2);
    n0 = rec_events(p->rec);
    assert_int_equal(stream_seek(s, 2 * MB), 0);
    read_check(s, &p->f, 4 * KB);
    stream_file_sync_readahead(s);
    assert_true(rec_events(p->rec) > n0);
    stream_close(s);
}

static void test_plan_unsupported_on_pipe(void **state)
{
    struct test_file *f = *state;
    char *fifo = NULL;
    assert_true(asprintf(&fifo, "%s/fifo2", f->dir) > 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int wfd = open(fifo, O_RDWR | O_CLOEXEC);
    assert_true(wfd >= 0);
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, fifo, NULL), 0);
    struct stream_range r = {0, 4096};
    assert_int_equal(stream_set_read_plan(s, &r, 1), -STREAM_ERR_UNSUPPORTED);
    stream_close(s);
    close(wfd);
    free(fifo);
}

int main(void)
{
    mp_msg_set_default_level(MSGL_ERR);
    const struct CMUnitTest tests[] = {
        FILE_TEST(test_ring_contents),
        FILE_TEST(test_ring_seek_back_and_far),
        FILE_TEST(test_ring_cache_min),
        FILE_TEST(test_ring_eof),
        FILE_TEST(test_ring_error),
        FILE_TEST(test_ring_fifo_close_while_blocked),
        FILE_TEST(test_ring_plan_unsupported),
        cmocka_unit_test_setup_teardown(test_plan_exact_and_renewed, plan_setup, plan_teardown),
        cmocka_unit_test_setup_teardown(test_plan_replaced_after_seek, plan_setup,
                                        plan_teardown),
        cmocka_unit_test_setup_teardown(test_plan_budget, plan_setup, plan_teardown),
        cmocka_unit_test_setup_teardown(test_plan_wins_over_window, plan_setup, plan_teardown),
        FILE_TEST(test_plan_unsupported_on_pipe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
