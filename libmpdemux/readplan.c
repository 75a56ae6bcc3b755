/*
 * readplan: the byte ranges the selected streams' next packets occupy,
 * computed from libavformat's per-packet index (MP4, AVI) or from the map
 * of a Matroska file's clusters (mkvmap.c), for the stream layer's
 * readahead (see DOCS/tech/readplan.md).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/demux_int.h"
#include "libmpdemux/readplan_inspect.h"
#include "libmpdemux/mkvmap.h"

/* A plan stops after this many packets: far more than any sane window
 * needs (10 s of 60 fps video and 8 audio tracks are under 5000), and it
 * bounds the work a hostile index with millions of tiny entries causes. */
#define RP_MAX_PLAN_PACKETS (1 << 16)
/* And after this many index entries looked at: a hostile index can hold
 * millions of entries a plan skips (outside the file, no size) in one
 * second of play, and a plan is renewed many times a second. */
#define RP_MAX_PLAN_VISITS (4 * RP_MAX_PLAN_PACKETS)
/* Larger index sizes are taken as lies (a known file size bounds them
 * further). */
#define RP_MAX_ENTRY_BYTES ((int64_t)256 << 20)
/* An index that ends this much before its stream does is not one that
 * "covers the file" (fragmented MP4 before later fragments are parsed). */
#define RP_COVER_SLACK_SECS 2.0
#define RP_COVER_SLACK_FRACTION 0.05

/* How a container's index entries map to bytes in the file. */
struct rp_layout {
    int head;      /* bytes of framing before the payload at entry->pos */
    bool pad_even; /* payloads of odd size are followed by a pad byte */
    bool reads_all; /* the demuxer reads every stream's packets */
};

struct rp_stream {
    AVStream *st;
    double tb;      /* seconds per timestamp tick */
    double offset;  /* subtracted to get play time */
    int count;
    int cursor;
    bool headers_only; /* unselected, planned for the demuxer's walk */
};

/* One planned packet; later also one merged range. */
struct rp_item {
    int64_t pos;
    int64_t end;
    double time;
};

struct rp_items {
    struct rp_item *v;
    size_t n, alloc;
    int64_t bytes;  /* index sizes (payload) of the items */
};

struct rp_ctx {
    struct rp_layout layout;
    int64_t file_size; /* -1: unknown */
    int ns;
    struct rp_stream *s;
    size_t visits_left; /* index entries rp_head may still look at */
    bool cut;           /* it ran out of them */
};

/* Only containers whose index we have checked against the packets they
 * deliver: a guess wrong by a header would plan the wrong bytes. */
static bool rp_layout_of(const demuxer_t *d, struct rp_layout *out)
{
    const char *name = d->format_name ? d->format_name : "";
    if (!strncmp(name, "mov,", 4)) {
        /* Samples: entry pos and size are exactly the packet's bytes. */
        *out = (struct rp_layout){ .head = 0, .pad_even = false };
        return true;
    }
    if (!strcmp(name, "avi")) {
        /* libavformat normalises idx1 and OpenDML entries to the chunk
         * header (fourcc + size), 8 bytes before the payload; RIFF pads
         * chunks to even sizes. */
        /* Its reader walks every chunk's header, selected or not, and
         * skips the payloads it does not want: a plan without those
         * headers leaves each of those reads to block on its page. */
        *out = (struct rp_layout){ .head = 8, .pad_even = true, .reads_all = true };
        return true;
    }
    return false;
}

static double rp_entry_time(const struct rp_stream *rs, const AVIndexEntry *e)
{
    return (double)e->timestamp * rs->tb - rs->offset;
}

/* The file bytes of entry e, or false for an entry not to be trusted. */
static bool rp_entry_bytes(const struct rp_ctx *c, const AVIndexEntry *e,
                           int64_t *pos, int64_t *end)
{
    int64_t fsize = c->file_size;
    int64_t size = e->size;
    if (e->pos < 0 || size <= 0 || e->timestamp == AV_NOPTS_VALUE)
        return false;
    if (size > RP_MAX_ENTRY_BYTES || (fsize >= 0 && (e->pos >= fsize || size > fsize)))
        return false;
    /* Keeps pos + framing + size far from overflowing. */
    if (e->pos > INT64_MAX / 2)
        return false;
    *pos = e->pos;
    *end = e->pos + c->layout.head + size + (c->layout.pad_even ? (size & 1) : 0);
    if (fsize >= 0 && *end > fsize)
        *end = fsize;
    return true;
}

