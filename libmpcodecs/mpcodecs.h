/*
 * Decoders on libavcodec, image conversion on libswscale, audio conversion
 * on libswresample.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Ownership: each *_open/_create returns an object freed by the matching
 * *_close/_free. Frames returned by the decoders are owned by the caller
 * (av_frame_free); packets passed in stay the caller's.
 */
#ifndef MP_LIBMPCODECS_MPCODECS_H
#define MP_LIBMPCODECS_MPCODECS_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <libavutil/samplefmt.h>
#include <libavutil/channel_layout.h>

enum mp_codec_error {
    CODEC_OK = 0,
    CODEC_ERR_NO_DECODER = 1, /* libavcodec has no decoder for this codec */
    CODEC_ERR_OPEN = 2,       /* the decoder refused the parameters */
    CODEC_ERR_NOMEM = 3,
    CODEC_ERR_CONVERT = 4,    /* swscale/swresample refused the formats */
};

const char *codec_strerror(int err);

/* ---- decoding (audio and video alike) ---- */

struct mp_decoder;

/*
 * Open a decoder for par. time_base is the stream's, used for packet and
 * frame timestamps. threads: 0 = automatic (libavcodec's own count), n = n
 * threads; frame and slice threading are both allowed.
 */
int mp_decoder_open(struct mp_decoder **out, const AVCodecParameters *par,
                    AVRational time_base, int threads);
void mp_decoder_close(struct mp_decoder *dec);

/* Feed one packet (NULL = end of stream: drain). Returns 0, or
 * AVERROR(EAGAIN) when frames must be received first, or another AVERROR
 * for a corrupt packet (the caller warns and goes on). */
int mp_decoder_send(struct mp_decoder *dec, const AVPacket *pkt);

/* Take one decoded frame. Returns 0 with *out set (caller frees),
 * AVERROR(EAGAIN) when it needs a packet, AVERROR_EOF when drained. The
 * frame's best_effort_timestamp is in the stream's time_base. */
int mp_decoder_receive(struct mp_decoder *dec, AVFrame **out);

/* Drop all state after a seek. */
void mp_decoder_flush(struct mp_decoder *dec);

/* libavcodec's name for the decoder ("h264"), and the codec's long name. */
const char *mp_decoder_name(const struct mp_decoder *dec);
const AVCodecContext *mp_decoder_avctx(const struct mp_decoder *dec);

/* The codec's long name ("H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10"). */
const char *mp_decoder_long_name(const struct mp_decoder *dec);

/* The codec's name for par (avcodec_get_name), for the message when
 * mp_decoder_open fails with -CODEC_ERR_NO_DECODER ("unknown_codec" for
 * ids libavcodec does not know). */
const char *mp_codec_name(const AVCodecParameters *par);

/* Let the decoder skip work on some frames (-framedrop): AVDISCARD_DEFAULT
 * decodes everything, AVDISCARD_NONREF skips frames nothing depends on. */
void mp_decoder_set_skip_frame(struct mp_decoder *dec, enum AVDiscard skip);

/*
 * Notes on the decoder:
 * - Audio and video only: a subtitle codec gives -CODEC_ERR_OPEN.
 * - mp_decoder_receive also sets the frame's pts to best_effort_timestamp,
 *   so either field may be used (AV_NOPTS_VALUE when nothing is known).
 * - mp_decoder_send(dec, NULL) twice is harmless; after draining (AVERROR_EOF
 *   from receive), mp_decoder_flush makes the decoder accept packets again.
 * - Corrupt data is logged at -v -v level only; the caller decides whether
 *   to warn.
 */

/* ---- video conversion ---- */

struct mp_image_conv;

/* Convert frames to format dst_fmt at dst_w x dst_h (0 = the source's
 * size). The source format may change from frame to frame; the converter
 * follows it. */
int mp_image_conv_create(struct mp_image_conv **out, enum AVPixelFormat dst_fmt,
                         int dst_w, int dst_h);
void mp_image_conv_free(struct mp_image_conv *c);

/* Convert src; *out is a new frame owned by the caller, with src's pts and
 * other properties copied. Returns 0 or -CODEC_ERR_x. */
int mp_image_conv_run(struct mp_image_conv *c, const AVFrame *src, AVFrame **out);

/*
 * Notes on image conversion:
 * - dst_w == 0 takes the source's width, dst_h == 0 its height (each on
 *   its own).
 * - When src already has dst_fmt and the output size, *out is a new
 *   reference to src's buffers (no copy): do not write into it.
 * - The source's colorspace and range (BT.601/709/2020, limited/full) are
 *   honoured; untagged video is taken as BT.709 above SD size, else BT.601.
 * - When scaling, the sample aspect ratio is adjusted so the display aspect
 *   stays the same.
 */

/* ---- audio conversion ---- */

struct mp_audio_conv;

/* The format audio is converted to. */
struct mp_audio_format {
    enum AVSampleFormat fmt;  /* packed formats only */
    int rate;
    int channels;
};

/* Convert decoded frames to dst. Source format/layout/rate may change
 * between frames; the converter follows. */
int mp_audio_conv_create(struct mp_audio_conv **out, const struct mp_audio_format *dst);
void mp_audio_conv_free(struct mp_audio_conv *c);

/* Play faster or slower by resampling (pitch changes with speed, as in
 * MPlayer without scaletempo): input is treated as if its rate were
 * rate * speed. 1.0 by default. */
void mp_audio_conv_set_speed(struct mp_audio_conv *c, double speed);

/*
 * Convert src (NULL = flush the converter's delay). On success *data points
 * to an internal buffer holding *samples samples of dst's format, valid
 * until the next call. Returns 0 or -CODEC_ERR_x.
 */
int mp_audio_conv_run(struct mp_audio_conv *c, const AVFrame *src,
                      const uint8_t **data, int *samples);

/* Bytes per sample frame (all channels) of f. */
int mp_audio_format_frame_bytes(const struct mp_audio_format *f);

/* Drop the samples held in the converter (after a seek), unlike
 * mp_audio_conv_run(c, NULL, ...) which returns them. */
void mp_audio_conv_reset(struct mp_audio_conv *c);

/* Seconds of output the converter holds back (resampler delay): audio
 * played so far ends this much before the last input converted. */
double mp_audio_conv_get_delay(const struct mp_audio_conv *c);

/*
 * Notes on audio conversion:
 * - dst.fmt must be packed (interleaved); create fails with
 *   -CODEC_ERR_CONVERT otherwise.
 * - Frames of more than 1 MHz (a corrupt header; set-up time grows with
 *   the rate) are refused with -CODEC_ERR_CONVERT.
 * - Input already in dst's format, rate and channel count (speed 1) is
 *   copied bit-exactly. Conversions without resampling (fltp -> s16, channel
 *   mixing) add no delay: every call returns exactly src->nb_samples.
 * - When the source format, rate or layout changes, or the speed changes,
 *   the old resampler's delayed samples are output first (in the same call),
 *   so no samples are lost.
 * - run(c, NULL, ...) returns what the resampler still held; the next frame
 *   starts a fresh resampler.
 */

#endif
