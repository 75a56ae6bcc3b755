/*
 * fuzz_demux: the input is a media file. Open it as the player does
 * (stream_open, demux_open), select the default tracks, read every packet
 * (bounded), decode and convert the first ones of each track, seek, and
 * close everything. Checks the promises libmpdemux/demuxer.h makes about
 * packets and streams on the way.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>

#include <libavutil/pixfmt.h>

#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "stream/stream.h"
#include "tests/fuzz/fuzz.h"

/* Bounds on the work per input, so one input takes milliseconds. */
#define FD_MAX_PACKETS 2000          /* over all tracks, per pass */
#define FD_MAX_DECODE_PACKETS 24     /* fed to each decoder */
#define FD_MAX_AFTER_SEEK 40         /* packets read after each seek */
#define FD_MAX_PIXELS (1024 * 1024)  /* larger video is demuxed, not decoded */

struct fd_track {
    struct sh_stream *sh;
    struct mp_decoder *dec;
    int fed;
    bool done;
};

struct fd_ctx {
    demuxer_t *d;
    struct fd_track tracks[MP_STREAM_TYPE_COUNT];
    int ntracks;
    struct mp_image_conv *ic;
    struct mp_audio_conv *ac;
};

static void fd_convert(struct fd_ctx *c, struct fd_track *t, AVFrame *f)
{
    if (t->sh->type == MP_STREAM_VIDEO) {
        AVFrame *out = NULL;
        if (mp_image_conv_run(c->ic, f, &out) == 0) {
            FUZZ_CHECK(out && out->format == AV_PIX_FMT_RGB24);
            FUZZ_CHECK(out->width == 32 && out->height == 24);
        }
        av_frame_free(&out);
    } else {
        const uint8_t *data = NULL;
        int samples = -1;
        if (mp_audio_conv_run(c->ac, f, &data, &samples) == 0)
            FUZZ_CHECK(samples >= 0 && (samples == 0 || data));
    }
}

static void fd_receive(struct fd_ctx *c, struct fd_track *t)
{
    for (int i = 0; i < 64; i++) {
        AVFrame *f = NULL;
        int r = mp_decoder_receive(t->dec, &f);
        if (r < 0) {
            FUZZ_CHECK(!f);
            return;
        }
        FUZZ_CHECK(f);
        fd_convert(c, t, f);
        av_frame_free(&f);
    }
}

static void fd_decode(struct fd_ctx *c, struct fd_track *t, const AVPacket *pkt)
{
    if (!t->dec || t->fed >= FD_MAX_DECODE_PACKETS)
        return;
    t->fed++;
    int r = mp_decoder_send(t->dec, pkt);
    fd_receive(c, t);
    if (r == AVERROR(EAGAIN)) {
        mp_decoder_send(t->dec, pkt);
        fd_receive(c, t);
    }
}

static void fd_check_packet(const struct fd_track *t, const AVPacket *pkt)
{
    FUZZ_CHECK(pkt->stream_index == t->sh->ff_index);
    FUZZ_CHECK(pkt->size >= 0);
    FUZZ_CHECK(pkt->size == 0 || pkt->data);
    double ts = demux_ts_to_seconds(t->sh, pkt->pts);
    FUZZ_CHECK(pkt->pts != AV_NOPTS_VALUE || isnan(ts));
}

/* Read round-robin over the selected tracks until each ends or max
 * packets in all. Returns how many were read. */
static int fd_read(struct fd_ctx *c, int max, bool decode)
{
    int n = 0;
    for (int i = 0; i < c->ntracks; i++)
        c->tracks[i].done = !c->tracks[i].sh->selected;
    bool any = true;
    while (any && n < max) {
        any = false;
        for (int i = 0; i < c->ntracks && n < max; i++) {
            struct fd_track *t = &c->tracks[i];
            if (t->done)
                continue;
            AVPacket *pkt = demux_read_packet(c->d, t->sh);
            if (!pkt) {
                t->done = true;
                FUZZ_CHECK(demux_get_error(c->d) <= 0);
                continue;
            }
            any = true;
            n++;
            fd_check_packet(t, pkt);
            if (decode)
                fd_decode(c, t, pkt);
            av_packet_free(&pkt);
        }
    }
    int qp = -1;
    int64_t qb = -1;
    demux_get_queue_size(c->d, &qp, &qb);
    FUZZ_CHECK(qp >= 0 && qb >= 0);
    return n;
}

