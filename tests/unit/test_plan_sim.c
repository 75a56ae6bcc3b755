/*
 * Deterministic storage simulation of the three ways to read a file: no
 * cache (plain 4 KB reads), the ring (-cache-mode ring) and read plans
 * (-cache 8192, -cache-mode plan). Files made from one encode by stream
 * copy (well muxed, audio 20 s away from its video, track after track,
 * 1 video + 4 audio interleaved packet by packet or in 2 s chunks) in
 * MP4, AVI and MKV are played through stream_t + demuxer_t as the player
 * does, over a simulated device and page cache plugged in as
 * stream_open_io, on a simulated clock. The model, its
 * simplifications and the figures: DOCS/tech/cache.md, "Simulated storage
 * figures".
 *
 * Asserted, for plan mode on indexed files (MP4, AVI): while playing the
 * device fetches no page that holds only unselected packets (AVI: unless
 * libavformat's AVI reader reads them itself, then the bound is every
 * packet's pages), at most 1.05x the selected packets' bytes (or their
 * pages, where the layout makes the pages alone larger), at most one
 * readahead window started by the opening, and a real-time run with ample
 * bandwidth has no stall after the start (SIM_START_GRACE). Ring and no-cache figures, and
 * MKV (no index: plans fall back), are printed only.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/demux_int.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_util.h"

#define KB 1024
#define SIM_PAGE 4096
/* read_ahead_kb = 128 and max_sectors_kb = 128: the kernel readahead
 * window and the most one WILLNEED call reads. */
#define SIM_RA_PAGES 32
#define SIM_MAX_FDS 8
/* What the player uses (-cache-plan-gap, -cache-secs default, -cache 8192
 * of the brief). */
#define SIM_PLAN_GAP 4096
#define SIM_CACHE_SECS 10.0
#define SIM_CACHE_KB 8192
/* The device: 4 MB/s, 20 ms for every request that does not continue the
 * previous one. The files are ~1.2 Mbit/s. */
#define SIM_BANDWIDTH (4.0 * 1024 * 1024)
#define SIM_SEEK_SECS 0.020
/* Waits in the first 0.1 s after every decoder has its first packet count
 * as the start, not as stalls: the first frames are on their way there,
 * and where the reads of the opening end is the demuxer's business. Since
 * the AVIO layer gives a jump back into its last bytes from memory
 * (demux_avio.c), the MP4 probe no longer reads the first 32 KB twice
 * before the moov, so the pages after the first 4 KB come 20 ms later, in
 * the first request after the start: start 0.07 -> 0.05 s with a 6 ms
 * wait at 0.07 (the five-track chunked MP4: 0.08 s and three 30 ms waits
 * -> 0.05 s and four, the last at 0.13 s). */
#define SIM_START_GRACE 0.1
/* The limit of the brief: device bytes while playing / selected bytes. */
#define SIM_MAX_RATIO 1.05

