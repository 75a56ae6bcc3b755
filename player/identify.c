/*
 * -identify: the ID_ lines front-ends parse, with MPlayer's names, order
 * and number formats; and the format tags and codec names the slave
 * answers share with them.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * MPlayer printed these in three places: the demuxer announced chapters
 * and tracks while opening, the video chain its codec, then the file
 * summary, then the audio chain its decoder's figures. One function here
 * prints the same lines in the same order once everything is open.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <libavformat/avformat.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"

#define ID(...) mp_msg(MSGT_IDENTIFY, MSGL_INFO, __VA_ARGS__)

#define ID_TAG(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

/* Codecs whose tag MPlayer fixed whatever the container said (its
 * libavformat glue trusted the codec id more than the stored tag for these).
 * The common ones only; others take the container's tag or the RIFF one. */
static const struct {
    enum AVCodecID id;
    uint32_t tag;
} id_fixed_tags[] = {
    { AV_CODEC_ID_AAC, ID_TAG('M', 'P', '4', 'A') },
    { AV_CODEC_ID_AAC_LATM, ID_TAG('M', 'P', '4', 'L') },
    { AV_CODEC_ID_AC3, 0x2000 },
    { AV_CODEC_ID_DTS, 0x2001 },
    { AV_CODEC_ID_EAC3, ID_TAG('E', 'A', 'C', '3') },
    { AV_CODEC_ID_MP3, 0x55 },
    { AV_CODEC_ID_MP2, 0x50 },
    { AV_CODEC_ID_TRUEHD, ID_TAG('T', 'R', 'H', 'D') },
    { AV_CODEC_ID_PCM_U8, 1 },
    { AV_CODEC_ID_PCM_S16LE, 1 },
    { AV_CODEC_ID_PCM_S24LE, 1 },
    { AV_CODEC_ID_PCM_S32LE, 1 },
    { AV_CODEC_ID_PCM_S8, ID_TAG('t', 'w', 'o', 's') },
    { AV_CODEC_ID_PCM_S16BE, ID_TAG('t', 'w', 'o', 's') },
    { AV_CODEC_ID_PCM_S24BE, ID_TAG('i', 'n', '2', '4') },
    { AV_CODEC_ID_PCM_S32BE, ID_TAG('i', 'n', '3', '2') },
    { AV_CODEC_ID_PCM_F32LE, ID_TAG('2', '3', 'l', 'f') },
    { AV_CODEC_ID_H264, ID_TAG('H', '2', '6', '4') },
    { AV_CODEC_ID_HEVC, ID_TAG('H', 'E', 'V', 'C') },
    { AV_CODEC_ID_MPEG4, ID_TAG('M', 'P', '4', 'V') },
    { AV_CODEC_ID_MPEG2VIDEO, ID_TAG('M', 'P', 'G', '2') },
    { AV_CODEC_ID_VC1, ID_TAG('V', 'C', '-', '1') },
    { AV_CODEC_ID_FLV1, ID_TAG('F', 'L', 'V', '1') },
    { AV_CODEC_ID_DVVIDEO, ID_TAG('d', 'v', 's', 'd') },
};

uint32_t play_format_tag(const struct sh_stream *sh)
{
    const AVCodecParameters *p = sh->codecpar;
    bool audio = sh->type == MP_STREAM_AUDIO;
    for (size_t i = 0; i < sizeof(id_fixed_tags) / sizeof(id_fixed_tags[0]); i++) {
        if (id_fixed_tags[i].id == p->codec_id)
            return id_fixed_tags[i].tag;
    }
    /* MP4 says mp4a/mp4v for whatever it holds: not a useful tag. */
    uint32_t tag = p->codec_tag;
    if (tag == ID_TAG('m', 'p', '4', audio ? 'a' : 'v'))
        tag = 0;
    if (tag)
        return tag;
    const struct AVCodecTag *lists[2] = {
        audio ? avformat_get_riff_audio_tags() : avformat_get_riff_video_tags(), NULL
    };
    return av_codec_get_tag(lists, p->codec_id);
}

