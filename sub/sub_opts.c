/*
 * MPlayer's subtitle and OSD option defaults, apart from sub.c so that a
 * build without libass (sub_none.c) has the same ones.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
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
        .osd_level = 1,
        .alignment = 2,
        .width_percent = 100,
        .outline = 2,
        .fontconfig = true,
        .hinting = 7,
        .overlap = true,
    };
}
