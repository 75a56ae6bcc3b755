/*
 * slowfs: a FUSE filesystem that mirrors a source folder read-only and
 * serves it as a slow device would: one request at a time, each charged
 * its transfer time, a seek cost and a round-trip latency. It counts what
 * it served and reports it through a control file, and can inject faults.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Build: cc -O2 -o slowfs slowfs.c $(pkg-config --cflags --libs fuse3)
 * Usage: slowfs [options] SOURCE MOUNTPOINT   (see --help, DOCS/tech/tools.md)
 *
 * The daemon is single-threaded on purpose (fuse_loop, never fuse_loop_mt):
 * a disk head or a network link serves one request at a time, and queue
 * depth 1 is what makes the timing model honest. The kernel page cache stays
 * on (no direct_io on data files), so kernel readahead and posix_fadvise act
 * as they do on any filesystem; only the control file bypasses the cache,
 * and data files too with --direct-io (a FUSE mount without a page cache).
 */
#define FUSE_USE_VERSION 31
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#define SFS_CTL_DIR "/.slowfs"
#define SFS_CTL_FILE "/.slowfs/stats"
#define SFS_MAX_FAULTS 32
#define SFS_IDLE_NS 1000000LL  /* a device with no request for 1 ms is idle */
#define SFS_CTL_SIZE 4096      /* size shown for the control file */

enum sfs_fault_kind { SFS_FAULT_EIO, SFS_FAULT_STALL };

struct sfs_fault {
    enum sfs_fault_kind kind;
    char path[PATH_MAX];       /* as seen under the mount, with leading '/' */
    uint64_t from, to;         /* EIO: [from, to); STALL: from = offset */
    double ms;                 /* STALL: extra time */
};

struct sfs_model {
    double bw;                 /* bytes per second; 0 = no transfer cost */
    double seek_ms;            /* when a request does not continue the last */
    double lat_ms;             /* round trip per request, or on idle only */
    int lat_idle;              /* 1: latency only when the device was idle */
};

struct sfs_stats {
    uint64_t bytes, requests, seeks, eio, stalls, opens;
    uint64_t max_req, min_req;
    double model_ms;           /* device time the model charged */
    double wait_ms;            /* wall time spent serving reads */
};

struct sfs {
    int srcfd;
    char *srcpath;
    struct sfs_model m;
    struct sfs_stats st;
    int keep_cache;
    int direct_io;              /* data files bypass the page cache */
    /* where the last request ended: a request elsewhere is a seek */
    int have_last;
    dev_t last_dev;
    ino_t last_ino;
    uint64_t last_end;
    struct timespec last_done;
    int have_done;
    struct sfs_fault faults[SFS_MAX_FAULTS];
    int nfaults;
    FILE *trace;
    struct timespec t0;
    /* what the kernel and libfuse negotiated at mount */
    unsigned conn_max_readahead, conn_max_write, conn_max_read, conn_async_read;
    unsigned want_max_readahead;
};

/* One per open(): a data file (fd) or the control file (text snapshot). */
struct sfs_handle {
    int fd;
    int ctl;
    dev_t dev;
    ino_t ino;
    char *snap;
    size_t snap_len;
    char path[];
};

static struct sfs *sfs_get(void)
{
    return fuse_get_context()->private_data;
}

static double ts_ms(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) * 1e3 + (double)(b->tv_nsec - a->tv_nsec) / 1e6;
}

static void ts_add_ms(struct timespec *t, double ms)
{
    long long ns = (long long)(ms * 1e6);
    t->tv_sec += (time_t)(ns / 1000000000LL);
    t->tv_nsec += (long)(ns % 1000000000LL);
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

/* Numbers with an optional suffix: k M G are powers of 1000, Ki Mi Gi of
 * 1024. A trailing "B" or "/s" is allowed and ignored. */
static int parse_num(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || v < 0)
        return -1;
    double mul = 1;
    int bin = end[0] && end[1] == 'i';
    switch (end[0]) {
    case 'k': case 'K': mul = bin ? 1024.0 : 1e3; break;
    case 'm': case 'M': mul = bin ? 1048576.0 : 1e6; break;
    case 'g': case 'G': mul = bin ? 1073741824.0 : 1e9; break;
    default: break;
    }
    if (mul != 1)
        end += bin ? 2 : 1;
    if (*end == 'B')
        end++;
    if (!strcmp(end, "/s"))
        end += 2;
    if (*end)
        return -1;
    *out = v * mul;
    return 0;
}

