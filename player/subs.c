/*
 * Subtitles and OSD in the player: which tracks a file gets, feeding
 * subtitle packets to sub/, drawing onto frames before they are shown,
 * and choosing, loading and removing tracks while the file plays (the
 * sub_* slave commands and properties, MPlayer's numbering).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "sub/sub.h"

/* How long an OSD bar stays, as in MPlayer (-osd-duration is for messages). */
#define SUBS_OSD_DURATION 1.0
/* -term-osd-esc's default: cursor up, column 0, clear the line. */
#define SUBS_TERM_OSD_ESC "\033[A\r\033[K"
/* Seconds an exit waits for font discovery still under way. */
#define SUBS_PREPARE_EXIT_WAIT 2.0

/* The run's mp_sub options from the player's. Strings are borrowed. */
static void subs_opts_from(const struct MPOpts *o, struct mp_sub_opts *so)
{
    mp_sub_opts_default(so);
    so->text_scale = o->subfont_text_scale;
    so->subpos = o->sub_pos;
    so->ass_styles = o->ass;
    so->charset = o->subcp;
    so->osd_level = o->osd_level;
    so->osd_fractions = o->osd_fractions;
    so->osd_scale = o->subfont_osd_scale;
    so->font_scale = o->ass_font_scale;
    so->alignment = o->sub_align;
    so->width_percent = o->sub_width;
    so->outline = o->subfont_outline;
    so->blur = o->subfont_blur;
    so->bg_color = o->sub_bg_color;
    so->bg_alpha = o->sub_bg_alpha;
    /* MPlayer's subtitles prefer -subfont, then -font. */
    so->font = o->subfont && o->subfont[0] ? o->subfont : o->font;
    so->fontconfig = o->fontconfig;
    so->hinting = o->ass_hinting;
    so->sub_fps = o->sub_fps;
    so->overlap = o->overlapsub;
    so->forced_only = o->forced_subs_only;
    /* The option checks refused malformed colours: these parse. */
    char err[160];
    if (o->ass_color && o->ass_color[0])
        (void)mp_sub_parse_color(o->ass_color, &so->color, err, sizeof(err));
    if (o->ass_border_color && o->ass_border_color[0])
        (void)mp_sub_parse_color(o->ass_border_color, &so->border_color, err, sizeof(err));
    so->force_style = o->ass_force_style;
    so->styles_file = o->ass_styles;
    so->line_spacing = o->ass_line_spacing;
    so->autoscale = o->subfont_autoscale;
}

/* Font discovery (fontconfig) costs 25-30 ms of CPU: it runs on a worker
 * while the first file's header is read, instead of between the header
 * and the first packet. The job owns copies of the option strings, so the
 * options may change or go while it runs. */
struct subs_prepare_job {
    struct mp_worker *worker;
    struct mp_sub_opts so;
    char *charset, *font, *force_style, *styles_file;
    struct mp_sub *result;
};

/* A copy of *s into *copy (NULL stays NULL), *s then pointing at it. */
static bool subs_prepare_own(const char **s, char **copy)
{
    const char *orig = *s;
    *copy = orig ? strdup(orig) : NULL;
    *s = *copy;
    return !orig || *copy;
}

static void subs_prepare_job_free(struct subs_prepare_job *job)
{
    if (!job)
        return;
    mp_sub_free(job->result);
    free(job->charset);
    free(job->font);
    free(job->force_style);
    free(job->styles_file);
    free(job);
}

static void subs_prepare_run(void *ctx)
{
    struct subs_prepare_job *job = ctx;
    job->result = mp_sub_create(&job->so);
}

static void subs_prepare_release(void *ctx)
{
    subs_prepare_job_free(ctx);
}

void subs_prepare(struct MPContext *mpctx)
{
    if (!HAVE_LIBASS || mpctx->sub || mpctx->sub_prepare || mpctx->opts.no_video)
        return;
    struct subs_prepare_job *job = calloc(1, sizeof(*job));
    if (!job)
        return;  /* subs_get makes it when needed */
    subs_opts_from(&mpctx->opts, &job->so);
    bool ok = subs_prepare_own(&job->so.charset, &job->charset);
    ok = subs_prepare_own(&job->so.font, &job->font) && ok;
    ok = subs_prepare_own(&job->so.force_style, &job->force_style) && ok;
    ok = subs_prepare_own(&job->so.styles_file, &job->styles_file) && ok;
    if (!ok) {
        subs_prepare_job_free(job);
        return;
    }
    if (mp_worker_start(&job->worker, "fonts", subs_prepare_run, job,
                        subs_prepare_release) != 0) {
        subs_prepare_job_free(job);
        return;
    }
    mpctx->sub_prepare = job;
}

/* Wait up to secs for a prepared instance; it becomes the run's. True
 * when the worker finished (whether or not libass could be set up). */
static bool subs_prepare_finish(struct MPContext *mpctx, double secs)
{
    struct subs_prepare_job *job = mpctx->sub_prepare;
    if (!job)
        return false;
    mpctx->sub_prepare = NULL;
    bool joined = mp_worker_stop(job->worker, secs);
    if (!joined)
        return false;  /* the worker frees the job when it returns */
    if (!mpctx->sub) {
        mpctx->sub = job->result;
        job->result = NULL;
    }
    subs_prepare_job_free(job);
    return true;
}

void subs_prepare_end(struct MPContext *mpctx)
{
    /* A font scan on a hung mount must not hold up the exit. */
    (void)subs_prepare_finish(mpctx, SUBS_PREPARE_EXIT_WAIT);
}

static struct mp_sub *subs_get(struct MPContext *mpctx)
{
    bool tried = subs_prepare_finish(mpctx, INFINITY);
    if (mpctx->sub)
        return mpctx->sub;
    /* Nothing to draw with: play_subs_open says so where it matters. */
    if (!HAVE_LIBASS)
        return NULL;
    if (!tried) {
        struct mp_sub_opts so;
        subs_opts_from(&mpctx->opts, &so);
        /* One instance for the whole run. */
        mpctx->sub = mp_sub_create(&so);
    }
    if (!mpctx->sub)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Subtitles and OSD unavailable.\n");
    return mpctx->sub;
}

