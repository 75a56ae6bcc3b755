/*
 * stream_file.c: the backend for plain (regular) files: pread() at the
 * stream's position (so a seek costs no syscall), reads that would block
 * told apart from page-cache hits, and read-ahead / drop-behind advice
 * handed to the engine in stream_ra.c.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "config.h"
#if HAVE_SYS_SYSMACROS_H
#include <sys/sysmacros.h>
#endif
#if HAVE_FSTATFS_FTYPE
#include <sys/vfs.h>
#endif
#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Used when sysfs says nothing: the kernel's default read_ahead_kb. */
#define FILE_DEFAULT_RA_CHUNK (128 * 1024)
/* statfs f_type of FUSE mounts (linux/magic.h). */
#define FILE_FUSE_SUPER_MAGIC 0x65735546

struct file_priv {
    int fd;
    const struct stream_file_io *io;  /* NULL = real syscalls */
    bool try_nowait;                   /* preadv2(RWF_NOWAIT) works here */
    struct stream_ra *ra;              /* NULL = no advice */
    dev_t dev;                         /* for the chunk size of a late start */
    int64_t size;                      /* at open, or as it grew since */
    bool ra_failed;                    /* could not start: do not retry */
    bool shrink_reported;              /* said once that the file shrank */
    bool grew;                         /* it grew while we read it */
    bool hole;                         /* size ends where a trailing hole starts */
    struct stream_preader *preader;    /* blocking reads off the play thread */
    bool preader_failed;               /* could not start: read here */
};

#if HAVE_SYS_SYSMACROS_H
/* Linux: the block device's numbers name its sysfs folder. Elsewhere
 * (no sys/sysmacros.h) the kernel default below is used. */

/* A number from a sysfs file, or -1. */
static int64_t read_sysfs_num(const char *path)
{
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    long long v = -1;
    if (fscanf(f, "%lld", &v) != 1)
        v = -1;
    fclose(f);
    return v;
}

/* Try the device itself, then its parent (a partition's queue is the
 * disk's). */
static int64_t read_dev_num(unsigned maj, unsigned min, const char *what)
{
    char path[128];
    snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/%s", maj, min, what);
    int64_t v = read_sysfs_num(path);
    if (v < 0) {
        snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../queue/%s", maj, min, what);
        v = read_sysfs_num(path);
    }
    return v;
}

/*
 * What one WILLNEED call really reads on this file's device. The kernel
 * cuts a call down to max(bdi io_pages, file ra_pages) (mm/readahead.c,
 * force_page_cache_ra); ra_pages starts as the bdi's read_ahead_kb and
 * io_pages is the queue's max_sectors_kb.
 */
static int64_t device_ra_chunk(dev_t dev)
{
    unsigned maj = major(dev), min = minor(dev);
    char path[128];
    snprintf(path, sizeof(path), "/sys/class/bdi/%u:%u/read_ahead_kb", maj, min);
    int64_t ra_kb = read_sysfs_num(path);
    if (ra_kb < 0)
        ra_kb = read_dev_num(maj, min, "read_ahead_kb");
    int64_t io_kb = read_dev_num(maj, min, "max_sectors_kb");
    int64_t kb = ra_kb > io_kb ? ra_kb : io_kb;
    return kb > 0 ? kb * 1024 : FILE_DEFAULT_RA_CHUNK;
}
#else
static int64_t device_ra_chunk(dev_t dev)
{
    return FILE_DEFAULT_RA_CHUNK;
}
#endif

/*
 * Whether fd is a FUSE file opened with direct_io (sshfs -o direct_io,
 * many network filesystems): its reads never go through the page cache,
 * so advice does nothing and only a cache of our own can read ahead.
 * FUSE refuses a shared mapping of exactly those files (ENODEV: it cannot
 * keep one coherent), which no other FUSE file does; the probe maps one
 * page and touches nothing. Kernels from 6.6 let a filesystem allow such
 * mappings (FUSE_DIRECT_IO_ALLOW_MMAP); there the probe cannot tell.
 */
static bool file_bypasses_page_cache(int fd)
{
#if !HAVE_FSTATFS_FTYPE
    /* No statfs f_type to tell a FUSE mount by: treated as any file. */
    return false;
#else
    struct statfs sf;
    if (fstatfs(fd, &sf) < 0 || (unsigned long)sf.f_type != FILE_FUSE_SUPER_MAGIC)
        return false;
    long page = sysconf(_SC_PAGESIZE);
    size_t len = page > 0 ? (size_t)page : 4096;
    void *m = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
    if (m != MAP_FAILED) {
        munmap(m, len);
        return false;
    }
    return errno == ENODEV;
#endif
}

