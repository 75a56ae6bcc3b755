/*
 * -vo yuv4mpeg: the frames as a YUV4MPEG2 stream (mjpegtools' format, what
 * ffmpeg and x264 read as .y4m), MPlayer's default file ./stream.yuv.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * One header line (size, frame rate, interlacing, pixel aspect), then per
 * frame "FRAME\n" and the planar 4:2:0 pixels without row padding. The
 * stream has one size: a playlist whose files differ in size cannot be
 * written to it, and the next size is refused with a message.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/pixdesc.h>
#include <libavutil/rational.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/vo_internal.h"

/* MPlayer's file name when file= is not given. */
#define Y4M_DEFAULT_FILE "stream.yuv"
/* A stream whose rate is not known is written at 25 frames per second. */
#define Y4M_DEFAULT_FPS 25

struct y4m_opts {
    char *file;
    bool interlaced;    /* top field first */
    bool interlaced_bf; /* bottom field first */
};

static const struct subopt y4m_subopts[] = {
    {"file", SUBOPT_STRING, offsetof(struct y4m_opts, file), 0, 0},
    {"interlaced", SUBOPT_FLAG, offsetof(struct y4m_opts, interlaced), 0, 0},
    {"interlaced_bf", SUBOPT_FLAG, offsetof(struct y4m_opts, interlaced_bf), 0, 0},
    {0},
};

struct y4m_priv {
    struct y4m_opts opts;
    const char *path;
    FILE *out;
    int w, h;           /* the header's size; 0 before the header */
    bool failed;
};

static int y4m_open(struct vo *vo, const char *args)
{
    struct y4m_priv *p = vo->priv;
    if (subopt_parse(args, y4m_subopts, &p->opts, MSGT_VO, "-vo yuv4mpeg") < 0)
        return -VO_ERR_OPTION;
    if (p->opts.interlaced && p->opts.interlaced_bf) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo yuv4mpeg: interlaced and interlaced_bf exclude "
               "each other.\n");
        return -VO_ERR_OPTION;
    }
    p->path = p->opts.file && p->opts.file[0] ? p->opts.file : Y4M_DEFAULT_FILE;
    p->out = fopen(p->path, "wb");
    if (!p->out) {
        mp_msg(MSGT_VO, vo_init_msgl(vo), "-vo yuv4mpeg: cannot open '%s' for writing: %s\n",
               p->path, strerror(errno));
        return -VO_ERR_INIT;
    }
    return 0;
}

static int y4m_close(struct vo *vo, bool abort_output)
{
    struct y4m_priv *p = vo->priv;
    /* Buffered frames reach the disk here: a full disk shows now. */
    if (p->out && fclose(p->out) != 0 && !p->failed) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo yuv4mpeg: cannot write '%s': %s\n", p->path,
               strerror(errno));
        p->failed = true;
    }
    p->out = NULL;
    subopt_free(y4m_subopts, &p->opts);
    return p->failed ? -VO_ERR_WRITE : 0;
}

static enum AVPixelFormat y4m_query_format(struct vo *vo, enum AVPixelFormat src_fmt)
{
    return AV_PIX_FMT_YUV420P;
}

static int y4m_write_error(struct y4m_priv *p)
{
    mp_msg(MSGT_VO, MSGL_ERR, "-vo yuv4mpeg: cannot write '%s': %s\n", p->path,
           strerror(errno));
    p->failed = true;
    return -VO_ERR_WRITE;
}

static int y4m_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt)
{
    struct y4m_priv *p = vo->priv;
    if (fmt != AV_PIX_FMT_YUV420P) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo yuv4mpeg: takes yuv420p frames, not %s.\n",
               av_get_pix_fmt_name(fmt));
        return -VO_ERR_INIT;
    }
    if (p->w) {
        if (w == p->w && h == p->h)
            return 0;
        mp_msg(MSGT_VO, MSGL_ERR, "-vo yuv4mpeg: '%s' holds %dx%d frames; %dx%d cannot "
               "follow in the same stream.\n", p->path, p->w, p->h, w, h);
        return -VO_ERR_INIT;
    }
    /* The rate as a fraction: 29.97 becomes 30000:1001, as mjpegtools
     * writes NTSC rates. */
    AVRational rate = vo->fps > 0 ? av_d2q(vo->fps, 1001000) : (AVRational){Y4M_DEFAULT_FPS, 1};
    /* The pixel aspect that stretches w x h to the display size. */
    int an = 1, ad = 1;
    av_reduce(&an, &ad, (int64_t)d_w * h, (int64_t)d_h * w, 65535);
    char ilace = p->opts.interlaced ? 't' : p->opts.interlaced_bf ? 'b' : 'p';
    if (fprintf(p->out, "YUV4MPEG2 W%d H%d F%d:%d I%c A%d:%d\n", w, h, rate.num, rate.den,
                ilace, an, ad) < 0)
        return y4m_write_error(p);
    p->w = w;
    p->h = h;
    return 0;
}

static int y4m_draw(struct vo *vo, const AVFrame *frame)
{
    struct y4m_priv *p = vo->priv;
    if (fputs("FRAME\n", p->out) < 0)
        return y4m_write_error(p);
    for (int i = 0; i < 3; i++) {
        int w = i ? (frame->width + 1) / 2 : frame->width;
        int h = i ? (frame->height + 1) / 2 : frame->height;
        for (int y = 0; y < h; y++) {
            const uint8_t *row = frame->data[i] + (ptrdiff_t)y * frame->linesize[i];
            if (fwrite(row, 1, (size_t)w, p->out) != (size_t)w)
                return y4m_write_error(p);
        }
    }
    return 0;
}

const struct vo_driver vo_driver_yuv4mpeg = {
    .name = "yuv4mpeg",
    .desc = "YUV4MPEG2 stream file (.y4m)",
    .autoprobe = false,
    .priv_size = sizeof(struct y4m_priv),
    .open = y4m_open,
    .close = y4m_close,
    .query_format = y4m_query_format,
    .config = y4m_config,
    .draw = y4m_draw,
};
