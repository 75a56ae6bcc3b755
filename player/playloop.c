/*
 * The A/V loop of one file: keep the audio device fed, show each video
 * frame when the clock reaches it, print the status line.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "input/input.h"
#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"
#include "sub/sub.h"

/* Longest sleep between looks at the clock, the audio buffer and signals. */
#define LOOP_MAX_SLEEP 0.01
/* A skip range counts as reached this close to its start (the clock runs
 * on whole audio samples). */
#define LOOP_EDL_SLACK 0.001
/* A decoded timestamp this far from the running audio time is a jump. */
#define LOOP_AUDIO_RESYNC 0.5
/* How long a paused loop waits for a command before looking at signals. */
#define LOOP_PAUSE_WAIT 0.05
/* Status line refresh when there is no video to pace it. */
#define LOOP_STATUS_INTERVAL 0.1
/* How far audio to an output that drains at once runs ahead of the video:
 * about what a sound card holds. */
#define LOOP_FAST_AUDIO_LEAD 0.5
/* The audio fill leaves the turn to a due video frame while the output
 * holds more than this: a slow read of audio data then waits. */
#define LOOP_AUDIO_LOW 0.1
/* Longest one audio fill runs before the loop looks at its commands again:
 * an output that drains at once (-benchmark, -ao pcm:fast) always has
 * space, and an audio-only file would be written whole in one fill. */
#define LOOP_FILL_SLICE 0.02
/* Held reads closer together than this make one stall episode; shorter
 * episodes are not counted (a read from memory while the video is late
 * holds the clock for microseconds). */
#define LOOP_STALL_GAP 0.5
#define LOOP_STALL_MIN 0.05

static double loop_speed(const struct play_state *ps)
{
    return ps->mpctx->opts.speed;
}

static void loop_decode_error(struct play_state *ps, const char *what, int err)
{
    ps->decode_errors++;
    /* One message per file at warning level; the rest only with -v. */
    int lev = ps->decode_errors == 1 ? MSGL_WARN : MSGL_V;
    char buf[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(err, buf, sizeof(buf));
    mp_msg(MSGT_CPLAYER, lev, "Error decoding %s of '%s': %s (skipped).\n", what,
           ps->filename, buf);
}

/* ---- A/V start and stalls ---- */

static double loop_clock(struct play_state *ps);

/* The audio output is paused while the user pauses and while it waits
 * for the first frame after the start or a seek (av_hold). */
static void loop_ao_pause_update(struct play_state *ps)
{
    if (!ps->ao)
        return;
    if (ps->paused || ps->av_hold)
        ao_pause(ps->ao);
    else
        ao_resume(ps->ao);
}

/* At the start and after a seek the audio output fills but does not
 * play until the video has a frame to show: on slow storage the video's
 * first packets may come long after the audio's, and a running output
 * would have played that long alone. */
static void loop_hold_audio(struct play_state *ps)
{
    if (!ps->ao || !ps->sh_audio || !ps->sh_video || ps->av_hold)
        return;
    ps->av_hold = true;
    loop_ao_pause_update(ps);
}

/* The first sound is heard once samples are written and the output is
 * neither held for the first picture nor paused (-v's summary line). */
static void loop_note_sound(struct play_state *ps)
{
    if (ps->first_sound_wall < 0 && ps->audio_pts_known && !ps->av_hold && !ps->paused)
        ps->first_sound_wall = mp_time_sec() - ps->start_wall;
}

static void loop_release_audio(struct play_state *ps)
{
    if (!ps->av_hold)
        return;
    ps->av_hold = false;
    loop_ao_pause_update(ps);
    loop_note_sound(ps);
}

/* Close the open stall episode: count it and say which track the clock
 * waited for. */
static void loop_stall_end(struct play_state *ps)
{
    if (ps->stall_track < 0)
        return;
    if (ps->stall_secs >= LOOP_STALL_MIN) {
        ps->stalls++;
        ps->stall_total += ps->stall_secs;
        mp_msg(MSGT_CPLAYER, MSGL_V, "Stall: waiting for %s data (%.2f s)\n",
               ps->stall_track == MP_STREAM_VIDEO ? "video" : "audio", ps->stall_secs);
    }
    ps->stall_track = -1;
    ps->stall_secs = 0;
}

static void loop_stall_add(struct play_state *ps, enum mp_stream_type track, double held)
{
    if (ps->stall_track >= 0 && ps->stall_track != (int)track)
        loop_stall_end(ps);
    ps->stall_track = (int)track;
    ps->stall_secs += held;
    ps->stall_last = mp_time_sec();
}

/* Whether reads are guarded: audio and video both play and the audio
 * output, running in real time, is the clock. */
static bool loop_guard_reads(struct play_state *ps)
{
    return ps->ao && ps->sh_audio && ps->sh_video && !ps->av_hold && !ps->paused &&
           !ps->audio_done && !ps->video_done && ps->audio_pts_known &&
           !ps->sys_clock_running && !ao_is_fast(ps->ao);
}

/* The time of the next frame: the one decoded, or the one after the
 * frame shown last. */
static double loop_video_due(const struct play_state *ps)
{
    return ps->next_frame ? ps->next_pts : ps->next_pts + ps->frame_duration;
}

/*
 * The next packet of sh. When sh's queue is empty the read waits for the
 * demuxer's reader thread (or, with -nodemuxer-thread, reads itself) for as
 * long as the device is slow.
 * Meanwhile the audio output plays on by itself, so it gets a fence: it
 * stops one frame past the video's next frame (at once when the video is
 * already that late) and the clock stands until the data are there,
 * instead of running ahead of a video that cannot follow. The time the
 * clock stood (past the fence, or past an underrun of the audio) is a
 * stall of sh's track.
 */
static AVPacket *loop_read_packet(struct play_state *ps, struct sh_stream *sh)
{
    struct demuxer *d = play_demuxer_of(ps, sh);
    if (!loop_guard_reads(ps) || demux_has_packet(d, sh))
        return demux_read_packet(d, sh);
    double delay = ao_get_delay(ps->ao);
    double allow = (loop_video_due(ps) + ps->frame_duration - loop_clock(ps)) / loop_speed(ps);
    if (!(allow > 0))
        allow = 0;
    bool fence = allow < delay;
    if (fence)
        ao_set_fence(ps->ao, allow);
    else
        allow = delay;
    double start = mp_time_sec();
    AVPacket *pkt = demux_read_packet(d, sh);
    double held = mp_time_sec() - start - allow;
    if (fence)
        ao_set_fence(ps->ao, INFINITY);
    if (held > 0)
        loop_stall_add(ps, sh->type, held);
    return pkt;
}

/* Whether the audio fill should leave the turn to the video: a frame is
 * due (or overdue to be decoded), the next audio would have to be read
 * from the device, and the output has enough to play meanwhile. A fill
 * that read on while the audio data came slowly kept the video from
 * ever being read or shown. */
static bool loop_video_first(struct play_state *ps)
{
    if (!loop_guard_reads(ps) || ps->abuf_samples > 0 ||
        demux_has_packet(play_audio_demuxer(ps), ps->sh_audio))
        return false;
    return loop_clock(ps) >= loop_video_due(ps) && ao_get_delay(ps->ao) > LOOP_AUDIO_LOW;
}

/* Whether the audio fill should not wait for the demuxer yet: before the
 * first picture after the start or a seek the output is held (av_hold),
 * so audio that has not arrived cannot be heard anyway, while a fill
 * waiting for it keeps a decodable picture off the screen (an MP4 whose
 * audio lies 12 s behind its video, 1.2 MB/s: 0.25 s). The picture is
 * then a still until the clock starts with the audio. Not with -delay,
 * whose first picture is timed on the audio clock, nor with -frames,
 * which would end before any audio was written. */
static bool loop_audio_waits_for_picture(const struct play_state *ps)
{
    return ps->av_hold && !ps->next_frame && ps->abuf_samples == 0 &&
           play_av_delay(ps) == 0 && ps->mpctx->opts.play_frames <= 0 &&
           !demux_has_packet(play_audio_demuxer(ps), ps->sh_audio);
}

/* ---- audio ---- */

/* Make abuf hold converted samples, or set audio_done. */
static void loop_audio_refill(struct play_state *ps)
{
    double start = mp_time_sec();
    while (ps->abuf_samples == 0 && !ps->audio_done) {
        AVFrame *f = NULL;
        const uint8_t *data = NULL;
        int n = 0;
        double pts = NAN;
        int r = play_af_receive(ps, &f);
        if (ps->filter_failed) {
            ps->audio_done = true;
            break;
        }
        if (r == AVERROR(EAGAIN) && !ps->audio_sent_eof) {
            AVPacket *pkt = loop_read_packet(ps, ps->sh_audio);
            int sr = mp_decoder_send(ps->adec, pkt);
            if (!pkt)
                ps->audio_sent_eof = true;
            else if (sr < 0 && sr != AVERROR(EAGAIN))
                loop_decode_error(ps, "audio", sr);
            av_packet_free(&pkt);
            continue;
        }
        if (r == 0) {
            pts = demux_ts_to_seconds(ps->sh_audio, f->pts != AV_NOPTS_VALUE
                                                        ? f->pts : f->best_effort_timestamp) +
                  ps->audio_offset;
            /* atempo stamps its output by samples made, a time line that
             * runs 1/speed times the file's: past the first frame after a
             * start or seek the samples' count is the only clock (taking
             * those stamps for jumps put the audio ahead of the video and
             * stalled the fast-output lead check below). */
            if (ps->af && mp_af_chain_has_scaletempo(ps->af) && !isnan(ps->conv_next_pts))
                pts = NAN;
            r = mp_audio_conv_run(ps->aconv, f, &data, &n);
            av_frame_free(&f);
            if (r < 0) {
                mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot convert audio of '%s': %s.\n",
                       ps->filename, codec_strerror(r));
                ps->audio_done = true;
                break;
            }
        } else if (!ps->audio_flushed && (r == AVERROR_EOF || r == AVERROR(EAGAIN))) {
            ps->audio_flushed = true;
            if (mp_audio_conv_run(ps->aconv, NULL, &data, &n) < 0)
                n = 0;
        } else {
            if (r != AVERROR_EOF && r != AVERROR(EAGAIN))
                loop_decode_error(ps, "audio", r);
            ps->audio_done = true;
            break;
        }
        if (n <= 0)
            continue;
        double dur = n * loop_speed(ps) / ps->afmt.rate;
        if (isnan(ps->conv_next_pts) ||
            (!isnan(pts) && fabs(pts - ps->conv_next_pts) > LOOP_AUDIO_RESYNC)) {
            ps->abuf_pts = isnan(pts) ? ps->demuxer->start_time : pts;
        } else {
            ps->abuf_pts = ps->conv_next_pts;
        }
        ps->conv_next_pts = ps->abuf_pts + dur;
        ps->abuf = data;
        ps->abuf_samples = n;
    }
    ps->mpctx->bench_audio += mp_time_sec() - start;
}

