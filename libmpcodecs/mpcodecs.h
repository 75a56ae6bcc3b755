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
/* The same with settings for the decoder (AVOptions, e.g. the AC-3
 * decoder's drc_scale); what the decoder did not take is left in *opts.
 * opts may be NULL. */
int mp_decoder_open_opts(struct mp_decoder **out, const AVCodecParameters *par,
                         AVRational time_base, int threads, AVDictionary **opts);
/* -field-dominance: mark every decoded picture top field first (0) or
 * bottom field first (1), for deinterlacers that follow the frame's
 * field order; -1 leaves the decoder's marks. */
void mp_decoder_set_field_dominance(struct mp_decoder *dec, int dominance);
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

/* -sws / -swsopts (sws_opts.c): the scaler settings of every libswscale
 * use, as libswscale's text. A plain value: the player keeps one in its
 * context and passes it to each converter and filter chain it makes, which
 * copy it (so it may change or go away after). All zero: the defaults. */
struct mp_sws_opts {
    char graph[512]; /* a filter graph's scale_sws_opts ("flags=..."), "" */
    char ctx[512];   /* a SwsContext's options ("sws_flags=..."), "" */
};

/* Fill *out from type: MPlayer's -sws number 0..10 (-1: bicubic, the
 * default), and opts: libswscale's options "key=value:..." or NULL.
 * Returns 0, or -1 when libswscale refuses them (*out is left as it was). */
int mp_sws_opts_set(struct mp_sws_opts *out, int type, const char *opts);
/* 0 when libswscale takes opts ("key=value:..."), else -1. */
int mp_sws_check_opts(const char *opts);
/* The settings as a filter graph's scale_sws_opts; NULL (also for sws
 * NULL): the defaults. */
const char *mp_sws_graph_opts(const struct mp_sws_opts *sws);
struct SwsContext;
/* sws_getContext with the settings sws (NULL: the defaults). */
struct SwsContext *mp_sws_get_context(const struct mp_sws_opts *sws, int src_w, int src_h,
                                      enum AVPixelFormat src_fmt, int dst_w, int dst_h,
                                      enum AVPixelFormat dst_fmt);

/* Convert frames to format dst_fmt at dst_w x dst_h (0 = the source's
 * size) with the scaler settings sws (copied; NULL: the defaults). The
 * source format may change from frame to frame; the converter follows it. */
int mp_image_conv_create(struct mp_image_conv **out, enum AVPixelFormat dst_fmt,
                         int dst_w, int dst_h, const struct mp_sws_opts *sws);
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

/* ==== BEGIN filter chains: -vf / -af on libavfilter (issue #8) ====
 * filter_map.c, lavfi_graph.c, vf_lavfi.c, af_lavfi.c. Link with
 * libavfilter. DOCS/tech/filters.md describes the mapping. */

enum mp_filter_kind {
    MP_FILTER_VIDEO = 0,
    MP_FILTER_AUDIO = 1,
};

/* One entry of an MPlayer filter list: "name=arg1:arg2". */
struct mp_filter_entry {
    char *name;
    int nargs;
    char **args;
};

/* A parsed list "name=a:b,name2,..."; freed by mp_filter_list_uninit. */
struct mp_filter_list {
    int count;
    struct mp_filter_entry *items;
};

/* Split spec (NULL or "" = empty list). Returns 0, or -1 for a malformed
 * list (empty entry, bad name): nothing to free then. Names are not
 * checked against the known filters here. */
int mp_filter_list_parse(const char *spec, struct mp_filter_list *out);
void mp_filter_list_uninit(struct mp_filter_list *l);

/*
 * The option list edits as string functions. op is "add" (-vf-add: append
 * arg's filters), "pre" (-vf-pre: prepend), "del" (-vf-del: arg is a list of
 * 0-based indexes "1,3", negative ones counting from the end, -1 = last) or
 * "clr" (-vf-clr: empty the list; arg unused). cur may be NULL (empty).
 * On success returns 0 and *out, a new malloc'ed list the caller frees; -1
 * for a bad op, an unparsable arg or an index outside the list.
 */
int mp_filter_list_edit(const char *cur, const char *op, const char *arg, char **out);

/* Input properties that some mappings depend on (0 = unknown). */
struct mp_filter_input {
    int rate;        /* audio: sample rate (equalizer drops bands >= rate/2) */
    int channels;    /* audio: channel count (channels=, pan=, karaoke) */
    double speed;    /* audio: playback speed that scaletempo follows (0 = 1) */
};

/* One MPlayer filter's libavfilter graph text ("crop=w=10:h=10:x=0:y=0"). */
struct mp_filter_fragment {
    char *mp_name;
    char *lavfi;
};

