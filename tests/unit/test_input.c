/*
 * Unit tests for input/: slave command parsing, key names, bindings and
 * input.conf, terminal key decoding, and the source reading pipes, FIFOs
 * and a pseudo-terminal.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "input/input.h"
#include "player/player.h"
#include "test_util.h"

/* The player's command table: the one every line is parsed against. */
#define CMDS mp_player_cmd_table()

/* Parse a line that must succeed. */
static struct mp_cmd *parse_ok(const char *line)
{
    struct mp_cmd *cmd = NULL;
    char err[256];
    int r = mp_cmd_parse_msg(CMDS, line, &cmd, err, sizeof(err));
    if (r != MP_CMD_OK)
        fprintf(stderr, "unexpected failure for '%s': %d %s\n", line, r, err);
    assert_int_equal(r, MP_CMD_OK);
    assert_non_null(cmd);
    return cmd;
}

/* Parse a line that must fail with code; returns the message. */
static void parse_fail(const char *line, int code, const char *msg)
{
    struct mp_cmd *cmd = (struct mp_cmd *)1;
    char err[256];
    int r = mp_cmd_parse_msg(CMDS, line, &cmd, err, sizeof(err));
    assert_int_equal(r, code);
    assert_null(cmd);
    if (msg)
        assert_string_equal(err, msg);
}

static void test_arg_types(void **state)
{
    (void)state;
    struct mp_cmd *c = parse_ok("seek 10.5 2");
    assert_string_equal(c->name, "seek");
    assert_string_equal(c->name, "seek");
    assert_int_equal(c->nargs, 2);
    assert_int_equal(c->args[0].type, MP_CMD_ARG_FLOAT);
    assert_true(c->args[0].v.f == 10.5);
    assert_int_equal(c->args[1].type, MP_CMD_ARG_INT);
    assert_int_equal(c->args[1].v.i, 2);
    assert_int_equal(c->args[2].type, MP_CMD_ARG_NONE);
    assert_int_equal(c->pausing, MP_PAUSING_NONE);
    mp_cmd_free(c);

    c = parse_ok("seek -600");
    assert_int_equal(c->nargs, 1);
    assert_true(c->args[0].v.f == -600);
    assert_int_equal(c->args[1].type, MP_CMD_ARG_INT); /* default filled */
    assert_int_equal(c->args[1].v.i, 0);
    mp_cmd_free(c);

    c = parse_ok("sub_delay +0.1");
    assert_true(c->args[0].v.f > 0.0999 && c->args[0].v.f < 0.1001);
    mp_cmd_free(c);

    c = parse_ok("osd");
    assert_int_equal(c->nargs, 0);
    assert_int_equal(c->args[0].v.i, -1);
    mp_cmd_free(c);

    c = parse_ok("sub_select");
    assert_string_equal(c->name, "sub_select");
    assert_int_equal(c->args[0].v.i, -2);
    mp_cmd_free(c);

    c = parse_ok("quit 3");
    assert_string_equal(c->name, "quit");
    assert_int_equal(c->args[0].v.i, 3);
    mp_cmd_free(c);

    /* MPlayer's atoi took the integer part of any number. */
    c = parse_ok("quit 1.9");
    assert_int_equal(c->args[0].v.i, 1);
    mp_cmd_free(c);

    c = parse_ok("set_property volume 50");
    assert_string_equal(c->name, "set_property");
    assert_int_equal(c->args[0].type, MP_CMD_ARG_STRING);
    assert_string_equal(c->args[0].v.s, "volume");
    assert_string_equal(c->args[1].v.s, "50");
    mp_cmd_free(c);

    c = parse_ok("osd_show_text hi");
    assert_int_equal(c->nargs, 1);
    assert_int_equal(c->args[1].v.i, -1);
    assert_int_equal(c->args[2].v.i, 0);
    mp_cmd_free(c);

    c = parse_ok("step_property switch_video");
    assert_int_equal(c->args[1].type, MP_CMD_ARG_FLOAT);
    assert_true(c->args[1].v.f == 0);
    mp_cmd_free(c);

    c = parse_ok("  PAUSE\t");
    assert_string_equal(c->name, "pause");
    mp_cmd_free(c);

    /* Extra arguments are ignored, a '#' argument starts a comment. */
    c = parse_ok("pause 1 2 3");
    assert_int_equal(c->nargs, 0);
    mp_cmd_free(c);
    c = parse_ok("seek 5 # and 1");
    assert_int_equal(c->nargs, 1);
    mp_cmd_free(c);

    c = parse_ok("get_time_pos\r\n");
    assert_string_equal(c->name, "get_time_pos");
    struct mp_cmd *d = mp_cmd_clone(c);
    assert_non_null(d);
    assert_string_equal(d->name, "get_time_pos");
    mp_cmd_free(c);
    mp_cmd_free(d);

    c = parse_ok("loadfile a.mkv 1");
    d = mp_cmd_clone(c);
    mp_cmd_free(c);
    assert_string_equal(d->args[0].v.s, "a.mkv");
    assert_int_equal(d->args[1].v.i, 1);
    mp_cmd_free(d);
}

static void test_quoting(void **state)
{
    (void)state;
    struct mp_cmd *c = parse_ok("loadfile \"my file.mkv\" 1");
    assert_string_equal(c->args[0].v.s, "my file.mkv");
    assert_int_equal(c->args[1].v.i, 1);
    mp_cmd_free(c);

    c = parse_ok("loadfile 'single quoted.ogg'");
    assert_string_equal(c->args[0].v.s, "single quoted.ogg");
    mp_cmd_free(c);

    c = parse_ok("osd_show_text \"say \\\"hi\\\" \\\\ ok\" 2000 1");
    assert_string_equal(c->args[0].v.s, "say \"hi\" \\ ok");
    assert_int_equal(c->args[1].v.i, 2000);
    assert_int_equal(c->args[2].v.i, 1);
    mp_cmd_free(c);

    c = parse_ok("loadfile a\\ b.mkv");
    assert_string_equal(c->args[0].v.s, "a b.mkv");
    mp_cmd_free(c);

    c = parse_ok("loadfile \"\"");
    assert_string_equal(c->args[0].v.s, "");
    mp_cmd_free(c);

    c = parse_ok("osd_show_property_text \"${filename}\"");
    assert_string_equal(c->args[0].v.s, "${filename}");
    mp_cmd_free(c);

    c = parse_ok("loadfile \"/tmp/d\\xe9j\xc3\xa0 vu.mkv\"");
    assert_string_equal(c->args[0].v.s, "/tmp/dxe9j\xc3\xa0 vu.mkv");
    mp_cmd_free(c);

    parse_fail("osd_show_text \"open", MP_CMD_ERR_BAD_ARG,
               "Command osd_show_text: argument 1 is unterminated.");
    parse_fail("loadfile 'x\\'", MP_CMD_ERR_BAD_ARG,
               "Command loadfile: argument 1 is unterminated.");
}

