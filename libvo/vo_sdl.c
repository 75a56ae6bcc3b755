/*
 * -vo sdl: a window through SDL2's renderer. Suboptions: driver=<SDL
 * video driver> (x11, wayland...), renderer=<SDL render driver> (opengl,
 * software...), sw (software rendering), fs (start fullscreen),
 * keepaspect / nokeepaspect, vsync.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Frames go to a streaming texture in their own format when SDL has one
 * (yuv420p as IYUV, nv12, packed YUV and RGB), so conversion and scaling
 * happen on the GPU where there is one. The picture is letterboxed to the
 * display aspect (d_w x d_h) in a window that may be resized freely.
 * SDL's video subsystem is started here only, so a player without -vo
 * sdl never touches the display. The player's window options (-title,
 * -fs, -noborder, -geometry, -xy, -wid) arrive through vo_sdl_set_window.
 */
#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <libavutil/frame.h>
#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/vo_internal.h"
#include "libvo/vo_sdl.h"
#include "libvo/vo_sdl_inspect.h"

#define SDL_VO_TITLE "MPlayer"

struct sdl_vo_opts {
    char *driver;
    char *renderer;
    bool sw;
    bool fs;
    bool keepaspect;
    bool vsync;
};

static const struct subopt sdl_vo_subopts[] = {
    {"driver", SUBOPT_STRING, offsetof(struct sdl_vo_opts, driver), 0, 0},
    {"renderer", SUBOPT_STRING, offsetof(struct sdl_vo_opts, renderer), 0, 0},
    {"sw", SUBOPT_FLAG, offsetof(struct sdl_vo_opts, sw), 0, 0},
    {"fs", SUBOPT_FLAG, offsetof(struct sdl_vo_opts, fs), 0, 0},
    {"keepaspect", SUBOPT_FLAG, offsetof(struct sdl_vo_opts, keepaspect), 0, 0},
    {"vsync", SUBOPT_FLAG, offsetof(struct sdl_vo_opts, vsync), 0, 0},
    {0},
};

/* Xlib's error handler type, without Xlib's headers (Display *,
 * XErrorEvent *), and XSetErrorHandler. */
typedef int (*sdl_vo_x_handler)(void *display, void *event);
typedef sdl_vo_x_handler (*sdl_vo_x_set_handler)(sdl_vo_x_handler handler);

struct sdl_vo_priv {
    struct sdl_vo_opts opts;
    bool inited; /* SDL's video subsystem is ours to quit */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    Uint32 tex_fmt;
    int tex_w, tex_h;
    int d_w, d_h;
    bool sized;      /* the window got its size from a configuration */
    bool have_frame; /* tex holds a frame to redraw */
    /* The YUV->RGB conversion of the frame shown, and that of the
     * texture: some renderers (opengl in SDL 2.26) fix it when the
     * texture is made. */
    SDL_YUV_CONVERSION_MODE yuv_mode;
    SDL_YUV_CONVERSION_MODE tex_mode;
    AVFrame *copy; /* frames with negative strides are copied here */
    /* Subtitles and OSD: ov_tex holds the overlay's ov.w x ov.h pixels
     * (ov.rgba unused) at its top left; ov_tex_w x ov_tex_h only grows. */
    SDL_Texture *ov_tex;
    int ov_tex_w, ov_tex_h;
    struct vo_overlay ov;
    /* Fullscreen by hand where no window manager acts on SDL's request:
     * the window covers the display; fs_saved and fs_bordered bring it
     * back. */
    bool fake_fs;
    SDL_Rect fs_saved;
    bool fs_bordered;
    bool screen_warned;  /* -screen named a display that is not there */
    /* vo_sdl_set_window's settings (win_opts.title unused: title) */
    struct vo_sdl_window win_opts;
    char *title;     /* NULL: SDL_VO_TITLE */
    bool window_set; /* vo_sdl_set_window ran: fullscreen and wid are done */
    bool foreign;    /* win is another program's X window (-wid) */
    /* Xlib, opened for -wid: its error handler is ours while embedded */
    void *x11;
    sdl_vo_x_handler x_old_handler;
};

/* The formats SDL textures take as they are. Formats whose fourth byte is
 * padding use the alpha format with blending off. */
static const struct {
    enum AVPixelFormat av;
    Uint32 sdl;
} sdl_vo_formats[] = {
    {AV_PIX_FMT_YUV420P, SDL_PIXELFORMAT_IYUV},
    {AV_PIX_FMT_YUVJ420P, SDL_PIXELFORMAT_IYUV},
    {AV_PIX_FMT_NV12, SDL_PIXELFORMAT_NV12},
    {AV_PIX_FMT_NV21, SDL_PIXELFORMAT_NV21},
    {AV_PIX_FMT_YUYV422, SDL_PIXELFORMAT_YUY2},
    {AV_PIX_FMT_UYVY422, SDL_PIXELFORMAT_UYVY},
    {AV_PIX_FMT_YVYU422, SDL_PIXELFORMAT_YVYU},
    {AV_PIX_FMT_RGB24, SDL_PIXELFORMAT_RGB24},
    {AV_PIX_FMT_BGR24, SDL_PIXELFORMAT_BGR24},
    {AV_PIX_FMT_BGRA, SDL_PIXELFORMAT_BGRA32},
    {AV_PIX_FMT_RGBA, SDL_PIXELFORMAT_RGBA32},
    {AV_PIX_FMT_ARGB, SDL_PIXELFORMAT_ARGB32},
    {AV_PIX_FMT_ABGR, SDL_PIXELFORMAT_ABGR32},
    {AV_PIX_FMT_BGR0, SDL_PIXELFORMAT_BGRA32},
    {AV_PIX_FMT_RGB0, SDL_PIXELFORMAT_RGBA32},
    {AV_PIX_FMT_0RGB, SDL_PIXELFORMAT_ARGB32},
    {AV_PIX_FMT_0BGR, SDL_PIXELFORMAT_ABGR32},
};

