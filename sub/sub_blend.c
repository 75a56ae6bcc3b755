/*
 * Alpha-blend libass image lists onto video frames in place: packed RGB
 * formats, planar YUV 4:2:0, NV12/NV21 and packed YUV 4:2:2.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A libass image is one colour plus an 8-bit coverage bitmap; the colour's
 * low byte is transparency. For YUV the colour is converted to Y'CbCr
 * once per image (BT.601 or BT.709 as the frame says, limited or full
 * range) and the chroma planes take the mean coverage of the luma pixels
 * each chroma sample covers.
 */
#include <stdlib.h>
#include <string.h>

#include <libavutil/pixfmt.h>

#include "sub_priv.h"

struct rgb_layout {
    int bpp;
    int r, g, b, a;     /* byte offsets; a = -1 when there is none */
};

static bool rgb_layout_of(int fmt, struct rgb_layout *l)
{
    switch (fmt) {
    case AV_PIX_FMT_RGB24: *l = (struct rgb_layout){3, 0, 1, 2, -1}; return true;
    case AV_PIX_FMT_BGR24: *l = (struct rgb_layout){3, 2, 1, 0, -1}; return true;
    case AV_PIX_FMT_RGBA: *l = (struct rgb_layout){4, 0, 1, 2, 3}; return true;
    case AV_PIX_FMT_BGRA: *l = (struct rgb_layout){4, 2, 1, 0, 3}; return true;
    case AV_PIX_FMT_ARGB: *l = (struct rgb_layout){4, 1, 2, 3, 0}; return true;
    case AV_PIX_FMT_ABGR: *l = (struct rgb_layout){4, 3, 2, 1, 0}; return true;
    case AV_PIX_FMT_RGB0: *l = (struct rgb_layout){4, 0, 1, 2, -1}; return true;
    case AV_PIX_FMT_BGR0: *l = (struct rgb_layout){4, 2, 1, 0, -1}; return true;
    case AV_PIX_FMT_0RGB: *l = (struct rgb_layout){4, 1, 2, 3, -1}; return true;
    case AV_PIX_FMT_0BGR: *l = (struct rgb_layout){4, 3, 2, 1, -1}; return true;
    default: return false;
    }
}

static inline uint8_t mix(uint8_t dst, int src, int a)
{
    return (uint8_t)((src * a + dst * (255 - a) + 127) / 255);
}

/* The image's opacity 0..255 from the colour's transparency byte. */
static inline int image_opacity(const ASS_Image *img)
{
    return 255 - (int)(img->color & 0xff);
}

static inline int coverage(const ASS_Image *img, int x, int y, int opacity)
{
    return (img->bitmap[(ptrdiff_t)y * img->stride + x] * opacity + 127) / 255;
}

/* Clip an image to the frame: the visible rectangle in image coordinates. */
static bool clip_image(const AVFrame *f, const ASS_Image *img, int *x0, int *y0, int *x1,
                       int *y1)
{
    *x0 = img->dst_x < 0 ? -img->dst_x : 0;
    *y0 = img->dst_y < 0 ? -img->dst_y : 0;
    *x1 = img->w;
    *y1 = img->h;
    if (img->dst_x + *x1 > f->width)
        *x1 = f->width - img->dst_x;
    if (img->dst_y + *y1 > f->height)
        *y1 = f->height - img->dst_y;
    return *x0 < *x1 && *y0 < *y1;
}

static bool blend_rgb(AVFrame *f, const ASS_Image *img, const struct rgb_layout *l)
{
    int x0, y0, x1, y1;
    int opacity = image_opacity(img);
    if (opacity == 0 || !clip_image(f, img, &x0, &y0, &x1, &y1))
        return false;
    int r = (img->color >> 24) & 0xff, g = (img->color >> 16) & 0xff,
        b = (img->color >> 8) & 0xff;
    bool any = false;
    for (int y = y0; y < y1; y++) {
        uint8_t *row = f->data[0] + (ptrdiff_t)(img->dst_y + y) * f->linesize[0];
        for (int x = x0; x < x1; x++) {
            int a = coverage(img, x, y, opacity);
            if (!a)
                continue;
            uint8_t *p = row + (ptrdiff_t)(img->dst_x + x) * l->bpp;
            p[l->r] = mix(p[l->r], r, a);
            p[l->g] = mix(p[l->g], g, a);
            p[l->b] = mix(p[l->b], b, a);
            if (l->a >= 0)
                p[l->a] = mix(p[l->a], 255, a);
            any = true;
        }
    }
    return any;
}