void play_format_tag_str(uint32_t tag, bool audio, char *buf, size_t size)
{
    /* A tag of four printable bytes is a FOURCC; else a number (hex for
     * video, decimal for a WAVE format id), as MPlayer printed them. */
    if (tag >= 0x20202020) {
        char cc[5];
        for (int i = 0; i < 4; i++)
            cc[i] = (char)((tag >> (8 * i)) & 0xff);
        cc[4] = '\0';
        snprintf(buf, size, "%s", cc);
    } else if (audio) {
        snprintf(buf, size, "%" PRIu32, tag);
    } else {
        snprintf(buf, size, "0x%08" PRIX32, tag);
    }
}

void play_codec_name(const struct mp_decoder *dec, char *buf, size_t size)
{
    /* MPlayer's codecs.conf named its libavcodec entries "ff" + the
     * libavcodec name (ffh264, ffaac); every decoder here is libavcodec. */
    snprintf(buf, size, "ff%s", mp_decoder_name(dec));
}

double play_video_aspect(const struct sh_stream *sh)
{
    const AVCodecParameters *p = sh->codecpar;
    if (p->height <= 0 || p->sample_aspect_ratio.num <= 0 || p->sample_aspect_ratio.den <= 0)
        return 0;
    return (double)p->width * p->sample_aspect_ratio.num /
           ((double)p->height * p->sample_aspect_ratio.den);
}

int play_num_chapters(const struct play_state *ps)
{
    return (int)ps->demuxer->avfc->nb_chapters;
}

double play_chapter_start(const struct play_state *ps, int n)
{
    const AVChapter *c = ps->demuxer->avfc->chapters[n];
    return c->start * av_q2d(c->time_base);
}

double play_chapter_end(const struct play_state *ps, int n)
{
    const AVChapter *c = ps->demuxer->avfc->chapters[n];
    if (c->end > c->start)
        return c->end * av_q2d(c->time_base);
    /* No end written: the next chapter's start, or the end of the file. */
    if (n + 1 < play_num_chapters(ps))
        return play_chapter_start(ps, n + 1);
    return INFINITY;
}

/* Chapters: times in milliseconds, as MPlayer's demuxer printed them. */
static void id_chapters(const demuxer_t *d)
{
    for (unsigned i = 0; i < d->avfc->nb_chapters; i++) {
        const AVChapter *c = d->avfc->chapters[i];
        int64_t start = av_rescale_q(c->start, c->time_base, (AVRational){ 1, 1000 });
        int64_t end = av_rescale_q(c->end, c->time_base, (AVRational){ 1, 1000 });
        const AVDictionaryEntry *t = av_dict_get(c->metadata, "title", NULL, 0);
        ID("ID_CHAPTER_ID=%u\n", i);
        ID("ID_CHAPTER_%u_START=%" PRId64 "\n", i, start);
        if (end > 0)
            ID("ID_CHAPTER_%u_END=%" PRId64 "\n", i, end);
        if (t)
            ID("ID_CHAPTER_%u_NAME=%s\n", i, t->value);
    }
}

/* Every track in file order, with its per-type number (the -aid/-vid/-sid
 * value); "und" is no language. */
static void id_streams(const demuxer_t *d)
{
    for (int i = 0; i < d->num_streams; i++) {
        const struct sh_stream *sh = d->streams[i];
        const char *kind = sh->type == MP_STREAM_AUDIO ? "AUDIO" :
                           sh->type == MP_STREAM_VIDEO ? "VIDEO" : "SUBTITLE";
        const char *abbr = sh->type == MP_STREAM_AUDIO ? "AID" :
                           sh->type == MP_STREAM_VIDEO ? "VID" : "SID";
        ID("ID_%s_ID=%d\n", kind, sh->id);
        if (sh->lang && sh->lang[0] && strcmp(sh->lang, "und") && sh->type != MP_STREAM_VIDEO)
            ID("ID_%s_%d_LANG=%s\n", abbr, sh->id, sh->lang);
        if (sh->title && sh->title[0])
            ID("ID_%s_%d_NAME=%s\n", abbr, sh->id, sh->title);
    }
}

