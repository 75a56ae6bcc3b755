/*
 * Unit tests for libvo (-vo lists, null, png) and common/subopt.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <sys/stat.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/video_out.h"
#include "test_util.h"

/* An rgb24 frame whose bytes depend on (x, y, seed). */
static AVFrame *make_frame(int w, int h, int seed)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->width = w;
    f->height = h;
    f->format = AV_PIX_FMT_RGB24;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w * 3; x++)
            f->data[0][y * f->linesize[0] + x] = (uint8_t)(x * 7 + y * 13 + seed * 101);
    }
    return f;
}

/* Entries of dir (without . and ..); hidden counts those starting '.'. */
static int count_entries(const char *dir, int *hidden)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    if (hidden)
        *hidden = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        n++;
        if (e->d_name[0] == '.' && hidden)
            (*hidden)++;
    }
    closedir(d);
    return n;
}

/* Decode a PNG file with libavcodec; the frame is the caller's. */
static AVFrame *decode_png(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    assert_true(size > 8);
    AVPacket *pkt = av_packet_alloc();
    assert_int_equal(av_new_packet(pkt, (int)size), 0);
    assert_int_equal(fread(pkt->data, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    assert_memory_equal(pkt->data, "\x89PNG\r\n\x1a\n", 8);

    const AVCodec *codec = avcodec_find_decoder(AV_CODEC_ID_PNG);
    assert_non_null(codec);
    AVCodecContext *dec = avcodec_alloc_context3(codec);
    assert_non_null(dec);
    assert_int_equal(avcodec_open2(dec, codec, NULL), 0);
    AVFrame *frame = av_frame_alloc();
    assert_int_equal(avcodec_send_packet(dec, pkt), 0);
    assert_int_equal(avcodec_receive_frame(dec, frame), 0);
    av_packet_free(&pkt);
    avcodec_free_context(&dec);
    return frame;
}

static void assert_same_image(const AVFrame *a, const AVFrame *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->format, b->format);
    for (int y = 0; y < a->height; y++) {
        assert_memory_equal(a->data[0] + y * a->linesize[0], b->data[0] + y * b->linesize[0],
                            (size_t)a->width * 3);
    }
}

static bool exists(const char *dir, const char *name)
{
    char *p = NULL;
    assert_true(asprintf(&p, "%s/%s", dir, name) > 0);
    struct stat st;
    bool r = stat(p, &st) == 0;
    free(p);
    return r;
}

static void test_png_roundtrip(void **state)
{
    char *tmp = test_mkdtemp();
    assert_non_null(tmp);
    char *outdir = NULL, *spec = NULL;
    assert_true(asprintf(&outdir, "%s/shots", tmp) > 0);
    assert_true(asprintf(&spec, "png:outdir=%s:z=6", outdir) > 0);

    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, spec), 0);
    assert_string_equal(vo_name(vo), "png");
    assert_false(vo_has_window(vo)); /* a redraw would write one more file */
    /* The folder is made at open, before any frame. */
    assert_int_equal(count_entries(outdir, NULL), 0);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_YUV420P), AV_PIX_FMT_RGB24);
    assert_int_equal(vo_config(vo, 64, 48, 64, 48, AV_PIX_FMT_RGB24), 0);
    AVFrame *frames[3];
    for (int n = 0; n < 3; n++) {
        frames[n] = make_frame(64, 48, n);
        assert_int_equal(vo_draw(vo, frames[n]), 0);
    }
    assert_int_equal(vo_frames_drawn(vo), 3);
    assert_int_equal(vo_close(vo), 0);

    int hidden = -1;
    assert_int_equal(count_entries(outdir, &hidden), 3);
    assert_int_equal(hidden, 0);
    assert_true(exists(outdir, "00000001.png"));
    assert_true(exists(outdir, "00000003.png"));
    assert_false(exists(outdir, "00000004.png"));
    for (int n = 0; n < 3; n++) {
        char *path = NULL;
        assert_true(asprintf(&path, "%s/%08d.png", outdir, n + 1) > 0);
        AVFrame *back = decode_png(path);
        assert_same_image(frames[n], back);
        av_frame_free(&back);
        av_frame_free(&frames[n]);
        free(path);
    }
    free(spec);
    free(outdir);
    test_rmdir(tmp);
}

