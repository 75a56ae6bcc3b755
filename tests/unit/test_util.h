/*
 * Helpers shared by the unit tests: temporary folders and generated media.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only on purpose: each test is one program, and these are test
 * scaffolding, not part of the player.
 */
#ifndef MP_TESTS_TEST_UTIL_H
#define MP_TESTS_TEST_UTIL_H

#include <stdarg.h>
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

#endif
