/*
 * pagecache: show how much of a file sits in the kernel page cache, and
 * drop or prefetch it; the tool that makes a measurement run cold.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 *   pagecache [--drop] [--willneed] [--cold] FILE...
 *
 * Prints "FILE RESIDENT_BYTES SIZE_BYTES" per file (resident counted in whole
 * pages, from mincore(2) on a shared read-only mapping). --drop gives the
 * file POSIX_FADV_DONTNEED first, --willneed POSIX_FADV_WILLNEED. --cold
 * drops and then insists that no byte stays resident: it retries a few
 * times (pages under read can not be dropped at once) and exits 1 if some
 * remain. Only libc is needed; it uses nothing of the player.
 *
 * mincore on a file mapping reports real residency only to a caller that
 * owns the file or may write it (or has CAP_SYS_ADMIN/CAP_FOWNER); for
 * others the kernel pretends every page is resident, which --cold reports
 * as a failure rather than as a cold file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Bytes of fd's file in the page cache, or -1 with errno set. */
static long long resident_bytes(int fd, long long size)
{
    if (size == 0)
        return 0;
    long page = sysconf(_SC_PAGESIZE);
    size_t pages = (size_t)((size + page - 1) / page);
    void *map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        return -1;
    unsigned char *vec = malloc(pages);
    if (!vec) {
        munmap(map, (size_t)size);
        errno = ENOMEM;
        return -1;
    }
    long long res = -1;
    if (mincore(map, (size_t)size, vec) == 0) {
        size_t n = 0;
        for (size_t i = 0; i < pages; i++)
            n += vec[i] & 1;
        res = (long long)n * page;
        if (res > size)
            res = size;         /* the last page is partly past the end */
    }
    int err = errno;
    free(vec);
    munmap(map, (size_t)size);
    errno = err;
    return res;
}

static int do_file(const char *path, int drop, int willneed, int cold)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "pagecache: %s: %s\n", path, strerror(errno));
        return 1;
    }
    struct stat sb;
    if (fstat(fd, &sb) < 0) {
        fprintf(stderr, "pagecache: %s: %s\n", path, strerror(errno));
        close(fd);
        return 1;
    }
    long long size = sb.st_size;
    int tries = cold ? 50 : 1;
    long long res = -1;
    for (int i = 0; i < tries; i++) {
        if (drop) {
            int e = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            if (e) {
                fprintf(stderr, "pagecache: %s: fadvise: %s\n", path, strerror(e));
                close(fd);
                return 1;
            }
        }
        res = resident_bytes(fd, size);
        if (res != 0)
            nanosleep(&(struct timespec){ .tv_nsec = 20 * 1000 * 1000 }, NULL);
        if (res <= 0)
            break;
    }
    if (res < 0) {
        fprintf(stderr, "pagecache: %s: mincore: %s\n", path, strerror(errno));
        close(fd);
        return 1;
    }
    if (willneed) {
        int e = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
        if (e) {
            fprintf(stderr, "pagecache: %s: fadvise: %s\n", path, strerror(e));
            close(fd);
            return 1;
        }
    }
    close(fd);
    printf("%s %lld %lld\n", path, res, size);
    if (cold && res != 0) {
        fprintf(stderr, "pagecache: %s: %lld bytes stay resident\n", path, res);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int drop = 0, willneed = 0, cold = 0, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--drop")) {
            drop = 1;
        } else if (!strcmp(argv[i], "--willneed")) {
            willneed = 1;
        } else if (!strcmp(argv[i], "--cold")) {
            drop = cold = 1;
        } else if (!strcmp(argv[i], "--")) {
            i++;
            break;
        } else {
            fprintf(stderr, "usage: pagecache [--drop] [--willneed] [--cold] FILE...\n");
            return 2;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: pagecache [--drop] [--willneed] [--cold] FILE...\n");
        return 2;
    }
    int rc = 0;
    for (; i < argc; i++)
        rc |= do_file(argv[i], drop, willneed, cold);
    return rc;
}
