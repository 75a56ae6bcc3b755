/*
 * The run: context, signals, the playlist loop, exit summary.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "input/input.h"
#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "sub/sub.h"

/* A seed that differs between runs started in the same second (a script
 * starting the player in a loop got the same order each time). */
static unsigned core_shuffle_seed(void)
{
    unsigned seed;
    if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == (ssize_t)sizeof(seed))
        return seed;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (unsigned)ts.tv_sec * 2654435761u ^ (unsigned)ts.tv_nsec ^ (unsigned)getpid() << 16;
}

static bool core_playlist_interrupted(void *ctx)
{
    return mp_check_interrupt(ctx);
}

/* The checks the option parser asks of the filter and scaler modules. */
static const struct mp_opt_checks core_opt_checks = {
    .swsopts = mp_sws_check_opts,
    .filter_list_edit = mp_filter_list_edit,
};

struct MPContext *mp_create(void)
{
    struct MPContext *mpctx = calloc(1, sizeof(*mpctx));
    if (!mpctx)
        return NULL;
    mp_opts_init(&mpctx->opts);
    mpctx->opts.checks = &core_opt_checks;
    mpctx->sub_visibility = true;
    mpctx->main_thread = pthread_self();
    mpctx->playlist.interrupted = core_playlist_interrupted;
    mpctx->playlist.interrupt_ctx = mpctx;
    /* Quit signals are blocked and polled by the loop, so no handler and
     * no global flag are needed, and every thread started later inherits
     * the mask. */
    sigemptyset(&mpctx->quit_signals);
    sigaddset(&mpctx->quit_signals, SIGINT);
    sigaddset(&mpctx->quit_signals, SIGTERM);
    sigaddset(&mpctx->quit_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &mpctx->quit_signals, NULL);
    /* A reader of our stdout that goes away must not kill us mid-write. */
    signal(SIGPIPE, SIG_IGN);
    return mpctx;
}

void mp_destroy(struct MPContext *mpctx)
{
    if (!mpctx)
        return;
    mp_input_free(mpctx->input);
    subs_prepare_end(mpctx);
    mp_sub_free(mpctx->sub);
    mp_edl_free(mpctx->edl);
    play_udp_end(mpctx);
    /* Normally closed by mp_run, which reports a failed write. */
    if (mpctx->edlout)
        fclose(mpctx->edlout);
    playlist_clear(&mpctx->playlist);
    mp_opts_free(&mpctx->opts);
    free(mpctx);
}

bool mp_check_quit(struct MPContext *mpctx)
{
    if (mpctx->quit)
        return true;
    /* Another thread (the demuxer's reader, a cache's) only looks: the
     * signal is the main thread's to take and report. */
    if (!pthread_equal(pthread_self(), mpctx->main_thread)) {
        sigset_t pending;
        if (sigpending(&pending) < 0)
            return false;
        return sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 ||
               sigismember(&pending, SIGHUP) == 1;
    }
    struct timespec zero = { 0, 0 };
    int sig = sigtimedwait(&mpctx->quit_signals, NULL, &zero);
    if (sig > 0) {
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "\nMPlayer interrupted by signal %d.\n", sig);
        mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_SIGNAL=%d\n", sig);
        /* Front-ends tell a kill from a quit by the status, as MPlayer's. */
        if (mpctx->exit_code == MP_EXIT_OK)
            mpctx->exit_code = MP_EXIT_SIGNAL;
        mpctx->quit = true;
    }
    return mpctx->quit;
}

bool mp_check_interrupt(struct MPContext *mpctx)
{
    if (mp_check_quit(mpctx))
        return true;
    if (!mpctx->input || !pthread_equal(pthread_self(), mpctx->main_thread))
        return false;
    int code;
    bool quit = mp_input_take_quit(mpctx->input, &code);
    if (quit) {
        mpctx->exit_code = code;
        mpctx->quit = true;
    }
    return mpctx->quit;
}

int mp_parse_args(struct MPContext *mpctx, int argc, char **argv)
{
    struct mp_cmdline_files files = { 0 };
    int rc = mp_parse_command_line(&mpctx->opts, &files, argc, argv);
    if (rc == MP_OPT_OK) {
        for (int i = 0; i < files.num && rc == MP_OPT_OK; i++) {
            int r = files.files[i].is_playlist
                        ? playlist_add_file_entries(&mpctx->playlist, files.files[i].name, 0)
                        : playlist_add(&mpctx->playlist, files.files[i].name);
            if (r < 0)
                rc = MP_OPT_ERROR;
        }
    }
    mp_cmdline_files_free(&files);
    return rc;
}

