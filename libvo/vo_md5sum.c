/*
 * -vo md5sum: the MD5 of every frame's pixels, one line per frame in a
 * text file, as MPlayer's md5sum output writes them ("<md5> frame00000000").
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The sum covers the visible pixels only, plane after plane without the
 * padding of each row, so that it equals the MD5 of the frame written as
 * raw video by ffmpeg (-f rawvideo) and MPlayer's sum of the same frame.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/md5.h>
#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/vo_internal.h"

/* MPlayer's file name when outfile is not given. */
#define MD5SUM_DEFAULT_FILE "md5sums"

struct md5sum_opts {
    char *outfile;
};

static const struct subopt md5sum_subopts[] = {
    {"outfile", SUBOPT_STRING, offsetof(struct md5sum_opts, outfile), 0, 0},
    {0},
};

struct md5sum_priv {
    struct md5sum_opts opts;
    FILE *out;
    struct AVMD5 *md5;
    int64_t frame_num;
    bool failed;
};

static int md5sum_open(struct vo *vo, const char *args)
{
    struct md5sum_priv *p = vo->priv;
    if (subopt_parse(args, md5sum_subopts, &p->opts, MSGT_VO, "-vo md5sum") < 0)
        return -VO_ERR_OPTION;
    const char *path = p->opts.outfile && p->opts.outfile[0] ? p->opts.outfile
                                                               : MD5SUM_DEFAULT_FILE;
    p->md5 = av_md5_alloc();
    if (!p->md5) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo md5sum: out of memory.\n");
        return -VO_ERR_INIT;
    }
    p->out = fopen(path, "w");
    if (!p->out) {
        mp_msg(MSGT_VO, vo_init_msgl(vo), "-vo md5sum: cannot open '%s' for writing: %s\n",
               path, strerror(errno));
        return -VO_ERR_INIT;
    }
    return 0;
}

static int md5sum_close(struct vo *vo, bool abort_output)
{
    struct md5sum_priv *p = vo->priv;
    const char *path = p->opts.outfile && p->opts.outfile[0] ? p->opts.outfile
                                                               : MD5SUM_DEFAULT_FILE;
    /* The lines are buffered: a full disk is reported here at the latest. */
    if (p->out && fclose(p->out) != 0 && !p->failed) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo md5sum: cannot write '%s': %s\n", path, strerror(errno));
        p->failed = true;
    }
    p->out = NULL;
    av_freep(&p->md5);
    subopt_free(md5sum_subopts, &p->opts);
    return p->failed ? -VO_ERR_WRITE : 0;
}

/* MPlayer sums RGB24 and planar YUV 4:2:0; everything else is converted
 * to the latter. */
static enum AVPixelFormat md5sum_query_format(struct vo *vo, enum AVPixelFormat src_fmt)
{
    return src_fmt == AV_PIX_FMT_RGB24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_YUV420P;
}

static int md5sum_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt)
{
    if (fmt != AV_PIX_FMT_RGB24 && fmt != AV_PIX_FMT_YUV420P) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo md5sum: takes rgb24 or yuv420p frames, not %s.\n",
               av_get_pix_fmt_name(fmt));
        return -VO_ERR_INIT;
    }
    return 0;
}

static int md5sum_draw(struct vo *vo, const AVFrame *frame)
{
    struct md5sum_priv *p = vo->priv;
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(frame->format);
    int planes = frame->format == AV_PIX_FMT_RGB24 ? 1 : 3;
    av_md5_init(p->md5);
    for (int i = 0; i < planes; i++) {
        bool chroma = i > 0;
        int w = chroma ? AV_CEIL_RSHIFT(frame->width, desc->log2_chroma_w) : frame->width;
        int h = chroma ? AV_CEIL_RSHIFT(frame->height, desc->log2_chroma_h) : frame->height;
        size_t row = (size_t)w * (planes == 1 ? 3 : 1);
        for (int y = 0; y < h; y++)
            av_md5_update(p->md5, frame->data[i] + (ptrdiff_t)y * frame->linesize[i], row);
    }
    uint8_t sum[16];
    av_md5_final(p->md5, sum);
    char hex[33];
    for (int i = 0; i < 16; i++)
        snprintf(hex + 2 * i, 3, "%02x", sum[i]);
    if (fprintf(p->out, "%s frame%08lld\n", hex, (long long)p->frame_num) < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo md5sum: cannot write the sum of frame %lld: %s\n",
               (long long)p->frame_num, strerror(errno));
        p->failed = true;
        return -VO_ERR_WRITE;
    }
    p->frame_num++;
    return 0;
}

const struct vo_driver vo_driver_md5sum = {
    .name = "md5sum",
    .desc = "MD5 sum of each frame, to a text file",
    .autoprobe = false,
    .priv_size = sizeof(struct md5sum_priv),
    .open = md5sum_open,
    .close = md5sum_close,
    .query_format = md5sum_query_format,
    .config = md5sum_config,
    .draw = md5sum_draw,
};
