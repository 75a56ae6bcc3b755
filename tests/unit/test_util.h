/*
 * Helpers shared by the unit tests: temporary folders, the files tests
 * write in them, and generated media.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only on purpose: each test is one program, and these are test
 * scaffolding, not part of the player.
 */
#ifndef MP_TESTS_TEST_UTIL_H
#define MP_TESTS_TEST_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A fresh temporary folder; the path is malloc'ed. Removed with
 * test_rmdir. */
static inline char *test_mkdtemp(void)
{
    const char *base = getenv("TMPDIR");
    char *path = NULL;
    if (asprintf(&path, "%s/mptest.XXXXXX", base ? base : "/tmp") < 0)
        return NULL;
    if (!mkdtemp(path)) {
        free(path);
        return NULL;
    }
    return path;
}

static inline void test_rmdir(char *path)
{
    if (!path)
        return;
    char *cmd = NULL;
    if (asprintf(&cmd, "rm -rf '%s'", path) >= 0) {
        if (system(cmd) != 0)
            fprintf(stderr, "test_rmdir: could not remove %s\n", path);
    }
    free(cmd);
    free(path);
}

/* buf = "dir/name" (cut to n bytes); returns buf. */
static inline char *test_path(char *buf, size_t n, const char *dir, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
    return buf;
}

/* The whole of the file at path, malloc'ed, *size bytes (plus a 0 byte
 * after them, so that an empty file is not NULL). NULL and *size 0, said
 * on stderr, when it cannot be read: the caller asserts. */
static inline uint8_t *test_read_file(const char *path, size_t *size)
{
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "test_read_file: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
        if (fread(buf, 1, (size_t)n, f) == (size_t)n) {
            buf[n] = 0;
            *size = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    if (!buf)
        fprintf(stderr, "test_read_file: %s: could not read it whole\n", path);
    return buf;
}

/* Write len bytes to path (created or emptied); 0 on success. */
static inline int test_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t n = fwrite(data, 1, len, f);
    return fclose(f) == 0 && n == len ? 0 : -1;
}

/* Write len bytes to dir/name; returns that path (malloc'ed), or NULL. */
static inline char *test_write_in(const char *dir, const char *name, const void *data,
                                  size_t len)
{
    char *path = NULL;
    if (asprintf(&path, "%s/%s", dir, name) < 0)
        return NULL;
    if (test_write_file(path, data, len) != 0) {
        free(path);
        return NULL;
    }
    return path;
}

/* Run a shell command built from fmt; returns its exit status. */
static inline int test_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline int test_sh(const char *fmt, ...)
{
    va_list va;
    char *cmd = NULL;
    va_start(va, fmt);
    int n = vasprintf(&cmd, fmt, va);
    va_end(va);
    if (n < 0)
        return -1;
    int rc = system(cmd);
    free(cmd);
    return rc;
}

/*
 * Make a test clip with ffmpeg's lavfi sources: `seconds` long, a
 * testsrc2 video of w x h at fps (w == 0: no video) and a sine at rate Hz
 * (rate == 0: no audio). Container from the file name's extension; extra
 * is added before the output name (codec options). Returns 0 on success.
 */
static inline int test_make_clip(const char *path, double seconds, int w, int h, int fps,
                                 int rate, const char *extra)
{
    char vin[128] = "";
    char ain[128] = "";
    if (w > 0)
        snprintf(vin, sizeof(vin), "-f lavfi -i testsrc2=size=%dx%d:rate=%d", w, h, fps);
    if (rate > 0)
        snprintf(ain, sizeof(ain), "-f lavfi -i sine=frequency=440:sample_rate=%d", rate);
    return test_sh("ffmpeg -nostdin -loglevel error -y %s %s -t %g %s '%s'", vin, ain,
                   seconds, extra ? extra : "", path);
}

/*
 * A zeroed fixture of size bytes whose struct starts with `char *dir`,
 * that dir a fresh folder from test_mkdtemp; NULL on failure. Freed with
 * test_free_dir_fixture.
 */
static inline void *test_new_dir_fixture(size_t size)
{
    char **dir = calloc(1, size);
    if (dir && !(*dir = test_mkdtemp())) {
        free(dir);
        return NULL;
    }
    return dir;
}

/*
 * cmocka group teardown for a fixture whose struct starts with `char *dir`
 * (a folder of test media from test_mkdtemp): the folder goes, then the
 * struct (the fixture's state, malloc'ed).
 */
static inline int test_free_dir_fixture(void **state)
{
    char **dir = *state;
    if (dir) {
        test_rmdir(*dir);
        free(dir);
    }
    return 0;
}

/* The mkmux binary the media makers use: $MKMUX, else build/TOOLS/mkmux.
 * buf gets it (cut to n bytes); returns buf. */
static inline char *test_mkmux(char *buf, size_t n)
{
    const char *env = getenv("MKMUX");
    snprintf(buf, n, "%s", env ? env : "build/TOOLS/mkmux");
    return buf;
}

/*
 * Matroska layouts of one clip, made with TOOLS/mkmedia.sh and mkmux
 * (test_mkmux): dir/base.mp4 (video and two audio tracks, 160x120, secs
 * long), then dir/good.mkv (interleaved), dir/non.mkv (all video, then all
 * audio) and dir/three.mkv (video, audio 0, audio 1 one after another).
 * good, non and three (n bytes each) get those paths. Returns 0 on
 * success.
 */
static inline int test_make_mkv_layouts(const char *dir, int secs, char *good, char *non,
                                        char *three, size_t n)
{
    char mkmux[512];
    test_mkmux(mkmux, sizeof(mkmux));
    test_path(good, n, dir, "good.mkv");
    test_path(non, n, dir, "non.mkv");
    test_path(three, n, dir, "three.mkv");
    const char *mk = "sh TOOLS/mkmedia.sh -q -s 160x120 -b 300k -a 64k";
    if (test_sh("MKMUX='%s' %s -d %d -n 2 multi '%s/base.mp4'", mkmux, mk, secs, dir) != 0 ||
        test_sh("MKMUX='%s' %s -i '%s/base.mp4' good '%s'", mkmux, mk, dir, good) != 0 ||
        test_sh("MKMUX='%s' %s -i '%s/base.mp4' noninter '%s'", mkmux, mk, dir, non) != 0 ||
        test_sh("'%s' --noninter --format=matroska '%s/base.mp4' '%s'", mkmux, dir, three) != 0)
        return -1;
    return 0;
}

#endif