/* Silence for n samples of the output's format (-edl's mute ranges). */
static const void *loop_silence(struct play_state *ps, int n)
{
    size_t bytes = (size_t)n * (size_t)ps->frame_bytes;
    if (!play_vol_buf(ps, bytes))
        return NULL;
    /* Unsigned 8-bit samples are silent at their midpoint. */
    memset(ps->vol_buf, ps->afmt.fmt == AV_SAMPLE_FMT_U8 ? 0x80 : 0, bytes);
    return ps->vol_buf;
}

/* Take k samples off abuf (written or skipped). */
static void loop_audio_consume(struct play_state *ps, int k)
{
    ps->abuf += (size_t)k * (size_t)ps->frame_bytes;
    ps->abuf_samples -= k;
    ps->abuf_pts += k * loop_speed(ps) / ps->afmt.rate;
}

/* Write as much audio as the device takes now. Returns -1 when the output
 * failed. */
static int loop_audio_fill(struct play_state *ps)
{
    double per_sample = loop_speed(ps) / ps->afmt.rate;
    double fill_start = mp_time_sec();
    ps->audio_more = false;
    for (;;) {
        if (mp_time_sec() - fill_start >= LOOP_FILL_SLICE) {
            ps->audio_more = true;
            return 0;
        }
        if (loop_video_first(ps) || loop_audio_waits_for_picture(ps))
            return 0;
        loop_audio_refill(ps);
        if (ps->audio_done)
            return 0;
        /* -ss, seeks: drop what lies before the target. */
        if (ps->abuf_pts < ps->audio_target - per_sample / 2) {
            double skip = ceil((ps->audio_target - ps->abuf_pts) / per_sample - 0.5);
            int k = skip < ps->abuf_samples ? (int)skip : ps->abuf_samples;
            if (k > 0) {
                loop_audio_consume(ps, k);
                continue;
            }
        }
        /* -endpos: nothing at or after the end (the audio's end is as far
         * off the video's as the delay). */
        double end = ps->end_time + play_av_delay(ps);
        if (ps->abuf_pts >= end - per_sample / 2) {
            ps->abuf_samples = 0;
            ps->audio_done = true;
            return 0;
        }
        int n = ps->abuf_samples;
        if (isfinite(end)) {
            double left = ceil((end - ps->abuf_pts) / per_sample - 0.5);
            if (left < n)
                n = (int)left;
        }
        /* An output that drains at once (-benchmark, :fast) always has
         * space: left alone, the whole audio track would be decoded
         * before the second frame, the file read at the audio's place
         * only (the video piling up in the packet queue) and the play
         * position, which read plans follow, stuck at the start. */
        /* Measured by what was written (the clock), not by the next
         * chunk's time: after a gap in the audio's timestamps (files joined
         * with cat) the next chunk may lie more than the lead beyond a
         * frame that waits for the clock to reach it. */
        double written = ps->audio_pts_known ? ps->audio_pts_end : ps->abuf_pts;
        if (ps->sh_video && !ps->video_done && ao_is_fast(ps->ao) &&
            written - play_av_delay(ps) >= ps->next_pts + LOOP_FAST_AUDIO_LEAD)
            return 0;
        int space = ao_get_space(ps->ao);
        if (space <= 0)
            return 0;
        if (n > space)
            n = space;
        bool muted = false;
        if (ps->edl_active) {
            double t = ps->abuf_pts - play_av_delay(ps) - play_edl_origin(ps);
            double next_skip = INFINITY, until;
            if (!ps->edl_skips_off) {
                double to = play_edl_skip_to(ps, t, NULL, &next_skip);
                if (!isnan(to)) {
                    /* The sound stops at a skip range until the picture
                     * reaches it and seeks past it; with no picture left
                     * the range is dropped here. */
                    if (!ps->video_done)
                        return 0;
                    double skip = ceil((to - t) / per_sample - 0.5);
                    loop_audio_consume(ps, skip < ps->abuf_samples ? (int)skip
                                                                   : ps->abuf_samples);
                    continue;
                }
            }
            /* Up to the next boundary only, so a chunk is all in or all out
             * of a range. */
            muted = play_edl_muted(ps, t, &until);
            if (next_skip < until)
                until = next_skip;
            if (isfinite(until)) {
                double k = ceil((until - t) / per_sample - 0.5);
                if (k < 1)
                    k = 1;
                if (k < n)
                    n = (int)k;
            }
        }
        double start = mp_time_sec();
        const void *out = muted ? loop_silence(ps, n) : play_volume_apply(ps, ps->abuf, n);
        if (!out) {
            mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Out of memory scaling audio.\n");
            ps->output_failed = true;
            return -1;
        }
        int w = ao_play(ps->ao, out, n);
        ps->mpctx->bench_audio += mp_time_sec() - start;
        if (w < 0) {
            ps->output_failed = true;
            return -1;
        }
        if (w == 0)
            return 0;
        ps->audio_pts_known = true;
        loop_note_sound(ps);
        loop_audio_consume(ps, w);
        ps->audio_pts_end = ps->abuf_pts;
    }
}

