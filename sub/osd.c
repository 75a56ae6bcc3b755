/*
 * The on-screen display: messages, the seek/volume bar and the timer of
 * -osdlevel 2 and 3, drawn as an ASS script of its own.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The OSD script uses the frame's pixels as its coordinates (PlayResX/Y =
 * frame size), so bars are exact rectangles. What the OSD shows at a given
 * moment is written out as its event lines (the "key"); the libass track is
 * rebuilt only when that text changes, which keeps libass's caches warm
 * while nothing happens on screen.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "sub_priv.h"

/* Events last "forever": the OSD track is always rendered at time 0. */
#define OSD_EVENT_DURATION_MS 1000000000LL

void osd_init(struct osd_state *osd, int level)
{
    memset(osd, 0, sizeof(*osd));
    osd->level = level < 0 ? 0 : level > 3 ? 3 : level;
}

void osd_uninit(struct osd_state *osd)
{
    free(osd->text);
    free(osd->built_key);
    if (osd->track)
        ass_free_track(osd->track);
    memset(osd, 0, sizeof(*osd));
}

void mp_sub_osd_set_level(struct mp_sub *sub, int level)
{
    sub->osd.level = level < 0 ? 0 : level > 3 ? 3 : level;
}

int mp_sub_osd_level(const struct mp_sub *sub)
{
    return sub->osd.level;
}

void mp_sub_osd_set_text(struct mp_sub *sub, int min_level, const char *text, double until)
{
    char *copy = text ? strdup(text) : NULL;
    if (text && !copy) {
        mp_msg(MSGT_OSD, MSGL_ERR, "Out of memory for an OSD message.\n");
        return;
    }
    free(sub->osd.text);
    sub->osd.text = copy;
    sub->osd.text_level = min_level;
    sub->osd.text_until = until;
}

void mp_sub_osd_set_bar(struct mp_sub *sub, enum mp_sub_bar_type type, double fraction,
                        double until)
{
    if (!isfinite(fraction))
        fraction = 0;
    sub->osd.bar_on = true;
    sub->osd.bar_type = type;
    sub->osd.bar_fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
    sub->osd.bar_until = until;
}

void mp_sub_osd_set_time(struct mp_sub *sub, double pos, double length, double fps,
                         bool paused)
{
    sub->osd.time_valid = isfinite(pos);
    sub->osd.time_pos = pos;
    sub->osd.time_len = length;
    sub->osd.time_fps = fps > 0 && isfinite(fps) ? fps : 0;
    sub->osd.paused = paused;
}

/* Append a formatted piece to a malloc'ed string; on failure the string is
 * freed and NULL returned, so a chain of calls needs one check. */
static char *appendf(char *s, const char *fmt, ...) MP_PRINTF(2, 3);
static char *appendf(char *s, const char *fmt, ...)
{
    va_list va;
    char *piece = NULL;
    va_start(va, fmt);
    int n = vasprintf(&piece, fmt, va);
    va_end(va);
    if (n < 0) {
        free(s);
        return NULL;
    }
    size_t sl = s ? strlen(s) : 0;
    char *out = realloc(s, sl + (size_t)n + 1);
    if (!out) {
        free(s);
        free(piece);
        return NULL;
    }
    memcpy(out + sl, piece, (size_t)n + 1);
    free(piece);
    return out;
}

