/*
 * A running libavfilter graph for an MPlayer -vf/-af list: buffer source,
 * the translated filters, buffer sink; rebuilt when the input format
 * changes, with the old graph's frames drained first.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/mathematics.h>
#include <libavutil/pixdesc.h>
#include <libavutil/time.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

#define CHAIN_MAX_CMDS 16

struct chain_cmd {
    char *target, *cmd, *arg;
};

struct mp_lavfi_chain {
    enum mp_filter_kind kind;
    char *spec;
    AVRational tb;
    double speed;
    struct mp_sws_opts sws;          // a copy: the creator's may change

    struct mp_filter_translation t;  // of the current graph
    char *graph_text;

    AVFilterGraph *graph;            // NULL until the next frame builds it
    AVFilterContext *src, *sink;
    bool eof_sent;                   // the graph got its end of stream
    bool rebuild;                    // drain and rebuild before the next frame

    // Input format the graph is built for.
    bool have_fmt;
    int w, h, fmt;
    AVRational sar;
    int rate;
    AVChannelLayout layout;

    // Frames drained from a replaced graph, returned before new ones.
    AVFrame **queue;
    int qhead, qlen, qcap;

    struct chain_cmd cmds[CHAIN_MAX_CMDS];  // replayed on every new graph
    int ncmds;

    int builds;                      // graphs configured, for -benchmark
    double build_max;                // the longest of them, seconds

    bool quiet;                      // probe: the caller gives the one message
    int max_frags;                   // probe: > 0 = only the first n fragments
};

static int msgt(const struct mp_lavfi_chain *c)
{
    return c->kind == MP_FILTER_AUDIO ? MSGT_DECAUDIO : MSGT_DECVIDEO;
}

static const char *opt_name(const struct mp_lavfi_chain *c)
{
    return c->kind == MP_FILTER_AUDIO ? "-af" : "-vf";
}

/* The frame's layout, with an unordered one taken as the default order
 * for its channel count (what libavfilter negotiates with). */
static void frame_layout(const AVFrame *f, AVChannelLayout *dst)
{
    if (f->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || !f->ch_layout.nb_channels ||
        av_channel_layout_copy(dst, &f->ch_layout) < 0) {
        int n = f->ch_layout.nb_channels;
        av_channel_layout_default(dst, n > 0 ? n : 2);
    }
}

static AVRational frame_sar(const AVFrame *f)
{
    AVRational sar = f->sample_aspect_ratio;
    if (sar.num <= 0 || sar.den <= 0)
        sar = (AVRational){1, 1};
    return sar;
}

static bool same_format(const struct mp_lavfi_chain *c, const AVFrame *f)
{
    if (!c->have_fmt || f->format != c->fmt)
        return false;
    if (c->kind == MP_FILTER_VIDEO) {
        return f->width == c->w && f->height == c->h &&
               av_cmp_q(frame_sar(f), c->sar) == 0;
    }
    AVChannelLayout l = {0};
    frame_layout(f, &l);
    bool same = f->sample_rate == c->rate && !av_channel_layout_compare(&l, &c->layout);
    av_channel_layout_uninit(&l);
    return same;
}

static void remember_format(struct mp_lavfi_chain *c, const AVFrame *f)
{
    c->have_fmt = true;
    c->fmt = f->format;
    c->w = f->width;
    c->h = f->height;
    c->sar = frame_sar(f);
    c->rate = f->sample_rate;
    av_channel_layout_uninit(&c->layout);
    if (c->kind == MP_FILTER_AUDIO)
        frame_layout(f, &c->layout);
}

static void free_graph(struct mp_lavfi_chain *c)
{
    avfilter_graph_free(&c->graph);
    c->src = c->sink = NULL;
    c->eof_sent = false;
}

static int queue_push(struct mp_lavfi_chain *c, AVFrame *f)
{
    if (c->qhead + c->qlen == c->qcap) {
        if (c->qhead) {
            memmove(c->queue, c->queue + c->qhead, sizeof(AVFrame *) * (size_t)c->qlen);
            c->qhead = 0;
        } else {
            int ncap = c->qcap ? c->qcap * 2 : 8;
            AVFrame **nq = realloc(c->queue, sizeof(AVFrame *) * (size_t)ncap);
            if (!nq)
                return AVERROR(ENOMEM);
            c->queue = nq;
            c->qcap = ncap;
        }
    }
    c->queue[c->qhead + c->qlen++] = f;
    return 0;
}

