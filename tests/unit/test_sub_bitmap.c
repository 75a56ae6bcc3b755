/*
 * Unit tests for bitmap subtitles (sub/sub_bitmap.c and their path through
 * mp_sub): scaling from the track's frame size, the palette split into
 * coverage images, event times, -forcedsubsonly (also switched on a
 * loaded track), DVD SPU and PGS packets decoded by libavcodec and blended
 * into a frame, and a VobSub pair of two languages loaded as two tracks.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <libavutil/mem.h>

#include "sub/sub.h"
#include "sub/sub_priv.h"
#include "test_util.h"

static void test_scale_rect(void **state)
{
    (void)state;
    int o[4];
    struct sub_bitmap_area half = {0, 0, 360, 288};
    sub_bitmap_scale_rect(720, 576, &half, 100, 500, 200, 40, o);
    assert_int_equal(o[0], 50);
    assert_int_equal(o[1], 250);
    assert_int_equal(o[2], 100);
    assert_int_equal(o[3], 20);
    /* No source size: the area's own, placed at the area's offset. */
    struct sub_bitmap_area banded = {0, 30, 320, 240};
    sub_bitmap_scale_rect(0, 0, &banded, 10, 20, 30, 40, o);
    assert_int_equal(o[0], 10);
    assert_int_equal(o[1], 50);
    assert_int_equal(o[2], 30);
    assert_int_equal(o[3], 40);
    /* A rect shrunk below a pixel keeps one. */
    struct sub_bitmap_area tiny = {0, 0, 10, 10};
    sub_bitmap_scale_rect(1920, 1080, &tiny, 960, 540, 1, 1, o);
    assert_int_equal(o[2], 1);
    assert_int_equal(o[3], 1);
    /* Rects that touch in the source touch after scaling (edges rounded). */
    struct sub_bitmap_area odd = {0, 0, 333, 333};
    int a[4], b[4];
    sub_bitmap_scale_rect(1000, 1000, &odd, 0, 0, 501, 10, a);
    sub_bitmap_scale_rect(1000, 1000, &odd, 501, 0, 499, 10, b);
    assert_int_equal(a[0] + a[2], b[0]);
    assert_int_equal(b[0] + b[2], 333);
}

static void test_palette_colour(void **state)
{
    (void)state;
    assert_int_equal(sub_bitmap_ass_colour(0x80112233u), 0x11223300u);
    assert_int_equal(sub_bitmap_ass_colour(0xffffffffu), 0xffffff00u);
}

/* A 4x2 picture at x, y: indices 0 1 1 2 / 2 1 1 0; palette 0 clear, 1
 * opaque white, 2 half-transparent red, 3 (unused) opaque green. */
static void make_subtitle(AVSubtitle *s, int x, int y)
{
    memset(s, 0, sizeof(*s));
    s->num_rects = 1;
    s->rects = av_mallocz(sizeof(*s->rects));
    AVSubtitleRect *r = av_mallocz(sizeof(*r));
    assert_non_null(s->rects);
    assert_non_null(r);
    s->rects[0] = r;
    r->type = SUBTITLE_BITMAP;
    r->x = x;
    r->y = y;
    r->w = 4;
    r->h = 2;
    r->nb_colors = 4;
    r->linesize[0] = 8;     /* padded rows */
    r->data[0] = av_mallocz(16);
    r->data[1] = av_mallocz(4 * 4);
    static const uint8_t idx[16] = {0, 1, 1, 2, 9, 9, 9, 9, 2, 1, 1, 0, 9, 9, 9, 9};
    memcpy(r->data[0], idx, sizeof(idx));
    uint32_t pal[4] = {0x00000000u, 0xffffffffu, 0x80ff0000u, 0xff00ff00u};
    memcpy(r->data[1], pal, sizeof(pal));
}

static const ASS_Image *image_of(const ASS_Image *list, unsigned colour)
{
    for (; list; list = list->next) {
        if (list->color == colour)
            return list;
    }
    return NULL;
}

static int count_images(const ASS_Image *list)
{
    int n = 0;
    for (; list; list = list->next)
        n++;
    return n;
}

