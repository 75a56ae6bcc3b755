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
#include <math.h>
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

uint32_t play_format_tag(const struct play_state *ps, const struct sh_stream *sh)
{
    const AVCodecParameters *p = sh->codecpar;
    bool audio = sh->type == MP_STREAM_AUDIO;
    /* MPlayer's own AVI reader gave the file's FOURCC (FMP4, XVID, DIVX
     * for MPEG-4), not one per codec. */
    if (p->codec_tag && !strcmp(play_demuxer_name(ps), "avi"))
        return p->codec_tag;
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

/* libavcodec decoders whose MPlayer 1.5 codecs.conf name is not "ff" + the
 * decoder's name without underscores, and the formats MPlayer decoded
 * itself (mpg123, pcm): what scripts and front-ends read in ID_*_CODEC and
 * the codec properties. */
static const struct {
    const char *lavc;
    const char *mp;
} id_codec_names[] = {
    {"mpeg4", "ffodivx"},     {"mpeg1video", "ffmpeg1"}, {"mpeg2video", "ffmpeg2"},
    {"msmpeg4", "ffdivx"},    {"msmpeg4v2", "ffmp42"},   {"msmpeg4v1", "ffmp41"},
    {"ffv1", "ffv1"},         {"dvvideo", "ffdv"},       {"mp1", "mpg123"},
    {"mp1float", "mpg123"},   {"mp2", "mpg123"},         {"mp2float", "mpg123"},
    {"mp3", "mpg123"},        {"mp3float", "mpg123"},    {"pcm_alaw", "alaw"},
    {"pcm_mulaw", "ulaw"},
};

void play_codec_name(const struct mp_decoder *dec, char *buf, size_t size)
{
    const char *name = mp_decoder_name(dec);
    for (size_t i = 0; i < sizeof(id_codec_names) / sizeof(id_codec_names[0]); i++) {
        if (!strcmp(name, id_codec_names[i].lavc)) {
            snprintf(buf, size, "%s", id_codec_names[i].mp);
            return;
        }
    }
    if (!strncmp(name, "pcm_", 4)) {
        snprintf(buf, size, "pcm");
        return;
    }
    /* The rest: "ff" + the name, as codecs.conf has them (ffh264, ffaac,
     * ffadpcmimawav). */
    size_t n = snprintf(buf, size, "ff");
    for (const char *c = name; *c && n + 1 < size; c++) {
        if (*c != '_')
            buf[n++] = *c;
    }
    if (size > 0)
        buf[n < size ? n : size - 1] = '\0';
}

const char *play_demuxer_name(const struct play_state *ps)
{
    /* MPlayer 1.5 names the demuxer it used: its own for some formats,
     * "lavfpref" where it prefers libavformat's, "lavf" where it fell
     * back to it after probing. */
    static const struct {
        const char *lavf;
        const char *mp;
    } names[] = {
        {"matroska,webm", "lavfpref"}, {"mov,mp4,m4a,3gp,3g2,mj2", "lavfpref"},
        {"ogg", "lavfpref"},           {"flac", "lavfpref"},
        {"flv", "lavfpref"},           {"yuv4mpegpipe", "lavfpref"},
        {"avi", "avi"},                {"mpegts", "mpegts"},
        {"mpeg", "mpegps"},            {"asf", "asf"},
        {"wav", "audio"},              {"mp3", "audio"},
    };
    const char *f = ps->demuxer->format_name ? ps->demuxer->format_name : "";
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (!strcmp(f, names[i].lavf))
            return names[i].mp;
    }
    return "lavf";
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
    return demux_chapter_count(ps->demuxer);
}

double play_chapter_start(const struct play_state *ps, int n)
{
    struct demux_chapter c;
    return demux_get_chapter(ps->demuxer, n, &c) ? c.start : NAN;
}