#define SDL_VO_NUM_FORMATS ((int)(sizeof(sdl_vo_formats) / sizeof(sdl_vo_formats[0])))

static Uint32 sdl_vo_sdl_format(enum AVPixelFormat fmt)
{
    for (int n = 0; n < SDL_VO_NUM_FORMATS; n++) {
        if (sdl_vo_formats[n].av == fmt)
            return sdl_vo_formats[n].sdl;
    }
    return SDL_PIXELFORMAT_UNKNOWN;
}

/* Keys that do not type a character (those arrive as SDL_TEXTINPUT). */
static const struct {
    SDL_Keycode sym;
    const char *name;
} sdl_vo_keys[] = {
    {SDLK_ESCAPE, "ESC"},     {SDLK_RETURN, "ENTER"},   {SDLK_KP_ENTER, "KP_ENTER"},
    {SDLK_TAB, "TAB"},        {SDLK_BACKSPACE, "BS"},   {SDLK_LEFT, "LEFT"},
    {SDLK_RIGHT, "RIGHT"},    {SDLK_UP, "UP"},          {SDLK_DOWN, "DOWN"},
    {SDLK_PAGEUP, "PGUP"},    {SDLK_PAGEDOWN, "PGDWN"}, {SDLK_HOME, "HOME"},
    {SDLK_END, "END"},        {SDLK_INSERT, "INS"},     {SDLK_DELETE, "DEL"},
    {SDLK_PRINTSCREEN, "PRINT"},
    {SDLK_F1, "F1"},   {SDLK_F2, "F2"},   {SDLK_F3, "F3"},   {SDLK_F4, "F4"},
    {SDLK_F5, "F5"},   {SDLK_F6, "F6"},   {SDLK_F7, "F7"},   {SDLK_F8, "F8"},
    {SDLK_F9, "F9"},   {SDLK_F10, "F10"}, {SDLK_F11, "F11"}, {SDLK_F12, "F12"},
};

#define SDL_VO_NUM_KEYS ((int)(sizeof(sdl_vo_keys) / sizeof(sdl_vo_keys[0])))

static int sdl_vo_init_failed(struct vo *vo, const char *what)
{
    /* Quiet while probing; a warning otherwise: the next driver of the
     * list may still open ("-vo sdl,"), and the player says if none does. */
    mp_msg(MSGT_VO, vo->probing ? MSGL_V : MSGL_WARN, "-vo sdl: %s: %s\n", what,
           SDL_GetError());
    return -VO_ERR_INIT;
}

/*
 * The SDL video drivers worth trying for a screen, comma-separated, into
 * buf ("" if none). Left out: offscreen and dummy, which SDL 2.26 falls
 * back to when there is no display (a window nobody sees is no output),
 * and display servers that cannot be there because nothing names them
 * (libwayland prints errors on stderr when asked to look). Returns
 * whether a window system is named (DISPLAY or WAYLAND_DISPLAY).
 */
static bool sdl_vo_screen_drivers(char *buf, size_t size)
{
    const char *x11 = getenv("DISPLAY");
    const char *wl = getenv("WAYLAND_DISPLAY");
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    bool have_x11 = x11 && x11[0];
    bool have_wl = (wl && wl[0] == '/') || (xdg && xdg[0]);
    size_t len = 0;
    buf[0] = '\0';
    int count = SDL_GetNumVideoDrivers();
    for (int n = 0; n < count; n++) {
        const char *name = SDL_GetVideoDriver(n);
        if (!name || !strcmp(name, "offscreen") || !strcmp(name, "dummy") ||
            !strcmp(name, "evdev") || (!strcmp(name, "x11") && !have_x11) ||
            (!strcmp(name, "wayland") && !have_wl))
            continue;
        int w = snprintf(buf + len, size - len, "%s%s", len ? "," : "", name);
        if (w < 0 || (size_t)w >= size - len) {
            buf[len] = '\0';
            break;
        }
        len += (size_t)w;
    }
    return have_x11 || have_wl;
}

static int sdl_vo_find_renderer(const char *name)
{
    int count = SDL_GetNumRenderDrivers();
    for (int n = 0; n < count; n++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(n, &info) == 0 && strcmp(info.name, name) == 0)
            return n;
    }
    return -1;
}

static int sdl_vo_create_renderer(struct vo *vo)
{
    struct sdl_vo_priv *p = vo->priv;
    int index = -1;
    if (p->opts.renderer && p->opts.renderer[0]) {
        index = sdl_vo_find_renderer(p->opts.renderer);
        if (index < 0) {
            mp_msg(MSGT_VO, MSGL_WARN, "-vo sdl: no SDL renderer '%s'; using the default.\n",
                   p->opts.renderer);
        }
    }
    Uint32 vsync = p->opts.vsync ? SDL_RENDERER_PRESENTVSYNC : 0;
    if (!p->opts.sw)
        p->ren = SDL_CreateRenderer(p->win, index, SDL_RENDERER_ACCELERATED | vsync);
    if (!p->ren) {
        if (!p->opts.sw)
            mp_msg(MSGT_VO, MSGL_V, "-vo sdl: no accelerated renderer (%s).\n", SDL_GetError());
        p->ren = SDL_CreateRenderer(p->win, -1, SDL_RENDERER_SOFTWARE | vsync);
    }
    if (!p->ren)
        return sdl_vo_init_failed(vo, "cannot create a renderer");
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(p->ren, &info) == 0)
        mp_msg(MSGT_VO, MSGL_V, "-vo sdl: %s renderer on %s.\n", info.name,
               SDL_GetCurrentVideoDriver());
    return 0;
}

/* A hidden window of our own with its renderer. */
static int sdl_vo_make_window(struct vo *vo)
{
    struct sdl_vo_priv *p = vo->priv;
    /* Hidden until the first configuration gives it a size. */
    p->win = SDL_CreateWindow(p->title ? p->title : SDL_VO_TITLE, SDL_WINDOWPOS_CENTERED,
                              SDL_WINDOWPOS_CENTERED, 640, 480,
                              SDL_WINDOW_HIDDEN | SDL_WINDOW_RESIZABLE);
    if (!p->win)
        return sdl_vo_init_failed(vo, "cannot create a window");
    return sdl_vo_create_renderer(vo);
}