/* How the run ended, for the last two lines it prints. */
enum core_exit {
    CORE_EXIT_EOF,   /* the list played out */
    CORE_EXIT_QUIT,  /* a quit command, key or signal */
    CORE_EXIT_ERROR, /* an output failed */
};

static const struct {
    const char *reason; /* "Exiting... (reason)" */
    const char *id;     /* ID_EXIT= */
} core_exit_names[] = {
    [CORE_EXIT_EOF] = { "End of file", "EOF" },
    [CORE_EXIT_QUIT] = { "Quit", "QUIT" },
    [CORE_EXIT_ERROR] = { "Fatal error", "ERROR" },
};

static void core_benchmark_summary(struct MPContext *mpctx)
{
    double total = mp_time_sec() - mpctx->bench_start;
    double used = mpctx->bench_video + mpctx->bench_vout + mpctx->bench_audio;
    mp_msg(MSGT_CPLAYER, MSGL_INFO,
           "\nBENCHMARKs: VC:%8.3fs VO:%8.3fs A:%8.3fs Sys:%8.3fs = %8.3fs\n",
           mpctx->bench_video, mpctx->bench_vout, mpctx->bench_audio, total - used, total);
    if (total > 0)
        mp_msg(MSGT_CPLAYER, MSGL_INFO,
               "BENCHMARK%%: VC:%8.4f%% VO:%8.4f%% A:%8.4f%% Sys:%8.4f%% = %8.4f%%\n",
               100.0 * mpctx->bench_video / total, 100.0 * mpctx->bench_vout / total,
               100.0 * mpctx->bench_audio / total, 100.0 * (total - used) / total, 100.0);
    if (mpctx->total_frames > 0) {
        int64_t shown = mpctx->total_frames - mpctx->total_dropped;
        mp_msg(MSGT_CPLAYER, MSGL_INFO,
               "BENCHMARKn: disp: %lld (%3.2f fps)  drop: %lld (%d%%)  total: %lld (%3.2f fps)\n",
               (long long)shown, total > 0.5 ? shown / total : 0.0,
               (long long)mpctx->total_dropped,
               (int)(100 * mpctx->total_dropped / mpctx->total_frames),
               (long long)mpctx->total_frames, total > 0.5 ? mpctx->total_frames / total : 0.0);
    }
    if (mpctx->bench_vf_frames > 0 || mpctx->bench_vf_builds > 0) {
        /* Not in MPlayer: the -vf chain's share of VC, frame by frame. */
        mp_msg(MSGT_CPLAYER, MSGL_INFO,
               "BENCHMARKf: -vf frames: %lld  avg: %.3f ms  max: %.3f ms  "
               "graph builds: %lld  max: %.3f ms\n",
               (long long)mpctx->bench_vf_frames,
               mpctx->bench_vf_frames ? 1000 * mpctx->bench_vf_total / mpctx->bench_vf_frames
                                      : 0.0,
               1000 * mpctx->bench_vf_max, (long long)mpctx->bench_vf_builds,
               1000 * mpctx->bench_vf_build_max);
    }
}

/* -idle with nothing to play: wait for loadfile (or quit). Returns true
 * when there is something to play. With every input at its end (stdin
 * closed, no -input file), MPlayer still waits: only a signal ends it. */
static bool core_idle(struct MPContext *mpctx)
{
    while (!mp_check_quit(mpctx)) {
        /* Commands queued before the sources ended still run: a file of
         * commands on stdin ("loadfile x", "stop", "quit 3") ends with
         * its last line read, not with its last command run. */
        if (!mpctx->input ||
            (!mp_input_has_sources(mpctx->input) && !mp_input_has_queued(mpctx->input))) {
            mp_sleep_sec(0.1);
            continue;
        }
        struct mp_cmd *cmd = mp_input_read_cmd(mpctx->input, 0.1);
        if (!cmd)
            continue;
        bool play = mp_idle_command(mpctx, cmd);
        mp_cmd_free(cmd);
        if (mpctx->quit || play)
            return play;
    }
    return false;
}

