/*
 * The slave command table and the parser of MPlayer's slave syntax.
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

#define I MP_CMD_ARG_INT
#define F MP_CMD_ARG_FLOAT
#define S MP_CMD_ARG_STRING

/* Argument lists and defaults follow MPlayer's table; switch_video is an
 * addition (MPlayer only had the property). Radio, TV, DVB, DVD
 * navigation, OSD menu and GUI commands are left out: there is nothing
 * here to drive them. */
static const struct mp_cmd_def cmd_defs[] = {
    {MP_CMD_SEEK, "seek", 1, 2, {F, I}, {0}},
    {MP_CMD_EDL_LOADFILE, "edl_loadfile", 1, 1, {S}, {0}},
    {MP_CMD_EDL_MARK, "edl_mark", 0, 0, {0}, {0}},
    {MP_CMD_AUDIO_DELAY, "audio_delay", 1, 2, {F, I}, {0}},
    {MP_CMD_SPEED_INCR, "speed_incr", 1, 1, {F}, {0}},
    {MP_CMD_SPEED_MULT, "speed_mult", 1, 1, {F}, {0}},
    {MP_CMD_SPEED_SET, "speed_set", 1, 1, {F}, {0}},
    {MP_CMD_QUIT, "quit", 0, 1, {I}, {0}},
    {MP_CMD_STOP, "stop", 0, 0, {0}, {0}},
    {MP_CMD_PAUSE, "pause", 0, 0, {0}, {0}},
    {MP_CMD_FRAME_STEP, "frame_step", 0, 0, {0}, {0}},
    {MP_CMD_PLAY_TREE_STEP, "pt_step", 1, 2, {I, I}, {0}},
    {MP_CMD_PLAY_TREE_UP_STEP, "pt_up_step", 1, 2, {I, I}, {0}},
    {MP_CMD_PLAY_ALT_SRC_STEP, "alt_src_step", 1, 1, {I}, {0}},
    {MP_CMD_LOOP, "loop", 1, 2, {I, I}, {0}},
    {MP_CMD_SUB_DELAY, "sub_delay", 1, 2, {F, I}, {0}},
    {MP_CMD_SUB_STEP, "sub_step", 1, 2, {I, I}, {0}},
    {MP_CMD_OSD, "osd", 0, 1, {I}, {-1}},
    {MP_CMD_OSD_SHOW_TEXT, "osd_show_text", 1, 3, {S, I, I}, {0, -1, 0}},
    {MP_CMD_OSD_SHOW_PROPERTY_TEXT, "osd_show_property_text", 1, 3, {S, I, I}, {0, -1, 0}},
    {MP_CMD_OSD_SHOW_PROGRESSION, "osd_show_progression", 0, 0, {0}, {0}},
    {MP_CMD_VOLUME, "volume", 1, 2, {F, I}, {0}},
    {MP_CMD_BALANCE, "balance", 1, 2, {F, I}, {0}},
    {MP_CMD_MIXER_USEMASTER, "use_master", 0, 0, {0}, {0}},
    {MP_CMD_MUTE, "mute", 0, 1, {I}, {-1}},
    {MP_CMD_CONTRAST, "contrast", 1, 2, {I, I}, {0}},
    {MP_CMD_GAMMA, "gamma", 1, 2, {I, I}, {0}},
    {MP_CMD_BRIGHTNESS, "brightness", 1, 2, {I, I}, {0}},
    {MP_CMD_HUE, "hue", 1, 2, {I, I}, {0}},
    {MP_CMD_SATURATION, "saturation", 1, 2, {I, I}, {0}},
    {MP_CMD_FRAMEDROPPING, "frame_drop", 0, 1, {I}, {-1}},
    {MP_CMD_SUB_POS, "sub_pos", 1, 2, {I, I}, {0}},
    {MP_CMD_SUB_ALIGNMENT, "sub_alignment", 0, 1, {I}, {-1}},
    {MP_CMD_SUB_VISIBILITY, "sub_visibility", 0, 1, {I}, {-1}},
    {MP_CMD_SUB_LOAD, "sub_load", 1, 1, {S}, {0}},
    {MP_CMD_SUB_REMOVE, "sub_remove", 0, 1, {I}, {-1}},
    {MP_CMD_SUB_SELECT, "vobsub_lang", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_SELECT, "sub_select", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_SOURCE, "sub_source", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_VOB, "sub_vob", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_DEMUX, "sub_demux", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_FILE, "sub_file", 0, 1, {I}, {-2}},
    {MP_CMD_SUB_LOG, "sub_log", 0, 0, {0}, {0}},
    {MP_CMD_SUB_SCALE, "sub_scale", 1, 2, {F, I}, {0}},
    {MP_CMD_ASS_USE_MARGINS, "ass_use_margins", 0, 1, {I}, {-1}},
    {MP_CMD_GET_PERCENT_POS, "get_percent_pos", 0, 0, {0}, {0}},
    {MP_CMD_GET_TIME_POS, "get_time_pos", 0, 0, {0}, {0}},
    {MP_CMD_GET_TIME_LENGTH, "get_time_length", 0, 0, {0}, {0}},
    {MP_CMD_GET_FILENAME, "get_file_name", 0, 0, {0}, {0}},
    {MP_CMD_GET_VIDEO_CODEC, "get_video_codec", 0, 0, {0}, {0}},
    {MP_CMD_GET_VIDEO_BITRATE, "get_video_bitrate", 0, 0, {0}, {0}},
    {MP_CMD_GET_VIDEO_RESOLUTION, "get_video_resolution", 0, 0, {0}, {0}},
    {MP_CMD_GET_AUDIO_CODEC, "get_audio_codec", 0, 0, {0}, {0}},
    {MP_CMD_GET_AUDIO_BITRATE, "get_audio_bitrate", 0, 0, {0}, {0}},
    {MP_CMD_GET_AUDIO_SAMPLES, "get_audio_samples", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_TITLE, "get_meta_title", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_ARTIST, "get_meta_artist", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_ALBUM, "get_meta_album", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_YEAR, "get_meta_year", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_COMMENT, "get_meta_comment", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_TRACK, "get_meta_track", 0, 0, {0}, {0}},
    {MP_CMD_GET_META_GENRE, "get_meta_genre", 0, 0, {0}, {0}},
    {MP_CMD_SWITCH_AUDIO, "switch_audio", 0, 1, {I}, {-1}},
    {MP_CMD_SWITCH_VIDEO, "switch_video", 0, 1, {I}, {-1}},
    {MP_CMD_SWITCH_ANGLE, "switch_angle", 0, 1, {I}, {-1}},
    {MP_CMD_SWITCH_TITLE, "switch_title", 0, 1, {I}, {-1}},
    {MP_CMD_SUB_FORCED_ONLY, "forced_subs_only", 0, 1, {I}, {-1}},
    {MP_CMD_SWITCH_RATIO, "switch_ratio", 0, 1, {F}, {0}},
    {MP_CMD_VO_FULLSCREEN, "vo_fullscreen", 0, 1, {I}, {-1}},
    {MP_CMD_VO_ONTOP, "vo_ontop", 0, 1, {I}, {-1}},
    {MP_CMD_FILE_FILTER, "file_filter", 1, 1, {I}, {0}},
    {MP_CMD_VO_ROOTWIN, "vo_rootwin", 0, 1, {I}, {-1}},
    {MP_CMD_VO_BORDER, "vo_border", 0, 1, {I}, {-1}},
    {MP_CMD_SCREENSHOT, "screenshot", 0, 1, {I}, {0}},
    {MP_CMD_PANSCAN, "panscan", 1, 2, {F, I}, {0}},
    {MP_CMD_SWITCH_VSYNC, "switch_vsync", 0, 1, {I}, {0}},
    {MP_CMD_LOADFILE, "loadfile", 1, 2, {S, I}, {0}},
    {MP_CMD_LOADLIST, "loadlist", 1, 2, {S, I}, {0}},
    {MP_CMD_RUN, "run", 1, 1, {S}, {0}},
    {MP_CMD_CAPTURING, "capturing", 0, 0, {0}, {0}},
    {MP_CMD_VF_CHANGE_RECTANGLE, "change_rectangle", 2, 2, {I, I}, {0}},
    {MP_CMD_TV_TELETEXT_ADD_DEC, "teletext_add_dec", 1, 1, {S}, {0}},
    {MP_CMD_TV_TELETEXT_GO_LINK, "teletext_go_link", 1, 1, {I}, {0}},
    {MP_CMD_OVERLAY_ADD, "overlay_add", 5, 5, {S, I, I, I, I}, {0}},
    {MP_CMD_OVERLAY_REMOVE, "overlay_remove", 1, 1, {I}, {0}},
    {MP_CMD_GET_VO_FULLSCREEN, "get_vo_fullscreen", 0, 0, {0}, {0}},
    {MP_CMD_GET_SUB_VISIBILITY, "get_sub_visibility", 0, 0, {0}, {0}},
    {MP_CMD_KEYDOWN_EVENTS, "key_down_event", 1, 1, {I}, {0}},
    {MP_CMD_SET_PROPERTY, "set_property", 2, 2, {S, S}, {0}},
    {MP_CMD_GET_PROPERTY, "get_property", 1, 1, {S}, {0}},
    {MP_CMD_STEP_PROPERTY, "step_property", 1, 3, {S, F, I}, {0}},
    {MP_CMD_SEEK_CHAPTER, "seek_chapter", 1, 2, {I, I}, {0}},
    {MP_CMD_SET_MOUSE_POS, "set_mouse_pos", 2, 2, {I, I}, {0}},
    {MP_CMD_AF_EQ_SET, "af_eq_set_bands", 1, 1, {S}, {0}},
    {MP_CMD_AF_SWITCH, "af_switch", 1, 1, {S}, {0}},
    {MP_CMD_AF_ADD, "af_add", 1, 1, {S}, {0}},
    {MP_CMD_AF_DEL, "af_del", 1, 1, {S}, {0}},
    {MP_CMD_AF_CLR, "af_clr", 0, 0, {0}, {0}},
    {MP_CMD_AF_CMDLINE, "af_cmdline", 2, 2, {S, S}, {0}},
    {MP_CMD_VF_ADD, "vf_add", 1, 1, {S}, {0}},
    {MP_CMD_VF_DEL, "vf_del", 1, 1, {S}, {0}},
    {MP_CMD_VF_CLR, "vf_clr", 0, 0, {0}, {0}},
};

