/*
 * Bitmap subtitles (DVD/VobSub, PGS, DVB): the palette pictures libavcodec
 * decodes, kept with their display times and drawn as libass-style image
 * lists, so the blender and the overlay compositor serve them unchanged.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * An ASS_Image is one colour with an 8-bit coverage map, so a palette
 * picture becomes one image per palette entry it uses: coverage is the
 * entry's alpha where the picture has that index. Pictures are scaled
 * (nearest sample) from the size the track was authored for (the codec's
 * width x height: the .idx "size:", the PGS presentation size) to the area
 * they are shown on.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>

#include "sub_priv.h"

struct bitmap_rect {
    int x, y, w, h;
    bool forced;            /* AV_SUBTITLE_FLAG_FORCED: shown with -forcedsubsonly */
    uint8_t *index;         /* w * h palette indices, rows packed */
    uint32_t palette[256];  /* 0xAARRGGBB, as libavcodec's PAL8 */
};

struct bitmap_event {
    long long start, end;   /* ms; end < 0: until the next event */
    int src_w, src_h;       /* what x/y/w/h count in; 0: the area's own size */
    int num_rects;
    struct bitmap_rect *rects;
};

/* What the last render built, reused while the same event shows on the
 * same area. */
struct bitmap_cache {
    int event;              /* -1: nothing built */
    struct sub_bitmap_area area;
    bool forced_only;
    ASS_Image *images;      /* one malloc'ed block per image (struct + map) */
};

struct sub_bitmap {
    struct bitmap_event *events;    /* sorted by start */
    int num_events, cap_events;
    struct bitmap_cache cache;
};

struct sub_bitmap *sub_bitmap_new(void)
{
    struct sub_bitmap *b = calloc(1, sizeof(*b));
    if (b)
        b->cache.event = -1;
    return b;
}

static void free_images(struct bitmap_cache *c)
{
    while (c->images) {
        ASS_Image *n = c->images->next;
        free(c->images);
        c->images = n;
    }
    c->event = -1;
}

static void free_event(struct bitmap_event *e)
{
    for (int i = 0; i < e->num_rects; i++)
        free(e->rects[i].index);
    free(e->rects);
}

void sub_bitmap_free(struct sub_bitmap *b)
{
    if (!b)
        return;
    free_images(&b->cache);
    for (int i = 0; i < b->num_events; i++)
        free_event(&b->events[i]);
    free(b->events);
    free(b);
}

int sub_bitmap_event_count(const struct sub_bitmap *b)
{
    return b->num_events;
}

static int copy_rect(struct bitmap_rect *d, const AVSubtitleRect *r)
{
    if (r->w <= 0 || r->h <= 0 || r->w > 16384 || r->h > 16384 || !r->data[0] || !r->data[1] ||
        r->linesize[0] < r->w)
        return -1;
    d->x = r->x;
    d->y = r->y;
    d->forced = r->flags & AV_SUBTITLE_FLAG_FORCED;
    d->w = r->w;
    d->h = r->h;
    d->index = malloc((size_t)r->w * (size_t)r->h);
    if (!d->index)
        return -1;
    for (int y = 0; y < r->h; y++)
        memcpy(d->index + (size_t)y * (size_t)r->w, r->data[0] + (ptrdiff_t)y * r->linesize[0],
               (size_t)r->w);
    int n = r->nb_colors > 0 && r->nb_colors <= 256 ? r->nb_colors : 256;
    memcpy(d->palette, r->data[1], sizeof(uint32_t) * (size_t)n);
    /* Indices past nb_colors are not drawn. */
    memset(d->palette + n, 0, sizeof(uint32_t) * (size_t)(256 - n));
    return 0;
}

/* Events do not overlap: a picture stays until the next one replaces it
 * (DVD and PGS both work so), also when its own end is later or unknown. */
