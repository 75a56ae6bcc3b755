/*
 * -dumpstream: the stream's bytes copied to a file; -dumpaudio/-dumpvideo/
 * -dumpsub: one track's packets written out. Nothing is decoded or played,
 * as in MPlayer's dumps.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavformat/avformat.h>

#include "common/mp_msg.h"
#include "player/play_priv.h"
#include "player/player.h"
#include "stream/stream.h"

/* MPlayer's name when -dumpfile is not given, in the current directory. */
#define DUMP_DEFAULT_FILE "stream.dump"
/* Big enough that a local copy is a few system calls per megabyte. */
#define DUMP_CHUNK (64 * 1024)

enum mp_stop_reason play_dump_stream(struct play_state *ps)
{
    struct MPContext *mpctx = ps->mpctx;
    const char *path = mpctx->opts.dumpfile ? mpctx->opts.dumpfile : DUMP_DEFAULT_FILE;
    FILE *out = fopen(path, "wb");
    if (!out) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot open '%s' for writing: %s.\n",
               path, strerror(errno));
        return MP_STOP_OUTPUT;
    }
    char *buf = malloc(DUMP_CHUNK);
    if (!buf) {
        fclose(out);
        mp_msg(MSGT_CPLAYER, MSGL_FATAL, "Out of memory.\n");
        return MP_STOP_OUTPUT;
    }
    enum mp_stop_reason reason = MP_STOP_EOF;
    long long total = 0;
    for (;;) {
        if (mp_check_quit(mpctx)) {
            reason = MP_STOP_QUIT;
            break;
        }
        int n = stream_read(ps->stream, buf, DUMP_CHUNK);
        if (n < 0) {
            if (n == -STREAM_ERR_ABORTED) {
                reason = MP_STOP_QUIT;
                break;
            }
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "Error reading '%s': %s.\n", ps->filename,
                   stream_strerror(n));
            reason = MP_STOP_ERROR;
            break;
        }
        if (n == 0)
            break;
        if (fwrite(buf, 1, (size_t)n, out) != (size_t)n) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot write '%s': %s.\n", path,
                   strerror(errno));
            reason = MP_STOP_OUTPUT;
            break;
        }
        total += n;
    }
    free(buf);
    /* Buffered bytes reach the disk only here: a full disk shows now. */
    if (fclose(out) != 0 && reason != MP_STOP_OUTPUT) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-dumpstream: cannot write '%s': %s.\n", path,
               strerror(errno));
        reason = MP_STOP_OUTPUT;
    }
    if (reason == MP_STOP_OUTPUT)
        return reason;
    /* MPlayer's words, which scripts that rip streams look for. */
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "dump: %lld bytes written to '%s'.\n", total, path);
    if (reason == MP_STOP_EOF)
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Core dumped ;)\n");
    return reason;
}

/* The libavformat muxer that writes a codec's packets as a file players
 * read: its elementary stream (ADTS for AAC, Annex B for H.264, which
 * MPlayer's dump of MP4 or Matroska tracks lacks), or the thinnest
 * container for codecs that have none. PCM goes to the raw muxer of its
 * sample format. Other codecs are written as MPlayer writes them, the
 * packets one after the other. */
static const char *dump_muxer_name(const AVCodecParameters *par, char *buf, size_t size)
{
    static const struct {
        enum AVCodecID id;
        const char *muxer;
    } muxers[] = {
        {AV_CODEC_ID_AAC, "adts"},        {AV_CODEC_ID_MP3, "mp3"},
        {AV_CODEC_ID_MP2, "mp2"},         {AV_CODEC_ID_AC3, "ac3"},
        {AV_CODEC_ID_EAC3, "eac3"},       {AV_CODEC_ID_DTS, "dts"},
        {AV_CODEC_ID_FLAC, "flac"},       {AV_CODEC_ID_TRUEHD, "truehd"},
        {AV_CODEC_ID_VORBIS, "ogg"},      {AV_CODEC_ID_OPUS, "ogg"},
        {AV_CODEC_ID_H264, "h264"},       {AV_CODEC_ID_HEVC, "hevc"},
        {AV_CODEC_ID_MPEG4, "m4v"},       {AV_CODEC_ID_MPEG1VIDEO, "mpeg1video"},
        {AV_CODEC_ID_MPEG2VIDEO, "mpeg2video"}, {AV_CODEC_ID_VC1, "vc1"},
        {AV_CODEC_ID_MJPEG, "mjpeg"},     {AV_CODEC_ID_THEORA, "ogg"},
        {AV_CODEC_ID_VP8, "ivf"},         {AV_CODEC_ID_VP9, "ivf"},
        {AV_CODEC_ID_AV1, "ivf"},
    };
    for (size_t i = 0; i < sizeof(muxers) / sizeof(muxers[0]); i++) {
        if (muxers[i].id == par->codec_id)
            return muxers[i].muxer;
    }
    const char *name = avcodec_get_name(par->codec_id);
    if (!strncmp(name, "pcm_", 4)) {
        snprintf(buf, size, "%s", name + 4);
        if (av_guess_format(buf, NULL, NULL))
            return buf;
    }
    return NULL;
}

