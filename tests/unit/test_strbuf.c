/*
 * Unit tests for common/strbuf.c: appending, taking, and the failed state
 * that a caller checks once at the end.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

static void test_append_and_take(void **state)
{
    (void)state;
    struct mp_strbuf b = { 0 };
    mp_strbuf_adds(&b, "Cookie: ");
    mp_strbuf_add(&b, "a=1; junk", 3);
    mp_strbuf_add(&b, "", 0);
    assert_int_equal(b.len, 11);
    char *s = mp_strbuf_take(&b);
    assert_string_equal(s, "Cookie: a=1");
    free(s);
    /* Taken: the buffer starts again empty. */
    assert_null(b.s);
    assert_int_equal(b.len, 0);
    mp_strbuf_adds(&b, "x");
    s = mp_strbuf_take(&b);
    assert_string_equal(s, "x");
    free(s);
}

static void test_nothing_added_is_empty_string(void **state)
{
    (void)state;
    struct mp_strbuf b = { 0 };
    char *s = mp_strbuf_take(&b);
    assert_non_null(s);
    assert_string_equal(s, "");
    free(s);
}

static void test_grows_past_many_doublings(void **state)
{
    (void)state;
    struct mp_strbuf b = { 0 };
    for (int i = 0; i < 100000; i++)
        mp_strbuf_add(&b, &"0123456789"[i % 10], 1);
    assert_false(b.failed);
    assert_int_equal(b.len, 100000);
    assert_int_equal(strlen(b.s), 100000);
    assert_int_equal(b.s[99999], '9');
    assert_true(b.cap >= b.len + 1);
    mp_strbuf_free(&b);
    assert_null(b.s);
}

static void test_failed_stays_failed(void **state)
{
    (void)state;
    struct mp_strbuf b = { 0 };
    mp_strbuf_adds(&b, "kept until it fails");
    /* A length no allocation can hold fails the buffer before any copy. */
    mp_strbuf_add(&b, "", (size_t)-1 / 2);
    assert_true(b.failed);
    assert_null(b.s);
    mp_strbuf_adds(&b, "ignored");
    assert_null(mp_strbuf_take(&b));
    /* Taking resets it for a new string. */
    assert_false(b.failed);
    mp_strbuf_adds(&b, "again");
    char *s = mp_strbuf_take(&b);
    assert_string_equal(s, "again");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_append_and_take),
        cmocka_unit_test(test_nothing_added_is_empty_string),
        cmocka_unit_test(test_grows_past_many_doublings),
        cmocka_unit_test(test_failed_stays_failed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