static void test_prefixes(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int pausing;
    } t[] = {
        {"pausing seek 5", MP_PAUSING},
        {"pausing_keep seek 5", MP_PAUSING_KEEP},
        {"pausing_toggle seek 5", MP_PAUSING_TOGGLE},
        {"pausing_keep_force   seek 5", MP_PAUSING_KEEP_FORCE},
        {"seek 5", MP_PAUSING_NONE},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        struct mp_cmd *c = parse_ok(t[i].line);
        assert_string_equal(c->name, "seek");
        assert_true(c->args[0].v.f == 5);
        assert_int_equal(c->pausing, t[i].pausing);
        mp_cmd_free(c);
    }
    struct mp_cmd *c = parse_ok("key_down_event 113");
    assert_int_equal(c->pausing, MP_PAUSING_KEEP_FORCE);
    assert_int_equal(c->args[0].v.i, 'q');
    mp_cmd_free(c);
    c = parse_ok("pausing_keep key_down_event 113");
    assert_int_equal(c->pausing, MP_PAUSING_KEEP);
    mp_cmd_free(c);
    parse_fail("pausing", MP_CMD_ERR_UNKNOWN, "Unknown command 'pausing'.");
    parse_fail("pausing_keep   ", MP_CMD_ERR_UNKNOWN, "Unknown command 'pausing_keep'.");
    parse_fail("pausing pausing pause", MP_CMD_ERR_UNKNOWN, "Unknown command 'pausing'.");
}

static void test_errors(void **state)
{
    (void)state;
    parse_fail("seek", MP_CMD_ERR_TOO_FEW,
               "Command seek requires at least 1 arguments, we found only 0 so far.");
    parse_fail("set_property volume", MP_CMD_ERR_TOO_FEW,
               "Command set_property requires at least 2 arguments, we found only 1 so far.");
    parse_fail("pausing_keep overlay_add a 1 2", MP_CMD_ERR_TOO_FEW,
               "Command overlay_add requires at least 5 arguments, we found only 3 so far.");
    parse_fail("seek # nothing", MP_CMD_ERR_TOO_FEW, NULL);
    parse_fail("foo 1", MP_CMD_ERR_UNKNOWN, "Unknown command 'foo'.");
    /* MPlayer matched prefixes; exact names only here. */
    parse_fail("get_time", MP_CMD_ERR_UNKNOWN, "Unknown command 'get_time'.");
    parse_fail("seek abc", MP_CMD_ERR_BAD_ARG, "Command seek: argument 1 isn't a float.");
    parse_fail("seek 10x", MP_CMD_ERR_BAD_ARG, "Command seek: argument 1 isn't a float.");
    parse_fail("seek nan", MP_CMD_ERR_BAD_ARG, NULL);
    parse_fail("seek 1e999", MP_CMD_ERR_BAD_ARG, NULL);
    parse_fail("seek 1 x", MP_CMD_ERR_BAD_ARG, "Command seek: argument 2 isn't an integer.");
    parse_fail("quit 99999999999", MP_CMD_ERR_BAD_ARG, NULL);
    parse_fail("", MP_CMD_ERR_EMPTY, "");
    parse_fail("   \t ", MP_CMD_ERR_EMPTY, "");
    parse_fail("# a comment", MP_CMD_ERR_EMPTY, "");
    parse_fail("\n", MP_CMD_ERR_EMPTY, "");

    /* mp_cmd_parse prints the same message and returns the same code. */
    struct mp_cmd *c = (struct mp_cmd *)1;
    assert_int_equal(mp_cmd_parse(CMDS, "seek", &c), MP_CMD_ERR_TOO_FEW);
    assert_null(c);
}

static void test_long_and_binary(void **state)
{
    (void)state;
    /* Longest accepted line: exactly MP_CMD_MAX_LINE bytes. */
    char *line = malloc(MP_CMD_MAX_LINE + 100);
    assert_non_null(line);
    strcpy(line, "loadfile ");
    size_t n = strlen(line);
    memset(line + n, 'x', MP_CMD_MAX_LINE - n);
    line[MP_CMD_MAX_LINE] = '\0';
    struct mp_cmd *c = parse_ok(line);
    assert_int_equal(strlen(c->args[0].v.s), MP_CMD_MAX_LINE - n);
    mp_cmd_free(c);
    memset(line + n, 'x', MP_CMD_MAX_LINE + 50 - n);
    line[MP_CMD_MAX_LINE + 50] = '\0';
    parse_fail(line, MP_CMD_ERR_TOO_LONG, NULL);
    free(line);

    parse_fail("pause\x01", MP_CMD_ERR_BINARY, NULL);
    parse_fail("loadfile a\x1b[2Jb", MP_CMD_ERR_BINARY, NULL);
    parse_fail("\x7f", MP_CMD_ERR_BINARY, NULL);
    parse_fail("\xff\xfe\xfd", MP_CMD_ERR_UNKNOWN, NULL);

    /* Random bytes: never a crash, always a defined result. */
    unsigned seed = 12345;
    char buf[64];
    int ok = 0;
    for (int i = 0; i < 20000; i++) {
        static const char *const starts[] = {"seek ", "loadfile ", "pausing_keep quit ",
                                              "osd_show_text ", ""};
        const char *start = starts[rand_r(&seed) % 5];
        size_t len = strlen(start) + (size_t)(rand_r(&seed) % 40);
        memcpy(buf, start, strlen(start));
        for (size_t k = strlen(start); k < len; k++) {
            /* Mostly command-like text, sometimes anything. */
            static const char pool[] = "seek loadfile pausing \"'\\# 0123.-+e";
            int r = rand_r(&seed);
            buf[k] = (char)(r % 4 ? pool[(r >> 4) % (sizeof(pool) - 1)] : (r >> 8) % 255 + 1);
        }
        buf[len] = '\0';
        struct mp_cmd *cmd = NULL;
        char err[128];
        int r = mp_cmd_parse_msg(CMDS, buf, &cmd, err, sizeof(err));
        assert_true(r <= 0 && r >= MP_CMD_ERR_BINARY);
        assert_true((r == MP_CMD_OK) == (cmd != NULL));
        ok += r == MP_CMD_OK;
        mp_cmd_free(cmd);
    }
    assert_true(ok > 0);
}

