/*
 * fuzz_slave: the input is slave-mode text and input.conf text. Each line
 * goes through mp_cmd_parse / mp_cmd_parse_msg (and the parsed command
 * through mp_cmd_clone), through the key-name parser and mp_input_opts_parse;
 * the whole text through mp_bindings_parse and the terminal key decoder.
 * Checks what input/input.h promises about each result.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>

#include "input/input.h"
#include "player/player.h"
#include "tests/fuzz/fuzz.h"

/* The player's table: the lines front-ends send are parsed against it. */
#define FS_CMDS mp_player_cmd_table()

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_init();
    return 0;
}

static void fs_check_cmd(const struct mp_cmd *cmd)
{
    const struct mp_cmd_def *def = mp_cmd_def_find(FS_CMDS, cmd->name);
    FUZZ_CHECK(def && def == cmd->def);
    int num_args = mp_cmd_def_num_args(def);
    FUZZ_CHECK(cmd->nargs >= 0 && cmd->nargs <= num_args);
    FUZZ_CHECK(cmd->pausing >= MP_PAUSING_NONE && cmd->pausing <= MP_PAUSING_KEEP_FORCE);
    for (int k = 0; k < MP_CMD_MAX_ARGS; k++) {
        const struct mp_cmd_arg *a = &cmd->args[k];
        if (k >= num_args) {
            FUZZ_CHECK(a->type == MP_CMD_ARG_NONE);
            continue;
        }
        FUZZ_CHECK(a->type == def->types[k]);
        if (a->type == MP_CMD_ARG_STRING)
            FUZZ_CHECK(a->v.s != NULL);
        if (a->type == MP_CMD_ARG_FLOAT)
            FUZZ_CHECK(isfinite(a->v.f));
    }
}

static void fs_check_clone(const struct mp_cmd *cmd)
{
    struct mp_cmd *c = mp_cmd_clone(cmd);
    if (!c)
        return;
    FUZZ_CHECK(c->def == cmd->def && c->nargs == cmd->nargs && c->pausing == cmd->pausing);
    for (int k = 0; k < MP_CMD_MAX_ARGS; k++) {
        FUZZ_CHECK(c->args[k].type == cmd->args[k].type);
        if (c->args[k].type == MP_CMD_ARG_STRING) {
            FUZZ_CHECK(c->args[k].v.s != cmd->args[k].v.s);
            FUZZ_CHECK(!strcmp(c->args[k].v.s, cmd->args[k].v.s));
        }
    }
    mp_cmd_free(c);
}

static void fs_line(const char *line)
{
    char err[256];
    memset(err, 'x', sizeof(err));
    struct mp_cmd *cmd = NULL;
    int r = mp_cmd_parse_msg(FS_CMDS, line, &cmd, err, sizeof(err));
    FUZZ_CHECK(memchr(err, '\0', sizeof(err)));
    FUZZ_CHECK((r == MP_CMD_OK) == (cmd != NULL));
    FUZZ_CHECK(r <= 0 && r >= MP_CMD_ERR_QUEUE_FULL);
    if (cmd) {
        fs_check_cmd(cmd);
        fs_check_clone(cmd);
        mp_cmd_free(cmd);
    }
    /* The printing variant must agree. */
    struct mp_cmd *cmd2 = NULL;
    FUZZ_CHECK(mp_cmd_parse(FS_CMDS, line, &cmd2) == r);
    mp_cmd_free(cmd2);

    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name(line, keys);
    FUZZ_CHECK(n == -1 || (n >= 1 && n <= MP_MAX_KEY_DOWN));
    for (int i = 0; i < n; i++) {
        char name[64];
        memset(name, 'x', sizeof(name));
        const char *s = mp_input_key_name(keys[i], name, sizeof(name));
        FUZZ_CHECK(s == name && memchr(name, '\0', sizeof(name)) && name[0]);
    }
    int code = mp_input_key_from_name(line);
    if (code >= 0) {
        char name[64];
        mp_input_key_name(code, name, sizeof(name));
        /* The name a key prints as names that key again. */
        FUZZ_CHECK(mp_input_key_from_name(name) == code);
    }

    struct mp_input_opts io;
    mp_input_opts_init(&io);
    mp_input_opts_parse(&io, line);
    mp_input_opts_free(&io);
}

static void fs_term(const uint8_t *data, size_t size)
{
    size_t pos = 0;
    while (pos < size) {
        int code = 0;
        size_t n = mp_input_term_decode(data + pos, size - pos, true, &code);
        FUZZ_CHECK(n <= size - pos);
        if (n == 0) {
            /* Only the start of a sequence: with no more to come,
             * something must be consumed. */
            n = mp_input_term_decode(data + pos, size - pos, false, &code);
            FUZZ_CHECK(n >= 1 && n <= size - pos);
        }
        pos += n;
    }
}

static void fs_bindings(const char *text, char **lines, int nlines)
{
    struct mp_bindings *b = mp_bindings_create(FS_CMDS, nlines % 2 == 0);
    if (!b)
        return;
    int made = mp_bindings_parse(b, text, "fuzz");
    FUZZ_CHECK(made >= 0);
    for (int i = 0; i < nlines; i++) {
        /* The first word of each line as a key combination. */
        char word[64];
        size_t len = strcspn(lines[i], " \t");
        if (len >= sizeof(word))
            continue;
        memcpy(word, lines[i], len);
        word[len] = '\0';
        int keys[MP_MAX_KEY_DOWN];
        int n = mp_input_keys_from_name(word, keys);
        if (n > 0)
            mp_bindings_lookup(b, keys, n);
        if (i < 16)
            mp_bindings_bind(b, word, lines[i] + len);
    }
    mp_bindings_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fs_term(data, size);
    char *text = fuzz_strndup(data, size);
    char *work = fuzz_strndup(data, size);
    char **lines = calloc(size + 1, sizeof(*lines));
    if (!text || !work || !lines)
        goto done;
    int nlines = 0;
    char *p = work;
    for (size_t i = 0; i <= size; i++) {
        if (i == size || work[i] == '\n' || work[i] == '\0') {
            work[i] = '\0';
            lines[nlines++] = p;
            p = work + i + 1;
        }
    }
    for (int i = 0; i < nlines; i++)
        fs_line(lines[i]);
    fs_bindings(text, lines, nlines);
done:
    free(lines);
    free(work);
    free(text);
    return 0;
}