/* Fonts embedded in the file (Matroska attachments) for ASS tracks. */
static void subs_add_fonts(struct play_state *ps, struct mp_sub *sub)
{
    struct demux_attachment a;
    for (int i = 0; demux_get_attachment(ps->demuxer, i, &a); i++) {
        if (a.size > 0)
            mp_sub_add_font(sub, a.name ? a.name : "attachment", a.data, a.size);
    }
}

/* The subtitle streams of the file: MPlayer's "demux" source, numbered
 * by -sid from 0 (the ids are contiguous per type). */
static int subs_demux_count(struct play_state *ps)
{
    int n = 0;
    while (demux_get_stream(ps->demuxer, MP_STREAM_SUB, n))
        n++;
    return n;
}

/* The sub/ track of embedded stream sid, or -1 (a codec libavcodec cannot
 * decode: not loaded). */
static int subs_track_of_sid(const struct mp_sub *sub, int sid)
{
    for (int t = 0; t < mp_sub_track_count(sub); t++) {
        if (!mp_sub_track_path(sub, t) && mp_sub_track_stream_id(sub, t) == sid)
            return t;
    }
    return -1;
}

/* MPlayer's sources of subtitles (the values of its sub_source property):
 * text files (-sub, autoloaded, sub_load), the languages of a VobSub
 * pair, the file's own streams. */
enum { SUBS_SRC_FILE = 0, SUBS_SRC_VOBSUB = 1, SUBS_SRC_DEMUX = 2, SUBS_SOURCES = 3 };

static int subs_track_source(const struct mp_sub *sub, int track)
{
    if (mp_sub_track_vobsub_id(sub, track) >= 0)
        return SUBS_SRC_VOBSUB;
    return mp_sub_track_path(sub, track) ? SUBS_SRC_FILE : SUBS_SRC_DEMUX;
}

/* The tracks of a loaded source (files, VobSub) count in load order. */
static int subs_loaded_count(const struct mp_sub *sub, int source)
{
    int n = 0;
    for (int t = 0; t < mp_sub_track_count(sub); t++)
        n += subs_track_source(sub, t) == source;
    return n;
}

static int subs_loaded_track(const struct mp_sub *sub, int source, int index)
{
    for (int t = 0; t < mp_sub_track_count(sub); t++) {
        if (subs_track_source(sub, t) == source && index-- == 0)
            return t;
    }
    return -1;
}

/* The index of sub/ track `track` among the tracks of its source. */
static int subs_loaded_index(const struct mp_sub *sub, int track)
{
    int n = 0, source = subs_track_source(sub, track);
    for (int t = 0; t < track; t++)
        n += subs_track_source(sub, t) == source;
    return n;
}

static int subs_file_count(const struct mp_sub *sub)
{
    return subs_loaded_count(sub, SUBS_SRC_FILE);
}

static int subs_track_of_file(const struct mp_sub *sub, int index)
{
    return subs_loaded_track(sub, SUBS_SRC_FILE, index);
}

/* The file index of sub/ track `track` (which must be a text file). */
static int subs_file_index(const struct mp_sub *sub, int track)
{
    return subs_loaded_index(sub, track);
}

/* Load one external file; prints what MPlayer prints for it. Returns its
 * sub/ track or -1. */
static int subs_add_file(struct play_state *ps, struct mp_sub *sub, const char *path)
{
    int t = mp_sub_add_file(sub, path);
    if (t < 0)
        return -1;
    int n = subs_file_index(sub, t);
    mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_FILE_SUB_ID=%d\n", n);
    mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_FILE_SUB_FILENAME=%s\n", path);
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "SUB: Added subtitle file (%d): %s\n", n + 1, path);
    return t;
}

/* The directory scan of -autosub, on a worker: on a mount that hangs (a
 * stalled network server, a FUSE daemon busy with a held read) opendir
 * and access() can block as long as any read, and a quit must not wait
 * for them. One job per folder, also asking for the media's NAME.idx. */
struct subs_scan {
    char *path;
    char *idx;          /* looked for when not NULL */
    bool idx_readable;
    char **cands;
};

static void subs_scan_job(void *ctx)
{
    struct subs_scan *sc = ctx;
    sc->cands = mp_sub_autoload_candidates(sc->path);
    if (sc->idx)
        sc->idx_readable = access(sc->idx, R_OK) == 0;
}

static void subs_scan_free(void *ctx)
{
    struct subs_scan *sc = ctx;
    mp_sub_free_candidates(sc->cands);
    free(sc->path);
    free(sc->idx);
    free(sc);
}

static bool subs_scan_stop(void *ctx)
{
    return mp_check_interrupt(ctx);
}

/* The candidates for a media file named `path` (the real one, or its name
 * in a -sub-paths folder; freed by mp_sub_free_candidates), or NULL. With
 * idx, *idx_readable says whether that file can be read. */
static char **subs_autoload_candidates(struct play_state *ps, const char *path,
                                       const char *idx, bool *idx_readable)
{
    if (idx_readable)
        *idx_readable = false;
    struct subs_scan *sc = calloc(1, sizeof(*sc));
    if (!sc || !(sc->path = strdup(path)) || (idx && !(sc->idx = strdup(idx)))) {
        if (sc)
            free(sc->path);
        free(sc);
        return NULL;
    }
    if (mp_worker_call("mp-subscan", subs_scan_job, sc, subs_scan_free, subs_scan_stop,
                       ps->mpctx) != 0)
        return NULL;
    char **cands = sc->cands;
    if (idx_readable)
        *idx_readable = sc->idx_readable;
    sc->cands = NULL;
    subs_scan_free(sc);
    return cands;
}

/* -sub-paths a,b: the same names looked for in more folders, relative ones
 * under the media file's folder (MPlayer's order: the media's folder
 * first, then these as listed). Returns the first track loaded, or -1. */
