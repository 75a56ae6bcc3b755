/*
 * Audio output front end: the driver table, -ao list handling, and the
 * real-time device model for drivers without a clock of their own.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libao2/ao_internal.h"
#include "libao2/audio_out.h"
#include "osdep/osdep.h"

/* Order matters for "any available": the first autoprobe driver that
 * opens wins, so sound cards go before null. */
static const struct ao_driver *const ao_drivers[] = {
#if HAVE_SDL2
    &ao_driver_sdl,
#endif
    &ao_driver_null,
    &ao_driver_pcm,
};

#define AO_NUM_DRIVERS ((int)(sizeof(ao_drivers) / sizeof(ao_drivers[0])))

/* A quarter second, like a sound card's buffer: enough to ride out a
 * slow frame, small enough that the audio clock stays close. */
#define AO_RT_BUFFER_SEC 0.25

#define AO_MAX_CHANNELS 64
#define AO_MAX_RATE 1536000

static int ao_find_driver(const char *name)
{
    for (int n = 0; n < AO_NUM_DRIVERS; n++) {
        if (strcmp(ao_drivers[n]->name, name) == 0)
            return n;
    }
    return -1;
}

static void ao_free(struct ao *ao)
{
    free(ao->priv);
    free(ao);
}

static bool ao_format_ok(const struct ao_format *f)
{
    return f->rate > 0 && f->rate <= AO_MAX_RATE && f->channels > 0 &&
           f->channels <= AO_MAX_CHANNELS && av_get_bytes_per_sample(f->fmt) > 0 &&
           !av_sample_fmt_is_planar(f->fmt);
}

/* Returns 0 with *out set, or -AO_ERR_x (the driver printed why). The
 * wished format is only changed when the driver opens. */
static int ao_try_driver(struct ao **out, const struct ao_driver *drv, const char *args,
                         struct ao_format *wish, bool probing)
{
    struct ao *ao = calloc(1, sizeof(*ao));
    if (ao && drv->priv_size)
        ao->priv = calloc(1, drv->priv_size);
    if (!ao || (drv->priv_size && !ao->priv)) {
        free(ao);
        mp_msg(MSGT_AO, MSGL_ERR, "-ao %s: out of memory.\n", drv->name);
        return -AO_ERR_INIT;
    }
    ao->driver = drv;
    ao->probing = probing;
    struct ao_format fmt = *wish;
    int r = drv->open(ao, args, &fmt);
    if (r >= 0 && !ao_format_ok(&fmt)) {
        const char *fname = av_get_sample_fmt_name(fmt.fmt);
        mp_msg(MSGT_AO, MSGL_ERR, "-ao %s: cannot play %d Hz, %d channels, %s.\n", drv->name,
               fmt.rate, fmt.channels, fname ? fname : "?");
        r = -AO_ERR_INIT;
    }
    if (r < 0) {
        drv->close(ao, true);
        ao_free(ao);
        return r;
    }
    ao->fmt = fmt;
    ao->frame_bytes = av_get_bytes_per_sample(fmt.fmt) * fmt.channels;
    int size = (int)(fmt.rate * AO_RT_BUFFER_SEC);
    ao_rtbuf_init(&ao->rt, fmt.rate, size, mp_time_sec());
    ao_rtbuf_set_fast(&ao->rt, ao->fast, mp_time_sec());
    mp_msg(MSGT_AO, MSGL_V, "-ao %s: opened (%s).\n", drv->name, drv->desc);
    *wish = fmt;
    *out = ao;
    return 0;
}

/* A driver of this player that ./configure left out of this build. */
static const char *ao_unbuilt_note(const char *name)
{
    if (!HAVE_SDL2 && strcmp(name, "sdl") == 0)
        return " (this mplayer was built without SDL2)";
    return "";
}

static void ao_report_unknown(const struct subopt_list *list, int lev)
{
    for (int n = 0; n < list->count; n++) {
        const char *name = list->items[n].name;
        if (name[0] && ao_find_driver(name) < 0) {
            mp_msg(MSGT_AO, lev, "Unknown audio output driver '%s'%s%s\n", name,
                   ao_unbuilt_note(name), lev == MSGL_ERR ? "." : ", skipped.");
        }
    }
}