static void test_table_and_cmdlist(void **state)
{
    (void)state;
    int count = 0;
    for (const struct mp_cmd_def *d = CMDS; d->name; d++) {
        count++;
        int num_args = mp_cmd_def_num_args(d);
        assert_true(d->min_args <= num_args && num_args <= MP_CMD_MAX_ARGS);
        assert_ptr_equal(mp_cmd_def_find(CMDS, d->name), d);
        for (int k = 0; k < num_args; k++)
            assert_true(d->types[k] >= MP_CMD_ARG_INT && d->types[k] <= MP_CMD_ARG_STRING);
        /* Every command with only optional args parses bare. */
        if (d->min_args == 0) {
            struct mp_cmd *c = parse_ok(d->name);
            assert_ptr_equal(c->def, d);
            mp_cmd_free(c);
        }
    }
    assert_true(count > 90);
    static const char *const must[] = {
        "loadfile", "loadlist", "pause", "frame_step", "quit", "stop", "seek", "speed_set",
        "speed_incr", "speed_mult", "volume", "mute", "switch_audio", "switch_video",
        "sub_select", "sub_load", "sub_remove", "sub_visibility", "sub_delay", "audio_delay",
        "osd", "osd_show_text", "osd_show_property_text", "vo_fullscreen", "screenshot",
        "get_time_pos", "get_time_length", "get_percent_pos", "get_file_name",
        "get_video_codec", "get_video_bitrate", "get_video_resolution", "get_audio_codec",
        "get_audio_bitrate", "get_audio_samples", "get_meta_title", "get_meta_artist",
        "get_meta_album", "get_meta_year", "get_meta_comment", "get_meta_track",
        "get_meta_genre", "get_sub_visibility", "get_vo_fullscreen", "get_property",
        "set_property", "step_property", "seek_chapter", "pt_step", "af_add", "af_del",
        "af_clr", "af_cmdline", "run", "key_down_event",
    };
    for (size_t i = 0; i < sizeof(must) / sizeof(must[0]); i++)
        assert_non_null(mp_cmd_def_find(CMDS, must[i]));
    assert_null(mp_cmd_def_find(CMDS, "nosuch"));

    char line[256];
    mp_cmd_def_format(mp_cmd_def_find(CMDS, "seek"), line, sizeof(line));
    assert_string_equal(line, "seek                 Float [Integer]");
    mp_cmd_def_format(mp_cmd_def_find(CMDS, "osd_show_property_text"), line, sizeof(line));
    assert_string_equal(line, "osd_show_property_te String [Integer] [Integer]");
    mp_cmd_def_format(mp_cmd_def_find(CMDS, "pause"), line, sizeof(line));
    assert_string_equal(line, "pause               ");
}

/* input/ parses against whatever table its owner gives: rows, defaults,
 * the default pausing and the handler come from that table alone. */
static int own_handler(void *ctx, const struct mp_cmd *cmd)
{
    *(int *)ctx += cmd->args[0].v.i;
    return 7;
}

static void test_own_table(void **state)
{
    (void)state;
    static const struct mp_cmd_def table[] = {
        { .name = "bump", .types = { MP_CMD_ARG_INT, MP_CMD_ARG_STRING }, .defaults = { 5 },
          .handler = own_handler, .flags = MP_CMD_F_QUERY },
        { .name = "hold", .min_args = 1, .types = { MP_CMD_ARG_FLOAT },
          .pausing = MP_PAUSING_KEEP_FORCE },
        { .name = NULL },
    };
    struct mp_cmd *c = NULL;
    assert_int_equal(mp_cmd_parse_msg(table, "BUMP", &c, NULL, 0), MP_CMD_OK);
    assert_ptr_equal(c->def, &table[0]);
    assert_int_equal(c->nargs, 0);
    assert_int_equal(c->args[0].v.i, 5);
    assert_string_equal(c->args[1].v.s, "");
    assert_int_equal(c->args[2].type, MP_CMD_ARG_NONE);
    assert_int_equal(c->pausing, MP_PAUSING_NONE);
    int sum = 1;
    assert_int_equal(c->def->handler(&sum, c), 7);
    assert_int_equal(sum, 6);
    mp_cmd_free(c);

    assert_int_equal(mp_cmd_parse_msg(table, "hold 0.5", &c, NULL, 0), MP_CMD_OK);
    assert_int_equal(c->pausing, MP_PAUSING_KEEP_FORCE);
    mp_cmd_free(c);
    assert_int_equal(mp_cmd_parse_msg(table, "pausing hold 1", &c, NULL, 0), MP_CMD_OK);
    assert_int_equal(c->pausing, MP_PAUSING);
    mp_cmd_free(c);

    /* A command of the player's table is unknown to this one. */
    char err[256];
    assert_int_equal(mp_cmd_parse_msg(table, "seek 1", &c, err, sizeof(err)),
                     MP_CMD_ERR_UNKNOWN);
    assert_null(c);
    assert_string_equal(err, "Unknown command 'seek'.");
    assert_null(mp_cmd_def_find(table, "seek"));
    assert_int_equal(mp_cmd_def_num_args(&table[0]), 2);

    /* An input made without a table is refused, not crashed. */
    struct mp_input_opts o;
    mp_input_opts_init(&o);
    assert_null(mp_input_create(&o));
}

