/*
 * mp_msg: module/level filtered messages.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <pthread.h>
#include <stdatomic.h>
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
/* -msgcolor, -msgmodule, -msgcharset: how messages look. */
static bool msg_color;
static bool msg_show_module;
/* Messages come from the demuxer's and caches' threads too. */
static atomic_bool msg_at_line_start = true;
static iconv_t msg_iconv = (iconv_t)-1;
/* One iconv state, shared by the threads that print. */
static pthread_mutex_t msg_iconv_lock = PTHREAD_MUTEX_INITIALIZER;

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

/* The color of a level's text (-msgcolor): red errors, yellow warnings,
 * green status, dim debugging. */
static const char *msg_level_color(int lev)
{
    static const char *const colors[] = {
        [MSGL_FATAL] = "1;31", [MSGL_ERR] = "0;31", [MSGL_WARN] = "0;33",
        [MSGL_HINT] = "1;33", [MSGL_INFO] = "0;37", [MSGL_STATUS] = "0;32",
    };
    return lev >= 0 && lev <= MSGL_STATUS ? colors[lev] : "1;30";
}

/* Each module's name keeps one color, so that a log is easy to scan. */
static const char *msg_module_color(int mod)
{
    static const char *const palette[] = {"0;33", "0;36", "0;35", "1;32", "1;34", "1;36"};
    return palette[(mod < 0 ? 0 : mod) % (int)(sizeof(palette) / sizeof(palette[0]))];
}

/* Print text (len bytes) to f in the charset of -msgcharset. */
static void msg_write(FILE *f, const char *text, size_t len)
{
    if (msg_iconv == (iconv_t)-1) {
        fwrite(text, 1, len, f);
        return;
    }
    char out[1024];
    char *in = (char *)text;
    size_t in_left = len;
    pthread_mutex_lock(&msg_iconv_lock);
    /* Back to the initial shift state: each message stands alone. */
    iconv(msg_iconv, NULL, NULL, NULL, NULL);
    while (in_left) {
        char *o = out;
        size_t out_left = sizeof(out);
        size_t r = iconv(msg_iconv, &in, &in_left, &o, &out_left);
        fwrite(out, 1, sizeof(out) - out_left, f);
        if (r == (size_t)-1 && errno != E2BIG) {
            /* Not in the charset (or not UTF-8): one '?' for the whole
             * character, as a terminal would show it at best. */
            unsigned char lead = (unsigned char)*in;
            size_t more = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
            size_t skip = 1;
            while (skip <= more && skip < in_left && ((unsigned char)in[skip] & 0xc0) == 0x80)
                skip++;
            fputc('?', f);
            in += skip;
            in_left -= skip;
        }
    }
    pthread_mutex_unlock(&msg_iconv_lock);
}

