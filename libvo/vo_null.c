/*
 * -vo null: takes frames of any format and shows nothing (benchmarks,
 * audio-only runs, tests).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include "common/subopt.h"
#include "libvo/vo_internal.h"

static const struct subopt null_opts[] = {
    {0},
};

static int null_open(struct vo *vo, const char *args)
{
    if (subopt_parse(args, null_opts, NULL, MSGT_VO, "-vo null") < 0)
        return -VO_ERR_OPTION;
    return 0;
}

static int null_close(struct vo *vo, bool abort_output)
{
    return 0;
}

const struct vo_driver vo_driver_null = {
    .name = "null",
    .desc = "Null video output",
    .autoprobe = true,
    .open = null_open,
    .close = null_close,
};
