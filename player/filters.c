/*
 * -vf / -af in the player: decoded frames go through the libavfilter
 * chains (libmpcodecs) before conversion for the outputs; slave commands
 * edit the chains while the file plays, and the picture controls
 * (brightness, ...) act through the video chain's eq / hue filter.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/frame.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demux_avlog.h"
#include "libmpdemux/demuxer.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "sub/sub.h"

/* Entries a list edited at run time may have. */
#define FILTERS_MAX_ENTRIES 64

static bool filters_wanted(const char *spec)
{
    return spec && spec[0] && strcmp(spec, "help");
}

int mp_filters_check(struct MPContext *mpctx)
{
    const struct MPOpts *o = &mpctx->opts;
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

/* ---- one side (video or audio) ---- */

static struct mp_lavfi_chain *side_chain(const struct play_state *ps, bool video)
{
    if (video)
        return ps->vf ? mp_vf_chain_lavfi(ps->vf) : NULL;
    return ps->af ? mp_af_chain_lavfi(ps->af) : NULL;
}

/* The list the file runs now: the chain's, else the one edited before
 * any chain ran, else the option's. */
static const char *side_spec(const struct play_state *ps, bool video)
{
    const struct mp_lavfi_chain *lc = side_chain(ps, video);
    if (lc)
        return mp_lavfi_chain_spec(lc);
    const char *edited = video ? ps->vf_spec : ps->af_spec;
    if (edited)
        return edited;
    const char *opt = video ? ps->mpctx->opts.vf : ps->mpctx->opts.af;
    return filters_wanted(opt) ? opt : "";
}

static const char *const eq_names[5] = { "brightness", "contrast", "hue", "saturation",
                                         "gamma" };

static int eq_index(const char *name)
{
    for (int i = 0; i < 5; i++) {
        if (!strcmp(name, eq_names[i]))
            return i;
    }
    return -1;
}

static int side_create(struct play_state *ps, bool video, const char *spec, const AVFrame *f)
{
    if (video) {
        int r = mp_vf_chain_create(&ps->vf, spec, f, ps->sh_video->time_base,
                                   &ps->mpctx->sws_opts);
        for (int i = 0; r >= 0 && i < 5; i++) {
            if (ps->eq[i])
                mp_vf_chain_set_eq(ps->vf, eq_names[i], ps->eq[i]);
        }
        return r;
    }
    int r = mp_af_chain_create(&ps->af, spec, f, ps->sh_audio->time_base);
    if (r >= 0)
        play_af_set_speed(ps, ps->mpctx->opts.speed);
    return r;
}

/* Remember the format of a frame that passed without a chain, so that a
 * chain added later can be tried on it before it is used. */
static void side_keep_format(struct play_state *ps, bool video, const AVFrame *f)
{
    AVFrame **fmt = video ? &ps->vf_fmt : &ps->af_fmt;
    if (!*fmt && !(*fmt = av_frame_alloc()))
        return;
    AVFrame *t = *fmt;
    t->format = f->format;
    t->width = f->width;
    t->height = f->height;
    t->sample_aspect_ratio = f->sample_aspect_ratio;
    t->sample_rate = f->sample_rate;
    if (!video && av_channel_layout_compare(&t->ch_layout, &f->ch_layout)) {
        av_channel_layout_uninit(&t->ch_layout);
        if (av_channel_layout_copy(&t->ch_layout, &f->ch_layout) < 0)
            av_frame_free(fmt);
    }
}

/* -benchmark's filter figures: the video chain's time since t0 counts
 * for the next frame it gives (done: this call gave it). */
static void side_time(struct play_state *ps, bool video, double t0, bool done)
{
    if (!video)
        return;
    struct MPContext *mpctx = ps->mpctx;
    ps->vf_time_pending += mp_time_sec() - t0;
    if (!done)
        return;
    mpctx->bench_vf_total += ps->vf_time_pending;
    if (ps->vf_time_pending > mpctx->bench_vf_max)
        mpctx->bench_vf_max = ps->vf_time_pending;
    mpctx->bench_vf_frames++;
    ps->vf_time_pending = 0;
}

/* The next frame of one side: from the chain when there is one (built
 * from the first frame), else straight from the decoder. */
static int side_receive(struct play_state *ps, bool video, AVFrame **out)
{
    struct mp_decoder *dec = video ? ps->vdec : ps->adec;
    bool *sent_eof = video ? &ps->vf_sent_eof : &ps->af_sent_eof;
    for (;;) {
        struct mp_lavfi_chain *lc = side_chain(ps, video);
        if (!lc && !side_spec(ps, video)[0]) {
            int r = mp_decoder_receive(dec, out);
            if (r == 0)
                side_keep_format(ps, video, *out);
            return r;
        }
        if (lc) {
            double t0 = mp_time_sec();
            int r = mp_lavfi_chain_receive(lc, out);
            side_time(ps, video, t0, r == 0);
            if (r != AVERROR(EAGAIN))
                return r;
            if (*sent_eof)
                return AVERROR_EOF;
        }
        AVFrame *f = NULL;
        int r = mp_decoder_receive(dec, &f);
        if (r == 0) {
            if (!lc) {
                /* The first build is counted apart (graph builds). */
                if (side_create(ps, video, side_spec(ps, video), f) < 0) {
                    av_frame_free(&f);
                    ps->filter_failed = true;
                    return AVERROR(EINVAL);
                }
                lc = side_chain(ps, video);
            }
            double t0 = mp_time_sec();
            r = mp_lavfi_chain_send(lc, f);
            side_time(ps, video, t0, false);
            av_frame_free(&f);
            if (r < 0)
                return r;
            continue;
        }
        if (r == AVERROR_EOF && lc && !*sent_eof) {
            mp_lavfi_chain_send(lc, NULL);
            *sent_eof = true;
            continue;
        }
        return r;
    }
}

int play_vf_receive(struct play_state *ps, AVFrame **out)
{
    return side_receive(ps, true, out);
}

int play_af_receive(struct play_state *ps, AVFrame **out)
{
    return side_receive(ps, false, out);
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

/* A frame without data in the format the decoder announces. */
static AVFrame *decoder_format(const struct play_state *ps, bool video)
{
    const struct sh_stream *sh = video ? ps->sh_video : ps->sh_audio;
    const AVCodecContext *avctx = mp_decoder_avctx(video ? ps->vdec : ps->adec);
    AVFrame *f = av_frame_alloc();
    if (!f)
        return NULL;
    if (video) {
        f->format = avctx->pix_fmt != AV_PIX_FMT_NONE ? avctx->pix_fmt : sh->codecpar->format;
        f->width = avctx->width > 0 ? avctx->width : sh->codecpar->width;
        f->height = avctx->height > 0 ? avctx->height : sh->codecpar->height;
        f->sample_aspect_ratio = avctx->sample_aspect_ratio;
        return f;
    }
    f->format = avctx->sample_fmt != AV_SAMPLE_FMT_NONE ? avctx->sample_fmt
                                                        : sh->codecpar->format;
    f->sample_rate = avctx->sample_rate > 0 ? avctx->sample_rate : sh->codecpar->sample_rate;
    const AVChannelLayout *l = avctx->ch_layout.nb_channels ? &avctx->ch_layout
                                                             : &sh->codecpar->ch_layout;
    if (l->nb_channels <= 0 || av_channel_layout_copy(&f->ch_layout, l) < 0)
        av_channel_layout_default(&f->ch_layout, 2);
    return f;
}

int play_filters_probe(struct play_state *ps, bool video, AVFrame **out)
{
    if (out)
        *out = NULL;
    AVFrame *in = decoder_format(ps, video);
    if (!in)
        return -1;
    bool known = video ? in->format >= 0 && in->width > 0 && in->height > 0
                       : in->format >= 0 && in->sample_rate > 0;
    const char *spec = side_spec(ps, video);
    int r = 0;
    AVFrame *res = NULL;
    if (known && spec[0]) {
        res = av_frame_alloc();
        if (!res) {
            av_frame_free(&in);
            return -1;
        }
        demux_avlog_quiet(true);
        r = mp_lavfi_chain_probe(video ? MP_FILTER_VIDEO : MP_FILTER_AUDIO, spec, in,
                                 &ps->mpctx->sws_opts, res);
        demux_avlog_quiet(false);
        if (r < 0)
            av_frame_free(&res);
    } else if (!known) {
        /* The format comes with the first frame: the chain is checked then. */
        mp_msg(MSGT_CPLAYER, MSGL_V, "%s: stream format not known before decoding.\n",
               video ? "-vf" : "-af");
    }
    if (r >= 0 && !res) {
        res = in;
        in = NULL;
    }
    av_frame_free(&in);
    if (r < 0)
        return -1;
    if (out)
        *out = res;
    else
        av_frame_free(&res);
    return 0;
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
    if (ps->vf) {
        int n = 0;
        double longest = 0;
        mp_lavfi_chain_build_stats(mp_vf_chain_lavfi(ps->vf), &n, &longest);
        ps->mpctx->bench_vf_builds += n;
        if (longest > ps->mpctx->bench_vf_build_max)
            ps->mpctx->bench_vf_build_max = longest;
    }
    mp_vf_chain_free(ps->vf);
    play_subs_pad_free(ps);
    mp_af_chain_free(ps->af);
    ps->vf = NULL;
    ps->af = NULL;
    free(ps->vf_spec);
    free(ps->af_spec);
    ps->vf_spec = ps->af_spec = NULL;
    av_frame_free(&ps->vf_fmt);
    av_frame_free(&ps->af_fmt);
}

/* ---- editing a list while playing ---- */

/* Make spec the list the file runs. The chain running (or, before one
 * runs, a chain for the format last decoded) is tried first: on failure
 * the message names the filter and nothing changes. */
static int side_set_spec(struct play_state *ps, bool video, const char *spec)
{
    char *copy = strdup(spec);
    if (!copy)
        return AVERROR(ENOMEM);
    struct mp_lavfi_chain *lc = side_chain(ps, video);
    const AVFrame *fmt = video ? ps->vf_fmt : ps->af_fmt;
    int r = 0;
    if (lc) {
        r = mp_lavfi_chain_set_spec(lc, spec);
        if (r >= 0 && !video)
            play_af_set_speed(ps, ps->mpctx->opts.speed);
    } else if (fmt && spec[0]) {
        r = side_create(ps, video, spec, fmt);
    } else if (spec[0]) {
        struct mp_filter_translation t;
        r = mp_filter_translate(video ? MP_FILTER_VIDEO : MP_FILTER_AUDIO, spec, NULL, &t);
        if (r >= 0)
            mp_filter_translation_uninit(&t);
    }
    if (r < 0) {
        free(copy);
        return r;
    }
    char **slot = video ? &ps->vf_spec : &ps->af_spec;
    free(*slot);
    *slot = copy;
    mp_msg(MSGT_CPLAYER, MSGL_V, "%s now '%s'.\n", video ? "-vf" : "-af", spec);
    return 0;
}

/* A list as separate "name=args" strings (malloc'ed). */
struct edit_list {
    int n;
    char *items[FILTERS_MAX_ENTRIES];
};

static void edit_list_uninit(struct edit_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->items[i]);
    l->n = 0;
}

static int edit_list_insert(struct edit_list *l, int pos, const char *s, size_t len)
{
    if (l->n >= FILTERS_MAX_ENTRIES)
        return -1;
    char *copy = strndup(s, len);
    if (!copy)
        return -1;
    memmove(&l->items[pos + 1], &l->items[pos], sizeof(char *) * (size_t)(l->n - pos));
    l->items[pos] = copy;
    l->n++;
    return 0;
}

static void edit_list_remove(struct edit_list *l, int pos)
{
    free(l->items[pos]);
    memmove(&l->items[pos], &l->items[pos + 1], sizeof(char *) * (size_t)(l->n - pos - 1));
    l->n--;
}

/* Split spec at its commas; at_front: each entry goes before the ones
 * already there (MPlayer's af_add), else after them. */
static int edit_list_add(struct edit_list *l, const char *spec, bool at_front)
{
    const char *p = spec;
    while (p && *p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len && edit_list_insert(l, at_front ? 0 : l->n, p, len) < 0)
            return -1;
        p = comma ? comma + 1 : NULL;
    }
    return 0;
}

