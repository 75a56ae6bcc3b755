/*
 * Read plans looked at from outside the player: a plan without a byte
 * bound, and what a stretch of the file costs the selected streams (the
 * physical bound). For the unit tests, the fuzzers and the storage model;
 * the player uses demux_plan (demuxer.h) through its planner.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_LIBMPDEMUX_READPLAN_INSPECT_H
#define MP_LIBMPDEMUX_READPLAN_INSPECT_H

#include <stdint.h>

#include "libmpdemux/demuxer.h"

/* demux_plan without a byte bound. */
int demux_plan_next(demuxer_t *d, double from_time, double secs_ahead, int64_t max_gap,
                    struct demux_read_range *out, int max_out);

/* What the selected streams need of a stretch of the file. */
struct demux_plan_cost {
    int64_t bytes;    /* sum of index sizes of selected packets (payload) */
    int64_t packets;  /* those packets */
    int64_t runs;     /* contiguous runs after merging with max_gap */
    int64_t span;     /* bytes in those runs: payload, framing and gaps */
};

/*
 * Measure the selected packets with time in [from, to), no bound on their
 * number: the physical bound of reading them is bytes (or span) /
 * bandwidth + runs x seek cost. Returns 0 or a negative error as for
 * demux_plan.
 */
int demux_plan_measure(demuxer_t *d, double from, double to, int64_t max_gap,
                       struct demux_plan_cost *out);

/* demux_plan_measure's bytes, or a negative -DEMUX_ERR_x. */
int64_t demux_plan_bytes_needed(demuxer_t *d, double from, double to);

#endif
