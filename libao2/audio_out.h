/*
 * Audio outputs: sdl (a sound card), null, pcm (WAV file).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * An output is a device with a buffer that drains at the sample rate. The
 * player's audio clock is: pts of the last sample written - ao_get_delay().
 * null and pcm (without :fast) drain in real time by the system clock, as
 * a sound card would; with fast (pcm:fast, or ao_set_fast for -benchmark)
 * the buffer drains instantly.
 *
 * Ownership: ao_open() returns a struct ao freed by ao_close().
 */
#ifndef MP_LIBAO2_AUDIO_OUT_H
#define MP_LIBAO2_AUDIO_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include <libavutil/samplefmt.h>

enum ao_error {
    AO_OK = 0,
    AO_ERR_UNKNOWN = 1,  /* no such driver */
    AO_ERR_OPTION = 2,   /* bad suboption */
    AO_ERR_INIT = 3,     /* the driver could not start */
    AO_ERR_WRITE = 4,    /* writing output failed */
};

struct ao;

/* The format a device plays; set by ao_open from the request. */
struct ao_format {
    enum AVSampleFormat fmt; /* packed */
    int rate;
    int channels;
};

/*
 * Open the first working driver of a -ao list ("pcm:file=out.wav:fast,null",
 * trailing comma = then any available). fmt is the wished format; the
 * driver may change it to one it plays (pcm writes s16, u8, s32, flt as
 * asked; it keeps rate and channels). Returns 0 or -AO_ERR_x after one
 * message naming the driver or suboption.
 */
int ao_open(struct ao **out, const char *spec, struct ao_format *fmt);

/* Play out what is buffered (unless fast), finish files and free.
 * Returns 0 or -AO_ERR_WRITE. */
int ao_close(struct ao *ao);

/* Stop at once (a quit, a stop, the next file: MPlayer plays out only at
 * the end of a file): what the device still holds is dropped, files are
 * finished as by ao_close, and it is freed. 0 or -AO_ERR_WRITE. */
int ao_stop(struct ao *ao);

/* Discard partial output (error exits) and free. */
void ao_abort(struct ao *ao);

/* How many sample frames can be written now without blocking. */
int ao_get_space(struct ao *ao);

/* Write samples (frames of all channels). Returns the number taken, or
 * -AO_ERR_x. */
int ao_play(struct ao *ao, const void *data, int samples);

/* Seconds of audio written but not yet heard. */
double ao_get_delay(struct ao *ao);

/* Drop buffered audio (seek). */
void ao_reset(struct ao *ao);

void ao_pause(struct ao *ao);
void ao_resume(struct ao *ao);

/* Play at most secs more of what is buffered now (0: stop at once), then
 * hold, as an underrun would, however much is written meanwhile; the
 * delay, and so the audio clock, stand still there. INFINITY lifts the
 * fence; so does ao_reset. The player sets one while it waits for data,
 * so the audio does not run past the video's next frame. */
void ao_set_fence(struct ao *ao, double secs);

/* Drain instantly instead of in real time (-benchmark). */
void ao_set_fast(struct ao *ao, bool fast);
/* Whether it drains instantly (ao_set_fast, or a :fast suboption). */
bool ao_is_fast(const struct ao *ao);

const char *ao_name(const struct ao *ao);
void ao_list_drivers(void);

/* The name of driver n in -ao help's order; NULL past the last. */
const char *ao_driver_name(int n);

#endif
