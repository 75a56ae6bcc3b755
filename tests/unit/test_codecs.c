/*
 * Unit tests for libmpcodecs: decoding generated clips, image and audio
 * conversion.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Packets come from libavformat directly, so these tests do not depend on
 * the demuxer module.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include <libavformat/avformat.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>

#include "libmpcodecs/mpcodecs.h"
#include "test_picture.h"
#include "test_util.h"

/* ---- helpers ---- */

typedef void (*frame_cb)(void *ctx, const AVFrame *f);

struct decode_stats {
    int packets;
    int frames;
    int errors;
    int64_t last_pts;
    bool pts_increasing;
};

static void got_frame(struct decode_stats *st, AVFrame *f, frame_cb cb, void *ctx)
{
    if (st->frames > 0 && f->pts != AV_NOPTS_VALUE && f->pts <= st->last_pts)
        st->pts_increasing = false;
    if (f->pts != AV_NOPTS_VALUE)
        st->last_pts = f->pts;
    st->frames++;
    if (cb)
        cb(ctx, f);
}

/* Send pkt (NULL: drain) and take every frame the decoder has. */
static int feed(struct mp_decoder *dec, const AVPacket *pkt, struct decode_stats *st,
                frame_cb cb, void *ctx)
{
    for (;;) {
        int sret = mp_decoder_send(dec, pkt);
        int rret;
        AVFrame *f;
        while ((rret = mp_decoder_receive(dec, &f)) == 0) {
            got_frame(st, f, cb, ctx);
            av_frame_free(&f);
        }
        if (rret != AVERROR(EAGAIN) && rret != AVERROR_EOF)
            return rret;
        if (!pkt && sret == 0)
            return rret == AVERROR_EOF ? 0 : -1;
        if (sret != AVERROR(EAGAIN))
            return sret;
    }
}

/* Decode the best stream of `type` in path; each frame goes to cb. */
static int decode_file(const char *path, enum AVMediaType type, int threads,
                       struct decode_stats *st, frame_cb cb, void *ctx)
{
    *st = (struct decode_stats){.pts_increasing = true, .last_pts = INT64_MIN};
    AVFormatContext *fmt = NULL;
    if (avformat_open_input(&fmt, path, NULL, NULL) < 0)
        return -1;
    int ret = -1;
    struct mp_decoder *dec = NULL;
    AVPacket *pkt = av_packet_alloc();
    if (!pkt || avformat_find_stream_info(fmt, NULL) < 0)
        goto done;
    int idx = av_find_best_stream(fmt, type, -1, -1, NULL, 0);
    if (idx < 0)
        goto done;
    AVStream *s = fmt->streams[idx];
    if (mp_decoder_open(&dec, s->codecpar, s->time_base, threads) < 0)
        goto done;
    while (av_read_frame(fmt, pkt) >= 0) {
        if (pkt->stream_index == idx) {
            st->packets++;
            if (feed(dec, pkt, st, cb, ctx) < 0)
                st->errors++;
        }
        av_packet_unref(pkt);
    }
    ret = feed(dec, NULL, st, cb, ctx);
    // After the end, a second drain request is harmless and gives EOF.
    AVFrame *f = NULL;
    if (ret == 0 && (mp_decoder_send(dec, NULL) != 0 ||
                     mp_decoder_receive(dec, &f) != AVERROR_EOF))
        ret = -1;
done:
    mp_decoder_close(dec);
    av_packet_free(&pkt);
    avformat_close_input(&fmt);
    return ret;
}

static uint32_t rd_le32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The data chunk of a RIFF WAVE file (points into wav). */
static const uint8_t *wav_data(const uint8_t *wav, size_t size, size_t *len)
{
    if (size < 12 || memcmp(wav, "RIFF", 4) || memcmp(wav + 8, "WAVE", 4))
        return NULL;
    size_t pos = 12;
    while (pos + 8 <= size) {
        uint32_t csize = rd_le32(wav + pos + 4);
        if (!memcmp(wav + pos, "data", 4)) {
            *len = csize <= size - pos - 8 ? csize : size - pos - 8;
            return wav + pos + 8;
        }
        pos += 8 + csize + (csize & 1);
    }
    return NULL;
}

/* Appends converted audio. */
struct pcm_sink {
    struct mp_audio_conv *conv;
    int frame_bytes;
    uint8_t *data;
    size_t len, cap;
    int64_t in_samples;
    int conv_errors;
    /* fltp reference check */
    int max_diff;
    int64_t checked;
};

