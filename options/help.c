/*
 * help.c: what the option table prints: the usage text, -list-options,
 * -version, and the list of names the man-page check compares.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "common/mp_msg.h"
#include "options/options_int.h"

void mp_print_usage(void)
{
    mp_msg(MSGT_OPTIONS, MSGL_INFO,
           "Usage:   mplayer [options] [path/]filename ...\n"
           "\n"
           "Basic options (complete list: mplayer -list-options, man mplayer):\n"
           " -vo <drv>        video output driver (null, png:outdir=<dir>)\n"
           " -ao <drv>        audio output driver (null, pcm:file=<name>)\n"
           " -ss <time>       seek to the given position (seconds or hh:mm:ss)\n"
           " -endpos <time>   stop after this much playing time\n"
           " -nosound         do not play sound\n"
           " -novideo         do not play video\n"
           " -loop <n>        play n times, 0 = forever\n"
           " -speed <x>       play faster or slower (0.01..100)\n"
           " -playlist <file> play the files listed in <file>\n"
           " -identify        print machine-readable ID_ lines\n"
           " -benchmark       play as fast as possible and report the time\n"
           " -stream-buffer-size <bytes>   bytes per read()\n"
           " -readahead-distance <bytes>   tell the kernel what will be read next\n"
           "\n"
           "Basic keys:\n"
           " <- or ->         seek backward/forward 10 seconds\n"
           " down or up       seek backward/forward 1 minute\n"
           " p or SPACE       pause (any key continues)\n"
           " q or ESC         stop playing and quit\n");
}

static const char *type_name(const struct opt_def *d)
{
    switch (d->type) {
    case OPT_FLAG:
        return "Flag";
    case OPT_INT:
        return "Integer";
    case OPT_INT64:
        return "Integer64";
    case OPT_SIZE:
        return "Size";
    case OPT_DOUBLE:
        return "Float";
    case OPT_TIME:
        return "Time";
    case OPT_STRING:
        return "String";
    case OPT_STORE:
        return "Choice";
    case OPT_FUNC:
        return (d->flags & OPTF_ARG) ? "Func" : "Action";
    case OPT_COMPAT:
        return (d->flags & OPTF_ARG) ? "Ignored" : "IgnFlag";
    case OPT_OBSOLETE:
        return "Obsolete";
    }
    return "?";
}

static void format_default(char *buf, size_t size, const struct MPOpts *o,
                           const struct opt_def *d)
{
    switch (d->type) {
    case OPT_FLAG: {
        bool on = *(const bool *)opt_cfield(o, d);
        if (d->flags & OPTF_INVERT)
            on = !on;
        snprintf(buf, size, "%s", on ? "yes" : "no");
        break;
    }
    case OPT_STORE:
        snprintf(buf, size, "%s",
                 *(const int *)opt_cfield(o, d) == d->store ? "yes" : "no");
        break;
    case OPT_INT:
        snprintf(buf, size, "%d", *(const int *)opt_cfield(o, d));
        break;
    case OPT_INT64:
        snprintf(buf, size, "%lld", (long long)*(const int64_t *)opt_cfield(o, d));
        break;
    case OPT_SIZE: {
        opt_format_size(buf, size, (double)*(const int64_t *)opt_cfield(o, d));
        break;
    }
    case OPT_DOUBLE:
        snprintf(buf, size, "%g", *(const double *)opt_cfield(o, d));
        break;
    case OPT_TIME: {
        double v = *(const double *)opt_cfield(o, d);
        if (v < 0)
            snprintf(buf, size, "none");
        else
            snprintf(buf, size, "%g", v);
        break;
    }
    case OPT_STRING: {
        const char *s = *(char *const *)opt_cfield(o, d);
        snprintf(buf, size, "%s", s ? s : "auto");
        break;
    }
    case OPT_FUNC:
    case OPT_COMPAT:
    case OPT_OBSOLETE:
        snprintf(buf, size, "-");
        break;
    }
}

void mp_print_option_list(void)
{
    struct MPOpts defaults;
    mp_opts_init(&defaults);
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "%-20s %-9s %-6s %-6s %-8s %-7s %s\n", "Name", "Type",
           "Min", "Max", "Default", "Where", "What");
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "\n");
    for (size_t i = 0; i < opt_table_len; i++) {
        const struct opt_def *d = &opt_table[i];
        char lo[32] = "", hi[32] = "", def[64];
        if (d->flags & OPTF_MIN)
            opt_format_bound(lo, sizeof(lo), d, d->min);
        if (d->flags & OPTF_MAX)
            opt_format_bound(hi, sizeof(hi), d, d->max);
        if (d->defstr)
            snprintf(def, sizeof(def), "%s", d->defstr);
        else
            format_default(def, sizeof(def), &defaults, d);
        mp_msg(MSGT_OPTIONS, MSGL_INFO, "%-20s %-9s %-6s %-6s %-8s %-7s %s\n", d->name,
               type_name(d), lo, hi, def, (d->flags & OPTF_NOCFG) ? "CL" : "CL,cfg",
               d->help);
    }
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "\nTotal: %zu options\n", opt_table_len);
    mp_opts_free(&defaults);
}


int opt_func_list_options(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize)
{
    mp_print_option_list();
    return OPT_R_EXIT;
}

int opt_func_help(struct opt_ctx *c, const struct opt_def *d, const char *value,
                  char *err, size_t errsize)
{
    mp_print_usage();
    return OPT_R_EXIT;
}

int opt_func_version(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "MPlayer %s\n", MPLAYER_VERSION);
    return OPT_R_EXIT;
}

/* The table's size is known in options.c only, so the list is allocated
 * once and kept for the program's life. */
static const char **opt_names;
static pthread_once_t opt_names_once = PTHREAD_ONCE_INIT;

static void fill_names(void)
{
    opt_names = calloc(opt_table_len + 1, sizeof(*opt_names));
    if (!opt_names)
        return;
    for (size_t i = 0; i < opt_table_len; i++)
        opt_names[i] = opt_table[i].name;
}

const char *const *mp_option_names(void)
{
    static const char *const none[] = {NULL};
    pthread_once(&opt_names_once, fill_names);
    return opt_names ? opt_names : none;
}
