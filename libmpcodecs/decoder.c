/*
 * Audio and video decoding on libavcodec's send/receive API.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>

#include <libavutil/error.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

struct mp_decoder {
    AVCodecContext *avctx;
    AVFrame *spare;     // reused for receive attempts that give EAGAIN/EOF
    bool draining;
    int msgt;
    int field_dominance;    // -1: as decoded, 0: top field first, 1: bottom
};

const char *mp_codec_name(const AVCodecParameters *par)
{
    return avcodec_get_name(par ? par->codec_id : AV_CODEC_ID_NONE);
}

int mp_decoder_open(struct mp_decoder **out, const AVCodecParameters *par,
                    AVRational time_base, int threads)
{
    return mp_decoder_open_opts(out, par, time_base, threads, NULL);
}

void mp_decoder_set_field_dominance(struct mp_decoder *dec, int dominance)
{
    dec->field_dominance = dominance;
}

int mp_decoder_open_opts(struct mp_decoder **out, const AVCodecParameters *par,
                         AVRational time_base, int threads, AVDictionary **opts)
{
    *out = NULL;
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    if (!codec)
        return -CODEC_ERR_NO_DECODER;
    // Subtitle decoders do not speak send/receive; libass handles those.
    if (codec->type != AVMEDIA_TYPE_AUDIO && codec->type != AVMEDIA_TYPE_VIDEO)
        return -CODEC_ERR_OPEN;

    struct mp_decoder *dec = calloc(1, sizeof(*dec));
    if (!dec)
        return -CODEC_ERR_NOMEM;
    dec->msgt = par->codec_type == AVMEDIA_TYPE_AUDIO ? MSGT_DECAUDIO : MSGT_DECVIDEO;
    dec->field_dominance = -1;
    dec->avctx = avcodec_alloc_context3(codec);
    if (!dec->avctx) {
        free(dec);
        return -CODEC_ERR_NOMEM;
    }
    AVCodecContext *avctx = dec->avctx;
    int ret = avcodec_parameters_to_context(avctx, par);
    if (ret < 0) {
        mp_decoder_close(dec);
        return ret == AVERROR(ENOMEM) ? -CODEC_ERR_NOMEM : -CODEC_ERR_OPEN;
    }
    // Packet timestamps are in the stream's time base; telling libavcodec so
    // keeps best_effort_timestamp in that base too.
    avctx->pkt_timebase = time_base;
    avctx->thread_count = threads > 0 ? threads : 0;
    avctx->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;

    ret = avcodec_open2(avctx, codec, opts);
    if (ret < 0) {
        mp_msg(dec->msgt, MSGL_V, "avcodec_open2(%s): %s\n", codec->name, av_err2str(ret));
        mp_decoder_close(dec);
        return ret == AVERROR(ENOMEM) ? -CODEC_ERR_NOMEM : -CODEC_ERR_OPEN;
    }
    mp_msg(dec->msgt, MSGL_V, "Opened decoder %s (%s), %d thread(s).\n", codec->name,
           codec->long_name ? codec->long_name : "?", avctx->thread_count);
    *out = dec;
    return 0;
}

void mp_decoder_close(struct mp_decoder *dec)
{
    if (!dec)
        return;
    avcodec_free_context(&dec->avctx);
    av_frame_free(&dec->spare);
    free(dec);
}

int mp_decoder_send(struct mp_decoder *dec, const AVPacket *pkt)
{
    if (!pkt) {
        // A second end-of-stream is harmless; do not let it look like a
        // corrupt packet to the caller.
        if (dec->draining)
            return 0;
        dec->draining = true;
    }
    int ret = avcodec_send_packet(dec->avctx, pkt);
    if (ret == AVERROR_EOF && !pkt)
        return 0;
    if (ret < 0 && ret != AVERROR(EAGAIN))
        mp_msg(dec->msgt, MSGL_DBG2, "avcodec_send_packet: %s\n", av_err2str(ret));
    return ret;
}

int mp_decoder_receive(struct mp_decoder *dec, AVFrame **out)
{
    *out = NULL;
    if (!dec->spare) {
        dec->spare = av_frame_alloc();
        if (!dec->spare)
            return AVERROR(ENOMEM);
    }
    int ret = avcodec_receive_frame(dec->avctx, dec->spare);
    if (ret < 0) {
        if (ret != AVERROR(EAGAIN) && ret != AVERROR_EOF)
            mp_msg(dec->msgt, MSGL_DBG2, "avcodec_receive_frame: %s\n", av_err2str(ret));
        return ret;
    }
    AVFrame *f = dec->spare;
    dec->spare = NULL;
    // Containers with broken or missing timestamps are common; the
    // heuristic value is what playback wants, so both fields carry it.
    f->pts = f->best_effort_timestamp;
    if (dec->field_dominance >= 0 && dec->msgt == MSGT_DECVIDEO) {
        // What deinterlacers with automatic parity (yadif, bwdif) read;
        // they take the order of interlaced frames only, and the option
        // says the content is (as MPlayer's fields marked ordered).
#ifdef AV_FRAME_FLAG_TOP_FIELD_FIRST
        f->flags |= AV_FRAME_FLAG_INTERLACED;
        if (dec->field_dominance == 0)
            f->flags |= AV_FRAME_FLAG_TOP_FIELD_FIRST;
        else
            f->flags &= ~AV_FRAME_FLAG_TOP_FIELD_FIRST;
#else
        f->interlaced_frame = 1;
        f->top_field_first = dec->field_dominance == 0;
#endif
    }
    *out = f;
    return 0;
}

void mp_decoder_flush(struct mp_decoder *dec)
{
    avcodec_flush_buffers(dec->avctx);
    dec->draining = false;
}

void mp_decoder_set_skip_frame(struct mp_decoder *dec, enum AVDiscard skip)
{
    dec->avctx->skip_frame = skip;
}

const char *mp_decoder_name(const struct mp_decoder *dec)
{
    return dec->avctx->codec->name;
}

const char *mp_decoder_long_name(const struct mp_decoder *dec)
{
    const char *n = dec->avctx->codec->long_name;
    return n ? n : dec->avctx->codec->name;
}

const AVCodecContext *mp_decoder_avctx(const struct mp_decoder *dec)
{
    return dec->avctx;
}
