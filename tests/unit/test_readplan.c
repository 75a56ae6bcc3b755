/*
 * Unit tests for the read plan (libmpdemux/readplan.c): on MP4 and AVI
 * files muxed well, skewed and sequentially, the planned ranges must cover
 * exactly the packets libavformat delivers for the selected streams in the
 * window; containers without a per-packet index must say so; hostile
 * indexes must not send a plan outside the file.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <sys/stat.h>

#include <libavformat/avformat.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/demux_int.h"
#include "libmpdemux/readplan_inspect.h"
#include "stream/stream.h"
#include "test_refpkt.h"
#include "test_util.h"

#define CLIP_SECONDS 12
#define MAX_RANGES 4096
#define SKEW_SECONDS 5.0

enum order {
    ORDER_INTERLEAVED, /* by time, as a good muxer does */
    ORDER_SKEWED,      /* audio SKEW_SECONDS later in the file than its time */
    ORDER_SEQUENTIAL,  /* each track whole, one after the other */
};

struct media {
    char *dir;
    char src[512];      /* ffmpeg's mp4: mpeg4 + 3 mp2 tracks, interleaved */
    char avi[512];      /* ffmpeg's avi, same tracks */
    char mkv[512];
    char ts[512];
    char delayed[512];  /* ffmpeg's mp4, audio input -itsoffset 5 */
};

static int make_media(void **state)
{
    struct media *m = test_new_dir_fixture(sizeof(*m));
    if (!m)
        return -1;
    *state = m;
    test_path(m->src, sizeof(m->src), m->dir, "src.mp4");
    test_path(m->avi, sizeof(m->avi), m->dir, "src.avi");
    test_path(m->mkv, sizeof(m->mkv), m->dir, "src.mkv");
    test_path(m->ts, sizeof(m->ts), m->dir, "src.ts");
    test_path(m->delayed, sizeof(m->delayed), m->dir, "delayed.mp4");
    const char *in = "-f lavfi -i testsrc2=size=160x120:rate=25 "
                     "-f lavfi -i sine=frequency=440:sample_rate=48000 "
                     "-f lavfi -i sine=frequency=660:sample_rate=48000 "
                     "-f lavfi -i sine=frequency=880:sample_rate=48000";
    const char *codecs = "-map 0:v -map 1:a -map 2:a -map 3:a -c:v mpeg4 -g 10 -c:a mp2 "
                         "-b:a 64k";
    const char *outs[] = { m->src, m->avi, m->mkv, m->ts };
    for (size_t i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
        if (test_sh("ffmpeg -nostdin -loglevel error -y %s -t %d %s -fflags +bitexact '%s'",
                    in, CLIP_SECONDS, codecs, outs[i]) != 0)
            return -1;
    }
    if (test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=160x120:rate=25 "
                "-itsoffset 5 -f lavfi -i sine=frequency=440:sample_rate=48000 -t %d "
                "-c:v mpeg4 -g 10 -c:a mp2 -max_interleave_delta 0 '%s'",
                CLIP_SECONDS, m->delayed) != 0)
        return -1;
    return 0;
}

/* ---- Remuxing in a chosen packet order ---- */

struct src_pkt {
    AVPacket *pkt;
    double key;
    size_t n; /* read order: ties keep it, so each track stays in order */
};

static int cmp_key(const void *a, const void *b)
{
    const struct src_pkt *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->n > y->n) - (x->n < y->n);
}

/* Copy src into dst (container by extension), writing the packets in the
 * given order with av_write_frame, which keeps the order we give it. */