static void rgb_to_yuv(const AVFrame *f, int r, int g, int b, int *y, int *u, int *v)
{
    bool bt709 = f->colorspace == AVCOL_SPC_BT709 ||
                 (f->colorspace == AVCOL_SPC_UNSPECIFIED && f->height > 576);
    double kr = bt709 ? 0.2126 : 0.299, kb = bt709 ? 0.0722 : 0.114;
    double R = r / 255.0, G = g / 255.0, B = b / 255.0;
    double Y = kr * R + (1 - kr - kb) * G + kb * B;
    double cb = (B - Y) / (2 * (1 - kb)), cr = (R - Y) / (2 * (1 - kr));
    bool full = f->format == AV_PIX_FMT_YUVJ420P || f->color_range == AVCOL_RANGE_JPEG;
    double ys = full ? 255 : 219, yo = full ? 0 : 16, cs = full ? 255 : 224;
    *y = (int)(yo + ys * Y + 0.5);
    *u = (int)(128 + cs * cb + 0.5);
    *v = (int)(128 + cs * cr + 0.5);
    *u = *u < 0 ? 0 : *u > 255 ? 255 : *u;
    *v = *v < 0 ? 0 : *v > 255 ? 255 : *v;
}

/*
 * Where a YUV format keeps its samples. Luma sample x of row y is at byte
 * y * linesize[luma_plane] + luma_off + x * luma_step; chroma sample cx of
 * chroma row cy likewise with the u and v planes and offsets. Chroma covers
 * 1 << shift_x by 1 << shift_y luma pixels. One description covers planar
 * 4:2:0, the semi-planar NV12/NV21 and the packed 4:2:2 formats SDL shows.
 */
struct yuv_layout {
    int luma_plane, luma_off, luma_step;
    int u_plane, u_off, v_plane, v_off, chroma_step;
    int shift_x, shift_y;
};

static bool yuv_layout_of(int fmt, struct yuv_layout *l)
{
    switch (fmt) {
    case AV_PIX_FMT_YUV420P:
    case AV_PIX_FMT_YUVJ420P:
        *l = (struct yuv_layout){0, 0, 1, 1, 0, 2, 0, 1, 1, 1};
        return true;
    case AV_PIX_FMT_NV12: *l = (struct yuv_layout){0, 0, 1, 1, 0, 1, 1, 2, 1, 1}; return true;
    case AV_PIX_FMT_NV21: *l = (struct yuv_layout){0, 0, 1, 1, 1, 1, 0, 2, 1, 1}; return true;
    case AV_PIX_FMT_YUYV422:
        *l = (struct yuv_layout){0, 0, 2, 0, 1, 0, 3, 4, 1, 0};
        return true;
    case AV_PIX_FMT_UYVY422:
        *l = (struct yuv_layout){0, 1, 2, 0, 0, 0, 2, 4, 1, 0};
        return true;
    case AV_PIX_FMT_YVYU422:
        *l = (struct yuv_layout){0, 0, 2, 0, 3, 0, 1, 4, 1, 0};
        return true;
    default: return false;
    }
}

static inline uint8_t *yuv_at(const AVFrame *f, int plane, int off, int step, int x, int y)
{
    return f->data[plane] + (ptrdiff_t)y * f->linesize[plane] + off + (ptrdiff_t)x * step;
}

static bool blend_yuv(AVFrame *f, const ASS_Image *img, const struct yuv_layout *l)
{
    int x0, y0, x1, y1;
    int opacity = image_opacity(img);
    if (opacity == 0 || !clip_image(f, img, &x0, &y0, &x1, &y1))
        return false;
    int cy, cu, cv;
    rgb_to_yuv(f, (img->color >> 24) & 0xff, (img->color >> 16) & 0xff,
               (img->color >> 8) & 0xff, &cy, &cu, &cv);
    bool any = false;
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            int a = coverage(img, x, y, opacity);
            if (a) {
                uint8_t *p = yuv_at(f, l->luma_plane, l->luma_off, l->luma_step,
                                    img->dst_x + x, img->dst_y + y);
                *p = mix(*p, cy, a);
                any = true;
            }
        }
    }
    if (!any)
        return false;
    /* Chroma samples covering the clipped rectangle, in frame coordinates;
     * each takes the mean coverage of the luma pixels it stands for. */
    int sx = 1 << l->shift_x, sy = 1 << l->shift_y;
    int fx0 = img->dst_x + x0, fx1 = img->dst_x + x1;
    int fy0 = img->dst_y + y0, fy1 = img->dst_y + y1;
    int cw = (f->width + sx - 1) >> l->shift_x, ch = (f->height + sy - 1) >> l->shift_y;
    for (int c_y = fy0 >> l->shift_y; c_y <= (fy1 - 1) >> l->shift_y && c_y < ch; c_y++) {
        for (int c_x = fx0 >> l->shift_x; c_x <= (fx1 - 1) >> l->shift_x && c_x < cw; c_x++) {
            int sum = 0, n = 0;
            for (int dy = 0; dy < sy; dy++) {
                int ly = (c_y << l->shift_y) + dy;
                if (ly >= f->height)
                    break;
                for (int dx = 0; dx < sx; dx++) {
                    int lx = (c_x << l->shift_x) + dx;
                    if (lx >= f->width)
                        break;
                    n++;
                    if (lx >= fx0 && lx < fx1 && ly >= fy0 && ly < fy1)
                        sum += coverage(img, lx - img->dst_x, ly - img->dst_y, opacity);
                }
            }
            if (!n || !sum)
                continue;
            int a = (sum + n / 2) / n;
            uint8_t *u = yuv_at(f, l->u_plane, l->u_off, l->chroma_step, c_x, c_y);
            uint8_t *v = yuv_at(f, l->v_plane, l->v_off, l->chroma_step, c_x, c_y);
            *u = mix(*u, cu, a);
            *v = mix(*v, cv, a);
        }
    }
    return true;
}