static int subs_add_from_paths(struct play_state *ps, struct mp_sub *sub)
{
    const char *paths = ps->mpctx->opts.sub_paths;
    if (!paths || !paths[0] || strstr(ps->filename, "://"))
        return -1;
    const char *slash = strrchr(ps->filename, '/');
    const char *file = slash ? slash + 1 : ps->filename;
    int mdir_len = slash ? (int)(slash - ps->filename) + 1 : 0;
    char *list = strdup(paths);
    char *save = NULL;
    int first = -1;
    for (char *d = list ? strtok_r(list, ",", &save) : NULL; d; d = strtok_r(NULL, ",", &save)) {
        char *fake = NULL;
        /* A file of that name in folder d: the scan lists d's matches. */
        if ((d[0] == '/' ? asprintf(&fake, "%s/%s", d, file)
                         : asprintf(&fake, "%.*s%s/%s", mdir_len, ps->filename, d, file)) < 0)
            break;
        mp_msg(MSGT_SUBREADER, MSGL_V, "Looking for subtitles in %.*s.\n",
               (int)(strrchr(fake, '/') - fake), fake);
        char **cands = subs_autoload_candidates(ps, fake, NULL, NULL);
        free(fake);
        for (int i = 0; cands && cands[i]; i++) {
            int t = subs_add_file(ps, sub, cands[i]);
            if (t >= 0 && first < 0)
                first = t;
        }
        mp_sub_free_candidates(cands);
    }
    if (!list)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Out of memory reading -sub-paths.\n");
    free(list);
    return first;
}

/* -dumpsrtsub and co.: MPlayer writes the first loaded file out, then
 * plays on. */
static void subs_dump(struct play_state *ps, struct mp_sub *sub, int track)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    if (track < 0) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Nothing to dump: no subtitle file was loaded.\n");
        return;
    }
    double fps = o->sub_fps > 0 ? o->sub_fps : o->fps > 0 ? o->fps : ps->sh_video->fps;
    mp_sub_dump_track(sub, track, (enum mp_sub_dump_format)o->sub_dump, fps, NULL);
}

/* NAME.idx for a media file NAME.ext (freed by the caller), or NULL. */
static char *subs_idx_name(const char *filename)
{
    const char *slash = strrchr(filename, '/');
    const char *dot = strrchr(slash ? slash : filename, '.');
    int base = dot ? (int)(dot - filename) : (int)strlen(filename);
    char *idx = NULL;
    return asprintf(&idx, "%.*s.idx", base, filename) < 0 ? NULL : idx;
}

/* The VobSub track whose .idx index is id, or -1. */
static int subs_vobsub_track(const struct mp_sub *sub, int id)
{
    for (int t = 0; id >= 0 && t < mp_sub_track_count(sub); t++) {
        if (mp_sub_track_vobsub_id(sub, t) == id)
            return t;
    }
    return -1;
}

/* The VobSub language MPlayer shows: -vobsubid, else the .idx's
 * "langidx:"; a -slang entry matching a language's first two letters
 * wins over both. Returns its track, or -1 (none of those has pictures). */
static int subs_vobsub_pick(struct play_state *ps, struct mp_sub *sub, const char *idx, int first)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    int id = o->vobsub_id >= 0 ? o->vobsub_id : mp_sub_vobsub_langidx(idx);
    for (const char *code = o->sub_lang; code && *code;) {
        size_t len = strcspn(code, ",");
        for (int t = first; len > 0 && t < mp_sub_track_count(sub); t++) {
            const char *lang = mp_sub_track_lang(sub, t);
            if (lang && !strncmp(lang, code, len < 2 ? len : 2)) {
                mp_msg(MSGT_SUBREADER, MSGL_INFO, "Selected VOBSUB language: %d language: %s\n",
                       mp_sub_track_vobsub_id(sub, t), lang);
                return t;
            }
        }
        code += len;
        code += *code == ',';
    }
    mp_msg(MSGT_SUBREADER, MSGL_WARN, "No matching VOBSUB language found!\n");
    return subs_vobsub_track(sub, id);
}

/* -vobsub NAME, else auto_idx (the media's own NAME.idx, found by the
 * -autosub scan), as MPlayer: NAME.idx + NAME.sub through libavformat's
 * vobsub demuxer, each language a track. Returns the track of the
 * language to show, or -1. */
static int subs_add_vobsub(struct play_state *ps, struct mp_sub *sub, const char *auto_idx)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    char *idx = NULL;
    if (o->vobsub && o->vobsub[0]) {
        if (asprintf(&idx, "%s.idx", o->vobsub) < 0)
            return -1;
    } else if (!auto_idx || !(idx = strdup(auto_idx))) {
        return -1;
    }
    int first = mp_sub_add_vobsub(sub, idx);
    if (first < 0) {
        if (o->vobsub && o->vobsub[0])
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-vobsub %s: cannot load %s.\n", o->vobsub, idx);
        free(idx);
        return -1;
    }
    /* MPlayer's picture decoder exists from here: sub_forced_only too. */
    ps->spu_ready = true;
    for (int t = first; t < mp_sub_track_count(sub); t++) {
        int id = mp_sub_track_vobsub_id(sub, t);
        const char *lang = mp_sub_track_lang(sub, t);
        mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_VOBSUB_ID=%d\n", id);
        if (lang && lang[0])
            mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_VSID_%d_LANG=%s\n", id, lang);
    }
    int langs = mp_sub_track_count(sub) - first;
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "SUB: Added VobSub (%d language%s): %s\n", langs,
           langs == 1 ? "" : "s", idx);
    int pick = subs_vobsub_pick(ps, sub, idx, first);
    free(idx);
    return pick;
}

/* -sub files, the VobSub pair (its language to show in *vobsub), the
 * autoloaded files. Returns the first text file's track, or -1. */
static int subs_add_external(struct play_state *ps, struct mp_sub *sub, int *vobsub)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    int first = -1;
    if (o->sub_files && o->sub_files[0]) {
        char *list = strdup(o->sub_files);
        char *save = NULL;
        for (char *f = list ? strtok_r(list, ",", &save) : NULL; f;
             f = strtok_r(NULL, ",", &save)) {
            int t = subs_add_file(ps, sub, f);
            if (t >= 0 && first < 0)
                first = t;
        }
        free(list);
    }
    /* One scan of the media's folder: the text files named after it, and
     * its NAME.idx unless -vobsub names another. */
    char **cands = NULL;
    char *auto_idx = NULL;
    bool idx_found = false;
    if (o->autosub) {
        if (!(o->vobsub && o->vobsub[0]) && !strstr(ps->filename, "://"))
            auto_idx = subs_idx_name(ps->filename);
        cands = subs_autoload_candidates(ps, ps->filename, auto_idx, &idx_found);
    }
    *vobsub = subs_add_vobsub(ps, sub, idx_found ? auto_idx : NULL);
    free(auto_idx);
    for (int i = 0; cands && cands[i]; i++) {
        int t = subs_add_file(ps, sub, cands[i]);
        if (t >= 0 && first < 0)
            first = t;
    }
    mp_sub_free_candidates(cands);
    if (o->autosub) {
        int t = subs_add_from_paths(ps, sub);
        if (t >= 0 && first < 0)
            first = t;
    }
    return first;
}

