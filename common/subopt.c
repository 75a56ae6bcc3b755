/*
 * Driver lists and driver suboptions (see subopt.h for the syntax).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "common/subopt.h"

/*
 * Scan the value that starts at s[i] (just after '='). Plain values end
 * at any byte of seps; quoted and %n% values end where their syntax says,
 * so they may contain separators. Sets the value's start and length and
 * returns the index just after it, or -1 when a quote or %n% is not
 * closed.
 */
static long subopt_scan_value(const char *s, size_t i, const char *seps, size_t *vstart,
                              size_t *vlen)
{
    size_t len = strlen(s);
    if (s[i] == '"') {
        const char *q = strchr(s + i + 1, '"');
        if (!q)
            return -1;
        *vstart = i + 1;
        *vlen = (size_t)(q - (s + i + 1));
        return (long)(q - s) + 1;
    }
    if (s[i] == '%') {
        size_t j = i + 1;
        size_t n = 0;
        while (s[j] >= '0' && s[j] <= '9') {
            n = n * 10 + (size_t)(s[j] - '0');
            if (n > len)
                return -1;
            j++;
        }
        if (j > i + 1 && s[j] == '%') {
            if (n > len - (j + 1))
                return -1;
            *vstart = j + 1;
            *vlen = n;
            return (long)(j + 1 + n);
        }
        /* Not the %n% form: a plain value that happens to start with %. */
    }
    size_t e = i + strcspn(s + i, seps);
    *vstart = i;
    *vlen = e - i;
    return (long)e;
}

