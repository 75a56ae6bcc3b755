/*
 * The player: the playlist, the per-file play loop, A/V sync on the audio
 * clock, the status line and the exit summary.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Ownership: struct MPContext is created by mp_create() and freed by
 * mp_destroy(); it owns everything a run needs: the options, the playlist,
 * and while a file plays, its stream, demuxer, decoders and outputs.
 */
#ifndef MP_PLAYER_PLAYER_H
#define MP_PLAYER_PLAYER_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "options/options.h"

/* Exit status of the program; DOCS/man/mplayer.1 EXIT STATUS says the same. */
enum mp_exit_code {
    MP_EXIT_OK = 0,      /* every file played, or the user quit */
    MP_EXIT_OPTIONS = 1, /* bad command line or configuration file */
    MP_EXIT_SIGNAL = 1,  /* SIGINT, SIGTERM or SIGHUP (MPlayer's status) */
    MP_EXIT_FILE = 2,    /* some file could not be played */
    MP_EXIT_OUTPUT = 3,  /* an output could not be opened or written */
};

/* Why playback of a file ended (MPlayer's "Exiting... (reason)"). */
enum mp_stop_reason {
    MP_STOP_NONE = 0,
    MP_STOP_EOF,        /* the file ended (or -frames/-endpos reached) */
    MP_STOP_QUIT,       /* the user or a signal asked to quit everything */
    MP_STOP_ERROR,      /* this file failed */
    MP_STOP_OUTPUT,     /* an output failed: stop everything */
    MP_STOP_NEXT,       /* a command chose the entry to play next
                           (mpctx->playlist_next) */
};

struct playlist {
    char **entries;     /* owned strings */
    int num;
    /* Looked at while a list file is waited for (a FIFO with no writer):
     * true stops the read. NULL: only the quit signals are. */
    bool (*interrupted)(void *ctx);
    void *interrupt_ctx;
};

struct vo;
struct mp_input;
struct mp_sub;
struct mp_edl;

struct MPContext {
    struct MPOpts opts;
    /* -sws / -swsopts as libswscale's text, set from opts at each file's
     * start (kept as it was when libswscale refuses them) and passed to
     * every converter and filter chain the player makes. */
    struct mp_sws_opts sws_opts;
    /* The video output lives across files, as MPlayer's does: a window
     * stays open and -vo png numbers frames on through a playlist. */
    struct vo *vo;
    bool vo_failed;
    bool vo_configured; /* it had a first frame's size (its window options applied) */
    /* A file output (-ao pcm) kept open from one file to the next of the
     * same format, so that -loop and playlists write one WAV with every
     * pass (MPlayer reopened it per file: the last pass overwrote the
     * others). Closed by mp_run. */
    struct ao *ao_kept;
    struct ao_format ao_kept_fmt;
    struct mp_sub *sub;      /* subtitles and OSD, made at the first video */
    /* Making it before it is needed (player/subs.c, subs_prepare), or NULL. */
    struct subs_prepare_job *sub_prepare;
    struct mp_edl *edl;      /* -edl's list (player/edl.c), read once per run */
    double volume;           /* software volume 0..100 (player/volume.c) */
    bool mute;
    struct playlist playlist;
    int playlist_pos;        /* the entry playing */
    int playlist_next;       /* with MP_STOP_NEXT: the entry to play next */
    struct mp_input *input;  /* keys, -slave, -input file= */
    int exit_code;
    bool filter_refused;     /* a -vf/-af chain fit no stream of a file: exit 1 */
    atomic_bool quit;        /* also read by threads that read the stream */
    bool stopped;            /* the stop command: end the playlist */
    sigset_t quit_signals;   /* blocked; polled by the loop */
    pthread_t main_thread;   /* the one that reads input */
    /* sub_visibility (player/command.c): false hides subtitles; kept
     * across files as in MPlayer. Set up by mp_create. */
    bool sub_visibility;
    /* totals over the run, for -benchmark */
    double bench_video, bench_vout, bench_audio, bench_start;
    /* -vf on the loop (player/filters.c): time in the chain per frame out
     * (total, longest, count) and graph builds (count, longest). */
    double bench_vf_total, bench_vf_max, bench_vf_build_max;
    int64_t bench_vf_frames, bench_vf_builds;
    int64_t total_frames, total_dropped;
    /* -heartbeat-cmd (player/playloop.c): when it runs next, and the run
     * not yet reaped (0: none), across files. */
    double heartbeat_next;
    pid_t heartbeat_pid;
    /* -edlout's file (player/edl.c), open for the whole run, or NULL. */
    FILE *edlout;
    /* -udp-master / -udp-slave's socket (player/udp_sync.c), or NULL. */
    struct play_udp *udp;
};