/* Index of the first entry called name ("vol" does not match "volume"),
 * or -1. */
static int edit_list_find(const struct edit_list *l, const char *name, size_t len)
{
    for (int i = 0; i < l->n; i++) {
        const char *eq = strchr(l->items[i], '=');
        size_t n = eq ? (size_t)(eq - l->items[i]) : strlen(l->items[i]);
        if (n == len && !strncmp(l->items[i], name, len))
            return i;
    }
    return -1;
}

static char *edit_list_join(const struct edit_list *l)
{
    size_t total = 1;
    for (int i = 0; i < l->n; i++)
        total += strlen(l->items[i]) + 1;
    char *s = malloc(total);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < l->n; i++) {
        if (i)
            strcat(s, ",");
        strcat(s, l->items[i]);
    }
    return s;
}

/* af_del: each name removes the first filter of that name; names not in
 * the list are passed over, as in MPlayer. */
static int edit_delete(struct edit_list *l, const char *names, const char *opt)
{
    const char *p = names;
    while (p && *p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        int i = edit_list_find(l, p, len);
        if (i >= 0)
            edit_list_remove(l, i);
        else if (len)
            mp_msg(MSGT_CPLAYER, MSGL_V, "%s: no filter '%.*s' to remove.\n", opt, (int)len, p);
        p = comma ? comma + 1 : NULL;
    }
    return 0;
}

