/*
 * Unit tests for -vo sdl: on a private Xvfb server the test starts, what
 * a drawn frame looks like (read back from the renderer), letterboxing,
 * fullscreen, window events; without a display, a clean failure and the
 * fallback of "sdl,".
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <SDL.h>
#include <libavutil/frame.h>

#include "common/mp_msg.h"
#include "libvo/video_out.h"
#include "libvo/vo_sdl.h"
#include "libvo/vo_sdl_inspect.h"
#include "osdep/osdep.h"
#include "test_util.h"

#define XVFB_W 1024
#define XVFB_H 768
/* Rendering through YUV->RGB in a shader or in software rounds a little
 * differently; more than this is a wrong picture, not rounding. */
#define PIXEL_TOLERANCE 6

struct xvfb {
    pid_t pid;
    char display[32];
    char *saved_display;
};

static struct xvfb xvfb;

static char *find_in_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char *copy = strdup(path);
    char *save = NULL;
    char *found = NULL;
    for (char *dir = strtok_r(copy, ":", &save); dir && !found;
         dir = strtok_r(NULL, ":", &save)) {
        char *p = NULL;
        if (asprintf(&p, "%s/%s", dir, prog) < 0)
            break;
        if (access(p, X_OK) == 0)
            found = p;
        else
            free(p);
    }
    free(copy);
    return found;
}

/* Start Xvfb on a display it picks itself (-displayfd): no race with
 * other servers on the machine. */
static int xvfb_start(void **state)
{
    const char *old = getenv("DISPLAY");
    xvfb.saved_display = old ? strdup(old) : NULL;
    char *bin = find_in_path("Xvfb");
    if (!bin) {
        fprintf(stderr, "test_vo_sdl: Xvfb is not installed (package xvfb); the tests that "
                "need a display are skipped.\n");
        return 0;
    }
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        /* A preloaded sanitizer runtime is for this test, not the server. */
        unsetenv("LD_PRELOAD");
        char fd_arg[16], geometry[32];
        snprintf(fd_arg, sizeof(fd_arg), "%d", fds[1]);
        snprintf(geometry, sizeof(geometry), "%dx%dx24", XVFB_W, XVFB_H);
        execl(bin, "Xvfb", "-displayfd", fd_arg, "-screen", "0", geometry, "-nolisten", "tcp",
              "-noreset", (char *)NULL);
        _exit(127);
    }
    free(bin);
    close(fds[1]);
    /* Xvfb writes the display number once it accepts clients. */
    char num[16] = "";
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fds[0], num + len, sizeof(num) - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        len += (size_t)n;
        if (memchr(num, '\n', len) || len == sizeof(num) - 1)
            break;
    }
    close(fds[0]);
    num[len] = '\0';
    if (len == 0 || num[0] < '0' || num[0] > '9') {
        fprintf(stderr, "test_vo_sdl: Xvfb did not start; display tests are skipped.\n");
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
        return 0;
    }
    xvfb.pid = pid;
    snprintf(xvfb.display, sizeof(xvfb.display), ":%d", atoi(num));
    return 0;
}

static int xvfb_stop(void **state)
{
    if (xvfb.pid > 0) {
        kill(xvfb.pid, SIGTERM);
        waitpid(xvfb.pid, NULL, 0);
        xvfb.pid = 0;
    }
    if (xvfb.saved_display)
        setenv("DISPLAY", xvfb.saved_display, 1);
    else
        unsetenv("DISPLAY");
    free(xvfb.saved_display);
    xvfb.saved_display = NULL;
    return 0;
}

/* Point SDL at our Xvfb (and at nothing else), or skip the test. */
static void use_xvfb(void)
{
    if (xvfb.pid <= 0)
        skip();
    setenv("DISPLAY", xvfb.display, 1);
    unsetenv("WAYLAND_DISPLAY");
    unsetenv("SDL_VIDEODRIVER");
}

