/*
 * Terminal input bytes -> key codes.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Covers what xterm-likes, the Linux console and rxvt send without any
 * terminal database: CSI (ESC [) and SS3 (ESC O) sequences. Like
 * MPlayer's getch2, ^A/^E/^D/^U/^V stand for Home/End/Del/PgUp/PgDn, and
 * ESC ESC is ESC. Unlike it, a lone ESC is the ESC key once the caller
 * decides no more bytes are coming (input.c waits a moment), and unknown
 * CSI sequences are swallowed whole instead of turning into '[', 'x', ...
 */
#include <stdbool.h>
#include <stddef.h>

#include "input/input.h"

/* Longest CSI parameter string accepted before the sequence is junk. */
#define CSI_MAX 16

static int csi_tilde(int p1)
{
    switch (p1) {
    case 1:
    case 7:
        return MP_KEY_HOME;
    case 2:
        return MP_KEY_INS;
    case 3:
        return MP_KEY_DEL;
    case 4:
    case 8:
        return MP_KEY_END;
    case 5:
        return MP_KEY_PGUP;
    case 6:
        return MP_KEY_PGDWN;
    case 11: case 12: case 13: case 14: case 15:
        return MP_KEY_F + 1 + (p1 - 11);
    case 17: case 18: case 19: case 20: case 21:
        return MP_KEY_F + 6 + (p1 - 17);
    case 23: case 24:
        return MP_KEY_F + 11 + (p1 - 23);
    default:
        return -1;
    }
}

/* The final letter of CSI or SS3 sequences (arrows, Home/End, F1-F4). */
static int final_letter(unsigned char c)
{
    switch (c) {
    case 'A':
        return MP_KEY_UP;
    case 'B':
        return MP_KEY_DOWN;
    case 'C':
        return MP_KEY_RIGHT;
    case 'D':
        return MP_KEY_LEFT;
    case 'H':
        return MP_KEY_HOME;
    case 'F':
        return MP_KEY_END;
    case 'P': case 'Q': case 'R': case 'S':
        return MP_KEY_F + 1 + (c - 'P');
    default:
        return -1;
    }
}

static size_t decode_csi(const unsigned char *buf, size_t len, bool more, int *code)
{
    /* buf[0..1] == ESC [ */
    if (len < 3)
        goto need_more;
    if (buf[2] == '[') { /* Linux console F1-F5: ESC [ [ A..E */
        if (len < 4)
            goto need_more;
        *code = buf[3] >= 'A' && buf[3] <= 'E' ? MP_KEY_F + 1 + (buf[3] - 'A') : -1;
        return 4;
    }
    size_t i = 2;
    int p1 = -1;
    bool in_first = true;
    while (i < len && ((buf[i] >= '0' && buf[i] <= '9') || buf[i] == ';')) {
        if (buf[i] == ';') {
            in_first = false;
        } else if (in_first) {
            p1 = (p1 < 0 ? 0 : p1 * 10) + (buf[i] - '0');
            if (p1 > 9999)
                p1 = 9999;
        }
        if (i - 2 >= CSI_MAX) {
            *code = -1;
            return i + 1;
        }
        i++;
    }
    if (i == len)
        goto need_more;
    unsigned char fin = buf[i];
    if (fin < 0x40 || fin > 0x7e) {
        /* Not a CSI after all; drop what looked like one. */
        *code = -1;
        return i;
    }
    *code = fin == '~' ? csi_tilde(p1) : final_letter(fin);
    return i + 1;

need_more:
    if (more)
        return 0;
    *code = -1;
    return len;
}

static size_t decode_utf8(const unsigned char *buf, size_t len, bool more, int *code)
{
    unsigned char c = buf[0];
    size_t n;
    int cp;
    if ((c & 0xe0) == 0xc0) {
        n = 2;
        cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
        n = 3;
        cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
        n = 4;
        cp = c & 0x07;
    } else {
        *code = -1; /* stray continuation or invalid lead byte */
        return 1;
    }
    for (size_t i = 1; i < n; i++) {
        if (i >= len) {
            if (more)
                return 0;
            *code = -1;
            return len;
        }
        if ((buf[i] & 0xc0) != 0x80) {
            *code = -1;
            return i;
        }
        cp = (cp << 6) | (buf[i] & 0x3f);
    }
    *code = cp >= 0x80 && cp <= 0x10ffff ? cp : -1;
    return n;
}

size_t mp_input_term_decode(const unsigned char *buf, size_t len, bool more, int *code)
{
    if (!len)
        return 0;
    unsigned char c = buf[0];
    if (c >= 0x80)
        return decode_utf8(buf, len, more, code);
    if (c != 27) {
        switch (c) {
        case 'A' - 64:
            *code = MP_KEY_HOME;
            return 1;
        case 'E' - 64:
            *code = MP_KEY_END;
            return 1;
        case 'D' - 64:
            *code = MP_KEY_DEL;
            return 1;
        case 'U' - 64:
            *code = MP_KEY_PGUP;
            return 1;
        case 'V' - 64:
            *code = MP_KEY_PGDWN;
            return 1;
        case 8:
        case 127:
            *code = MP_KEY_BS;
            return 1;
        case 10:
        case 13:
            *code = MP_KEY_ENTER;
            /* CR LF or LF CR from one Enter press. */
            return len > 1 && (buf[1] == 10 || buf[1] == 13) && buf[1] != c ? 2 : 1;
        default:
            *code = c;
            return 1;
        }
    }
    if (len == 1) {
        if (more)
            return 0;
        *code = MP_KEY_ESC;
        return 1;
    }
    if (buf[1] == 27) {
        *code = MP_KEY_ESC;
        return 2;
    }
    if (buf[1] == '[')
        return decode_csi(buf, len, more, code);
    if (buf[1] == 'O') {
        if (len < 3) {
            if (more)
                return 0;
            *code = MP_KEY_ESC;
            return 1;
        }
        int k = final_letter(buf[2]);
        if (k >= 0) {
            *code = k;
            return 3;
        }
    }
    /* Alt+key arrives as ESC key: ESC here, the key on the next call. */
    *code = MP_KEY_ESC;
    return 1;
}
