/*
 * Unit tests for libao2: -ao lists, null, pcm (WAV and raw files, write
 * errors, aborts), and the real-time buffer model.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "common/mp_msg.h"
#include "libao2/ao_internal.h"
#include "libao2/audio_out.h"
#include "test_util.h"

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    }
    closedir(d);
    return n;
}

static uint32_t rd32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned rd16(const uint8_t *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

/* The fields of a canonical WAV header: the fmt chunk's size (16, or 40
 * for WAVE_FORMAT_EXTENSIBLE) places the data chunk. */
struct wav_want {
    unsigned tag, channels;
    uint32_t rate;
    unsigned bits;
    uint32_t fmt_size, data_size, riff_size;
};

static void check_wav(const uint8_t *w, const struct wav_want *e)
{
    unsigned align = e->channels * e->bits / 8;
    assert_memory_equal(w, "RIFF", 4);
    assert_int_equal(rd32(w + 4), e->riff_size);
    assert_memory_equal(w + 8, "WAVEfmt ", 8);
    assert_int_equal(rd32(w + 16), e->fmt_size);
    assert_int_equal(rd16(w + 20), e->tag);
    assert_int_equal(rd16(w + 22), e->channels);
    assert_int_equal(rd32(w + 24), e->rate);
    assert_int_equal(rd32(w + 28), e->rate * align);
    assert_int_equal(rd16(w + 32), align);
    assert_int_equal(rd16(w + 34), e->bits);
    const uint8_t *d = w + 20 + e->fmt_size;
    assert_memory_equal(d, "data", 4);
    assert_int_equal(rd32(d + 4), e->data_size);
}

static uint8_t *make_samples(size_t bytes, int seed)
{
    uint8_t *b = malloc(bytes);
    assert_non_null(b);
    for (size_t n = 0; n < bytes; n++)
        b[n] = (uint8_t)(n * 31 + (size_t)seed);
    return b;
}

/* A pcm output into a fresh folder: file is tmp/name, and spec is
 * spec_head, file, spec_tail (where file= stands among the options is
 * the test's choice). */
struct pcm_case {
    char *tmp;
    char *file;
    char *spec;
};

static struct pcm_case pcm_case_open(const char *name, const char *spec_head,
                                     const char *spec_tail)
{
    struct pcm_case c = {test_mkdtemp(), NULL, NULL};
    assert_non_null(c.tmp);
    assert_true(asprintf(&c.file, "%s/%s", c.tmp, name) > 0);
    assert_true(asprintf(&c.spec, "%s%s%s", spec_head, c.file, spec_tail) > 0);
    return c;
}

static void pcm_case_free(struct pcm_case *c)
{
    free(c->spec);
    free(c->file);
    test_rmdir(c->tmp);
}

static void test_pcm_wav_s16(void **state)
{
    struct pcm_case c = pcm_case_open("out.wav", "pcm:fast:file=", "");
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_string_equal(ao_name(ao), "pcm");
    assert_int_equal(fmt.fmt, AV_SAMPLE_FMT_S16);
    assert_int_equal(fmt.rate, 44100);
    assert_int_equal(fmt.channels, 2);

    uint8_t *data = make_samples(4000, 1);
    assert_int_equal(ao_play(ao, data, 300), 300);
    assert_int_equal(ao_play(ao, data + 1200, 700), 700);
    assert_true(ao_get_delay(ao) == 0.0);
    /* Until close, the file is a hidden temporary. */
    assert_int_equal(access(c.file, F_OK), -1);
    assert_int_equal(count_entries(c.tmp), 1);
    assert_int_equal(ao_close(ao), 0);
    assert_int_equal(count_entries(c.tmp), 1);

    size_t size;
    uint8_t *w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 44 + 4000);
    check_wav(w, &(struct wav_want){.tag = 1, .channels = 2, .rate = 44100, .bits = 16,
                                    .fmt_size = 16, .data_size = 4000,
                                    .riff_size = 36 + 4000});
    assert_memory_equal(w + 44, data, 4000);
    free(w);
    free(data);
    pcm_case_free(&c);
}

