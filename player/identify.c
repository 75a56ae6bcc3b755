/*
 * -identify: the ID_ lines front-ends parse, with MPlayer's names.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"

#define ID(...) mp_msg(MSGT_IDENTIFY, MSGL_INFO, __VA_ARGS__)

void play_identify(struct play_state *ps)
{
    if (!ps->mpctx->opts.identify)
        return;
    demuxer_t *d = ps->demuxer;
    ID("ID_FILENAME=%s\n", ps->filename);
    ID("ID_DEMUXER=lavf\n");
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        const char *kind = sh->type == MP_STREAM_AUDIO ? "AUDIO" :
                           sh->type == MP_STREAM_VIDEO ? "VIDEO" : "SUBTITLE";
        const char *abbr = sh->type == MP_STREAM_AUDIO ? "AID" :
                           sh->type == MP_STREAM_VIDEO ? "VID" : "SID";
        ID("ID_%s_ID=%d\n", kind, sh->id);
        if (sh->lang)
            ID("ID_%s_%d_LANG=%s\n", abbr, sh->id, sh->lang);
        if (sh->title)
            ID("ID_%s_%d_NAME=%s\n", abbr, sh->id, sh->title);
    }
    if (ps->sh_video) {
        const AVCodecParameters *p = ps->sh_video->codecpar;
        ID("ID_VIDEO_FORMAT=%s\n", avcodec_get_name(p->codec_id));
        ID("ID_VIDEO_BITRATE=%lld\n", (long long)p->bit_rate);
        ID("ID_VIDEO_WIDTH=%d\n", p->width);
        ID("ID_VIDEO_HEIGHT=%d\n", p->height);
        ID("ID_VIDEO_FPS=%.3f\n", ps->sh_video->fps);
        double aspect = 0;
        if (p->height > 0 && p->sample_aspect_ratio.num > 0)
            aspect = (double)p->width * p->sample_aspect_ratio.num /
                     ((double)p->height * p->sample_aspect_ratio.den);
        ID("ID_VIDEO_ASPECT=%.4f\n", aspect);
    }
    if (ps->sh_audio) {
        const AVCodecParameters *p = ps->sh_audio->codecpar;
        ID("ID_AUDIO_FORMAT=%s\n", avcodec_get_name(p->codec_id));
        ID("ID_AUDIO_BITRATE=%lld\n", (long long)p->bit_rate);
        ID("ID_AUDIO_RATE=%d\n", p->sample_rate);
        ID("ID_AUDIO_NCH=%d\n", p->ch_layout.nb_channels);
    }
    ID("ID_START_TIME=%.2f\n", d->start_time);
    ID("ID_LENGTH=%.2f\n", d->duration > 0 ? d->duration : 0.0);
    ID("ID_SEEKABLE=%d\n", d->seekable ? 1 : 0);
    if (ps->vdec)
        ID("ID_VIDEO_CODEC=%s\n", mp_decoder_name(ps->vdec));
    if (ps->adec)
        ID("ID_AUDIO_CODEC=%s\n", mp_decoder_name(ps->adec));
}
