/*
 * MPlayer's subtitle and OSD option defaults, apart from sub.c so that a
 * build without libass (sub_none.c) has the same ones.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <string.h>

#include "sub.h"

void mp_sub_opts_default(struct mp_sub_opts *o)
{
    *o = (struct mp_sub_opts){
        .text_scale = 3.5,
        .osd_scale = 6.0,
        .font_scale = 1.0,
        .subpos = 100,
        .ass_styles = true,
        .charset = NULL,
        .font = NULL,
        .color = 0xFFFF0000,
        .border_color = 0x00000000,
        .autoscale = 3,
        .osd_level = 1,
        .alignment = 2,
        .width_percent = 100,
        .outline = 2,
        .fontconfig = true,
        .hinting = 7,
        .overlap = true,
    };
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int mp_sub_parse_color(const char *s, uint32_t *out, char *err, size_t errsize)
{
    const char *p = s ? s : "";
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    uint32_t v = 0;
    size_t n = 0;
    for (; p[n]; n++) {
        int d = hex_digit(p[n]);
        if (d < 0 || n >= 8) {
            snprintf(err, errsize, "expected a hexadecimal colour RRGGBBAA, not '%s'",
                     s ? s : "");
            return -1;
        }
        v = v << 4 | (uint32_t)d;
    }
    if (n == 0) {
        snprintf(err, errsize, "expected a hexadecimal colour RRGGBBAA, not '%s'",
                 s ? s : "");
        return -1;
    }
    if (out)
        *out = v;
    return 0;
}

int mp_sub_check_color(const char *s, char *err, size_t errsize)
{
    return mp_sub_parse_color(s, NULL, err, errsize);
}

int mp_sub_check_force_style(const char *s, char *err, size_t errsize)
{
    const char *p = s ? s : "";
    while (*p) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len);
        if (len > 0 && (!eq || eq == p)) {
            snprintf(err, errsize, "'%.*s' is not [Style.]Param=Value", (int)len, p);
            return -1;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}
