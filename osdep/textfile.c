/*
 * Reading a small text file (a config file, a playlist) whole, bounded.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "osdep/osdep.h"

/* How long one wait for data lasts before the quit signals are looked at
 * again (they are blocked by the player and polled, so a read() left to
 * block on a FIFO nobody writes to would never see SIGTERM). */
#define TEXT_POLL_MS 100
#define TEXT_CHUNK 4096

/* A quit signal pending (blocked, not taken: the player's loop takes it
 * and says so). */
static bool text_quit_pending(void)
{
    sigset_t pending;
    if (sigpending(&pending) < 0)
        return false;
    return sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 ||
           sigismember(&pending, SIGHUP) == 1;
}

/* Open without blocking: open(2) of a FIFO nobody has opened for writing
 * waits for a writer, where no signal can reach us. */
static int text_open(const char *path, int *fd_out)
{
    if (!strcmp(path, "-")) {
        *fd_out = STDIN_FILENO;
        return 0;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -errno;
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return -e;
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return -EISDIR;
    }
    *fd_out = fd;
    return 0;
}

/* Wait until fd has data or its end (a FIFO that never had a writer has
 * neither: poll waits for one), looking at the quit signals meanwhile. */
static int text_wait(int fd, bool (*interrupted)(void *ctx), void *ctx)
{
    for (;;) {
        if (text_quit_pending() || (interrupted && interrupted(ctx)))
            return MP_TEXT_INTERRUPTED;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = poll(&pfd, 1, TEXT_POLL_MS);
        if (r > 0)
            return 0;
        if (r < 0 && errno != EINTR)
            return -errno;
    }
}

/* Checks the bytes just read: no NUL, no line over max_line. */
static int text_check(const char *buf, size_t from, size_t to, size_t *line_len,
                      size_t max_line)
{
    for (size_t i = from; i < to; i++) {
        if (buf[i] == '\0')
            return MP_TEXT_BINARY;
        if (buf[i] == '\n') {
            *line_len = 0;
        } else if (++*line_len > max_line) {
            return MP_TEXT_LINE_TOO_LONG;
        }
    }
    return 0;
}

static int text_read_fd(int fd, size_t max_size, size_t max_line, char **data, size_t *size,
                        bool (*interrupted)(void *ctx), void *ctx)
{
    char *buf = NULL;
    size_t len = 0, cap = 0, line_len = 0;
    int err = 0;
    for (;;) {
        if (cap - len < TEXT_CHUNK + 1) {
            size_t ncap = cap ? cap * 2 : TEXT_CHUNK * 2;
            if (ncap > max_size + TEXT_CHUNK + 1)
                ncap = max_size + TEXT_CHUNK + 1;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                err = -ENOMEM;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        err = text_wait(fd, interrupted, ctx);
        if (err < 0)
            break;
        ssize_t n = read(fd, buf + len, TEXT_CHUNK);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            err = -errno;
            break;
        }
        if (n == 0)
            break;
        err = text_check(buf, len, len + (size_t)n, &line_len, max_line);
        len += (size_t)n;
        if (err < 0)
            break;
        if (len > max_size) {
            err = MP_TEXT_TOO_BIG;
            break;
        }
    }
    if (err < 0) {
        free(buf);
        return err;
    }
    if (!buf && !(buf = malloc(1)))
        return -ENOMEM;
    buf[len] = '\0';
    *data = buf;
    *size = len;
    return 0;
}

int mp_read_text_file(const char *path, size_t max_size, size_t max_line, char **data,
                      size_t *size, bool (*interrupted)(void *ctx), void *ctx)
{
    int fd = -1;
    int err = text_open(path, &fd);
    if (err < 0)
        return err;
    err = text_read_fd(fd, max_size, max_line, data, size, interrupted, ctx);
    if (fd != STDIN_FILENO)
        close(fd);
    return err;
}

char *mp_text_next_line(char **next, char *end)
{
    char *line = *next;
    if (line >= end)
        return NULL;
    char *nl = memchr(line, '\n', (size_t)(end - line));
    if (nl) {
        *nl = '\0';
        *next = nl + 1;
    } else {
        *next = end;
    }
    return line;
}

const char *mp_text_file_strerror(int err)
{
    switch (err) {
    case MP_TEXT_TOO_BIG:
        return "file too big";
    case MP_TEXT_LINE_TOO_LONG:
        return "line too long";
    case MP_TEXT_BINARY:
        return "not a text file (NUL byte)";
    case MP_TEXT_INTERRUPTED:
        return "interrupted by a signal";
    default:
        return strerror(-err);
    }
}