static void sink_append(struct pcm_sink *s, const uint8_t *data, int samples)
{
    size_t n = (size_t)samples * s->frame_bytes;
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 65536;
        while (cap < s->len + n)
            cap *= 2;
        uint8_t *d = realloc(s->data, cap);
        assert_non_null(d);
        s->data = d;
        s->cap = cap;
    }
    if (n)
        memcpy(s->data + s->len, data, n);
    s->len += n;
}

static int16_t ref_flt_to_s16(float v)
{
    long x = lrintf(v * 32768.0f);
    return x > 32767 ? 32767 : x < -32768 ? -32768 : (int16_t)x;
}

static void sink_frame(void *ctx, const AVFrame *f)
{
    struct pcm_sink *s = ctx;
    const uint8_t *data;
    int samples;
    if (mp_audio_conv_run(s->conv, f, &data, &samples) < 0) {
        s->conv_errors++;
        return;
    }
    s->in_samples += f->nb_samples;
    // With fltp input and s16 output without resampling, every sample can
    // be checked against a plain conversion.
    if (f->format == AV_SAMPLE_FMT_FLTP && samples == f->nb_samples) {
        int ch = f->ch_layout.nb_channels;
        const int16_t *out = (const int16_t *)data;
        for (int i = 0; i < samples; i++) {
            for (int c = 0; c < ch; c++) {
                int16_t ref = ref_flt_to_s16(((const float *)f->extended_data[c])[i]);
                int d = abs(out[i * ch + c] - ref);
                if (d > s->max_diff)
                    s->max_diff = d;
                s->checked++;
            }
        }
    }
    sink_append(s, data, samples);
}

static void sink_flush(struct pcm_sink *s)
{
    const uint8_t *data;
    int samples;
    assert_int_equal(mp_audio_conv_run(s->conv, NULL, &data, &samples), 0);
    sink_append(s, data, samples);
}

static void sink_init(struct pcm_sink *s, enum AVSampleFormat fmt, int rate, int channels)
{
    *s = (struct pcm_sink){0};
    struct mp_audio_format af = {fmt, rate, channels};
    assert_int_equal(mp_audio_conv_create(&s->conv, &af), 0);
    s->frame_bytes = mp_audio_format_frame_bytes(&af);
    assert_int_equal(s->frame_bytes, av_get_bytes_per_sample(fmt) * channels);
}

static void sink_free(struct pcm_sink *s)
{
    mp_audio_conv_free(s->conv);
    free(s->data);
}

static int64_t sink_samples(const struct pcm_sink *s)
{
    return (int64_t)(s->len / s->frame_bytes);
}

/* s: a fresh sink to s16 stereo at rate, fed all the audio of path. */
static void sink_decode_file(struct pcm_sink *s, const char *path, int rate)
{
    sink_init(s, AV_SAMPLE_FMT_S16, rate, 2);
    struct decode_stats st;
    assert_int_equal(decode_file(path, AVMEDIA_TYPE_AUDIO, 0, &st, sink_frame, s), 0);
}

/* A synthetic audio frame: a ramp with a per-channel offset. */
static AVFrame *make_audio(enum AVSampleFormat fmt, int rate, int channels, int n, int seed)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->format = fmt;
    f->sample_rate = rate;
    f->nb_samples = n;
    av_channel_layout_default(&f->ch_layout, channels);
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    bool planar = av_sample_fmt_is_planar(fmt);
    for (int i = 0; i < n; i++) {
        for (int c = 0; c < channels; c++) {
            int v = ((seed + i * 37 + c * 1000) % 20000) - 10000;
            int plane = planar ? c : 0;
            int idx = planar ? i : i * channels + c;
            switch (av_get_packed_sample_fmt(fmt)) {
            case AV_SAMPLE_FMT_S16:
                ((int16_t *)f->extended_data[plane])[idx] = (int16_t)v;
                break;
            case AV_SAMPLE_FMT_FLT:
                ((float *)f->extended_data[plane])[idx] = v / 32768.0f;
                break;
            default:
                fail_msg("unsupported test format");
            }
        }
    }
    return f;
}

/* ---- decoding ---- */

/* A fresh folder for a test clip, and the clip's path in it. */
struct clip_dir {
    char *dir;
    char path[512];
};

static struct clip_dir clip_dir_make(const char *name)
{
    struct clip_dir cd = {test_mkdtemp(), ""};
    assert_non_null(cd.dir);
    test_path(cd.path, sizeof(cd.path), cd.dir, name);
    return cd;
}