static int core_create_input(struct MPContext *mpctx)
{
    struct mp_input_opts io;
    mp_input_opts_init(&io);
    io.slave = mpctx->opts.slave;
    io.console_controls = mpctx->opts.consolecontrols;
    io.cmds = mp_player_cmd_table();
    /* Media on stdin: keys or commands must not eat its bytes (MPlayer
     * implies -noconsolecontrols for "-" too). */
    for (int i = 0; i < mpctx->playlist.num; i++) {
        if (!strcmp(mpctx->playlist.entries[i], "-")) {
            if (io.slave)
                mp_msg(MSGT_CPLAYER, MSGL_WARN,
                       "Playing from stdin: slave commands are not read from it.\n");
            io.console_controls = false;
            io.slave = false;
            break;
        }
    }
    if (mpctx->opts.input && mp_input_opts_parse(&io, mpctx->opts.input) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Option -input: invalid value '%s'.\n",
               mpctx->opts.input);
        mp_input_opts_free(&io);
        return -1;
    }
    if (io.print_cmdlist || io.print_keylist) {
        if (io.print_cmdlist)
            mp_input_print_cmdlist(mp_player_cmd_table());
        if (io.print_keylist)
            mp_input_print_keylist();
        mp_input_opts_free(&io);
        return 1;
    }
    mpctx->input = mp_input_create(&io);
    mp_input_opts_free(&io);
    return mpctx->input ? 0 : -1;
}

static bool core_is_help(const char *spec)
{
    return spec && !strcmp(spec, "help");
}

/* Whether the -input value holds the bare flag name (cmdlist, keylist):
 * known before the input is made, so that no file is needed. A value that
 * does not parse is reported later, by core_create_input. */
static bool core_input_flag(const char *spec, const char *flag)
{
    size_t n = strlen(flag);
    for (const char *p = spec; p && *p; ) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && !strncmp(p, flag, n))
            return true;
        p = end ? end + 1 : NULL;
    }
    return false;
}

bool mp_help_requested(const struct MPOpts *o)
{
    return core_is_help(o->vo) || core_is_help(o->ao) || core_is_help(o->demuxer) ||
           core_is_help(o->vf) ||
           core_is_help(o->af) || core_input_flag(o->input, "cmdlist") ||
           core_input_flag(o->input, "keylist") || o->list_properties;
}

/* Whether spec[i] starts an entry of the driver list for driver. */
static bool core_entry_is(const char *spec, size_t i, const char *driver, size_t dlen)
{
    if ((i > 0 && spec[i - 1] != ',') || strncmp(spec + i, driver, dlen) != 0)
        return false;
    char next = spec[i + dlen];
    return next == ':' || next == ',' || !next;
}

/*
 * Options that are MPlayer's old spellings of a driver's suboption
 * (-nowaveheader for -ao pcm:nowaveheader, -vsync for -vo sdl:vsync):
 * flag goes first in each entry of *spec for driver, so that a suboption
 * written there still wins. Returns 0, or -1 when out of memory.
 */
static int core_add_subopt(char **spec, const char *driver, const char *flag)
{
    const char *in = *spec;
    size_t n = strlen(in), dlen = strlen(driver), flen = strlen(flag), extra = 0;
    for (size_t i = 0; i < n; i++) {
        if (core_entry_is(in, i, driver, dlen))
            extra += flen + 1;
    }
    if (!extra)
        return 0;
    char *out = malloc(n + extra + 1);
    if (!out)
        return -1;
    size_t len = 0;
    for (size_t i = 0; i < n;) {
        if (!core_entry_is(in, i, driver, dlen)) {
            out[len++] = in[i++];
            continue;
        }
        /* driver:flag, then ':' and the entry's own suboptions if any. */
        memcpy(out + len, driver, dlen);
        len += dlen;
        out[len++] = ':';
        memcpy(out + len, flag, flen);
        len += flen;
        i += dlen;
    }
    out[len] = '\0';
    free(*spec);
    *spec = out;
    return 0;
}

