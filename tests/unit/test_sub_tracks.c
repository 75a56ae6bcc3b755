/*
 * Unit tests for sub/'s track bookkeeping behind run-time subtitle
 * selection: what a track is (stream id, language, path), removing tracks
 * with the selection following, sub_alignment on the default style, the
 * sub_step time shift, and the script header shared with the OSD.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <libavutil/frame.h>

#include "sub/sub.h"
#include "sub/sub_priv.h"
#include "test_srt.h"
#include "test_util.h"

#define W 320
#define H 240

static char *write_srt(const char *dir, const char *name)
{
    char *path = test_write_in(dir, name, srt_text, strlen(srt_text));
    assert_non_null(path);
    return path;
}

/* An embedded SubRip stream as the demuxer would describe it. */
static int add_srt_stream(struct mp_sub *sub)
{
    AVCodecParameters *par = avcodec_parameters_alloc();
    assert_non_null(par);
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_SUBRIP;
    int t = mp_sub_add_stream(sub, par, (AVRational){1, 1000});
    avcodec_parameters_free(&par);
    return t;
}

/* Rows holding pixels brighter than black after rendering at pts. */
static void bright_rows(struct mp_sub *sub, double pts, int *min_y, int *max_y)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->format = AV_PIX_FMT_RGB24;
    f->width = W;
    f->height = H;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    for (int y = 0; y < H; y++)
        memset(f->data[0] + y * f->linesize[0], 0, W * 3);
    assert_int_equal(mp_sub_render(sub, pts, 0, f), 1);
    *min_y = H;
    *max_y = -1;
    for (int y = 0; y < H; y++) {
        const uint8_t *row = f->data[0] + y * f->linesize[0];
        for (int x = 0; x < W * 3; x++) {
            if (row[x] > 100) {
                *min_y = y < *min_y ? y : *min_y;
                *max_y = y > *max_y ? y : *max_y;
                break;
            }
        }
    }
    av_frame_free(&f);
}

static void test_track_info_and_remove(void **state)
{
    (void)state;
    char *dir = test_mkdtemp();
    char *a = write_srt(dir, "a.srt");
    char *b = write_srt(dir, "b.srt");
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);

    int e = add_srt_stream(sub);
    assert_int_equal(e, 0);
    assert_int_equal(mp_sub_track_stream_id(sub, e), -1);
    assert_int_equal(mp_sub_set_track_info(sub, e, 3, "eng", "Commentary"), 0);
    assert_int_equal(mp_sub_add_file(sub, a), 1);
    assert_int_equal(mp_sub_add_file(sub, b), 2);

    assert_int_equal(mp_sub_track_stream_id(sub, 0), 3);
    assert_string_equal(mp_sub_track_lang(sub, 0), "eng");
    assert_string_equal(mp_sub_track_title(sub, 0), "Commentary");
    assert_null(mp_sub_track_path(sub, 0));
    assert_string_equal(mp_sub_track_path(sub, 1), a);
    assert_string_equal(mp_sub_track_path(sub, 2), b);
    assert_int_equal(mp_sub_track_stream_id(sub, 2), -1);
    assert_null(mp_sub_track_lang(sub, 2));
    assert_null(mp_sub_track_path(sub, 7));
    assert_int_equal(mp_sub_set_track_info(sub, 7, 0, NULL, NULL), -1);
    assert_true(mp_sub_track_plain(sub, 1));
    assert_false(mp_sub_track_plain(sub, 9));

    /* Removing a track before the selected one keeps the selection on
     * its track; removing the selected one turns subtitles off. */
    assert_int_equal(mp_sub_select(sub, 2), 0);
    assert_int_equal(mp_sub_remove_track(sub, 1), 0);
    assert_int_equal(mp_sub_track_count(sub), 2);
    assert_int_equal(mp_sub_selected(sub), 1);
    assert_string_equal(mp_sub_track_path(sub, 1), b);
    assert_int_equal(mp_sub_event_count(sub, 1), 2);
    assert_int_equal(mp_sub_remove_track(sub, 1), 0);
    assert_int_equal(mp_sub_selected(sub), -1);
    assert_int_equal(mp_sub_remove_track(sub, 1), -1);
    assert_int_equal(mp_sub_remove_track(sub, -1), -1);
    assert_int_equal(mp_sub_track_count(sub), 1);
    assert_int_equal(mp_sub_track_stream_id(sub, 0), 3);

    mp_sub_free(sub);
    free(a);
    free(b);
    test_rmdir(dir);
}