static void queue_clear(struct mp_lavfi_chain *c)
{
    for (int i = 0; i < c->qlen; i++)
        av_frame_free(&c->queue[c->qhead + i]);
    c->qhead = c->qlen = 0;
}

static int sink_get(struct mp_lavfi_chain *c, AVFrame **out)
{
    AVFrame *f = av_frame_alloc();
    if (!f)
        return AVERROR(ENOMEM);
    int ret = av_buffersink_get_frame(c->sink, f);
    if (ret < 0) {
        av_frame_free(&f);
        return ret;
    }
    AVRational stb = av_buffersink_get_time_base(c->sink);
    if (f->pts != AV_NOPTS_VALUE)
        f->pts = av_rescale_q_rnd(f->pts, stb, c->tb,
                                  AV_ROUND_NEAR_INF | AV_ROUND_PASS_MINMAX);
    *out = f;
    return 0;
}

/* End the current graph, keeping what it still held. */
static int drain_graph(struct mp_lavfi_chain *c)
{
    int ret = 0;
    if (c->graph && !c->eof_sent)
        ret = av_buffersrc_add_frame(c->src, NULL);
    while (c->graph && ret >= 0) {
        AVFrame *f = NULL;
        ret = sink_get(c, &f);
        if (ret >= 0)
            ret = queue_push(c, f);
        if (ret < 0)
            av_frame_free(&f);
    }
    free_graph(c);
    return ret == AVERROR_EOF || ret == AVERROR(EAGAIN) ? 0 : ret;
}

static int make_source(struct mp_lavfi_chain *c, const AVFrame *f)
{
    char args[512];
    const char *name;
    if (c->kind == MP_FILTER_VIDEO) {
        name = "buffer";
        snprintf(args, sizeof(args),
                 "video_size=%dx%d:pix_fmt=%d:time_base=%d/%d:pixel_aspect=%d/%d", f->width,
                 f->height, f->format, c->tb.num, c->tb.den, c->sar.num, c->sar.den);
    } else {
        char lay[128];
        name = "abuffer";
        if (av_channel_layout_describe(&c->layout, lay, sizeof(lay)) < 0)
            return AVERROR(EINVAL);
        const char *sf = av_get_sample_fmt_name(f->format);
        snprintf(args, sizeof(args), "time_base=%d/%d:sample_rate=%d:sample_fmt=%s:"
                 "channel_layout=%s", c->tb.num, c->tb.den, f->sample_rate, sf ? sf : "none",
                 lay);
    }
    return avfilter_graph_create_filter(&c->src, avfilter_get_by_name(name), "in", args, NULL,
                                        c->graph);
}

/* Parse one fragment and link it after (*last, *pad). */
static int add_fragment(struct mp_lavfi_chain *c, const char *mp_name, const char *text,
                        AVFilterContext **last, unsigned *pad)
{
    AVFilterInOut *ins = NULL, *outs = NULL;
    int ret = avfilter_graph_parse2(c->graph, text, &ins, &outs);
    if (ret >= 0 && (!ins || ins->next || !outs || outs->next))
        ret = AVERROR(EINVAL);
    if (ret >= 0)
        ret = avfilter_link(*last, *pad, ins->filter_ctx, (unsigned)ins->pad_idx);
    if (ret >= 0) {
        *last = outs->filter_ctx;
        *pad = (unsigned)outs->pad_idx;
    } else if (!c->quiet) {
        mp_msg(msgt(c), MSGL_ERR, "%s: filter '%s' rejected by libavfilter (%s): %s\n",
               opt_name(c), mp_name, text, av_err2str(ret));
    }
    avfilter_inout_free(&ins);
    avfilter_inout_free(&outs);
    return ret;
}

