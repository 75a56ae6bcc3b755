/*
 * Unit tests for sub_font_family: the family name of a -font/-subfont file,
 * read from the font's 'name' table, on fonts built here byte by byte.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sub/sub_priv.h"

/* A font image under construction. */
struct fontbuf {
    uint8_t d[512];
    size_t n;
};

static void put16(struct fontbuf *b, size_t at, unsigned v)
{
    b->d[at] = (uint8_t)(v >> 8);
    b->d[at + 1] = (uint8_t)v;
}

static void put32(struct fontbuf *b, size_t at, uint32_t v)
{
    put16(b, at, v >> 16);
    put16(b, at + 2, v & 0xffff);
}

struct name_rec {
    unsigned platform, name_id;
    const uint8_t *s;
    size_t len;
};

/* An sfnt at offset base with one table, 'name', holding recs. */
static void build_font(struct fontbuf *b, size_t base, const struct name_rec *recs, int nrec)
{
    memcpy(b->d + base, "\0\1\0\0", 4);
    put16(b, base + 4, 1);
    size_t name_at = base + 12 + 16;
    memcpy(b->d + base + 12, "name", 4);
    put32(b, base + 12 + 8, (uint32_t)name_at);
    size_t strings = 6 + (size_t)nrec * 12;
    put16(b, name_at, 0);
    put16(b, name_at + 2, (unsigned)nrec);
    put16(b, name_at + 4, (unsigned)strings);
    size_t off = 0;
    for (int i = 0; i < nrec; i++) {
        size_t r = name_at + 6 + (size_t)i * 12;
        put16(b, r, recs[i].platform);
        put16(b, r + 2, 0);
        put16(b, r + 4, 0);
        put16(b, r + 6, recs[i].name_id);
        put16(b, r + 8, (unsigned)recs[i].len);
        put16(b, r + 10, (unsigned)off);
        memcpy(b->d + name_at + strings + off, recs[i].s, recs[i].len);
        off += recs[i].len;
    }
    put32(b, base + 12 + 12, (uint32_t)(strings + off));
    b->n = name_at + strings + off;
}

/* "Wï" and U+1F600 (a surrogate pair) in UTF-16BE. */
static const uint8_t win_name[] = {0, 'W', 0, 0xef, 0xd8, 0x3d, 0xde, 0x00};

static void test_windows_name_preferred(void **state)
{
    (void)state;
    struct fontbuf b = {0};
    const struct name_rec recs[] = {
        {1, 1, (const uint8_t *)"MacName", 7},
        {3, 2, (const uint8_t *)"\0R\0e\0g", 6},  /* subfamily: not wanted */
        {3, 1, win_name, sizeof(win_name)},
    };
    build_font(&b, 0, recs, 3);
    char *f = sub_font_family(b.d, b.n);
    assert_non_null(f);
    assert_string_equal(f, "W\xc3\xaf\xf0\x9f\x98\x80");
    free(f);
}

static void test_mac_name_alone(void **state)
{
    (void)state;
    struct fontbuf b = {0};
    const struct name_rec recs[] = {{1, 1, (const uint8_t *)"MacName", 7}};
    build_font(&b, 0, recs, 1);
    char *f = sub_font_family(b.d, b.n);
    assert_non_null(f);
    assert_string_equal(f, "MacName");
    free(f);
}

static void test_collection_first_font(void **state)
{
    (void)state;
    struct fontbuf b = {0};
    const struct name_rec recs[] = {{3, 1, (const uint8_t *)"\0T\0C", 4}};
    build_font(&b, 16, recs, 1);
    memcpy(b.d, "ttcf", 4);
    put32(&b, 12, 16);
    char *f = sub_font_family(b.d, b.n);
    assert_non_null(f);
    assert_string_equal(f, "TC");
    free(f);
}

/* Cut files, offsets past the end, fonts without a family: NULL, and no
 * read outside the buffer (ASan watches). */
static void test_broken_fonts(void **state)
{
    (void)state;
    struct fontbuf b = {0};
    const struct name_rec recs[] = {{3, 1, win_name, sizeof(win_name)}};
    build_font(&b, 0, recs, 1);
    for (size_t cut = 0; cut < b.n; cut++) {
        uint8_t *copy = malloc(cut ? cut : 1);
        assert_non_null(copy);
        memcpy(copy, b.d, cut);
        /* The name table must fit whole: any cut loses it. */
        assert_null(sub_font_family(copy, cut));
        free(copy);
    }
    struct fontbuf c = b;
    put32(&c, 12 + 8, 400);  /* name table past the end */
    assert_null(sub_font_family(c.d, c.n));
    const struct name_rec style[] = {{3, 2, win_name, sizeof(win_name)}};
    build_font(&c, 0, style, 1);
    assert_null(sub_font_family(c.d, c.n));
    struct fontbuf t = {0};
    memcpy(t.d, "ttcf", 4);
    put32(&t, 12, 0xfffffff0u);  /* first font far outside */
    assert_null(sub_font_family(t.d, 16));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows_name_preferred),
        cmocka_unit_test(test_mac_name_alone),
        cmocka_unit_test(test_collection_first_font),
        cmocka_unit_test(test_broken_fonts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
