/*
 * Playing one file: open the stream and demuxer, pick tracks, open the
 * decoders and outputs, run the A/V loop, close everything.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Timing: the audio output is the clock (pts of the last sample written
 * minus what the device still holds). Without audio, or once the audio
 * has run out, a system timer takes over from where the audio clock was.
 * Video frames are shown when the clock reaches their pts, plus the audio
 * delay (-delay) when the file has both (MPlayer's sign, player/playloop.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "osdep/osdep.h"
#include "player/player.h"
#include "player/play_priv.h"
#include "stream/stream.h"


static bool play_abort_cb(void *ctx)
{
    return mp_check_interrupt(ctx);
}

/* -audiofile: the audio comes from this file, opened as the main one was
 * but with -audio-demuxer and -audiofile-cache (no cache without it, as
 * in MPlayer). A file that cannot be opened stops the file (MPlayer 1.5
 * skips it too). */
static enum mp_stop_reason play_open_audiofile(struct play_state *ps,
                                               const struct stream_opts *main_sopts,
                                               const struct demux_opts *main_dopts)
{
    struct MPContext *mpctx = ps->mpctx;
    const struct MPOpts *o = &mpctx->opts;
    struct stream_opts sopts = *main_sopts;
    sopts.cache_kb = o->audiofile_cache_kb;
    /* No read plans are made for it: a plain ring cache, MPlayer's. */
    sopts.cache_mode = STREAM_CACHE_RING;
    int err = stream_open(&ps->astream, o->audiofile, &sopts);
    if (err < 0) {
        if (err == -STREAM_ERR_ABORTED)
            return MP_STOP_QUIT;
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot open audio file '%s': %s.\n", o->audiofile,
               stream_strerror(err));
        return MP_STOP_ERROR;
    }
    struct demux_opts dopts = *main_dopts;
    /* The main file's format and program say nothing of this one. */
    dopts.format = o->audio_demuxer;
    dopts.lavf_format = NULL;
    dopts.ts_program = 0;
    err = demux_open(&ps->ademuxer, ps->astream, &dopts);
    if (err < 0) {
        if (mp_check_quit(mpctx))
            return MP_STOP_QUIT;
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot play audio file '%s': %s.\n", o->audiofile,
               err == -DEMUX_ERR_UNKNOWN_FORMAT ? "not a media file" : demux_strerror(err));
        return MP_STOP_ERROR;
    }
    /* Both start together: the audio's first time is the video's. */
    ps->audio_offset = ps->demuxer->start_time - ps->ademuxer->start_time;
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Audio from '%s' (%s).\n", o->audiofile,
           ps->ademuxer->format_name);
    return MP_STOP_NONE;
}

static enum mp_stop_reason play_open(struct play_state *ps)
{
    struct MPContext *mpctx = ps->mpctx;
    const struct MPOpts *o = &mpctx->opts;