/* af_cmdline: new arguments for the first filter of that name. */
static int edit_cmdline(struct edit_list *l, const char *name, const char *args,
                        const char *opt)
{
    int i = edit_list_find(l, name, strlen(name));
    if (i < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "%s: filter '%s' not found in chain.\n", opt, name);
        return -1;
    }
    char *entry = NULL;
    if (asprintf(&entry, args && args[0] ? "%s=%s" : "%s%s", name, args ? args : "") < 0)
        return -1;
    free(l->items[i]);
    l->items[i] = entry;
    return 0;
}

int play_filters_edit(struct play_state *ps, bool video, enum play_filter_edit op,
                      const char *arg, const char *arg2)
{
    const char *opt = video ? "-vf" : "-af";
    if (!(video ? ps->sh_video : ps->sh_audio)) {
        mp_msg(MSGT_CPLAYER, MSGL_V, "%s: no %s stream to filter.\n", opt,
               video ? "video" : "audio");
        return AVERROR(ENOENT);
    }
    struct edit_list l = { 0 };
    int r = 0;
    if (op != PLAY_FILTER_CLR && op != PLAY_FILTER_SWITCH)
        r = edit_list_add(&l, side_spec(ps, video), false);
    if (r >= 0) {
        switch (op) {
        case PLAY_FILTER_ADD:
            r = edit_list_add(&l, arg, true);
            break;
        case PLAY_FILTER_SWITCH:
            r = edit_list_add(&l, arg, false);
            break;
        case PLAY_FILTER_DEL:
            r = edit_delete(&l, arg, opt);
            break;
        case PLAY_FILTER_CMDLINE:
            r = edit_cmdline(&l, arg, arg2, opt);
            break;
        case PLAY_FILTER_CLR:
            break;
        }
    }
    /* Picture controls set by command live in the chain's eq2 / hue: a
     * list edited without them gets them back at its end, so the values
     * (replayed on every new graph) still act, as get_property says. */
    bool need_eq = false, need_hue = false;
    for (int i = 0; video && i < 5; i++) {
        if (ps->eq[i])
            *(i == 2 ? &need_hue : &need_eq) = true;
    }
    if (r >= 0 && need_eq && edit_list_find(&l, "eq2", 3) < 0 && edit_list_find(&l, "eq", 2) < 0)
        r = edit_list_insert(&l, l.n, "eq2", 3);
    if (r >= 0 && need_hue && edit_list_find(&l, "hue", 3) < 0)
        r = edit_list_insert(&l, l.n, "hue", 3);
    char *spec = r >= 0 ? edit_list_join(&l) : NULL;
    edit_list_uninit(&l);
    if (!spec) {
        if (r >= 0)
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "%s: filter list too long.\n", opt);
        return AVERROR(EINVAL);
    }
    r = strcmp(spec, side_spec(ps, video)) ? side_set_spec(ps, video, spec) : 0;
    free(spec);
    return r;
}