/* Every subtitle stream libavcodec decodes (text or pictures) gets a sub/
 * track now, so any of them can be picked later; only the one shown is
 * demuxed. */
static void subs_add_embedded(struct play_state *ps, struct mp_sub *sub)
{
    for (int sid = 0;; sid++) {
        struct sh_stream *sh = demux_get_stream(ps->demuxer, MP_STREAM_SUB, sid);
        if (!sh)
            break;
        int t = mp_sub_add_stream(sub, sh->codecpar, sh->time_base);
        if (t < 0) {
            mp_msg(MSGT_SUBREADER, MSGL_V, "Subtitle track %d of '%s' cannot be shown.\n", sid,
                   ps->filename);
            continue;
        }
        if (mp_sub_set_track_info(sub, t, sid, sh->lang, sh->title) < 0)
            mp_msg(MSGT_SUBREADER, MSGL_WARN, "Out of memory for subtitle track %d.\n", sid);
    }
}

/* Show sub/ track `track` (-1: none): demux the stream it comes from and
 * stop demuxing the previous one. refresh: re-read from the position now,
 * so events of a stream that was not demuxed until now show at once. */
static void subs_switch(struct play_state *ps, int track, bool refresh)
{
    struct mp_sub *sub = ps->sub;
    struct sh_stream *want = NULL;
    if (track >= 0 && !mp_sub_track_path(sub, track))
        want = demux_get_stream(ps->demuxer, MP_STREAM_SUB, mp_sub_track_stream_id(sub, track));
    bool newly = false;
    if (want != ps->sh_sub) {
        if (ps->sh_sub)
            demux_select_stream(ps->demuxer, ps->sh_sub, false);
        if (want)
            demux_select_stream(ps->demuxer, want, true);
        ps->sh_sub = want;
        newly = want != NULL;
        /* The read plan must cover the new set of streams. */
        if (ps->planner)
            demux_planner_invalidate(ps->planner);
    }
    ps->sub_track = track;
    if (track >= 0 && mp_sub_track_bitmap(sub, track))
        ps->spu_ready = true;
    mp_sub_select(sub, ps->mpctx->sub_visibility ? track : -1);
    if (!refresh || !newly || !ps->demuxer->seekable)
        return;
    /* Packets of the new stream between here and the demuxer's read
     * position were discarded: go back to the position shown now. */
    double pos = play_position(ps);
    if (isnan(pos))
        return;
    play_seek(ps, pos);
    /* A refresh, not a user's seek: no seek bar. */
    mp_sub_osd_set_bar(sub, MP_SUB_BAR_SEEK, 0, 0);
    ps->osd_until = 0;
}

/* A build without libass shows no subtitles: one message for a file that
 * has some (embedded, -sub, next to it) or a -dump*sub, and playback goes
 * on; the OSD goes to the terminal. */
static void subs_none_notice(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    bool any = demux_get_stream(ps->demuxer, MP_STREAM_SUB, 0) != NULL ||
               (o->sub_files && o->sub_files[0]) || o->sub_dump != MP_SUB_DUMP_NONE;
    if (!any && o->autosub) {
        char **cands = subs_autoload_candidates(ps, ps->filename, NULL, NULL);
        any = cands && cands[0];
        mp_sub_free_candidates(cands);
    }
    if (any && !o->no_sub)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Subtitles not shown: this mplayer was built "
               "without libass (./configure --disable-libass).\n");
}

void play_subs_open(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    ps->sub_track = -1;
    ps->sh_sub = NULL;
    ps->spu_ready = false;
    if (!ps->sh_video)
        return;
    struct mp_sub *sub = subs_get(ps->mpctx);
    if (!sub) {
        if (!HAVE_LIBASS)
            subs_none_notice(ps);
        return;
    }
    mp_sub_reset(sub);
    ps->sub = sub;
    if (o->embeddedfonts)
        subs_add_fonts(ps, sub);
    subs_add_embedded(ps, sub);
    /* -fps replaces the file's rate for MicroDVD frames too, as in MPlayer. */
    mp_sub_set_video_fps(sub, o->fps > 0 ? o->fps : ps->sh_video->fps);
    int vobsub = -1;
    int external = subs_add_external(ps, sub, &vobsub);
    if (o->sub_dump != MP_SUB_DUMP_NONE)
        subs_dump(ps, sub, external);

    /* MPlayer's choice: the VobSub language (-vobsubid, -slang, the .idx's
     * langidx), else -sid, else the first text file, else the first
     * embedded track of the -slang languages, else one the file marks
     * default. */
    struct sh_stream *want = NULL;
    if (vobsub >= 0) {
        /* shown below */
    } else if (o->sub_id >= 0) {
        want = demux_get_stream(ps->demuxer, MP_STREAM_SUB, o->sub_id);
    } else if (external < 0) {
        want = play_pick_lang(ps, MP_STREAM_SUB, o->sub_lang);
        if (!want) {
            want = demux_default_stream(ps->demuxer, MP_STREAM_SUB);
            if (want && !want->is_default)
                want = NULL;
        }
    }
    if (vobsub < 0 && o->sub_id >= 0 && !want)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "-sid %d: no such subtitle track in '%s'.\n",
               o->sub_id, ps->filename);

    int track = want ? subs_track_of_sid(sub, want->id) : -1;
    if (want && track < 0 && !o->no_sub)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Subtitle track %d of '%s' cannot be shown.\n",
               want->id, ps->filename);
    if (track < 0 && o->sub_id < 0)
        track = external;
    if (vobsub >= 0)
        track = vobsub;
    if (o->no_sub)
        track = -1;
    subs_switch(ps, track, false);
    if (track >= 0)
        mp_msg(MSGT_SUBREADER, MSGL_V, "Subtitles: track %d (%s).\n", track,
               ps->sh_sub ? "embedded" : "file");
}

