/*
 * Video output front end: the driver table, -vo list handling, and the
 * checks every driver would otherwise repeat.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>
#include <string.h>

#include <libavutil/pixdesc.h>

#include "config.h"

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/video_out.h"
#include "libvo/vo_internal.h"

/* Order matters for "any available": the first autoprobe driver that
 * opens wins, so screens go before null. */
static const struct vo_driver *const vo_drivers[] = {
#if HAVE_SDL2
    &vo_driver_sdl,
#endif
    &vo_driver_null,
    &vo_driver_png,
    &vo_driver_md5sum,
    &vo_driver_yuv4mpeg,
};

#define VO_NUM_DRIVERS ((int)(sizeof(vo_drivers) / sizeof(vo_drivers[0])))

static int vo_find_driver(const char *name)
{
    for (int n = 0; n < VO_NUM_DRIVERS; n++) {
        if (strcmp(vo_drivers[n]->name, name) == 0)
            return n;
    }
    return -1;
}

static void vo_free(struct vo *vo)
{
    free(vo->priv);
    free(vo);
}

/* Returns 0 with *out set, or -VO_ERR_x (the driver printed why). */
static int vo_try_driver(struct vo **out, const struct vo_driver *drv, const char *args,
                         bool probing)
{
    struct vo *vo = calloc(1, sizeof(*vo));
    if (vo && drv->priv_size)
        vo->priv = calloc(1, drv->priv_size);
    if (!vo || (drv->priv_size && !vo->priv)) {
        free(vo);
        mp_msg(MSGT_VO, MSGL_ERR, "-vo %s: out of memory.\n", drv->name);
        return -VO_ERR_INIT;
    }
    vo->driver = drv;
    vo->probing = probing;
    vo->fmt = AV_PIX_FMT_NONE;
    int r = drv->open(vo, args);
    if (r < 0) {
        drv->close(vo, true);
        vo_free(vo);
        return r;
    }
    mp_msg(MSGT_VO, MSGL_V, "-vo %s: opened (%s).\n", drv->name, drv->desc);
    *out = vo;
    return 0;
}

/* A driver of this player that ./configure left out of this build. */
static const char *vo_unbuilt_note(const char *name)
{
    if (!HAVE_SDL2 && strcmp(name, "sdl") == 0)
        return " (this mplayer was built without SDL2)";
    return "";
}

static void vo_report_unknown(const struct subopt_list *list, int lev)
{
    for (int n = 0; n < list->count; n++) {
        const char *name = list->items[n].name;
        if (name[0] && vo_find_driver(name) < 0) {
            mp_msg(MSGT_VO, lev, "Unknown video output driver '%s'%s%s\n", name,
                   vo_unbuilt_note(name), lev == MSGL_ERR ? "." : ", skipped.");
        }
    }
}

int vo_open(struct vo **out, const char *spec)
{
    *out = NULL;
    struct subopt_list list;
    if (subopt_list_parse(&list, spec, MSGT_VO, "-vo") < 0)
        return -VO_ERR_OPTION;

    bool tried[VO_NUM_DRIVERS] = {0};
    int first_err = 0;
    struct vo *vo = NULL;
    for (int n = 0; n < list.count && !vo; n++) {
        const struct subopt_item *it = &list.items[n];
        if (!it->name[0]) {
            for (int d = 0; d < VO_NUM_DRIVERS && !vo; d++) {
                if (tried[d] || !vo_drivers[d]->autoprobe)
                    continue;
                tried[d] = true;
                vo_try_driver(&vo, vo_drivers[d], "", true);
            }
            continue;
        }
        int d = vo_find_driver(it->name);
        if (d < 0) {
            if (!first_err)
                first_err = VO_ERR_UNKNOWN;
            continue;
        }
        tried[d] = true;
        int r = vo_try_driver(&vo, vo_drivers[d], it->args, false);
        if (r < 0 && !first_err)
            first_err = -r;
    }

    vo_report_unknown(&list, vo ? MSGL_WARN : MSGL_ERR);
    subopt_list_free(&list);
    if (!vo) {
        if (!first_err) {
            mp_msg(MSGT_VO, MSGL_ERR, "No video output driver could be opened.\n");
            first_err = VO_ERR_INIT;
        }
        return -first_err;
    }
    *out = vo;
    return 0;
}