static void remux(const char *src, const char *dst, enum order order)
{
    AVFormatContext *in = NULL, *out = NULL;
    assert_int_equal(avformat_open_input(&in, src, NULL, NULL), 0);
    assert_true(avformat_find_stream_info(in, NULL) >= 0);
    assert_int_equal(avformat_alloc_output_context2(&out, NULL, NULL, dst), 0);
    for (unsigned i = 0; i < in->nb_streams; i++) {
        AVStream *os = avformat_new_stream(out, NULL);
        assert_non_null(os);
        assert_int_equal(avcodec_parameters_copy(os->codecpar, in->streams[i]->codecpar), 0);
        os->codecpar->codec_tag = 0;
        os->time_base = in->streams[i]->time_base;
        /* A frame per tick: in a finer time base the AVI muxer would fill
         * the ticks between frames with empty chunks. */
        if (os->codecpar->codec_type == AVMEDIA_TYPE_VIDEO)
            os->time_base = av_inv_q(in->streams[i]->avg_frame_rate);
    }
    size_t n = 0, alloc = 0;
    struct src_pkt *v = NULL;
    AVPacket *pkt = av_packet_alloc();
    assert_non_null(pkt);
    while (av_read_frame(in, pkt) >= 0) {
        if (n == alloc) {
            alloc = alloc ? alloc * 2 : 512;
            v = realloc(v, alloc * sizeof(*v));
            assert_non_null(v);
        }
        AVStream *st = in->streams[pkt->stream_index];
        double t = pkt->dts * av_q2d(st->time_base);
        bool audio = st->codecpar->codec_type == AVMEDIA_TYPE_AUDIO;
        double key = t;
        if (order == ORDER_SKEWED && audio)
            key = t + SKEW_SECONDS;
        else if (order == ORDER_SEQUENTIAL)
            key = pkt->stream_index * 1e6 + t;
        v[n] = (struct src_pkt){ .pkt = av_packet_clone(pkt), .key = key, .n = n };
        assert_non_null(v[n].pkt);
        n++;
        av_packet_unref(pkt);
    }
    av_packet_free(&pkt);
    qsort(v, n, sizeof(*v), cmp_key);
    assert_true(avio_open(&out->pb, dst, AVIO_FLAG_WRITE) >= 0);
    assert_true(avformat_write_header(out, NULL) >= 0);
    for (size_t i = 0; i < n; i++) {
        AVPacket *p = v[i].pkt;
        av_packet_rescale_ts(p, in->streams[p->stream_index]->time_base,
                             out->streams[p->stream_index]->time_base);
        p->pos = -1;
        assert_true(av_write_frame(out, p) >= 0);
        av_packet_free(&v[i].pkt);
    }
    assert_int_equal(av_write_trailer(out), 0);
    avio_closep(&out->pb);
    avformat_free_context(out);
    avformat_close_input(&in);
    free(v);
}

static bool is_selected(demuxer_t *d, int ff_index)
{
    for (int i = 0; i < d->num_streams; i++) {
        if (d->streams[i]->ff_index == ff_index)
            return d->streams[i]->selected;
    }
    return false;
}

/* Select exactly video (if want_video) and audio track aid (-1: none). */
/* aid: the audio track's position among the file's audio tracks (its id
 * is MPlayer's, an AVI stream number or a TS PID). */
static void select_tracks(demuxer_t *d, bool want_video, int aid)
{
    int nth_audio = 0;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        bool on = sh->type == MP_STREAM_VIDEO ? want_video
                : sh->type == MP_STREAM_AUDIO ? nth_audio++ == aid : false;
        demux_select_stream(d, sh, on);
    }
}

static bool overlaps(const struct demux_read_range *r, int64_t pos, int64_t len)
{
    return pos < r->pos + r->len && r->pos < pos + len;
}

