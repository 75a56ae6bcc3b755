/*
 * stream.c: the buffered byte stream over any backend (file, fd, lavf).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Reads go through one buffer of exactly opts.buffer_size bytes: each fill
 * asks the backend for exactly that much. A caller asking for at least a
 * whole buffer at once is served directly into its own memory, one
 * buffer-sized backend call at a time (no copy), so every source read is
 * exactly the buffer size: -stream-buffer-size 4096 reproduces MPlayer's
 * 4 KB read() pattern even under libavformat's 32 KB requests.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

const char *stream_strerror(int err)
{
    switch (err < 0 ? -err : err) {
    case STREAM_OK: return "no error";
    case STREAM_ERR_NOT_FOUND: return "no such file";
    case STREAM_ERR_ACCESS: return "permission denied";
    case STREAM_ERR_IS_DIR: return "is a directory";
    case STREAM_ERR_IO: return "input/output error";
    case STREAM_ERR_UNSUPPORTED: return "not supported";
    case STREAM_ERR_NOMEM: return "out of memory";
    case STREAM_ERR_ABORTED: return "aborted";
    case STREAM_ERR_TRUNCATED: return "truncated file";
    default: return "unknown stream error";
    }
}

int stream_errno_to_err(int e)
{
    switch (e) {
    case ENOENT:
    case ENOTDIR:
    case ENXIO:
        return STREAM_ERR_NOT_FOUND;
    case EACCES:
    case EPERM:
        return STREAM_ERR_ACCESS;
    case EISDIR:
        return STREAM_ERR_IS_DIR;
    case ENOMEM:
        return STREAM_ERR_NOMEM;
    case ESPIPE:
    case EINVAL:
        return STREAM_ERR_UNSUPPORTED;
    case ECANCELED:
        return STREAM_ERR_ABORTED;
    default:
        return STREAM_ERR_IO;
    }
}

/* "proto://..." with a proto other than file: goes to libavformat. */
static bool is_url(const char *url)
{
    const char *p = url;
    while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
           *p == '+' || *p == '-' || *p == '.')
        p++;
    return p > url && strncmp(p, "://", 3) == 0;
}