/* ---- clock ---- */

double play_av_delay(const struct play_state *ps)
{
    if (!ps->sh_audio || !ps->sh_video)
        return 0;
    double d = ps->mpctx->opts.audio_delay;
    /* -ignore-start: the streams' declared start delays (AVI) undone,
     * both start together, as in MPlayer. */
    if (ps->mpctx->opts.ignore_start)
        d += ps->sh_audio->declared_start - ps->sh_video->declared_start;
    return d;
}

/* The position on the video's time line: the audio heard now, less the
 * audio delay (what MPlayer's status line shows as A:), or the timer. */
static double loop_clock(struct play_state *ps)
{
    double now = mp_time_sec();
    if (ps->ao && ps->audio_pts_known && !ps->sys_clock_running) {
        double delay = ao_get_delay(ps->ao);
        double heard = ps->audio_pts_end - delay * loop_speed(ps);
        if (!ps->audio_done || delay > 0)
            return heard - play_av_delay(ps);
        /* The audio has run out: the timer goes on from its last sample. */
        ps->sys_clock_running = true;
        ps->sys_base_pts = heard - play_av_delay(ps);
        ps->sys_base_time = now;
    }
    if (!ps->sys_clock_running)
        return NAN;
    return ps->sys_base_pts + (now - ps->sys_base_time) * loop_speed(ps);
}

/* ---- video ---- */

/* Make next_frame hold the next frame to show, or set video_done. */
static void loop_video_decode(struct play_state *ps)
{
    double start = mp_time_sec();
    while (!ps->next_frame && !ps->video_done) {
        AVFrame *f = NULL;
        int r = play_vf_receive(ps, &f);
        if (ps->filter_failed) {
            ps->video_done = true;
            break;
        }
        if (r == AVERROR(EAGAIN) && !ps->video_sent_eof) {
            AVPacket *pkt = loop_read_packet(ps, ps->sh_video);
            int sr = mp_decoder_send(ps->vdec, pkt);
            if (!pkt)
                ps->video_sent_eof = true;
            else if (sr < 0 && sr != AVERROR(EAGAIN))
                loop_decode_error(ps, "video", sr);
            av_packet_free(&pkt);
            continue;
        }
        if (r != 0) {
            if (r != AVERROR_EOF && r != AVERROR(EAGAIN))
                loop_decode_error(ps, "video", r);
            ps->video_done = true;
            break;
        }
        double pts = demux_ts_to_seconds(ps->sh_video, f->pts != AV_NOPTS_VALUE
                                                           ? f->pts : f->best_effort_timestamp);
        if (isnan(pts))
            pts = isnan(ps->last_pts) ? ps->demuxer->start_time : ps->last_pts + ps->frame_duration;
        if (ps->mpctx->opts.fps > 0) {
            /* -fps: as in MPlayer, frames follow each other at the given
             * rate whatever their timestamps say (a file with a wrong or
             * no rate), counted from the first frame after the start or
             * a seek. */
            if (isnan(ps->fps_base)) {
                ps->fps_base = pts;
                ps->fps_count = 0;
            }
            pts = ps->fps_base + (double)ps->fps_count++ / ps->mpctx->opts.fps;
        }
        if (!isnan(ps->last_pts) && pts > ps->last_pts && pts - ps->last_pts < 1.0)
            ps->frame_duration = pts - ps->last_pts;
        ps->last_pts = pts;
        if (pts < ps->seek_target - ps->frame_duration / 2) {
            av_frame_free(&f);
            continue;
        }
        if (pts >= ps->end_time - ps->frame_duration / 100) {
            av_frame_free(&f);
            ps->video_done = true;
            break;
        }
        ps->next_frame = f;
        ps->next_pts = pts;
    }
    ps->mpctx->bench_video += mp_time_sec() - start;
}