/*
 * Mesa's DRI drivers (swrast_dri.so...), which SDL's X11 code loads for
 * GLX, leak a few blocks each time they are unloaded at SDL_Quit. Once
 * unloaded, LeakSanitizer cannot name them, so no suppression can match:
 * keep them loaded instead (RTLD_NODELETE). The blocks stay reachable
 * and our own allocations are checked as usual.
 */
static void pin_dri_drivers(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps)
        return;
    char line[4096];
    while (fgets(line, sizeof(line), maps)) {
        char *path = strchr(line, '/');
        if (!path)
            continue;
        path[strcspn(path, "\n")] = '\0';
        size_t len = strlen(path);
        if (strstr(path, "/dri/") && len > 7 && !strcmp(path + len - 7, "_dri.so"))
            dlopen(path, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    }
    fclose(maps);
}

/* vo_open, then keep what it loaded (see above). */
static int open_vo(struct vo **vo, const char *spec)
{
    int r = vo_open(vo, spec);
    if (r == 0)
        pin_dri_drivers();
    return r;
}

/* A frame of one colour: yuv420p/nv12 take (y, u, v), packed RGB
 * formats (r, g, b). */
static AVFrame *solid_frame(enum AVPixelFormat fmt, int w, int h, int c0, int c1, int c2)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->width = w;
    f->height = h;
    f->format = fmt;
    f->colorspace = AVCOL_SPC_SMPTE170M;
    f->color_range = AVCOL_RANGE_MPEG;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    for (int y = 0; y < h; y++) {
        uint8_t *row = f->data[0] + y * f->linesize[0];
        switch (fmt) {
        case AV_PIX_FMT_YUV420P:
        case AV_PIX_FMT_NV12:
            memset(row, c0, (size_t)w);
            break;
        case AV_PIX_FMT_RGB24:
            for (int x = 0; x < w; x++) {
                row[3 * x] = (uint8_t)c0;
                row[3 * x + 1] = (uint8_t)c1;
                row[3 * x + 2] = (uint8_t)c2;
            }
            break;
        case AV_PIX_FMT_BGRA:
            for (int x = 0; x < w; x++) {
                row[4 * x] = (uint8_t)c2;
                row[4 * x + 1] = (uint8_t)c1;
                row[4 * x + 2] = (uint8_t)c0;
                row[4 * x + 3] = 255;
            }
            break;
        default:
            fail_msg("solid_frame: no such format in the test");
        }
    }
    for (int y = 0; y < (h + 1) / 2; y++) {
        if (fmt == AV_PIX_FMT_YUV420P) {
            memset(f->data[1] + y * f->linesize[1], c1, (size_t)(w + 1) / 2);
            memset(f->data[2] + y * f->linesize[2], c2, (size_t)(w + 1) / 2);
        } else if (fmt == AV_PIX_FMT_NV12) {
            uint8_t *row = f->data[1] + y * f->linesize[1];
            for (int x = 0; x < (w + 1) / 2; x++) {
                row[2 * x] = (uint8_t)c1;
                row[2 * x + 1] = (uint8_t)c2;
            }
        }
    }
    return f;
}

/* BT.601 limited range, as the frames above are tagged. */
static void yuv_to_rgb(int y, int u, int v, int rgb[3])
{
    double yy = 1.164 * (y - 16);
    double c[3] = {
        yy + 1.596 * (v - 128),
        yy - 0.392 * (u - 128) - 0.813 * (v - 128),
        yy + 2.017 * (u - 128),
    };
    for (int n = 0; n < 3; n++)
        rgb[n] = c[n] < 0 ? 0 : c[n] > 255 ? 255 : (int)(c[n] + 0.5);
}

struct shot {
    int w, h;
    uint8_t *rgb;
};

static struct shot read_back(struct vo *vo)
{
    struct shot s = {0};
    assert_int_equal(vo_sdl_output_size(vo, &s.w, &s.h), 0);
    assert_true(s.w > 0 && s.h > 0);
    s.rgb = malloc((size_t)s.w * s.h * 3);
    assert_non_null(s.rgb);
    assert_int_equal(vo_sdl_read_pixels(vo, s.rgb, s.w, s.h), 0);
    return s;
}

