/*
 * A main() for the fuzz targets without libFuzzer: runs each file named on
 * the command line (each file of a folder named) through the target once.
 * Built with the normal compiler and flags, so kept crash inputs are
 * replayed in every build, the sanitizer build included.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz.h"

/* Read all of path into a malloc'ed buffer (*size bytes). */
static uint8_t *regress_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t alloc = 4096, n = 0;
    uint8_t *buf = malloc(alloc);
    while (buf) {
        if (n == alloc) {
            uint8_t *nb = realloc(buf, alloc * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            alloc *= 2;
        }
        size_t got = fread(buf + n, 1, alloc - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = n;
    return buf;
}

static int regress_file(const char *path)
{
    size_t size = 0;
    uint8_t *data = regress_read(path, &size);
    if (!data) {
        fprintf(stderr, "regress: cannot read %s: %s\n", path, strerror(errno));
        return 1;
    }
    /* A copy of exactly the input's size, so ASan sees reads past it. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return 1;
    }
    if (size)
        memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    printf("regress: ok %s\n", path);
    return 0;
}

static int regress_dir(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "regress: cannot open %s: %s\n", path, strerror(errno));
        return 1;
    }
    int failed = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
        failed += regress_file(sub);
    }
    closedir(dir);
    return failed;
}

int main(int argc, char **argv)
{
    /* Absolute names first: a target's set-up may change the working
     * folder (fuzz_options does). */
    char **paths = calloc((size_t)argc + 1, sizeof(*paths));
    if (!paths)
        return 1;
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        paths[i] = realpath(argv[i], NULL);
        if (!paths[i]) {
            fprintf(stderr, "regress: cannot find %s: %s\n", argv[i], strerror(errno));
            failed++;
        }
    }
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (!paths[i])
            continue;
        if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
            failed += regress_dir(paths[i]);
        else
            failed += regress_file(paths[i]);
        free(paths[i]);
    }
    free(paths);
    return failed ? 1 : 0;
}
