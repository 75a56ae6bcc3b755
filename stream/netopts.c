/*
 * netopts.c: MPlayer's HTTP options as libavformat's http options.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "stream/netopts.h"

bool netopts_value_ok(const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c < 32 && c != '\t') || c == 127)
            return false;
    }
    return true;
}

int netopts_check_value(const char *s, char *err, size_t errsize)
{
    if (netopts_value_ok(s))
        return 0;
    snprintf(err, errsize, "a header value cannot hold a line break or control character");
    return -1;
}

static bool netopts_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* RFC 9110's token characters, those of a field name. */
static bool netopts_tchar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != '\0' && strchr("!#$%&'*+-.^_`|~", c));
}

/* The next item of a comma-separated list from *p, without the blanks
 * around it: *start and *len; false at the end of the list. */
static bool netopts_next_item(const char **p, const char **start, size_t *len)
{
    const char *s = *p;
    if (!*s)
        return false;
    const char *end = strchr(s, ',');
    if (!end)
        end = s + strlen(s);
    *p = *end ? end + 1 : end;
    while (s < end && netopts_blank(*s))
        s++;
    const char *e = end;
    while (e > s && netopts_blank(e[-1]))
        e--;
    *start = s;
    *len = (size_t)(e - s);
    return true;
}

int netopts_check_fields(const char *list, char *err, size_t errsize)
{
    if (!netopts_value_ok(list)) {
        snprintf(err, errsize, "a header field cannot hold a line break or control character");
        return -1;
    }
    const char *p = list ? list : "";
    const char *item;
    size_t len;
    while (netopts_next_item(&p, &item, &len)) {
        if (!len)
            continue;
        size_t n = 0;
        while (n < len && netopts_tchar(item[n]))
            n++;
        if (n == 0 || n == len || item[n] != ':') {
            snprintf(err, errsize, "'%.*s' is not a 'Name: value' header field", (int)len, item);
            return -1;
        }
    }
    return 0;
}

char *netopts_header_lines(const char *list)
{
    struct mp_strbuf b = {0};
    const char *p = list ? list : "";
    const char *item;
    size_t len;
    while (netopts_next_item(&p, &item, &len)) {
        if (!len)
            continue;
        mp_strbuf_add(&b, item, len);
        mp_strbuf_adds(&b, "\r\n");
    }
    return mp_strbuf_take(&b);
}

/* Percent-encode s (all but RFC 3986's unreserved characters), so that
 * ':', '@' and '/' in a name or password do not end it. */
static void netopts_add_encoded(struct mp_strbuf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~') {
            mp_strbuf_add(b, (const char *)&c, 1);
        } else {
            char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
            mp_strbuf_add(b, esc, 3);
        }
    }
}

char *netopts_url_auth(const char *url, const char *user, const char *passwd)
{
    const char *sep = strstr(url, "://");
    if (!user || !sep)
        return strdup(url);
    const char *host = sep + 3;
    size_t auth_len = strcspn(host, "/?#");
    if (memchr(host, '@', auth_len))
        return strdup(url);  /* the URL's own credentials */
    struct mp_strbuf b = {0};
    mp_strbuf_add(&b, url, (size_t)(host - url));
    netopts_add_encoded(&b, user);
    mp_strbuf_adds(&b, ":");
    netopts_add_encoded(&b, passwd ? passwd : "");
    mp_strbuf_adds(&b, "@");
    mp_strbuf_adds(&b, host);
    return mp_strbuf_take(&b);
}

/* Whether a cookie of domain (its leading dot dropped) goes to host. */
static bool netopts_domain_match(const char *domain, size_t dlen, bool subdomains,
                                 const char *host)
{
    if (dlen && domain[0] == '.') {
        domain++;
        dlen--;
    }
    size_t hlen = strlen(host);
    if (!dlen || dlen > hlen)
        return false;
    if (strncasecmp(host + hlen - dlen, domain, dlen) != 0)
        return false;
    if (hlen == dlen)
        return true;
    return subdomains && host[hlen - dlen - 1] == '.';
}

/* Whether a name or value can go into a Set-Cookie line unchanged. */
static bool netopts_cookie_text_ok(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 32 || c == 127 || c == ';')
            return false;
    }
    return true;
}

#define NETOPTS_COOKIE_COLS 7

/* Split one line (without its end) at tabs into cols/lens; false unless
 * it has the 7 columns of the format. */
static bool netopts_cookie_cols(const char *line, size_t n, const char *cols[],
                                size_t lens[])
{
    int col = 0;
    const char *s = line, *end = line + n;
    while (col < NETOPTS_COOKIE_COLS) {
        const char *tab = memchr(s, '\t', (size_t)(end - s));
        const char *e = tab && col < NETOPTS_COOKIE_COLS - 1 ? tab : end;
        cols[col] = s;
        lens[col] = (size_t)(e - s);
        col++;
        if (e == end)
            break;
        s = e + 1;
    }
    return col == NETOPTS_COOKIE_COLS;
}

static bool netopts_col_is(const char *s, size_t n, const char *word)
{
    return n == strlen(word) && strncasecmp(s, word, n) == 0;
}

char *netopts_cookies(const char *text, const char *host, bool https, int64_t now)
{
    struct mp_strbuf b = {0};
    const char *line = text ? text : "";
    while (*line) {
        size_t n = strcspn(line, "\r\n");
        const char *next = line + n;
        next += strspn(next, "\r\n");
        const char *cols[NETOPTS_COOKIE_COLS];
        size_t lens[NETOPTS_COOKIE_COLS];
        static const char httponly[] = "#HttpOnly_";
        const char *l = line;
        size_t ln = n;
        if (ln >= sizeof(httponly) - 1 && !strncmp(l, httponly, sizeof(httponly) - 1)) {
            l += sizeof(httponly) - 1;
            ln -= sizeof(httponly) - 1;
        } else if (ln && l[0] == '#') {
            ln = 0;  /* a comment */
        }
        line = next;
        if (!ln || !netopts_cookie_cols(l, ln, cols, lens))
            continue;
        bool subdomains = netopts_col_is(cols[1], lens[1], "TRUE");
        bool secure = netopts_col_is(cols[3], lens[3], "TRUE");
        char num[24];
        int64_t expires = 0;
        if (lens[4] && lens[4] < sizeof(num)) {
            memcpy(num, cols[4], lens[4]);
            num[lens[4]] = '\0';
            expires = strtoll(num, NULL, 10);
        }
        if (!netopts_domain_match(cols[0], lens[0], subdomains, host) ||
            (secure && !https) || (expires > 0 && expires < now) || !lens[5] ||
            !netopts_cookie_text_ok(cols[5], lens[5]) ||
            !netopts_cookie_text_ok(cols[6], lens[6]) ||
            !netopts_cookie_text_ok(cols[2], lens[2]) || memchr(cols[5], '=', lens[5]))
            continue;
        mp_strbuf_add(&b, cols[5], lens[5]);
        mp_strbuf_adds(&b, "=");
        mp_strbuf_add(&b, cols[6], lens[6]);
        mp_strbuf_adds(&b, "; path=");
        if (lens[2])
            mp_strbuf_add(&b, cols[2], lens[2]);
        else
            mp_strbuf_adds(&b, "/");
        mp_strbuf_adds(&b, "\n");
    }
    return mp_strbuf_take(&b);
}
