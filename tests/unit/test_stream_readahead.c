/*
 * Unit tests for the plain-file stream's read-ahead (-readahead-distance),
 * drop-behind (-cache-drop-behind), read cursors and I/O counters. The
 * syscalls are recorded through stream_open_io, so the tests assert
 * on the exact advice pattern; two tests use the real kernel (mincore
 * residency, RWF_NOWAIT).
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
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>

#include "config.h"
#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_recorder.h"
#include "test_util.h"

#define KB 1024
#define MB (1024 * 1024)
static int rec_count(struct recorder *r, enum rec_kind k, int from)
{
    int c = 0;
    for (int i = from; i < r->n; i++)
        c += r->ev[i].kind == k;
    return c;
}

/* Bytes of [lo, hi) covered by advice of kind k, and whether any byte
 * was covered twice. */
static int64_t rec_coverage(struct recorder *r, enum rec_kind k, int64_t lo, int64_t hi,
                            bool *twice)
{
    size_t n = (size_t)(hi - lo);
    unsigned char *map = calloc(n, 1);
    assert_non_null(map);
    *twice = false;
    for (int i = 0; i < r->n; i++) {
        const struct rec_event *e = &r->ev[i];
        if (e->kind != k)
            continue;
        for (int64_t b = e->off; b < e->off + e->len; b++) {
            if (b < lo || b >= hi)
                continue;
            if (map[b - lo])
                *twice = true;
            map[b - lo] = 1;
        }
    }
    int64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += map[i];
    free(map);
    return c;
}

struct fixture {
    char *dir;
    char *path;   /* sparse: contents do not matter for advice */
    int64_t size;
    struct recorder *rec;
    struct stream_file_io io;
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    f->dir = test_mkdtemp();
    assert_non_null(f->dir);
    assert_true(asprintf(&f->path, "%s/sparse.bin", f->dir) > 0);
    f->size = 64 * MB;
    int fd = open(f->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, f->size), 0);
    close(fd);
    f->rec = rec_new(true);
    f->io = rec_io(f->rec);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    test_rmdir(f->dir);
    free(f->path);
    rec_free(f->rec);
    free(f);
    return 0;
}

static stream_t *open_ra(struct fixture *f, int bufsize, int64_t dist, int64_t chunk, bool drop)
{
    struct stream_opts o = {
        .buffer_size = bufsize,
        .readahead_distance = dist,
        .readahead_chunk = chunk,
        .drop_behind = drop,
    };
    stream_t *s = NULL;
    assert_int_equal(stream_open_io(&s, f->path, &o, &f->io), 0);
    return s;
}

static void read_at(stream_t *s, int64_t pos, int len)
{
    static unsigned char buf[1 * MB];
    assert_int_equal(stream_seek(s, pos), 0);
    assert_int_equal(stream_read(s, buf, len), len);
}

/* Linear reading: the first window at open, then one call per new chunk;
 * every byte advised once, nothing advised twice. */
static void test_linear(void **state)
{
    struct fixture *f = *state;
    int64_t dist = 1 * MB, chunk = 128 * KB, n = 8 * MB;
    stream_t *s = open_ra(f, 64 * KB, dist, chunk, false);
    assert_int_equal(stream_file_readahead_chunk(s), chunk);
    stream_file_sync_readahead(s);
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, 0), dist / chunk);
    unsigned char *buf = malloc(64 * KB);
    assert_non_null(buf);
    for (int64_t pos = 0; pos < n; pos += 64 * KB) {
        assert_int_equal(stream_read(s, buf, 64 * KB), 64 * KB);
        stream_file_sync_readahead(s);
        /* The window is always at least half there. */
        int64_t ahead = 0;
        for (int i = 0; i < f->rec->n; i++) {
            const struct rec_event *e = &f->rec->ev[i];
            if (e->kind == REC_WILLNEED && e->off + e->len > ahead)
                ahead = e->off + e->len;
        }
        assert_true(ahead - (pos + 64 * KB) >= dist - chunk);
    }
    bool twice;
    int64_t covered = rec_coverage(f->rec, REC_WILLNEED, 0, n + dist, &twice);
    assert_false(twice);
    assert_int_equal(covered, n + dist);
    int calls = rec_count(f->rec, REC_WILLNEED, 0);
    assert_int_equal(calls, (n + dist) / chunk);
    for (int i = 0; i < f->rec->n; i++)
        assert_true(f->rec->ev[i].kind != REC_WILLNEED || f->rec->ev[i].len <= chunk);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.advise_calls, calls);
    assert_int_equal(st.bytes_advised, n + dist);
    assert_int_equal(st.read_calls, n / (64 * KB));
    assert_int_equal(st.dontneed_calls, 0);
    stream_print_stats(s, MSGL_V);
    stream_close(s);
    free(buf);
}

