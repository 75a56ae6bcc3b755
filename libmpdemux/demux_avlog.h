/*
 * demux_avlog: internal control of the av_log routing (see
 * demux_route_av_log in demuxer.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_LIBMPDEMUX_DEMUX_AVLOG_H
#define MP_LIBMPDEMUX_DEMUX_AVLOG_H

#include <stdbool.h>

/* While on, FFmpeg errors logged by the calling thread go to MSGL_V only:
 * opening a file that fails is reported once, by the player, not also by
 * FFmpeg's own complaint. */
void demux_avlog_quiet(bool on);

/* Whether a demuxer of the calling thread logged that the file ended
 * before an element did ("File ended prematurely": Matroska), since the
 * last call; the line itself goes to MSGL_V, the player names the file
 * as truncated instead. */
bool demux_avlog_take_premature_end(void);

/* How many error lines a demuxer of the calling thread logged outside
 * demux_avlog_quiet since the last call: damage it read past (noise in a
 * Matroska stream is resynced over with only such lines to show). */
int demux_avlog_take_damage(void);

#endif
