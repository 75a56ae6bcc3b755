/*
 * strbuf.c: a string that grows by appending (see strbuf.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

void mp_strbuf_add(struct mp_strbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (n > (size_t)-1 / 4 - b->len) {
        mp_strbuf_free(b);
        b->failed = true;
        return;
    }
    if (b->len + n + 1 > b->cap) {
        /* Doubling keeps a long run of one-byte appends linear. */
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *grown = realloc(b->s, cap);
        if (!grown) {
            mp_strbuf_free(b);
            b->failed = true;
            return;
        }
        b->s = grown;
        b->cap = cap;
    }
    if (n)
        memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void mp_strbuf_adds(struct mp_strbuf *b, const char *s)
{
    mp_strbuf_add(b, s, strlen(s));
}

char *mp_strbuf_take(struct mp_strbuf *b)
{
    if (!b->s && !b->failed)
        mp_strbuf_add(b, "", 0);
    char *s = b->failed ? NULL : b->s;
    *b = (struct mp_strbuf){ 0 };
    return s;
}

void mp_strbuf_free(struct mp_strbuf *b)
{
    free(b->s);
    *b = (struct mp_strbuf){ 0 };
}
