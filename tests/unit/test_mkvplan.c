/*
 * Unit tests for read plans of Matroska files (libmpdemux/mkvmap.c and its
 * use in readplan.c): on interleaved, non-interleaved and three-track
 * files made with TOOLS/mkmedia.sh and mkmux, the planned ranges must
 * hold every packet libavformat delivers for the selected tracks in the
 * window, stay out of clusters only unselected tracks use, stay inside the
 * file when it is cut or damaged, and the map must be reused after seeks.
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
#include "libmpdemux/readplan_inspect.h"
#include "libmpdemux/mkvmap.h"
#include "stream/stream.h"
#include "test_refpkt.h"
#include "test_util.h"

/* Longer than 32.767 s: a muxer writing track after track then starts a
 * cluster for the audio (a block's time relative to its cluster is 16
 * bits of milliseconds); in shorter files the audio may follow the video
 * inside its last cluster. */
#define CLIP_SECONDS 40
#define MAX_RANGES 1024

struct media {
    char *dir;
    char good[512];   /* video + audio, interleaved */
    char non[512];    /* all video, then all audio */
    char three[512];  /* video, audio 1, audio 2, one after another */
    char cut[512];    /* good.mkv cut at 60 % */
    char bad[512];    /* good.mkv with a cluster's head overwritten */
};

static int make_media(void **state)
{
    struct media *m = test_new_dir_fixture(sizeof(*m));
    if (!m)
        return -1;
    *state = m;
    test_path(m->cut, sizeof(m->cut), m->dir, "cut.mkv");
    test_path(m->bad, sizeof(m->bad), m->dir, "bad.mkv");
    if (test_make_mkv_layouts(m->dir, CLIP_SECONDS, m->good, m->non, m->three,
                              sizeof(m->good)) != 0)
        return -1;
    struct stat sb;
    if (stat(m->good, &sb) != 0)
        return -1;
    if (test_sh("head -c %lld '%s' > '%s'", (long long)sb.st_size * 6 / 10, m->good,
                m->cut) != 0)
        return -1;
    return 0;
}

static struct refpkt_media open_media(const char *path, bool with_ref)
{
    const struct demux_opts dopts = { .matroska_plans = true };
    struct refpkt_media o = refpkt_open(path, &dopts, with_ref);
    assert_true(!strncmp(o.d->format_name, "matroska", 8));
    return o;
}

/* Select video (if want_video) and audio track aid (-1: none). */
static void select_tracks(demuxer_t *d, bool want_video, int aid)
{
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        bool on = sh->type == MP_STREAM_VIDEO ? want_video
                : sh->type == MP_STREAM_AUDIO ? sh->id == aid : false;
        demux_select_stream(d, sh, on);
    }
}

static bool stream_selected(demuxer_t *d, int ff_index)
{
    for (int i = 0; i < d->num_streams; i++) {
        if (d->streams[i]->ff_index == ff_index)
            return d->streams[i]->selected;
    }
    return false;
}

/* The span [lo, hi) of the packets of stream st in the file. */
static void stream_span(const struct refpkt_list *ref, int st, int64_t *lo, int64_t *hi)
{
    *lo = INT64_MAX;
    *hi = 0;
    for (size_t i = 0; i < ref->n; i++) {
        const struct refpkt *p = &ref->v[i];
        if (p->st != st)
            continue;
        *lo = p->pos < *lo ? p->pos : *lo;
        *hi = p->pos + p->size > *hi ? p->pos + p->size : *hi;
    }
}

static bool inside(const struct demux_read_range *r, int n, int64_t pos, int64_t len)
{
    for (int i = 0; i < n; i++) {
        if (pos >= r[i].pos && pos + len <= r[i].pos + r[i].len)
            return true;
    }
    return false;
}

static bool overlaps_any(const struct demux_read_range *r, int n, int64_t lo, int64_t hi)
{
    for (int i = 0; i < n; i++) {
        if (r[i].pos < hi && lo < r[i].pos + r[i].len)
            return true;
    }
    return false;
}