/* Whether st's index has per-packet sizes and reaches its end. */
static bool rp_stream_indexed(const struct rp_stream *rs)
{
    AVStream *st = rs->st;
    int n = rs->count;
    if (n <= 0)
        return false;
    /* Keyframe-only indexes (Matroska cues, libavformat's generic index)
     * carry no sizes. Sampling keeps the check O(1); a few missing sizes
     * elsewhere are skipped as hostile entries. */
    const AVIndexEntry *first = avformat_index_get_entry(st, 0);
    const AVIndexEntry *mid = avformat_index_get_entry(st, n / 2);
    const AVIndexEntry *last = avformat_index_get_entry(st, n - 1);
    if (!first || !mid || !last || first->size <= 0 || mid->size <= 0 || last->size <= 0)
        return false;
    /* Subtitles may stop long before the file does. */
    if (st->codecpar->codec_type == AVMEDIA_TYPE_SUBTITLE)
        return true;
    if (st->duration == AV_NOPTS_VALUE || st->duration <= 0)
        return false;
    double dur = (double)st->duration * rs->tb;
    double covered = (double)(last->timestamp - first->timestamp) * rs->tb;
    double slack = fmax(RP_COVER_SLACK_SECS, dur * RP_COVER_SLACK_FRACTION);
    return covered >= dur - slack;
}

static void rp_ctx_free(struct rp_ctx *c)
{
    free(c->s);
    c->s = NULL;
}

/* Gather the selected streams; for_reading: also those the demuxer
 * reads anyway (rp_layout.reads_all). 0, or -DEMUX_ERR_NO_INDEX when one
 * of them cannot be planned; c->ns == 0 when nothing is selected. */
static int rp_ctx_init(struct rp_ctx *c, demuxer_t *d, bool for_reading)
{
    memset(c, 0, sizeof(*c));
    c->visits_left = SIZE_MAX;
    c->file_size = d->stream ? stream_size(d->stream) : -1;
    c->s = calloc(d->num_streams > 0 ? d->num_streams : 1, sizeof(*c->s));
    if (!c->s)
        return -DEMUX_ERR_NOMEM;
    bool known = rp_layout_of(d, &c->layout);
    bool any = false;
    for (int i = 0; i < d->num_streams; i++)
        any |= d->streams[i]->selected && !d->streams[i]->attached_pic;
    if (!any)
        return 0;
    bool all = for_reading && c->layout.reads_all;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        /* Cover art is one packet libavformat holds in memory. */
        if ((!sh->selected && !all) || sh->attached_pic)
            continue;
        if (sh->ff_index < 0 || sh->ff_index >= (int)demux_avformat(d)->nb_streams)
            return -DEMUX_ERR_INVALID;
        struct rp_stream *rs = &c->s[c->ns++];
        rs->st = demux_avformat(d)->streams[sh->ff_index];
        rs->tb = av_q2d(rs->st->time_base);
        rs->offset = d->start_time;
        rs->count = avformat_index_get_entries_count(rs->st);
        rs->headers_only = !sh->selected;
        if (!known || !(rs->tb > 0) || !rp_stream_indexed(rs)) {
            if (sh->selected)
                return -DEMUX_ERR_NO_INDEX;
            c->ns--;  /* an unselected one we cannot plan: left to the reads */
        }
    }
    return 0;
}

static bool rp_mkv_has_index(demuxer_t *d);
static bool rp_is_matroska(const demuxer_t *d);

static bool rp_has_index(demuxer_t *d)
{
    if (rp_is_matroska(d))
        return rp_mkv_has_index(d);
    struct rp_ctx c;
    int r = rp_ctx_init(&c, d, true);
    bool ok = r == 0 && c.ns > 0;
    rp_ctx_free(&c);
    return ok;
}

