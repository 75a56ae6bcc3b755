/*
 * What a VobSub .idx says that libavformat's vobsub demuxer keeps to
 * itself: the language shown when none is asked for ("langidx:").
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sub.h"

int mp_sub_vobsub_langidx(const char *idx_path)
{
    FILE *f = fopen(idx_path, "r");
    if (!f)
        return -1;
    char line[512];
    int id = -1;
    /* The header and the "id:" lines come before the first picture's
     * "timestamp:" line; the thousands of those need not be read. */
    while (fgets(line, sizeof(line), f) && strncmp(line, "timestamp:", 10)) {
        if (!strncmp(line, "langidx:", 8)) {
            char *end = NULL;
            long v = strtol(line + 8, &end, 10);
            if (end != line + 8 && v >= 0 && v < 32)
                id = (int)v;
        }
    }
    fclose(f);
    return id;
}