static void test_pcm_wav_float_51(void **state)
{
    struct pcm_case c = pcm_case_open("six.wav", "pcm:file=", ":fast");
    struct ao_format fmt = {AV_SAMPLE_FMT_FLT, 48000, 6};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(fmt.fmt, AV_SAMPLE_FMT_FLT);
    uint8_t *data = make_samples(24 * 10, 2);
    assert_int_equal(ao_play(ao, data, 10), 10);
    assert_int_equal(ao_close(ao), 0);

    size_t size;
    uint8_t *w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 68 + 240);
    check_wav(w, &(struct wav_want){.tag = 0xfffe, .channels = 6, .rate = 48000, .bits = 32,
                                    .fmt_size = 40, .data_size = 240,
                                    .riff_size = 60 + 240});
    assert_int_equal(rd16(w + 36), 22);
    assert_int_equal(rd16(w + 38), 32);
    assert_int_equal(rd32(w + 40), 0x3f); /* FL FR FC LFE BL BR */
    assert_int_equal(rd32(w + 44), 3);    /* IEEE float subformat */
    static const uint8_t guid_tail[12] = {0x00, 0x00, 0x10, 0x00, 0x80, 0x00,
                                          0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71};
    assert_memory_equal(w + 48, guid_tail, 12);
    assert_memory_equal(w + 68, data, 240);
    free(w);
    free(data);
    pcm_case_free(&c);
}

static void test_pcm_formats(void **state)
{
    struct pcm_case c = pcm_case_open("mono.wav", "pcm:fast:file=", "");

    /* Planar or wider formats are changed to s16 for the caller to
     * convert to. */
    struct ao_format fmt = {AV_SAMPLE_FMT_FLTP, 22050, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(fmt.fmt, AV_SAMPLE_FMT_S16);
    assert_int_equal(fmt.rate, 22050);
    ao_abort(ao);
    fmt = (struct ao_format){AV_SAMPLE_FMT_DBL, 22050, 1};
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(fmt.fmt, AV_SAMPLE_FMT_S16);
    ao_abort(ao);
    assert_int_equal(count_entries(c.tmp), 0);

    /* u8 mono with an odd byte count: the data chunk gets a pad byte that
     * the RIFF size counts and the data size does not. */
    fmt = (struct ao_format){AV_SAMPLE_FMT_U8, 8000, 1};
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(fmt.fmt, AV_SAMPLE_FMT_U8);
    uint8_t data[3] = {1, 2, 3};
    assert_int_equal(ao_play(ao, data, 3), 3);
    assert_int_equal(ao_close(ao), 0);
    size_t size;
    uint8_t *w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 44 + 4);
    check_wav(w, &(struct wav_want){.tag = 1, .channels = 1, .rate = 8000, .bits = 8,
                                    .fmt_size = 16, .data_size = 3, .riff_size = 36 + 4});
    assert_memory_equal(w + 44, data, 3);
    assert_int_equal(w[47], 0);
    free(w);
    pcm_case_free(&c);
}

static void test_pcm_raw_and_default_name(void **state)
{
    char *tmp = test_mkdtemp();
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof(cwd)));
    assert_int_equal(chdir(tmp), 0);

    struct ao_format fmt = {AV_SAMPLE_FMT_S32, 48000, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "pcm:nowaveheader:fast", &fmt), 0);
    uint8_t *data = make_samples(8 * 100, 3);
    assert_int_equal(ao_play(ao, data, 100), 100);
    assert_int_equal(ao_close(ao), 0);
    /* MPlayer's default name for raw output. */
    size_t size;
    uint8_t *w = test_read_file("audiodump.pcm", &size);
    assert_non_null(w);
    assert_int_equal(size, 800);
    assert_memory_equal(w, data, 800);
    free(w);

    assert_int_equal(ao_open(&ao, "pcm:fast", &fmt), 0);
    assert_int_equal(ao_close(ao), 0);
    w = test_read_file("audiodump.wav", &size);
    assert_non_null(w);
    assert_int_equal(size, 44);
    assert_int_equal(rd32(w + 40), 0);
    free(w);
    assert_int_equal(count_entries("."), 2);

    assert_int_equal(chdir(cwd), 0);
    free(data);
    test_rmdir(tmp);
}

