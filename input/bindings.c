/*
 * Key bindings: MPlayer's built-in defaults and input.conf.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The user's bindings are searched first, then the defaults, so an
 * input.conf line overrides one key and leaves the others alone, as in
 * MPlayer. "ignore" is a binding to nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "input/input.h"

struct binding {
    int keys[MP_MAX_KEY_DOWN];
    int nkeys;
    char *cmd;
};

struct bind_list {
    struct binding *v;
    int n, cap;
};

struct mp_bindings {
    const struct mp_cmd_def *cmds; /* what input.conf lines are checked against */
    struct bind_list user;
    struct bind_list defaults;
};

/* MPlayer's def_cmd_binds, without the DVD navigation, TV, joystick and
 * Apple Remote ones. */
static const struct {
    const char *key;
    const char *cmd;
} default_binds[] = {
    {"CTRL", "ignore"},
    {"MOUSE_BTN3", "seek 10"},
    {"MOUSE_BTN4", "seek -10"},
    {"MOUSE_BTN5", "volume 1"},
    {"MOUSE_BTN6", "volume -1"},
    {"RIGHT", "seek 10"},
    {"LEFT", "seek -10"},
    {"UP", "seek 60"},
    {"DOWN", "seek -60"},
    {"PGUP", "seek 600"},
    {"PGDWN", "seek -600"},
    {"+", "audio_delay 0.100"},
    {"-", "audio_delay -0.100"},
    {"[", "speed_mult 0.9091"},
    {"]", "speed_mult 1.1"},
    {"{", "speed_mult 0.5"},
    {"}", "speed_mult 2.0"},
    {"BS", "speed_set 1.0"},
    {"q", "quit"},
    {"ESC", "quit"},
    {"p", "pause"},
    {"SPACE", "pause"},
    {".", "frame_step"},
    {"HOME", "pt_up_step 1"},
    {"END", "pt_up_step -1"},
    {">", "pt_step 1"},
    {"ENTER", "pt_step 1 1"},
    {"<", "pt_step -1"},
    {"INS", "alt_src_step 1"},
    {"DEL", "alt_src_step -1"},
    {"o", "osd"},
    {"I", "osd_show_property_text \"${filename}\""},
    {"P", "osd_show_progression"},
    {"z", "sub_delay -0.1"},
    {"x", "sub_delay +0.1"},
    {"g", "sub_step -1"},
    {"y", "sub_step +1"},
    {"9", "volume -1"},
    {"/", "volume -1"},
    {"0", "volume 1"},
    {"*", "volume 1"},
    {"(", "balance -0.1"},
    {")", "balance 0.1"},
    {"m", "mute"},
    {"1", "contrast -1"},
    {"2", "contrast 1"},
    {"3", "brightness -1"},
    {"4", "brightness 1"},
    {"5", "hue -1"},
    {"6", "hue 1"},
    {"7", "saturation -1"},
    {"8", "saturation 1"},
    {"d", "frame_drop"},
    {"D", "step_property deinterlace"},
    {"r", "sub_pos -1"},
    {"t", "sub_pos +1"},
    {"a", "sub_alignment"},
    {"v", "sub_visibility"},
    {"j", "sub_select"},
    {"J", "sub_select -3"},
    {"F", "forced_subs_only"},
    {"SHARP", "switch_audio"},
    {"_", "step_property switch_video"},
    {"TAB", "step_property switch_program"},
    {"i", "edl_mark"},
    {"X", "step_property teletext_mode 1"},
    {"W", "step_property teletext_page 1"},
    {"Q", "step_property teletext_page -1"},
    {"T", "vo_ontop"},
    {"f", "vo_fullscreen"},
    {"c", "capturing"},
    {"s", "screenshot 0"},
    {"S", "screenshot 1"},
    {"w", "panscan -0.1"},
    {"e", "panscan +0.1"},
    {"POWER", "quit"},
    {"MENU", "osd"},
    {"PLAY", "pause"},
    {"PAUSE", "pause"},
    {"PLAYPAUSE", "pause"},
    {"STOP", "quit"},
    {"FORWARD", "seek 60"},
    {"REWIND", "seek -60"},
    {"NEXT", "pt_step 1"},
    {"PREV", "pt_step -1"},
    {"VOLUME_UP", "volume 1"},
    {"VOLUME_DOWN", "volume -1"},
    {"MUTE", "mute"},
    {"CLOSE_WIN", "quit"},
    {"!", "seek_chapter -1"},
    {"@", "seek_chapter 1"},
    {"A", "switch_angle 1"},
    {"U", "stop"},
};

static struct binding *list_find(const struct bind_list *l, const int *keys, int nkeys)
{
    for (int i = 0; i < l->n; i++) {
        struct binding *b = &l->v[i];
        if (b->nkeys == nkeys && memcmp(b->keys, keys, sizeof(int) * (size_t)nkeys) == 0)
            return b;
    }
    return NULL;
}