bool sub_blend_supported(int pix_fmt)
{
    struct rgb_layout l;
    struct yuv_layout yl;
    return rgb_layout_of(pix_fmt, &l) || yuv_layout_of(pix_fmt, &yl);
}

bool sub_blend_images(AVFrame *frame, const ASS_Image *img)
{
    struct rgb_layout l;
    struct yuv_layout yl;
    bool rgb = rgb_layout_of(frame->format, &l);
    if (!rgb && !yuv_layout_of(frame->format, &yl))
        return false;
    bool any = false;
    for (; img; img = img->next) {
        if (img->w <= 0 || img->h <= 0)
            continue;
        if (rgb)
            any |= blend_rgb(frame, img, &l);
        else
            any |= blend_yuv(frame, img, &yl);
    }
    return any;
}

int sub_blend_to_rgba(const ASS_Image *img, int w, int h, uint8_t **buf, size_t *size,
                      struct mp_sub_bitmap *out)
{
    *out = (struct mp_sub_bitmap){0};
    /* The bounding box of the visible images, clipped to w x h. */
    int x0 = w, y0 = h, x1 = 0, y1 = 0;
    for (const ASS_Image *i = img; i; i = i->next) {
        if (i->w <= 0 || i->h <= 0 || image_opacity(i) == 0)
            continue;
        int ix0 = i->dst_x < 0 ? 0 : i->dst_x, iy0 = i->dst_y < 0 ? 0 : i->dst_y;
        int ix1 = i->dst_x + i->w > w ? w : i->dst_x + i->w;
        int iy1 = i->dst_y + i->h > h ? h : i->dst_y + i->h;
        if (ix0 >= ix1 || iy0 >= iy1)
            continue;
        x0 = ix0 < x0 ? ix0 : x0;
        y0 = iy0 < y0 ? iy0 : y0;
        x1 = ix1 > x1 ? ix1 : x1;
        y1 = iy1 > y1 ? iy1 : y1;
    }
    if (x0 >= x1 || y0 >= y1)
        return 0;
    int bw = x1 - x0, bh = y1 - y0, stride = bw * 4;
    size_t need = (size_t)stride * (size_t)bh;
    if (need > *size) {
        uint8_t *nb = realloc(*buf, need);
        if (!nb)
            return -1;
        *buf = nb;
        *size = need;
    }
    uint8_t *pic = *buf;
    memset(pic, 0, need);
    /* Composite premultiplied ("over", each image onto what is below),
     * then divide by alpha once: SDL blends straight alpha. */
    for (const ASS_Image *i = img; i; i = i->next) {
        int opacity = image_opacity(i);
        if (i->w <= 0 || i->h <= 0 || opacity == 0)
            continue;
        int r = (i->color >> 24) & 0xff, g = (i->color >> 16) & 0xff,
            b = (i->color >> 8) & 0xff;
        int sx0 = i->dst_x < x0 ? x0 - i->dst_x : 0, sy0 = i->dst_y < y0 ? y0 - i->dst_y : 0;
        int sx1 = i->dst_x + i->w > x1 ? x1 - i->dst_x : i->w;
        int sy1 = i->dst_y + i->h > y1 ? y1 - i->dst_y : i->h;
        for (int y = sy0; y < sy1; y++) {
            uint8_t *row = pic + (ptrdiff_t)(i->dst_y + y - y0) * stride;
            for (int x = sx0; x < sx1; x++) {
                int a = coverage(i, x, y, opacity);
                if (!a)
                    continue;
                uint8_t *p = row + (ptrdiff_t)(i->dst_x + x - x0) * 4;
                p[0] = mix(p[0], r, a);
                p[1] = mix(p[1], g, a);
                p[2] = mix(p[2], b, a);
                p[3] = mix(p[3], 255, a);
            }
        }
    }
    for (int y = 0; y < bh; y++) {
        uint8_t *p = pic + (ptrdiff_t)y * stride;
        for (int x = 0; x < bw; x++, p += 4) {
            int a = p[3];
            if (a == 0 || a == 255)
                continue;
            for (int c = 0; c < 3; c++) {
                int v = (p[c] * 255 + a / 2) / a;
                p[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
    *out = (struct mp_sub_bitmap){x0, y0, bw, bh, stride, pic};
    return 0;
}