static void test_key_names(void **state)
{
    (void)state;
    assert_int_equal(mp_input_key_from_name("q"), 'q');
    assert_int_equal(mp_input_key_from_name("SPACE"), ' ');
    assert_int_equal(mp_input_key_from_name("space"), ' ');
    assert_int_equal(mp_input_key_from_name("SHARP"), '#');
    assert_int_equal(mp_input_key_from_name("ENTER"), MP_KEY_ENTER);
    assert_int_equal(mp_input_key_from_name("ESC"), MP_KEY_ESC);
    assert_int_equal(mp_input_key_from_name("BS"), MP_KEY_BS);
    assert_int_equal(mp_input_key_from_name("TAB"), MP_KEY_TAB);
    assert_int_equal(mp_input_key_from_name("PGUP"), MP_KEY_PGUP);
    assert_int_equal(mp_input_key_from_name("PGDWN"), MP_KEY_PGDWN);
    assert_int_equal(mp_input_key_from_name("HOME"), MP_KEY_HOME);
    assert_int_equal(mp_input_key_from_name("END"), MP_KEY_END);
    assert_int_equal(mp_input_key_from_name("INS"), MP_KEY_INS);
    assert_int_equal(mp_input_key_from_name("DEL"), MP_KEY_DEL);
    assert_int_equal(mp_input_key_from_name("LEFT"), MP_KEY_LEFT);
    assert_int_equal(mp_input_key_from_name("F1"), MP_KEY_F + 1);
    assert_int_equal(mp_input_key_from_name("f12"), MP_KEY_F + 12);
    assert_int_equal(mp_input_key_from_name("F13"), -1);
    assert_int_equal(mp_input_key_from_name("F0"), -1);
    assert_int_equal(mp_input_key_from_name("KP0"), MP_KEY_KP0);
    assert_int_equal(mp_input_key_from_name("KP9"), MP_KEY_KP0 + 9);
    assert_int_equal(mp_input_key_from_name("KP_ENTER"), MP_KEY_KPENTER);
    assert_int_equal(mp_input_key_from_name("MOUSE_BTN0"), MP_MOUSE_BTN0);
    assert_int_equal(mp_input_key_from_name("MOUSE_BTN19"), MP_MOUSE_BTN0 + 19);
    assert_int_equal(mp_input_key_from_name("MOUSE_BTN20"), -1);
    assert_int_equal(mp_input_key_from_name("MOUSE_BTN3_DBL"), MP_MOUSE_BTN0_DBL + 3);
    assert_int_equal(mp_input_key_from_name("XF86_PAUSE"), MP_KEY_PAUSE);
    assert_int_equal(mp_input_key_from_name("CTRL_A"), 1);
    assert_int_equal(mp_input_key_from_name("0x41"), 'A');
    assert_int_equal(mp_input_key_from_name("\xc3\xa9"), 0xe9);
    assert_int_equal(mp_input_key_from_name("NOPE"), -1);
    assert_int_equal(mp_input_key_from_name(""), -1);
    assert_int_equal(mp_input_key_from_name("\xc3"), 0xc3); /* one byte is itself */
    assert_int_equal(mp_input_key_from_name("\xc3\x28"), -1);

    /* Names round-trip. */
    static const char *const names[] = {
        "SPACE", "SHARP", "ENTER", "ESC", "BS", "TAB", "DEL", "INS", "HOME", "END", "PGUP",
        "PGDWN", "LEFT", "RIGHT", "UP", "DOWN", "F1", "F12", "KP0", "KP_DEL", "MOUSE_BTN0",
        "MOUSE_BTN4_DBL", "CTRL", "CTRL_Z", "q", "Q", "+", "\xc3\xa9", "PLAYPAUSE", "CLOSE_WIN",
    };
    char buf[32];
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        int code = mp_input_key_from_name(names[i]);
        assert_true(code >= 0);
        assert_string_equal(mp_input_key_name(code, buf, sizeof(buf)), names[i]);
    }
    assert_string_equal(mp_input_key_name(0x7fffff0, buf, sizeof(buf)), "0x7fffff0");

    int keys[MP_MAX_KEY_DOWN];
    assert_int_equal(mp_input_keys_from_name("CTRL-a", keys), 2);
    assert_int_equal(keys[0], MP_KEY_CTRL);
    assert_int_equal(keys[1], 'a');
    assert_int_equal(mp_input_keys_from_name("-", keys), 1);
    assert_int_equal(keys[0], '-');
    assert_int_equal(mp_input_keys_from_name("a--", keys), 2);
    assert_int_equal(keys[1], '-');
    assert_int_equal(mp_input_keys_from_name("a-", keys), -1);
    assert_int_equal(mp_input_keys_from_name("a-NOPE", keys), -1);
    assert_int_equal(mp_input_keys_from_name("a-b-c-d-e-f-g-h", keys), 8);
    assert_int_equal(mp_input_keys_from_name("a-b-c-d-e-f-g-h-i", keys), -1);
}

/* The defaults MPlayer users know by heart. */
static void test_default_bindings(void **state)
{
    (void)state;
    struct mp_bindings *b = mp_bindings_create(CMDS, true);
    assert_non_null(b);
    static const struct {
        const char *key, *cmd;
    } t[] = {
        {"SPACE", "pause"},
        {"p", "pause"},
        {"q", "quit"},
        {"ESC", "quit"},
        {"LEFT", "seek -10"},
        {"RIGHT", "seek 10"},
        {"UP", "seek 60"},
        {"DOWN", "seek -60"},
        {"PGUP", "seek 600"},
        {"PGDWN", "seek -600"},
        {"9", "volume -1"},
        {"/", "volume -1"},
        {"0", "volume 1"},
        {"*", "volume 1"},
        {"m", "mute"},
        {"f", "vo_fullscreen"},
        {"o", "osd"},
        {"j", "sub_select"},
        {"#", "switch_audio"},
        {"v", "sub_visibility"},
        {".", "frame_step"},
        {"[", "speed_mult 0.9091"},
        {"]", "speed_mult 1.1"},
        {"{", "speed_mult 0.5"},
        {"}", "speed_mult 2.0"},
        {"BS", "speed_set 1.0"},
        {"z", "sub_delay -0.1"},
        {"x", "sub_delay +0.1"},
        {"+", "audio_delay 0.100"},
        {"-", "audio_delay -0.100"},
        {"s", "screenshot 0"},
        {"I", "osd_show_property_text \"${filename}\""},
        {"<", "pt_step -1"},
        {">", "pt_step 1"},
        {"ENTER", "pt_step 1 1"},
        {"CTRL", "ignore"},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        int keys[MP_MAX_KEY_DOWN];
        int n = mp_input_keys_from_name(t[i].key, keys);
        assert_int_equal(n, 1);
        const char *cmd = mp_bindings_lookup(b, keys, n);
        assert_non_null(cmd);
        assert_string_equal(cmd, t[i].cmd);
    }
    /* Every key with a name and every printable character: a default is
     * either "ignore" or a command that parses. */
    int bound = 0;
    for (int code = 1; code < 0x80; code++) {
        const char *cmd = mp_bindings_lookup(b, &code, 1);
        if (!cmd || strcmp(cmd, "ignore") == 0)
            continue;
        bound++;
        struct mp_cmd *c = parse_ok(cmd);
        mp_cmd_free(c);
    }
    assert_true(bound > 60);
    int k = 'K';
    assert_null(mp_bindings_lookup(b, &k, 1));
    mp_bindings_free(b);

    b = mp_bindings_create(CMDS, false);
    int sp = ' ';
    assert_null(mp_bindings_lookup(b, &sp, 1));
    mp_bindings_free(b);
}

static void test_conf_parse(void **state)
{
    (void)state;
    struct mp_bindings *b = mp_bindings_create(CMDS, true);
    const char *conf = "# my input.conf\n"
                       "\n"
                       "   q   pause   \n"
                       "SHARP seek 5\n"
                       "CTRL-f vo_fullscreen 1\r\n"
                       "NOSUCHKEY quit\n"
                       "k\n"
                       "K osd_show_text \"K pressed\" 500\n"
                       "p ignore\n"
                       "q quit 7\n"
                       "a no_such_command\n";
    int made = mp_bindings_parse(b, conf, "test.conf");
    assert_int_equal(made, 7); /* all but the unknown key and the empty command */
    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name("q", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "quit 7"); /* last line wins */
    n = mp_input_keys_from_name("#", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "seek 5");
    n = mp_input_keys_from_name("CTRL-f", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "vo_fullscreen 1");
    n = mp_input_keys_from_name("K", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "osd_show_text \"K pressed\" 500");
    n = mp_input_keys_from_name("p", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "ignore");
    n = mp_input_keys_from_name("k", keys);
    assert_null(mp_bindings_lookup(b, keys, n));
    /* Untouched defaults stay. */
    n = mp_input_keys_from_name("SPACE", keys);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "pause");

    assert_int_equal(mp_bindings_bind(b, "SPACE", "frame_step"), 0);
    assert_string_equal(mp_bindings_lookup(b, keys, n), "frame_step");
    assert_int_equal(mp_bindings_bind(b, "NOPE", "quit"), -1);
    mp_bindings_free(b);
}