void play_subs_feed(struct play_state *ps)
{
    if (!ps->sh_sub || !ps->sub)
        return;
    /* Only what the audio/video reading already queued: reading ahead for
     * a sparse subtitle track would pull the whole file into the queues. */
    while (demux_has_packet(ps->demuxer, ps->sh_sub)) {
        AVPacket *pkt = demux_read_packet(ps->demuxer, ps->sh_sub);
        if (!pkt)
            break;
        if (mp_sub_decode_packet(ps->sub, ps->sub_track, pkt) < 0)
            mp_msg(MSGT_SUBREADER, MSGL_V, "A subtitle packet could not be decoded.\n");
        else
            mp_msg(MSGT_SUBREADER, MSGL_DBG2, "Subtitle packet at %.3f s.\n",
                   demux_ts_to_seconds(ps->sh_sub, pkt->pts));
        av_packet_free(&pkt);
    }
}

int play_subs_pad(struct play_state *ps, AVFrame *f, AVFrame **padded)
{
    *padded = NULL;
    const struct MPOpts *o = &ps->mpctx->opts;
    int top = o->ass_top_margin, bottom = o->ass_bottom_margin;
    if ((top <= 0 && bottom <= 0) || !ps->vf || !mp_vf_chain_burns_subs(ps->vf))
        return 0;
    if (!ps->margin_vf) {
        /* MPlayer's expand, which this chain's translation already knows:
         * the picture moved down by top, the height grown by both bands. */
        char spec[80];
        snprintf(spec, sizeof(spec), "expand=0:%d:0:%d", -(top + bottom), top);
        int r = mp_vf_chain_create(&ps->margin_vf, spec, f, ps->sh_video->time_base,
                                   &ps->mpctx->sws_opts);
        if (r < 0) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot add the subtitle margins: %s\n",
                   av_err2str(r));
            return -1;
        }
    }
    int r = mp_vf_chain_filter(ps->margin_vf, f, padded);
    if (r < 0 || !*padded) {
        av_frame_free(padded);
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot add the subtitle margins: %s\n",
               r < 0 ? av_err2str(r) : "no frame");
        return -1;
    }
    return 0;
}

void play_subs_pad_free(struct play_state *ps)
{
    mp_vf_chain_free(ps->margin_vf);
    ps->margin_vf = NULL;
}

void play_subs_draw(struct play_state *ps, AVFrame **frame, AVFrame *decoded, bool burn)
{
    struct mp_sub *sub = ps->sub;
    if (!sub)
        return;
    double now = mp_time_sec();
    double pos = ps->next_pts - ps->demuxer->start_time;
    if (mp_sub_osd_level(sub) >= 2) {
        double len = ps->demuxer->duration;
        double fps = ps->mpctx->opts.fps > 0 ? ps->mpctx->opts.fps
                     : ps->sh_video                 ? ps->sh_video->fps
                                                    : 0;
        mp_sub_osd_set_time(sub, pos, len, fps, ps->paused);
    }
    bool osd = mp_sub_osd_level(sub) >= 2 || now < ps->osd_until ||
               mp_sub_osd_changed(sub, now);
    AVFrame *f = *frame;
    const struct MPOpts *mo = &ps->mpctx->opts;
    bool banded = burn && ps->margin_vf;
    mp_sub_set_margins(sub, banded ? mo->ass_top_margin : 0, banded ? mo->ass_bottom_margin : 0,
                       mo->ass_use_margins);
    /* An output that lays an overlay gets one made at its own resolution
     * (sharp text in a big window), for this frame's time; an empty one
     * clears what the last frame had. */
    int ow, oh;
    if (burn && ps->vo && vo_overlay_size(ps->vo, &ow, &oh) == 0) {
        /* -vf ass added while playing: what the overlay held is now in
         * the frame, so an empty overlay keeps it from showing twice. */
        struct vo_overlay none = {0};
        if (vo_set_overlay(ps->vo, &none) < 0)
            mp_msg(MSGT_CPLAYER, MSGL_V, "Cannot clear the overlay.\n");
    } else if (ps->vo && vo_overlay_size(ps->vo, &ow, &oh) == 0) {
        struct mp_sub_bitmap bm = {0};
        if (mp_sub_selected(sub) >= 0 || osd)
            mp_sub_render_overlay(sub, ps->next_pts - ps->mpctx->opts.sub_delay, now, ow, oh,
                                  f->width, f->height, &bm);
        struct vo_overlay ov = {ow, oh, bm.x, bm.y, bm.w, bm.h, bm.stride, bm.rgba};
        if (vo_set_overlay(ps->vo, &ov) == 0)
            return;
        mp_msg(MSGT_CPLAYER, MSGL_V, "No overlay: subtitles go into the frame.\n");
    }
    if (mp_sub_selected(sub) < 0 && !osd)
        return;
    if (!mp_sub_format_supported(f->format))
        return;
    if (f == decoded) {
        /* The decoder may still reference this picture: draw on a copy. */
        AVFrame *copy = av_frame_clone(f);
        if (!copy || av_frame_make_writable(copy) < 0) {
            av_frame_free(&copy);
            return;
        }
        if (mp_sub_render(sub, ps->next_pts - ps->mpctx->opts.sub_delay, now, copy) > 0) {
            *frame = copy;
            return;
        }
        av_frame_free(&copy);
        return;
    }
    if (av_frame_make_writable(f) < 0)
        return;
    mp_sub_render(sub, ps->next_pts - ps->mpctx->opts.sub_delay, now, f);
}

void play_osd_bar_text(struct play_state *ps, const char *name, double frac)
{
    char text[64];
    snprintf(text, sizeof(text), "%s: %ld %%", name, lrint(frac * 100));
    play_osd_text(ps, 1, text, 0);
}

void play_osd_bar_seek(struct play_state *ps)
{
    if (ps->demuxer->duration <= 0)
        return;
    double frac = (ps->seek_target - ps->demuxer->start_time) / ps->demuxer->duration;
    if (frac < 0)
        frac = 0;
    if (frac > 1)
        frac = 1;
    if (!ps->sub) {
        play_osd_bar_text(ps, "Position", frac);
        return;
    }
    ps->osd_until = mp_time_sec() + SUBS_OSD_DURATION;
    mp_sub_osd_set_bar(ps->sub, MP_SUB_BAR_SEEK, frac, ps->osd_until);
}