/* The same without waiting for the thread: timing decides how many calls,
 * but no byte is ever advised twice and every call stays a chunk. */
static void test_linear_unsynced(void **state)
{
    struct fixture *f = *state;
    int64_t dist = 2 * MB, chunk = 256 * KB;
    stream_t *s = open_ra(f, 4096, dist, chunk, false);
    unsigned char buf[1000];
    for (int i = 0; i < 20000; i++)
        assert_int_equal(stream_read(s, buf, sizeof(buf)), sizeof(buf));
    stream_file_sync_readahead(s);
    stream_close(s);
    bool twice;
    rec_coverage(f->rec, REC_WILLNEED, 0, f->size, &twice);
    assert_false(twice);
    int calls = rec_count(f->rec, REC_WILLNEED, 0);
    assert_true(calls >= 1);
    assert_true(calls <= (20000 * 1000 + dist) / chunk + 1);
    for (int i = 0; i < f->rec->n; i++)
        assert_true(f->rec->ev[i].kind != REC_WILLNEED || f->rec->ev[i].len <= chunk);
}

/* The first read after open does not wait for advice: the thread is held
 * inside fadvise while the read happens. */
static void test_read_does_not_wait_for_advice(void **state)
{
    struct fixture *f = *state;
    rec_gate(f->rec, true);
    stream_t *s = open_ra(f, 4096, 4 * MB, 128 * KB, false);
    rec_wait_in_gate(f->rec);
    unsigned char buf[100];
    assert_int_equal(stream_read(s, buf, 100), 100);
    read_at(s, 40 * MB, 100);
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, 0), 0);
    rec_gate(f->rec, false);
    stream_file_sync_readahead(s);
    assert_true(rec_count(f->rec, REC_WILLNEED, 0) > 0);
    stream_close(s);
}

/* A jump to a new place: its whole window is advised at once; advice
 * still pending for the place left is cancelled. */
static void test_seek_restarts_window(void **state)
{
    struct fixture *f = *state;
    int64_t dist = 1 * MB, chunk = 128 * KB;
    rec_gate(f->rec, true);
    stream_t *s = open_ra(f, 64 * KB, dist, chunk, false);
    rec_wait_in_gate(f->rec);  /* holding the first chunk at 0 */
    read_at(s, 32 * MB, 64 * KB);
    rec_gate(f->rec, false);
    stream_file_sync_readahead(s);
    bool twice;
    /* At 0 only the call already under way; none of the rest. */
    assert_int_equal(rec_coverage(f->rec, REC_WILLNEED, 0, dist, &twice), chunk);
    /* At 32 MB: the window ahead of the read, all of it. */
    int64_t w0 = 32 * MB + 64 * KB;
    assert_int_equal(rec_coverage(f->rec, REC_WILLNEED, w0, w0 + dist, &twice), dist);
    assert_false(twice);
    /* Reading on from there: only new chunks. */
    int mark = f->rec->n;
    unsigned char *buf = malloc(64 * KB);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(stream_read(s, buf, 64 * KB), 64 * KB);
        stream_file_sync_readahead(s);
    }
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, mark), 16 * 64 * KB / chunk);
    rec_coverage(f->rec, REC_WILLNEED, 0, f->size, &twice);
    assert_false(twice);
    free(buf);
    stream_close(s);
}

/* Two places read in turn, far apart (a badly interleaved file): two
 * windows, each advised once; jumping between them re-advises nothing. */