static void test_opts_parse(void **state)
{
    (void)state;
    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    assert_true(o.default_bindings);
    assert_true(o.console_controls);
    assert_int_equal(mp_input_opts_parse(&o, "conf=my.conf:file=/tmp/fifo:nodefault-bindings"),
                     0);
    assert_string_equal(o.conf, "my.conf");
    assert_string_equal(o.in_file, "/tmp/fifo");
    assert_false(o.default_bindings);
    assert_false(o.print_cmdlist);
    assert_int_equal(mp_input_opts_parse(&o, "cmdlist:keylist:ar-delay=200"), 0);
    assert_true(o.print_cmdlist);
    assert_true(o.print_keylist);
    assert_int_equal(o.ar_delay, 200);
    assert_int_equal(mp_input_opts_parse(&o, "bogus=1"), -1);
    mp_input_opts_free(&o);
    assert_null(o.conf);
}

static void test_term_decode(void **state)
{
    (void)state;
    static const struct {
        const char *bytes;
        int code;
        size_t used;
    } t[] = {
        {"q", 'q', 1},
        {" ", ' ', 1},
        {"\x1b[A", MP_KEY_UP, 3},
        {"\x1b[B", MP_KEY_DOWN, 3},
        {"\x1b[C", MP_KEY_RIGHT, 3},
        {"\x1b[D", MP_KEY_LEFT, 3},
        {"\x1bOA", MP_KEY_UP, 3},
        {"\x1b[H", MP_KEY_HOME, 3},
        {"\x1b[F", MP_KEY_END, 3},
        {"\x1bOH", MP_KEY_HOME, 3},
        {"\x1b[1~", MP_KEY_HOME, 4},
        {"\x1b[2~", MP_KEY_INS, 4},
        {"\x1b[3~", MP_KEY_DEL, 4},
        {"\x1b[4~", MP_KEY_END, 4},
        {"\x1b[5~", MP_KEY_PGUP, 4},
        {"\x1b[6~", MP_KEY_PGDWN, 4},
        {"\x1bOP", MP_KEY_F + 1, 3},
        {"\x1bOS", MP_KEY_F + 4, 3},
        {"\x1b[[A", MP_KEY_F + 1, 4},
        {"\x1b[15~", MP_KEY_F + 5, 5},
        {"\x1b[17~", MP_KEY_F + 6, 5},
        {"\x1b[24~", MP_KEY_F + 12, 5},
        {"\x1b[1;5C", MP_KEY_RIGHT, 6},
        {"\x1b[5;2~", MP_KEY_PGUP, 6},
        {"\x1b[99~", -1, 5},
        {"\x1b[200~x", -1, 6},
        {"\x1b\x1b", MP_KEY_ESC, 2},
        {"\x1bx", MP_KEY_ESC, 1},
        {"\x7f", MP_KEY_BS, 1},
        {"\x08", MP_KEY_BS, 1},
        {"\r\n", MP_KEY_ENTER, 2},
        {"\n\n", MP_KEY_ENTER, 1},
        {"\t", MP_KEY_TAB, 1},
        {"\x01", MP_KEY_HOME, 1},
        {"\x05", MP_KEY_END, 1},
        {"\xc3\xa9", 0xe9, 2},
        {"\xe2\x82\xac", 0x20ac, 3},
        {"\x80", -1, 1},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        int code = -2;
        size_t n = mp_input_term_decode((const unsigned char *)t[i].bytes, strlen(t[i].bytes),
                                        true, &code);
        if (n != t[i].used || code != t[i].code)
            fprintf(stderr, "case %zu: used %zu code %#x\n", i, n, (unsigned)code);
        assert_int_equal(n, t[i].used);
        assert_int_equal(code, t[i].code);
    }
    /* Unfinished sequences wait for more, then give up. */
    static const char *const partial[] = {"\x1b", "\x1b[", "\x1b[1", "\x1b[1;5", "\x1bO",
                                          "\x1b[[", "\xc3", "\xe2\x82"};
    for (size_t i = 0; i < sizeof(partial) / sizeof(partial[0]); i++) {
        const unsigned char *p = (const unsigned char *)partial[i];
        size_t len = strlen(partial[i]);
        int code = -2;
        assert_int_equal(mp_input_term_decode(p, len, true, &code), 0);
        size_t n = mp_input_term_decode(p, len, false, &code);
        assert_true(n >= 1 && n <= len);
    }
    int code = -2;
    assert_int_equal(mp_input_term_decode((const unsigned char *)"\x1b", 1, false, &code), 1);
    assert_int_equal(code, MP_KEY_ESC);
}

/* ------------------------------------------------------------------ */
/* The source */

struct fixture {
    char *dir;
    char *old_home;
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    if (!f)
        return -1;
    f->dir = test_mkdtemp();
    const char *h = getenv("HOME");
    f->old_home = h ? strdup(h) : NULL;
    /* No user input.conf leaks into the tests. */
    setenv("HOME", f->dir, 1);
    *state = f;
    return f->dir ? 0 : -1;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    if (f->old_home)
        setenv("HOME", f->old_home, 1);
    free(f->old_home);
    test_rmdir(f->dir);
    free(f);
    return 0;
}

static void put(int fd, const char *s)
{
    size_t len = strlen(s);
    assert_int_equal(write(fd, s, len), (ssize_t)len);
}

/* Read the next command, expecting one (blocking up to 5 s, which only a
 * bug reaches). */
static struct mp_cmd *next_cmd(struct mp_input *in)
{
    struct mp_cmd *c = mp_input_read_cmd(in, 5.0);
    assert_non_null(c);
    return c;
}

static void expect(struct mp_input *in, const char *name)
{
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, name);
    mp_cmd_free(c);
}

static struct mp_input *slave_on_pipe(int p[2])
{
    assert_int_equal(pipe(p), 0);
    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.slave = true;
    o.stdin_fd = p[0];
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);
    return in;
}

/* Queue 100 lines (the queue's size): line i is even_prefix or odd_prefix
 * followed by i. */
static void queue_fill(struct mp_input *in, const char *even_prefix, const char *odd_prefix)
{
    for (int i = 0; i < 100; i++) {
        char line[64];
        snprintf(line, sizeof(line), "%s%d", i % 2 ? odd_prefix : even_prefix, i);
        assert_int_equal(mp_input_queue_line(in, line), MP_CMD_OK);
    }
}

