/*
 * The window options (-fs, -title, -use-filename-title, -noborder,
 * -geometry, -xy, -wid) handed to the video output, and the display
 * size of -aspect and -x/-y.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * libvo knows nothing of the option table: the player translates the
 * options into vo_sdl's window settings. Outputs without a window accept
 * the options and ignore them, as MPlayer's do, so a front-end's command
 * line (-fs -noborder -wid N) never stops a file from playing.
 */
#include <math.h>
#include <string.h>

#include "config.h"
#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libvo/video_out.h"
#include "libvo/vo_sdl.h"
#include "player/play_priv.h"
#include "player/player.h"

static enum vo_sdl_place window_place(bool has, bool pct, bool far)
{
    if (!has)
        return VO_SDL_PLACE_CENTER;
    if (pct)
        return VO_SDL_PLACE_PERCENT;
    return far ? VO_SDL_PLACE_FAR : VO_SDL_PLACE_NEAR;
}

static const char *window_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

void play_window_setup(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    struct vo_sdl_window w = {
        .title = o->title,
        .fullscreen = o->fullscreen,
        .borderless = !o->border,
        .xy = o->xy,
        .wid = o->wid,
        .stretch = !o->keepaspect,
        .bar_x = o->border_pos_x - 0.5,
        .bar_y = o->border_pos_y - 0.5,
        .panscan = o->panscan,
        .panscan_range = o->panscan_range,
        .monitor_aspect = o->monitoraspect,
        .pixel_aspect = o->monitorpixelaspect,
        .screen = o->screen,
    };
    if (!w.title && o->use_filename_title && ps->filename)
        w.title = window_basename(ps->filename);
    if (o->geometry.has_size) {
        w.w = o->geometry.w;
        w.h = o->geometry.h;
    }
    w.x_place = window_place(o->geometry.has_x, o->geometry.x_pct, o->geometry.x_far);
    w.y_place = window_place(o->geometry.has_y, o->geometry.y_pct, o->geometry.y_far);
    w.x = o->geometry.x;
    w.y = o->geometry.y;
#if HAVE_SDL2
    int r = vo_sdl_set_window(ps->vo, &w);
#else
    int r = -VO_ERR_UNKNOWN; /* a build without SDL2 has no output with a window */
#endif
    if (r == -VO_ERR_UNKNOWN) {
        if (o->fullscreen || o->wid >= 0 || !o->border || o->title)
            mp_msg(MSGT_CPLAYER, MSGL_V, "-vo %s has no window: window options ignored.\n",
                   vo_name(ps->vo));
    } else if (r < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Window options could not be applied.\n");
    }
}

void play_window_aspect(const struct play_state *ps, int w, int h, int *d_w, int *d_h)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    /* -x/-y: the display size as given, no aspect kept (MPlayer's "disables
     * aspect calculations": -x 640 alone makes a 320x240 video 640x240). */
    if (o->size_x > 0 || o->size_y > 0) {
        if (o->size_x > 0)
            *d_w = o->size_x;
        if (o->size_y > 0)
            *d_h = o->size_y;
        return;
    }
    double aspect = o->aspect;
    bool dsize = false;
    /* -vf dsize acts after the decoder, where -aspect acts: it wins. */
    if (ps->vf) {
        int dsw = 0, dsh = 0;
        mp_vf_chain_display_size(ps->vf, &dsw, &dsh);
        if (dsw > 0 && dsh > 0) {
            *d_w = dsw;
            *d_h = dsh;
            return;
        }
        if (mp_vf_chain_display_aspect(ps->vf) > 0) {
            aspect = mp_vf_chain_display_aspect(ps->vf);
            dsize = true;
        }
    }
    if (aspect <= 0 || w <= 0 || h <= 0)
        return;
    /* As MPlayer: widen to the aspect; where that would narrow the
     * picture, make it taller instead, so no pixel row is lost. For the
     * movie's aspect (-aspect, the decoder's) MPlayer cuts the width's
     * fraction and makes an odd width even by adding one (320x240 at 16:9
     * shows 426x240); for -vf dsize's it takes the nearest (427x240). */
    long dw = dsize ? lrint(h * aspect) : (long)(h * aspect);
    if (!dsize)
        dw += dw % 2;
    if (dw >= w) {
        *d_w = (int)dw;
        *d_h = h;
    } else {
        long dh = dsize ? lrint(w / aspect) : (long)(w / aspect);
        if (!dsize)
            dh += dh % 2;
        *d_w = w;
        *d_h = (int)dh;
    }
}