static int loop_vo_config(struct play_state *ps, const AVFrame *f)
{
    struct MPContext *mpctx = ps->mpctx;
    if (!mpctx->vo) {
        const char *spec = mpctx->opts.vo ? mpctx->opts.vo : PLAY_DEFAULT_VO;
        if (vo_open(&mpctx->vo, spec) < 0) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Could not open video output '%s'.\n", spec);
            return -1;
        }
    }
    ps->vo = mpctx->vo;
    play_window_setup(ps);
    enum AVPixelFormat fmt = vo_query_format(ps->vo, (enum AVPixelFormat)f->format);
    int d_w = f->width, d_h = f->height;
    AVRational sar = f->sample_aspect_ratio;
    double d_w_movie = sar.num > 0 && sar.den > 0 ? (double)f->width * sar.num / sar.den
                                                  : f->width;
    /* -noaspect: the pixels are shown square, whatever the file says. */
    bool no_aspect = mpctx->opts.aspect < 0;
    if (no_aspect)
        d_w_movie = 0;
    if (!no_aspect && sar.num > 0 && sar.den > 0 && sar.num != sar.den && f->height > 0) {
        /* MPlayer's sizing: the height kept, the width cut to an even
         * number (320x240 at 4:3 pixels shows 426x240), or, where that
         * would narrow the picture, the height made (evenly) larger. */
        double aspect = d_w_movie / f->height;
        int w = (int)(f->height * aspect);
        w += w % 2;
        if (w >= f->width) {
            d_w = w;
        } else {
            d_h = (int)(f->width / aspect);
            d_h += d_h % 2;
        }
    }
    play_window_aspect(ps, f->width, f->height, &d_w, &d_h);
    vo_set_frame_rate(ps->vo, ps->sh_video->fps);
    if (vo_config(ps->vo, f->width, f->height, d_w, d_h, fmt) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Could not configure video output '%s'.\n",
               vo_name(ps->vo));
        return -1;
    }
    mpctx->vo_configured = true;
    mp_image_conv_free(ps->vconv);
    ps->vconv = NULL;
    if (fmt != f->format && mp_image_conv_create(&ps->vconv, fmt, 0, 0, &mpctx->sws_opts) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot convert video of '%s' for '%s'.\n",
               ps->filename, vo_name(ps->vo));
        return -1;
    }
    /* As MPlayer at every configuration of the output: the movie's aspect
     * (-aspect, else the decoder's), which -identify learns only here (its
     * header block says 0.0000, as MPlayer's does). */
    double aspect = mpctx->opts.aspect > 0 ? mpctx->opts.aspect
                    : f->height > 0 ? (double)d_w_movie / f->height : 0;
    if (aspect > 0.01) {
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Movie-Aspect is %.2f:1 - prescaling to correct movie "
               "aspect.\n", aspect);
        mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_VIDEO_ASPECT=%1.4f\n", aspect);
    } else {
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Movie-Aspect is undefined - no prescaling applied.\n");
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "VO: [%s] %dx%d => %dx%d %s\n", vo_name(ps->vo), f->width,
           f->height, d_w, d_h, av_get_pix_fmt_name(fmt));
    ps->vo_w = f->width;
    ps->vo_h = f->height;
    ps->vo_fmt = f->format;
    return 0;
}

/* -hardframedrop: while behind, let the decoder skip frames nothing else
 * refers to, as MPlayer does; back to full decoding once caught up. */
static void loop_hard_framedrop(struct play_state *ps, bool behind)
{
    if (ps->mpctx->opts.framedrop < 2 || behind == ps->skipping_nonref)
        return;
    mp_decoder_set_skip_frame(ps->vdec, behind ? AVDISCARD_NONREF : AVDISCARD_DEFAULT);
    ps->skipping_nonref = behind;
}

/* Convert f for the output, draw subtitles and OSD on it, show it.
 * Returns -1 when the output failed. */
static int loop_draw_frame(struct play_state *ps, AVFrame *f);

static int loop_draw(struct play_state *ps, AVFrame *f)
{
    AVFrame *padded = NULL;
    if (play_subs_pad(ps, f, &padded) < 0) {
        ps->output_failed = true;
        return -1;
    }
    int r = loop_draw_frame(ps, padded ? padded : f);
    av_frame_free(&padded);
    return r;
}

static int loop_draw_frame(struct play_state *ps, AVFrame *f)
{
    double start = mp_time_sec();
    if (!ps->vo || f->width != ps->vo_w || f->height != ps->vo_h || f->format != ps->vo_fmt) {
        if (loop_vo_config(ps, f) < 0) {
            ps->output_failed = true;
            return -1;
        }
    }
    AVFrame *out = f;
    AVFrame *burnt = NULL;
    bool subs_done = false;
    bool burn = ps->vf && mp_vf_chain_burns_subs(ps->vf);
    if (ps->vconv && burn) {
        /* -vf ass: into the chain's frame, before the conversion to a
         * format the output takes that blending may not know. */
        burnt = f;
        play_subs_draw(ps, &burnt, f, true);
        if (burnt == f)
            burnt = NULL;
        subs_done = true;
    }
    if (ps->vconv && mp_image_conv_run(ps->vconv, burnt ? burnt : f, &out) < 0) {
        av_frame_free(&burnt);
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot convert a video frame of '%s'.\n", ps->filename);
        ps->output_failed = true;
        return -1;
    }
    if (!subs_done)
        play_subs_draw(ps, &out, f, burn);
    ps->overlay_stale = false;
    double conv_done = mp_time_sec();
    int err = vo_draw(ps->vo, out);
    if (out != f)
        av_frame_free(&out);
    av_frame_free(&burnt);
    ps->mpctx->bench_video += conv_done - start;
    ps->mpctx->bench_vout += mp_time_sec() - conv_done;
    if (err < 0) {
        ps->output_failed = true;
        return -1;
    }
    return 0;
}

/* Show next_frame. Returns -1 when the output failed. */
static int loop_video_show(struct play_state *ps)
{
    AVFrame *f = ps->next_frame;
    if (loop_draw(ps, f) < 0)
        return -1;
    play_screenshot_keep(ps, f);
    if (ps->frames_shown == 0)
        ps->first_frame_wall = mp_time_sec() - ps->start_wall;
    ps->frames_shown++;
    play_udp_frame_shown(ps, ps->next_pts);
    return 0;
}

/* ---- status line ---- */

static void loop_cache_text(struct play_state *ps, double clock, char *buf, size_t size);

static void loop_format_time(char *buf, size_t size, double t)
{
    if (!isfinite(t) || t < 0)
        t = 0;
    int h = (int)(t / 3600);
    int m = (int)(t / 60) % 60;
    double s = fmod(t, 60);
    if (h > 0)
        snprintf(buf, size, "%d:%02d:%04.1f", h, m, s);
    else if (m > 0)
        snprintf(buf, size, "%d:%04.1f", m, s);
    else
        snprintf(buf, size, "%04.1f", s);
}