/* Plan [from, from + secs) and check the promises: ranges inside the
 * file, non-empty, disjoint, by time; every selected packet of the
 * window inside one (when the reference is there); *until the window's
 * end. Returns the number of ranges, the ranges in r. */
static int check_plan(struct refpkt_media *o, double from, double secs, int64_t max_gap,
                      struct demux_read_range *r)
{
    int64_t size = stream_size(o->s);
    struct demux_plan_params pp = { .from = from, .secs_ahead = secs, .max_gap = max_gap };
    double until = NAN;
    int n = 0;
    /* A call learns a few clusters; the player renews its plan as it
     * plays, and so does this until the plan is complete. */
    for (int call = 0; call < 50 && !(until == from + secs); call++) {
        n = demux_plan(o->d, &pp, r, MAX_RANGES, &until);
        assert_true(n >= 0 && n < MAX_RANGES);
        assert_true(until >= from && until <= from + secs);
    }
    assert_true(n > 0);
    assert_true(until == from + secs);
    for (int i = 0; i < n; i++) {
        assert_true(r[i].pos >= 0 && r[i].len > 0 && r[i].pos + r[i].len <= size);
        assert_true(r[i].len <= DEMUX_PLAN_MAX_RANGE);
        if (i > 0)
            assert_true(r[i - 1].time <= r[i].time);
        for (int j = 0; j < i; j++)
            assert_true(r[j].pos + r[j].len <= r[i].pos || r[i].pos + r[i].len <= r[j].pos);
    }
    size_t checked = 0;
    for (size_t i = 0; i < o->ref.n; i++) {
        const struct refpkt *p = &o->ref.v[i];
        if (!stream_selected(o->d, p->st) || p->time < from || p->time >= from + secs)
            continue;
        if (!inside(r, n, p->pos, p->size))
            fail_msg("packet of stream %d at %.3f s (%lld +%lld) not planned for [%g, %g)",
                     p->st, p->time, (long long)p->pos, (long long)p->size, from, from + secs);
        checked++;
    }
    assert_true(o->ref.n == 0 || checked > 0);
    /* Measurements see the same clusters. */
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(o->d, from, from + secs, max_gap, &cost), 0);
    assert_true(cost.packets > 0 && cost.runs > 0 && cost.runs <= cost.packets);
    assert_true(cost.span >= cost.bytes);
    assert_int_equal(demux_plan_bytes_needed(o->d, from, from + secs), cost.bytes);
    return n;
}

static int64_t planned_bytes(const struct demux_read_range *r, int n)
{
    int64_t b = 0;
    for (int i = 0; i < n; i++)
        b += r[i].len;
    return b;
}

/* The cluster of the map that holds pos, or NULL. */
static const struct mkvmap_cluster *cluster_at(demuxer_t *d, int64_t pos)
{
    for (size_t i = 0; d->mkvmap && i < mkvmap_count(d->mkvmap); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(d->mkvmap, i);
        if (pos >= c->pos && pos < c->end)
            return c;
    }
    return NULL;
}

/* ---- Tests ---- */

/* Interleaved: the plan is the clusters of the window, nothing far from
 * it, and libavformat's reading is not disturbed by the map's reads. */