static int set_profile(struct sfs_model *m, const char *name)
{
    if (!strcmp(name, "hdd")) {
        *m = (struct sfs_model){ .bw = 80e6, .seek_ms = 8, .lat_ms = 0 };
    } else if (!strcmp(name, "slow-net")) {
        *m = (struct sfs_model){ .bw = 4e6, .seek_ms = 0, .lat_ms = 20 };
    } else if (!strcmp(name, "net")) {
        /* A network mount: a request that does not continue the last one
         * costs a round trip, and so does one that finds the link idle. */
        *m = (struct sfs_model){ .bw = 4e6, .seek_ms = 20, .lat_ms = 20, .lat_idle = 1 };
    } else if (!strcmp(name, "fast")) {
        *m = (struct sfs_model){ 0 };
    } else {
        return -1;
    }
    return 0;
}

/* The first len bytes of src as a path under the mount, with leading '/'. */
static int norm_path(char *dst, size_t dsz, const char *src, size_t len)
{
    size_t lead = src[0] != '/';
    if (!len || lead + len + 1 > dsz)
        return -1;
    dst[0] = '/';
    memcpy(dst + lead, src, len);
    dst[lead + len] = 0;
    return 0;
}

/* "FILE:FROM-TO"; FILE may itself hold ':' (split at the last one). */
static int parse_eio(struct sfs_fault *f, const char *spec)
{
    const char *c = strrchr(spec, ':');
    if (!c || c == spec)
        return -1;
    char range[64];
    snprintf(range, sizeof range, "%s", c + 1);
    char *dash = strchr(range, '-');
    if (!dash)
        return -1;
    *dash = 0;
    double a, b;
    if (parse_num(range, &a) < 0 || parse_num(dash + 1, &b) < 0 || b <= a)
        return -1;
    *f = (struct sfs_fault){ .kind = SFS_FAULT_EIO, .from = (uint64_t)a, .to = (uint64_t)b };
    return norm_path(f->path, sizeof f->path, spec, (size_t)(c - spec));
}

/* "FILE:OFFSET:MS" */
static int parse_stall(struct sfs_fault *f, const char *spec)
{
    const char *c2 = strrchr(spec, ':');
    if (!c2 || c2 == spec)
        return -1;
    const char *c1 = c2 - 1;
    while (c1 > spec && *c1 != ':')
        c1--;
    if (c1 == spec)
        return -1;
    char off[64];
    snprintf(off, sizeof off, "%.*s", (int)(c2 - c1 - 1), c1 + 1);
    double o, ms;
    if (parse_num(off, &o) < 0 || parse_num(c2 + 1, &ms) < 0)
        return -1;
    *f = (struct sfs_fault){ .kind = SFS_FAULT_STALL, .from = (uint64_t)o, .ms = ms };
    return norm_path(f->path, sizeof f->path, spec, (size_t)(c1 - spec));
}

static int add_fault(struct sfs *s, const struct sfs_fault *f)
{
    if (s->nfaults >= SFS_MAX_FAULTS)
        return -1;
    s->faults[s->nfaults++] = *f;
    return 0;
}

static int is_ctl_dir(const char *path)
{
    return !strcmp(path, SFS_CTL_DIR);
}

static int is_ctl_file(const char *path)
{
    return !strcmp(path, SFS_CTL_FILE);
}

/* Path under the source folder, relative to srcfd. */
static const char *rel(const char *path)
{
    return path[1] ? path + 1 : ".";
}

static void stats_reset(struct sfs *s)
{
    s->st = (struct sfs_stats){ 0 };
    s->have_last = 0;
    s->have_done = 0;
}