    struct stream_opts sopts = {
        .buffer_size = (int)o->stream_buffer_size,
        .readahead_distance = o->readahead_distance,
        .drop_behind = o->cache_drop_behind,
        .plan_untimed = o->benchmark,
        .cache_kb = o->cache_kb,
        .cache_min_percent = o->cache_min_percent,
        .cache_seek_min_percent = o->cache_seek_min_percent,
        .cache_mode = (enum stream_cache_mode)o->cache_mode,
        .abort_cb = play_abort_cb,
        .abort_ctx = mpctx,
        .user_agent = o->user_agent,
        .referrer = o->referrer,
        .http_header_fields = o->http_header_fields,
        .http_user = o->http_user,
        .http_passwd = o->http_passwd,
        .cookies = o->cookies,
        .cookies_file = o->cookies_file,
        .ipv4_only_proxy = o->ipv4_only_proxy,
        .reuse_socket = o->reuse_socket < 0 ? STREAM_REUSE_AUTO
                        : o->reuse_socket ? STREAM_REUSE_ON : STREAM_REUSE_OFF,
    };
    int err = stream_open(&ps->stream, ps->filename, &sopts);
    if (err < 0) {
        if (err == -STREAM_ERR_ABORTED)
            return MP_STOP_QUIT;
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot open file '%s': %s.\n", ps->filename,
               stream_strerror(err));
        return MP_STOP_ERROR;
    }
    if (o->dump_mode == MP_DUMP_STREAM)
        return play_dump_stream(ps);

    struct demux_opts dopts = {
        .format = o->demuxer,
        .raw_rate = o->rawaudio_rate,
        .raw_channels = o->rawaudio_channels,
        .raw_samplesize = o->rawaudio_samplesize,
        .reader_thread = o->demuxer_thread,
        .matroska_plans = o->mkv_plan,
        .per_track = o->demuxer_per_track < 0 ? DEMUX_PER_TRACK_AUTO
                     : o->demuxer_per_track ? DEMUX_PER_TRACK_ON : DEMUX_PER_TRACK_OFF,
        .untimed = o->benchmark,
        .interrupt_cb = play_abort_cb,
        .interrupt_ctx = mpctx,
        .lavf_format = o->lavfdopts_format,
        .probesize = o->lavfdopts_probesize,
        .analyze_secs = o->lavfdopts_analyzeduration,
        .cryptokey = o->lavfdopts_cryptokey,
        .avopts = o->lavfdopts_avopts,
        .ts_probe = o->ts_probe,
        .ps_probe = o->ps_probe,
        .ts_program = o->ts_prog,
        .ts_drop_broken = !o->ts_keep_broken,
        .rawv_w = o->rawvideo_w,
        .rawv_h = o->rawvideo_h,
        .rawv_fps = o->rawvideo_fps,
        .rawv_pixfmt = o->rawvideo_pixfmt,
        .rawv_swap_uv = o->rawvideo_swap_uv,
        .rawv_frame_size = o->rawvideo_size,
        .mf_type = o->mf_type,
        .mf_fps = o->mf_fps,
        .no_extbased = !o->extbased,
    };
    err = demux_open(&ps->demuxer, ps->stream, &dopts);
    if (err < 0) {
        if (mp_check_quit(mpctx))
            return MP_STOP_QUIT;
        if (err == -DEMUX_ERR_UNKNOWN_FORMAT)
            mp_msg(MSGT_CPLAYER, MSGL_ERR,
                   "Cannot play '%s': not a media file (format not recognized).\n",
                   ps->filename);
        else
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot play '%s': %s.\n", ps->filename,
                   demux_strerror(err));
        return MP_STOP_ERROR;
    }
    mp_msg(MSGT_DEMUX, MSGL_V, "libavformat file format detected: %s\n",
           ps->demuxer->format_name);
    if (o->audiofile && !o->no_audio)
        return play_open_audiofile(ps, &sopts, &dopts);
    return MP_STOP_NONE;
}

int play_open_audio_decoder(struct play_state *ps, const struct sh_stream *sh,
                            struct mp_decoder **out)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    AVDictionary *opts = NULL;
    /* -a52drc: libavcodec's AC-3 decoders scale the stream's range
     * compression by drc_scale (1, full, is also their default). */
    if (o->a52drc >= 0 && (sh->codecpar->codec_id == AV_CODEC_ID_AC3 ||
                           sh->codecpar->codec_id == AV_CODEC_ID_EAC3)) {
        char v[32];
        snprintf(v, sizeof(v), "%g", o->a52drc);
        if (av_dict_set(&opts, "drc_scale", v, 0) < 0)
            return -CODEC_ERR_NOMEM;
        mp_msg(MSGT_CPLAYER, MSGL_V, "-a52drc: drc_scale=%s\n", v);
    }
    /* -channels: decoders with a "downmix" option (AC-3, DTS, TrueHD) mix
     * down to mono or stereo; other counts keep the file's layout. */
    if ((o->channels == 1 || o->channels == 2) &&
        sh->codecpar->ch_layout.nb_channels > o->channels) {
        if (av_dict_set(&opts, "downmix", o->channels == 1 ? "mono" : "stereo", 0) < 0) {
            av_dict_free(&opts);
            return -CODEC_ERR_NOMEM;
        }
    }
    int err = mp_decoder_open_opts(out, sh->codecpar, sh->time_base, o->lavdopts_threads,
                                   &opts);
    av_dict_free(&opts);
    return err;
}

/* -flip, -stereo and -format act as MPlayer's filters would: flip at the
 * end of the video chain, pan and format at the end of the audio chain,
 * in the lists the file starts with (slave commands then edit those).
 * Returns 0, or -1 when out of memory. */
