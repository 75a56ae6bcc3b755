/*
 * Checks that the man page documents every option of the option table:
 * each name from mp_option_names() needs a line ".B \-name" (dashes
 * escaped as roff wants them), and the page has its main sections.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The page is DOCS/man/mplayer.1 relative to the current directory (tests
 * run from the repository root), or the file named by MPLAYER_MANPAGE.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "libao2/audio_out.h"
#include "libvo/video_out.h"
#include "options/options.h"
#include "test_util.h"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        memcpy(buf + len, chunk, n);
        len += n;
    }
    fclose(f);
    if (!buf)
        buf = calloc(1, 1);
    else
        buf[len] = '\0';
    return buf;
}

static const char *manpage_path(void)
{
    const char *env = getenv("MPLAYER_MANPAGE");
    return env && *env ? env : "DOCS/man/mplayer.1";
}

/* ".B \-" + name with every '-' written "\-". */
static char *entry_for(const char *name)
{
    size_t n = strlen(name);
    char *s = malloc(2 * n + 8);
    assert_non_null(s);
    char *p = s + sprintf(s, ".B \\-");
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '-')
            *p++ = '\\';
        *p++ = name[i];
    }
    *p = '\0';
    return s;
}

/* True when a line of text starts with entry and the name ends there, so
 * that ".B \-vo <driver>" does not count as an entry for -v. */