enum sim_mode { MODE_NONE, MODE_RING, MODE_PLAN, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = {"none", "ring", "plan"};

enum sim_phase { PHASE_OPEN, PHASE_PLAY };
/* Fetched while playing by the kernel's asynchronous readahead from a
 * PG_readahead marker set while the file was being opened, before the
 * player knew the tracks and set a plan: no plan can stop it (the marker
 * cannot be cleared, and FMODE_RANDOM does not stop async readahead). */
#define FETCHED_TAIL 3

/* The kernel's per-open-file readahead state (struct file_ra_state). */
struct sim_ra {
    int fd;
    bool used;
    int64_t start, size, async_size;  /* pages */
    int64_t prev_pos;                 /* bytes: end of the last read */
    bool random;                      /* POSIX_FADV_RANDOM: FMODE_RANDOM */
};

/*
 * The simulated device and page cache. All fields under lock: the hooks
 * are called from the player's thread and from the stream's helper
 * threads (readahead or ring fill).
 */
struct sim {
    pthread_mutex_t lock;
    int64_t size, npages;
    double *ready;          /* per page: when it is in memory; INFINITY: absent */
    unsigned char *marker;  /* per page: PG_readahead, as 1 + phase it was set in */
    unsigned char *fetched; /* per page: 0, 1 + phase of its fetch, or FETCHED_TAIL */
    bool tail;              /* fetching the async window of an opening-time marker */
    enum sim_phase phase;
    /* device: queue depth 1, first come first served */
    double dev_free;        /* when the device finishes what it was given */
    int64_t dev_end;        /* byte after the previous request, -1: none yet */
    double dev_busy;        /* seconds of device work */
    /* clock */
    double now;
    bool playing;           /* the clock runs: waits past the grace are stalls */
    double play_from;       /* when it started */
    pthread_t player;       /* the play thread: only its reads wait */
    stream_t *sync;         /* plan mode: settle the readahead before reads */
    struct sim_ra ra[SIM_MAX_FDS];
    /* counters */
    int64_t bytes_fetched[2];   /* per phase */
    int64_t bytes_advised_dev;  /* of those, fetched by WILLNEED */
    int64_t bytes_readahead;    /* fetched by the kernel readahead model */
    int64_t bytes_demand;       /* fetched because a read needed them */
    int64_t requests, seeks;
    int64_t stalls;
    double stall_secs, startup_secs;
};

static struct sim *sim_new(int64_t size)
{
    struct sim *m = calloc(1, sizeof(*m));
    assert_non_null(m);
    pthread_mutex_init(&m->lock, NULL);
    m->size = size;
    m->npages = (size + SIM_PAGE - 1) / SIM_PAGE;
    m->ready = malloc((size_t)(m->npages + 1) * sizeof(double));
    m->marker = calloc((size_t)m->npages + 1, 1);
    m->fetched = calloc((size_t)m->npages + 1, 1);
    assert_non_null(m->ready);
    assert_non_null(m->marker);
    assert_non_null(m->fetched);
    for (int64_t i = 0; i <= m->npages; i++)
        m->ready[i] = INFINITY;
    m->dev_end = -1;
    m->player = pthread_self();
    return m;
}

static void sim_free(struct sim *m)
{
    pthread_mutex_destroy(&m->lock);
    free(m->ready);
    free(m->marker);
    free(m->fetched);
    free(m);
}

static bool sim_present(const struct sim *m, int64_t pg)
{
    return !isinf(m->ready[pg]);
}

/* One device request for pages [p0, p0 + n), all absent. */
static void sim_device(struct sim *m, int64_t p0, int64_t n, int64_t *counter)
{
    int64_t off = p0 * SIM_PAGE;
    int64_t end = (p0 + n) * SIM_PAGE;
    if (end > m->size)
        end = m->size;
    bool seek = off != m->dev_end;
    double cost = (seek ? SIM_SEEK_SECS : 0) + (double)(end - off) / SIM_BANDWIDTH;
    double start = m->now > m->dev_free ? m->now : m->dev_free;
    m->dev_free = start + cost;
    m->dev_end = end;
    m->dev_busy += cost;
    m->requests++;
    m->seeks += seek;
    m->bytes_fetched[m->phase] += end - off;
    *counter += end - off;
    for (int64_t i = p0; i < p0 + n; i++) {
        m->ready[i] = m->dev_free;
        m->fetched[i] = m->tail ? FETCHED_TAIL : (unsigned char)(1 + m->phase);
    }
}

/* Fetch the absent pages of [p0, p1) (clamped to the file), one request
 * per run; mark page `mark` PG_readahead if this fetched it. */
static void sim_fetch(struct sim *m, int64_t p0, int64_t p1, int64_t mark, int64_t *counter)
{
    if (p1 > m->npages)
        p1 = m->npages;
    int64_t i = p0 < 0 ? 0 : p0;
    while (i < p1) {
        if (sim_present(m, i)) {
            i++;
            continue;
        }
        int64_t j = i;
        while (j < p1 && !sim_present(m, j))
            j++;
        if (mark >= i && mark < j)
            m->marker[mark] = (unsigned char)(1 + m->phase);
        sim_device(m, i, j - i, counter);
        i = j;
    }
}

/* ---- the kernel's on-demand readahead (mm/readahead.c, 6.1), simplified ---- */

static int64_t ra_init_size(int64_t req, int64_t max)
{
    int64_t n = 1;
    while (n < req)
        n <<= 1;
    if (n <= max / 32)
        return n * 4;
    if (n <= max / 4)
        return n * 2;
    return max;
}

static int64_t ra_next_size(int64_t cur, int64_t max)
{
    if (cur < max / 16)
        return 4 * cur;
    if (cur <= max / 2)
        return 2 * cur;
    return max;
}

/* Read the window in ra (merging a window that would hit its own marker
 * at once, as the kernel does). */
static void ra_submit(struct sim *m, struct sim_ra *ra, int64_t index)
{
    const int64_t max = SIM_RA_PAGES;
    if (index == ra->start && ra->size == ra->async_size) {
        int64_t add = ra_next_size(ra->size, max);
        if (ra->size + add <= max) {
            ra->async_size = add;
            ra->size += add;
        } else {
            ra->size = max;
            ra->async_size = max / 2;
        }
    }
    sim_fetch(m, ra->start, ra->start + ra->size, ra->start + ra->size - ra->async_size,
              &m->bytes_readahead);
}

/*
 * ondemand_readahead(): a miss at page index (sync, hit_marker false) or a
 * read of a page marked PG_readahead (async, hit_marker true), for req
 * pages. Large folios and the io_pages exception are left out (here
 * io_pages = ra_pages).
 */
static void ra_ondemand(struct sim *m, struct sim_ra *ra, int64_t index, int64_t req,
                        bool hit_marker)
{
    const int64_t max = SIM_RA_PAGES;
    if (index == 0)
        goto initial;
    if (index == ra->start + ra->size - ra->async_size || index == ra->start + ra->size) {
        ra->start += ra->size;
        ra->size = ra_next_size(ra->size, max);
        ra->async_size = ra->size;
        ra_submit(m, ra, index);
        return;
    }
    if (hit_marker) {
        int64_t start = index + 1;
        while (start < m->npages && start - index <= max && sim_present(m, start))
            start++;
        if (start - index > max || start >= m->npages)
            return;
        ra->start = start;
        ra->size = ra_next_size(start - index + req, max);
        ra->async_size = ra->size;
        ra_submit(m, ra, index);
        return;
    }
    if (req > max)
        goto initial;
    int64_t prev = ra->prev_pos / SIM_PAGE;
    if (index - prev <= 1 && index - prev >= 0)
        goto initial;
    /* Context readahead: the pages just before index are cached, a
     * sequential reader may have been here (count_history_pages). */
    int64_t hist = 0;
    while (hist < max && index - 1 - hist >= 0 && sim_present(m, index - 1 - hist))
        hist++;
    if (hist > req) {
        if (hist >= index)
            hist *= 2;
        ra->start = index;
        ra->size = hist + req < max ? hist + req : max;
        ra->async_size = 1;
        ra_submit(m, ra, index);
        return;
    }
    /* A small random read: just what was asked, no state. */
    sim_fetch(m, index, index + req, -1, &m->bytes_readahead);
    return;
initial:
    ra->start = index;
    ra->size = ra_init_size(req, max);
    ra->async_size = ra->size > req ? ra->size - req : ra->size;
    ra_submit(m, ra, index);
}

static struct sim_ra *sim_ra_of(struct sim *m, int fd)
{
    for (int i = 0; i < SIM_MAX_FDS; i++) {
        if (m->ra[i].used && m->ra[i].fd == fd)
            return &m->ra[i];
    }
    for (int i = 0; i < SIM_MAX_FDS; i++) {
        if (!m->ra[i].used) {
            m->ra[i] = (struct sim_ra){.fd = fd, .used = true};
            return &m->ra[i];
        }
    }
    fail_msg("more than %d descriptors", SIM_MAX_FDS);
    return NULL;
}

/* The player's read waits until t: a stall once playback runs. */
static void sim_wait(struct sim *m, double t)
{
    double w = t - m->now;
    if (w <= 0)
        return;
    if (m->playing && m->now >= m->play_from + SIM_START_GRACE) {
        m->stalls++;
        m->stall_secs += w;
    } else {
        m->startup_secs += w;
    }
    m->now = t;
}

/* A read of n real bytes at off: the page cache's view of it. Returns the
 * bytes the read gives (nowait: up to the first page not ready). */
static int64_t sim_read(struct sim *m, int fd, int64_t off, int64_t n, bool nowait)
{
    bool player = pthread_equal(pthread_self(), m->player);
    int64_t end = off + n;
    int64_t last = (end - 1) / SIM_PAGE;
    int64_t got = end;
    pthread_mutex_lock(&m->lock);
    struct sim_ra *ra = sim_ra_of(m, fd);
    for (int64_t pg = off / SIM_PAGE; pg <= last; pg++) {
        int64_t req = last + 1 - pg;
        if (nowait) {
            /* RWF_NOWAIT implies IOCB_NOIO: no readahead, no waiting. */
            if (!sim_present(m, pg) || m->marker[pg] || (player && m->ready[pg] > m->now)) {
                got = pg * SIM_PAGE > off ? pg * SIM_PAGE : off;
                break;
            }
            continue;
        }
        if (!sim_present(m, pg)) {
            if (getenv("PLAN_SIM_DEBUG") && m->phase == PHASE_PLAY)
                printf("miss read %lld+%lld page %lld (%lld)\n", (long long)off, (long long)n,
                       (long long)pg, (long long)(pg * SIM_PAGE));
            /* FMODE_RANDOM: page_cache_sync_ra() forces a read of just
             * the request (force_page_cache_ra), no window, no marker. */
            if (ra->random)
                sim_fetch(m, pg, pg + (req < SIM_RA_PAGES ? req : SIM_RA_PAGES), -1,
                          &m->bytes_demand);
            else
                ra_ondemand(m, ra, pg, req, false);
            if (!sim_present(m, pg))
                sim_fetch(m, pg, pg + 1, -1, &m->bytes_demand);
        } else if (m->marker[pg]) {
            if (getenv("PLAN_SIM_DEBUG") && m->phase == PHASE_PLAY)
                printf("marker read %lld+%lld page %lld\n", (long long)off, (long long)n,
                       (long long)pg);
            m->tail = m->phase == PHASE_PLAY && m->marker[pg] == 1 + PHASE_OPEN;
            m->marker[pg] = 0;
            ra_ondemand(m, ra, pg, req, true);
            m->tail = false;
        }
        if (player)
            sim_wait(m, m->ready[pg]);
    }
    if (got > off)
        ra->prev_pos = got;
    pthread_mutex_unlock(&m->lock);
    return got - off;
}

/* Settle the stream's helper thread so its work happens now, in order. */
static void sim_settle_player_read(struct sim *m)
{
    if (m->sync && pthread_equal(pthread_self(), m->player))
        stream_file_sync_readahead(m->sync);
}

static ssize_t hook_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    struct sim *m = ctx;
    sim_settle_player_read(m);
    ssize_t n = pread(fd, buf, len, off);
    if (n <= 0)
        return n;
    return (ssize_t)sim_read(m, fd, off, n, false);
}