static int play_option_filters(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    const char *vf = o->vf && strcmp(o->vf, "help") ? o->vf : "";
    const char *af = o->af && strcmp(o->af, "help") ? o->af : "";
    if (ps->sh_video && o->flip && mp_filter_list_edit(vf, "add", "flip", &ps->vf_spec) < 0)
        return -1;
    if (!ps->sh_audio)
        return 0;
    char *spec = NULL;
    /* MPlayer's -stereo is its MP2/MP3 decoders'; here it is any stereo
     * track's: one channel on both speakers. */
    static const char *const pans[3] = { NULL, "pan=2:1:1:0:0", "pan=2:0:0:1:1" };
    bool two = ps->sh_audio->codecpar->ch_layout.nb_channels == 2;
    if (o->stereo > 0 && !two)
        mp_msg(MSGT_CPLAYER, MSGL_V, "-stereo %d: the audio is not stereo; left alone.\n",
               o->stereo);
    if (o->stereo > 0 && two && mp_filter_list_edit(af, "add", pans[o->stereo], &spec) < 0)
        return -1;
    if (o->audio_format) {
        char item[64];
        snprintf(item, sizeof(item), "format=%s", o->audio_format);
        char *out = NULL;
        int r = mp_filter_list_edit(spec ? spec : af, "add", item, &out);
        free(spec);
        if (r < 0)
            return -1;
        spec = out;
    }
    ps->af_spec = spec;
    return 0;
}

int play_seek_audiofile(struct play_state *ps, double t)
{
    if (!ps->ademuxer)
        return 0;
    int err = demux_seek(ps->ademuxer, t > 0 ? t : 0);
    if (err < 0 && err != -DEMUX_ERR_ABORTED)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Seek to %.1f s in '%s' failed.\n", t,
               ps->mpctx->opts.audiofile);
    return err;
}

struct sh_stream *play_pick_lang(struct play_state *ps, enum mp_stream_type t,
                                 const char *langs)
{
    for (const char *code = langs; code && *code; ) {
        size_t len = strcspn(code, ",");
        for (int i = 0; len > 0 && i < ps->demuxer->num_streams; i++) {
            struct sh_stream *sh = ps->demuxer->streams[i];
            if (sh->type == t && sh->lang && !strncmp(sh->lang, code, len) &&
                !sh->attached_pic)
                return sh;
        }
        code += len;
        code += *code == ',';
    }
    return NULL;
}

/* -aid/-vid pick a track, else the first of the languages (-alang), else
 * libavformat's best one. */
static struct sh_stream *play_pick(struct play_state *ps, enum mp_stream_type t, int id,
                                   const char *opt, const char *langs)
{
    if (id >= 0) {
        struct sh_stream *sh = demux_get_stream(ps->demuxer, t, id);
        if (!sh)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "%s %d: no such track in '%s'.\n", opt, id,
                   ps->filename);
        return sh;
    }
    struct sh_stream *sh = play_pick_lang(ps, t, langs);
    return sh ? sh : demux_default_stream(ps->demuxer, t);
}

static void play_select_tracks(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    if (!o->no_video)
        ps->sh_video = play_pick(ps, MP_STREAM_VIDEO, o->video_id, "-vid", NULL);
    if (ps->ademuxer) {
        /* -audiofile: its best audio track; -aid and -alang pick among
         * the main file's, which do not play. */
        ps->sh_audio = demux_default_stream(ps->ademuxer, MP_STREAM_AUDIO);
        if (!ps->sh_audio)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-audiofile '%s' has no audio track.\n",
                   o->audiofile);
    } else if (!o->no_audio) {
        ps->sh_audio = play_pick(ps, MP_STREAM_AUDIO, o->audio_id, "-aid", o->audio_lang);
    }
    if (ps->sh_video)
        demux_select_stream(ps->demuxer, ps->sh_video, true);
    if (ps->sh_audio)
        demux_select_stream(play_audio_demuxer(ps), ps->sh_audio, true);
}

/* -brightness & co.: start values of the picture controls, as the
 * brightness property would set them (adds eq2/hue to the chain). */
static void play_start_eq(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    const struct {
        const char *name;
        int value;
    } start[] = {
        { "brightness", o->brightness }, { "contrast", o->contrast }, { "gamma", o->gamma },
        { "hue", o->hue }, { "saturation", o->saturation },
    };
    for (size_t i = 0; ps->sh_video && i < sizeof(start) / sizeof(start[0]); i++) {
        if (start[i].value && play_vf_set_eq(ps, start[i].name, start[i].value) < 0)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-%s %d: cannot set it for '%s'.\n",
                   start[i].name, start[i].value, ps->filename);
    }
}