struct dump_out {
    const char *opt;        /* -dumpaudio, -dumpvideo or -dumpsub, for messages */
    const char *path;
    AVFormatContext *oc;    /* NULL: packets written as they are to pb */
    AVIOContext *pb;
    AVRational in_tb, out_tb;
};

/* Open the output for sh: through its muxer when there is one that takes
 * the track (not with raw), else plain. Returns 0 or -1 after a message. */
static int dump_out_open(struct dump_out *d, const struct sh_stream *sh, bool raw)
{
    char buf[32];
    const char *muxer = raw ? NULL : dump_muxer_name(sh->codecpar, buf, sizeof(buf));
    int oerr;
    d->in_tb = sh->time_base;
    if (muxer && avformat_alloc_output_context2(&d->oc, NULL, muxer, d->path) >= 0) {
        AVStream *st = avformat_new_stream(d->oc, NULL);
        AVDictionary *mopts = NULL;
        /* The mp3 muxer would add an ID3 tag and a Xing frame: MPlayer's
         * dump is the frames alone. */
        if (!strcmp(muxer, "mp3") && (av_dict_set(&mopts, "id3v2_version", "0", 0) < 0 ||
                                      av_dict_set(&mopts, "write_xing", "0", 0) < 0))
            st = NULL;
        if (st && avcodec_parameters_copy(st->codecpar, sh->codecpar) >= 0) {
            st->codecpar->codec_tag = 0; /* the container's tag means nothing here */
            st->time_base = sh->time_base;
            if ((oerr = avio_open(&d->oc->pb, d->path, AVIO_FLAG_WRITE)) < 0) {
                av_dict_free(&mopts);
                avformat_free_context(d->oc);
                d->oc = NULL;
                goto open_failed;
            }
            int r = avformat_write_header(d->oc, &mopts);
            av_dict_free(&mopts);
            if (r >= 0) {
                d->out_tb = st->time_base;
                d->pb = d->oc->pb;
                /* MPEG-4 Part 2 from MP4 or Matroska keeps its VOL header
                 * out of band: without it first the stream decodes to
                 * nothing (ffmpeg's own m4v output has that flaw). */
                const AVCodecParameters *par = sh->codecpar;
                if (par->codec_id == AV_CODEC_ID_MPEG4 && par->extradata_size > 0)
                    avio_write(d->pb, par->extradata, par->extradata_size);
                mp_msg(MSGT_CPLAYER, MSGL_V, "dump: writing %s as '%s'.\n",
                       avcodec_get_name(sh->codecpar->codec_id), muxer);
                return 0;
            }
            mp_msg(MSGT_CPLAYER, MSGL_V, "dump: the %s muxer refused the track: %s\n", muxer,
                   av_err2str(r));
            avio_closep(&d->oc->pb);
        }
        av_dict_free(&mopts);
        avformat_free_context(d->oc);
        d->oc = NULL;
    }
    if ((oerr = avio_open(&d->pb, d->path, AVIO_FLAG_WRITE)) < 0)
        goto open_failed;
    mp_msg(MSGT_CPLAYER, MSGL_V, "dump: writing %s packets as they are.\n",
           avcodec_get_name(sh->codecpar->codec_id));
    return 0;

open_failed:
    mp_msg(MSGT_CPLAYER, MSGL_ERR, "%s: cannot open '%s' for writing: %s.\n", d->opt,
           d->path, av_err2str(oerr));
    return -1;
}

static int dump_out_write(struct dump_out *d, AVPacket *pkt)
{
    if (!d->oc) {
        avio_write(d->pb, pkt->data, pkt->size);
        return d->pb->error;
    }
    av_packet_rescale_ts(pkt, d->in_tb, d->out_tb);
    pkt->stream_index = 0;
    pkt->pos = -1;
    return av_write_frame(d->oc, pkt);
}

/* Finish and close; *bytes: the file's size. Returns 0 or an AVERROR. */
static int dump_out_close(struct dump_out *d, int64_t *bytes)
{
    int r = 0;
    if (d->oc && d->pb)
        r = av_write_trailer(d->oc);
    *bytes = d->pb ? avio_tell(d->pb) : 0;
    if (d->pb && d->pb->error < 0 && r >= 0)
        r = d->pb->error;
    /* Closing flushes the last buffer: a full disk may show only here. */
    int cr = d->oc ? avio_closep(&d->oc->pb) : avio_closep(&d->pb);
    if (cr < 0 && r >= 0)
        r = cr;
    avformat_free_context(d->oc);
    d->oc = NULL;
    d->pb = NULL;
    return r;
}

