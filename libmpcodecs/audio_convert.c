/*
 * Audio conversion (sample format, channel layout, rate, speed) on
 * libswresample.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libswresample/swresample.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

/* Sources claiming a higher rate are refused. No real audio comes near it
 * (hi-res PCM stops at 768 kHz), and swr_init's set-up grows with the rate
 * ratio: a WAV header claiming 1.9 GHz held the player for half a minute
 * and 2 GB (found by tests/fuzz/fuzz_demux). */
#define AUDIO_CONV_MAX_SRC_RATE 1000000

struct mp_audio_conv {
    struct mp_audio_format dst;
    AVChannelLayout dst_layout;
    int dst_bpf;               // bytes per output sample frame

    double speed;
    bool speed_changed;

    // The source format the converter is set up for (valid if have_in).
    bool have_in;
    enum AVSampleFormat in_fmt;
    int in_rate;
    AVChannelLayout in_layout;  // as the frames carry it, for comparison
    bool passthrough;           // input is already dst: plain copy
    SwrContext *swr;            // NULL when passthrough

    uint8_t *buf;              // output of the last run
    size_t buf_cap;
};

int mp_audio_format_frame_bytes(const struct mp_audio_format *f)
{
    return av_get_bytes_per_sample(f->fmt) * f->channels;
}

int mp_audio_conv_create(struct mp_audio_conv **out, const struct mp_audio_format *dst)
{
    *out = NULL;
    if (dst->fmt <= AV_SAMPLE_FMT_NONE || dst->fmt >= AV_SAMPLE_FMT_NB ||
        av_sample_fmt_is_planar(dst->fmt) || dst->rate <= 0 || dst->channels <= 0 ||
        dst->channels > 64)
        return -CODEC_ERR_CONVERT;
    struct mp_audio_conv *c = calloc(1, sizeof(*c));
    if (!c)
        return -CODEC_ERR_NOMEM;
    c->dst = *dst;
    av_channel_layout_default(&c->dst_layout, dst->channels);
    c->dst_bpf = mp_audio_format_frame_bytes(dst);
    c->speed = 1.0;
    *out = c;
    return 0;
}

static void drop_source(struct mp_audio_conv *c)
{
    swr_free(&c->swr);
    av_channel_layout_uninit(&c->in_layout);
    c->have_in = false;
    c->passthrough = false;
}

void mp_audio_conv_free(struct mp_audio_conv *c)
{
    if (!c)
        return;
    drop_source(c);
    av_channel_layout_uninit(&c->dst_layout);
    free(c->buf);
    free(c);
}

void mp_audio_conv_set_speed(struct mp_audio_conv *c, double speed)
{
    if (!isfinite(speed) || speed <= 0)
        return;
    if (speed != c->speed) {
        c->speed = speed;
        c->speed_changed = true;
    }
}

void mp_audio_conv_reset(struct mp_audio_conv *c)
{
    drop_source(c);
}

double mp_audio_conv_get_delay(const struct mp_audio_conv *c)
{
    if (!c->swr)
        return 0;
    return swr_get_delay(c->swr, c->dst.rate) / (double)c->dst.rate;
}

// Make room for `samples` more output samples after `used` bytes.
static int reserve(struct mp_audio_conv *c, size_t used, int samples)
{
    size_t need = used + (size_t)samples * c->dst_bpf;
    if (need <= c->buf_cap)
        return 0;
    size_t cap = c->buf_cap ? c->buf_cap : 4096;
    while (cap < need)
        cap *= 2;
    uint8_t *b = realloc(c->buf, cap);
    if (!b)
        return -CODEC_ERR_NOMEM;
    c->buf = b;
    c->buf_cap = cap;
    return 0;
}

// Move everything the resampler still holds to the buffer at *used.
static int drain(struct mp_audio_conv *c, size_t *used)
{
    if (!c->swr)
        return 0;
    for (;;) {
        int room = swr_get_out_samples(c->swr, 0);
        room = (room > 0 ? room : 0) + 256;
        if (reserve(c, *used, room) < 0)
            return -CODEC_ERR_NOMEM;
        uint8_t *outp = c->buf + *used;
        int n = swr_convert(c->swr, &outp, room, NULL, 0);
        if (n < 0)
            return -CODEC_ERR_CONVERT;
        if (n == 0)
            return 0;
        *used += (size_t)n * c->dst_bpf;
    }
}