static void loop_status_line(struct play_state *ps, double clock)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    if (o->quiet || o->really_quiet || !mp_msg_test(MSGT_STATUSLINE, MSGL_STATUS))
        return;
    double now = mp_time_sec();
    double total = now - ps->mpctx->bench_start;
    int vc = total > 0.5 ? (int)(100.0 * ps->mpctx->bench_video / total) : 0;
    int vo = total > 0.5 ? (int)(100.0 * ps->mpctx->bench_vout / total) : 0;
    double au = total > 0.5 ? 100.0 * ps->mpctx->bench_audio / total : 0;
    char cache[32];
    loop_cache_text(ps, clock, cache, sizeof(cache));
    if (ps->sh_video && ps->sh_audio) {
        double a = isnan(clock) ? 0 : clock;
        mp_msg(MSGT_STATUSLINE, MSGL_STATUS,
               "A:%6.1f V:%6.1f A-V:%7.3f ct:%7.3f %3d/%3d %2d%% %2d%% %4.1f%% %d %d%s \r", a,
               ps->next_pts, a - ps->next_pts, 0.0, (int)ps->frames_shown,
               (int)(ps->frames_shown + ps->frames_dropped), vc, vo, au,
               (int)ps->frames_dropped, 0, cache);
    } else if (ps->sh_video) {
        mp_msg(MSGT_STATUSLINE, MSGL_STATUS, "V:%6.1f %3d/%3d %2d%% %2d%% %4.1f%% %d %d%s \r",
               ps->next_pts, (int)ps->frames_shown,
               (int)(ps->frames_shown + ps->frames_dropped), vc, vo, au,
               (int)ps->frames_dropped, 0, cache);
    } else {
        char tpos[32], tlen[32];
        double len = ps->demuxer->duration;
        loop_format_time(tpos, sizeof(tpos), clock);
        loop_format_time(tlen, sizeof(tlen), len);
        mp_msg(MSGT_STATUSLINE, MSGL_STATUS, "A:%6.1f (%s) of %.1f (%s) %4.1f%%%s \r",
               isnan(clock) ? 0 : clock, tpos, len > 0 ? len : 0, tlen, au, cache);
    }
    ps->last_status_time = now;
}

/* ---- position, pause, seek (used by commands) ---- */

double play_position(struct play_state *ps)
{
    if (ps->paused)
        return ps->pause_pos;
    double clock = loop_clock(ps);
    if (isnan(clock) && ps->frames_shown > 0)
        clock = ps->next_pts;
    return clock;
}

void play_set_pause(struct play_state *ps, bool pause)
{
    if (pause == ps->paused)
        return;
    if (pause) {
        ps->pause_pos = play_position(ps);
        ps->paused = true;
        loop_ao_pause_update(ps);
        /* Paused before the first frame (a front-end that starts paused):
         * show it, as MPlayer does, rather than a black window; the loop
         * shows it as after a seek while paused. */
        if (ps->sh_video && ps->frames_shown == 0)
            ps->redraw_pending = true;
        /* With a frame to show, loop_redraw says PAUSE after its status. */
        if (!ps->mpctx->opts.quiet && !ps->redraw_pending)
            mp_msg(MSGT_CPLAYER, MSGL_STATUS, "\n  =====  PAUSE  =====\r");
        mp_msg(MSGT_IDENTIFY, MSGL_INFO, "ID_PAUSED\n");
    } else {
        ps->paused = false;
        loop_ao_pause_update(ps);
        /* The timer does not count the pause. */
        if (ps->sys_clock_running && !isnan(ps->pause_pos)) {
            ps->sys_base_pts = ps->pause_pos;
            ps->sys_base_time = mp_time_sec();
        }
    }
}

/* Seek without the OSD bar; false when the file could not be seeked. */
static bool loop_seek_to(struct play_state *ps, double target)
{
    double start = ps->demuxer->start_time;
    double len = ps->demuxer->duration;
    if (!ps->demuxer->seekable) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot seek in '%s': not seekable.\n", ps->filename);
        return false;
    }
    if (target < start)
        target = start;
    if (len > 0 && target > start + len)
        target = start + len;
    /* With a negative audio delay the audio starts before the picture:
     * read from there. */
    double audio_target = target + play_av_delay(ps);
    double read_from = audio_target < target ? audio_target : target;
    if (read_from < start)
        read_from = start;
    int err = demux_seek(ps->demuxer, read_from - start);
    if (err >= 0)
        err = play_seek_audiofile(ps, read_from - start);
    if (err == -DEMUX_ERR_ABORTED)
        return false; /* a quit while the reader was held in a read */
    if (err < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Seek to %.1f s in '%s' failed.\n", target - start,
               ps->filename);
        return false;
    }
    if (ps->vdec)
        mp_decoder_flush(ps->vdec);
    if (ps->adec)
        mp_decoder_flush(ps->adec);
    if (ps->aconv)
        mp_audio_conv_reset(ps->aconv);
    play_filters_reset(ps);
    play_audio_reset(ps);
    av_frame_free(&ps->next_frame);
    ps->video_sent_eof = false;
    ps->video_done = !ps->sh_video;
    ps->last_pts = NAN;
    ps->fps_base = NAN;
    ps->sys_clock_running = false;
    loop_stall_end(ps);
    loop_hold_audio(ps);
    /* Land exactly: what decodes before the target is dropped. */
    ps->seek_target = target;
    ps->audio_target = audio_target;
    ps->pause_pos = target;
    /* Until a frame decodes there: the status line and the position
     * before the clock runs again say the target, not the old frame. */
    ps->next_pts = target;
    if (ps->planner)
        demux_planner_invalidate(ps->planner);
    /* Paused, the loop shows the frame at the target (and stays paused). */
    ps->redraw_pending = true;
    return true;
}

void play_audio_reset(struct play_state *ps)
{
    if (ps->ao)
        ao_reset(ps->ao);
    ps->abuf = NULL;
    ps->abuf_samples = 0;
    ps->conv_next_pts = NAN;
    ps->audio_pts_known = false;
    ps->audio_sent_eof = false;
    ps->audio_flushed = false;
    ps->audio_done = !ps->sh_audio;
}

void play_seek(struct play_state *ps, double target)
{
    target = play_edl_backward_target(ps, target);
    if (loop_seek_to(ps, target))
        play_osd_bar_seek(ps);
}

/* -edl: the next frame is in a skip range: on from its end. A file that
 * cannot seek plays the range (one warning), as MPlayer's seek would fail. */
static void loop_edl_skip(struct play_state *ps, double to)
{
    mp_msg(MSGT_CPLAYER, MSGL_V, "EDL: skipping %.3f s to %.3f s.\n",
           ps->next_pts - play_edl_origin(ps), to);
    if (!loop_seek_to(ps, play_edl_origin(ps) + to)) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "EDL: cannot skip in '%s'; skips disabled.\n",
               ps->filename);
        ps->edl_skips_off = true;
    }
}

