/*
 * stream_lavf.c: the backend for URLs, through libavformat's protocols
 * (http, https, ftp, rtmp...) with avio_open2().
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

struct lavf_priv {
    AVIOContext *avio;
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

static int lavf_open(stream_t *s, int fd, const char *target)
{
    struct lavf_priv *p = calloc(1, sizeof(*p));
    if (!p)
        return -STREAM_ERR_NOMEM;
    pthread_once(&lavf_network_once, lavf_network_init);
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    int rc = avio_open2(&p->avio, target, AVIO_FLAG_READ, &cb, NULL);
    if (rc < 0) {
        char msg[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(rc, msg, sizeof(msg));
        mp_msg(MSGT_STREAM, MSGL_V, "libavformat cannot open %s: %s\n", target, msg);
        free(p);
        return -lavf_err(rc);
    }
    s->priv = p;
    int64_t size = avio_size(p->avio);
    s->size = size >= 0 ? size : -1;
    s->seekable = (p->avio->seekable & AVIO_SEEKABLE_NORMAL) != 0;
    return 0;
}

static int lavf_fill(stream_t *s, void *buf, int len)
{
    struct lavf_priv *p = s->priv;
    int n = avio_read(p->avio, buf, len);
    if (n == AVERROR_EOF)
        return 0;
    if (n < 0)
        return -lavf_err(n);
    return n;
}

static int lavf_seek(stream_t *s, int64_t pos)
{
    struct lavf_priv *p = s->priv;
    int64_t r = avio_seek(p->avio, pos, SEEK_SET);
    return r < 0 ? -lavf_err((int)r) : 0;
}

static void lavf_close(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    if (!p)
        return;
    avio_closep(&p->avio);
    free(p);
    s->priv = NULL;
}

const struct stream_backend stream_backend_lavf = {
    .name = "lavf",
    .kind = STREAM_KIND_LAVF,
    .open = lavf_open,
    .fill = lavf_fill,
    .seek = lavf_seek,
    .close = lavf_close,
};