static char *stats_text(struct sfs *s, size_t *len)
{
    char *buf = NULL;
    size_t sz = 0;
    FILE *f = open_memstream(&buf, &sz);
    if (!f)
        return NULL;
    const struct sfs_stats *st = &s->st;
    fprintf(f, "bytes %" PRIu64 "\n", st->bytes);
    fprintf(f, "requests %" PRIu64 "\n", st->requests);
    fprintf(f, "seeks %" PRIu64 "\n", st->seeks);
    fprintf(f, "eio %" PRIu64 "\n", st->eio);
    fprintf(f, "stalls %" PRIu64 "\n", st->stalls);
    fprintf(f, "opens %" PRIu64 "\n", st->opens);
    fprintf(f, "max_request %" PRIu64 "\n", st->max_req);
    fprintf(f, "min_request %" PRIu64 "\n", st->min_req);
    fprintf(f, "model_ms %.3f\n", st->model_ms);
    fprintf(f, "wait_ms %.3f\n", st->wait_ms);
    fprintf(f, "bw %.0f\n", s->m.bw);
    fprintf(f, "seek_ms %g\n", s->m.seek_ms);
    fprintf(f, "lat_ms %g\n", s->m.lat_ms);
    fprintf(f, "lat_mode %s\n", s->m.lat_idle ? "idle" : "request");
    fprintf(f, "keep_cache %d\n", s->keep_cache);
    fprintf(f, "direct_io %d\n", s->direct_io);
    fprintf(f, "max_readahead %u\n", s->conn_max_readahead);
    fprintf(f, "max_write %u\n", s->conn_max_write);
    fprintf(f, "max_read %u\n", s->conn_max_read);
    fprintf(f, "async_read %u\n", s->conn_async_read);
    for (int i = 0; i < s->nfaults; i++) {
        const struct sfs_fault *fl = &s->faults[i];
        if (fl->kind == SFS_FAULT_EIO)
            fprintf(f, "fault eio %s %" PRIu64 "-%" PRIu64 "\n", fl->path, fl->from, fl->to);
        else
            fprintf(f, "fault stall %s %" PRIu64 " %g\n", fl->path, fl->from, fl->ms);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    *len = sz;
    return buf;
}

/* One command written to the control file. Returns 0 or -errno. */
static int ctl_command(struct sfs *s, char *line)
{
    char *save = NULL;
    char *cmd = strtok_r(line, " \t", &save);
    if (!cmd)
        return 0;
    char *a1 = strtok_r(NULL, " \t", &save);
    char *a2 = strtok_r(NULL, " \t", &save);
    char *a3 = strtok_r(NULL, " \t", &save);
    struct sfs_fault f;
    double v;
    char spec[PATH_MAX + 128];
    if (!strcmp(cmd, "reset") && !a1) {
        stats_reset(s);
    } else if (!strcmp(cmd, "clear") && !a1) {
        s->nfaults = 0;
    } else if (!strcmp(cmd, "eio") && a1 && a2 && !a3) {
        snprintf(spec, sizeof spec, "%s:%s", a1, a2);
        if (parse_eio(&f, spec) < 0 || add_fault(s, &f) < 0)
            return -EINVAL;
    } else if (!strcmp(cmd, "stall") && a1 && a2 && a3) {
        snprintf(spec, sizeof spec, "%s:%s:%s", a1, a2, a3);
        if (parse_stall(&f, spec) < 0 || add_fault(s, &f) < 0)
            return -EINVAL;
    } else if (!strcmp(cmd, "profile") && a1 && !a2) {
        if (set_profile(&s->m, a1) < 0)
            return -EINVAL;
    } else if (!strcmp(cmd, "bw") && a1 && !a2 && parse_num(a1, &v) == 0) {
        s->m.bw = v;
    } else if (!strcmp(cmd, "seek-ms") && a1 && !a2 && parse_num(a1, &v) == 0) {
        s->m.seek_ms = v;
    } else if (!strcmp(cmd, "lat-ms") && a1 && !a2 && parse_num(a1, &v) == 0) {
        s->m.lat_ms = v;
    } else if (!strcmp(cmd, "lat-mode") && a1 && !a2
               && (!strcmp(a1, "idle") || !strcmp(a1, "request"))) {
        s->m.lat_idle = !strcmp(a1, "idle");
    } else {
        return -EINVAL;
    }
    return 0;
}

static void *sfs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
    struct sfs *s = fuse_get_context()->private_data;
    cfg->kernel_cache = 0;      /* keep_cache is decided per open below */
    cfg->direct_io = 0;
    cfg->auto_cache = 0;
    cfg->nullpath_ok = 0;
    if (s->want_max_readahead && s->want_max_readahead < conn->max_readahead)
        conn->max_readahead = s->want_max_readahead;
    s->conn_max_readahead = conn->max_readahead;
    s->conn_max_write = conn->max_write;
    s->conn_max_read = conn->max_read;
    s->conn_async_read = !!(conn->want & FUSE_CAP_ASYNC_READ);
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    return s;
}

