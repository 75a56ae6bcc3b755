/*
 * -vf / -af in the player: decoded frames go through the libavfilter
 * chains (libmpcodecs) before conversion for the outputs.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <string.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "player/play_priv.h"
#include "player/player.h"

static bool filters_wanted(const char *spec)
{
    return spec && spec[0] && strcmp(spec, "help");
}

int mp_filters_check(struct MPContext *mpctx)
{
    const struct MPOpts *o = &mpctx->opts;
    if ((o->vf && !strcmp(o->vf, "help")) || (o->af && !strcmp(o->af, "help"))) {
        if (o->vf && !strcmp(o->vf, "help"))
            mp_vf_list_filters();
        if (o->af && !strcmp(o->af, "help"))
            mp_af_list_filters();
        return 1;
    }
    /* Names and arguments now, before anything plays (translated for a
     * typical input); what depends on the stream's real format, such as a
     * crop larger than the picture, is checked when the chain is built. */
    const char *specs[2] = { o->vf, o->af };
    const enum mp_filter_kind kinds[2] = { MP_FILTER_VIDEO, MP_FILTER_AUDIO };
    const struct mp_filter_input in = { .rate = 48000, .channels = 2, .speed = 1 };
    for (int i = 0; i < 2; i++) {
        if (!filters_wanted(specs[i]))
            continue;
        struct mp_filter_translation t;
        if (mp_filter_translate(kinds[i], specs[i], &in, &t) < 0)
            return -1;
        mp_filter_translation_uninit(&t);
    }
    return 0;
}

int play_vf_receive(struct play_state *ps, AVFrame **out)
{
    const char *spec = ps->mpctx->opts.vf;
    if (!filters_wanted(spec))
        return mp_decoder_receive(ps->vdec, out);
    for (;;) {
        if (ps->vf) {
            int r = mp_vf_chain_receive(ps->vf, out);
            if (r != AVERROR(EAGAIN))
                return r;
            if (ps->vf_sent_eof)
                return AVERROR_EOF;
        }
        AVFrame *f = NULL;
        int r = mp_decoder_receive(ps->vdec, &f);
        if (r == 0) {
            if (!ps->vf && mp_vf_chain_create(&ps->vf, spec, f, ps->sh_video->time_base) < 0) {
                av_frame_free(&f);
                ps->filter_failed = true;
                return AVERROR(EINVAL);
            }
            r = mp_vf_chain_send(ps->vf, f);
            av_frame_free(&f);
            if (r < 0)
                return r;
            continue;
        }
        if (r == AVERROR_EOF && ps->vf && !ps->vf_sent_eof) {
            mp_vf_chain_send(ps->vf, NULL);
            ps->vf_sent_eof = true;
            continue;
        }
        return r;
    }
}

int play_af_receive(struct play_state *ps, AVFrame **out)
{
    const char *spec = ps->mpctx->opts.af;
    if (!filters_wanted(spec))
        return mp_decoder_receive(ps->adec, out);
    for (;;) {
        if (ps->af) {
            int r = mp_af_chain_receive(ps->af, out);
            if (r != AVERROR(EAGAIN))
                return r;
            if (ps->af_sent_eof)
                return AVERROR_EOF;
        }
        AVFrame *f = NULL;
        int r = mp_decoder_receive(ps->adec, &f);
        if (r == 0) {
            if (!ps->af) {
                if (mp_af_chain_create(&ps->af, spec, f, ps->sh_audio->time_base) < 0) {
                    av_frame_free(&f);
                    ps->filter_failed = true;
                    return AVERROR(EINVAL);
                }
                play_af_set_speed(ps, ps->mpctx->opts.speed);
            }
            r = mp_af_chain_send(ps->af, f);
            av_frame_free(&f);
            if (r < 0)
                return r;
            continue;
        }
        if (r == AVERROR_EOF && ps->af && !ps->af_sent_eof) {
            mp_af_chain_send(ps->af, NULL);
            ps->af_sent_eof = true;
            continue;
        }
        return r;
    }
}

void play_af_set_speed(struct play_state *ps, double speed)
{
    /* scaletempo keeps the pitch: then the converter must not resample
     * for speed as well. */
    if (ps->af && mp_af_chain_set_speed(ps->af, speed) == 1) {
        if (ps->aconv)
            mp_audio_conv_set_speed(ps->aconv, 1.0);
    } else if (ps->aconv) {
        mp_audio_conv_set_speed(ps->aconv, speed);
    }
}

void play_filters_reset(struct play_state *ps)
{
    if (ps->vf)
        mp_vf_chain_reset(ps->vf);
    if (ps->af)
        mp_af_chain_reset(ps->af);
    ps->vf_sent_eof = false;
    ps->af_sent_eof = false;
}

void play_filters_free(struct play_state *ps)
{
    mp_vf_chain_free(ps->vf);
    mp_af_chain_free(ps->af);
    ps->vf = NULL;
    ps->af = NULL;
}
