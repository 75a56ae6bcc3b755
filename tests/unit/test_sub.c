/*
 * Unit tests for sub/: text and ASS subtitles from files and from a muxed
 * Matroska track rendered onto RGB and YUV frames, -subpos, font scale,
 * -noass, -subcp, the OSD and subtitle file autoloading.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <libavformat/avformat.h>
#include <libavutil/frame.h>

#include "sub/sub.h"
#include "sub/sub_priv.h"
#include "test_srt.h"
#include "test_util.h"

#define W 320
#define H 240

/* Top-centre (alignment 8), a red style of the script's own. */
static const char ass_text[] =
    "[Script Info]\n"
    "ScriptType: v4.00+\n"
    "PlayResX: 384\n"
    "PlayResY: 288\n"
    "\n"
    "[V4+ Styles]\n"
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, "
    "BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, "
    "BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n"
    "Style: Top,DejaVu Sans,24,&H000000FF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,"
    "0,0,1,1,0,8,10,10,10,1\n"
    "\n"
    "[Events]\n"
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
    "Dialogue: 0,0:00:01.00,0:00:03.00,Top,,0,0,0,,{\\b1}Styled text\n";

static char *write_file(const char *dir, const char *name, const char *data, size_t n)
{
    char *path = test_write_in(dir, name, data, n);
    assert_non_null(path);
    return path;
}

/* A W x H frame of fmt with its buffers, contents undefined. */
static AVFrame *new_frame(int fmt)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->format = fmt;
    f->width = W;
    f->height = H;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    return f;
}

static AVFrame *black_frame(int fmt)
{
    AVFrame *f = new_frame(fmt);
    if (fmt == AV_PIX_FMT_YUV420P) {
        for (int y = 0; y < H; y++)
            memset(f->data[0] + y * f->linesize[0], 16, W);
        for (int y = 0; y < H / 2; y++) {
            memset(f->data[1] + y * f->linesize[1], 128, W / 2);
            memset(f->data[2] + y * f->linesize[2], 128, W / 2);
        }
    } else {
        int bpp = fmt == AV_PIX_FMT_RGB24 ? 3 : 4;
        for (int y = 0; y < H; y++)
            memset(f->data[0] + y * f->linesize[0], 0, (size_t)W * bpp);
    }
    return f;
}

struct bright {
    int count;
    int min_y, max_y;
    int min_x, max_x;
};

/* Pixels brighter than the black background: a channel (RGB) or luma
 * (YUV) above 100. */
static struct bright count_bright(const AVFrame *f)
{
    struct bright b = {0, H, -1, W, -1};
    for (int y = 0; y < H; y++) {
        const uint8_t *row = f->data[0] + y * f->linesize[0];
        for (int x = 0; x < W; x++) {
            bool on;
            if (f->format == AV_PIX_FMT_YUV420P) {
                on = row[x] > 100;
            } else {
                int bpp = f->format == AV_PIX_FMT_RGB24 ? 3 : 4;
                const uint8_t *p = row + x * bpp;
                on = p[0] > 100 || p[1] > 100 || p[2] > 100;
            }
            if (on) {
                b.count++;
                b.min_y = y < b.min_y ? y : b.min_y;
                b.max_y = y > b.max_y ? y : b.max_y;
                b.min_x = x < b.min_x ? x : b.min_x;
                b.max_x = x > b.max_x ? x : b.max_x;
            }
        }
    }
    return b;
}

/* Bytes of the picture that differ from a fresh black frame. */
static int count_changed(const AVFrame *f)
{
    AVFrame *ref = black_frame(f->format);
    int changed = 0;
    int planes = f->format == AV_PIX_FMT_YUV420P ? 3 : 1;
    for (int p = 0; p < planes; p++) {
        int h = p ? H / 2 : H;
        int w = p ? W / 2 : f->format == AV_PIX_FMT_YUV420P ? W
                          : f->format == AV_PIX_FMT_RGB24 ? W * 3 : W * 4;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++)
                changed += f->data[p][y * f->linesize[p] + x] !=
                           ref->data[p][y * ref->linesize[p] + x];
        }
    }
    av_frame_free(&ref);
    return changed;
}