static void count_video(const char *name, const char *opts, int threads)
{
    struct clip_dir cd = clip_dir_make(name);
    assert_int_equal(test_make_clip(cd.path, 1.0, 160, 120, 25, 0, opts), 0);

    struct decode_stats st;
    assert_int_equal(decode_file(cd.path, AVMEDIA_TYPE_VIDEO, threads, &st, NULL, NULL), 0);
    assert_int_equal(st.errors, 0);
    assert_int_equal(st.packets, 25);
    assert_int_equal(st.frames, 25);
    assert_true(st.pts_increasing);
    test_rmdir(cd.dir);
}

static void test_mpeg4_frame_count(void **state)
{
    // B-frames and frame threads: frames come out late and reordered, and
    // the drain at the end must deliver the rest.
    count_video("v.mkv", "-c:v mpeg4 -bf 2 -g 12", 2);
}

static void test_ffv1_frame_count(void **state)
{
    count_video("v.avi", "-c:v ffv1", 0);
}

static void test_decoder_names_and_flush(void **state)
{
    struct clip_dir cd = clip_dir_make("v.mkv");
    assert_int_equal(test_make_clip(cd.path, 1.0, 160, 120, 25, 0, "-c:v mpeg4 -g 5"), 0);

    AVFormatContext *fmt = NULL;
    assert_int_equal(avformat_open_input(&fmt, cd.path, NULL, NULL), 0);
    assert_true(avformat_find_stream_info(fmt, NULL) >= 0);
    AVStream *s = fmt->streams[0];
    struct mp_decoder *dec;
    assert_int_equal(mp_decoder_open(&dec, s->codecpar, s->time_base, 1), 0);
    assert_string_equal(mp_decoder_name(dec), "mpeg4");
    assert_non_null(strstr(mp_decoder_long_name(dec), "MPEG-4"));
    assert_int_equal(mp_decoder_avctx(dec)->width, 160);
    assert_string_equal(mp_codec_name(s->codecpar), "mpeg4");

    struct decode_stats st = {.pts_increasing = true};
    AVPacket *pkt = av_packet_alloc();
    for (int i = 0; i < 8 && av_read_frame(fmt, pkt) >= 0; i++) {
        assert_int_equal(feed(dec, pkt, &st, NULL, NULL), 0);
        av_packet_unref(pkt);
    }
    assert_int_equal(st.frames, 8);

    // Drained, then flushed: the decoder takes packets again (a seek back to
    // the start) and decodes the whole clip.
    assert_int_equal(feed(dec, NULL, &st, NULL, NULL), 0);
    mp_decoder_flush(dec);
    assert_true(av_seek_frame(fmt, 0, 0, AVSEEK_FLAG_BACKWARD) >= 0);
    st = (struct decode_stats){.pts_increasing = true, .last_pts = INT64_MIN};
    int64_t first_pts = AV_NOPTS_VALUE;
    while (av_read_frame(fmt, pkt) >= 0) {
        assert_int_equal(feed(dec, pkt, &st, NULL, NULL), 0);
        if (first_pts == AV_NOPTS_VALUE && st.frames > 0)
            first_pts = st.last_pts;
        av_packet_unref(pkt);
    }
    assert_int_equal(feed(dec, NULL, &st, NULL, NULL), 0);
    assert_int_equal(st.frames, 25);
    assert_true(st.pts_increasing);
    // Timestamps are in the stream's time base (mkv: 1/1000): 25 fps.
    assert_int_equal(s->time_base.den, 1000);
    assert_int_equal(first_pts, 0);
    assert_int_equal(st.last_pts, 960);

    av_packet_free(&pkt);
    mp_decoder_close(dec);
    avformat_close_input(&fmt);
    test_rmdir(cd.dir);
}

static void test_no_decoder(void **state)
{
    AVCodecParameters *par = avcodec_parameters_alloc();
    assert_non_null(par);
    par->codec_type = AVMEDIA_TYPE_ATTACHMENT;
    par->codec_id = AV_CODEC_ID_TTF;
    struct mp_decoder *dec = (struct mp_decoder *)par; // must be reset
    assert_int_equal(mp_decoder_open(&dec, par, (AVRational){1, 1000}, 0),
                     -CODEC_ERR_NO_DECODER);
    assert_null(dec);
    assert_string_equal(mp_codec_name(par), "ttf");
    par->codec_type = AVMEDIA_TYPE_SUBTITLE;
    par->codec_id = AV_CODEC_ID_SUBRIP;
    assert_int_equal(mp_decoder_open(&dec, par, (AVRational){1, 1000}, 0), -CODEC_ERR_OPEN);
    assert_null(dec);
    assert_string_equal(codec_strerror(-CODEC_ERR_NO_DECODER), "no decoder for this codec");
    assert_string_equal(codec_strerror(CODEC_ERR_CONVERT), "format conversion not supported");
    assert_string_equal(codec_strerror(-99), "unknown codec error");
    avcodec_parameters_free(&par);
}