/* Start the readahead engine (at open, or at the first read plan). */
static int create_ra(stream_t *s, struct file_priv *p)
{
    const struct stream_opts *o = &s->opts;
    if (!HAVE_POSIX_FADVISE && !(p->io && p->io->fadvise)) {
        mp_msg(MSGT_STREAM, MSGL_V, "No posix_fadvise on this system: -readahead-distance, "
               "-cache-drop-behind and read plans do nothing.\n");
        p->ra_failed = true;
        return -STREAM_ERR_UNSUPPORTED;
    }
    struct stream_ra_params rp = {
        .fd = p->fd,
        .io = p->io,
        .distance = o->readahead_distance,
        .chunk = o->readahead_chunk > 0 ? o->readahead_chunk : device_ra_chunk(p->dev),
        .drop_behind = o->drop_behind,
        .size = p->size,
        .plan_budget = (int64_t)o->cache_kb * 1024,
        .plan_untimed = o->plan_untimed,
    };
    p->ra = stream_ra_create(&rp);
    if (!p->ra) {
        mp_msg(MSGT_STREAM, MSGL_V, "Could not start the readahead thread; no advice.\n");
        p->ra_failed = true;
        return -STREAM_ERR_NOMEM;
    }
    mp_msg(MSGT_STREAM, MSGL_V, "Readahead: distance %" PRId64 ", %" PRId64
           " bytes per advice call, drop-behind %s\n", rp.distance, stream_ra_step(p->ra),
           rp.drop_behind ? "on" : "off");
    return 0;
}

static void start_readahead(stream_t *s, struct file_priv *p)
{
    const struct stream_opts *o = &s->opts;
    if (o->readahead_distance <= 0 && !o->drop_behind)
        return;
    if (create_ra(s, p) < 0)
        return;
    /* The whole first window, while the demuxer opens the file. */
    stream_ra_note(p->ra, 0, 0);
}

/* A trailing hole shorter than this is taken for data (a sparse copy of a
 * file that ends in silence); a longer one for space never written. */
#define FILE_HOLE_MIN (16 * 1024 * 1024)
/* Extents looked at before giving up (a file written in many pieces). */
#define FILE_HOLE_MAX_EXTENTS 4096

/*
 * Where the file's written data ends: the start of a trailing hole of at
 * least FILE_HOLE_MIN bytes, else size. A preallocated or sparse download
 * (a torrent client's file, fallocate'd space) has its header and then
 * gigabytes the filesystem has never stored; read, they are zeros that a
 * header declaring them would have us play as silence for hours. Where
 * the filesystem cannot tell (SEEK_HOLE: the end of the file is the only
 * hole), size.
 */
static int64_t file_data_end(int fd, int64_t size)
{
#ifdef SEEK_HOLE
    off_t pos = 0;
    for (int i = 0; i < FILE_HOLE_MAX_EXTENTS && pos < size; i++) {
        off_t hole = lseek(fd, pos, SEEK_HOLE);
        if (hole < 0 || hole >= size)
            return size;
        off_t data = lseek(fd, hole, SEEK_DATA);
        if (data < 0)
            return errno == ENXIO && size - hole >= FILE_HOLE_MIN ? (int64_t)hole : size;
        pos = data;
    }
#else
    (void)fd;
#endif
    return size;
}

/* How many of len bytes at pos lie before the end of the data as known:
 * all of them without a trailing hole (a read past the end of a file is
 * short by itself, and a file that grows is read on). */
static size_t file_span(const struct file_priv *p, int64_t pos, size_t len)
{
    if (!p->hole)
        return len;
    if (pos >= p->size)
        return 0;
    return (uint64_t)(p->size - pos) < len ? (size_t)(p->size - pos) : len;
}