static void test_png_prefix_and_resize(void **state)
{
    char *tmp = test_mkdtemp();
    char *spec = NULL;
    assert_true(asprintf(&spec, "png:prefix=shot_:outdir=%s", tmp) > 0);
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, spec), 0);
    assert_int_equal(vo_config(vo, 16, 16, 16, 16, AV_PIX_FMT_RGB24), 0);
    AVFrame *a = make_frame(16, 16, 1);
    assert_int_equal(vo_draw(vo, a), 0);
    /* A frame of another size than configured is refused, not written. */
    AVFrame *b = make_frame(32, 8, 2);
    assert_int_equal(vo_draw(vo, b), -VO_ERR_INIT);
    /* Reconfigured, the new size is written. */
    assert_int_equal(vo_config(vo, 32, 8, 32, 8, AV_PIX_FMT_RGB24), 0);
    assert_int_equal(vo_draw(vo, b), 0);
    /* png takes rgb24 only (no alpha suboption). */
    assert_int_equal(vo_config(vo, 32, 8, 32, 8, AV_PIX_FMT_YUV420P), -VO_ERR_INIT);
    assert_int_equal(vo_draw(vo, b), -VO_ERR_INIT);
    assert_int_equal(vo_close(vo), 0);

    assert_int_equal(count_entries(tmp, NULL), 2);
    char *path = NULL;
    assert_true(asprintf(&path, "%s/shot_00000002.png", tmp) > 0);
    AVFrame *back = decode_png(path);
    assert_same_image(b, back);
    av_frame_free(&back);
    av_frame_free(&a);
    av_frame_free(&b);
    free(path);
    free(spec);
    test_rmdir(tmp);
}

static void test_png_outdir_impossible(void **state)
{
    struct vo *vo = NULL;
    /* Under a regular file: fails for root too. */
    assert_int_equal(vo_open(&vo, "png:outdir=/etc/passwd/x"), -VO_ERR_INIT);
    assert_null(vo);
    assert_int_equal(vo_open(&vo, "png:outdir=/etc/passwd"), -VO_ERR_INIT);
    assert_null(vo);
    /* One level only: a missing parent is an error. */
    char *tmp = test_mkdtemp();
    char *spec = NULL;
    assert_true(asprintf(&spec, "png:outdir=%s/a/b", tmp) > 0);
    assert_int_equal(vo_open(&vo, spec), -VO_ERR_INIT);
    assert_int_equal(count_entries(tmp, NULL), 0);
    /* ... but a fallback after it still opens. */
    free(spec);
    assert_true(asprintf(&spec, "png:outdir=%s/a/b,null", tmp) > 0);
    assert_int_equal(vo_open(&vo, spec), 0);
    assert_string_equal(vo_name(vo), "null");
    assert_false(vo_has_window(vo));
    assert_int_equal(vo_close(vo), 0);
    free(spec);
    test_rmdir(tmp);
}

static void test_png_write_failure(void **state)
{
    char *tmp = test_mkdtemp();
    char *outdir = NULL, *spec = NULL;
    assert_true(asprintf(&outdir, "%s/shots", tmp) > 0);
    assert_true(asprintf(&spec, "png:outdir=%s", outdir) > 0);
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, spec), 0);
    assert_int_equal(vo_config(vo, 16, 16, 16, 16, AV_PIX_FMT_RGB24), 0);
    AVFrame *f = make_frame(16, 16, 0);
    assert_int_equal(vo_draw(vo, f), 0);
    /* Replace the folder by a regular file: every later write fails, for
     * root as well. */
    assert_int_equal(test_sh("rm -rf '%s' && : > '%s'", outdir, outdir), 0);
    assert_int_equal(vo_draw(vo, f), -VO_ERR_WRITE);
    assert_int_equal(vo_frames_drawn(vo), 1);
    assert_int_equal(vo_close(vo), -VO_ERR_WRITE);
    assert_int_equal(count_entries(tmp, NULL), 1);
    av_frame_free(&f);
    free(spec);
    free(outdir);
    test_rmdir(tmp);
}

static void test_vo_lists(void **state)
{
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, "nosuchdriver"), -VO_ERR_UNKNOWN);
    assert_null(vo);
    assert_int_equal(vo_open(&vo, "nosuch1,nosuch2"), -VO_ERR_UNKNOWN);
    assert_int_equal(vo_open(&vo, "png:bogus=1"), -VO_ERR_OPTION);
    assert_int_equal(vo_open(&vo, "png:z=10"), -VO_ERR_OPTION);
    assert_int_equal(vo_open(&vo, "png:z=x"), -VO_ERR_OPTION);
    assert_int_equal(vo_open(&vo, "png:z"), -VO_ERR_OPTION);
    assert_int_equal(vo_open(&vo, "null:flag"), -VO_ERR_OPTION);
    assert_int_equal(vo_open(&vo, "png:outdir=\"unclosed"), -VO_ERR_OPTION);
    assert_null(vo);

    /* The first that opens wins; unknown names are skipped. */
    assert_int_equal(vo_open(&vo, "nosuchdriver,null"), 0);
    assert_string_equal(vo_name(vo), "null");
    vo_abort(vo);

    /* Trailing comma or empty item: then any available (never png). */
    const char *any[] = {"nosuchdriver,", "png:bogus=1,", ",", "", NULL};
    for (int n = 0; n < 5; n++) {
        vo = NULL;
        assert_int_equal(vo_open(&vo, any[n]), 0);
        assert_string_equal(vo_name(vo), "null");
        assert_int_equal(vo_close(vo), 0);
    }
    /* png:alpha asks for rgba. */
    char *tmp = test_mkdtemp();
    char *spec = NULL;
    assert_true(asprintf(&spec, "png:alpha:outdir=%s", tmp) > 0);
    assert_int_equal(vo_open(&vo, spec), 0);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_RGB24), AV_PIX_FMT_RGBA);
    assert_int_equal(vo_config(vo, 4, 4, 4, 4, AV_PIX_FMT_RGB24), -VO_ERR_INIT);
    assert_int_equal(vo_config(vo, 4, 4, 4, 4, AV_PIX_FMT_RGBA), 0);
    assert_int_equal(vo_close(vo), 0);
    free(spec);
    test_rmdir(tmp);

    /* Without the comma there is no fallback. */
    assert_int_equal(vo_open(&vo, "png:bogus=1"), -VO_ERR_OPTION);
}