static void test_corrupt_packet(void **state)
{
    // Garbage for ffv1 is an error returned to the caller, not a crash, and
    // the decoder is still usable.
    AVCodecParameters *par = avcodec_parameters_alloc();
    par->codec_type = AVMEDIA_TYPE_VIDEO;
    par->codec_id = AV_CODEC_ID_FFV1;
    par->width = 64;
    par->height = 48;
    par->format = AV_PIX_FMT_YUV420P;
    struct mp_decoder *dec;
    assert_int_equal(mp_decoder_open(&dec, par, (AVRational){1, 25}, 1), 0);
    AVPacket *pkt = av_packet_alloc();
    assert_int_equal(av_new_packet(pkt, 64), 0);
    memset(pkt->data, 0xa5, 64);
    int sret = mp_decoder_send(dec, pkt);
    AVFrame *f = NULL;
    int rret = mp_decoder_receive(dec, &f);
    av_frame_free(&f);
    assert_true(sret < 0 || (rret < 0 && rret != AVERROR(EAGAIN)));
    assert_int_equal(mp_decoder_send(dec, NULL), 0);
    av_packet_free(&pkt);
    mp_decoder_close(dec);
    avcodec_parameters_free(&par);
}

/* ---- audio ---- */

/* sink: test_make_clip's 440 Hz sine at 48 kHz, secs long, in the file
 * name with the encoder options extra, decoded to s16 stereo at rate. */
static void sink_decode_sine(struct pcm_sink *sink, const char *name, double secs,
                             const char *extra, int rate)
{
    struct clip_dir cd = clip_dir_make(name);
    assert_int_equal(test_make_clip(cd.path, secs, 0, 0, 0, 48000, extra), 0);
    sink_decode_file(sink, cd.path, rate);
    test_rmdir(cd.dir);
}

static void test_pcm_s16_bitexact(void **state)
{
    struct clip_dir cd = clip_dir_make("a.wav");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                             "'aevalsrc=sin(440*2*PI*t)*0.9|sin(313*2*PI*t)*0.5:s=44100' "
                             "-t 1.37 -c:a pcm_s16le '%s'", cd.path), 0);
    size_t size = 0;
    uint8_t *wav = test_read_file(cd.path, &size);
    assert_non_null(wav);
    size_t raw_len = 0;
    const uint8_t *raw = wav_data(wav, size, &raw_len);
    assert_non_null(raw);
    assert_int_equal(raw_len, (size_t)60417 * 4);

    struct pcm_sink sink;
    sink_decode_file(&sink, cd.path, 44100);
    assert_int_equal(sink.conv_errors, 0);
    sink_flush(&sink);
    assert_int_equal(sink.len, raw_len);
    assert_memory_equal(sink.data, raw, raw_len);
    assert_true(mp_audio_conv_get_delay(sink.conv) == 0);

    sink_free(&sink);
    free(wav);
    test_rmdir(cd.dir);
}

static void test_fltp_to_s16_exact_count(void **state)
{
    struct pcm_sink sink;
    sink_decode_sine(&sink, "a.m4a", 1.0, "-ac 2 -c:a aac -b:a 96k", 48000);
    assert_int_equal(sink.conv_errors, 0);
    assert_true(sink.in_samples >= 48000);
    // No resampling: nothing held back, not one sample more or less.
    assert_int_equal(sink_samples(&sink), sink.in_samples);
    sink_flush(&sink);
    assert_int_equal(sink_samples(&sink), sink.in_samples);
    // ...and the values are the plain float -> s16 conversion.
    assert_int_equal(sink.checked, sink.in_samples * 2);
    assert_true(sink.max_diff <= 1);
    sink_free(&sink);
}

static void test_resample_48k_to_44k(void **state)
{
    struct pcm_sink sink;
    sink_decode_sine(&sink, "a.wav", 2.0, "-ac 2 -c:a pcm_s16le", 44100);
    assert_int_equal(sink.in_samples, 96000);
    int64_t before = sink_samples(&sink);
    assert_true(mp_audio_conv_get_delay(sink.conv) > 0);
    sink_flush(&sink);
    int64_t total = sink_samples(&sink);
    assert_true(before < total);
    assert_true(llabs(total - 88200) <= 32);

    // The 440 Hz sine survives: count zero crossings of the left channel.
    const int16_t *pcm = (const int16_t *)sink.data;
    int crossings = 0;
    for (int64_t i = 1; i < total; i++)
        crossings += (pcm[2 * (i - 1)] < 0) != (pcm[2 * i] < 0);
    assert_true(abs(crossings - 2 * 440 * 2) <= 4);
    sink_free(&sink);
}