double play_chapter_end(const struct play_state *ps, int n)
{
    struct demux_chapter c;
    if (!demux_get_chapter(ps->demuxer, n, &c))
        return NAN;
    if (!isnan(c.end))
        return c.end;
    /* No end written: the next chapter's start, or the end of the file. */
    if (n + 1 < play_num_chapters(ps))
        return play_chapter_start(ps, n + 1);
    return INFINITY;
}

/* Chapters: times in milliseconds, as MPlayer's demuxer printed them. */
static void id_chapters(const demuxer_t *d)
{
    struct demux_chapter c;
    for (int i = 0; demux_get_chapter(d, i, &c); i++) {
        ID("ID_CHAPTER_ID=%d\n", i);
        ID("ID_CHAPTER_%d_START=%" PRId64 "\n", i, c.start_ms);
        if (c.end_ms > 0)
            ID("ID_CHAPTER_%d_END=%" PRId64 "\n", i, c.end_ms);
        if (c.title)
            ID("ID_CHAPTER_%d_NAME=%s\n", i, c.title);
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

/* One clip info item: the name and value MPlayer prints, and their ID_
 * lines, interleaved as MPlayer's demux_info_print has them. */
static void id_clip_item(void *ctx, const char *name, const char *value)
{
    int *n = ctx;
    if (*n == 0)
        mp_msg(MSGT_DEMUX, MSGL_INFO, "Clip info:\n");
    mp_msg(MSGT_DEMUX, MSGL_INFO, " %s: %s\n", name, value);
    ID("ID_CLIP_INFO_NAME%d=%s\n", *n, name);
    ID("ID_CLIP_INFO_VALUE%d=%s\n", *n, value);
    (*n)++;
}

/* MPlayer's names for the tags its own demuxers read: key as libavformat
 * gives it, name as MPlayer printed it. */
struct id_tag_name {
    const char *key, *name;
};

/* MP3 (ID3): in this order, whatever the file's. */
static const struct id_tag_name id_mp3_tags[] = {
    {"title", "Title"}, {"artist", "Artist"}, {"album", "Album"}, {"date", "Year"},
    {"comment", "Comment"}, {"track", "Track"}, {"genre", "Genre"},
};

/* AVI (RIFF INFO): in the file's order; a chunk MPlayer had no name for
 * (ILNG, ITRK) it did not print. */
static const struct id_tag_name id_avi_tags[] = {
    {"title", "Title"}, {"artist", "Artist"}, {"comment", "Comments"},
    {"copyright", "Copyright"}, {"genre", "Genre"}, {"date", "Creation Date"},
    {"product", "Product"}, {"encoded_by", "Technician"}, {"software", "Software"},
};

static const char *id_tag_name(const struct id_tag_name *t, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++) {
        if (!strcmp(t[i].key, key))
            return t[i].name;
    }
    return NULL;
}

/* An item of play_clip_info, and for AVI the names it goes by. */
struct id_clip_sink {
    void (*item)(void *ctx, const char *name, const char *value);
    void *ctx;
};

static void id_avi_item(void *ctx, const char *key, const char *value)
{
    const struct id_clip_sink *sink = ctx;
    const char *name = id_tag_name(id_avi_tags, sizeof(id_avi_tags) / sizeof(id_avi_tags[0]),
                                   key);
    if (name)
        sink->item(sink->ctx, name, value);
}

void play_clip_info(const struct play_state *ps,
                    void (*item)(void *ctx, const char *name, const char *value), void *ctx)
{
    demuxer_t *d = ps->demuxer;
    const char *f = d->format_name ? d->format_name : "";
    /* One wait for the reader thread, not one per tag (MP3: seven, each
     * behind the read under way on a slow device); the values are used
     * while it is held. */
    demux_park(d);
    if (!strcmp(f, "mp3")) {
        /* MPlayer's own MP3 demuxer: nothing but these (no encoder). */
        for (size_t i = 0; i < sizeof(id_mp3_tags) / sizeof(id_mp3_tags[0]); i++) {
            const char *v = demux_get_metadata(d, id_mp3_tags[i].key);
            if (v)
                item(ctx, id_mp3_tags[i].name, v);
        }
    } else if (!strcmp(f, "avi")) {
        struct id_clip_sink sink = {item, ctx};
        demux_each_metadata(d, id_avi_item, &sink);
    } else if (strcmp(f, "wav")) {
        /* Through libavformat, MPlayer printed the tags as they are (WAV
         * went through its own demuxer, which printed none). */
        demux_each_metadata(d, item, ctx);
    }
    demux_unpark(d);
}

/* "Clip info:" (the file's tags) and its ID_CLIP_INFO lines. */
static void id_clip_info(const struct play_state *ps)
{
    int n = 0;
    play_clip_info(ps, id_clip_item, &n);
    if (n > 0)
        ID("ID_CLIP_INFO_N=%d\n", n);
}

/* The module level is the only gate of ID_ lines: -msglevel identify=4 is
 * -identify. */
static bool id_on(void)
{
    return mp_msg_test(MSGT_IDENTIFY, MSGL_INFO);
}

void play_identify_opened(struct play_state *ps)
{
    if (!id_on())
        return;
    id_chapters(ps->demuxer);
    id_streams(ps->demuxer);
}

void play_identify_video(struct play_state *ps)
{
    if (ps->vdec && id_on()) {
        char buf[64];
        play_codec_name(ps->vdec, buf, sizeof(buf));
        ID("ID_VIDEO_CODEC=%s\n", buf);
    }
    id_clip_info(ps);
}

void play_identify(struct play_state *ps)
{
    if (!id_on())
        return;
    demuxer_t *d = ps->demuxer;
    char buf[64];
    ID("ID_FILENAME=%s\n", ps->filename);
    ID("ID_DEMUXER=%s\n", play_demuxer_name(ps));
    if (ps->sh_video) {
        const AVCodecParameters *p = ps->sh_video->codecpar;
        play_format_tag_str(play_format_tag(ps, ps->sh_video), false, buf, sizeof(buf));
        ID("ID_VIDEO_FORMAT=%s\n", buf);
        /* MPlayer kept bytes per second: the bit rate to a multiple of 8. */
        ID("ID_VIDEO_BITRATE=%lld\n", (long long)(p->bit_rate / 8 * 8));
        ID("ID_VIDEO_WIDTH=%d\n", p->width);
        ID("ID_VIDEO_HEIGHT=%d\n", p->height);
        ID("ID_VIDEO_FPS=%5.3f\n", ps->sh_video->fps);
        /* MPlayer 1.5 prints 0 here for every file (MKV, MP4, MOV, NUT, AVI,
         * TS, PS, WebM, with or without a stored aspect), then the real one
         * when the output is configured (playloop.c); front-ends take the
         * last. */
        ID("ID_VIDEO_ASPECT=%1.4f\n", 0.0);
    }
    if (ps->sh_audio) {
        const AVCodecParameters *p = ps->sh_audio->codecpar;
        play_format_tag_str(play_format_tag(ps, ps->sh_audio), true, buf, sizeof(buf));
        ID("ID_AUDIO_FORMAT=%s\n", buf);
        ID("ID_AUDIO_BITRATE=%lld\n", (long long)(p->bit_rate / 8 * 8));
        ID("ID_AUDIO_RATE=%d\n", p->sample_rate);
        ID("ID_AUDIO_NCH=%d\n", p->ch_layout.nb_channels);
    }
    /* MPlayer's: the time of the first audio packet, or the video's when
     * earlier or without audio (an MP4's AAC with an edit list starts
     * before 0: its priming samples). */
    double start = ps->sh_audio ? demux_first_pts(play_audio_demuxer(ps), ps->sh_audio) +
                                  ps->audio_offset : NAN;
    double vstart = ps->sh_video ? demux_first_pts(d, ps->sh_video) : NAN;
    if (isfinite(vstart) && (!isfinite(start) || vstart < start))
        start = vstart;
    if (isfinite(start))
        ID("ID_START_TIME=%.2f\n", start);
    else
        ID("ID_START_TIME=unknown\n");
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
