/*
 * Unit tests for the parsing of MPlayer 1.5's demuxer and A/V options of
 * issue 17: -lavfdopts, -rawvideo, -format, -noaspect, -swsopts, -tsprog.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "options/options.h"

/* What the player gives the parser (player/core.c). */
static const struct mp_opt_checks checks = {
    .swsopts = mp_sws_check_opts,
    .filter_list_edit = mp_filter_list_edit,
};

static int setup(void **state)
{
    struct MPOpts *o = calloc(1, sizeof(*o));
    if (!o)
        return -1;
    mp_opts_init(o);
    o->checks = &checks;
    mp_msg_set_default_level(MSGL_FATAL); /* the bad values below print */
    *state = o;
    return 0;
}

static int teardown(void **state)
{
    mp_opts_free(*state);
    free(*state);
    mp_msg_reset();
    return 0;
}

static void test_lavfdopts(void **state)
{
    struct MPOpts *o = *state;
    assert_int_equal(o->lavfdopts_probesize, 0);
    assert_true(o->lavfdopts_analyzeduration < 0);
    assert_int_equal(mp_set_option(o, "lavfdopts", "probesize=64k:analyzeduration=2.5:"
                                   "format=mpegts:cryptokey=00ff:o=fflags=+genpts,foo=1"),
                     MP_OPT_OK);
    assert_int_equal(o->lavfdopts_probesize, 65536);
    assert_true(o->lavfdopts_analyzeduration == 2.5);
    assert_string_equal(o->lavfdopts_format, "mpegts");
    assert_string_equal(o->lavfdopts_cryptokey, "00ff");
    assert_string_equal(o->lavfdopts_avopts, "fflags=+genpts,foo=1");
    /* A later value replaces only what it names. */
    assert_int_equal(mp_set_option(o, "lavfdopts", "probesize=100"), MP_OPT_OK);
    assert_int_equal(o->lavfdopts_probesize, 100);
    assert_string_equal(o->lavfdopts_format, "mpegts");
    /* Bad values change nothing, not even the good ones before them. */
    const char *bad[] = {
        "probesize=31", "probesize=x", "analyzeduration=-1", "cryptokey=abc",
        "cryptokey=zz", "o=novalue", "format=", "nosuch=1", "format=avi:probesize=1",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_int_equal(mp_set_option(o, "lavfdopts", bad[i]), MP_OPT_ERROR);
    assert_int_equal(o->lavfdopts_probesize, 100);
    assert_string_equal(o->lavfdopts_format, "mpegts");
}

static void test_rawvideo(void **state)
{
    struct MPOpts *o = *state;
    assert_int_equal(o->rawvideo_pixfmt, -1);
    assert_int_equal(mp_set_option(o, "rawvideo", "cif:fps=29.97:yv12"), MP_OPT_OK);
    assert_int_equal(o->rawvideo_w, 352);
    assert_int_equal(o->rawvideo_h, 288);
    assert_true(o->rawvideo_fps == 29.97);
    assert_int_equal(o->rawvideo_pixfmt, AV_PIX_FMT_YUV420P);
    assert_true(o->rawvideo_swap_uv);
    /* Sizes by name, then w= / h= over them; formats three ways. */
    static const struct {
        const char *arg;
        int w, h;
        const char *pixfmt;
        bool swap;
    } cases[] = {
        {"sqcif:i420", 128, 96, "yuv420p", false},
        {"16cif:format=yuy2", 1408, 1152, "yuyv422", false},
        {"ntsc:w=700:uyvy", 700, 480, "uyvy422", false},
        {"sif:format=0x32315659", 352, 240, "yuv420p", true},
        {"qcif:format=yuv420p10le", 176, 144, "yuv420p10le", false},
        {"4cif:y8", 704, 576, "gray", false},
        {"pal:bgr16", 720, 576, "rgb565le", false},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        assert_int_equal(mp_set_option(o, "rawvideo", cases[i].arg), MP_OPT_OK);
        assert_int_equal(o->rawvideo_w, cases[i].w);
        assert_int_equal(o->rawvideo_h, cases[i].h);
        assert_string_equal(av_get_pix_fmt_name(o->rawvideo_pixfmt), cases[i].pixfmt);
        assert_int_equal(o->rawvideo_swap_uv, cases[i].swap);
    }
    assert_int_equal(mp_set_option(o, "rawvideo", "size=1000"), MP_OPT_OK);
    assert_int_equal(o->rawvideo_size, 1000);
    const char *bad[] = {
        "w=0", "h=99999", "fps=0", "fps=x", "format=nosuch", "format=0x12345678",
        "size=0", "cif=1", "nosuch",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_int_equal(mp_set_option(o, "rawvideo", bad[i]), MP_OPT_ERROR);
    assert_int_equal(o->rawvideo_w, 720);
}

static void test_av_options(void **state)
{
    struct MPOpts *o = *state;
    assert_int_equal(mp_set_option(o, "format", "floatle"), MP_OPT_OK);
    assert_string_equal(o->audio_format, "floatle");
    assert_int_equal(mp_set_option(o, "format", "s16"), MP_OPT_OK);
    assert_int_equal(mp_set_option(o, "format", "mulaw"), MP_OPT_ERROR);
    assert_string_equal(o->audio_format, "s16");
    /* -noaspect and -aspect: the last wins. */
    assert_int_equal(mp_set_option(o, "aspect", "16:9"), MP_OPT_OK);
    assert_int_equal(mp_set_option(o, "noaspect", NULL), MP_OPT_OK);
    assert_true(o->aspect < 0);
    assert_int_equal(mp_set_option(o, "aspect", "2"), MP_OPT_OK);
    assert_true(o->aspect == 2);
    assert_int_equal(mp_set_option(o, "swsopts", "param0=1:param1=2"), MP_OPT_OK);
    assert_string_equal(o->swsopts, "param0=1:param1=2");
    assert_int_equal(mp_set_option(o, "swsopts", "nosuch=1"), MP_OPT_ERROR);
    assert_int_equal(mp_set_option(o, "swsopts", "param0"), MP_OPT_ERROR);
    /* Without the player's checks the parser knows no scaler nor filter
     * syntax: the value is taken as given, a list cannot be edited. */
    o->checks = NULL;
    assert_int_equal(mp_set_option(o, "swsopts", "nosuch=1"), MP_OPT_OK);
    assert_int_equal(mp_set_option(o, "vf", "flip"), MP_OPT_OK);
    assert_int_equal(mp_set_option(o, "vf-add", "mirror"), MP_OPT_ERROR);
    o->checks = &checks;
    assert_int_equal(mp_set_option(o, "vf-add", "mirror"), MP_OPT_OK);
    assert_string_equal(o->vf, "flip,mirror");
    assert_int_equal(mp_set_option(o, "tsprog", "0"), MP_OPT_ERROR);
    assert_int_equal(mp_set_option(o, "tsprog", "65534"), MP_OPT_OK);
    assert_true(o->ts_keep_broken);
    assert_int_equal(mp_set_option(o, "notskeepbroken", NULL), MP_OPT_OK);
    assert_false(o->ts_keep_broken);
}

/* The scaler settings libswscale takes, and the texts made of them. */
static void test_sws_opts_set(void **state)
{
    (void)state;
    struct mp_sws_opts o;
    memset(&o, 'x', sizeof(o));
    assert_int_equal(mp_sws_opts_set(&o, -1, NULL), 0);
    assert_null(mp_sws_graph_opts(&o));
    assert_string_equal(o.ctx, "");
    assert_null(mp_sws_graph_opts(NULL));
    assert_int_equal(mp_sws_opts_set(&o, 4, NULL), 0);
    assert_string_equal(mp_sws_graph_opts(&o), "flags=neighbor");
    assert_string_equal(o.ctx, "sws_flags=neighbor");
    assert_int_equal(mp_sws_opts_set(&o, 9, "param0=3"), 0);
    assert_string_equal(mp_sws_graph_opts(&o), "flags=lanczos:param0=3");
    assert_string_equal(o.ctx, "sws_flags=lanczos:param0=3");
    assert_int_equal(mp_sws_opts_set(&o, 11, NULL), -1);
    assert_int_equal(mp_sws_opts_set(&o, 2, "nosuch=1"), -1);
    assert_string_equal(mp_sws_graph_opts(&o), "flags=lanczos:param0=3");
    /* Two values are independent: setting one leaves the other. */
    struct mp_sws_opts other = {0};
    assert_int_equal(mp_sws_opts_set(&other, 0, NULL), 0);
    assert_string_equal(mp_sws_graph_opts(&other), "flags=fast_bilinear");
    assert_string_equal(mp_sws_graph_opts(&o), "flags=lanczos:param0=3");
    assert_int_equal(mp_sws_opts_set(&o, -1, NULL), 0);
    assert_null(mp_sws_graph_opts(&o));
    assert_string_equal(mp_sws_graph_opts(&other), "flags=fast_bilinear");
    /* Options alone keep the default scaler, named. */
    assert_int_equal(mp_sws_opts_set(&o, -1, "param0=3"), 0);
    assert_string_equal(mp_sws_graph_opts(&o), "flags=bicubic:param0=3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lavfdopts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rawvideo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_av_options, setup, teardown),
        cmocka_unit_test(test_sws_opts_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