static void describe_input(const struct mp_lavfi_chain *c, const AVFrame *f, char *buf,
                           size_t len)
{
    if (c->kind == MP_FILTER_VIDEO) {
        const char *pf = av_get_pix_fmt_name(f->format);
        snprintf(buf, len, "%dx%d %s", f->width, f->height, pf ? pf : "?");
    } else {
        const char *sf = av_get_sample_fmt_name(f->format);
        snprintf(buf, len, "%d Hz %d ch %s", f->sample_rate, c->layout.nb_channels,
                 sf ? sf : "?");
    }
}

static int build_graph_timed(struct mp_lavfi_chain *c, const AVFrame *f);

static int build_graph(struct mp_lavfi_chain *c, const AVFrame *f)
{
    int64_t t0 = av_gettime_relative();
    int ret = build_graph_timed(c, f);
    if (ret >= 0) {
        double dt = (double)(av_gettime_relative() - t0) / 1e6;
        c->builds++;
        if (dt > c->build_max)
            c->build_max = dt;
    }
    return ret;
}

static int build_graph_timed(struct mp_lavfi_chain *c, const AVFrame *f)
{
    remember_format(c, f);
    mp_filter_translation_uninit(&c->t);
    free(c->graph_text);
    c->graph_text = NULL;
    struct mp_filter_input in = {
        .rate = f->sample_rate,
        .channels = c->kind == MP_FILTER_AUDIO ? c->layout.nb_channels : 0,
        .speed = c->speed,
    };
    if (mp_filter_translate(c->kind, c->spec, &in, &c->t) < 0)
        return AVERROR(EINVAL);
    c->graph_text = mp_filter_translation_text(&c->t);
    c->graph = avfilter_graph_alloc();
    if (!c->graph || !c->graph_text)
        return AVERROR(ENOMEM);
    /* -sws / -swsopts: for scale filters of the chain and the ones
     * libavfilter inserts to convert formats. */
    const char *sws = mp_sws_graph_opts(&c->sws);
    if (sws && !(c->graph->scale_sws_opts = av_strdup(sws)))
        return AVERROR(ENOMEM);
    int ret = make_source(c, f);
    if (ret >= 0) {
        const char *sink = c->kind == MP_FILTER_VIDEO ? "buffersink" : "abuffersink";
        ret = avfilter_graph_create_filter(&c->sink, avfilter_get_by_name(sink), "out", NULL,
                                           NULL, c->graph);
    }
    AVFilterContext *last = c->src;
    unsigned pad = 0;
    int nfrags = c->max_frags > 0 && c->max_frags < c->t.count ? c->max_frags : c->t.count;
    for (int i = 0; ret >= 0 && i < nfrags; i++)
        ret = add_fragment(c, c->t.frags[i].mp_name, c->t.frags[i].lavfi, &last, &pad);
    if (ret >= 0 && c->kind == MP_FILTER_AUDIO && !c->t.has_format) {
        // The output keeps the decoder's sample format.
        char tail[96];
        snprintf(tail, sizeof(tail), "aformat=sample_fmts=%s",
                 av_get_sample_fmt_name(f->format));
        ret = add_fragment(c, "(output format)", tail, &last, &pad);
    }
    if (ret >= 0)
        ret = avfilter_link(last, pad, c->sink, 0);
    if (ret >= 0) {
        ret = avfilter_graph_config(c->graph, NULL);
        if (ret < 0 && !c->quiet) {
            char desc[96];
            describe_input(c, f, desc, sizeof(desc));
            mp_msg(msgt(c), MSGL_ERR, "%s: cannot set up '%s' for %s input: %s\n",
                   opt_name(c), c->spec, desc, av_err2str(ret));
        }
    }
    if (ret < 0) {
        free_graph(c);
        return ret;
    }
    mp_msg(msgt(c), MSGL_V, "%s: libavfilter graph '%s'\n", opt_name(c),
           c->graph_text[0] ? c->graph_text : "(pass through)");
    for (int i = 0; i < c->ncmds; i++) {
        avfilter_graph_send_command(c->graph, c->cmds[i].target, c->cmds[i].cmd,
                                    c->cmds[i].arg, NULL, 0, 0);
    }
    c->rebuild = false;
    return 0;
}

