/*
 * Key codes and MPlayer's key names (the left column of input.conf).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * CTRL_A..CTRL_Z are the control bytes 1..26 here; MPlayer's own table
 * mixed some of them up (its CTRL_T was a space).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "input/input.h"

struct key_name {
    int code;
    const char *name;
};

static const struct key_name key_names[] = {
    {' ', "SPACE"},
    {'#', "SHARP"},
    {MP_KEY_ENTER, "ENTER"},
    {MP_KEY_TAB, "TAB"},
    {MP_KEY_CTRL, "CTRL"},
    {MP_KEY_BS, "BS"},
    {MP_KEY_DEL, "DEL"},
    {MP_KEY_INS, "INS"},
    {MP_KEY_HOME, "HOME"},
    {MP_KEY_END, "END"},
    {MP_KEY_PGUP, "PGUP"},
    {MP_KEY_PGDWN, "PGDWN"},
    {MP_KEY_ESC, "ESC"},
    {MP_KEY_RIGHT, "RIGHT"},
    {MP_KEY_LEFT, "LEFT"},
    {MP_KEY_DOWN, "DOWN"},
    {MP_KEY_UP, "UP"},
    {MP_KEY_KPDEL, "KP_DEL"},
    {MP_KEY_KPDEC, "KP_DEC"},
    {MP_KEY_KPINS, "KP_INS"},
    {MP_KEY_KPENTER, "KP_ENTER"},
    {MP_KEY_POWER, "POWER"},
    {MP_KEY_MENU, "MENU"},
    {MP_KEY_PLAY, "PLAY"},
    {MP_KEY_PAUSE, "PAUSE"},
    {MP_KEY_PLAYPAUSE, "PLAYPAUSE"},
    {MP_KEY_STOP, "STOP"},
    {MP_KEY_FORWARD, "FORWARD"},
    {MP_KEY_REWIND, "REWIND"},
    {MP_KEY_NEXT, "NEXT"},
    {MP_KEY_PREV, "PREV"},
    {MP_KEY_VOLUME_UP, "VOLUME_UP"},
    {MP_KEY_VOLUME_DOWN, "VOLUME_DOWN"},
    {MP_KEY_MUTE, "MUTE"},
    {MP_KEY_CLOSE_WIN, "CLOSE_WIN"},
    /* Old names MPlayer still reads; listed after the real ones so that a
     * code prints under its current name. */
    {MP_KEY_PAUSE, "XF86_PAUSE"},
    {MP_KEY_STOP, "XF86_STOP"},
    {MP_KEY_PREV, "XF86_PREV"},
    {MP_KEY_NEXT, "XF86_NEXT"},
};

#define NUM_NAMES (sizeof(key_names) / sizeof(key_names[0]))

/* Families of numbered names: PREFIX<n> for n in [first, last]. */
struct key_family {
    const char *prefix;
    const char *suffix;
    int base; /* code of number 0 */
    int first, last;
};

static const struct key_family families[] = {
    {"F", "", MP_KEY_F, 1, 12},
    {"KP", "", MP_KEY_KP0, 0, 9},
    {"MOUSE_BTN", "_DBL", MP_MOUSE_BTN0_DBL, 0, 19},
    {"MOUSE_BTN", "", MP_MOUSE_BTN0, 0, 19},
};

/* A UTF-8 character of exactly the whole string, or -1. */
static int utf8_single(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    int n;
    uint32_t cp;
    if (p[0] < 0x80)
        return -1;
    if ((p[0] & 0xe0) == 0xc0) {
        n = 1;
        cp = p[0] & 0x1f;
    } else if ((p[0] & 0xf0) == 0xe0) {
        n = 2;
        cp = p[0] & 0x0f;
    } else if ((p[0] & 0xf8) == 0xf0) {
        n = 3;
        cp = p[0] & 0x07;
    } else {
        return -1;
    }
    for (int i = 1; i <= n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return -1;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if (p[n + 1] || cp < 0x80 || cp > 0x10ffff)
        return -1;
    return (int)cp;
}

static int family_code(const char *name)
{
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
        const struct key_family *fam = &families[f];
        size_t pl = strlen(fam->prefix), sl = strlen(fam->suffix);
        size_t len = strlen(name);
        if (len <= pl + sl || strncasecmp(name, fam->prefix, pl) != 0)
            continue;
        if (sl && strcasecmp(name + len - sl, fam->suffix) != 0)
            continue;
        int num = 0;
        size_t i = pl;
        for (; i < len - sl; i++) {
            if (name[i] < '0' || name[i] > '9' || num > 1000)
                break;
            num = num * 10 + (name[i] - '0');
        }
        if (i != len - sl || i - pl > 2 || num < fam->first || num > fam->last)
            continue;
        return fam->base + num;
    }
    return -1;
}