/* Render sub at pts onto a new black frame of fmt; returns the frame. */
static AVFrame *render_at(struct mp_sub *sub, double pts, double now, int fmt, int *ret)
{
    AVFrame *f = black_frame(fmt);
    *ret = mp_sub_render(sub, pts, now, f);
    return f;
}

static struct bright bright_at(struct mp_sub *sub, double pts, int fmt)
{
    int r;
    AVFrame *f = render_at(sub, pts, 0, fmt, &r);
    struct bright b = count_bright(f);
    av_frame_free(&f);
    return b;
}

/* Owns a test's temp dir, the subtitle file written there and its latest mp_sub. */
struct sub_case {
    char *dir;
    char *path;
    struct mp_sub *sub;
};

static int sub_case_setup(void **state)
{
    struct sub_case *c = calloc(1, sizeof(*c));
    assert_non_null(c);
    c->dir = test_mkdtemp();
    assert_non_null(c->dir);
    *state = c;
    return 0;
}

static int sub_case_teardown(void **state)
{
    struct sub_case *c = *state;
    mp_sub_free(c->sub);
    free(c->path);
    test_rmdir(c->dir);
    free(c);
    return 0;
}

/* Write data as the case's subtitle file dir/name; returns its path. */
static const char *sub_case_write(struct sub_case *c, const char *name, const char *data)
{
    free(c->path);
    c->path = write_file(c->dir, name, data, strlen(data));
    return c->path;
}

/* Replace the case's sub with an empty one made with o (NULL: defaults). */
static struct mp_sub *sub_case_new(struct sub_case *c, const struct mp_sub_opts *o)
{
    mp_sub_free(c->sub);
    c->sub = mp_sub_create(o);
    assert_non_null(c->sub);
    return c->sub;
}

/* Replace the case's sub with one made with o on the case's file, its
 * track selected. */
static struct mp_sub *sub_case_reopen(struct sub_case *c, const struct mp_sub_opts *o)
{
    struct mp_sub *sub = sub_case_new(c, o);
    int t = mp_sub_add_file(sub, c->path);
    assert_true(t >= 0);
    assert_int_equal(mp_sub_select(sub, t), 0);
    return sub;
}

static struct mp_sub *sub_case_open(struct sub_case *c, const char *name, const char *data,
                                    const struct mp_sub_opts *o)
{
    sub_case_write(c, name, data);
    return sub_case_reopen(c, o);
}

static void test_srt_rgb_and_yuv(void **state)
{
    struct mp_sub *sub = sub_case_open(*state, "a.srt", srt_text, NULL);
    assert_int_equal(mp_sub_event_count(sub, 0), 2);

    char *text = mp_sub_get_text(sub, 2.0);
    assert_non_null(text);
    assert_string_equal(text, "Hello subtitle world");
    free(text);
    assert_null(mp_sub_get_text(sub, 3.5));

    int fmts[] = {AV_PIX_FMT_RGB24, AV_PIX_FMT_YUV420P, AV_PIX_FMT_BGRA, AV_PIX_FMT_RGBA};
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        int r;
        AVFrame *f = render_at(sub, 2.0, 0, fmts[i], &r);
        assert_int_equal(r, 1);
        struct bright b = count_bright(f);
        assert_true(b.count > 100);
        /* Default -subpos 100: bottom of the frame. */
        assert_true(b.min_y > H / 2);
        if (fmts[i] == AV_PIX_FMT_YUV420P) {
            /* Yellow text moves chroma too. */
            int chroma = 0;
            for (int y = 0; y < H / 2; y++)
                for (int x = 0; x < W / 2; x++)
                    chroma += f->data[1][y * f->linesize[1] + x] < 100;
            assert_true(chroma > 10);
        }
        av_frame_free(&f);

        f = render_at(sub, 3.5, 0, fmts[i], &r);
        assert_int_equal(r, 0);
        assert_int_equal(count_changed(f), 0);
        av_frame_free(&f);
    }
    /* Subtitles off: nothing drawn. */
    assert_int_equal(mp_sub_select(sub, -1), 0);
    int r;
    AVFrame *f = render_at(sub, 2.0, 0, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    assert_int_equal(count_changed(f), 0);
    av_frame_free(&f);
    assert_int_equal(mp_sub_select(sub, 5), -1);
}

