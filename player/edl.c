/*
 * -edl: MPlayer's edit decision lists. Each line of the file is
 * "start end action" in seconds: action 0 skips [start, end), 1 mutes it.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * As in MPlayer the list acts on files with video: a skip is a seek to the
 * range's end when the next frame falls inside it (no OSD bar), a mute
 * silences the samples whose time falls inside it (exact to the sample,
 * where MPlayer mutes the output when the frame at the start is shown).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"

/* An EDL file is a few lines; these bound a wrong file (-edl movie.mkv). */
#define EDL_MAX_SIZE (1024 * 1024)
#define EDL_MAX_LINE 1024
/* A frame at a range's end, its time less the file's start computed in
 * doubles (13.0 - 11.4), can come out a rounding error short of the end:
 * it must count as past the range, or the skip to the end lands on it
 * again, forever. */
#define EDL_TIME_EPS 1e-6

struct mp_edl_entry {
    double start, end;
    bool mute;          /* else skip */
};

struct mp_edl {
    struct mp_edl_entry *entries;
    int num;
};

void mp_edl_free(struct mp_edl *edl)
{
    if (!edl)
        return;
    free(edl->entries);
    free(edl);
}

/* One line; 1 taken, 0 blank or comment, -1 malformed. */
static int edl_parse_line(const char *line, struct mp_edl_entry *e)
{
    line += strspn(line, " \t\r");
    if (!*line || *line == '#')
        return 0;
    double start, end;
    int action, used = 0;
    if (sscanf(line, "%lf %lf %d %n", &start, &end, &action, &used) != 3)
        return -1;
    if (line[used] || !isfinite(start) || !isfinite(end) || start < 0 || end <= start ||
        (action != 0 && action != 1))
        return -1;
    *e = (struct mp_edl_entry){.start = start, .end = end, .mute = action == 1};
    return 1;
}

int mp_edl_load(const char *path, struct mp_edl **out)
{
    *out = NULL;
    char *text;
    size_t size;
    int r = mp_read_text_file(path, EDL_MAX_SIZE, EDL_MAX_LINE, &text, &size, NULL, NULL);
    if (r == MP_TEXT_INTERRUPTED)
        return -1;
    if (r < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Option -edl: cannot read '%s': %s.\n", path,
               mp_text_file_strerror(r));
        return -1;
    }
    struct mp_edl *edl = calloc(1, sizeof(*edl));
    if (!edl) {
        free(text);
        return -1;
    }
    char *next = text, *line;
    int lineno = 0, ret = 0;
    while ((line = mp_text_next_line(&next, text + size))) {
        lineno++;
        struct mp_edl_entry e;
        int pr = edl_parse_line(line, &e);
        if (pr < 0) {
            /* MPlayer skips such a line too, with a message. */
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "%s:%d: not an EDL line (\"start end 0|1\"); "
                   "ignored.\n", path, lineno);
            continue;
        }
        if (pr == 0)
            continue;
        struct mp_edl_entry *n =
            realloc(edl->entries, sizeof(*n) * (size_t)(edl->num + 1));
        if (!n) {
            ret = -1;
            break;
        }
        edl->entries = n;
        edl->entries[edl->num++] = e;
    }
    free(text);
    if (ret < 0) {
        mp_edl_free(edl);
        return -1;
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Read %d EDL actions.\n", edl->num);
    *out = edl;
    return 0;
}

double play_edl_skip_to(const struct play_state *ps, double t, double *from,
                        double *next_start)
{
    const struct mp_edl *edl = ps->mpctx->edl;
    double to = NAN;
    if (from) {
        *from = NAN;
        for (int i = 0; i < edl->num; i++) {
            const struct mp_edl_entry *e = &edl->entries[i];
            if (!e->mute && t >= e->start && t < e->end - EDL_TIME_EPS &&
                !(*from <= e->start))
                *from = e->start;
        }
    }
    if (next_start) {
        *next_start = INFINITY;
        for (int i = 0; i < edl->num; i++) {
            const struct mp_edl_entry *e = &edl->entries[i];
            if (!e->mute && e->start > t && e->start < *next_start)
                *next_start = e->start;
        }
    }
    /* Ranges that touch or overlap are skipped in one go. */
    for (bool moved = true; moved; ) {
        moved = false;
        double at = isnan(to) ? t : to;
        for (int i = 0; i < edl->num; i++) {
            const struct mp_edl_entry *e = &edl->entries[i];
            if (!e->mute && at >= e->start && at < e->end - EDL_TIME_EPS) {
                to = e->end;
                moved = true;
            }
        }
    }
    return to;
}