static int cmp_range_pos(const void *a, const void *b)
{
    const struct demux_read_range *x = a, *y = b;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Bytes a packet takes in the file beyond its payload (AVI chunks). */
static int64_t framing(const demuxer_t *d, int64_t size)
{
    return strcmp(d->format_name, "avi") == 0 ? 8 + (size & 1) : 0;
}

/*
 * Plan [from, from+secs) with max_gap and check it against the packets
 * libavformat delivers. Returns the number of ranges.
 */
static int check_plan(struct refpkt_media *o, double from, double secs, int64_t max_gap)
{
    demuxer_t *d = o->d;
    const struct refpkt_list *ref = &o->ref;
    double to = from + secs;
    struct demux_read_range *r = calloc(MAX_RANGES, sizeof(*r));
    double *min_time = calloc(MAX_RANGES, sizeof(*min_time));
    assert_non_null(r);
    assert_non_null(min_time);
    int n = demux_plan_next(d, from, secs, max_gap, r, MAX_RANGES);
    assert_true(n >= 0);
    assert_true(n < MAX_RANGES);
    /* libavformat's AVI reader walks every chunk header: those of the
     * unselected streams are planned too, their payloads not. */
    bool avi = strcmp(d->format_name, "avi") == 0;
    int64_t headers = 0;
    for (int i = 0; i < n; i++) {
        min_time[i] = INFINITY;
        assert_true(r[i].len > 0);
        assert_true(r[i].pos >= 0 && r[i].pos + r[i].len <= ref->file_size);
        if (i > 0)
            assert_true(r[i - 1].time <= r[i].time);
    }

    int64_t bytes = 0, packets = 0, framed = 0;
    for (size_t k = 0; k < ref->n; k++) {
        const struct refpkt *p = &ref->v[k];
        bool wanted = is_selected(d, p->st) && p->time >= from && p->time < to;
        int in = -1;
        for (int i = 0; i < n; i++) {
            if (p->pos >= r[i].pos && p->pos + p->size <= r[i].pos + r[i].len) {
                in = i;
                break;
            }
        }
        if (wanted) {
            if (in < 0)
                fail_msg("packet of stream %d at %.3f (pos %lld) is in no range", p->st,
                         p->time, (long long)p->pos);
            min_time[in] = fmin(min_time[in], p->time);
            bytes += p->size;
            framed += p->size + framing(d, p->size);
            packets++;
        } else if (avi && p->time >= from && p->time < to) {
            /* An unselected AVI chunk in the window: its header (8 bytes
             * before the payload) is planned, at most 8 bytes of it. */
            int64_t inside = 0;
            for (int i = 0; i < n; i++) {
                int64_t lo = p->pos > r[i].pos ? p->pos : r[i].pos;
                int64_t hi = p->pos + p->size < r[i].pos + r[i].len ? p->pos + p->size
                                                                    : r[i].pos + r[i].len;
                inside += hi > lo ? hi - lo : 0;
                if (overlaps(&r[i], p->pos - 8, 16))
                    min_time[i] = fmin(min_time[i], p->time);
            }
            if (max_gap == 0 && inside > 8)
                fail_msg("%lld bytes of unselected stream %d at %.3f planned", (long long)inside,
                         p->st, p->time);
            if (p->size > 0)
                headers += 8;
        } else if (max_gap == 0) {
            /* Unselected tracks and packets outside the window: nowhere. */
            for (int i = 0; i < n; i++) {
                if (overlaps(&r[i], p->pos, p->size))
                    fail_msg("range %d holds packet of stream %d at %.3f", i, p->st, p->time);
            }
        }
    }
    /* A range is dated by the first packet it holds, and holds one. */
    for (int i = 0; i < n; i++)
        assert_true(fabs(min_time[i] - r[i].time) < 1e-9);
    if (max_gap == 0) {
        int64_t total = 0;
        for (int i = 0; i < n; i++)
            total += r[i].len;
        assert_int_equal(total, framed + headers);
    }

    /* Disjoint, and further apart than max_gap unless joining them would
     * pass the bound on a range's length. */
    qsort(r, n, sizeof(*r), cmp_range_pos);
    for (int i = 1; i < n; i++) {
        int64_t gap = r[i].pos - (r[i - 1].pos + r[i - 1].len);
        assert_true(gap >= 0);
        assert_true(r[i - 1].len <= DEMUX_PLAN_MAX_RANGE || gap > max_gap);
        if (gap <= max_gap)
            assert_true(r[i].pos + r[i].len - r[i - 1].pos > DEMUX_PLAN_MAX_RANGE);
    }

    assert_int_equal(demux_plan_bytes_needed(d, from, to), bytes);
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(d, from, to, max_gap, &cost), 0);
    assert_int_equal(cost.bytes, bytes);
    assert_int_equal(cost.packets, packets);
    /* The measure's runs are not cut at the bound. */
    if (headers == 0)
        assert_true(cost.runs <= n && (n == 0 || cost.runs >= 1));
    if (max_gap == 0)
        assert_int_equal(cost.span, framed);
    free(r);
    free(min_time);
    return n;
}

/* Every selection and a few windows on one file. */
static void check_file(const char *path)
{
    struct refpkt_media o = refpkt_open(path, NULL, true);
    assert_true(o.ref.n > 0);
    const double froms[] = { 0, 3.3, 7.9 };
    const double secs[] = { 0.5, 2, 5 };
    const int64_t gaps[] = { 0, 4096, 1 << 20 };
    const struct { bool video; int aid; } sel[] = {
        { true, 0 }, { true, 1 }, { false, 2 }, { true, -1 }, { false, 0 },
    };
    for (size_t s = 0; s < sizeof(sel) / sizeof(sel[0]); s++) {
        select_tracks(o.d, sel[s].video, sel[s].aid);
        assert_true(demux_has_index(o.d));
        for (size_t f = 0; f < sizeof(froms) / sizeof(froms[0]); f++) {
            for (size_t w = 0; w < sizeof(secs) / sizeof(secs[0]); w++) {
                for (size_t g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
                    int n = check_plan(&o, froms[f], secs[w], gaps[g]);
                    assert_true(n > 0);
                }
            }
        }
    }
    refpkt_close(&o);
}

static void make_remuxed(struct media *m, char *buf, size_t len, const char *name,
                         enum order order)
{
    test_path(buf, len, m->dir, name);
    remux(m->src, buf, order);
}

static void test_mp4_interleaved(void **state)
{
    check_file(((struct media *)*state)->src);
}

static void test_avi_interleaved(void **state)
{
    check_file(((struct media *)*state)->avi);
}