static ssize_t hook_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off, int flags)
{
    struct sim *m = ctx;
    sim_settle_player_read(m);
    ssize_t n = pread(fd, buf, len, off);
    if (n <= 0)
        return n;
    int64_t got = sim_read(m, fd, off, n, (flags & RWF_NOWAIT) != 0);
    if (got == 0) {
        errno = EAGAIN;
        return -1;
    }
    return (ssize_t)got;
}

static int hook_fadvise(void *ctx, int fd, off_t off, off_t len, int advice)
{
    struct sim *m = ctx;
    if (off < 0 || len < 0)
        return EINVAL;
    pthread_mutex_lock(&m->lock);
    if (advice == POSIX_FADV_RANDOM || advice == POSIX_FADV_NORMAL) {
        sim_ra_of(m, fd)->random = advice == POSIX_FADV_RANDOM;
        pthread_mutex_unlock(&m->lock);
        return 0;
    }
    int64_t p0 = off / SIM_PAGE;
    int64_t p1 = len ? (off + len + SIM_PAGE - 1) / SIM_PAGE : m->npages;
    if (p1 > m->npages)
        p1 = m->npages;
    if (advice == POSIX_FADV_WILLNEED) {
        /* force_page_cache_ra(): at most max(io_pages, ra_pages) a call. */
        if (p1 - p0 > SIM_RA_PAGES)
            p1 = p0 + SIM_RA_PAGES;
        sim_fetch(m, p0, p1, -1, &m->bytes_advised_dev);
    } else if (advice == POSIX_FADV_DONTNEED) {
        /* Only whole pages go. */
        int64_t q0 = (off + SIM_PAGE - 1) / SIM_PAGE;
        int64_t q1 = len ? (off + len) / SIM_PAGE : m->npages;
        for (int64_t i = q0; i < q1 && i < m->npages; i++) {
            if (m->ready[i] <= m->now) {
                m->ready[i] = INFINITY;
                m->marker[i] = 0;
            }
        }
    }
    pthread_mutex_unlock(&m->lock);
    return 0;
}