static void sdl_vo_drop_window(struct sdl_vo_priv *p)
{
    if (p->ov_tex)
        SDL_DestroyTexture(p->ov_tex);
    p->ov_tex = NULL;
    p->ov_tex_w = p->ov_tex_h = 0;
    p->ov.w = 0;
    if (p->tex)
        SDL_DestroyTexture(p->tex);
    p->tex = NULL;
    if (p->ren)
        SDL_DestroyRenderer(p->ren);
    p->ren = NULL;
    if (p->win)
        SDL_DestroyWindow(p->win);
    p->win = NULL;
    p->foreign = false;
    p->sized = false;
    p->have_frame = false;
    p->fake_fs = false;
}

/* Xlib's default handler ends the process on any X error; the other
 * program's window can vanish or refuse an input mask at any time, and a
 * front-end's player must not die of it. */
static int sdl_vo_x_error(void *display, void *event)
{
    return 0;
}

/* Open Xlib (SDL loads the same library) and put our error handler in
 * place. Returns whether X window wid exists, or true when this cannot be
 * told (SDL will then find out itself). */
static bool sdl_vo_x_guard(struct sdl_vo_priv *p, uint64_t wid)
{
    if (!p->x11)
        p->x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!p->x11)
        return true;
    sdl_vo_x_set_handler set_handler;
    void *(*open_display)(const char *);
    int (*close_display)(void *);
    int (*get_geometry)(void *, unsigned long, unsigned long *, int *, int *, unsigned *,
                        unsigned *, unsigned *, unsigned *);
    /* POSIX guarantees object and function pointers convert. */
    *(void **)&set_handler = dlsym(p->x11, "XSetErrorHandler");
    *(void **)&open_display = dlsym(p->x11, "XOpenDisplay");
    *(void **)&close_display = dlsym(p->x11, "XCloseDisplay");
    *(void **)&get_geometry = dlsym(p->x11, "XGetGeometry");
    if (!set_handler || !open_display || !close_display || !get_geometry)
        return true;
    if (!p->x_old_handler)
        p->x_old_handler = set_handler(sdl_vo_x_error);
    void *dpy = open_display(NULL);
    if (!dpy)
        return true;
    unsigned long root;
    int x, y;
    unsigned w, h, border, depth;
    /* A round trip: a BadWindow reaches our handler and makes it fail. */
    int ok = get_geometry(dpy, (unsigned long)wid, &root, &x, &y, &w, &h, &border, &depth);
    close_display(dpy);
    return ok != 0;
}

static void sdl_vo_x_unguard(struct sdl_vo_priv *p)
{
    if (!p->x11)
        return;
    sdl_vo_x_set_handler set_handler;
    *(void **)&set_handler = dlsym(p->x11, "XSetErrorHandler");
    if (set_handler && p->x_old_handler)
        set_handler(p->x_old_handler);
    p->x_old_handler = NULL;
    dlclose(p->x11);
    p->x11 = NULL;
}

/* Whether a window manager runs on SDL's X display: one that honours
 * _NET_WM_STATE (SDL's fullscreen request) names itself in the root
 * window's _NET_SUPPORTING_WM_CHECK. True when this cannot be told or the
 * display is not X. */
static bool sdl_vo_x_has_wm(void)
{
    const char *drv = SDL_GetCurrentVideoDriver();
    if (!drv || strcmp(drv, "x11") != 0)
        return true;
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!x11)
        return true;
    void *(*open_display)(const char *);
    int (*close_display)(void *);
    unsigned long (*intern_atom)(void *, const char *, int);
    unsigned long (*root_window)(void *);
    int (*get_property)(void *, unsigned long, unsigned long, long, long, int, unsigned long,
                        unsigned long *, int *, unsigned long *, unsigned long *,
                        unsigned char **);
    int (*x_free)(void *);
    *(void **)&open_display = dlsym(x11, "XOpenDisplay");
    *(void **)&close_display = dlsym(x11, "XCloseDisplay");
    *(void **)&intern_atom = dlsym(x11, "XInternAtom");
    *(void **)&root_window = dlsym(x11, "XDefaultRootWindow");
    *(void **)&get_property = dlsym(x11, "XGetWindowProperty");
    *(void **)&x_free = dlsym(x11, "XFree");
    bool wm = true;
    void *dpy = open_display && close_display && intern_atom && root_window && get_property &&
                x_free ? open_display(NULL) : NULL;
    if (dpy) {
        /* only_if_exists: no atom, no window manager ever set it. */
        unsigned long atom = intern_atom(dpy, "_NET_SUPPORTING_WM_CHECK", 1);
        unsigned long type = 0, items = 0, after = 0;
        int format = 0;
        unsigned char *data = NULL;
        wm = atom != 0 &&
             get_property(dpy, root_window(dpy), atom, 0, 1, 0, 0, &type, &format, &items,
                          &after, &data) == 0 &&
             type != 0 && items > 0;
        if (data)
            x_free(data);
        close_display(dpy);
    }
    dlclose(x11);
    return wm;
}

/* Cover the display with the window (borderless) or give it back its
 * place, size and border: fullscreen where no window manager would do it,
 * as MPlayer's X11 code did. */