/* Pixels of the rectangle [x0, x1) x [y0, y1) that are not within the
 * tolerance of rgb. */
static long count_off(const struct shot *s, int x0, int y0, int x1, int y1, const int rgb[3])
{
    long off = 0;
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            const uint8_t *p = s->rgb + ((size_t)y * s->w + x) * 3;
            for (int c = 0; c < 3; c++) {
                if (abs(p[c] - rgb[c]) > PIXEL_TOLERANCE) {
                    off++;
                    break;
                }
            }
        }
    }
    return off;
}

/* Wait (bounded) for the window to reach w x h; returns whether it did.
 * Window managers and X servers apply sizes asynchronously. */
static bool wait_output_size(struct vo *vo, int w, int h)
{
    for (int n = 0; n < 500; n++) {
        struct vo_event ev;
        while (vo_poll_event(vo, &ev)) {
        }
        int ow = 0, oh = 0;
        if (vo_sdl_output_size(vo, &ow, &oh) == 0 && ow == w && oh == h)
            return true;
        mp_sleep_sec(0.01);
    }
    return false;
}

static void check_solid_yuv(const char *spec, enum AVPixelFormat fmt)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, spec), 0);
    assert_string_equal(vo_name(vo), "sdl");
    assert_true(vo_has_window(vo));
    assert_int_equal(vo_query_format(vo, fmt), fmt);
    assert_int_equal(vo_config(vo, 320, 240, 320, 240, fmt), 0);
    assert_true(vo_sdl_window_flags(vo) & SDL_WINDOW_SHOWN);
    assert_true(wait_output_size(vo, 320, 240));

    const int y = 120, u = 100, v = 160;
    AVFrame *f = solid_frame(fmt, 320, 240, y, u, v);
    assert_int_equal(vo_draw(vo, f), 0);
    assert_int_equal(vo_frames_drawn(vo), 1);
    int want[3];
    yuv_to_rgb(y, u, v, want);
    struct shot s = read_back(vo);
    assert_int_equal(s.w, 320);
    assert_int_equal(s.h, 240);
    assert_int_equal(count_off(&s, 0, 0, 320, 240, want), 0);
    free(s.rgb);
    av_frame_free(&f);
    assert_int_equal(vo_close(vo), 0);
}

static void test_yuv420p(void **state)
{
    check_solid_yuv("sdl", AV_PIX_FMT_YUV420P);
}

static void test_yuv420p_software(void **state)
{
    check_solid_yuv("sdl:sw", AV_PIX_FMT_YUV420P);
}

static void test_nv12(void **state)
{
    check_solid_yuv("sdl", AV_PIX_FMT_NV12);
}

/* Grey Y=200: 200 in full range (JPEG), 1.164 * (200 - 16) = 214 in
 * limited range; the frame's tag decides, whatever the renderer. */
static void check_range(const char *spec)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, spec), 0);
    assert_int_equal(vo_config(vo, 64, 48, 64, 48, AV_PIX_FMT_YUV420P), 0);
    assert_true(wait_output_size(vo, 64, 48));
    AVFrame *f = solid_frame(AV_PIX_FMT_YUV420P, 64, 48, 200, 128, 128);
    const int full[3] = {200, 200, 200}, limited[3] = {214, 214, 214};
    f->color_range = AVCOL_RANGE_JPEG;
    assert_int_equal(vo_draw(vo, f), 0);
    struct shot s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 64, 48, full), 0);
    free(s.rgb);
    f->color_range = AVCOL_RANGE_MPEG;
    assert_int_equal(vo_draw(vo, f), 0);
    s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 64, 48, limited), 0);
    free(s.rgb);
    av_frame_free(&f);
    assert_int_equal(vo_close(vo), 0);
}

static void test_color_range(void **state)
{
    check_range("sdl");
}

static void test_color_range_software(void **state)
{
    check_range("sdl:sw");
}

