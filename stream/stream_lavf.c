/*
 * stream_lavf.c: the backend for URLs, through libavformat's protocols
 * (http, https, ftp, rtmp...) with avio_open2().
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Forward seeks up to this far read on over the open connection; farther
 * ones make a new request. About what a slow link sends in the time a
 * new request takes. */
#define LAVF_SKIP_MAX (64 * 1024)

struct lavf_priv {
    AVIOContext *avio;       /* NULL while parked */
    char *url;
};

static pthread_once_t lavf_network_once = PTHREAD_ONCE_INIT;

static void lavf_network_init(void)
{
    avformat_network_init();
}

static int lavf_interrupt(void *ctx)
{
    const stream_t *s = ctx;
    return s->opts.abort_cb && s->opts.abort_cb(s->opts.abort_ctx);
}

static int lavf_err(int averr)
{
    if (averr == AVERROR_EXIT)
        return STREAM_ERR_ABORTED;
    if (averr == AVERROR_PROTOCOL_NOT_FOUND)
        return STREAM_ERR_UNSUPPORTED;
    if (averr == AVERROR(ENOMEM))
        return STREAM_ERR_NOMEM;
    if (averr == AVERROR_HTTP_NOT_FOUND)
        return STREAM_ERR_NOT_FOUND;
    if (averr == AVERROR_HTTP_FORBIDDEN || averr == AVERROR_HTTP_UNAUTHORIZED)
        return STREAM_ERR_ACCESS;
    if (averr < 0 && averr > -4096)
        return stream_errno_to_err(AVUNERROR(averr));
    return STREAM_ERR_IO;
}

int stream_lavf_avio_open(AVIOContext **pb, const char *url, int64_t pos, int flags,
                          const AVIOInterruptCB *cb, const struct stream_opts *o)
{
    AVDictionary *dict = NULL;
    int rc = 0;
    if (o->user_agent && o->user_agent[0])
        rc = av_dict_set(&dict, "user_agent", o->user_agent, 0);
    if (rc >= 0 && pos > 0)
        rc = av_dict_set_int(&dict, "offset", pos, 0);
    /* Protocols without these options (file:) leave them in dict, unused. */
    if (rc >= 0)
        rc = avio_open2(pb, url, AVIO_FLAG_READ | flags, cb, &dict);
    av_dict_free(&dict);
    if (rc < 0 || pos <= 0)
        return rc < 0 ? rc : 0;
    /* The context counts from 0 whatever the protocol did. HTTP's seek
     * to the offset its request started at makes no new request; other
     * protocols seek now. */
    int64_t r = avio_seek(*pb, pos, SEEK_SET);
    if (r < 0) {
        avio_closep(pb);
        return (int)r;
    }
    return 0;
}

static int lavf_open(stream_t *s, int fd, const char *target)
{
    struct lavf_priv *p = calloc(1, sizeof(*p));
    if (!p)
        return -STREAM_ERR_NOMEM;
    pthread_once(&lavf_network_once, lavf_network_init);
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    /* Direct mode: avio_seek then always moves the protocol (for HTTP, a
     * new request at the offset). Buffered, it reads through instead
     * whenever the jump is within the TCP receive window, megabytes on
     * Linux: from a slow server a seek the cache chose to make took
     * seconds. Short skips are read through by lavf_seek itself. */
    p->url = strdup(target);
    int rc = p->url ? stream_lavf_avio_open(&p->avio, target, 0, AVIO_FLAG_DIRECT, &cb, &s->opts)
                    : AVERROR(ENOMEM);
    if (rc < 0) {
        char msg[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(rc, msg, sizeof(msg));
        mp_msg(MSGT_STREAM, MSGL_V, "libavformat cannot open %s: %s\n", target, msg);
        free(p->url);
        free(p);
        return -lavf_err(rc);
    }
    s->priv = p;
    int64_t size = avio_size(p->avio);
    s->size = size >= 0 ? size : -1;
    s->seekable = (p->avio->seekable & AVIO_SEEKABLE_NORMAL) != 0;
    return 0;
}

/* avio_read waits until all len bytes came: from a slow server a big read
 * (the ring cache's 256 KB steps) would hold back bytes that arrived long
 * ago while the reader starves. So read only until what the caller needs
 * now is there, taking whatever each network read brings. */
/* A parked connection opens again at the source position. */
static int lavf_unpark(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    if (p->avio)
        return 0;
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    int rc = stream_lavf_avio_open(&p->avio, p->url, s->src_pos, AVIO_FLAG_DIRECT, &cb,
                                   &s->opts);
    return rc < 0 ? -lavf_err(rc) : 0;
}

static int lavf_fill(stream_t *s, void *buf, int len)
{
    struct lavf_priv *p = s->priv;
    int rc = lavf_unpark(s);
    if (rc < 0)
        return rc;
    int need = s->fill_need > 0 && s->fill_need < len ? s->fill_need : len;
    if (need == len) {
        int n = avio_read(p->avio, buf, len);
        if (n == AVERROR_EOF)
            return 0;
        return n < 0 ? -lavf_err(n) : n;
    }
    unsigned char *dst = buf;
    int got = 0;
    while (got < need) {
        int n = avio_read_partial(p->avio, dst + got, len - got);
        if (n == 0 || n == AVERROR_EOF)
            return got;  /* the end: short is no longer partial */
        if (n < 0)
            return got > 0 ? got : -lavf_err(n);  /* the error comes again */
        got += n;
    }
    s->fill_partial = got < len;
    return got;
}

int stream_lavf_avio_seek(AVIOContext *pb, int64_t pos)
{
    int64_t cur = avio_tell(pb);
    if (cur == pos)
        return 0;
    if (cur >= 0 && pos > cur && pos - cur <= LAVF_SKIP_MAX) {
        /* Near ahead: reading on is cheaper than a new request. */
        unsigned char tmp[4096];
        while (cur < pos) {
            int want = pos - cur < (int64_t)sizeof(tmp) ? (int)(pos - cur) : (int)sizeof(tmp);
            int n = avio_read(pb, tmp, want);
            if (n == 0 || n == AVERROR_EOF)
                break;  /* past the end: the seek below says so */
            if (n < 0)
                return n;
            cur += n;
        }
        if (cur == pos)
            return 0;
    }
    int64_t r = avio_seek(pb, pos, SEEK_SET);
    return r < 0 ? (int)r : 0;
}

static int lavf_seek(stream_t *s, int64_t pos)
{
    struct lavf_priv *p = s->priv;
    if (!p->avio)
        return 0;  /* the next fill opens at pos */
    int r = stream_lavf_avio_seek(p->avio, pos);
    return r < 0 ? -lavf_err(r) : 0;
}

static void lavf_close(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    if (!p)
        return;
    avio_closep(&p->avio);
    free(p->url);
    free(p);
    s->priv = NULL;
}

static void lavf_park(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    avio_closep(&p->avio);
}

const struct stream_backend stream_backend_lavf = {
    .name = "lavf",
    .kind = STREAM_KIND_LAVF,
    .open = lavf_open,
    .fill = lavf_fill,
    .seek = lavf_seek,
    .close = lavf_close,
    .park = lavf_park,
};
