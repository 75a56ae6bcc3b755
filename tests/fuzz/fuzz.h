/*
 * Helpers shared by the fuzz targets in tests/fuzz/: the libFuzzer entry
 * points' prototypes, quiet logging, input bytes as a file or a stream,
 * and a check that aborts (so the fuzzer records the input) when an API
 * breaks the promise its header makes.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only on purpose: each target is one program, built either with
 * libFuzzer's main (-fsanitize=fuzzer) or with regress_main.c, which feeds
 * it files without libFuzzer.
 */
#ifndef MP_TESTS_FUZZ_H
#define MP_TESTS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <libavutil/log.h>
#include <libavutil/mem.h>

#include "common/mp_msg.h"
#include "stream/stream.h"

/* libFuzzer's entry points; each target defines them. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A broken promise of an API under test: print what and where, then
 * abort, which libFuzzer and regress_main.c both count as a crash. */
#define FUZZ_CHECK(cond)                                                           \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                               \
        }                                                                          \
    } while (0)

/* Nothing through mp_msg or av_log: printing would cost more time than
 * the code under test. FUZZ_VERBOSE=<level> in the environment (6 = -v,
 * 7 = -v -v) keeps messages, for looking at one input by hand. */
static inline void fuzz_quiet(void)
{
    const char *v = getenv("FUZZ_VERBOSE");
    int lev = v ? atoi(v) : 0;
    if (lev > 0) {
        mp_msg_set_default_level(lev);
        return;
    }
    mp_msg_set_default_level(-1);
    av_log_set_level(AV_LOG_QUIET);
}

/* Largest single av_malloc the targets allow. FFmpeg 5.1's MP4 reader
 * allocates sample tables by the count in the header before reading them
 * (a 2.5 KB file asked for 1.9 GB, see DOCS/tech/fuzzing.md): FFmpeg's
 * behaviour, not ours, and with this bound it fails as ENOMEM at once
 * instead of hiding our own bugs behind out-of-memory reports. */
#define FUZZ_MAX_ALLOC (256 << 20)

/* Set-up for every target's LLVMFuzzerInitialize. */
static inline void fuzz_init(void)
{
    fuzz_quiet();
    av_max_alloc(FUZZ_MAX_ALLOC);
}

/*
 * The input as a regular file that has a path: an anonymous memory file
 * (nothing left behind when a crash ends the process), named through
 * /proc/self/fd. path gets the name. Returns the fd to close, or -1.
 */
static inline int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t pathsize)
{
    int fd = memfd_create("mpfuzz", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    snprintf(path, pathsize, "/proc/self/fd/%d", fd);
    return fd;
}

/*
 * The input as a stream_t opened with so on fuzz_memfile's file. *fd gets
 * that file, to close after stream_close. Returns 0, or -1 with nothing
 * left open.
 */
static inline int fuzz_open_stream(const uint8_t *data, size_t size,
                                   const struct stream_opts *so, stream_t **s, int *fd)
{
    char path[64];
    *fd = fuzz_memfile(data, size, path, sizeof(path));
    if (*fd < 0)
        return -1;
    if (stream_open(s, path, so) < 0) {
        close(*fd);
        return -1;
    }
    return 0;
}

/* A NUL-terminated copy of data (caller frees), or NULL. */
static inline char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return NULL;
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
