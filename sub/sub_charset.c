/*
 * -subcp: convert subtitle text from the user's charset to UTF-8 with
 * iconv.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <iconv.h>
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
