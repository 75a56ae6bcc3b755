/*
 * Unit tests for options/: value parsers, the command line, config files,
 * includes, -noconfig and the messages printed for bad input.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "common/mp_msg.h"
#include "options/options.h"
#include "test_util.h"

/* Each test gets a fresh MPLAYER_HOME so no real user config is read. */
struct fixture {
    char *home;
    struct MPOpts o;
    struct mp_cmdline_files files;
};

static int setup(void **state)
{
    struct fixture *fx = calloc(1, sizeof(*fx));
    if (!fx)
        return -1;
    fx->home = test_mkdtemp();
    if (!fx->home)
        return -1;
    setenv("MPLAYER_HOME", fx->home, 1);
    mp_opts_init(&fx->o);
    mp_msg_reset();
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *fx = *state;
    mp_opts_free(&fx->o);
    mp_cmdline_files_free(&fx->files);
    test_rmdir(fx->home);
    free(fx);
    mp_msg_reset();
    return 0;
}

/* Run mp_parse_command_line on "mplayer" + the NULL-terminated args. */
static int parse_argv(struct fixture *fx, const char *first, va_list va)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"mplayer";
    for (const char *a = first; a; a = va_arg(va, const char *)) {
        assert_true(argc < 63);
        argv[argc++] = (char *)a;
    }
    argv[argc] = NULL;
    return mp_parse_command_line(&fx->o, &fx->files, argc, argv);
}

static int parse(struct fixture *fx, const char *first, ...)
{
    va_list va;
    va_start(va, first);
    int r = parse_argv(fx, first, va);
    va_end(va);
    return r;
}

/* Capture what goes to stderr (errors and warnings) during a call. */
struct capture {
    int saved;
    FILE *tmp;
};

static void cap_start(struct capture *c)
{
    fflush(stderr);
    c->tmp = tmpfile();
    assert_non_null(c->tmp);
    c->saved = dup(2);
    assert_true(c->saved >= 0);
    assert_true(dup2(fileno(c->tmp), 2) >= 0);
}

