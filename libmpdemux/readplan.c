/*
 * readplan: the byte ranges the selected streams' next packets occupy,
 * computed from libavformat's per-packet index, for the stream layer's
 * readahead (see DOCS/tech/readplan.md).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"

/* A plan stops after this many packets: far more than any sane window
 * needs (10 s of 60 fps video and 8 audio tracks are under 5000), and it
 * bounds the work a hostile index with millions of tiny entries causes. */
#define RP_MAX_PLAN_PACKETS (1 << 16)
/* And after this many index entries looked at: a hostile index can hold
 * millions of entries a plan skips (outside the file, no size) in one
 * second of play, and a plan is renewed many times a second. */
#define RP_MAX_PLAN_VISITS (4 * RP_MAX_PLAN_PACKETS)
/* Larger index sizes are taken as lies when the file size is unknown. */
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
        if (sh->ff_index < 0 || sh->ff_index >= (int)d->avfc->nb_streams)
            return -DEMUX_ERR_INVALID;
        struct rp_stream *rs = &c->s[c->ns++];
        rs->st = d->avfc->streams[sh->ff_index];
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

static bool rp_has_index(demuxer_t *d)
{
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

static int rp_plan(demuxer_t *d, const struct demux_plan_params *pp,
                   struct demux_read_range *out, int max_out, double *until)
{
    if (!d || !pp || max_out < 0 || (max_out > 0 && !out) || !isfinite(pp->from) ||
        !(pp->secs_ahead > 0) || pp->max_bytes < 0 || !(pp->finish_secs >= 0))
        return -DEMUX_ERR_INVALID;
    double to = pp->from + pp->secs_ahead;
    if (until)
        *until = pp->from;
    struct rp_ctx c;
    struct rp_items it = {0};
    int r = rp_ctx_init(&c, d, true);
    if (r < 0 || c.ns == 0)
        goto done;
    c.visits_left = RP_MAX_PLAN_VISITS;
    double stop = to;
    r = rp_collect(&c, pp->from, to, pp->max_bytes, RP_MAX_PLAN_PACKETS, &it, &stop);
    if (r < 0)
        goto done;
    if (stop >= to && pp->finish_secs > 0 && pp->max_bytes == 0) {
        r = rp_extend_runs(&c, &it, pp->max_gap > 0 ? pp->max_gap : 0, to + pp->finish_secs,
                           RP_MAX_PLAN_PACKETS);
        if (r < 0)
            goto done;
    }
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
    struct rp_ctx c;
    struct rp_items it = {0};
    int r = rp_ctx_init(&c, d, false);
    if (r < 0 || c.ns == 0)
        goto done;
    double stop;
    r = rp_collect(&c, from, to, 0, SIZE_MAX, &it, &stop);
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