/* ---- playing a file as the player does ---- */

struct sim_result {
    bool indexed;           /* demux_has_index: plans usable */
    bool plan_used;
    int64_t file_size;
    int64_t selected;       /* payload bytes of the selected packets played */
    int64_t page_bound;     /* bytes of the pages those packets (framing incl.) touch */
    int64_t all_bound;      /* the same for the packets of every stream */
    int64_t tail_bytes;     /* device bytes while playing: FETCHED_TAIL pages */
    int64_t open_bytes;     /* device bytes while opening (headers, index, probing) */
    int64_t play_bytes;     /* device bytes while playing */
    int64_t unsel_bytes;    /* of those, pages holding only unselected packets */
    int64_t other_bytes;    /* of those, pages holding no packet at all */
    int64_t advised, readahead, demand;
    int64_t requests, seeks;
    int64_t packets;
    int64_t stalls;
    double stall_secs, startup_secs, device_secs, media_secs;
};

static void sim_lock_set_now(struct sim *m, double t)
{
    pthread_mutex_lock(&m->lock);
    if (t > m->now)
        m->now = t;
    pthread_mutex_unlock(&m->lock);
}

static void settle(stream_t *s)
{
    stream_cache_sync(s);
}

/* The time of a packet on the play clock. */
static double pkt_time(const demuxer_t *d, const struct sh_stream *sh, const AVPacket *p,
                       double last)
{
    int64_t ts = p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
    if (ts == AV_NOPTS_VALUE)
        return last;
    return demux_ts_to_seconds(sh, ts) - d->start_time;
}

/* Pages the packets of the file touch, selected or not (from the
 * container's index, which for MP4/AVI lists every packet). AVI entries
 * point at the chunk header (8 bytes) and count the payload, padded to
 * even. */
static void classify_pages(const demuxer_t *d, int64_t npages, unsigned char *sel,
                           unsigned char *unsel)
{
    bool avi = !strcmp(d->format_name, "avi");
    for (int i = 0; i < d->num_streams; i++) {
        const struct sh_stream *sh = d->streams[i];
        AVStream *st = demux_avformat(d)->streams[sh->ff_index];
        int n = avformat_index_get_entries_count(st);
        for (int k = 0; k < n; k++) {
            const AVIndexEntry *e = avformat_index_get_entry(st, k);
            if (e->size <= 0 || e->pos < 0)
                continue;
            int64_t len = avi ? 8 + e->size + (e->size & 1) : e->size;
            int64_t p0 = e->pos / SIM_PAGE;
            int64_t p1 = (e->pos + len - 1) / SIM_PAGE;
            for (int64_t p = p0; p <= p1 && p < npages; p++) {
                if (sh->selected)
                    sel[p] = 1;
                else
                    unsel[p] = 1;
            }
        }
    }
}

#define SIM_MAX_SEL 2