static void test_palette_split_and_scale(void **state)
{
    (void)state;
    struct sub_bitmap *b = sub_bitmap_new();
    assert_non_null(b);
    AVSubtitle s;
    make_subtitle(&s, 2, 1);
    assert_int_equal(sub_bitmap_add(b, &s, 1000, 2000, 16, 8), 0);
    avsubtitle_free(&s);
    /* Twice the authored size. */
    struct sub_bitmap_area area = {0, 0, 32, 16};
    const ASS_Image *img = sub_bitmap_render(b, 1500, &area, false);
    /* Colours 1 and 2 are used and visible; 0 is clear, 3 unused. */
    assert_int_equal(count_images(img), 2);
    const ASS_Image *white = image_of(img, 0xffffff00u);
    const ASS_Image *red = image_of(img, 0xff000000u);
    assert_non_null(white);
    assert_non_null(red);
    /* Each source pixel is 2x2 now, the picture at 4,2 8x4; each image
     * covers only where its entry lies: white the middle columns, red
     * (top right, bottom left) the whole width. */
    assert_int_equal(white->dst_x, 6);
    assert_int_equal(white->dst_y, 2);
    assert_int_equal(white->w, 4);
    assert_int_equal(white->h, 4);
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++)
            assert_int_equal(white->bitmap[y * white->stride + x], 255);
    }
    assert_int_equal(red->dst_x, 4);
    assert_int_equal(red->w, 8);
    assert_int_equal(red->h, 4);
    static const uint8_t row0_red[8] = {0, 0, 0, 0, 0, 0, 0x80, 0x80};
    static const uint8_t row3_red[8] = {0x80, 0x80, 0, 0, 0, 0, 0, 0};
    assert_memory_equal(red->bitmap, row0_red, 8);
    assert_memory_equal(red->bitmap + 3 * red->stride, row3_red, 8);
    sub_bitmap_free(b);
}

static void test_forced_only(void **state)
{
    (void)state;
    struct sub_bitmap *b = sub_bitmap_new();
    struct sub_bitmap_area area = {0, 0, 16, 8};
    AVSubtitle s;
    make_subtitle(&s, 0, 0);
    assert_int_equal(sub_bitmap_add(b, &s, 1000, 2000, 16, 8), 0);
    s.rects[0]->flags |= AV_SUBTITLE_FLAG_FORCED;
    assert_int_equal(sub_bitmap_add(b, &s, 3000, 4000, 16, 8), 0);
    avsubtitle_free(&s);
    assert_non_null(sub_bitmap_render(b, 1500, &area, false));
    assert_null(sub_bitmap_render(b, 1500, &area, true));
    assert_non_null(sub_bitmap_render(b, 3500, &area, true));
    assert_non_null(sub_bitmap_render(b, 3500, &area, false));
    sub_bitmap_free(b);
}

static void test_event_times(void **state)
{
    (void)state;
    struct sub_bitmap *b = sub_bitmap_new();
    struct sub_bitmap_area area = {0, 0, 16, 8};
    AVSubtitle s;
    /* Open end (PGS): shown until the next event, here an empty one that
     * clears the screen; added out of order, as after a seek back. */
    AVSubtitle clear = {0};
    assert_int_equal(sub_bitmap_add(b, &clear, 3000, -1, 16, 8), 0);
    make_subtitle(&s, 0, 0);
    assert_int_equal(sub_bitmap_add(b, &s, 1000, -1, 16, 8), 0);
    avsubtitle_free(&s);
    assert_int_equal(sub_bitmap_event_count(b), 2);
    assert_null(sub_bitmap_render(b, 999, &area, false));
    assert_non_null(sub_bitmap_render(b, 1000, &area, false));
    assert_non_null(sub_bitmap_render(b, 2999, &area, false));
    assert_null(sub_bitmap_render(b, 3000, &area, false));
    /* An end past the next start (DVD pictures replace each other). */
    make_subtitle(&s, 8, 0);
    assert_int_equal(sub_bitmap_add(b, &s, 2000, 10000, 16, 8), 0);
    avsubtitle_free(&s);
    const ASS_Image *img = sub_bitmap_render(b, 2500, &area, false);
    assert_non_null(img);
    assert_int_equal(img->dst_x >= 8, 1);
    img = sub_bitmap_render(b, 1500, &area, false);
    assert_non_null(img);
    assert_int_equal(img->dst_x < 8, 1);
    /* The next event ends it at 3000, the clear one. */
    assert_null(sub_bitmap_render(b, 5000, &area, false));
    sub_bitmap_free(b);
}