/* ---- picture controls ---- */

int play_vf_get_eq(const struct play_state *ps, const char *name, int *value)
{
    int i = eq_index(name);
    if (i < 0)
        return AVERROR(EINVAL);
    if (!ps->sh_video)
        return AVERROR(ENOENT);
    *value = ps->eq[i];
    return 0;
}

/* Whether the list has a filter that takes the control's command. */
static bool eq_in_list(const char *spec, bool hue)
{
    struct edit_list l = { 0 };
    bool found = false;
    if (edit_list_add(&l, spec, false) >= 0) {
        found = hue ? edit_list_find(&l, "hue", 3) >= 0
                    : edit_list_find(&l, "eq2", 3) >= 0 || edit_list_find(&l, "eq", 2) >= 0;
    }
    edit_list_uninit(&l);
    return found;
}

int play_vf_set_eq(struct play_state *ps, const char *name, int value)
{
    int i = eq_index(name);
    if (i < 0)
        return AVERROR(EINVAL);
    if (!ps->sh_video)
        return AVERROR(ENOENT);
    value = value < -100 ? -100 : value > 100 ? 100 : value;
    bool hue = i == 2;
    const char *spec = side_spec(ps, true);
    if (value != 0 && !eq_in_list(spec, hue)) {
        /* As MPlayer's software equalizer when the vo has none: a filter
         * at the end of the chain. */
        char *with = NULL;
        if (asprintf(&with, "%s%s%s", spec, spec[0] ? "," : "", hue ? "hue" : "eq2") < 0)
            return AVERROR(ENOMEM);
        int r = side_set_spec(ps, true, with);
        free(with);
        if (r < 0)
            return r;
    }
    ps->eq[i] = value;
    if (ps->vf) {
        int r = mp_vf_chain_set_eq(ps->vf, name, value);
        /* Back to 0 on a chain without the filter: nothing to undo. */
        if (r < 0 && !(r == AVERROR(ENOSYS) && value == 0))
            return r;
    }
    return 0;
}

void play_vf_show_eq(struct play_state *ps, const char *name)
{
    int i = eq_index(name);
    if (i < 0 || !ps->sub)
        return;
    if (i <= 1) {
        ps->osd_until = mp_time_sec() + 1.0;
        mp_sub_osd_set_bar(ps->sub, i == 0 ? MP_SUB_BAR_BRIGHTNESS : MP_SUB_BAR_CONTRAST,
                           (ps->eq[i] + 100) / 200.0, ps->osd_until);
        return;
    }
    /* The OSD has no bar of these kinds: their value as a message. */
    static const char *const titles[5] = { "Brightness", "Contrast", "Hue", "Saturation",
                                           "Gamma" };
    char text[64];
    snprintf(text, sizeof(text), "%s: %d", titles[i], ps->eq[i]);
    play_osd_text(ps, 1, text, 0);
}
