/*
 * mkmux: remux a file (no re-encoding) with its packets laid out in an
 * order of our choosing, to make badly interleaved media on purpose.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 *   mkmux [--skew=SECS | --noninter | --noninter-from=SECS | --chunks=SECS] [--first-av]
 *         [--format=NAME] INPUT OUTPUT
 *
 * Every packet keeps its pts and its dts, so the result plays in sync; only
 * where the bytes lie changes. Packets are written in the order of a key,
 * with av_write_frame (not the interleaving variant, which would sort them
 * by time again):
 *   default     key = dts: interleaved by time, as muxers do
 *   --skew=K    audio key = dts - K: audio of time t lies beside the video of
 *               time t - K (K > 0: audio ahead of its video in the file)
 *   --noninter  key = stream index, then dts: track after track
 *   --noninter-from=T  interleaved by dts up to time T, track after track
 *               from there (a track that plays a while, then lies far away)
 *   --chunks=S  track after track within each S seconds: all video of
 *               [0, S), then all audio of it, then the video of [S, 2S)...
 *               (in Matroska with S > 32.767, the audio of each chunk in
 *               clusters of its own between the video's)
 * --first-av copies only the first video and the first audio stream (cover
 * art is not taken for the video); without it every stream is copied.
 *
 * The key is the decode time, never the presentation time: with B-frames a
 * stream's pts go back and forth, and sorting by them would hand a muxer
 * a stream's packets out of decode order ("non monotonically increasing
 * dts"). Where the input stores no dts for a packet (Matroska and NUT keep
 * only pts, and the demuxer cannot guess the first ones of a B-frame
 * stream), its key is the lowest of its pts and the keys after it in its
 * stream, which keeps the stream's keys in decode order.
 *
 * What a container can store sets what survives:
 *   MP4        pts and dts exactly, negative ones too (edit lists)
 *   Matroska   pts only; a container without negative timestamps gets all
 *              streams moved by one offset, so that none is below 0
 *   AVI        neither: one frame per packet in decode order at a constant
 *              frame rate (the video's time base is set to it); H.264 and
 *              HEVC are turned into the Annex B form AVI stores
 * Packets are held in memory, which suits the short clips tests make.
 * Uses only FFmpeg (libavformat, libavcodec, libavutil), not the player.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavcodec/bsf.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/mathematics.h>

struct mux_item {
    AVPacket *pkt;          /* timestamps in the output stream's input time base */
    int ost;                /* output stream */
    double key;
    size_t seq;             /* input order: ties keep it, so does each stream */
};

/* One copied stream: where it comes from, and the filter AVI needs. */
struct stream_map {
    AVStream *ist;
    AVStream *ost;
    AVBSFContext *bsf;
    AVRational tb;          /* time base of the packets we hold */
};

static int item_cmp(const void *a, const void *b)
{
    const struct mux_item *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void usage(void)
{
    fprintf(stderr, "usage: mkmux [--skew=SECS | --noninter | --noninter-from=SECS | "
            "--chunks=SECS] [--first-av] [--format=NAME] INPUT OUTPUT\n");
}

static void free_items(struct mux_item *items, size_t n)
{
    for (size_t i = 0; i < n; i++)
        av_packet_free(&items[i].pkt);
    free(items);
}

/* AVI stores H.264 and HEVC as a byte stream of start codes; MP4 and
 * Matroska inputs hold them length-prefixed (extradata starting with
 * version 1), which an AVI muxer refuses. Returns the filter's name or NULL. */
static const char *annexb_filter(const AVOutputFormat *of, const AVCodecParameters *par)
{
    if (strcmp(of->name, "avi") || par->extradata_size < 1 || par->extradata[0] != 1)
        return NULL;
    if (par->codec_id == AV_CODEC_ID_H264)
        return "h264_mp4toannexb";
    if (par->codec_id == AV_CODEC_ID_HEVC)
        return "hevc_mp4toannexb";
    return NULL;
}

/* Keep packet p: grow the list and append it. */
static int push_item(struct mux_item **items, size_t *n, size_t *cap, AVPacket *p, int ost)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 1024;
        struct mux_item *grown = realloc(*items, c * sizeof **items);
        if (!grown)
            return AVERROR(ENOMEM);
        *items = grown;
        *cap = c;
    }
    (*items)[*n] = (struct mux_item){ .pkt = p, .ost = ost, .seq = *n };
    (*n)++;
    return 0;
}