static int sfs_getattr(const char *path, struct stat *stbuf, struct fuse_file_info *fi)
{
    struct sfs *s = sfs_get();
    (void)fi;
    if (is_ctl_dir(path) || is_ctl_file(path)) {
        memset(stbuf, 0, sizeof *stbuf);
        stbuf->st_uid = getuid();
        stbuf->st_gid = getgid();
        if (is_ctl_dir(path)) {
            stbuf->st_mode = S_IFDIR | 0755;
            stbuf->st_nlink = 2;
        } else {
            stbuf->st_mode = S_IFREG | 0666;
            stbuf->st_nlink = 1;
            stbuf->st_size = SFS_CTL_SIZE;
        }
        return 0;
    }
    if (fstatat(s->srcfd, rel(path), stbuf, 0) < 0)
        return -errno;
    return 0;
}

static int sfs_readdir(const char *path, void *buf, fuse_fill_dir_t filler, off_t offset,
                       struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
    struct sfs *s = sfs_get();
    (void)offset;
    (void)fi;
    (void)flags;
    if (is_ctl_dir(path)) {
        filler(buf, ".", NULL, 0, 0);
        filler(buf, "..", NULL, 0, 0);
        filler(buf, "stats", NULL, 0, 0);
        return 0;
    }
    int fd = openat(s->srcfd, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    DIR *d = fdopendir(fd);
    if (!d) {
        int err = errno;
        close(fd);
        return -err;
    }
    int root = !strcmp(path, "/");
    struct dirent *de;
    while ((de = readdir(d))) {
        if (root && !strcmp(de->d_name, ".slowfs"))
            continue;           /* the control folder shadows a real one */
        if (filler(buf, de->d_name, NULL, 0, 0))
            break;
    }
    if (root)
        filler(buf, ".slowfs", NULL, 0, 0);
    closedir(d);
    return 0;
}

static int sfs_open(const char *path, struct fuse_file_info *fi)
{
    struct sfs *s = sfs_get();
    size_t plen = strlen(path) + 1;
    struct sfs_handle *h = calloc(1, sizeof *h + plen);
    if (!h)
        return -ENOMEM;
    memcpy(h->path, path, plen);
    h->fd = -1;
    if (is_ctl_file(path)) {
        h->ctl = 1;
        fi->direct_io = 1;      /* never cached: each read asks the daemon */
        fi->keep_cache = 0;
        fi->nonseekable = 0;
    } else {
        if ((fi->flags & O_ACCMODE) != O_RDONLY) {
            free(h);
            return -EROFS;
        }
        h->fd = openat(s->srcfd, rel(path), O_RDONLY | O_CLOEXEC);
        if (h->fd < 0) {
            int err = errno;
            free(h);
            return -err;
        }
        struct stat sb;
        if (fstat(h->fd, &sb) == 0) {
            h->dev = sb.st_dev;
            h->ino = sb.st_ino;
        }
        fi->keep_cache = s->keep_cache;
        /* As sshfs -o direct_io: every read of the file is a request. */
        fi->direct_io = s->direct_io;
        s->st.opens++;
    }
    fi->fh = (uint64_t)(uintptr_t)h;
    return 0;
}

static int sfs_release(const char *path, struct fuse_file_info *fi)
{
    struct sfs_handle *h = (struct sfs_handle *)(uintptr_t)fi->fh;
    (void)path;
    if (h->fd >= 0)
        close(h->fd);
    free(h->snap);
    free(h);
    return 0;
}

static void sleep_until(const struct timespec *t)
{
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, t, NULL) == EINTR)
        ;
}

static int ctl_read(struct sfs *s, struct sfs_handle *h, char *buf, size_t size, off_t off)
{
    if (off == 0 || !h->snap) {
        free(h->snap);
        h->snap = stats_text(s, &h->snap_len);
        if (!h->snap)
            return -ENOMEM;
    }
    if ((size_t)off >= h->snap_len)
        return 0;
    size_t n = h->snap_len - (size_t)off;
    if (n > size)
        n = size;
    memcpy(buf, h->snap + off, n);
    return (int)n;
}

static int sfs_read(const char *path, char *buf, size_t size, off_t off,
                    struct fuse_file_info *fi)
{
    struct sfs *s = sfs_get();
    struct sfs_handle *h = (struct sfs_handle *)(uintptr_t)fi->fh;
    if (h->ctl)
        return ctl_read(s, h, buf, size, off);

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    uint64_t from = (uint64_t)off, to = (uint64_t)off + size;

