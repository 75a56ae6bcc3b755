/*
 * Video frame conversion (pixel format and size) on libswscale.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>

#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

// What the current SwsContext was made for; any change needs a new one.
struct conv_key {
    enum AVPixelFormat src_fmt;
    int src_w, src_h;
    int out_w, out_h;
    enum AVColorSpace space;
    bool full_range;
};

struct mp_image_conv {
    enum AVPixelFormat dst_fmt;
    int dst_w, dst_h;
    struct mp_sws_opts sws_opts;     // a copy: the creator's may change
    struct SwsContext *sws;
    struct conv_key key;
    // Output pictures of one size come from a pool: a new multi-megabyte
    // allocation per frame costs page faults on every frame.
    AVBufferPool *pool;
    int pool_w, pool_h;
};

enum { POOL_ALIGN = 64 };

int mp_image_conv_create(struct mp_image_conv **out, enum AVPixelFormat dst_fmt,
                         int dst_w, int dst_h, const struct mp_sws_opts *sws)
{
    *out = NULL;
    if (dst_w < 0 || dst_h < 0 || !sws_isSupportedOutput(dst_fmt))
        return -CODEC_ERR_CONVERT;
    struct mp_image_conv *c = calloc(1, sizeof(*c));
    if (!c)
        return -CODEC_ERR_NOMEM;
    c->dst_fmt = dst_fmt;
    c->dst_w = dst_w;
    c->dst_h = dst_h;
    if (sws)
        c->sws_opts = *sws;
    *out = c;
    return 0;
}

void mp_image_conv_free(struct mp_image_conv *c)
{
    if (!c)
        return;
    sws_freeContext(c->sws);
    av_buffer_pool_uninit(&c->pool);
    free(c);
}

// Give f (format and size set) its picture buffers.
static int get_buffer(struct mp_image_conv *c, AVFrame *f)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f->format);
    if (!d || (d->flags & AV_PIX_FMT_FLAG_PAL))
        return av_frame_get_buffer(f, 0);
    if (!c->pool || c->pool_w != f->width || c->pool_h != f->height) {
        av_buffer_pool_uninit(&c->pool);
        int size = av_image_get_buffer_size(f->format, f->width, f->height, POOL_ALIGN);
        if (size < 0)
            return size;
        // Slack after the last line for SIMD writes past the width.
        c->pool = av_buffer_pool_init((size_t)size + POOL_ALIGN * 4, NULL);
        if (!c->pool)
            return AVERROR(ENOMEM);
        c->pool_w = f->width;
        c->pool_h = f->height;
    }
    f->buf[0] = av_buffer_pool_get(c->pool);
    if (!f->buf[0])
        return AVERROR(ENOMEM);
    int ret = av_image_fill_arrays(f->data, f->linesize, f->buf[0]->data, f->format,
                                   f->width, f->height, POOL_ALIGN);
    if (ret < 0)
        return ret;
    f->extended_data = f->data;
    return 0;
}

static bool is_yuv(enum AVPixelFormat fmt)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
    return d && !(d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)) &&
           d->nb_components >= 3;
}

static bool is_jpeg_fmt(enum AVPixelFormat fmt)
{
    switch (fmt) {
    case AV_PIX_FMT_YUVJ420P:
    case AV_PIX_FMT_YUVJ422P:
    case AV_PIX_FMT_YUVJ444P:
    case AV_PIX_FMT_YUVJ440P:
    case AV_PIX_FMT_YUVJ411P:
        return true;
    default:
        return false;
    }
}

static bool dst_full_range(enum AVPixelFormat dst_fmt, bool src_full_range)
{
    if (is_jpeg_fmt(dst_fmt) || !is_yuv(dst_fmt))
        return true;
    return src_full_range;
}

// Untagged video: HD sizes are almost always BT.709, SD ones BT.601.
static enum AVColorSpace guess_space(const AVFrame *src)
{
    switch (src->colorspace) {
    case AVCOL_SPC_BT709:
    case AVCOL_SPC_FCC:
    case AVCOL_SPC_BT470BG:
    case AVCOL_SPC_SMPTE170M:
    case AVCOL_SPC_SMPTE240M:
    case AVCOL_SPC_BT2020_NCL:
    case AVCOL_SPC_BT2020_CL:
        return src->colorspace;
    default:
        return src->width >= 1280 || src->height > 576 ? AVCOL_SPC_BT709
                                                       : AVCOL_SPC_SMPTE170M;
    }
}

static bool key_equal(const struct conv_key *a, const struct conv_key *b)
{
    return a->src_fmt == b->src_fmt && a->src_w == b->src_w && a->src_h == b->src_h &&
           a->out_w == b->out_w && a->out_h == b->out_h && a->space == b->space &&
           a->full_range == b->full_range;
}

static int update_context(struct mp_image_conv *c, const AVFrame *src, int ow, int oh)
{
    struct conv_key key = {
        .src_fmt = src->format,
        .src_w = src->width,
        .src_h = src->height,
        .out_w = ow,
        .out_h = oh,
    };
    bool yuv_in = is_yuv(src->format);
    if (yuv_in) {
        key.space = guess_space(src);
        key.full_range = src->color_range == AVCOL_RANGE_JPEG || is_jpeg_fmt(src->format);
    }
    if (c->sws && key_equal(&key, &c->key))
        return 0;

    sws_freeContext(c->sws);
    c->sws = mp_sws_get_context(&c->sws_opts, src->width, src->height, src->format, ow, oh,
                                c->dst_fmt);
    if (!c->sws) {
        mp_msg(MSGT_DECVIDEO, MSGL_V, "swscale cannot convert %s %dx%d to %s %dx%d\n",
               av_get_pix_fmt_name(src->format), src->width, src->height,
               av_get_pix_fmt_name(c->dst_fmt), ow, oh);
        return -CODEC_ERR_CONVERT;
    }
    c->key = key;
    if (yuv_in) {
        // YUV output keeps the source's matrix and range, so the output
        // frame's copied colour tags stay true.
        const int *coefs = sws_getCoefficients(key.space);
        if (sws_setColorspaceDetails(c->sws, coefs, key.full_range, coefs,
                                     dst_full_range(c->dst_fmt, key.full_range),
                                     0, 1 << 16, 1 << 16) < 0)
            mp_msg(MSGT_DECVIDEO, MSGL_V, "swscale ignores the colorspace of %s\n",
                   av_get_pix_fmt_name(src->format));
    }
    return 0;
}

int mp_image_conv_run(struct mp_image_conv *c, const AVFrame *src, AVFrame **out)
{
    *out = NULL;
    if (src->width <= 0 || src->height <= 0 || src->format < 0)
        return -CODEC_ERR_CONVERT;
    int ow = c->dst_w ? c->dst_w : src->width;
    int oh = c->dst_h ? c->dst_h : src->height;

    if (src->format == c->dst_fmt && ow == src->width && oh == src->height) {
        *out = av_frame_clone(src);
        return *out ? 0 : -CODEC_ERR_NOMEM;
    }

    int ret = update_context(c, src, ow, oh);
    if (ret < 0)
        return ret;

    AVFrame *f = av_frame_alloc();
    if (!f)
        return -CODEC_ERR_NOMEM;
    f->format = c->dst_fmt;
    f->width = ow;
    f->height = oh;
    if (get_buffer(c, f) < 0 || av_frame_copy_props(f, src) < 0) {
        av_frame_free(&f);
        return -CODEC_ERR_NOMEM;
    }
    // The picture is a new, uncropped one at the output size.
    f->crop_top = f->crop_bottom = f->crop_left = f->crop_right = 0;
    if (src->sample_aspect_ratio.num > 0 && (ow != src->width || oh != src->height)) {
        f->sample_aspect_ratio = av_mul_q(src->sample_aspect_ratio,
                                          (AVRational){src->width * oh, src->height * ow});
    }
    if (!is_yuv(c->dst_fmt)) {
        f->colorspace = AVCOL_SPC_RGB;
        f->color_range = AVCOL_RANGE_JPEG;
    } else if (is_yuv(src->format)) {
        f->colorspace = c->key.space;
        f->color_range = dst_full_range(c->dst_fmt, c->key.full_range) ? AVCOL_RANGE_JPEG
                                                                        : AVCOL_RANGE_MPEG;
    } else {
        // swscale's defaults for RGB -> YUV
        f->colorspace = AVCOL_SPC_SMPTE170M;
        f->color_range = AVCOL_RANGE_MPEG;
    }

    int h = sws_scale(c->sws, (const uint8_t *const *)src->data, src->linesize, 0,
                      src->height, f->data, f->linesize);
    if (h <= 0) {
        av_frame_free(&f);
        return -CODEC_ERR_CONVERT;
    }
    *out = f;
    return 0;
}
