/*
 * The -af chain: MPlayer audio filters run as a libavfilter graph; the
 * output keeps the decoder's sample format, and scaletempo follows the
 * playback speed.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>

#include <libavutil/error.h>

#include "libmpcodecs/mpcodecs.h"

struct mp_af_chain {
    struct mp_lavfi_chain *lc;
};

int mp_af_chain_create(struct mp_af_chain **out, const char *spec, const AVFrame *first_in,
                       AVRational time_base)
{
    *out = NULL;
    struct mp_af_chain *c = calloc(1, sizeof(*c));
    if (!c)
        return AVERROR(ENOMEM);
    // No scaler settings: an audio graph has nothing libswscale does.
    int ret = mp_lavfi_chain_create(&c->lc, MP_FILTER_AUDIO, spec, first_in, time_base, NULL);
    if (ret < 0) {
        free(c);
        return ret;
    }
    *out = c;
    return 0;
}

void mp_af_chain_free(struct mp_af_chain *c)
{
    if (!c)
        return;
    mp_lavfi_chain_free(c->lc);
    free(c);
}

int mp_af_chain_send(struct mp_af_chain *c, const AVFrame *in)
{
    return mp_lavfi_chain_send(c->lc, in);
}

int mp_af_chain_receive(struct mp_af_chain *c, AVFrame **out)
{
    return mp_lavfi_chain_receive(c->lc, out);
}

int mp_af_chain_filter(struct mp_af_chain *c, const AVFrame *in, AVFrame **out)
{
    *out = NULL;
    int ret = mp_lavfi_chain_send(c->lc, in);
    if (ret < 0)
        return ret;
    return mp_lavfi_chain_receive(c->lc, out);
}

void mp_af_chain_reset(struct mp_af_chain *c)
{
    mp_lavfi_chain_reset(c->lc);
}

int mp_af_chain_set_speed(struct mp_af_chain *c, double speed)
{
    return mp_lavfi_chain_set_speed(c->lc, speed);
}

struct mp_lavfi_chain *mp_af_chain_lavfi(struct mp_af_chain *c)
{
    return c->lc;
}

bool mp_af_chain_has_scaletempo(const struct mp_af_chain *c)
{
    return mp_lavfi_chain_translation(c->lc)->has_scaletempo;
}

void mp_af_list_filters(void)
{
    mp_filter_print_list(MP_FILTER_AUDIO);
}
