/*
 * mkmux: remux a file (no re-encoding) with its packets laid out in an
 * order of our choosing, to make badly interleaved media on purpose.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 *   mkmux [--skew=SECS | --noninter] [--format=NAME] INPUT OUTPUT
 *
 * Every packet keeps its timestamps, so the result plays in sync; only where
 * the bytes lie changes. Packets are written in the order of a key, with
 * av_write_frame (not the interleaving variant, which would sort them by
 * time again):
 *   default     key = dts: interleaved by time, as muxers do
 *   --skew=K    audio key = dts - K: audio of time t lies beside the video of
 *               time t - K (K > 0: audio ahead of its video in the file)
 *   --noninter  key = stream index, then dts: track after track
 * Packets are held in memory, which suits the short clips tests make.
 * Uses only FFmpeg (libavformat, libavcodec, libavutil), not the player.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/mathematics.h>

struct mux_item {
    AVPacket *pkt;
    double key;
    size_t seq;             /* input order: ties keep it */
};

static int item_cmp(const void *a, const void *b)
{
    const struct mux_item *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int64_t pkt_time(const AVPacket *p)
{
    return p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
}

static void usage(void)
{
    fprintf(stderr, "usage: mkmux [--skew=SECS | --noninter] [--format=NAME] INPUT OUTPUT\n");
}

static void free_items(struct mux_item *items, size_t n)
{
    for (size_t i = 0; i < n; i++)
        av_packet_free(&items[i].pkt);
    free(items);
}

int main(int argc, char **argv)
{
    double skew = 0;
    int noninter = 0;
    const char *format = NULL;
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
        if (!strncmp(argv[i], "--skew=", 7)) {
            char *end;
            skew = strtod(argv[i] + 7, &end);
            if (*end || end == argv[i] + 7) {
                usage();
                return 2;
            }
        } else if (!strcmp(argv[i], "--noninter")) {
            noninter = 1;
        } else if (!strncmp(argv[i], "--format=", 9)) {
            format = argv[i] + 9;
        } else {
            usage();
            return 2;
        }
    }
    if (argc - i != 2) {
        usage();
        return 2;
    }
    const char *in = argv[i], *out = argv[i + 1];
    av_log_set_level(AV_LOG_ERROR);

    AVFormatContext *ic = NULL, *oc = NULL;
    struct mux_item *items = NULL;
    size_t n = 0, cap = 0;
    int ret = 1, err;
    if ((err = avformat_open_input(&ic, in, NULL, NULL)) < 0
        || (err = avformat_find_stream_info(ic, NULL)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", in, av_err2str(err));
        goto done;
    }
    if ((err = avformat_alloc_output_context2(&oc, NULL, format, out)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    for (unsigned s = 0; s < ic->nb_streams; s++) {
        AVStream *ost = avformat_new_stream(oc, NULL);
        if (!ost || avcodec_parameters_copy(ost->codecpar, ic->streams[s]->codecpar) < 0) {
            fprintf(stderr, "mkmux: cannot copy stream %u\n", s);
            goto done;
        }
        ost->codecpar->codec_tag = 0;       /* let the new container pick */
        ost->time_base = ic->streams[s]->time_base;
        av_dict_copy(&ost->metadata, ic->streams[s]->metadata, 0);
    }

    /* Read everything; find the earliest time so all streams can be moved
     * together to start at >= 0 (containers differ in how they take
     * negative timestamps, e.g. AAC's priming). */
    double tmin = 0;
    for (;;) {
        AVPacket *p = av_packet_alloc();
        if (!p)
            goto done;
        if (av_read_frame(ic, p) < 0) {
            av_packet_free(&p);
            break;
        }
        if (pkt_time(p) == AV_NOPTS_VALUE) {
            fprintf(stderr, "mkmux: packet without timestamps in stream %d\n",
                    p->stream_index);
            av_packet_free(&p);
            goto done;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 1024;
            struct mux_item *grown = realloc(items, cap * sizeof *items);
            if (!grown) {
                av_packet_free(&p);
                goto done;
            }
            items = grown;
        }
        AVRational tb = ic->streams[p->stream_index]->time_base;
        double t = (double)pkt_time(p) * av_q2d(tb);
        if (t < tmin)
            tmin = t;
        enum AVMediaType type = ic->streams[p->stream_index]->codecpar->codec_type;
        double key = t;
        if (noninter)
            key = p->stream_index * 1e9 + t;
        else if (type == AVMEDIA_TYPE_AUDIO)
            key = t - skew;
        items[n] = (struct mux_item){ .pkt = p, .key = key, .seq = n };
        n++;
    }
    qsort(items, n, sizeof *items, item_cmp);

    if (!(oc->oformat->flags & AVFMT_NOFILE)
        && (err = avio_open(&oc->pb, out, AVIO_FLAG_WRITE)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    oc->avoid_negative_ts = AVFMT_AVOID_NEG_TS_DISABLED;
    if ((err = avformat_write_header(oc, NULL)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        AVPacket *p = items[k].pkt;
        AVRational itb = ic->streams[p->stream_index]->time_base;
        int64_t shift = av_rescale_q((int64_t)(-tmin * AV_TIME_BASE + 0.5), AV_TIME_BASE_Q, itb);
        if (p->pts != AV_NOPTS_VALUE)
            p->pts += shift;
        if (p->dts != AV_NOPTS_VALUE)
            p->dts += shift;
        av_packet_rescale_ts(p, itb, oc->streams[p->stream_index]->time_base);
        p->pos = -1;
        if ((err = av_write_frame(oc, p)) < 0) {
            fprintf(stderr, "mkmux: %s: writing: %s\n", out, av_err2str(err));
            goto done;
        }
    }
    if ((err = av_write_trailer(oc)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    ret = 0;
done:
    free_items(items, n);
    if (oc && !(oc->oformat->flags & AVFMT_NOFILE))
        avio_closep(&oc->pb);
    avformat_free_context(oc);
    avformat_close_input(&ic);
    return ret;
}