/* A DVD SPU: a 64x2 rectangle of colour 1 at 10,20, shown 1001 ms. */
static const uint8_t spu_packet[] = {
    0x00, 0x26, 0x00, 0x08,                         /* size 38, control at 8 */
    0x01, 0x01, 0x01, 0x01,                         /* both fields: 64 x colour 1 */
    0x00, 0x00, 0x00, 0x20,                         /* now; next control at 32 */
    0x03, 0x32, 0x10,                               /* colour n = palette n */
    0x04, 0xff, 0xf0,                               /* colours 1..3 opaque */
    0x05, 0x00, 0xa0, 0x49, 0x01, 0x40, 0x15,       /* x 10..73, y 20..21 */
    0x06, 0x00, 0x04, 0x00, 0x06,                   /* field offsets */
    0x01, 0xff,                                     /* start display */
    0x00, 0x58, 0x00, 0x20, 0x02, 0xff,             /* 88 * 1024 / 90 ms: stop */
};

static const char spu_header[] = "size: 320x240\n"
    "palette: 000000, ffffff, ff0000, 00ff00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0\n";

static AVFrame *black_rgb(int w, int h)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->format = AV_PIX_FMT_RGB24;
    f->width = w;
    f->height = h;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    for (int y = 0; y < h; y++)
        memset(f->data[0] + (ptrdiff_t)y * f->linesize[0], 0, (size_t)w * 3);
    return f;
}

/* The bounding box of white pixels: x0, y0, x1, y1 (exclusive); count. */
static int white_box(const AVFrame *f, int box[4])
{
    int n = 0;
    box[0] = f->width;
    box[1] = f->height;
    box[2] = box[3] = 0;
    for (int y = 0; y < f->height; y++) {
        for (int x = 0; x < f->width; x++) {
            const uint8_t *p = f->data[0] + (ptrdiff_t)y * f->linesize[0] + x * 3;
            if (p[0] < 250 || p[1] < 250 || p[2] < 250)
                continue;
            n++;
            box[0] = x < box[0] ? x : box[0];
            box[1] = y < box[1] ? y : box[1];
            box[2] = x + 1 > box[2] ? x + 1 : box[2];
            box[3] = y + 1 > box[3] ? y + 1 : box[3];
        }
    }
    return n;
}

