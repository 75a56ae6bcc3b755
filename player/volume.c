/*
 * Software volume: samples are scaled before they reach the audio output,
 * as MPlayer's -softvol does; 100 on the volume scale is -softvol-max
 * percent of the decoded level.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/samplefmt.h>

#include "common/mp_msg.h"
#include "player/play_priv.h"
#include "player/player.h"

void mp_volume_init(struct MPContext *mpctx)
{
    const struct MPOpts *o = &mpctx->opts;
    /* Unity gain sits at 100 * 100 / softvol-max on the volume scale. */
    double unity = 100.0 * 100.0 / o->softvol_max;
    mpctx->volume = o->volume >= 0 ? o->volume : (unity < 100 ? unity : 100);
    mpctx->mute = false;
}

void mp_volume_set(struct MPContext *mpctx, double volume)
{
    if (!(volume >= 0))
        volume = 0;
    if (volume > 100)
        volume = 100;
    mpctx->volume = volume;
}

double mp_volume_gain(const struct MPContext *mpctx)
{
    if (mpctx->mute)
        return 0;
    return mpctx->volume / 100.0 * mpctx->opts.softvol_max / 100.0;
}

static int vol_clip(double v, double lo, double hi)
{
    return v < lo ? (int)lo : v > hi ? (int)hi : (int)lrint(v);
}

uint8_t *play_vol_buf(struct play_state *ps, size_t bytes)
{
    if (bytes > ps->vol_buf_size) {
        uint8_t *b = realloc(ps->vol_buf, bytes);
        if (!b)
            return NULL;
        ps->vol_buf = b;
        ps->vol_buf_size = bytes;
    }
    return ps->vol_buf;
}

const void *play_volume_apply(struct play_state *ps, const void *data, int samples)
{
    double gain = mp_volume_gain(ps->mpctx);
    if (fabs(gain - 1.0) < 1e-9)
        return data;
    size_t n = (size_t)samples * (size_t)ps->afmt.channels;
    size_t bytes = (size_t)samples * (size_t)ps->frame_bytes;
    if (!play_vol_buf(ps, bytes))
        return NULL;
    switch (ps->afmt.fmt) {
    case AV_SAMPLE_FMT_U8: {
        const uint8_t *in = data;
        uint8_t *out = ps->vol_buf;
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)vol_clip(128 + (in[i] - 128) * gain, 0, 255);
        break;
    }
    case AV_SAMPLE_FMT_S16: {
        const int16_t *in = data;
        int16_t *out = (int16_t *)ps->vol_buf;
        for (size_t i = 0; i < n; i++)
            out[i] = (int16_t)vol_clip(in[i] * gain, INT16_MIN, INT16_MAX);
        break;
    }
    case AV_SAMPLE_FMT_S32: {
        const int32_t *in = data;
        int32_t *out = (int32_t *)ps->vol_buf;
        for (size_t i = 0; i < n; i++) {
            double v = in[i] * gain;
            out[i] = v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)lrint(v);
        }
        break;
    }
    case AV_SAMPLE_FMT_FLT: {
        const float *in = data;
        float *out = (float *)ps->vol_buf;
        for (size_t i = 0; i < n; i++)
            out[i] = (float)(in[i] * gain);
        break;
    }
    case AV_SAMPLE_FMT_DBL: {
        const double *in = data;
        double *out = (double *)ps->vol_buf;
        for (size_t i = 0; i < n; i++)
            out[i] = in[i] * gain;
        break;
    }
    default:
        /* A format the outputs never take: leave the level alone. */
        return data;
    }
    return ps->vol_buf;
}
