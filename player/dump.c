/*
 * -dumpstream: the stream's bytes copied to a file, nothing decoded or
 * played, as MPlayer's stream dump.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"

/* MPlayer's name when -dumpfile is not given, in the current directory. */
#define DUMP_DEFAULT_FILE "stream.dump"
/* Big enough that a local copy is a few system calls per megabyte. */
#define DUMP_CHUNK (64 * 1024)

enum mp_stop_reason play_dump_stream(struct play_state *ps, const struct stream_opts *sopts)
{
    struct MPContext *mpctx = ps->mpctx;
    const char *path = mpctx->opts.dumpfile ? mpctx->opts.dumpfile : DUMP_DEFAULT_FILE;
    int err = stream_open(&ps->stream, ps->filename, sopts);
    if (err < 0) {
        if (err == -STREAM_ERR_ABORTED)
            return MP_STOP_QUIT;
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot open file '%s': %s.\n", ps->filename,
               stream_strerror(err));
        return MP_STOP_ERROR;
    }
    FILE *out = fopen(path, "wb");
    if (!out) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot open '%s' for writing: %s.\n",
               path, strerror(errno));
        return MP_STOP_OUTPUT;
    }
    char *buf = malloc(DUMP_CHUNK);
    if (!buf) {
        fclose(out);
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Out of memory.\n");
        return MP_STOP_OUTPUT;
    }
    enum mp_stop_reason reason = MP_STOP_EOF;
    long long total = 0;
    for (;;) {
        if (mp_check_quit(mpctx)) {
            reason = MP_STOP_QUIT;
            break;
        }
        int n = stream_read(ps->stream, buf, DUMP_CHUNK);
        if (n < 0) {
            if (n == -STREAM_ERR_ABORTED) {
                reason = MP_STOP_QUIT;
                break;
            }
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Error reading '%s': %s.\n", ps->filename,
                   stream_strerror(n));
            reason = MP_STOP_ERROR;
            break;
        }
        if (n == 0)
            break;
        if (fwrite(buf, 1, (size_t)n, out) != (size_t)n) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot write '%s': %s.\n", path,
                   strerror(errno));
            reason = MP_STOP_OUTPUT;
            break;
        }
        total += n;
    }
    free(buf);
    /* Buffered bytes reach the disk only here: a full disk shows now. */
    if (fclose(out) != 0 && reason != MP_STOP_OUTPUT) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot write '%s': %s.\n", path,
               strerror(errno));
        reason = MP_STOP_OUTPUT;
    }
    if (reason == MP_STOP_OUTPUT)
        return reason;
    /* MPlayer's words, which scripts that rip streams look for. */
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "dump: %lld bytes written to '%s'.\n", total, path);
    if (reason == MP_STOP_EOF)
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Core dumped ;)\n");
    return reason;
}