static void test_dvd_packet_drawn(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    AVCodecParameters *par = avcodec_parameters_alloc();
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_DVD_SUBTITLE;
    par->extradata = av_mallocz(sizeof(spu_header) + AV_INPUT_BUFFER_PADDING_SIZE);
    memcpy(par->extradata, spu_header, sizeof(spu_header) - 1);
    par->extradata_size = (int)sizeof(spu_header) - 1;
    int t = mp_sub_add_stream(sub, par, (AVRational){1, 1000});
    avcodec_parameters_free(&par);
    assert_int_equal(t, 0);
    assert_false(mp_sub_track_plain(sub, t));

    AVPacket *pkt = av_packet_alloc();
    assert_int_equal(av_new_packet(pkt, sizeof(spu_packet)), 0);
    memcpy(pkt->data, spu_packet, sizeof(spu_packet));
    pkt->pts = pkt->dts = 1000;
    assert_int_equal(mp_sub_decode_packet(sub, t, pkt), 0);
    /* Again (a seek back): not a second event. */
    assert_int_equal(mp_sub_decode_packet(sub, t, pkt), 0);
    av_packet_free(&pkt);
    assert_int_equal(mp_sub_event_count(sub, t), 1);
    assert_int_equal(mp_sub_select(sub, t), 0);
    assert_null(mp_sub_get_text(sub, 1.5));

    int box[4];
    AVFrame *f = black_rgb(320, 240);
    assert_int_equal(mp_sub_render(sub, 0.5, 0, f), 0);
    assert_int_equal(white_box(f, box), 0);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 1);
    assert_int_equal(white_box(f, box), 64 * 2);
    assert_int_equal(box[0], 10);
    assert_int_equal(box[1], 20);
    assert_int_equal(box[2], 74);
    assert_int_equal(box[3], 22);
    av_frame_free(&f);

    /* On a frame half the track's size: half the place and size. */
    f = black_rgb(160, 120);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 1);
    assert_int_equal(white_box(f, box), 32);
    assert_int_equal(box[0], 5);
    assert_int_equal(box[1], 10);
    assert_int_equal(box[2], 37);
    assert_int_equal(box[3], 11);
    av_frame_free(&f);

    /* Its stop command ends it 1001 ms later. */
    f = black_rgb(320, 240);
    assert_int_equal(mp_sub_render(sub, 2.1, 0, f), 0);
    av_frame_free(&f);

    /* The overlay (-vo sdl) draws it at the output size. */
    struct mp_sub_bitmap bm;
    assert_int_equal(mp_sub_render_overlay(sub, 1.5, 0, 640, 480, 320, 240, &bm), 1);
    assert_int_equal(bm.x, 20);
    assert_int_equal(bm.y, 40);
    assert_int_equal(bm.w, 128);
    assert_int_equal(bm.h, 4);
    assert_int_equal(bm.rgba[3], 255);
    mp_sub_free(sub);
}

/* A PGS display set (as in one Matroska block): a 320x240 presentation
 * with one 64x2 object of palette entry 1 (white as Y'CrCb) at 10,20. */
static const uint8_t pgs_show[] = {
    0x16, 0x00, 0x13,                               /* PCS, 19 bytes */
    0x01, 0x40, 0x00, 0xf0, 0x10,                   /* 320x240, frame rate */
    0x00, 0x00, 0x80, 0x00, 0x00, 0x01,             /* epoch start, palette 0, 1 object */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x14, /* object 0, window 0 at 10,20 */
    0x17, 0x00, 0x0a,                               /* WDS */
    0x01, 0x00, 0x00, 0x0a, 0x00, 0x14, 0x00, 0x40, 0x00, 0x02,
    0x14, 0x00, 0x07,                               /* PDS: entry 1 white, opaque */
    0x00, 0x00, 0x01, 0xeb, 0x80, 0x80, 0xff,
    0x15, 0x00, 0x17,                               /* ODS */
    0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x10, 0x00, 0x40, 0x00, 0x02,
    0x00, 0xc0, 0x40, 0x01, 0x00, 0x00,             /* 64 x colour 1, end of line */
    0x00, 0xc0, 0x40, 0x01, 0x00, 0x00,
    0x80, 0x00, 0x00,                               /* END */
};

/* The next display set: no objects, the screen is cleared. */
static const uint8_t pgs_clear[] = {
    0x16, 0x00, 0x0b,
    0x01, 0x40, 0x00, 0xf0, 0x10, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x80, 0x00, 0x00,
};

static void feed(struct mp_sub *sub, int t, const uint8_t *data, int size, int64_t pts)
{
    AVPacket *pkt = av_packet_alloc();
    assert_int_equal(av_new_packet(pkt, size), 0);
    memcpy(pkt->data, data, (size_t)size);
    pkt->pts = pkt->dts = pts;
    assert_int_equal(mp_sub_decode_packet(sub, t, pkt), 0);
    av_packet_free(&pkt);
}