/* libavformat 59 reads every moof of a seekable file at open. */
static void test_mp4_fragmented(void **state)
{
    struct media *m = *state;
    char path[512];
    test_path(path, sizeof(path), m->dir, "frag.mp4");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -map 0 -c copy "
                             "-movflags frag_keyframe+empty_moov '%s'", m->src, path), 0);
    check_file(path);
}

/* B-frames: negative first dts and an edit list. */
static void test_bframes(void **state)
{
    struct media *m = *state;
    const char *names[] = { "bframes.mp4", "bframes.avi" };
    for (size_t i = 0; i < 2; i++) {
        char path[512];
        test_path(path, sizeof(path), m->dir, names[i]);
        assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -map 0 -c:v mpeg4 "
                                 "-bf 2 -g 12 -c:a copy '%s'", m->src, path), 0);
        check_file(path);
    }
}

static void test_mp4_delayed_audio(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = refpkt_open(m->delayed, NULL, true);
    select_tracks(o.d, true, 0);
    assert_true(demux_has_index(o.d));
    check_plan(&o, 0, 3, 0);
    check_plan(&o, 4, 3, 0);
    /* Before the audio starts only video is planned. */
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(o.d, 0, 4.5, 0, &cost), 0);
    select_tracks(o.d, true, -1);
    assert_int_equal(demux_plan_bytes_needed(o.d, 0, 4.5), cost.bytes);
    refpkt_close(&o);
}

static void test_skewed(void **state)
{
    struct media *m = *state;
    char path[512];
    const char *names[] = { "skewed.mp4", "skewed.avi" };
    for (size_t i = 0; i < 2; i++) {
        make_remuxed(m, path, sizeof(path), names[i], ORDER_SKEWED);
        check_file(path);
        /* The audio of a second lies beyond the video of the next four. */
        struct refpkt_media o = refpkt_open(path, NULL, true);
        select_tracks(o.d, true, -1);
        int64_t video = demux_plan_bytes_needed(o.d, 3, 7);
        select_tracks(o.d, true, 0);
        struct demux_read_range r[MAX_RANGES];
        int n = demux_plan_next(o.d, 3, 1, 0, r, MAX_RANGES);
        assert_true(n > 1);
        int64_t lo = INT64_MAX, hi = 0;
        for (int k = 0; k < n; k++) {
            lo = r[k].pos < lo ? r[k].pos : lo;
            hi = r[k].pos + r[k].len > hi ? r[k].pos + r[k].len : hi;
        }
        assert_true(video > 0 && hi - lo > video);
        refpkt_close(&o);
    }
}

static void test_sequential(void **state)
{
    struct media *m = *state;
    const char *names[] = { "seq.mp4", "seq.avi" };
    for (size_t i = 0; i < 2; i++) {
        char path[512];
        make_remuxed(m, path, sizeof(path), names[i], ORDER_SEQUENTIAL);
        check_file(path);
        /* The video of the window is one run, the audio another (in AVI
         * each unselected audio chunk's header adds one: check_plan
         * checks they are exactly those). */
        struct refpkt_media o = refpkt_open(path, NULL, true);
        select_tracks(o.d, true, 1);
        int n = check_plan(&o, 2.2, 3, 0);
        if (i == 0)
            assert_int_equal(n, 2);
        else
            assert_true(n > 2);
        refpkt_close(&o);
    }
}

/* finish_secs: a run the window cuts is planned to its end (at most
 * finish_secs on). On a file with each track whole, that is exactly the
 * plan of the longer window; on a packet-interleaved MP4 with no gap, the
 * next packet of a stream never continues its last one, so nothing is
 * added. */
static void test_finish_runs(void **state)
{
    struct media *m = *state;
    char path[512];
    make_remuxed(m, path, sizeof(path), "seqf.mp4", ORDER_SEQUENTIAL);
    const char *files[] = { path, m->src };
    for (size_t f = 0; f < 2; f++) {
        struct refpkt_media o = refpkt_open(files[f], NULL, true);
        select_tracks(o.d, true, 0);
        struct demux_read_range a[MAX_RANGES], b[MAX_RANGES];
        const struct demux_plan_params pp = {
            .from = 2.2, .secs_ahead = 3, .max_gap = 0, .finish_secs = 2,
        };
        int n = demux_plan(o.d, &pp, a, MAX_RANGES, NULL);
        int k = demux_plan_next(o.d, 2.2, f == 0 ? 5 : 3, 0, b, MAX_RANGES);
        assert_true(n > 0);
        assert_int_equal(n, k);
        for (int i = 0; i < n; i++) {
            assert_int_equal(a[i].pos, b[i].pos);
            assert_int_equal(a[i].len, b[i].len);
        }
        refpkt_close(&o);
    }
}

