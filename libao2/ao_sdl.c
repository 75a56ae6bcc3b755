/*
 * -ao sdl: a sound card through SDL2. Suboptions: driver=<SDL audio
 * driver> (alsa, pulseaudio, pipewire, disk, dummy...), device=<name>.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * SDL pulls audio from its own thread through a callback; the player
 * pushes. Between them sits a ring buffer guarded by SDL's device lock
 * (the callback runs with that lock held). The device starts paused and
 * is started by the first write, so a card never plays silence ahead of
 * the first samples.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libao2/ao_internal.h"
#include "osdep/osdep.h"

/* The ring holds this much; with the device buffer it is the latency of
 * the audio clock, as with the null and pcm models. */
#define SDL_AO_RING_SEC 0.25
/* A device buffer of about 20 ms: small enough to keep latency low,
 * large enough not to underrun on a loaded machine. */
#define SDL_AO_DEVICE_SEC 0.02
/* Give up draining when the device takes nothing for this long. */
#define SDL_AO_STALL_SEC 1.0

struct sdl_ao_opts {
    char *driver;
    char *device;
};

static const struct subopt sdl_ao_subopts[] = {
    {"driver", SUBOPT_STRING, offsetof(struct sdl_ao_opts, driver), 0, 0},
    {"device", SUBOPT_STRING, offsetof(struct sdl_ao_opts, device), 0, 0},
    {0},
};

struct sdl_ao_priv {
    struct sdl_ao_opts opts;
    bool inited; /* SDL's audio subsystem is ours to quit */
    SDL_AudioDeviceID dev;
    SDL_AudioSpec spec; /* what the device plays */
    int frame_bytes;
    bool started;      /* the device was unpaused */
    bool user_paused;  /* ao_pause */

    /* Guarded by SDL_LockAudioDevice (shared with the callback). */
    uint8_t *ring;
    int ring_size; /* bytes, a multiple of frame_bytes */
    int ring_read; /* offset of the oldest byte */
    int ring_fill; /* bytes buffered */
    /* The last callback: when (performance counter) and how many bytes
     * of real audio it handed to the device, which plays them from then
     * on. Paused, the clock stands still at pause_time. */
    uint64_t cb_time;
    int cb_bytes;
    uint64_t pause_time;
    /* Bytes the callback took since open or reset, and how far it may
     * take (ao_set_fence); INT64_MAX: no fence. */
    int64_t taken;
    int64_t fence;
};

static void sdl_ao_callback(void *userdata, Uint8 *stream, int len)
{
    struct sdl_ao_priv *p = userdata;
    int n = len < p->ring_fill ? len : p->ring_fill;
    /* At the fence the device plays silence and the clock stands. */
    if (p->fence - p->taken < n)
        n = p->fence > p->taken ? (int)(p->fence - p->taken) : 0;
    n -= n % p->frame_bytes;
    p->taken += n;
    int first = p->ring_size - p->ring_read;
    if (first > n)
        first = n;
    memcpy(stream, p->ring + p->ring_read, (size_t)first);
    memcpy(stream + first, p->ring, (size_t)(n - first));
    p->ring_read = (p->ring_read + n) % p->ring_size;
    p->ring_fill -= n;
    /* An underrun is heard as silence, not as stale bytes. */
    if (n < len)
        memset(stream + n, p->spec.silence, (size_t)(len - n));
    p->cb_time = SDL_GetPerformanceCounter();
    p->cb_bytes = n;
}

static SDL_AudioFormat sdl_ao_format(enum AVSampleFormat *fmt)
{
    switch (*fmt) {
    case AV_SAMPLE_FMT_U8:
        return AUDIO_U8;
    case AV_SAMPLE_FMT_S32:
        return AUDIO_S32SYS;
    case AV_SAMPLE_FMT_S64:
        *fmt = AV_SAMPLE_FMT_S32;
        return AUDIO_S32SYS;
    case AV_SAMPLE_FMT_FLT:
    case AV_SAMPLE_FMT_DBL:
        *fmt = AV_SAMPLE_FMT_FLT;
        return AUDIO_F32SYS;
    default:
        *fmt = AV_SAMPLE_FMT_S16;
        return AUDIO_S16SYS;
    }
}

/* The power of two nearest to SDL_AO_DEVICE_SEC of audio. */
static Uint16 sdl_ao_device_samples(int rate)
{
    double want = rate * SDL_AO_DEVICE_SEC;
    int n = 64;
    while (n < 16384 && n * 1.5 < want)
        n *= 2;
    return (Uint16)n;
}