static void test_pgs_shown_until_cleared(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    AVCodecParameters *par = avcodec_parameters_alloc();
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_HDMV_PGS_SUBTITLE;
    int t = mp_sub_add_stream(sub, par, (AVRational){1, 1000});
    avcodec_parameters_free(&par);
    assert_int_equal(t, 0);
    feed(sub, t, pgs_show, (int)sizeof(pgs_show), 1000);
    assert_int_equal(mp_sub_select(sub, t), 0);

    int box[4];
    /* No end yet: shown however late, until the next display set. */
    AVFrame *f = black_rgb(160, 120);
    assert_int_equal(mp_sub_render(sub, 30.0, 0, f), 1);
    assert_int_equal(white_box(f, box), 32);
    assert_int_equal(box[0], 5);
    assert_int_equal(box[1], 10);
    av_frame_free(&f);

    feed(sub, t, pgs_clear, (int)sizeof(pgs_clear), 3000);
    f = black_rgb(320, 240);
    assert_int_equal(mp_sub_render(sub, 0.9, 0, f), 0);
    assert_int_equal(mp_sub_render(sub, 2.9, 0, f), 1);
    assert_int_equal(white_box(f, box), 128);
    assert_int_equal(box[0], 10);
    assert_int_equal(box[1], 20);
    assert_int_equal(box[2], 74);
    assert_int_equal(box[3], 22);
    av_frame_free(&f);
    f = black_rgb(320, 240);
    assert_int_equal(mp_sub_render(sub, 3.0, 0, f), 0);
    av_frame_free(&f);
    mp_sub_free(sub);
}

/* One 2048-byte MPEG-PS sector of a VobSub .sub: pack header, private
 * stream 1 PES (pts, substream 0x20 + stream) with spu_packet, padding. */
static void vobsub_sector(FILE *f, int stream, long long pts)
{
    uint8_t sec[2048];
    static const uint8_t pack[] = {0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04,
                                   0x00, 0x04, 0x01, 0x01, 0x89, 0xc3, 0xf8};
    size_t n = 0;
    memcpy(sec, pack, sizeof(pack));
    n += sizeof(pack);
    size_t pes_len = 3 + 5 + 1 + sizeof(spu_packet);
    const uint8_t pes[] = {0x00, 0x00, 0x01, 0xbd, (uint8_t)(pes_len >> 8), (uint8_t)pes_len,
                           0x81, 0x80, 0x05,
                           (uint8_t)(0x21 | ((pts >> 29) & 0x0e)), (uint8_t)(pts >> 22),
                           (uint8_t)(((pts >> 14) & 0xfe) | 1), (uint8_t)(pts >> 7),
                           (uint8_t)(((pts << 1) & 0xfe) | 1), (uint8_t)(0x20 + stream)};
    memcpy(sec + n, pes, sizeof(pes));
    n += sizeof(pes);
    memcpy(sec + n, spu_packet, sizeof(spu_packet));
    n += sizeof(spu_packet);
    size_t pad = sizeof(sec) - n - 6;
    const uint8_t padding[] = {0x00, 0x00, 0x01, 0xbe, (uint8_t)(pad >> 8), (uint8_t)pad};
    memcpy(sec + n, padding, sizeof(padding));
    memset(sec + n + 6, 0xff, pad);
    assert_int_equal(fwrite(sec, 1, sizeof(sec), f), sizeof(sec));
}

/* two.idx + two.sub in dir: "en" (index 0) at 1 s, "de" (index 2) at 3 s,
 * "langidx: 2". */
static void write_two_languages(const char *dir)
{
    char path[512];
    FILE *f = fopen(test_path(path, sizeof(path), dir, "two.sub"), "wb");
    assert_non_null(f);
    vobsub_sector(f, 0, 90000);
    vobsub_sector(f, 2, 270000);
    fclose(f);
    f = fopen(test_path(path, sizeof(path), dir, "two.idx"), "w");
    assert_non_null(f);
    fprintf(f, "# VobSub index file, v7 (do not modify this line!)\n"
               "size: 320x240\n"
               "palette: 000000, ffffff, ff0000, 00ff00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0\n"
               "langidx: 2\n\n"
               "id: en, index: 0\n"
               "timestamp: 00:00:01:000, filepos: 000000000\n\n"
               "id: de, index: 2\n"
               "timestamp: 00:00:03:000, filepos: 000000800\n");
    fclose(f);
}

