/*
 * strbuf: a string that grows by appending.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Out of memory turns the buffer failed for good (its text freed), so a
 * caller appends without checking and asks once at the end. Ownership:
 * the struct belongs to whoever declared it (start it zeroed); its text
 * is freed by mp_strbuf_free or handed over by mp_strbuf_take.
 */
#ifndef MP_COMMON_STRBUF_H
#define MP_COMMON_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct mp_strbuf {
    char *s;       /* NUL-terminated text; NULL before the first append */
    size_t len, cap;
    bool failed;
};

/* Append s[0..n) (which may hold no NUL). */
void mp_strbuf_add(struct mp_strbuf *b, const char *s, size_t n);
/* Append the string s. */
void mp_strbuf_adds(struct mp_strbuf *b, const char *s);
/* The text, malloc'ed ("" when nothing was added), for the caller to
 * free; NULL when memory ran out. The buffer is empty again after. */
char *mp_strbuf_take(struct mp_strbuf *b);
/* Free the text; the buffer is empty again after. */
void mp_strbuf_free(struct mp_strbuf *b);

#endif
