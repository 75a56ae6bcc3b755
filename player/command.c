/*
 * Commands from keys, -slave and -input file=: what each one does to the
 * file playing, the properties get_property/set_property/step_property
 * reach, and the ANS_ answers front-ends read.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Answers follow MPlayer 1.x: get_property prints ANS_<name>=<value> with
 * flags as yes/no, integers in decimal, floats and times as "%f"; a
 * failure prints ANS_ERROR=PROPERTY_UNKNOWN (no such property),
 * PROPERTY_UNAVAILABLE (nothing to report now, e.g. video_codec without
 * video), NOT_IMPLEMENTED (read-only, or no way to change it here) or
 * ERROR (a value that does not parse). Commands that map to a property
 * (switch_audio, vo_fullscreen, sub_delay, ...) fail silently, as there.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libavutil/dict.h>

#include "config.h"
#include "common/mp_msg.h"
#include "common/strbuf.h"
#include "input/input.h"
#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "libvo/vo_sdl.h"
#include "options/options.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"
#include "sub/sub.h"

#define ANS(...) mp_msg(MSGT_GLOBAL, MSGL_INFO, __VA_ARGS__)

/* ---- small helpers ---- */

static double cmd_length(const struct play_state *ps)
{
    return ps->demuxer->duration > 0 ? ps->demuxer->duration : 0;
}

static const char *cmd_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

/* The position on the file's clock, also before the first frame. */
static double cmd_position(struct play_state *ps)
{
    double pos = play_position(ps);
    if (isnan(pos))
        pos = isfinite(ps->seek_target) ? ps->seek_target : ps->demuxer->start_time;
    return pos;
}

static int cmd_percent_pos(struct play_state *ps)
{
    double len = cmd_length(ps);
    double pct = 0;
    if (len > 0) {
        pct = 100 * (cmd_position(ps) - ps->demuxer->start_time) / len;
    } else {
        struct demux_stream_info si;
        demux_get_stream_info(ps->demuxer, &si);
        if (si.size > 0)
            pct = 100.0 * (double)si.pos / (double)si.size;
    }
    return pct < 0 ? 0 : pct > 100 ? 100 : (int)pct;
}

static void cmd_set_speed(struct play_state *ps, double speed)
{
    if (!(speed >= 0.01))
        speed = 0.01;
    if (speed > 100)
        speed = 100;
    double now_pts = play_position(ps);
    ps->mpctx->opts.speed = speed;
    play_af_set_speed(ps, speed);
    /* The timer continues from where it is at the new rate. */
    if (ps->sys_clock_running && !isnan(now_pts)) {
        ps->sys_base_pts = now_pts;
        ps->sys_base_time = mp_time_sec();
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Speed: x %6.2f\n", speed);
}

/* The chapter playing: the last one starting at or before the position. */
static int cmd_current_chapter(struct play_state *ps)
{
    int n = play_num_chapters(ps);
    double pos = cmd_position(ps);
    int cur = 0;
    for (int i = 0; i < n; i++) {
        if (play_chapter_start(ps, i) <= pos + 1e-3)
            cur = i;
    }
    return cur;
}

static void cmd_seek_chapter(struct play_state *ps, int chapter)
{
    int n = play_num_chapters(ps);
    if (chapter < 0)
        chapter = 0;
    if (chapter >= n) {
        /* Past the last chapter: the end, as MPlayer does. */
        play_seek(ps, ps->demuxer->start_time + cmd_length(ps));
        return;
    }
    mp_msg(MSGT_CPLAYER, MSGL_V, "Chapter %d at %.3f s.\n", chapter + 1,
           play_chapter_start(ps, chapter));
    play_seek(ps, play_chapter_start(ps, chapter));
}

/* ---- switching the audio track ---- */

/* Open the decoder and converter playing sh needs, and an output when
 * there is none yet. The output that is open stays: the converter
 * resamples and remixes the new track to its format, so a WAV being
 * written goes on in one piece. Returns 0 with everything committed to
 * ps, or a negative error with ps unchanged. */
static int cmd_audio_open(struct play_state *ps, struct sh_stream *sh)
{
    struct MPContext *mpctx = ps->mpctx;
    struct mp_decoder *dec = NULL;
    if (play_codec_allowed(ps, false, sh->codecpar->codec_id) < 0)
        return -CODEC_ERR_NO_DECODER;
    int err = play_open_audio_decoder(ps, sh, &dec);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot decode audio track %d of '%s' (%s: %s).\n",
               sh->id, ps->filename, mp_codec_name(sh->codecpar), codec_strerror(err));
        return err;
    }
    struct ao *ao = ps->ao;
    struct ao_format afmt = ps->afmt;
    if (!ao) {
        const AVCodecParameters *par = sh->codecpar;
        enum AVSampleFormat fmt = av_get_packed_sample_fmt((enum AVSampleFormat)par->format);
        afmt = (struct ao_format){
            .fmt = fmt == AV_SAMPLE_FMT_NONE ? AV_SAMPLE_FMT_S16 : fmt,
            .rate = mpctx->opts.srate > 0     ? mpctx->opts.srate
                    : par->sample_rate > 0 ? par->sample_rate
                                           : 44100,
            .channels = par->ch_layout.nb_channels > 0 ? par->ch_layout.nb_channels : 2,
        };
        const char *spec = mpctx->opts.ao ? mpctx->opts.ao : PLAY_DEFAULT_AO;
        err = ao_open(&ao, spec, &afmt);
        if (err < 0) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Could not open audio output '%s'.\n", spec);
            mp_decoder_close(dec);
            return err;
        }
        if (mpctx->opts.benchmark)
            ao_set_fast(ao, true);
        if (ps->paused)
            ao_pause(ao);
    }
    struct mp_audio_format cf = { .fmt = afmt.fmt, .rate = afmt.rate, .channels = afmt.channels };
    struct mp_audio_conv *conv = NULL;
    err = mp_audio_conv_create(&conv, &cf);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot convert audio of '%s': %s.\n", ps->filename,
               codec_strerror(err));
        if (ao != ps->ao)
            ao_abort(ao);
        mp_decoder_close(dec);
        return err;
    }
    mp_audio_conv_set_speed(conv, mpctx->opts.speed);

    if (ps->sh_audio)
        demux_select_stream(play_audio_demuxer(ps), ps->sh_audio, false);
    mp_decoder_close(ps->adec);
    mp_audio_conv_free(ps->aconv);
    demux_select_stream(play_audio_demuxer(ps), sh, true);
    ps->sh_audio = sh;
    ps->adec = dec;
    ps->aconv = conv;
    ps->ao = ao;
    ps->afmt = afmt;
    ps->frame_bytes = mp_audio_format_frame_bytes(&cf);
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Selected audio codec: [%s]\n", mp_decoder_name(dec));
    return 0;
}

/* No audio track: the system timer takes over from the position now. */
static void cmd_audio_off(struct play_state *ps)
{
    double pos = cmd_position(ps);
    demux_select_stream(play_audio_demuxer(ps), ps->sh_audio, false);
    mp_decoder_close(ps->adec);
    mp_audio_conv_free(ps->aconv);
    ps->adec = NULL;
    ps->aconv = NULL;
    ps->sh_audio = NULL;
    ps->abuf = NULL;
    ps->abuf_samples = 0;
    ps->audio_done = true;
    if (ps->ao)
        ao_reset(ps->ao);
    ps->sys_clock_running = true;
    ps->sys_base_pts = pos;
    ps->sys_base_time = mp_time_sec();
    ps->pause_pos = pos;
}

/* Drop what the audio path holds and start it again at the position, so
 * the new track joins in sync. A seekable file is re-read from there (the
 * new track's packets before the demuxer's read position were never
 * queued); otherwise the new track starts where the demuxer is. */
static void cmd_audio_resync(struct play_state *ps, double pos)
{
    if (ps->demuxer->seekable) {
        play_seek(ps, pos);
        return;
    }
    play_audio_reset(ps);
    ps->sys_clock_running = false;
}

/* switch_audio: id >= 0 picks that track, -2 turns audio off, anything
 * else takes the next track. Prints ID_AUDIO_TRACK as MPlayer does. */
static int cmd_switch_audio(struct play_state *ps, int id)
{
    /* With -audiofile, its tracks are the ones to switch between. */
    demuxer_t *d = play_audio_demuxer(ps);
    int cur = ps->sh_audio ? ps->sh_audio->id : -2;
    if (id < 0 && id != -2) {
        /* Ids need not be contiguous (an MPEG-TS track's is its PID). */
        const struct sh_stream *next = demux_next_stream(d, MP_STREAM_AUDIO, cur);
        if (!next)
            return -1;
        id = next->id;
    }
    int ret = 0;
    if (id == cur) {
        /* nothing to do */
    } else if (id == -2) {
        cmd_audio_off(ps);
    } else {
        struct sh_stream *sh = demux_get_stream(d, MP_STREAM_AUDIO, id);
        if (!sh) {
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "No audio track %d in '%s'.\n", id, ps->filename);
            ret = -1;
        } else {
            double pos = cmd_position(ps);
            ret = cmd_audio_open(ps, sh);
            if (ret == 0)
                cmd_audio_resync(ps, pos);
        }
    }
    mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_AUDIO_TRACK=%d\n", ps->sh_audio ? ps->sh_audio->id : -2);
    return ret;
}

/* ---- properties ---- */

enum prop_type { PT_FLAG, PT_INT, PT_FLOAT, PT_TIME, PT_POS, PT_STRING };

/* A value: i for flags, ints and byte positions, f for floats and times,
 * s (malloc'ed, freed by whoever asked) for strings. */
struct prop_val {
    int64_t i;
    double f;
    char *s;
};

struct prop_def {
    const char *name;
    enum prop_type type;
    /* PROP_OK with *v set, or why not. NULL: a property MPlayer has that
     * this player has nothing behind (OSD bars, picture controls,
     * TV/DVD): always PROPERTY_UNAVAILABLE. */
    int (*get)(struct play_state *ps, struct prop_val *v);
    /* NULL: read-only (NOT_IMPLEMENTED). */
    int (*set)(struct play_state *ps, const struct prop_val *v);
    /* step_property without a value: this much; wrap: cycle within
     * min..max instead of stopping at the ends. */
    double step;
    double min, max; /* set clamps when min < max */
    bool wrap;
    /* With no file open: NULL idle_get is PROPERTY_UNAVAILABLE, NULL
     * idle_set (with an idle_get) NOT_IMPLEMENTED. */
    int (*idle_get)(struct play_state *ps, struct prop_val *v);
    int (*idle_set)(struct play_state *ps, const struct prop_val *v);
};