static void test_speed(void **state)
{
    struct pcm_sink sink;
    sink_init(&sink, AV_SAMPLE_FMT_S16, 44100, 2);
    mp_audio_conv_set_speed(sink.conv, 2.0);
    for (int i = 0; i < 20; i++) {
        AVFrame *f = make_audio(AV_SAMPLE_FMT_S16, 44100, 2, 4410, i * 4410);
        sink_frame(&sink, f);
        av_frame_free(&f);
    }
    // Speed change mid-stream: the old resampler's tail comes out first.
    mp_audio_conv_set_speed(sink.conv, 0.0); // ignored
    mp_audio_conv_set_speed(sink.conv, 1.0);
    AVFrame *f = make_audio(AV_SAMPLE_FMT_S16, 44100, 2, 4410, 7);
    const uint8_t *data;
    int samples;
    assert_int_equal(mp_audio_conv_run(sink.conv, f, &data, &samples), 0);
    assert_true(samples > 4410);
    // Back at speed 1 with the same format: copied exactly, at the end.
    assert_memory_equal(data + (size_t)(samples - 4410) * 4, f->data[0], 4410 * 4);
    sink_append(&sink, data, samples);
    av_frame_free(&f);
    sink_flush(&sink);
    assert_int_equal(sink.conv_errors, 0);
    assert_true(llabs(sink_samples(&sink) - (44100 + 4410)) <= 32);
    sink_free(&sink);
}

static void test_audio_format_change(void **state)
{
    struct pcm_sink sink;
    sink_init(&sink, AV_SAMPLE_FMT_S16, 44100, 2);
    const uint8_t *data;
    int samples;

    // s16 stereo at the output rate: a copy.
    AVFrame *a = make_audio(AV_SAMPLE_FMT_S16, 44100, 2, 1000, 1);
    assert_int_equal(mp_audio_conv_run(sink.conv, a, &data, &samples), 0);
    assert_int_equal(samples, 1000);
    assert_memory_equal(data, a->data[0], 1000 * 4);
    sink_append(&sink, data, samples);

    // fltp mono at 48 kHz: resampled and upmixed.
    int64_t fl_in = 0;
    for (int i = 0; i < 10; i++) {
        AVFrame *b = make_audio(AV_SAMPLE_FMT_FLTP, 48000, 1, 960, i * 960);
        assert_int_equal(mp_audio_conv_run(sink.conv, b, &data, &samples), 0);
        sink_append(&sink, data, samples);
        fl_in += b->nb_samples;
        av_frame_free(&b);
    }

    // Back to s16 stereo: the resampler's delay comes first, then the new
    // frame exactly.
    AVFrame *c = make_audio(AV_SAMPLE_FMT_S16, 44100, 2, 500, 2);
    assert_int_equal(mp_audio_conv_run(sink.conv, c, &data, &samples), 0);
    assert_true(samples > 500);
    assert_memory_equal(data + (size_t)(samples - 500) * 4, c->data[0], 500 * 4);
    sink_append(&sink, data, samples);
    sink_flush(&sink);

    int64_t expect = 1000 + fl_in * 44100 / 48000 + 500;
    assert_true(llabs(sink_samples(&sink) - expect) <= 32);
    assert_memory_equal(sink.data, a->data[0], 1000 * 4);
    // Mono to stereo: both channels carry the same signal.
    const int16_t *pcm = (const int16_t *)sink.data;
    for (int i = 1100; i < 1100 + 5000; i++)
        assert_int_equal(pcm[2 * i], pcm[2 * i + 1]);

    // Planar float with the same layout, no resampling: exact count.
    AVFrame *d = make_audio(AV_SAMPLE_FMT_FLTP, 44100, 2, 777, 3);
    assert_int_equal(mp_audio_conv_run(sink.conv, d, &data, &samples), 0);
    assert_int_equal(samples, 777);
    assert_int_equal(((const int16_t *)data)[2 * 5 + 1],
                     ref_flt_to_s16(((const float *)d->extended_data[1])[5]));
    // Reset drops nothing here (no delay) and the next frame starts afresh.
    mp_audio_conv_reset(sink.conv);
    assert_int_equal(mp_audio_conv_run(sink.conv, d, &data, &samples), 0);
    assert_int_equal(samples, 777);

    av_frame_free(&a);
    av_frame_free(&c);
    av_frame_free(&d);
    sink_free(&sink);
}