static int play_open_video(struct play_state *ps)
{
    struct sh_stream *sh = ps->sh_video;
    if (play_codec_allowed(ps, true, sh->codecpar->codec_id) <= 0)
        return -1;
    int threads = ps->mpctx->opts.lavdopts_threads;
    int err = mp_decoder_open(&ps->vdec, sh->codecpar, sh->time_base, threads);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot decode video of '%s' (%s: %s); no video.\n",
               ps->filename, avcodec_get_name(sh->codecpar->codec_id), codec_strerror(err));
        return err;
    }
    mp_decoder_set_field_dominance(ps->vdec, ps->mpctx->opts.field_dominance);
    if (play_filters_probe(ps, true, NULL) < 0) {
        ps->filter_refused = true;
        return -1;
    }
    double forced_fps = ps->mpctx->opts.fps;
    if (forced_fps > 0) {
        /* The rate the file's header gave is replaced everywhere it is
         * reported (ID_VIDEO_FPS, the fps property), as in MPlayer. */
        sh->fps = forced_fps;
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "FPS forced to be %5.3f  (ftime: %5.3f).\n",
               forced_fps, 1.0 / forced_fps);
    }
    ps->frame_duration = sh->fps > 0 ? 1.0 / sh->fps : 1.0 / 25;
    /* The output is opened here, not at the first frame, so that a -vo
     * list none of which opens leaves the file playing without video, as
     * in MPlayer (whose drivers start before decoding too). */
    struct MPContext *mpctx = ps->mpctx;
    if (!mpctx->vo) {
        const char *spec = mpctx->opts.vo ? mpctx->opts.vo : PLAY_DEFAULT_VO;
        err = vo_open(&mpctx->vo, spec);
        if (err < 0) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Could not open video output '%s'.\n", spec);
            ps->vo_open_failed = true;
            return err;
        }
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "VIDEO:  [%s]  %dx%d  %.3f fps\n",
           avcodec_get_name(sh->codecpar->codec_id), sh->codecpar->width,
           sh->codecpar->height, sh->fps);
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Selected video codec: [%s]\n", mp_decoder_name(ps->vdec));
    return 0;
}

static int play_open_audio(struct play_state *ps)
{
    struct sh_stream *sh = ps->sh_audio;
    if (play_codec_allowed(ps, false, sh->codecpar->codec_id) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Audio: no sound\n");
        return -1;
    }
    int err = play_open_audio_decoder(ps, sh, &ps->adec);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot decode audio of '%s' (%s: %s); no sound.\n",
               ps->filename, avcodec_get_name(sh->codecpar->codec_id), codec_strerror(err));
        return err;
    }
    /* The output plays what the chain makes (resample=, channels=, pan=,
     * format= change it), as in MPlayer. */
    AVFrame *outf = NULL;
    if (play_filters_probe(ps, false, &outf) < 0) {
        ps->filter_refused = true;
        return -1;
    }
    int channels = outf->ch_layout.nb_channels > 0 ? outf->ch_layout.nb_channels : 2;
    enum AVSampleFormat fmt = av_get_packed_sample_fmt((enum AVSampleFormat)outf->format);
    if (fmt == AV_SAMPLE_FMT_NONE)
        fmt = AV_SAMPLE_FMT_S16;
    ps->afmt = (struct ao_format){ .fmt = fmt, .rate = outf->sample_rate, .channels = channels };
    av_frame_free(&outf);
    if (ps->afmt.rate <= 0)
        ps->afmt.rate = 44100;
    /* -srate: the converter after the chain resamples to it. */
    if (ps->mpctx->opts.srate > 0)
        ps->afmt.rate = ps->mpctx->opts.srate;

    const char *spec = ps->mpctx->opts.ao ? ps->mpctx->opts.ao : PLAY_DEFAULT_AO;
    struct MPContext *mpctx = ps->mpctx;
    if (mpctx->ao_kept) {
        const struct ao_format *k = &mpctx->ao_kept_fmt;
        if (k->fmt == ps->afmt.fmt && k->rate == ps->afmt.rate &&
            k->channels == ps->afmt.channels) {
            ps->ao = mpctx->ao_kept;
        } else if (ao_close(mpctx->ao_kept) < 0) {
            mpctx->ao_kept = NULL;
            ps->output_failed = true;
            return -1;
        }
        mpctx->ao_kept = NULL;
    }
    err = ps->ao ? 0 : ao_open(&ps->ao, spec, &ps->afmt);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Could not open audio output '%s'.\n", spec);
        return err;
    }
    if (ps->mpctx->opts.benchmark)
        ao_set_fast(ps->ao, true);

    struct mp_audio_format cf = {
        .fmt = ps->afmt.fmt, .rate = ps->afmt.rate, .channels = ps->afmt.channels,
    };
    err = mp_audio_conv_create(&ps->aconv, &cf);
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot convert audio of '%s': %s.\n", ps->filename,
               codec_strerror(err));
        return err;
    }
    play_af_set_speed(ps, ps->mpctx->opts.speed);
    ps->frame_bytes = mp_audio_format_frame_bytes(&cf);
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "AUDIO: %d Hz, %d ch, %s\n", ps->afmt.rate,
           ps->afmt.channels, av_get_sample_fmt_name(ps->afmt.fmt));
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Selected audio codec: [%s]\n", mp_decoder_name(ps->adec));
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "AO: [%s] %dHz %dch %s\n", ao_name(ps->ao), ps->afmt.rate,
           ps->afmt.channels, av_get_sample_fmt_name(ps->afmt.fmt));
    return 0;
}