    int eio = 0;
    double stall_ms = 0;
    for (int i = 0; i < s->nfaults; i++) {
        const struct sfs_fault *f = &s->faults[i];
        if (strcmp(f->path, path))
            continue;
        if (f->kind == SFS_FAULT_EIO && f->from < to && from < f->to)
            eio = 1;
        if (f->kind == SFS_FAULT_STALL && f->from >= from && f->from < to)
            stall_ms += f->ms;
    }

    /* A short read would tell the kernel the file ended there, so read all
     * that exists; only the real end of the source file shortens it. */
    size_t got = 0;
    int err = 0;
    if (!eio) {
        while (got < size) {
            ssize_t r = pread(h->fd, buf + got, size - got, off + (off_t)got);
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0) {
                err = -errno;
                break;
            }
            if (r == 0)
                break;
            got += (size_t)r;
        }
    }

    int seek = s->have_last && (h->dev != s->last_dev || h->ino != s->last_ino
                                || from != s->last_end);
    int idle = !s->have_done || ts_ms(&s->last_done, &start) * 1e6 > SFS_IDLE_NS;
    double cost = 0;
    if (s->m.bw > 0)
        cost += (double)(eio ? size : got) / s->m.bw * 1e3;
    if (seek)
        cost += s->m.seek_ms;
    if (!s->m.lat_idle || idle)
        cost += s->m.lat_ms;
    cost += stall_ms;

    struct timespec deadline = start;
    ts_add_ms(&deadline, cost);
    if (cost > 0)
        sleep_until(&deadline);
    struct timespec done;
    clock_gettime(CLOCK_MONOTONIC, &done);

    struct sfs_stats *st = &s->st;
    st->requests++;
    st->seeks += (uint64_t)seek;
    st->bytes += got;
    st->eio += (uint64_t)eio;
    st->stalls += stall_ms > 0;
    if (size > st->max_req)
        st->max_req = size;
    if (!st->min_req || size < st->min_req)
        st->min_req = size;
    st->model_ms += cost;
    st->wait_ms += ts_ms(&start, &done);

    s->have_last = 1;
    s->last_dev = h->dev;
    s->last_ino = h->ino;
    s->last_end = from + (eio ? size : got);
    s->last_done = done;
    s->have_done = 1;

    /* The thread the request came for (the kernel's readahead runs in the
     * task that triggered it): who asked, the reader or its helper. */
    if (s->trace)
        fprintf(s->trace, "%.3f %s %" PRIu64 " %zu %zu %s%s%s %.3f %d\n", ts_ms(&s->t0, &start),
                path, from, size, got, seek ? "seek" : "-", eio ? ",eio" : "",
                stall_ms > 0 ? ",stall" : "", cost, (int)fuse_get_context()->pid);
    if (eio)
        return -EIO;
    if (err && !got)
        return err;
    return (int)got;
}

static int sfs_write(const char *path, const char *buf, size_t size, off_t off,
                     struct fuse_file_info *fi)
{
    struct sfs *s = sfs_get();
    struct sfs_handle *h = (struct sfs_handle *)(uintptr_t)fi->fh;
    (void)path;
    (void)off;
    if (!h->ctl)
        return -EROFS;
    /* Each write() holds whole commands, one per line. */
    char *text = strndup(buf, size);
    if (!text)
        return -ENOMEM;
    int ret = (int)size;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int r = ctl_command(s, line);
        if (r < 0) {
            ret = r;
            break;
        }
    }
    free(text);
    return ret;
}

static int sfs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
    (void)size;
    (void)fi;
    return is_ctl_file(path) ? 0 : -EROFS;
}

static int sfs_statfs(const char *path, struct statvfs *sv)
{
    (void)path;
    if (fstatvfs(sfs_get()->srcfd, sv) < 0)
        return -errno;
    return 0;
}

static int sfs_rofs_path(const char *path, mode_t mode)
{
    (void)path;
    (void)mode;
    return -EROFS;
}

static int sfs_rofs_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
    (void)path;
    (void)mode;
    (void)fi;
    return -EROFS;
}

static int sfs_rofs_unlink(const char *path)
{
    (void)path;
    return -EROFS;
}

