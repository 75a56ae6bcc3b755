/*
 * geometry.c: the window options: -geometry (MPlayer's and X11's forms),
 * -aspect, -monitoraspect, -wid.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "common/mp_msg.h"
#include "options/options_int.h"

/* A run of digits, not absurdly large; advances *s past it. */
static bool geom_number(const char **s, int *out)
{
    const char *p = *s;
    if (!opt_is_digit(*p))
        return false;
    int v = 0;
    while (opt_is_digit(*p)) {
        v = v * 10 + (*p - '0');
        if (v > 1000000)
            return false;
        p++;
    }
    *out = v;
    *s = p;
    return true;
}

/* MPlayer's first form, "x[%][:y[%]]". */
static bool geom_parse_colon(const char *p, struct MPOpts *o)
{
    if (!geom_number(&p, &o->geometry.x))
        return false;
    o->geometry.has_x = true;
    o->geometry.x_pct = *p == '%';
    if (*p == '%')
        p++;
    if (*p == ':') {
        p++;
        if (!geom_number(&p, &o->geometry.y))
            return false;
        o->geometry.has_y = true;
        o->geometry.y_pct = *p == '%';
        if (*p == '%')
            p++;
    }
    return *p == '\0';
}

/* One X11 offset: "+n", "-n", "+-n", "--n" (the second sign lets a
 * window hang over the edge). */
static bool geom_offset(const char **s, int *v, bool *far)
{
    const char *p = *s;
    if (*p != '+' && *p != '-')
        return false;
    *far = *p == '-';
    p++;
    bool neg = *p == '-';
    if (neg)
        p++;
    if (!geom_number(&p, v))
        return false;
    if (neg)
        *v = -*v;
    *s = p;
    return true;
}

/* X11's form, "[WxH][+-x+-y]". */
static bool geom_parse_x11(const char *p, struct MPOpts *o)
{
    if (opt_is_digit(*p)) {
        if (!geom_number(&p, &o->geometry.w) || (*p != 'x' && *p != 'X'))
            return false;
        p++;
        if (!geom_number(&p, &o->geometry.h) || !o->geometry.w || !o->geometry.h)
            return false;
        o->geometry.has_size = true;
    }
    if (*p) {
        if (!geom_offset(&p, &o->geometry.x, &o->geometry.x_far) ||
            !geom_offset(&p, &o->geometry.y, &o->geometry.y_far))
            return false;
        o->geometry.has_x = o->geometry.has_y = true;
    }
    return *p == '\0' && (o->geometry.has_size || o->geometry.has_x);
}

int opt_func_geometry(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize)
{
    struct MPOpts *o = c->o;
    memset(&o->geometry, 0, sizeof(o->geometry));
    if (geom_parse_colon(value, o))
        return OPT_R_OK;
    memset(&o->geometry, 0, sizeof(o->geometry));
    if (geom_parse_x11(value, o))
        return OPT_R_OK;
    memset(&o->geometry, 0, sizeof(o->geometry));
    opt_err(err, errsize, "expected x[%%][:y[%%]] or [WxH][+-x+-y], not '%s'", value);
    return OPT_R_BADVAL;
}

int opt_func_aspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize)
{
    /* "16:9" and "16/9" as MPlayer takes them, or one number; 0 goes
     * back to the file's own aspect. */
    char buf[64];
    snprintf(buf, sizeof(buf), "%s", value);
    char *sep = strpbrk(buf, ":/");
    double num, den = 1;
    if (sep)
        *sep = '\0';
    if (strlen(value) >= sizeof(buf) || opt_parse_double(buf, &num) < 0 ||
        (sep && opt_parse_double(sep + 1, &den) < 0) || den <= 0 || num < 0 ||
        (num / den != 0 && (num / den < 0.1 || num / den > 10))) {
        opt_err(err, errsize, "expected a ratio from 0.1 to 10 (1.78, 16:9, 16/9), not '%s'",
                value);
        return OPT_R_BADVAL;
    }
    c->o->aspect = num / den;
    return OPT_R_OK;
}

int opt_func_wid(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize)
{
    /* Front-ends send the id in decimal; xwininfo prints it in hex. */
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 0);
    if (!opt_is_digit(value[0]) || *end || errno == ERANGE || v < 0 || v > UINT32_MAX) {
        opt_err(err, errsize, "expected an X window id (decimal or 0x hex), not '%s'", value);
        return OPT_R_BADVAL;
    }
    c->o->wid = v;
    return OPT_R_OK;
}


int opt_func_monitoraspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                              char *err, size_t errsize)
{
    /* -aspect's syntax and range; its field keeps its own value. */
    double aspect = c->o->aspect;
    int r = opt_func_aspect(c, d, value, err, errsize);
    if (r == OPT_R_OK)
        c->o->monitoraspect = c->o->aspect;
    c->o->aspect = aspect;
    return r;
}