static void slave_pipe_free(struct mp_input *in, int p[2])
{
    close(p[1]);
    mp_input_free(in);
    close(p[0]);
}

static void test_pipe_partial_lines(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);

    assert_null(mp_input_read_cmd(in, 0));
    put(p[1], "seek 1");
    assert_null(mp_input_read_cmd(in, 0));
    assert_null(mp_input_read_cmd(in, 0.01));
    put(p[1], "0 2\n");
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "seek");
    assert_true(c->args[0].v.f == 10);
    assert_int_equal(c->args[1].v.i, 2);
    mp_cmd_free(c);
    assert_null(mp_input_read_cmd(in, 0));

    /* Several lines in one write come out in order; CR LF and blank lines
     * are fine; a bad line in between is skipped. */
    put(p[1], "pause\r\n\nget_time_pos\nbogus 1\nseek\nquit 4\n");
    expect(in, "pause");
    expect(in, "get_time_pos");
    c = next_cmd(in);
    assert_string_equal(c->name, "quit");
    assert_int_equal(c->args[0].v.i, 4);
    mp_cmd_free(c);
    assert_null(mp_input_read_cmd(in, 0));

    /* One byte at a time. */
    const char *line = "pausing_keep osd_show_text \"a b\"\n";
    for (const char *s = line; *s; s++) {
        assert_int_equal(write(p[1], s, 1), 1);
        if (s[1])
            assert_null(mp_input_read_cmd(in, 0));
    }
    c = next_cmd(in);
    assert_string_equal(c->name, "osd_show_text");
    assert_int_equal(c->pausing, MP_PAUSING_KEEP);
    assert_string_equal(c->args[0].v.s, "a b");
    mp_cmd_free(c);

    /* Commands queued by the player come first. */
    assert_int_equal(mp_input_queue_line(in, "stop"), MP_CMD_OK);
    assert_int_equal(mp_input_queue_line(in, "nonsense"), MP_CMD_ERR_UNKNOWN);
    put(p[1], "pause\n");
    expect(in, "stop");
    expect(in, "pause");

    mp_input_free(in);
    close(p[0]);
    close(p[1]);
}

static void test_pipe_long_and_binary(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    size_t big = 3 * MP_CMD_MAX_LINE;
    char *junk = malloc(big + 1);
    assert_non_null(junk);
    memset(junk, 'a', big);
    junk[big] = '\0';
    put(p[1], "loadfile ");
    put(p[1], junk);
    put(p[1], "\npause\n");
    expect(in, "pause");
    assert_null(mp_input_read_cmd(in, 0));

    /* NUL and control bytes inside a line: that line only is dropped. */
    assert_int_equal(write(p[1], "pa\0use\nstop\n", 12), 12);
    expect(in, "stop");
    put(p[1], "\x1b[2J\x01\x02\nquit\n");
    expect(in, "quit");
    assert_null(mp_input_read_cmd(in, 0));

    /* The longest line that fits still works. */
    memcpy(junk, "loadfile ", 9);
    junk[MP_CMD_MAX_LINE] = '\n';
    junk[MP_CMD_MAX_LINE + 1] = '\0';
    put(p[1], junk);
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "loadfile");
    assert_int_equal(strlen(c->args[0].v.s), MP_CMD_MAX_LINE - 9);
    mp_cmd_free(c);

    free(junk);
    mp_input_free(in);
    close(p[0]);
    close(p[1]);
}

static void test_pipe_eof(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    assert_true(mp_input_has_sources(in));
    put(p[1], "seek 5\npause"); /* the last line has no newline */
    close(p[1]);
    expect(in, "seek");
    expect(in, "pause");
    assert_null(mp_input_read_cmd(in, 0));
    assert_false(mp_input_has_sources(in));
    /* Nothing left to wait for: returns at once instead of hanging. */
    assert_null(mp_input_read_cmd(in, -1));
    assert_null(mp_input_read_cmd(in, 0.01));
    /* Window keys still work after stdin ended. */
    assert_int_equal(mp_input_queue_key(in, "q"), 0);
    expect(in, "quit");
    mp_input_free(in);
    close(p[0]);
}

static void test_keys_from_pipe(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.stdin_fd = p[0]; /* not slave: keys, like MPlayer reading a piped stdin */
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);

    put(p[1], "p");
    expect(in, "pause");
    put(p[1], "\x1b[A");
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "seek");
    assert_true(c->args[0].v.f == 60);
    mp_cmd_free(c);
    /* A sequence split across writes. */
    put(p[1], "\x1b[");
    assert_null(mp_input_read_cmd(in, 0));
    put(p[1], "6~");
    c = next_cmd(in);
    assert_true(c->args[0].v.f == -600);
    mp_cmd_free(c);
    /* Unbound keys make nothing; the next key still works. */
    put(p[1], "K\x1b[1;5Cm");
    c = next_cmd(in);
    assert_string_equal(c->name, "seek"); /* Ctrl+Right is RIGHT */
    assert_true(c->args[0].v.f == 10);
    mp_cmd_free(c);
    expect(in, "mute");
    /* A lone ESC is the ESC key once no sequence follows. */
    put(p[1], "\x1b");
    expect(in, "quit");
    put(p[1], "\x1b\x1b");
    expect(in, "quit");
    /* ESC at EOF too. */
    put(p[1], "#\x1b");
    close(p[1]);
    expect(in, "switch_audio");
    expect(in, "quit");
    assert_null(mp_input_read_cmd(in, 0));
    assert_false(mp_input_has_sources(in));
    mp_input_free(in);
    close(p[0]);
}