/* The planner renews when half the window is used or after an
 * invalidation, hands the plan to the stream, stops a second past the
 * end, and keeps saying no for a file it cannot plan. */
static void test_planner(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = refpkt_open(m->src, NULL, false);
    select_tracks(o.d, true, 0);
    struct demux_planner_opts po = { .secs = 4, .max_gap = 4096, .end = INFINITY };
    struct demux_planner *p = demux_planner_create(o.d, o.s, &po);
    assert_non_null(p);
    assert_true(isnan(demux_planner_until(p)));
    assert_int_equal(demux_planner_update(p, 0), 1);
    assert_true(demux_planner_until(p) == 4);
    assert_true(stream_get_stats(o.s).plan_ranges > 0);
    assert_int_equal(demux_planner_update(p, 1.9), 0);
    assert_int_equal(demux_planner_update(p, 2), 1);
    assert_true(demux_planner_until(p) == 6);
    assert_int_equal(demux_planner_update(p, 2.5), 0);
    demux_planner_invalidate(p);
    assert_int_equal(demux_planner_update(p, 2.5), 1);
    demux_planner_free(p);

    /* -endpos 3: windows end a second past it, then no plan at all. */
    po.end = 3;
    p = demux_planner_create(o.d, o.s, &po);
    assert_int_equal(demux_planner_update(p, 0), 1);
    assert_true(demux_planner_until(p) == 4);
    assert_int_equal(demux_planner_update(p, 3.5), 1);
    assert_true(demux_planner_until(p) == 4);
    demux_planner_invalidate(p);
    assert_int_equal(demux_planner_update(p, 4.5), 0);
    demux_planner_free(p);
    refpkt_close(&o);

    o = refpkt_open(m->mkv, NULL, false);
    select_tracks(o.d, true, 0);
    p = demux_planner_create(o.d, o.s, &po);
    assert_int_equal(demux_planner_update(p, 0), -DEMUX_ERR_NO_INDEX);
    assert_int_equal(demux_planner_update(p, 5), -DEMUX_ERR_NO_INDEX);
    demux_planner_free(p);
    refpkt_close(&o);
}

/* With all tracks and a generous gap, a well interleaved window is one
 * range; with one audio track of three it cannot be. */
static void test_merging(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = refpkt_open(m->src, NULL, true);
    for (int i = 0; i < o.d->num_streams; i++)
        demux_select_stream(o.d, o.d->streams[i], true);
    assert_int_equal(check_plan(&o, 1.1, 4, 1 << 20), 1);
    select_tracks(o.d, true, 0);
    assert_true(check_plan(&o, 1.1, 4, 0) > 1);
    refpkt_close(&o);
}

/* Bounds cut the plan at a time: its earliest part, never holes. */
static void test_bounds(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = refpkt_open(m->src, NULL, true);
    select_tracks(o.d, true, 0);
    struct demux_read_range full[MAX_RANGES], part[MAX_RANGES];
    int n = demux_plan_next(o.d, 1.0, 6, 0, full, MAX_RANGES);
    assert_true(n > 10);

    double until = 0;
    struct demux_plan_params pp = { .from = 1.0, .secs_ahead = 6, .max_gap = 0 };
    assert_int_equal(demux_plan(o.d, &pp, part, 5, &until), 5);
    assert_memory_equal(part, full, 5 * sizeof(part[0]));
    assert_true(until == full[5].time);
    pp.max_bytes = 0;
    assert_int_equal(demux_plan(o.d, &pp, part, MAX_RANGES, &until), n);
    assert_true(until == 7.0);

    /* A byte budget: every selected packet before `until` is planned, and
     * the planned packets fit the budget. */
    pp.max_bytes = 50000;
    int k = demux_plan(o.d, &pp, part, MAX_RANGES, &until);
    assert_true(k > 0 && k < n);
    assert_true(until > 1.0 && until < 7.0);
    int64_t planned = 0;
    for (size_t i = 0; i < o.ref.n; i++) {
        const struct refpkt *p = &o.ref.v[i];
        if (!is_selected(o.d, p->st) || p->time < 1.0 || p->time >= 7.0)
            continue;
        bool in = false;
        for (int j = 0; j < k && !in; j++)
            in = p->pos >= part[j].pos && p->pos + p->size <= part[j].pos + part[j].len;
        if (p->time < until)
            assert_true(in);
        if (in)
            planned += p->size;
    }
    assert_true(planned > 0 && planned <= 50000);
    assert_int_equal(planned, demux_plan_bytes_needed(o.d, 1.0, until));

    /* The first packet is planned whatever the budget. */
    pp.max_bytes = 1;
    assert_int_equal(demux_plan(o.d, &pp, part, MAX_RANGES, &until), 1);
    assert_true(until > 1.0);

    assert_int_equal(demux_plan_next(o.d, 1.0, 0, 0, part, 4), -DEMUX_ERR_INVALID);
    assert_int_equal(demux_plan_next(o.d, NAN, 1, 0, part, 4), -DEMUX_ERR_INVALID);
    assert_int_equal(demux_plan_next(o.d, 1.0, 1, 0, NULL, 4), -DEMUX_ERR_INVALID);
    assert_int_equal(demux_plan_next(o.d, 1.0, 1, 0, part, 0), 0);
    /* Past the end: nothing to read. */
    assert_int_equal(demux_plan_next(o.d, CLIP_SECONDS + 1, 5, 0, part, 4), 0);

    /* Nothing selected: nothing to plan, and no index to speak of. */
    select_tracks(o.d, false, -1);
    assert_false(demux_has_index(o.d));
    assert_int_equal(demux_plan_next(o.d, 1.0, 1, 0, part, 4), 0);
    assert_int_equal(demux_plan_bytes_needed(o.d, 0, CLIP_SECONDS), 0);
    refpkt_close(&o);
}