/* The translation of a whole list; freed by mp_filter_translation_uninit.
 * Filters without a lavfi counterpart (dsize, harddup) give no fragment. */
struct mp_filter_translation {
    int count;
    struct mp_filter_fragment *frags;
    double display_aspect;  /* dsize: > 0 = new display aspect (w/h) */
    int display_w, display_h; /* dsize=w:h: display size, 0 = unchanged */
    bool has_scaletempo;    /* audio: a scaletempo follows the speed */
    bool has_format;        /* audio: the list ends in a chosen sample format */
    bool burn_subs;         /* video: ass, subtitles blended into the frames */
};

/* Translate an MPlayer list of kind's filters. Unknown filters and bad
 * arguments print one error naming the filter and return -1 (nothing to
 * free). in may be NULL. */
int mp_filter_translate(enum mp_filter_kind kind, const char *spec,
                        const struct mp_filter_input *in, struct mp_filter_translation *t);
void mp_filter_translation_uninit(struct mp_filter_translation *t);

/* The whole translation as one lavfi graph text (malloc'ed, "" when there
 * is nothing to do). */
char *mp_filter_translation_text(const struct mp_filter_translation *t);

/* True for the spec "help" (-vf help / -af help). */
bool mp_filter_spec_is_help(const char *spec);

/* List the filters of kind with their arguments (MSGT_CPLAYER, INFO). */
void mp_filter_print_list(enum mp_filter_kind kind);

/*
 * A running chain of either kind (lavfi_graph.c); the video and audio
 * chains below are thin wrappers around it. Frames go in with
 * AV_BUFFERSRC_FLAG_KEEP_REF (the caller keeps its frame). When the input's
 * format changes (video: size, pixel format, SAR; audio: sample format,
 * rate, layout) or a frame follows the end of stream, the frames the old
 * graph still held are drained and returned first, then a new graph is
 * built for the new format. Output pts are in the time_base given at
 * create. sws (copied; NULL: the defaults) is every graph's
 * scale_sws_opts: the scaler of its scale filters and of those libavfilter
 * inserts to convert formats (audio graphs have none).
 */
struct mp_lavfi_chain;

int mp_lavfi_chain_create(struct mp_lavfi_chain **out, enum mp_filter_kind kind,
                          const char *spec, const AVFrame *first_in, AVRational time_base,
                          const struct mp_sws_opts *sws);
void mp_lavfi_chain_free(struct mp_lavfi_chain *c);
int mp_lavfi_chain_send(struct mp_lavfi_chain *c, const AVFrame *in);
int mp_lavfi_chain_receive(struct mp_lavfi_chain *c, AVFrame **out);
void mp_lavfi_chain_reset(struct mp_lavfi_chain *c);
int mp_lavfi_chain_command(struct mp_lavfi_chain *c, const char *target, const char *cmd,
                           const char *arg);
int mp_lavfi_chain_set_speed(struct mp_lavfi_chain *c, double speed);
const struct mp_filter_translation *mp_lavfi_chain_translation(const struct mp_lavfi_chain *c);
const char *mp_lavfi_chain_graph_text(const struct mp_lavfi_chain *c);
/* Graphs configured so far (the first, rebuilds for a new input format or
 * speed, replacements by set_spec) and the longest one's time, seconds. */
void mp_lavfi_chain_build_stats(const struct mp_lavfi_chain *c, int *builds, double *max_s);

/*
 * Replace the list while the chain runs (slave af_add, af_del, ...). The
 * new graph is built for the format running now before the old one is
 * given up: when a filter is unknown, has a bad argument or is refused by
 * libavfilter, one message names it, the result is negative and the chain
 * runs on unchanged. On success the old graph is drained: its remaining
 * frames come out of receive before the new graph's, so nothing is lost
 * or repeated. Before the first frame only names and arguments can be
 * checked. Equalizer commands are replayed on the new graph.
 */
int mp_lavfi_chain_set_spec(struct mp_lavfi_chain *c, const char *spec);

/*
 * Try spec on input like fmt (a frame without data: format, size, SAR or
 * rate and layout) with a throwaway graph, before anything plays. On
 * success returns 0 and, when out is not NULL, sets out's format, size,
 * SAR, rate and layout to what the chain outputs (an audio chain keeps
 * fmt's sample format unless it ends in format=). On failure prints one
 * message naming the filter at fault and the input, and returns < 0.
 * libavfilter's own log lines are the caller's to quiet. sws: as for
 * mp_lavfi_chain_create.
 */
int mp_lavfi_chain_probe(enum mp_filter_kind kind, const char *spec, const AVFrame *fmt,
                         const struct mp_sws_opts *sws, AVFrame *out);