void play_osd_text(struct play_state *ps, int min_level, const char *text, double secs)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    if (!ps->sub) {
        /* No picture to draw on: MPlayer's terminal OSD (-term-osd) prints
         * the message, after -term-osd-esc, which by default moves up onto
         * the status line's row and clears it. */
        if (o->term_osd && o->osd_level >= min_level)
            mp_msg(MSGT_CPLAYER, MSGL_STATUS, "%s%s\n",
                   o->term_osd_esc ? o->term_osd_esc : SUBS_TERM_OSD_ESC, text);
        return;
    }
    ps->osd_until = mp_time_sec() + (secs > 0 ? secs : o->osd_duration / 1000.0);
    mp_sub_osd_set_text(ps->sub, min_level, text, ps->osd_until);
}

/* ---- run-time selection: slave commands, keys, properties ----
 *
 * MPlayer's numbering (measured against MPlayer 1.5): the "global" index
 * counts the sources in subs_order, each from its first track: the text
 * files in load order, the VobSub languages in the .idx's order, then the
 * file's subtitle streams by -sid; -1 is off. */

static const int subs_order[SUBS_SOURCES] = {SUBS_SRC_FILE, SUBS_SRC_VOBSUB, SUBS_SRC_DEMUX};

static int subs_source_size(struct play_state *ps, int source)
{
    if (!ps->sub)
        return 0;
    return source == SUBS_SRC_DEMUX ? subs_demux_count(ps) : subs_loaded_count(ps->sub, source);
}

/* First global index of a source, -1 when it has no tracks. */
static int subs_source_offset(struct play_state *ps, int source)
{
    if (subs_source_size(ps, source) <= 0)
        return -1;
    int offset = 0;
    for (int i = 0; i < SUBS_SOURCES && subs_order[i] != source; i++)
        offset += subs_source_size(ps, subs_order[i]);
    return offset;
}

static int subs_count(struct play_state *ps)
{
    int n = 0;
    for (int i = 0; i < SUBS_SOURCES; i++)
        n += subs_source_size(ps, i);
    return n;
}

static int subs_current(struct play_state *ps)
{
    if (!ps->sub || ps->sub_track < 0)
        return -1;
    int source = subs_track_source(ps->sub, ps->sub_track);
    int index = source == SUBS_SRC_DEMUX ? mp_sub_track_stream_id(ps->sub, ps->sub_track)
                                         : subs_loaded_index(ps->sub, ps->sub_track);
    return subs_source_offset(ps, source) + index;
}

/* The source of global index g (-1 for none), and g's index in it. */
static int subs_source_of_global(struct play_state *ps, int g, int *index)
{
    int start = 0;
    for (int i = 0; g >= 0 && i < SUBS_SOURCES; i++) {
        int size = subs_source_size(ps, subs_order[i]);
        if (g < start + size) {
            if (index)
                *index = g - start;
            return subs_order[i];
        }
        start += size;
    }
    return -1;
}

/* The sub/ track behind global index g, or -1 (off, or not showable). */
static int subs_track_of_global(struct play_state *ps, int g)
{
    int index = 0;
    int source = subs_source_of_global(ps, g, &index);
    if (source < 0)
        return -1;
    if (source == SUBS_SRC_DEMUX)
        return subs_track_of_sid(ps->sub, index);
    return subs_loaded_track(ps->sub, source, index);
}

static int subs_select_global(struct play_state *ps, int g)
{
    int size = subs_count(ps);
    if (g < -1)
        g = -1;
    if (g >= size)
        g = size - 1;
    int track = subs_track_of_global(ps, g);
    if (g >= 0 && track < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Subtitle track %d cannot be shown (not text).\n", g);
        return PROP_ERROR;
    }
    subs_switch(ps, track, true);
    mp_msg(MSGT_CPLAYER, MSGL_V, "Subtitle selection: %d of %d.\n", g, size);
    return PROP_OK;
}

/* MPlayer's cycle through -1, 0 .. size-1, skipping what cannot be shown. */
static int subs_cycle(struct play_state *ps, int dir)
{
    int size = subs_count(ps);
    int g = subs_current(ps);
    for (int i = 0; i <= size; i++) {
        g = dir > 0 ? (g + 2) % (size + 1) - 1 : (g + size + 1) % (size + 1) - 1;
        if (g < 0 || subs_track_of_global(ps, g) >= 0)
            break;
    }
    return subs_select_global(ps, g);
}

static int subs_set_source(struct play_state *ps, int source)
{
    if (source < 0)
        return subs_select_global(ps, -1);
    if (source == subs_source_of_global(ps, subs_current(ps), NULL))
        return PROP_OK;
    int g = subs_source_offset(ps, source);
    if (g < 0)
        return PROP_UNAVAILABLE;
    return subs_select_global(ps, g);
}

static int subs_step_source(struct play_state *ps, int steps)
{
    int cur = subs_source_of_global(ps, subs_current(ps), NULL);
    int src = cur;
    int step = steps > 0 ? 1 : -1;
    while (steps) {
        src += step;
        if (src >= SUBS_SOURCES)
            src = -1;
        else if (src < -1)
            src = SUBS_SOURCES - 1;
        if (src == cur || src == -1 || subs_source_size(ps, src) > 0)
            steps -= step;
    }
    return src == cur ? PROP_OK : subs_set_source(ps, src);
}

/* sub_file / sub_demux: index within one source. */
static int subs_source_index(struct play_state *ps, int source)
{
    int g = subs_current(ps);
    return subs_source_of_global(ps, g, NULL) == source ? g - subs_source_offset(ps, source) : -1;
}

static int subs_set_source_index(struct play_state *ps, int source, int index)
{
    int offset = subs_source_offset(ps, source);
    if (offset < 0)
        return PROP_UNAVAILABLE;
    if (index < 0 || index >= subs_source_size(ps, source))
        return subs_select_global(ps, -1);
    return subs_select_global(ps, offset + index);
}

/* MPlayer 1.5's step of sub_file, sub_vob, sub_demux (measured): from off
 * or another source's track up to the source's first track (down: off),
 * then on through the global list, into the next source too, and off past
 * either end. */
