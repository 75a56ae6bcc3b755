/*
 * stream_test.h: what the unit tests (the storage model among them) reach into
 * a stream with, and the player never does: the syscalls of plain files
 * made replaceable, and waits for the background threads to settle. The
 * player's API is stream/stream.h.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_STREAM_TEST_H
#define MP_STREAM_TEST_H

#include <sys/types.h>

#include "stream/stream.h"

/*
 * The syscalls a plain-file stream makes, as replaceable functions. Each
 * behaves like the syscall of the same name: pread/preadv2 return bytes
 * or -1 with errno set (preadv2 takes one buffer here; flags are RWF_*);
 * fadvise returns 0 or an errno value, like posix_fadvise. They are called
 * from the caller's thread (reads) and from the stream's readahead thread
 * (fadvise) at the same time; ctx is passed through unchanged.
 */
struct stream_file_io {
    ssize_t (*pread)(void *ctx, int fd, void *buf, size_t len, off_t off);
    ssize_t (*preadv2)(void *ctx, int fd, void *buf, size_t len, off_t off, int flags);
    int (*fadvise)(void *ctx, int fd, off_t off, off_t len, int advice);
    void *ctx;
};

/* stream_open, with a plain file's syscalls going through io (NULL: the
 * real ones), so that a test can record or delay them. io is not owned
 * and must outlive the stream. */
int stream_open_io(stream_t **out, const char *url, const struct stream_opts *opts,
                   const struct stream_file_io *io);

/* Wait until the ring cache's fill thread has nothing to do (ring full,
 * end of source, error, or blocked in a read of a source with no data),
 * the range cache's fetch thread has fetched all it can (plan done,
 * budget full, or the fetch connection failed), or for a plain file the
 * readahead thread (see stream_file_sync_readahead). */
void stream_cache_sync(stream_t *s);

/* Wait until a plain-file stream's readahead thread has issued all advice
 * it currently has to give and is idle. Returns at once for other streams
 * and when readahead is off. */
void stream_file_sync_readahead(stream_t *s);

#endif
