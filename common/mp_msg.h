/*
 * mp_msg: the one way the program talks to the user.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Every message carries a module (who speaks) and a level (how much it
 * matters). Levels at or below MSGL_WARN go to stderr, the rest to stdout,
 * as in MPlayer 1.x, so front-ends reading stdout see status and ID_ lines
 * only. The per-module verbosity is part of the option state (-v,
 * -msglevel, -quiet, -really-quiet); it is the only mutable global besides
 * the option table, as the option table owns it.
 */
#ifndef MP_COMMON_MP_MSG_H
#define MP_COMMON_MP_MSG_H

#include <stdarg.h>
#include <stdbool.h>

enum mp_msg_module {
    MSGT_GLOBAL,
    MSGT_CPLAYER,
    MSGT_OPTIONS,
    MSGT_STREAM,
    MSGT_CACHE,
    MSGT_DEMUX,
    MSGT_DECVIDEO,
    MSGT_DECAUDIO,
    MSGT_VO,
    MSGT_AO,
    MSGT_AVSYNC,
    MSGT_STATUSLINE,
    MSGT_IDENTIFY,
    MSGT_INPUT,
    MSGT_OSD,
    MSGT_SUBREADER,
    MSGT_MAX
};

enum mp_msg_level {
    MSGL_FATAL = 0,  /* the program must stop */
    MSGL_ERR = 1,    /* this file or this action failed */
    MSGL_WARN = 2,   /* something is odd, playing on */
    MSGL_HINT = 3,   /* advice to the user */
    MSGL_INFO = 4,   /* normal chatter: 'Playing x.' */
    MSGL_STATUS = 5, /* the status line */
    MSGL_V = 6,      /* -v */
    MSGL_DBG2 = 7,   /* -v -v */
    MSGL_DBG3 = 8,
    MSGL_DBG4 = 9,
    MSGL_DBG5 = 10,
};

#define MP_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* Print a message if the module's level lets it through. */
void mp_msg(int mod, int lev, const char *fmt, ...) MP_PRINTF(3, 4);
void mp_msg_va(int mod, int lev, const char *fmt, va_list va) MP_PRINTF(3, 0);

/* True when mp_msg(mod, lev, ...) would print something. */
bool mp_msg_test(int mod, int lev);

/* Default level for every module (MSGL_STATUS normally; -quiet lowers the
 * status line, -really-quiet everything but errors). */
void mp_msg_set_default_level(int lev);
int mp_msg_get_default_level(void);

/* Raise every module's level by n (one -v each); not identify's, whose ID_
 * lines show only at the level -identify or -msglevel identify=N set. */
void mp_msg_add_verbose(int n);

/* Parse an -msglevel value "all=4:demuxer=6:cplayer=4" (names: all,
 * global, cplayer, options, stream, cache, demuxer, decvideo, decaudio,
 * vo, ao, avsync, statusline, identify, input, osd, subreader, and
 * MPlayer's other ones, each for the module that prints what it named or
 * for none: mp_msg_print_modules). "all" sets every module but identify
 * (as in MPlayer: the ID_ lines stay off, or on, whatever all= says).
 * Returns 0, or -1 with nothing changed when the value is malformed. */
int mp_msg_parse_levels(const char *spec);

/* Module name as used by -msglevel, or NULL. */
const char *mp_msg_module_name(int mod);

/* -msglevel help: the module names, MPlayer's included. */
void mp_msg_print_modules(void);

/* -msgcolor: each message in its level's color; -msgmodule: each line
 * starts with the module's name ("  CPLAYER: "), as in MPlayer. */
void mp_msg_set_style(bool color, bool module);

/* -msgcharset: messages (UTF-8 inside) are converted to charset for the
 * terminal; NULL, "noconv" or UTF-8: printed as they are. Returns -1 when
 * iconv does not know the charset (nothing changed). */
int mp_msg_set_charset(const char *charset);

/* Forget -v/-msglevel/-quiet settings (tests, and before re-reading a
 * configuration). */
void mp_msg_reset(void);

#endif