static int subs_step_source_index(struct play_state *ps, int source, int steps)
{
    int offset = subs_source_offset(ps, source);
    if (offset < 0)
        return PROP_UNAVAILABLE;
    int total = subs_count(ps);
    int g = subs_current(ps);
    if (subs_source_of_global(ps, g, NULL) != source)
        g = -1;
    int step = steps > 0 ? 1 : -1;
    for (; steps; steps -= step) {
        if (g < 0) {
            g = step > 0 ? offset : -1;
        } else {
            g += step;
            if (g < offset || g >= total)
                g = -1;
        }
    }
    return subs_select_global(ps, g);
}

static int subs_source_of_name(const char *name)
{
    return !strcmp(name, "sub_file") ? SUBS_SRC_FILE
           : !strcmp(name, "sub_vob") ? SUBS_SRC_VOBSUB
                                      : SUBS_SRC_DEMUX;
}

/* What MPlayer's OSD says about the track shown: "(1) movie.srt",
 * "(0) eng" (a stream by -sid, a VobSub language by its index),
 * "disabled". */
static void subs_describe(struct play_state *ps, char *buf, size_t size)
{
    int g = subs_current(ps);
    if (g < 0) {
        snprintf(buf, size, "disabled");
        return;
    }
    const char *path = mp_sub_track_path(ps->sub, ps->sub_track);
    int vob = mp_sub_track_vobsub_id(ps->sub, ps->sub_track);
    if (vob >= 0) {
        /* A VobSub language: its .idx index and code. */
        const char *lang = mp_sub_track_lang(ps->sub, ps->sub_track);
        snprintf(buf, size, "(%d) %s", vob, lang && lang[0] ? lang : "unknown");
        return;
    }
    if (path) {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        size_t len = strlen(base);
        snprintf(buf, size, "(%d) %s%s", subs_file_index(ps->sub, ps->sub_track) + 1,
                 len < 20 ? "" : "...", len < 20 ? base : base + len - 19);
        return;
    }
    const char *lang = mp_sub_track_lang(ps->sub, ps->sub_track);
    if (!lang || !lang[0] || !strcmp(lang, "und"))
        lang = mp_sub_track_title(ps->sub, ps->sub_track);
    snprintf(buf, size, "(%d) %s", mp_sub_track_stream_id(ps->sub, ps->sub_track),
             lang && lang[0] ? lang : "unknown");
}

static void subs_update_opts(struct play_state *ps, int subpos, double font_scale, int align)
{
    if (!ps->sub)
        return;
    struct mp_sub_opts so = *mp_sub_get_opts(ps->sub);
    so.subpos = subpos;
    so.font_scale = font_scale;
    so.alignment = align;
    /* The OSD level may have changed since the options were set. */
    so.osd_level = mp_sub_osd_level(ps->sub);
    mp_sub_set_opts(ps->sub, &so);
}

static int subs_alignment(struct play_state *ps)
{
    return ps->sub ? mp_sub_get_opts(ps->sub)->alignment : 2;
}

static bool subs_spu_ready(struct play_state *ps)
{
    return ps->sub && ps->spu_ready;
}

/* The VobSub index (among the VobSub tracks) of the language whose .idx
 * "index:" is id, or -1. */
static int subs_vobsub_index(const struct mp_sub *sub, int id)
{
    int n = subs_loaded_count(sub, SUBS_SRC_VOBSUB);
    for (int i = 0; id >= 0 && i < n; i++) {
        if (mp_sub_track_vobsub_id(sub, subs_loaded_track(sub, SUBS_SRC_VOBSUB, i)) == id)
            return i;
    }
    return -1;
}

/* -forcedsubsonly while playing: the pictures shown next follow it (the
 * option is kept for the next files, as MPlayer's variable is). */
static void subs_set_forced_only(struct play_state *ps, bool on)
{
    ps->mpctx->opts.forced_subs_only = on;
    if (!ps->sub)
        return;
    struct mp_sub_opts so = *mp_sub_get_opts(ps->sub);
    so.forced_only = on;
    so.osd_level = mp_sub_osd_level(ps->sub);
    mp_sub_set_opts(ps->sub, &so);
}

bool play_subs_prop_cycles(const char *name)
{
    return !strcmp(name, "sub") || !strcmp(name, "sub_source") || !strcmp(name, "sub_file") ||
           !strcmp(name, "sub_demux") || !strcmp(name, "sub_vob");
}

int play_subs_prop_get(struct play_state *ps, const char *name, double *value)
{
    struct MPOpts *o = &ps->mpctx->opts;
    if (!strcmp(name, "sub_pos")) {
        *value = o->sub_pos;
        return PROP_OK;
    }
    if (!strcmp(name, "sub_scale")) {
        *value = o->ass_font_scale;
        return PROP_OK;
    }
    if (!strcmp(name, "sub_alignment")) {
        /* As MPlayer: only for a track shown in the player's own style. */
        if (!ps->sub || ps->sub_track < 0 || !mp_sub_track_plain(ps->sub, ps->sub_track))
            return PROP_UNAVAILABLE;
        *value = subs_alignment(ps);
        return PROP_OK;
    }
    if (!strcmp(name, "sub_forced_only")) {
        if (!subs_spu_ready(ps))
            return PROP_UNAVAILABLE;
        *value = o->forced_subs_only;
        return PROP_OK;
    }
    /* Without libass no track can be shown: with video, as MPlayer answers
     * for a file without subtitles, none (-1) is selected. */
    if (!HAVE_LIBASS && ps->sh_video && !strcmp(name, "sub")) {
        *value = -1;
        return PROP_OK;
    }
    if (subs_count(ps) <= 0)
        return PROP_UNAVAILABLE;
    if (!strcmp(name, "sub")) {
        *value = subs_current(ps);
        return PROP_OK;
    }
    if (!strcmp(name, "sub_source")) {
        *value = subs_source_of_global(ps, subs_current(ps), NULL);
        return PROP_OK;
    }
    int source = subs_source_of_name(name);
    if (subs_source_offset(ps, source) < 0)
        return PROP_UNAVAILABLE;
    int index = subs_source_index(ps, source);
    /* sub_vob counts in .idx indices, as MPlayer's does. */
    if (source == SUBS_SRC_VOBSUB && index >= 0)
        index = mp_sub_track_vobsub_id(ps->sub, ps->sub_track);
    *value = index;
    return PROP_OK;
}