/* A black frame of a semi-planar or packed YUV format (16/128/128). */
static AVFrame *black_yuv_frame(int fmt)
{
    AVFrame *f = new_frame(fmt);
    if (fmt == AV_PIX_FMT_NV12 || fmt == AV_PIX_FMT_NV21) {
        for (int y = 0; y < H; y++)
            memset(f->data[0] + y * f->linesize[0], 16, W);
        for (int y = 0; y < H / 2; y++)
            memset(f->data[1] + y * f->linesize[1], 128, W);
    } else {
        bool y_first = fmt != AV_PIX_FMT_UYVY422;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W * 2; x++)
                f->data[0][y * f->linesize[0] + x] = (x % 2 == 0) == y_first ? 16 : 128;
    }
    return f;
}

/* NV12, NV21 and packed 4:2:2 (what -vo sdl uploads as is) get the same
 * luma as planar 4:2:0 and chroma where the text is. */
static void test_nv12_and_packed_yuv(void **state)
{
    struct mp_sub *sub = sub_case_open(*state, "a.srt", srt_text, NULL);
    int r;
    AVFrame *ref = render_at(sub, 2.0, 0, AV_PIX_FMT_YUV420P, &r);
    assert_int_equal(r, 1);
    int fmts[] = {AV_PIX_FMT_NV12, AV_PIX_FMT_NV21, AV_PIX_FMT_UYVY422, AV_PIX_FMT_YUYV422,
                  AV_PIX_FMT_YVYU422};
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        assert_true(mp_sub_format_supported(fmts[i]));
        AVFrame *f = black_yuv_frame(fmts[i]);
        assert_int_equal(mp_sub_render(sub, 2.0, 0, f), 1);
        bool packed = fmts[i] != AV_PIX_FMT_NV12 && fmts[i] != AV_PIX_FMT_NV21;
        int yoff = fmts[i] == AV_PIX_FMT_UYVY422 ? 1 : 0;
        int luma_diff = 0, lit = 0, chroma = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int l = packed ? f->data[0][y * f->linesize[0] + 2 * x + yoff]
                               : f->data[0][y * f->linesize[0] + x];
                luma_diff += l != ref->data[0][y * ref->linesize[0] + x];
                lit += l > 100;
                /* Yellow text pulls Cb (U) down. */
                if (packed && x % 2 == 0) {
                    int uoff = fmts[i] == AV_PIX_FMT_UYVY422 ? 0
                               : fmts[i] == AV_PIX_FMT_YUYV422 ? 1 : 3;
                    chroma += f->data[0][y * f->linesize[0] + 2 * x + uoff] < 100;
                }
            }
        }
        if (!packed) {
            int uoff = fmts[i] == AV_PIX_FMT_NV12 ? 0 : 1;
            for (int y = 0; y < H / 2; y++) {
                for (int x = 0; x < W / 2; x++) {
                    int u = f->data[1][y * f->linesize[1] + 2 * x + uoff];
                    int v = f->data[1][y * f->linesize[1] + 2 * x + 1 - uoff];
                    assert_int_equal(u, ref->data[1][y * ref->linesize[1] + x]);
                    assert_int_equal(v, ref->data[2][y * ref->linesize[2] + x]);
                    chroma += u < 100;
                }
            }
        }
        assert_int_equal(luma_diff, 0);
        assert_true(lit > 100);
        assert_true(chroma > 10);
        av_frame_free(&f);
    }
    av_frame_free(&ref);
}

/* The overlay for an output at 960x720: a straight-alpha RGBA box at the
 * bottom, with opaque yellow text pixels; nothing when no event is shown. */