static void test_interleaved(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->good, true);
    select_tracks(o.d, true, 0);
    assert_true(demux_has_index(o.d));
    struct demux_read_range *r = calloc(MAX_RANGES, sizeof(*r));
    assert_non_null(r);
    const double wins[][2] = { { 0, 2 }, { 3, 4 }, { 20, 5 }, { 37, 5 }, { -1, 1.5 } };
    for (size_t w = 0; w < sizeof(wins) / sizeof(wins[0]); w++) {
        double from = wins[w][0], to = wins[w][0] + wins[w][1];
        int n = check_plan(&o, from, wins[w][1], 0, r);
        /* Only the clusters from the one holding the window's first packet
         * to the one holding its last: bound the plan by those. */
        int64_t lo = INT64_MAX, hi = 0;
        for (size_t i = 0; i < o.ref.n; i++) {
            const struct refpkt *p = &o.ref.v[i];
            if (p->time < from || p->time >= to)
                continue;
            const struct mkvmap_cluster *c = cluster_at(o.d, p->pos);
            assert_non_null(c);
            hi = c->end > hi ? c->end : hi;
            /* The cluster before may run on to the window by its times:
             * its successor's time is past the window's start. */
            if (c != mkvmap_cluster(o.d->mkvmap, 0))
                c--;
            lo = c->pos < lo ? c->pos : lo;
        }
        for (int i = 0; i < n; i++) {
            if (r[i].pos < lo || r[i].pos + r[i].len > hi)
                fail_msg("range %lld +%lld outside the clusters of [%g, %g): %lld-%lld",
                         (long long)r[i].pos, (long long)r[i].len, from, to, (long long)lo,
                         (long long)hi);
        }
        if (w == 1)
            assert_true(planned_bytes(r, n) < stream_size(o.s) * 6 / 10);
    }
    /* Every packet read after all those plans is the reference's. */
    struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0);
    size_t got = 0;
    for (int k = 0; k < 2; k++) {
        struct sh_stream *sh = k == 0 ? v : a;
        size_t seen = 0;
        AVPacket *pkt;
        while ((pkt = demux_read_packet(o.d, sh))) {
            size_t idx = 0, match = 0;
            for (size_t i = 0; i < o.ref.n; i++) {
                if (o.ref.v[i].st == sh->ff_index && idx++ == seen) {
                    match = i + 1;
                    break;
                }
            }
            assert_true(match > 0);
            assert_int_equal(o.ref.v[match - 1].pos, pkt->pos);
            assert_int_equal(o.ref.v[match - 1].size, pkt->size);
            seen++;
            got++;
            av_packet_free(&pkt);
            if (seen % 50 == 0)
                check_plan(&o, 4, 2, 0, r);  /* a plan between reads */
        }
    }
    assert_true(got > 300);
    free(r);
    refpkt_close(&o);
}

/* All video, then all audio: each track's clusters of the window, in two
 * regions; one track alone never reaches into the other's region. */
static void test_noninterleaved(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->non, true);
    int v_ff = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0)->ff_index;
    int a_ff = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0)->ff_index;
    int64_t vlo, vhi, alo, ahi;
    stream_span(&o.ref, v_ff, &vlo, &vhi);
    stream_span(&o.ref, a_ff, &alo, &ahi);
    assert_true(vhi <= alo);
    struct demux_read_range *r = calloc(MAX_RANGES, sizeof(*r));
    assert_non_null(r);

    select_tracks(o.d, true, 0);
    int n = check_plan(&o, 2, 3, 0, r);
    assert_true(overlaps_any(r, n, vlo, vhi) && overlaps_any(r, n, alo, ahi));
    /* A window of 3 s of 12: far from the whole file. */
    assert_true(planned_bytes(r, n) < stream_size(o.s) / 2);
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(o.d, 2, 5, 0, &cost), 0);
    assert_true(cost.runs >= 2);

    select_tracks(o.d, false, 0);
    n = check_plan(&o, 2, 3, 0, r);
    assert_false(overlaps_any(r, n, 0, vhi - 1));

    select_tracks(o.d, true, -1);
    n = check_plan(&o, 2, 3, 0, r);
    assert_false(overlaps_any(r, n, alo + 1, ahi));
    free(r);
    refpkt_close(&o);
}

/* Video, audio 1, audio 2 one after another: audio 2 unselected is never
 * planned, whatever the window, before and after a seek. */