static void test_pcm_overwrite_keeps_old_until_close(void **state)
{
    struct pcm_case c = pcm_case_open("out.wav", "pcm:fast:nowaveheader:file=", "");
    assert_int_equal(test_sh("printf old > '%s'", c.file), 0);
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 8000, 1};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(ao_play(ao, "abcd", 2), 2);
    size_t size;
    uint8_t *w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 3);
    free(w);
    /* An aborted run leaves the old file as it was. */
    ao_abort(ao);
    w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 3);
    assert_memory_equal(w, "old", 3);
    free(w);
    assert_int_equal(count_entries(c.tmp), 1);

    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    assert_int_equal(ao_play(ao, "abcd", 2), 2);
    assert_int_equal(ao_close(ao), 0);
    w = test_read_file(c.file, &size);
    assert_non_null(w);
    assert_int_equal(size, 4);
    assert_memory_equal(w, "abcd", 4);
    free(w);
    assert_int_equal(count_entries(c.tmp), 1);
    pcm_case_free(&c);
}

static void test_pcm_abort_leaves_nothing(void **state)
{
    struct pcm_case c = pcm_case_open("out.wav", "pcm:fast:file=", "");
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    uint8_t *data = make_samples(400, 4);
    assert_int_equal(ao_play(ao, data, 100), 100);
    ao_abort(ao);
    assert_int_equal(count_entries(c.tmp), 0);
    free(data);
    pcm_case_free(&c);
}

static void test_pcm_dev_full(void **state)
{
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 2};
    struct ao *ao = NULL;
    /* The header is written at open. */
    assert_int_equal(ao_open(&ao, "pcm:fast:file=/dev/full", &fmt), -AO_ERR_WRITE);
    assert_null(ao);
    assert_int_equal(ao_open(&ao, "pcm:fast:nowaveheader:file=/dev/full", &fmt), 0);
    uint8_t data[400] = {0};
    assert_int_equal(ao_play(ao, data, 100), -AO_ERR_WRITE);
    assert_int_equal(ao_play(ao, data, 100), -AO_ERR_WRITE);
    assert_int_equal(ao_close(ao), -AO_ERR_WRITE);
}

/* A write error into a regular file (the file size limit stands in for a
 * full disk): the temporary goes, no file appears. */
static void test_pcm_write_error_removes_temporary(void **state)
{
    struct pcm_case c = pcm_case_open("out.wav", "pcm:fast:file=", "");
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);

    struct rlimit old;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    struct rlimit lim = old;
    lim.rlim_cur = 4096;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    uint8_t *data = make_samples(40000, 5);
    int r = ao_play(ao, data, 10000);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);

    assert_int_equal(r, -AO_ERR_WRITE);
    assert_int_equal(ao_close(ao), -AO_ERR_WRITE);
    assert_int_equal(count_entries(c.tmp), 0);
    free(data);
    pcm_case_free(&c);
}

/* A FIFO cannot be patched: the header carries MPlayer's streaming sizes
 * and the data follows as played. */
static void test_pcm_fifo_streaming_header(void **state)
{
    struct pcm_case c = pcm_case_open("fifo", "pcm:fast:file=", "");
    assert_int_equal(mkfifo(c.file, 0600), 0);
    int rfd = open(c.file, O_RDONLY | O_NONBLOCK);
    assert_true(rfd >= 0);
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 1};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    uint8_t *data = make_samples(200, 6);
    assert_int_equal(ao_play(ao, data, 100), 100);
    assert_int_equal(ao_close(ao), 0);

    uint8_t buf[512];
    ssize_t n = read(rfd, buf, sizeof(buf));
    assert_int_equal(n, 44 + 200);
    assert_memory_equal(buf, "RIFF", 4);
    assert_int_equal(rd32(buf + 4), 36 + 0x7ffff000u);
    assert_int_equal(rd32(buf + 40), 0x7ffff000u);
    assert_memory_equal(buf + 44, data, 200);
    close(rfd);
    /* Nothing but the FIFO itself. */
    assert_int_equal(count_entries(c.tmp), 1);
    free(data);
    pcm_case_free(&c);
}