static void test_overlay_rgba(void **state)
{
    struct mp_sub *sub = sub_case_open(*state, "a.srt", srt_text, NULL);
    struct mp_sub_bitmap bm;
    assert_int_equal(mp_sub_render_overlay(sub, 2.0, 0, 960, 720, W, H, &bm), 1);
    assert_true(bm.w > 0 && bm.h > 0 && bm.rgba);
    assert_true(bm.x >= 0 && bm.y >= 0 && bm.x + bm.w <= 960 && bm.y + bm.h <= 720);
    assert_true(bm.y > 720 / 2);
    assert_true(bm.stride >= bm.w * 4);
    int yellow = 0, partial = 0;
    for (int y = 0; y < bm.h; y++) {
        for (int x = 0; x < bm.w; x++) {
            const uint8_t *p = bm.rgba + y * bm.stride + x * 4;
            yellow += p[3] == 255 && p[0] > 200 && p[1] > 200 && p[2] < 60;
            partial += p[3] > 0 && p[3] < 255;
        }
    }
    assert_true(yellow > 300);
    assert_true(partial > 0);
    /* Drawn at the output's size: text is bigger than at 320x240. */
    int r;
    AVFrame *f = render_at(sub, 2.0, 0, AV_PIX_FMT_RGB24, &r);
    struct bright b = count_bright(f);
    av_frame_free(&f);
    assert_true(bm.h > 2 * (b.max_y - b.min_y));
    assert_int_equal(mp_sub_render_overlay(sub, 3.5, 0, 960, 720, W, H, &bm), 0);
    assert_int_equal(bm.w, 0);
    assert_int_equal(mp_sub_render_overlay(sub, 2.0, 0, 0, 720, W, H, &bm), -1);
}

static void test_webvtt_file(void **state)
{
    static const char vtt[] = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>web</i> text\n\n";
    struct mp_sub *sub = sub_case_open(*state, "a.vtt", vtt, NULL);
    char *text = mp_sub_get_text(sub, 1.5);
    assert_non_null(text);
    assert_string_equal(text, "web text");
    free(text);
    assert_true(bright_at(sub, 1.5, AV_PIX_FMT_BGRA).count > 50);
    assert_int_equal(bright_at(sub, 2.5, AV_PIX_FMT_BGRA).count, 0);
}

/* On anamorphic video (wide pixels) glyphs are drawn narrower, so they are
 * round once the display stretches the frame. */
static void test_anamorphic_frame(void **state)
{
    struct mp_sub *sub = sub_case_open(*state, "a.srt", srt_text, NULL);
    struct bright square = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    AVFrame *f = black_frame(AV_PIX_FMT_RGB24);
    f->sample_aspect_ratio = (AVRational){2, 1};
    assert_int_equal(mp_sub_render(sub, 2.0, 0, f), 1);
    struct bright wide = count_bright(f);
    av_frame_free(&f);
    int sw = square.max_x - square.min_x, ww = wide.max_x - wide.min_x;
    assert_true(sw > 0);
    assert_true(ww < sw * 3 / 4);
    assert_true(ww > sw / 3);
    /* Same height: only the width is corrected. */
    assert_true(abs((wide.max_y - wide.min_y) - (square.max_y - square.min_y)) <= 2);
}

static void test_unsupported_format(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    assert_false(mp_sub_format_supported(AV_PIX_FMT_YUV444P));
    assert_true(mp_sub_format_supported(AV_PIX_FMT_YUV420P));
    AVFrame *f = new_frame(AV_PIX_FMT_YUV444P);
    assert_int_equal(mp_sub_render(sub, 0, 0, f), -1);
    av_frame_free(&f);
    mp_sub_free(sub);
}

static void test_subpos_moves_up(void **state)
{
    struct sub_case *c = *state;
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    struct mp_sub *sub = sub_case_open(c, "a.srt", srt_text, &o);
    struct bright bottom = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    o.subpos = 20;
    mp_sub_set_opts(sub, &o);
    struct bright up = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    assert_true(bottom.count > 0 && up.count > 0);
    assert_true(up.max_y < bottom.min_y);
    assert_true(up.max_y < H / 2);

    /* The option given at creation acts the same way. */
    sub = sub_case_reopen(c, &o);
    struct bright up2 = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    assert_int_equal(up2.min_y, up.min_y);
}

static void test_font_scale_changes_area(void **state)
{
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    o.text_scale = 3;
    struct mp_sub *sub = sub_case_open(*state, "a.srt", srt_text, &o);
    struct bright small = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    o.text_scale = 6;
    mp_sub_set_opts(sub, &o);
    struct bright big = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    assert_true(small.count > 0);
    assert_true(big.count > small.count * 2);
    assert_true(big.max_y - big.min_y > small.max_y - small.min_y);

    /* -ass-font-scale multiplies on top. */
    o.text_scale = 3;
    o.font_scale = 2;
    mp_sub_set_opts(sub, &o);
    struct bright scaled = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    assert_true(scaled.count > small.count * 2);
}

