/*
 * -ao null: takes audio at the pace of a sound card and discards it, so
 * the audio clock runs as it would with a card (-ao null:fast or
 * -benchmark: as fast as the player can go).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stddef.h>

#include "common/subopt.h"
#include "libao2/ao_internal.h"

struct null_opts {
    bool fast;
};

static const struct subopt null_subopts[] = {
    {"fast", SUBOPT_FLAG, offsetof(struct null_opts, fast), 0, 0},
    {0},
};

static int null_open(struct ao *ao, const char *args, struct ao_format *fmt)
{
    struct null_opts opts = {0};
    if (subopt_parse(args, null_subopts, &opts, MSGT_AO, "-ao null") < 0)
        return -AO_ERR_OPTION;
    ao->fast = opts.fast;
    /* Any format the caller has, as long as it is packed. */
    enum AVSampleFormat packed = av_get_packed_sample_fmt(fmt->fmt);
    if (packed != AV_SAMPLE_FMT_NONE)
        fmt->fmt = packed;
    return 0;
}

static int null_close(struct ao *ao, bool abort_output)
{
    return 0;
}

static int null_play(struct ao *ao, const void *data, int samples)
{
    return samples;
}

const struct ao_driver ao_driver_null = {
    .name = "null",
    .desc = "Null audio output",
    .autoprobe = true,
    .open = null_open,
    .close = null_close,
    .play = null_play,
};