int vo_close(struct vo *vo)
{
    if (!vo)
        return 0;
    int r = vo->driver->close(vo, false);
    vo_free(vo);
    return r;
}

void vo_abort(struct vo *vo)
{
    if (!vo)
        return;
    vo->driver->close(vo, true);
    vo_free(vo);
}

enum AVPixelFormat vo_query_format(struct vo *vo, enum AVPixelFormat src_fmt)
{
    if (!vo->driver->query_format)
        return src_fmt;
    return vo->driver->query_format(vo, src_fmt);
}

int vo_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt)
{
    if (w <= 0 || h <= 0 || !av_pix_fmt_desc_get(fmt)) {
        const char *fname = av_get_pix_fmt_name(fmt);
        mp_msg(MSGT_VO, MSGL_ERR, "-vo %s: cannot configure %dx%d %s.\n", vo->driver->name, w,
               h, fname ? fname : "(no pixel format)");
        return -VO_ERR_INIT;
    }
    if (d_w <= 0 || d_h <= 0) {
        d_w = w;
        d_h = h;
    }
    vo->configured = false;
    int r = vo->driver->config ? vo->driver->config(vo, w, h, d_w, d_h, fmt) : 0;
    if (r < 0)
        return r;
    vo->w = w;
    vo->h = h;
    vo->d_w = d_w;
    vo->d_h = d_h;
    vo->fmt = fmt;
    vo->configured = true;
    return 0;
}

void vo_set_frame_rate(struct vo *vo, double fps)
{
    vo->fps = fps > 0 ? fps : 0;
}

int vo_draw(struct vo *vo, const AVFrame *frame)
{
    if (!vo->configured) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo %s: frame drawn before a successful configuration.\n",
               vo->driver->name);
        return -VO_ERR_INIT;
    }
    if (frame->width != vo->w || frame->height != vo->h || frame->format != vo->fmt) {
        const char *fname = av_get_pix_fmt_name(frame->format);
        mp_msg(MSGT_VO, MSGL_ERR, "-vo %s: frame is %dx%d %s, configured for %dx%d %s.\n",
               vo->driver->name, frame->width, frame->height, fname ? fname : "?", vo->w, vo->h,
               av_get_pix_fmt_name(vo->fmt));
        return -VO_ERR_INIT;
    }
    int r = vo->driver->draw ? vo->driver->draw(vo, frame) : 0;
    if (r < 0)
        return r;
    vo->frames++;
    return 0;
}

int vo_poll_event(struct vo *vo, struct vo_event *ev)
{
    ev->type = VO_EVENT_NONE;
    if (!vo->driver->poll_event)
        return 0;
    return vo->driver->poll_event(vo, ev);
}

int vo_set_fullscreen(struct vo *vo, bool fullscreen)
{
    if (!vo->driver->set_fullscreen)
        return 0;
    return vo->driver->set_fullscreen(vo, fullscreen);
}

bool vo_get_fullscreen(const struct vo *vo)
{
    return vo->driver->get_fullscreen ? vo->driver->get_fullscreen(vo) : false;
}

int vo_overlay_size(struct vo *vo, int *w, int *h)
{
    if (!vo->driver->overlay_size || !vo->configured)
        return -1;
    return vo->driver->overlay_size(vo, w, h);
}

int vo_set_overlay(struct vo *vo, const struct vo_overlay *ov)
{
    if (!vo->driver->set_overlay)
        return -VO_ERR_INIT;
    return vo->driver->set_overlay(vo, ov);
}

bool vo_has_window(const struct vo *vo)
{
    return vo->driver->window;
}

const char *vo_name(const struct vo *vo)
{
    return vo->driver->name;
}

int64_t vo_frames_drawn(const struct vo *vo)
{
    return vo->frames;
}

const char *vo_driver_name(int n)
{
    return n >= 0 && n < VO_NUM_DRIVERS ? vo_drivers[n]->name : NULL;
}

void vo_list_drivers(void)
{
    mp_msg(MSGT_VO, MSGL_INFO, "Available video output drivers:\n");
    for (int n = 0; n < VO_NUM_DRIVERS; n++)
        mp_msg(MSGT_VO, MSGL_INFO, "\t%s\t%s\n", vo_drivers[n]->name, vo_drivers[n]->desc);
    mp_msg(MSGT_VO, MSGL_INFO, "\n");
}
