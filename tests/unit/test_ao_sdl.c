/*
 * Unit tests for -ao sdl through real SDL audio drivers: "disk" writes
 * what the device plays to a file, which must hold exactly our samples
 * (in order, none lost or repeated) besides the silence SDL plays when
 * there is nothing to play; "dummy" for the buffer accounting; a driver
 * that does not exist for the clean failure and the fallback of "sdl,".
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <sys/stat.h>

#include <SDL.h>

#include "common/mp_msg.h"
#include "libao2/audio_out.h"
#include "osdep/osdep.h"
#include "test_util.h"

#define RATE 44100
#define CHANNELS 2

struct disk {
    char *dir;
    char *file;
};

/* Send SDL's audio to a file in a fresh folder. */
static struct disk disk_start(void)
{
    struct disk d = {test_mkdtemp(), NULL};
    assert_non_null(d.dir);
    assert_true(asprintf(&d.file, "%s/out.raw", d.dir) > 0);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", d.file, 1);
    return d;
}

static void disk_end(struct disk *d)
{
    unsetenv("SDL_AUDIODRIVER");
    unsetenv("SDL_DISKAUDIOFILE");
    free(d->file);
    test_rmdir(d->dir);
}

static int sample_bytes(enum AVSampleFormat fmt)
{
    return av_get_bytes_per_sample(fmt);
}

/* What SDL plays when it has nothing: 0x80 for u8, zeros else. */
static uint8_t silence_byte(enum AVSampleFormat fmt)
{
    return fmt == AV_SAMPLE_FMT_U8 ? 0x80 : 0;
}

/* n frames of which no sample is silence and no two are alike. */
static uint8_t *make_samples(enum AVSampleFormat fmt, int frames)
{
    int bps = sample_bytes(fmt);
    uint8_t *buf = malloc((size_t)frames * CHANNELS * bps);
    assert_non_null(buf);
    for (int i = 0; i < frames * CHANNELS; i++) {
        uint8_t *p = buf + (size_t)i * bps;
        switch (fmt) {
        case AV_SAMPLE_FMT_U8:
            p[0] = (uint8_t)(1 + i % 127); /* 1..127, never 0x80 */
            break;
        case AV_SAMPLE_FMT_S16: {
            int16_t v = (int16_t)(1 + i % 30000);
            memcpy(p, &v, 2);
            break;
        }
        case AV_SAMPLE_FMT_S32: {
            int32_t v = -(1 + i);
            memcpy(p, &v, 4);
            break;
        }
        case AV_SAMPLE_FMT_FLT: {
            float v = 0.5f + (float)i / (4.0f * frames * CHANNELS);
            memcpy(p, &v, 4);
            break;
        }
        default:
            fail_msg("make_samples: no such format in the test");
        }
    }
    return buf;
}

static bool is_silence(const uint8_t *frame, int frame_bytes, uint8_t s)
{
    for (int n = 0; n < frame_bytes; n++) {
        if (frame[n] != s)
            return false;
    }
    return true;
}

/*
 * Check that out (what the device played) is `want` with only silent
 * frames around and, unless contiguous, between. Returns the number of
 * frames of silence that came first.
 */
static size_t check_played(const uint8_t *out, size_t out_size, const uint8_t *want,
                           int frames, int frame_bytes, uint8_t s, bool contiguous)
{
    assert_int_equal(out_size % frame_bytes, 0);
    assert_true(out_size >= (size_t)frames * frame_bytes);
    size_t total = out_size / frame_bytes;
    size_t pos = 0;
    while (pos < total && is_silence(out + pos * frame_bytes, frame_bytes, s))
        pos++;
    size_t lead = pos;
    int got = 0;
    while (got < frames && pos < total) {
        const uint8_t *f = out + pos * frame_bytes;
        pos++;
        if (is_silence(f, frame_bytes, s)) {
            assert_false(contiguous);
            continue;
        }
        assert_memory_equal(f, want + (size_t)got * frame_bytes, (size_t)frame_bytes);
        got++;
    }
    assert_int_equal(got, frames);
    /* After the last sample: silence only. */
    for (; pos < total; pos++)
        assert_true(is_silence(out + pos * frame_bytes, frame_bytes, s));
    return lead;
}