static void test_query_format(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl"), 0);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_YUV420P), AV_PIX_FMT_YUV420P);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_NV12), AV_PIX_FMT_NV12);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_RGB24), AV_PIX_FMT_RGB24);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_BGRA), AV_PIX_FMT_BGRA);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_YUV420P10LE), AV_PIX_FMT_YUV420P);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_YUV444P), AV_PIX_FMT_YUV420P);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_RGB48LE), AV_PIX_FMT_BGRA);
    assert_int_equal(vo_query_format(vo, AV_PIX_FMT_PAL8), AV_PIX_FMT_BGRA);
    /* What it does not take, it refuses to be configured for. */
    assert_int_equal(vo_config(vo, 16, 16, 16, 16, AV_PIX_FMT_YUV444P), -VO_ERR_INIT);
    assert_int_equal(vo_close(vo), 0);
}

/* Packed RGB, top half one colour and bottom half another; also stored
 * bottom-up (negative strides), which must come out the same way up. */
static void test_rgb_and_orientation(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl"), 0);
    const int top[3] = {200, 40, 90}, bottom[3] = {30, 180, 220};
    enum AVPixelFormat fmts[] = {AV_PIX_FMT_RGB24, AV_PIX_FMT_BGRA};
    for (int n = 0; n < 2; n++) {
        assert_int_equal(vo_config(vo, 64, 48, 64, 48, fmts[n]), 0);
        assert_true(wait_output_size(vo, 64, 48));
        AVFrame *f = solid_frame(fmts[n], 64, 48, top[0], top[1], top[2]);
        AVFrame *b = solid_frame(fmts[n], 64, 24, bottom[0], bottom[1], bottom[2]);
        for (int y = 0; y < 24; y++) {
            memcpy(f->data[0] + (24 + y) * f->linesize[0], b->data[0] + y * b->linesize[0],
                   (size_t)b->linesize[0]);
        }
        assert_int_equal(vo_draw(vo, f), 0);
        struct shot s = read_back(vo);
        assert_int_equal(count_off(&s, 0, 0, 64, 24, top), 0);
        assert_int_equal(count_off(&s, 0, 24, 64, 48, bottom), 0);
        free(s.rgb);

        /* The same picture stored from its last row up. */
        AVFrame *flip = av_frame_alloc();
        assert_int_equal(av_frame_ref(flip, f), 0);
        flip->data[0] = f->data[0] + 47 * f->linesize[0];
        flip->linesize[0] = -f->linesize[0];
        assert_int_equal(vo_draw(vo, flip), 0);
        s = read_back(vo);
        assert_int_equal(count_off(&s, 0, 0, 64, 24, bottom), 0);
        assert_int_equal(count_off(&s, 0, 24, 64, 48, top), 0);
        free(s.rgb);
        av_frame_free(&flip);
        av_frame_free(&b);
        av_frame_free(&f);
    }
    assert_int_equal(vo_frames_drawn(vo), 4);
    assert_int_equal(vo_close(vo), 0);
}

/* Resize the window as a user would; true once the player was told
 * (VO_EVENT_RESIZE) and the renderer has the new size. */
static bool resize_window(struct vo *vo, int w, int h)
{
    SDL_Window *win = SDL_GetWindowFromID(vo_sdl_window_id(vo));
    assert_non_null(win);
    SDL_SetWindowSize(win, w, h);
    bool told = false;
    for (int n = 0; n < 500; n++) {
        struct vo_event ev;
        while (vo_poll_event(vo, &ev))
            told |= ev.type == VO_EVENT_RESIZE && ev.w == w && ev.h == h;
        int ow = 0, oh = 0;
        if (told && vo_sdl_output_size(vo, &ow, &oh) == 0 && ow == w && oh == h)
            return true;
        mp_sleep_sec(0.01);
    }
    return false;
}

/* A 320x240 picture shown at 8:3 (d_w x d_h = 320x120): the window opens
 * at 320x120; made 640x480, black bars above and below a 640x240
 * picture; made 800x150, bars left and right of a 400x150 one. One row
 * or column of blending at each edge is left out. */
