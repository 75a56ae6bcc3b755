/*
 * Monotonic clock and sleeping.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "osdep/osdep.h"

double mp_time_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void mp_sleep_sec(double s)
{
    if (!(s > 0))
        return;
    struct timespec req;
    req.tv_sec = (time_t)s;
    req.tv_nsec = (long)((s - (double)req.tv_sec) * 1e9);
    if (req.tv_nsec >= 1000000000L)
        req.tv_nsec = 999999999L;
    while (nanosleep(&req, &req) < 0 && errno == EINTR) {
    }
}

bool mp_isatty(int fd)
{
    return isatty(fd) == 1;
}

void mp_deadline_after(struct timespec *ts, double s)
{
    clock_gettime(CLOCK_REALTIME, ts);
    int64_t ns = ts->tv_nsec + (int64_t)(s * 1e9);
    ts->tv_sec += (time_t)(ns / 1000000000);
    ts->tv_nsec = (long)(ns % 1000000000);
}
