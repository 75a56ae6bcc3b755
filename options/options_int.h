/*
 * options_int.h: what the files of options/ share and nothing outside
 * includes: the row types and row macros of the option table, the context
 * a setting is made in, the value parsers, and the handlers the rows point
 * at, which live outside options.c. The public API is options/options.h.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MPLAYER_OPTIONS_INT_H
#define MPLAYER_OPTIONS_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/mp_msg.h"
#include "options/options.h"

enum opt_type {
    OPT_FLAG,    /* bool: -x, -nox, x=yes|no */
    OPT_INT,     /* int, optional range */
    OPT_INT64,   /* int64_t, optional range */
    OPT_SIZE,    /* int64_t bytes, k/M/G suffixes */
    OPT_DOUBLE,  /* double, optional range */
    OPT_TIME,    /* double seconds, [[hh:]mm:]ss[.ms] */
    OPT_STRING,  /* malloc'ed char * */
    OPT_STORE,   /* int: -x stores a constant, -nox stores 0 */
    OPT_FUNC,    /* handled by a function */
    OPT_COMPAT,  /* MPlayer's, nothing behind it here: accepted with a
                    warning (with OPTF_ARG its value is taken and unused) */
    OPT_OBSOLETE, /* one MPlayer 1.5 itself refuses as removed or renamed:
                     an error naming what replaced it, as there */
};

enum opt_flags {
    OPTF_NOCFG = 1 << 0, /* command line only */
    OPTF_ARG = 1 << 1,   /* OPT_FUNC: takes a parameter */
    OPTF_MIN = 1 << 2,   /* check min */
    OPTF_MAX = 1 << 3,   /* check max */
    OPTF_INVERT = 1 << 4, /* OPT_FLAG: -x clears the field, -nox sets it */
};
#define OPTF_RANGE (OPTF_MIN | OPTF_MAX)

/* Units of size bounds in rows. */
#define OPT_KIB 1024.0
#define OPT_MIB (1024.0 * 1024.0)
#define OPT_GIB (1024.0 * 1024.0 * 1024.0)

/* One line of a [name] section, kept to be applied when the profile is. */
struct opt_profile_line {
    char *name;     /* as written, so "nofoo" still negates */
    char *value;    /* NULL: none given */
    char *path;     /* where it was written, for messages */
    int lineno;
};

struct opt_profile {
    char *name;
    char *desc;     /* profile-desc, or NULL */
    struct opt_profile_line *lines;
    int num_lines;
};

/* The profiles the config files defined so far, in definition order. */
struct opt_profiles {
    struct opt_profile *list;
    int num;
};

/* Where a setting comes from, and what it may touch. */
struct opt_ctx {
    struct MPOpts *o;
    struct mp_cmdline_files *files; /* NULL outside the command line */
    bool cmdline;                   /* -noconfig is meaningful only there */
    int depth;                      /* config file nesting */
    struct opt_profiles *profiles;  /* shared by every copy of the context */
    int profile_depth;              /* profiles applied from profiles */
};

/* Internal results besides enum mp_opt_result. */
enum {
    OPT_R_OK = MP_OPT_OK,
    OPT_R_EXIT = MP_OPT_EXIT,
    OPT_R_BADVAL = -1,      /* err holds the reason */
    OPT_R_NEEDPARAM = -2,   /* no parameter given */
    OPT_R_PRINTED = -3,     /* failed, message already printed */
    OPT_R_NOTHERE = -4,     /* not allowed in this context */
};

struct opt_def;
typedef int (*opt_func)(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);