static void test_unselected_track_clusters(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->three, true);
    struct sh_stream *a2 = demux_nth_stream(o.d, MP_STREAM_AUDIO, 1);
    assert_non_null(a2);
    int64_t lo, hi;
    stream_span(&o.ref, a2->ff_index, &lo, &hi);
    struct demux_read_range *r = calloc(MAX_RANGES, sizeof(*r));
    assert_non_null(r);
    select_tracks(o.d, true, 0);
    for (int step = 0; step < 2; step++) {
        const double wins[][2] = { { 0, 3 }, { 5, 4 }, { 9, 10 } };
        for (size_t w = 0; w < sizeof(wins) / sizeof(wins[0]); w++) {
            int n = check_plan(&o, wins[w][0], wins[w][1], 0, r);
            assert_false(overlaps_any(r, n, lo + 1, hi));
        }
        assert_int_equal(demux_seek(o.d, 6.0), 0);
    }
    /* Selected, it is planned. */
    select_tracks(o.d, false, 1);
    int n = check_plan(&o, 0, 3, 0, r);
    assert_true(overlaps_any(r, n, lo, hi));
    free(r);
    refpkt_close(&o);
}

/* The map is learned once: plans after seeks back read nothing new, and
 * a plan reads far less than the file. */
static void test_seek_reuses_map(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->good, false);
    select_tracks(o.d, true, 0);
    struct demux_read_range r[MAX_RANGES];
    struct demux_plan_params pp = { .from = 0, .secs_ahead = 2 };
    assert_true(demux_plan(o.d, &pp, r, MAX_RANGES, NULL) > 0);
    uint64_t reads0 = stream_get_stats(o.s).side_read_calls;
    assert_true(reads0 > 0);
    pp.from = 8;
    assert_int_equal(demux_seek(o.d, 8.0), 0);
    assert_true(demux_plan(o.d, &pp, r, MAX_RANGES, NULL) > 0);
    uint64_t reads1 = stream_get_stats(o.s).side_read_calls;
    assert_true(reads1 > reads0);
    /* Back and forth inside what is known: no read at all. */
    for (double t = 0; t < 8; t += 1.5) {
        assert_int_equal(demux_seek(o.d, t), 0);
        pp.from = t;
        assert_true(demux_plan(o.d, &pp, r, MAX_RANGES, NULL) > 0);
    }
    assert_int_equal(stream_get_stats(o.s).side_read_calls, reads1);
    struct mkvmap_stats ms;
    mkvmap_get_stats(o.d->mkvmap, &ms);
    assert_int_equal((uint64_t)ms.reads, reads1);
    /* A few reads per cluster, never the clusters themselves. */
    size_t nc = mkvmap_count(o.d->mkvmap);
    assert_true(nc >= 4);
    assert_true(ms.reads <= (int64_t)(nc * 2 + 4));
    assert_true(stream_get_stats(o.s).side_bytes_read < (uint64_t)stream_size(o.s) / 2);
    refpkt_close(&o);
}

/* A byte bound and max_out cut the plan at a time, and say so. */
static void test_bounds(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->good, false);
    select_tracks(o.d, true, 0);
    struct demux_read_range r[MAX_RANGES];
    struct demux_plan_params pp = { .from = 0, .secs_ahead = 10, .max_bytes = 100000 };
    double until = NAN;
    int n = demux_plan(o.d, &pp, r, MAX_RANGES, &until);
    assert_true(n > 0);
    assert_true(until > 0 && until < 10);
    int64_t b = planned_bytes(r, n);
    assert_true(b < 100000 + DEMUX_PLAN_MAX_RANGE);
    pp.max_bytes = 0;
    n = demux_plan(o.d, &pp, r, 2, &until);
    assert_int_equal(n, 2);
    assert_true(until >= 0 && until < 10);
    assert_true(until <= r[1].time || until <= 10);
    refpkt_close(&o);
}

/* A file cut short and one with a damaged cluster: plans stay inside the
 * file, the map's work stays bounded, reading goes on. */