static int prop_str(struct prop_val *v, const char *s)
{
    v->s = strdup(s ? s : "");
    return v->s ? PROP_OK : PROP_ERROR;
}

/* general */

static int get_osdlevel(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->opts.osd_level;
    return PROP_OK;
}

static int set_osdlevel(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->opts.osd_level = (int)v->i;
    if (ps->sub)
        mp_sub_osd_set_level(ps->sub, (int)v->i);
    return PROP_OK;
}

static int get_speed(struct play_state *ps, struct prop_val *v)
{
    v->f = ps->mpctx->opts.speed;
    return PROP_OK;
}

static int set_speed(struct play_state *ps, const struct prop_val *v)
{
    cmd_set_speed(ps, v->f);
    return PROP_OK;
}

static int get_loop(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->opts.loop;
    return PROP_OK;
}

static int get_pause(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->paused;
    return PROP_OK;
}

static int set_pause(struct play_state *ps, const struct prop_val *v)
{
    play_set_pause(ps, v->i != 0);
    return PROP_OK;
}

static int get_filename(struct play_state *ps, struct prop_val *v)
{
    return prop_str(v, cmd_basename(ps->filename));
}

static int get_path(struct play_state *ps, struct prop_val *v)
{
    return prop_str(v, ps->filename);
}

static int get_demuxer(struct play_state *ps, struct prop_val *v)
{
    /* The same name ID_DEMUXER gives. */
    return prop_str(v, play_demuxer_name(ps));
}

static int get_stream_pos(struct play_state *ps, struct prop_val *v)
{
    struct demux_stream_info si;
    demux_get_stream_info(ps->demuxer, &si);
    v->i = si.pos;
    return PROP_OK;
}

static int get_stream_start(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    v->i = 0;
    return PROP_OK;
}

static int get_stream_end(struct play_state *ps, struct prop_val *v)
{
    struct demux_stream_info si;
    demux_get_stream_info(ps->demuxer, &si);
    v->i = si.size;
    return v->i >= 0 ? PROP_OK : PROP_UNAVAILABLE;
}

static int get_length(struct play_state *ps, struct prop_val *v)
{
    v->f = cmd_length(ps);
    return v->f > 0 ? PROP_OK : PROP_UNAVAILABLE;
}

static int get_percent_pos(struct play_state *ps, struct prop_val *v)
{
    v->i = cmd_percent_pos(ps);
    return PROP_OK;
}

static int set_percent_pos(struct play_state *ps, const struct prop_val *v)
{
    play_seek(ps, ps->demuxer->start_time + cmd_length(ps) * (double)v->i / 100.0);
    return PROP_OK;
}

static int get_time_pos(struct play_state *ps, struct prop_val *v)
{
    v->f = cmd_position(ps) - ps->demuxer->start_time;
    return PROP_OK;
}

static int set_time_pos(struct play_state *ps, const struct prop_val *v)
{
    play_seek(ps, ps->demuxer->start_time + v->f);
    return PROP_OK;
}

static int get_chapter(struct play_state *ps, struct prop_val *v)
{
    if (play_num_chapters(ps) <= 0)
        return PROP_UNAVAILABLE;
    v->i = cmd_current_chapter(ps);
    return PROP_OK;
}

static int set_chapter(struct play_state *ps, const struct prop_val *v)
{
    cmd_seek_chapter(ps, (int)v->i);
    return PROP_OK;
}

static int get_chapters(struct play_state *ps, struct prop_val *v)
{
    v->i = play_num_chapters(ps);
    return PROP_OK;
}

static int get_titles(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    v->i = 0;
    return PROP_OK;
}

struct cmd_meta_list {
    struct mp_strbuf text;
    bool any;
};

static void cmd_meta_item(void *ctx, const char *name, const char *value)
{
    struct cmd_meta_list *l = ctx;
    if (l->any)
        mp_strbuf_adds(&l->text, ",");
    mp_strbuf_adds(&l->text, name);
    mp_strbuf_adds(&l->text, ",");
    mp_strbuf_adds(&l->text, value);
    l->any = true;
}

/* MPlayer's string list: name,value,name,value, the tags under the names
 * and in the order of "Clip info:" (play_clip_info). */
static int get_metadata(struct play_state *ps, struct prop_val *v)
{
    /* libavformat may replace the dictionary while its reader reads. */
    if (!demux_try_park(ps->demuxer))
        return PROP_UNAVAILABLE; /* a quit while the reader is held in a read */
    struct cmd_meta_list l = { 0 };
    play_clip_info(ps, cmd_meta_item, &l);
    demux_unpark(ps->demuxer);
    v->s = mp_strbuf_take(&l.text);
    return v->s ? PROP_OK : PROP_ERROR;
}

/* No -capture here: MPlayer answers ERROR while a file plays (its stream
 * has no capture file). */
static int get_capturing(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    (void)v;
    return PROP_ERROR;
}

/* MPlayer knows no program switching outside its own TS reader. */
static int get_not_implemented(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    (void)v;
    return PROP_NOT_IMPLEMENTED;
}

static int get_volume(struct play_state *ps, struct prop_val *v)
{
    /* MPlayer's mixer keeps a float: its 100/1.1 prints as 90.909088. */
    v->f = (float)ps->mpctx->volume;
    return ps->sh_audio ? PROP_OK : PROP_UNAVAILABLE;
}

static void cmd_volume_osd(struct play_state *ps)
{
    if (!ps->sub) {
        play_osd_bar_text(ps, "Volume", ps->mpctx->mute ? 0 : ps->mpctx->volume / 100);
        return;
    }
    ps->osd_until = mp_time_sec() + 1.0;
    mp_sub_osd_set_bar(ps->sub, MP_SUB_BAR_VOLUME, ps->mpctx->mute ? 0 : ps->mpctx->volume / 100,
                       ps->osd_until);
}

static int set_volume(struct play_state *ps, const struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    mp_volume_set(ps->mpctx, v->f);
    ps->mpctx->mute = false;
    cmd_volume_osd(ps);
    return PROP_OK;
}

static int get_mute(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->mute;
    return ps->sh_audio ? PROP_OK : PROP_UNAVAILABLE;
}

static int set_mute(struct play_state *ps, const struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    ps->mpctx->mute = v->i != 0;
    cmd_volume_osd(ps);
    return PROP_OK;
}

/* As MPlayer: only with both audio and video (the loop ignores it else). */
static int get_audio_delay(struct play_state *ps, struct prop_val *v)
{
    v->f = ps->mpctx->opts.audio_delay;
    return ps->sh_audio && ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

/* The loop's clock follows at once: a larger delay holds the picture
 * back, a smaller one lets it catch up. */
static int set_audio_delay(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->opts.audio_delay = v->f;
    return PROP_OK;
}

static int get_audio_format(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    v->i = play_format_tag(ps, ps->sh_audio);
    return PROP_OK;
}

static int get_audio_codec(struct play_state *ps, struct prop_val *v)
{
    if (!ps->adec)
        return PROP_UNAVAILABLE;
    char name[64];
    play_codec_name(ps->adec, name, sizeof(name));
    return prop_str(v, name);
}

/* MPlayer's bitrate properties are in bytes per second. */
static int get_audio_bitrate(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    v->i = ps->sh_audio->codecpar->bit_rate / 8;
    return PROP_OK;
}

static int get_samplerate(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    v->i = ps->sh_audio->codecpar->sample_rate;
    return PROP_OK;
}

static int get_channels(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_audio)
        return PROP_UNAVAILABLE;
    /* MPlayer's answer is what the decoder gives (after -channels asked it
     * for a downmix), as its second ID_AUDIO_NCH; the container's before. */
    const AVCodecContext *avctx = ps->adec ? mp_decoder_avctx(ps->adec) : NULL;
    int dec = avctx ? avctx->ch_layout.nb_channels : 0;
    v->i = dec > 0 ? dec : ps->sh_audio->codecpar->ch_layout.nb_channels;
    return PROP_OK;
}

/* The track playing; with none, MPlayer's -2 (turned off) where the file
 * has tracks of the kind and -1 where it has none. */
static int cmd_track_id(demuxer_t *d, const struct sh_stream *sh, enum mp_stream_type t)
{
    return sh ? sh->id : demux_next_stream(d, t, -1) ? -2 : -1;
}

static int get_switch_audio(struct play_state *ps, struct prop_val *v)
{
    v->i = cmd_track_id(play_audio_demuxer(ps), ps->sh_audio, MP_STREAM_AUDIO);
    return PROP_OK;
}

static int set_switch_audio(struct play_state *ps, const struct prop_val *v)
{
    return cmd_switch_audio(ps, (int)v->i) < 0 ? PROP_ERROR : PROP_OK;
}

/* video */

/* Window and audio settings this player has no control behind: answered
 * from their options (or MPlayer's value when there is none), read-only. */
static int get_balance(struct play_state *ps, struct prop_val *v)
{
    v->f = 0;  /* centred: no balance control here */
    /* MPlayer's balance is a pan between two channels: none for mono. */
    return ps->sh_audio && ps->sh_audio->codecpar->ch_layout.nb_channels >= 2
               ? PROP_OK : PROP_UNAVAILABLE;
}

