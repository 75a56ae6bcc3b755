/*
 * mplayer: options -> playlist -> play each entry.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>

#include <libavutil/mem.h>

#include "config.h"
#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "player/player.h"

int main(int argc, char **argv)
{
    /* Before anything is opened: a file that took a closed fd 0 would be
     * read as keys or slave commands (see mp_reopen_std_fds). */
    if (mp_reopen_std_fds() < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_FATAL,
               "Cannot open /dev/null for a closed standard input or output.\n");
        return MP_EXIT_OUTPUT;
    }
    /* A hostile header can make libavformat size a table from a count it
     * has not checked (a 2.5 KB MP4 asks for 1.9 GB): cap any one
     * allocation; a decoded 8K frame needs far less. */
    av_max_alloc(512 * 1024 * 1024);
    struct MPContext *mpctx = mp_create();
    if (!mpctx)
        return MP_EXIT_OUTPUT;
    int rc = mp_parse_args(mpctx, argc, argv);
    if (rc == MP_OPT_ERROR) {
        /* A quit signal while a -playlist or -include file was read (a
         * FIFO with no writer) ends the parse: a quit, as in play. */
        int code = mp_check_quit(mpctx) ? mpctx->exit_code : MP_EXIT_OPTIONS;
        mp_destroy(mpctx);
        return code;
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO,
           "MPlayer " MPLAYER_VERSION " (C) 2000-2026 MPlayer Team and this branch's authors\n");
    if (rc == MP_OPT_EXIT) {
        mp_destroy(mpctx);
        return MP_EXIT_OK;
    }
    if (mpctx->playlist.num == 0 && !mp_help_requested(&mpctx->opts) && !mpctx->opts.idle) {
        mp_print_usage();
        mp_destroy(mpctx);
        return MP_EXIT_OK;
    }
    int code = mp_run(mpctx);
    mp_destroy(mpctx);
    return code;
}
