/*
 * -sws / -swsopts: the scaler every libswscale use of the player takes
 * (the -vf chain's scale filters, libavfilter's own format conversions,
 * the conversion for the output and for screenshots).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The settings are a value (struct mp_sws_opts) the player keeps in its
 * context and hands to each converter and filter chain it makes; nothing
 * here is shared between calls.
 */
#include <stdio.h>
#include <string.h>

#include <libavutil/opt.h>
#include <libswscale/swscale.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

/* MPlayer's -sws numbers, 0..10, as libswscale's flag names. */
static const char *const sws_names[] = {
    "fast_bilinear", "bilinear", "bicubic", "experimental", "neighbor", "area",
    "bicublin", "gauss", "sinc", "lanczos", "spline",
};
#define SWS_NAMES_COUNT (int)(sizeof(sws_names) / sizeof(sws_names[0]))

/* Set "key=value:..." on ctx one by one: av_set_options_string would log
 * libswscale's own line for a bad key besides the option's message. */
static int sws_set_all(struct SwsContext *ctx, const char *opts)
{
    char buf[512];
    if (strlen(opts) >= sizeof(buf))
        return -1;
    snprintf(buf, sizeof(buf), "%s", opts);
    char *save = NULL;
    for (char *item = strtok_r(buf, ":", &save); item; item = strtok_r(NULL, ":", &save)) {
        char *eq = strchr(item, '=');
        if (!eq || eq == item)
            return -1;
        *eq = '\0';
        if (!av_opt_find(ctx, item, NULL, 0, 0) || av_opt_set(ctx, item, eq + 1, 0) < 0)
            return -1;
    }
    return 0;
}

int mp_sws_check_opts(const char *opts)
{
    struct SwsContext *ctx = sws_alloc_context();
    if (!ctx)
        return -1;
    int r = sws_set_all(ctx, opts);
    sws_freeContext(ctx);
    return r;
}

int mp_sws_opts_set(struct mp_sws_opts *out, int type, const char *opts)
{
    if (type < -1 || type >= SWS_NAMES_COUNT)
        return -1;
    /* MPlayer's default is bicubic, libswscale's own: -1 keeps it. */
    const char *name = sws_names[type >= 0 ? type : 2];
    const char *sep = opts && opts[0] ? ":" : "";
    char ctx_text[sizeof(out->ctx)];
    int n = snprintf(ctx_text, sizeof(ctx_text), "sws_flags=%s%s%s", name, sep,
                     opts ? opts : "");
    if (n < 0 || (size_t)n >= sizeof(ctx_text) || mp_sws_check_opts(ctx_text) < 0)
        return -1;
    if (type < 0 && !sep[0]) {
        *out = (struct mp_sws_opts){0};
        return 0;
    }
    /* "flags=" is 4 characters shorter than "sws_flags=": it fits. */
    snprintf(out->graph, sizeof(out->graph), "flags=%s%s%s", name, sep, opts ? opts : "");
    snprintf(out->ctx, sizeof(out->ctx), "%s", ctx_text);
    mp_msg(MSGT_DECVIDEO, MSGL_V, "Scaler settings: %s\n", ctx_text);
    return 0;
}

const char *mp_sws_graph_opts(const struct mp_sws_opts *sws)
{
    return sws && sws->graph[0] ? sws->graph : NULL;
}

struct SwsContext *mp_sws_get_context(const struct mp_sws_opts *sws, int src_w, int src_h,
                                      enum AVPixelFormat src_fmt, int dst_w, int dst_h,
                                      enum AVPixelFormat dst_fmt)
{
    if (!sws || !sws->ctx[0])
        return sws_getContext(src_w, src_h, src_fmt, dst_w, dst_h, dst_fmt, SWS_BICUBIC,
                              NULL, NULL, NULL);
    struct SwsContext *ctx = sws_alloc_context();
    if (!ctx)
        return NULL;
    /* The same settings the filter graphs take, then the sizes. */
    if (sws_set_all(ctx, sws->ctx) < 0 ||
        av_opt_set_int(ctx, "srcw", src_w, 0) < 0 || av_opt_set_int(ctx, "srch", src_h, 0) < 0 ||
        av_opt_set_int(ctx, "src_format", src_fmt, 0) < 0 ||
        av_opt_set_int(ctx, "dstw", dst_w, 0) < 0 || av_opt_set_int(ctx, "dsth", dst_h, 0) < 0 ||
        av_opt_set_int(ctx, "dst_format", dst_fmt, 0) < 0 ||
        sws_init_context(ctx, NULL, NULL) < 0) {
        sws_freeContext(ctx);
        return NULL;
    }
    return ctx;
}
