/*
 * readahead.c: the bookkeeping of read plans for plain files: which of
 * the planned bytes are still to be advised and in which order, how many
 * are advised and not yet read (the budget), and which bytes need no
 * advice because they were advised or read already. The readahead thread
 * of stream_ra.c executes it, under that engine's lock.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A plan is a list of ranges ordered by when they are needed, widened to
 * whole pages (the kernel advises whole pages anyway, and neighbouring
 * ranges must not both advise a shared page). The ranges, in file order,
 * form regions: stretches the device reads in one go (stream_plan_next
 * says in which order). Every byte advised or read is kept in one sorted
 * set of disjoint intervals, so that no byte is advised twice. A new plan
 * replaces the list, and the set keeps only what lies inside the new
 * regions: that is what makes a renewed plan add only its new bytes, and
 * what keeps the set as small as the plan.
 */
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "stream/stream_priv.h"

struct plan_range {
    int64_t start, end;   /* page-widened, clamped to the file */
    int64_t done;         /* the reader has read up to here (start: nothing) */
    int reg;              /* the region holding it */
};

/* Planned ranges in file order, joined where the gap between them is
 * shorter than `through`: one stretch the device reads in one go. */
struct plan_region {
    int64_t start, end;
    int64_t next;         /* below this, everything was advised (or skipped) */
    int64_t batch;        /* bytes of its next batch; 0: the plan's level */
};

struct plan_ivl {
    int64_t start, end;
};

struct stream_plan {
    int64_t page;
    int64_t size;         /* -1 = unknown */
    int64_t budget;       /* 0 = no bound */
    int64_t through;      /* gaps up to this are advised with their ranges */
    bool timed;           /* a waiting reader ends the batch under way */
    struct plan_range *r; /* in the order needed */
    int n;
    struct plan_region *g; /* in file order */
    int ng;
    struct plan_ivl *set; /* sorted, disjoint, not touching */
    int nset, capset;
    int cur;              /* region of the batch under way; -1: none */
    int wanted;           /* region the reader waits in: the next batch's */
    int64_t batch_left;   /* bytes that batch may still give */
    int64_t batch_size;   /* batch of a new region: grows while playing on */
};

static int64_t plan_page_down(const struct stream_plan *pl, int64_t x)
{
    return x / pl->page * pl->page;
}

static int64_t plan_page_up(const struct stream_plan *pl, int64_t x)
{
    return (x + pl->page - 1) / pl->page * pl->page;
}

/* Where range r's bytes not yet read start. */
static int64_t plan_range_unread(const struct plan_range *r)
{
    return r->done > r->start ? r->done : r->start;
}

struct stream_plan *stream_plan_create(int64_t page, int64_t size, int64_t budget,
                                      int64_t through, bool timed)
{
    struct stream_plan *pl = calloc(1, sizeof(*pl));
    if (!pl)
        return NULL;
    pl->page = page > 0 ? page : 4096;
    pl->size = size;
    pl->budget = budget > 0 ? budget : 0;
    pl->through = through > 0 ? through : 0;
    pl->timed = timed;
    pl->cur = -1;
    pl->wanted = -1;
    return pl;
}

void stream_plan_free(struct stream_plan *pl)
{
    if (!pl)
        return;
    free(pl->r);
    free(pl->g);
    free(pl->set);
    free(pl);
}

bool stream_plan_active(const struct stream_plan *pl)
{
    return pl->n > 0;
}