static int sfs_rofs_rename(const char *from, const char *to, unsigned int flags)
{
    (void)from;
    (void)to;
    (void)flags;
    return -EROFS;
}

static int sfs_rofs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
    (void)path;
    (void)mode;
    (void)fi;
    return -EROFS;
}

static int sfs_rofs_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
    (void)path;
    (void)uid;
    (void)gid;
    (void)fi;
    return -EROFS;
}

static int sfs_utimens(const char *path, const struct timespec tv[2],
                       struct fuse_file_info *fi)
{
    (void)tv;
    (void)fi;
    return is_ctl_file(path) ? 0 : -EROFS;
}

static const struct fuse_operations sfs_ops = {
    .init = sfs_init,
    .getattr = sfs_getattr,
    .readdir = sfs_readdir,
    .open = sfs_open,
    .read = sfs_read,
    .write = sfs_write,
    .release = sfs_release,
    .truncate = sfs_truncate,
    .statfs = sfs_statfs,
    .mkdir = sfs_rofs_path,
    .create = sfs_rofs_create,
    .unlink = sfs_rofs_unlink,
    .rmdir = sfs_rofs_unlink,
    .rename = sfs_rofs_rename,
    .chmod = sfs_rofs_chmod,
    .chown = sfs_rofs_chown,
    .utimens = sfs_utimens,
};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: slowfs [options] SOURCE MOUNTPOINT\n"
        "Mirror SOURCE read-only at MOUNTPOINT as a slow device; counters and\n"
        "commands in MOUNTPOINT/.slowfs/stats.\n"
        "  --profile=NAME       hdd (8 ms seek, 80 MB/s), slow-net (20 ms per request,\n"
        "                       4 MB/s), net (4 MB/s, 20 ms per seek and per request\n"
        "                       on an idle device), fast (no delay; the default)\n"
        "  --bw=RATE            bytes/s (k M G = 1000^n, Ki Mi Gi = 1024^n); 0 = no cost\n"
        "  --seek-ms=MS         cost of a request not starting where the last one ended\n"
        "  --lat-ms=MS          round-trip cost per request\n"
        "  --lat-idle           charge --lat-ms only when the device was idle > 1 ms\n"
        "  --no-keep-cache      drop the file's page cache on every open\n"
        "  --direct-io          open data files with direct_io: no page cache at all\n"
        "  --max-readahead=N    lower FUSE's max_readahead (bytes)\n"
        "  --fault-eio=FILE:FROM-TO       EIO for requests touching [FROM, TO)\n"
        "  --fault-stall=FILE:OFFSET:MS   extra MS for requests covering OFFSET\n"
        "  --trace=FILE         one line per read request\n"
        "  -f                   stay in the foreground\n"
        "  -d                   FUSE debug output (implies -f)\n"
        "  -o OPT               FUSE mount option (e.g. allow_other)\n");
}

enum {
    OPT_PROFILE = 256, OPT_BW, OPT_SEEK, OPT_LAT, OPT_LAT_IDLE, OPT_NO_KEEP, OPT_MAX_RA,
    OPT_DIRECT_IO, OPT_EIO, OPT_STALL, OPT_TRACE, OPT_HELP,
};