static void test_ao_lists(void **state)
{
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 44100, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "nosuchdriver", &fmt), -AO_ERR_UNKNOWN);
    assert_null(ao);
    assert_int_equal(ao_open(&ao, "pcm:bogus", &fmt), -AO_ERR_OPTION);
    assert_int_equal(ao_open(&ao, "pcm:fast=1", &fmt), -AO_ERR_OPTION);
    assert_int_equal(ao_open(&ao, "null:bogus=2", &fmt), -AO_ERR_OPTION);
    assert_int_equal(ao_open(&ao, "pcm:file=/nonexistent/dir/x.wav", &fmt), -AO_ERR_INIT);
    assert_null(ao);

    const char *any[] = {"nosuchdriver,", "pcm:bogus,", ",", "", NULL,
                         "nosuchdriver,null", "pcm:file=/nonexistent/x.wav,null"};
    for (int n = 0; n < 7; n++) {
        ao = NULL;
        struct ao_format f = {AV_SAMPLE_FMT_FLTP, 48000, 2};
        assert_int_equal(ao_open(&ao, any[n], &f), 0);
        assert_string_equal(ao_name(ao), "null");
        assert_int_equal(f.fmt, AV_SAMPLE_FMT_FLT);
        ao_set_fast(ao, true);
        assert_int_equal(ao_close(ao), 0);
    }
    /* A failed driver does not change the wish for the next one. */
    struct ao_format f = {AV_SAMPLE_FMT_DBL, 48000, 2};
    assert_int_equal(ao_open(&ao, "pcm:bogus,null:fast", &f), 0);
    assert_int_equal(f.fmt, AV_SAMPLE_FMT_DBL);
    assert_int_equal(ao_close(ao), 0);

    struct ao_format bad = {AV_SAMPLE_FMT_S16, 0, 2};
    assert_int_equal(ao_open(&ao, "null", &bad), -AO_ERR_INIT);
}

/* The device model, with explicit times: no sleeping, no clock. */
static void test_rtbuf_model(void **state)
{
    struct ao_rtbuf b;
    ao_rtbuf_init(&b, 1000, 250, 10.0);
    assert_int_equal(ao_rtbuf_space(&b, 10.0), 250);
    ao_rtbuf_add(&b, 200, 10.0);
    assert_int_equal(ao_rtbuf_space(&b, 10.0), 50);
    assert_true(ao_rtbuf_delay(&b, 10.0) == 0.2);
    /* 1/8 s later (times exact in binary), 125 frames were heard. */
    assert_int_equal(ao_rtbuf_space(&b, 10.125), 175);
    assert_true(fabs(ao_rtbuf_delay(&b, 10.125) - 0.075) < 1e-9);
    /* Paused, nothing drains. */
    ao_rtbuf_pause(&b, 10.125);
    assert_int_equal(ao_rtbuf_space(&b, 11.0), 175);
    ao_rtbuf_resume(&b, 11.0);
    /* 62.5 more heard: the frame partly heard still takes its slot. */
    assert_int_equal(ao_rtbuf_space(&b, 11.0625), 237);
    /* Empty it is, however long it waits. */
    assert_int_equal(ao_rtbuf_space(&b, 20.0), 250);
    assert_true(ao_rtbuf_delay(&b, 20.0) == 0.0);
    /* A clock going back does not fill it again. */
    ao_rtbuf_add(&b, 100, 20.0);
    assert_int_equal(ao_rtbuf_space(&b, 19.0), 150);
    ao_rtbuf_reset(&b, 20.0);
    assert_true(ao_rtbuf_delay(&b, 20.0) == 0.0);
    /* Fast: always empty, always room. */
    ao_rtbuf_add(&b, 250, 20.0);
    ao_rtbuf_set_fast(&b, true, 20.0);
    assert_true(ao_rtbuf_delay(&b, 20.0) == 0.0);
    ao_rtbuf_add(&b, 1000, 20.0);
    assert_int_equal(ao_rtbuf_space(&b, 20.0), 250);
    assert_true(ao_rtbuf_delay(&b, 20.0) == 0.0);
}

/* A fence stops the draining where it is set, whatever is added after;
 * lifting it lets the rest drain, and a reset lifts it. */