static void sim_play(const char *path, enum sim_mode mode, int audio_id, struct sim_result *res)
{
    memset(res, 0, sizeof(*res));
    struct stat stt;
    assert_int_equal(stat(path, &stt), 0);
    struct sim *m = sim_new(stt.st_size);
    res->file_size = stt.st_size;
    const struct stream_file_io io = {
        .pread = hook_pread, .preadv2 = hook_preadv2, .fadvise = hook_fadvise, .ctx = m,
    };
    struct stream_opts so = {0};
    if (mode == MODE_RING) {
        so.cache_kb = SIM_CACHE_KB;
        so.cache_mode = STREAM_CACHE_RING;
        so.cache_min_percent = STREAM_CACHE_DEFAULT_MIN;
        so.cache_seek_min_percent = STREAM_CACHE_DEFAULT_SEEK_MIN;
    } else if (mode == MODE_PLAN) {
        so.cache_kb = SIM_CACHE_KB;
        so.cache_mode = STREAM_CACHE_PLAN;
        so.cache_min_percent = STREAM_CACHE_DEFAULT_MIN;
        so.cache_seek_min_percent = STREAM_CACHE_DEFAULT_SEEK_MIN;
        so.readahead_chunk = SIM_RA_PAGES * SIM_PAGE;
    }
    stream_t *s = NULL;
    assert_int_equal(stream_open_io(&s, path, &so, &io), 0);
    if (mode == MODE_PLAN)
        m->sync = s;
    demuxer_t *d = NULL;
    assert_int_equal(demux_open(&d, s, NULL), 0);

    struct sh_stream *sel[SIM_MAX_SEL];
    int nsel = 0;
    sel[nsel] = demux_default_stream(d, MP_STREAM_VIDEO);
    assert_non_null(sel[nsel]);
    nsel++;
    sel[nsel] = demux_nth_stream(d, MP_STREAM_AUDIO, audio_id);
    assert_non_null(sel[nsel]);
    nsel++;
    for (int i = 0; i < nsel; i++)
        demux_select_stream(d, sel[i], true);
    res->indexed = demux_has_index(d);
    bool plan_on = mode == MODE_PLAN && res->indexed;
    settle(s);

    pthread_mutex_lock(&m->lock);
    res->open_bytes = m->bytes_fetched[PHASE_OPEN];
    m->phase = PHASE_PLAY;
    pthread_mutex_unlock(&m->lock);

    AVPacket *pend[SIM_MAX_SEL] = {0};
    double pend_t[SIM_MAX_SEL] = {0};
    bool done[SIM_MAX_SEL] = {0};
    double last_t[SIM_MAX_SEL] = {0};
    double media = 0, media0 = NAN, base = 0;
    /* The player's planner, with the player's defaults. */
    const struct demux_planner_opts po = {
        .secs = SIM_CACHE_SECS,
        .max_gap = SIM_PLAN_GAP,
        .end = INFINITY,
    };
    struct demux_planner *planner = plan_on ? demux_planner_create(d, s, &po) : NULL;
    assert_true(!plan_on || planner);
    for (;;) {
        /* The player's loop: renew the plan, then read what the decoders
         * want next, one packet ahead per stream. */
        if (planner) {
            int r = demux_planner_update(planner, media);
            assert_true(r >= 0);
            if (r > 0) {
                res->plan_used = true;
                settle(s);
            }
        }
        for (int i = 0; i < nsel; i++) {
            if (pend[i] || done[i])
                continue;
            settle(s);
            pend[i] = demux_read_packet(d, sel[i]);
            settle(s);
            if (!pend[i]) {
                done[i] = true;
                continue;
            }
            pend_t[i] = last_t[i] = pkt_time(d, sel[i], pend[i], last_t[i]);
        }
        int best = -1;
        for (int i = 0; i < nsel; i++) {
            if (pend[i] && (best < 0 || pend_t[i] < pend_t[best]))
                best = i;
        }
        if (best < 0)
            break;
        pthread_mutex_lock(&m->lock);
        if (!m->playing) {
            /* Every decoder has its first packet: the clock starts. */
            m->playing = true;
            m->play_from = m->now;
            base = m->now;
            media0 = pend_t[best];
        }
        pthread_mutex_unlock(&m->lock);
        media = pend_t[best];
        res->selected += pend[best]->size;
        res->packets++;
        av_packet_free(&pend[best]);
        pthread_mutex_lock(&m->lock);
        double stall = m->stall_secs;
        pthread_mutex_unlock(&m->lock);
        sim_lock_set_now(m, base + (media - media0) + stall);
    }
    assert_int_equal(demux_get_error(d), 0);
    res->media_secs = isnan(media0) ? 0 : media - media0;

    unsigned char *psel = calloc((size_t)m->npages + 1, 1);
    unsigned char *punsel = calloc((size_t)m->npages + 1, 1);
    assert_non_null(psel);
    assert_non_null(punsel);
    if (res->indexed)
        classify_pages(d, m->npages, psel, punsel);
    demux_planner_free(planner);
    demux_close(d);
    stream_close(s);

    for (int64_t p = 0; p < m->npages; p++) {
        int64_t bytes = p == m->npages - 1 ? m->size - p * SIM_PAGE : SIM_PAGE;
        if (psel[p])
            res->page_bound += bytes;
        if (psel[p] || punsel[p])
            res->all_bound += bytes;
        if (m->fetched[p] == FETCHED_TAIL)
            res->tail_bytes += bytes;
        if (!res->indexed || m->fetched[p] != 1 + PHASE_PLAY || psel[p])
            continue;
        if (punsel[p])
            res->unsel_bytes += bytes;
        else
            res->other_bytes += bytes;
    }
    free(psel);
    free(punsel);
    res->play_bytes = m->bytes_fetched[PHASE_PLAY];
    res->advised = m->bytes_advised_dev;
    res->readahead = m->bytes_readahead;
    res->demand = m->bytes_demand;
    res->requests = m->requests;
    res->seeks = m->seeks;
    res->stalls = m->stalls;
    res->stall_secs = m->stall_secs;
    res->startup_secs = m->startup_secs;
    res->device_secs = m->dev_busy;
    sim_free(m);
}

/* ---- the media ---- */

/* One packet held for remuxing, with its place in the new order. */
struct remux_item {
    AVPacket *pkt;
    int64_t group;   /* chunk number (0 for all in per-packet order) */
    int stream;      /* chunked: tracks in stream order within a chunk */
    double t;        /* seconds */
    size_t seq;
};