static void sdl_vo_fake_fullscreen(struct sdl_vo_priv *p, bool on)
{
    if (on == p->fake_fs)
        return;
    if (on) {
        SDL_Rect b;
        int display = SDL_GetWindowDisplayIndex(p->win);
        if (display < 0 || SDL_GetDisplayBounds(display, &b) < 0)
            return;
        SDL_GetWindowPosition(p->win, &p->fs_saved.x, &p->fs_saved.y);
        SDL_GetWindowSize(p->win, &p->fs_saved.w, &p->fs_saved.h);
        p->fs_bordered = !(SDL_GetWindowFlags(p->win) & SDL_WINDOW_BORDERLESS);
        SDL_SetWindowBordered(p->win, SDL_FALSE);
        SDL_SetWindowPosition(p->win, b.x, b.y);
        SDL_SetWindowSize(p->win, b.w, b.h);
        SDL_RaiseWindow(p->win);
    } else {
        SDL_SetWindowBordered(p->win, p->fs_bordered ? SDL_TRUE : SDL_FALSE);
        SDL_SetWindowSize(p->win, p->fs_saved.w, p->fs_saved.h);
        SDL_SetWindowPosition(p->win, p->fs_saved.x, p->fs_saved.y);
    }
    p->fake_fs = on;
    mp_msg(MSGT_VO, MSGL_V, "-vo sdl: no window manager: fullscreen %s by hand.\n",
           on ? "on" : "off");
}

/* Fullscreen on or off: SDL's request, or by hand without a window
 * manager. Returns SDL's result (0 or < 0). */
static int sdl_vo_fullscreen(struct sdl_vo_priv *p, bool on)
{
    if (p->fake_fs || (on && !sdl_vo_x_has_wm())) {
        sdl_vo_fake_fullscreen(p, on);
        return 0;
    }
    return SDL_SetWindowFullscreen(p->win, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

static bool sdl_vo_is_fullscreen(const struct sdl_vo_priv *p)
{
    return p->fake_fs || (p->win && (SDL_GetWindowFlags(p->win) & SDL_WINDOW_FULLSCREEN));
}

/* Draw into another program's X window (-wid) instead of our own; on
 * failure warn and make our own again. */
static int sdl_vo_embed(struct vo *vo, int64_t wid)
{
    struct sdl_vo_priv *p = vo->priv;
    const char *drv = SDL_GetCurrentVideoDriver();
    sdl_vo_drop_window(p);
    if (!drv || strcmp(drv, "x11") != 0) {
        mp_msg(MSGT_VO, MSGL_WARN,
               "-vo sdl: -wid needs X11 (the video driver is %s); using a window of its own.\n",
               drv ? drv : "none");
        return sdl_vo_make_window(vo);
    }
    if (!sdl_vo_x_guard(p, (uint64_t)wid)) {
        mp_msg(MSGT_VO, MSGL_WARN,
               "-vo sdl: there is no X window 0x%llx; using a window of its own.\n",
               (unsigned long long)wid);
        return sdl_vo_make_window(vo);
    }
    p->win = SDL_CreateWindowFrom((const void *)(uintptr_t)wid);
    if (p->win && sdl_vo_create_renderer(vo) == 0) {
        p->foreign = true;
        mp_msg(MSGT_VO, MSGL_V, "-vo sdl: drawing into X window 0x%llx.\n",
               (unsigned long long)wid);
        return 0;
    }
    mp_msg(MSGT_VO, MSGL_WARN,
           "-vo sdl: cannot draw into X window 0x%llx (%s); using a window of its own.\n",
           (unsigned long long)wid, SDL_GetError());
    sdl_vo_drop_window(p);
    return sdl_vo_make_window(vo);
}

static int sdl_vo_open(struct vo *vo, const char *args)
{
    struct sdl_vo_priv *p = vo->priv;
    p->opts.keepaspect = true;
    if (subopt_parse(args, sdl_vo_subopts, &p->opts, MSGT_VO, "-vo sdl") < 0)
        return -VO_ERR_OPTION;

    /* The player handles SIGINT/SIGTERM itself; SDL would turn them into
     * SDL_QUIT events that nobody may be reading. */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    char drivers[256] = "";
    bool named = true; /* a window system is named, or the user chose */
    const char *env = getenv("SDL_VIDEODRIVER");
    if (p->opts.driver && p->opts.driver[0]) {
        snprintf(drivers, sizeof(drivers), "%s", p->opts.driver);
    } else if (!env || !env[0]) {
        named = sdl_vo_screen_drivers(drivers, sizeof(drivers));
    }
    /* Otherwise SDL reads the user's SDL_VIDEODRIVER itself. */
    int r = -1;
    if (drivers[0]) {
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, drivers, SDL_HINT_OVERRIDE);
        r = SDL_InitSubSystem(SDL_INIT_VIDEO);
        SDL_ResetHint(SDL_HINT_VIDEODRIVER);
    } else if (env && env[0]) {
        r = SDL_InitSubSystem(SDL_INIT_VIDEO);
    }
    if (r < 0 && !named)
        SDL_SetError("DISPLAY is not set");
    if (r < 0)
        return sdl_vo_init_failed(vo, "no display");
    p->inited = true;

    r = sdl_vo_make_window(vo);
    if (r < 0)
        return r;
    /* Letters and symbols arrive as text, with shift and layout applied,
     * as MPlayer's key names want them ("q", "Q", "*"). */
    SDL_StartTextInput();
    return 0;
}

static int sdl_vo_close(struct vo *vo, bool abort_output)
{
    struct sdl_vo_priv *p = vo->priv;
    av_frame_free(&p->copy);
    sdl_vo_drop_window(p);
    sdl_vo_x_unguard(p);
    free(p->title);
    p->title = NULL;
    if (p->inited) {
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        p->inited = false;
        /* The last SDL user frees what SDL keeps besides its subsystems. */
        if (SDL_WasInit(0) == 0)
            SDL_Quit();
    }
    subopt_free(sdl_vo_subopts, &p->opts);
    return 0;
}

static enum AVPixelFormat sdl_vo_query_format(struct vo *vo, enum AVPixelFormat src_fmt)
{
    if (sdl_vo_sdl_format(src_fmt) != SDL_PIXELFORMAT_UNKNOWN)
        return src_fmt;
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(src_fmt);
    if (desc && (desc->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)))
        return AV_PIX_FMT_BGRA;
    return AV_PIX_FMT_YUV420P;
}