static int get_ontop(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->opts.ontop;
    return ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

static int get_border(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->opts.border;
    return ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

/* panscan: -vo sdl's; other outputs have no window to fill. */
static int get_panscan(struct play_state *ps, struct prop_val *v)
{
#if HAVE_SDL2
    if (ps->vo && ps->sh_video && vo_sdl_get_panscan(ps->vo, &v->f) == 0)
        return PROP_OK;
#endif
    (void)ps;
    (void)v;
    return PROP_UNAVAILABLE;
}

static int set_panscan(struct play_state *ps, const struct prop_val *v)
{
#if HAVE_SDL2
    if (ps->vo && ps->sh_video && vo_sdl_set_panscan(ps->vo, v->f) == 0) {
        /* Kept for the next files, as MPlayer keeps it. */
        vo_sdl_get_panscan(ps->vo, &ps->mpctx->opts.panscan);
        char text[32];
        snprintf(text, sizeof(text), "Panscan: %d %%", (int)lrint(ps->mpctx->opts.panscan * 100));
        play_osd_text(ps, 1, text, 0);
        return PROP_OK;
    }
#endif
    (void)ps;
    (void)v;
    return PROP_UNAVAILABLE;
}

/* deinterlace and rootwin: never on here. */
static int get_video_off(struct play_state *ps, struct prop_val *v)
{
    v->i = 0;
    return ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

/* MPlayer answers vsync even without video: whether -vsync was given. */
static int get_vsync(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->opts.vsync;
    return PROP_OK;
}

/* The output opens before decoding; -fs takes effect with the first
 * frame's size. Until then the answer is what it will be. */
static bool cmd_is_fullscreen(const struct MPContext *mpctx)
{
    return mpctx->vo &&
           (vo_get_fullscreen(mpctx->vo) || (!mpctx->vo_configured && mpctx->opts.fullscreen));
}

static int get_fullscreen(struct play_state *ps, struct prop_val *v)
{
    if (!ps->mpctx->vo || !ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = cmd_is_fullscreen(ps->mpctx);
    return PROP_OK;
}

static int set_fullscreen(struct play_state *ps, const struct prop_val *v)
{
    return vo_set_fullscreen(ps->mpctx->vo, v->i != 0) < 0 ? PROP_ERROR : PROP_OK;
}

/* -ass-use-margins: read for every frame the subtitles are drawn on, so a
 * change shows on the next one. MPlayer has it only with video. */
static int get_ass_use_margins(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = ps->mpctx->opts.ass_use_margins;
    return PROP_OK;
}

static int set_ass_use_margins(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->opts.ass_use_margins = v->i != 0;
    return PROP_OK;
}

static int get_framedropping(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = ps->mpctx->opts.framedrop;
    return PROP_OK;
}

static int set_framedropping(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->opts.framedrop = (int)v->i;
    /* Leaving -hardframedrop: the decoder decodes everything again. */
    if (v->i < 2 && ps->skipping_nonref && ps->vdec) {
        mp_decoder_set_skip_frame(ps->vdec, AVDISCARD_DEFAULT);
        ps->skipping_nonref = false;
    }
    return PROP_OK;
}

static int get_video_format(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = play_format_tag(ps, ps->sh_video);
    return PROP_OK;
}

static int get_video_codec(struct play_state *ps, struct prop_val *v)
{
    if (!ps->vdec)
        return PROP_UNAVAILABLE;
    char name[64];
    play_codec_name(ps->vdec, name, sizeof(name));
    return prop_str(v, name);
}

static int get_video_bitrate(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = ps->sh_video->codecpar->bit_rate / 8;
    return PROP_OK;
}

static int get_width(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = ps->sh_video->codecpar->width;
    return PROP_OK;
}

static int get_height(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->i = ps->sh_video->codecpar->height;
    return PROP_OK;
}

static int get_fps(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->f = ps->sh_video->fps;
    return PROP_OK;
}

static int get_aspect(struct play_state *ps, struct prop_val *v)
{
    if (!ps->sh_video)
        return PROP_UNAVAILABLE;
    v->f = play_video_aspect(ps->sh_video);
    return PROP_OK;
}

static int get_switch_video(struct play_state *ps, struct prop_val *v)
{
    v->i = cmd_track_id(ps->demuxer, ps->sh_video, MP_STREAM_VIDEO);
    return PROP_OK;
}

static int set_switch_video(struct play_state *ps, const struct prop_val *v)
{
    if (v->i == (ps->sh_video ? ps->sh_video->id : -2))
        return PROP_OK;
    mp_msg(MSGT_CPLAYER, MSGL_V, "Switching the video track is not supported yet.\n");
    return PROP_NOT_IMPLEMENTED;
}

/* subtitles (shown by player/subs.c) */

/* sub, sub_source, sub_file, sub_vob, sub_demux, sub_pos, sub_scale,
 * sub_alignment, sub_forced_only: player/subs.c answers with PROP_x too. */
static int cmd_sub_get(struct play_state *ps, const char *name, struct prop_val *v)
{
    double value = 0;
    int r = play_subs_prop_get(ps, name, &value);
    v->f = value;
    v->i = (int64_t)value;
    return r;
}

static int cmd_sub_set(struct play_state *ps, const char *name, const struct prop_val *v)
{
    return play_subs_prop_set(ps, name, !strcmp(name, "sub_scale") ? v->f : (double)v->i);
}

#define CMD_SUB_PROP(n)                                                                        \
    static int get_##n(struct play_state *ps, struct prop_val *v)                              \
    {                                                                                          \
        return cmd_sub_get(ps, #n, v);                                                         \
    }                                                                                          \
    static int set_##n(struct play_state *ps, const struct prop_val *v)                        \
    {                                                                                          \
        return cmd_sub_set(ps, #n, v);                                                         \
    }
CMD_SUB_PROP(sub)
CMD_SUB_PROP(sub_source)
CMD_SUB_PROP(sub_file)
CMD_SUB_PROP(sub_demux)
CMD_SUB_PROP(sub_vob)
CMD_SUB_PROP(sub_forced_only)
CMD_SUB_PROP(sub_pos)
CMD_SUB_PROP(sub_scale)
CMD_SUB_PROP(sub_alignment)

static int get_sub_delay(struct play_state *ps, struct prop_val *v)
{
    v->f = ps->mpctx->opts.sub_delay;
    return ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

static int set_sub_delay(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->opts.sub_delay = v->f;
    return PROP_OK;
}

static int get_sub_visibility(struct play_state *ps, struct prop_val *v)
{
    v->i = ps->mpctx->sub_visibility;
    return ps->sh_video ? PROP_OK : PROP_UNAVAILABLE;
}

static int set_sub_visibility(struct play_state *ps, const struct prop_val *v)
{
    ps->mpctx->sub_visibility = v->i != 0;
    if (ps->sub)
        mp_sub_select(ps->sub, v->i ? ps->sub_track : -1);
    return PROP_OK;
}

/* picture controls: the -vf chain's eq / hue filter (player/filters.c) */

static int cmd_get_eq(struct play_state *ps, const char *name, struct prop_val *v)
{
    int value = 0;
    if (play_vf_get_eq(ps, name, &value) < 0)
        return PROP_UNAVAILABLE;
    v->i = value;
    return PROP_OK;
}

static int cmd_set_eq(struct play_state *ps, const char *name, const struct prop_val *v)
{
    return play_vf_set_eq(ps, name, (int)v->i) < 0 ? PROP_ERROR : PROP_OK;
}

#define CMD_EQ_PROPERTY(n)                                                                  \
    static int get_##n(struct play_state *ps, struct prop_val *v)                           \
    {                                                                                       \
        return cmd_get_eq(ps, #n, v);                                                       \
    }                                                                                       \
    static int set_##n(struct play_state *ps, const struct prop_val *v)                     \
    {                                                                                       \
        return cmd_set_eq(ps, #n, v);                                                       \
    }
CMD_EQ_PROPERTY(gamma)
CMD_EQ_PROPERTY(brightness)
CMD_EQ_PROPERTY(contrast)
CMD_EQ_PROPERTY(saturation)
CMD_EQ_PROPERTY(hue)

/* MPlayer's property list (DOCS/tech/slave.txt), in its order. */
/*
 * With no file open (ps->no_file) MPlayer 1.5 answers the rows below that
 * have an idle_get and calls every other known property unavailable,
 * volume and mute included. Its path is "(null)": it printed a NULL
 * string, and front-ends may already expect that word, so it is kept.
 * Rows with an idle_set can be set while idle (speed and osdlevel then
 * hold for the next file, as there); pause cannot.
 */
static int idle_get_pause(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    v->i = 0;
    return PROP_OK;
}

static int idle_get_path(struct play_state *ps, struct prop_val *v)
{
    (void)ps;
    return prop_str(v, "(null)");
}

static int idle_set_speed(struct play_state *ps, const struct prop_val *v)
{
    /* No audio chain or clock to retime: the option is all there is. */
    ps->mpctx->opts.speed = v->f;
    return PROP_OK;
}

static const struct prop_def cmd_props[] = {
    { .name = "osdlevel", .type = PT_INT, .get = get_osdlevel, .set = set_osdlevel, .step = 1,
      .min = 0, .max = 3, .wrap = true, .idle_get = get_osdlevel, .idle_set = set_osdlevel },
    { .name = "speed", .type = PT_FLOAT, .get = get_speed, .set = set_speed, .step = 0.1,
      .min = 0.01, .max = 100, .idle_get = get_speed, .idle_set = idle_set_speed },
    { .name = "loop", .type = PT_INT, .get = get_loop, .idle_get = get_loop },
    { .name = "pause", .type = PT_FLAG, .get = get_pause, .set = set_pause, .min = 0, .max = 1,
      .idle_get = idle_get_pause },
    { .name = "filename", .type = PT_STRING, .get = get_filename },
    { .name = "path", .type = PT_STRING, .get = get_path, .idle_get = idle_get_path },
    { .name = "demuxer", .type = PT_STRING, .get = get_demuxer },
    { .name = "stream_pos", .type = PT_POS, .get = get_stream_pos },
    { .name = "stream_start", .type = PT_POS, .get = get_stream_start },
    { .name = "stream_end", .type = PT_POS, .get = get_stream_end },
    { .name = "stream_length", .type = PT_POS, .get = get_stream_end },
    { .name = "stream_time_pos", .type = PT_TIME },
    { .name = "titles", .type = PT_INT, .get = get_titles },
    { .name = "chapter", .type = PT_INT, .get = get_chapter, .set = set_chapter, .step = 1 },
    { .name = "chapters", .type = PT_INT, .get = get_chapters },
    { .name = "angle", .type = PT_INT },
    { .name = "length", .type = PT_TIME, .get = get_length },
    { .name = "percent_pos", .type = PT_INT, .get = get_percent_pos, .set = set_percent_pos,
      .step = 10, .min = 0, .max = 100 },
    { .name = "time_pos", .type = PT_TIME, .get = get_time_pos, .set = set_time_pos, .step = 10 },
    { .name = "metadata", .type = PT_STRING, .get = get_metadata },
    { .name = "volume", .type = PT_FLOAT, .get = get_volume, .set = set_volume, .step = 3, .min = 0,
      .max = 100 },
    { .name = "balance", .type = PT_FLOAT, .get = get_balance },
    { .name = "mute", .type = PT_FLAG, .get = get_mute, .set = set_mute, .min = 0, .max = 1 },
    { .name = "audio_delay", .type = PT_FLOAT, .get = get_audio_delay, .set = set_audio_delay,
      .step = 0.1, .min = -100, .max = 100 },
    { .name = "audio_format", .type = PT_INT, .get = get_audio_format },
    { .name = "audio_codec", .type = PT_STRING, .get = get_audio_codec },
    { .name = "audio_bitrate", .type = PT_INT, .get = get_audio_bitrate },
    { .name = "samplerate", .type = PT_INT, .get = get_samplerate },
    { .name = "channels", .type = PT_INT, .get = get_channels },
    { .name = "switch_audio", .type = PT_INT, .get = get_switch_audio, .set = set_switch_audio,
      .min = -2, .max = INT_MAX },
    { .name = "switch_angle", .type = PT_INT },
    { .name = "switch_title", .type = PT_INT },
    { .name = "capturing", .type = PT_FLAG, .get = get_capturing },
    { .name = "fullscreen", .type = PT_FLAG, .get = get_fullscreen, .set = set_fullscreen, .min = 0,
      .max = 1 },
    { .name = "deinterlace", .type = PT_FLAG, .get = get_video_off },
    { .name = "ontop", .type = PT_FLAG, .get = get_ontop },
    { .name = "rootwin", .type = PT_FLAG, .get = get_video_off },
    { .name = "border", .type = PT_FLAG, .get = get_border },
    { .name = "framedropping", .type = PT_INT, .get = get_framedropping, .set = set_framedropping,
      .step = 1, .min = 0, .max = 2, .wrap = true },
    { .name = "gamma", .type = PT_INT, .get = get_gamma, .set = set_gamma, .step = 1, .min = -100,
      .max = 100 },
    { .name = "brightness", .type = PT_INT, .get = get_brightness, .set = set_brightness, .step = 1,
      .min = -100, .max = 100 },
    { .name = "contrast", .type = PT_INT, .get = get_contrast, .set = set_contrast, .step = 1,
      .min = -100, .max = 100 },
    { .name = "saturation", .type = PT_INT, .get = get_saturation, .set = set_saturation, .step = 1,
      .min = -100, .max = 100 },
    { .name = "hue", .type = PT_INT, .get = get_hue, .set = set_hue, .step = 1, .min = -100,
      .max = 100 },
    { .name = "panscan", .type = PT_FLOAT, .get = get_panscan, .set = set_panscan, .step = 0.1,
      .min = 0, .max = 1 },
    { .name = "vsync", .type = PT_FLAG, .get = get_vsync, .idle_get = get_vsync },
    { .name = "video_format", .type = PT_INT, .get = get_video_format },
    { .name = "video_codec", .type = PT_STRING, .get = get_video_codec },
    { .name = "video_bitrate", .type = PT_INT, .get = get_video_bitrate },
    { .name = "width", .type = PT_INT, .get = get_width },
    { .name = "height", .type = PT_INT, .get = get_height },
    { .name = "fps", .type = PT_FLOAT, .get = get_fps },
    { .name = "aspect", .type = PT_FLOAT, .get = get_aspect },
    { .name = "switch_video", .type = PT_INT, .get = get_switch_video, .set = set_switch_video,
      .min = -2, .max = INT_MAX },
    { .name = "switch_program", .type = PT_INT, .get = get_not_implemented,
      .idle_get = get_not_implemented },
    { .name = "sub", .type = PT_INT, .get = get_sub, .set = set_sub, .step = 1, .min = -1,
      .max = 65535 },
    { .name = "sub_source", .type = PT_INT, .get = get_sub_source, .set = set_sub_source, .step = 1,
      .min = -1, .max = 2 },
    { .name = "sub_file", .type = PT_INT, .get = get_sub_file, .set = set_sub_file, .step = 1,
      .min = -1, .max = 65535 },
    { .name = "sub_vob", .type = PT_INT, .get = get_sub_vob, .set = set_sub_vob, .step = 1,
      .min = -1, .max = 65535 },
    { .name = "sub_demux", .type = PT_INT, .get = get_sub_demux, .set = set_sub_demux, .step = 1,
      .min = -1, .max = 65535 },
    { .name = "sub_delay", .type = PT_FLOAT, .get = get_sub_delay, .set = set_sub_delay,
      .step = 0.1 },
    { .name = "sub_pos", .type = PT_INT, .get = get_sub_pos, .set = set_sub_pos, .step = 1,
      .min = 0, .max = 100, .idle_get = get_sub_pos },
    { .name = "sub_alignment", .type = PT_INT, .get = get_sub_alignment, .set = set_sub_alignment,
      .step = 1, .min = 0, .max = 2, .wrap = true },
    { .name = "sub_visibility", .type = PT_FLAG, .get = get_sub_visibility,
      .set = set_sub_visibility, .min = 0, .max = 1 },
    { .name = "sub_forced_only", .type = PT_FLAG, .get = get_sub_forced_only,
      .set = set_sub_forced_only, .min = 0, .max = 1 },
    { .name = "sub_scale", .type = PT_FLOAT, .get = get_sub_scale, .set = set_sub_scale,
      .step = 0.1, .min = 0.01, .max = 100 },
    { .name = "ass_use_margins", .type = PT_FLAG, .get = get_ass_use_margins,
      .set = set_ass_use_margins, .min = 0, .max = 1 },
};


static int prop_def_get(struct play_state *ps, const struct prop_def *def, struct prop_val *v)
{
    if (ps->no_file)
        return def->idle_get ? def->idle_get(ps, v) : PROP_UNAVAILABLE;
    return def->get ? def->get(ps, v) : PROP_UNAVAILABLE;
}

static int prop_def_set(struct play_state *ps, const struct prop_def *def,
                        const struct prop_val *v)
{
    if (ps->no_file) {
        if (!def->idle_get)
            return PROP_UNAVAILABLE;
        return def->idle_set ? def->idle_set(ps, v) : PROP_NOT_IMPLEMENTED;
    }
    return def->set ? def->set(ps, v) : PROP_NOT_IMPLEMENTED;
}

void mp_print_property_list(void)
{
    static const char *const types[] = {
        [PT_FLAG] = "Flag", [PT_INT] = "Integer", [PT_FLOAT] = "Float",
        [PT_TIME] = "Time", [PT_POS] = "Position", [PT_STRING] = "String",
    };
    size_t n = sizeof(cmd_props) / sizeof(cmd_props[0]);
    /* MPlayer's layout: "No" where a bound does not apply. */
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "\n %-20s %-15s %-10s %-10s\n\n", "Name", "Type", "Min",
           "Max");
    for (size_t i = 0; i < n; i++) {
        const struct prop_def *d = &cmd_props[i];
        char lo[32] = "No", hi[32] = "No";
        if (d->min < d->max) {
            snprintf(lo, sizeof(lo), "%g", d->min);
            snprintf(hi, sizeof(hi), "%g", d->max);
        }
        mp_msg(MSGT_CPLAYER, MSGL_INFO, " %-20s %-15s %-10s %-10s\n", d->name, types[d->type],
               lo, hi);
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "\nTotal: %zu properties\n", n);
}

static const struct prop_def *prop_find(const char *name)
{
    for (size_t i = 0; i < sizeof(cmd_props) / sizeof(cmd_props[0]); i++) {
        if (!strcasecmp(cmd_props[i].name, name))
            return &cmd_props[i];
    }
    return NULL;
}

/* "metadata/<key>": one value of the container's metadata. */
static int prop_get_meta_key(struct play_state *ps, const char *name, struct prop_val *v)
{
    const char *key = name + strlen("metadata/");
    if (ps->no_file)
        return PROP_UNAVAILABLE; /* MPlayer 1.5's answer with no file */
    /* The value is copied before the reader goes on. */
    if (!demux_try_park(ps->demuxer))
        return PROP_UNAVAILABLE; /* a quit while the reader is held in a read */
    const char *value = key[0] ? demux_get_metadata(ps->demuxer, key) : NULL;
    int r = value ? prop_str(v, value) : PROP_UNKNOWN;
    demux_unpark(ps->demuxer);
    return r;
}

static int prop_get(struct play_state *ps, const char *name, const struct prop_def **def_out,
                    struct prop_val *v)
{
    *def_out = NULL;
    *v = (struct prop_val){ 0 };
    if (!strncasecmp(name, "metadata/", strlen("metadata/")))
        return prop_get_meta_key(ps, name, v);
    const struct prop_def *def = prop_find(name);
    if (!def)
        return PROP_UNKNOWN;
    *def_out = def;
    return prop_def_get(ps, def, v);
}

/* The value as get_property prints it; buf for numbers, v->s for strings. */
static const char *prop_format(const struct prop_def *def, const struct prop_val *v, char *buf,
                               size_t size)
{
    switch (def ? def->type : PT_STRING) {
    case PT_FLAG:
        return v->i ? "yes" : "no";
    case PT_INT:
    case PT_POS:
        snprintf(buf, size, "%lld", (long long)v->i);
        return buf;
    case PT_FLOAT:
    case PT_TIME:
        snprintf(buf, size, "%f", v->f);
        return buf;
    case PT_STRING:
    default:
        return v->s ? v->s : "";
    }
}

static int prop_parse(const struct prop_def *def, const char *s, struct prop_val *v)
{
    char *end = NULL;
    *v = (struct prop_val){ 0 };
    switch (def->type) {
    case PT_FLAG:
        if (!strcasecmp(s, "yes") || !strcasecmp(s, "on") || !strcmp(s, "1"))
            v->i = 1;
        else if (!strcasecmp(s, "no") || !strcasecmp(s, "off") || !strcmp(s, "0"))
            v->i = 0;
        else
            return -1;
        return 0;
    case PT_INT:
    case PT_POS:
        v->i = strtoll(s, &end, 10);
        return end != s && !*end ? 0 : -1;
    case PT_FLOAT:
        v->f = strtod(s, &end);
        return end != s && !*end && isfinite(v->f) ? 0 : -1;
    case PT_TIME:
        return mp_parse_time(s, &v->f);
    case PT_STRING:
    default:
        return -1;
    }
}

static void prop_clamp(const struct prop_def *def, struct prop_val *v)
{
    if (!(def->min < def->max))
        return;
    if (def->type == PT_FLOAT || def->type == PT_TIME) {
        v->f = v->f < def->min ? def->min : v->f > def->max ? def->max : v->f;
    } else {
        if (v->i < (int64_t)def->min)
            v->i = (int64_t)def->min;
        if (v->i > (int64_t)def->max)
            v->i = (int64_t)def->max;
    }
}

/* Set def to v (already parsed): checks the property is there now and
 * writable, clamps, applies. */
static int prop_set(struct play_state *ps, const struct prop_def *def, struct prop_val *v)
{
    struct prop_val cur = { 0 };
    int r = prop_def_get(ps, def, &cur);
    free(cur.s);
    if (r < 0)
        return r;
    if (!def->set)
        return PROP_NOT_IMPLEMENTED;
    prop_clamp(def, v);
    return prop_def_set(ps, def, v);
}

/* step_property and the toggle commands: by amount (0 = the property's
 * default step) in direction dir (+1/-1). */
static int prop_step(struct play_state *ps, const struct prop_def *def, double amount, int dir)
{
    struct prop_val v = { 0 };
    int r = prop_def_get(ps, def, &v);
    if (r < 0) {
        free(v.s);
        return r;
    }
    if (!def->set) {
        free(v.s);
        return PROP_NOT_IMPLEMENTED;
    }
    if (!strcmp(def->name, "switch_audio")) {
        /* MPlayer cycles forward only. */
        if (dir < 0)
            return PROP_NOT_IMPLEMENTED;
        return set_switch_audio(ps, &(struct prop_val){ .i = -1 });
    }
    if (play_subs_prop_cycles(def->name))
        return play_subs_prop_step(ps, def->name, amount, dir);
    switch (def->type) {
    case PT_FLAG:
        v.i = !v.i;
        break;
    case PT_INT:
    case PT_POS: {
        int64_t step = amount != 0 ? (int64_t)amount : (int64_t)def->step;
        v.i += step * dir;
        if (def->wrap) {
            if (v.i > (int64_t)def->max)
                v.i = (int64_t)def->min;
            else if (v.i < (int64_t)def->min)
                v.i = (int64_t)def->max;
        }
        break;
    }
    case PT_FLOAT:
    case PT_TIME: {
        /* The volume's default step is -volstep's, as MPlayer's mixer has it. */
        double step = !strcmp(def->name, "volume") ? ps->mpctx->opts.volstep : def->step;
        v.f += (amount != 0 ? amount : step) * dir;
        break;
    }
    default:
        return PROP_NOT_IMPLEMENTED;
    }
    prop_clamp(def, &v);
    return prop_def_set(ps, def, &v);
}

static const char *prop_error_name(int r)
{
    switch (r) {
    case PROP_UNAVAILABLE:
        return "PROPERTY_UNAVAILABLE";
    case PROP_NOT_IMPLEMENTED:
        return "NOT_IMPLEMENTED";
    case PROP_UNKNOWN:
        return "PROPERTY_UNKNOWN";
    default:
        return "ERROR";
    }
}

static void cmd_get_property(struct play_state *ps, const char *name)
{
    const struct prop_def *def;
    struct prop_val v;
    int r = prop_get(ps, name, &def, &v);
    if (r < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Failed to get value of property '%s'.\n", name);
        ANS("ANS_ERROR=%s\n", prop_error_name(r));
    } else {
        char buf[64];
        ANS("ANS_%s=%s\n", name, prop_format(def, &v, buf, sizeof(buf)));
    }
    free(v.s);
}

static void cmd_set_property(struct play_state *ps, const char *name, const char *value)
{
    const struct prop_def *def = prop_find(name);
    struct prop_val v = { 0 };
    int r;
    if (!def) {
        r = PROP_UNKNOWN;
    } else if (def->set && prop_parse(def, value, &v) < 0) {
        /* MPlayer's option parser words it, then calls the property
         * unknown (ANS_ERROR=PROPERTY_UNKNOWN). */
        if (def->type == PT_FLOAT)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "The %s option must be a floating point number or "
                   "a ratio (numerator[:/]denominator): %s\n", name, value);
        else if (def->type == PT_FLAG)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "Invalid parameter for %s flag: %s\n", name, value);
        else if (def->type == PT_TIME)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "Option %s: invalid time: '%s'\n", name, value);
        else
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "The %s option must be an integer: %s\n", name,
                   value);
        r = PROP_UNKNOWN;
    } else {
        r = prop_set(ps, def, &v);
    }
    if (r == PROP_UNKNOWN)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Unknown property: '%s'\n", name);
    else if (r < 0)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Failed to set property '%s' to '%s'.\n", name, value);
    if (r < 0)
        ANS("ANS_ERROR=%s\n", prop_error_name(r));
}

static void cmd_step_property(struct play_state *ps, const struct mp_cmd *cmd)
{
    const char *name = cmd->args[0].v.s;
    double amount = cmd->args[1].v.f;
    const struct prop_def *def = prop_find(name);
    int r = def ? prop_step(ps, def, amount, cmd->args[2].v.i < 0 ? -1 : 1) : PROP_UNKNOWN;
    if (r == PROP_UNKNOWN)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Unknown property: '%s'\n", name);
    else if (r < 0)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Failed to increment property '%s' by %f.\n", name,
               amount);
    if (r < 0)
        ANS("ANS_ERROR=%s\n", prop_error_name(r));
}

/* Commands that are a property in MPlayer: "cmd [value]" toggles or
 * cycles without a value and sets with one; "cmd <value> [abs]" adds or,
 * with abs, sets. Failures are silent (-v), as there. */
static int cmd_toggle_property(struct play_state *ps, const char *name, const struct mp_cmd *cmd)
{
    const struct prop_def *def = prop_find(name);
    int r;
    if (cmd->nargs > 0 && cmd->args[0].v.i >= (int)def->min)
        r = prop_set(ps, def, &(struct prop_val){ .i = cmd->args[0].v.i });
    else
        r = prop_step(ps, def, 0, cmd->nargs > 0 ? -1 : 1);
    if (r < 0)
        mp_msg(MSGT_INPUT, MSGL_V, "%s: %s.\n", cmd->name, prop_error_name(r));
    return r;
}

static int cmd_adjust_property(struct play_state *ps, const char *name, const struct mp_cmd *cmd)
{
    const struct prop_def *def = prop_find(name);
    double value = cmd->args[0].type == MP_CMD_ARG_INT ? cmd->args[0].v.i : cmd->args[0].v.f;
    int r;
    if (cmd->args[1].v.i)
        r = prop_set(ps, def, &(struct prop_val){ .f = value, .i = (int64_t)value });
    else
        r = prop_step(ps, def, value, 1);
    if (r < 0)
        mp_msg(MSGT_INPUT, MSGL_V, "%s: %s.\n", cmd->name, prop_error_name(r));
    return r;
}

/* The subtitle commands: the property ones show MPlayer's OSD message
 * when they worked; player/subs.c does the work. */
static int cmd_sub_toggle(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    if (cmd_toggle_property(ps, cmd->def->priv, cmd) == PROP_OK)
        play_subs_show_osd(ps, cmd->def->priv);
    return MP_STOP_NONE;
}

static int cmd_sub_adjust(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    if (cmd_adjust_property(ps, cmd->def->priv, cmd) == PROP_OK)
        play_subs_show_osd(ps, cmd->def->priv);
    return MP_STOP_NONE;
}

static int cmd_sub_load(void *ctx, const struct mp_cmd *cmd)
{
    play_subs_load(ctx, cmd->args[0].v.s);
    return MP_STOP_NONE;
}

static int cmd_sub_remove(void *ctx, const struct mp_cmd *cmd)
{
    play_subs_remove(ctx, cmd->nargs > 0 ? cmd->args[0].v.i : -1);
    return MP_STOP_NONE;
}

static int cmd_sub_step(void *ctx, const struct mp_cmd *cmd)
{
    if (play_subs_step(ctx, cmd->args[0].v.i) < 0)
        mp_msg(MSGT_INPUT, MSGL_V, "%s: no subtitle to step to.\n", cmd->name);
    return MP_STOP_NONE;
}

/* "brightness <value> [abs]" and the others: add value, or with abs set
 * it; the OSD shows the result, as MPlayer's keys 1-8 do. */
static int cmd_picture_control(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    int cur = 0;
    int value = cmd->args[0].v.i;
    bool abs = cmd->nargs > 1 && cmd->args[1].v.i != 0;
    if (play_vf_get_eq(ps, cmd->name, &cur) < 0 ||
        play_vf_set_eq(ps, cmd->name, abs ? value : cur + value) < 0) {
        mp_msg(MSGT_INPUT, MSGL_V, "%s: %s.\n", cmd->name, prop_error_name(PROP_UNAVAILABLE));
        return MP_STOP_NONE;
    }
    play_vf_show_eq(ps, cmd->name);
    return MP_STOP_NONE;
}

/* ---- the get_* answers ---- */

/* get_meta_*: the row's priv is the answer's name (META_TITLE), whose tail
 * is MPlayer's tag name; libavformat says "date" for the year. */
static int cmd_get_meta(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    const char *ans = cmd->def->priv;
    /* The tag is the answer's name after "META_", in lower case. */
    char key[16];
    size_t n = 0;
    for (const char *c = ans + strlen("META_"); *c && n < sizeof(key) - 1; c++)
        key[n++] = (char)tolower((unsigned char)*c);
    key[n] = '\0';
    /* The value is printed before the reader goes on. */
    if (!demux_try_park(ps->demuxer))
        return MP_STOP_NONE; /* a quit while the reader is held in a read: no answer */
    const char *value = demux_get_metadata(ps->demuxer, key);
    if (!value && !strcmp(key, "year"))
        value = demux_get_metadata(ps->demuxer, "date");
    ANS("ANS_%s='%s'\n", ans, value ? value : "");
    demux_unpark(ps->demuxer);
    return MP_STOP_NONE;
}

static int cmd_get_video_codec(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    char buf[128] = "";
    (void)cmd;
    /* MPlayer answers the format here, not the decoder. */
    if (ps->sh_video)
        play_format_tag_str(play_format_tag(ps, ps->sh_video), false, buf, sizeof(buf));
    ANS("ANS_VIDEO_CODEC='%s'\n", buf);
    return MP_STOP_NONE;
}

static int cmd_get_video_bitrate(void *ctx, const struct mp_cmd *cmd)
{
    const struct sh_stream *v = ((struct play_state *)ctx)->sh_video;
    char buf[128] = "";
    (void)cmd;
    if (v)
        snprintf(buf, sizeof(buf), "%d kbps", (int)(v->codecpar->bit_rate / 8 * 8 / 1024));
    ANS("ANS_VIDEO_BITRATE='%s'\n", buf);
    return MP_STOP_NONE;
}

static int cmd_get_video_resolution(void *ctx, const struct mp_cmd *cmd)
{
    const struct sh_stream *v = ((struct play_state *)ctx)->sh_video;
    char buf[128] = "";
    (void)cmd;
    if (v)
        snprintf(buf, sizeof(buf), "%d x %d", v->codecpar->width, v->codecpar->height);
    ANS("ANS_VIDEO_RESOLUTION='%s'\n", buf);
    return MP_STOP_NONE;
}

static int cmd_get_audio_codec(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    char buf[128] = "";
    (void)cmd;
    if (ps->adec)
        play_codec_name(ps->adec, buf, sizeof(buf));
    ANS("ANS_AUDIO_CODEC='%s'\n", buf);
    return MP_STOP_NONE;
}

static int cmd_get_audio_bitrate(void *ctx, const struct mp_cmd *cmd)
{
    const struct sh_stream *a = ((struct play_state *)ctx)->sh_audio;
    char buf[128] = "";
    (void)cmd;
    if (a)
        snprintf(buf, sizeof(buf), "%d kbps", (int)(a->codecpar->bit_rate / 8 * 8 / 1000));
    ANS("ANS_AUDIO_BITRATE='%s'\n", buf);
    return MP_STOP_NONE;
}

static int cmd_get_audio_samples(void *ctx, const struct mp_cmd *cmd)
{
    const struct sh_stream *a = ((struct play_state *)ctx)->sh_audio;
    char buf[128] = "";
    (void)cmd;
    if (a)
        snprintf(buf, sizeof(buf), "%d Hz, %d ch.", a->codecpar->sample_rate,
                 a->codecpar->ch_layout.nb_channels);
    ANS("ANS_AUDIO_SAMPLES='%s'\n", buf);
    return MP_STOP_NONE;
}

/* ---- loading, stepping, seeking, the OSD ---- */

/* loadfile and loadlist: append to the playlist, or replace it and play
 * its first entry at once. A list that cannot be read changes nothing. */
/* The same while -idle waits: the list starts with what was added (after
 * the old entries when appending), and it plays at once. */
static enum mp_stop_reason cmd_load_idle(struct MPContext *mpctx, const char *file, bool append,
                                         bool list)
{
    int first = append ? mpctx->playlist.num : 0;
    if (!append)
        playlist_clear(&mpctx->playlist);
    int rc = list ? playlist_add_file_entries(&mpctx->playlist, file, 0)
                  : playlist_add(&mpctx->playlist, file);
    if (rc != 0 || first >= mpctx->playlist.num)
        return MP_STOP_NONE;
    mpctx->playlist_pos = first;
    return MP_STOP_NEXT;
}

static enum mp_stop_reason cmd_load(struct play_state *ps, const struct mp_cmd *cmd, bool list)
{
    struct MPContext *mpctx = ps->mpctx;
    const char *file = cmd->args[0].v.s;
    bool append = cmd->nargs > 1 && cmd->args[1].v.i != 0;
    if (ps->no_file)
        return cmd_load_idle(mpctx, file, append, list);
    struct playlist add = {
        .interrupted = mpctx->playlist.interrupted,
        .interrupt_ctx = mpctx->playlist.interrupt_ctx,
    };
    int r = list ? playlist_add_file_entries(&add, file, 0)
                  : playlist_add(&add, file);
    if (r < 0 || add.num == 0) {
        playlist_clear(&add);
        return MP_STOP_NONE;
    }
    if (!append)
        playlist_clear(&mpctx->playlist);
    for (int i = 0; i < add.num; i++) {
        if (playlist_add(&mpctx->playlist, add.entries[i]) < 0)
            break;
    }
    playlist_clear(&add);
    if (append)
        return MP_STOP_NONE;
    mpctx->playlist_next = 0;
    return MP_STOP_NEXT;
}

static int cmd_loadfile(void *ctx, const struct mp_cmd *cmd)
{
    return cmd_load(ctx, cmd, false);
}

static int cmd_loadlist(void *ctx, const struct mp_cmd *cmd)
{
    return cmd_load(ctx, cmd, true);
}

static int cmd_pt_step(void *ctx, const struct mp_cmd *cmd)
{
    struct MPContext *mpctx = ((struct play_state *)ctx)->mpctx;
    int n = cmd->args[0].v.i;
    int next = mpctx->playlist_pos + (n == 0 ? 1 : n);
    if (next < 0)
        next = 0;
    mpctx->playlist_next = next;
    return MP_STOP_NEXT;
}

static int cmd_seek(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    double v = cmd->args[0].v.f;
    int type = cmd->nargs > 1 ? cmd->args[1].v.i : 0;
    double start = ps->demuxer->start_time;
    double target;
    if (type == 1)
        target = start + cmd_length(ps) * v / 100.0;
    else if (type == 2)
        target = start + v;
    else
        target = cmd_position(ps) + v;
    play_seek(ps, target);
    return MP_STOP_NONE;
}

static int cmd_osd(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    int v = cmd->args[0].v.i;
    int level = v < 0 ? (ps->mpctx->opts.osd_level + 1) % 4 : v > 3 ? 3 : v;
    set_osdlevel(ps, &(struct prop_val){ .i = level });
    return MP_STOP_NONE;
}

/* The property called name[0..len), formatted; false when it has no value. */
static bool cmd_prop_text(struct play_state *ps, const char *name, size_t len,
                          struct mp_strbuf *out)
{
    char key[128], buf[64];
    if (len >= sizeof(key))
        return false;
    memcpy(key, name, len);
    key[len] = '\0';
    const struct prop_def *def;
    struct prop_val v = { 0 };
    bool has = prop_get(ps, key, &def, &v) == PROP_OK;
    if (has && out) {
        const char *text = prop_format(def, &v, buf, sizeof(buf));
        mp_strbuf_adds(out, text);
    }
    free(v.s);
    return has;
}

/*
 * MPlayer's property expansion (osd_show_property_text, -playing-msg):
 * ${NAME} is the property's value (nothing when it has none), ?(NAME:TEXT)
 * is TEXT when NAME has a value and ?(!NAME:TEXT) when it has not (they
 * nest); a backslash takes the next character as it is, \n and \t making a
 * newline and a tab. Malloc'ed, or NULL when out of memory.
 */
char *play_expand_text(struct play_state *ps, const char *text)
{
    struct mp_strbuf out = { 0 };
    mp_strbuf_add(&out, "", 0);
    /* Open ?( groups, and how many of the outer ones are being skipped
     * (a skipped group skips all it holds). */
    int open = 0, skip_from = -1;
    while (*text && !out.failed) {
        bool skipping = skip_from >= 0;
        const char *close = strchr(text, '}');
        const char *colon = strchr(text, ':');
        if (text[0] == '\\' && text[1]) {
            char ch = text[1] == 'n' ? '\n' : text[1] == 't' ? '\t' : text[1];
            if (!skipping)
                mp_strbuf_add(&out, &ch, 1);
            text += 2;
        } else if (text[0] == '$' && text[1] == '{' && close) {
            if (!skipping)
                cmd_prop_text(ps, text + 2, (size_t)(close - text - 2), &out);
            text = close + 1;
        } else if (text[0] == '?' && text[1] == '(' && colon) {
            bool neg = text[2] == '!';
            const char *name = text + 2 + neg;
            bool has = cmd_prop_text(ps, name, (size_t)(colon - name), NULL);
            if (!skipping && has == neg)
                skip_from = open;
            open++;
            text = colon + 1;
        } else if (text[0] == ')' && open > 0) {
            open--;
            if (skip_from == open)
                skip_from = -1;
            text++;
        } else {
            if (!skipping)
                mp_strbuf_add(&out, text, 1);
            text++;
        }
    }
    return mp_strbuf_take(&out);
}

/* osd_show_text / osd_show_property_text: on the video's OSD; without
 * video on the terminal (-term-osd). */
static void cmd_osd_show(struct play_state *ps, const struct mp_cmd *cmd, bool expand)
{
    char *text = expand ? play_expand_text(ps, cmd->args[0].v.s) : strdup(cmd->args[0].v.s);
    if (!text)
        return;
    int ms = cmd->args[1].v.i;
    play_osd_text(ps, cmd->args[2].v.i, text, ms >= 0 ? ms / 1000.0 : 0);
    free(text);
}

static int cmd_osd_show_text(void *ctx, const struct mp_cmd *cmd)
{
    cmd_osd_show(ctx, cmd, false);
    return MP_STOP_NONE;
}

static int cmd_osd_show_property_text(void *ctx, const struct mp_cmd *cmd)
{
    cmd_osd_show(ctx, cmd, true);
    return MP_STOP_NONE;
}

/* audio_delay <value> [abs] (the +/- keys): adds value, or with abs sets
 * it (0 adds nothing, as in MPlayer); the OSD says "A-V delay: 100 ms". */
static int cmd_audio_delay(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    double value = cmd->args[0].v.f;
    struct prop_val v = { .f = cmd->args[1].v.i ? value : ps->mpctx->opts.audio_delay + value };
    int r = prop_set(ps, prop_find("audio_delay"), &v);
    if (r < 0) {
        mp_msg(MSGT_INPUT, MSGL_V, "%s: %s.\n", cmd->name, prop_error_name(r));
        return MP_STOP_NONE;
    }
    char text[64];
    snprintf(text, sizeof(text), "A-V delay: %d ms",
             (int)lrint(ps->mpctx->opts.audio_delay * 1000));
    mp_msg(MSGT_CPLAYER, MSGL_V, "%s\n", text);
    play_osd_text(ps, 1, text, 0);
    return MP_STOP_NONE;
}

/* Commands for what this player does not have (OSD, mixer, subtitles
 * rendering, DVD/TV): accepted and said so with -v; the row's priv says
 * why. */
static int cmd_not_here(void *ctx, const struct mp_cmd *cmd)
{
    (void)ctx;
    mp_msg(MSGT_INPUT, MSGL_V, "Command %s ignored: %s.\n", cmd->name,
           (const char *)cmd->def->priv);
    return MP_STOP_NONE;
}

/* ---- the handlers of the command table: ctx is the play_state, the
 * result an enum mp_stop_reason (MP_STOP_NONE: go on playing this file) */

static int cmd_quit(void *ctx, const struct mp_cmd *cmd)
{
    struct MPContext *mpctx = ((struct play_state *)ctx)->mpctx;
    mpctx->quit = true;
    mpctx->exit_code = cmd->nargs > 0 ? cmd->args[0].v.i : 0;
    return MP_STOP_QUIT;
}

static int cmd_stop(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    ((struct play_state *)ctx)->mpctx->stopped = true;
    return MP_STOP_QUIT;
}

static int cmd_pause(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    play_set_pause(ps, !ps->paused);
    return MP_STOP_NONE;
}

static int cmd_frame_step(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    ps->step_pending = true;
    play_set_pause(ps, false);
    return MP_STOP_NONE;
}

static int cmd_seek_chapter_rel(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    /* As MPlayer: relative by 0 is the next chapter too. */
    if (play_num_chapters(ps) > 0 && cmd->args[1].v.i)
        cmd_seek_chapter(ps, cmd->args[0].v.i);
    else if (play_num_chapters(ps) > 0)
        cmd_seek_chapter(ps, cmd_current_chapter(ps) + (cmd->args[0].v.i ? cmd->args[0].v.i : 1));
    return MP_STOP_NONE;
}

static int cmd_speed_set(void *ctx, const struct mp_cmd *cmd)
{
    cmd_set_speed(ctx, cmd->args[0].v.f);
    return MP_STOP_NONE;
}

static int cmd_speed_incr(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    cmd_set_speed(ps, ps->mpctx->opts.speed + cmd->args[0].v.f);
    return MP_STOP_NONE;
}

static int cmd_speed_mult(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    cmd_set_speed(ps, ps->mpctx->opts.speed * cmd->args[0].v.f);
    return MP_STOP_NONE;
}

static int cmd_get_time_pos(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    ANS("ANS_TIME_POSITION=%.1f\n", cmd_position(ps) - ps->demuxer->start_time);
    return MP_STOP_NONE;
}

static int cmd_get_time_length(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    ANS("ANS_LENGTH=%.2f\n", cmd_length(ctx));
    return MP_STOP_NONE;
}

static int cmd_get_percent_pos(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    ANS("ANS_PERCENT_POSITION=%d\n", cmd_percent_pos(ctx));
    return MP_STOP_NONE;
}

static int cmd_get_file_name(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    ANS("ANS_FILENAME='%s'\n", cmd_basename(((struct play_state *)ctx)->filename));
    return MP_STOP_NONE;
}

static int cmd_get_sub_visibility(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    if (ps->sh_video)
        ANS("ANS_SUB_VISIBILITY=%d\n", ps->mpctx->sub_visibility ? 1 : 0);
    return MP_STOP_NONE;
}

static int cmd_get_vo_fullscreen(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    ANS("ANS_VO_FULLSCREEN=%d\n", cmd_is_fullscreen(((struct play_state *)ctx)->mpctx) ? 1 : 0);
    return MP_STOP_NONE;
}

/* The commands that are a property in MPlayer (priv: its name). */
static int cmd_toggle(void *ctx, const struct mp_cmd *cmd)
{
    cmd_toggle_property(ctx, cmd->def->priv, cmd);
    return MP_STOP_NONE;
}

static int cmd_adjust(void *ctx, const struct mp_cmd *cmd)
{
    cmd_adjust_property(ctx, cmd->def->priv, cmd);
    return MP_STOP_NONE;
}

static int cmd_get_property_h(void *ctx, const struct mp_cmd *cmd)
{
    cmd_get_property(ctx, cmd->args[0].v.s);
    return MP_STOP_NONE;
}

static int cmd_set_property_h(void *ctx, const struct mp_cmd *cmd)
{
    cmd_set_property(ctx, cmd->args[0].v.s, cmd->args[1].v.s);
    return MP_STOP_NONE;
}

static int cmd_step_property_h(void *ctx, const struct mp_cmd *cmd)
{
    cmd_step_property(ctx, cmd);
    return MP_STOP_NONE;
}

static int cmd_osd_show_progression(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    if (ps->sub)
        play_osd_bar_seek(ps);
    return MP_STOP_NONE;
}

static int cmd_volume(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    /* Without abs only the sign counts, as in MPlayer: one step of
     * -volstep up for a value above 0, down otherwise (0 included). */
    double val = cmd->args[0].v.f;
    bool abs = cmd->nargs > 1 && cmd->args[1].v.i != 0;
    int step = ps->mpctx->opts.volstep;
    struct prop_val pv = { .f = abs ? val : ps->mpctx->volume + (val > 0 ? step : -step) };
    set_volume(ps, &pv);
    return MP_STOP_NONE;
}

static int cmd_mute(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    int val = cmd->nargs > 0 ? cmd->args[0].v.i : -1;
    struct prop_val pv = { .i = val < 0 ? !ps->mpctx->mute : val != 0 };
    set_mute(ps, &pv);
    return MP_STOP_NONE;
}

static int cmd_screenshot(void *ctx, const struct mp_cmd *cmd)
{
    play_screenshot_cmd(ctx, cmd->nargs > 0 ? cmd->args[0].v.i : 0);
    return MP_STOP_NONE;
}

/* af_* and the vf_* extensions: player/filters.c edits the chain. */
static int cmd_af_add(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, false, PLAY_FILTER_ADD, cmd->args[0].v.s, NULL);
    return MP_STOP_NONE;
}

static int cmd_af_del(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, false, PLAY_FILTER_DEL, cmd->args[0].v.s, NULL);
    return MP_STOP_NONE;
}

static int cmd_af_clr(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    play_filters_edit(ctx, false, PLAY_FILTER_CLR, NULL, NULL);
    return MP_STOP_NONE;
}

static int cmd_af_switch(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, false, PLAY_FILTER_SWITCH, cmd->args[0].v.s, NULL);
    return MP_STOP_NONE;
}