#undef I
#undef F
#undef S

#define NUM_DEFS ((int)(sizeof(cmd_defs) / sizeof(cmd_defs[0])))

const struct mp_cmd_def *mp_cmd_def_get(int i)
{
    return i >= 0 && i < NUM_DEFS ? &cmd_defs[i] : NULL;
}

static const struct mp_cmd_def *find_def(const char *name, size_t len)
{
    for (int i = 0; i < NUM_DEFS; i++) {
        if (strlen(cmd_defs[i].name) == len && strncasecmp(cmd_defs[i].name, name, len) == 0)
            return &cmd_defs[i];
    }
    return NULL;
}

const struct mp_cmd_def *mp_cmd_def_find(const char *name)
{
    return name ? find_def(name, strlen(name)) : NULL;
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
    for (int k = 0; k < def->num_args && pos < sizeof(line); k++) {
        const char *t = type_name(def->types[k]);
        n = k < def->min_args ? snprintf(line + pos, sizeof(line) - pos, " %s", t)
                              : snprintf(line + pos, sizeof(line) - pos, " [%s]", t);
        if (n < 0)
            break;
        pos += (size_t)n;
    }
    return snprintf(buf, size, "%s", line);
}

void mp_input_print_cmdlist(void)
{
    char line[256];
    for (int i = 0; i < NUM_DEFS; i++) {
        mp_cmd_def_format(&cmd_defs[i], line, sizeof(line));
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
static int parse_line(const char *text, size_t len, struct mp_cmd **out, char *err,
                      size_t errsize)
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

    const struct mp_cmd_def *def = find_def(p, wl);
    if (!def) {
        ret = set_err(err, errsize, MP_CMD_ERR_UNKNOWN, "Unknown command '%.*s'.",
                      (int)(wl > 64 ? 64 : wl), p);
        goto done;
    }
    cmd->id = def->id;
    cmd->name = def->name;
    p += wl;

    int n = 0;
    for (; n < def->num_args; n++) {
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
    for (int k = n; k < def->num_args; k++) {
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
    if (cmd->pausing == MP_PAUSING_NONE &&
        (cmd->id == MP_CMD_KEYDOWN_EVENTS || cmd->id == MP_CMD_SET_MOUSE_POS))
        cmd->pausing = MP_PAUSING_KEEP_FORCE;

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

int mp_cmd_parse_msg(const char *line, struct mp_cmd **out, char *err, size_t errsize)
{
    /* strnlen: a huge line is rejected without walking all of it twice. */
    size_t len = strnlen(line, MP_CMD_MAX_LINE + 3);
    if (len == MP_CMD_MAX_LINE + 3) {
        *out = NULL;
        return set_err(err, errsize, MP_CMD_ERR_TOO_LONG,
                       "Command line too long (more than %d bytes), ignored.", MP_CMD_MAX_LINE);
    }
    return parse_line(line, len, out, err, errsize);
}

int mp_cmd_parse(const char *line, struct mp_cmd **out)
{
    char err[256];
    int r = mp_cmd_parse_msg(line, out, err, sizeof(err));
    if (r != MP_CMD_OK && err[0])
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s\n", err);
    return r;
}
