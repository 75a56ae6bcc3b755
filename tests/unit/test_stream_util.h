/*
 * Helpers of the stream tests: files of known bytes, and reads through a
 * stream_t compared with them.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only, like test_util.h: test scaffolding, not part of the player.
 * Include it after <cmocka.h>: its helpers fail the test with cmocka's
 * asserts.
 */
#ifndef MP_TESTS_TEST_STREAM_UTIL_H
#define MP_TESTS_TEST_STREAM_UTIL_H

#include <stdint.h>
#include <stdlib.h>

#include "stream/stream.h"
#include "test_util.h"

/* A test's folder and one file of known bytes in it. */
struct test_file {
    char *dir;
    char *path;
    unsigned char *data;  /* the file's contents */
    int64_t size;
};

/* f gets a fresh folder; the file comes later. */
static inline void test_file_init(struct test_file *f)
{
    f->dir = test_mkdtemp();
    assert_non_null(f->dir);
}

/* Remove f's folder and free what f holds (not f itself). */
static inline void test_file_clear(struct test_file *f)
{
    test_rmdir(f->dir);
    free(f->path);
    free(f->data);
}

/* cmocka setup and teardown for tests whose state is a struct test_file. */
static inline int test_file_setup(void **state)
{
    struct test_file *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    test_file_init(f);
    *state = f;
    return 0;
}

static inline int test_file_teardown(void **state)
{
    struct test_file *f = *state;
    test_file_clear(f);
    free(f);
    return 0;
}

/* size pseudo-random bytes (an LCG from seed, so a misplaced byte shows),
 * malloc'ed. */
static inline unsigned char *test_lcg_bytes(int64_t size, uint32_t seed)
{
    unsigned char *data = malloc(size > 0 ? (size_t)size : 1);
    assert_non_null(data);
    uint32_t x = seed;
    for (int64_t i = 0; i < size; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = (unsigned char)(x >> 16);
    }
    return data;
}

/* Read len bytes at the stream's position: what comes must be data (the
 * file's size bytes) from there, cut at the end of the file. */
static inline void test_read_check(stream_t *s, const unsigned char *data, int64_t size,
                                   int len)
{
    int64_t pos = stream_tell(s);
    unsigned char *buf = malloc(len > 0 ? (size_t)len : 1);
    assert_non_null(buf);
    int n = stream_read(s, buf, len);
    int64_t want = size - pos < len ? size - pos : len;
    if (want < 0)
        want = 0;
    assert_int_equal(n, want);
    assert_memory_equal(buf, data + pos, (size_t)want);
    free(buf);
}

#endif