/* Where the picture goes in an output of ow x oh. */
static SDL_Rect sdl_vo_dst_rect(const struct sdl_vo_priv *p, int ow, int oh)
{
    SDL_Rect r = {0, 0, ow, oh};
    if (!p->opts.keepaspect || p->d_w <= 0 || p->d_h <= 0)
        return r;
    if ((int64_t)ow * p->d_h > (int64_t)oh * p->d_w)
        r.w = (int)(((int64_t)oh * p->d_w + p->d_h / 2) / p->d_h);
    else
        r.h = (int)(((int64_t)ow * p->d_h + p->d_w / 2) / p->d_w);
    const struct vo_sdl_window *w = &p->win_opts;
    if (w->panscan > 0 && w->panscan_range != 0 && r.w > 0 && r.h > 0) {
        /* The zoom that makes the bars go (the picture then covers the
         * window and is cropped); MPlayer's range scales the way there,
         * a negative one zooms beyond, up to 1 - range times. */
        double fill = fmax((double)ow / r.w, (double)oh / r.h);
        double k = w->panscan_range > 0 ? 1 + w->panscan * w->panscan_range * (fill - 1)
                                        : 1 - w->panscan * w->panscan_range;
        r.w = (int)lrint(r.w * k);
        r.h = (int)lrint(r.h * k);
    }
    /* Truncated as the centring always was: an odd margin's extra pixel
     * goes to the right (bottom). */
    r.x = (int)((ow - r.w) * (0.5 + w->bar_x));
    r.y = (int)((oh - r.h) * (0.5 + w->bar_y));
    return r;
}

/* Draw the current frame (or black) into the back buffer. */
static int sdl_vo_render(struct sdl_vo_priv *p)
{
    int ow, oh;
    if (SDL_GetRendererOutputSize(p->ren, &ow, &oh) < 0)
        return -1;
    SDL_SetRenderDrawColor(p->ren, 0, 0, 0, 255);
    if (SDL_RenderClear(p->ren) < 0)
        return -1;
    if (!p->have_frame)
        return 0;
    SDL_Rect dst = sdl_vo_dst_rect(p, ow, oh);
    /* SDL keeps one conversion mode for all YUV textures; ours is set
     * before each use. */
    SDL_SetYUVConversionMode(p->yuv_mode);
    if (SDL_RenderCopy(p->ren, p->tex, NULL, &dst) < 0)
        return -1;
    const struct vo_overlay *ov = &p->ov;
    if (!p->ov_tex || ov->w <= 0 || ov->area_w <= 0 || ov->area_h <= 0)
        return 0;
    /* Made for this area, pixel for pixel; after a resize, scaled until
     * the next frame brings one made to measure. */
    SDL_Rect src = {0, 0, ov->w, ov->h};
    SDL_Rect odst = {dst.x + (int)((int64_t)ov->x * dst.w / ov->area_w),
                     dst.y + (int)((int64_t)ov->y * dst.h / ov->area_h),
                     (int)((int64_t)ov->w * dst.w / ov->area_w),
                     (int)((int64_t)ov->h * dst.h / ov->area_h)};
    bool exact = dst.w == ov->area_w && dst.h == ov->area_h;
    SDL_SetTextureScaleMode(p->ov_tex, exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear);
    return SDL_RenderCopy(p->ren, p->ov_tex, &src, &odst);
}

static void sdl_vo_redraw(struct sdl_vo_priv *p)
{
    if (sdl_vo_render(p) == 0)
        SDL_RenderPresent(p->ren);
}

/* Where a window of size pixels goes on a screen axis [start, start +
 * total). */
static int sdl_vo_place(enum vo_sdl_place place, int pos, int start, int total, int size)
{
    switch (place) {
    case VO_SDL_PLACE_NEAR:
        return start + pos;
    case VO_SDL_PLACE_FAR:
        return start + total - size - pos;
    case VO_SDL_PLACE_PERCENT:
        return start + (int)((int64_t)(total - size) * pos / 100);
    default:
        return start + (total - size) / 2;
    }
}

/* Size the window for d_w x d_h (or the size the user asked for, or
 * scaled by -xy), shrunk (keeping the aspect) to fit the screen it is
 * on unless a size was given, and place it as -geometry says. */
static void sdl_vo_size_window(struct sdl_vo_priv *p, int d_w, int d_h)
{
    const struct vo_sdl_window *wo = &p->win_opts;
    bool fixed = wo->w > 0 && wo->h > 0;
    if (fixed) {
        d_w = wo->w;
        d_h = wo->h;
    } else if (wo->xy > 8) {
        d_h = (int)lrint(wo->xy * d_h / d_w);
        d_w = (int)lrint(wo->xy);
    } else if (wo->xy > 0) {
        d_w = (int)lrint(d_w * wo->xy);
        d_h = (int)lrint(d_h * wo->xy);
    }
    SDL_Rect bounds;
    int display = SDL_GetWindowDisplayIndex(p->win);
    int screens = SDL_GetNumVideoDisplays();
    if (wo->screen >= 0 && wo->screen < screens) {
        display = wo->screen;
    } else if (wo->screen >= 0 && !p->screen_warned) {
        mp_msg(MSGT_VO, MSGL_WARN, "-screen %d: there are %d screens (0..%d); the window goes "
               "where SDL puts it.\n", wo->screen, screens, screens - 1);
        p->screen_warned = true;
    }
    if (!fixed && display >= 0 && SDL_GetDisplayUsableBounds(display, &bounds) == 0 &&
        bounds.w > 0 && bounds.h > 0 && (d_w > bounds.w || d_h > bounds.h)) {
        double s = (double)bounds.w / d_w;
        if ((double)bounds.h / d_h < s)
            s = (double)bounds.h / d_h;
        d_w = (int)(d_w * s);
        d_h = (int)(d_h * s);
    }
    d_w = d_w > 0 ? d_w : 1;
    d_h = d_h > 0 ? d_h : 1;
    SDL_SetWindowSize(p->win, d_w, d_h);
    SDL_Rect screen;
    if ((wo->x_place == VO_SDL_PLACE_CENTER && wo->y_place == VO_SDL_PLACE_CENTER) ||
        display < 0 || SDL_GetDisplayBounds(display, &screen) < 0) {
        /* Centred on the chosen screen, else on the one it is on. */
        int c = display >= 0 ? (int)SDL_WINDOWPOS_CENTERED_DISPLAY(display)
                             : (int)SDL_WINDOWPOS_CENTERED;
        SDL_SetWindowPosition(p->win, c, c);
        return;
    }
    SDL_SetWindowPosition(p->win, sdl_vo_place(wo->x_place, wo->x, screen.x, screen.w, d_w),
                          sdl_vo_place(wo->y_place, wo->y, screen.y, screen.h, d_h));
}