struct opt_def {
    const char *name;
    enum opt_type type;
    size_t offset;      /* into struct MPOpts; unused by OPT_FUNC */
    double min, max;
    int flags;
    const char *help;   /* one line, for -list-options */
    int store;          /* OPT_STORE: the value stored */
    opt_func func;      /* OPT_FUNC */
    /* Called after the field changed (message levels follow options). */
    void (*apply)(const struct MPOpts *o);
    /* -list-options shows this as the default when the field's zero value
     * means "the layer below decides". */
    const char *defstr;
    /* Set: the option is accepted for front-ends but not (fully) honoured;
     * setting it warns once with this reason. OPT_OBSOLETE: what to use
     * instead, which its error says. */
    const char *warn;
    /* OPT_STRING: a value this refuses (nonzero, the reason in err) is a
     * bad value; NULL: any string. */
    int (*check)(const char *value, char *err, size_t errsize);
};

/* ---- the rows of the table (options.c) ---- */

#define OPT_OFF(field) offsetof(struct MPOpts, field)

/* The C type each option type reads and writes (opt_field's casts), and
 * the one a field of struct MPOpts has: OPT_OFF_AS checks at compile time
 * that a row's field is what its type writes through (an int64_t field
 * declared OPT_INT would compile and write half of it). */
enum opt_ctype { OPT_CT_BOOL, OPT_CT_INT, OPT_CT_INT64, OPT_CT_DOUBLE, OPT_CT_STRING,
                 OPT_CT_NONE };
#define OPT_CTYPE_OF(t)                                                                   \
    ((t) == OPT_FLAG ? OPT_CT_BOOL                                                        \
     : (t) == OPT_INT || (t) == OPT_STORE ? OPT_CT_INT                                    \
     : (t) == OPT_INT64 || (t) == OPT_SIZE ? OPT_CT_INT64                                 \
     : (t) == OPT_DOUBLE || (t) == OPT_TIME ? OPT_CT_DOUBLE                               \
     : (t) == OPT_STRING ? OPT_CT_STRING : OPT_CT_NONE)
#define OPT_CTYPE_OF_FIELD(field)                                                         \
    _Generic(((struct MPOpts *)0)->field, bool: OPT_CT_BOOL, int: OPT_CT_INT,             \
             int64_t: OPT_CT_INT64, double: OPT_CT_DOUBLE, char *: OPT_CT_STRING,         \
             default: OPT_CT_NONE)
#define OPT_OFF_AS(t, field)                                                              \
    (OPT_OFF(field) + 0 * sizeof(struct {                                                 \
        _Static_assert(OPT_CTYPE_OF(t) == OPT_CTYPE_OF_FIELD(field) &&                    \
                       OPT_CTYPE_OF(t) != OPT_CT_NONE,                                    \
                       "option row: the field's C type is not what the option type "      \
                       "writes");                                                         \
        int unused;                                                                       \
    }))
/* A row's type and field, checked against each other. */
#define OPT_AT(t, field) .type = t, .offset = OPT_OFF_AS(t, field)

/* Designated initializers keep each row short and -Wextra quiet. */
#define OPT_ROW(n, t, field, lo, hi, fl, h) \
    {.name = n, OPT_AT(t, field), .min = lo, .max = hi, .flags = fl, .help = h}
#define OPT_FN(n, fn, fl, h) {.name = n, .type = OPT_FUNC, .func = fn, .flags = fl, .help = h}
/* Accepted from front-ends, ignored with a warning; fl OPTF_ARG: takes a value. */
#define OPT_IGN(n, fl, why) \
    {.name = n, .type = OPT_COMPAT, .flags = fl, .help = "ignored: " why, .warn = why}
/* Refused by MPlayer 1.5 too ("has been removed, use ..."): the same
 * error here, so that a command line or config file written for an old
 * MPlayer fails the same way and says what to write instead. */
#define OPT_OBS(n, fl, instead) \
    {.name = n, .type = OPT_OBSOLETE, .flags = fl, .help = "obsolete: " instead, \
     .warn = instead}

/* The option table (options.c), opt_table_len rows. */
extern const struct opt_def opt_table[];
extern const size_t opt_table_len;

/* -noconfig's bits: which default config files are not read. */
enum {
    OPT_NOCONFIG_SYSTEM = 1,
    OPT_NOCONFIG_USER = 2,
};