int mp_lavfi_chain_create(struct mp_lavfi_chain **out, enum mp_filter_kind kind,
                          const char *spec, const AVFrame *first_in, AVRational time_base,
                          const struct mp_sws_opts *sws)
{
    *out = NULL;
    if (!first_in || time_base.num <= 0 || time_base.den <= 0)
        return AVERROR(EINVAL);
    struct mp_lavfi_chain *c = calloc(1, sizeof(*c));
    if (!c)
        return AVERROR(ENOMEM);
    c->kind = kind;
    c->tb = time_base;
    c->speed = 1;
    if (sws)
        c->sws = *sws;
    c->spec = strdup(spec ? spec : "");
    int ret = c->spec ? build_graph(c, first_in) : AVERROR(ENOMEM);
    if (ret < 0) {
        mp_lavfi_chain_free(c);
        return ret;
    }
    *out = c;
    return 0;
}

/* A frame without data carrying the format the graph runs with. */
static AVFrame *format_frame(const struct mp_lavfi_chain *c)
{
    AVFrame *f = av_frame_alloc();
    if (!f)
        return NULL;
    f->format = c->fmt;
    f->width = c->w;
    f->height = c->h;
    f->sample_aspect_ratio = c->sar;
    f->sample_rate = c->rate;
    if (c->kind == MP_FILTER_AUDIO && av_channel_layout_copy(&f->ch_layout, &c->layout) < 0)
        av_frame_free(&f);
    return f;
}

int mp_lavfi_chain_set_spec(struct mp_lavfi_chain *c, const char *spec)
{
    if (!spec)
        spec = "";
    if (!c->have_fmt) {
        // No frame yet: names and arguments now, the rest when one comes.
        struct mp_filter_translation t;
        if (mp_filter_translate(c->kind, spec, NULL, &t) < 0)
            return AVERROR(EINVAL);
        mp_filter_translation_uninit(&t);
        char *s = strdup(spec);
        if (!s)
            return AVERROR(ENOMEM);
        free(c->spec);
        c->spec = s;
        return 0;
    }
    // Build the new graph for the format running now before giving up
    // the old one: a list libavfilter refuses leaves the chain as it was.
    AVFrame *f = format_frame(c);
    struct mp_lavfi_chain *trial = calloc(1, sizeof(*trial));
    int ret = f && trial ? 0 : AVERROR(ENOMEM);
    if (ret >= 0) {
        trial->kind = c->kind;
        trial->tb = c->tb;
        trial->speed = c->speed;
        trial->sws = c->sws;
        trial->spec = strdup(spec);
        ret = trial->spec ? build_graph(trial, f) : AVERROR(ENOMEM);
    }
    av_frame_free(&f);
    if (ret >= 0)
        ret = drain_graph(c);
    if (ret < 0) {
        mp_lavfi_chain_free(trial);
        return ret;
    }
    // The old graph's frames stay queued ahead of the new graph's.
    free(c->spec);
    c->spec = trial->spec;
    trial->spec = NULL;
    mp_filter_translation_uninit(&c->t);
    c->t = trial->t;
    memset(&trial->t, 0, sizeof(trial->t));
    free(c->graph_text);
    c->graph_text = trial->graph_text;
    trial->graph_text = NULL;
    c->graph = trial->graph;
    c->src = trial->src;
    c->sink = trial->sink;
    trial->graph = NULL;
    c->rebuild = false;
    for (int i = 0; i < c->ncmds; i++) {
        avfilter_graph_send_command(c->graph, c->cmds[i].target, c->cmds[i].cmd,
                                    c->cmds[i].arg, NULL, 0, 0);
    }
    c->builds += trial->builds;
    if (trial->build_max > c->build_max)
        c->build_max = trial->build_max;
    mp_lavfi_chain_free(trial);
    return 0;
}

