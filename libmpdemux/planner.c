/*
 * planner: when a playing file's read plan is renewed and what it covers
 * (see demux_planner_update in demuxer.h, DOCS/tech/readplan.md).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"

/* Ranges per plan. */
#define PLANNER_MAX_RANGES 1024
/* Seconds a plan reaches past the end (an audio delay, the last frame). */
#define PLANNER_END_SLACK 1.0

struct demux_planner {
    demuxer_t *demuxer;
    stream_t *stream;
    struct demux_planner_opts opts;
    double next_renew; /* play time of the next renewal */
    double until;      /* play time the last plan reaches */
    int error;         /* sticky: plans cannot be used */
    struct demux_read_range rr[PLANNER_MAX_RANGES];
    struct stream_range sr[PLANNER_MAX_RANGES];
};

struct demux_planner *demux_planner_create(demuxer_t *d, stream_t *s,
                                           const struct demux_planner_opts *o)
{
    struct demux_planner *p = calloc(1, sizeof(*p));
    if (!p)
        return NULL;
    *p = (struct demux_planner){
        .demuxer = d,
        .stream = s,
        .opts = *o,
        .next_renew = -INFINITY,
        .until = NAN,
    };
    return p;
}

void demux_planner_free(struct demux_planner *p)
{
    free(p);
}

void demux_planner_invalidate(struct demux_planner *p)
{
    p->next_renew = -INFINITY;
}

double demux_planner_until(const struct demux_planner *p)
{
    return p->until;
}

int demux_planner_update(struct demux_planner *p, double t)
{
    if (p->error)
        return p->error;
    if (!(t >= p->next_renew))
        return 0;
    /* Runs the window cuts are finished up to the next renewal, so that a
     * file laid out in blocks of seconds is not fetched in two halves.
     * Nothing past the end is fetched: a 30 s play (-endpos) read 10 s
     * more than it played. */
    double secs = p->opts.secs, finish = p->opts.secs / 2;
    double left = p->opts.end + PLANNER_END_SLACK - t;
    if (left < secs + finish) {
        secs = left < secs ? left : secs;
        finish = left - secs;
    }
    if (!(secs > 0))
        return 0;
    const struct demux_plan_params pp = {
        .from = t,
        .secs_ahead = secs,
        .max_gap = p->opts.max_gap,
        .finish_secs = finish,
    };
    /* The stream is the demuxer's reader's while it reads. A quit while
     * it is held in a read: no plan now, the next call tries again. */
    if (!demux_try_park(p->demuxer))
        return 0;
    int n = demux_plan(p->demuxer, &pp, p->rr, PLANNER_MAX_RANGES, NULL);
    if (n >= 0) {
        for (int i = 0; i < n; i++)
            p->sr[i] = (struct stream_range){ .pos = p->rr[i].pos, .len = p->rr[i].len };
        int r = stream_set_read_plan(p->stream, p->sr, n);
        if (r < 0)
            n = r == -STREAM_ERR_NOMEM ? -DEMUX_ERR_NOMEM : -DEMUX_ERR_NO_INDEX;
    }
    demux_unpark(p->demuxer);
    if (n < 0) {
        p->error = n;
        return n;
    }
    mp_msg(MSGT_CACHE, MSGL_DBG2, "Read plan at %.2f s: %d ranges\n", t, n);
    p->next_renew = t + p->opts.secs / 2;
    p->until = t + secs;
    return 1;
}
