/*
 * Small OS shims: clocks and sleeping, terminal state.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_OSDEP_OSDEP_H
#define MP_OSDEP_OSDEP_H

#include <stdbool.h>
#include <stdint.h>

/* Seconds on a monotonic clock (CLOCK_MONOTONIC); only differences mean
 * anything. */
double mp_time_sec(void);

/* Sleep for s seconds (nothing when s <= 0); EINTR restarts the rest. */
void mp_sleep_sec(double s);

/* Whether fd is a terminal. */
bool mp_isatty(int fd);

#endif