static int probe_build(enum mp_filter_kind kind, const char *spec, const AVFrame *fmt,
                       const struct mp_sws_opts *sws, int max_frags, AVFrame *out)
{
    struct mp_lavfi_chain *c = calloc(1, sizeof(*c));
    if (!c)
        return AVERROR(ENOMEM);
    c->kind = kind;
    c->tb = (AVRational){1, 1000};
    c->speed = 1;
    c->quiet = true;
    c->max_frags = max_frags;
    if (sws)
        c->sws = *sws;
    c->spec = strdup(spec);
    int ret = c->spec ? build_graph(c, fmt) : AVERROR(ENOMEM);
    if (ret >= 0 && out) {
        out->format = av_buffersink_get_format(c->sink);
        out->width = av_buffersink_get_w(c->sink);
        out->height = av_buffersink_get_h(c->sink);
        out->sample_aspect_ratio = av_buffersink_get_sample_aspect_ratio(c->sink);
        out->sample_rate = av_buffersink_get_sample_rate(c->sink);
        av_channel_layout_uninit(&out->ch_layout);
        if (kind == MP_FILTER_AUDIO)
            ret = av_buffersink_get_ch_layout(c->sink, &out->ch_layout);
    }
    mp_lavfi_chain_free(c);
    return ret;
}

int mp_lavfi_chain_probe(enum mp_filter_kind kind, const char *spec, const AVFrame *fmt,
                         const struct mp_sws_opts *sws, AVFrame *out)
{
    if (!spec)
        spec = "";
    if (!fmt)
        return AVERROR(EINVAL);
    // Names and arguments, also those that depend on the input (karaoke
    // on mono): mp_filter_translate gives its own message.
    struct mp_filter_translation tr;
    struct mp_filter_input in = {
        .rate = fmt->sample_rate,
        .channels = kind == MP_FILTER_AUDIO ? fmt->ch_layout.nb_channels : 0,
        .speed = 1,
    };
    if (mp_filter_translate(kind, spec, &in, &tr) < 0)
        return AVERROR(EINVAL);
    int ret = probe_build(kind, spec, fmt, sws, 0, out);
    if (ret >= 0 || ret == AVERROR(ENOMEM)) {
        mp_filter_translation_uninit(&tr);
        return ret;
    }
    // libavfilter says only that the graph failed: the first prefix of
    // the list that fails names the filter at fault.
    int bad = -1;
    for (int n = 1; n <= tr.count && bad < 0; n++) {
        if (probe_build(kind, spec, fmt, sws, n, NULL) < 0)
            bad = n - 1;
    }
    // The input of the filter at fault: what the filters before it make.
    AVFrame *at = bad > 0 ? av_frame_alloc() : NULL;
    if (at && probe_build(kind, spec, fmt, sws, bad, at) < 0)
        av_frame_free(&at);
    const AVFrame *shown = at ? at : fmt;
    char desc[96];
    struct mp_lavfi_chain dummy = { .kind = kind };
    av_channel_layout_default(&dummy.layout, shown->ch_layout.nb_channels > 0
                                                 ? shown->ch_layout.nb_channels : 2);
    describe_input(&dummy, shown, desc, sizeof(desc));
    av_channel_layout_uninit(&dummy.layout);
    av_frame_free(&at);
    const char *o = kind == MP_FILTER_AUDIO ? "-af" : "-vf";
    if (bad >= 0) {
        mp_msg(msgt(&dummy), MSGL_ERR, "%s: filter '%s' (%s) cannot work on %s input: %s\n",
               o, tr.frags[bad].mp_name, tr.frags[bad].lavfi, desc, av_err2str(ret));
    } else {
        mp_msg(msgt(&dummy), MSGL_ERR, "%s: cannot set up '%s' for %s input: %s\n", o, spec,
               desc, av_err2str(ret));
    }
    mp_filter_translation_uninit(&tr);
    return ret;
}

const char *mp_lavfi_chain_spec(const struct mp_lavfi_chain *c)
{
    return c->spec;
}

void mp_lavfi_chain_free(struct mp_lavfi_chain *c)
{
    if (!c)
        return;
    free_graph(c);
    queue_clear(c);
    free(c->queue);
    for (int i = 0; i < c->ncmds; i++) {
        free(c->cmds[i].target);
        free(c->cmds[i].cmd);
        free(c->cmds[i].arg);
    }
    mp_filter_translation_uninit(&c->t);
    free(c->graph_text);
    av_channel_layout_uninit(&c->layout);
    free(c->spec);
    free(c);
}

