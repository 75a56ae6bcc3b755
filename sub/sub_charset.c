/*
 * -subcp: convert subtitle text from the user's charset to UTF-8 with
 * iconv.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "sub_priv.h"

char *sub_charset_to_utf8(const char *from, const char *data, size_t size, size_t *out_size)
{
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR, "Subtitle charset '%s' is not known to iconv.\n",
               from);
        return NULL;
    }
    /* Room for the worst growth of single-byte charsets; grown on E2BIG. */
    size_t cap = size * 3 + 16;
    char *out = malloc(cap);
    char *in = (char *)data;
    size_t in_left = size;
    size_t used = 0;
    while (out) {
        char *op = out + used;
        size_t out_left = cap - used - 1;
        size_t r = iconv(cd, in_left ? &in : NULL, &in_left, &op, &out_left);
        used = (size_t)(op - out);
        if (r != (size_t)-1) {
            if (in_left == 0)
                break;
            continue;
        }
        if (errno == E2BIG) {
            cap *= 2;
            char *n = realloc(out, cap);
            if (!n) {
                free(out);
                out = NULL;
            }
            out = n;
        } else if (errno == EILSEQ || errno == EINVAL) {
            /* A byte the charset does not have: show '?' and go on, as a
             * broken subtitle must not stop the film. */
            if (cap - used - 1 < 1)
                continue;
            out[used++] = '?';
            in++;
            in_left--;
            if (in_left == 0)
                break;
        } else {
            free(out);
            out = NULL;
        }
    }
    iconv_close(cd);
    if (!out)
        return NULL;
    out[used] = '\0';
    if (out_size)
        *out_size = used;
    return out;
}

/* Where a sequence of well-formed UTF-8 ends in data (size when it all is). */
static size_t utf8_valid_prefix(const unsigned char *s, size_t size)
{
    size_t i = 0;
    while (i < size) {
        unsigned char c = s[i];
        size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
                               : (c & 0xf8) == 0xf0 ? 4 : 0;
        if (!len || (len == 2 && c < 0xc2) || (len == 4 && c > 0xf4))
            return i;
        if (i + len > size)
            return i;
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
        }
        i += len;
    }
    return size;
}

bool sub_charset_file_is_utf8(const char *path)
{
    /* Subtitle files are small; a look at the start is enough for the
     * rare big one. */
    enum { LOOK = 4 << 20 };
    FILE *f = fopen(path, "rb");
    if (!f)
        return true;
    unsigned char *buf = malloc(LOOK);
    if (!buf) {
        fclose(f);
        return true;
    }
    size_t n = fread(buf, 1, LOOK, f);
    fclose(f);
    size_t ok = utf8_valid_prefix(buf, n);
    free(buf);
    /* A sequence cut by the end of the look is not an error. */
    return ok == n || (n == LOOK && n - ok < 4);
}
