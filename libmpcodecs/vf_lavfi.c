/*
 * The -vf chain: MPlayer video filters run as a libavfilter graph, with
 * MPlayer's equalizer properties sent to it as lavfi commands.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/error.h>

#include "libmpcodecs/mpcodecs.h"

struct mp_vf_chain {
    struct mp_lavfi_chain *lc;
};

int mp_vf_chain_create(struct mp_vf_chain **out, const char *spec, const AVFrame *first_in,
                       AVRational time_base, const struct mp_sws_opts *sws)
{
    *out = NULL;
    struct mp_vf_chain *c = calloc(1, sizeof(*c));
    if (!c)
        return AVERROR(ENOMEM);
    int ret = mp_lavfi_chain_create(&c->lc, MP_FILTER_VIDEO, spec, first_in, time_base, sws);
    if (ret < 0) {
        free(c);
        return ret;
    }
    *out = c;
    return 0;
}

void mp_vf_chain_free(struct mp_vf_chain *c)
{
    if (!c)
        return;
    mp_lavfi_chain_free(c->lc);
    free(c);
}

int mp_vf_chain_send(struct mp_vf_chain *c, const AVFrame *in)
{
    return mp_lavfi_chain_send(c->lc, in);
}

int mp_vf_chain_receive(struct mp_vf_chain *c, AVFrame **out)
{
    return mp_lavfi_chain_receive(c->lc, out);
}

int mp_vf_chain_filter(struct mp_vf_chain *c, const AVFrame *in, AVFrame **out)
{
    *out = NULL;
    int ret = mp_lavfi_chain_send(c->lc, in);
    if (ret < 0)
        return ret;
    return mp_lavfi_chain_receive(c->lc, out);
}

void mp_vf_chain_reset(struct mp_vf_chain *c)
{
    mp_lavfi_chain_reset(c->lc);
}

/* MPlayer's -100..100 scales as its eq2 and hue filters read them. */
int mp_vf_chain_set_eq(struct mp_vf_chain *c, const char *name, int value)
{
    if (value < -100 || value > 100)
        return AVERROR(EINVAL);
    const char *target = "eq";
    double v;
    if (!strcmp(name, "brightness")) {
        v = value / 100.0;
    } else if (!strcmp(name, "contrast") || !strcmp(name, "saturation")) {
        v = (value + 100) / 100.0;
    } else if (!strcmp(name, "gamma")) {
        v = exp(log(8.0) * value / 100.0);
    } else if (!strcmp(name, "hue")) {
        target = "hue";
        name = "h";
        v = value * 1.8;
    } else {
        return AVERROR(EINVAL);
    }
    char arg[32];
    snprintf(arg, sizeof(arg), "%.6f", v);
    return mp_lavfi_chain_command(c->lc, target, name, arg);
}

int mp_vf_chain_command(struct mp_vf_chain *c, const char *target, const char *cmd,
                        const char *arg)
{
    return mp_lavfi_chain_command(c->lc, target, cmd, arg);
}

struct mp_lavfi_chain *mp_vf_chain_lavfi(struct mp_vf_chain *c)
{
    return c->lc;
}

double mp_vf_chain_display_aspect(const struct mp_vf_chain *c)
{
    return mp_lavfi_chain_translation(c->lc)->display_aspect;
}

void mp_vf_chain_display_size(const struct mp_vf_chain *c, int *w, int *h)
{
    const struct mp_filter_translation *t = mp_lavfi_chain_translation(c->lc);
    *w = t->display_w;
    *h = t->display_h;
}

bool mp_vf_chain_burns_subs(const struct mp_vf_chain *c)
{
    return mp_lavfi_chain_translation(c->lc)->burn_subs;
}

void mp_vf_list_filters(void)
{
    mp_filter_print_list(MP_FILTER_VIDEO);
}