/* One screen pixel's width over its height (1: square). */
static double sdl_vo_pixel_aspect(const struct sdl_vo_priv *p)
{
    const struct vo_sdl_window *wo = &p->win_opts;
    SDL_Rect b;
    int display = p->win ? SDL_GetWindowDisplayIndex(p->win) : -1;
    if (wo->monitor_aspect > 0 && display >= 0 && SDL_GetDisplayBounds(display, &b) == 0 &&
        b.w > 0 && b.h > 0)
        return wo->monitor_aspect * b.h / b.w;
    return wo->pixel_aspect > 0 ? wo->pixel_aspect : 1;
}

/* (Re)make the texture for tex_fmt, tex_w x tex_h, converting YUV by
 * yuv_mode. Returns 0 or -1 (SDL_GetError says why). */
static int sdl_vo_make_texture(struct sdl_vo_priv *p)
{
    if (p->tex)
        SDL_DestroyTexture(p->tex);
    SDL_SetYUVConversionMode(p->yuv_mode);
    p->tex = SDL_CreateTexture(p->ren, p->tex_fmt, SDL_TEXTUREACCESS_STREAMING, p->tex_w,
                               p->tex_h);
    if (!p->tex)
        return -1;
    p->tex_mode = p->yuv_mode;
    SDL_SetTextureBlendMode(p->tex, SDL_BLENDMODE_NONE);
    SDL_SetTextureScaleMode(p->tex, SDL_ScaleModeLinear);
    return 0;
}

static int sdl_vo_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt)
{
    struct sdl_vo_priv *p = vo->priv;
    Uint32 sdl_fmt = sdl_vo_sdl_format(fmt);
    if (sdl_fmt == SDL_PIXELFORMAT_UNKNOWN) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot show %s frames.\n",
               av_get_pix_fmt_name(fmt));
        return -VO_ERR_INIT;
    }
    p->have_frame = false;
    p->tex_fmt = sdl_fmt;
    p->tex_w = w;
    p->tex_h = h;
    p->yuv_mode = SDL_YUV_CONVERSION_AUTOMATIC;
    if (sdl_vo_make_texture(p) < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot make a %dx%d %s texture: %s\n", w, h,
               av_get_pix_fmt_name(fmt), SDL_GetError());
        return -VO_ERR_INIT;
    }

    /* On a screen of wide (tall) pixels, fewer (more) of them across. */
    double pa = sdl_vo_pixel_aspect(p);
    if (pa != 1)
        d_w = (int)lrint(d_w / pa);
    /* A new size of picture resizes the window, as in MPlayer; the same
     * size again (a new file) keeps what the user made of it. */
    bool resize = !p->sized || d_w != p->d_w || d_h != p->d_h;
    p->d_w = d_w;
    p->d_h = d_h;
    /* Another program's window keeps the size and place it gives. */
    if (p->foreign) {
        sdl_vo_redraw(p);
        return 0;
    }
    if (resize) {
        if (!sdl_vo_is_fullscreen(p))
            sdl_vo_size_window(p, d_w, d_h);
        p->sized = true;
    }
    if (p->opts.fs) {
        p->opts.fs = false;
        if (sdl_vo_fullscreen(p, true) < 0)
            mp_msg(MSGT_VO, MSGL_WARN, "-vo sdl: cannot go fullscreen: %s\n", SDL_GetError());
    }
    SDL_ShowWindow(p->win);
    sdl_vo_redraw(p);
    return 0;
}

static SDL_YUV_CONVERSION_MODE sdl_vo_yuv_mode(const AVFrame *f)
{
    if (f->format == AV_PIX_FMT_YUVJ420P || f->color_range == AVCOL_RANGE_JPEG)
        return SDL_YUV_CONVERSION_JPEG;
    switch (f->colorspace) {
    case AVCOL_SPC_BT709:
        return SDL_YUV_CONVERSION_BT709;
    case AVCOL_SPC_BT470BG:
    case AVCOL_SPC_SMPTE170M:
    case AVCOL_SPC_FCC:
        return SDL_YUV_CONVERSION_BT601;
    default:
        /* Unknown: SDL guesses from the size (BT.709 for HD), as players do. */
        return SDL_YUV_CONVERSION_AUTOMATIC;
    }
}

/* SDL wants positive strides; a frame stored bottom-up is copied. */
static const AVFrame *sdl_vo_upright(struct sdl_vo_priv *p, const AVFrame *f)
{
    bool negative = false;
    for (int n = 0; n < AV_NUM_DATA_POINTERS && f->data[n]; n++)
        negative |= f->linesize[n] < 0;
    if (!negative)
        return f;
    if (!p->copy || p->copy->width != f->width || p->copy->height != f->height ||
        p->copy->format != f->format) {
        av_frame_free(&p->copy);
        p->copy = av_frame_alloc();
        if (!p->copy)
            return NULL;
        p->copy->width = f->width;
        p->copy->height = f->height;
        p->copy->format = f->format;
        if (av_frame_get_buffer(p->copy, 0) < 0) {
            av_frame_free(&p->copy);
            return NULL;
        }
    }
    if (av_frame_copy(p->copy, f) < 0)
        return NULL;
    return p->copy;
}