static int cmd_af_cmdline(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, false, PLAY_FILTER_CMDLINE, cmd->args[0].v.s, cmd->args[1].v.s);
    return MP_STOP_NONE;
}

static int cmd_vf_add(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, true, PLAY_FILTER_ADD, cmd->args[0].v.s, NULL);
    return MP_STOP_NONE;
}

static int cmd_vf_del(void *ctx, const struct mp_cmd *cmd)
{
    play_filters_edit(ctx, true, PLAY_FILTER_DEL, cmd->args[0].v.s, NULL);
    return MP_STOP_NONE;
}

static int cmd_vf_clr(void *ctx, const struct mp_cmd *cmd)
{
    (void)cmd;
    play_filters_edit(ctx, true, PLAY_FILTER_CLR, NULL, NULL);
    return MP_STOP_NONE;
}

/* panscan <step> [abs] (the w and e keys): add, or set. */
static int cmd_panscan(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    struct prop_val pv;
    bool abs = cmd->nargs > 1 && cmd->args[1].v.i != 0;
    if (get_panscan(ps, &pv) < 0) {
        mp_msg(MSGT_INPUT, MSGL_V, "Command %s ignored: %s.\n", cmd->name,
               "no window to pan and scan (-vo sdl)");
        return MP_STOP_NONE;
    }
    pv.f = abs ? cmd->args[0].v.f : pv.f + cmd->args[0].v.f;
    set_panscan(ps, &pv);
    return MP_STOP_NONE;
}