static void test_audio_conv_rejects(void **state)
{
    struct mp_audio_conv *c = (struct mp_audio_conv *)&c;
    struct mp_audio_format planar = {AV_SAMPLE_FMT_FLTP, 48000, 2};
    assert_int_equal(mp_audio_conv_create(&c, &planar), -CODEC_ERR_CONVERT);
    assert_null(c);
    struct mp_audio_format norate = {AV_SAMPLE_FMT_S16, 0, 2};
    assert_int_equal(mp_audio_conv_create(&c, &norate), -CODEC_ERR_CONVERT);
    mp_audio_conv_free(NULL);
}

/* ---- video conversion ---- */

static AVFrame *make_solid_yuv(enum AVPixelFormat fmt, int w, int h, int y, int u, int v)
{
    AVFrame *f = av_frame_alloc();
    assert_non_null(f);
    f->format = fmt;
    f->width = w;
    f->height = h;
    assert_int_equal(av_frame_get_buffer(f, 0), 0);
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
    for (int p = 0; p < 3; p++) {
        int ph = p ? AV_CEIL_RSHIFT(h, d->log2_chroma_h) : h;
        int pw = p ? AV_CEIL_RSHIFT(w, d->log2_chroma_w) : w;
        for (int row = 0; row < ph; row++)
            memset(f->data[p] + row * f->linesize[p], p == 0 ? y : p == 1 ? u : v, pw);
    }
    return f;
}

static void assert_rgb_solid(const AVFrame *f, int w, int h, double r, double g, double b,
                             int tol)
{
    assert_int_equal(f->format, AV_PIX_FMT_RGB24);
    assert_int_equal(f->width, w);
    assert_int_equal(f->height, h);
    for (int row = 0; row < h; row++) {
        const uint8_t *p = f->data[0] + row * f->linesize[0];
        for (int x = 0; x < w; x++) {
            if (fabs(p[3 * x] - r) > tol || fabs(p[3 * x + 1] - g) > tol ||
                fabs(p[3 * x + 2] - b) > tol)
                fail_msg("pixel %d,%d is %d,%d,%d, expected %.1f,%.1f,%.1f", x, row,
                         p[3 * x], p[3 * x + 1], p[3 * x + 2], r, g, b);
        }
    }
}

static void test_image_solid_colour(void **state)
{
    struct mp_image_conv *c;
    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_RGB24, 0, 0, NULL), 0);

    // Y=120 U=100 V=160 in BT.601 limited range: R 172.1 G 106.0 B 64.6
    AVFrame *src = make_solid_yuv(AV_PIX_FMT_YUV420P, 64, 48, 120, 100, 160);
    src->pts = 1234;
    src->sample_aspect_ratio = (AVRational){4, 3};
    AVFrame *out;
    assert_int_equal(mp_image_conv_run(c, src, &out), 0);
    assert_rgb_solid(out, 64, 48, 172.1, 106.0, 64.6, 3);
    assert_int_equal(out->pts, 1234);
    assert_int_equal(out->sample_aspect_ratio.num, 4);
    assert_int_equal(out->sample_aspect_ratio.den, 3);
    // Same input twice: the same bytes.
    AVFrame *again;
    assert_int_equal(mp_image_conv_run(c, src, &again), 0);
    for (int row = 0; row < 48; row++)
        assert_memory_equal(out->data[0] + row * out->linesize[0],
                            again->data[0] + row * again->linesize[0], 64 * 3);
    av_frame_free(&out);
    av_frame_free(&again);

    // Tagged BT.709: R 178.4 G 110.0 B 61.9
    src->colorspace = AVCOL_SPC_BT709;
    assert_int_equal(mp_image_conv_run(c, src, &out), 0);
    assert_rgb_solid(out, 64, 48, 178.4, 110.0, 61.9, 3);
    av_frame_free(&out);

    // Full range BT.601: R 164.9 G 106.8 B 70.4
    src->colorspace = AVCOL_SPC_BT470BG;
    src->color_range = AVCOL_RANGE_JPEG;
    assert_int_equal(mp_image_conv_run(c, src, &out), 0);
    assert_rgb_solid(out, 64, 48, 164.9, 106.8, 70.4, 3);
    av_frame_free(&out);

    av_frame_free(&src);
    mp_image_conv_free(c);
}

