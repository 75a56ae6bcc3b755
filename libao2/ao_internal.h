/*
 * What an audio output driver implements, and the real-time buffer model
 * that file and null outputs share; for libao2's files (and its tests).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * ao.c owns struct ao and its priv block (priv_size bytes, zeroed); a
 * driver frees what it allocated in close(), which is also called after a
 * failed open().
 */
#ifndef MP_LIBAO2_AO_INTERNAL_H
#define MP_LIBAO2_AO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "common/mp_msg.h"
#include "libao2/audio_out.h"

/*
 * A device buffer of `size` sample frames that drains at `rate` frames
 * per second of the clock passed in (mp_time_sec() in the player; tests
 * pass their own times). Paused, it keeps its content; fast, it is always
 * empty. A fence stops the draining at a set frame, as an underrun would,
 * whatever is added meanwhile.
 */
struct ao_rtbuf {
    int rate;
    int size;
    double queued; /* frames not yet "heard" as of `last` */
    double heard;  /* frames heard since init or reset */
    double fence;  /* heard stops here; INFINITY: no fence */
    double last;
    bool paused;
    bool fast;
};

void ao_rtbuf_init(struct ao_rtbuf *b, int rate, int size, double now);
/* Frames that fit now (size when fast). */
int ao_rtbuf_space(struct ao_rtbuf *b, double now);
void ao_rtbuf_add(struct ao_rtbuf *b, int frames, double now);
/* Seconds until what was added is heard (0 when fast). */
double ao_rtbuf_delay(struct ao_rtbuf *b, double now);
void ao_rtbuf_reset(struct ao_rtbuf *b, double now);
void ao_rtbuf_pause(struct ao_rtbuf *b, double now);
void ao_rtbuf_resume(struct ao_rtbuf *b, double now);
void ao_rtbuf_set_fast(struct ao_rtbuf *b, bool fast, double now);
/* Let at most secs more of the buffer be heard (INFINITY: no limit). */
void ao_rtbuf_set_fence(struct ao_rtbuf *b, double secs, double now);

struct ao_driver {
    const char *name;
    const char *desc;
    /* Tried when a list asks for "any available driver"; pcm is not, so
     * a fallback never writes a file. */
    bool autoprobe;
    size_t priv_size;
    /* Parse args and start; may change fmt to what the driver plays.
     * 0 or -AO_ERR_x after one message (init failures while probing at
     * MSGL_V). May set ao->fast. */
    int (*open)(struct ao *ao, const char *args, struct ao_format *fmt);
    /* Release everything; abort: discard unfinished output. 0 or
     * -AO_ERR_WRITE. */
    int (*close)(struct ao *ao, bool abort);
    /* Take up to `samples` frames; returns the number taken or -AO_ERR_x.
     * Drivers without get_space are only given what the model has room
     * for, and must take it all. */
    int (*play)(struct ao *ao, const void *data, int samples);
    /* A real device's own clock; NULL: ao.c runs struct ao_rtbuf, and
     * reset/pause/resume below are optional extras. */
    int (*get_space)(struct ao *ao);
    double (*get_delay)(struct ao *ao);
    void (*reset)(struct ao *ao);
    void (*pause)(struct ao *ao);
    void (*resume)(struct ao *ao);
    /* ao_set_fence for a device with its own clock (NULL: none). */
    void (*set_fence)(struct ao *ao, double secs);
};

struct ao {
    const struct ao_driver *driver;
    void *priv;
    bool probing; /* opened as a fallback: quiet about init failures */
    struct ao_format fmt;
    int frame_bytes;
    bool fast;
    bool paused;
    bool stopping; /* ao_stop: close without playing out the buffer */
    struct ao_rtbuf rt;
};

/* Level for a driver's "could not start" message. */
static inline int ao_init_msgl(const struct ao *ao)
{
    return ao->probing ? MSGL_V : MSGL_ERR;
}

extern const struct ao_driver ao_driver_null;
extern const struct ao_driver ao_driver_pcm;
extern const struct ao_driver ao_driver_sdl;

#endif