int mp_lavfi_chain_send(struct mp_lavfi_chain *c, const AVFrame *in)
{
    if (!in) {
        int ret = 0;
        if (c->graph && !c->eof_sent)
            ret = av_buffersrc_add_frame(c->src, NULL);
        c->eof_sent = true;
        return ret;
    }
    if (c->graph && (c->eof_sent || c->rebuild || !same_format(c, in))) {
        int ret = drain_graph(c);
        if (ret < 0)
            return ret;
    }
    if (!c->graph) {
        int ret = build_graph(c, in);
        if (ret < 0)
            return ret;
    }
    AVFrame *tmp = NULL;
    if (c->kind == MP_FILTER_AUDIO && av_channel_layout_compare(&in->ch_layout, &c->layout)) {
        // Same channel count, unordered layout: give it the order negotiated.
        tmp = av_frame_clone(in);
        if (!tmp)
            return AVERROR(ENOMEM);
        av_channel_layout_uninit(&tmp->ch_layout);
        int ret = av_channel_layout_copy(&tmp->ch_layout, &c->layout);
        if (ret < 0) {
            av_frame_free(&tmp);
            return ret;
        }
    }
    int ret = av_buffersrc_add_frame_flags(c->src, tmp ? tmp : (AVFrame *)in,
                                           AV_BUFFERSRC_FLAG_KEEP_REF);
    av_frame_free(&tmp);
    return ret;
}

int mp_lavfi_chain_receive(struct mp_lavfi_chain *c, AVFrame **out)
{
    *out = NULL;
    if (c->qlen) {
        *out = c->queue[c->qhead++];
        if (--c->qlen == 0)
            c->qhead = 0;
        return 0;
    }
    if (!c->graph)
        return c->eof_sent ? AVERROR_EOF : AVERROR(EAGAIN);
    return sink_get(c, out);
}

void mp_lavfi_chain_reset(struct mp_lavfi_chain *c)
{
    free_graph(c);
    queue_clear(c);
}

int mp_lavfi_chain_command(struct mp_lavfi_chain *c, const char *target, const char *cmd,
                           const char *arg)
{
    int ret = 0;
    if (c->graph) {
        ret = avfilter_graph_send_command(c->graph, target, cmd, arg, NULL, 0, 0);
        if (ret < 0)
            return ret;
    }
    int slot = 0;
    while (slot < c->ncmds &&
           (strcmp(c->cmds[slot].target, target) || strcmp(c->cmds[slot].cmd, cmd)))
        slot++;
    if (slot == CHAIN_MAX_CMDS)
        return ret;  // applied, but not kept for a rebuild
    char *a = strdup(arg);
    if (!a)
        return AVERROR(ENOMEM);
    if (slot == c->ncmds) {
        c->cmds[slot].target = strdup(target);
        c->cmds[slot].cmd = strdup(cmd);
        if (!c->cmds[slot].target || !c->cmds[slot].cmd) {
            free(c->cmds[slot].target);
            free(c->cmds[slot].cmd);
            free(a);
            return AVERROR(ENOMEM);
        }
        c->ncmds++;
    }
    free(c->cmds[slot].arg);
    c->cmds[slot].arg = a;
    return ret;
}

int mp_lavfi_chain_set_speed(struct mp_lavfi_chain *c, double speed)
{
    if (!(speed > 0) || speed > 100)
        return AVERROR(EINVAL);
    if (speed != c->speed) {
        c->speed = speed;
        // atempo keeps a window of samples: draining it loses none.
        if (c->t.has_scaletempo)
            c->rebuild = true;
    }
    return c->t.has_scaletempo ? 1 : 0;
}

const struct mp_filter_translation *mp_lavfi_chain_translation(const struct mp_lavfi_chain *c)
{
    return &c->t;
}

void mp_lavfi_chain_build_stats(const struct mp_lavfi_chain *c, int *builds, double *max_s)
{
    *builds = c->builds;
    *max_s = c->build_max;
}

const char *mp_lavfi_chain_graph_text(const struct mp_lavfi_chain *c)
{
    return c->graph_text ? c->graph_text : "";
}