/* A track switch or a seek changes the next plan at once. */
static void test_switch_and_seek(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = refpkt_open(m->src, NULL, true);
    select_tracks(o.d, true, 0);
    int64_t a0 = demux_plan_bytes_needed(o.d, 2, 4);
    AVPacket *pkt = demux_read_packet(o.d, demux_nth_stream(o.d, MP_STREAM_VIDEO, 0));
    assert_non_null(pkt);
    av_packet_free(&pkt);
    select_tracks(o.d, true, 2);
    check_plan(&o, 2, 2, 0);
    assert_int_equal(demux_plan_bytes_needed(o.d, 2, 4), a0);  /* same bitrate */
    assert_int_equal(demux_seek(o.d, 6.0), 0);
    check_plan(&o, 6, 2, 0);
    refpkt_close(&o);
}

static void check_inside(struct refpkt_media *o, int64_t size);

/* Matroska and MPEG-TS: no per-packet index, before and after reading
 * and seeking (matroska's index entries are keyframe clusters without
 * sizes, and its cues are read on the first seek). Matroska plans from a
 * map of its clusters only with demux_opts.matroska_plans (below, and
 * tests/unit/test_mkvplan.c). */
static void check_no_index(const char *path)
{
    struct refpkt_media o = refpkt_open(path, NULL, false);
    select_tracks(o.d, true, 0);
    struct demux_read_range r[8];
    struct demux_plan_cost cost;
    for (int step = 0; step < 3; step++) {
        if (step == 1) {
            struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
            for (int i = 0; i < 100; i++) {
                AVPacket *pkt = demux_read_packet(o.d, v);
                assert_non_null(pkt);
                av_packet_free(&pkt);
            }
        } else if (step == 2) {
            assert_int_equal(demux_seek(o.d, 8.0), 0);
            assert_int_equal(demux_seek(o.d, 1.0), 0);
        }
        assert_false(demux_has_index(o.d));
        assert_int_equal(demux_plan_next(o.d, 0.5, 2, 0, r, 8), -DEMUX_ERR_NO_INDEX);
        assert_int_equal(demux_plan_measure(o.d, 0, 2, 0, &cost), -DEMUX_ERR_NO_INDEX);
        assert_int_equal(demux_plan_bytes_needed(o.d, 0, 2), -DEMUX_ERR_NO_INDEX);
    }
    refpkt_close(&o);
}

static void test_no_index_mkv(void **state)
{
    check_no_index(((struct media *)*state)->mkv);
}

static void test_no_index_ts(void **state)
{
    check_no_index(((struct media *)*state)->ts);
}

/* Matroska plans from its cluster map (covered in test_mkvplan.c): here
 * only that ffmpeg's own 4-track file is planned inside the file. */
static void test_mkv_planned(void **state)
{
    struct refpkt_media o = {0};
    const struct demux_opts dopts = { .matroska_plans = true };
    assert_int_equal(stream_open(&o.s, ((struct media *)*state)->mkv, NULL), 0);
    assert_int_equal(demux_open(&o.d, o.s, &dopts), 0);
    select_tracks(o.d, true, 2);
    assert_true(demux_has_index(o.d));
    check_inside(&o, stream_size(o.s));
    refpkt_close(&o);
}

