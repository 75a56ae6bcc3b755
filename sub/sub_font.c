/*
 * A font file given to -font/-subfont: its family name, read from the
 * font's own 'name' table, so that libass (which finds fonts by family)
 * can be handed the file's bytes and asked for that family.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Why not the default-font path of ass_set_fonts: libass tries the default
 * family and fontconfig's fallback before it, so with fontconfig on a
 * given file would never be used. TrueType and OpenType files (and the
 * first font of a collection) are read; anything else gives NULL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sub_priv.h"

/* Font files bigger than this are refused (a CJK font is some 20 MB). */
#define SUB_FONT_MAX_SIZE (64 * 1024 * 1024)

static unsigned rd16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint8_t *sub_font_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *buf = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0)
        n = ftell(f);
    if (n > 0 && n <= SUB_FONT_MAX_SIZE && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n);
        if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    *size = buf ? (size_t)n : 0;
    return buf;
}

/* UTF-16BE (platform 0 or 3) to UTF-8; surrogate pairs joined. */
static char *utf16be_to_utf8(const uint8_t *s, size_t len)
{
    char *out = malloc(len / 2 * 4 + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i + 1 < len; i += 2) {
        uint32_t c = rd16(s + i);
        if (c >= 0xd800 && c < 0xdc00 && i + 3 < len) {
            uint32_t lo = rd16(s + i + 2);
            if (lo >= 0xdc00 && lo < 0xe000) {
                c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
                i += 2;
            }
        }
        if (c < 0x80) {
            out[o++] = (char)c;
        } else if (c < 0x800) {
            out[o++] = (char)(0xc0 | c >> 6);
            out[o++] = (char)(0x80 | (c & 0x3f));
        } else if (c < 0x10000) {
            out[o++] = (char)(0xe0 | c >> 12);
            out[o++] = (char)(0x80 | (c >> 6 & 0x3f));
            out[o++] = (char)(0x80 | (c & 0x3f));
        } else {
            out[o++] = (char)(0xf0 | c >> 18);
            out[o++] = (char)(0x80 | (c >> 12 & 0x3f));
            out[o++] = (char)(0x80 | (c >> 6 & 0x3f));
            out[o++] = (char)(0x80 | (c & 0x3f));
        }
    }
    out[o] = '\0';
    return out;
}

char *sub_font_family(const uint8_t *d, size_t size)
{
    size_t base = 0;
    if (size >= 16 && !memcmp(d, "ttcf", 4))
        base = rd32(d + 12);  /* the first font of a collection */
    if (base > size || size - base < 12)
        return NULL;
    unsigned ntables = rd16(d + base + 4);
    size_t name_off = 0, name_len = 0;
    for (unsigned i = 0; i < ntables; i++) {
        size_t rec = base + 12 + (size_t)i * 16;
        if (rec + 16 > size)
            return NULL;
        if (!memcmp(d + rec, "name", 4)) {
            name_off = rd32(d + rec + 8);
            name_len = rd32(d + rec + 12);
        }
    }
    if (!name_len || name_off > size || size - name_off < name_len || name_len < 6)
        return NULL;
    const uint8_t *t = d + name_off;
    unsigned count = rd16(t + 2);
    size_t strings = rd16(t + 4);
    /* Best: a Unicode family name (platform 3 Windows or 0 Unicode), then
     * a Macintosh Roman one (ASCII for the names that matter). */
    char *mac = NULL;
    for (unsigned i = 0; i < count; i++) {
        size_t rec = 6 + (size_t)i * 12;
        if (rec + 12 > name_len)
            break;
        unsigned platform = rd16(t + rec), name_id = rd16(t + rec + 6);
        size_t len = rd16(t + rec + 8), off = strings + rd16(t + rec + 10);
        if (name_id != 1 || !len || off > name_len || name_len - off < len)
            continue;
        if (platform == 3 || platform == 0) {
            free(mac);
            return utf16be_to_utf8(t + off, len);
        }
        if (platform == 1 && !mac) {
            mac = malloc(len + 1);
            if (mac) {
                memcpy(mac, t + off, len);
                mac[len] = '\0';
            }
        }
    }
    return mac;
}