static void play_close(struct play_state *ps, bool output_ok, bool at_end)
{
    av_frame_free(&ps->next_frame);
    /* ps->vo is the run's (mpctx->vo), closed by mp_run. */
    ps->vo = NULL;
    if (ps->ao && output_ok && !strcmp(ao_name(ps->ao), "pcm")) {
        /* For the next file (see MPContext.ao_kept). */
        ps->mpctx->ao_kept = ps->ao;
        ps->mpctx->ao_kept_fmt = ps->afmt;
        ps->ao = NULL;
    }
    if (ps->ao) {
        /* Played out only at the end of the file, as MPlayer: a quit
         * waited for the 0.25 s the output held. */
        int err = !output_ok ? (ao_abort(ps->ao), 0) : at_end ? ao_close(ps->ao)
                                                               : ao_stop(ps->ao);
        if (err < 0)
            ps->output_failed = true;
        ps->ao = NULL;
    }
    mp_image_conv_free(ps->vconv);
    mp_audio_conv_free(ps->aconv);
    free(ps->vol_buf);
    play_filters_free(ps);
    mp_decoder_close(ps->vdec);
    mp_decoder_close(ps->adec);
    /* A reader left behind in a read still counts into its stream: its
     * figures are not read then (ThreadSanitizer saw the race). */
    bool settled = demux_close(ps->demuxer);
    (void)demux_close(ps->ademuxer);
    stream_close(ps->astream);
    if (ps->stream && !settled)
        mp_msg(MSGT_STREAM, ps->mpctx->opts.stream_stats ? MSGL_INFO : MSGL_V,
               "Stream %s: no figures, a read was still under way.\n",
               stream_url(ps->stream));
    if (ps->stream && settled) {
        const struct MPOpts *o = &ps->mpctx->opts;
        int lev = o->stream_stats ? MSGL_INFO : MSGL_V;
        stream_print_stats(ps->stream, lev);
        if (o->cache_kb > 0) {
            /* The cache's summary: what it fetched against what the
             * demuxer consumed, and how often playback had to wait. */
            struct stream_stats st = stream_get_stats(ps->stream);
            struct stream_cache_status cs;
            bool cached = stream_get_cache_status(ps->stream, &cs);
            bool range = cached && cs.range_cache;
            bool ring = cached && !range;
            /* Range cache: its fetches plus what was read through the
             * main connection; plan on a file: reads plus advice. */
            uint64_t fetched = ring    ? st.cache_bytes_fetched
                               : range ? st.cache_bytes_fetched + st.bytes_read
                                       : st.bytes_read + st.plan_bytes_advised;
            uint64_t consumed = ring    ? st.cache_bytes_served
                                : range ? st.cache_bytes_served + st.bytes_read
                                        : st.bytes_read;
            mp_msg(MSGT_CACHE, o->stream_stats ? MSGL_INFO : MSGL_V,
                   "Cache (%s): %llu bytes fetched or advised, %llu consumed by the demuxer, "
                   "%llu stalls (%.3f s), first frame after %.3f s\n",
                   ring ? "ring" : range ? "range" : "plan", (unsigned long long)fetched,
                   (unsigned long long)consumed,
                   (unsigned long long)(st.cache_stalls + st.reads_blocked),
                   st.cache_stall_seconds + st.wait_seconds, ps->first_frame_wall);
        }
    }
    stream_close(ps->stream);
}