static void test_rtbuf_fence(void **state)
{
    struct ao_rtbuf b;
    ao_rtbuf_init(&b, 1000, 250, 10.0);
    ao_rtbuf_add(&b, 200, 10.0);
    ao_rtbuf_set_fence(&b, 0.05, 10.0);
    /* 50 frames heard, then it stands however long the wait. */
    assert_true(fabs(ao_rtbuf_delay(&b, 10.125) - 0.15) < 1e-9);
    assert_true(fabs(ao_rtbuf_delay(&b, 12.0) - 0.15) < 1e-9);
    /* What is written meanwhile does not move the fence. */
    ao_rtbuf_add(&b, 100, 12.0);
    assert_true(fabs(ao_rtbuf_delay(&b, 13.0) - 0.25) < 1e-9);
    assert_int_equal(ao_rtbuf_space(&b, 13.0), 0);
    ao_rtbuf_set_fence(&b, INFINITY, 13.0);
    assert_true(fabs(ao_rtbuf_delay(&b, 13.125) - 0.125) < 1e-9);
    /* A fence at 0 holds at once; a fence past the end is an underrun. */
    ao_rtbuf_set_fence(&b, 0, 13.125);
    assert_true(fabs(ao_rtbuf_delay(&b, 14.0) - 0.125) < 1e-9);
    ao_rtbuf_set_fence(&b, 1.0, 14.0);
    assert_true(ao_rtbuf_delay(&b, 15.0) == 0.0);
    ao_rtbuf_add(&b, 100, 15.0);
    ao_rtbuf_set_fence(&b, 0, 15.0);
    ao_rtbuf_reset(&b, 15.0);
    ao_rtbuf_add(&b, 100, 15.0);
    assert_true(ao_rtbuf_delay(&b, 16.0) == 0.0);
}

/* The model through the API. Paused, the buffer does not drain, so the
 * values are exact whatever the machine's load. */
static void test_ao_real_time(void **state)
{
    struct ao_format fmt = {AV_SAMPLE_FMT_S16, 48000, 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "null", &fmt), 0);
    uint8_t *data = make_samples(4 * 48000, 7);
    ao_pause(ao);
    assert_int_equal(ao_get_space(ao), 12000);
    assert_int_equal(ao_play(ao, data, 4800), 4800);
    assert_true(fabs(ao_get_delay(ao) - 0.1) < 1e-9);
    assert_int_equal(ao_get_space(ao), 7200);
    /* More than fits is cut to what fits. */
    assert_int_equal(ao_play(ao, data, 20000), 7200);
    assert_int_equal(ao_get_space(ao), 0);
    assert_int_equal(ao_play(ao, data, 100), 0);
    assert_true(fabs(ao_get_delay(ao) - 0.25) < 1e-9);
    ao_reset(ao);
    assert_true(ao_get_delay(ao) == 0.0);
    assert_int_equal(ao_get_space(ao), 12000);
    /* Running: what was played is not all heard at once. */
    ao_resume(ao);
    assert_int_equal(ao_play(ao, data, 12000), 12000);
    double d = ao_get_delay(ao);
    assert_true(d >= 0.0 && d <= 0.25);
    /* -benchmark: drains at once. */
    ao_set_fast(ao, true);
    assert_true(ao_get_delay(ao) == 0.0);
    assert_int_equal(ao_play(ao, data, 48000), 48000);
    assert_true(ao_get_delay(ao) == 0.0);
    assert_true(ao_get_space(ao) > 0);
    assert_int_equal(ao_close(ao), 0);

    /* pcm without fast follows the same model. */
    struct pcm_case c = pcm_case_open("x.wav", "pcm:file=", "");
    assert_int_equal(ao_open(&ao, c.spec, &fmt), 0);
    ao_pause(ao);
    assert_int_equal(ao_play(ao, data, 6000), 6000);
    assert_true(fabs(ao_get_delay(ao) - 0.125) < 1e-9);
    assert_int_equal(ao_get_space(ao), 6000);
    ao_reset(ao);
    assert_int_equal(ao_close(ao), 0);
    /* pcm:fast is the same as ao_set_fast. */
    assert_int_equal(ao_open(&ao, "pcm:fast:nowaveheader:file=/dev/null", &fmt), 0);
    assert_int_equal(ao_play(ao, data, 48000), 48000);
    assert_true(ao_get_delay(ao) == 0.0);
    assert_int_equal(ao_close(ao), 0);
    free(data);
    pcm_case_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcm_wav_s16),
        cmocka_unit_test(test_pcm_wav_float_51),
        cmocka_unit_test(test_pcm_formats),
        cmocka_unit_test(test_pcm_raw_and_default_name),
        cmocka_unit_test(test_pcm_overwrite_keeps_old_until_close),
        cmocka_unit_test(test_pcm_abort_leaves_nothing),
        cmocka_unit_test(test_pcm_dev_full),
        cmocka_unit_test(test_pcm_write_error_removes_temporary),
        cmocka_unit_test(test_pcm_fifo_streaming_header),
        cmocka_unit_test(test_ao_lists),
        cmocka_unit_test(test_rtbuf_model),
        cmocka_unit_test(test_rtbuf_fence),
        cmocka_unit_test(test_ao_real_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