static int remux_cmp(const void *a, const void *b)
{
    const struct remux_item *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    if (x->stream != y->stream)
        return x->stream < y->stream ? -1 : 1;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * Copy every stream of in to out (container from its name), packets in
 * time order (chunk_secs 0: one packet at a time, as ffmpeg interleaves)
 * or in chunks of chunk_secs per track (all of track 0's packets of the
 * chunk, then track 1's...), as muxers that interleave by duration lay
 * files out. av_write_frame keeps exactly this order.
 */
static int remux(const char *in, const char *out, double chunk_secs)
{
    AVFormatContext *ic = NULL, *oc = NULL;
    struct remux_item *items = NULL;
    size_t n = 0, cap = 0;
    int ret = -1;
    if (avformat_open_input(&ic, in, NULL, NULL) < 0 || avformat_find_stream_info(ic, NULL) < 0)
        goto done;
    if (avformat_alloc_output_context2(&oc, NULL, NULL, out) < 0)
        goto done;
    for (unsigned i = 0; i < ic->nb_streams; i++) {
        AVStream *os = avformat_new_stream(oc, NULL);
        if (!os || avcodec_parameters_copy(os->codecpar, ic->streams[i]->codecpar) < 0)
            goto done;
        os->codecpar->codec_tag = 0;
        os->time_base = ic->streams[i]->time_base;
        av_dict_copy(&os->metadata, ic->streams[i]->metadata, 0);
    }
    double tmin = 0;
    for (;;) {
        AVPacket *p = av_packet_alloc();
        if (!p)
            goto done;
        if (av_read_frame(ic, p) < 0) {
            av_packet_free(&p);
            break;
        }
        int64_t ts = p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
        if (ts == AV_NOPTS_VALUE || n == SIZE_MAX / sizeof(*items) / 2) {
            av_packet_free(&p);
            goto done;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            struct remux_item *more = realloc(items, cap * sizeof(*items));
            if (!more) {
                av_packet_free(&p);
                goto done;
            }
            items = more;
        }
        double t = (double)ts * av_q2d(ic->streams[p->stream_index]->time_base);
        if (t < tmin)
            tmin = t;
        items[n] = (struct remux_item){.pkt = p, .t = t, .seq = n};
        if (chunk_secs > 0) {
            items[n].group = (int64_t)floor((t + 1000) / chunk_secs);
            items[n].stream = p->stream_index;
        }
        n++;
    }
    qsort(items, n, sizeof(*items), remux_cmp);
    if (avio_open(&oc->pb, out, AVIO_FLAG_WRITE) < 0)
        goto done;
    oc->avoid_negative_ts = AVFMT_AVOID_NEG_TS_DISABLED;
    if (avformat_write_header(oc, NULL) < 0)
        goto done;
    for (size_t k = 0; k < n; k++) {
        AVPacket *p = items[k].pkt;
        /* All tracks move together so none starts below 0 (AAC priming). */
        AVRational itb = ic->streams[p->stream_index]->time_base;
        int64_t shift = av_rescale_q(llround(-tmin * AV_TIME_BASE), AV_TIME_BASE_Q, itb);
        if (p->pts != AV_NOPTS_VALUE)
            p->pts += shift;
        if (p->dts != AV_NOPTS_VALUE)
            p->dts += shift;
        av_packet_rescale_ts(p, itb, oc->streams[p->stream_index]->time_base);
        p->pos = -1;
        if (av_write_frame(oc, p) < 0)
            goto done;
    }
    if (av_write_trailer(oc) < 0)
        goto done;
    ret = 0;
done:
    for (size_t k = 0; k < n; k++)
        av_packet_free(&items[k].pkt);
    free(items);
    if (oc)
        avio_closep(&oc->pb);
    avformat_free_context(oc);
    avformat_close_input(&ic);
    return ret;
}

/* ---- the cases ---- */

/* skewb: the audio stored SIM_SKEW behind its video (skew: ahead of it). */
enum sim_kind {
    KIND_GOOD, KIND_SKEW, KIND_SKEWB, KIND_NONINTER, KIND_MULTI, KIND_CHUNKED, KIND_COUNT
};
static const char *const kind_names[KIND_COUNT] = {"good", "skew", "skewb", "noninter",
                                                   "multi", "chunked"};
static const char *const containers[] = {"mp4", "avi", "mkv"};
#define NCONTAINERS 3
#define NCASES (KIND_COUNT * NCONTAINERS)
/* Seconds of media; the skew is 20 s (2.7 MB at these rates). */
#define SIM_DURATION 40
#define SIM_SKEW 20
/* Chunked: 2 s of each track at a time (with 1 s the pages the selected
 * packets touch are already 1.06x their bytes). */
#define SIM_CHUNK_SECS 2.0

struct sim_case {
    char name[32];        /* file name: kind.container */
    enum sim_kind kind;
    int container;
    int audio_id;         /* the audio track played (multi: the 2nd of 4) */
};

struct suite {
    char *dir;
    struct sim_case cases[NCASES];
    struct sim_result res[NCASES][MODE_COUNT];
    bool ran[NCASES];
};

/* All media come from one encode (1 video + 4 audio, MP4) by stream copy:
 * mkmedia.sh -i for the two-track kinds, remux() for the rest. */
static int make_all(struct suite *su)
{
    const char *env = getenv("MKMUX");
    char mkmux[512];
    snprintf(mkmux, sizeof(mkmux), "%s", env ? env : "build/TOOLS/mkmux");
    const char *mk = "sh TOOLS/mkmedia.sh -q";
    if (test_sh("MKMUX='%s' %s -b 1M -a 96k -s 480x270 -d %d -n 4 multi '%s/base.mp4'", mkmux,
                mk, SIM_DURATION, su->dir) != 0)
        return -1;
    for (int c = 0; c < NCONTAINERS; c++) {
        for (int k = 0; k < KIND_COUNT; k++) {
            struct sim_case *sc = &su->cases[c * KIND_COUNT + k];
            snprintf(sc->name, sizeof(sc->name), "%s.%s", kind_names[k], containers[c]);
            sc->kind = (enum sim_kind)k;
            sc->container = c;
            sc->audio_id = k == KIND_MULTI || k == KIND_CHUNKED ? 1 : 0;
            char out[512], base[512];
            snprintf(out, sizeof(out), "%s/%s", su->dir, sc->name);
            snprintf(base, sizeof(base), "%s/base.mp4", su->dir);
            int rc;
            if (k == KIND_MULTI)
                rc = remux(base, out, 0);
            else if (k == KIND_CHUNKED)
                rc = remux(base, out, SIM_CHUNK_SECS);
            else if (k == KIND_SKEWB)
                rc = test_sh("MKMUX='%s' %s -i '%s' -k -%d skew '%s'", mkmux, mk, base,
                             SIM_SKEW, out);
            else
                rc = test_sh("MKMUX='%s' %s -i '%s' -k %d %s '%s'", mkmux, mk, base, SIM_SKEW,
                             kind_names[k], out);
            if (rc != 0) {
                fprintf(stderr, "could not make %s\n", sc->name);
                return -1;
            }
        }
    }
    return 0;
}

static int make_media(void **state)
{
    struct suite *su = calloc(1, sizeof(*su));
    if (!su)
        return -1;
    su->dir = test_mkdtemp();
    if (!su->dir || make_all(su) < 0) {
        test_rmdir(su->dir);
        free(su);
        return -1;
    }
    *state = su;
    return 0;
}

static void print_table(const struct suite *su)
{
    printf("\n| file | mode | selected KB | page bound KB | open KB | play KB | play / selected "
           "| unselected-only KB | requests | seeks | device s | stalls (s) | start s |\n");
    printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
           "| ---: |\n");
    for (int i = 0; i < NCASES; i++) {
        if (!su->ran[i])
            continue;
        for (int k = 0; k < MODE_COUNT; k++) {
            const struct sim_result *r = &su->res[i][k];
            char bound[32] = "-", unsel[32] = "-", stalls[48] = "-";
            if (r->indexed) {
                snprintf(bound, sizeof(bound), "%lld", (long long)(r->page_bound / KB));
                snprintf(unsel, sizeof(unsel), "%lld", (long long)(r->unsel_bytes / KB));
            }
            if (k != MODE_RING)
                snprintf(stalls, sizeof(stalls), "%lld (%.2f)", (long long)r->stalls,
                         r->stall_secs);
            printf("| %s | %s%s | %lld | %s | %lld | %lld | %.3f | %s | %lld | %lld | %.2f | "
                   "%s | %.2f |\n",
                   su->cases[i].name, mode_names[k],
                   k == MODE_PLAN && !r->plan_used ? " (no index)" : "",
                   (long long)(r->selected / KB), bound, (long long)(r->open_bytes / KB),
                   (long long)(r->play_bytes / KB),
                   r->selected ? (double)r->play_bytes / (double)r->selected : 0, unsel,
                   (long long)r->requests, (long long)r->seeks, r->device_secs, stalls,
                   r->startup_secs);
        }
    }
    printf("\n");
    fflush(stdout);
}

static int free_media(void **state)
{
    struct suite *su = *state;
    if (!su)
        return 0;  /* make_media failed and cleaned up */
    print_table(su);
    test_rmdir(su->dir);
    free(su);
    return 0;
}

static void print_result(const char *name, enum sim_mode k, const struct sim_result *r)
{
    printf("%-13s %-4s selected %lld, page bound %lld, open %lld, play %lld (x%.3f): "
           "unselected-only %lld, other %lld; advised %lld, kernel readahead %lld, "
           "demand %lld; %lld requests, %lld seeks, device %.2f s for %.1f s; "
           "%lld stalls (%.2f s), start %.2f s\n",
           name, mode_names[k], (long long)r->selected, (long long)r->page_bound,
           (long long)r->open_bytes, (long long)r->play_bytes,
           r->selected ? (double)r->play_bytes / (double)r->selected : 0,
           (long long)r->unsel_bytes, (long long)r->other_bytes, (long long)r->advised,
           (long long)r->readahead, (long long)r->demand, (long long)r->requests,
           (long long)r->seeks, r->device_secs, r->media_secs, (long long)r->stalls,
           r->stall_secs, r->startup_secs);
    fflush(stdout);
}

static void run_case(void **state, enum sim_kind kind, int container)
{
    struct suite *su = *state;
    int ci = container * KIND_COUNT + kind;
    const struct sim_case *c = &su->cases[ci];
    char *path = NULL;
    assert_true(asprintf(&path, "%s/%s", su->dir, c->name) > 0);
    for (int k = 0; k < MODE_COUNT; k++) {
        sim_play(path, (enum sim_mode)k, c->audio_id, &su->res[ci][k]);
        print_result(c->name, (enum sim_mode)k, &su->res[ci][k]);
    }
    free(path);
    su->ran[ci] = true;

    const struct sim_result *p = &su->res[ci][MODE_PLAN];
    /* Every mode plays the same packets, all of them. */
    assert_int_equal(p->selected, su->res[ci][MODE_NONE].selected);
    assert_int_equal(p->selected, su->res[ci][MODE_RING].selected);
    assert_true(p->media_secs > SIM_DURATION - 1);
    if (!strcmp(containers[container], "mkv")) {
        /* No per-packet index: no plan, the fallback reads. */
        assert_false(p->indexed);
        assert_false(p->plan_used);
        return;
    }
    assert_true(p->indexed);
    assert_true(p->plan_used);
    /*
     * At most 1.05x the selected bytes. A page cache fetches whole pages:
     * where the file puts unselected packets on the same pages as the
     * selected ones (ffmpeg interleaves packet by packet: 4 audio packets
     * of ~256 bytes between video frames), no reader can do better than
     * those pages, so then the bound is the pages, and the ratio to the
     * bytes is printed.
     */
    /*
     * libavformat's AVI reader reads every stream's chunks, selected or
     * not (interleaved: it walks every chunk header through its buffer;
     * non-interleaved: it visits every stream's index entries), so the
     * plan covers them too (readplan.c) and the bound is the pages of all
     * packets; where it lays tracks out apart, unselected pages are read.
     */
    bool reads_all = !strcmp(containers[container], "avi") && p->unsel_bytes > 0;
    int64_t bound = reads_all ? p->all_bound : p->page_bound;
    bool pages_only = (double)bound > SIM_MAX_RATIO * (double)p->selected;
    if (reads_all)
        printf("NOTE: %s: libavformat's AVI reader reads all %lld KB of the unselected "
               "tracks' pages; the bound is every packet's pages\n",
               c->name, (long long)(p->unsel_bytes / KB));
    else if (pages_only)
        printf("NOTE: %s: the selected packets' pages are %.3fx their bytes; %.2fx of the "
               "bytes cannot be reached by any page-cache reader; plan fetched %.3fx\n",
               c->name, (double)p->page_bound / (double)p->selected, SIM_MAX_RATIO,
               (double)p->play_bytes / (double)p->selected);
    if (p->tail_bytes > 0)
        printf("NOTE: %s: %lld KB came from the kernel's readahead window of the opening "
               "(a PG_readahead marker set before any plan)\n",
               c->name, (long long)(p->tail_bytes / KB));
    /*
     * The plan reads through a gap shorter than one device request rather
     * than pay a seek over it: in chunked.mp4 the unselected tracks' 2 s
     * blocks are such gaps (about 24 KB each). There the bound is every
     * packet's pages, and the device time must be less than without the
     * plan's help.
     */
    bool through = kind == KIND_CHUNKED && !reads_all;
    if (through) {
        bound = p->all_bound;
        pages_only = true;
        printf("NOTE: %s: the unselected tracks' blocks are shorter than a device request: "
               "read through (%lld KB) instead of a seek each\n",
               c->name, (long long)(p->unsel_bytes / KB));
        assert_true(p->device_secs < su->res[ci][MODE_NONE].device_secs);
    }
    double limit = SIM_MAX_RATIO * (double)(pages_only ? bound : p->selected);
    /* No page that holds only unselected packets is fetched by the plan or
     * by reads around it (what the opening's readahead window still brings
     * is at most one window), at most the limit, and in real time with
     * ample bandwidth no stall once playing. */
    if (!reads_all && !through)
        assert_int_equal(p->unsel_bytes, 0);
    assert_true(p->tail_bytes <= SIM_RA_PAGES * SIM_PAGE);
    assert_true((double)p->play_bytes <= limit);
    if (kind == KIND_SKEWB) {
        /* The audio lies 20 s ahead in the file: while the batches still
         * grow after the start, the reader once catches up with the one
         * coming for the audio's region (the plan-less reader stalls
         * there four times). */
        assert_true(p->stalls <= 1 && p->stall_secs < 0.05);
    } else if (kind == KIND_CHUNKED) {
        /* Five tracks in 2 s blocks, remuxed from an MP4 encode (mkmedia.sh
         * since 2026-12-02; AAC priming in an edit list): reads with the
         * plan still meet the device four times, 20-30 ms each, all in the
         * first 0.1 s (SIM_START_GRACE: the start, 0.16 s); the plan-less
         * reader stalls about 30 times after it. */
        const struct sim_result *none = &su->res[ci][MODE_NONE];
        assert_true(p->stalls * 10 <= none->stalls && p->stall_secs < 0.1);
    } else {
        assert_int_equal(p->stalls, 0);
    }
    /*
     * The device charges every jump (SIM_SEEK_SECS): where each track is
     * one region (interleaved, skewed), the plan jumps no more than a
     * sequential reader per region does (the kernel's readahead without
     * a plan: its context readahead keeps one stream per region), and its
     * device time is no longer. A plan given in its own order, a small
     * piece per range, jumped between the regions at every piece.
     */
    if (kind == KIND_GOOD || kind == KIND_SKEW || kind == KIND_SKEWB) {
        const struct sim_result *none = &su->res[ci][MODE_NONE];
        assert_true((double)p->seeks <= 1.2 * (double)none->seeks + 1);
        assert_true(p->device_secs <= none->device_secs * 1.02);
    }
}

#define SIM_TEST(kind, cont, k, c) \
    static void test_##kind##_##cont(void **state) { run_case(state, k, c); }
SIM_TEST(good, mp4, KIND_GOOD, 0)
SIM_TEST(skew, mp4, KIND_SKEW, 0)
SIM_TEST(skewb, mp4, KIND_SKEWB, 0)
SIM_TEST(noninter, mp4, KIND_NONINTER, 0)
SIM_TEST(multi, mp4, KIND_MULTI, 0)
SIM_TEST(chunked, mp4, KIND_CHUNKED, 0)
SIM_TEST(good, avi, KIND_GOOD, 1)
SIM_TEST(skew, avi, KIND_SKEW, 1)
SIM_TEST(skewb, avi, KIND_SKEWB, 1)
SIM_TEST(noninter, avi, KIND_NONINTER, 1)
SIM_TEST(multi, avi, KIND_MULTI, 1)
SIM_TEST(chunked, avi, KIND_CHUNKED, 1)
SIM_TEST(good, mkv, KIND_GOOD, 2)
SIM_TEST(skew, mkv, KIND_SKEW, 2)
SIM_TEST(skewb, mkv, KIND_SKEWB, 2)
SIM_TEST(noninter, mkv, KIND_NONINTER, 2)
SIM_TEST(multi, mkv, KIND_MULTI, 2)
SIM_TEST(chunked, mkv, KIND_CHUNKED, 2)

int main(void)
{
    demux_route_av_log();
    /* The ring's "Cache fill" status lines would drown the figures. */
    mp_msg_set_default_level(MSGL_WARN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_mp4),     cmocka_unit_test(test_skew_mp4),
        cmocka_unit_test(test_skewb_mp4),    cmocka_unit_test(test_noninter_mp4),
        cmocka_unit_test(test_multi_mp4),    cmocka_unit_test(test_chunked_mp4),
        cmocka_unit_test(test_good_avi),     cmocka_unit_test(test_skew_avi),
        cmocka_unit_test(test_skewb_avi),    cmocka_unit_test(test_noninter_avi),
        cmocka_unit_test(test_multi_avi),    cmocka_unit_test(test_chunked_avi),
        cmocka_unit_test(test_good_mkv),     cmocka_unit_test(test_skew_mkv),
        cmocka_unit_test(test_skewb_mkv),    cmocka_unit_test(test_noninter_mkv),
        cmocka_unit_test(test_multi_mkv),    cmocka_unit_test(test_chunked_mkv),
    };
    return cmocka_run_group_tests(tests, make_media, free_media);
}