static void fd_open_decoder(struct fd_track *t)
{
    const AVCodecParameters *par = t->sh->codecpar;
    if (t->sh->type == MP_STREAM_SUB)
        return;
    if (t->sh->type == MP_STREAM_VIDEO &&
        (int64_t)par->width * par->height > FD_MAX_PIXELS)
        return;
    if (mp_decoder_open(&t->dec, par, t->sh->time_base, 1) < 0)
        FUZZ_CHECK(!t->dec);
}

static void fd_run(struct fd_ctx *c)
{
    demuxer_t *d = c->d;
    FUZZ_CHECK(d->num_streams > 0 && d->streams);
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        FUZZ_CHECK(sh && sh->type >= 0 && sh->type < MP_STREAM_TYPE_COUNT);
        FUZZ_CHECK(demux_get_stream(d, sh->type, sh->id) == sh);
        FUZZ_CHECK(!sh->selected);
    }
    demux_get_metadata(d, "title");
    for (int t = 0; t < MP_STREAM_TYPE_COUNT; t++) {
        struct sh_stream *sh = demux_default_stream(d, t);
        if (!sh)
            continue;
        FUZZ_CHECK((int)sh->type == t && !sh->attached_pic);
        demux_select_stream(d, sh, true);
        struct fd_track *tr = &c->tracks[c->ntracks++];
        tr->sh = sh;
        fd_open_decoder(tr);
    }
    if (c->ntracks == 0)
        return;
    fd_read(c, FD_MAX_PACKETS, true);
    for (int i = 0; i < c->ntracks; i++) {
        if (c->tracks[i].dec) {
            mp_decoder_send(c->tracks[i].dec, NULL);
            fd_receive(c, &c->tracks[i]);
        }
    }
    double targets[] = { d->duration > 0 ? d->duration / 2 : 1.0, 0.0, 1e6 };
    for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
        if (demux_seek(d, targets[i]) == 0)
            fd_read(c, FD_MAX_AFTER_SEEK, false);
    }
    /* Dropping a track mid-file must drop its queue with it. */
    demux_select_stream(d, c->tracks[0].sh, false);
    fd_read(c, FD_MAX_AFTER_SEEK, false);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_init();
    return 0;
}

/* The input's last byte picks how the stream reads, so the stream layer's
 * buffering, readahead and ring cache meet the same hostile files. */
static void fd_stream_opts(struct stream_opts *so, unsigned sel)
{
    memset(so, 0, sizeof(*so));
    so->cache_min_percent = STREAM_CACHE_DEFAULT_MIN;
    so->cache_seek_min_percent = STREAM_CACHE_DEFAULT_SEEK_MIN;
    if (sel & 1)
        so->buffer_size = 512;
    if (sel & 2) {
        so->readahead_distance = 256 * 1024;
        so->readahead_chunk = 64 * 1024;
    }
    if (sel & 4)
        so->drop_behind = true;
    if ((sel & 0x18) == 0x18) {
        so->cache_kb = 64;
        so->cache_mode = STREAM_CACHE_RING;
        so->cache_min_percent = 0;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    stream_t *s = NULL;
    int fd;
    struct stream_opts so;
    fd_stream_opts(&so, size ? data[size - 1] : 0);
    if (fuzz_open_stream(data, size, &so, &s, &fd) < 0)
        return 0;
    struct fd_ctx c = {0};
    const struct demux_opts dopts = {
        .max_queue_packets = 512,
        .max_queue_bytes = 32 << 20,
    };
    int r = demux_open(&c.d, s, &dopts);
    FUZZ_CHECK((r == 0) == (c.d != NULL));
    if (r == 0) {
        const struct mp_audio_format af = { AV_SAMPLE_FMT_S16, 48000, 2 };
        if (mp_image_conv_create(&c.ic, AV_PIX_FMT_RGB24, 32, 24, NULL) == 0 &&
            mp_audio_conv_create(&c.ac, &af) == 0)
            fd_run(&c);
        for (int i = 0; i < c.ntracks; i++)
            mp_decoder_close(c.tracks[i].dec);
        mp_image_conv_free(c.ic);
        mp_audio_conv_free(c.ac);
        demux_close(c.d);
    }
    stream_close(s);
    close(fd);
    return 0;
}