/* The container's metadata, keys as libavformat gives them. Nothing at
 * all when there is none, as in MPlayer. */
static void id_clip_info(const demuxer_t *d)
{
    const AVDictionaryEntry *t = NULL;
    int n = 0;
    while ((t = av_dict_get(d->avfc->metadata, "", t, AV_DICT_IGNORE_SUFFIX))) {
        ID("ID_CLIP_INFO_NAME%d=%s\n", n, t->key);
        ID("ID_CLIP_INFO_VALUE%d=%s\n", n, t->value);
        n++;
    }
    if (n > 0)
        ID("ID_CLIP_INFO_N=%d\n", n);
}

void play_identify(struct play_state *ps)
{
    /* The module level is the only gate: -msglevel identify=4 is -identify. */
    if (!mp_msg_test(MSGT_IDENTIFY, MSGL_INFO))
        return;
    demuxer_t *d = ps->demuxer;
    char buf[64];
    id_chapters(d);
    id_streams(d);
    if (ps->vdec) {
        play_codec_name(ps->vdec, buf, sizeof(buf));
        ID("ID_VIDEO_CODEC=%s\n", buf);
    }
    id_clip_info(d);

    ID("ID_FILENAME=%s\n", ps->filename);
    ID("ID_DEMUXER=lavf\n");
    if (ps->sh_video) {
        const AVCodecParameters *p = ps->sh_video->codecpar;
        play_format_tag_str(play_format_tag(ps->sh_video), false, buf, sizeof(buf));
        ID("ID_VIDEO_FORMAT=%s\n", buf);
        /* MPlayer kept bytes per second: the bit rate to a multiple of 8. */
        ID("ID_VIDEO_BITRATE=%lld\n", (long long)(p->bit_rate / 8 * 8));
        ID("ID_VIDEO_WIDTH=%d\n", p->width);
        ID("ID_VIDEO_HEIGHT=%d\n", p->height);
        ID("ID_VIDEO_FPS=%5.3f\n", ps->sh_video->fps);
        ID("ID_VIDEO_ASPECT=%1.4f\n", play_video_aspect(ps->sh_video));
    }
    if (ps->sh_audio) {
        const AVCodecParameters *p = ps->sh_audio->codecpar;
        play_format_tag_str(play_format_tag(ps->sh_audio), true, buf, sizeof(buf));
        ID("ID_AUDIO_FORMAT=%s\n", buf);
        ID("ID_AUDIO_BITRATE=%lld\n", (long long)(p->bit_rate / 8 * 8));
        ID("ID_AUDIO_RATE=%d\n", p->sample_rate);
        ID("ID_AUDIO_NCH=%d\n", p->ch_layout.nb_channels);
    }
    ID("ID_START_TIME=%.2f\n", d->start_time);
    ID("ID_LENGTH=%.2f\n", d->duration > 0 ? d->duration : 0.0);
    ID("ID_SEEKABLE=%d\n", d->seekable ? 1 : 0);
    ID("ID_CHAPTERS=%d\n", play_num_chapters(ps));

    if (ps->adec) {
        /* What the opened decoder says, which may refine the container. */
        const AVCodecContext *avctx = mp_decoder_avctx(ps->adec);
        const AVCodecParameters *p = ps->sh_audio->codecpar;
        int64_t rate = avctx->bit_rate > 0 ? avctx->bit_rate : p->bit_rate;
        ID("ID_AUDIO_BITRATE=%lld\n", (long long)(rate / 8 * 8));
        ID("ID_AUDIO_RATE=%d\n", avctx->sample_rate > 0 ? avctx->sample_rate : p->sample_rate);
        ID("ID_AUDIO_NCH=%d\n", avctx->ch_layout.nb_channels > 0 ? avctx->ch_layout.nb_channels
                                                                   : p->ch_layout.nb_channels);
        play_codec_name(ps->adec, buf, sizeof(buf));
        ID("ID_AUDIO_CODEC=%s\n", buf);
    }
}
