/*
 * Video outputs: sdl (a window), null, png (frames to image files),
 * md5sum (a sum per frame), yuv4mpeg (a .y4m stream).
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

/* The video's frame rate, for outputs that record it (yuv4mpeg's header);
 * takes effect at the next vo_config. 0: not known. */
void vo_set_frame_rate(struct vo *vo, double fps);

/* Draw a frame (of the configured format and size) and show it. Returns 0
 * or -VO_ERR_x. */
int vo_draw(struct vo *vo, const AVFrame *frame);

enum vo_event_type {
    VO_EVENT_NONE = 0,
    VO_EVENT_QUIT,   /* the user closed the window */
    VO_EVENT_KEY,    /* a key (or mouse button) was pressed: see key */
    VO_EVENT_RESIZE, /* the window is now w x h pixels */
};

#define VO_KEY_NAME_MAX 16

struct vo_event {
    enum vo_event_type type;
    /* VO_EVENT_KEY: the key as MPlayer's input.conf names it: what it
     * types, as typed ("q", "Q", "/", "*", keypad digits too), except
     * "SPACE" and "SHARP" ('#'); else "ESC", "ENTER", "KP_ENTER", "TAB",
     * "BS", "LEFT", "RIGHT", "UP", "DOWN", "PGUP", "PGDWN", "HOME", "END",
     * "INS", "DEL", "PRINT", "F1".."F12"; mouse: "MOUSE_BTN0".."MOUSE_BTN2"
     * (left, middle, right), "MOUSE_BTN0_DBL", wheel "MOUSE_BTN3" (up) and
     * "MOUSE_BTN4" (down). */
    char key[VO_KEY_NAME_MAX];
    int w, h; /* VO_EVENT_RESIZE */
};

/*
 * Take the next pending event of the output's window: returns 1 when *ev
 * was filled, 0 when nothing is pending (always 0 for outputs without a
 * window). Call it often (each frame, and while paused): it also keeps
 * the window redrawn after it was resized or uncovered.
 */
int vo_poll_event(struct vo *vo, struct vo_event *ev);

/* Switch to fullscreen (on the window's screen) or back. Returns 0, or
 * -VO_ERR_INIT when the window system refused. Outputs without a window
 * do nothing and return 0. */
int vo_set_fullscreen(struct vo *vo, bool fullscreen);
bool vo_get_fullscreen(const struct vo *vo);

/* A straight-alpha RGBA picture (bytes R, G, B, A) laid over the video:
 * subtitles and OSD drawn at the output's resolution. */
struct vo_overlay {
    int area_w, area_h;  /* the picture area it was made for (vo_overlay_size) */
    int x, y, w, h;      /* the bitmap's place in that area; w = 0: none */
    int stride;
    const uint8_t *rgba;
};

/* The size in output pixels of the area the picture fills, for an overlay
 * made to measure. Returns 0, or -1 when the output lays no overlays (then
 * subtitles are blended into the frames). */
int vo_overlay_size(struct vo *vo, int *w, int *h);

/* The overlay for the next vo_draw and every redraw after it (copied; a
 * picture area of another size since scales it). Returns 0 or -VO_ERR_x. */
int vo_set_overlay(struct vo *vo, const struct vo_overlay *ov);

/* Whether the output shows frames in a window (sdl), rather than writing
 * them somewhere (png, md5sum, yuv4mpeg) or dropping them (null): drawing
 * a frame again only refreshes the screen. */
bool vo_has_window(const struct vo *vo);

/* The driver's name ("png"). */
const char *vo_name(const struct vo *vo);

/* Frames drawn successfully since vo_open (-benchmark, tests). */
int64_t vo_frames_drawn(const struct vo *vo);

/* Print the list of drivers (-vo help). */
void vo_list_drivers(void);

/* The name of driver n in -vo help's order; NULL past the last. */
const char *vo_driver_name(int n);

#endif