/* Run every command that is waiting. Returns MP_STOP_NONE to go on. */
static enum mp_stop_reason loop_commands(struct play_state *ps)
{
    struct mp_input *in = ps->mpctx->input;
    /* The window's events: closing it quits, its keys go through the
     * same bindings as the terminal's. */
    struct vo_event ev;
    while (ps->mpctx->vo && vo_poll_event(ps->mpctx->vo, &ev) > 0) {
        if (ev.type == VO_EVENT_QUIT) {
            ps->mpctx->quit = true;
            return MP_STOP_QUIT;
        }
        if (ev.type == VO_EVENT_RESIZE)
            ps->overlay_stale = true;
        /* -nomouseinput: buttons and the wheel do nothing, as in MPlayer
         * (a front-end embedding the window handles them). */
        if (ev.type == VO_EVENT_KEY && !ps->mpctx->opts.mouseinput &&
            strncmp(ev.key, "MOUSE_BTN", 9) == 0)
            continue;
        if (ev.type == VO_EVENT_KEY && in)
            mp_input_queue_key(in, ev.key);
    }
    if (!in)
        return MP_STOP_NONE;
    struct mp_cmd *cmd = ps->waited_cmd;
    ps->waited_cmd = NULL;
    while (cmd || (cmd = mp_input_read_cmd(in, 0))) {
        enum mp_stop_reason r = play_run_command(ps, cmd);
        cmd = NULL;
        if (r != MP_STOP_NONE)
            return r;
    }
    return MP_STOP_NONE;
}

/* Wait up to secs, waking early for input; a command read is kept for
 * loop_commands to run first (queueing it again would put it behind the
 * lines read with it, and lose it behind a quit). */
static void loop_wait(struct play_state *ps, double secs)
{
    struct mp_input *in = ps->mpctx->input;
    if (!in || ps->waited_cmd) {
        mp_sleep_sec(secs);
        return;
    }
    ps->waited_cmd = mp_input_read_cmd(in, secs);
}

/* ---- read plans (-cache-mode plan) ---- */

/* Hand the stream the byte ranges the selected tracks need next, from the
 * container index, when the planner says one is due (libmpdemux/planner.c:
 * every half window, and at once after a seek or a track switch). */
static void loop_update_plan(struct play_state *ps)
{
    if (!ps->planner)
        return;
    double start = ps->demuxer->start_time;
    double pos = play_position(ps);
    if (isnan(pos))
        pos = isfinite(ps->seek_target) ? ps->seek_target : start;
    if (demux_planner_update(ps->planner, pos - start) < 0) {
        mp_msg(MSGT_CACHE, MSGL_V, "Read plans not usable for '%s'; windows instead.\n",
               ps->filename);
        demux_planner_free(ps->planner);
        ps->planner = NULL;
    }
}

/* n bytes as "512k" or "3.4M": short, one token. */
static void loop_bytes_text(int64_t n, char *buf, size_t size)
{
    if (n < 1000 * 1024)
        snprintf(buf, size, "%dk", (int)((n > 0 ? n : 0) / 1024));
    else
        snprintf(buf, size, "%.1fM", (double)n / (1024 * 1024));
}

/* What the cache holds ahead, for the status line, as one token:
 * "c:NN%/3.4M" (the ring's or range cache's fill, bytes ahead) or
 * "p:N.Ns/3.4M" (how far the read plan reaches past the position, and the
 * planned bytes advised and not yet read). */
static void loop_cache_text(struct play_state *ps, double clock, char *buf, size_t size)
{
    buf[0] = '\0';
    char bytes[16];
    struct demux_stream_info si;
    demux_get_stream_info(ps->demuxer, &si);
    if (si.cached && si.cache.size > 0) {
        loop_bytes_text(si.cache.fill, bytes, sizeof(bytes));
        snprintf(buf, size, " c:%d%%/%s", (int)(100 * si.cache.fill / si.cache.size), bytes);
    } else if (ps->planner && !isnan(clock)) {
        double until = demux_planner_until(ps->planner);
        double ahead = isnan(until) ? 0 : until - (clock - ps->demuxer->start_time);
        loop_bytes_text(si.plan_bytes_ahead, bytes, sizeof(bytes));
        snprintf(buf, size, " p:%.1fs/%s", ahead > 0 ? ahead : 0.0, bytes);
    }
}

/* ---- the loop ---- */

/* -chapter N[-M]: *ss becomes chapter N's start (seconds from the file's
 * start), *end M's end. A file without that chapter plays from its start,
 * as in MPlayer. */
static void loop_chapter_range(struct play_state *ps, double *ss, double *end)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    int n = play_num_chapters(ps);
    if (o->chapter_first > n) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "-chapter %d: '%s' has %d chapter%s; playing from "
               "the start.\n", o->chapter_first, ps->filename, n, n == 1 ? "" : "s");
        return;
    }
    *ss = play_chapter_start(ps, o->chapter_first - 1) - ps->demuxer->start_time;
    if (*ss < 0)
        *ss = 0;
    if (o->chapter_last > 0 && o->chapter_last <= n)
        *end = play_chapter_end(ps, o->chapter_last - 1);
    mp_msg(MSGT_CPLAYER, MSGL_V, "-chapter: from %.3f s to %.3f s.\n", *ss, *end);
}

static void loop_start_position(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    double start = ps->demuxer->start_time;
    double ss = o->seek_start > 0 ? o->seek_start : 0;
    double chapter_end = INFINITY;
    if (o->chapter_first > 0)
        loop_chapter_range(ps, &ss, &chapter_end);
    if (o->end_pos >= 0)
        ps->end_time = start + ss + o->end_pos;
    if (chapter_end < ps->end_time)
        ps->end_time = chapter_end;
    demux_set_play_end(ps->demuxer, ps->end_time);
    if (o->seek_byte > 0) {
        /* -sb: from a byte position (junk at a VOB's start); an -ss
         * given too wins, as in MPlayer, where it is done second. */
        int r = demux_seek_byte(ps->demuxer, o->seek_byte);
        if (r < 0)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-sb %" PRId64 ": cannot seek by bytes in '%s' "
                   "(%s); playing from the start.\n", o->seek_byte, ps->filename,
                   demux_strerror(r));
        else
            mp_msg(MSGT_CPLAYER, MSGL_V, "-sb: reading from byte %" PRId64 ".\n",
                   o->seek_byte);
    }
    if (ss <= 0)
        return;
    ps->seek_target = start + ss;
    ps->audio_target = start + ss + play_av_delay(ps);
    double read_from = ps->audio_target < ps->seek_target ? ps->audio_target - start : ss;
    if (demux_seek(ps->demuxer, read_from > 0 ? read_from : 0) < 0 ||
        play_seek_audiofile(ps, read_from > 0 ? read_from : 0) < 0) {
        /* Decoding from the start and dropping gets there too, slower. */
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "Cannot seek in '%s'; decoding up to %.3f s.\n",
               ps->filename, ss);
    }
}

