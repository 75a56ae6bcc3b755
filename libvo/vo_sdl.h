/*
 * -vo sdl's own calls: the window's settings, from the player. What the
 * window shows is read back by the tests through vo_sdl_inspect.h.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * All return an error (or 0) when vo is not the sdl driver.
 */
#ifndef MP_LIBVO_VO_SDL_H
#define MP_LIBVO_VO_SDL_H

#include <stdbool.h>
#include <stdint.h>

#include "libvo/video_out.h"

/* Where the window goes along one axis. */
enum vo_sdl_place {
    VO_SDL_PLACE_CENTER = 0, /* centred on the screen */
    VO_SDL_PLACE_NEAR,       /* pos pixels from the left (top) edge */
    VO_SDL_PLACE_FAR,        /* pos pixels from the right (bottom) edge */
    VO_SDL_PLACE_PERCENT,    /* pos percent of the room the window leaves */
};

/* The window as the user asked for it (MPlayer's -title, -fs, -noborder,
 * -geometry, -xy, -wid). Strings are copied. */
struct vo_sdl_window {
    const char *title;    /* NULL: "MPlayer" */
    bool fullscreen;      /* go fullscreen at the first configuration */
    bool borderless;
    int w, h;             /* window size; 0: from the video's display size */
    double xy;            /* > 8: window width; > 0: scale factor; 0: none */
    enum vo_sdl_place x_place, y_place;
    int x, y;
    int64_t wid;          /* X window to draw into; < 0: a window of our own */
    bool stretch;         /* -nokeepaspect: fill the window, whatever its shape */
    /* -border-pos-x/-y less 0.5: where a picture narrower (shorter) than
     * the window goes, -0.5 at the left (top), 0.5 at the right (bottom);
     * 0 centres it. */
    double bar_x, bar_y;
    double panscan;       /* -panscan 0..1: zoom so the bars go, cropping */
    double panscan_range; /* -panscanrange: > 0 times that zoom, < 0 up to 1 - it */
    /* A screen whose pixels are not square: -monitoraspect (the screen's
     * shape; > 0 wins) or -monitorpixelaspect (one pixel's width over its
     * height; 0 or 1: square). The picture is narrowed (widened) to match. */
    double monitor_aspect, pixel_aspect;
    /* -screen / -xineramascreen: SDL's display (0, 1, ...) the window opens
     * on, -geometry counting from its corner; < 0: where SDL puts it
     * (MPlayer's -1 and -2). A display that does not exist is warned
     * about once and treated as < 0. */
    int screen;
};

/*
 * Apply w to the window: the title at once, the rest when a configuration
 * next sizes the window; fullscreen and wid only the first time. Call it
 * before vo_config. An X window that cannot be used is warned about and
 * replaced by our own window. Returns 0, -VO_ERR_UNKNOWN when vo is not
 * sdl, or -VO_ERR_INIT when no window could be made at all.
 */
int vo_sdl_set_window(struct vo *vo, const struct vo_sdl_window *w);

/* Pan and scan (the panscan property and command): amount 0..1 as
 * -panscan, clamped. Redraws at once. Returns 0 or -VO_ERR_UNKNOWN. */
int vo_sdl_set_panscan(struct vo *vo, double amount);
/* The amount in effect; -VO_ERR_UNKNOWN when vo is not sdl. */
int vo_sdl_get_panscan(struct vo *vo, double *amount);

#endif