/* The subtitle track -dumpsub writes: -sid's, else the first of -slang's
 * languages, else the first (MPlayer dumps only a -sid track and writes an
 * empty file without one). */
static struct sh_stream *dump_pick_sub(struct play_state *ps)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    if (o->sub_id >= 0)
        return demux_get_stream(ps->demuxer, MP_STREAM_SUB, o->sub_id);
    struct sh_stream *sh = play_pick_lang(ps, MP_STREAM_SUB, o->sub_lang);
    return sh ? sh : demux_get_stream(ps->demuxer, MP_STREAM_SUB, 0);
}

/* Whether pkt lies at or after -endpos (which counts from the file's
 * start, as in playback; MPlayer's dumps stop there too). */
static bool dump_past_end(const struct play_state *ps, const struct sh_stream *sh,
                          const AVPacket *pkt)
{
    double end = ps->mpctx->opts.end_pos;
    int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    if (end < 0 || ts == AV_NOPTS_VALUE)
        return false;
    return ts * av_q2d(sh->time_base) >= ps->demuxer->start_time + end;
}

enum mp_stop_reason play_dump_track(struct play_state *ps, enum mp_dump_mode mode)
{
    struct MPContext *mpctx = ps->mpctx;
    static const char *const opts[] = {
        [MP_DUMP_AUDIO] = "-dumpaudio", [MP_DUMP_VIDEO] = "-dumpvideo",
        [MP_DUMP_SUB] = "-dumpsub",
    };
    static const char *const kinds[] = {
        [MP_DUMP_AUDIO] = "audio", [MP_DUMP_VIDEO] = "video", [MP_DUMP_SUB] = "subtitle",
    };
    const char *opt = opts[mode];
    struct sh_stream *sh = mode == MP_DUMP_VIDEO ? ps->sh_video
                           : mode == MP_DUMP_AUDIO ? ps->sh_audio : dump_pick_sub(ps);
    if (!sh) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "%s: '%s' has no %s track%s.\n", opt, ps->filename,
               kinds[mode], mode == MP_DUMP_SUB && mpctx->opts.sub_id >= 0 ? " of that -sid" : "");
        return MP_STOP_ERROR;
    }
    /* Only the dumped track's packets are read. */
    if (ps->sh_video && ps->sh_video != sh)
        demux_select_stream(play_demuxer_of(ps, ps->sh_video), ps->sh_video, false);
    if (ps->sh_audio && ps->sh_audio != sh)
        demux_select_stream(play_demuxer_of(ps, ps->sh_audio), ps->sh_audio, false);
    if (mode == MP_DUMP_SUB)
        demux_select_stream(ps->demuxer, sh, true);
    struct dump_out d = {
        .opt = opt,
        .path = mpctx->opts.dumpfile ? mpctx->opts.dumpfile : DUMP_DEFAULT_FILE,
    };
    /* The subtitle substream as it is, as MPlayer writes it (a muxer would
     * add timing of its own). */
    if (dump_out_open(&d, sh, mode == MP_DUMP_SUB) < 0)
        return MP_STOP_OUTPUT;
    enum mp_stop_reason reason = MP_STOP_EOF;
    int werr = 0;
    for (;;) {
        if (mp_check_quit(mpctx)) {
            reason = MP_STOP_QUIT;
            break;
        }
        AVPacket *pkt = demux_read_packet(play_demuxer_of(ps, sh), sh);
        if (!pkt)
            break;
        if (dump_past_end(ps, sh, pkt)) {
            av_packet_free(&pkt);
            break;
        }
        werr = dump_out_write(&d, pkt);
        av_packet_free(&pkt);
        if (werr < 0)
            break;
    }
    int64_t bytes;
    int cerr = dump_out_close(&d, &bytes);
    if (werr < 0 || cerr < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "%s: cannot write '%s': %s.\n", opt, d.path,
               av_err2str(werr < 0 ? werr : cerr));
        return MP_STOP_OUTPUT;
    }
    int derr = demux_get_error(ps->demuxer);
    if (reason == MP_STOP_EOF && derr < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Error reading '%s': %s.\n", ps->filename,
               demux_strerror(derr));
        reason = MP_STOP_ERROR;
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "dump: %lld bytes written to '%s'.\n", (long long)bytes,
           d.path);
    if (reason == MP_STOP_EOF)
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Core dumped ;)\n");
    return reason;
}
