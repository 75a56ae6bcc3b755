/*
 * Unit tests for common/mp_msg: level filtering and -msglevel parsing.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_levels),
        cmocka_unit_test(test_msglevel_parse),
        cmocka_unit_test(test_identify_own_level),
        cmocka_unit_test(test_msglevel_malformed_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