/* One write that fits the buffer, then close: the file holds exactly the
 * samples, in one piece, between silence. */
static void check_disk_format(enum AVSampleFormat fmt)
{
    struct disk d = disk_start();
    struct ao_format af = {.fmt = fmt, .rate = RATE, .channels = CHANNELS};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "sdl", &af), 0);
    assert_string_equal(ao_name(ao), "sdl");
    assert_int_equal(af.fmt, fmt);
    assert_int_equal(af.rate, RATE);
    assert_int_equal(af.channels, CHANNELS);

    const int frames = 8000;
    int frame_bytes = sample_bytes(fmt) * CHANNELS;
    uint8_t *want = make_samples(fmt, frames);
    assert_true(ao_get_space(ao) >= frames);
    assert_int_equal(ao_play(ao, want, frames), frames);
    double delay = ao_get_delay(ao);
    assert_true(delay > 0);
    assert_true(delay <= 0.5);
    assert_int_equal(ao_close(ao), 0);

    size_t size;
    uint8_t *out = test_read_file(d.file, &size);
    assert_non_null(out);
    check_played(out, size, want, frames, frame_bytes, silence_byte(fmt), true);
    free(out);
    free(want);
    disk_end(&d);
}

static void test_disk_s16(void **state)
{
    check_disk_format(AV_SAMPLE_FMT_S16);
}

static void test_disk_u8(void **state)
{
    check_disk_format(AV_SAMPLE_FMT_U8);
}

static void test_disk_s32(void **state)
{
    check_disk_format(AV_SAMPLE_FMT_S32);
}

static void test_disk_float(void **state)
{
    check_disk_format(AV_SAMPLE_FMT_FLT);
}

/* Several buffers' worth, written as a player does (what get_space
 * allows, waiting when full): every sample arrives once and in order. A
 * loaded machine may let the device run dry in between; that is silence
 * between the samples, which the check allows. */
static void test_disk_streaming(void **state)
{
    struct disk d = disk_start();
    struct ao_format af = {.fmt = AV_SAMPLE_FMT_S16, .rate = RATE, .channels = CHANNELS};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "sdl", &af), 0);
    const int frames = RATE * 3 / 4;
    const int frame_bytes = 2 * CHANNELS;
    uint8_t *want = make_samples(AV_SAMPLE_FMT_S16, frames);
    int ring = ao_get_space(ao);
    assert_true(ring > 0 && ring < frames);
    int written = 0;
    int full = 0;
    while (written < frames) {
        int space = ao_get_space(ao);
        assert_true(space >= 0 && space <= ring);
        /* Audio written and not yet heard never exceeds the buffers. */
        double delay = ao_get_delay(ao);
        assert_true(delay >= 0 && delay <= 2.0 * ring / RATE + 0.1);
        if (space == 0) {
            full++;
            mp_sleep_sec(0.005);
            continue;
        }
        int n = frames - written < space ? frames - written : space;
        if (n > 3000)
            n = 3000;
        int r = ao_play(ao, want + (size_t)written * frame_bytes, n);
        assert_int_equal(r, n);
        written += r;
    }
    /* The buffer filled up: the device, not the test, set the pace. */
    assert_true(full > 0);
    assert_int_equal(ao_close(ao), 0);

    size_t size;
    uint8_t *out = test_read_file(d.file, &size);
    assert_non_null(out);
    check_played(out, size, want, frames, frame_bytes, 0, false);
    free(out);
    free(want);
    disk_end(&d);
}

/* Buffer accounting on the dummy driver: paused before the first write,
 * nothing drains, so the numbers are exact. */
