/*
 * Thread stress of the stream layer, written for ThreadSanitizer (make
 * check-tsan) but a plain test too: the ring cache's fill thread, the
 * readahead thread of plain files and the demuxer on top of them, driven
 * the way the player drives them: random seeks, read plans replaced as
 * tracks are switched, and closing while a thread is still filling. Every
 * byte read is compared with the file; nothing is timed.
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
#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/readplan_inspect.h"
#include "stream/stream.h"
#include "test_stream_util.h"
#include "test_util.h"

#define KB 1024
#define FILE_SIZE (3 * 1024 * 1024 + 333)

/* Not a repeating pattern: a wrong offset shows. */
static unsigned char pattern_byte(int64_t i)
{
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull;
    return (unsigned char)(x >> 56);
}

/* The test's file: FILE_SIZE bytes of pattern_byte. */
static int setup(void **state)
{
    test_file_setup(state);
    struct test_file *f = *state;
    f->size = FILE_SIZE;
    f->data = malloc(FILE_SIZE);
    assert_non_null(f->data);
    for (int64_t i = 0; i < FILE_SIZE; i++)
        f->data[i] = pattern_byte(i);
    f->path = test_write_in(f->dir, "data.bin", f->data, FILE_SIZE);
    assert_non_null(f->path);
    return 0;
}

/* A deterministic random sequence (no global state). */
static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Read len bytes at the stream's position and compare with the file. */
static void read_check(stream_t *s, const struct test_file *f, int len)
{
    test_read_check(s, f->data, f->size, len);
}

/* Random seeks and reads through the ring cache, small and large jumps
 * (inside the ring, behind it, far ahead), each read checked. */
static void test_ring_random_seeks(void **state)
{
    struct test_file *f = *state;
    struct stream_opts o = {
        .cache_kb = 256, .cache_mode = STREAM_CACHE_RING,
        .cache_min_percent = 20, .cache_seek_min_percent = 50,
    };
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    uint32_t seed = 1;
    for (int i = 0; i < 300; i++) {
        int64_t pos = stream_tell(s);
        switch (lcg(&seed) % 4) {
        case 0: pos += lcg(&seed) % (64 * KB); break;
        case 1: pos -= lcg(&seed) % (64 * KB); break;
        default: pos = lcg(&seed) % FILE_SIZE; break;
        }
        if (pos < 0)
            pos = 0;
        assert_int_equal(stream_seek(s, pos), 0);
        read_check(s, f, 1 + (int)(lcg(&seed) % (48 * KB)));
    }
    stream_close(s);
}

/* Close while the fill thread is filling: at once, after one read, after
 * a seek far ahead. */
static void test_ring_close_during_fill(void **state)
{
    struct test_file *f = *state;
    struct stream_opts o = {.cache_kb = 1024, .cache_mode = STREAM_CACHE_RING};
    for (int i = 0; i < 30; i++) {
        stream_t *s = NULL;
        assert_int_equal(stream_open(&s, f->path, &o), 0);
        if (i % 3 >= 1)
            read_check(s, f, 4 * KB);
        if (i % 3 == 2)
            assert_int_equal(stream_seek(s, FILE_SIZE / 2 + i * 1000), 0);
        stream_close(s);
    }
}

/* Plain file with the readahead thread: plans replaced as if tracks were
 * switched, seeks, plans cleared, windows; every read checked; closed
 * right after a new plan (advice still to give). */
static void test_file_plans_and_seeks(void **state)
{
    struct test_file *f = *state;
    struct stream_opts o = {.readahead_distance = 256 * KB, .cache_kb = 512,
                            .readahead_chunk = 16 * KB, .drop_behind = true};
    uint32_t seed = 7;
    for (int round = 0; round < 6; round++) {
        stream_t *s = NULL;
        assert_int_equal(stream_open(&s, f->path, &o), 0);
        for (int i = 0; i < 60; i++) {
            struct stream_range r[8];
            int n = (int)(lcg(&seed) % 9);
            int64_t at = stream_tell(s);
            for (int k = 0; k < n; k++) {
                r[k].pos = (at + k * 96 * KB + lcg(&seed) % (32 * KB)) % FILE_SIZE;
                r[k].len = 1 + lcg(&seed) % (64 * KB);
                if (r[k].pos + r[k].len > FILE_SIZE)
                    r[k].len = FILE_SIZE - r[k].pos;
            }
            assert_int_equal(stream_set_read_plan(s, r, n), 0);
            if (lcg(&seed) % 3 == 0)
                assert_int_equal(stream_seek(s, lcg(&seed) % FILE_SIZE), 0);
            read_check(s, f, 1 + (int)(lcg(&seed) % (32 * KB)));
        }
        struct stream_range last = {.pos = 0, .len = FILE_SIZE};
        assert_int_equal(stream_set_read_plan(s, &last, 1), 0);
        stream_close(s);
    }
}

struct writer {
    const char *path;
    const unsigned char *data;
    int64_t len;
    int64_t written;
};