static void test_ass_styles_and_noass(void **state)
{
    struct sub_case *c = *state;
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    struct mp_sub *sub = sub_case_open(c, "a.ass", ass_text, &o);
    assert_int_equal(mp_sub_event_count(sub, 0), 1);
    char *text = mp_sub_get_text(sub, 1.5);
    assert_non_null(text);
    assert_string_equal(text, "Styled text");
    free(text);

    int r;
    AVFrame *f = render_at(sub, 1.5, 0, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 1);
    struct bright b = count_bright(f);
    /* The script's style: top of the frame, red. */
    assert_true(b.count > 100);
    assert_true(b.max_y < H / 2);
    int red = 0, green = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            const uint8_t *p = f->data[0] + y * f->linesize[0] + x * 3;
            red += p[0] > 200 && p[1] < 60;
            green += p[1] > 200;
        }
    }
    assert_true(red > 50);
    assert_int_equal(green, 0);
    av_frame_free(&f);
    f = render_at(sub, 0.5, 0, AV_PIX_FMT_YUV420P, &r);
    assert_int_equal(r, 0);
    assert_int_equal(count_changed(f), 0);
    av_frame_free(&f);

    /* -noass: the default style (bottom, yellow). */
    o.ass_styles = false;
    sub = sub_case_reopen(c, &o);
    f = render_at(sub, 1.5, 0, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 1);
    b = count_bright(f);
    assert_true(b.min_y > H / 2);
    int yellow = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            const uint8_t *p = f->data[0] + y * f->linesize[0] + x * 3;
            yellow += p[0] > 100 && p[1] > 100 && p[2] < 60;
        }
    }
    assert_true(yellow > b.count / 2);
    av_frame_free(&f);
}

static void test_subcp_latin1(void **state)
{
    struct sub_case *c = *state;
    static const char latin1[] = "1\n00:00:01,000 --> 00:00:03,000\nCaf\xe9 cr\xe8me\n\n";
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    o.charset = "latin1";
    struct mp_sub *sub = sub_case_open(c, "l1.srt", latin1, &o);
    char *text = mp_sub_get_text(sub, 2.0);
    assert_non_null(text);
    assert_string_equal(text, "Caf\xc3\xa9 cr\xc3\xa8me");
    free(text);
    assert_true(bright_at(sub, 2.0, AV_PIX_FMT_RGB24).count > 50);

    /* Without -subcp a file that is not UTF-8 is read as CP1252 (with a
     * warning) rather than refused by libavcodec and shown as nothing. */
    sub = sub_case_new(c, NULL);
    int t = mp_sub_add_file(sub, c->path);
    assert_true(t >= 0);
    assert_int_equal(mp_sub_event_count(sub, t), 1);
    assert_int_equal(mp_sub_select(sub, t), 0);
    text = mp_sub_get_text(sub, 2.0);
    assert_non_null(text);
    assert_string_equal(text, "Caf\xc3\xa9 cr\xc3\xa8me");
    free(text);
    /* -subcp utf-8 says the file is UTF-8: no guess, the bad event goes. */
    o.charset = "utf-8";
    sub = sub_case_new(c, &o);
    t = mp_sub_add_file(sub, c->path);
    assert_true(t >= 0);
    assert_int_equal(mp_sub_event_count(sub, t), 0);

    /* An unknown charset is an error, not a crash. */
    o.charset = "no-such-charset";
    sub = sub_case_new(c, &o);
    assert_int_equal(mp_sub_add_file(sub, c->path), -1);
    assert_int_equal(mp_sub_track_count(sub), 0);
}

/* Mux subs_name into a Matroska clip with codec scodec, feed its subtitle
 * packets to a new track. Returns the mp_sub with that track selected. */