static void format_hms(char *buf, size_t size, double t)
{
    long s = t > 0 ? (long)t : 0;
    snprintf(buf, size, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

/* The part after the seconds that -osd-fractions asks for, or "". */
static void format_fraction(char *buf, size_t size, double t, int mode, double fps)
{
    double frac = t > 0 ? t - floor(t) : 0;
    if (mode == 1)
        snprintf(buf, size, ".%02d", (int)(frac * 100) % 100);
    else if (mode == 2 && fps > 0)
        snprintf(buf, size, ".%02d", (int)(frac * fps + 0.2) % 100);
    else
        buf[0] = '\0';
}

static const char *bar_label(enum mp_sub_bar_type type)
{
    switch (type) {
    case MP_SUB_BAR_VOLUME: return "Volume";
    case MP_SUB_BAR_BALANCE: return "Balance";
    case MP_SUB_BAR_BRIGHTNESS: return "Brightness";
    case MP_SUB_BAR_CONTRAST: return "Contrast";
    default: return NULL;
    }
}

/* A filled rectangle as an ASS drawing, top-left at (x, y). */
static char *rect_line(char *s, int *order, double x, double y, double w, double h,
                       const char *extra)
{
    return appendf(s, "%d,0,OSD,,0,0,0,,{\\an7\\pos(%.1f,%.1f)\\shad0%s\\p1}"
                      "m 0 0 l %.1f 0 %.1f %.1f 0 %.1f{\\p0}\n",
                   (*order)++, x, y, extra, w, w, h, h);
}

static char *bar_lines(const struct osd_state *o, char *s, int *order, int w, int h)
{
    double bw = w * 0.6, bh = fmax(4.0, h * 0.035);
    double bx = (w - bw) / 2, by = h * 0.75 - bh / 2;
    double border = fmax(1.0, bh / 6);
    /* The frame: a transparent box with a white border, black around it. */
    char extra[96];
    snprintf(extra, sizeof(extra), "\\1a&HFF&\\bord%.1f\\3c&HFFFFFF&", border);
    s = rect_line(s, order, bx - border * 2, by - border * 2, bw + border * 4,
                  bh + border * 4, extra);
    if (!s)
        return NULL;
    double f = o->bar_fraction;
    if (o->bar_type == MP_SUB_BAR_BALANCE) {
        double lo = fmin(f, 0.5), hi = fmax(f, 0.5);
        if ((hi - lo) * bw >= 0.5)
            s = rect_line(s, order, bx + lo * bw, by, (hi - lo) * bw, bh, "\\bord0");
        if (s)
            s = rect_line(s, order, bx + bw / 2 - border / 2, by - bh / 2, border, bh * 2,
                          "\\bord0");
    } else if (f * bw >= 0.5) {
        s = rect_line(s, order, bx, by, f * bw, bh, "\\bord0");
    }
    const char *label = bar_label(o->bar_type);
    if (s && label)
        s = appendf(s, "%d,0,OSD,,0,0,0,,{\\an1\\pos(%.1f,%.1f)}%s\n", (*order)++, bx,
                    by - border * 4, label);
    return s;
}

char *osd_make_key(const struct mp_sub *sub, double now, int w, int h)
{
    const struct osd_state *o = &sub->osd;
    char *s = NULL;
    int order = 0;
    bool any = false;
    if (o->text && now < o->text_until && o->level >= o->text_level) {
        s = appendf(s, "%d,0,OSD,,0,0,0,,{\\an7}", order++);
        s = s ? sub_text_append_escaped(s, o->text) : NULL;
        s = s ? appendf(s, "\n") : NULL;
        if (!s)
            return NULL;
        any = true;
    } else if (o->level >= 2 && o->time_valid) {
        char pos[32], len[32], frac[8];
        format_hms(pos, sizeof(pos), o->time_pos);
        format_fraction(frac, sizeof(frac), o->time_pos, sub->opts.osd_fractions, o->time_fps);
        /* MPlayer puts a play or pause symbol in front of the time. */
        const char *sym = o->paused ? "\xe2\x80\x96" : "\xe2\x96\xb6";
        if (o->level >= 3 && o->time_len > 0) {
            format_hms(len, sizeof(len), o->time_len);
            s = appendf(s, "%d,0,OSD,,0,0,0,,{\\an7}%s %s%s / %s\n", order++, sym, pos, frac,
                        len);
        } else {
            s = appendf(s, "%d,0,OSD,,0,0,0,,{\\an7}%s %s%s\n", order++, sym, pos, frac);
        }
        if (!s)
            return NULL;
        any = true;
    }
    if (o->bar_on && now < o->bar_until && o->level >= 1) {
        s = bar_lines(o, s, &order, w, h);
        if (!s)
            return NULL;
        any = true;
    }
    if (!any)
        return NULL;
    char *key = appendf(NULL, "%dx%d\n%s", w, h, s);
    free(s);
    return key;
}

static char *osd_header(const struct mp_sub *sub, int w, int h)
{
    double fs = fmax(4.0, h * sub->opts.osd_scale / 100.0);
    int margin = h / 40 + 2;
    const struct sub_ass_style st = {
        .name = "OSD",
        .font = sub->font && sub->font[0] ? sub->font : "sans-serif",
        .size = fs,
        .primary = 0x00FFFFFF,
        .secondary = 0x00FFFFFF,
        .outline = fmax(1.0, round(fs / 14)),
        .alignment = 7,
        .margin_l = margin,
        .margin_r = margin,
        .margin_v = margin,
    };
    return sub_ass_header(w, h, &st);
}

static void drop_track(struct osd_state *o)
{
    if (o->track)
        ass_free_track(o->track);
    o->track = NULL;
    free(o->built_key);
    o->built_key = NULL;
}

ASS_Track *osd_update(struct mp_sub *sub, double now, int w, int h)
{
    struct osd_state *o = &sub->osd;
    char *key = osd_make_key(sub, now, w, h);
    if (!key) {
        drop_track(o);
        return NULL;
    }
    if (o->built_key && o->track && !strcmp(key, o->built_key)) {
        free(key);
        return o->track;
    }
    drop_track(o);
    char *hdr = osd_header(sub, w, h);
    o->track = hdr ? ass_new_track(sub->lib) : NULL;
    if (!o->track) {
        free(hdr);
        free(key);
        mp_msg(MSGT_OSD, MSGL_ERR, "Could not build the OSD.\n");
        return NULL;
    }
    ass_process_codec_private(o->track, hdr, (int)strlen(hdr));
    free(hdr);
    /* The first line of the key is the frame size, the rest are events. */
    char *line = strchr(key, '\n');
    while (line && line[1]) {
        line++;
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        ass_process_chunk(o->track, line, (int)n, 0, OSD_EVENT_DURATION_MS);
        line = end;
    }
    o->built_key = key;
    return o->track;
}

bool mp_sub_osd_changed(const struct mp_sub *sub, double now)
{
    char *key = osd_make_key(sub, now, sub->frame_w, sub->frame_h);
    bool changed;
    if (!key || !sub->osd.built_key)
        changed = key != sub->osd.built_key;
    else
        changed = strcmp(key, sub->osd.built_key) != 0;
    free(key);
    return changed;
}