static void *writer_thread(void *arg)
{
    struct writer *w = arg;
    int fd = open(w->path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    while (w->written < w->len) {
        int64_t chunk = w->len - w->written < 7777 ? w->len - w->written : 7777;
        ssize_t n = write(fd, w->data + w->written, (size_t)chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;  /* the reader went away (EPIPE) */
        w->written += n;
    }
    close(fd);
    return NULL;
}

/* A FIFO fed by a thread through the ring cache: all bytes in order; then
 * closed by the reader while the writer is still writing. */
static void test_ring_fifo_writer(void **state)
{
    struct test_file *f = *state;
    signal(SIGPIPE, SIG_IGN);
    char *fifo = NULL;
    assert_true(asprintf(&fifo, "%s/in.fifo", f->dir) > 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    struct stream_opts o = {.cache_kb = 128, .cache_mode = STREAM_CACHE_RING};
    for (int round = 0; round < 2; round++) {
        struct writer w = {.path = fifo, .data = f->data, .len = 1024 * KB};
        pthread_t th;
        assert_int_equal(pthread_create(&th, NULL, writer_thread, &w), 0);
        stream_t *s = NULL;
        assert_int_equal(stream_open(&s, fifo, &o), 0);
        if (round == 0) {
            unsigned char *buf = malloc(1024 * KB);
            assert_non_null(buf);
            int64_t got = 0;
            int n;
            while ((n = stream_read(s, buf + got, (int)(1024 * KB - got))) > 0)
                got += n;
            assert_int_equal(got, 1024 * KB);
            assert_memory_equal(buf, f->data, 1024 * KB);
            free(buf);
        } else {
            read_check(s, f, 10 * KB);
        }
        stream_close(s);
        pthread_join(th, NULL);
    }
    unlink(fifo);
    free(fifo);
}

/* The demuxer over a cached stream, as the player uses it: tracks
 * switched, seeks, read plans from the index handed down, packets read;
 * closed mid-file. Counts packets; errors fail. */
static void demux_round(const char *path, const struct stream_opts *o)
{
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, path, o), 0);
    demuxer_t *d = NULL;
    assert_int_equal(demux_open(&d, s, NULL), 0);
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a[2] = {demux_nth_stream(d, MP_STREAM_AUDIO, 0),
                              demux_nth_stream(d, MP_STREAM_AUDIO, 1)};
    assert_non_null(v);
    assert_non_null(a[0]);
    assert_non_null(a[1]);
    demux_select_stream(d, v, true);
    int cur = 0;
    demux_select_stream(d, a[cur], true);
    int64_t packets = 0;
    for (int step = 0; step < 24; step++) {
        if (step % 4 == 3) {
            demux_select_stream(d, a[cur], false);
            cur ^= 1;
            demux_select_stream(d, a[cur], true);
        }
        if (step % 6 == 5)
            assert_int_equal(demux_seek(d, (step * 7) % 5), 0);
        struct demux_read_range rr[16];
        int n = demux_plan_next(d, (step % 5) * 1.0, 2.0, 4096, rr, 16);
        if (n > 0) {
            struct stream_range sr[16];
            for (int k = 0; k < n; k++)
                sr[k] = (struct stream_range){.pos = rr[k].pos, .len = rr[k].len};
            int rc = stream_set_read_plan(s, sr, n);
            assert_true(rc == 0 || rc == -STREAM_ERR_UNSUPPORTED);
        }
        for (int k = 0; k < 20; k++) {
            AVPacket *p = demux_read_packet(d, k % 2 ? v : a[cur]);
            if (!p)
                break;
            packets++;
            av_packet_free(&p);
        }
        assert_int_equal(demux_get_error(d), 0);
    }
    assert_true(packets > 0);
    demux_close(d);
    stream_close(s);
}

static void test_demux_switch_seek_plan(void **state)
{
    struct test_file *f = *state;
    char *clip = NULL;
    assert_true(asprintf(&clip, "%s/two.mp4", f->dir) > 0);
    int rc = test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                     "testsrc2=size=96x64:rate=25 -f lavfi -i sine=frequency=440:sample_rate=8000 "
                     "-f lavfi -i sine=frequency=660:sample_rate=8000 -t 5 -map 0 -map 1 -map 2 "
                     "-c:v mpeg4 -g 25 -c:a aac '%s'", clip);
    assert_int_equal(rc, 0);
    struct stream_opts plain = {.readahead_distance = 128 * KB, .cache_kb = 256};
    struct stream_opts ring = {.cache_kb = 256, .cache_mode = STREAM_CACHE_RING,
                               .cache_min_percent = 20, .cache_seek_min_percent = 50};
    for (int i = 0; i < 3; i++) {
        demux_round(clip, &plain);
        demux_round(clip, &ring);
    }
    free(clip);
}

int main(void)
{
    /* Stall warnings of the cache are expected here: not the subject. */
    mp_msg_set_default_level(MSGL_ERR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ring_random_seeks, setup, test_file_teardown),
        cmocka_unit_test_setup_teardown(test_ring_close_during_fill, setup, test_file_teardown),
        cmocka_unit_test_setup_teardown(test_file_plans_and_seeks, setup, test_file_teardown),
        cmocka_unit_test_setup_teardown(test_ring_fifo_writer, setup, test_file_teardown),
        cmocka_unit_test_setup_teardown(test_demux_switch_seek_plan, setup, test_file_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