static void test_window_keys_and_conf(void **state)
{
    struct fixture *f = *state;
    char *conf = NULL;
    assert_true(asprintf(&conf, "%s/keys.conf", f->dir) > 0);
    FILE *fp = fopen(conf, "w");
    assert_non_null(fp);
    fputs("q pause\nCTRL-x quit 3\nMOUSE_BTN0 vo_fullscreen\nw ignore\n", fp);
    fclose(fp);

    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.console_controls = false;
    o.conf = conf;
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);
    assert_string_equal(mp_input_key_binding(in, "q"), "pause");
    assert_string_equal(mp_input_key_binding(in, "ESC"), "quit");
    assert_null(mp_input_key_binding(in, "NOPE"));
    assert_int_equal(mp_input_queue_key(in, "q"), 0);
    expect(in, "pause");
    assert_int_equal(mp_input_queue_key(in, "CTRL-x"), 0);
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "quit");
    assert_int_equal(c->args[0].v.i, 3);
    mp_cmd_free(c);
    assert_int_equal(mp_input_queue_key(in, "MOUSE_BTN0"), 0);
    expect(in, "vo_fullscreen");
    assert_int_equal(mp_input_queue_key(in, "w"), 1);
    assert_int_equal(mp_input_queue_key(in, "CTRL"), 1);
    assert_int_equal(mp_input_queue_key(in, "CTRL-y"), 1);
    assert_int_equal(mp_input_queue_key(in, "NOPE"), -1);
    assert_int_equal(mp_input_queue_keycode(in, ' '), 0);
    expect(in, "pause");
    assert_null(mp_input_read_cmd(in, 0));
    assert_false(mp_input_has_sources(in));
    mp_input_free(in);

    /* -input nodefault-bindings: only the file's keys. */
    o.default_bindings = false;
    in = mp_input_create(&o);
    assert_string_equal(mp_input_key_binding(in, "q"), "pause");
    assert_null(mp_input_key_binding(in, "ESC"));
    assert_int_equal(mp_input_queue_key(in, "SPACE"), 1);
    mp_input_free(in);

    /* Without conf=, ~/.mplayer/input.conf is read; a relative conf= is
     * looked up there first. */
    assert_int_equal(test_sh("mkdir -p '%s/.mplayer' && printf 'p seek 42\\n' > "
                             "'%s/.mplayer/input.conf' && printf 'p seek 43\\n' > "
                             "'%s/.mplayer/other.conf'",
                             f->dir, f->dir, f->dir),
                     0);
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.console_controls = false;
    in = mp_input_create(&o);
    assert_string_equal(mp_input_key_binding(in, "p"), "seek 42");
    mp_input_free(in);
    o.conf = (char *)"other.conf";
    in = mp_input_create(&o);
    assert_string_equal(mp_input_key_binding(in, "p"), "seek 43");
    mp_input_free(in);
    free(conf);
}

static void test_queue_full(void **state)
{
    (void)state;
    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.console_controls = false;
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);
    int queued = 0;
    for (int i = 0; i < 120; i++) {
        char line[32];
        snprintf(line, sizeof(line), "seek %d", i);
        int r = mp_input_queue_line(in, line);
        assert_true(r == MP_CMD_OK || r == MP_CMD_ERR_QUEUE_FULL);
        queued += r == MP_CMD_OK;
    }
    assert_int_equal(queued, 100);
    for (int i = 0; i < 100; i++) {
        struct mp_cmd *c = next_cmd(in);
        assert_true(c->args[0].v.f == i);
        mp_cmd_free(c);
    }
    assert_null(mp_input_read_cmd(in, 0));
    /* Dropped on free without leaks. */
    assert_int_equal(mp_input_queue_line(in, "pause"), MP_CMD_OK);
    mp_input_free(in);
}

/* While the player runs, every query is kept (a front-end asking twice
 * gets two answers); while it cannot run commands (mp_input_take_quit's
 * drain) and 16 wait, a query equal to a waiting one with no other command
 * after it merges with it, and commands that do something never do. */
static void test_queue_coalesces_queries_only_when_blocked(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    for (int i = 0; i < 30; i++)
        put(p[1], "get_time_pos\n");
    for (int i = 0; i < 30; i++)
        expect(in, "get_time_pos");
    assert_null(mp_input_read_cmd(in, 0));

    for (int i = 0; i < 200; i++)
        put(p[1], "get_time_pos\nget_property volume\n");
    put(p[1], "seek 5\nseek 5\nget_time_pos\n");
    int code = -1;
    for (int i = 0; i < 20; i++)
        assert_false(mp_input_take_quit(in, &code));
    /* The first 16 are kept; past them the polls merge; the seeks stay;
     * the query after them is not merged into one asked before them. */
    for (int i = 0; i < 8; i++) {
        expect(in, "get_time_pos");
        struct mp_cmd *c = next_cmd(in);
        assert_string_equal(c->name, "get_property");
        assert_string_equal(c->args[0].v.s, "volume");
        mp_cmd_free(c);
    }
    expect(in, "seek");
    expect(in, "seek");
    expect(in, "get_time_pos");
    assert_null(mp_input_read_cmd(in, 0));
    slave_pipe_free(in, p);
}

/* A full queue takes a quit, stop or loadfile into its reserve; other
 * commands wait, and nothing queued is dropped for them. */
static void test_queue_full_takes_control_commands(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    queue_fill(in, "get_property p", "seek ");
    assert_int_equal(mp_input_queue_line(in, "seek 1"), MP_CMD_ERR_QUEUE_FULL);
    assert_int_equal(mp_input_queue_line(in, "get_property other"), MP_CMD_ERR_QUEUE_FULL);
    assert_int_equal(mp_input_queue_line(in, "stop"), MP_CMD_OK);
    /* From the slave pipe too: polling and the quit behind it get in. */
    for (int i = 0; i < 150; i++)
        put(p[1], "get_property p99\n");
    put(p[1], "quit 3\n");
    int seeks = 0, queries = 0, stops = 0, quits = 0;
    struct mp_cmd *c;
    while ((c = mp_input_read_cmd(in, 0.05))) {
        seeks += !strcmp(c->name, "seek");
        queries += !strcmp(c->name, "get_property");
        stops += !strcmp(c->name, "stop");
        if (!strcmp(c->name, "quit")) {
            quits++;
            assert_int_equal(c->args[0].v.i, 3);
        }
        mp_cmd_free(c);
    }
    assert_int_equal(seeks, 50);
    assert_int_equal(stops, 1);
    assert_int_equal(quits, 1);
    /* All 50 queued queries are answered (none made room for the stop),
     * and the pipe's 150 equal polls too: the player was running. */
    assert_int_equal(queries, 50 + 150);
    slave_pipe_free(in, p);
}

/* While the player runs, a query behind a full queue waits for room like
 * any command (a front-end sending a burst then asking gets its answer). */
static void test_queue_full_query_waits(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    queue_fill(in, "seek ", "seek ");
    put(p[1], "get_time_pos\nget_property volume\n");
    for (int i = 0; i < 100; i++)
        expect(in, "seek");
    expect(in, "get_time_pos");
    expect(in, "get_property");
    assert_null(mp_input_read_cmd(in, 0));
    slave_pipe_free(in, p);
}

/* What the player does while an open blocks: a front-end has filled the
 * queue with polling, and its quit is still taken at once. */