/* Open a path and pick the backend from what it is. */
static int open_path(const char *path, int *fd_out, const struct stream_backend **be)
{
    /* Non-blocking: a FIFO nobody has opened for writing would block in
     * open(2), where no quit signal or command can reach us. The flag goes
     * at once; the fd backend polls for a writer's data, asking abort_cb. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -stream_errno_to_err(errno);
    int fl = fcntl(fd, F_GETFL);
    struct stat st;
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 || fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return -stream_errno_to_err(e);
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return -STREAM_ERR_IS_DIR;
    }
    *be = S_ISREG(st.st_mode) ? &stream_backend_file : &stream_backend_fd;
    *fd_out = fd;
    return 0;
}

stream_t *stream_alloc(const char *url, const struct stream_opts *o)
{
    stream_t *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    atomic_init(&s->refs, 1);
    s->url = strdup(url);
    s->buf = malloc(o->buffer_size);
    if (!s->url || !s->buf) {
        free(s->url);
        free(s->buf);
        free(s);
        return NULL;
    }
    s->opts = *o;
    s->size = -1;
    return s;
}

/* Open the source itself, without any cache. */
static int open_source(stream_t **out, const char *url, const struct stream_opts *o,
                       const struct stream_file_io *io)
{
    const struct stream_backend *be = NULL;
    const char *target = url;
    int fd = -1;
    int rc;
    if (strcmp(url, "-") == 0) {
        be = &stream_backend_fd;
        fd = fcntl(0, F_DUPFD_CLOEXEC, 3);
        if (fd < 0)
            return -stream_errno_to_err(errno);
    } else if (strncmp(url, "mf://", 5) == 0) {
        be = &stream_backend_mf;
    } else if (strncmp(url, "file://", 7) == 0 || !is_url(url)) {
        if (strncmp(url, "file://", 7) == 0)
            target = url + 7;
        rc = open_path(target, &fd, &be);
        if (rc < 0) {
            mp_msg(MSGT_STREAM, MSGL_V, "Cannot open %s: %s\n", url, stream_strerror(rc));
            return rc;
        }
    } else {
        be = &stream_backend_lavf;
    }

    stream_t *s = stream_alloc(url, o);
    if (!s) {
        if (fd >= 0)
            close(fd);
        return -STREAM_ERR_NOMEM;
    }
    s->be = be;
    s->kind = be->kind;
    s->file_io = io;
    rc = be->open(s, fd, target);
    if (rc < 0) {
        mp_msg(MSGT_STREAM, MSGL_V, "Cannot open %s: %s\n", url, stream_strerror(rc));
        s->be = NULL;
        stream_close(s);
        return rc;
    }
    mp_msg(MSGT_STREAM, MSGL_V, "Opened %s (%s, %s, buffer %d bytes)\n", url, be->name,
           s->seekable ? "seekable" : "not seekable", o->buffer_size);
    *out = s;
    return 0;
}

int stream_open(stream_t **out, const char *url, const struct stream_opts *opts)
{
    return stream_open_io(out, url, opts, NULL);
}

int stream_open_io(stream_t **out, const char *url, const struct stream_opts *opts,
                   const struct stream_file_io *io)
{
    *out = NULL;
    if (!url || !url[0])
        return -STREAM_ERR_NOT_FOUND;
    struct stream_opts o = {0};
    if (opts)
        o = *opts;
    if (o.buffer_size <= 0)
        o.buffer_size = STREAM_DEFAULT_BUFFER_SIZE;
    if (o.buffer_size > STREAM_MAX_BUFFER_SIZE)
        o.buffer_size = STREAM_MAX_BUFFER_SIZE;
    if (o.readahead_distance < 0)
        o.readahead_distance = 0;
    if (o.readahead_chunk < 0)
        o.readahead_chunk = 0;
    if (o.cache_kb < 0)
        o.cache_kb = 0;
    if (o.cache_min_percent < 0)
        o.cache_min_percent = 0;
    if (o.cache_min_percent > 99)
        o.cache_min_percent = 99;
    if (o.cache_seek_min_percent < 0)
        o.cache_seek_min_percent = 0;
    if (o.cache_seek_min_percent > 99)
        o.cache_seek_min_percent = 99;

    stream_t *s = NULL;
    int rc = open_source(&s, url, &o, io);
    if (rc < 0)
        return rc;
    /* Plain files in plan mode take plans through their readahead engine
     * (the page cache is the cache). Everything else with a cache size
     * gets the ring: in ring mode by choice; in plan mode a seekable URL,
     * or a file without a page cache, until its first read plan turns the
     * ring into the range cache (cache_range.c), pipes for good (no plan
     * can be fetched apart from the reader there). */
    if (o.cache_kb > 0 && (o.cache_mode == STREAM_CACHE_RING ||
                           s->kind != STREAM_KIND_FILE || s->no_page_cache)) {
        if (o.cache_mode != STREAM_CACHE_RING) {
            if (stream_range_cache_fits(s)) {
                mp_msg(MSGT_CACHE, MSGL_V, "Ring cache until a read plan comes, then the "
                       "range cache.\n");
                /* -cache-min is the ring's: here the ring only bridges
                 * the demuxer's opening, which for an index at the end
                 * of the file jumps away at once; waiting for a fifth of
                 * the ring from 0 would delay the start for bytes that
                 * are then dropped. */
                o.cache_min_percent = 0;
            } else
                mp_msg(MSGT_CACHE, MSGL_V, "No plan cache for %s streams; using the ring "
                       "cache.\n", s->seekable ? s->be->name : "unseekable");
        }
        return stream_ring_open(out, s, &o);
    }
    *out = s;
    return 0;
}

stream_t *stream_ref(stream_t *s)
{
    atomic_fetch_add(&s->refs, 1);
    return s;
}

static void stream_free(stream_t *s);

void stream_unref(stream_t *s)
{
    if (s && atomic_fetch_sub(&s->refs, 1) == 1)
        stream_free(s);
}

void stream_close(stream_t *s)
{
    if (!s)
        return;
    /* Before the reference goes: a reader still inside sees it. */
    atomic_store(&s->closed, true);
    stream_unref(s);
}

bool stream_aborted(const stream_t *s)
{
    /* The opener's callback may use what the opener frees after closing. */
    if (atomic_load(&s->closed))
        return true;
    return s->opts.abort_cb && s->opts.abort_cb(s->opts.abort_ctx);
}

static void stream_free(stream_t *s)
{
    if (s->be)
        s->be->close(s);
    for (int i = 0; i < STREAM_PARKED_MAX; i++)
        free(s->parked[i].buf);
    free(s->url);
    free(s->buf);
    free(s);
}

/* One backend read at the source position, counted. */
static int source_read(stream_t *s, void *buf, int len, int need)
{
    s->fill_need = need < len ? need : len;
    s->fill_partial = false;
    int n = s->be->fill(s, buf, len);
    s->stats.read_calls++;
    if (n > 0) {
        s->stats.bytes_read += n;
        s->src_pos += n;
        /* A plain file's backend reads fully unless it says otherwise:
         * short means the end. */
        if (n < len && (s->be->caps & STREAM_BE_FULL_READS) && !s->fill_partial)
            s->eof = true;
    } else if (n == 0) {
        s->eof = true;
    }
    return n;
}

/* Make the source's position pos; the buffer is the caller's business. */
static int source_seek(stream_t *s, int64_t pos)
{
    if (pos == s->src_pos)
        return 0;
    if (!s->be->seek || !(s->seekable || (s->be->caps & STREAM_BE_OWN_BUFFER)))
        return -STREAM_ERR_UNSUPPORTED;
    int rc = s->be->seek(s, pos);
    if (rc < 0)
        return rc;
    s->stats.seeks++;
    s->src_pos = pos;
    return 0;
}

/* Whether seeks may park the current buffer: seekable sources that the
 * stream buffers itself (the ring cache holds its own), small buffers. */
static bool park_enabled(const stream_t *s)
{
    return s->seekable && !(s->be->caps & STREAM_BE_OWN_BUFFER) &&
           s->opts.buffer_size <= STREAM_PARK_MAX_BUFFER;
}

/* A seek to pos leaves the current buffer: if a parked buffer holds pos,
 * swap it in (no I/O) and return true; else park the current buffer in
 * the least recently used slot and return false. */
static bool park_swap(stream_t *s, int64_t pos)
{
    if (!park_enabled(s))
        return false;
    struct stream_parked *victim = NULL;
    for (int i = 0; i < STREAM_PARKED_MAX; i++) {
        struct stream_parked *p = &s->parked[i];
        if (p->len > 0 && pos >= p->start && pos < p->start + p->len) {
            victim = p;
            break;
        }
    }
    bool hit = victim != NULL;
    if (!hit) {
        if (s->buf_len <= 0)
            return false;
        /* An empty slot, or the least recently used one. */
        for (int i = 0; i < STREAM_PARKED_MAX; i++) {
            struct stream_parked *p = &s->parked[i];
            if (!p->buf) {
                p->buf = malloc(s->opts.buffer_size);
                if (!p->buf)
                    continue;
                p->len = 0;
            }
            if (!victim || p->len == 0 || (victim->len > 0 && p->used < victim->used))
                victim = p;
        }
        if (!victim)
            return false;
    }
    /* Swap the current buffer with the slot. */
    unsigned char *b = victim->buf;
    int len = victim->len;
    int64_t start = victim->start;
    victim->buf = s->buf;
    victim->len = s->buf_len;
    victim->start = s->buf_start;
    victim->used = ++s->park_clock;
    s->buf = b;
    if (hit) {
        s->buf_len = len;
        s->buf_start = start;
        s->buf_pos = (int)(pos - start);
        s->eof = false;
    } else {
        s->buf_len = 0;
    }
    return hit;
}

/* Reading goes on at stream_tell(): after swapping in a parked buffer the
 * source may stand elsewhere. */
static int sync_source(stream_t *s)
{
    int64_t want = s->buf_start + s->buf_len;
    if (s->buf_pos < s->buf_len || want == s->src_pos)
        return 0;
    return source_seek(s, want);
}

/* Refill the (used up) buffer from the source at src_pos; the reader
 * needs `need` bytes of it now. */
static int refill(stream_t *s, int need)
{
    int rc = sync_source(s);
    if (rc < 0)
        return rc;
    if (s->buf_len > 0 && s->buf_len < s->opts.buffer_size &&
        s->buf_start + s->buf_len == s->src_pos && !(s->be->caps & STREAM_BE_FULL_READS)) {
        /* A pipe or a network source gave a short read: append, so the
         * bytes before stay there for a seek back. (A plain file is short
         * only at its end.) */
        int n = source_read(s, s->buf + s->buf_len, s->opts.buffer_size - s->buf_len, need);
        if (n > 0)
            s->buf_len += n;
        return n;
    }
    s->buf_start = s->src_pos;
    s->buf_pos = 0;
    s->buf_len = 0;
    int n = source_read(s, s->buf, s->opts.buffer_size, need);
    if (n > 0)
        s->buf_len = n;
    return n;
}

int stream_read(stream_t *s, void *buf, int len)
{
    unsigned char *dst = buf;
    int total = 0;
    int bs = s->opts.buffer_size;
    while (total < len) {
        int avail = s->buf_len - s->buf_pos;
        if (avail > 0) {
            int n = len - total < avail ? len - total : avail;
            memcpy(dst + total, s->buf + s->buf_pos, n);
            s->buf_pos += n;
            total += n;
            continue;
        }
        /* At the end nothing more comes until a seek: asking the source
         * again would only cost a syscall per call. */
        if (s->eof)
            break;
        int want = len - total;
        int n;
        if (want >= bs) {
            /* Straight into the caller's memory, one buffer's worth. */
            int direct = bs;
            n = sync_source(s);
            if (n < 0)
                return total > 0 ? total : n;
            s->buf_start = s->src_pos;
            s->buf_pos = s->buf_len = 0;
            n = source_read(s, dst + total, direct, direct);
            if (n > 0) {
                total += n;
                s->buf_start = s->src_pos;
                continue;
            }
        } else {
            n = refill(s, want);
            if (n > 0)
                continue;
        }
        if (n == 0)
            break;
        if (total > 0)
            break;  /* hand out what we have; the error comes again next time */
        return n;
    }
    return total;
}

int stream_read_some(stream_t *s, void *buf, int len)
{
    if (len <= 0)
        return 0;
    int avail = s->buf_len - s->buf_pos;
    int bs = s->opts.buffer_size;
    if (avail <= 0 && len >= bs) {
        /* As stream_read: straight into buf, in whole buffers. */
        int rc = sync_source(s);
        if (rc < 0)
            return rc;
        s->buf_start = s->src_pos;
        s->buf_pos = s->buf_len = 0;
        int n = source_read(s, buf, len / bs * bs, 1);
        if (n > 0)
            s->buf_start = s->src_pos;
        return n;
    }
    if (avail <= 0) {
        int n = refill(s, 1);
        if (n <= 0)
            return n;
        avail = s->buf_len - s->buf_pos;
    }
    int n = len < avail ? len : avail;
    memcpy(buf, s->buf + s->buf_pos, n);
    s->buf_pos += n;
    return n;
}

int stream_seek(stream_t *s, int64_t pos)
{
    if (pos < 0)
        return -STREAM_ERR_UNSUPPORTED;
    int64_t buf_end = s->buf_start + s->buf_len;
    if (pos >= s->buf_start && pos <= buf_end) {
        /* Inside the buffered data, or just behind it (= src_pos): no I/O. */
        s->buf_pos = (int)(pos - s->buf_start);
        if (pos < buf_end)
            s->eof = false;
        return 0;
    }
    /* Another read position's buffer may hold pos. */
    if (park_swap(s, pos))
        return 0;
    /* The ring cache seeks an unseekable source within what it holds
     * (and refuses the rest itself). */
    if ((s->seekable || (s->be->caps & STREAM_BE_OWN_BUFFER)) && s->be->seek) {
        int rc = source_seek(s, pos);
        if (rc < 0)
            return rc;
        s->buf_start = pos;
        s->buf_pos = s->buf_len = 0;
        s->eof = false;
        return 0;
    }
    if (pos < s->buf_start)
        return -STREAM_ERR_UNSUPPORTED;
    /* Unseekable, forward: read up to it through the buffer. */
    s->buf_pos = s->buf_len;
    while (s->buf_start + s->buf_len < pos) {
        int n = refill(s, s->opts.buffer_size);
        if (n < 0)
            return n;
        if (n == 0) {
            /* Past the end: stay at the end, as a seek beyond EOF does. */
            s->buf_pos = s->buf_len;
            return 0;
        }
    }
    s->buf_pos = (int)(pos - s->buf_start);
    return 0;
}

/* stream_read_at and stream_peek_at: read with the backend's at (its
 * read_at, or peek_at for bytes looked at once), counted. */
static int read_elsewhere(stream_t *s, int64_t pos, void *buf, int len, bool once)
{
    if (pos < 0 || len < 0 || (len > 0 && !buf))
        return -STREAM_ERR_UNSUPPORTED;
    if (len == 0)
        return 0;
    /* The bytes the reader has buffered cost nothing. */
    if (pos >= s->buf_start && pos <= INT64_MAX - len && pos + len <= s->buf_start + s->buf_len) {
        memcpy(buf, s->buf + (pos - s->buf_start), (size_t)len);
        return len;
    }
    int (*at)(stream_t *, int64_t, void *, int) =
        once && s->be->peek_at ? s->be->peek_at : s->be->read_at;
    if (!at)
        return -STREAM_ERR_UNSUPPORTED;
    if (s->size >= 0 && pos >= s->size)
        return 0;
    int n = at(s, pos, buf, len);
    s->stats.read_calls++;
    s->stats.side_read_calls++;
    if (n > 0) {
        s->stats.bytes_read += n;
        s->stats.side_bytes_read += n;
    }
    return n;
}

int stream_read_at(stream_t *s, int64_t pos, void *buf, int len)
{
    return read_elsewhere(s, pos, buf, len, false);
}

int stream_peek_at(stream_t *s, int64_t pos, void *buf, int len)
{
    return read_elsewhere(s, pos, buf, len, true);
}

int stream_skip(stream_t *s, int64_t n)
{
    if (n < 0)
        return -STREAM_ERR_UNSUPPORTED;
    return stream_seek(s, stream_tell(s) + n);
}

int64_t stream_tell(const stream_t *s)
{
    return s->buf_start + s->buf_pos;
}

int64_t stream_size(const stream_t *s)
{
    return s->size;
}

bool stream_seekable(const stream_t *s)
{
    return s->seekable;
}

bool stream_eof(const stream_t *s)
{
    return s->eof && s->buf_pos >= s->buf_len;
}

int64_t stream_end_pos(const stream_t *s)
{
    return s->eof ? s->src_pos : -1;
}

enum stream_kind stream_get_kind(const stream_t *s)
{
    return s->kind;
}

const char *stream_url(const stream_t *s)
{
    return s->url;
}

struct stream_stats stream_get_stats(const stream_t *s)
{
    struct stream_stats st = s->stats;
    if (s->be->add_stats)
        s->be->add_stats(s, &st);
    return st;
}

int stream_set_read_plan(stream_t *s, const struct stream_range *r, int n)
{
    if (n < 0 || (n > 0 && !r))
        return -STREAM_ERR_UNSUPPORTED;
    if (!s->be->set_plan)
        return -STREAM_ERR_UNSUPPORTED;
    return s->be->set_plan(s, r, n);
}

bool stream_get_cache_status(const stream_t *s, struct stream_cache_status *st)
{
    return s->be->cache_status && s->be->cache_status(s, st);
}

void stream_cache_sync(stream_t *s)
{
    if (s->be->sync)
        s->be->sync(s);
}

void stream_park(stream_t *s)
{
    if (s->be->park)
        s->be->park(s);
}

void stream_print_stats(const stream_t *s, int lev)
{
    if (!mp_msg_test(MSGT_STREAM, lev))
        return;
    const struct stream_stats now = stream_get_stats(s);
    const struct stream_stats *st = &now;
    mp_msg(MSGT_STREAM, lev,
           "Stream %s: %llu reads, %llu bytes read, %llu seeks, "
           "%llu WILLNEED calls (%llu bytes), %llu DONTNEED calls, "
           "%llu reads blocked, %llu cached, %.3f s waiting\n",
           s->url, (unsigned long long)st->read_calls, (unsigned long long)st->bytes_read,
           (unsigned long long)st->seeks, (unsigned long long)st->advise_calls,
           (unsigned long long)st->bytes_advised, (unsigned long long)st->dontneed_calls,
           (unsigned long long)st->reads_blocked, (unsigned long long)st->reads_cached,
           st->wait_seconds);
    if (st->cache_bytes_fetched || st->cache_bytes_served)
        mp_msg(MSGT_STREAM, lev, "Cache: %llu bytes fetched, %llu served, %llu stalls "
               "(%.3f s)\n", (unsigned long long)st->cache_bytes_fetched,
               (unsigned long long)st->cache_bytes_served,
               (unsigned long long)st->cache_stalls, st->cache_stall_seconds);
    if (st->side_read_calls)
        mp_msg(MSGT_STREAM, lev, "Side reads (file layout): %llu reads, %llu bytes\n",
               (unsigned long long)st->side_read_calls,
               (unsigned long long)st->side_bytes_read);
    if (st->plan_ranges)
        mp_msg(MSGT_STREAM, lev, "Read plan: %llu ranges, %llu bytes advised\n",
               (unsigned long long)st->plan_ranges, (unsigned long long)st->plan_bytes_advised);
}