int main(int argc, char **argv)
{
    double skew = 0, noninter_from = -HUGE_VAL, chunks = 0;
    int noninter = 0, first_av = 0;
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
        } else if (!strncmp(argv[i], "--noninter-from=", 16)) {
            char *end;
            noninter_from = strtod(argv[i] + 16, &end);
            if (*end || end == argv[i] + 16 || !isfinite(noninter_from)) {
                usage();
                return 2;
            }
            noninter = 1;
        } else if (!strncmp(argv[i], "--chunks=", 9)) {
            char *end;
            chunks = strtod(argv[i] + 9, &end);
            if (*end || end == argv[i] + 9 || !(chunks > 0) || !isfinite(chunks)) {
                usage();
                return 2;
            }
        } else if (!strcmp(argv[i], "--first-av")) {
            first_av = 1;
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
    struct stream_map *map = NULL;
    int *in_to_out = NULL;
    AVPacket *rd = NULL;
    size_t n = 0, cap = 0;
    int ret = 1, err, nout = 0;
    if ((err = avformat_open_input(&ic, in, NULL, NULL)) < 0
        || (err = avformat_find_stream_info(ic, NULL)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", in, av_err2str(err));
        goto done;
    }
    if ((err = avformat_alloc_output_context2(&oc, NULL, format, out)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    map = calloc(ic->nb_streams, sizeof *map);
    in_to_out = malloc(ic->nb_streams * sizeof *in_to_out);
    rd = av_packet_alloc();
    if (!map || !in_to_out || !rd)
        goto done;
    int have_v = 0, have_a = 0;
    for (unsigned s = 0; s < ic->nb_streams; s++) {
        AVStream *ist = ic->streams[s];
        enum AVMediaType type = ist->codecpar->codec_type;
        in_to_out[s] = -1;
        if (first_av) {
            int video = type == AVMEDIA_TYPE_VIDEO
                        && !(ist->disposition & AV_DISPOSITION_ATTACHED_PIC);
            if (!(video && !have_v) && !(type == AVMEDIA_TYPE_AUDIO && !have_a))
                continue;
            have_v |= video;
            have_a |= type == AVMEDIA_TYPE_AUDIO;
        }
        struct stream_map *m = &map[nout];
        m->ist = ist;
        m->tb = ist->time_base;
        m->ost = avformat_new_stream(oc, NULL);
        if (!m->ost) {
            fprintf(stderr, "mkmux: cannot copy stream %u\n", s);
            goto done;
        }
        const AVCodecParameters *par = ist->codecpar;
        const char *bsf_name = annexb_filter(oc->oformat, par);
        if (bsf_name) {
            const AVBitStreamFilter *f = av_bsf_get_by_name(bsf_name);
            if (!f || av_bsf_alloc(f, &m->bsf) < 0
                || avcodec_parameters_copy(m->bsf->par_in, par) < 0) {
                fprintf(stderr, "mkmux: no %s for stream %u\n", bsf_name, s);
                goto done;
            }
            m->bsf->time_base_in = ist->time_base;
            if (av_bsf_init(m->bsf) < 0) {
                fprintf(stderr, "mkmux: cannot start %s for stream %u\n", bsf_name, s);
                goto done;
            }
            par = m->bsf->par_out;
            m->tb = m->bsf->time_base_out;
        }
        if (avcodec_parameters_copy(m->ost->codecpar, par) < 0) {
            fprintf(stderr, "mkmux: cannot copy stream %u\n", s);
            goto done;
        }
        m->ost->codecpar->codec_tag = 0;       /* let the new container pick */
        m->ost->time_base = m->tb;
        /* AVI has no timestamps, only a frame rate and one frame after the
         * other: ask for the frame rate as the time base, or the muxer
         * takes a 1/12800 one and pads every frame with hundreds of empty
         * ones. */
        AVRational fr = ist->avg_frame_rate;
        if (!strcmp(oc->oformat->name, "avi") && type == AVMEDIA_TYPE_VIDEO
            && fr.num > 0 && fr.den > 0)
            m->ost->time_base = av_inv_q(fr);
        m->ost->avg_frame_rate = ist->avg_frame_rate;
        m->ost->disposition = ist->disposition;
        av_dict_copy(&m->ost->metadata, ist->metadata, 0);
        in_to_out[s] = nout++;
    }
    if (!nout) {
        fprintf(stderr, "mkmux: %s: no stream to copy\n", in);
        goto done;
    }

    /* Read everything, through the stream's filter where it has one. */
    for (;;) {
        int eof = av_read_frame(ic, rd) < 0;
        if (!eof && in_to_out[rd->stream_index] < 0) {
            av_packet_unref(rd);
            continue;
        }
        for (int o = 0; o < nout; o++) {
            struct stream_map *m = &map[o];
            if (!eof && o != in_to_out[rd->stream_index])
                continue;
            if (!m->bsf) {
                if (eof)
                    continue;
                AVPacket *p = av_packet_clone(rd);
                if (!p || push_item(&items, &n, &cap, p, o) < 0) {
                    av_packet_free(&p);
                    goto done;
                }
                continue;
            }
            if ((err = av_bsf_send_packet(m->bsf, eof ? NULL : rd)) < 0) {
                fprintf(stderr, "mkmux: %s: filtering: %s\n", in, av_err2str(err));
                goto done;
            }
            for (;;) {
                AVPacket *p = av_packet_alloc();
                if (!p)
                    goto done;
                err = av_bsf_receive_packet(m->bsf, p);
                if (err < 0) {
                    av_packet_free(&p);
                    if (err == AVERROR(EAGAIN) || err == AVERROR_EOF)
                        break;
                    fprintf(stderr, "mkmux: %s: filtering: %s\n", in, av_err2str(err));
                    goto done;
                }
                if (push_item(&items, &n, &cap, p, o) < 0) {
                    av_packet_free(&p);
                    goto done;
                }
            }
        }
        av_packet_unref(rd);
        if (eof)
            break;
    }

    /* Keys, per stream from its last packet back (see the top), and the
     * lowest timestamp of all, pts or dts, with its time base. */
    int64_t low = 0;
    AVRational low_tb = { 1, 1 };
    for (int o = 0; o < nout; o++) {
        AVRational tb = map[o].tb;
        double next = HUGE_VAL;
        for (size_t k = n; k-- > 0;) {
            AVPacket *p = items[k].pkt;
            if (items[k].ost != o)
                continue;
            int64_t t = p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
            if (t == AV_NOPTS_VALUE) {
                fprintf(stderr, "mkmux: packet without timestamps in stream %d\n",
                        p->stream_index);
                goto done;
            }
            double d = t * av_q2d(tb);
            if (next < d)
                d = next;
            next = d;
            items[k].key = d;
            if (av_compare_ts(t, tb, low, low_tb) < 0) {
                low = t;
                low_tb = tb;
            }
            if (p->pts != AV_NOPTS_VALUE && av_compare_ts(p->pts, tb, low, low_tb) < 0) {
                low = p->pts;
                low_tb = tb;
            }
        }
    }
    for (size_t k = 0; k < n; k++) {
        enum AVMediaType type = map[items[k].ost].ost->codecpar->codec_type;
        if (chunks > 0)
            items[k].key += floor(fmax(items[k].key, 0) / chunks) * 1e10 +
                            (items[k].ost + 1) * 1e7;
        else if (noninter && items[k].key >= noninter_from)
            items[k].key += (items[k].ost + 1) * 1e9;
        else if (type == AVMEDIA_TYPE_AUDIO)
            items[k].key -= skew;
    }
    qsort(items, n, sizeof *items, item_cmp);

    if (!(oc->oformat->flags & AVFMT_NOFILE)
        && (err = avio_open(&oc->pb, out, AVIO_FLAG_WRITE)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    /* libavformat's own avoid_negative_ts takes its offset from the first
     * packet written, which here need not be the earliest one: it is off,
     * and a container without negative timestamps gets all streams moved by
     * the same amount below instead. */
    oc->avoid_negative_ts = AVFMT_AVOID_NEG_TS_DISABLED;
    if ((err = avformat_write_header(oc, NULL)) < 0) {
        fprintf(stderr, "mkmux: %s: %s\n", out, av_err2str(err));
        goto done;
    }
    int shift_all = low < 0 && !(oc->oformat->flags & AVFMT_TS_NEGATIVE);
    for (size_t k = 0; k < n; k++) {
        AVPacket *p = items[k].pkt;
        struct stream_map *m = &map[items[k].ost];
        if (shift_all) {
            /* rounded up: a stream with a coarser time base must not end
             * up just below 0 */
            int64_t shift = av_rescale_q_rnd(-low, low_tb, m->tb, AV_ROUND_UP);
            if (p->pts != AV_NOPTS_VALUE)
                p->pts += shift;
            if (p->dts != AV_NOPTS_VALUE)
                p->dts += shift;
        }
        av_packet_rescale_ts(p, m->tb, m->ost->time_base);
        p->stream_index = m->ost->index;
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
    for (int o = 0; map && o < nout; o++)
        av_bsf_free(&map[o].bsf);
    free(map);
    free(in_to_out);
    av_packet_free(&rd);
    if (oc && !(oc->oformat->flags & AVFMT_NOFILE))
        avio_closep(&oc->pb);
    avformat_free_context(oc);
    avformat_close_input(&ic);
    return ret;
}