static void test_hostile(void **state)
{
    struct media *m = *state;
    /* Damage: the third cluster's ID and size made garbage. */
    struct refpkt_media o = open_media(m->good, false);
    select_tracks(o.d, true, 0);
    struct demux_read_range r[MAX_RANGES];
    assert_true(demux_plan_next(o.d, 0, 100, 0, r, MAX_RANGES) > 0);
    assert_true(mkvmap_count(o.d->mkvmap) >= 4);
    int64_t third = mkvmap_cluster(o.d->mkvmap, 2)->pos;
    int64_t fourth_inner = mkvmap_cluster(o.d->mkvmap, 3)->pos + 12;
    refpkt_close(&o);
    assert_int_equal(test_sh("cp '%s' '%s' && printf '\\001\\377\\377\\377\\377\\377\\377\\377' "
                             "| dd of='%s' bs=1 seek=%lld conv=notrunc 2>/dev/null && "
                             "printf '\\377\\377\\377\\377' | dd of='%s' bs=1 seek=%lld "
                             "conv=notrunc 2>/dev/null", m->good, m->bad, m->bad,
                             (long long)third, m->bad, (long long)fourth_inner), 0);
    const char *files[] = { m->cut, m->bad };
    for (size_t f = 0; f < 2; f++) {
        o = open_media(files[f], false);
        select_tracks(o.d, true, 0);
        int64_t size = stream_size(o.s);
        const double wins[][2] = { { 0, 100 }, { 5, 3 }, { 11, 5 }, { -5, 1 } };
        for (size_t w = 0; w < sizeof(wins) / sizeof(wins[0]); w++) {
            double until = NAN;
            struct demux_plan_params pp = { .from = wins[w][0], .secs_ahead = wins[w][1] };
            int n = demux_plan(o.d, &pp, r, MAX_RANGES, &until);
            assert_true(n >= 0);
            assert_true(until >= pp.from && until <= pp.from + pp.secs_ahead);
            for (int i = 0; i < n; i++)
                assert_true(r[i].pos >= 0 && r[i].len > 0 && r[i].pos + r[i].len <= size);
        }
        struct mkvmap_stats ms;
        mkvmap_get_stats(o.d->mkvmap, &ms);
        assert_true(ms.reads <= (int64_t)mkvmap_count(o.d->mkvmap) * 2 + 8);
        /* The demuxer reads on as before. */
        struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
        int got = 0;
        AVPacket *pkt;
        while (got < 1000 && (pkt = demux_read_packet(o.d, v))) {
            av_packet_free(&pkt);
            got++;
        }
        assert_true(got > 20);
        refpkt_close(&o);
    }
}

/* Past a damaged cluster header the map goes on where libavformat's
 * index (the Cues, read at its first seek) knows a cluster. */
static void test_damaged_resync(void **state)
{
    struct media *m = *state;
    struct refpkt_media o = open_media(m->bad, true);
    select_tracks(o.d, true, 0);
    struct demux_read_range *r = calloc(MAX_RANGES, sizeof(*r));
    assert_non_null(r);
    struct demux_plan_params pp = { .from = 0, .secs_ahead = 30 };
    double until = NAN;
    for (int call = 0; call < 10; call++)
        assert_true(demux_plan(o.d, &pp, r, MAX_RANGES, &until) > 0);
    /* Stuck at the third cluster: nothing promised past what is known. */
    assert_int_equal(mkvmap_count(o.d->mkvmap), 2);
    assert_true(until < 10);
    assert_int_equal(demux_seek(o.d, 30.0), 0);
    check_plan(&o, 30, 3, 0, r);
    assert_true(mkvmap_count(o.d->mkvmap) > 2);
    free(r);
    refpkt_close(&o);
}

/* The whole map of a file, as (pos, end) pairs; returns the count. */
static size_t whole_map(const char *path, int64_t (*out)[2], size_t max)
{
    struct refpkt_media o = open_media(path, false);
    select_tracks(o.d, true, 0);
    struct demux_plan_cost cost;
    assert_int_equal(demux_plan_measure(o.d, -INFINITY, INFINITY, 0, &cost), 0);
    size_t n = mkvmap_count(o.d->mkvmap);
    for (size_t i = 0; i < n && i < max; i++) {
        out[i][0] = mkvmap_cluster(o.d->mkvmap, i)->pos;
        out[i][1] = mkvmap_cluster(o.d->mkvmap, i)->end;
    }
    refpkt_close(&o);
    return n;
}