static void test_take_quit_past_a_full_queue(void **state)
{
    (void)state;
    int p[2];
    struct mp_input *in = slave_on_pipe(p);
    queue_fill(in, "get_property p", "seek ");
    int code = -1;
    assert_false(mp_input_take_quit(in, &code));
    for (int i = 0; i < 150; i++)
        put(p[1], i % 2 ? "get_time_pos\n" : "get_percent_pos\n");
    assert_false(mp_input_take_quit(in, &code));
    put(p[1], "quit 3\n");
    /* Behind 100 commands: the player gets 0.2 s to run them, as an open
     * that is not stuck would; then the quit goes first. */
    assert_false(mp_input_take_quit(in, &code));
    usleep(50 * 1000);
    assert_false(mp_input_take_quit(in, &code));
    usleep(250 * 1000);
    assert_true(mp_input_take_quit(in, &code));
    assert_int_equal(code, 3);
    /* The rest is all still there, in order (the quit took the reserve,
     * not the oldest query's place); the polls waited behind them, and each
     * kind is answered (merged while the queue was backed up). */
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "get_property");
    assert_string_equal(c->args[0].v.s, "p0");
    mp_cmd_free(c);
    expect(in, "seek");
    int queued = 2, time_pos = 0, percent = 0;
    while ((c = mp_input_read_cmd(in, 0))) {
        time_pos += !strcmp(c->name, "get_time_pos");
        percent += !strcmp(c->name, "get_percent_pos");
        queued += !strcmp(c->name, "seek") || !strcmp(c->name, "get_property");
        mp_cmd_free(c);
    }
    assert_int_equal(queued, 100);
    assert_true(time_pos >= 1 && percent >= 1);
    slave_pipe_free(in, p);
}

static void test_input_file_fifo(void **state)
{
    struct fixture *f = *state;
    char *fifo = NULL;
    assert_true(asprintf(&fifo, "%s/cmds.fifo", f->dir) > 0);
    assert_int_equal(mkfifo(fifo, 0600), 0);

    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.console_controls = false;
    o.in_file = fifo;
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);
    assert_true(mp_input_has_sources(in));
    assert_null(mp_input_read_cmd(in, 0));

    /* Two writers one after the other: closing the first is no EOF. */
    for (int round = 0; round < 2; round++) {
        int w = open(fifo, O_WRONLY | O_NONBLOCK);
        assert_true(w >= 0);
        put(w, "get_percent_pos\nseek 3");
        expect(in, "get_percent_pos");
        assert_null(mp_input_read_cmd(in, 0));
        put(w, "0\n");
        struct mp_cmd *c = next_cmd(in);
        assert_true(c->args[0].v.f == 30);
        mp_cmd_free(c);
        close(w);
        assert_null(mp_input_read_cmd(in, 0.01));
        assert_true(mp_input_has_sources(in));
    }
    mp_input_free(in);

    /* A plain file of commands is read to its end. */
    char *file = NULL;
    assert_true(asprintf(&file, "%s/cmds.txt", f->dir) > 0);
    FILE *fp = fopen(file, "w");
    assert_non_null(fp);
    for (int i = 0; i < 150; i++) /* more than the queue holds */
        fprintf(fp, "seek %d\n", i);
    fclose(fp);
    o.in_file = file;
    in = mp_input_create(&o);
    for (int i = 0; i < 150; i++) {
        struct mp_cmd *c = next_cmd(in);
        assert_string_equal(c->name, "seek");
        assert_true(c->args[0].v.f == i);
        mp_cmd_free(c);
    }
    assert_null(mp_input_read_cmd(in, 0));
    assert_false(mp_input_has_sources(in));
    mp_input_free(in);

    /* A missing file is reported; input goes on without it. */
    o.in_file = (char *)"/nonexistent/fifo";
    in = mp_input_create(&o);
    assert_non_null(in);
    assert_false(mp_input_has_sources(in));
    mp_input_free(in);
    free(file);
    free(fifo);
}

static void test_terminal_mode(void **state)
{
    (void)state;
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0) {
        if (master >= 0)
            close(master);
        skip();
    }
    const char *name = ptsname(master);
    assert_non_null(name);
    int slave = open(name, O_RDWR | O_NOCTTY);
    assert_true(slave >= 0);
    struct termios before;
    assert_int_equal(tcgetattr(slave, &before), 0);
    assert_true(before.c_lflag & ICANON);

    struct mp_input_opts o;
    mp_input_opts_init(&o);
    o.cmds = CMDS;
    o.stdin_fd = slave;
    struct mp_input *in = mp_input_create(&o);
    assert_non_null(in);
    struct termios t;
    assert_int_equal(tcgetattr(slave, &t), 0);
    assert_false(t.c_lflag & ICANON);
    assert_false(t.c_lflag & ECHO);

    /* Without canonical mode a key arrives without Enter. */
    put(master, "\x1b[B");
    struct mp_cmd *c = next_cmd(in);
    assert_string_equal(c->name, "seek");
    assert_true(c->args[0].v.f == -60);
    mp_cmd_free(c);
    put(master, " ");
    expect(in, "pause");

    mp_input_term_restore(in);
    assert_int_equal(tcgetattr(slave, &t), 0);
    assert_true(t.c_lflag & ICANON);
    assert_true(t.c_lflag & ECHO);
    mp_input_term_resume(in);
    assert_int_equal(tcgetattr(slave, &t), 0);
    assert_false(t.c_lflag & ICANON);

    mp_input_free(in);
    assert_int_equal(tcgetattr(slave, &t), 0);
    assert_int_equal(t.c_lflag, before.c_lflag);

    /* Slave mode leaves the terminal alone. */
    o.slave = true;
    in = mp_input_create(&o);
    assert_int_equal(tcgetattr(slave, &t), 0);
    assert_true(t.c_lflag & ICANON);
    mp_input_free(in);
    close(slave);
    close(master);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arg_types),
        cmocka_unit_test(test_quoting),
        cmocka_unit_test(test_prefixes),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_long_and_binary),
        cmocka_unit_test(test_table_and_cmdlist),
        cmocka_unit_test(test_own_table),
        cmocka_unit_test(test_key_names),
        cmocka_unit_test(test_default_bindings),
        cmocka_unit_test(test_conf_parse),
        cmocka_unit_test(test_opts_parse),
        cmocka_unit_test(test_term_decode),
        cmocka_unit_test_setup_teardown(test_pipe_partial_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipe_long_and_binary, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipe_eof, setup, teardown),
        cmocka_unit_test_setup_teardown(test_keys_from_pipe, setup, teardown),
        cmocka_unit_test_setup_teardown(test_window_keys_and_conf, setup, teardown),
        cmocka_unit_test_setup_teardown(test_queue_full, setup, teardown),
        cmocka_unit_test(test_queue_coalesces_queries_only_when_blocked),
        cmocka_unit_test(test_queue_full_takes_control_commands),
        cmocka_unit_test(test_take_quit_past_a_full_queue),
        cmocka_unit_test(test_queue_full_query_waits),
        cmocka_unit_test_setup_teardown(test_input_file_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_terminal_mode, setup, teardown),
    };
    /* Errors on purpose are part of the tests; keep the output short. */
    mp_msg_set_default_level(MSGL_FATAL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
