/*
 * fuzz_readplan: the input is a media file (MP4, AVI and, through its
 * cluster map, Matroska reach the planner, other containers its
 * refusal). Open it, select tracks, and plan and measure several windows
 * before and after reading and seeking, checking every promise of
 * demux_plan / demux_plan_measure in libmpdemux/demuxer.h: ranges inside
 * the file, non-empty, disjoint, in time order, no more than asked for,
 * and *until inside the window.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <string.h>

#include "libmpdemux/demuxer.h"
#include "libmpdemux/demux_int.h"
#include "libmpdemux/readplan_inspect.h"
#include "stream/stream.h"
#include "tests/fuzz/fuzz.h"

#define FR_MAX_RANGES 64
#define FR_MAX_PACKETS 300
/* demux_plan_measure walks and sorts the whole window by contract (it is
 * for tests and tools, not the player): a few bytes of MP4 can make an
 * index of millions of entries, and thirty such walks are a timeout, not
 * a finding. Plans themselves are bounded and always checked. */
#define FR_MAX_MEASURED_ENTRIES (1 << 18)

struct fr_window {
    double from, secs;
    int64_t max_gap, max_bytes;
    int max_out;
};

static int fr_cmp_pos(const void *a, const void *b)
{
    const struct demux_read_range *x = a, *y = b;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static void fr_check_ranges(const struct demux_read_range *r, int n, int64_t fsize)
{
    struct demux_read_range sorted[FR_MAX_RANGES];
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(r[i].pos >= 0 && r[i].len > 0);
        FUZZ_CHECK(fsize < 0 || r[i].pos + r[i].len <= fsize);
        FUZZ_CHECK(!isnan(r[i].time));
        /* By time, then position. */
        if (i > 0) {
            FUZZ_CHECK(r[i - 1].time <= r[i].time);
            FUZZ_CHECK(r[i - 1].time < r[i].time || r[i - 1].pos < r[i].pos);
        }
        sorted[i] = r[i];
    }
    /* Merged ranges never overlap. */
    qsort(sorted, (size_t)n, sizeof(sorted[0]), fr_cmp_pos);
    for (int i = 1; i < n; i++)
        FUZZ_CHECK(sorted[i - 1].pos + sorted[i - 1].len <= sorted[i].pos);
}

static bool fr_index_small(const demuxer_t *d)
{
    int64_t n = 0;
    for (unsigned i = 0; i < demux_avformat(d)->nb_streams; i++)
        n += avformat_index_get_entries_count(demux_avformat(d)->streams[i]);
    return n <= FR_MAX_MEASURED_ENTRIES;
}

static void fr_plan(demuxer_t *d, bool indexed, const struct fr_window *w)
{
    struct demux_read_range out[FR_MAX_RANGES];
    struct demux_plan_params pp = {
        .from = w->from,
        .secs_ahead = w->secs,
        .max_gap = w->max_gap,
        .max_bytes = w->max_bytes,
    };
    double until = NAN;
    int n = demux_plan(d, &pp, out, w->max_out, &until);
    if (indexed)
        FUZZ_CHECK(n >= 0 || n == -DEMUX_ERR_NOMEM);
    if (n < 0) {
        FUZZ_CHECK(n == -DEMUX_ERR_NO_INDEX || n == -DEMUX_ERR_INVALID ||
                   n == -DEMUX_ERR_NOMEM);
        return;
    }
    FUZZ_CHECK(n <= w->max_out);
    fr_check_ranges(out, n, stream_size(d->stream));
    FUZZ_CHECK(until >= w->from && until <= w->from + w->secs);
    /* Hand the plan down as the player does; the stream copies it. */
    struct stream_range sr[FR_MAX_RANGES];
    for (int i = 0; i < n; i++)
        sr[i] = (struct stream_range){ out[i].pos, out[i].len };
    int r = stream_set_read_plan(d->stream, sr, n);
    FUZZ_CHECK(r == 0 || r == -STREAM_ERR_NOMEM || r == -STREAM_ERR_UNSUPPORTED);
    /* The same window without a byte bound covers at least as far. */
    int m = demux_plan_next(d, w->from, w->secs, w->max_gap, out, w->max_out);
    FUZZ_CHECK(m >= 0 && m <= w->max_out);
    fr_check_ranges(out, m, stream_size(d->stream));

    struct demux_plan_cost cost;
    double to = w->from + w->secs;
    if (fr_index_small(d) && demux_plan_measure(d, w->from, to, w->max_gap, &cost) == 0) {
        FUZZ_CHECK(cost.bytes >= 0 && cost.packets >= 0 && cost.span >= 0);
        FUZZ_CHECK(cost.runs <= cost.packets && (cost.runs == 0) == (cost.packets == 0));
        /* An AVI plan also holds the unselected tracks' chunk headers,
         * so it may have ranges where no selected packet lies. */
        bool headers_too = d->format_name && !strcmp(d->format_name, "avi");
        /* A Matroska plan grows its cluster map a few reads per call;
         * a measurement grows it as far as the window needs. What a plan
         * found the measurement finds too, not the other way round. */
        bool map_grows = d->format_name && !strncmp(d->format_name, "matroska", 8);
        if (map_grows)
            FUZZ_CHECK(m == 0 || cost.packets > 0);
        if (w->max_out > 0 && cost.packets > 0 && !map_grows)
            FUZZ_CHECK(m > 0);
        if (w->max_out > 0 && !headers_too && !map_grows)
            FUZZ_CHECK((cost.packets == 0) == (m == 0));
        int64_t b = demux_plan_bytes_needed(d, w->from, to);
        FUZZ_CHECK(b == cost.bytes);
    }
}