/* A cluster of unknown size (as live muxers write them) ends where the
 * next cluster starts: the map finds it by skipping the blocks. */
static void test_unknown_size_cluster(void **state)
{
    struct media *m = *state;
    int64_t ref[256][2], got[256][2];
    size_t n = whole_map(m->good, ref, 256);
    assert_true(n > 4 && n < 256);
    char path[600];
    test_path(path, sizeof(path), m->dir, "unknown.mkv");
    assert_int_equal(test_sh("cp '%s' '%s'", m->good, path), 0);
    /* Cluster 1's size field, all value bits set: "unknown". */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, (long)ref[1][0] + 4, SEEK_SET), 0);
    int first = fgetc(f);
    assert_true(first > 0);
    int len = 1;
    while (!(first & (0x80 >> (len - 1))))
        len++;
    unsigned char ones[8] = { (unsigned char)(0xff >> (len - 1)), 0xff, 0xff, 0xff,
                              0xff, 0xff, 0xff, 0xff };
    assert_int_equal(fseek(f, (long)ref[1][0] + 4, SEEK_SET), 0);
    assert_int_equal(fwrite(ones, 1, (size_t)len, f), (size_t)len);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(whole_map(path, got, 256), n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(got[i][0], ref[i][0]);
        assert_int_equal(got[i][1], ref[i][1]);
    }
    struct refpkt_media o = open_media(path, true);
    select_tracks(o.d, true, 0);
    struct demux_read_range r[MAX_RANGES];
    check_plan(&o, 1, 4, 0, r);
    refpkt_close(&o);
}

/* Without demux_opts.matroska_plans (-mkv-plan) nothing changes: no
 * index, no read. */
static void test_off_by_default(void **state)
{
    struct media *m = *state;
    stream_t *s = NULL;
    demuxer_t *d = NULL;
    assert_int_equal(stream_open(&s, m->non, NULL), 0);
    assert_int_equal(demux_open(&d, s, NULL), 0);
    select_tracks(d, true, 0);
    assert_false(demux_has_index(d));
    struct demux_read_range r[4];
    assert_int_equal(demux_plan_next(d, 0, 2, 0, r, 4), -DEMUX_ERR_NO_INDEX);
    assert_null(d->mkvmap);
    assert_int_equal(stream_get_stats(s).side_read_calls, 0);
    demux_close(d);
    stream_close(s);
}

/* Not a plain file: no map, so no plan (the readahead window then). */
static void test_no_side_reads(void **state)
{
    struct media *m = *state;
    char url[600];
    snprintf(url, sizeof(url), "-");
    stream_t *s = NULL;
    FILE *in = freopen(m->good, "rb", stdin);
    assert_non_null(in);
    assert_int_equal(stream_open(&s, url, NULL), 0);
    demuxer_t *d = NULL;
    const struct demux_opts dopts = { .matroska_plans = true };
    assert_int_equal(demux_open(&d, s, &dopts), 0);
    select_tracks(d, true, 0);
    assert_false(demux_has_index(d));
    struct demux_read_range r[4];
    assert_int_equal(demux_plan_next(d, 0, 2, 0, r, 4), -DEMUX_ERR_NO_INDEX);
    demux_close(d);
    stream_close(s);
}

int main(void)
{
    demux_route_av_log();
    if (getenv("TEST_VERBOSE"))
        mp_msg_set_default_level(MSGL_DBG2);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interleaved),
        cmocka_unit_test(test_noninterleaved),
        cmocka_unit_test(test_unselected_track_clusters),
        cmocka_unit_test(test_seek_reuses_map),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_hostile),
        cmocka_unit_test(test_damaged_resync),
        cmocka_unit_test(test_unknown_size_cluster),
        cmocka_unit_test(test_no_side_reads),
        cmocka_unit_test(test_off_by_default),
    };
    return cmocka_run_group_tests(tests, make_media, test_free_dir_fixture);
}