static void test_image_scale_and_format_change(void **state)
{
    struct mp_image_conv *c;
    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_RGB24, 32, 16, NULL), 0);
    AVFrame *out;

    AVFrame *a = make_solid_yuv(AV_PIX_FMT_YUV420P, 64, 48, 120, 100, 160);
    a->sample_aspect_ratio = (AVRational){1, 1};
    assert_int_equal(mp_image_conv_run(c, a, &out), 0);
    assert_rgb_solid(out, 32, 16, 172.1, 106.0, 64.6, 3);
    // 64x48 shown at 4:3 in 32x16 pixels: each pixel is 2:3.
    assert_int_equal(out->sample_aspect_ratio.num, 2);
    assert_int_equal(out->sample_aspect_ratio.den, 3);
    av_frame_free(&out);

    // Another format and size mid-stream: Y=200 U=128 V=128 is grey 214.6.
    AVFrame *b = make_solid_yuv(AV_PIX_FMT_YUV422P, 100, 30, 200, 128, 128);
    assert_int_equal(mp_image_conv_run(c, b, &out), 0);
    assert_rgb_solid(out, 32, 16, 214.6, 214.6, 214.6, 3);
    av_frame_free(&out);

    assert_int_equal(mp_image_conv_run(c, a, &out), 0);
    assert_rgb_solid(out, 32, 16, 172.1, 106.0, 64.6, 3);
    av_frame_free(&out);

    av_frame_free(&a);
    av_frame_free(&b);
    mp_image_conv_free(c);
}

static void test_image_no_conversion(void **state)
{
    struct mp_image_conv *c;
    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_YUV420P, 0, 0, NULL), 0);
    AVFrame *a = make_solid_yuv(AV_PIX_FMT_YUV420P, 64, 48, 50, 60, 70);
    a->pts = 99;
    AVFrame *out;
    assert_int_equal(mp_image_conv_run(c, a, &out), 0);
    // A reference to the same buffers, not a copy.
    assert_ptr_equal(out->data[0], a->data[0]);
    assert_int_equal(out->pts, 99);
    av_frame_free(&out);

    // A different size of the same format is converted.
    AVFrame *b = make_solid_yuv(AV_PIX_FMT_YUV444P, 64, 48, 50, 60, 70);
    assert_int_equal(mp_image_conv_run(c, b, &out), 0);
    assert_int_equal(out->format, AV_PIX_FMT_YUV420P);
    assert_true(out->data[0] != b->data[0]);
    assert_true(abs(out->data[0][10] - 50) <= 1);
    assert_true(abs(out->data[1][10] - 60) <= 1);
    assert_true(abs(out->data[2][10] - 70) <= 1);
    av_frame_free(&out);

    av_frame_free(&a);
    av_frame_free(&b);
    mp_image_conv_free(c);

    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_NONE, 0, 0, NULL),
                     -CODEC_ERR_CONVERT);
    assert_null(c);
}

static void test_image_frames_outlive_converter(void **state)
{
    // 10-bit odd-sized source to 8-bit: the SIMD paths write near the line
    // ends (ASan watches), and output frames stay valid after the converter
    // is gone.
    enum { W = 333, H = 201, N = 3 };
    AVFrame *src = av_frame_alloc();
    src->format = AV_PIX_FMT_YUV420P10LE;
    src->width = W;
    src->height = H;
    assert_int_equal(av_frame_get_buffer(src, 0), 0);
    for (int p = 0; p < 3; p++) {
        int pw = p ? (W + 1) / 2 : W, ph = p ? (H + 1) / 2 : H;
        for (int y = 0; y < ph; y++) {
            uint16_t *line = (uint16_t *)(src->data[p] + y * src->linesize[p]);
            for (int x = 0; x < pw; x++)
                line[x] = p == 0 ? 480 : p == 1 ? 400 : 640; // Y=120 U=100 V=160 (8-bit)
        }
    }
    struct mp_image_conv *c;
    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_YUV420P, 0, 0, NULL), 0);
    AVFrame *out[N];
    for (int i = 0; i < N; i++) {
        src->pts = i;
        assert_int_equal(mp_image_conv_run(c, src, &out[i]), 0);
    }
    mp_image_conv_free(c);
    for (int i = 0; i < N; i++) {
        assert_int_equal(out[i]->pts, i);
        assert_int_equal(out[i]->format, AV_PIX_FMT_YUV420P);
        assert_true(out[i]->data[0] != out[(i + 1) % N]->data[0]);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                assert_true(abs(out[i]->data[0][y * out[i]->linesize[0] + x] - 120) <= 1);
        assert_true(abs(out[i]->data[1][out[i]->linesize[1] * 100 + 166] - 100) <= 1);
        assert_true(abs(out[i]->data[2][out[i]->linesize[2] * 100 + 166] - 160) <= 1);
    }

    // And the other way, to RGB at a scaled odd size.
    assert_int_equal(mp_image_conv_create(&c, AV_PIX_FMT_RGB24, 101, 77, NULL), 0);
    AVFrame *rgb;
    assert_int_equal(mp_image_conv_run(c, src, &rgb), 0);
    mp_image_conv_free(c);
    assert_rgb_solid(rgb, 101, 77, 172.1, 106.0, 64.6, 3);
    av_frame_free(&rgb);

    for (int i = 0; i < N; i++)
        av_frame_free(&out[i]);
    av_frame_free(&src);
}