static int sdl_vo_draw(struct vo *vo, const AVFrame *frame)
{
    struct sdl_vo_priv *p = vo->priv;
    const AVFrame *f = sdl_vo_upright(p, frame);
    if (!f) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: out of memory.\n");
        return -VO_ERR_INIT;
    }
    /* Renderers without YUV textures convert during the upload; others
     * when the texture is made or when it is drawn. A new colour range or
     * matrix (normally only at the first frame) makes a new texture. */
    p->yuv_mode = sdl_vo_yuv_mode(f);
    if (SDL_ISPIXELFORMAT_FOURCC(p->tex_fmt) && p->yuv_mode != p->tex_mode) {
        p->have_frame = false;
        if (sdl_vo_make_texture(p) < 0) {
            mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot make a texture: %s\n", SDL_GetError());
            return -VO_ERR_INIT;
        }
    }
    SDL_SetYUVConversionMode(p->yuv_mode);
    int r;
    switch (p->tex_fmt) {
    case SDL_PIXELFORMAT_IYUV:
        r = SDL_UpdateYUVTexture(p->tex, NULL, f->data[0], f->linesize[0], f->data[1],
                                 f->linesize[1], f->data[2], f->linesize[2]);
        break;
    case SDL_PIXELFORMAT_NV12:
    case SDL_PIXELFORMAT_NV21:
        r = SDL_UpdateNVTexture(p->tex, NULL, f->data[0], f->linesize[0], f->data[1],
                                f->linesize[1]);
        break;
    default:
        r = SDL_UpdateTexture(p->tex, NULL, f->data[0], f->linesize[0]);
        break;
    }
    if (r < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot upload a frame: %s\n", SDL_GetError());
        return -VO_ERR_INIT;
    }
    p->have_frame = true;
    if (sdl_vo_render(p) < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot draw: %s\n", SDL_GetError());
        return -VO_ERR_INIT;
    }
    SDL_RenderPresent(p->ren);
    return 0;
}

static bool sdl_vo_set_key(struct vo_event *ev, const char *name)
{
    if (!name || !name[0] || strlen(name) >= sizeof(ev->key))
        return false;
    ev->type = VO_EVENT_KEY;
    strcpy(ev->key, name);
    return true;
}

static const char *sdl_vo_key_name(SDL_Keycode sym)
{
    for (int n = 0; n < SDL_VO_NUM_KEYS; n++) {
        if (sdl_vo_keys[n].sym == sym)
            return sdl_vo_keys[n].name;
    }
    return NULL;
}

static const char *sdl_vo_text_name(const char *text)
{
    if (strcmp(text, " ") == 0)
        return "SPACE";
    if (strcmp(text, "#") == 0)
        return "SHARP";
    return text;
}

static const char *sdl_vo_button_name(Uint8 button, Uint8 clicks)
{
    switch (button) {
    case SDL_BUTTON_LEFT:
        return clicks == 2 ? "MOUSE_BTN0_DBL" : "MOUSE_BTN0";
    case SDL_BUTTON_MIDDLE:
        return "MOUSE_BTN1";
    case SDL_BUTTON_RIGHT:
        return "MOUSE_BTN2";
    default:
        return NULL;
    }
}

/* Turn one SDL event into ev; false for events the player need not see. */
static bool sdl_vo_translate(struct sdl_vo_priv *p, const SDL_Event *e, struct vo_event *ev)
{
    Uint32 id = SDL_GetWindowID(p->win);
    switch (e->type) {
    case SDL_QUIT:
        ev->type = VO_EVENT_QUIT;
        return true;
    case SDL_WINDOWEVENT:
        if (e->window.windowID != id)
            return false;
        switch (e->window.event) {
        case SDL_WINDOWEVENT_CLOSE:
            ev->type = VO_EVENT_QUIT;
            return true;
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            sdl_vo_redraw(p);
            ev->type = VO_EVENT_RESIZE;
            ev->w = e->window.data1;
            ev->h = e->window.data2;
            return true;
        case SDL_WINDOWEVENT_EXPOSED:
            sdl_vo_redraw(p);
            return false;
        default:
            return false;
        }
    case SDL_KEYDOWN:
        return sdl_vo_set_key(ev, sdl_vo_key_name(e->key.keysym.sym));
    case SDL_TEXTINPUT:
        return sdl_vo_set_key(ev, sdl_vo_text_name(e->text.text));
    case SDL_MOUSEBUTTONDOWN:
        return sdl_vo_set_key(ev, sdl_vo_button_name(e->button.button, e->button.clicks));
    case SDL_MOUSEWHEEL:
        if (e->wheel.y == 0)
            return false;
        return sdl_vo_set_key(ev, e->wheel.y > 0 ? "MOUSE_BTN3" : "MOUSE_BTN4");
    default:
        return false;
    }
}

static int sdl_vo_poll_event(struct vo *vo, struct vo_event *ev)
{
    struct sdl_vo_priv *p = vo->priv;
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        memset(ev, 0, sizeof(*ev));
        if (sdl_vo_translate(p, &e, ev))
            return 1;
    }
    ev->type = VO_EVENT_NONE;
    return 0;
}

static int sdl_vo_set_fullscreen(struct vo *vo, bool fullscreen)
{
    struct sdl_vo_priv *p = vo->priv;
    if (p->foreign) {
        mp_msg(MSGT_VO, MSGL_WARN,
               "-vo sdl: no fullscreen inside another program's window (-wid).\n");
        return -VO_ERR_INIT;
    }
    if (sdl_vo_fullscreen(p, fullscreen) < 0) {
        mp_msg(MSGT_VO, MSGL_WARN, "-vo sdl: cannot %s fullscreen: %s\n",
               fullscreen ? "go" : "leave", SDL_GetError());
        return -VO_ERR_INIT;
    }
    sdl_vo_redraw(p);
    return 0;
}

static bool sdl_vo_get_fullscreen(const struct vo *vo)
{
    const struct sdl_vo_priv *p = vo->priv;
    return sdl_vo_is_fullscreen(p);
}

