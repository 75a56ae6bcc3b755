/*
 * Pictures shared by the unit tests of the scalers' settings (-sws).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only, as test_util.h: test scaffolding, not part of the player.
 */
#ifndef MP_TESTS_TEST_PICTURE_H
#define MP_TESTS_TEST_PICTURE_H

#include <string.h>

#include <libavutil/frame.h>

/* 8x8 RGB24: the left half black, the right half white. NULL when out of
 * memory. */
static inline AVFrame *test_edge_rgb(void)
{
    AVFrame *f = av_frame_alloc();
    if (!f)
        return NULL;
    f->format = AV_PIX_FMT_RGB24;
    f->width = 8;
    f->height = 8;
    f->pts = 0;
    if (av_frame_get_buffer(f, 0) < 0) {
        av_frame_free(&f);
        return NULL;
    }
    for (int y = 0; y < 8; y++) {
        memset(f->data[0] + y * f->linesize[0], 0, 12);
        memset(f->data[0] + y * f->linesize[0] + 12, 255, 12);
    }
    return f;
}

/* Bytes of an RGB24 picture that are neither 0 nor 255 (-1: not RGB24): a
 * scaler that interpolates makes some when it enlarges an edge, nearest
 * neighbour none. */
static inline int test_count_blends(const AVFrame *f)
{
    if (f->format != AV_PIX_FMT_RGB24)
        return -1;
    int n = 0;
    for (int y = 0; y < f->height; y++) {
        const uint8_t *p = f->data[0] + y * f->linesize[0];
        for (int x = 0; x < 3 * f->width; x++)
            n += p[x] != 0 && p[x] != 255;
    }
    return n;
}

#endif