/* Index of the first interval ending after x. */
static int set_find(const struct stream_plan *pl, int64_t x)
{
    int lo = 0, hi = pl->nset;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pl->set[mid].end <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Add [start, end) to the set, merging what it overlaps or touches.
 * Returns false when out of memory (then the set is unchanged). */
static bool set_add(struct stream_plan *pl, int64_t start, int64_t end)
{
    if (start >= end)
        return true;
    /* First interval that ends at or after start: it may touch. */
    int i = set_find(pl, start - 1);
    int j = i;
    while (j < pl->nset && pl->set[j].start <= end) {
        if (pl->set[j].start < start)
            start = pl->set[j].start;
        if (pl->set[j].end > end)
            end = pl->set[j].end;
        j++;
    }
    if (j == i) {
        if (pl->nset == pl->capset) {
            int cap = pl->capset ? pl->capset * 2 : 16;
            struct plan_ivl *ns = realloc(pl->set, sizeof(*ns) * cap);
            if (!ns)
                return false;
            pl->set = ns;
            pl->capset = cap;
        }
        memmove(&pl->set[i + 1], &pl->set[i], sizeof(*pl->set) * (pl->nset - i));
        pl->nset++;
    } else if (j > i + 1) {
        memmove(&pl->set[i + 1], &pl->set[j], sizeof(*pl->set) * (pl->nset - j));
        pl->nset -= j - i - 1;
    }
    pl->set[i] = (struct plan_ivl){start, end};
    return true;
}

/* Keep of the set only what lies inside the plan's regions (gaps read
 * through stay known: the next plan need not advise them again). */
static void set_clip_to_plan(struct stream_plan *pl)
{
    struct plan_ivl *keep = NULL;
    int nkeep = 0;
    if (pl->nset > 0 && pl->ng > 0) {
        /* Each kept piece is the intersection of one interval with one
         * region: at most nset + ng pieces. */
        keep = malloc(sizeof(*keep) * (size_t)(pl->nset + pl->ng) * 2);
    }
    if (keep) {
        for (int k = 0; k < pl->ng; k++) {
            const struct plan_region *g = &pl->g[k];
            for (int i = set_find(pl, g->start); i < pl->nset && pl->set[i].start < g->end;
                 i++) {
                int64_t s = pl->set[i].start > g->start ? pl->set[i].start : g->start;
                int64_t e = pl->set[i].end < g->end ? pl->set[i].end : g->end;
                if (s < e && nkeep < (pl->nset + pl->ng) * 2)
                    keep[nkeep++] = (struct plan_ivl){s, e};
            }
        }
    }
    pl->nset = 0;
    for (int i = 0; i < nkeep; i++) {
        if (!set_add(pl, keep[i].start, keep[i].end))
            break;  /* forgetting costs advice again, nothing worse */
    }
    free(keep);
}

static bool set_holds(const struct stream_plan *pl, int64_t x)
{
    int i = set_find(pl, x);
    return i < pl->nset && pl->set[i].start <= x;
}

static int range_cmp_start(const void *a, const void *b)
{
    const struct plan_range *x = *(const struct plan_range *const *)a;
    const struct plan_range *y = *(const struct plan_range *const *)b;
    return (x->start > y->start) - (x->start < y->start);
}

/*
 * Join the ranges into regions (file order) and tell each its region.
 * False when out of memory.
 *
 * A region is read front to back, so a range joins it only if reading the
 * region from its start reaches the range about when the reader needs it:
 * the region's bytes before the range may exceed the plan's bytes needed
 * before it (the ranges ahead of it in need order) by at most
 * PLAN_REGION_SLACK steps. Where the file order runs against the need
 * order (a track stored seconds behind the others) the region ends even
 * without a gap; one region holding both places made the thread read the
 * later place on while the reader fetched the earlier one itself.
 */
#define PLAN_REGION_SLACK 8

static bool plan_build_regions(struct stream_plan *pl)
{
    free(pl->g);
    pl->g = NULL;
    pl->ng = 0;
    if (pl->n == 0)
        return true;
    struct plan_range **ord = malloc(sizeof(*ord) * (size_t)pl->n);
    int64_t *before = malloc(sizeof(*before) * (size_t)pl->n);
    pl->g = malloc(sizeof(*pl->g) * (size_t)pl->n);
    if (!ord || !before || !pl->g) {
        free(ord);
        free(before);
        free(pl->g);
        pl->g = NULL;
        return false;
    }
    int64_t sum = 0;
    for (int i = 0; i < pl->n; i++) {
        ord[i] = &pl->r[i];
        before[i] = sum;
        sum += pl->r[i].end - pl->r[i].start;
    }
    int64_t slack = PLAN_REGION_SLACK * (pl->through > pl->page ? pl->through : pl->page);
    qsort(ord, (size_t)pl->n, sizeof(*ord), range_cmp_start);
    for (int i = 0; i < pl->n; i++) {
        struct plan_range *r = ord[i];
        struct plan_region *last = pl->ng ? &pl->g[pl->ng - 1] : NULL;
        if (last && r->start <= last->end + pl->through &&
            r->start - last->start <= before[r - pl->r] + slack) {
            if (r->end > last->end)
                last->end = r->end;
        } else {
            pl->g[pl->ng++] = (struct plan_region){r->start, r->end, r->start, 0};
        }
        r->reg = pl->ng - 1;
    }
    free(ord);
    free(before);
    return true;
}

int stream_plan_set(struct stream_plan *pl, const struct stream_range *r, int n)
{
    struct plan_range *nr = NULL;
    if (n > 0) {
        nr = malloc(sizeof(*nr) * (size_t)n);
        if (!nr)
            goto nomem;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (r[i].pos < 0 || r[i].len <= 0)
            continue;
        int64_t start = plan_page_down(pl, r[i].pos);
        int64_t end = r[i].pos > INT64_MAX - r[i].len - pl->page ? INT64_MAX / 2
                                                                  : r[i].pos + r[i].len;
        end = plan_page_up(pl, end);
        if (pl->size >= 0 && end > pl->size)
            end = pl->size;
        if (start >= end)
            continue;
        nr[m++] = (struct plan_range){start, end, start, 0};
    }
    /* A plan whose first bytes were neither advised nor read starts at a
     * new place (a seek): batches start small again, so that each place
     * the reader needs gets its first bytes soon. */
    if (m == 0 || !set_holds(pl, nr[0].start))
        pl->batch_size = 0;
    free(pl->r);
    pl->r = nr;
    pl->n = m;
    pl->cur = -1;
    pl->wanted = -1;
    pl->batch_left = 0;
    if (!plan_build_regions(pl))
        goto nomem;
    set_clip_to_plan(pl);
    return 0;
nomem:
    free(pl->r);
    pl->r = NULL;
    pl->n = 0;
    free(pl->g);
    pl->g = NULL;
    pl->ng = 0;
    set_clip_to_plan(pl);
    return -STREAM_ERR_NOMEM;
}

/* Planned bytes advised (or skipped as known) and not yet read. */
int64_t stream_plan_in_flight(const struct stream_plan *pl)
{
    int64_t sum = 0;
    for (int k = 0; k < pl->n; k++) {
        const struct plan_range *r = &pl->r[k];
        int64_t next = pl->g[r->reg].next;
        int64_t to = next < r->end ? next : r->end;
        int64_t from = plan_range_unread(r);
        if (to > from)
            sum += to - from;
    }
    return sum;
}

/* The first byte at or after pos (below end) that is not known, or end. */
static int64_t plan_skip_known(const struct stream_plan *pl, int64_t pos, int64_t end)
{
    int i = set_find(pl, pos);
    while (i < pl->nset && pl->set[i].start <= pos && pos < end) {
        pos = pl->set[i].end;
        i++;
    }
    return pos < end ? pos : end;
}

/* Whether region g still has bytes to advise, and where they start. */
static bool plan_region_pending(const struct stream_plan *pl, int g, int64_t *pos)
{
    const struct plan_region *reg = &pl->g[g];
    *pos = plan_skip_known(pl, reg->next, reg->end);
    return *pos < reg->end;
}

/*
 * The device serves one request at a time and charges for every jump, so
 * the plan is given region by region, in file order, in batches: a batch
 * stays in one region until it has given the region's batch size or the
 * region is done; the next batch goes to the region of the earliest needed
 * range not advised yet. Each region's batches double (up to
 * PLAN_BATCH_STEPS steps) as it gets its turns: after a seek every place
 * gets its first bytes soon, later there are few jumps; regions of a
 * renewed plan start where the last ones got to. When the reader plays in
 * real time (timed), a reader waiting in another region ends the batch at
 * its next piece: a batch grown to 64 steps (8 MB) kept the reader waiting
 * while the thread read what was needed seconds later (3.6 s of stall in
 * one wait at 1.2 MB/s). A reader that does not (-benchmark) waits for the
 * batch: the device stays busy, and cutting batches short cost the file
 * whose audio lies 16 MB behind its video 103 jumps instead of 15 and
 * 10.9 -> 12.3 s on the net model. Gaps up to `through` inside a region
 * are advised with it: reading them costs less than the jump over them.
 */
#define PLAN_BATCH_FIRST_STEPS 2
#define PLAN_BATCH_STEPS 64

static int64_t plan_region_batch(const struct stream_plan *pl, const struct plan_region *reg,
                                 int64_t step)
{
    if (reg->batch > 0)
        return reg->batch;
    return pl->batch_size > 0 ? pl->batch_size : PLAN_BATCH_FIRST_STEPS * step;
}

/* A batch starts in region g: the thread stays there for the region's
 * batch size, and the region's next batch is twice as long. */
static void plan_start_batch(struct stream_plan *pl, int g, int64_t step)
{
    struct plan_region *reg = &pl->g[g];
    int64_t batch = plan_region_batch(pl, reg, step);
    int64_t grown = batch * 2 < PLAN_BATCH_STEPS * step ? batch * 2 : PLAN_BATCH_STEPS * step;
    pl->cur = g;
    pl->batch_left = batch;
    reg->batch = grown;
    if (grown > pl->batch_size)
        pl->batch_size = grown;
}

bool stream_plan_next(struct stream_plan *pl, int64_t step, bool commit, int64_t *off,
                      int64_t *len)
{
    if (step < pl->page)
        step = pl->page;
    int g = -1;
    int64_t pos = 0;
    bool fresh = false;
    if (pl->cur >= 0 && pl->batch_left > 0 && plan_region_pending(pl, pl->cur, &pos) &&
        (!pl->timed || pl->wanted < 0 || pl->wanted == pl->cur)) {
        g = pl->cur;
    } else {
        if (pl->wanted >= 0 && plan_region_pending(pl, pl->wanted, &pos))
            g = pl->wanted;
        for (int k = 0; k < pl->n && g < 0; k++) {
            const struct plan_range *r = &pl->r[k];
            if (plan_region_pending(pl, r->reg, &pos) && pos < r->end)
                g = r->reg;
        }
        if (commit)
            pl->wanted = -1;
        fresh = true;
    }
    if (g < 0)
        return false;
    struct plan_region *reg = &pl->g[g];
    int64_t batch = plan_region_batch(pl, reg, step);
    int64_t left = fresh ? batch : pl->batch_left;
    int64_t end = pos + step < reg->end ? pos + step : reg->end;
    if (end - pos > left)
        end = plan_page_up(pl, pos + left);
    int i = set_find(pl, pos);
    if (i < pl->nset && pl->set[i].start < end)
        end = pl->set[i].start;
    if (pl->budget > 0) {
        int64_t in_flight = stream_plan_in_flight(pl);
        /* Always let one piece go, so a budget below one step still
         * advises something. The earliest needed region waits for its
         * turn: later ones do not overtake it. */
        if (in_flight > 0 && in_flight + (end - pos) > pl->budget)
            return false;
    }
    if (commit) {
        if (!set_add(pl, pos, end))
            return false;
        pl->g[g].next = end;
        if (fresh)
            plan_start_batch(pl, g, step);
        pl->batch_left = left - (end - pos);
    }
    *off = pos;
    *len = end - pos;
    return true;
}

/* The region holding pos, or -1. */
static int plan_region_of(const struct stream_plan *pl, int64_t pos)
{
    int lo = 0, hi = pl->ng;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pl->g[mid].end <= pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < pl->ng && pl->g[lo].start <= pos ? lo : -1;
}

bool stream_plan_known(const struct stream_plan *pl, int64_t pos)
{
    return set_holds(pl, plan_page_down(pl, pos));
}

int64_t stream_plan_first_unknown(const struct stream_plan *pl, int64_t pos, int64_t end)
{
    return plan_skip_known(pl, plan_page_down(pl, pos), end);
}

enum stream_plan_demand stream_plan_demand(struct stream_plan *pl, int64_t pos, int64_t step,
                                           int64_t max_wait, int64_t *off, int64_t *len)
{
    int g = plan_region_of(pl, pos);
    if (g < 0 || stream_plan_known(pl, pos))
        return STREAM_PLAN_NONE;
    /* The reader waits and the next batch comes here: the batch under way
     * elsewhere ends at its next piece when timed, else at its size
     * (stream_plan_next). A request of the reader's own would cost the
     * same jumps and leave that batch going on after it. */
    /* With the budget spent the thread gives nothing until the reader has
     * read on: a reader waiting for it would end up reading unadvised. */
    int64_t in_flight = pl->budget > 0 ? stream_plan_in_flight(pl) : 0;
    bool thread_can_give = in_flight == 0 || in_flight + step <= pl->budget;
    int64_t at;
    if (thread_can_give && pl->cur >= 0 && pl->cur != g && pl->batch_left > 0 &&
        pl->batch_left <= max_wait && plan_region_pending(pl, pl->cur, &at)) {
        struct plan_region *reg = &pl->g[g];
        int64_t page = plan_page_down(pl, pos);
        if (reg->next < page)
            reg->next = page;  /* what the reader skipped is not needed */
        pl->wanted = g;
        return STREAM_PLAN_WAIT;
    }
    return stream_plan_claim(pl, pos, step, true, off, len) ? STREAM_PLAN_CLAIMED
                                                           : STREAM_PLAN_NONE;
}

bool stream_plan_claim(struct stream_plan *pl, int64_t pos, int64_t step, bool unadvised_only,
                       int64_t *off, int64_t *len)
{
    if (step < pl->page)
        step = pl->page;
    int g = plan_region_of(pl, pos);
    int64_t start = plan_page_down(pl, pos);
    if (g < 0 || (unadvised_only && set_holds(pl, start)))
        return false;
    struct plan_region *reg = &pl->g[g];
    int64_t end = start + step < reg->end ? start + step : reg->end;
    int i = set_find(pl, start);
    if (i < pl->nset && pl->set[i].start < end)
        end = pl->set[i].start;
    /* Given now by the reader: the thread must not give it again. */
    if (!set_add(pl, start, end))
        return false;
    /* The reader is here: what it skipped in this region is not needed
     * any more, and the thread's next batch continues from here. */
    if (reg->next < end)
        reg->next = end;
    if (pl->cur != g || pl->batch_left <= 0)
        plan_start_batch(pl, g, step);
    *off = start;
    *len = end - start;
    return true;
}

int stream_plan_count(const struct stream_plan *pl)
{
    return pl->n;
}

bool stream_plan_unread(const struct stream_plan *pl, int k, int64_t *pos, int64_t *end)
{
    if (k < 0 || k >= pl->n)
        return false;
    const struct plan_range *r = &pl->r[k];
    *pos = plan_range_unread(r);
    *end = r->end;
    return *pos < *end;
}

int stream_plan_rank(const struct stream_plan *pl, int64_t a, int64_t b)
{
    for (int k = 0; k < pl->n; k++) {
        const struct plan_range *r = &pl->r[k];
        if (plan_range_unread(r) < b && r->end > a)
            return k;
    }
    return -1;
}

void stream_plan_note_read(struct stream_plan *pl, int64_t pos, int64_t len)
{
    if (len <= 0)
        return;
    int64_t end = pos + len;
    for (int k = 0; k < pl->n; k++) {
        struct plan_range *r = &pl->r[k];
        if (end <= r->start || pos >= r->end)
            continue;
        int64_t e = end < r->end ? end : r->end;
        if (e > r->done)
            r->done = e;
        int64_t s = plan_page_down(pl, pos > r->start ? pos : r->start);
        int64_t pe = plan_page_up(pl, e);
        if (pe > r->end)
            pe = r->end;
        /* Read now, so in the page cache: no advice for these. */
        set_add(pl, s, pe);
    }
}