/* While paused, a window follows the OSD (a message shown or expired, the
 * seek bar gone) by drawing the last frame again. Outputs that write
 * files are left alone: each draw would be one more picture. Returns -1
 * when the output failed. */
static int loop_paused_osd(struct play_state *ps)
{
    AVFrame *f = ps->shot_frame;
    int ow, oh;
    bool overlay = ps->vo && vo_overlay_size(ps->vo, &ow, &oh) == 0;
    /* A resized window gets subtitles drawn for its new size (they were
     * only scaled). */
    bool stale = overlay && ps->overlay_stale;
    ps->overlay_stale = false;
    if (!ps->sub || !f || !ps->vo || !vo_has_window(ps->vo) ||
        (!stale && !mp_sub_osd_changed(ps->sub, mp_time_sec())))
        return 0;
    /* Where the OSD cannot be drawn it never catches up: no redraws. */
    if (!overlay &&
        !mp_sub_format_supported(vo_query_format(ps->vo, (enum AVPixelFormat)f->format)))
        return 0;
    /* Subtitles as for the frame on screen, not the one decoded next. */
    double next_pts = ps->next_pts;
    double pts = demux_ts_to_seconds(ps->sh_video, f->pts != AV_NOPTS_VALUE
                                                       ? f->pts : f->best_effort_timestamp);
    if (!isnan(pts))
        ps->next_pts = pts;
    int r = loop_draw(ps, f);
    ps->next_pts = next_pts;
    return r;
}

/* After a seek while paused: decode and show the frame at the new
 * position, print the status line there, and stay paused (the audio
 * starts when playback resumes). Returns MP_STOP_NONE to go on. */
static enum mp_stop_reason loop_redraw(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    ps->redraw_pending = false;
    if (ps->sh_video) {
        loop_video_decode(ps);
        play_subs_feed(ps);
        if (ps->filter_failed)
            return MP_STOP_NONE; /* the running loop reports it */
        if (ps->next_frame) {
            if (loop_video_show(ps) < 0)
                return MP_STOP_OUTPUT;
            av_frame_free(&ps->next_frame);
            if (o->play_frames > 0 && ps->frames_shown + ps->frames_dropped >= o->play_frames)
                return MP_STOP_EOF;
        }
    }
    loop_status_line(ps, ps->pause_pos);
    if (!o->quiet && !o->really_quiet)
        mp_msg(MSGT_CPLAYER, MSGL_STATUS, "\n  =====  PAUSE  =====\r");
    return MP_STOP_NONE;
}

extern char **environ;

/* Start "sh -c cmd" with stdin on /dev/null (slave commands are not its
 * to read) and the quit signals, which the player blocks, back to normal.
 * Returns its pid, or -1 after a message. */
static pid_t loop_spawn_shell(const char *cmd)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGINT);
    sigaddset(&def, SIGTERM);
    sigaddset(&def, SIGHUP);
    sigaddset(&def, SIGPIPE);
    pid_t pid = -1;
    int err = posix_spawn_file_actions_init(&fa);
    if (err)
        goto fail;
    err = posix_spawnattr_init(&attr);
    if (err) {
        posix_spawn_file_actions_destroy(&fa);
        goto fail;
    }
    err = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (!err)
        err = posix_spawnattr_setsigmask(&attr, &none);
    if (!err)
        err = posix_spawnattr_setsigdefault(&attr, &def);
    if (!err)
        err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (!err) {
        char *argv[] = {"sh", "-c", (char *)cmd, NULL};
        err = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
    }
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    if (!err)
        return pid;
fail:
    mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot run -heartbeat-cmd: %s\n", strerror(err));
    return -1;
}

/* -heartbeat-cmd: run every -heartbeat-interval seconds of playback (not
 * while paused, as in MPlayer; the first at the start). MPlayer waited
 * for it; here the loop goes on (a slow command must not stall the
 * audio) and the next run waits until the last one has ended. */
static void loop_heartbeat(struct play_state *ps)
{
    struct MPContext *mpctx = ps->mpctx;
    const char *cmd = mpctx->opts.heartbeat_cmd;
    if (!cmd || !*cmd)
        return;
    double now = mp_time_sec();
    if (now < mpctx->heartbeat_next)
        return;
    if (mpctx->heartbeat_pid > 0) {
        if (waitpid(mpctx->heartbeat_pid, NULL, WNOHANG) == 0)
            return;
        mpctx->heartbeat_pid = 0;
    }
    mpctx->heartbeat_next = now + mpctx->opts.heartbeat_interval;
    mp_msg(MSGT_CPLAYER, MSGL_V, "Running -heartbeat-cmd: %s\n", cmd);
    pid_t pid = loop_spawn_shell(cmd);
    if (pid > 0)
        mpctx->heartbeat_pid = pid;
}