/* First entry of rs with play time >= t: entries are kept sorted by
 * timestamp (av_add_index_entry inserts in order). */
static int rp_bisect(const struct rp_stream *rs, double t)
{
    int lo = 0, hi = rs->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const AVIndexEntry *e = avformat_index_get_entry(rs->st, mid);
        if (e && rp_entry_time(rs, e) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int rp_push(struct rp_items *it, struct rp_item item)
{
    if (it->n == it->alloc) {
        size_t na = it->alloc ? it->alloc * 2 : 256;
        struct rp_item *nv = realloc(it->v, na * sizeof(*nv));
        if (!nv)
            return -DEMUX_ERR_NOMEM;
        it->v = nv;
        it->alloc = na;
    }
    it->v[it->n++] = item;
    return 0;
}

/* The next trustworthy entry of rs before `to` (its cursor moves past
 * untrusted ones), or NULL; NULL with c->cut set when the entries to look
 * at ran out first. */
static const AVIndexEntry *rp_head(struct rp_ctx *c, struct rp_stream *rs, double to,
                                   struct rp_item *item)
{
    for (; rs->cursor < rs->count; rs->cursor++) {
        if (c->visits_left == 0) {
            c->cut = true;
            return NULL;
        }
        c->visits_left--;
        const AVIndexEntry *e = avformat_index_get_entry(rs->st, rs->cursor);
        if (!e)
            break;
        double t = rp_entry_time(rs, e);
        if (!(t < to))
            return NULL;
        if (rp_entry_bytes(c, e, &item->pos, &item->end)) {
            if (rs->headers_only && item->end > item->pos + c->layout.head)
                item->end = item->pos + c->layout.head;
            item->time = t;
            return e;
        }
        mp_msg(MSGT_DEMUX, MSGL_DBG2, "readplan: skipping index entry %d of stream %d\n",
               rs->cursor, rs->st->index);
    }
    return NULL;
}

/*
 * Selected packets with time in [from, to), in time order (k-way merge of
 * the per-stream lists), so that a bound cuts the plan at a time: every
 * packet before *stop is taken. max_bytes 0 = unbounded.
 *
 * A stream's cursor only walks (and spends visits) right after its head
 * was taken, so when the visits run out every entry not yet looked at is
 * no earlier than the last packet taken: *stop is that packet's time.
 */
static int rp_collect(struct rp_ctx *c, double from, double to, int64_t max_bytes,
                      size_t max_packets, struct rp_items *it, double *stop)
{
    for (int i = 0; i < c->ns; i++)
        c->s[i].cursor = rp_bisect(&c->s[i], from);
    *stop = to;
    for (;;) {
        struct rp_item best = {0};
        const AVIndexEntry *best_e = NULL;
        struct rp_stream *best_s = NULL;
        for (int i = 0; i < c->ns; i++) {
            struct rp_item item;
            const AVIndexEntry *e = rp_head(c, &c->s[i], to, &item);
            if (e && (!best_e || item.time < best.time)) {
                best = item;
                best_e = e;
                best_s = &c->s[i];
            }
        }
        if (c->cut) {
            *stop = it->n > 0 ? it->v[it->n - 1].time : from;
            return 0;
        }
        if (!best_e)
            return 0;
        if (it->n >= max_packets ||
            (max_bytes > 0 && it->n > 0 && it->bytes + best_e->size > max_bytes)) {
            *stop = best.time;
            return 0;
        }
        int r = rp_push(it, best);
        if (r < 0)
            return r;
        it->bytes += best_e->size;
        best_s->cursor++;
    }
}

/*
 * Finish the runs the window cut: each stream's packets after `to` that
 * continue its last planned packet in the file (within max_gap), up to
 * `limit`. A container that lays tracks out in blocks of seconds (AVI,
 * duration-interleaved MP4) would otherwise have every block at the end
 * of a window split between two plans, and the device seek back for the
 * rest of each track's piece when the next plan comes.
 */
static int rp_extend_runs(struct rp_ctx *c, struct rp_items *it, int64_t max_gap, double limit,
                          size_t max_packets)
{
    for (int i = 0; i < c->ns; i++) {
        struct rp_stream *rs = &c->s[i];
        if (rs->cursor == 0)
            continue;
        const AVIndexEntry *prev = avformat_index_get_entry(rs->st, rs->cursor - 1);
        int64_t ppos, pend;
        if (!prev || !rp_entry_bytes(c, prev, &ppos, &pend))
            continue;
        struct rp_item item;
        while (it->n < max_packets && rp_head(c, rs, limit, &item)) {
            if (item.pos < pend || item.pos - pend > max_gap)
                break;
            const AVIndexEntry *e = avformat_index_get_entry(rs->st, rs->cursor);
            int r = rp_push(it, item);
            if (r < 0)
                return r;
            it->bytes += e->size;
            pend = item.end;
            rs->cursor++;
        }
    }
    return 0;
}

static int rp_cmp_pos(const void *a, const void *b)
{
    const struct rp_item *x = a, *y = b;
    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    return (x->end > y->end) - (x->end < y->end);
}

static int rp_cmp_time(const void *a, const void *b)
{
    const struct rp_item *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Merge the items in place into disjoint ranges in file order: items that
 * overlap or are at most max_gap bytes apart become one range, of at most
 * max_len bytes unless its items overlap (0: no bound). */
static void rp_merge(struct rp_items *it, int64_t max_gap, int64_t max_len)
{
    if (it->n == 0)
        return;
    qsort(it->v, it->n, sizeof(*it->v), rp_cmp_pos);
    size_t out = 0;
    for (size_t i = 1; i < it->n; i++) {
        struct rp_item *cur = &it->v[out];
        const struct rp_item *next = &it->v[i];
        if (next->pos - cur->end <= max_gap &&
            (max_len == 0 || next->pos < cur->end || next->end - cur->pos <= max_len)) {
            if (next->end > cur->end)
                cur->end = next->end;
            if (next->time < cur->time)
                cur->time = next->time;
        } else {
            it->v[++out] = *next;
        }
    }
    it->n = out + 1;
}

/* ---- Matroska: plans from the cluster map (mkvmap.h) ---- */

/* A plan call grows the map by at most this many elements and reads: it
 * grows with playback, a little per renewal, so a plan never holds the
 * player up long on a device that charges for every jump (16 reads at
 * 20 ms a jump: 0.3 s, about eight clusters). The element bound is for
 * hostile files of tiny clusters, hundreds to one read. */
#define RP_MKV_STEPS_PER_CALL 16384
#define RP_MKV_READS_PER_CALL 16

/* One cluster of a Matroska plan: its bytes, the time the demuxer needs
 * it from and the time the next planned cluster is needed from (pieces of
 * a long cluster are dated between the two). */
struct rp_mkv_item {
    int64_t pos, end;
    double t0, t1;
};

struct rp_mkv {
    struct mkvmap *m;
    int nt;
    int *tracks;    /* Matroska track numbers of the selected streams */
    bool *reached;  /* per track: a cluster at or after the window's end */
    struct rp_mkv_item *v;
    size_t n;
};

static bool rp_is_matroska(const demuxer_t *d)
{
    return d->format_name && !strncmp(d->format_name, "matroska", 8);
}

static void rp_mkv_free(struct rp_mkv *k)
{
    free(k->tracks);
    free(k->reached);
    free(k->v);
}

/* The selected tracks and the map (made at the first call, kept in d).
 * 0 with k->nt == 0 when nothing is selected. */
static int rp_mkv_init(struct rp_mkv *k, demuxer_t *d)
{
    memset(k, 0, sizeof(*k));
    size_t ns = d->num_streams > 0 ? (size_t)d->num_streams : 1;
    k->tracks = calloc(ns, sizeof(*k->tracks));
    k->reached = calloc(ns, sizeof(*k->reached));
    if (!k->tracks || !k->reached)
        return -DEMUX_ERR_NOMEM;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        if (!sh->selected || sh->attached_pic)
            continue;
        if (sh->ff_index < 0 || sh->ff_index >= (int)demux_avformat(d)->nb_streams)
            return -DEMUX_ERR_INVALID;
        k->tracks[k->nt++] = sh->ff_index;
    }
    if (k->nt == 0)
        return 0;
    /* Checked first: the demuxer may have made the map for its own use
     * (one read position per track) while plans stay off. */
    if (d->mkvmap_error)
        return d->mkvmap_error;
    if (!d->mkvmap) {
        int r = mkvmap_open(&d->mkvmap, d->stream, demux_avformat(d));
        if (r < 0) {
            if (r == -DEMUX_ERR_NOMEM)
                return r;  /* may work next time */
            d->mkvmap_error = -DEMUX_ERR_NO_INDEX;
            return d->mkvmap_error;
        }
    }
    k->m = d->mkvmap;
    /* Stream indexes to track numbers. */
    for (int j = 0; j < k->nt; j++) {
        int num = mkvmap_track_of(k->m, k->tracks[j]);
        if (num < 1 || num > MKVMAP_MAX_TRACK)
            return -DEMUX_ERR_NO_INDEX;
        k->tracks[j] = num;
    }
    return 0;
}

/* Note for each selected track whether cluster c may hold its blocks at
 * or after `to`. */
static void rp_mkv_note_reach(struct rp_mkv *k, const struct mkvmap_cluster *c, double to)
{
    if (!(c->time >= to))
        return;
    for (int j = 0; j < k->nt; j++) {
        if (!k->reached[j] && mkvmap_may_carry(k->m, c, k->tracks[j]))
            k->reached[j] = true;
    }
}

/* Grow the map until every selected track has a cluster at or after `to`
 * (all its blocks before `to` then lie in known clusters), the map ends,
 * or, when bounded, this call's steps or reads are spent. */
static int rp_mkv_walk(struct rp_mkv *k, double to, bool bounded)
{
    size_t n = mkvmap_count(k->m);
    for (size_t i = 0; i < n; i++)
        rp_mkv_note_reach(k, mkvmap_cluster(k->m, i), to);
    struct mkvmap_stats st0, st;
    mkvmap_get_stats(k->m, &st0);
    for (int steps = 0;; steps++) {
        bool all = true;
        for (int j = 0; j < k->nt; j++)
            all = all && k->reached[j];
        if (all || mkvmap_done(k->m))
            return 0;
        mkvmap_get_stats(k->m, &st);
        if (bounded && (steps >= RP_MKV_STEPS_PER_CALL ||
                        st.reads - st0.reads >= RP_MKV_READS_PER_CALL))
            return 0;
        int r = mkvmap_step(k->m);
        if (r <= 0)
            return r;
        size_t now = mkvmap_count(k->m);
        for (size_t i = n; i < now; i++)
            rp_mkv_note_reach(k, mkvmap_cluster(k->m, i), to);
        n = now;
    }
}

/* Whether cluster p (time tp, the track's next cluster from tnext on)
 * holds blocks of [from, to) of its track. */
static bool rp_mkv_overlaps(double tp, double tnext, double from, double to)
{
    double tend = tnext > tp ? tnext : tp;
    return tp < to && (tend > from || tp >= from);
}

static bool rp_mkv_any(const struct rp_mkv *k, const struct mkvmap_cluster *c)
{
    for (int j = 0; j < k->nt; j++) {
        if (mkvmap_may_carry(k->m, c, k->tracks[j]))
            return true;
    }
    return false;
}

static int rp_mkv_cmp_span(const void *a, const void *b)
{
    const size_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/*
 * The clusters the demuxer reads for the selected tracks' blocks of
 * [from, to): for each track, its clusters in the window and every
 * cluster between its first and last one (libavformat's reader parses
 * every cluster it passes), in file order, into k->v. *stop: the time
 * before which every selected block is in them (to, unless the map does
 * not reach that far yet).
 */
static int rp_mkv_collect(struct rp_mkv *k, double from, double to, double *stop)
{
    struct mkvmap *m = k->m;
    size_t n = mkvmap_count(m);
    bool done = mkvmap_complete(m);
    *stop = to;
    size_t (*spans)[2] = calloc((size_t)k->nt, sizeof(*spans));
    if (!spans)
        return -DEMUX_ERR_NOMEM;
    int nspans = 0;
    for (int j = 0; j < k->nt; j++) {
        size_t lo = SIZE_MAX, hi = 0;
        double cover = -INFINITY;
        size_t prev = SIZE_MAX;
        for (size_t i = 0; i <= n; i++) {
            const struct mkvmap_cluster *c = i < n ? mkvmap_cluster(m, i) : NULL;
            if (c && !mkvmap_may_carry(m, c, k->tracks[j]))
                continue;
            if (prev != SIZE_MAX) {
                /* The track's last known cluster may run on to any time. */
                double tnext = c ? c->time : INFINITY;
                if (rp_mkv_overlaps(mkvmap_cluster(m, prev)->time, tnext, from, to)) {
                    lo = prev < lo ? prev : lo;
                    hi = prev > hi ? prev : hi;
                }
            }
            if (c && c->time > cover)
                cover = c->time;
            prev = i;
        }
        /* A track no known cluster showed may hide in the parts of
         * clusters not walked (Matroska allows blocks up to 32767 ticks
         * before their cluster's time): nothing is promised for it. */
        if (!mkvmap_track_seen(m, k->tracks[j]))
            *stop = from;
        else if (!done && cover < *stop)
            *stop = cover > from ? cover : from;
        if (lo != SIZE_MAX) {
            spans[nspans][0] = lo;
            spans[nspans][1] = hi;
            nspans++;
        }
    }
    qsort(spans, (size_t)nspans, sizeof(*spans), rp_mkv_cmp_span);
    /* The union of the spans: each cluster at most once. */
    size_t total = 0;
    for (int s = 0; s < nspans && total < n; s++)
        total += spans[s][1] - spans[s][0] + 1;
    total = total < n ? total : n;
    k->v = calloc(total > 0 ? total : 1, sizeof(*k->v));
    if (!k->v) {
        free(spans);
        return -DEMUX_ERR_NOMEM;
    }
    size_t next = 0; /* clusters before this one are taken */
    double date = from;
    for (int s = 0; s < nspans; s++) {
        size_t i = spans[s][0] > next ? spans[s][0] : next;
        for (; i <= spans[s][1]; i++) {
            const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
            /* A cluster without a selected track is needed when the
             * demuxer passes it: right after the one before. */
            if (rp_mkv_any(k, c) || k->n == 0)
                date = c->time > from ? c->time : from;
            if (k->n > 0 && k->v[k->n - 1].t1 < date && k->v[k->n - 1].end == c->pos)
                k->v[k->n - 1].t1 = date;
            k->v[k->n++] = (struct rp_mkv_item){ c->pos, c->end, date, date };
        }
        next = i;
    }
    free(spans);
    return 0;
}

static int rp_mkv_cmp_time(const void *a, const void *b)
{
    const struct rp_mkv_item *x = a, *y = b;
    if (x->t0 != y->t0)
        return x->t0 < y->t0 ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* The plan's items from the map: clusters in time order, cut by
 * max_bytes (0: none), split into pieces of at most DEMUX_PLAN_MAX_RANGE
 * dated between a cluster's time and the next one's. */
static int rp_mkv_plan_items(demuxer_t *d, double from, double to, int64_t max_bytes,
                             struct rp_items *it, double *stop)
{
    struct rp_mkv k;
    int r = rp_mkv_init(&k, d);
    if (r < 0 || k.nt == 0)
        goto done;
    if ((r = rp_mkv_walk(&k, to, true)) < 0 || (r = rp_mkv_collect(&k, from, to, stop)) < 0)
        goto done;
    qsort(k.v, k.n, sizeof(*k.v), rp_mkv_cmp_time);
    int64_t bytes = 0;
    for (size_t i = 0; i < k.n; i++) {
        struct rp_mkv_item *c = &k.v[i];
        int64_t len = c->end - c->pos;
        if (i > 0 && max_bytes > 0 && bytes + len > max_bytes) {
            *stop = c->t0 < *stop ? c->t0 : *stop;
            break;
        }
        int64_t pieces = (len + DEMUX_PLAN_MAX_RANGE - 1) / DEMUX_PLAN_MAX_RANGE;
        if (it->n + (size_t)pieces > RP_MAX_PLAN_PACKETS) {
            *stop = c->t0 < *stop ? c->t0 : *stop;
            if (i > 0)
                break;
            /* A first cluster of more than 16 GB: its start, and no
             * promise past its time. */
            pieces = RP_MAX_PLAN_PACKETS;
            len = pieces * DEMUX_PLAN_MAX_RANGE;
            c->end = c->pos + len;
        }
        for (int64_t p = 0; p < pieces; p++) {
            int64_t pos = c->pos + p * DEMUX_PLAN_MAX_RANGE;
            int64_t end = pos + DEMUX_PLAN_MAX_RANGE < c->end ? pos + DEMUX_PLAN_MAX_RANGE
                                                              : c->end;
            double t = c->t0 + (c->t1 - c->t0) * (double)p / (double)pieces;
            if (!isfinite(t) || t < c->t0)
                t = c->t0;
            if ((r = rp_push(it, (struct rp_item){ pos, end, t })) < 0)
                goto done;
        }
        bytes += len;
        it->bytes += len;
    }
    if (*stop < from)
        *stop = from;
    r = 0;
done:
    rp_mkv_free(&k);
    return r;
}

/* Measurements: the clusters of [from, to), whole, the map grown as far
 * as needed. */
static int rp_mkv_measure_items(demuxer_t *d, double from, double to, struct rp_items *it)
{
    struct rp_mkv k;
    double stop;
    int r = rp_mkv_init(&k, d);
    if (r < 0 || k.nt == 0)
        goto done;
    if ((r = rp_mkv_walk(&k, to, false)) < 0 || (r = rp_mkv_collect(&k, from, to, &stop)) < 0)
        goto done;
    for (size_t i = 0; i < k.n && r == 0; i++) {
        r = rp_push(it, (struct rp_item){ k.v[i].pos, k.v[i].end, k.v[i].t0 });
        it->bytes += k.v[i].end - k.v[i].pos;
    }
done:
    rp_mkv_free(&k);
    return r;
}

static bool rp_mkv_has_index(demuxer_t *d)
{
    struct rp_mkv k;
    int r = rp_mkv_init(&k, d);
    bool ok = r == 0 && k.nt > 0;
    rp_mkv_free(&k);
    return ok;
}

static int rp_plan(demuxer_t *d, const struct demux_plan_params *pp,
                   struct demux_read_range *out, int max_out, double *until)
{
    if (!d || !pp || max_out < 0 || (max_out > 0 && !out) || !isfinite(pp->from) ||
        !(pp->secs_ahead > 0) || pp->max_bytes < 0 || !(pp->finish_secs >= 0))
        return -DEMUX_ERR_INVALID;
    double to = pp->from + pp->secs_ahead;
    if (until)
        *until = pp->from;
    struct rp_ctx c = {0};
    struct rp_items it = {0};
    double stop = to;
    int r;
    if (rp_is_matroska(d)) {
        /* Clusters are the unit: there are no runs of packets to finish. */
        r = rp_mkv_plan_items(d, pp->from, to, pp->max_bytes, &it, &stop);
        if (r < 0)
            goto done;
        goto merge;
    }
    r = rp_ctx_init(&c, d, true);
    if (r < 0 || c.ns == 0)
        goto done;
    c.visits_left = RP_MAX_PLAN_VISITS;
    r = rp_collect(&c, pp->from, to, pp->max_bytes, RP_MAX_PLAN_PACKETS, &it, &stop);
    if (r < 0)
        goto done;
    if (stop >= to && pp->finish_secs > 0 && pp->max_bytes == 0) {
        r = rp_extend_runs(&c, &it, pp->max_gap > 0 ? pp->max_gap : 0, to + pp->finish_secs,
                           RP_MAX_PLAN_PACKETS);
        if (r < 0)
            goto done;
    }
merge:;
    int64_t bytes = it.bytes;
    size_t packets = it.n;
    /* A range is needed from its earliest packet's time and the stream
     * layer gives advice in that order: a long one would hide seconds of
     * one track (needed later) in front of another track's next packets. */
    rp_merge(&it, pp->max_gap > 0 ? pp->max_gap : 0, DEMUX_PLAN_MAX_RANGE);
    if (it.n > 0)
        qsort(it.v, it.n, sizeof(*it.v), rp_cmp_time);
    size_t n = it.n < (size_t)max_out ? it.n : (size_t)max_out;
    for (size_t i = 0; i < n; i++) {
        out[i] = (struct demux_read_range){
            .pos = it.v[i].pos,
            .len = it.v[i].end - it.v[i].pos,
            .time = it.v[i].time,
        };
    }
    /* Every packet earlier than the first range left out is in a range
     * kept: each range's time is its earliest packet's. */
    if (n < it.n && it.v[n].time < stop)
        stop = it.v[n].time;
    if (until)
        *until = stop;
    mp_msg(MSGT_DEMUX, MSGL_DBG2,
           "readplan: [%.3f, %.3f) %zu packets, %lld bytes, %zu ranges (%zu returned), "
           "complete until %.3f\n", pp->from, to, packets, (long long)bytes, it.n, n, stop);
    r = (int)n;
done:
    free(it.v);
    rp_ctx_free(&c);
    return r;
}

int demux_plan_next(demuxer_t *d, double from_time, double secs_ahead, int64_t max_gap,
                    struct demux_read_range *out, int max_out)
{
    struct demux_plan_params pp = {
        .from = from_time,
        .secs_ahead = secs_ahead,
        .max_gap = max_gap,
        .max_bytes = 0,
    };
    return demux_plan(d, &pp, out, max_out, NULL);
}

static int rp_measure(demuxer_t *d, double from, double to, int64_t max_gap,
                      struct demux_plan_cost *out)
{
    if (!d || !out || isnan(from) || isnan(to) || !(to > from))
        return -DEMUX_ERR_INVALID;
    memset(out, 0, sizeof(*out));
    struct rp_ctx c = {0};
    struct rp_items it = {0};
    int r;
    if (rp_is_matroska(d)) {
        r = rp_mkv_measure_items(d, from, to, &it);
    } else {
        r = rp_ctx_init(&c, d, false);
        if (r < 0 || c.ns == 0)
            goto done;
        double stop;
        r = rp_collect(&c, from, to, 0, SIZE_MAX, &it, &stop);
    }
    if (r < 0)
        goto done;
    out->bytes = it.bytes;
    out->packets = (int64_t)it.n;
    rp_merge(&it, max_gap > 0 ? max_gap : 0, 0);
    out->runs = (int64_t)it.n;
    for (size_t i = 0; i < it.n; i++)
        out->span += it.v[i].end - it.v[i].pos;
done:
    free(it.v);
    rp_ctx_free(&c);
    return r;
}

int64_t demux_plan_bytes_needed(demuxer_t *d, double from, double to)
{
    struct demux_plan_cost cost;
    int r = demux_plan_measure(d, from, to, 0, &cost);
    return r < 0 ? r : cost.bytes;
}

bool demux_has_index(demuxer_t *d)
{
    demux_park(d);
    bool r = rp_has_index(d);
    demux_unpark(d);
    return r;
}

int demux_plan(demuxer_t *d, const struct demux_plan_params *pp,
               struct demux_read_range *out, int max_out, double *until)
{
    demux_park(d);
    int r = rp_plan(d, pp, out, max_out, until);
    demux_unpark(d);
    return r;
}

int demux_plan_measure(demuxer_t *d, double from, double to, int64_t max_gap,
                       struct demux_plan_cost *out)
{
    demux_park(d);
    int r = rp_measure(d, from, to, max_gap, out);
    demux_unpark(d);
    return r;
}