static void fr_windows(demuxer_t *d)
{
    bool indexed = demux_has_index(d);
    double dur = d->duration > 0 ? d->duration : 10;
    const struct fr_window w[] = {
        { 0, 1, 0, 0, FR_MAX_RANGES },
        { 0, 5, 4096, 0, FR_MAX_RANGES },
        { -3, 4, 0, 10000, 3 },
        { dur / 2, 2, 65536, 0, 1 },
        { dur - 0.5, 10, 0, 1, FR_MAX_RANGES },
        { dur, 1, 1 << 20, 0, FR_MAX_RANGES },
        { 0, 1e9, 0, 1 << 16, FR_MAX_RANGES },
        { 0, 1e9, 1 << 20, 0, 0 },
    };
    for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
        fr_plan(d, indexed, &w[i]);
    struct demux_plan_cost cost;
    if (fr_index_small(d))
        demux_plan_measure(d, -INFINITY, INFINITY, 0, &cost);
    /* Bad arguments are refused, never planned. */
    struct demux_read_range out[1];
    FUZZ_CHECK(demux_plan_next(d, NAN, 1, 0, out, 1) == -DEMUX_ERR_INVALID);
    FUZZ_CHECK(demux_plan_next(d, 0, 0, 0, out, 1) == -DEMUX_ERR_INVALID);
    FUZZ_CHECK(demux_plan_measure(d, 1, 1, 0, &cost) == -DEMUX_ERR_INVALID);
}

static void fr_read(demuxer_t *d, int max)
{
    for (int i = 0; i < d->num_streams && max > 0; i++) {
        struct sh_stream *sh = d->streams[i];
        if (!sh->selected)
            continue;
        AVPacket *pkt;
        while (max-- > 0 && (pkt = demux_read_packet(d, sh)))
            av_packet_free(&pkt);
    }
}

static void fr_run(demuxer_t *d, unsigned sel)
{
    /* The input's last byte picks the tracks, so the fuzzer can try
     * every mix: bit 2 set selects every track, else bit 0 set leaves
     * out the default video and bit 1 set the default audio. */
    if (sel & 4) {
        for (int i = 0; i < d->num_streams; i++)
            demux_select_stream(d, d->streams[i], true);
    } else {
        if (!(sel & 1))
            demux_select_stream(d, demux_default_stream(d, MP_STREAM_VIDEO), true);
        if (!(sel & 2))
            demux_select_stream(d, demux_default_stream(d, MP_STREAM_AUDIO), true);
    }
    fr_windows(d);
    fr_read(d, FR_MAX_PACKETS);
    fr_windows(d);
    if (demux_seek(d, d->duration > 0 ? d->duration / 2 : 1) == 0) {
        fr_read(d, FR_MAX_PACKETS / 10);
        fr_windows(d);
    }
    /* A plan with nothing selected is empty, not an error. */
    for (int i = 0; i < d->num_streams; i++)
        demux_select_stream(d, d->streams[i], false);
    struct demux_read_range out[1];
    FUZZ_CHECK(demux_plan_next(d, 0, 1, 0, out, 1) == 0);
    FUZZ_CHECK(!demux_has_index(d));
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    stream_t *s = NULL;
    int fd;
    /* Plans reach the kernel only with readahead on (cache_kb bounds
     * how far ahead of the reader). */
    const struct stream_opts so = {
        .readahead_chunk = 16 * 1024,
        .cache_kb = 128,
        .cache_min_percent = STREAM_CACHE_DEFAULT_MIN,
        .cache_seek_min_percent = STREAM_CACHE_DEFAULT_SEEK_MIN,
    };
    if (fuzz_open_stream(data, size, &so, &s, &fd) < 0)
        return 0;
    demuxer_t *d = NULL;
    const struct demux_opts dopts = {
        .max_queue_packets = 512,
        .max_queue_bytes = 32 << 20,
        .matroska_plans = true,
    };
    if (demux_open(&d, s, &dopts) == 0) {
        fr_run(d, size ? data[size - 1] : 0);
        demux_close(d);
    }
    stream_set_read_plan(s, NULL, 0);
    stream_close(s);
    close(fd);
    return 0;
}