static int cmd_edl_mark(void *ctx, const struct mp_cmd *cmd)
{
    struct play_state *ps = ctx;
    (void)cmd;
    play_edl_mark(ps, cmd_position(ps) - play_edl_origin(ps));
    return MP_STOP_NONE;
}

/* ---- the command table ---- */

#define I MP_CMD_ARG_INT
#define F MP_CMD_ARG_FLOAT
#define S MP_CMD_ARG_STRING
#define CMD_NO_VOLUME "no volume control"

/*
 * Every slave command, in MPlayer's order (-input cmdlist prints it so).
 * Argument lists and defaults follow MPlayer's table; switch_video and
 * vf_add/vf_del/vf_clr are additions. Radio, TV, DVB, DVD navigation, OSD
 * menu and GUI commands are left out: there is nothing here to drive them.
 * A row without a handler is accepted and answered "not supported" (-v).
 */
static const struct mp_cmd_def cmd_table[] = {
    { .name = "seek", .min_args = 1, .types = { F, I }, .handler = cmd_seek },
    { .name = "edl_loadfile", .min_args = 1, .types = { S } },
    { .name = "edl_mark", .handler = cmd_edl_mark },
    { .name = "audio_delay", .min_args = 1, .types = { F, I }, .handler = cmd_audio_delay },
    { .name = "speed_incr", .min_args = 1, .types = { F }, .handler = cmd_speed_incr },
    { .name = "speed_mult", .min_args = 1, .types = { F }, .handler = cmd_speed_mult },
    { .name = "speed_set", .min_args = 1, .types = { F }, .handler = cmd_speed_set },
    { .name = "quit", .types = { I }, .handler = cmd_quit,
      .flags = MP_CMD_F_CONTROL | MP_CMD_F_QUIT | MP_CMD_F_IDLE },
    { .name = "stop", .handler = cmd_stop, .flags = MP_CMD_F_CONTROL },
    { .name = "pause", .handler = cmd_pause, .flags = MP_CMD_F_OWN_PAUSE },
    { .name = "frame_step", .handler = cmd_frame_step, .flags = MP_CMD_F_OWN_PAUSE },
    { .name = "pt_step", .min_args = 1, .types = { I, I }, .handler = cmd_pt_step },
    { .name = "pt_up_step", .min_args = 1, .types = { I, I } },
    { .name = "alt_src_step", .min_args = 1, .types = { I } },
    { .name = "loop", .min_args = 1, .types = { I, I } },
    { .name = "sub_delay", .min_args = 1, .types = { F, I }, .handler = cmd_adjust,
      .priv = "sub_delay" },
    { .name = "sub_step", .min_args = 1, .types = { I, I }, .handler = cmd_sub_step },
    { .name = "osd", .types = { I }, .defaults = { -1 }, .handler = cmd_osd },
    { .name = "osd_show_text", .min_args = 1, .types = { S, I, I }, .defaults = { 0, -1, 0 },
      .handler = cmd_osd_show_text },
    { .name = "osd_show_property_text", .min_args = 1, .types = { S, I, I },
      .defaults = { 0, -1, 0 }, .handler = cmd_osd_show_property_text },
    { .name = "osd_show_progression", .handler = cmd_osd_show_progression },
    { .name = "volume", .min_args = 1, .types = { F, I }, .handler = cmd_volume },
    { .name = "balance", .min_args = 1, .types = { F, I }, .handler = cmd_not_here,
      .priv = CMD_NO_VOLUME },
    { .name = "use_master", .handler = cmd_not_here, .priv = CMD_NO_VOLUME },
    { .name = "mute", .types = { I }, .defaults = { -1 }, .handler = cmd_mute },
    { .name = "contrast", .min_args = 1, .types = { I, I }, .handler = cmd_picture_control },
    { .name = "gamma", .min_args = 1, .types = { I, I }, .handler = cmd_picture_control },
    { .name = "brightness", .min_args = 1, .types = { I, I }, .handler = cmd_picture_control },
    { .name = "hue", .min_args = 1, .types = { I, I }, .handler = cmd_picture_control },
    { .name = "saturation", .min_args = 1, .types = { I, I }, .handler = cmd_picture_control },
    { .name = "frame_drop", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "framedropping" },
    { .name = "sub_pos", .min_args = 1, .types = { I, I }, .handler = cmd_sub_adjust,
      .priv = "sub_pos" },
    { .name = "sub_alignment", .types = { I }, .defaults = { -1 }, .handler = cmd_sub_toggle,
      .priv = "sub_alignment" },
    { .name = "sub_visibility", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "sub_visibility" },
    { .name = "sub_load", .min_args = 1, .types = { S }, .handler = cmd_sub_load },
    { .name = "sub_remove", .types = { I }, .defaults = { -1 }, .handler = cmd_sub_remove },
    { .name = "vobsub_lang", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub" },
    { .name = "sub_select", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub" },
    { .name = "sub_source", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub_source" },
    { .name = "sub_vob", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub_vob" },
    { .name = "sub_demux", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub_demux" },
    { .name = "sub_file", .types = { I }, .defaults = { -2 }, .handler = cmd_sub_toggle,
      .priv = "sub_file" },
    { .name = "sub_log", .handler = cmd_not_here, .priv = "not supported yet" },
    { .name = "sub_scale", .min_args = 1, .types = { F, I }, .handler = cmd_sub_adjust,
      .priv = "sub_scale" },
    { .name = "ass_use_margins", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "ass_use_margins" },
    { .name = "get_percent_pos", .handler = cmd_get_percent_pos, .flags = MP_CMD_F_QUERY },
    { .name = "get_time_pos", .handler = cmd_get_time_pos, .flags = MP_CMD_F_QUERY },
    { .name = "get_time_length", .handler = cmd_get_time_length, .flags = MP_CMD_F_QUERY },
    { .name = "get_file_name", .handler = cmd_get_file_name, .flags = MP_CMD_F_QUERY },
    { .name = "get_video_codec", .handler = cmd_get_video_codec, .flags = MP_CMD_F_QUERY },
    { .name = "get_video_bitrate", .handler = cmd_get_video_bitrate, .flags = MP_CMD_F_QUERY },
    { .name = "get_video_resolution", .handler = cmd_get_video_resolution,
      .flags = MP_CMD_F_QUERY },
    { .name = "get_audio_codec", .handler = cmd_get_audio_codec, .flags = MP_CMD_F_QUERY },
    { .name = "get_audio_bitrate", .handler = cmd_get_audio_bitrate, .flags = MP_CMD_F_QUERY },
    { .name = "get_audio_samples", .handler = cmd_get_audio_samples, .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_title", .handler = cmd_get_meta, .priv = "META_TITLE",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_artist", .handler = cmd_get_meta, .priv = "META_ARTIST",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_album", .handler = cmd_get_meta, .priv = "META_ALBUM",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_year", .handler = cmd_get_meta, .priv = "META_YEAR",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_comment", .handler = cmd_get_meta, .priv = "META_COMMENT",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_track", .handler = cmd_get_meta, .priv = "META_TRACK",
      .flags = MP_CMD_F_QUERY },
    { .name = "get_meta_genre", .handler = cmd_get_meta, .priv = "META_GENRE",
      .flags = MP_CMD_F_QUERY },
    { .name = "switch_audio", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "switch_audio" },
    { .name = "switch_video", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "switch_video" },
    { .name = "switch_angle", .types = { I }, .defaults = { -1 } },
    { .name = "switch_title", .types = { I }, .defaults = { -1 } },
    { .name = "forced_subs_only", .types = { I }, .defaults = { -1 }, .handler = cmd_sub_toggle,
      .priv = "sub_forced_only" },
    { .name = "switch_ratio", .types = { F } },
    { .name = "vo_fullscreen", .types = { I }, .defaults = { -1 }, .handler = cmd_toggle,
      .priv = "fullscreen" },
    { .name = "vo_ontop", .types = { I }, .defaults = { -1 } },
    { .name = "file_filter", .min_args = 1, .types = { I } },
    { .name = "vo_rootwin", .types = { I }, .defaults = { -1 } },
    { .name = "vo_border", .types = { I }, .defaults = { -1 } },
    { .name = "screenshot", .types = { I }, .handler = cmd_screenshot },
    { .name = "panscan", .min_args = 1, .types = { F, I }, .handler = cmd_panscan },
    { .name = "switch_vsync", .types = { I } },
    { .name = "loadfile", .min_args = 1, .types = { S, I }, .handler = cmd_loadfile,
      .flags = MP_CMD_F_CONTROL | MP_CMD_F_IDLE },
    { .name = "loadlist", .min_args = 1, .types = { S, I }, .handler = cmd_loadlist,
      .flags = MP_CMD_F_CONTROL | MP_CMD_F_IDLE },
    { .name = "run", .min_args = 1, .types = { S } },
    { .name = "capturing" },
    { .name = "change_rectangle", .min_args = 2, .types = { I, I } },
    { .name = "teletext_add_dec", .min_args = 1, .types = { S } },
    { .name = "teletext_go_link", .min_args = 1, .types = { I } },
    { .name = "overlay_add", .min_args = 5, .types = { S, I, I, I, I } },
    { .name = "overlay_remove", .min_args = 1, .types = { I } },
    { .name = "get_vo_fullscreen", .handler = cmd_get_vo_fullscreen, .flags = MP_CMD_F_QUERY },
    { .name = "get_sub_visibility", .handler = cmd_get_sub_visibility,
      .flags = MP_CMD_F_QUERY },
    { .name = "key_down_event", .min_args = 1, .types = { I },
      .pausing = MP_PAUSING_KEEP_FORCE },
    { .name = "set_property", .min_args = 2, .types = { S, S }, .handler = cmd_set_property_h,
      .flags = MP_CMD_F_IDLE },
    { .name = "get_property", .min_args = 1, .types = { S }, .handler = cmd_get_property_h,
      .flags = MP_CMD_F_QUERY | MP_CMD_F_IDLE },
    { .name = "step_property", .min_args = 1, .types = { S, F, I },
      .handler = cmd_step_property_h, .flags = MP_CMD_F_IDLE },
    { .name = "seek_chapter", .min_args = 1, .types = { I, I }, .handler = cmd_seek_chapter_rel },
    { .name = "set_mouse_pos", .min_args = 2, .types = { I, I },
      .pausing = MP_PAUSING_KEEP_FORCE },
    { .name = "af_eq_set_bands", .min_args = 1, .types = { S } },
    { .name = "af_switch", .min_args = 1, .types = { S }, .handler = cmd_af_switch },
    { .name = "af_add", .min_args = 1, .types = { S }, .handler = cmd_af_add },
    { .name = "af_del", .min_args = 1, .types = { S }, .handler = cmd_af_del },
    { .name = "af_clr", .handler = cmd_af_clr },
    { .name = "af_cmdline", .min_args = 2, .types = { S, S }, .handler = cmd_af_cmdline },
    { .name = "vf_add", .min_args = 1, .types = { S }, .handler = cmd_vf_add },
    { .name = "vf_del", .min_args = 1, .types = { S }, .handler = cmd_vf_del },
    { .name = "vf_clr", .handler = cmd_vf_clr },
    { .name = NULL },
};

#undef I
#undef F
#undef S

const struct mp_cmd_def *mp_player_cmd_table(void)
{
    return cmd_table;
}

/* ---- running commands ---- */

void play_step_done(struct play_state *ps)
{
    if (!ps->step_pending)
        return;
    ps->step_pending = false;
    play_set_pause(ps, true);
}

enum mp_stop_reason play_run_command(struct play_state *ps, struct mp_cmd *cmd)
{
    bool was_paused = ps->paused;
    /* As in MPlayer, a command without a pausing prefix resumes playback
     * when paused, unless it decides about pausing itself (pause,
     * frame_step). With a prefix the command runs in the state the prefix
     * keeps. */
    if (ps->paused && cmd->pausing == MP_PAUSING_NONE &&
        !(cmd->def->flags & MP_CMD_F_OWN_PAUSE))
        play_set_pause(ps, false);
    enum mp_stop_reason r = MP_STOP_NONE;
    if (cmd->def->handler)
        r = (enum mp_stop_reason)cmd->def->handler(ps, cmd);
    else
        mp_msg(MSGT_INPUT, MSGL_V, "Command %s is not supported by this player yet.\n",
               cmd->name);
    if (r == MP_STOP_NONE) {
        switch (cmd->pausing) {
        case MP_PAUSING:
            play_set_pause(ps, true);
            break;
        case MP_PAUSING_KEEP:
            play_set_pause(ps, was_paused);
            break;
        case MP_PAUSING_TOGGLE:
            play_set_pause(ps, !was_paused);
            break;
        default:
            break;
        }
    }
    mp_cmd_free(cmd);
    return r;
}

bool mp_idle_command(struct MPContext *mpctx, const struct mp_cmd *cmd)
{
    if (!(cmd->def->flags & MP_CMD_F_IDLE) || !cmd->def->handler) {
        mp_msg(MSGT_INPUT, MSGL_V, "Command %s needs a file playing.\n", cmd->name);
        return false;
    }
    /* A play_state with nothing open: the handlers of the rows marked
     * MP_CMD_F_IDLE read no other field (the property code answers from
     * the rows' idle_get alone, loadfile fills the list). The legacy get_time_pos,
     * get_file_name, ... stay unanswered, as in MPlayer 1.5. A pausing
     * prefix has no pause to keep here. */
    struct play_state ps = { .mpctx = mpctx, .no_file = true };
    return cmd->def->handler(&ps, cmd) == MP_STOP_NEXT;
}
