/*
 * Unit tests for common/mp_msg: level filtering and -msglevel parsing.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/mp_msg.h"
#include "test_util.h"

static void test_default_levels(void **state)
{
    mp_msg_reset();
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_STATUS));
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_V));
    mp_msg_add_verbose(1);
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_V));
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_DBG2));
    mp_msg_reset();
}

static void test_msglevel_parse(void **state)
{
    mp_msg_reset();
    assert_int_equal(mp_msg_parse_levels("all=2:demuxer=6"), 0);
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_WARN));
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_V));
    assert_false(mp_msg_test(MSGT_DEMUX, MSGL_DBG2));
    mp_msg_reset();
}

/* MPlayer 1.5: ID_ lines follow identify's own level only. */
static void test_identify_own_level(void **state)
{
    mp_msg_reset();
    assert_false(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    mp_msg_add_verbose(5);
    assert_false(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    assert_int_equal(mp_msg_parse_levels("all=9"), 0);
    assert_false(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    mp_msg_reset();
    assert_int_equal(mp_msg_parse_levels("identify=4"), 0);
    mp_msg_set_default_level(MSGL_ERR);
    assert_true(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    assert_int_equal(mp_msg_parse_levels("all=0"), 0);
    assert_true(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    assert_int_equal(mp_msg_parse_levels("identify=3"), 0);
    assert_false(mp_msg_test(MSGT_IDENTIFY, MSGL_INFO));
    mp_msg_reset();
}

/* MPlayer 1.5's other names (demux, ds, header, cfgparser, ...) set the
 * module that prints what they named here; names of parts this player
 * does not have (tv, win32) are taken and change nothing. */
static void test_msglevel_mplayer_names(void **state)
{
    mp_msg_reset();
    assert_false(mp_msg_test(MSGT_DEMUX, MSGL_DBG2));
    assert_int_equal(mp_msg_parse_levels("demux=7"), 0);
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_DBG2));
    assert_int_equal(mp_msg_parse_levels("cfgparser=0:header=1"), 0);
    assert_false(mp_msg_test(MSGT_OPTIONS, MSGL_ERR));
    assert_false(mp_msg_test(MSGT_DEMUX, MSGL_WARN));
    assert_true(mp_msg_test(MSGT_DEMUX, MSGL_ERR));
    assert_int_equal(mp_msg_parse_levels("tv=9:win32=-1"), 0);
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_false(mp_msg_test(MSGT_CPLAYER, MSGL_V));
    mp_msg_reset();
}

static void test_msglevel_malformed_changes_nothing(void **state)
{
    mp_msg_reset();
    assert_int_equal(mp_msg_parse_levels("cplayer=1:nosuchmodule=4"), -1);
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
    assert_int_equal(mp_msg_parse_levels("cplayer"), -1);
    assert_int_equal(mp_msg_parse_levels("cplayer=x"), -1);
    assert_int_equal(mp_msg_parse_levels("=4"), -1);
    assert_int_equal(mp_msg_parse_levels(""), -1);
    assert_int_equal(mp_msg_parse_levels("cplayer=99"), -1);
    assert_true(mp_msg_test(MSGT_CPLAYER, MSGL_INFO));
}

/* Run fn with stdout going to a temporary file; return what it printed
 * (malloc'ed, NUL-terminated). */
static char *capture_stdout(void (*fn)(void), size_t *len)
{
    fflush(stdout);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(1);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(tmp), 1) >= 0);
    fn();
    fflush(stdout);
    assert_true(dup2(saved, 1) >= 0);
    close(saved);
    off_t n = lseek(fileno(tmp), 0, SEEK_END);
    assert_true(n >= 0);
    char *buf = calloc(1, (size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(pread(fileno(tmp), buf, (size_t)n, 0), n);
    fclose(tmp);
    *len = (size_t)n;
    return buf;
}

static void print_pieces(void)
{
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "one\n");
    mp_msg(MSGT_DEMUX, MSGL_INFO, "two ");
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "halves\n");
    mp_msg(MSGT_STATUSLINE, MSGL_STATUS, "A: 1 \r");
    mp_msg(MSGT_STATUSLINE, MSGL_STATUS, "A: 2 \r");
}

/* -msgmodule: the name starts each line (a message that goes on the line
 * of the one before gets none), status lines included. */
static void test_msgmodule_starts_lines(void **state)
{
    mp_msg_reset();
    mp_msg_set_style(false, true);
    size_t len;
    char *out = capture_stdout(print_pieces, &len);
    assert_string_equal(out, "  CPLAYER: one\n  DEMUXER: two halves\nSTATUSLINE: A: 1 \r"
                             "STATUSLINE: A: 2 \r");
    free(out);
    mp_msg_reset();
}

static void print_long(void)
{
    char big[10001];
    memset(big, 'x', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "%s|", big);
}

/* A message longer than the formatting buffer is printed whole. */
static void test_long_message_whole(void **state)
{
    mp_msg_reset();
    mp_msg_set_style(true, false);
    size_t len;
    char *out = capture_stdout(print_long, &len);
    assert_int_equal(len, strlen("\033[0;37m") + 10001 + strlen("\033[0m"));
    assert_memory_equal(out, "\033[0;37mxxx", 10);
    assert_string_equal(out + len - 5, "|\033[0m");
    free(out);
    mp_msg_reset();
}

static void print_utf8(void)
{
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "caf\xc3\xa9 \xe2\x82\xac \xff.\n");
}

/* -msgcharset: UTF-8 to the charset; what it lacks (and bytes that are
 * not UTF-8) become '?'. */
static void test_msgcharset_converts(void **state)
{
    mp_msg_reset();
    assert_int_equal(mp_msg_set_charset("no-such-charset"), -1);
    assert_int_equal(mp_msg_set_charset("ISO-8859-1"), 0);
    size_t len;
    char *out = capture_stdout(print_utf8, &len);
    assert_string_equal(out, "caf\xe9 ? ?.\n");
    free(out);
    assert_int_equal(mp_msg_set_charset("noconv"), 0);
    out = capture_stdout(print_utf8, &len);
    assert_string_equal(out, "caf\xc3\xa9 \xe2\x82\xac \xff.\n");
    free(out);
    mp_msg_reset();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_levels),
        cmocka_unit_test(test_msglevel_parse),
        cmocka_unit_test(test_identify_own_level),
        cmocka_unit_test(test_msglevel_mplayer_names),
        cmocka_unit_test(test_msglevel_malformed_changes_nothing),
        cmocka_unit_test(test_msgmodule_starts_lines),
        cmocka_unit_test(test_long_message_whole),
        cmocka_unit_test(test_msgcharset_converts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
