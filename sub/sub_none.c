/*
 * The sub/ API in a build without libass (./configure --disable-libass).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Nothing can be drawn, so no renderer is ever made: mp_sub_create answers
 * NULL, and the player then does what it does without one (no subtitle
 * tracks; OSD messages on the terminal, -term-osd). The other calls take
 * a renderer and so only ever see NULL; they answer "nothing there".
 */
#include <math.h>
#include <stddef.h>

#include "sub.h"

struct mp_sub *mp_sub_create(const struct mp_sub_opts *o)
{
    return NULL;
}

void mp_sub_free(struct mp_sub *sub)
{
}

void mp_sub_set_opts(struct mp_sub *sub, const struct mp_sub_opts *o)
{
}

const struct mp_sub_opts *mp_sub_get_opts(const struct mp_sub *sub)
{
    return NULL;
}

void mp_sub_reset(struct mp_sub *sub)
{
}

void mp_sub_set_margins(struct mp_sub *sub, int top, int bottom, bool use)
{
}

int mp_sub_add_stream(struct mp_sub *sub, const AVCodecParameters *par, AVRational tb)
{
    return -1;
}

int mp_sub_decode_packet(struct mp_sub *sub, int track, const AVPacket *pkt)
{
    return -1;
}

int mp_sub_add_file(struct mp_sub *sub, const char *path)
{
    return -1;
}

int mp_sub_add_vobsub(struct mp_sub *sub, const char *idx_path)
{
    return -1;
}

void mp_sub_set_video_fps(struct mp_sub *sub, double fps)
{
}

int mp_sub_dump_track(const struct mp_sub *sub, int track, enum mp_sub_dump_format fmt,
                      double fps, const char *dir)
{
    return -1;
}

int mp_sub_track_count(const struct mp_sub *sub)
{
    return 0;
}

int mp_sub_select(struct mp_sub *sub, int track)
{
    return track < 0 ? 0 : -1;
}

int mp_sub_selected(const struct mp_sub *sub)
{
    return -1;
}

int mp_sub_set_track_info(struct mp_sub *sub, int track, int stream_id, const char *lang,
                          const char *title)
{
    return -1;
}

int mp_sub_track_stream_id(const struct mp_sub *sub, int track)
{
    return -1;
}

const char *mp_sub_track_path(const struct mp_sub *sub, int track)
{
    return NULL;
}

int mp_sub_track_vobsub_id(const struct mp_sub *sub, int track)
{
    return -1;
}

bool mp_sub_track_bitmap(const struct mp_sub *sub, int track)
{
    return false;
}

const char *mp_sub_track_lang(const struct mp_sub *sub, int track)
{
    return NULL;
}

const char *mp_sub_track_title(const struct mp_sub *sub, int track)
{
    return NULL;
}

bool mp_sub_track_plain(const struct mp_sub *sub, int track)
{
    return false;
}

int mp_sub_remove_track(struct mp_sub *sub, int track)
{
    return -1;
}

double mp_sub_step_time(const struct mp_sub *sub, int track, double pts, int movement)
{
    return NAN;
}

int mp_sub_event_count(const struct mp_sub *sub, int track)
{
    return -1;
}

char *mp_sub_get_text(const struct mp_sub *sub, double pts)
{
    return NULL;
}

void mp_sub_add_font(struct mp_sub *sub, const char *name, const uint8_t *data, size_t size)
{
}

void mp_sub_osd_set_level(struct mp_sub *sub, int level)
{
}

int mp_sub_osd_level(const struct mp_sub *sub)
{
    return 0;
}

void mp_sub_osd_set_text(struct mp_sub *sub, int min_level, const char *text, double until)
{
}

void mp_sub_osd_set_bar(struct mp_sub *sub, enum mp_sub_bar_type type, double fraction,
                        double until)
{
}

void mp_sub_osd_set_time(struct mp_sub *sub, double pos, double length, double fps,
                         bool paused)
{
}

bool mp_sub_osd_changed(const struct mp_sub *sub, double now)
{
    return false;
}

bool mp_sub_format_supported(int pix_fmt)
{
    return false;
}

int mp_sub_render(struct mp_sub *sub, double pts, double now, AVFrame *frame)
{
    return -1;
}

int mp_sub_render_overlay(struct mp_sub *sub, double pts, double now, int w, int h,
                          int video_w, int video_h, struct mp_sub_bitmap *out)
{
    if (out)
        *out = (struct mp_sub_bitmap){0};
    return 0;
}