static char *cap_end(struct capture *c)
{
    fflush(stderr);
    dup2(c->saved, 2);
    close(c->saved);
    long n = ftell(c->tmp);
    assert_true(n >= 0);
    char *buf = calloc(1, (size_t)n + 1);
    assert_non_null(buf);
    rewind(c->tmp);
    size_t got = fread(buf, 1, (size_t)n, c->tmp);
    buf[got] = '\0';
    fclose(c->tmp);
    return buf;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Parse and expect MP_OPT_ERROR with exactly one message, equal to msg. */
static void expect_error(struct fixture *fx, const char *msg, const char *first, ...)
{
    struct capture cap;
    va_list va;
    va_start(va, first);
    cap_start(&cap);
    int r = parse_argv(fx, first, va);
    char *out = cap_end(&cap);
    va_end(va);
    assert_int_equal(r, MP_OPT_ERROR);
    assert_string_equal(out, msg);
    free(out);
}

static char *write_file(const char *dir, const char *name, const char *text)
{
    char *path = NULL;
    assert_true(asprintf(&path, "%s/%s", dir, name) > 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* ---- parsers ---- */

static void test_parse_size(void **state)
{
    int64_t v;
    assert_int_equal(mp_parse_size("4096", &v), 0);
    assert_int_equal(v, 4096);
    assert_int_equal(mp_parse_size("64k", &v), 0);
    assert_int_equal(v, 65536);
    assert_int_equal(mp_parse_size("64K", &v), 0);
    assert_int_equal(v, 65536);
    assert_int_equal(mp_parse_size("10kb", &v), 0);
    assert_int_equal(v, 10240);
    assert_int_equal(mp_parse_size("1M", &v), 0);
    assert_int_equal(v, 1 << 20);
    assert_int_equal(mp_parse_size("1.5M", &v), 0);
    assert_int_equal(v, 3 << 19);
    assert_int_equal(mp_parse_size("2G", &v), 0);
    assert_int_equal(v, INT64_C(2) << 30);
    assert_int_equal(mp_parse_size("10b", &v), 0);
    assert_int_equal(v, 10);
    assert_int_equal(mp_parse_size("0", &v), 0);
    assert_int_equal(v, 0);
    const char *bad[] = {"", "abc", "-1", "1x", "k", "1.M", "1 k", " 1", "99999999999G",
                         "99999999999999999999"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        v = 12345;
        assert_int_equal(mp_parse_size(bad[i], &v), -1);
        assert_int_equal(v, 12345);
    }
}

static void test_parse_time(void **state)
{
    double t;
    assert_int_equal(mp_parse_time("12.5", &t), 0);
    assert_float_equal(t, 12.5, 1e-9);
    assert_int_equal(mp_parse_time("1:02:03.5", &t), 0);
    assert_float_equal(t, 3723.5, 1e-9);
    assert_int_equal(mp_parse_time("02:03", &t), 0);
    assert_float_equal(t, 123, 1e-9);
    assert_int_equal(mp_parse_time("90", &t), 0);
    assert_float_equal(t, 90, 1e-9);
    assert_int_equal(mp_parse_time(".5", &t), 0);
    assert_float_equal(t, 0.5, 1e-9);
    assert_int_equal(mp_parse_time("100:00", &t), 0);
    assert_float_equal(t, 6000, 1e-9);
    const char *bad[] = {"", "abc", "-5", "1:2:3:4", "1:60", "1:60:00", ":5", "1::5", "5:",
                         "1e3", "inf", "nan", "0x10", "1.2.3", " 5", "5 "};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_int_equal(mp_parse_time(bad[i], &t), -1);
}

/* ---- command line ---- */

static void test_defaults(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", NULL), MP_OPT_OK);
    assert_true(fx->o.seek_start < 0);
    assert_true(fx->o.end_pos < 0);
    assert_true(fx->o.play_frames < 0);
    assert_int_equal(fx->o.loop, -1);
    assert_float_equal(fx->o.speed, 1.0, 0);
    assert_int_equal(fx->o.audio_id, -1);
    assert_int_equal(fx->o.video_id, -1);
    assert_int_equal(fx->o.sub_id, -1);
    assert_null(fx->o.vo);
    assert_null(fx->o.ao);
    assert_null(fx->o.demuxer);
    assert_int_equal(fx->o.stream_buffer_size, 0);
    assert_int_equal(fx->o.readahead_distance, 0);
    assert_false(fx->o.no_audio);
    assert_int_equal(fx->o.framedrop, 0);
    assert_int_equal(fx->files.num, 0);
}

static void test_flags(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-benchmark", "file1", "-shuffle",
                           "-nosound", "-novideo", "-cache-drop-behind", "-stream-stats",
                           "-identify", NULL),
                     MP_OPT_OK);
    assert_true(fx->o.benchmark);
    assert_true(fx->o.shuffle);
    assert_true(fx->o.no_audio);
    assert_true(fx->o.no_video);
    assert_true(fx->o.cache_drop_behind);
    assert_true(fx->o.stream_stats);
    assert_true(fx->o.identify);
    /* A flag does not eat the next argument. */
    assert_int_equal(fx->files.num, 1);
    assert_string_equal(fx->files.files[0].name, "file1");

    assert_int_equal(parse(fx, "-nobenchmark", "--no-shuffle", "-nosound=no",
                           "--cache-drop-behind=no", "-stream-stats=0", NULL),
                     MP_OPT_OK);
    assert_false(fx->o.benchmark);
    assert_false(fx->o.shuffle);
    assert_false(fx->o.no_audio);
    assert_false(fx->o.cache_drop_behind);
    assert_false(fx->o.stream_stats);
    assert_int_equal(parse(fx, "--benchmark=yes", "-shuffle=1", NULL), MP_OPT_OK);
    assert_true(fx->o.benchmark);
    assert_true(fx->o.shuffle);

    expect_error(fx, "Option -benchmark: expected yes or no, not 'maybe'\n",
                 "-benchmark=maybe", NULL);
    /* -no only negates flags. */
    expect_error(fx, "Unknown option on the command line: -noss\n", "-noss", "5", NULL);
}

static void test_framedrop_choices(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-framedrop", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 1);
    assert_int_equal(parse(fx, "-hardframedrop", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 2);
    assert_int_equal(parse(fx, "-noframedrop", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 0);
    assert_int_equal(parse(fx, "--hardframedrop=yes", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 2);
    assert_int_equal(parse(fx, "--no-hardframedrop", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 0);
}

static void test_ints(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-aid", "5", "-vid", "8190", "-sid", "-1",
                           "-loop", "0", "-frames", "10000000000", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.audio_id, 5);
    assert_int_equal(fx->o.video_id, 8190);
    assert_int_equal(fx->o.sub_id, -1);
    assert_int_equal(fx->o.loop, 0);
    assert_int_equal(fx->o.play_frames, INT64_C(10000000000));
    assert_int_equal(fx->files.num, 0);

    expect_error(fx, "Option -aid: value 8191 out of range -1..8190\n", "-aid", "8191", NULL);
    expect_error(fx, "Option -vid: value -2 out of range -1..8190\n", "-vid=-2", NULL);
    /* Integer bounds print as integers, however large (%g gave 4.1943e+06). */
    expect_error(fx, "Option -cache: value 99999999 out of range 0..4194304\n", "-cache",
                 "99999999", NULL);
    expect_error(fx, "Option -aid: invalid integer: 'abc'\n", "-aid", "abc", NULL);
    expect_error(fx, "Option -aid: invalid integer: '1.5'\n", "-aid", "1.5", NULL);
    expect_error(fx, "Option -loop: invalid integer: '99999999999'\n", "-loop",
                 "99999999999", NULL);
    expect_error(fx, "Option -frames: value -5 is below the minimum -1\n", "-frames", "-5", NULL);
    assert_int_equal(fx->o.audio_id, 5);
}

static void test_doubles_and_times(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-speed", "2.5", "-ss", "1:02:03.5",
                           "-endpos", "90", NULL),
                     MP_OPT_OK);
    assert_float_equal(fx->o.speed, 2.5, 1e-12);
    assert_float_equal(fx->o.seek_start, 3723.5, 1e-9);
    assert_float_equal(fx->o.end_pos, 90, 1e-9);
    assert_int_equal(parse(fx, "-speed", "0.01", "-endpos", "1:30", NULL), MP_OPT_OK);
    assert_float_equal(fx->o.speed, 0.01, 1e-12);
    assert_float_equal(fx->o.end_pos, 90, 1e-9);
    assert_int_equal(parse(fx, "-speed", "100", NULL), MP_OPT_OK);

    expect_error(fx, "Option -speed: value 500 out of range 0.01..100\n", "-speed", "500",
                 NULL);
    expect_error(fx, "Option -speed: value 0.001 out of range 0.01..100\n", "-speed",
                 "0.001", NULL);
    expect_error(fx, "Option -speed: invalid number: 'inf'\n", "-speed", "inf", NULL);
    expect_error(fx, "Option -speed: invalid number: '0x10'\n", "-speed", "0x10", NULL);
    expect_error(fx, "Option -ss: invalid time: 'abc'\n", "-ss", "abc", NULL);
    expect_error(fx, "Option -ss: invalid time: '-5'\n", "-ss", "-5", NULL);
    expect_error(fx, "Option -endpos: invalid time: '1:75'\n", "-endpos", "1:75", NULL);
    expect_error(fx, "Option -endpos: '10mb' is a byte size, which only mencoder supports; "
                 "give a time ([[hh:]mm:]ss[.ms])\n", "-endpos", "10mb", NULL);
    assert_float_equal(fx->o.speed, 100, 1e-12);
}

static void test_sizes(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-stream-buffer-size", "64k",
                           "-readahead-distance", "2G", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.stream_buffer_size, 65536);
    assert_int_equal(fx->o.readahead_distance, INT64_C(2) << 30);
    /* Honoured exactly, not rounded to a page or a power of two. */
    assert_int_equal(parse(fx, "--stream-buffer-size=1000", "-readahead-distance=0", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.stream_buffer_size, 1000);
    assert_int_equal(fx->o.readahead_distance, 0);
    assert_int_equal(parse(fx, "-stream-buffer-size", "16M", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.stream_buffer_size, 16 << 20);

    expect_error(fx, "Option -stream-buffer-size: value 0 out of range 1..16M\n",
                 "-stream-buffer-size", "0", NULL);
    expect_error(fx, "Option -stream-buffer-size: value 17M out of range 1..16M\n",
                 "-stream-buffer-size", "17M", NULL);
    expect_error(fx, "Option -readahead-distance: value 3G out of range 0..2G\n",
                 "-readahead-distance", "3G", NULL);
    expect_error(fx, "Option -readahead-distance: invalid size: '12q' "
                 "(bytes, or a number with k, M or G)\n",
                 "-readahead-distance", "12q", NULL);
}

static void test_strings_replaced(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-vo", "null", "-ao", "pcm:file=a.wav",
                           "-demuxer", "matroska", NULL),
                     MP_OPT_OK);
    assert_string_equal(fx->o.vo, "null");
    assert_string_equal(fx->o.ao, "pcm:file=a.wav");
    assert_string_equal(fx->o.demuxer, "matroska");
    /* Re-set frees the old value (the sanitizer build checks for leaks). */
    assert_int_equal(parse(fx, "--vo=png:outdir=/tmp/x:z=1", "-ao=null", NULL), MP_OPT_OK);
    assert_string_equal(fx->o.vo, "png:outdir=/tmp/x:z=1");
    assert_string_equal(fx->o.ao, "null");
}

/* MPlayer 1.5's everyday options (issue 17): -chapter ranges, -srate's
 * bounds, -fps, -x/-y, the dump options. */
static void test_mplayer_everyday_options(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-chapter", "2-4", "-srate", "48000",
                           "-fps", "29.97", "-x", "640", "-y", "360", "-dumpstream",
                           "-dumpfile", "x.bin", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.chapter_first, 2);
    assert_int_equal(fx->o.chapter_last, 4);
    assert_int_equal(fx->o.srate, 48000);
    assert_true(fx->o.fps > 29.96 && fx->o.fps < 29.98);
    assert_int_equal(fx->o.size_x, 640);
    assert_int_equal(fx->o.size_y, 360);
    assert_int_equal(fx->o.dump_mode, MP_DUMP_STREAM);
    assert_string_equal(fx->o.dumpfile, "x.bin");
    assert_int_equal(parse(fx, "-chapter", "3", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.chapter_first, 3);
    assert_int_equal(fx->o.chapter_last, 0);
    assert_int_equal(parse(fx, "-chapter", "5-", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.chapter_first, 5);
    assert_int_equal(fx->o.chapter_last, 0);
    expect_error(fx, "Option -chapter: invalid chapter range '0' (N, N-M or N-, from 1)\n",
                 "-chapter", "0", NULL);
    expect_error(fx, "Option -chapter: invalid chapter range '-2' (N, N-M or N-, from 1)\n",
                 "-chapter", "-2", NULL);
    expect_error(fx, "Option -chapter: chapter range '4-2' ends before it starts\n",
                 "-chapter", "4-2", NULL);
    expect_error(fx, "Option -srate: '999' is not a sample rate (1000..384000 Hz, or 0)\n",
                 "-srate", "999", NULL);
    expect_error(fx, "Option -srate: '48k' is not a sample rate (1000..384000 Hz, or 0)\n",
                 "-srate", "48k", NULL);
    expect_error(fx, "Option -fps: value 1001 out of range 0..1000\n", "-fps", "1001", NULL);
    expect_error(fx, "Option -x: invalid integer: '1.5'\n", "-x", "1.5", NULL);
    /* -rawaudio: suboptions left out keep their values. */
    assert_int_equal(parse(fx, "-rawaudio", "channels=1:rate=8000", NULL), MP_OPT_OK);
    assert_int_equal(parse(fx, "-rawaudio", "samplesize=1:format=0x1", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.rawaudio_channels, 1);
    assert_int_equal(fx->o.rawaudio_rate, 8000);
    assert_int_equal(fx->o.rawaudio_samplesize, 1);
    expect_error(fx, "Option -rawaudio: samplesize needs a number 1..4, not '5'\n",
                 "-rawaudio", "samplesize=5", NULL);
    assert_int_equal(fx->o.rawaudio_samplesize, 1);
    /* The last dump option wins, as in MPlayer. */
    assert_int_equal(parse(fx, "-dumpvideo", "-dumpaudio", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.dump_mode, MP_DUMP_AUDIO);
    assert_int_equal(parse(fx, "-nodumpaudio", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.dump_mode, MP_DUMP_NONE);
}

static void test_files_in_order(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "a.mkv", "-ss", "1", "b.mp4", "-playlist",
                           "list.txt", "--playlist=l2", "c.ogg", "-", "--", "-ss", "--",
                           "-nosound", NULL),
                     MP_OPT_OK);
    const char *names[] = {"a.mkv", "b.mp4", "list.txt", "l2", "c.ogg", "-", "-ss", "--",
                           "-nosound"};
    const bool playlist[] = {false, false, true, true, false, false, false, false, false};
    assert_int_equal(fx->files.num, 9);
    for (int i = 0; i < 9; i++) {
        assert_string_equal(fx->files.files[i].name, names[i]);
        assert_int_equal(fx->files.files[i].is_playlist, playlist[i]);
    }
    assert_false(fx->o.no_audio);
    assert_float_equal(fx->o.seek_start, 1, 0);
}

static void test_param_taken_verbatim(void **state)
{
    struct fixture *fx = *state;
    /* "-name value" takes the next argument even when it starts with '-'. */
    assert_int_equal(parse(fx, "-noconfig", "all", "-aid", "-1", "-vo", "-", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.audio_id, -1);
    assert_string_equal(fx->o.vo, "-");
    assert_int_equal(fx->files.num, 0);
}

static void test_errors(void **state)
{
    struct fixture *fx = *state;
    expect_error(fx, "Unknown option on the command line: -foo\n", "-noconfig", "all", "-foo",
                 NULL);
    expect_error(fx, "Unknown option on the command line: --foo\n", "--foo=3", NULL);
    expect_error(fx, "Option -ss needs a parameter\n", "file", "-ss", NULL);
    expect_error(fx, "Option -playlist needs a parameter\n", "-playlist", NULL);
    expect_error(fx, "Option -msglevel: invalid message levels: 'nosuch=3' "
                 "(module=level:..., level -1..10)\n", "-msglevel", "nosuch=3", NULL);
    expect_error(fx, "Option -noconfig: invalid value 'some' (all, gui, system or user)\n",
                 "-noconfig", "some", NULL);
    expect_error(fx, "Option -lavdopts: threads needs a number 0..64 (0 = auto), not 'x'\n",
                 "-lavdopts", "threads=x", NULL);
}

static void test_informational_exit(void **state)
{
    struct fixture *fx = *state;
    /* The printing goes to stdout; only the result matters here. */
    mp_msg_set_default_level(MSGL_WARN);
    assert_int_equal(parse(fx, "-noconfig", "all", "-list-options", NULL), MP_OPT_EXIT);
    assert_int_equal(parse(fx, "-h", NULL), MP_OPT_EXIT);
    assert_int_equal(parse(fx, "-help", NULL), MP_OPT_EXIT);
    assert_int_equal(parse(fx, "--help", NULL), MP_OPT_EXIT);
    assert_int_equal(parse(fx, "-version", NULL), MP_OPT_EXIT);
    /* An error before the informational option still wins. */
    struct capture cap;
    cap_start(&cap);
    assert_int_equal(parse(fx, "-bogus", "-h", NULL), MP_OPT_ERROR);
    free(cap_end(&cap));
}

static void test_message_options(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-quiet", NULL), MP_OPT_OK);
    assert_true(fx->o.quiet);
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_false(mp_msg_test(MSGT_STATUSLINE, MSGL_STATUS));
    assert_int_equal(parse(fx, "-really-quiet", NULL), MP_OPT_OK);
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_WARN));
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_ERR));
    /* -identify shows ID_ lines even when really quiet. */
    assert_int_equal(parse(fx, "-identify", NULL), MP_OPT_OK);
    assert_true(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    assert_int_equal(parse(fx, "-noreally-quiet", "-noquiet", NULL), MP_OPT_OK);
    assert_true(mp_msg_test(MSGT_STATUSLINE, MSGL_STATUS));

    mp_msg_reset();
    assert_false(mp_msg_test(MSGT_DEMUX, MSGL_V));
    assert_int_equal(parse(fx, "-v", NULL), MP_OPT_OK);
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_V));
    assert_false(mp_msg_test(MSGT_DEMUX, MSGL_DBG2));
    assert_int_equal(parse(fx, "-v", NULL), MP_OPT_OK);
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_DBG2));

    mp_msg_reset();
    assert_int_equal(parse(fx, "-msglevel", "all=2:demuxer=6", NULL), MP_OPT_OK);
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_V));
}