static struct mp_sub *sub_from_mkv(const char *dir, const char *subs_path, const char *scodec,
                                   int *packets)
{
    char *clip = NULL, *mkv = NULL;
    assert_true(asprintf(&clip, "%s/clip.mkv", dir) > 0);
    assert_true(asprintf(&mkv, "%s/with-%s.mkv", dir, scodec) > 0);
    assert_int_equal(test_make_clip(clip, 5, 160, 120, 10, 0, "-c:v mpeg4"), 0);
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -i '%s' -map 0 "
                             "-map 1 -c:v copy -c:s %s '%s'",
                             clip, subs_path, scodec, mkv),
                     0);
    AVFormatContext *fmt = NULL;
    assert_int_equal(avformat_open_input(&fmt, mkv, NULL, NULL), 0);
    assert_true(avformat_find_stream_info(fmt, NULL) >= 0);
    int idx = av_find_best_stream(fmt, AVMEDIA_TYPE_SUBTITLE, -1, -1, NULL, 0);
    assert_true(idx >= 0);
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    AVStream *st = fmt->streams[idx];
    int t = mp_sub_add_stream(sub, st->codecpar, st->time_base);
    assert_int_equal(t, 0);
    assert_int_equal(mp_sub_select(sub, t), 0);
    AVPacket *pkt = av_packet_alloc();
    *packets = 0;
    while (av_read_frame(fmt, pkt) >= 0) {
        if (pkt->stream_index == idx) {
            assert_int_equal(mp_sub_decode_packet(sub, t, pkt), 0);
            /* A seek back delivers packets again: no duplicate events. */
            assert_int_equal(mp_sub_decode_packet(sub, t, pkt), 0);
            (*packets)++;
        }
        av_packet_unref(pkt);
    }
    av_packet_free(&pkt);
    avformat_close_input(&fmt);
    free(clip);
    free(mkv);
    return sub;
}

static void test_mkv_srt_track(void **state)
{
    struct sub_case *c = *state;
    int packets;
    c->sub = sub_from_mkv(c->dir, sub_case_write(c, "s.srt", srt_text), "srt", &packets);
    struct mp_sub *sub = c->sub;
    assert_int_equal(packets, 2);
    assert_int_equal(mp_sub_event_count(sub, 0), 2);
    char *text = mp_sub_get_text(sub, 4.2);
    assert_non_null(text);
    assert_string_equal(text, "Second line");
    free(text);
    struct bright b = bright_at(sub, 2.0, AV_PIX_FMT_YUV420P);
    assert_true(b.count > 100);
    assert_true(b.min_y > H / 2);
    int r;
    AVFrame *f = render_at(sub, 3.5, 0, AV_PIX_FMT_YUV420P, &r);
    assert_int_equal(r, 0);
    assert_int_equal(count_changed(f), 0);
    av_frame_free(&f);
}

static void test_mkv_ass_track(void **state)
{
    struct sub_case *c = *state;
    int packets;
    c->sub = sub_from_mkv(c->dir, sub_case_write(c, "s.ass", ass_text), "ass", &packets);
    struct mp_sub *sub = c->sub;
    assert_int_equal(packets, 1);
    assert_int_equal(mp_sub_event_count(sub, 0), 1);
    /* The script's top alignment survives muxing. */
    struct bright b = bright_at(sub, 2.0, AV_PIX_FMT_RGB24);
    assert_true(b.count > 100);
    assert_true(b.max_y < H / 2);
}

/* Bitmap codecs are tracks too (their drawing: test_sub_bitmap.c). */
static void test_bitmap_codec_accepted(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    AVCodecParameters *par = avcodec_parameters_alloc();
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_HDMV_PGS_SUBTITLE;
    assert_int_equal(mp_sub_add_stream(sub, par, (AVRational){1, 1000}), 0);
    assert_int_equal(mp_sub_track_count(sub), 1);
    assert_int_equal(mp_sub_event_count(sub, 0), 0);
    assert_int_equal(mp_sub_decode_packet(sub, 0, NULL), -1);
    assert_true(mp_sub_step_time(sub, 0, 1.0, 1) == 0);
    avcodec_parameters_free(&par);
    mp_sub_free(sub);
}

