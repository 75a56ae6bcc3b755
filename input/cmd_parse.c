/*
 * The parser of MPlayer's slave syntax, against a command table its caller
 * gives (the player's is in player/command.c, with the handlers).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Differences from MPlayer 1.x, on purpose: names match exactly (MPlayer
 * matched any prefix of the typed word against the table, so "get_time"
 * ran get_time_pos), a non-number where a number belongs is an error
 * instead of 0, a backslash escapes the next character consistently, and
 * unknown commands get a message instead of silence.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "input/input.h"

int mp_cmd_def_num_args(const struct mp_cmd_def *def)
{
    int n = 0;
    while (n < MP_CMD_MAX_ARGS && def->types[n] != MP_CMD_ARG_NONE)
        n++;
    return n;
}

static const struct mp_cmd_def *find_def(const struct mp_cmd_def *table, const char *name,
                                         size_t len)
{
    for (const struct mp_cmd_def *d = table; d && d->name; d++) {
        if (strlen(d->name) == len && strncasecmp(d->name, name, len) == 0)
            return d;
    }
    return NULL;
}

const struct mp_cmd_def *mp_cmd_def_find(const struct mp_cmd_def *table, const char *name)
{
    return name ? find_def(table, name, strlen(name)) : NULL;
}

static const char *type_name(enum mp_cmd_arg_type t)
{
    switch (t) {
    case MP_CMD_ARG_INT:
        return "Integer";
    case MP_CMD_ARG_FLOAT:
        return "Float";
    case MP_CMD_ARG_STRING:
        return "String";
    default:
        return "??";
    }
}

int mp_cmd_def_format(const struct mp_cmd_def *def, char *buf, size_t size)
{
    char line[256];
    size_t pos = 0;
    int n = snprintf(line, sizeof(line), "%-20.20s", def->name);
    pos = n > 0 ? (size_t)n : 0;
    int num_args = mp_cmd_def_num_args(def);
    for (int k = 0; k < num_args && pos < sizeof(line); k++) {
        const char *t = type_name(def->types[k]);
        n = k < def->min_args ? snprintf(line + pos, sizeof(line) - pos, " %s", t)
                              : snprintf(line + pos, sizeof(line) - pos, " [%s]", t);
        if (n < 0)
            break;
        pos += (size_t)n;
    }
    return snprintf(buf, size, "%s", line);
}

void mp_input_print_cmdlist(const struct mp_cmd_def *table)
{
    char line[256];
    for (const struct mp_cmd_def *d = table; d && d->name; d++) {
        mp_cmd_def_format(d, line, sizeof(line));
        mp_msg(MSGT_INPUT, MSGL_INFO, "%s\n", line);
    }
}

void mp_cmd_free(struct mp_cmd *cmd)
{
    if (!cmd)
        return;
    for (int k = 0; k < MP_CMD_MAX_ARGS; k++) {
        if (cmd->args[k].type == MP_CMD_ARG_STRING)
            free(cmd->args[k].v.s);
    }
    free(cmd);
}

struct mp_cmd *mp_cmd_clone(const struct mp_cmd *cmd)
{
    struct mp_cmd *c = malloc(sizeof(*c));
    if (!c)
        return NULL;
    *c = *cmd;
    for (int k = 0; k < MP_CMD_MAX_ARGS; k++) {
        if (c->args[k].type != MP_CMD_ARG_STRING)
            continue;
        c->args[k].v.s = strdup(cmd->args[k].v.s);
        if (!c->args[k].v.s) {
            for (int j = k; j < MP_CMD_MAX_ARGS; j++) {
                if (c->args[j].type == MP_CMD_ARG_STRING)
                    c->args[j].type = MP_CMD_ARG_NONE;
            }
            mp_cmd_free(c);
            return NULL;
        }
    }
    return c;
}

static int set_err(char *err, size_t errsize, int code, const char *fmt, ...) MP_PRINTF(4, 5);
static int set_err(char *err, size_t errsize, int code, const char *fmt, ...)
{
    if (err && errsize) {
        va_list va;
        va_start(va, fmt);
        vsnprintf(err, errsize, fmt, va);
        va_end(va);
    }
    return code;
}

static bool is_ws(char c)
{
    return c == ' ' || c == '\t';
}

/* Cut one token at *pp into out (which has room for the whole line):
 * quotes and backslashes resolved. Returns 0, or -1 for an open quote. */
static int take_token(const char **pp, char *out)
{
    const char *p = *pp;
    char quote = 0;
    if (*p == '"' || *p == '\'')
        quote = *p++;
    size_t n = 0;
    for (;;) {
        char c = *p;
        if (!c) {
            if (quote)
                return -1;
            break;
        }
        if (quote ? c == quote : is_ws(c)) {
            if (quote)
                p++;
            break;
        }
        if (c == '\\' && p[1]) {
            p++;
            c = *p;
        }
        out[n++] = c;
        p++;
    }
    out[n] = '\0';
    *pp = p;
    return 0;
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end != s && *end == '\0') {
        if (errno || v < INT_MIN || v > INT_MAX)
            return false;
        *out = (int)v;
        return true;
    }
    /* "1.5" or "1e3": MPlayer's atoi took the leading integer of any
     * number, so accept numbers and truncate toward zero. */
    double d = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(d) || d < INT_MIN || d > INT_MAX)
        return false;
    *out = (int)d;
    return true;
}

static bool parse_float(const char *s, double *out)
{
    char *end;
    double d = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(d))
        return false;
    *out = d;
    return true;
}

