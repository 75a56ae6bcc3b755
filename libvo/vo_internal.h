/*
 * What a video output driver implements; shared by libvo's files only.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * vo.c owns struct vo and its priv block (priv_size bytes, zeroed); a
 * driver keeps its state there and frees what it allocated in close(),
 * which is also called after a failed open().
 */
#ifndef MP_LIBVO_VO_INTERNAL_H
#define MP_LIBVO_VO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/mp_msg.h"
#include "libvo/video_out.h"

struct vo_driver {
    const char *name;
    const char *desc;
    /* Tried when a list asks for "any available driver"; drivers that
     * write files are not, so a fallback never litters a folder. */
    bool autoprobe;
    /* Shows frames on a screen (a window): a redraw changes nothing
     * anywhere else, so the player may redraw to follow the OSD. */
    bool window;
    size_t priv_size;
    /* Parse args (suboptions) and start. 0 or -VO_ERR_x after one message;
     * init failures while probing are reported at MSGL_V only. */
    int (*open)(struct vo *vo, const char *args);
    /* Release everything; abort: discard unfinished output. 0 or
     * -VO_ERR_WRITE. */
    int (*close)(struct vo *vo, bool abort);
    /* NULL: the driver takes any format. */
    enum AVPixelFormat (*query_format)(struct vo *vo, enum AVPixelFormat src_fmt);
    int (*config)(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt);
    int (*draw)(struct vo *vo, const AVFrame *frame);
    /* Drivers with a window (NULL: no events, no fullscreen). */
    int (*poll_event)(struct vo *vo, struct vo_event *ev);
    int (*set_fullscreen)(struct vo *vo, bool fullscreen);
    bool (*get_fullscreen)(const struct vo *vo);
    /* Drivers that lay overlays over the picture (NULL: none). */
    int (*overlay_size)(struct vo *vo, int *w, int *h);
    int (*set_overlay)(struct vo *vo, const struct vo_overlay *ov);
};

struct vo {
    const struct vo_driver *driver;
    void *priv;
    bool probing; /* opened as a fallback: quiet about init failures */
    bool configured;
    int w, h, d_w, d_h;
    enum AVPixelFormat fmt;
    int64_t frames; /* frames drawn successfully */
    double fps;     /* vo_set_frame_rate's; 0 = not known */
};

/* Level for a driver's "could not start" message. */
static inline int vo_init_msgl(const struct vo *vo)
{
    return vo->probing ? MSGL_V : MSGL_ERR;
}

extern const struct vo_driver vo_driver_md5sum;
extern const struct vo_driver vo_driver_null;
extern const struct vo_driver vo_driver_png;
extern const struct vo_driver vo_driver_sdl;
extern const struct vo_driver vo_driver_yuv4mpeg;

#endif
