/*
 * readahead.c: the bookkeeping of read plans for plain files: which of
 * the planned bytes are still to be advised, in plan order, how many are
 * advised and not yet read (the budget), and which bytes need no advice
 * because they were advised or read already. The readahead thread of
 * stream_ra.c executes it, under that engine's lock.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A plan is a list of ranges ordered by when they are needed, widened to
 * whole pages (the kernel advises whole pages anyway, and neighbouring
 * ranges must not both advise a shared page). Every byte advised or read
 * is kept in one sorted set of disjoint intervals, so that no byte is
 * advised twice. A new plan replaces the list, and the set keeps only what
 * lies inside the new ranges: that is what makes a renewed plan add only
 * its new bytes, and what keeps the set as small as the plan.
 */
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "stream/stream_priv.h"

struct plan_range {
    int64_t start, end;   /* page-widened, clamped to the file */
    int64_t next;         /* below this, everything was advised (or skipped) */
    int64_t done;         /* the reader has read up to here (start: nothing) */
};

struct plan_ivl {
    int64_t start, end;
};

struct stream_plan {
    int64_t page;
    int64_t size;         /* -1 = unknown */
    int64_t budget;       /* 0 = no bound */
    struct plan_range *r;
    int n;
    struct plan_ivl *set; /* sorted, disjoint, not touching */
    int nset, capset;
};

static int64_t plan_page_down(const struct stream_plan *pl, int64_t x)
{
    return x / pl->page * pl->page;
}

static int64_t plan_page_up(const struct stream_plan *pl, int64_t x)
{
    return (x + pl->page - 1) / pl->page * pl->page;
}

struct stream_plan *stream_plan_create(int64_t page, int64_t size, int64_t budget)
{
    struct stream_plan *pl = calloc(1, sizeof(*pl));
    if (!pl)
        return NULL;
    pl->page = page > 0 ? page : 4096;
    pl->size = size;
    pl->budget = budget > 0 ? budget : 0;
    return pl;
}

void stream_plan_free(struct stream_plan *pl)
{
    if (!pl)
        return;
    free(pl->r);
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

/* Keep of the set only what lies inside the plan's ranges. */
static void set_clip_to_plan(struct stream_plan *pl)
{
    struct plan_ivl *keep = NULL;
    int nkeep = 0;
    if (pl->nset > 0 && pl->n > 0) {
        /* Each kept piece is the intersection of one interval with one
         * range: at most nset + n pieces before merging. */
        keep = malloc(sizeof(*keep) * (size_t)(pl->nset + pl->n) * 2);
    }
    if (keep) {
        for (int k = 0; k < pl->n; k++) {
            const struct plan_range *r = &pl->r[k];
            for (int i = set_find(pl, r->start); i < pl->nset && pl->set[i].start < r->end;
                 i++) {
                int64_t s = pl->set[i].start > r->start ? pl->set[i].start : r->start;
                int64_t e = pl->set[i].end < r->end ? pl->set[i].end : r->end;
                if (s < e && nkeep < (pl->nset + pl->n) * 2)
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

int stream_plan_set(struct stream_plan *pl, const struct stream_range *r, int n)
{
    struct plan_range *nr = NULL;
    if (n > 0) {
        nr = malloc(sizeof(*nr) * (size_t)n);
        if (!nr) {
            free(pl->r);
            pl->r = NULL;
            pl->n = 0;
            set_clip_to_plan(pl);
            return -STREAM_ERR_NOMEM;
        }
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
        nr[m++] = (struct plan_range){start, end, start, start};
    }
    free(pl->r);
    pl->r = nr;
    pl->n = m;
    set_clip_to_plan(pl);
    return 0;
}

/* Planned bytes advised (or skipped as known) and not yet read. */
int64_t stream_plan_in_flight(const struct stream_plan *pl)
{
    int64_t sum = 0;
    for (int k = 0; k < pl->n; k++) {
        const struct plan_range *r = &pl->r[k];
        int64_t from = r->done > r->start ? r->done : r->start;
        if (r->next > from)
            sum += r->next - from;
    }
    return sum;
}

bool stream_plan_next(struct stream_plan *pl, int64_t step, bool commit, int64_t *off,
                      int64_t *len)
{
    if (step < pl->page)
        step = pl->page;
    int64_t in_flight = -1;
    for (int k = 0; k < pl->n; k++) {
        struct plan_range *r = &pl->r[k];
        int64_t pos = r->next;
        int i = set_find(pl, pos);
        /* Skip what is known already; the set is sorted, so one pass. */
        while (i < pl->nset && pl->set[i].start <= pos && pos < r->end) {
            pos = pl->set[i].end;
            i++;
        }
        if (pos >= r->end) {
            if (commit)
                r->next = r->end;
            continue;
        }
        int64_t end = pos + step < r->end ? pos + step : r->end;
        if (i < pl->nset && pl->set[i].start < end)
            end = pl->set[i].start;
        if (pl->budget > 0) {
            if (in_flight < 0)
                in_flight = stream_plan_in_flight(pl);
            /* Always let one piece go, so a budget below one step still
             * advises something. The earliest needed range waits for its
             * turn: later ones do not overtake it. */
            if (in_flight > 0 && in_flight + (end - pos) > pl->budget)
                return false;
        }
        if (commit) {
            if (!set_add(pl, pos, end))
                return false;
            r->next = end;
        }
        *off = pos;
        *len = end - pos;
        return true;
    }
    return false;
}

bool stream_plan_claim(struct stream_plan *pl, int64_t pos, int64_t step, int64_t *off,
                       int64_t *len)
{
    if (step < pl->page)
        step = pl->page;
    for (int k = 0; k < pl->n; k++) {
        const struct plan_range *r = &pl->r[k];
        if (pos < r->start || pos >= r->end)
            continue;
        int64_t start = plan_page_down(pl, pos);
        int64_t end = start + step < r->end ? start + step : r->end;
        /* Given now by the reader: the thread must not give it again. */
        if (!set_add(pl, start, end))
            return false;
        *off = start;
        *len = end - start;
        return true;
    }
    return false;
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