/* An AVI cut before its idx1: an index that does not cover the file. */
static void test_no_index_truncated_avi(void **state)
{
    struct media *m = *state;
    char path[512];
    test_path(path, sizeof(path), m->dir, "cut.avi");
    assert_int_equal(test_sh("head -c 200000 '%s' > '%s'", m->avi, path), 0);
    struct refpkt_media o = refpkt_open(path, NULL, false);
    select_tracks(o.d, true, 0);
    assert_false(demux_has_index(o.d));
    refpkt_close(&o);
}

/* Every range inside the file, whatever the index says. */
static void check_inside(struct refpkt_media *o, int64_t size)
{
    struct demux_read_range r[MAX_RANGES];
    int n = demux_plan_next(o->d, -1, CLIP_SECONDS + 2, 0, r, MAX_RANGES);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_true(r[i].pos >= 0 && r[i].len > 0 && r[i].pos + r[i].len <= size);
}

/* A faststart MP4 cut in half: the index still lists the lost half. */
static void test_hostile_truncated_mp4(void **state)
{
    struct media *m = *state;
    char full[512], cut[512];
    test_path(full, sizeof(full), m->dir, "fast.mp4");
    test_path(cut, sizeof(cut), m->dir, "fastcut.mp4");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -map 0 -c copy "
                             "-movflags +faststart '%s'", m->src, full), 0);
    struct stat sb;
    assert_int_equal(stat(full, &sb), 0);
    int64_t size = sb.st_size / 2;
    assert_int_equal(test_sh("head -c %lld '%s' > '%s'", (long long)size, full, cut), 0);
    struct refpkt_media o = refpkt_open(cut, NULL, true);
    select_tracks(o.d, true, 0);
    assert_true(demux_has_index(o.d));
    check_inside(&o, size);
    /* The first seconds are whole and planned exactly. */
    check_plan(&o, 0, 2, 0);
    int64_t cut_bytes = demux_plan_bytes_needed(o.d, 0, CLIP_SECONDS);
    refpkt_close(&o);
    o = refpkt_open(full, NULL, false);
    select_tracks(o.d, true, 0);
    assert_true(cut_bytes < demux_plan_bytes_needed(o.d, 0, CLIP_SECONDS));
    refpkt_close(&o);
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(unsigned char *p, uint32_t v)
{
    p[0] = v >> 24;
    p[1] = v >> 16;
    p[2] = v >> 8;
    p[3] = v;
}

/* The whole of the file at path (malloc'd, *size bytes), to patch it. */
static unsigned char *load_file(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    *size = ftell(f);
    assert_true(*size > 0);
    unsigned char *buf = malloc(*size);
    assert_non_null(buf);
    rewind(f);
    assert_int_equal(fread(buf, 1, *size, f), (size_t)*size);
    fclose(f);
    return buf;
}

/* Write buf back over the file at path, and free it. */
static void store_file(const char *path, unsigned char *buf, long size)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, size, f), (size_t)size);
    assert_int_equal(fclose(f), 0);
    free(buf);
}

/* Chunk offsets pointing past the end of the file (patched stco). */
static void test_hostile_offsets(void **state)
{
    struct media *m = *state;
    char path[512];
    test_path(path, sizeof(path), m->dir, "badstco.mp4");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -map 0 -c copy "
                             "-movflags +faststart '%s'", m->src, path), 0);
    long size;
    unsigned char *buf = load_file(path, &size);
    int patched = 0;
    for (long i = 4; i + 16 < size; i++) {
        if (memcmp(buf + i, "stco", 4) != 0)
            continue;
        /* box: size, 'stco', version+flags, count, offsets... */
        uint32_t count = be32(buf + i + 8);
        for (uint32_t c = 1; c < count && i + 12 + 4 * (long)c + 4 <= size; c += 3) {
            memset(buf + i + 12 + 4 * c, 0xff, 4);
            patched++;
        }
    }
    assert_true(patched > 0);
    store_file(path, buf, size);

    struct refpkt_media o = refpkt_open(path, NULL, false);
    select_tracks(o.d, true, 0);
    assert_true(demux_has_index(o.d));
    check_inside(&o, size);
    /* Exactly the entries inside the file are planned. */
    int64_t inside = 0, outside = 0;
    for (int i = 0; i < o.d->num_streams; i++) {
        if (!o.d->streams[i]->selected)
            continue;
        AVStream *st = demux_avformat(o.d)->streams[o.d->streams[i]->ff_index];
        for (int k = 0; k < avformat_index_get_entries_count(st); k++) {
            if (avformat_index_get_entry(st, k)->pos < size)
                inside++;
            else
                outside++;
        }
    }
    assert_true(outside > 0 && inside > 0);
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(o.d, -1, CLIP_SECONDS + 2, 0, &cost), 0);
    assert_int_equal(cost.packets, inside);
    refpkt_close(&o);
}