static void test_two_cursors(void **state)
{
    struct fixture *f = *state;
    int64_t dist = 1 * MB, chunk = 128 * KB;
    stream_t *s = open_ra(f, 32 * KB, dist, chunk, false);
    stream_file_sync_readahead(s);
    int64_t a = 1 * MB, b = 40 * MB;
    int steps = 64;
    for (int i = 0; i < steps; i++) {
        read_at(s, a + (int64_t)i * 32 * KB, 32 * KB);
        stream_file_sync_readahead(s);
        read_at(s, b + (int64_t)i * 32 * KB, 32 * KB);
        stream_file_sync_readahead(s);
    }
    bool twice;
    int64_t total = rec_coverage(f->rec, REC_WILLNEED, 0, f->size, &twice);
    assert_false(twice);
    int64_t adv_a = rec_coverage(f->rec, REC_WILLNEED, a, a + steps * 32 * KB + dist, &twice);
    int64_t adv_b = rec_coverage(f->rec, REC_WILLNEED, b, b + steps * 32 * KB + dist, &twice);
    /* Each window is there up to at most a chunk short of its end. */
    assert_true(adv_a >= steps * 32 * KB + dist - chunk - 32 * KB);
    assert_true(adv_b >= steps * 32 * KB + dist - chunk - 32 * KB);
    /* And nothing else but the window at open. */
    assert_true(total <= adv_a + adv_b + dist);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.bytes_advised, total);
    assert_int_equal(st.seeks, 2 * steps);
    stream_close(s);
}

/* The same two places without waiting for the thread: how far advice
 * got depends on timing, but no byte is ever advised twice. */
static void test_two_cursors_unsynced(void **state)
{
    struct fixture *f = *state;
    stream_t *s = open_ra(f, 16 * KB, 1 * MB, 64 * KB, true);
    for (int i = 0; i < 500; i++) {
        read_at(s, 1 * MB + (int64_t)i * 16 * KB, 16 * KB);
        read_at(s, 40 * MB + (int64_t)i * 16 * KB, 16 * KB);
    }
    stream_close(s);
    bool twice;
    rec_coverage(f->rec, REC_WILLNEED, 0, f->size, &twice);
    assert_false(twice);
    rec_coverage(f->rec, REC_DONTNEED, 0, f->size, &twice);
    assert_false(twice);
}

/* With more places than cursors the least recently used one goes; the
 * others keep their windows. */
static void test_lru_cursors(void **state)
{
    struct fixture *f = *state;
    int64_t dist = 512 * KB, chunk = 128 * KB;
    stream_t *s = open_ra(f, 4096, dist, chunk, false);
    stream_file_sync_readahead(s);
    /* Places 0 (open), 10, 20, 30 MB: four cursors. */
    for (int k = 1; k <= 3; k++) {
        read_at(s, k * 10 * MB, 4096);
        stream_file_sync_readahead(s);
    }
    int mark = f->rec->n;
    /* Back to each: windows kept, nothing advised. */
    for (int k = 0; k <= 3; k++) {
        read_at(s, k * 10 * MB + 4096, 4096);
        stream_file_sync_readahead(s);
    }
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, mark), 0);
    /* A fifth place evicts the least recently used (0); 10 MB stays. */
    read_at(s, 50 * MB, 4096);
    stream_file_sync_readahead(s);
    mark = f->rec->n;
    read_at(s, 10 * MB + 8192, 4096);
    stream_file_sync_readahead(s);
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, mark), 0);
    read_at(s, 8192, 4096);
    stream_file_sync_readahead(s);
    assert_true(rec_count(f->rec, REC_WILLNEED, mark) > 0);
    stream_close(s);
}

/* Drop-behind advice: behind the reader, on 2 MB boundaries (the largest
 * page-cache folio), chunked, and the rest at close. */