static void cut_overlaps(struct sub_bitmap *b, int i)
{
    struct bitmap_event *e = &b->events[i];
    if (i > 0) {
        struct bitmap_event *p = &b->events[i - 1];
        if (p->end < 0 || p->end > e->start)
            p->end = e->start;
    }
    if (i + 1 < b->num_events) {
        long long next = b->events[i + 1].start;
        if (e->end < 0 || e->end > next)
            e->end = next;
    }
}

int sub_bitmap_add(struct sub_bitmap *b, const AVSubtitle *s, long long start, long long end,
                   int src_w, int src_h)
{
    struct bitmap_event e = {start, end, src_w > 0 ? src_w : 0, src_h > 0 ? src_h : 0, 0, NULL};
    if (s->num_rects > 0) {
        e.rects = calloc(s->num_rects, sizeof(*e.rects));
        if (!e.rects)
            return -1;
    }
    for (unsigned i = 0; i < s->num_rects; i++) {
        const AVSubtitleRect *r = s->rects[i];
        if (r->type != SUBTITLE_BITMAP)
            continue;
        if (copy_rect(&e.rects[e.num_rects], r) < 0)
            continue;
        e.num_rects++;
    }
    if (b->num_events == b->cap_events) {
        int cap = b->cap_events ? b->cap_events * 2 : 16;
        struct bitmap_event *n = realloc(b->events, sizeof(*n) * (size_t)cap);
        if (!n) {
            free_event(&e);
            return -1;
        }
        b->events = n;
        b->cap_events = cap;
    }
    int i = b->num_events;
    while (i > 0 && b->events[i - 1].start > start)
        i--;
    memmove(&b->events[i + 1], &b->events[i], sizeof(e) * (size_t)(b->num_events - i));
    b->events[i] = e;
    b->num_events++;
    cut_overlaps(b, i);
    /* Indices moved: the cached images may belong to another event now. */
    free_images(&b->cache);
    return 0;
}

/* The event shown at now, or -1. */
static int event_at(const struct sub_bitmap *b, long long now)
{
    int lo = 0, hi = b->num_events;   /* first event starting after now */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (b->events[mid].start <= now)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* Events do not overlap (cut_overlaps): only the last one that began
     * can be showing. */
    if (lo == 0)
        return -1;
    const struct bitmap_event *e = &b->events[lo - 1];
    return (e->end < 0 || now < e->end) && e->num_rects > 0 ? lo - 1 : -1;
}

void sub_bitmap_scale_rect(int src_w, int src_h, const struct sub_bitmap_area *a, int x, int y,
                           int w, int h, int out[4])
{
    if (src_w <= 0 || src_h <= 0) {
        src_w = a->w;
        src_h = a->h;
    }
    /* Edges rounded, not sizes: rects that touch in the source touch on
     * screen. */
    long long x0 = ((long long)x * a->w + src_w / 2) / src_w;
    long long x1 = ((long long)(x + w) * a->w + src_w / 2) / src_w;
    long long y0 = ((long long)y * a->h + src_h / 2) / src_h;
    long long y1 = ((long long)(y + h) * a->h + src_h / 2) / src_h;
    if (x1 <= x0)
        x1 = x0 + 1;
    if (y1 <= y0)
        y1 = y0 + 1;
    out[0] = (int)(x0 + a->x);
    out[1] = (int)(y0 + a->y);
    out[2] = (int)(x1 - x0);
    out[3] = (int)(y1 - y0);
}

unsigned sub_bitmap_ass_colour(uint32_t argb)
{
    /* ASS_Image: RRGGBB then transparency; the entry's alpha becomes the
     * coverage instead, so the colour itself is opaque. */
    return (argb & 0xffffffu) << 8;
}

/* One image per visible palette entry of r, each cropped to where that
 * entry lies, drawn at dst (x, y, w, h), prepended to *list. Returns -1
 * when out of memory. */
