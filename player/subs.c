/*
 * Subtitles and OSD in the player: which tracks a file gets, feeding
 * subtitle packets to sub/, drawing onto frames before they are shown.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "sub/sub.h"

/* How long an OSD bar or message stays, as MPlayer's default. */
#define SUBS_OSD_DURATION 1.0

static struct mp_sub *subs_get(struct MPContext *mpctx)
{
    if (mpctx->sub)
        return mpctx->sub;
    const struct MPOpts *o = &mpctx->opts;
    struct mp_sub_opts so;
    mp_sub_opts_default(&so);
    so.text_scale = o->subfont_text_scale;
    so.subpos = o->sub_pos;
    so.ass_styles = o->ass;
    so.charset = o->subcp;
    so.osd_level = o->osd_level;
    so.osd_scale = o->subfont_osd_scale;
    so.font_scale = o->ass_font_scale;
    /* Font discovery costs ~25 ms: one instance for the whole run. */
    mpctx->sub = mp_sub_create(&so);
    if (!mpctx->sub)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Subtitles and OSD unavailable.\n");
    return mpctx->sub;
}

/* Fonts embedded in the file (Matroska attachments) for ASS tracks. */
static void subs_add_fonts(struct play_state *ps, struct mp_sub *sub)
{
    AVFormatContext *avfc = ps->demuxer->avfc;
    for (unsigned i = 0; i < avfc->nb_streams; i++) {
        const AVStream *st = avfc->streams[i];
        const AVCodecParameters *par = st->codecpar;
        if (par->codec_type != AVMEDIA_TYPE_ATTACHMENT || !par->extradata_size)
            continue;
        const AVDictionaryEntry *e = av_dict_get(st->metadata, "filename", NULL, 0);
        mp_sub_add_font(sub, e ? e->value : "attachment", par->extradata,
                        (size_t)par->extradata_size);
    }
}

static int subs_add_external(struct play_state *ps, struct mp_sub *sub)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    int first = -1;
    if (o->sub_files && o->sub_files[0]) {
        char *list = strdup(o->sub_files);
        char *save = NULL;
        for (char *f = list ? strtok_r(list, ",", &save) : NULL; f;
             f = strtok_r(NULL, ",", &save)) {
            int t = mp_sub_add_file(sub, f);
            if (t >= 0 && first < 0)
                first = t;
        }
        free(list);
    }
    if (o->autosub) {
        char **cands = mp_sub_autoload_candidates(ps->filename);
        for (int i = 0; cands && cands[i]; i++) {
            int t = mp_sub_add_file(sub, cands[i]);
            if (t >= 0) {
                mp_msg(MSGT_SUBREADER, MSGL_INFO, "SUB: Added subtitle file: %s\n", cands[i]);
                if (first < 0)
                    first = t;
            }
        }
        mp_sub_free_candidates(cands);
    }
    return first;
}

void play_subs_open(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    ps->sub_track = -1;
    ps->sh_sub = NULL;
    if (!ps->sh_video)
        return;
    struct mp_sub *sub = subs_get(ps->mpctx);
    if (!sub)
        return;
    mp_sub_reset(sub);
    ps->sub = sub;
    if (o->embeddedfonts)
        subs_add_fonts(ps, sub);
    int external = subs_add_external(ps, sub);

    /* The embedded track to show: -sid, else one the file marks default. */
    struct sh_stream *want = NULL;
    if (o->sub_id >= 0)
        want = demux_get_stream(ps->demuxer, MP_STREAM_SUB, o->sub_id);
    else if (external < 0)
        want = demux_default_stream(ps->demuxer, MP_STREAM_SUB);
    if (want && o->sub_id < 0 && !want->is_default)
        want = NULL;
    if (o->sub_id >= 0 && !want)
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "-sid %d: no such subtitle track in '%s'.\n",
               o->sub_id, ps->filename);

    int track = -1;
    if (want && !o->no_sub) {
        track = mp_sub_add_stream(sub, want->codecpar, want->time_base);
        if (track >= 0) {
            ps->sh_sub = want;
            demux_select_stream(ps->demuxer, want, true);
        } else {
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "Subtitle track %d of '%s' cannot be shown.\n",
                   want->id, ps->filename);
        }
    }
    if (track < 0 && o->sub_id < 0)
        track = external;
    if (o->no_sub)
        track = -1;
    mp_sub_select(sub, track);
    ps->sub_track = track;
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

void play_subs_draw(struct play_state *ps, AVFrame **frame, AVFrame *decoded)
{
    struct mp_sub *sub = ps->sub;
    if (!sub)
        return;
    double now = mp_time_sec();
    double pos = ps->next_pts - ps->demuxer->start_time;
    if (mp_sub_osd_level(sub) >= 2) {
        double len = ps->demuxer->duration;
        mp_sub_osd_set_time(sub, pos, len, ps->paused);
    }
    bool osd = mp_sub_osd_level(sub) >= 2 || now < ps->osd_until ||
               mp_sub_osd_changed(sub, now);
    if (mp_sub_selected(sub) < 0 && !osd)
        return;
    AVFrame *f = *frame;
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

void play_osd_bar_seek(struct play_state *ps)
{
    if (!ps->sub || ps->demuxer->duration <= 0)
        return;
    double frac = (ps->seek_target - ps->demuxer->start_time) / ps->demuxer->duration;
    if (frac < 0)
        frac = 0;
    if (frac > 1)
        frac = 1;
    ps->osd_until = mp_time_sec() + SUBS_OSD_DURATION;
    mp_sub_osd_set_bar(ps->sub, MP_SUB_BAR_SEEK, frac, ps->osd_until);
}

void play_osd_text(struct play_state *ps, int min_level, const char *text, double secs)
{
    if (!ps->sub)
        return;
    ps->osd_until = mp_time_sec() + (secs > 0 ? secs : SUBS_OSD_DURATION);
    mp_sub_osd_set_text(ps->sub, min_level, text, ps->osd_until);
}