static int sdl_ao_init_failed(struct ao *ao, const char *what)
{
    /* Quiet while probing; a warning otherwise: the next driver of the
     * list may still open, and the player says so if none does. */
    mp_msg(MSGT_AO, ao->probing ? MSGL_V : MSGL_WARN, "-ao sdl: %s: %s\n", what,
           SDL_GetError());
    return -AO_ERR_INIT;
}

static int sdl_ao_open(struct ao *ao, const char *args, struct ao_format *fmt)
{
    struct sdl_ao_priv *p = ao->priv;
    p->fence = INT64_MAX;
    if (subopt_parse(args, sdl_ao_subopts, &p->opts, MSGT_AO, "-ao sdl") < 0)
        return -AO_ERR_OPTION;

    if (p->opts.driver && p->opts.driver[0]) {
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, p->opts.driver, SDL_HINT_OVERRIDE);
    }
    int r = SDL_InitSubSystem(SDL_INIT_AUDIO);
    if (p->opts.driver && p->opts.driver[0])
        SDL_ResetHint(SDL_HINT_AUDIODRIVER);
    if (r < 0)
        return sdl_ao_init_failed(ao, "cannot initialize SDL audio");
    p->inited = true;

    SDL_AudioSpec want = {
        .freq = fmt->rate,
        .format = sdl_ao_format(&fmt->fmt),
        .channels = (Uint8)(fmt->channels > 8 ? 8 : fmt->channels),
        .samples = sdl_ao_device_samples(fmt->rate),
        .callback = sdl_ao_callback,
        .userdata = p,
    };
    const char *device = p->opts.device && p->opts.device[0] ? p->opts.device : NULL;
    /* Rate and channel count may change: the player converts to what the
     * device plays; the sample format SDL converts itself. */
    p->dev = SDL_OpenAudioDevice(device, 0, &want, &p->spec,
                                 SDL_AUDIO_ALLOW_FREQUENCY_CHANGE |
                                     SDL_AUDIO_ALLOW_CHANNELS_CHANGE);
    if (p->dev == 0)
        return sdl_ao_init_failed(ao, "cannot open the audio device");
    fmt->rate = p->spec.freq;
    fmt->channels = p->spec.channels;
    p->frame_bytes = av_get_bytes_per_sample(fmt->fmt) * fmt->channels;

    int ring_frames = (int)(fmt->rate * SDL_AO_RING_SEC);
    if (ring_frames < 2 * p->spec.samples)
        ring_frames = 2 * p->spec.samples;
    p->ring_size = ring_frames * p->frame_bytes;
    p->ring = malloc((size_t)p->ring_size);
    if (!p->ring) {
        mp_msg(MSGT_AO, MSGL_ERR, "-ao sdl: out of memory.\n");
        return -AO_ERR_INIT;
    }
    mp_msg(MSGT_AO, MSGL_V, "-ao sdl: driver %s, %d Hz, %d channels, device buffer %d "
           "samples.\n", SDL_GetCurrentAudioDriver(), p->spec.freq, p->spec.channels,
           p->spec.samples);
    return 0;
}

static int sdl_ao_get_space(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    SDL_LockAudioDevice(p->dev);
    int space = (p->ring_size - p->ring_fill) / p->frame_bytes;
    SDL_UnlockAudioDevice(p->dev);
    return space;
}

static void sdl_ao_start(struct sdl_ao_priv *p)
{
    if (p->started || p->user_paused)
        return;
    p->started = true;
    SDL_PauseAudioDevice(p->dev, 0);
}

static int sdl_ao_play(struct ao *ao, const void *data, int samples)
{
    struct sdl_ao_priv *p = ao->priv;
    const uint8_t *src = data;
    SDL_LockAudioDevice(p->dev);
    int space = (p->ring_size - p->ring_fill) / p->frame_bytes;
    int n = samples < space ? samples : space;
    int bytes = n * p->frame_bytes;
    int write = (p->ring_read + p->ring_fill) % p->ring_size;
    int first = p->ring_size - write;
    if (first > bytes)
        first = bytes;
    memcpy(p->ring + write, src, (size_t)first);
    memcpy(p->ring, src + first, (size_t)(bytes - first));
    p->ring_fill += bytes;
    SDL_UnlockAudioDevice(p->dev);
    if (n > 0)
        sdl_ao_start(p);
    return n;
}

/* Bytes given to the device by the last callback and not yet played;
 * call with the device locked. */
static double sdl_ao_device_frames(struct sdl_ao_priv *p)
{
    if (!p->cb_bytes)
        return 0;
    uint64_t now = p->user_paused ? p->pause_time : SDL_GetPerformanceCounter();
    double elapsed = now > p->cb_time
                     ? (double)(now - p->cb_time) / (double)SDL_GetPerformanceFrequency()
                     : 0;
    double left = p->cb_bytes / p->frame_bytes - elapsed * p->spec.freq;
    return left > 0 ? left : 0;
}

