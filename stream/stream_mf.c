/*
 * stream_mf.c: MPlayer's mf:// ("multiple files"), a list of image files
 * read as one stream, one file after the other. The demuxer probes the
 * result like any stream; libavformat's image pipe readers (png_pipe,
 * jpeg_pipe, ...) split it into one picture per packet again.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The list, as MPlayer reads it: "mf://@list" names a text file with one
 * file name a line; "mf://a.png,b.png" a comma-separated list; anything
 * else a shell pattern (mf:// then a star and ".png"), expanded with
 * glob(3) in its sorted order. Files are opened one at a time while reading, so a long
 * list does not hold a descriptor per picture.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "stream/stream_priv.h"

struct mf_file {
    char *path;
    int64_t start;  /* offset of its first byte in the stream */
    int64_t size;
};

struct mf_priv {
    struct mf_file *files;
    int num;
    int open_idx;   /* the file fd belongs to, -1 for none */
    int fd;
};

static int mf_add(struct mf_priv *p, const char *path)
{
    struct stat st;
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
        mp_msg(MSGT_STREAM, MSGL_WARN, "mf: skipping '%s': %s\n", path,
               S_ISREG(st.st_mode) ? strerror(errno) : "not a regular file");
        return 0;
    }
    struct mf_file *n = realloc(p->files, sizeof(*n) * (size_t)(p->num + 1));
    if (!n)
        return -STREAM_ERR_NOMEM;
    p->files = n;
    struct mf_file *f = &p->files[p->num];
    f->path = strdup(path);
    if (!f->path)
        return -STREAM_ERR_NOMEM;
    f->start = p->num ? p->files[p->num - 1].start + p->files[p->num - 1].size : 0;
    f->size = st.st_size;
    p->num++;
    return 0;
}

static int mf_add_listfile(struct mf_priv *p, const char *list)
{
    FILE *fp = fopen(list, "r");
    if (!fp) {
        mp_msg(MSGT_STREAM, MSGL_ERR, "mf: cannot open the list '%s': %s\n", list,
               strerror(errno));
        return -stream_errno_to_err(errno);
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, fp)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (len > 0)
            rc = mf_add(p, line);
    }
    free(line);
    fclose(fp);
    return rc;
}

static int mf_add_commalist(struct mf_priv *p, const char *spec)
{
    char *copy = strdup(spec);
    if (!copy)
        return -STREAM_ERR_NOMEM;
    int rc = 0;
    char *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t && rc == 0; t = strtok_r(NULL, ",", &save))
        rc = mf_add(p, t);
    free(copy);
    return rc;
}

static int mf_add_pattern(struct mf_priv *p, const char *pattern)
{
    glob_t g;
    int r = glob(pattern, 0, NULL, &g);
    if (r == GLOB_NOMATCH) {
        globfree(&g);
        return 0;
    }
    if (r != 0) {
        globfree(&g);
        return r == GLOB_NOSPACE ? -STREAM_ERR_NOMEM : -STREAM_ERR_IO;
    }
    int rc = 0;
    for (size_t i = 0; i < g.gl_pathc && rc == 0; i++)
        rc = mf_add(p, g.gl_pathv[i]);
    globfree(&g);
    return rc;
}

static void mf_free(struct mf_priv *p)
{
    if (!p)
        return;
    if (p->fd >= 0)
        close(p->fd);
    for (int i = 0; i < p->num; i++)
        free(p->files[i].path);
    free(p->files);
    free(p);
}

static int mf_open(stream_t *s, int fd, const char *target)
{
    if (fd >= 0)
        close(fd);
    struct mf_priv *p = calloc(1, sizeof(*p));
    if (!p)
        return -STREAM_ERR_NOMEM;
    p->fd = -1;
    p->open_idx = -1;
    const char *spec = target + strlen("mf://");
    int rc;
    if (spec[0] == '@')
        rc = mf_add_listfile(p, spec + 1);
    else if (strchr(spec, ','))
        rc = mf_add_commalist(p, spec);
    else
        rc = mf_add_pattern(p, spec);
    if (rc == 0 && p->num == 0) {
        mp_msg(MSGT_STREAM, MSGL_ERR, "mf: no files match '%s'\n", spec);
        rc = -STREAM_ERR_NOT_FOUND;
    }
    if (rc < 0) {
        mf_free(p);
        return rc;
    }
    mp_msg(MSGT_STREAM, MSGL_INFO, "[mf] number of files: %d\n", p->num);
    s->priv = p;
    s->size = p->files[p->num - 1].start + p->files[p->num - 1].size;
    s->seekable = true;
    return 0;
}

/* The file holding byte pos (binary search), or -1 past the end. */
static int mf_find(const struct mf_priv *p, int64_t pos)
{
    int lo = 0, hi = p->num - 1;
    if (pos < 0 || pos >= p->files[hi].start + p->files[hi].size)
        return -1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (p->files[mid].start <= pos)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static int mf_read_at(stream_t *s, int64_t pos, void *buf, int len)
{
    struct mf_priv *p = s->priv;
    int done = 0;
    while (done < len) {
        int i = mf_find(p, pos + done);
        if (i < 0)
            break;
        if (i != p->open_idx) {
            if (p->fd >= 0)
                close(p->fd);
            p->open_idx = -1;
            p->fd = open(p->files[i].path, O_RDONLY | O_CLOEXEC);
            if (p->fd < 0) {
                mp_msg(MSGT_STREAM, MSGL_ERR, "mf: cannot open '%s': %s\n", p->files[i].path,
                       strerror(errno));
                return done ? done : -stream_errno_to_err(errno);
            }
            p->open_idx = i;
        }
        const struct mf_file *f = &p->files[i];
        int64_t off = pos + done - f->start;
        int64_t want = f->size - off < len - done ? f->size - off : len - done;
        ssize_t n = pread(p->fd, (char *)buf + done, (size_t)want, (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return done ? done : -stream_errno_to_err(errno);
        if (n == 0) {
            /* The file shrank since the list was made: the bytes it
             * promised are missing, so the stream ends here. */
            mp_msg(MSGT_STREAM, MSGL_WARN, "mf: '%s' is shorter than when listed\n", f->path);
            break;
        }
        done += (int)n;
    }
    return done;
}

static int mf_fill(stream_t *s, void *buf, int len)
{
    return mf_read_at(s, s->src_pos, buf, len);
}

static int mf_seek(stream_t *s, int64_t pos)
{
    (void)s;
    (void)pos;
    return 0;  /* every read says where it reads */
}

static void mf_close(stream_t *s)
{
    mf_free(s->priv);
    s->priv = NULL;
}

int stream_mf_file_count(const stream_t *s)
{
    if (s->be != &stream_backend_mf || !s->priv)
        return 0;
    const struct mf_priv *p = s->priv;
    return p->num;
}

const struct stream_backend stream_backend_mf = {
    .name = "mf",
    .kind = STREAM_KIND_MF,
    .caps = STREAM_BE_FULL_READS,
    .open = mf_open,
    .fill = mf_fill,
    .read_at = mf_read_at,
    .seek = mf_seek,
    .close = mf_close,
};