/* The first box of type `type` in [off, end), following the container
 * boxes on the way (MP4 box: 32-bit size, fourcc). */
static long find_box(const unsigned char *buf, long off, long end, const char *type)
{
    static const char *const containers[] = { "moov", "trak", "mdia", "minf", "stbl" };
    while (off + 8 <= end) {
        long size = be32(buf + off);
        if (size < 8 || off + size > end)
            return -1;
        if (!memcmp(buf + off + 4, type, 4))
            return off;
        for (size_t i = 0; i < sizeof(containers) / sizeof(containers[0]); i++) {
            if (!memcmp(buf + off + 4, containers[i], 4)) {
                long r = find_box(buf, off + 8, off + size, type);
                if (r >= 0)
                    return r;
            }
        }
        off += size;
    }
    return -1;
}

/* An index of a million samples, none of them in the file, from a few
 * bytes (the first track's stsz: one size of 512 MB for all; stts and stsc:
 * one entry for all): planning must not walk all of them every time. */
static void test_hostile_huge_index(void **state)
{
    struct media *m = *state;
    char path[512];
    test_path(path, sizeof(path), m->dir, "hugeindex.mp4");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -i '%s' -map 0:v -c copy "
                             "-movflags +faststart '%s'", m->src, path), 0);
    long size;
    unsigned char *buf = load_file(path, &size);
    const uint32_t samples = 1000 * 1000;
    long stsz = find_box(buf, 0, size, "stsz");
    long stts = find_box(buf, 0, size, "stts");
    long stsc = find_box(buf, 0, size, "stsc");
    assert_true(stsz > 0 && stts > 0 && stsc > 0);
    put_be32(buf + stsz + 12, 0x1fffffff);   /* sample size: 512 MB */
    put_be32(buf + stsz + 16, samples);      /* sample count */
    put_be32(buf + stts + 12, 1);            /* entries */
    put_be32(buf + stts + 16, samples);      /* count */
    put_be32(buf + stts + 20, 1);            /* delta: one tick each */
    put_be32(buf + stsc + 12, 1);            /* entries */
    put_be32(buf + stsc + 16, 1);            /* first chunk */
    put_be32(buf + stsc + 20, samples);      /* samples per chunk */
    put_be32(buf + stsc + 24, 1);            /* description */
    store_file(path, buf, size);

    stream_t *s;
    demuxer_t *d;
    assert_int_equal(stream_open(&s, path, NULL), 0);
    if (demux_open(&d, s, NULL) != 0) {
        stream_close(s);
        fail_msg("%s: libavformat refused the patched index", path);
    }
    select_tracks(d, true, -1);
    AVStream *st = demux_avformat(d)->streams[d->streams[0]->ff_index];
    assert_true(avformat_index_get_entries_count(st) >= (int)samples);
    double span = (double)samples * av_q2d(st->time_base);
    /* Every entry is looked at: none in the file, so nothing needed. */
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(d, -1, span + 1, 0, &cost), 0);
    assert_int_equal(cost.packets, 0);
    /* A plan gives up long before the end of the window, and says that it
     * has promised nothing: not "complete until the end". */
    struct demux_read_range r[4];
    struct demux_plan_params pp = { .from = 0, .secs_ahead = span + 1 };
    double until = NAN;
    assert_int_equal(demux_plan(d, &pp, r, 4, &until), 0);
    assert_true(until == 0);
    demux_close(d);
    stream_close(s);
}

int main(void)
{
    demux_route_av_log();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mp4_interleaved),
        cmocka_unit_test(test_avi_interleaved),
        cmocka_unit_test(test_mp4_fragmented),
        cmocka_unit_test(test_bframes),
        cmocka_unit_test(test_mp4_delayed_audio),
        cmocka_unit_test(test_skewed),
        cmocka_unit_test(test_sequential),
        cmocka_unit_test(test_merging),
        cmocka_unit_test(test_finish_runs),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_planner),
        cmocka_unit_test(test_switch_and_seek),
        cmocka_unit_test(test_no_index_mkv),
        cmocka_unit_test(test_no_index_ts),
        cmocka_unit_test(test_mkv_planned),
        cmocka_unit_test(test_no_index_truncated_avi),
        cmocka_unit_test(test_hostile_truncated_mp4),
        cmocka_unit_test(test_hostile_offsets),
        cmocka_unit_test(test_hostile_huge_index),
    };
    return cmocka_run_group_tests(tests, make_media, test_free_dir_fixture);
}