static int file_open(stream_t *s, int fd, const char *target)
{
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return -stream_errno_to_err(e);
    }
    struct file_priv *p = calloc(1, sizeof(*p));
    if (!p) {
        close(fd);
        return -STREAM_ERR_NOMEM;
    }
    p->fd = fd;
    p->io = s->file_io;
    p->try_nowait = HAVE_PREADV2 || (p->io && p->io->preadv2);
    p->dev = st.st_dev;
    /* Under a simulation's hooks the file stands for a device of its size
     * (tests make it sparse to be quick): no holes. */
    p->size = p->io ? st.st_size : file_data_end(fd, st.st_size);
    s->priv = p;
    s->size = p->size;
    p->hole = p->size < st.st_size;
    if (p->hole)
        mp_msg(MSGT_STREAM, MSGL_WARN, "%s: the last %" PRId64 " bytes were never written "
               "(a hole, as in an unfinished download); reading up to byte %" PRId64 ".\n",
               s->url, (int64_t)st.st_size - p->size, p->size);
    s->seekable = true;
    /* The hooks of a simulation model a page cache. */
    if (!p->io && file_bypasses_page_cache(fd)) {
        s->no_page_cache = true;
        p->ra_failed = true;  /* advice would do nothing */
        mp_msg(MSGT_STREAM, MSGL_V, "%s: FUSE file opened with direct I/O, no page cache: "
               "no readahead advice; with -cache, plans go to the range cache.\n", s->url);
        return 0;
    }
    start_readahead(s, p);
    return 0;
}

static ssize_t do_pread(struct file_priv *p, void *buf, size_t len, off_t off)
{
    if (p->io && p->io->pread)
        return p->io->pread(p->io->ctx, p->fd, buf, len, off);
    return pread(p->fd, buf, len, off);
}

static ssize_t do_pread_nowait(struct file_priv *p, void *buf, size_t len, off_t off)
{
    if (p->io && p->io->preadv2)
        return p->io->preadv2(p->io->ctx, p->fd, buf, len, off, RWF_NOWAIT);
#if HAVE_PREADV2
    struct iovec iov = {.iov_base = buf, .iov_len = len};
    return preadv2(p->fd, &iov, 1, off, RWF_NOWAIT);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}

/* A read that does not wait for the device: what the page cache holds of
 * [off, off + len), or -1 with errno (EAGAIN: nothing there yet). Where
 * the filesystem cannot tell (errno EOPNOTSUPP, ENOSYS or EINVAL) reads
 * stop asking this way (try_nowait). */
static ssize_t file_pread_cached(struct file_priv *p, void *buf, size_t len, off_t off)
{
    ssize_t n;
    do {
        n = do_pread_nowait(p, buf, len, off);
    } while (n < 0 && errno == EINTR);
    if (n < 0 && (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL))
        p->try_nowait = false;
    return n;
}

/*
 * A read that may block. A worker's thread (the demuxer's reader, a
 * cache's fill) just reads: it can be left behind. Any other thread (the
 * play thread: open, probe, seeks, -nodemuxer-thread) hands the read to
 * the preader and can walk away when a quit comes (errno ECANCELED).
 * The hooks of a simulation are called here, on the caller's thread.
 */