static void test_drop_behind_pattern(void **state)
{
    struct fixture *f = *state;
    int64_t chunk = 256 * KB, n = 16 * MB + 3000;
    stream_t *s = open_ra(f, 64 * KB, 0, chunk, true);
    unsigned char *buf = malloc(64 * KB);
    int64_t pos = 0;
    while (pos < n) {
        int len = n - pos < 64 * KB ? (int)(n - pos) : 64 * KB;
        assert_int_equal(stream_read(s, buf, len), len);
        pos += len;
        stream_file_sync_readahead(s);
        for (int i = 0; i < f->rec->n; i++) {
            const struct rec_event *e = &f->rec->ev[i];
            if (e->kind != REC_DONTNEED)
                continue;
            assert_true(e->off + e->len <= pos - len);
            assert_int_equal(e->off % (2 * MB), 0);
            assert_int_equal(e->len, 2 * MB);
        }
    }
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, 0), 0);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.dontneed_calls, 8);
    assert_int_equal(st.bytes_dropped, 16 * MB);
    int64_t read = (int64_t)st.bytes_read;  /* a whole buffer past n */
    assert_int_equal(read, 16 * MB + 64 * KB);
    stream_close(s);
    /* At close: the rest that was read from the file, page-aligned. */
    bool twice;
    assert_int_equal(rec_coverage(f->rec, REC_DONTNEED, 0, f->size, &twice), read / 4096 * 4096);
    assert_false(twice);
    free(buf);
}

static void test_off_gives_no_advice(void **state)
{
    struct fixture *f = *state;
    stream_t *s = open_ra(f, 4096, 0, 0, false);
    assert_int_equal(stream_file_readahead_chunk(s), 0);
    read_at(s, 0, 100000);
    read_at(s, 30 * MB, 100000);
    stream_file_sync_readahead(s);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.advise_calls, 0);
    assert_int_equal(st.dontneed_calls, 0);
    stream_close(s);
    assert_int_equal(rec_count(f->rec, REC_WILLNEED, 0), 0);
    assert_int_equal(rec_count(f->rec, REC_DONTNEED, 0), 0);
}

/* The device's chunk when none is given: a whole number of pages, at
 * most half the distance. */
static void test_device_chunk(void **state)
{
    struct fixture *f = *state;
    struct stream_opts o = {.readahead_distance = 256 * MB};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    int64_t c = stream_file_readahead_chunk(s);
    assert_true(c >= 4096);
    assert_int_equal(c % 4096, 0);
    stream_close(s);
    o.readahead_distance = 64 * KB;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    assert_true(stream_file_readahead_chunk(s) <= 32 * KB);
    stream_close(s);
}

/* Buffer size honoured with readahead on: 16x fewer reads, each exactly
 * one buffer. */
static void test_buffer_size_reads(void **state)
{
    struct fixture *f = *state;
    uint64_t calls[2];
    int sizes[2] = {4096, 65536};
    unsigned char buf[1000];
    for (int k = 0; k < 2; k++) {
        int mark = f->rec->n;
        stream_t *s = open_ra(f, sizes[k], 1 * MB, 128 * KB, false);
        for (int i = 0; i < 1024 * 1024 / 1000; i++)
            assert_int_equal(stream_read(s, buf, 1000), 1000);
        calls[k] = stream_get_stats(s).read_calls;
        stream_close(s);
        for (int i = mark; i < f->rec->n; i++)
            assert_true(f->rec->ev[i].kind != REC_PREAD || f->rec->ev[i].len == sizes[k]);
    }
    assert_int_equal(calls[0], 256);
    assert_int_equal(calls[1], 16);
}

/* --- real kernel --- */

static int64_t resident_bytes(const char *path)
{
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    struct stat st;
    assert_int_equal(fstat(fd, &st), 0);
    void *m = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    assert_true(m != MAP_FAILED);
    long pg = sysconf(_SC_PAGESIZE);
    size_t pages = (st.st_size + pg - 1) / pg;
    unsigned char *vec = malloc(pages);
    assert_int_equal(mincore(m, st.st_size, vec), 0);
    int64_t r = 0;
    for (size_t i = 0; i < pages; i++)
        r += (vec[i] & 1) ? pg : 0;
    free(vec);
    munmap(m, st.st_size);
    close(fd);
    return r;
}

/* Make a real file of size bytes, written out and not in the page cache.
 * Returns false when this filesystem keeps it resident anyway. */