int ao_open(struct ao **out, const char *spec, struct ao_format *fmt)
{
    *out = NULL;
    if (fmt->rate <= 0 || fmt->rate > AO_MAX_RATE || fmt->channels <= 0 ||
        fmt->channels > AO_MAX_CHANNELS || av_get_bytes_per_sample(fmt->fmt) <= 0) {
        mp_msg(MSGT_AO, MSGL_ERR, "Audio output: cannot open for %d Hz, %d channels.\n",
               fmt->rate, fmt->channels);
        return -AO_ERR_INIT;
    }
    struct subopt_list list;
    if (subopt_list_parse(&list, spec, MSGT_AO, "-ao") < 0)
        return -AO_ERR_OPTION;

    bool tried[AO_NUM_DRIVERS] = {0};
    int first_err = 0;
    struct ao *ao = NULL;
    for (int n = 0; n < list.count && !ao; n++) {
        const struct subopt_item *it = &list.items[n];
        if (!it->name[0]) {
            for (int d = 0; d < AO_NUM_DRIVERS && !ao; d++) {
                if (tried[d] || !ao_drivers[d]->autoprobe)
                    continue;
                tried[d] = true;
                ao_try_driver(&ao, ao_drivers[d], "", fmt, true);
            }
            continue;
        }
        int d = ao_find_driver(it->name);
        if (d < 0) {
            if (!first_err)
                first_err = AO_ERR_UNKNOWN;
            continue;
        }
        tried[d] = true;
        int r = ao_try_driver(&ao, ao_drivers[d], it->args, fmt, false);
        if (r < 0 && !first_err)
            first_err = -r;
    }

    ao_report_unknown(&list, ao ? MSGL_WARN : MSGL_ERR);
    subopt_list_free(&list);
    if (!ao) {
        if (!first_err) {
            mp_msg(MSGT_AO, MSGL_ERR, "No audio output driver could be opened.\n");
            first_err = AO_ERR_INIT;
        }
        return -first_err;
    }
    *out = ao;
    return 0;
}

int ao_close(struct ao *ao)
{
    if (!ao)
        return 0;
    /* A card plays out its buffer before it stops; so do the models. */
    if (!ao->driver->get_space && !ao->paused)
        mp_sleep_sec(ao_rtbuf_delay(&ao->rt, mp_time_sec()));
    int r = ao->driver->close(ao, false);
    ao_free(ao);
    return r;
}

int ao_stop(struct ao *ao)
{
    if (!ao)
        return 0;
    ao->stopping = true;
    int r = ao->driver->close(ao, false);
    ao_free(ao);
    return r;
}

void ao_abort(struct ao *ao)
{
    if (!ao)
        return;
    ao->driver->close(ao, true);
    ao_free(ao);
}

int ao_get_space(struct ao *ao)
{
    if (ao->driver->get_space)
        return ao->driver->get_space(ao);
    return ao_rtbuf_space(&ao->rt, mp_time_sec());
}

int ao_play(struct ao *ao, const void *data, int samples)
{
    if (samples <= 0)
        return 0;
    if (ao->driver->get_space)
        return ao->driver->play(ao, data, samples);
    double now = mp_time_sec();
    if (!ao->rt.fast) {
        int space = ao_rtbuf_space(&ao->rt, now);
        if (samples > space)
            samples = space;
        if (samples == 0)
            return 0;
    }
    int r = ao->driver->play(ao, data, samples);
    if (r < 0)
        return r;
    ao_rtbuf_add(&ao->rt, r, now);
    return r;
}

double ao_get_delay(struct ao *ao)
{
    if (ao->driver->get_delay)
        return ao->driver->get_delay(ao);
    return ao_rtbuf_delay(&ao->rt, mp_time_sec());
}

void ao_reset(struct ao *ao)
{
    ao_rtbuf_reset(&ao->rt, mp_time_sec());
    if (ao->driver->reset)
        ao->driver->reset(ao);
}

void ao_pause(struct ao *ao)
{
    ao->paused = true;
    ao_rtbuf_pause(&ao->rt, mp_time_sec());
    if (ao->driver->pause)
        ao->driver->pause(ao);
}

void ao_resume(struct ao *ao)
{
    ao->paused = false;
    ao_rtbuf_resume(&ao->rt, mp_time_sec());
    if (ao->driver->resume)
        ao->driver->resume(ao);
}

void ao_set_fence(struct ao *ao, double secs)
{
    if (ao->driver->get_space) {
        if (ao->driver->set_fence)
            ao->driver->set_fence(ao, secs);
        return;
    }
    ao_rtbuf_set_fence(&ao->rt, secs, mp_time_sec());
}

void ao_set_fast(struct ao *ao, bool fast)
{
    ao->fast = fast;
    ao_rtbuf_set_fast(&ao->rt, fast, mp_time_sec());
}

bool ao_is_fast(const struct ao *ao)
{
    return ao->fast;
}

const char *ao_name(const struct ao *ao)
{
    return ao->driver->name;
}

const char *ao_driver_name(int n)
{
    return n >= 0 && n < AO_NUM_DRIVERS ? ao_drivers[n]->name : NULL;
}

void ao_list_drivers(void)
{
    mp_msg(MSGT_AO, MSGL_INFO, "Available audio output drivers:\n");
    for (int n = 0; n < AO_NUM_DRIVERS; n++)
        mp_msg(MSGT_AO, MSGL_INFO, "\t%s\t%s\n", ao_drivers[n]->name, ao_drivers[n]->desc);
    mp_msg(MSGT_AO, MSGL_INFO, "\n");
}