static bool has_entry(const char *text, const char *entry)
{
    size_t len = strlen(entry);
    for (const char *line = text; line && *line;) {
        if (!strncmp(line, entry, len)) {
            char next = line[len];
            if (next == '\0' || next == '\n' || next == ' ' || next == '\t')
                return true;
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return false;
}

/* Count the options without an entry; name each one when report is set. */
static int count_missing(const char *text, const char *first_missing[1], bool report)
{
    int missing = 0;
    for (const char *const *names = mp_option_names(); *names; names++) {
        char *entry = entry_for(*names);
        if (!has_entry(text, entry)) {
            if (report)
                print_error("option -%s has no '%s' entry in the man page\n", *names, entry);
            if (!missing)
                first_missing[0] = *names;
            missing++;
        }
        free(entry);
    }
    return missing;
}

static char *load_manpage(void)
{
    const char *path = manpage_path();
    char *text = read_text(path);
    if (!text)
        fail_msg("cannot read the man page %s (run from the repository root, or set "
                 "MPLAYER_MANPAGE)", path);
    return text;
}

static void test_every_option_documented(void **state)
{
    char *text = load_manpage();
    const char *first = NULL;
    int missing = count_missing(text, &first, true);
    free(text);
    if (missing)
        fail_msg("%d option(s) missing from %s, first: -%s", missing, manpage_path(), first);
}

/* Remove the lines that are entries for name, as a careless edit would. */
static void drop_entry(char *text, const char *name)
{
    char *entry = entry_for(name);
    size_t len = strlen(entry);
    char *line = text;
    while (line && *line) {
        char *eol = strchr(line, '\n');
        char next = line[len];
        if (!strncmp(line, entry, len) &&
            (next == '\0' || next == '\n' || next == ' ' || next == '\t')) {
            if (eol)
                memmove(line, eol + 1, strlen(eol + 1) + 1);
            else
                *line = '\0';
            continue;
        }
        line = eol ? eol + 1 : NULL;
    }
    free(entry);
}

/* The check above must be able to fail: remove one entry and see it named.
 * "v" is the hard case, as "\-vo" and "\-vid" start the same way. */
static void test_check_catches_a_removed_entry(void **state)
{
    const char *victims[] = {"v", "ss", "readahead-distance"};
    for (size_t i = 0; i < sizeof(victims) / sizeof(victims[0]); i++) {
        char *text = load_manpage();
        const char *first = NULL;
        assert_int_equal(count_missing(text, &first, true), 0);
        drop_entry(text, victims[i]);
        first = NULL;
        assert_int_equal(count_missing(text, &first, false), 1);
        assert_string_equal(first, victims[i]);
        free(text);
    }
}

/* The text of section `heading` up to the next ".SH" (malloc'ed), or NULL. */
static char *section_of(const char *text, const char *heading)
{
    const char *at = strstr(text, heading);
    if (!at)
        return NULL;
    const char *end = strstr(at + strlen(heading), "\n.SH ");
    size_t len = end ? (size_t)(end - at) + 1 : strlen(at);
    char *s = malloc(len + 1);
    assert_non_null(s);
    memcpy(s, at, len);
    s[len] = '\0';
    return s;
}

/* Drivers of a list (vo_driver_name / ao_driver_name) without a ".B name"
 * entry in the section; the first one is named. */
static int count_missing_drivers(const char *text, const char *heading,
                                 const char *(*name_of)(int), const char **first)
{
    char *sec = section_of(text, heading);
    assert_non_null(sec);
    int missing = 0;
    for (int n = 0; name_of(n); n++) {
        char entry[64];
        snprintf(entry, sizeof(entry), ".B %s", name_of(n));
        if (!has_entry(sec, entry)) {
            if (!missing)
                *first = name_of(n);
            missing++;
        }
    }
    free(sec);
    return missing;
}

/* Every driver -vo help and -ao help list has its entry, in its section
 * (a "-vo sdl" mentioned elsewhere does not count). */
static void test_every_driver_documented(void **state)
{
    (void)state;
    char *text = load_manpage();
    const char *first = NULL;
    assert_non_null(vo_driver_name(0));
    assert_non_null(ao_driver_name(0));
    int vo = count_missing_drivers(text, ".SH VIDEO OUTPUT DRIVERS", vo_driver_name, &first);
    if (vo)
        fail_msg("%d video output driver(s) missing from VIDEO OUTPUT DRIVERS, first: %s", vo,
                 first);
    int ao = count_missing_drivers(text, ".SH AUDIO OUTPUT DRIVERS", ao_driver_name, &first);
    if (ao)
        fail_msg("%d audio output driver(s) missing from AUDIO OUTPUT DRIVERS, first: %s", ao,
                 first);
    /* The check can fail: without the first video driver's entry line it
     * is named. */
    char entry[64];
    snprintf(entry, sizeof(entry), "\n.B %s\n", vo_driver_name(0));
    char *at = strstr(strstr(text, ".SH VIDEO OUTPUT DRIVERS"), entry);
    assert_non_null(at);
    at[1] = 'X';
    first = NULL;
    assert_int_equal(
        count_missing_drivers(text, ".SH VIDEO OUTPUT DRIVERS", vo_driver_name, &first), 1);
    assert_string_equal(first, vo_driver_name(0));
    free(text);
}

static void test_sections_present(void **state)
{
    char *text = load_manpage();
    const char *sections[] = {
        ".TH MPLAYER 1", ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS",
        ".SS GENERAL OPTIONS", ".SS PLAYER OPTIONS", ".SS DEMUXER/STREAM OPTIONS",
        ".SH VIDEO OUTPUT DRIVERS", ".SH AUDIO OUTPUT DRIVERS", ".SH CONFIGURATION FILES",
        ".SH EXIT STATUS", ".SH FILES", ".SH ENVIRONMENT", ".SH EXAMPLES",
    };
    for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
        if (!has_entry(text, sections[i]) && !strstr(text, sections[i]))
            fail_msg("man page lacks '%s'", sections[i]);
    }
    /* The exit codes, each as its own tagged paragraph, in order. */
    const char *exit_sec = strstr(text, ".SH EXIT STATUS");
    assert_non_null(exit_sec);
    const char *prev = exit_sec;
    const char *codes[] = {".TP\n.B 0\n", ".TP\n.B 1\n", ".TP\n.B 2\n", ".TP\n.B 3\n"};
    for (int i = 0; i < 4; i++) {
        const char *at = strstr(prev, codes[i]);
        if (!at)
            fail_msg("EXIT STATUS lacks exit code %d", i);
        prev = at;
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_option_documented),
        cmocka_unit_test(test_check_catches_a_removed_entry),
        cmocka_unit_test(test_every_driver_documented),
        cmocka_unit_test(test_sections_present),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