static bool make_cold_file(const char *path, int64_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    unsigned char *buf = malloc(MB);
    for (int i = 0; i < MB; i++)
        buf[i] = (unsigned char)(i * 7 + 3);
    for (int64_t off = 0; off < size; off += MB)
        assert_int_equal(write(fd, buf, MB), MB);
    free(buf);
    assert_int_equal(fdatasync(fd), 0);
    assert_int_equal(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
    close(fd);
    return resident_bytes(path) == 0;
}

/* Read path to its end; *open_resident: bytes in the page cache after
 * the last read, before closing (after the readahead thread is done). */
static void read_whole(const char *path, struct stream_opts *o, struct stream_stats *out,
                       int64_t *open_resident)
{
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, path, o), 0);
    unsigned char *buf = malloc(64 * KB);
    int n;
    while ((n = stream_read(s, buf, 64 * KB)) > 0) {
    }
    assert_int_equal(n, 0);
    stream_file_sync_readahead(s);
    if (open_resident)
        *open_resident = resident_bytes(path);
    *out = stream_get_stats(s);
    stream_close(s);
    free(buf);
}

static void test_drop_behind_residency(void **state)
{
    struct fixture *f = *state;
    if (!HAVE_POSIX_FADVISE)
        skip();
    char *path = NULL;
    assert_true(asprintf(&path, "%s/real.bin", f->dir) > 0);
    int64_t size = 16 * MB;
    if (!make_cold_file(path, size)) {
        free(path);
        skip();  /* e.g. tmpfs: nothing leaves the page cache */
    }
    struct stream_opts o = {.buffer_size = 64 * KB, .readahead_distance = 2 * MB,
                            .readahead_chunk = 256 * KB};
    struct stream_stats st;
    int64_t open_without, open_with;
    read_whole(path, &o, &st, &open_without);
    int64_t without = resident_bytes(path);
    assert_int_equal(st.bytes_read, size);
    /* How much advice got in before the reads depends on scheduling;
     * never any beyond the end of the file. */
    assert_true(st.bytes_advised <= (uint64_t)size);

    assert_true(make_cold_file(path, size));
    o.drop_behind = true;
    read_whole(path, &o, &st, &open_with);
    int64_t with = resident_bytes(path);
    assert_int_equal(st.bytes_read, size);
    assert_true(st.dontneed_calls > 0);
    print_message("resident after reading %lld bytes: %lld without drop-behind, %lld with "
                  "(%llu DONTNEED calls before close)\n", (long long)size, (long long)without,
                  (long long)with, (unsigned long long)st.dontneed_calls);
    assert_true(without >= size * 3 / 4);
    assert_true(open_without >= size * 3 / 4);
    /* While open: all but the last 2 MB-aligned stretch is gone. */
    assert_true(open_with <= 4 * MB);
    /* After close: the rest too. */
    assert_true(with <= size / 16);
    free(path);
}

/* RWF_NOWAIT tells blocked reads from cache hits. */
static void test_blocked_vs_cached(void **state)
{
    struct fixture *f = *state;
    if (!HAVE_PREADV2)
        skip();
    char *path = NULL;
    assert_true(asprintf(&path, "%s/real2.bin", f->dir) > 0);
    if (!make_cold_file(path, 4 * MB)) {
        free(path);
        skip();
    }
    struct stream_opts o = {.buffer_size = 64 * KB};
    struct stream_stats cold, warm;
    read_whole(path, &o, &cold, NULL);
    read_whole(path, &o, &warm, NULL);
    print_message("cold: %llu blocked %llu cached; warm: %llu blocked %llu cached\n",
                  (unsigned long long)cold.reads_blocked, (unsigned long long)cold.reads_cached,
                  (unsigned long long)warm.reads_blocked, (unsigned long long)warm.reads_cached);
    assert_true(cold.reads_blocked >= 1);
    assert_int_equal(cold.reads_blocked + cold.reads_cached, cold.read_calls);
    assert_int_equal(warm.reads_blocked, 0);
    assert_int_equal(warm.reads_cached, warm.read_calls);
    assert_true(warm.wait_seconds == 0.0);
    free(path);
}

int main(void)
{
    mp_msg_reset();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_linear, setup, teardown),
        cmocka_unit_test_setup_teardown(test_linear_unsynced, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_does_not_wait_for_advice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seek_restarts_window, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_cursors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_cursors_unsynced, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lru_cursors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_drop_behind_pattern, setup, teardown),
        cmocka_unit_test_setup_teardown(test_off_gives_no_advice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_device_chunk, setup, teardown),
        cmocka_unit_test_setup_teardown(test_buffer_size_reads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_drop_behind_residency, setup, teardown),
        cmocka_unit_test_setup_teardown(test_blocked_vs_cached, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
