/*
 * Find external subtitle files that belong to a media file: same folder,
 * same base name, a subtitle extension, maybe a language tag between.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "sub_priv.h"

static const char *const sub_exts[] = {"srt", "ass", "ssa", "vtt", "sub"};

struct candidate {
    char *path;
    bool exact;
};

/* Rank of name as a subtitle for base: 0 no, 1 "base.tag.ext", 2
 * "base.ext". Comparison ignores case, as MPlayer's does. */
static int match_name(const char *name, const char *base, size_t base_len)
{
    size_t n = strlen(name);
    if (n <= base_len + 1 || strncasecmp(name, base, base_len) || name[base_len] != '.')
        return 0;
    const char *ext = strrchr(name, '.');
    bool known = false;
    for (size_t i = 0; i < sizeof(sub_exts) / sizeof(sub_exts[0]); i++)
        known |= !strcasecmp(ext + 1, sub_exts[i]);
    if (!known)
        return 0;
    if (ext == name + base_len)
        return 2;
    /* One tag between: "movie.en.srt", not "movie.part2.en.srt". */
    const char *tag = name + base_len + 1;
    return memchr(tag, '.', (size_t)(ext - tag)) ? 0 : 1;
}

/* "x.sub" beside "x.idx" is VobSub's bitmap half, not MicroDVD text. */
static bool is_vobsub_part(const char *path)
{
    size_t n = strlen(path);
    if (n < 4 || strcasecmp(path + n - 4, ".sub"))
        return false;
    char *idx = strdup(path);
    if (!idx)
        return false;
    struct stat st;
    memcpy(idx + n - 4, ".idx", 4);
    bool found = stat(idx, &st) == 0;
    memcpy(idx + n - 4, ".IDX", 4);
    found |= stat(idx, &st) == 0;
    free(idx);
    return found;
}

static int cmp_candidates(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    if (x->exact != y->exact)
        return x->exact ? -1 : 1;
    return strcmp(x->path, y->path);
}

void mp_sub_free_candidates(char **list)
{
    if (!list)
        return;
    for (char **p = list; *p; p++)
        free(*p);
    free(list);
}

char **mp_sub_autoload_candidates(const char *media_path)
{
    const char *slash = strrchr(media_path, '/');
    const char *file = slash ? slash + 1 : media_path;
    char *dir = slash ? strndup(media_path, (size_t)(slash - media_path) + 1) : strdup("./");
    const char *dot = strrchr(file, '.');
    size_t base_len = dot && dot != file ? (size_t)(dot - file) : strlen(file);
    struct candidate *c = NULL;
    size_t nc = 0;
    bool oom = !dir;
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *e;
    while (d && !oom && (e = readdir(d))) {
        int rank = match_name(e->d_name, file, base_len);
        if (!rank || !strcmp(e->d_name, file))
            continue;
        char *path = NULL;
        /* "./" was not in the caller's path: keep the result in its form. */
        if (asprintf(&path, "%s%s", slash ? dir : "", e->d_name) < 0) {
            oom = true;
            break;
        }
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || is_vobsub_part(path)) {
            free(path);
            continue;
        }
        struct candidate *n = realloc(c, sizeof(*c) * (nc + 1));
        if (!n) {
            free(path);
            oom = true;
            break;
        }
        c = n;
        c[nc++] = (struct candidate){path, rank == 2};
    }
    if (d)
        closedir(d);
    free(dir);
    char **list = oom ? NULL : calloc(nc + 1, sizeof(*list));
    if (list) {
        if (nc)
            qsort(c, nc, sizeof(*c), cmp_candidates);
        for (size_t i = 0; i < nc; i++)
            list[i] = c[i].path;
    } else {
        for (size_t i = 0; i < nc; i++)
            free(c[i].path);
    }
    free(c);
    return list;
}