static int parse_args(struct sfs *s, int argc, char **argv, struct fuse_args *fa,
                      int *foreground, char **mnt)
{
    static const struct option lopts[] = {
        { "profile", required_argument, NULL, OPT_PROFILE },
        { "bw", required_argument, NULL, OPT_BW },
        { "seek-ms", required_argument, NULL, OPT_SEEK },
        { "lat-ms", required_argument, NULL, OPT_LAT },
        { "lat-idle", no_argument, NULL, OPT_LAT_IDLE },
        { "no-keep-cache", no_argument, NULL, OPT_NO_KEEP },
        { "direct-io", no_argument, NULL, OPT_DIRECT_IO },
        { "max-readahead", required_argument, NULL, OPT_MAX_RA },
        { "fault-eio", required_argument, NULL, OPT_EIO },
        { "fault-stall", required_argument, NULL, OPT_STALL },
        { "trace", required_argument, NULL, OPT_TRACE },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    /* Explicit --bw/--seek-ms/--lat-ms override the profile, in any order. */
    double bw = -1, seek = -1, lat = -1;
    int c, fd;
    double v;
    struct sfs_fault f;
    while ((c = getopt_long(argc, argv, "fdo:h", lopts, NULL)) != -1) {
        switch (c) {
        case OPT_PROFILE:
            if (set_profile(&s->m, optarg) < 0) {
                fprintf(stderr, "slowfs: unknown profile '%s'\n", optarg);
                return -1;
            }
            break;
        case OPT_BW:
        case OPT_SEEK:
        case OPT_LAT:
        case OPT_MAX_RA:
            if (parse_num(optarg, &v) < 0) {
                fprintf(stderr, "slowfs: bad number '%s'\n", optarg);
                return -1;
            }
            if (c == OPT_BW)
                bw = v;
            else if (c == OPT_SEEK)
                seek = v;
            else if (c == OPT_LAT)
                lat = v;
            else
                s->want_max_readahead = (unsigned)v;
            break;
        case OPT_LAT_IDLE:
            s->m.lat_idle = 1;
            break;
        case OPT_NO_KEEP:
            s->keep_cache = 0;
            break;
        case OPT_DIRECT_IO:
            s->direct_io = 1;
            break;
        case OPT_EIO:
        case OPT_STALL:
            if ((c == OPT_EIO ? parse_eio(&f, optarg) : parse_stall(&f, optarg)) < 0
                || add_fault(s, &f) < 0) {
                fprintf(stderr, "slowfs: bad fault '%s'\n", optarg);
                return -1;
            }
            break;
        case OPT_TRACE:
            /* O_APPEND: the file may be truncated while the daemon writes */
            fd = open(optarg, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
            s->trace = fd < 0 ? NULL : fdopen(fd, "a");
            if (!s->trace) {
                fprintf(stderr, "slowfs: %s: %s\n", optarg, strerror(errno));
                return -1;
            }
            setvbuf(s->trace, NULL, _IOLBF, 0);
            break;
        case 'f':
            *foreground = 1;
            break;
        case 'd':
            *foreground = 1;
            fuse_opt_add_arg(fa, "-d");
            break;
        case 'o':
            fuse_opt_add_arg(fa, "-o");
            fuse_opt_add_arg(fa, optarg);
            break;
        case 'h':
        case OPT_HELP:
            usage(stdout);
            exit(0);
        default:
            usage(stderr);
            return -1;
        }
    }
    if (bw >= 0)
        s->m.bw = bw;
    if (seek >= 0)
        s->m.seek_ms = seek;
    if (lat >= 0)
        s->m.lat_ms = lat;
    if (argc - optind != 2) {
        usage(stderr);
        return -1;
    }
    s->srcpath = realpath(argv[optind], NULL);
    if (!s->srcpath) {
        fprintf(stderr, "slowfs: %s: %s\n", argv[optind], strerror(errno));
        return -1;
    }
    *mnt = argv[optind + 1];
    return 0;
}

int main(int argc, char **argv)
{
    struct sfs s = { .srcfd = -1, .keep_cache = 1 };
    struct fuse_args fa = FUSE_ARGS_INIT(0, NULL);
    int foreground = 0;
    char *mnt = NULL;
    fuse_opt_add_arg(&fa, argv[0]);
    fuse_opt_add_arg(&fa, "-o");
    fuse_opt_add_arg(&fa, "fsname=slowfs,subtype=slowfs,default_permissions");
    if (parse_args(&s, argc, argv, &fa, &foreground, &mnt) < 0) {
        fuse_opt_free_args(&fa);
        return 2;
    }
    s.srcfd = open(s.srcpath, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (s.srcfd < 0) {
        fprintf(stderr, "slowfs: %s: %s\n", s.srcpath, strerror(errno));
        return 2;
    }
    int ret = 1;
    struct fuse *fuse = fuse_new(&fa, &sfs_ops, sizeof sfs_ops, &s);
    if (!fuse)
        goto out;
    if (fuse_mount(fuse, mnt) != 0)
        goto out_destroy;
    if (fuse_daemonize(foreground) != 0)
        goto out_unmount;
    struct fuse_session *se = fuse_get_session(fuse);
    if (fuse_set_signal_handlers(se) != 0)
        goto out_unmount;
    ret = fuse_loop(fuse) != 0;
    fuse_remove_signal_handlers(se);
out_unmount:
    fuse_unmount(fuse);
out_destroy:
    fuse_destroy(fuse);
out:
    fuse_opt_free_args(&fa);
    if (s.trace)
        fclose(s.trace);
    close(s.srcfd);
    free(s.srcpath);
    return ret;
}