static void test_lavdopts(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(parse(fx, "-noconfig", "all", "-lavdopts", "threads=4", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.lavdopts_threads, 4);
    struct capture cap;
    cap_start(&cap);
    assert_int_equal(parse(fx, "-lavdopts", "skiploopfilter=all:threads=2", NULL), MP_OPT_OK);
    char *out = cap_end(&cap);
    assert_string_equal(out, "Option -lavdopts: unknown suboption 'skiploopfilter' ignored\n");
    free(out);
    assert_int_equal(fx->o.lavdopts_threads, 2);
    assert_int_equal(parse(fx, "-lavdopts", "threads=auto", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.lavdopts_threads, 0);
    expect_error(fx, "Option -lavdopts: threads needs a number 0..64 (0 = auto), not '65'\n",
                 "-lavdopts", "threads=65", NULL);
    assert_int_equal(fx->o.lavdopts_threads, 0);
}

/* ---- config files ---- */

static void test_config_file(void **state)
{
    struct fixture *fx = *state;
    char *path = write_file(fx->home, "config",
                            "# a comment\n"
                            "\n"
                            "   \n"
                            "ss = 5   # trailing comment\n"
                            "vo=\"png:outdir=/tmp/a b#c\"\n"
                            "ao = 'pcm:file=x.wav'\n"
                            "nosound=yes\n"
                            "benchmark\n"
                            "framedrop=yes\n"
                            "speed=2\n"
                            "stream-buffer-size=64k\r\n"
                            "[default]\n"
                            "aid=3\n"
                            "[someprofile]\n"
                            "aid=4\n");
    struct capture cap;
    cap_start(&cap);
    assert_int_equal(parse(fx, "-noconfig", "system", "-speed", "3", NULL), MP_OPT_OK);
    free(cap_end(&cap));
    assert_float_equal(fx->o.seek_start, 5, 0);
    assert_string_equal(fx->o.vo, "png:outdir=/tmp/a b#c");
    assert_string_equal(fx->o.ao, "pcm:file=x.wav");
    assert_true(fx->o.no_audio);
    assert_true(fx->o.benchmark);
    assert_int_equal(fx->o.framedrop, 1);
    /* The command line wins over the config file. */
    assert_float_equal(fx->o.speed, 3, 0);
    assert_int_equal(fx->o.stream_buffer_size, 65536);
    assert_int_equal(fx->o.audio_id, 3);
    free(path);
}

static void test_noconfig(void **state)
{
    struct fixture *fx = *state;
    char *path = write_file(fx->home, "config", "ss=5\n");
    assert_int_equal(parse(fx, "-noconfig", "user", NULL), MP_OPT_OK);
    assert_true(fx->o.seek_start < 0);
    /* Wherever it stands on the line, it acts before the files are read. */
    assert_int_equal(parse(fx, "-aid", "1", "file", "--noconfig=all", NULL), MP_OPT_OK);
    assert_true(fx->o.seek_start < 0);
    assert_int_equal(parse(fx, "-noconfig", "gui", "-noconfig", "system", NULL), MP_OPT_OK);
    assert_float_equal(fx->o.seek_start, 5, 0);
    /* A -noconfig after "--" is a file name. */
    mp_opts_free(&fx->o);
    mp_opts_init(&fx->o);
    assert_int_equal(parse(fx, "-noconfig", "system", "--", "-noconfig", "user", NULL),
                     MP_OPT_OK);
    assert_float_equal(fx->o.seek_start, 5, 0);
    free(path);
}

static void test_config_errors(void **state)
{
    struct fixture *fx = *state;
    char *path = write_file(fx->home, "config",
                            "ss=5\n"
                            "\n"
                            "foo=1\n"
                            "speed=500\n"
                            "ss=abc\n"
                            "aid\n"
                            "vo \"x\"\n"
                            "vo=\"unclosed\n"
                            "playlist=x\n"
                            "noconfig=all\n"
                            "nosound=perhaps\n"
                            "vid=2\n");
    struct capture cap;
    cap_start(&cap);
    int r = parse(fx, "-noconfig", "system", NULL);
    char *out = cap_end(&cap);
    assert_int_equal(r, MP_OPT_ERROR);
    char *expect = NULL;
    assert_true(asprintf(&expect,
                         "%1$s:3: unknown option 'foo' ignored\n"
                         "%1$s:4: option 'speed': value 500 out of range 0.01..100\n"
                         "%1$s:5: option 'ss': invalid time: 'abc'\n"
                         "%1$s:6: option 'aid' needs a parameter\n"
                         "%1$s:7: expected '=' after 'vo'\n"
                         "%1$s:8: missing closing \"\n"
                         "%1$s:9: option 'playlist' is only allowed on the command line\n"
                         "%1$s:10: option 'noconfig' is only allowed on the command line\n"
                         "%1$s:11: option 'nosound': expected yes or no, not 'perhaps'\n",
                         path) > 0);
    assert_string_equal(out, expect);
    /* Good lines still applied; every bad line reported once. */
    assert_float_equal(fx->o.seek_start, 5, 0);
    assert_int_equal(fx->o.video_id, 2);
    free(expect);
    free(out);
    free(path);
}

static void test_parse_config_file_direct(void **state)
{
    struct fixture *fx = *state;
    char *missing = NULL;
    assert_true(asprintf(&missing, "%s/nonexistent", fx->home) > 0);
    assert_int_equal(mp_parse_config_file(&fx->o, missing, false), MP_OPT_OK);
    struct capture cap;
    cap_start(&cap);
    assert_int_equal(mp_parse_config_file(&fx->o, missing, true), MP_OPT_ERROR);
    char *out = cap_end(&cap);
    assert_int_equal(count_lines(out), 1);
    assert_non_null(strstr(out, missing));
    free(out);

    char *path = write_file(fx->home, "other.conf", "loop=3\nnovideo=1\n");
    assert_int_equal(mp_parse_config_file(&fx->o, path, true), MP_OPT_OK);
    assert_int_equal(fx->o.loop, 3);
    assert_true(fx->o.no_video);
    free(path);
    free(missing);
}

static void test_include(void **state)
{
    struct fixture *fx = *state;
    char *inc = write_file(fx->home, "inc.conf", "aid=7\nvo=null\n");
    char *text = NULL;
    assert_true(asprintf(&text, "sid=2\ninclude=%s\nvid=1\n", inc) > 0);
    char *main_conf = write_file(fx->home, "main.conf", text);
    assert_int_equal(parse(fx, "-noconfig", "all", "-include", main_conf, "-aid", "8", NULL),
                     MP_OPT_OK);
    assert_int_equal(fx->o.sub_id, 2);
    assert_int_equal(fx->o.video_id, 1);
    assert_string_equal(fx->o.vo, "null");
    assert_int_equal(fx->o.audio_id, 8);
    /* The user config may include too, and is then read before the line. */
    char *user = NULL;
    assert_true(asprintf(&user, "include = %s\n", inc) > 0);
    char *cfg = write_file(fx->home, "config", user);
    assert_int_equal(parse(fx, "-noconfig", "system", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.audio_id, 7);

    char *missing = NULL;
    assert_true(asprintf(&missing, "%s/none.conf", fx->home) > 0);
    char *msg = NULL;
    assert_true(asprintf(&msg, "Option -include: cannot open '%s': No such file or "
                         "directory\n", missing) > 0);
    expect_error(fx, msg, "-noconfig", "all", "-include", missing, NULL);

    free(msg);
    free(missing);
    free(cfg);
    free(user);
    free(main_conf);
    free(text);
    free(inc);
}

static void test_include_loop(void **state)
{
    struct fixture *fx = *state;
    char *a_path = NULL, *b_path = NULL, *a_text = NULL, *b_text = NULL;
    assert_true(asprintf(&a_path, "%s/a.conf", fx->home) > 0);
    assert_true(asprintf(&b_path, "%s/b.conf", fx->home) > 0);
    assert_true(asprintf(&a_text, "loop=2\ninclude=%s\n", b_path) > 0);
    assert_true(asprintf(&b_text, "# b\ninclude=%s\n", a_path) > 0);
    free(write_file(fx->home, "a.conf", a_text));
    free(write_file(fx->home, "b.conf", b_text));

    struct capture cap;
    cap_start(&cap);
    int r = parse(fx, "-noconfig", "all", "-include", a_path, NULL);
    char *out = cap_end(&cap);
    assert_int_equal(r, MP_OPT_ERROR);
    /* One message, at the include line that went too deep. */
    assert_int_equal(count_lines(out), 1);
    assert_non_null(strstr(out, "includes nested more than 8 deep"));
    assert_non_null(strstr(out, ":2: option 'include':"));
    assert_int_equal(fx->o.loop, 2);
    free(out);
    free(a_path);
    free(b_path);
    free(a_text);
    free(b_text);
}

/* ---- the other entry points ---- */

static void test_set_option(void **state)
{
    struct fixture *fx = *state;
    assert_int_equal(mp_set_option(&fx->o, "ss", "10"), MP_OPT_OK);
    assert_float_equal(fx->o.seek_start, 10, 0);
    assert_int_equal(mp_set_option(&fx->o, "nosound", NULL), MP_OPT_OK);
    assert_true(fx->o.no_audio);
    assert_int_equal(mp_set_option(&fx->o, "nonosound", NULL), MP_OPT_OK);
    assert_false(fx->o.no_audio);
    assert_int_equal(mp_set_option(&fx->o, "vo", "null"), MP_OPT_OK);
    assert_int_equal(mp_set_option(&fx->o, "vo", "png"), MP_OPT_OK);
    assert_string_equal(fx->o.vo, "png");
    assert_int_equal(mp_set_option(&fx->o, "hardframedrop", NULL), MP_OPT_OK);
    assert_int_equal(fx->o.framedrop, 2);

    struct capture cap;
    cap_start(&cap);
    assert_int_equal(mp_set_option(&fx->o, "nosuch", "1"), MP_OPT_ERROR);
    assert_int_equal(mp_set_option(&fx->o, "speed", "1000"), MP_OPT_ERROR);
    assert_int_equal(mp_set_option(&fx->o, "ss", NULL), MP_OPT_ERROR);
    assert_int_equal(mp_set_option(&fx->o, "playlist", "x"), MP_OPT_ERROR);
    char *out = cap_end(&cap);
    assert_string_equal(out, "Unknown option: nosuch\n"
                             "Option -speed: value 1000 out of range 0.01..100\n"
                             "Option -ss needs a parameter\n"
                             "Option -playlist is only allowed on the command line\n");
    free(out);
}

static void test_option_names(void **state)
{
    const char *const *names = mp_option_names();
    assert_non_null(names);
    const char *want[] = {"ss", "endpos", "frames", "loop", "speed", "nosound", "novideo",
                          "aid", "vid", "sid", "benchmark", "shuffle", "framedrop",
                          "hardframedrop", "identify", "vo", "ao", "demuxer", "lavdopts",
                          "quiet", "really-quiet", "v", "msglevel", "include", "noconfig",
                          "playlist", "list-options", "h", "help", "stream-buffer-size",
                          "readahead-distance", "cache-drop-behind", "stream-stats"};
    int n = 0;
    while (names[n])
        n++;
    assert_true(n >= (int)(sizeof(want) / sizeof(want[0])));
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        bool found = false;
        for (int j = 0; j < n; j++)
            found |= !strcmp(names[j], want[i]);
        if (!found)
            fail_msg("option %s missing from mp_option_names()", want[i]);
    }
    /* Stable storage: the same array every time. */
    assert_ptr_equal(names, mp_option_names());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_size),
        cmocka_unit_test(test_parse_time),
        cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_flags, setup, teardown),
        cmocka_unit_test_setup_teardown(test_framedrop_choices, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ints, setup, teardown),
        cmocka_unit_test_setup_teardown(test_doubles_and_times, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sizes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_strings_replaced, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mplayer_everyday_options, setup, teardown),
        cmocka_unit_test_setup_teardown(test_files_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_param_taken_verbatim, setup, teardown),
        cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_informational_exit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_message_options, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lavdopts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_config_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_noconfig, setup, teardown),
        cmocka_unit_test_setup_teardown(test_config_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_parse_config_file_direct, setup, teardown),
        cmocka_unit_test_setup_teardown(test_include, setup, teardown),
        cmocka_unit_test_setup_teardown(test_include_loop, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_option, setup, teardown),
        cmocka_unit_test_setup_teardown(test_option_names, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
