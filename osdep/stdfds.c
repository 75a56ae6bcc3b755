/*
 * The standard descriptors, made safe before anything else is opened.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "osdep/osdep.h"

int mp_reopen_std_fds(void)
{
    /* Started with stdin closed (daemons, "<&-"), the first file opened
     * would become fd 0 and the input layer would read the media file as
     * keys or slave commands. open() takes the lowest free descriptor, so
     * each closed one is refilled in turn. */
    int reopened = 0;
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        int nfd = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (nfd < 0)
            return -errno;
        if (nfd != fd) {
            /* Only when something else filled the gap meanwhile. */
            close(nfd);
            return -EBADF;
        }
        reopened |= 1 << fd;
    }
    return reopened;
}