/* The row of name (len bytes); "nofoo" and "no-foo" find flag-like
 * options with *negated set. NULL: no such option. */
const struct opt_def *opt_find(const char *name, size_t len, bool *negated);
/* Whether d takes a value (the next argument on the command line). */
bool opt_takes_param(const struct opt_def *d);
/* Set d from value (NULL: none given) in c. Returns an OPT_R_ code; on
 * OPT_R_BADVAL err says why. */
int opt_set(struct opt_ctx *c, const struct opt_def *d, bool negated, const char *value,
            char *err, size_t errsize);

/* The field a row writes, inside o. */
void *opt_field(struct MPOpts *o, const struct opt_def *d);
const void *opt_cfield(const struct MPOpts *o, const struct opt_def *d);
/* Formats a reason into err (errsize bytes), as the parsers report. */
void opt_err(char *err, size_t errsize, const char *fmt, ...) MP_PRINTF(3, 4);

/* ---- value parsers (parse_value.c); 0 or -1 unless said ---- */
bool opt_is_digit(char ch);
int opt_parse_bool(const char *s, bool *out);
int opt_parse_int64(const char *s, int64_t *out);
int opt_parse_double(const char *s, double *out);
/* A byte count as -list-options shows it (k/M/G when exact). */
void opt_format_size(char *buf, size_t size, double v);
/* A row's bound as text, in the row's own unit. */
void opt_format_bound(char *buf, size_t size, const struct opt_def *d, double v);
/* OPT_R_OK, or OPT_R_BADVAL with the bound that v passes in err. */
int opt_check_range(const struct opt_def *d, double v, const char *value, char *err,
                    size_t errsize);

/* ---- window options (geometry.c): -geometry, -aspect, -wid, -monitoraspect ---- */
int opt_func_geometry(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_aspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize);
int opt_func_wid(struct opt_ctx *c, const struct opt_def *d, const char *value,
                 char *err, size_t errsize);
int opt_func_monitoraspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                           char *err, size_t errsize);

/* ---- config files and profiles (config_file.c) ---- */
int opt_func_include(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_profile(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_show_profile(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize);
/* The files -noconfig (mask of OPT_NOCONFIG_*) leaves in: 0, or -1 after a
 * bad line (printed). */
int opt_read_default_configs(struct opt_ctx *c, int mask);
void opt_profiles_free(struct opt_profiles *ps);


/* ---- the command line (cmdline.c) ---- */
int opt_func_noconfig(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_playlist(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);

/* ---- what the table prints (help.c) ---- */
int opt_func_list_options(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize);
int opt_func_help(struct opt_ctx *c, const struct opt_def *d, const char *value,
                  char *err, size_t errsize);
int opt_func_version(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);

/* ---- the other rows with a handler (special.c) ---- */
/* Called after their fields changed: message levels follow the options. */
void opt_apply_quiet(const struct MPOpts *o);
void opt_apply_identify(const struct MPOpts *o);
void opt_apply_lirc(const struct MPOpts *o);
void opt_apply_fixed_vo(const struct MPOpts *o);
void opt_apply_msg_style(const struct MPOpts *o);
int opt_func_verbose(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_msglevel(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_lavdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_endpos(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize);
int opt_func_srate(struct opt_ctx *c, const struct opt_def *d, const char *value,
                   char *err, size_t errsize);
int opt_func_chapter(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_rawaudio(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_lavfdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);
int opt_func_rawvideo(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_noaspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
int opt_func_audio_format(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize);
int opt_func_swsopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_cache_mode(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
int opt_func_filters(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
int opt_func_utf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                  char *err, size_t errsize);
int opt_func_noutf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize);
int opt_func_msgcharset(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
int opt_func_noloop(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize);
/* -mf, -use-stdin */
int opt_func_mf(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                size_t errsize);
int opt_func_use_stdin(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);
/* -vd help and -pphelp, MPlayer's help texts */
int opt_func_vd(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                size_t errsize);
int opt_func_pphelp(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize);


#endif