static ssize_t read_full(stream_t *s, struct file_priv *p, void *buf, size_t len, off_t off)
{
    if (!p->io && !mp_worker_is_current() && !p->preader_failed) {
        if (!p->preader && stream_preader_create(&p->preader, p->fd) < 0) {
            mp_msg(MSGT_STREAM, MSGL_V, "%s: no helper thread for reads; a quit waits for "
                   "a read the device holds.\n", s->url);
            p->preader_failed = true;
        }
        if (p->preader)
            return stream_preader_read(p->preader, s, buf, len, off);
    }
    for (;;) {
        ssize_t n = do_pread(p, buf, len, off);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

static int file_fill_raw(stream_t *s, void *buf, int len)
{
    struct file_priv *p = s->priv;
    off_t off = (off_t)s->src_pos;
    /* Where a read cannot ask first (FUSE, NFS), a read of planned bytes
     * the plan's advice has not reached yet advises its piece itself:
     * otherwise the kernel takes a read that skips through a region (one
     * track's packets between another's) for a random one and fetches
     * just its pages, one request and one seek each. */
    if (p->ra && !p->try_nowait)
        stream_ra_demand(p->ra, s->src_pos, len, true);
    bool planned = p->ra && stream_ra_note(p->ra, s->src_pos, len);
    ssize_t got = 0;
    if (p->try_nowait) {
        /* First ask without waiting: EAGAIN (or a short answer before
         * the end of the file) means the device has to be waited for. */
        ssize_t n = file_pread_cached(p, buf, (size_t)len, off);
        if (n == len) {
            s->stats.reads_cached++;
            return (int)n;
        }
        if (planned && n >= s->fill_need && n > 0) {
            /* The plan brought what the reader wants; the rest of the
             * buffer lies past a planned range, in pages nobody asked
             * for (often another track's). Waiting for them would fetch
             * them. */
            s->stats.reads_cached++;
            s->fill_partial = true;
            return (int)n;
        }
        if (n < 0 && errno != EAGAIN) {
            if (p->try_nowait)  /* an error, not a filesystem that cannot tell */
                return -stream_errno_to_err(errno);
        } else {
            got = n > 0 ? n : 0;
            /* Inside a plan the file is in random-access mode: without
             * this the wait would fetch just these pages, one request each. */
            if (planned)
                stream_ra_demand(p->ra, off + got, 1, false);
            double t0 = mp_time_sec();
            ssize_t m = read_full(s, p, (char *)buf + got, (size_t)(len - got), off + got);
            double dt = mp_time_sec() - t0;
            if (m < 0)
                return got > 0 ? (int)got : -stream_errno_to_err(errno);
            if (m == 0 && n >= 0) {
                s->stats.reads_cached++;  /* short only because of EOF */
            } else {
                s->stats.reads_blocked++;
                s->stats.wait_seconds += dt;
            }
            return (int)(got + m);
        }
    }
    ssize_t n = read_full(s, p, buf, (size_t)len, off);
    if (n < 0)
        return -stream_errno_to_err(errno);
    return (int)n;
}

/* A file someone is writing (a download) may grow on: at its end wait
 * this long for more before taking the end for the end. */
#define FILE_GROW_WAIT 10.0
#define FILE_GROW_POLL 0.05

/* Whether another process has the file open for writing: a read lease
 * cannot be taken then (Linux; EAGAIN). Where leases are not to be had
 * (another owner without CAP_LEASE, NFS, FUSE) the answer is no, and an
 * end is the end as before. */
static bool file_being_written(int fd)
{
#ifdef F_SETLEASE
    if (fcntl(fd, F_SETLEASE, F_RDLCK) == 0) {
        fcntl(fd, F_SETLEASE, F_UNLCK);
        return false;
    }
    return errno == EAGAIN;
#else
    (void)fd;
    return false;
#endif
}

/* At the end of the file as known: true when it has grown (the new size
 * is taken over). While someone has it open for writing, wait up to
 * FILE_GROW_WAIT for more, asking abort_cb; otherwise the end is final. */
static bool file_grown(stream_t *s)
{
    struct file_priv *p = s->priv;
    double until = -1;
    for (;;) {
        struct stat st;
        if (fstat(p->fd, &st) < 0)
            return false;
        int64_t end = st.st_size > p->size && !p->io ? file_data_end(p->fd, st.st_size)
                                                      : st.st_size;
        if (end > p->size) {
            p->hole = end < st.st_size;
            if (!p->grew)
                mp_msg(MSGT_STREAM, MSGL_V, "%s: the file grows while it plays (%" PRId64
                       " -> %" PRId64 " bytes); reading on as it grows.\n", s->url, p->size,
                       end);
            p->grew = true;
            p->size = end;
            s->size = end;
            return true;
        }
        if (!file_being_written(p->fd))
            return false;
        double now = mp_time_sec();
        if (until < 0)
            until = now + FILE_GROW_WAIT;
        if (now >= until || stream_aborted(s))
            return false;
        mp_sleep_sec(FILE_GROW_POLL);
    }
}

/*
 * The end of the file before the size it had at open: someone truncated
 * it while we play. That is a failing read, not the end of the media:
 * treating it as EOF would end the file quietly with exit status 0.
 */
static int file_fill(stream_t *s, void *buf, int len)
{
    struct file_priv *p = s->priv;
    /* Not past the data as known: a trailing hole reads as zeros. */
    int span = (int)file_span(p, s->src_pos, (size_t)len);
    int n = 0;
    if (span > 0)
        n = file_fill_raw(s, buf, span);
    else
        s->stats.reads_cached++;  /* at the end as known: nothing waited for */
    /* Short before the size at open is not the end (stream.c takes a
     * short read from a plain file for one): the kernel hands out the
     * pages before a failing one (EIO) or a truncation. Read on; where
     * that fails, say the fill was partial so the next one reports it. */
    while (n > 0 && n < len && !s->fill_partial && s->src_pos + n < p->size) {
        size_t more = file_span(p, s->src_pos + n, (size_t)(len - n));
        ssize_t m = read_full(s, p, (char *)buf + n, more, (off_t)(s->src_pos + n));
        if (m <= 0) {
            s->fill_partial = true;
            break;
        }
        n += (int)m;
    }
    /* At the end as known: a download may have added to it since. Once
     * the reader has what it needs now, the fill is short, not the end:
     * waiting for the download to fill the whole buffer would hold bytes
     * the reader could already have (a ring's first fill held playback
     * until the download was done). */
    while (n >= 0 && n < len && !s->fill_partial && s->src_pos + n >= p->size) {
        if (n > 0 && n >= s->fill_need) {
            struct stat st;
            if (fstat(p->fd, &st) == 0 && st.st_size == p->size && file_being_written(p->fd))
                s->fill_partial = true;
            if (s->fill_partial || !file_grown(s))
                break;
        } else if (!file_grown(s)) {
            break;
        }
        size_t more = file_span(p, s->src_pos + n, (size_t)(len - n));
        ssize_t m = more > 0 ? read_full(s, p, (char *)buf + n, more, (off_t)(s->src_pos + n))
                             : 0;
        if (m < 0) {
            if (n == 0)
                return -stream_errno_to_err(errno);
            s->fill_partial = true;
            break;
        }
        n += (int)m;
    }
    struct stat st;
    if (n != 0 || len <= 0 || s->src_pos >= p->size || fstat(p->fd, &st) < 0 ||
        st.st_size >= p->size)
        return n;
    if (!p->shrink_reported)
        mp_msg(MSGT_STREAM, MSGL_ERR, "%s: the file shrank from %" PRId64 " to %" PRId64
               " bytes while being read.\n", s->url, p->size, (int64_t)st.st_size);
    p->shrink_reported = true;
    /* Data missing at the end: a truncated file, as one cut before. */
    return -STREAM_ERR_TRUNCATED;
}

/* A plain pread at pos, told to neither the readahead windows nor the
 * plan's bookkeeping. */
static int file_read_plain(stream_t *s, int64_t pos, void *buf, int len)
{
    struct file_priv *p = s->priv;
    size_t span = file_span(p, pos, (size_t)len);
    ssize_t n = span > 0 ? read_full(s, p, buf, span, (off_t)pos) : 0;
    if (n < 0)
        return -stream_errno_to_err(errno);
    return (int)n;
}

/* A second reader of the file (stream_read_at: a track read from its own
 * position) is a reader like the first: its reads of planned bytes the
 * plan has not reached ask the readahead thread for their region first,
 * as the first reader's fills do, and its position is a cursor of the
 * windows. Left out, such reads went to the device in 128 KB requests of
 * their own between the thread's, a jump each, while the thread read the
 * other track's region on (a 60 s 720p MP4 whose audio lies 7 MB behind
 * its video, at 1.2 MB/s: 2.2 s of stalls in 30 s instead of 1.3). */
static int file_read_at(stream_t *s, int64_t pos, void *buf, int len)
{
    struct file_priv *p = s->priv;
    if (!p->ra || len <= 0)
        return file_read_plain(s, pos, buf, len);
    size_t span = file_span(p, pos, (size_t)len);
    if (span == 0)
        return 0;
    if (p->try_nowait) {
        ssize_t n = file_pread_cached(p, buf, span, (off_t)pos);
        if (n == (ssize_t)span) {
            stream_ra_note(p->ra, pos, (int64_t)n);
            return (int)n;
        }
        if (n < 0 && errno != EAGAIN && p->try_nowait)
            return -stream_errno_to_err(errno);
    }
    stream_ra_demand(p->ra, pos, (int64_t)span, true);
    stream_ra_note(p->ra, pos, (int64_t)span);
    ssize_t n = read_full(s, p, buf, span, (off_t)pos);
    if (n < 0)
        return -stream_errno_to_err(errno);
    return (int)n;
}

/* A look far ahead of the reader (stream_peek_at) at pages the page cache
 * did not hold leaves them out again: left there they are islands the
 * reader's later sequential reads go around, one request before and one
 * after each (on a device that charges a seek per jump, two seeks per
 * Matroska cluster head the map read). Read again inside the reader's
 * large requests they cost their bytes only. Pages that were there before
 * stay (a hot file keeps its cache), as do those near the reader or inside
 * its readahead window. */
#define FILE_LOOK_NEAR (256 * 1024)
#define FILE_LOOK_MAX_PAGES 64

/* Whether none of the pages of [start, start + len) (page-aligned) is in
 * the page cache; false when that cannot be told. */
static bool file_cold(const struct file_priv *p, int64_t start, int64_t len, long page)
{
    unsigned char vec[FILE_LOOK_MAX_PAGES];
    if (len <= 0 || len / page > FILE_LOOK_MAX_PAGES)
        return false;
    void *m = mmap(NULL, (size_t)len, PROT_READ, MAP_SHARED, p->fd, (off_t)start);
    if (m == MAP_FAILED)
        return false;
    bool cold = mincore(m, (size_t)len, vec) == 0;
    for (int64_t i = 0; cold && i < len / page; i++)
        cold = !(vec[i] & 1);
    munmap(m, (size_t)len);
    return cold;
}

static int file_peek_at(stream_t *s, int64_t pos, void *buf, int len)
{
    struct file_priv *p = s->priv;
    int64_t window = s->opts.readahead_distance > 0 ? s->opts.readahead_distance : 0;
    long page = sysconf(_SC_PAGESIZE);
    bool far = HAVE_POSIX_FADVISE && !p->io && page > 0 && len > 0 &&
               pos >= s->src_pos + FILE_LOOK_NEAR + window;
    int64_t start = far ? pos / page * page : 0;
    int64_t end = far ? (pos + len + page - 1) / page * page : 0;
    bool cold = far && file_cold(p, start, end - start, page);
    int n = file_read_plain(s, pos, buf, len);
#if HAVE_POSIX_FADVISE
    if (n > 0 && cold &&
        posix_fadvise(p->fd, (off_t)start, (off_t)(end - start), POSIX_FADV_DONTNEED) == 0)
        s->stats.dontneed_calls++;
#else
    (void)cold; /* always false without posix_fadvise (far is) */
#endif
    return n;
}


static int file_seek(stream_t *s, int64_t pos)
{
    struct file_priv *p = s->priv;
    /* pread needs no lseek; the window moves now, before the next read. */
    if (p->ra)
        stream_ra_note(p->ra, pos, 0);
    return 0;
}

static void file_close(stream_t *s)
{
    struct file_priv *p = s->priv;
    if (!p)
        return;
    stream_ra_destroy(p->ra);
    stream_preader_free(p->preader);
    close(p->fd);
    free(p);
    s->priv = NULL;
}

static void file_add_stats(const stream_t *s, struct stream_stats *st)
{
    struct file_priv *p = s->priv;
    if (p && p->ra)
        stream_ra_add_stats(p->ra, st);
}

static int file_set_plan(stream_t *s, const struct stream_range *r, int n)
{
    struct file_priv *p = s->priv;
    if (!p->ra) {
        if (n == 0)
            return 0;
        if (p->ra_failed)
            return -STREAM_ERR_UNSUPPORTED;
        int rc = create_ra(s, p);
        if (rc < 0)
            return rc;
        /* Reads before this point were not noted; start from here. */
        stream_ra_note(p->ra, s->src_pos, 0);
    }
    /* Random access only where a read can first ask without waiting: then
     * a planned read that has to wait advises its piece itself
     * (stream_ra_demand). Without RWF_NOWAIT (FUSE, NFS) every read just
     * blocks, and in random mode each would fetch a single page. */
    return stream_ra_set_plan(p->ra, r, n, p->try_nowait);
}

static void file_sync(stream_t *s)
{
    struct file_priv *p = s->priv;
    if (p->ra)
        stream_ra_sync(p->ra);
}

void stream_file_sync_readahead(stream_t *s)
{
    if (s->be != &stream_backend_file)
        return;
    struct file_priv *p = s->priv;
    if (p->ra)
        stream_ra_sync(p->ra);
}

int64_t stream_file_readahead_chunk(const stream_t *s)
{
    if (s->be != &stream_backend_file)
        return 0;
    const struct file_priv *p = s->priv;
    return p->ra ? stream_ra_step(p->ra) : 0;
}

const struct stream_backend stream_backend_file = {
    .name = "file",
    .kind = STREAM_KIND_FILE,
    .caps = STREAM_BE_FULL_READS,
    .open = file_open,
    .fill = file_fill,
    .read_at = file_read_at,
    .peek_at = file_peek_at,
    .seek = file_seek,
    .close = file_close,
    .add_stats = file_add_stats,
    .set_plan = file_set_plan,
    .sync = file_sync,
};