static int sdl_vo_overlay_size(struct vo *vo, int *w, int *h)
{
    struct sdl_vo_priv *p = vo->priv;
    int ow, oh;
    if (!p->ren || SDL_GetRendererOutputSize(p->ren, &ow, &oh) < 0 || ow <= 0 || oh <= 0)
        return -1;
    SDL_Rect dst = sdl_vo_dst_rect(p, ow, oh);
    *w = dst.w;
    *h = dst.h;
    return dst.w > 0 && dst.h > 0 ? 0 : -1;
}

static int sdl_vo_set_overlay(struct vo *vo, const struct vo_overlay *ov)
{
    struct sdl_vo_priv *p = vo->priv;
    p->ov = *ov;
    p->ov.rgba = NULL;
    if (ov->w <= 0 || ov->h <= 0 || !ov->rgba) {
        p->ov.w = 0;
        return 0;
    }
    if (!p->ren)
        return -VO_ERR_INIT;
    if (!p->ov_tex || ov->w > p->ov_tex_w || ov->h > p->ov_tex_h) {
        int tw = ov->w > p->ov_tex_w ? ov->w : p->ov_tex_w;
        int th = ov->h > p->ov_tex_h ? ov->h : p->ov_tex_h;
        if (p->ov_tex)
            SDL_DestroyTexture(p->ov_tex);
        p->ov_tex = SDL_CreateTexture(p->ren, SDL_PIXELFORMAT_RGBA32,
                                      SDL_TEXTUREACCESS_STREAMING, tw, th);
        if (!p->ov_tex) {
            p->ov_tex_w = p->ov_tex_h = 0;
            p->ov.w = 0;
            mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot make a %dx%d overlay texture: %s\n", tw,
                   th, SDL_GetError());
            return -VO_ERR_INIT;
        }
        p->ov_tex_w = tw;
        p->ov_tex_h = th;
        SDL_SetTextureBlendMode(p->ov_tex, SDL_BLENDMODE_BLEND);
    }
    SDL_Rect r = {0, 0, ov->w, ov->h};
    if (SDL_UpdateTexture(p->ov_tex, &r, ov->rgba, ov->stride) < 0) {
        p->ov.w = 0;
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot upload the overlay: %s\n", SDL_GetError());
        return -VO_ERR_INIT;
    }
    return 0;
}

const struct vo_driver vo_driver_sdl = {
    .name = "sdl",
    .desc = "SDL2 window (YUV textures, any renderer)",
    .autoprobe = true,
    .window = true,
    .priv_size = sizeof(struct sdl_vo_priv),
    .open = sdl_vo_open,
    .close = sdl_vo_close,
    .query_format = sdl_vo_query_format,
    .config = sdl_vo_config,
    .draw = sdl_vo_draw,
    .poll_event = sdl_vo_poll_event,
    .set_fullscreen = sdl_vo_set_fullscreen,
    .get_fullscreen = sdl_vo_get_fullscreen,
    .overlay_size = sdl_vo_overlay_size,
    .set_overlay = sdl_vo_set_overlay,
};

static struct sdl_vo_priv *sdl_vo_priv_of(struct vo *vo)
{
    return vo && vo->driver == &vo_driver_sdl ? vo->priv : NULL;
}

int vo_sdl_set_window(struct vo *vo, const struct vo_sdl_window *w)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    if (!p)
        return -VO_ERR_UNKNOWN;
    free(p->title);
    p->title = NULL;
    if (w->title) {
        p->title = strdup(w->title);
        if (!p->title)
            mp_msg(MSGT_VO, MSGL_WARN, "-vo sdl: out of memory: the window has no title.\n");
    }
    p->win_opts = *w;
    p->win_opts.title = NULL;
    if (w->stretch)
        p->opts.keepaspect = false;
    bool first = !p->window_set;
    p->window_set = true;
    if (first && w->wid >= 0) {
        int r = sdl_vo_embed(vo, w->wid);
        if (r < 0)
            return r;
    }
    if (p->foreign || !p->win)
        return 0;
    SDL_SetWindowTitle(p->win, p->title ? p->title : SDL_VO_TITLE);
    SDL_SetWindowBordered(p->win, w->borderless ? SDL_FALSE : SDL_TRUE);
    if (first && w->fullscreen)
        p->opts.fs = true;
    return 0;
}

int vo_sdl_set_panscan(struct vo *vo, double amount)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    if (!p)
        return -VO_ERR_UNKNOWN;
    p->win_opts.panscan = amount < 0 ? 0 : amount > 1 ? 1 : amount;
    if (p->ren && p->have_frame)
        sdl_vo_redraw(p);
    return 0;
}

int vo_sdl_get_panscan(struct vo *vo, double *amount)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    if (!p)
        return -VO_ERR_UNKNOWN;
    *amount = p->win_opts.panscan;
    return 0;
}

const char *vo_sdl_window_title(struct vo *vo)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    return p && p->win ? SDL_GetWindowTitle(p->win) : "";
}

uint32_t vo_sdl_window_flags(struct vo *vo)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    return p && p->win ? SDL_GetWindowFlags(p->win) : 0;
}

uint32_t vo_sdl_window_id(struct vo *vo)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    return p && p->win ? SDL_GetWindowID(p->win) : 0;
}

int vo_sdl_output_size(struct vo *vo, int *w, int *h)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    if (!p || !p->ren || SDL_GetRendererOutputSize(p->ren, w, h) < 0)
        return -VO_ERR_INIT;
    return 0;
}

int vo_sdl_read_pixels(struct vo *vo, uint8_t *rgb, int w, int h)
{
    struct sdl_vo_priv *p = sdl_vo_priv_of(vo);
    int ow, oh;
    if (vo_sdl_output_size(vo, &ow, &oh) < 0 || ow != w || oh != h)
        return -VO_ERR_INIT;
    /* The back buffer is undefined after a present: draw it again. */
    if (sdl_vo_render(p) < 0)
        return -VO_ERR_INIT;
    if (SDL_RenderReadPixels(p->ren, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo sdl: cannot read pixels: %s\n", SDL_GetError());
        return -VO_ERR_INIT;
    }
    return 0;
}