static void test_alignment(void **state)
{
    (void)state;
    char *dir = test_mkdtemp();
    char *a = write_srt(dir, "a.srt");
    struct mp_sub_opts o;
    mp_sub_opts_default(&o);
    assert_int_equal(o.alignment, 2);
    struct mp_sub *sub = mp_sub_create(&o);
    assert_non_null(sub);
    int t = mp_sub_add_file(sub, a);
    assert_int_equal(mp_sub_select(sub, t), 0);

    int bot0, bot1, top0, top1, mid0, mid1;
    bright_rows(sub, 2.0, &bot0, &bot1);
    assert_true(bot0 > H / 2);

    /* Changed on a loaded track: the default style moves. */
    o.alignment = 0;
    mp_sub_set_opts(sub, &o);
    assert_int_equal(mp_sub_get_opts(sub)->alignment, 0);
    bright_rows(sub, 2.0, &top0, &top1);
    assert_true(top1 < H / 2);
    o.alignment = 1;
    mp_sub_set_opts(sub, &o);
    bright_rows(sub, 2.0, &mid0, &mid1);
    assert_true(mid0 < H / 2 && mid1 > H / 2);
    assert_true(mid0 > top1 && mid1 < bot0);
    mp_sub_free(sub);

    /* Given at creation, a new track's header has it. */
    o.alignment = 0;
    sub = mp_sub_create(&o);
    assert_non_null(sub);
    t = mp_sub_add_file(sub, a);
    assert_int_equal(mp_sub_select(sub, t), 0);
    int c0, c1;
    bright_rows(sub, 2.0, &c0, &c1);
    assert_int_equal(c0, top0);
    assert_int_equal(c1, top1);
    mp_sub_free(sub);
    free(a);
    test_rmdir(dir);
}

static void test_step_time(void **state)
{
    (void)state;
    char *dir = test_mkdtemp();
    char *a = write_srt(dir, "a.srt");
    struct mp_sub *sub = mp_sub_create(NULL);
    assert_non_null(sub);
    int t = mp_sub_add_file(sub, a);
    assert_true(t >= 0);
    /* From 0.5 s the next event starts at 1 s, the one after at 4 s. */
    assert_true(fabs(mp_sub_step_time(sub, t, 0.5, 1) - 0.5) < 1e-6);
    assert_true(fabs(mp_sub_step_time(sub, t, 0.5, 2) - 3.5) < 1e-6);
    /* From 4.2 s (second event) one back is the first, at 1 s. */
    assert_true(fabs(mp_sub_step_time(sub, t, 4.2, -1) + 3.2) < 1e-6);
    /* Nothing after the last event: no shift. */
    assert_true(fabs(mp_sub_step_time(sub, t, 4.2, 1)) < 1e-6);
    assert_true(isnan(mp_sub_step_time(sub, 5, 1.0, 1)));
    assert_true(isnan(mp_sub_step_time(sub, t, NAN, 1)));
    mp_sub_free(sub);
    free(a);
    test_rmdir(dir);
}

static void test_shared_header(void **state)
{
    (void)state;
    const struct sub_ass_style st = {
        .name = "X",
        .font = "Serif",
        .size = 20,
        .primary = 0x0000FFFF,
        .secondary = 0x0000FFFF,
        .outline = 1.5,
        .alignment = 8,
        .margin_l = 1,
        .margin_r = 2,
        .margin_v = 3,
    };
    char *h = sub_ass_header(640, 480, &st);
    assert_non_null(h);
    assert_non_null(strstr(h, "PlayResX: 640\nPlayResY: 480\n"));
    assert_non_null(strstr(h, "Style: X,Serif,20.00,&H0000FFFF,&H0000FFFF,&H00000000,"
                              "&H00000000,0,0,0,0,100,100,0,0,1,1.50,0,8,1,2,3,1\n"));
    assert_non_null(strstr(h, "[Events]\nFormat: Layer, Start, End, Style,"));
    /* libass reads it: one style besides its own Default. */
    ASS_Library *lib = ass_library_init();
    assert_non_null(lib);
    ASS_Track *tr = ass_new_track(lib);
    assert_non_null(tr);
    ass_process_codec_private(tr, h, (int)strlen(h));
    int found = -1;
    for (int i = 0; i < tr->n_styles; i++) {
        if (tr->styles[i].Name && !strcmp(tr->styles[i].Name, "X"))
            found = i;
    }
    assert_true(found >= 0);
    assert_int_equal(tr->styles[found].Alignment, VALIGN_TOP | HALIGN_CENTER);
    assert_int_equal(tr->styles[found].MarginV, 3);
    ass_free_track(tr);
    ass_library_done(lib);
    free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_track_info_and_remove),
        cmocka_unit_test(test_alignment),
        cmocka_unit_test(test_step_time),
        cmocka_unit_test(test_shared_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