double play_edl_backward_target(const struct play_state *ps, double target)
{
    if (!ps->edl_active || ps->edl_skips_off || !(target < ps->next_pts))
        return target;
    const struct mp_edl *edl = ps->mpctx->edl;
    double delay = ps->mpctx->opts.edl_backward_delay;
    double origin = play_edl_origin(ps);
    double t = target - origin;
    /* As MPlayer: landing inside any block (skip or mute) goes back to
     * before its start; again if that is inside another. num rounds at
     * most: each round moves before a different block's start. */
    for (int round = 0; round <= edl->num; round++) {
        bool moved = false;
        for (int i = 0; i < edl->num; i++) {
            const struct mp_edl_entry *e = &edl->entries[i];
            if (t >= e->start && t <= e->end && t > e->start - delay) {
                mp_msg(MSGT_CPLAYER, MSGL_V, "EDL: backward seek to %.3f s is inside "
                       "%.3f..%.3f: going to %.3f s.\n", t, e->start, e->end, e->start - delay);
                t = e->start - delay;
                moved = true;
                break;
            }
        }
        if (!moved)
            break;
    }
    return origin + t;
}

bool play_edl_muted(const struct play_state *ps, double t, double *until)
{
    const struct mp_edl *edl = ps->mpctx->edl;
    bool muted = false;
    double change = INFINITY;
    for (int i = 0; i < edl->num; i++) {
        const struct mp_edl_entry *e = &edl->entries[i];
        if (!e->mute)
            continue;
        if (t >= e->start && t < e->end) {
            muted = true;
            if (e->end < change)
                change = e->end;
        } else if (e->start > t && e->start < change) {
            change = e->start;
        }
    }
    /* Inside overlapping ranges, the state holds past the first end. */
    if (muted && isfinite(change)) {
        double u;
        if (play_edl_muted(ps, change, &u))
            change = u;
    }
    *until = change;
    return muted;
}

/* ---- -edlout: the edl_mark command writes skip blocks ---- */

int mp_edlout_open(struct MPContext *mpctx)
{
    const char *path = mpctx->opts.edlout;
    if (!path)
        return 0;
    /* Created at the start, as in MPlayer: an empty file says no block
     * was marked. */
    mpctx->edlout = fopen(path, "w");
    if (!mpctx->edlout) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot create -edlout file '%s': %s\n", path,
               strerror(errno));
        return -1;
    }
    return 0;
}

int mp_edlout_close(struct MPContext *mpctx)
{
    if (!mpctx->edlout)
        return 0;
    bool bad = ferror(mpctx->edlout) != 0;
    bad |= fclose(mpctx->edlout) != 0;
    mpctx->edlout = NULL;
    if (bad) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot write -edlout file '%s'.\n",
               mpctx->opts.edlout);
        return -1;
    }
    return 0;
}

double play_edl_origin(const struct play_state *ps)
{
    return ps->mpctx->opts.edl_start_pts ? ps->demuxer->start_time : 0;
}

void play_edl_mark(struct play_state *ps, double pos)
{
    FILE *f = ps->mpctx->edlout;
    if (!f) {
        mp_msg(MSGT_INPUT, MSGL_V, "Command edl_mark ignored: no -edlout file.\n");
        return;
    }
    /* pos counts from play_edl_origin, the way -edl reads them. */
    if (!ps->edl_marking) {
        ps->edl_marking = true;
        ps->edl_mark_start = pos;
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "EDL skip start, press 'i' again to end block.\n");
        return;
    }
    ps->edl_marking = false;
    double start = ps->edl_mark_start, end = pos;
    if (end < start) {
        /* Marked after a seek backwards: the block is still the range
         * between the two marks. */
        double t = start;
        start = end;
        end = t;
    }
    /* Flushed at once: the line must be there if the player is killed. */
    if (fprintf(f, "%f %f 0\n", start, end) < 0 || fflush(f) != 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot write -edlout file '%s': %s\n",
               ps->mpctx->opts.edlout, strerror(errno));
        return;
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "EDL skip end, line written.\n");
}