/* The driver suboptions that global options stand for. */
static int core_apply_subopts(struct MPOpts *o)
{
    if (o->waveheader >= 0 && o->ao &&
        core_add_subopt(&o->ao, "pcm", o->waveheader ? "waveheader" : "nowaveheader") < 0)
        return -1;
    if (o->vsync) {
        /* The default list names sdl too. */
        if (!o->vo && !(o->vo = strdup(PLAY_DEFAULT_VO)))
            return -1;
        if (core_add_subopt(&o->vo, "sdl", "vsync") < 0)
            return -1;
    }
    return 0;
}

/* -display, -name and -doubleclick-time: what SDL reads from the
 * environment (DISPLAY; SDL_VIDEO_X11_WMCLASS, both halves of WM_CLASS;
 * its hint SDL_MOUSE_DOUBLE_CLICK_TIME). */
static int core_apply_display(const struct MPOpts *o)
{
    char ms[16];
    snprintf(ms, sizeof(ms), "%d", o->doubleclick_time);
    if ((o->display && setenv("DISPLAY", o->display, 1) < 0) ||
        (o->wm_name && setenv("SDL_VIDEO_X11_WMCLASS", o->wm_name, 1) < 0) ||
        (o->doubleclick_time > 0 && setenv("SDL_MOUSE_DOUBLE_CLICK_TIME", ms, 1) < 0)) {
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Cannot set the environment for the window: %s\n",
               strerror(errno));
        return -1;
    }
    return 0;
}

/* File-specific config files (options.h): options for this entry only.
 * True when they changed the options; saved then holds the ones to put
 * back after it. A file with a bad line is said so and left out. */
static bool core_file_options(struct MPContext *mpctx, const char *entry,
                              struct MPOpts *saved)
{
    if (mp_opts_copy(saved, &mpctx->opts) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Out of memory: no file-specific config for '%s'.\n",
               entry);
        return false;
    }
    int r = mp_load_file_configs(&mpctx->opts, entry);
    if (r > 0)
        return true;
    if (r < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "File-specific config of '%s' not applied.\n", entry);
        mp_opts_free(&mpctx->opts);
        mpctx->opts = *saved;
    } else {
        mp_opts_free(saved);
    }
    return false;
}

