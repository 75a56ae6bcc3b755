/*
 * Video outputs: null, png (frames to image files), and later sdl.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * An output knows nothing of the play loop: it is configured with a size
 * and a pixel format it accepts, shown frames, and closed. Conversion to
 * the accepted format is the caller's (libmpcodecs' mp_image_conv).
 *
 * Ownership: vo_open() returns a struct vo freed by vo_close(). Frames
 * passed to vo_draw stay the caller's.
 */
#ifndef MP_LIBVO_VIDEO_OUT_H
#define MP_LIBVO_VIDEO_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>

enum vo_error {
    VO_OK = 0,
    VO_ERR_UNKNOWN = 1,  /* no such driver */
    VO_ERR_OPTION = 2,   /* bad suboption */
    VO_ERR_INIT = 3,     /* the driver could not start */
    VO_ERR_WRITE = 4,    /* writing output failed (disk full...) */
};

struct vo;

/*
 * Open the first working driver of a -vo list: "png:outdir=dir:z=6,null".
 * A trailing comma ("sdl,") means: then any available driver. NULL or ""
 * picks the default. Returns 0 with *out set, or -VO_ERR_x after printing
 * one message naming the driver or suboption.
 */
int vo_open(struct vo **out, const char *spec);

/* Finish (flush files, rename temporaries into place) and free.
 * Returns 0, or -VO_ERR_WRITE if something could not be written. */
int vo_close(struct vo *vo);

/* Discard any partial output (on error exits) and free. */
void vo_abort(struct vo *vo);

/* The pixel format the driver wants for a source in src_fmt. */
enum AVPixelFormat vo_query_format(struct vo *vo, enum AVPixelFormat src_fmt);

/* (Re)configure for frames of w x h in fmt, shown at d_w x d_h (aspect
 * corrected). Returns 0 or -VO_ERR_x. */
int vo_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt);

/* Draw a frame (of the configured format and size) and show it. Returns 0
 * or -VO_ERR_x. */
int vo_draw(struct vo *vo, const AVFrame *frame);

/* The driver's name ("png"). */
const char *vo_name(const struct vo *vo);

/* Frames drawn successfully since vo_open (-benchmark, tests). */
int64_t vo_frames_drawn(const struct vo *vo);

/* Print the list of drivers (-vo help). */
void vo_list_drivers(void);

#endif
