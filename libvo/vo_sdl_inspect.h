/*
 * -vo sdl read back: what the window is and shows, for the tests (no part
 * of the player calls these; they live in vo_sdl.c beside the state they
 * read).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * All return an error (or 0, "") when vo is not the sdl driver.
 */
#ifndef MP_LIBVO_VO_SDL_INSPECT_H
#define MP_LIBVO_VO_SDL_INSPECT_H

#include <stdint.h>

#include "libvo/video_out.h"

/* The window's title; "" when there is no window. */
const char *vo_sdl_window_title(struct vo *vo);

/* The window's SDL_WindowFlags; 0 when there is no window. */
uint32_t vo_sdl_window_flags(struct vo *vo);

/* The window's SDL id (for events a test pushes); 0 when none. */
uint32_t vo_sdl_window_id(struct vo *vo);

/* The size in pixels of what the renderer draws on (the window's
 * inside). Returns 0 or -VO_ERR_INIT. */
int vo_sdl_output_size(struct vo *vo, int *w, int *h);

/* Draw the last frame again, letterboxed as on screen, and read the
 * result as rgb24 into rgb (w x h pixels, w * 3 bytes a row; w and h as
 * vo_sdl_output_size gives). Returns 0 or -VO_ERR_x. */
int vo_sdl_read_pixels(struct vo *vo, uint8_t *rgb, int w, int h);

#endif