static void test_dummy_pause_reset(void **state)
{
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    struct ao_format af = {.fmt = AV_SAMPLE_FMT_FLT, .rate = 48000, .channels = 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "sdl", &af), 0);
    int ring = ao_get_space(ao);
    /* A quarter second, at least. */
    assert_true(ring >= 48000 / 4);
    assert_true(ao_get_delay(ao) == 0);

    float *buf = calloc((size_t)ring * 2, sizeof(float));
    assert_non_null(buf);
    ao_pause(ao);
    assert_int_equal(ao_play(ao, buf, 4800), 4800);
    assert_int_equal(ao_get_space(ao), ring - 4800);
    assert_true(fabs(ao_get_delay(ao) - 0.1) < 1e-9);
    /* More than fits is cut to what fits. */
    assert_int_equal(ao_play(ao, buf, ring), ring - 4800);
    assert_int_equal(ao_get_space(ao), 0);
    assert_int_equal(ao_play(ao, buf, 10), 0);
    mp_sleep_sec(0.05);
    assert_int_equal(ao_get_space(ao), 0);

    ao_reset(ao);
    assert_int_equal(ao_get_space(ao), ring);
    assert_true(ao_get_delay(ao) == 0);

    /* Resumed, the device drains the buffer. */
    assert_int_equal(ao_play(ao, buf, 4800), 4800);
    ao_resume(ao);
    bool drained = false;
    for (int n = 0; n < 1000 && !drained; n++) {
        drained = ao_get_space(ao) == ring;
        if (!drained)
            mp_sleep_sec(0.01);
    }
    assert_true(drained);
    assert_int_equal(ao_play(ao, buf, 4800), 4800);
    assert_int_equal(ao_close(ao), 0);
    free(buf);
    unsetenv("SDL_AUDIODRIVER");
}

/* Formats SDL does not play are changed to near ones it does. */
static void test_format_mapping(void **state)
{
    struct disk d = disk_start();
    static const struct {
        enum AVSampleFormat in, out;
    } map[] = {
        {AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_FLT},
        {AV_SAMPLE_FMT_S64, AV_SAMPLE_FMT_S32},
        {AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16},
    };
    for (size_t n = 0; n < sizeof(map) / sizeof(map[0]); n++) {
        struct ao_format af = {.fmt = map[n].in, .rate = 22050, .channels = 1};
        struct ao *ao = NULL;
        assert_int_equal(ao_open(&ao, "sdl", &af), 0);
        assert_int_equal(af.fmt, map[n].out);
        assert_int_equal(af.rate, 22050);
        assert_int_equal(af.channels, 1);
        ao_abort(ao);
    }
    disk_end(&d);
}

/* No such device: a clean -AO_ERR_INIT, "sdl," falls back to null, and
 * SDL is left as it was found. */
static void test_no_device(void **state)
{
    setenv("SDL_AUDIODRIVER", "nosuchdriver", 1);
    struct ao_format af = {.fmt = AV_SAMPLE_FMT_S16, .rate = RATE, .channels = 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "sdl", &af), -AO_ERR_INIT);
    assert_null(ao);
    assert_int_equal(ao_open(&ao, "sdl,", &af), 0);
    assert_string_equal(ao_name(ao), "null");
    assert_int_equal(ao_close(ao), 0);
    assert_int_equal(ao_open(&ao, "", &af), 0);
    assert_string_equal(ao_name(ao), "null");
    assert_int_equal(ao_close(ao), 0);
    unsetenv("SDL_AUDIODRIVER");
    assert_int_equal(ao_open(&ao, "sdl:driver=nosuchdriver", &af), -AO_ERR_INIT);
    assert_int_equal(ao_open(&ao, "sdl:device=no such device:driver=dummy", &af),
                     -AO_ERR_INIT);
    assert_int_equal(SDL_WasInit(0), 0);
}

static void test_options(void **state)
{
    struct ao_format af = {.fmt = AV_SAMPLE_FMT_S16, .rate = RATE, .channels = 2};
    struct ao *ao = NULL;
    assert_int_equal(ao_open(&ao, "sdl:bogus", &af), -AO_ERR_OPTION);
    assert_null(ao);
    /* driver= wins over the environment. */
    struct disk d = disk_start();
    setenv("SDL_AUDIODRIVER", "nosuchdriver", 1);
    assert_int_equal(ao_open(&ao, "sdl:driver=disk", &af), 0);
    assert_string_equal(ao_name(ao), "sdl");
    assert_int_equal(ao_close(ao), 0);
    struct stat st;
    assert_int_equal(stat(d.file, &st), 0);
    disk_end(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disk_s16),
        cmocka_unit_test(test_disk_u8),
        cmocka_unit_test(test_disk_s32),
        cmocka_unit_test(test_disk_float),
        cmocka_unit_test(test_disk_streaming),
        cmocka_unit_test(test_dummy_pause_reset),
        cmocka_unit_test(test_format_mapping),
        cmocka_unit_test(test_no_device),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