/* The list the chain runs (never NULL; "" = pass through). */
const char *mp_lavfi_chain_spec(const struct mp_lavfi_chain *c);

/* ---- video filter chain (-vf) ---- */

struct mp_vf_chain;

/*
 * Build the chain for spec (MPlayer syntax, "" = pass through) for frames
 * like first_in (only its properties are read) whose pts are in time_base.
 * Returns 0, or -1 after one error message naming the filter (unknown
 * filter, bad argument, or libavfilter refusing it for this input).
 * sws: the scaler settings (copied; NULL: the defaults). Freed by
 * mp_vf_chain_free.
 */
int mp_vf_chain_create(struct mp_vf_chain **out, const char *spec, const AVFrame *first_in,
                       AVRational time_base, const struct mp_sws_opts *sws);
void mp_vf_chain_free(struct mp_vf_chain *c);

/* Feed one frame (NULL = end of stream). The caller keeps in. Returns 0
 * or an AVERROR. */
int mp_vf_chain_send(struct mp_vf_chain *c, const AVFrame *in);

/* Take one filtered frame: 0 with *out (caller frees), AVERROR(EAGAIN)
 * when it needs input, AVERROR_EOF after the end of stream is drained. */
int mp_vf_chain_receive(struct mp_vf_chain *c, AVFrame **out);

/* send(in) then receive(out) in one call; in == NULL sends the end of
 * stream (once) and drains. A filter that makes more frames than it gets
 * (yadif=1) leaves the rest for mp_vf_chain_receive. */
int mp_vf_chain_filter(struct mp_vf_chain *c, const AVFrame *in, AVFrame **out);

/* Forget held frames (after a seek); the graph is rebuilt on the next
 * frame. */
void mp_vf_chain_reset(struct mp_vf_chain *c);

/* MPlayer's video equalizer properties (slave step_property, keys):
 * name "brightness", "contrast", "saturation", "gamma" (eq filter) or
 * "hue" (hue filter), value -100..100 as in MPlayer. Returns 0, or
 * AVERROR(ENOSYS) when the chain has no such filter (add -vf eq2 / hue),
 * AVERROR(EINVAL) for an unknown name. Kept across graph rebuilds. */
int mp_vf_chain_set_eq(struct mp_vf_chain *c, const char *name, int value);

/* Any lavfi command (avfilter_graph_send_command; target is a lavfi filter
 * name or "all"). */
int mp_vf_chain_command(struct mp_vf_chain *c, const char *target, const char *cmd,
                        const char *arg);

/* The chain's own lavfi chain, for what both kinds share
 * (mp_lavfi_chain_set_spec, _send, _receive); owned by c. */
struct mp_lavfi_chain *mp_vf_chain_lavfi(struct mp_vf_chain *c);

/* dsize's result: display aspect (0 = unchanged) and display size (0 =
 * unchanged), for the video output. */
double mp_vf_chain_display_aspect(const struct mp_vf_chain *c);
void mp_vf_chain_display_size(const struct mp_vf_chain *c, int *w, int *h);

/* True when the list has ass: the subtitles and OSD must be blended into
 * the chain's output frames (which are then in a format blending knows)
 * whatever the output's own format. */
bool mp_vf_chain_burns_subs(const struct mp_vf_chain *c);

/* -vf help */
void mp_vf_list_filters(void);

/* ---- audio filter chain (-af) ---- */

struct mp_af_chain;

/* As the video chain, for audio frames. Output keeps the decoder's sample
 * format (an aformat closes the graph) unless the list ends in format=;
 * rate and channels change only through resample=, channels=, pan=. */
int mp_af_chain_create(struct mp_af_chain **out, const char *spec, const AVFrame *first_in,
                       AVRational time_base);
void mp_af_chain_free(struct mp_af_chain *c);
int mp_af_chain_send(struct mp_af_chain *c, const AVFrame *in);
int mp_af_chain_receive(struct mp_af_chain *c, AVFrame **out);
int mp_af_chain_filter(struct mp_af_chain *c, const AVFrame *in, AVFrame **out);
void mp_af_chain_reset(struct mp_af_chain *c);

/* Playback speed for scaletempo (tempo changes, pitch stays). Returns 1
 * when the chain has a scaletempo (the caller must then not resample for
 * the speed itself), 0 when it has none, <0 on error. */
int mp_af_chain_set_speed(struct mp_af_chain *c, double speed);

/* The chain's own lavfi chain (see mp_vf_chain_lavfi). */
struct mp_lavfi_chain *mp_af_chain_lavfi(struct mp_af_chain *c);

/* True when the chain has scaletempo. */
bool mp_af_chain_has_scaletempo(const struct mp_af_chain *c);

/* -af help */
void mp_af_list_filters(void);

/* ==== END filter chains ==== */

#endif