static void test_osd_text_expires(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    int r;
    AVFrame *f = render_at(sub, 0, 5, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);

    mp_sub_osd_set_text(sub, 1, "Paused", 10.0);
    assert_true(mp_sub_osd_changed(sub, 5));
    f = render_at(sub, 0, 5, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 1);
    struct bright b = count_bright(f);
    assert_true(b.count > 50);
    /* Messages sit at the top left. */
    assert_true(b.max_y < H / 2);
    av_frame_free(&f);
    assert_false(mp_sub_osd_changed(sub, 6));
    assert_true(mp_sub_osd_changed(sub, 10.5));

    f = render_at(sub, 0, 10.5, AV_PIX_FMT_YUV420P, &r);
    assert_int_equal(r, 0);
    assert_int_equal(count_changed(f), 0);
    av_frame_free(&f);

    /* -osdlevel 0 hides level-1 messages but not level-0 ones. */
    mp_sub_osd_set_level(sub, 0);
    mp_sub_osd_set_text(sub, 1, "Volume", 20.0);
    f = render_at(sub, 0, 15, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);
    mp_sub_osd_set_text(sub, 0, "osd_show_text {braces}\nsecond", 20.0);
    f = render_at(sub, 0, 15, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 1);
    av_frame_free(&f);
    mp_sub_osd_set_text(sub, 0, NULL, 0);
    f = render_at(sub, 0, 15, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);
    mp_sub_free(sub);
}

static void test_osd_bar(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    mp_sub_osd_set_bar(sub, MP_SUB_BAR_SEEK, 0.2, 10);
    struct bright low = {0};
    int r;
    AVFrame *f = render_at(sub, 0, 1, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 1);
    low = count_bright(f);
    av_frame_free(&f);
    mp_sub_osd_set_bar(sub, MP_SUB_BAR_SEEK, 0.9, 10);
    struct bright high = bright_at(sub, 0, AV_PIX_FMT_RGB24);
    /* bright_at renders at now = 0, still before `until`. */
    assert_true(high.count > low.count + 500);
    assert_true(low.min_y > H / 2);
    f = render_at(sub, 0, 11, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);
    /* Level 0: no bars. */
    mp_sub_osd_set_level(sub, 0);
    mp_sub_osd_set_bar(sub, MP_SUB_BAR_VOLUME, 0.5, 10);
    f = render_at(sub, 0, 1, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);
    mp_sub_osd_set_level(sub, 1);
    mp_sub_osd_set_bar(sub, MP_SUB_BAR_BALANCE, 0.5, 10);
    f = render_at(sub, 0, 1, AV_PIX_FMT_YUV420P, &r);
    assert_int_equal(r, 1);
    av_frame_free(&f);
    mp_sub_free(sub);
}

static void test_osd_level_timer(void **state)
{
    (void)state;
    struct mp_sub *sub = mp_sub_create(NULL);
    mp_sub_osd_set_time(sub, 83.4, 600, 25, false);
    int r;
    AVFrame *f = render_at(sub, 0, 1, AV_PIX_FMT_RGB24, &r);
    assert_int_equal(r, 0);
    av_frame_free(&f);
    mp_sub_osd_set_level(sub, 2);
    assert_int_equal(mp_sub_osd_level(sub), 2);
    struct bright l2 = bright_at(sub, 0, AV_PIX_FMT_RGB24);
    mp_sub_osd_set_level(sub, 3);
    struct bright l3 = bright_at(sub, 0, AV_PIX_FMT_RGB24);
    /* Level 3 adds " / 00:10:00". */
    assert_true(l2.count > 50);
    assert_true(l3.count > l2.count + 50);
    assert_true(l3.max_y < H / 2);
    mp_sub_osd_set_level(sub, 9);
    assert_int_equal(mp_sub_osd_level(sub), 3);
    mp_sub_free(sub);
}

/* Lit pixels of the level 2 timer at 83.4 s with -osd-fractions mode and
 * the frame rate fps. */
static int timer_pixels(int mode, double fps)
{
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    o.osd_level = 2;
    o.osd_fractions = mode;
    struct mp_sub *sub = mp_sub_create(&o);
    assert_non_null(sub);
    mp_sub_osd_set_time(sub, 83.4, 600, fps, false);
    struct bright b = bright_at(sub, 0, AV_PIX_FMT_RGB24);
    mp_sub_free(sub);
    return b.count;
}

/* "00:01:23" gains ".40" (hundredths) or ".10" (frame 10 of 25, MPlayer's
 * estimate); without a frame rate mode 2 shows whole seconds. */