static double sdl_ao_get_delay(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    SDL_LockAudioDevice(p->dev);
    double frames = p->ring_fill / p->frame_bytes + sdl_ao_device_frames(p);
    SDL_UnlockAudioDevice(p->dev);
    return frames / p->spec.freq;
}

static void sdl_ao_reset(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    SDL_LockAudioDevice(p->dev);
    p->ring_read = 0;
    p->ring_fill = 0;
    p->cb_bytes = 0;
    p->taken = 0;
    p->fence = INT64_MAX;
    SDL_UnlockAudioDevice(p->dev);
}

static void sdl_ao_set_fence(struct ao *ao, double secs)
{
    struct sdl_ao_priv *p = ao->priv;
    SDL_LockAudioDevice(p->dev);
    if (secs < INFINITY) {
        /* What the device holds already plays: the rest comes from the
         * ring. */
        double frames = secs * p->spec.freq - sdl_ao_device_frames(p);
        int64_t bytes = frames > 0 ? (int64_t)frames * p->frame_bytes : 0;
        p->fence = p->taken + bytes;
    } else {
        p->fence = INT64_MAX;
    }
    SDL_UnlockAudioDevice(p->dev);
}

static void sdl_ao_pause(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    if (p->user_paused)
        return;
    SDL_PauseAudioDevice(p->dev, 1);
    SDL_LockAudioDevice(p->dev);
    p->user_paused = true;
    p->pause_time = SDL_GetPerformanceCounter();
    SDL_UnlockAudioDevice(p->dev);
}

static void sdl_ao_resume(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    if (!p->user_paused)
        return;
    SDL_LockAudioDevice(p->dev);
    /* The device buffer resumes where it stopped: move its start by the
     * time spent paused. */
    p->cb_time += SDL_GetPerformanceCounter() - p->pause_time;
    p->user_paused = false;
    bool have_audio = p->ring_fill > 0;
    SDL_UnlockAudioDevice(p->dev);
    if (p->started) {
        SDL_PauseAudioDevice(p->dev, 0);
    } else if (have_audio) {
        sdl_ao_start(p);
    }
}

/* Let the device play what is buffered; gives up if it stops taking. */
static void sdl_ao_drain(struct ao *ao)
{
    struct sdl_ao_priv *p = ao->priv;
    SDL_LockAudioDevice(p->dev);
    int fill = p->ring_fill;
    SDL_UnlockAudioDevice(p->dev);
    if (fill > 0)
        sdl_ao_start(p);
    if (!p->started)
        return;
    double last_progress = mp_time_sec();
    for (;;) {
        SDL_LockAudioDevice(p->dev);
        int now_fill = p->ring_fill;
        double device = sdl_ao_device_frames(p);
        SDL_UnlockAudioDevice(p->dev);
        double left = (now_fill / p->frame_bytes + device) / p->spec.freq;
        if (left <= 0)
            break;
        double now = mp_time_sec();
        if (now_fill != fill) {
            fill = now_fill;
            last_progress = now;
        } else if (now_fill > 0 && now - last_progress > SDL_AO_STALL_SEC) {
            mp_msg(MSGT_AO, MSGL_WARN, "-ao sdl: the device stopped playing; %d bytes "
                   "dropped.\n", now_fill);
            break;
        }
        mp_sleep_sec(left < 0.01 ? left : 0.01);
    }
}

static int sdl_ao_close(struct ao *ao, bool abort_output)
{
    struct sdl_ao_priv *p = ao->priv;
    if (p->dev) {
        if (!abort_output && !ao->fast && !p->user_paused && !ao->stopping)
            sdl_ao_drain(ao);
        SDL_CloseAudioDevice(p->dev);
        p->dev = 0;
    }
    free(p->ring);
    p->ring = NULL;
    if (p->inited) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        p->inited = false;
        /* The last SDL user frees what SDL keeps besides its subsystems. */
        if (SDL_WasInit(0) == 0)
            SDL_Quit();
    }
    subopt_free(sdl_ao_subopts, &p->opts);
    return 0;
}

const struct ao_driver ao_driver_sdl = {
    .name = "sdl",
    .desc = "SDL2 audio output",
    .autoprobe = true,
    .priv_size = sizeof(struct sdl_ao_priv),
    .open = sdl_ao_open,
    .close = sdl_ao_close,
    .play = sdl_ao_play,
    .get_space = sdl_ao_get_space,
    .get_delay = sdl_ao_get_delay,
    .reset = sdl_ao_reset,
    .pause = sdl_ao_pause,
    .resume = sdl_ao_resume,
    .set_fence = sdl_ao_set_fence,
};