int mp_run(struct MPContext *mpctx)
{
    struct MPOpts *o = &mpctx->opts;
    if (mp_help_requested(o)) {
        if (core_is_help(o->vo))
            vo_list_drivers();
        if (core_is_help(o->ao))
            ao_list_drivers();
        if (core_is_help(o->demuxer))
            demux_list_demuxers();
        if (core_is_help(o->vf))
            mp_vf_list_filters();
        if (core_is_help(o->af))
            mp_af_list_filters();
        if (core_input_flag(o->input, "cmdlist"))
            mp_input_print_cmdlist(mp_player_cmd_table());
        if (core_input_flag(o->input, "keylist"))
            mp_input_print_keylist();
        if (o->list_properties)
            mp_print_property_list();
        return MP_EXIT_OK;
    }
    if (mp_filters_check(mpctx) < 0)
        return MP_EXIT_OPTIONS;
    /* -sws / -swsopts are global: every file's converters share them. Each
     * was checked alone when parsed; here they are checked together. */
    if (mp_sws_opts_set(&mpctx->sws_opts, o->sws, o->swsopts) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "-sws %d with -swsopts '%s': libswscale refuses "
               "them together.\n", o->sws, o->swsopts ? o->swsopts : "");
        return MP_EXIT_OPTIONS;
    }
    if (core_apply_subopts(o) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Out of memory\n");
        return MP_EXIT_OUTPUT;
    }
    if (core_apply_display(o) < 0)
        return MP_EXIT_OPTIONS;
    if (o->edl && mp_edl_load(o->edl, &mpctx->edl) < 0)
        return mp_check_quit(mpctx) ? MP_EXIT_SIGNAL : MP_EXIT_OPTIONS;
    if (mp_edlout_open(mpctx) < 0)
        return MP_EXIT_OUTPUT;
    mp_volume_init(mpctx);
    int irc = core_create_input(mpctx);
    if (irc != 0)
        return irc > 0 ? MP_EXIT_OK : MP_EXIT_OPTIONS;
    demux_route_av_log();
    mpctx->bench_start = mp_time_sec();
    if (o->shuffle)
        playlist_shuffle(&mpctx->playlist, core_shuffle_seed());

    int passes = o->loop < 0 ? 1 : o->loop;  /* 0: forever */
    enum core_exit ending = CORE_EXIT_EOF;
    bool any_failed = false;
    int pass = 0;
    bool played_any = false;
    mpctx->playlist_pos = 0;
    for (;;) {
        /* Between files too: -loop 0 over files that end at once
         * (-frames 0) never reaches the play loop's own check. */
        if (mp_check_quit(mpctx))
            break;
        if (mpctx->playlist_pos >= mpctx->playlist.num) {
            /* The end of the list: again (-loop), wait (-idle), or stop.
             * A list whose files all fail is not looped forever. Before
             * going round again, a quit command waiting is taken (not
             * before the first pass: commands sent early are for the
             * file). */
            pass++;
            if (!mpctx->stopped && played_any && (passes == 0 || pass < passes) &&
                !mp_check_interrupt(mpctx)) {
                mpctx->playlist_pos = 0;
                played_any = false;
                continue;
            }
            if (o->idle && !mpctx->quit && core_idle(mpctx))
                continue;
            break;
        }
        mpctx->stopped = false;
        const char *entry = mpctx->playlist.entries[mpctx->playlist_pos];
        struct MPOpts saved;
        bool file_opts = core_file_options(mpctx, entry, &saved);
        enum mp_stop_reason r = mp_play_file(mpctx, entry);
        if (file_opts) {
            /* The file's own options end with it. */
            mp_opts_free(&mpctx->opts);
            mpctx->opts = saved;
        }
        if (r == MP_STOP_NEXT) {
            played_any = true;
            mpctx->playlist_pos = mpctx->playlist_next;
            continue;
        }
        mpctx->playlist_pos++;
        if (r == MP_STOP_ERROR) {
            any_failed = true;
            continue;
        }
        played_any = true;
        /* MPlayer exits after the first stream dumped. */
        if (o->dump_mode != MP_DUMP_NONE && r == MP_STOP_EOF)
            break;
        if (r == MP_STOP_QUIT && mpctx->stopped && !mpctx->quit) {
            /* stop: the list ends here; -idle then waits for loadfile. */
            mpctx->playlist_pos = mpctx->playlist.num;
            continue;
        }
        if (r == MP_STOP_QUIT || r == MP_STOP_OUTPUT) {
            mpctx->quit = true;
            if (r == MP_STOP_OUTPUT) {
                mpctx->exit_code = MP_EXIT_OUTPUT;
                ending = CORE_EXIT_ERROR;
            } else {
                ending = CORE_EXIT_QUIT;
            }
            break;
        }
    }
    if (mpctx->quit && ending == CORE_EXIT_EOF) {
        /* quit (command, key or signal) while -idle waited */
        ending = CORE_EXIT_QUIT;
    }
    if (mpctx->ao_kept) {
        int err = mpctx->exit_code == MP_EXIT_OUTPUT ? (ao_abort(mpctx->ao_kept), 0)
                                                     : ao_close(mpctx->ao_kept);
        mpctx->ao_kept = NULL;
        if (err < 0) {
            mpctx->exit_code = MP_EXIT_OUTPUT;
            ending = CORE_EXIT_ERROR;
        }
    }
    if (mpctx->vo) {
        int err = mpctx->exit_code == MP_EXIT_OUTPUT ? (vo_abort(mpctx->vo), 0)
                                                     : vo_close(mpctx->vo);
        mpctx->vo = NULL;
        if (err < 0) {
            mpctx->exit_code = MP_EXIT_OUTPUT;
            ending = CORE_EXIT_ERROR;
        }
    }
    play_udp_end(mpctx);
    if (mp_edlout_close(mpctx) < 0) {
        mpctx->exit_code = MP_EXIT_OUTPUT;
        ending = CORE_EXIT_ERROR;
    }
    if (o->benchmark)
        core_benchmark_summary(mpctx);
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "\nExiting... (%s)\n", core_exit_names[ending].reason);
    mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_EXIT=%s\n", core_exit_names[ending].id);
    if (mpctx->exit_code == MP_EXIT_OK && any_failed)
        mpctx->exit_code = mpctx->filter_refused ? MP_EXIT_OPTIONS : MP_EXIT_FILE;
    return mpctx->exit_code;
}
