/*
 * stream_fd.c: the backend for stdin, pipes, FIFOs and character devices:
 * sequential read() on a descriptor, no seeking, size unknown.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "stream/stream.h"
#include "stream/stream_priv.h"

struct fd_priv {
    int fd;
};

static int fd_open(stream_t *s, int fd, const char *target)
{
    struct fd_priv *p = malloc(sizeof(*p));
    if (!p) {
        close(fd);
        return -STREAM_ERR_NOMEM;
    }
    p->fd = fd;
    s->priv = p;
    s->size = -1;
    s->seekable = false;
    return 0;
}

/* How long one wait for data lasts before the abort callback is asked
 * again: the quit signals are blocked and polled, so a read() left to
 * block on a FIFO nobody writes to would never see SIGTERM or 'q'. */
#define FD_POLL_MS 100

static int fd_fill(stream_t *s, void *buf, int len)
{
    struct fd_priv *p = s->priv;
    for (;;) {
        struct pollfd pfd = {.fd = p->fd, .events = POLLIN};
        int r = poll(&pfd, 1, FD_POLL_MS);
        if (r < 0 && errno != EINTR)
            return -stream_errno_to_err(errno);
        if (r <= 0) {
            if (stream_aborted(s))
                return -STREAM_ERR_ABORTED;
            continue;
        }
        ssize_t n = read(p->fd, buf, (size_t)len);
        if (n >= 0)
            return (int)n;
        if (errno != EINTR && errno != EAGAIN)
            return -stream_errno_to_err(errno);
    }
}

static int fd_wait_fd(const stream_t *s)
{
    const struct fd_priv *p = s->priv;
    return p->fd;
}

static void fd_close(stream_t *s)
{
    struct fd_priv *p = s->priv;
    if (!p)
        return;
    close(p->fd);
    free(p);
    s->priv = NULL;
}

const struct stream_backend stream_backend_fd = {
    .name = "fd",
    .kind = STREAM_KIND_FD,
    .open = fd_open,
    .fill = fd_fill,
    .seek = NULL,
    .close = fd_close,
    .wait_fd = fd_wait_fd,
};