/* NULL when out of memory. */
static char *subopt_strndup(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (!r)
        return NULL;
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* 0, or -1 when out of memory (the list keeps the items before). */
static int subopt_list_add(struct subopt_list *list, const char *item, size_t n)
{
    struct subopt_item *items =
        realloc(list->items, sizeof(*items) * (size_t)(list->count + 1));
    if (!items)
        return -1;
    list->items = items;
    size_t name_len = strcspn(item, ":");
    if (name_len > n)
        name_len = n;
    struct subopt_item *it = &items[list->count];
    it->name = subopt_strndup(item, name_len);
    if (name_len < n)
        it->args = subopt_strndup(item + name_len + 1, n - name_len - 1);
    else
        it->args = subopt_strndup("", 0);
    if (!it->name || !it->args) {
        free(it->name);
        free(it->args);
        return -1;
    }
    list->count++;
    return 0;
}

int subopt_list_parse(struct subopt_list *list, const char *spec, int msg_module,
                      const char *what)
{
    list->count = 0;
    list->items = NULL;
    if (!spec)
        spec = "";
    size_t start = 0;
    size_t i = 0;
    for (;;) {
        char c = spec[i];
        if (c == '\0' || c == ',') {
            if (subopt_list_add(list, spec + start, i - start) < 0) {
                mp_msg(msg_module, MSGL_ERR, "%s: out of memory.\n", what);
                subopt_list_free(list);
                return -1;
            }
            if (c == '\0')
                break;
            i++;
            start = i;
        } else if (c == '=') {
            size_t vs, vl;
            long next = subopt_scan_value(spec, i + 1, ":,", &vs, &vl);
            if (next < 0) {
                mp_msg(msg_module, MSGL_ERR, "%s: unterminated quoted or %%n%% value in '%s'.\n",
                       what, spec + start);
                subopt_list_free(list);
                return -1;
            }
            i = (size_t)next;
        } else {
            i++;
        }
    }
    return 0;
}

void subopt_list_free(struct subopt_list *list)
{
    for (int n = 0; n < list->count; n++) {
        free(list->items[n].name);
        free(list->items[n].args);
    }
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

static const struct subopt *subopt_find(const struct subopt *opts, const char *name, size_t n)
{
    for (const struct subopt *o = opts; o->name; o++) {
        if (strlen(o->name) == n && strncmp(o->name, name, n) == 0)
            return o;
    }
    return NULL;
}

static int subopt_set(const struct subopt *o, void *dst, const char *val, int msg_module,
                      const char *owner)
{
    char *field = (char *)dst + o->offset;
    switch (o->type) {
    case SUBOPT_FLAG:
        /* MPlayer's flags take no value; "fast=yes" is a typo to report. */
        mp_msg(msg_module, MSGL_ERR, "%s: suboption '%s' is a flag and takes no value.\n",
               owner, o->name);
        return -1;
    case SUBOPT_INT: {
        char *end = NULL;
        errno = 0;
        long v = strtol(val, &end, 10);
        if (!*val || *end || errno || v < o->min || v > o->max) {
            mp_msg(msg_module, MSGL_ERR,
                   "%s: suboption '%s' needs an integer from %d to %d, not '%s'.\n", owner,
                   o->name, o->min, o->max, val);
            return -1;
        }
        int iv = (int)v;
        memcpy(field, &iv, sizeof(iv));
        return 0;
    }
    case SUBOPT_STRING: {
        char *old;
        memcpy(&old, field, sizeof(old));
        free(old);
        char *copy = subopt_strndup(val, strlen(val));
        memcpy(field, &copy, sizeof(copy));
        if (!copy) {
            mp_msg(msg_module, MSGL_ERR, "%s: out of memory.\n", owner);
            return -1;
        }
        return 0;
    }
    }
    return -1;
}

static int subopt_set_flag(const struct subopt *opts, void *dst, const char *name, size_t n,
                           int msg_module, const char *owner)
{
    const struct subopt *o = subopt_find(opts, name, n);
    bool value = true;
    if (!o && n > 2 && strncmp(name, "no", 2) == 0) {
        o = subopt_find(opts, name + 2, n - 2);
        if (o && o->type != SUBOPT_FLAG)
            o = NULL;
        value = false;
    }
    if (!o) {
        mp_msg(msg_module, MSGL_ERR, "%s: unknown suboption '%.*s'.\n", owner, (int)n, name);
        return -1;
    }
    if (o->type != SUBOPT_FLAG) {
        mp_msg(msg_module, MSGL_ERR, "%s: suboption '%s' needs a value (%s=...).\n", owner,
               o->name, o->name);
        return -1;
    }
    memcpy((char *)dst + o->offset, &value, sizeof(value));
    return 0;
}

int subopt_parse(const char *args, const struct subopt *opts, void *dst, int msg_module,
                 const char *owner)
{
    if (!args)
        return 0;
    size_t i = 0;
    while (args[i]) {
        if (args[i] == ':') {
            i++;
            continue;
        }
        size_t name_start = i;
        size_t name_len = strcspn(args + i, ":=");
        i += name_len;
        if (args[i] != '=') {
            if (subopt_set_flag(opts, dst, args + name_start, name_len, msg_module, owner) < 0)
                return -1;
            continue;
        }
        const struct subopt *o = subopt_find(opts, args + name_start, name_len);
        if (!o) {
            mp_msg(msg_module, MSGL_ERR, "%s: unknown suboption '%.*s'.\n", owner,
                   (int)name_len, args + name_start);
            return -1;
        }
        size_t vs, vl;
        long next = subopt_scan_value(args, i + 1, ":", &vs, &vl);
        if (next < 0 || (args[next] != '\0' && args[next] != ':')) {
            mp_msg(msg_module, MSGL_ERR, "%s: malformed value of suboption '%s'.\n", owner,
                   o->name);
            return -1;
        }
        char *val = subopt_strndup(args + vs, vl);
        if (!val) {
            mp_msg(msg_module, MSGL_ERR, "%s: out of memory.\n", owner);
            return -1;
        }
        int r = subopt_set(o, dst, val, msg_module, owner);
        free(val);
        if (r < 0)
            return -1;
        i = (size_t)next;
    }
    return 0;
}

void subopt_free(const struct subopt *opts, void *dst)
{
    for (const struct subopt *o = opts; o->name; o++) {
        if (o->type != SUBOPT_STRING)
            continue;
        char *field = (char *)dst + o->offset;
        char *s;
        memcpy(&s, field, sizeof(s));
        free(s);
        s = NULL;
        memcpy(field, &s, sizeof(s));
    }
}