static int list_set(struct bind_list *l, const int *keys, int nkeys, const char *cmd)
{
    char *copy = strdup(cmd);
    if (!copy)
        return -1;
    struct binding *b = list_find(l, keys, nkeys);
    if (b) {
        free(b->cmd);
        b->cmd = copy;
        return 0;
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        struct binding *v = realloc(l->v, sizeof(*v) * (size_t)cap);
        if (!v) {
            free(copy);
            return -1;
        }
        l->v = v;
        l->cap = cap;
    }
    b = &l->v[l->n++];
    memcpy(b->keys, keys, sizeof(int) * (size_t)nkeys);
    b->nkeys = nkeys;
    b->cmd = copy;
    return 0;
}

static void list_free(struct bind_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i].cmd);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

struct mp_bindings *mp_bindings_create(const struct mp_cmd_def *cmds, bool with_defaults)
{
    struct mp_bindings *b = calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    b->cmds = cmds;
    if (!with_defaults)
        return b;
    for (size_t i = 0; i < sizeof(default_binds) / sizeof(default_binds[0]); i++) {
        int keys[MP_MAX_KEY_DOWN];
        int n = mp_input_keys_from_name(default_binds[i].key, keys);
        if (n <= 0 || list_set(&b->defaults, keys, n, default_binds[i].cmd) < 0) {
            mp_bindings_free(b);
            return NULL;
        }
    }
    return b;
}

void mp_bindings_free(struct mp_bindings *b)
{
    if (!b)
        return;
    list_free(&b->user);
    list_free(&b->defaults);
    free(b);
}

int mp_bindings_bind(struct mp_bindings *b, const char *keyname, const char *cmd)
{
    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name(keyname, keys);
    if (n <= 0)
        return -1;
    return list_set(&b->user, keys, n, cmd);
}

const char *mp_bindings_lookup(const struct mp_bindings *b, const int *keys, int nkeys)
{
    if (!b || nkeys <= 0 || nkeys > MP_MAX_KEY_DOWN)
        return NULL;
    const struct binding *bd = list_find(&b->user, keys, nkeys);
    if (!bd)
        bd = list_find(&b->defaults, keys, nkeys);
    return bd ? bd->cmd : NULL;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* One input.conf line (no newline). Returns 1 when a binding was made. */
static int parse_conf_line(struct mp_bindings *b, char *line, const char *src, int lineno)
{
    char *p = line;
    while (is_space(*p))
        p++;
    if (!*p || *p == '#')
        return 0;
    char *key = p;
    while (*p && !is_space(*p))
        p++;
    if (*p)
        *p++ = '\0';
    while (is_space(*p))
        p++;
    char *cmd = p;
    char *end = cmd + strlen(cmd);
    while (end > cmd && is_space(end[-1]))
        *--end = '\0';
    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name(key, keys);
    if (n <= 0) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s:%d: Unknown key '%s'\n", src, lineno, key);
        return 0;
    }
    if (!*cmd) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s:%d: No command found for key %s\n", src, lineno,
               key);
        return 0;
    }
    if (strcmp(cmd, "ignore") != 0) {
        struct mp_cmd *c = NULL;
        char err[256];
        int r = mp_cmd_parse_msg(b->cmds, cmd, &c, err, sizeof(err));
        mp_cmd_free(c);
        /* Kept anyway, like MPlayer: the message says which line is wrong
         * and pressing the key says it again. */
        if (r != MP_CMD_OK)
            mp_msg(MSGT_INPUT, MSGL_WARN, "%s:%d: key %s: %s\n", src, lineno, key,
                   r == MP_CMD_ERR_EMPTY ? "empty command" : err);
    }
    if (list_set(&b->user, keys, n, cmd) < 0) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s:%d: out of memory\n", src, lineno);
        return 0;
    }
    return 1;
}

int mp_bindings_parse(struct mp_bindings *b, const char *text, const char *src)
{
    int made = 0, lineno = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\n");
        lineno++;
        char *line = malloc(len + 1);
        if (!line)
            break;
        memcpy(line, p, len);
        line[len] = '\0';
        made += parse_conf_line(b, line, src, lineno);
        free(line);
        p += len;
        if (*p == '\n')
            p++;
    }
    return made;
}

int mp_bindings_load_file(struct mp_bindings *b, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        mp_msg(MSGT_INPUT, MSGL_V, "Reading optional input config file %s: %s\n", path,
               strerror(errno));
        return -1;
    }
    /* input.conf files are a few kB; 1 MB bounds a wrong path. */
    const size_t max = 1 << 20;
    char *text = malloc(max + 1);
    size_t len = text ? fread(text, 1, max, f) : 0;
    bool bad = !text || ferror(f);
    fclose(f);
    if (bad) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "Error while reading input config file %s\n", path);
        free(text);
        return -1;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "Input config file %s contains binary data, ignored.\n",
               path);
        free(text);
        return -1;
    }
    mp_msg(MSGT_INPUT, MSGL_V, "Parsing input config file %s\n", path);
    int made = mp_bindings_parse(b, text, path);
    mp_msg(MSGT_INPUT, MSGL_V, "Input config file %s parsed: %d binds\n", path, made);
    free(text);
    return made;
}