static void test_vobsub_languages(void **state)
{
    (void)state;
    char *dir = test_mkdtemp();
    assert_non_null(dir);
    write_two_languages(dir);
    char idx[512];
    test_path(idx, sizeof(idx), dir, "two.idx");
    assert_int_equal(mp_sub_vobsub_langidx(idx), 2);

    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    /* A track before the pair: the pair's numbers follow it. */
    AVCodecParameters *par = avcodec_parameters_alloc();
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_HDMV_PGS_SUBTITLE;
    assert_int_equal(mp_sub_add_stream(sub, par, (AVRational){1, 1000}), 0);
    avcodec_parameters_free(&par);
    assert_int_equal(mp_sub_track_vobsub_id(sub, 0), -1);

    assert_int_equal(mp_sub_add_vobsub(sub, idx), 1);
    assert_int_equal(mp_sub_track_count(sub), 3);
    assert_int_equal(mp_sub_track_vobsub_id(sub, 1), 0);
    assert_int_equal(mp_sub_track_vobsub_id(sub, 2), 2);
    assert_string_equal(mp_sub_track_lang(sub, 1), "en");
    assert_string_equal(mp_sub_track_lang(sub, 2), "de");
    assert_string_equal(mp_sub_track_path(sub, 2), idx);
    assert_true(mp_sub_track_bitmap(sub, 1));
    assert_true(mp_sub_track_bitmap(sub, 2));
    assert_int_equal(mp_sub_event_count(sub, 1), 1);
    assert_int_equal(mp_sub_event_count(sub, 2), 1);

    /* Each language shows its own picture only. */
    AVFrame *f = black_rgb(320, 240);
    assert_int_equal(mp_sub_select(sub, 2), 0);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 0);
    assert_int_equal(mp_sub_render(sub, 3.5, 0, f), 1);
    av_frame_free(&f);
    f = black_rgb(320, 240);
    assert_int_equal(mp_sub_select(sub, 1), 0);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 1);
    av_frame_free(&f);
    f = black_rgb(320, 240);
    assert_int_equal(mp_sub_render(sub, 3.5, 0, f), 0);
    av_frame_free(&f);
    mp_sub_free(sub);

    /* No .idx there: nothing loaded, and no langidx. */
    test_path(idx, sizeof(idx), dir, "none.idx");
    assert_int_equal(mp_sub_vobsub_langidx(idx), -1);
    sub = mp_sub_create(NULL);
    assert_int_equal(mp_sub_add_vobsub(sub, idx), -1);
    assert_int_equal(mp_sub_track_count(sub), 0);
    mp_sub_free(sub);
    test_rmdir(dir);
}

/* -forcedsubsonly switched on a track already shown (the slave property):
 * the picture on screen goes, and comes back when it is switched off. */
static void test_forced_only_switched(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    struct sub_track *t = calloc(1, sizeof(*t));
    assert_non_null(t);
    t->stream_id = t->vobsub_id = -1;
    t->bitmap = sub_bitmap_new();
    AVSubtitle s;
    make_subtitle(&s, 0, 0);
    assert_int_equal(sub_bitmap_add(t->bitmap, &s, 1000, 2000, 0, 0), 0);
    avsubtitle_free(&s);
    int n = sub_add_track(sub, t);
    assert_int_equal(n, 0);
    assert_int_equal(mp_sub_select(sub, n), 0);

    struct mp_sub_opts o = *mp_sub_get_opts(sub);
    AVFrame *f = black_rgb(16, 8);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 1);
    av_frame_free(&f);
    o.forced_only = true;
    mp_sub_set_opts(sub, &o);
    assert_true(mp_sub_get_opts(sub)->forced_only);
    f = black_rgb(16, 8);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 0);
    av_frame_free(&f);
    o.forced_only = false;
    mp_sub_set_opts(sub, &o);
    f = black_rgb(16, 8);
    assert_int_equal(mp_sub_render(sub, 1.5, 0, f), 1);
    av_frame_free(&f);
    mp_sub_free(sub);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scale_rect),
        cmocka_unit_test(test_palette_colour),
        cmocka_unit_test(test_palette_split_and_scale),
        cmocka_unit_test(test_event_times),
        cmocka_unit_test(test_forced_only),
        cmocka_unit_test(test_dvd_packet_drawn),
        cmocka_unit_test(test_pgs_shown_until_cleared),
        cmocka_unit_test(test_vobsub_languages),
        cmocka_unit_test(test_forced_only_switched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