static const struct {
    const char *word;
    int pausing;
} prefixes[] = {
    {"pausing", MP_PAUSING},
    {"pausing_keep", MP_PAUSING_KEEP},
    {"pausing_toggle", MP_PAUSING_TOGGLE},
    {"pausing_keep_force", MP_PAUSING_KEEP_FORCE},
};

/* Parse text[len] (no NUL inside required: bytes are checked). */
static int parse_line(const struct mp_cmd_def *table, const char *text, size_t len,
                      struct mp_cmd **out, char *err, size_t errsize)
{
    *out = NULL;
    if (err && errsize)
        err[0] = '\0';
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    if (len > MP_CMD_MAX_LINE) {
        return set_err(err, errsize, MP_CMD_ERR_TOO_LONG,
                       "Command line too long (%zu bytes, at most %d), ignored.", len,
                       MP_CMD_MAX_LINE);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            return set_err(err, errsize, MP_CMD_ERR_BINARY,
                           "Command line contains binary data (byte 0x%02x at %zu), ignored.",
                           c, i);
        }
    }

    char *line = malloc(len + 1);
    char *tok = malloc(len + 1);
    struct mp_cmd *cmd = calloc(1, sizeof(*cmd));
    int ret = MP_CMD_OK;
    if (!line || !tok || !cmd) {
        ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG, "Out of memory parsing a command.");
        goto done;
    }
    memcpy(line, text, len);
    line[len] = '\0';

    const char *p = line;
    while (is_ws(*p))
        p++;
    if (!*p || *p == '#') {
        ret = MP_CMD_ERR_EMPTY;
        goto done;
    }

    size_t wl = strcspn(p, " \t");
    for (size_t k = 0; k < sizeof(prefixes) / sizeof(prefixes[0]); k++) {
        const char *w = prefixes[k].word;
        if (strlen(w) == wl && strncmp(p, w, wl) == 0 && p[wl]) {
            const char *q = p + wl;
            while (is_ws(*q))
                q++;
            if (*q) {
                cmd->pausing = prefixes[k].pausing;
                p = q;
                wl = strcspn(p, " \t");
            }
            break;
        }
    }

    const struct mp_cmd_def *def = find_def(table, p, wl);
    if (!def) {
        ret = set_err(err, errsize, MP_CMD_ERR_UNKNOWN, "Unknown command '%.*s'.",
                      (int)(wl > 64 ? 64 : wl), p);
        goto done;
    }
    cmd->def = def;
    cmd->name = def->name;
    p += wl;

    int num_args = mp_cmd_def_num_args(def);
    int n = 0;
    for (; n < num_args; n++) {
        while (is_ws(*p))
            p++;
        if (!*p || *p == '#')
            break;
        if (take_token(&p, tok) < 0) {
            ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG,
                          "Command %s: argument %d is unterminated.", def->name, n + 1);
            goto done;
        }
        struct mp_cmd_arg *a = &cmd->args[n];
        switch (def->types[n]) {
        case MP_CMD_ARG_INT:
            if (!parse_int(tok, &a->v.i)) {
                ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG,
                              "Command %s: argument %d isn't an integer.", def->name, n + 1);
                goto done;
            }
            break;
        case MP_CMD_ARG_FLOAT:
            if (!parse_float(tok, &a->v.f)) {
                ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG,
                              "Command %s: argument %d isn't a float.", def->name, n + 1);
                goto done;
            }
            break;
        default:
            a->v.s = strdup(tok);
            if (!a->v.s) {
                ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG,
                              "Out of memory parsing a command.");
                goto done;
            }
            break;
        }
        a->type = def->types[n];
    }
    cmd->nargs = n;
    if (n < def->min_args) {
        ret = set_err(err, errsize, MP_CMD_ERR_TOO_FEW,
                      "Command %s requires at least %d arguments, we found only %d so far.",
                      def->name, def->min_args, n);
        goto done;
    }
    for (int k = n; k < num_args; k++) {
        struct mp_cmd_arg *a = &cmd->args[k];
        switch (def->types[k]) {
        case MP_CMD_ARG_INT:
            a->v.i = (int)def->defaults[k];
            break;
        case MP_CMD_ARG_FLOAT:
            a->v.f = def->defaults[k];
            break;
        default:
            a->v.s = strdup("");
            if (!a->v.s) {
                ret = set_err(err, errsize, MP_CMD_ERR_BAD_ARG,
                              "Out of memory parsing a command.");
                goto done;
            }
            break;
        }
        a->type = def->types[k];
    }
    if (cmd->pausing == MP_PAUSING_NONE)
        cmd->pausing = def->pausing;

done:
    free(line);
    free(tok);
    if (ret == MP_CMD_OK) {
        *out = cmd;
    } else {
        mp_cmd_free(cmd);
    }
    return ret;
}

int mp_cmd_parse_msg(const struct mp_cmd_def *table, const char *line, struct mp_cmd **out,
                     char *err, size_t errsize)
{
    /* strnlen: a huge line is rejected without walking all of it twice. */
    size_t len = strnlen(line, MP_CMD_MAX_LINE + 3);
    if (len == MP_CMD_MAX_LINE + 3) {
        *out = NULL;
        return set_err(err, errsize, MP_CMD_ERR_TOO_LONG,
                       "Command line too long (more than %d bytes), ignored.", MP_CMD_MAX_LINE);
    }
    return parse_line(table, line, len, out, err, errsize);
}

int mp_cmd_parse(const struct mp_cmd_def *table, const char *line, struct mp_cmd **out)
{
    char err[256];
    int r = mp_cmd_parse_msg(table, line, out, err, sizeof(err));
    if (r != MP_CMD_OK && err[0])
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s\n", err);
    return r;
}
