/*
 * Unit tests for stream/netopts.c: MPlayer's HTTP options as libavformat
 * http options (header lines, credentials in the URL, cookies.txt).
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

#include "stream/netopts.h"

static void expect_str(char *got, const char *want)
{
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_fields_checked(void **state)
{
    (void)state;
    char err[256];
    assert_int_equal(netopts_check_fields("X-A: 1,X-B: two words", err, sizeof(err)), 0);
    assert_int_equal(netopts_check_fields(" X-A:1 , ,", err, sizeof(err)), 0);
    assert_int_equal(netopts_check_fields("", err, sizeof(err)), 0);
    assert_int_equal(netopts_check_fields("X-A: 1,nocolon", err, sizeof(err)), -1);
    assert_non_null(strstr(err, "'nocolon'"));
    assert_int_equal(netopts_check_fields(": empty name", err, sizeof(err)), -1);
    assert_int_equal(netopts_check_fields("Bad Name: x", err, sizeof(err)), -1);
    assert_int_equal(netopts_check_fields("X-A: 1\r\nX-Evil: 2", err, sizeof(err)), -1);
    assert_int_equal(netopts_check_value("http://a/b?c d\te", err, sizeof(err)), 0);
    assert_int_equal(netopts_check_value("a\nb", err, sizeof(err)), -1);
}

static void test_header_lines(void **state)
{
    (void)state;
    expect_str(netopts_header_lines("X-A: 1, X-B: two words ,,"), "X-A: 1\r\nX-B: two words\r\n");
    expect_str(netopts_header_lines(""), "");
    expect_str(netopts_header_lines(NULL), "");
}

static void test_url_auth(void **state)
{
    (void)state;
    expect_str(netopts_url_auth("http://h:80/p/a.wav", "joe", "se cret"),
               "http://joe:se%20cret@h:80/p/a.wav");
    /* ':', '@' and '/' of a password do not end it. */
    expect_str(netopts_url_auth("https://h/x", "a@b", "p:w/@"),
               "https://a%40b:p%3Aw%2F%40@h/x");
    expect_str(netopts_url_auth("http://h/x", "joe", NULL), "http://joe:@h/x");
    /* The URL's own credentials stay; an '@' in the path is no credential. */
    expect_str(netopts_url_auth("http://bob:pw@h/x", "joe", "p"), "http://bob:pw@h/x");
    expect_str(netopts_url_auth("http://h/a@b", "joe", "p"), "http://joe:p@h/a@b");
    expect_str(netopts_url_auth("http://h/x", NULL, "p"), "http://h/x");
    expect_str(netopts_url_auth("nourl", "joe", "p"), "nourl");
}

static const char cookie_file[] =
    "# Netscape HTTP Cookie File\r\n"
    "example.com\tFALSE\t/\tFALSE\t0\tsess\tabc\r\n"
    ".example.com\tTRUE\t/media\tFALSE\t0\tsub\tyes\n"
    "example.com\tFALSE\t/\tTRUE\t0\tsec\tonly-https\n"
    "example.com\tFALSE\t/\tFALSE\t1000\told\tgone\n"
    "example.com\tFALSE\t/\tFALSE\t99999999999\tlater\tkept\n"
    "#HttpOnly_example.com\tFALSE\t\tFALSE\t0\tho\t1\n"
    "ample.com\tTRUE\t/\tFALSE\t0\tsuffix\tno\n"
    "example.com\tFALSE\t/\tFALSE\t0\tbad\tx;y\n"
    "example.com\tFALSE\t/\tFALSE\t0\tempty\t\n"
    "short\tline\n"
    "\n"
    "example.com\tFALSE\t/\tFALSE\t0\tlast\tnoeol";

static void test_cookies(void **state)
{
    (void)state;
    expect_str(netopts_cookies(cookie_file, "example.com", false, 2000),
               "sess=abc; path=/\n"
               "sub=yes; path=/media\n"
               "later=kept; path=/\n"
               "ho=1; path=/\n"
               "empty=; path=/\n"
               "last=noeol; path=/\n");
    /* A subdomain gets only the cookies meant for subdomains; HTTPS the
     * secure ones too; the host is compared without case. */
    expect_str(netopts_cookies(cookie_file, "www.EXAMPLE.com", true, 2000),
               "sub=yes; path=/media\n");
    expect_str(netopts_cookies(cookie_file, "EXAMPLE.COM", true, 2000),
               "sess=abc; path=/\n"
               "sub=yes; path=/media\n"
               "sec=only-https; path=/\n"
               "later=kept; path=/\n"
               "ho=1; path=/\n"
               "empty=; path=/\n"
               "last=noeol; path=/\n");
    expect_str(netopts_cookies(cookie_file, "other.org", false, 2000), "");
    expect_str(netopts_cookies("", "example.com", false, 0), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields_checked),
        cmocka_unit_test(test_header_lines),
        cmocka_unit_test(test_url_auth),
        cmocka_unit_test(test_cookies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