enum mp_stop_reason play_loop(struct play_state *ps)
{
    struct MPContext *mpctx = ps->mpctx;
    const struct MPOpts *o = &mpctx->opts;
    /* -udp-master/-slave: the socket lives for the whole run. */
    if (play_udp_start(mpctx) < 0)
        return MP_STOP_OUTPUT;
    ps->last_pts = NAN;
    ps->fps_base = NAN;
    ps->next_pts = 0;
    ps->conv_next_pts = NAN;
    ps->stall_track = -1;
    loop_hold_audio(ps);
    if (!ps->sh_audio)
        ps->audio_done = true;
    if (!ps->sh_video)
        ps->video_done = true;
    loop_start_position(ps);
    /* Without -cache/-nocache plain files get plans too: the advice
     * costs no memory of ours, and on a device that charges for jumps
     * it is what keeps a badly muxed file from costing one per packet
     * (DOCS/benchmarks.md). Other sources refuse them. */
    if (o->cache_kb != 0 && o->cache_mode == STREAM_CACHE_PLAN && demux_has_index(ps->demuxer)) {
        const struct demux_planner_opts po = {
            .secs = o->cache_secs,
            .max_gap = o->cache_plan_gap,
            .end = ps->end_time - ps->demuxer->start_time,
        };
        ps->planner = demux_planner_create(ps->demuxer, ps->stream, &po);
    }

    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Starting playback...\n");
    enum mp_stop_reason reason = MP_STOP_EOF;
    for (;;) {
        if (mp_check_quit(mpctx)) {
            reason = MP_STOP_QUIT;
            break;
        }
        reason = loop_commands(ps);
        if (reason != MP_STOP_NONE)
            break;
        reason = MP_STOP_EOF;
        if (ps->paused && ps->redraw_pending) {
            reason = loop_redraw(ps);
            if (reason != MP_STOP_NONE)
                break;
            reason = MP_STOP_EOF;
            continue;
        }
        if (ps->paused) {
            if (ps->sh_video && loop_paused_osd(ps) < 0) {
                reason = MP_STOP_OUTPUT;
                break;
            }
            loop_wait(ps, LOOP_PAUSE_WAIT);
            continue;
        }
        /* Playing: the seek's frame comes in its turn. */
        ps->redraw_pending = false;
        loop_heartbeat(ps);
        loop_update_plan(ps);
        if (ps->sh_audio && loop_audio_fill(ps) < 0) {
            reason = MP_STOP_OUTPUT;
            break;
        }
        if (ps->sh_video) {
            loop_video_decode(ps);
            play_subs_feed(ps);
        }
        /* A frame to show: the audio starts with it. */
        if (ps->av_hold && (ps->next_frame || ps->video_done || !ps->sh_video || !ps->sh_audio))
            loop_release_audio(ps);
        if (ps->stall_track >= 0 && mp_time_sec() - ps->stall_last > LOOP_STALL_GAP)
            loop_stall_end(ps);
        if (ps->filter_failed) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Cannot play '%s': a -vf/-af filter was refused.\n",
                   ps->filename);
            reason = MP_STOP_ERROR;
            break;
        }
        if (ps->video_done && ps->audio_done)
            break;

        double clock = loop_clock(ps);
        if (ps->next_frame) {
            if (isnan(clock) && (!ps->sh_audio || ps->audio_done)) {
                /* No audio to follow: the timer starts with the first frame. */
                ps->sys_clock_running = true;
                ps->sys_base_pts = ps->next_pts;
                ps->sys_base_time = mp_time_sec();
                clock = ps->next_pts;
            }
            double early = isnan(clock) ? 0 : ps->next_pts - clock;
            if (ps->edl_active && !ps->edl_skips_off) {
                /* -edl: a frame in a skip range means the skip is made once
                 * the clock reaches the range (the sound waits there: the
                 * frame's own time may never come). */
                double from, start = play_edl_origin(ps);
                double to = play_edl_skip_to(ps, ps->next_pts - start, &from, NULL);
                if (!isnan(to) && (o->benchmark || isnan(clock) ||
                                   clock - start >= from - LOOP_EDL_SLACK)) {
                    loop_edl_skip(ps, to);
                    continue;
                }
            }
            if (ps->mpctx->udp) {
                /* -udp-slave: the master's datagrams time the frames. */
                double to = NAN;
                enum play_udp_act act = play_udp_slave_sync(ps, ps->next_pts, &to);
                if (act == PLAY_UDP_QUIT) {
                    ps->mpctx->quit = true;
                    reason = MP_STOP_QUIT;
                    break;
                }
                if (act == PLAY_UDP_SEEK) {
                    mp_msg(MSGT_CPLAYER, MSGL_V, "-udp-slave: %.3f s off; seeking to %.3f s.\n",
                           ps->next_pts - to, to);
                    if (!loop_seek_to(ps, to))
                        play_udp_seek_failed(ps);
                    continue;
                }
                if (act == PLAY_UDP_WAIT)
                    continue;
                if (act == PLAY_UDP_SHOW) {
                    early = 0;
                    /* The own timer follows, for the status line and a
                     * master that goes quiet. */
                    ps->sys_base_pts = ps->next_pts;
                    ps->sys_base_time = mp_time_sec();
                }
            }
            if (o->benchmark || early <= 0) {
                double late = -early;
                bool drop = false;
                if (late > ps->frame_duration) {
                    ps->frames_late++;
                    drop = o->framedrop > 0 && !o->benchmark;
                }
                loop_hard_framedrop(ps, drop);
                if (drop) {
                    ps->frames_dropped++;
                } else if (loop_video_show(ps) < 0) {
                    reason = MP_STOP_OUTPUT;
                    break;
                }
                /* Without audio, a timer far behind is moved up instead of
                 * racing through frames (a slow output, a stall). */
                if (ps->sys_clock_running && !ps->sh_audio && late > 1.0) {
                    ps->sys_base_pts = ps->next_pts;
                    ps->sys_base_time = mp_time_sec();
                }
                av_frame_free(&ps->next_frame);
                loop_status_line(ps, isnan(clock) ? ps->next_pts : clock);
                play_step_done(ps);
                if (o->play_frames > 0 && ps->frames_shown + ps->frames_dropped >= o->play_frames)
                    break;
                /* -sstep: on from sstep seconds after the frame just shown;
                 * frames before that are decoded and dropped, so every step
                 * is the same length, keyframes or not (MPlayer lands on
                 * the next keyframe). */
                if (o->sstep > 0 && !ps->paused) {
                    double start = ps->demuxer->start_time, len = ps->demuxer->duration;
                    double to = ps->next_pts + o->sstep;
                    if (len > 0 && to >= start + len)
                        break;
                    if (!loop_seek_to(ps, to))
                        break;
                }
                continue;
            }
            if (early > LOOP_MAX_SLEEP)
                early = LOOP_MAX_SLEEP;
            loop_wait(ps, early);
            continue;
        }
        /* Only audio left to play. */
        play_step_done(ps);
        if (!ps->sh_video && mp_time_sec() - ps->last_status_time >= LOOP_STATUS_INTERVAL)
            loop_status_line(ps, clock);
        if (!o->benchmark && !ps->audio_more)
            loop_wait(ps, LOOP_MAX_SLEEP);
    }
    mp_cmd_free(ps->waited_cmd);
    ps->waited_cmd = NULL;
    play_screenshot_release(ps);
    loop_stall_end(ps);
    /* The output plays out what it holds when it closes. */
    loop_release_audio(ps);
    if (!o->quiet && !o->really_quiet && mp_msg_test(MSGT_STATUSLINE, MSGL_STATUS))
        mp_msg(MSGT_STATUSLINE, MSGL_STATUS, "\n");
    if (ps->sh_video) {
        char sound[48] = "";
        if (ps->first_sound_wall >= 0)
            snprintf(sound, sizeof(sound), "; sound from %.3f s", ps->first_sound_wall);
        mp_msg(MSGT_CPLAYER, MSGL_V,
               "Video: %lld frames shown, %lld dropped, %lld late; first frame after %.3f s; "
               "%lld stalls (%.2f s)%s\n",
               (long long)ps->frames_shown, (long long)ps->frames_dropped,
               (long long)ps->frames_late, ps->first_frame_wall, (long long)ps->stalls,
               ps->stall_total, sound);
    }
    if (reason == MP_STOP_EOF && ps->mpctx->quit) {
        /* A quit that came while a read waited for a slow network aborted
         * that read: the demuxer's error is the quit, not the file's. */
        reason = MP_STOP_QUIT;
    }
    if (reason == MP_STOP_EOF) {
        int err = demux_get_error(ps->demuxer);
        if (err < 0) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Error reading '%s': %s.\n", ps->filename,
                   demux_strerror(err));
            reason = MP_STOP_ERROR;
        }
    }
    demux_planner_free(ps->planner);
    ps->planner = NULL;
    return reason;
}