static void test_letterbox(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl"), 0);
    assert_int_equal(vo_config(vo, 320, 240, 320, 120, AV_PIX_FMT_YUV420P), 0);
    assert_true(wait_output_size(vo, 320, 120));

    const int y = 160, u = 90, v = 100;
    int want[3];
    yuv_to_rgb(y, u, v, want);
    const int black[3] = {0, 0, 0};
    AVFrame *f = solid_frame(AV_PIX_FMT_YUV420P, 320, 240, y, u, v);
    assert_int_equal(vo_draw(vo, f), 0);
    struct shot s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 320, 120, want), 0);
    free(s.rgb);

    assert_true(resize_window(vo, 640, 480));
    s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 640, 119, black), 0);
    assert_int_equal(count_off(&s, 0, 121, 640, 359, want), 0);
    assert_int_equal(count_off(&s, 0, 361, 640, 480, black), 0);
    free(s.rgb);

    assert_true(resize_window(vo, 800, 150));
    s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 199, 150, black), 0);
    assert_int_equal(count_off(&s, 201, 0, 599, 150, want), 0);
    assert_int_equal(count_off(&s, 601, 0, 800, 150, black), 0);
    free(s.rgb);

    /* A new picture size resizes the window to it. */
    assert_int_equal(vo_config(vo, 160, 120, 160, 120, AV_PIX_FMT_YUV420P), 0);
    assert_true(wait_output_size(vo, 160, 120));
    av_frame_free(&f);
    assert_int_equal(vo_close(vo), 0);
}

/* "nokeepaspect" fills the window whatever the aspect. */
static void test_nokeepaspect(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl:nokeepaspect"), 0);
    assert_int_equal(vo_config(vo, 320, 240, 320, 120, AV_PIX_FMT_YUV420P), 0);
    assert_true(wait_output_size(vo, 320, 120));
    const int y = 100, u = 150, v = 110;
    int want[3];
    yuv_to_rgb(y, u, v, want);
    AVFrame *f = solid_frame(AV_PIX_FMT_YUV420P, 320, 240, y, u, v);
    assert_int_equal(vo_draw(vo, f), 0);
    assert_true(resize_window(vo, 640, 480));
    struct shot s = read_back(vo);
    assert_int_equal(count_off(&s, 0, 0, 640, 480, want), 0);
    free(s.rgb);
    av_frame_free(&f);
    assert_int_equal(vo_close(vo), 0);
}

/* Xvfb has no window manager to carry out SDL's fullscreen request: the
 * output covers the screen by itself, and gets its size back after. */
static void test_fullscreen(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl"), 0);
    assert_int_equal(vo_config(vo, 320, 240, 320, 240, AV_PIX_FMT_YUV420P), 0);
    assert_false(vo_get_fullscreen(vo));
    assert_false(vo_sdl_window_flags(vo) & SDL_WINDOW_FULLSCREEN);
    assert_int_equal(vo_set_fullscreen(vo, true), 0);
    assert_true(vo_get_fullscreen(vo));
    assert_true(wait_output_size(vo, XVFB_W, XVFB_H));
    assert_true(vo_sdl_window_flags(vo) & SDL_WINDOW_BORDERLESS);
    AVFrame *f = solid_frame(AV_PIX_FMT_YUV420P, 320, 240, 100, 100, 100);
    assert_int_equal(vo_draw(vo, f), 0);
    assert_int_equal(vo_set_fullscreen(vo, false), 0);
    assert_false(vo_get_fullscreen(vo));
    assert_false(vo_sdl_window_flags(vo) & SDL_WINDOW_FULLSCREEN);
    assert_true(wait_output_size(vo, 320, 240));
    assert_false(vo_sdl_window_flags(vo) & SDL_WINDOW_BORDERLESS);
    assert_int_equal(vo_close(vo), 0);

    /* -vo sdl:fs starts fullscreen. */
    assert_int_equal(open_vo(&vo, "sdl:fs"), 0);
    assert_false(vo_get_fullscreen(vo));
    assert_int_equal(vo_config(vo, 320, 240, 320, 240, AV_PIX_FMT_YUV420P), 0);
    assert_true(vo_get_fullscreen(vo));
    assert_int_equal(vo_draw(vo, f), 0);
    av_frame_free(&f);
    assert_int_equal(vo_close(vo), 0);
}