int mp_input_key_from_name(const char *name)
{
    if (!name || !name[0])
        return -1;
    size_t len = strlen(name);
    if (len == 1)
        return (unsigned char)name[0];
    if (len > 2 && strncasecmp(name, "0x", 2) == 0) {
        char *end;
        long v = strtol(name, &end, 16);
        return *end == '\0' && v > 0 && v < 0x7fffffff ? (int)v : -1;
    }
    for (size_t i = 0; i < NUM_NAMES; i++) {
        if (strcasecmp(key_names[i].name, name) == 0)
            return key_names[i].code;
    }
    if (len == 6 && strncasecmp(name, "CTRL_", 5) == 0) {
        char c = name[5];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (c >= 'A' && c <= 'Z')
            return c - 'A' + 1;
    }
    int code = family_code(name);
    if (code >= 0)
        return code;
    return utf8_single(name);
}

int mp_input_keys_from_name(const char *name, int keys[MP_MAX_KEY_DOWN])
{
    if (!name || !name[0])
        return -1;
    char part[64];
    int n = 0;
    const char *p = name;
    while (*p) {
        if (n == MP_MAX_KEY_DOWN)
            return -1;
        /* A '-' right at the start of a part is the minus key itself. */
        const char *dash = strchr(p + 1, '-');
        size_t pl = dash ? (size_t)(dash - p) : strlen(p);
        if (pl >= sizeof(part))
            return -1;
        memcpy(part, p, pl);
        part[pl] = '\0';
        int code = mp_input_key_from_name(part);
        if (code < 0)
            return -1;
        keys[n++] = code;
        if (!dash)
            break;
        p = dash + 1;
        if (!*p)
            return -1; /* "a-" */
    }
    return n;
}

static void put_utf8(int cp, char *buf, size_t size)
{
    char tmp[5];
    size_t n = 0;
    if (cp < 0x800) {
        tmp[n++] = (char)(0xc0 | (cp >> 6));
    } else if (cp < 0x10000) {
        tmp[n++] = (char)(0xe0 | (cp >> 12));
        tmp[n++] = (char)(0x80 | ((cp >> 6) & 0x3f));
    } else {
        tmp[n++] = (char)(0xf0 | (cp >> 18));
        tmp[n++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        tmp[n++] = (char)(0x80 | ((cp >> 6) & 0x3f));
    }
    tmp[n++] = (char)(0x80 | (cp & 0x3f));
    tmp[n] = '\0';
    snprintf(buf, size, "%s", tmp);
}

const char *mp_input_key_name(int code, char *buf, size_t size)
{
    if (!size)
        return buf;
    for (size_t i = 0; i < NUM_NAMES; i++) {
        if (key_names[i].code == code) {
            snprintf(buf, size, "%s", key_names[i].name);
            return buf;
        }
    }
    if (code > ' ' && code < 0x7f) {
        snprintf(buf, size, "%c", (char)code);
    } else if (code >= 1 && code <= 26) {
        snprintf(buf, size, "CTRL_%c", (char)('A' + code - 1));
    } else if (code >= 0x80 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) {
        put_utf8(code, buf, size);
    } else {
        for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
            const struct key_family *fam = &families[f];
            if (code >= fam->base + fam->first && code <= fam->base + fam->last) {
                snprintf(buf, size, "%s%d%s", fam->prefix, code - fam->base, fam->suffix);
                return buf;
            }
        }
        snprintf(buf, size, "%#x", (unsigned)code);
    }
    return buf;
}

void mp_input_print_keylist(void)
{
    for (size_t i = 0; i < NUM_NAMES; i++)
        mp_msg(MSGT_INPUT, MSGL_INFO, "%s\n", key_names[i].name);
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
        const struct key_family *fam = &families[f];
        for (int n = fam->first; n <= fam->last; n++)
            mp_msg(MSGT_INPUT, MSGL_INFO, "%s%d%s\n", fam->prefix, n, fam->suffix);
    }
    for (char c = 'A'; c <= 'Z'; c++)
        mp_msg(MSGT_INPUT, MSGL_INFO, "CTRL_%c\n", c);
}