static void test_null_any_format(void **state)
{
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, "null"), 0);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_YUV420P), AV_PIX_FMT_YUV420P);
    AVFrame *f = make_frame(8, 8, 0);
    /* Drawing before configuring is refused. */
    assert_int_equal(vo_draw(vo, f), -VO_ERR_INIT);
    assert_int_equal(vo_config(vo, 0, 8, 0, 0, AV_PIX_FMT_RGB24), -VO_ERR_INIT);
    assert_int_equal(vo_config(vo, 8, 8, 0, 0, AV_PIX_FMT_RGB24), 0);
    assert_int_equal(vo_draw(vo, f), 0);
    assert_int_equal(vo_draw(vo, f), 0);
    assert_int_equal(vo_frames_drawn(vo), 2);
    assert_int_equal(vo_close(vo), 0);
    av_frame_free(&f);
}

struct sub_test {
    int z;
    bool fast;
    char *name;
};

static const struct subopt sub_test_opts[] = {
    {"z", SUBOPT_INT, offsetof(struct sub_test, z), -3, 9},
    {"fast", SUBOPT_FLAG, offsetof(struct sub_test, fast), 0, 0},
    {"name", SUBOPT_STRING, offsetof(struct sub_test, name), 0, 0},
    {0},
};

static void test_subopt_parse(void **state)
{
    struct sub_test t = {0};
    assert_int_equal(subopt_parse("z=-3:fast:name=a", sub_test_opts, &t, MSGT_VO, "t"), 0);
    assert_int_equal(t.z, -3);
    assert_true(t.fast);
    assert_string_equal(t.name, "a");
    /* Later values replace earlier ones; "no" clears a flag. */
    assert_int_equal(subopt_parse("name=b:nofast", sub_test_opts, &t, MSGT_VO, "t"), 0);
    assert_string_equal(t.name, "b");
    assert_false(t.fast);
    /* Values with ':' or ',' are quoted or %n%-counted. */
    assert_int_equal(subopt_parse("name=%5%a:b,c:z=2", sub_test_opts, &t, MSGT_VO, "t"), 0);
    assert_string_equal(t.name, "a:b,c");
    assert_int_equal(t.z, 2);
    assert_int_equal(subopt_parse("name=\"x:y\"", sub_test_opts, &t, MSGT_VO, "t"), 0);
    assert_string_equal(t.name, "x:y");
    assert_int_equal(subopt_parse("name=", sub_test_opts, &t, MSGT_VO, "t"), 0);
    assert_string_equal(t.name, "");

    assert_int_equal(subopt_parse("z=10", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("z=1x", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("z=", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("fast=1", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("noz", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("name", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("other", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("name=%9%ab", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(subopt_parse("name=\"ab\"c", sub_test_opts, &t, MSGT_VO, "t"), -1);
    assert_int_equal(t.z, 2);
    subopt_free(sub_test_opts, &t);
    assert_null(t.name);
}

static void test_subopt_list(void **state)
{
    struct subopt_list l;
    assert_int_equal(subopt_list_parse(&l, "a:x=%3%1,2:y,b,", MSGT_VO, "t"), 0);
    assert_int_equal(l.count, 3);
    assert_string_equal(l.items[0].name, "a");
    assert_string_equal(l.items[0].args, "x=%3%1,2:y");
    assert_string_equal(l.items[1].name, "b");
    assert_string_equal(l.items[1].args, "");
    assert_string_equal(l.items[2].name, "");
    subopt_list_free(&l);

    assert_int_equal(subopt_list_parse(&l, NULL, MSGT_VO, "t"), 0);
    assert_int_equal(l.count, 1);
    assert_string_equal(l.items[0].name, "");
    subopt_list_free(&l);

    assert_int_equal(subopt_list_parse(&l, "a:x=\"1,2\",b", MSGT_VO, "t"), 0);
    assert_int_equal(l.count, 2);
    assert_string_equal(l.items[0].args, "x=\"1,2\"");
    subopt_list_free(&l);

    assert_int_equal(subopt_list_parse(&l, "a:x=\"1,2", MSGT_VO, "t"), -1);
    assert_int_equal(l.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_roundtrip),
        cmocka_unit_test(test_png_prefix_and_resize),
        cmocka_unit_test(test_png_outdir_impossible),
        cmocka_unit_test(test_png_write_failure),
        cmocka_unit_test(test_vo_lists),
        cmocka_unit_test(test_null_any_format),
        cmocka_unit_test(test_subopt_parse),
        cmocka_unit_test(test_subopt_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