int play_subs_prop_set(struct play_state *ps, const char *name, double value)
{
    struct MPOpts *o = &ps->mpctx->opts;
    double cur;
    int r = play_subs_prop_get(ps, name, &cur);
    if (r != PROP_OK)
        return r;
    if (!strcmp(name, "sub_pos")) {
        o->sub_pos = (int)fmin(100, fmax(0, value));
        subs_update_opts(ps, o->sub_pos, o->ass_font_scale, subs_alignment(ps));
        return PROP_OK;
    }
    if (!strcmp(name, "sub_scale")) {
        o->ass_font_scale = fmin(100, fmax(0.01, value));
        subs_update_opts(ps, o->sub_pos, o->ass_font_scale, subs_alignment(ps));
        return PROP_OK;
    }
    if (!strcmp(name, "sub_alignment")) {
        subs_update_opts(ps, o->sub_pos, o->ass_font_scale, (int)fmin(2, fmax(0, value)));
        return PROP_OK;
    }
    if (!strcmp(name, "sub_forced_only")) {
        subs_set_forced_only(ps, value != 0);
        return PROP_OK;
    }
    int v = (int)value;
    if (!strcmp(name, "sub"))
        return subs_select_global(ps, v);
    if (!strcmp(name, "sub_vob"))
        return subs_set_source_index(ps, SUBS_SRC_VOBSUB, subs_vobsub_index(ps->sub, v));
    if (!strcmp(name, "sub_source"))
        return subs_set_source(ps, v < -1 ? -1 : v > 2 ? 2 : v);
    return subs_set_source_index(ps, subs_source_of_name(name), v);
}

int play_subs_prop_step(struct play_state *ps, const char *name, double amount, int dir)
{
    double cur;
    int r = play_subs_prop_get(ps, name, &cur);
    if (r != PROP_OK)
        return r;
    int steps = (amount != 0 ? (int)amount : 1) * (dir < 0 ? -1 : 1);
    if (!strcmp(name, "sub"))
        return subs_cycle(ps, dir); /* one at a time, as MPlayer */
    if (!strcmp(name, "sub_source"))
        return steps ? subs_step_source(ps, steps) : PROP_OK;
    if (!strcmp(name, "sub_file") || !strcmp(name, "sub_demux") || !strcmp(name, "sub_vob"))
        return steps ? subs_step_source_index(ps, subs_source_of_name(name), steps) : PROP_OK;
    return PROP_ERROR;
}

void play_subs_show_osd(struct play_state *ps, const char *name)
{
    char buf[160], what[96];
    double v = 0;
    if (!ps->sub || play_subs_prop_get(ps, name, &v) != PROP_OK)
        return;
    if (play_subs_prop_cycles(name) && strcmp(name, "sub_source")) {
        subs_describe(ps, what, sizeof(what));
        snprintf(buf, sizeof(buf), "Subtitles: %s", what);
    } else if (!strcmp(name, "sub_source")) {
        static const char *const names[] = {"file", "vobsub", "embedded"};
        snprintf(buf, sizeof(buf), "Sub source: %s", v >= 0 && v < 3 ? names[(int)v]
                                                                       : "disabled");
    } else if (!strcmp(name, "sub_pos")) {
        snprintf(buf, sizeof(buf), "Sub position: %d/100", (int)v);
    } else if (!strcmp(name, "sub_alignment")) {
        static const char *const names[] = {"top", "center", "bottom"};
        snprintf(buf, sizeof(buf), "Sub alignment: %s", names[(int)v]);
    } else if (!strcmp(name, "sub_scale")) {
        snprintf(buf, sizeof(buf), "Sub Scale: %.2f", v);
    } else if (!strcmp(name, "sub_forced_only")) {
        snprintf(buf, sizeof(buf), "Forced sub only: %s", v ? "enabled" : "disabled");
    } else {
        return;
    }
    mp_msg(MSGT_OSD, MSGL_V, "OSD: %s\n", buf);
    play_osd_text(ps, 1, buf, 0);
}

int play_subs_load(struct play_state *ps, const char *path)
{
    if (!ps->sub && !HAVE_LIBASS) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "sub_load: this mplayer was built without libass: "
               "no subtitles.\n");
        return -1;
    }
    if (!ps->sub) {
        mp_msg(MSGT_CPLAYER, MSGL_V, "sub_load: no subtitles without video.\n");
        return -1;
    }
    /* As MPlayer: loaded and numbered, shown once selected. */
    int t = subs_add_file(ps, ps->sub, path);
    if (t < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot load subtitles: %s\n", path);
        return -1;
    }
    return subs_file_index(ps->sub, t);
}

static void subs_remove_track(struct play_state *ps, int track, int index)
{
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "SUB: Removed subtitle file (%d): %s\n", index + 1,
           mp_sub_track_path(ps->sub, track));
    int shown = ps->sub_track;
    mp_sub_remove_track(ps->sub, track);
    if (shown == track)
        shown = -1;
    else if (shown > track)
        shown--;
    subs_switch(ps, shown, false);
}

int play_subs_remove(struct play_state *ps, int index)
{
    if (!ps->sub)
        return -1;
    int n = subs_file_count(ps->sub);
    if (index >= n)
        return -1;
    if (index >= 0) {
        subs_remove_track(ps, subs_track_of_file(ps->sub, index), index);
        return 0;
    }
    /* All of them; each message keeps the number the file had. */
    for (int i = 0; i < n; i++)
        subs_remove_track(ps, subs_track_of_file(ps->sub, 0), i);
    return 0;
}

int play_subs_step(struct play_state *ps, int movement)
{
    if (!ps->sub || ps->sub_track < 0)
        return -1;
    double pos = play_position(ps);
    if (isnan(pos)) /* before the first frame */
        pos = isfinite(ps->seek_target) ? ps->seek_target : ps->demuxer->start_time;
    double *delay = &ps->mpctx->opts.sub_delay;
    double shift = mp_sub_step_time(ps->sub, ps->sub_track, pos - *delay, movement);
    if (!isfinite(shift))
        return -1;
    *delay -= shift;
    char buf[64];
    snprintf(buf, sizeof(buf), "Sub delay: %d ms", (int)lround(*delay * 1000));
    mp_msg(MSGT_OSD, MSGL_V, "OSD: %s\n", buf);
    play_osd_text(ps, 1, buf, 0);
    return 0;
}