/* A context with default options and no files. NULL when out of memory. */
struct MPContext *mp_create(void);
void mp_destroy(struct MPContext *mpctx);

/* Parse argv (config files first). Returns enum mp_opt_result. */
int mp_parse_args(struct MPContext *mpctx, int argc, char **argv);

/* Whether -vo, -ao, -vf or -af is "help" or -input has cmdlist or
 * keylist: mp_run then lists those and plays nothing (no file needed). */
bool mp_help_requested(const struct MPOpts *o);

/* -list-properties: the slave-mode properties with type and range
 * (player/command.c). */
void mp_print_property_list(void);

/* Play the playlist (with -loop and -shuffle). Returns the exit code. */
int mp_run(struct MPContext *mpctx);

/* Playlist building (player/playlist.c). Each returns 0 or -1 after a
 * message naming the file. */
int playlist_add(struct playlist *pl, const char *entry);
int playlist_add_file_entries(struct playlist *pl, const char *path, int depth);
void playlist_shuffle(struct playlist *pl, unsigned seed);
void playlist_clear(struct playlist *pl);

/* Software volume (player/volume.c): the start level from -volume and
 * -softvol-max; set, step and mute (with an OSD bar). */
void mp_volume_init(struct MPContext *mpctx);
void mp_volume_set(struct MPContext *mpctx, double volume);
double mp_volume_gain(const struct MPContext *mpctx);

/* -vf/-af before anything plays (player/filters.c): -1 after a message
 * for an unknown filter or bad syntax, else 0. */
int mp_filters_check(struct MPContext *mpctx);

/* Play one file (player/playfile.c). */
enum mp_stop_reason mp_play_file(struct MPContext *mpctx, const char *filename);

/* True when a quit signal (SIGINT, SIGTERM, SIGHUP) is pending; consumes
 * it and sets mpctx->quit. On other threads than the main one: true when
 * mpctx->quit is set or such a signal is pending, which stays pending. */
bool mp_check_quit(struct MPContext *mpctx);

/* player/edl.c: read -edl's file (malformed lines are warned about and
 * skipped, as in MPlayer). Returns 0 with *out set, or -1 after a message
 * (or on a quit signal). */
int mp_edl_load(const char *path, struct mp_edl **out);
void mp_edl_free(struct mp_edl *edl);
/* -edlout: create (truncate) the file the edl_mark command writes to.
 * Returns 0, or -1 after a message naming it. */
int mp_edlout_open(struct MPContext *mpctx);
/* Close it; -1 after a message when what was written did not reach it. */
int mp_edlout_close(struct MPContext *mpctx);

/* player/command.c: the slave command table (names, arguments, handlers)
 * that input/ parses lines against; ends with a row whose name is NULL. */
struct mp_cmd_def;
const struct mp_cmd_def *mp_player_cmd_table(void);

/* player/command.c: run a command read while -idle waits with no file
 * (before loadfile, after stop): the rows marked MP_CMD_F_IDLE. quit sets
 * mpctx->quit; loadfile and loadlist fill the list; get_property,
 * set_property and step_property answer as MPlayer 1.5 does then. Any other
 * command has nothing to act on (a message with -v). Returns true when
 * there is something to play now (mpctx->playlist_pos set). */
struct mp_cmd;
bool mp_idle_command(struct MPContext *mpctx, const struct mp_cmd *cmd);

/* mp_check_quit, and a quit command waiting in the input (-slave, keys):
 * taken (its exit code kept) so that a file that blocks while opening or
 * reading (a FIFO nobody writes to, a stalled server) is given up at once.
 * Other commands stay queued in their order. Only on the thread that
 * created mpctx (others just check the signals). */
bool mp_check_interrupt(struct MPContext *mpctx);

#endif