void mp_msg_va(int mod, int lev, const char *fmt, va_list va)
{
    if (!mp_msg_test(mod, lev))
        return;
    FILE *f = lev <= MSGL_WARN ? stderr : stdout;
    /* Keep stdout and stderr in order when both go to one terminal. */
    if (f == stderr)
        fflush(stdout);
    char buf[4096];
    va_list copy;
    va_copy(copy, va);
    int n = vsnprintf(buf, sizeof(buf), fmt, copy);
    va_end(copy);
    if (n < 0)
        return;
    char *text = buf;
    if ((size_t)n >= sizeof(buf)) {
        text = malloc((size_t)n + 1);
        if (!text) {
            /* Cut rather than lose the message. */
            text = buf;
            n = sizeof(buf) - 1;
        } else {
            vsnprintf(text, (size_t)n + 1, fmt, va);
        }
    }
    if (msg_show_module && atomic_load(&msg_at_line_start)) {
        char name[16];
        const char *m = mp_msg_module_name(mod);
        size_t i;
        for (i = 0; m && m[i] && i < sizeof(name) - 1; i++)
            name[i] = (char)toupper((unsigned char)m[i]);
        name[i] = '\0';
        if (msg_color)
            fprintf(f, "\033[%sm%9s\033[0;37m: ", msg_module_color(mod), name);
        else
            fprintf(f, "%9s: ", name);
    }
    if (msg_color)
        fprintf(f, "\033[%sm", msg_level_color(lev));
    msg_write(f, text, (size_t)n);
    if (msg_color)
        fputs("\033[0m", f);
    /* A module name starts each line, status lines (\r) included. */
    if (n > 0)
        atomic_store(&msg_at_line_start, text[n - 1] == '\n' || text[n - 1] == '\r');
    if (text != buf)
        free(text);
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

/* What msg_find_module gives for a name MPlayer knows and this player
 * has no part for ("all" is MSGT_MAX). */
#define MSG_NO_MODULE (MSGT_MAX + 1)

/* MPlayer 1.5's other module names (its -msglevel help), so that its
 * command lines and config files work: each sets the level of the module
 * that prints what it named, or of none (MSG_NO_MODULE) where this player
 * has no such part. */
static const struct {
    const char *name;
    int mod;
} msg_module_aliases[] = {
    {"gplayer", MSG_NO_MODULE},    {"ds", MSGT_DEMUX},          {"demux", MSGT_DEMUX},
    {"header", MSGT_DEMUX},       {"autoq", MSG_NO_MODULE},     {"cfgparser", MSGT_OPTIONS},
    {"seek", MSGT_CPLAYER},       {"win32", MSG_NO_MODULE},     {"open", MSGT_STREAM},
    {"dvd", MSGT_STREAM},         {"parsees", MSGT_DEMUX},     {"lirc", MSGT_INPUT},
    {"mencoder", MSG_NO_MODULE},   {"xacodec", MSG_NO_MODULE},   {"tv", MSG_NO_MODULE},
    {"osdep", MSGT_GLOBAL},       {"spudec", MSGT_SUBREADER},  {"playtree", MSGT_CPLAYER},
    {"vfilter", MSGT_DECVIDEO},   {"network", MSGT_STREAM},    {"cpudetect", MSG_NO_MODULE},
    {"codeccfg", MSGT_CPLAYER},   {"sws", MSGT_DECVIDEO},      {"vobsub", MSGT_SUBREADER},
    {"osd-menu", MSGT_OSD},       {"afilter", MSGT_DECAUDIO},  {"netst", MSGT_STREAM},
    {"muxer", MSG_NO_MODULE},      {"ass", MSGT_SUBREADER},     {"radio", MSG_NO_MODULE},
    {"loader", MSG_NO_MODULE},     {"teletext", MSG_NO_MODULE},  {"fixme", MSGT_GLOBAL},
};
#define MSG_NUM_ALIASES (sizeof(msg_module_aliases) / sizeof(msg_module_aliases[0]))

/* A module's index, MSGT_MAX for "all", MSG_NO_MODULE for a name MPlayer
 * knows and this player has nothing for, -1 for an unknown name. */
static int msg_find_module(const char *name, size_t len)
{
    if (len == 3 && !strncasecmp(name, "all", 3))
        return MSGT_MAX;
    for (int i = 0; i < MSGT_MAX; i++) {
        if (strlen(msg_module_names[i]) == len && !strncasecmp(name, msg_module_names[i], len))
            return i;
    }
    for (size_t i = 0; i < MSG_NUM_ALIASES; i++) {
        const char *a = msg_module_aliases[i].name;
        if (strlen(a) == len && !strncasecmp(name, a, len))
            return msg_module_aliases[i].mod;
    }
    return -1;
}

void mp_msg_print_modules(void)
{
    mp_msg(MSGT_GLOBAL, MSGL_INFO, "Available msg modules:\n");
    for (int i = 0; i < MSGT_MAX; i++)
        mp_msg(MSGT_GLOBAL, MSGL_INFO, "   %s\n", msg_module_names[i]);
    mp_msg(MSGT_GLOBAL, MSGL_INFO, "MPlayer's other names, each for the module that "
           "prints what it named:\n");
    for (size_t i = 0; i < MSG_NUM_ALIASES; i++) {
        int mod = msg_module_aliases[i].mod;
        mp_msg(MSGT_GLOBAL, MSGL_INFO, "   %-10s -> %s\n", msg_module_aliases[i].name,
               mod < MSGT_MAX ? msg_module_names[mod] : "(nothing here)");
    }
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
        if (mod == MSG_NO_MODULE) {
            /* a part this player does not have */
        } else if (mod == MSGT_MAX) {
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

void mp_msg_set_style(bool color, bool module)
{
    msg_color = color;
    msg_show_module = module;
}

int mp_msg_set_charset(const char *charset)
{
    iconv_t cd = (iconv_t)-1;
    /* MPlayer's "noconv", and UTF-8 itself, print the bytes as they are. */
    if (charset && *charset && strcasecmp(charset, "noconv") &&
        strcasecmp(charset, "utf-8") && strcasecmp(charset, "utf8")) {
        cd = iconv_open(charset, "UTF-8");
        if (cd == (iconv_t)-1)
            return -1;
    }
    if (msg_iconv != (iconv_t)-1)
        iconv_close(msg_iconv);
    msg_iconv = cd;
    return 0;
}

void mp_msg_reset(void)
{
    mp_msg_set_style(false, false);
    mp_msg_set_charset(NULL);
    atomic_store(&msg_at_line_start, true);
    msg_default_level = MSGL_STATUS;
    msg_verbose = 0;
    for (int i = 0; i < MSGT_MAX; i++)
        msg_levels[i] = -1;
}