static void push(SDL_Event *e)
{
    assert_int_equal(SDL_PushEvent(e), 1);
}

/* The next event that is not a resize (those come as the window maps).
 * SDL_PollEvent stops at a mark it leaves when it reads the window
 * system, so an event pushed after that mark shows on the next call:
 * try a few. */
static int next_event(struct vo *vo, struct vo_event *ev)
{
    for (int tries = 0; tries < 4; tries++) {
        while (vo_poll_event(vo, ev)) {
            if (ev->type != VO_EVENT_RESIZE)
                return 1;
        }
    }
    return 0;
}

static void push_key(Uint32 win, SDL_Keycode sym)
{
    SDL_Event e = {.type = SDL_KEYDOWN};
    e.key.windowID = win;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = sym;
    push(&e);
}

static void push_text(Uint32 win, const char *text)
{
    SDL_Event e = {.type = SDL_TEXTINPUT};
    e.text.windowID = win;
    snprintf(e.text.text, sizeof(e.text.text), "%s", text);
    push(&e);
}

static void test_events(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(open_vo(&vo, "sdl"), 0);
    assert_int_equal(vo_config(vo, 64, 48, 64, 48, AV_PIX_FMT_YUV420P), 0);
    assert_true(wait_output_size(vo, 64, 48));
    struct vo_event ev;
    while (vo_poll_event(vo, &ev)) {
    }
    assert_int_equal(vo_poll_event(vo, &ev), 0);
    assert_int_equal(ev.type, VO_EVENT_NONE);

    Uint32 id = vo_sdl_window_id(vo);
    assert_true(id != 0);
    static const struct {
        SDL_Keycode sym;
        const char *name;
    } keys[] = {
        {SDLK_LEFT, "LEFT"}, {SDLK_RIGHT, "RIGHT"},   {SDLK_UP, "UP"},
        {SDLK_DOWN, "DOWN"}, {SDLK_PAGEUP, "PGUP"},   {SDLK_PAGEDOWN, "PGDWN"},
        {SDLK_ESCAPE, "ESC"}, {SDLK_RETURN, "ENTER"}, {SDLK_F1, "F1"},
    };
    for (size_t n = 0; n < sizeof(keys) / sizeof(keys[0]); n++) {
        push_key(id, keys[n].sym);
        assert_int_equal(next_event(vo, &ev), 1);
        assert_int_equal(ev.type, VO_EVENT_KEY);
        assert_string_equal(ev.key, keys[n].name);
    }
    /* Letters come as typed text, so shift and symbols are right. */
    push_key(id, SDLK_q);
    push_text(id, "q");
    push_text(id, " ");
    push_text(id, "Q");
    push_text(id, "*");
    push_text(id, "#");
    const char *typed[] = {"q", "SPACE", "Q", "*", "SHARP"};
    for (int n = 0; n < 5; n++) {
        assert_int_equal(next_event(vo, &ev), 1);
        assert_int_equal(ev.type, VO_EVENT_KEY);
        assert_string_equal(ev.key, typed[n]);
    }
    SDL_Event click = {.type = SDL_MOUSEBUTTONDOWN};
    click.button.windowID = id;
    click.button.button = SDL_BUTTON_LEFT;
    click.button.clicks = 1;
    push(&click);
    click.button.clicks = 2;
    push(&click);
    click.button.button = SDL_BUTTON_RIGHT;
    click.button.clicks = 1;
    push(&click);
    const char *clicks[] = {"MOUSE_BTN0", "MOUSE_BTN0_DBL", "MOUSE_BTN2"};
    for (int n = 0; n < 3; n++) {
        assert_int_equal(next_event(vo, &ev), 1);
        assert_int_equal(ev.type, VO_EVENT_KEY);
        assert_string_equal(ev.key, clicks[n]);
    }
    SDL_Event wheel = {.type = SDL_MOUSEWHEEL};
    wheel.wheel.y = 1;
    push(&wheel);
    assert_int_equal(next_event(vo, &ev), 1);
    assert_string_equal(ev.key, "MOUSE_BTN3");
    assert_int_equal(next_event(vo, &ev), 0);

    SDL_Event quit = {.type = SDL_QUIT};
    push(&quit);
    assert_int_equal(next_event(vo, &ev), 1);
    assert_int_equal(ev.type, VO_EVENT_QUIT);

    /* The window's close button. */
    SDL_Event close_ev = {.type = SDL_WINDOWEVENT};
    close_ev.window.windowID = id;
    close_ev.window.event = SDL_WINDOWEVENT_CLOSE;
    push(&close_ev);
    assert_int_equal(next_event(vo, &ev), 1);
    assert_int_equal(ev.type, VO_EVENT_QUIT);
    assert_int_equal(vo_close(vo), 0);
}

