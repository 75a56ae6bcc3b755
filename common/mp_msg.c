/*
 * mp_msg: module/level filtered messages.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"

/* Part of the option state (see mp_msg.h): per-module levels, -1 meaning
 * "use the default". */
static int msg_default_level = MSGL_STATUS;
static int msg_verbose;
static int msg_levels[MSGT_MAX] = {
    [0 ... MSGT_MAX - 1] = -1,
};

static const char *const msg_module_names[MSGT_MAX] = {
    [MSGT_GLOBAL] = "global",
    [MSGT_CPLAYER] = "cplayer",
    [MSGT_OPTIONS] = "options",
    [MSGT_STREAM] = "stream",
    [MSGT_CACHE] = "cache",
    [MSGT_DEMUX] = "demuxer",
    [MSGT_DECVIDEO] = "decvideo",
    [MSGT_DECAUDIO] = "decaudio",
    [MSGT_VO] = "vo",
    [MSGT_AO] = "ao",
    [MSGT_AVSYNC] = "avsync",
    [MSGT_STATUSLINE] = "statusline",
    [MSGT_IDENTIFY] = "identify",
    [MSGT_INPUT] = "input",
    [MSGT_OSD] = "osd",
    [MSGT_SUBREADER] = "subreader",
};

const char *mp_msg_module_name(int mod)
{
    if (mod < 0 || mod >= MSGT_MAX)
        return NULL;
    return msg_module_names[mod];
}

static int msg_level_of(int mod)
{
    /* As in MPlayer, the ID_ lines are data, not chatter: only their own
     * level (-identify is identify=4) shows them; -v, all= and -quiet do
     * not touch it, so -really-quiet -identify still prints them and -v
     * alone does not mix them into the log. */
    if (mod == MSGT_IDENTIFY)
        return msg_levels[mod] >= 0 ? msg_levels[mod] : -1;
    int lev = msg_default_level;
    if (mod >= 0 && mod < MSGT_MAX && msg_levels[mod] >= 0)
        lev = msg_levels[mod];
    return lev + msg_verbose;
}

bool mp_msg_test(int mod, int lev)
{
    return lev <= msg_level_of(mod);
}

void mp_msg_va(int mod, int lev, const char *fmt, va_list va)
{
    if (!mp_msg_test(mod, lev))
        return;
    FILE *f = lev <= MSGL_WARN ? stderr : stdout;
    /* Keep stdout and stderr in order when both go to one terminal. */
    if (f == stderr)
        fflush(stdout);
    vfprintf(f, fmt, va);
    /* Status lines end in \r and must show at once; so must everything a
     * front-end waits for on a pipe. */
    fflush(f);
}

void mp_msg(int mod, int lev, const char *fmt, ...)
{
    va_list va;
    va_start(va, fmt);
    mp_msg_va(mod, lev, fmt, va);
    va_end(va);
}

void mp_msg_set_default_level(int lev)
{
    msg_default_level = lev;
}

int mp_msg_get_default_level(void)
{
    return msg_default_level;
}

void mp_msg_add_verbose(int n)
{
    msg_verbose += n;
}

static int msg_find_module(const char *name, size_t len)
{
    if (len == 3 && !strncasecmp(name, "all", 3))
        return MSGT_MAX;
    for (int i = 0; i < MSGT_MAX; i++) {
        if (strlen(msg_module_names[i]) == len && !strncasecmp(name, msg_module_names[i], len))
            return i;
    }
    return -1;
}

int mp_msg_parse_levels(const char *spec)
{
    int new_levels[MSGT_MAX];
    int new_default = msg_default_level;
    memcpy(new_levels, msg_levels, sizeof(new_levels));

    const char *p = spec;
    if (!p || !*p)
        return -1;
    while (*p) {
        const char *eq = strchr(p, '=');
        if (!eq || eq == p)
            return -1;
        int mod = msg_find_module(p, (size_t)(eq - p));
        if (mod < 0)
            return -1;
        char *end;
        long lev = strtol(eq + 1, &end, 10);
        if (end == eq + 1 || lev < -1 || lev > MSGL_DBG5)
            return -1;
        if (mod == MSGT_MAX) {
            new_default = (int)lev;
            for (int i = 0; i < MSGT_MAX; i++) {
                if (i != MSGT_IDENTIFY)
                    new_levels[i] = -1;
            }
        } else {
            new_levels[mod] = (int)lev;
        }
        if (*end == ':')
            end++;
        else if (*end)
            return -1;
        p = end;
    }
    memcpy(msg_levels, new_levels, sizeof(new_levels));
    msg_default_level = new_default;
    return 0;
}

void mp_msg_reset(void)
{
    msg_default_level = MSGL_STATUS;
    msg_verbose = 0;
    for (int i = 0; i < MSGT_MAX; i++)
        msg_levels[i] = -1;
}