static void test_osd_fractions(void **state)
{
    (void)state;
    int none = timer_pixels(0, 25);
    int hundredths = timer_pixels(1, 25);
    int frames = timer_pixels(2, 25);
    print_message("timer pixels: %d, %d with hundredths, %d with the frame\n", none,
                  hundredths, frames);
    assert_true(none > 50);
    assert_true(hundredths > none + 20);
    assert_true(frames > none + 20);
    assert_int_equal(timer_pixels(2, 0), none);
    assert_int_equal(timer_pixels(0, 0), none);
}

static void touch(const char *dir, const char *name)
{
    char *p = write_file(dir, name, "x", 1);
    free(p);
}

static void test_autoload(void **state)
{
    const char *dir = ((struct sub_case *)*state)->dir;
    const char *names[] = {"movie.mkv", "movie.srt", "Movie.en.ASS", "movie.part2.en.srt",
                           "other.srt", "movie.txt", "movie.vtt", "moviex.srt"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        touch(dir, names[i]);
    char *media = NULL;
    assert_true(asprintf(&media, "%s/movie.mkv", dir) > 0);
    char **c = mp_sub_autoload_candidates(media);
    assert_non_null(c);
    char *want[3];
    assert_true(asprintf(&want[0], "%s/movie.srt", dir) > 0);
    assert_true(asprintf(&want[1], "%s/movie.vtt", dir) > 0);
    assert_true(asprintf(&want[2], "%s/Movie.en.ASS", dir) > 0);
    for (int i = 0; i < 3; i++) {
        assert_non_null(c[i]);
        assert_string_equal(c[i], want[i]);
        free(want[i]);
    }
    assert_null(c[3]);
    mp_sub_free_candidates(c);

    char *lone = NULL;
    assert_true(asprintf(&lone, "%s/nothing.avi", dir) > 0);
    c = mp_sub_autoload_candidates(lone);
    assert_non_null(c);
    assert_null(c[0]);
    mp_sub_free_candidates(c);
    free(lone);
    free(media);
}

static void test_text_helpers(void **state)
{
    (void)state;
    char *s = sub_text_strip("{\\i1}a{\\i0}\\Nb\\hc{\\p1}m 0 0 l 1 1{\\p0}d");
    assert_string_equal(s, "a\nb cd");
    free(s);
    s = sub_text_plain_line("3,0,Fancy,Bob,0,0,0,,{\\pos(1,2)}Hi, there", true);
    assert_string_equal(s, "3,0,Default,Bob,0,0,0,,Hi, there");
    free(s);
    s = sub_text_plain_line("3,0,Fancy,,0,0,0,,{\\i1}Hi", false);
    assert_string_equal(s, "3,0,Default,,0,0,0,,{\\i1}Hi");
    free(s);
    assert_null(sub_text_plain_line("3,0,short", false));
    s = sub_text_append_escaped(strdup("x:"), "a{b}\nc");
    assert_string_equal(s, "x:a\\{b\\}\\Nc");
    free(s);
    size_t n = 0;
    s = sub_charset_to_utf8("latin1", "\xe9t\xe9", 3, &n);
    assert_string_equal(s, "\xc3\xa9t\xc3\xa9");
    assert_int_equal(n, 5);
    free(s);
}

#define SUB_CASE_TEST(f) cmocka_unit_test_setup_teardown(f, sub_case_setup, sub_case_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_helpers),
        SUB_CASE_TEST(test_srt_rgb_and_yuv),
        SUB_CASE_TEST(test_nv12_and_packed_yuv),
        SUB_CASE_TEST(test_overlay_rgba),
        SUB_CASE_TEST(test_webvtt_file),
        SUB_CASE_TEST(test_anamorphic_frame),
        cmocka_unit_test(test_unsupported_format),
        SUB_CASE_TEST(test_subpos_moves_up),
        SUB_CASE_TEST(test_font_scale_changes_area),
        SUB_CASE_TEST(test_ass_styles_and_noass),
        SUB_CASE_TEST(test_subcp_latin1),
        SUB_CASE_TEST(test_mkv_srt_track),
        SUB_CASE_TEST(test_mkv_ass_track),
        cmocka_unit_test(test_bitmap_codec_accepted),
        cmocka_unit_test(test_osd_text_expires),
        cmocka_unit_test(test_osd_bar),
        cmocka_unit_test(test_osd_level_timer),
        cmocka_unit_test(test_osd_fractions),
        SUB_CASE_TEST(test_autoload),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