enum mp_stop_reason mp_play_file(struct MPContext *mpctx, const char *filename)
{
    struct play_state ps = {
        .mpctx = mpctx,
        .filename = filename,
        .seek_target = -INFINITY,
        .audio_target = -INFINITY,
        .end_time = INFINITY,
        .first_sound_wall = -1,
    };
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "\nPlaying %s.\n", filename);
    /* What a user waits for: opening and probing count (a player that
     * reads ahead while it opens has not started any sooner). */
    ps.start_wall = mp_time_sec();

    subs_prepare(mpctx);
    enum mp_stop_reason reason = play_open(&ps);
    if (reason != MP_STOP_NONE)
        goto done;
    play_identify_opened(&ps);

    play_select_tracks(&ps);
    if (mpctx->opts.dump_mode == MP_DUMP_AUDIO || mpctx->opts.dump_mode == MP_DUMP_VIDEO ||
        mpctx->opts.dump_mode == MP_DUMP_SUB) {
        reason = play_dump_track(&ps, (enum mp_dump_mode)mpctx->opts.dump_mode);
        goto done;
    }
    if (play_option_filters(&ps) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Out of memory.\n");
        reason = MP_STOP_ERROR;
        goto done;
    }
    if (ps.sh_video && play_open_video(&ps) < 0) {
        /* Its packets would pile up in the queue unread. */
        demux_select_stream(ps.demuxer, ps.sh_video, false);
        ps.sh_video = NULL;
    }
    if (ps.filter_refused) {
        reason = MP_STOP_ERROR;
        goto done;
    }
    play_identify_video(&ps);
    bool ao_open_failed = false;
    if (ps.sh_audio && play_open_audio(&ps) < 0) {
        if (ps.filter_refused) {
            reason = MP_STOP_ERROR;
            goto done;
        }
        if (!ps.ao && ps.adec) {
            /* The output failed, not the file: MPlayer plays on without sound. */
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Audio: no sound\n");
            ao_open_failed = true;
        }
        demux_select_stream(play_audio_demuxer(&ps), ps.sh_audio, false);
        ps.sh_audio = NULL;
    }
    /* As in MPlayer, a -vo or -ao list of which no driver opens only
     * disables its stream; when that leaves nothing to play, the output
     * is what failed (exit status 3, where MPlayer says 0). */
    if (!ps.sh_video && !ps.sh_audio && (ps.vo_open_failed || ao_open_failed))
        ps.output_failed = true;
    if (ps.output_failed) {
        reason = MP_STOP_OUTPUT;
        goto done;
    }
    if (!ps.sh_video && !ps.sh_audio) {
        if (mpctx->opts.no_audio && mpctx->opts.no_video) {
            reason = MP_STOP_EOF;
        } else {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot play '%s': no playable audio or video.\n",
                   filename);
            reason = MP_STOP_ERROR;
        }
        goto done;
    }
    if (mpctx->opts.playing_msg) {
        /* Once the decoders are open, so that their properties answer
         * (MPlayer printed it before the audio's were). */
        char *msg = play_expand_text(&ps, mpctx->opts.playing_msg);
        if (msg)
            mp_msg(MSGT_CPLAYER, MSGL_INFO, "%s", msg);
        free(msg);
    }
    if (!ps.sh_video)
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Video: no video\n");
    ps.edl_active = mpctx->edl && ps.sh_video;
    if (mpctx->edl && !ps.sh_video)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot use EDL without video, disabling.\n");

    play_subs_open(&ps);
    play_start_eq(&ps);
    play_identify(&ps);
    if (mpctx->opts.play_frames == 0) {
        reason = MP_STOP_EOF;
        goto done;
    }

    reason = play_loop(&ps);

done:
    if (ps.filter_refused)
        mpctx->filter_refused = true;
    play_close(&ps, reason != MP_STOP_OUTPUT, reason == MP_STOP_EOF);
    if (ps.output_failed)
        reason = MP_STOP_OUTPUT;
    /* What MPlayer prints when a file's loop ends (front-ends such as the
     * npm mplayer package wait for it): 1 the file ended or a command
     * moved on, 4 the stop command. */
    if (reason == MP_STOP_EOF || reason == MP_STOP_NEXT ||
        (reason == MP_STOP_QUIT && mpctx->stopped && !mpctx->quit))
        mp_msg(MSGT_GLOBAL, MSGL_V, "EOF code: %d  \n", mpctx->stopped ? 4 : 1);
    mpctx->total_frames += ps.frames_shown + ps.frames_dropped;
    mpctx->total_dropped += ps.frames_dropped;
    return reason;
}