static int rect_images(const struct bitmap_rect *r, const int dst[4], ASS_Image **list)
{
    int dw = dst[2], dh = dst[3];
    if ((size_t)dw * (size_t)dh > (size_t)INT_MAX / 2)
        return -1;
    /* The source sample of each destination column and row (nearest). */
    int *col = malloc(sizeof(int) * ((size_t)dw + (size_t)dh));
    struct { int x0, y0, x1, y1; } *box = malloc(sizeof(*box) * 256);
    if (!col || !box) {
        free(col);
        free(box);
        return -1;
    }
    int *row = col + dw;
    for (int x = 0; x < dw; x++)
        col[x] = (int)(((long long)(2 * x + 1) * r->w) / (2LL * dw));
    for (int y = 0; y < dh; y++)
        row[y] = (int)(((long long)(2 * y + 1) * r->h) / (2LL * dh));
    for (int c = 0; c < 256; c++)
        box[c].x0 = dw, box[c].y0 = dh, box[c].x1 = box[c].y1 = 0;
    /* Where each entry lands: a 1080p PGS picture uses dozens of entries,
     * and full-size maps for each would cost tens of MB. */
    for (int y = 0; y < dh; y++) {
        const uint8_t *src = r->index + (size_t)row[y] * (size_t)r->w;
        for (int x = 0; x < dw; x++) {
            int c = src[col[x]];
            if (x < box[c].x0)
                box[c].x0 = x;
            if (x >= box[c].x1)
                box[c].x1 = x + 1;
            if (y < box[c].y0)
                box[c].y0 = y;
            box[c].y1 = y + 1;
        }
    }
    int ret = 0;
    for (int c = 0; c < 256; c++) {
        uint8_t alpha = (uint8_t)(r->palette[c] >> 24);
        int bw = box[c].x1 - box[c].x0, bh = box[c].y1 - box[c].y0;
        if (!alpha || bw <= 0 || bh <= 0)
            continue;
        ASS_Image *img = calloc(1, sizeof(*img) + (size_t)bw * (size_t)bh);
        if (!img) {
            ret = -1;
            break;
        }
        uint8_t *map = (uint8_t *)(img + 1);
        for (int y = 0; y < bh; y++) {
            const uint8_t *src = r->index + (size_t)row[box[c].y0 + y] * (size_t)r->w;
            uint8_t *out = map + (size_t)y * (size_t)bw;
            for (int x = 0; x < bw; x++)
                out[x] = src[col[box[c].x0 + x]] == c ? alpha : 0;
        }
        img->w = bw;
        img->h = bh;
        img->stride = bw;
        img->bitmap = map;
        img->color = sub_bitmap_ass_colour(r->palette[c]);
        img->dst_x = dst[0] + box[c].x0;
        img->dst_y = dst[1] + box[c].y0;
        img->type = IMAGE_TYPE_CHARACTER;
        img->next = *list;
        *list = img;
    }
    free(col);
    free(box);
    return ret;
}

ASS_Image *sub_bitmap_render(struct sub_bitmap *b, long long now,
                             const struct sub_bitmap_area *area, bool forced_only)
{
    if (area->w <= 0 || area->h <= 0)
        return NULL;
    int ev = event_at(b, now);
    struct bitmap_cache *c = &b->cache;
    if (ev == c->event && !memcmp(&c->area, area, sizeof(*area)) &&
        forced_only == c->forced_only)
        return c->images;
    free_images(c);
    if (ev < 0)
        return NULL;
    const struct bitmap_event *e = &b->events[ev];
    /* Later rects go on top: build back to front and prepend. */
    for (int i = e->num_rects - 1; i >= 0; i--) {
        const struct bitmap_rect *r = &e->rects[i];
        if (forced_only && !r->forced)
            continue;
        int dst[4];
        sub_bitmap_scale_rect(e->src_w, e->src_h, area, r->x, r->y, r->w, r->h, dst);
        ASS_Image *mine = NULL;
        if (rect_images(r, dst, &mine) < 0) {
            free_images(c);
            return NULL;
        }
        ASS_Image *last = mine;
        while (last && last->next)
            last = last->next;
        if (last) {
            last->next = c->images;
            c->images = mine;
        }
    }
    c->event = ev;
    c->area = *area;
    c->forced_only = forced_only;
    return c->images;
}
