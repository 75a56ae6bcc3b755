/*
 * demux_discont: following timestamp resets (see demux_discont.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>

#include <libavutil/avutil.h>

#include "common/mp_msg.h"
#include "libmpdemux/demux_discont.h"

/* A track's timestamps going back by more than this are a reset: B-frame
 * reordering and interleaving jitter stay far below. */
#define DEMUX_DISCONT_BACK_SECS 1.0
/* Forwards by more than this (audio and video only: subtitles are sparse)
 * is one too: a feed that restarts at a later clock. */
#define DEMUX_DISCONT_FORWARD_SECS 30.0

void demux_discont_reset(struct demux_discont *dc)
{
    bool enabled = dc->enabled;
    *dc = (struct demux_discont){ .enabled = enabled };
}

void demux_discont_track_reset(struct demux_discont_track *t)
{
    *t = (struct demux_discont_track){ 0 };
}

void demux_discont_follow(struct demux_discont *dc, struct demux_discont_track *t,
                          AVRational tb_q, bool av, AVPacket *pkt)
{
    double tb = av_q2d(tb_q);
    if (!dc->enabled || !(tb > 0))
        return;
    int64_t raw = pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts;
    if (raw != AV_NOPTS_VALUE) {
        double jump = t->seen ? ((double)raw - (double)t->last) * tb : 0;
        if (jump < -DEMUX_DISCONT_BACK_SECS || (av && jump > DEMUX_DISCONT_FORWARD_SECS)) {
            if (t->epoch == dc->epoch) {
                dc->epoch++;
                double off = dc->have_end ? dc->max_end - (double)raw * tb : 0;
                dc->offset[dc->epoch % DEMUX_DISCONT_KEEP] = off;
                mp_msg(MSGT_DEMUX, MSGL_V, "demux: timestamps jump by %.3f s; following "
                       "(reset %d, +%.3f s)\n", jump, dc->epoch, off);
            }
            t->epoch = dc->epoch - t->epoch >= DEMUX_DISCONT_KEEP ? dc->epoch : t->epoch + 1;
        }
        t->last = raw;
        t->seen = true;
    }
    double off = dc->offset[t->epoch % DEMUX_DISCONT_KEEP];
    /* Hostile timestamps near the int64 ends are left alone. */
    double shift_f = off / tb;
    if (!(fabs(shift_f) < 9e15))
        return;
    int64_t shift = llrint(shift_f);
    if (pkt->pts != AV_NOPTS_VALUE && llabs(pkt->pts) < INT64_MAX / 4)
        pkt->pts += shift;
    if (pkt->dts != AV_NOPTS_VALUE && llabs(pkt->dts) < INT64_MAX / 4)
        pkt->dts += shift;
    int64_t out = pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts;
    if (out != AV_NOPTS_VALUE) {
        double end = ((double)out + (pkt->duration > 0 ? (double)pkt->duration : 0)) * tb;
        if (!dc->have_end || end > dc->max_end) {
            dc->max_end = end;
            dc->have_end = true;
        }
    }
}