struct colour_check {
    struct mp_image_conv *conv;
    int frames;
};

static void colour_frame(void *ctx, const AVFrame *f)
{
    struct colour_check *cc = ctx;
    AVFrame *out;
    assert_int_equal(mp_image_conv_run(cc->conv, f, &out), 0);
    // color=0x3080C0 through ffmpeg's RGB -> YUV and back.
    assert_rgb_solid(out, 64, 48, 0x30, 0x80, 0xC0, 6);
    av_frame_free(&out);
    cc->frames++;
}

static void test_decoded_colour(void **state)
{
    struct clip_dir cd = clip_dir_make("c.mkv");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                             "color=c=0x3080C0:s=64x48:r=10 -t 1 -pix_fmt yuv420p "
                             "-c:v ffv1 '%s'", cd.path), 0);
    struct colour_check cc = {0};
    assert_int_equal(mp_image_conv_create(&cc.conv, AV_PIX_FMT_RGB24, 0, 0, NULL), 0);
    struct decode_stats st;
    assert_int_equal(decode_file(cd.path, AVMEDIA_TYPE_VIDEO, 0, &st, colour_frame, &cc), 0);
    assert_int_equal(cc.frames, 10);
    mp_image_conv_free(cc.conv);
    test_rmdir(cd.dir);
}

/* -sws reaches the converter it was given to, and only that one. */
static void test_image_sws_settings(void **state)
{
    (void)state;
    AVFrame *src = test_edge_rgb();
    assert_non_null(src);
    struct mp_sws_opts neighbor;
    assert_int_equal(mp_sws_opts_set(&neighbor, 4, NULL), 0);
    struct mp_image_conv *dflt, *nn;
    assert_int_equal(mp_image_conv_create(&dflt, AV_PIX_FMT_RGB24, 32, 32, NULL), 0);
    assert_int_equal(mp_image_conv_create(&nn, AV_PIX_FMT_RGB24, 32, 32, &neighbor), 0);
    /* The converter keeps its own copy. */
    assert_int_equal(mp_sws_opts_set(&neighbor, -1, NULL), 0);
    AVFrame *a = NULL, *b = NULL;
    assert_int_equal(mp_image_conv_run(dflt, src, &a), 0);
    assert_int_equal(mp_image_conv_run(nn, src, &b), 0);
    assert_int_equal(a->width, 32);
    assert_int_equal(b->width, 32);
    assert_true(test_count_blends(a) > 0);
    assert_int_equal(test_count_blends(b), 0);
    av_frame_free(&a);
    av_frame_free(&b);
    mp_image_conv_free(dflt);
    mp_image_conv_free(nn);
    av_frame_free(&src);
}

int main(void)
{
    av_log_set_level(AV_LOG_QUIET);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mpeg4_frame_count),
        cmocka_unit_test(test_ffv1_frame_count),
        cmocka_unit_test(test_decoder_names_and_flush),
        cmocka_unit_test(test_no_decoder),
        cmocka_unit_test(test_corrupt_packet),
        cmocka_unit_test(test_pcm_s16_bitexact),
        cmocka_unit_test(test_fltp_to_s16_exact_count),
        cmocka_unit_test(test_resample_48k_to_44k),
        cmocka_unit_test(test_speed),
        cmocka_unit_test(test_audio_format_change),
        cmocka_unit_test(test_audio_conv_rejects),
        cmocka_unit_test(test_image_solid_colour),
        cmocka_unit_test(test_image_scale_and_format_change),
        cmocka_unit_test(test_image_no_conversion),
        cmocka_unit_test(test_image_frames_outlive_converter),
        cmocka_unit_test(test_decoded_colour),
        cmocka_unit_test(test_image_sws_settings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