static bool same_source(const struct mp_audio_conv *c, const AVFrame *src)
{
    return c->have_in && !c->speed_changed && c->in_fmt == src->format &&
           c->in_rate == src->sample_rate &&
           av_channel_layout_compare(&c->in_layout, &src->ch_layout) == 0;
}

static int setup_source(struct mp_audio_conv *c, const AVFrame *src)
{
    AVChannelLayout layout = {0};
    int ret = av_channel_layout_copy(&c->in_layout, &src->ch_layout);
    if (ret < 0)
        goto fail;
    c->in_fmt = src->format;
    c->in_rate = src->sample_rate;
    c->have_in = true;
    c->speed_changed = false;

    // Unknown channel order: assume the usual one for the count, as there
    // is nothing better to mix with.
    if (src->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC)
        av_channel_layout_default(&layout, src->ch_layout.nb_channels);
    else
        ret = av_channel_layout_copy(&layout, &src->ch_layout);
    if (ret < 0)
        goto fail;

    double r = src->sample_rate * c->speed;
    int rate = r >= INT_MAX ? INT_MAX : r < 1 ? 1 : (int)lrint(r);

    c->passthrough = src->format == c->dst.fmt && rate == c->dst.rate &&
                     av_channel_layout_compare(&layout, &c->dst_layout) == 0;
    if (!c->passthrough) {
        ret = swr_alloc_set_opts2(&c->swr, &c->dst_layout, c->dst.fmt, c->dst.rate,
                                  &layout, src->format, rate, 0, NULL);
        if (ret >= 0)
            ret = swr_init(c->swr);
        if (ret < 0) {
            mp_msg(MSGT_DECAUDIO, MSGL_V, "swresample cannot convert %s %d Hz %d ch: %s\n",
                   av_get_sample_fmt_name(src->format), rate, layout.nb_channels,
                   av_err2str(ret));
            goto fail;
        }
    }
    mp_msg(MSGT_DECAUDIO, MSGL_V, "Audio conversion: %s %d Hz %d ch%s -> %s %d Hz %d ch%s\n",
           av_get_sample_fmt_name(src->format), rate, layout.nb_channels,
           c->speed != 1.0 ? " (speed)" : "", av_get_sample_fmt_name(c->dst.fmt),
           c->dst.rate, c->dst.channels, c->passthrough ? " (copy)" : "");
    av_channel_layout_uninit(&layout);
    return 0;

fail:
    av_channel_layout_uninit(&layout);
    drop_source(c);
    return ret == AVERROR(ENOMEM) ? -CODEC_ERR_NOMEM : -CODEC_ERR_CONVERT;
}

int mp_audio_conv_run(struct mp_audio_conv *c, const AVFrame *src,
                      const uint8_t **data, int *samples)
{
    *data = NULL;
    *samples = 0;
    size_t used = 0;
    int ret = 0;

    if (!src) {
        ret = drain(c, &used);
        drop_source(c);
        if (ret < 0)
            return ret;
        goto done;
    }

    if (src->format < 0 || src->format >= AV_SAMPLE_FMT_NB || src->sample_rate <= 0 ||
        src->sample_rate > AUDIO_CONV_MAX_SRC_RATE || src->ch_layout.nb_channels <= 0 ||
        src->nb_samples < 0)
        return -CODEC_ERR_CONVERT;

    if (!same_source(c, src)) {
        ret = drain(c, &used);
        drop_source(c);
        if (ret < 0)
            return ret;
        ret = setup_source(c, src);
        if (ret < 0)
            return ret;
    }

    int n = src->nb_samples;
    if (c->passthrough) {
        if (reserve(c, used, n) < 0)
            return -CODEC_ERR_NOMEM;
        memcpy(c->buf + used, src->data[0], (size_t)n * c->dst_bpf);
        used += (size_t)n * c->dst_bpf;
    } else if (n > 0) {
        int room = swr_get_out_samples(c->swr, n);
        if (room < 0)
            return -CODEC_ERR_CONVERT;
        if (reserve(c, used, room) < 0)
            return -CODEC_ERR_NOMEM;
        uint8_t *outp = c->buf + used;
        int got = swr_convert(c->swr, &outp, room, (const uint8_t **)src->extended_data, n);
        if (got < 0)
            return -CODEC_ERR_CONVERT;
        used += (size_t)got * c->dst_bpf;
    }

done:
    *data = c->buf;
    *samples = (int)(used / c->dst_bpf);
    return 0;
}