static void test_options(void **state)
{
    use_xvfb();
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, "sdl:bogus"), -VO_ERR_OPTION);
    assert_null(vo);
    assert_int_equal(vo_open(&vo, "sdl:driver=nosuchdriver"), -VO_ERR_INIT);
    assert_null(vo);
    assert_int_equal(open_vo(&vo, "sdl:driver=nosuchdriver,null"), 0);
    assert_string_equal(vo_name(vo), "null");
    vo_abort(vo);
    /* With a display, sdl is the first choice of "any available". */
    assert_int_equal(open_vo(&vo, ""), 0);
    assert_string_equal(vo_name(vo), "sdl");
    vo_abort(vo);
    assert_int_equal(open_vo(&vo, "nosuchdriver,"), 0);
    assert_string_equal(vo_name(vo), "sdl");
    vo_abort(vo);
    /* An unknown renderer falls back to the default one. */
    assert_int_equal(open_vo(&vo, "sdl:renderer=nosuch"), 0);
    assert_string_equal(vo_name(vo), "sdl");
    vo_abort(vo);
}

/* The null driver has no window: no events, fullscreen ignored. */
static void test_null_no_events(void **state)
{
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, "null"), 0);
    struct vo_event ev = {.type = VO_EVENT_KEY};
    assert_int_equal(vo_poll_event(vo, &ev), 0);
    assert_int_equal(ev.type, VO_EVENT_NONE);
    assert_int_equal(vo_set_fullscreen(vo, true), 0);
    assert_false(vo_get_fullscreen(vo));
    assert_int_equal(vo_sdl_window_flags(vo), 0);
    int w, h;
    assert_int_equal(vo_sdl_output_size(vo, &w, &h), -VO_ERR_INIT);
    assert_int_equal(vo_close(vo), 0);
}

/* Without a display, "sdl" fails cleanly and "sdl," falls back. */
static void test_no_display(void **state)
{
    char *old = getenv("DISPLAY") ? strdup(getenv("DISPLAY")) : NULL;
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    unsetenv("SDL_VIDEODRIVER");
    struct vo *vo = NULL;
    assert_int_equal(vo_open(&vo, "sdl"), -VO_ERR_INIT);
    assert_null(vo);
    assert_int_equal(open_vo(&vo, "sdl,"), 0);
    assert_string_equal(vo_name(vo), "null");
    assert_int_equal(vo_close(vo), 0);
    assert_int_equal(vo_open(&vo, ""), 0);
    assert_string_equal(vo_name(vo), "null");
    assert_int_equal(vo_close(vo), 0);
    /* SDL was left as found. */
    assert_int_equal(SDL_WasInit(0), 0);
    if (old)
        setenv("DISPLAY", old, 1);
    free(old);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_display),
        cmocka_unit_test(test_null_no_events),
        cmocka_unit_test(test_yuv420p),
        cmocka_unit_test(test_yuv420p_software),
        cmocka_unit_test(test_nv12),
        cmocka_unit_test(test_color_range),
        cmocka_unit_test(test_color_range_software),
        cmocka_unit_test(test_query_format),
        cmocka_unit_test(test_rgb_and_orientation),
        cmocka_unit_test(test_letterbox),
        cmocka_unit_test(test_fullscreen),
        cmocka_unit_test(test_nokeepaspect),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, xvfb_start, xvfb_stop);
}
