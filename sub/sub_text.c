/*
 * Small text helpers for ASS event lines: restyling, tag stripping,
 * escaping, hashing.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sub_priv.h"

/* Does an override block {...} (without braces) switch drawing mode on
 * (\p1 and up) or off (\p0)? Returns -1 if it does not mention \p. */
static int block_drawing_mode(const char *b, size_t len)
{
    int mode = -1;
    for (size_t i = 0; i + 2 < len; i++) {
        if (b[i] != '\\' || b[i + 1] != 'p' || b[i + 2] < '0' || b[i + 2] > '9')
            continue;
        int v = 0;
        for (size_t j = i + 2; j < len && b[j] >= '0' && b[j] <= '9' && v < 1000; j++)
            v = v * 10 + (b[j] - '0');
        mode = v != 0;
    }
    return mode;
}

/* Copy text without override blocks and without drawings. With
 * unescape, \N and \n become newlines and \h a space. */
static char *strip_blocks(const char *text, bool unescape)
{
    size_t n = strlen(text);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    bool drawing = false;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '{') {
            const char *end = strchr(text + i, '}');
            if (end) {
                int mode = block_drawing_mode(text + i + 1, (size_t)(end - text - i - 1));
                if (mode >= 0)
                    drawing = mode > 0;
                i = (size_t)(end - text);
                continue;
            }
        }
        if (drawing)
            continue;
        if (unescape && text[i] == '\\' && i + 1 < n) {
            char c = text[i + 1];
            if (c == 'N' || c == 'n') {
                out[o++] = '\n';
                i++;
                continue;
            }
            if (c == 'h') {
                out[o++] = ' ';
                i++;
                continue;
            }
        }
        out[o++] = text[i];
    }
    out[o] = '\0';
    return out;
}

char *sub_text_strip(const char *text)
{
    return strip_blocks(text, true);
}

char *sub_text_plain_line(const char *line, bool strip_tags)
{
    /* Field starts: 0 ReadOrder, 1 Layer, 2 Style, 3 Name, ... 8 Text. */
    const char *field[9];
    field[0] = line;
    int nf = 1;
    for (const char *p = line; *p && nf < 9; p++) {
        if (*p == ',')
            field[nf++] = p + 1;
    }
    if (nf < 9)
        return NULL;
    char *text = strip_tags ? strip_blocks(field[8], false) : strdup(field[8]);
    if (!text)
        return NULL;
    size_t head = (size_t)(field[2] - line);
    size_t mid = (size_t)(field[8] - field[3]);
    size_t tl = strlen(text);
    char *out = malloc(head + 8 + mid + tl + 1);
    if (out) {
        memcpy(out, line, head);
        memcpy(out + head, "Default,", 8);
        memcpy(out + head + 8, field[3], mid);
        memcpy(out + head + 8 + mid, text, tl + 1);
    }
    free(text);
    return out;
}

char *sub_text_append_escaped(char *dst, const char *s)
{
    size_t dl = dst ? strlen(dst) : 0;
    size_t sl = strlen(s);
    /* Worst case every byte doubles. */
    char *out = realloc(dst, dl + 2 * sl + 1);
    if (!out) {
        free(dst);
        return NULL;
    }
    size_t o = dl;
    for (size_t i = 0; i < sl; i++) {
        char c = s[i];
        if (c == '\n') {
            out[o++] = '\\';
            out[o++] = 'N';
        } else if (c == '{' || c == '}') {
            out[o++] = '\\';
            out[o++] = c;
        } else if (c != '\r') {
            out[o++] = c;
        }
    }
    out[o] = '\0';
    return out;
}

uint64_t sub_text_hash(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

char *sub_ass_header(int play_x, int play_y, const struct sub_ass_style *st)
{
    char *h = NULL;
    int n = asprintf(&h,
                     "[Script Info]\n"
                     "ScriptType: v4.00+\n"
                     "PlayResX: %d\n"
                     "PlayResY: %d\n"
                     "ScaledBorderAndShadow: yes\n"
                     "\n"
                     "[V4+ Styles]\n"
                     "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, "
                     "OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, "
                     "ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, "
                     "MarginL, MarginR, MarginV, Encoding\n"
                     "Style: %s,%s,%.2f,&H%08X,&H%08X,&H%08X,&H%08X,0,0,0,0,100,100,0,0,"
                     "1,%.2f,0,%d,%d,%d,%d,1\n"
                     "\n"
                     "[Events]\n"
                     "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, "
                     "Effect, Text\n",
                     play_x, play_y, st->name, st->font, st->size, st->primary, st->secondary,
                     st->outline_colour, st->back_colour, st->outline, st->alignment,
                     st->margin_l, st->margin_r, st->margin_v);
    return n < 0 ? NULL : h;
}
