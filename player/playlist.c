/*
 * The playlist: files from the command line and from -playlist files
 * (plain lists, M3U and PLS), shuffling.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "player/player.h"

/* A playlist that includes itself, directly or not, stops here. */
#define PLAYLIST_MAX_DEPTH 8
/* Entries per run: a hostile list must not eat all memory. */
#define PLAYLIST_MAX_ENTRIES 1000000
/* Bounds on one list file (a million entries fit; /dev/zero does not),
 * said in the message when broken. */
#define PLAYLIST_MAX_SIZE (16 * 1024 * 1024)
#define PLAYLIST_MAX_LINE (64 * 1024)

int playlist_add(struct playlist *pl, const char *entry)
{
    if (pl->num >= PLAYLIST_MAX_ENTRIES) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Playlist too long (more than %d entries).\n",
               PLAYLIST_MAX_ENTRIES);
        return -1;
    }
    char *copy = strdup(entry);
    char **n = realloc(pl->entries, sizeof(*n) * (size_t)(pl->num + 1));
    if (!copy || !n) {
        free(copy);
        if (n)
            pl->entries = n;
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Out of memory building the playlist.\n");
        return -1;
    }
    pl->entries = n;
    pl->entries[pl->num++] = copy;
    return 0;
}

void playlist_clear(struct playlist *pl)
{
    for (int i = 0; i < pl->num; i++)
        free(pl->entries[i]);
    free(pl->entries);
    pl->entries = NULL;
    pl->num = 0;
}

static bool playlist_is_url(const char *s)
{
    const char *p = strstr(s, "://");
    if (!p || p == s)
        return false;
    for (const char *q = s; q < p; q++) {
        if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || *q == '+'))
            return false;
    }
    return true;
}

/* Entries in a list are relative to the list's folder, as in MPlayer. */
static int playlist_add_relative(struct playlist *pl, const char *list_path, const char *entry,
                                 int depth)
{
    const char *slash = strrchr(list_path, '/');
    char *full = NULL;
    if (entry[0] != '/' && !playlist_is_url(entry) && slash && strcmp(entry, "-")) {
        int dirlen = (int)(slash - list_path);
        if (asprintf(&full, "%.*s/%s", dirlen, list_path, entry) < 0)
            return -1;
    }
    const char *name = full ? full : entry;
    int rc = 0;
    /* A nested playlist: its entries are taken in, bounded by depth. */
    size_t len = strlen(name);
    if (len > 4 && (!strcasecmp(name + len - 4, ".m3u") || !strcasecmp(name + len - 4, ".pls")))
        rc = playlist_add_file_entries(pl, name, depth + 1);
    else
        rc = playlist_add(pl, name);
    free(full);
    return rc;
}

static char *playlist_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

int playlist_add_file_entries(struct playlist *pl, const char *path, int depth)
{
    if (depth >= PLAYLIST_MAX_DEPTH) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR,
               "Playlist '%s' nested too deep (does it include itself?).\n", path);
        return -1;
    }
    char *text;
    size_t size;
    int err = mp_read_text_file(path, PLAYLIST_MAX_SIZE, PLAYLIST_MAX_LINE, &text, &size,
                                pl->interrupted, pl->interrupt_ctx);
    if (err == MP_TEXT_INTERRUPTED)
        return -1; /* the player takes the signal and says so */
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot read playlist '%s': %s%s.\n", path,
               mp_text_file_strerror(err),
               err == MP_TEXT_TOO_BIG || err == MP_TEXT_LINE_TOO_LONG
                   ? " (at most 16 MiB, lines of at most 64 KiB)" : "");
        return -1;
    }
    int rc = 0;
    bool pls = false;
    int added = 0;
    char *next = text;
    for (char *line; (line = mp_text_next_line(&next, text + size));) {
        char *s = playlist_trim(line);
        if (!*s)
            continue;
        if (!strcasecmp(s, "[playlist]")) {
            pls = true;
            continue;
        }
        if (pls) {
            /* PLS: only FileN=... lines name media. */
            if (strncasecmp(s, "file", 4))
                continue;
            char *eq = strchr(s, '=');
            if (!eq)
                continue;
            s = playlist_trim(eq + 1);
            if (!*s)
                continue;
        } else if (s[0] == '#') {
            continue; /* M3U directives and comments */
        }
        if (playlist_add_relative(pl, path, s, depth) < 0) {
            rc = -1;
            break;
        }
        added++;
    }
    free(text);
    if (rc == 0 && added == 0)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Playlist '%s' has no entries.\n", path);
    return rc;
}

void playlist_shuffle(struct playlist *pl, unsigned seed)
{
    /* Fisher-Yates with a small LCG: reproducible for a given seed. */
    unsigned state = seed ? seed : 1;
    for (int i = pl->num - 1; i > 0; i--) {
        state = state * 1103515245u + 12345u;
        int j = (int)((state >> 8) % (unsigned)(i + 1));
        char *t = pl->entries[i];
        pl->entries[i] = pl->entries[j];
        pl->entries[j] = t;
    }
}
