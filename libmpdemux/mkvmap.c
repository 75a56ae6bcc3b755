/*
 * mkvmap: the clusters of a Matroska/WebM file, their bytes, times and
 * tracks, learned from cluster headers (see mkvmap.h and
 * DOCS/tech/readplan.md).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/mkvmap.h"
#include "osdep/osdep.h"

/* One read of the file: a page costs the device what 32 bytes do, and it
 * holds the head of a cluster (Timestamp, the first block headers) or a
 * run of small clusters. */
#define MKVMAP_CHUNK 4096
/* Reads per cluster of known size: its head, then the header of the next
 * block beyond what was read. Enough to see the second block, which in an
 * interleaved cluster (a video keyframe first) is usually the other track;
 * a cluster not walked to its end is "not complete". */
#define MKVMAP_CLUSTER_READS 2
/* An unknown-size cluster (live muxers) ends only where the next
 * top-level element starts, found by skipping every child: more reads
 * are allowed, and a cluster longer than that ends the map. */
#define MKVMAP_UNKNOWN_READS 64
/* Children looked at per cluster: bounds the work of a hostile file of
 * tiny elements, which one read holds by the hundred. */
#define MKVMAP_MAX_CHILDREN 4096
/* Elements before the first cluster (SeekHead, Info, Tracks, Void...). */
#define MKVMAP_MAX_HEAD_ELEMENTS 256
/* Larger TimestampScale values (ns per tick) are taken as damage: 1 s. */
#define MKVMAP_MAX_SCALE 1000000000ULL
/* Resynchronisations after damage, over the map's life, and index
 * entries looked at for each: a hostile file may be damage throughout. */
#define MKVMAP_MAX_RESYNCS 16
#define MKVMAP_MAX_RESYNC_VISITS (1 << 16)
/* The Cues element is read whole, once, when a leap first needs it; a
 * larger one (a 3-hour film cued every second is ~200 KB) is not used. */
#define MKVMAP_MAX_CUES_BYTES (4 * 1024 * 1024)
#define MKVMAP_MAX_CUE_CLUSTERS (1 << 18)
/* mkvmap_find_deep reads clusters in pieces this large. */
#define MKVMAP_DEEP_CHUNK (64 * 1024)
/* A track whose first block seen is timed within this of the first
 * cluster's time starts there: the clusters before hold none of it. */
#define MKVMAP_START_SLACK 0.5
/* Element header: ID (at most 4 bytes) and size (at most 8). */
#define MKVMAP_MAX_HEADER 12

#define MKVMAP_ID_EBML 0x1A45DFA3u
#define MKVMAP_ID_SEGMENT 0x18538067u
#define MKVMAP_ID_INFO 0x1549A966u
#define MKVMAP_ID_TIMESTAMP_SCALE 0x2AD7B1u
#define MKVMAP_ID_CLUSTER 0x1F43B675u
#define MKVMAP_ID_TIMESTAMP 0xE7u
#define MKVMAP_ID_SIMPLE_BLOCK 0xA3u
#define MKVMAP_ID_BLOCK_GROUP 0xA0u
#define MKVMAP_ID_BLOCK 0xA1u
#define MKVMAP_ID_SEEKHEAD 0x114D9B74u
#define MKVMAP_ID_TRACKS 0x1654AE6Bu
#define MKVMAP_ID_CUES 0x1C53BB6Bu
#define MKVMAP_ID_CHAPTERS 0x1043A770u
#define MKVMAP_ID_TAGS 0x1254C367u
#define MKVMAP_ID_ATTACHMENTS 0x1941A469u
#define MKVMAP_ID_SEEK 0x4DBBu
#define MKVMAP_ID_SEEK_ID 0x53ABu
#define MKVMAP_ID_SEEK_POSITION 0x53ACu
#define MKVMAP_ID_CUE_POINT 0xBBu
#define MKVMAP_ID_CUE_TRACK_POSITIONS 0xB7u
#define MKVMAP_ID_CUE_CLUSTER_POSITION 0xF1u
#define MKVMAP_ID_TRACK_ENTRY 0xAEu
#define MKVMAP_ID_TRACK_NUMBER 0xD7u
#define MKVMAP_ID_TRACK_TYPE 0x83u
#define MKVMAP_ID_CODEC_ID 0x86u
/* TrackType values libavformat makes streams of. */
#define MKVMAP_TYPE_VIDEO 1
#define MKVMAP_TYPE_AUDIO 2
#define MKVMAP_TYPE_SUBTITLE 0x11
#define MKVMAP_TYPE_METADATA 0x21
/* Track entries and children of one entry looked at. */
#define MKVMAP_MAX_TRACK_ENTRIES 128
#define MKVMAP_MAX_ENTRY_CHILDREN 64

/* What the head of a cluster showed (mkvmap_scan_cluster). */
struct mkvmap_scan {
    struct mkvmap_cluster c;
    int64_t limit;  /* where the map goes on after it */
    bool broken;    /* the map cannot go past it */
    bool timed;     /* it has a Timestamp */
};

struct mkvmap {
    stream_t *s;
    int64_t file_size;
    int64_t seg_end;     /* end of the segment's data, never past the file */
    double scale;        /* seconds per timestamp tick */
    int64_t next;        /* the next top-level element to learn */
    bool done;
    bool complete;       /* done at the end of the segment (or the file) */
    bool warned;
    const AVFormatContext *avfc; /* its index: where to resume after damage */
    int64_t stuck_at;    /* done at damage here (-1: not stuck) */
    int64_t index_seen;  /* index entries when a resync last found none */
    int resyncs;

    struct mkvmap_cluster *v;
    size_t n, alloc;
    /* Per track number: clusters it started; clusters started by another
     * track in which it was seen. */
    uint32_t owns[MKVMAP_MAX_TRACK + 1];
    uint32_t mixed[MKVMAP_MAX_TRACK + 1];
    /* Per track number: the first cluster a block of it was seen in (-1:
     * none yet) and that block's time (NAN: not known). */
    int64_t seen_pos[MKVMAP_MAX_TRACK + 1];
    double seen_time[MKVMAP_MAX_TRACK + 1];

    /* Per libavformat stream index: its Matroska track number, 0 when
     * unknown. */
    int *track_of;
    int nb_streams;
    /* The track entries libavformat makes streams of, in file order. */
    int entry_num[MKVMAP_MAX_TRACK_ENTRIES];
    int entry_type[MKVMAP_MAX_TRACK_ENTRIES];
    int entries;
    bool tracks_seen;

    unsigned char buf[MKVMAP_CHUNK]; /* the last read */
    int64_t buf_pos;
    int buf_len;

    /* The Cues: where SeekHead says they are (-1: nowhere), and once
     * read (cues_read), the cued clusters' positions, sorted, unique. */
    int64_t seg_data;    /* the segment's first data byte: positions count from it */
    int64_t cues_pos;
    bool cues_read;
    int64_t *cue_at;
    size_t nb_cues;
    /* A leap found the cued cluster here not to continue the run: no leap
     * goes to it or past it again. */
    int64_t leap_bad;
    bool no_leaps;
    /* mkvmap_leap_to: the tracks (a bit per slot) and time of the last
     * leap toward a time; the last cued cluster it found them to have
     * passed (to_lo, -1: none) and the first it found them not to have
     * (to_bad, -1: none; the next leap for them stops there), with what
     * those clusters' heads showed. */
    uint64_t to_set;
    double to_time;
    int64_t to_lo, to_bad;
    struct mkvmap_cluster to_lo_head, to_bad_head;
    /* Per track number: where mkvmap_find_deep found its first block
     * (deep_pos -1: not looked for or not found). */
    int64_t deep_pos[MKVMAP_MAX_TRACK + 1];
    double deep_time[MKVMAP_MAX_TRACK + 1];

    /* The last cluster mkvmap_probe looked at (probed_pos -1: none): a
     * leap that ends there goes on with it, not with a second read. */
    int64_t probed_pos;
    struct mkvmap_scan probed;
    /* The first cluster read after a leap is where the run ends: most
     * likely the first of the track looked for, which its own context
     * reads next. Its reads are kept (mkvmap_step passes keep down). */
    bool after_leap;

    struct mkvmap_stats stats;
};

/* An element header parsed from bytes. */
struct mkvmap_elem {
    uint32_t id;
    int64_t size;  /* -1: unknown */
    int len;       /* bytes of ID and size */
};

/* One read of the file at pos, counted and timed for mkvmap_get_stats;
 * keep leaves what it read in the page cache. stream_read_at's result. */
static int mkvmap_read(struct mkvmap *m, int64_t pos, void *buf, int len, bool keep)
{
    double t0 = mp_time_sec();
    int r = keep ? stream_read_at(m->s, pos, buf, len) : stream_peek_at(m->s, pos, buf, len);
    m->stats.read_secs += mp_time_sec() - t0;
    m->stats.reads++;
    return r;
}

/* Make [pos, pos + want) readable in m->buf if the file has it: *p points
 * at pos, *avail is how many bytes follow (fewer than want at the end of
 * the file). A new read fetches a whole chunk from pos, and keep leaves
 * what it brought into the page cache there. 0 or -DEMUX_ERR_x. */
static int mkvmap_fetch(struct mkvmap *m, int64_t pos, int want, bool keep,
                        const unsigned char **p, int *avail)
{
    if (pos >= m->buf_pos && pos - m->buf_pos <= m->buf_len &&
        (m->buf_pos + m->buf_len - pos >= want || m->buf_pos + m->buf_len >= m->file_size)) {
        *p = m->buf + (pos - m->buf_pos);
        *avail = (int)(m->buf_pos + m->buf_len - pos);
        return 0;
    }
    int r = mkvmap_read(m, pos, m->buf, MKVMAP_CHUNK, keep);
    if (r < 0) {
        m->buf_len = 0;
        /* Unsupported: the source cannot read at a position (not a plain
         * file), so there is no map, which is not an I/O error. */
        if (r == -STREAM_ERR_UNSUPPORTED)
            return -DEMUX_ERR_NO_INDEX;
        return r == -STREAM_ERR_NOMEM ? -DEMUX_ERR_NOMEM : -DEMUX_ERR_IO;
    }
    m->stats.bytes += r;
    m->buf_pos = pos;
    m->buf_len = r;
    *p = m->buf;
    *avail = r;
    return 0;
}

/* mkvmap_fetch for bytes looked at once: what the read brought into the
 * page cache far ahead of the reader is dropped again (stream_peek_at). */
static int mkvmap_peek(struct mkvmap *m, int64_t pos, int want, const unsigned char **p,
                       int *avail)
{
    return mkvmap_fetch(m, pos, want, false, p, avail);
}

/* An EBML variable-size integer at b (n bytes): its value with the length
 * marker removed, its length in *len; -1 for all value bits set
 * ("unknown"), -2 when invalid or not within n bytes. */
static int64_t mkvmap_vint(const unsigned char *b, int n, int *len)
{
    if (n < 1 || !b[0])
        return -2;
    int l = 1;
    while (!(b[0] & (0x80 >> (l - 1))))
        l++;
    if (l > n)
        return -2;
    uint64_t v = b[0] & (0xffu >> l);
    bool ones = v == (0xffu >> l);
    for (int i = 1; i < l; i++) {
        v = v << 8 | b[i];
        ones = ones && b[i] == 0xff;
    }
    *len = l;
    if (ones)
        return -1;
    /* Sizes this large are damage; keeping them below INT64_MAX / 4 lets
     * position + size never overflow. */
    if (v > (uint64_t)INT64_MAX / 4)
        return -2;
    return (int64_t)v;
}

/* The element header at b (n bytes). false when invalid or cut off. */
static bool mkvmap_elem(const unsigned char *b, int n, struct mkvmap_elem *e)
{
    if (n < 1 || !b[0] || b[0] < 0x10)
        return false;  /* IDs are 1 to 4 bytes long */
    int idlen = b[0] >= 0x80 ? 1 : b[0] >= 0x40 ? 2 : b[0] >= 0x20 ? 3 : 4;
    if (idlen >= n)
        return false;
    uint32_t id = 0;
    for (int i = 0; i < idlen; i++)
        id = id << 8 | b[i];
    int slen;
    int64_t size = mkvmap_vint(b + idlen, n - idlen, &slen);
    if (size == -2)
        return false;
    *e = (struct mkvmap_elem){ .id = id, .size = size, .len = idlen + slen };
    return true;
}

/* An unsigned integer element's payload. */
static bool mkvmap_uint(const unsigned char *b, int64_t size, int avail, uint64_t *out)
{
    if (size < 0 || size > 8 || size > avail)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < size; i++)
        v = v << 8 | b[i];
    *out = v;
    return true;
}

/* The children of an element whose payload is in memory: each call gives
 * the next child wholly inside [q, end), with its payload; false at the
 * end or at a child that is damaged or cut off. */
struct mkvmap_children {
    const unsigned char *b;
    int64_t q, end;
};

static bool mkvmap_child(struct mkvmap_children *it, struct mkvmap_elem *e,
                         const unsigned char **payload)
{
    int64_t left = it->end - it->q;
    if (left <= 0 || !mkvmap_elem(it->b + it->q, left < INT32_MAX ? (int)left : INT32_MAX, e) ||
        e->size < 0 || e->size > left - e->len)
        return false;
    *payload = it->b + it->q + e->len;
    it->q += e->len + e->size;
    return true;
}

/* The children of the child e whose payload is pl. */
static struct mkvmap_children mkvmap_children_of(const struct mkvmap_elem *e,
                                                 const unsigned char *pl)
{
    return (struct mkvmap_children){ .b = pl, .q = 0, .end = e->size };
}

static bool mkvmap_top_level(uint32_t id)
{
    switch (id) {
    case MKVMAP_ID_CLUSTER:
    case MKVMAP_ID_SEEKHEAD:
    case MKVMAP_ID_INFO:
    case MKVMAP_ID_TRACKS:
    case MKVMAP_ID_CUES:
    case MKVMAP_ID_CHAPTERS:
    case MKVMAP_ID_TAGS:
    case MKVMAP_ID_ATTACHMENTS:
    case MKVMAP_ID_SEGMENT:
    case MKVMAP_ID_EBML:
        return true;
    default:
        return false;
    }
}

/* Damage, said once per file: stops tells that the map cannot go past
 * it before libavformat's index knows of a cluster after it. */
static void mkvmap_warn(struct mkvmap *m, int64_t pos, const char *what, bool stops)
{
    if (m->warned)
        return;
    m->warned = true;
    mp_msg(MSGT_DEMUX, MSGL_WARN, "Matroska map: %s at byte %lld%s.\n", what, (long long)pos,
           stops ? "; read plans stop there until a cluster after it is known" : "");
}

/* The payload [pos, end) of a small element, as far as one read holds:
 * *b, and *lim bytes of it (usually in the head's first read already). */
static int mkvmap_peek_small(struct mkvmap *m, int64_t pos, int64_t end, const unsigned char **b,
                             int64_t *lim)
{
    int avail;
    int r = mkvmap_peek(m, pos, end - pos < MKVMAP_CHUNK ? (int)(end - pos) : MKVMAP_CHUNK, b,
                        &avail);
    if (r < 0)
        return r;
    *lim = end - pos < avail ? end - pos : avail;
    return 0;
}

/* The TimestampScale inside Info [pos, end), as far as one read holds. */
static int mkvmap_parse_info(struct mkvmap *m, int64_t pos, int64_t end)
{
    const unsigned char *b;
    int64_t lim;
    int r = mkvmap_peek_small(m, pos, end, &b, &lim);
    if (r < 0)
        return r;
    struct mkvmap_children it = { .b = b, .q = 0, .end = lim };
    struct mkvmap_elem e;
    const unsigned char *pl;
    while (mkvmap_child(&it, &e, &pl)) {
        if (e.id == MKVMAP_ID_TIMESTAMP_SCALE) {
            uint64_t v;
            if (!mkvmap_uint(pl, e.size, (int)e.size, &v) || v == 0 || v > MKVMAP_MAX_SCALE)
                return -DEMUX_ERR_INVALID;
            m->scale = (double)v / 1e9;
            break;
        }
    }
    return 0;
}

/* The Cues' position from the SeekHead [pos, end), as far as one read
 * holds (a SeekHead lists a handful of elements). */
static int mkvmap_parse_seekhead(struct mkvmap *m, int64_t pos, int64_t end)
{
    const unsigned char *b;
    int64_t lim;
    int r = mkvmap_peek_small(m, pos, end, &b, &lim);
    if (r < 0)
        return r;
    struct mkvmap_children it = { .b = b, .q = 0, .end = lim };
    struct mkvmap_elem e;
    const unsigned char *pl;
    while (mkvmap_child(&it, &e, &pl)) {
        if (e.id != MKVMAP_ID_SEEK)
            continue;
        uint32_t id = 0;
        uint64_t at = 0;
        bool has_at = false;
        struct mkvmap_children seek = mkvmap_children_of(&e, pl);
        struct mkvmap_elem ce;
        const unsigned char *cpl;
        while (mkvmap_child(&seek, &ce, &cpl)) {
            if (ce.id == MKVMAP_ID_SEEK_ID && ce.size <= 4) {
                for (int i = 0; i < ce.size; i++)
                    id = id << 8 | cpl[i];
            } else if (ce.id == MKVMAP_ID_SEEK_POSITION) {
                has_at = mkvmap_uint(cpl, ce.size, (int)ce.size, &at);
            }
        }
        if (id == MKVMAP_ID_CUES && has_at && at < (uint64_t)(m->seg_end - m->seg_data))
            m->cues_pos = m->seg_data + (int64_t)at;
    }
    return 0;
}

/* One TrackEntry [pos, end): its number and type, kept when libavformat
 * makes a stream of it (a type it knows and a CodecID). */
static int mkvmap_parse_entry(struct mkvmap *m, int64_t pos, int64_t end)
{
    uint64_t num = 0, type = 0;
    bool codec = false;
    int64_t q = pos;
    for (int i = 0; i < MKVMAP_MAX_ENTRY_CHILDREN && q < end; i++) {
        const unsigned char *b;
        int avail;
        int r = mkvmap_peek(m, q, MKVMAP_MAX_HEADER + 8, &b, &avail);
        if (r < 0)
            return r;
        struct mkvmap_elem e;
        if (!mkvmap_elem(b, avail, &e) || e.size < 0 || e.size > end - q - e.len)
            return -DEMUX_ERR_INVALID;
        int pavail = avail - e.len;
        if (e.id == MKVMAP_ID_TRACK_NUMBER && !mkvmap_uint(b + e.len, e.size, pavail, &num))
            return -DEMUX_ERR_INVALID;
        if (e.id == MKVMAP_ID_TRACK_TYPE && !mkvmap_uint(b + e.len, e.size, pavail, &type))
            return -DEMUX_ERR_INVALID;
        if (e.id == MKVMAP_ID_CODEC_ID && e.size > 0)
            codec = true;
        q += e.len + e.size;
    }
    if (!codec || (type != MKVMAP_TYPE_VIDEO && type != MKVMAP_TYPE_AUDIO &&
                   type != MKVMAP_TYPE_SUBTITLE && type != MKVMAP_TYPE_METADATA))
        return 0;
    if (m->entries >= MKVMAP_MAX_TRACK_ENTRIES)
        return -DEMUX_ERR_INVALID;
    m->entry_num[m->entries] = num <= MKVMAP_MAX_TRACK ? (int)num : 0;
    m->entry_type[m->entries] = (int)type;
    m->entries++;
    return 0;
}

/* The Tracks element [pos, end). */
static int mkvmap_parse_tracks(struct mkvmap *m, int64_t pos, int64_t end)
{
    m->tracks_seen = true;
    int64_t q = pos;
    for (int i = 0; i < MKVMAP_MAX_TRACK_ENTRIES && q < end; i++) {
        const unsigned char *b;
        int avail;
        int r = mkvmap_peek(m, q, MKVMAP_MAX_HEADER, &b, &avail);
        if (r < 0)
            return r;
        struct mkvmap_elem e;
        if (!mkvmap_elem(b, avail, &e) || e.size < 0 || e.size > end - q - e.len)
            return -DEMUX_ERR_INVALID;
        if (e.id == MKVMAP_ID_TRACK_ENTRY &&
            (r = mkvmap_parse_entry(m, q + e.len, q + e.len + e.size)) < 0)
            return r;
        q += e.len + e.size;
    }
    return 0;
}

static bool mkvmap_type_matches(int type, enum AVMediaType t)
{
    switch (type) {
    case MKVMAP_TYPE_VIDEO: return t == AVMEDIA_TYPE_VIDEO;
    case MKVMAP_TYPE_AUDIO: return t == AVMEDIA_TYPE_AUDIO;
    default: return t == AVMEDIA_TYPE_SUBTITLE || t == AVMEDIA_TYPE_DATA;
    }
}

/*
 * Which track number each of libavformat's streams is. Its matroska
 * reader (FFmpeg 5.1) leaves AVStream.id 0 and makes one stream per
 * track entry it supports, in file order, then one per attachment. Only
 * a one-to-one match of those entries with the first streams, type by
 * type, is taken: anything else (a track it dropped for a reason of its
 * own) leaves the map without tracks, and plans fall back.
 */
static int mkvmap_match_streams(struct mkvmap *m, const AVFormatContext *avfc)
{
    int n = 0;
    while (n < (int)avfc->nb_streams) {
        const AVStream *st = avfc->streams[n];
        if (st->codecpar->codec_type == AVMEDIA_TYPE_ATTACHMENT ||
            (st->disposition & AV_DISPOSITION_ATTACHED_PIC))
            break;
        n++;
    }
    if (!m->tracks_seen || n != m->entries)
        return -DEMUX_ERR_NO_INDEX;
    m->nb_streams = (int)avfc->nb_streams;
    m->track_of = calloc((size_t)m->nb_streams + 1, sizeof(*m->track_of));
    if (!m->track_of)
        return -DEMUX_ERR_NOMEM;
    for (int i = 0; i < n; i++) {
        if (!mkvmap_type_matches(m->entry_type[i], avfc->streams[i]->codecpar->codec_type))
            return -DEMUX_ERR_NO_INDEX;
        for (int j = 0; j < i; j++) {
            if (m->entry_num[j] == m->entry_num[i])
                return -DEMUX_ERR_NO_INDEX;  /* two tracks of one number */
        }
        m->track_of[i] = m->entry_num[i];
    }
    return 0;
}

int mkvmap_open(struct mkvmap **out, stream_t *s, const AVFormatContext *avfc)
{
    *out = NULL;
    int64_t size = stream_size(s);
    if (size <= 0)
        return -DEMUX_ERR_NO_INDEX;
    struct mkvmap *m = calloc(1, sizeof(*m));
    if (!m)
        return -DEMUX_ERR_NOMEM;
    m->s = s;
    m->avfc = avfc;
    m->stuck_at = -1;
    m->cues_pos = -1;
    m->leap_bad = -1;
    m->to_lo = m->to_bad = -1;
    m->probed_pos = -1;
    for (int t = 0; t <= MKVMAP_MAX_TRACK; t++) {
        m->deep_pos[t] = -1;
        m->seen_pos[t] = -1;
    }
    m->file_size = size;
    m->scale = 1e-3;  /* the default TimestampScale, 1 ms */
    m->buf_pos = -1;

    const unsigned char *b;
    int avail;
    struct mkvmap_elem e;
    int r = mkvmap_peek(m, 0, MKVMAP_MAX_HEADER, &b, &avail);
    if (r < 0)
        goto fail;
    r = -DEMUX_ERR_INVALID;
    if (!mkvmap_elem(b, avail, &e) || e.id != MKVMAP_ID_EBML || e.size < 0)
        goto fail;
    int64_t pos = e.len + e.size;
    if (pos >= size || (r = mkvmap_peek(m, pos, MKVMAP_MAX_HEADER, &b, &avail)) < 0)
        goto fail;
    r = -DEMUX_ERR_INVALID;
    if (!mkvmap_elem(b, avail, &e) || e.id != MKVMAP_ID_SEGMENT)
        goto fail;
    pos += e.len;
    m->seg_data = pos;
    m->seg_end = e.size < 0 || e.size > size - pos ? size : pos + e.size;
    /* The head: skip to the first cluster, reading TimestampScale. */
    for (int i = 0;; i++) {
        if (i >= MKVMAP_MAX_HEAD_ELEMENTS || pos >= m->seg_end)
            goto fail;
        if ((r = mkvmap_peek(m, pos, MKVMAP_MAX_HEADER, &b, &avail)) < 0)
            goto fail;
        r = -DEMUX_ERR_INVALID;
        if (!mkvmap_elem(b, avail, &e))
            goto fail;
        if (e.id == MKVMAP_ID_CLUSTER)
            break;
        /* Only a cluster may have an unknown size here: anything else
         * would leave the next element's position unknown. */
        if (e.size < 0 || e.size > m->seg_end - pos - e.len)
            goto fail;
        if (e.id == MKVMAP_ID_INFO && (r = mkvmap_parse_info(m, pos + e.len,
                                                             pos + e.len + e.size)) < 0)
            goto fail;
        if (e.id == MKVMAP_ID_TRACKS && (r = mkvmap_parse_tracks(m, pos + e.len,
                                                                 pos + e.len + e.size)) < 0)
            goto fail;
        if (e.id == MKVMAP_ID_SEEKHEAD && m->cues_pos < 0 &&
            (r = mkvmap_parse_seekhead(m, pos + e.len, pos + e.len + e.size)) < 0)
            goto fail;
        if (e.id == MKVMAP_ID_CUES)
            m->cues_pos = pos;
        pos += e.len + e.size;
    }
    if ((r = mkvmap_match_streams(m, avfc)) < 0)
        goto fail;
    m->next = pos;
    m->stats.elements = 0;
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: first cluster at %lld, segment ends at %lld, "
           "%g s per tick\n", (long long)pos, (long long)m->seg_end, m->scale);
    *out = m;
    return 0;
fail:
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: cannot map this file (%s).\n",
           demux_strerror(r));
    mkvmap_free(m);
    return r;
}

void mkvmap_free(struct mkvmap *m)
{
    if (!m)
        return;
    free(m->v);
    free(m->cue_at);
    free(m->track_of);
    free(m);
}

int mkvmap_track_of(const struct mkvmap *m, int index)
{
    return index >= 0 && index < m->nb_streams ? m->track_of[index] : 0;
}

static int mkvmap_track_slot(int64_t num)
{
    return num >= 1 && num <= MKVMAP_MAX_TRACK ? (int)num : 0;
}

/* The offsets from the cluster's Timestamp of the first block of its
 * first track and of the first of another, as a scan meets them (the
 * Timestamp may come after them). */
struct mkvmap_offsets {
    int first, other;
    bool first_seen, other_seen;
};

/* A block's track number and offset: the vint at the start of its
 * payload b, then 16 bits. */
static void mkvmap_note_block(struct mkvmap_cluster *c, struct mkvmap_offsets *o,
                              const unsigned char *b, int avail)
{
    int len;
    int64_t num = mkvmap_vint(b, avail, &len);
    if (num < 0)
        return;
    int t = mkvmap_track_slot(num);
    bool timed = len + 2 <= avail;
    int rel = timed ? (int16_t)(b[len] << 8 | b[len + 1]) : 0;
    if (!c->tracks) {
        c->first = (uint8_t)t;
        o->first = rel;
        o->first_seen = timed;
    } else if (t != c->first && !c->other) {
        c->other = (uint8_t)t;
        o->other = rel;
        o->other_seen = timed;
    }
    c->tracks |= (uint64_t)1 << t;
}

/* The Block inside a BlockGroup whose payload starts at b: its children
 * are walked as far as b's bytes go (the Block comes first in practice). */
static void mkvmap_note_group(struct mkvmap_cluster *c, struct mkvmap_offsets *o,
                              const unsigned char *b, int64_t size, int avail)
{
    int64_t lim = size < avail ? size : avail;
    int64_t q = 0;
    for (int i = 0; i < 8 && q < lim; i++) {
        struct mkvmap_elem e;
        if (!mkvmap_elem(b + q, (int)(lim - q), &e) || e.size < 0)
            return;
        if (e.id == MKVMAP_ID_BLOCK) {
            mkvmap_note_block(c, o, b + q + e.len, (int)(lim - q - e.len));
            return;
        }
        q += e.len + e.size;
    }
}

/* The map ends: at the end of the segment or file. */
static void mkvmap_end(struct mkvmap *m)
{
    m->done = true;
    m->complete = true;
}

static int64_t mkvmap_index_entries(const struct mkvmap *m)
{
    int64_t n = 0;
    for (unsigned i = 0; i < m->avfc->nb_streams; i++)
        n += avformat_index_get_entries_count(m->avfc->streams[i]);
    return n;
}

/*
 * Where to go on after damage at pos: the first cluster past it that
 * libavformat knows of (its index holds the Cues' cluster positions, read
 * at its first seek, and the clusters it has read), or -1. The entries
 * are data from the file too: the next step checks for a cluster there.
 */
static int64_t mkvmap_resync_pos(const struct mkvmap *m, int64_t pos)
{
    int64_t best = -1;
    int visits = 0;
    for (unsigned i = 0; i < m->avfc->nb_streams; i++) {
        AVStream *st = m->avfc->streams[i];
        int n = avformat_index_get_entries_count(st);
        for (int k = 0; k < n && visits < MKVMAP_MAX_RESYNC_VISITS; k++, visits++) {
            const AVIndexEntry *e = avformat_index_get_entry(st, k);
            if (e && e->pos > pos && e->pos < m->seg_end && (best < 0 || e->pos < best))
                best = e->pos;
        }
    }
    return best;
}

/* Resume the map stuck at damage, if libavformat's index now knows a
 * cluster after it. */
static bool mkvmap_resync(struct mkvmap *m)
{
    if (m->stuck_at < 0 || m->resyncs >= MKVMAP_MAX_RESYNCS)
        return false;
    int64_t entries = mkvmap_index_entries(m);
    if (entries == m->index_seen)
        return false;  /* nothing new to look at */
    int64_t pos = mkvmap_resync_pos(m, m->stuck_at);
    if (pos < 0) {
        m->index_seen = entries;
        return false;
    }
    m->resyncs++;
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: going on at byte %lld (a cluster libavformat "
           "knows of).\n", (long long)pos);
    m->next = pos;
    m->stuck_at = -1;
    m->done = false;
    return true;
}

/* The map cannot go past pos (damage): it stops until mkvmap_resync
 * finds where to go on. */
static void mkvmap_stuck(struct mkvmap *m, int64_t pos)
{
    m->done = true;
    m->stuck_at = pos;
    m->index_seen = -1;
    mkvmap_resync(m);
}

/* Read the head of the cluster whose header e is at pos: its Timestamp
 * and the tracks of its blocks, skipping each child by its size. keep:
 * its reads stay in the page cache (mkvmap_fetch). */
static int mkvmap_scan_cluster(struct mkvmap *m, int64_t pos, const struct mkvmap_elem *e,
                               int64_t reads0, bool keep, struct mkvmap_scan *out)
{
    int64_t data = pos + e->len;
    bool sized = e->size >= 0;
    int64_t limit = sized && e->size < m->seg_end - data ? data + e->size : m->seg_end;
    struct mkvmap_cluster c = { .pos = pos };
    struct mkvmap_offsets offs = {0};
    int max_reads = sized ? MKVMAP_CLUSTER_READS : MKVMAP_UNKNOWN_READS;
    int64_t q = data;
    int64_t ts = -1;
    bool ended = false;  /* q reached the cluster's end */
    bool broken = false; /* the map cannot go past this cluster */
    for (int child = 0; child < MKVMAP_MAX_CHILDREN; child++) {
        if (q >= limit) {
            ended = true;
            break;
        }
        const unsigned char *b;
        int avail;
        bool buffered = q >= m->buf_pos && q + MKVMAP_MAX_HEADER + 8 <= m->buf_pos + m->buf_len;
        if (!buffered && m->stats.reads - reads0 >= max_reads)
            break;
        int r = mkvmap_fetch(m, q, MKVMAP_MAX_HEADER + 8, keep, &b, &avail);
        if (r < 0)
            return r;
        struct mkvmap_elem ce;
        if (!mkvmap_elem(b, avail, &ce)) {
            /* A cluster of known size still ends where it says: only the
             * rest of its blocks stay unknown. */
            mkvmap_warn(m, q, sized ? "damaged cluster, skipped by its size"
                                    : "damaged cluster of unknown size", !sized);
            broken = !sized;
            break;
        }
        if (!sized && mkvmap_top_level(ce.id)) {
            limit = q;  /* where an unknown-size cluster ends */
            ended = true;
            break;
        }
        if (ce.size < 0 || ce.size > limit - q - ce.len) {
            /* A child running past its cluster: nothing after it can be
             * trusted, but the cluster itself is what the demuxer reads. */
            mkvmap_warn(m, q, sized ? "damaged cluster, skipped by its size"
                                    : "damaged cluster of unknown size", !sized);
            broken = !sized;
            ended = sized;
            q = limit;
            break;
        }
        const unsigned char *payload = b + ce.len;
        int pavail = avail - ce.len;
        if (ce.id == MKVMAP_ID_TIMESTAMP) {
            uint64_t v;
            if (mkvmap_uint(payload, ce.size, pavail, &v) && v <= (uint64_t)INT64_MAX / 4)
                ts = (int64_t)v;
        } else if (ce.id == MKVMAP_ID_SIMPLE_BLOCK) {
            mkvmap_note_block(&c, &offs, payload, pavail);
        } else if (ce.id == MKVMAP_ID_BLOCK_GROUP) {
            mkvmap_note_group(&c, &offs, payload, ce.size, pavail);
        }
        q += ce.len + ce.size;
    }
    if (!sized && !ended) {
        mkvmap_warn(m, pos, broken ? "damaged cluster" : "unknown-size cluster too long to map",
                    true);
        broken = true;
    }
    if (broken && !sized)
        limit = q;
    c.end = limit < m->file_size ? limit : m->file_size;
    c.complete = ended && !broken;
    /* A cluster without a Timestamp follows the one before it. */
    c.time = ts >= 0 ? (double)ts * m->scale : m->n > 0 ? m->v[m->n - 1].time : 0;
    c.first_time = offs.first_seen && ts >= 0 ? c.time + offs.first * m->scale : NAN;
    c.other_time = offs.other_seen && ts >= 0 ? c.time + offs.other * m->scale : NAN;
    *out = (struct mkvmap_scan){ .c = c, .limit = limit, .broken = broken, .timed = ts >= 0 };
    return 0;
}

/* The map's next record; NULL when out of memory. */
static struct mkvmap_cluster *mkvmap_append(struct mkvmap *m)
{
    if (m->n == m->alloc) {
        size_t na = m->alloc ? m->alloc * 2 : 64;
        struct mkvmap_cluster *nv = realloc(m->v, na * sizeof(*nv));
        if (!nv)
            return NULL;
        m->v = nv;
        m->alloc = na;
    }
    return &m->v[m->n++];
}

/* Where track t was first seen, unless known: the cluster and the block's
 * time (see mkvmap_may_carry). */
static void mkvmap_note_seen(struct mkvmap *m, const struct mkvmap_cluster *c, int t,
                             double time)
{
    if (t > 0 && m->seen_pos[t] < 0) {
        m->seen_pos[t] = c->pos;
        m->seen_time[t] = time;
    }
}

/* Add the cluster sc shows. Sets m->next. */
static int mkvmap_add_scanned(struct mkvmap *m, const struct mkvmap_scan *sc)
{
    struct mkvmap_cluster c = sc->c;
    int64_t limit = sc->limit;
    bool broken = sc->broken;
    if (c.end <= c.pos) {
        mkvmap_end(m);
        return 0;
    }
    struct mkvmap_cluster *slot = mkvmap_append(m);
    if (!slot)
        return -DEMUX_ERR_NOMEM;
    *slot = c;
    if (c.tracks) {
        mkvmap_note_seen(m, &c, c.first, c.first_time);
        if (c.other)
            mkvmap_note_seen(m, &c, c.other, c.other_time);
        m->owns[c.first]++;
        for (int t = 0; t <= MKVMAP_MAX_TRACK; t++) {
            if (t != c.first && (c.tracks >> t & 1))
                m->mixed[t]++;
        }
    }
    m->next = limit;
    if (m->n >= MKVMAP_MAX_CLUSTERS)
        m->done = true;
    else if (broken)
        mkvmap_stuck(m, limit);
    else if (limit >= m->seg_end)
        mkvmap_end(m);
    return 0;
}

/* Walk the cluster whose header e is at pos and add it. Sets m->next. */
static int mkvmap_walk_cluster(struct mkvmap *m, int64_t pos, const struct mkvmap_elem *e,
                               int64_t reads0, bool keep)
{
    struct mkvmap_scan sc;
    int r = mkvmap_scan_cluster(m, pos, e, reads0, keep, &sc);
    return r < 0 ? r : mkvmap_add_scanned(m, &sc);
}

static int mkvmap_step_read(struct mkvmap *m, int64_t pos, bool keep);

int mkvmap_step(struct mkvmap *m)
{
    if (m->done && !mkvmap_resync(m))
        return 0;
    int64_t pos = m->next;
    if (pos >= m->seg_end) {
        mkvmap_end(m);
        return 0;
    }
    if (pos == m->probed_pos) {
        m->probed_pos = -1;
        m->stats.elements++;
        int r = mkvmap_add_scanned(m, &m->probed);
        return r < 0 ? r : 1;
    }
    bool keep = m->after_leap;
    m->after_leap = false;
    return mkvmap_step_read(m, pos, keep);
}

/* mkvmap_step at pos, which needs a read; keep: see mkvmap_fetch. */
static int mkvmap_step_read(struct mkvmap *m, int64_t pos, bool keep)
{
    const unsigned char *b;
    int avail;
    int64_t reads0 = m->stats.reads; /* the cluster's reads count from here */
    int r = mkvmap_fetch(m, pos, MKVMAP_MAX_HEADER + 8, keep, &b, &avail);
    if (r < 0) {
        if (r == -DEMUX_ERR_NOMEM)
            return r;
        mkvmap_warn(m, pos, "read error", true);
        mkvmap_stuck(m, pos);
        return 0;
    }
    struct mkvmap_elem e;
    if (!mkvmap_elem(b, avail, &e)) {
        /* A file cut inside a header ends the map quietly; anything else
         * is damage the user should hear of. */
        if (pos + avail < m->file_size) {
            mkvmap_warn(m, pos, "damaged element", true);
            mkvmap_stuck(m, pos);
        } else {
            mkvmap_end(m);
        }
        return 0;
    }
    m->stats.elements++;
    if (e.id == MKVMAP_ID_CLUSTER) {
        r = mkvmap_walk_cluster(m, pos, &e, reads0, keep);
        return r < 0 ? r : 1;
    }
    if (e.size < 0 || e.size > m->seg_end - pos - e.len) {
        if (pos + e.len + (e.size > 0 ? e.size : 0) < m->file_size || e.size < 0) {
            mkvmap_warn(m, pos, "element of unknown or impossible size", true);
            mkvmap_stuck(m, pos);
        } else {
            mkvmap_end(m);  /* cut by the end of the file */
        }
        return 0;
    }
    /* Cues, Tags, Void...: nothing the map needs. */
    m->next = pos + e.len + e.size;
    return 1;
}

static int mkvmap_cmp_pos(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* The cued clusters' positions in the Cues' bytes b[0, n). */
static int mkvmap_parse_cues(struct mkvmap *m, const unsigned char *b, int64_t n)
{
    size_t alloc = 0;
    struct mkvmap_children cues = { .b = b, .q = 0, .end = n };
    struct mkvmap_elem e;
    const unsigned char *pl;
    while (mkvmap_child(&cues, &e, &pl)) {
        if (e.id != MKVMAP_ID_CUE_POINT)
            continue;
        struct mkvmap_children point = mkvmap_children_of(&e, pl);
        struct mkvmap_elem ce;
        const unsigned char *cpl;
        while (mkvmap_child(&point, &ce, &cpl)) {
            if (ce.id != MKVMAP_ID_CUE_TRACK_POSITIONS)
                continue;
            struct mkvmap_children tp = mkvmap_children_of(&ce, cpl);
            struct mkvmap_elem pe;
            const unsigned char *ppl;
            uint64_t at;
            while (mkvmap_child(&tp, &pe, &ppl)) {
                if (pe.id != MKVMAP_ID_CUE_CLUSTER_POSITION ||
                    !mkvmap_uint(ppl, pe.size, (int)pe.size, &at) ||
                    at >= (uint64_t)(m->seg_end - m->seg_data) ||
                    m->nb_cues >= MKVMAP_MAX_CUE_CLUSTERS)
                    continue;
                if (m->nb_cues == alloc) {
                    size_t na = alloc ? alloc * 2 : 256;
                    int64_t *nv = realloc(m->cue_at, na * sizeof(*nv));
                    if (!nv)
                        return -DEMUX_ERR_NOMEM;
                    m->cue_at = nv;
                    alloc = na;
                }
                m->cue_at[m->nb_cues++] = m->seg_data + (int64_t)at;
            }
        }
    }
    if (m->nb_cues == 0)
        return 0;
    qsort(m->cue_at, m->nb_cues, sizeof(*m->cue_at), mkvmap_cmp_pos);
    size_t u = 1;
    for (size_t i = 1; i < m->nb_cues; i++) {
        if (m->cue_at[i] != m->cue_at[u - 1])
            m->cue_at[u++] = m->cue_at[i];
    }
    m->nb_cues = u;
    return 0;
}

/* Read the Cues once, whole. Cues that cannot be read or are too large
 * leave no cued clusters (no leaps), which is not an error. */
static int mkvmap_read_cues(struct mkvmap *m)
{
    m->cues_read = true;
    if (m->cues_pos < 0)
        return 0;
    /* Read to be kept: libavformat reads the Cues too, at the first seek
     * of a context placed by one, and the map's walk ends on their head.
     * At the end of the file (or before the clusters) they are no island
     * a reader in file order must go around. */
    const unsigned char *b;
    int avail;
    int r = mkvmap_fetch(m, m->cues_pos, MKVMAP_MAX_HEADER, true, &b, &avail);
    if (r < 0)
        return r == -DEMUX_ERR_NOMEM ? r : 0;
    struct mkvmap_elem e;
    if (!mkvmap_elem(b, avail, &e) || e.id != MKVMAP_ID_CUES || e.size <= 0 ||
        e.size > MKVMAP_MAX_CUES_BYTES || e.size > m->seg_end - m->cues_pos - e.len)
        return 0;
    /* Usually in that first read already (a reread would go to the
     * device again: stream_peek_at drops what it read). */
    if (e.size <= avail - e.len)
        return mkvmap_parse_cues(m, b + e.len, e.size);
    unsigned char *buf = malloc((size_t)e.size);
    if (!buf)
        return -DEMUX_ERR_NOMEM;
    r = mkvmap_read(m, m->cues_pos + e.len, buf, (int)e.size, true);
    if (r > 0) {
        m->stats.bytes += r;
        r = mkvmap_parse_cues(m, buf, r);
    } else {
        r = r == -STREAM_ERR_NOMEM ? -DEMUX_ERR_NOMEM : 0;
    }
    free(buf);
    return r;
}

/* Whether the cued cluster at pos holds only track lead, at time t or
 * later: 1 yes, 0 no (or not a cluster), or -DEMUX_ERR_x. *mixed is set
 * when it holds blocks of lead and of a wanted track. */
static int mkvmap_probe(struct mkvmap *m, int64_t pos, int lead, double t, uint64_t wanted,
                        bool *mixed)
{
    int64_t reads0 = m->stats.reads;
    const unsigned char *b;
    int avail;
    int r = mkvmap_peek(m, pos, MKVMAP_MAX_HEADER + 8, &b, &avail);
    if (r < 0)
        return r == -DEMUX_ERR_NOMEM ? r : 0;
    struct mkvmap_elem e;
    if (!mkvmap_elem(b, avail, &e) || e.id != MKVMAP_ID_CLUSTER || e.size < 0)
        return 0;
    struct mkvmap_scan sc;
    r = mkvmap_scan_cluster(m, pos, &e, reads0, false, &sc);
    if (r < 0)
        return r;
    m->probed_pos = pos;
    m->probed = sc;
    if ((sc.c.tracks >> lead & 1) && (sc.c.tracks & wanted))
        *mixed = true;
    return !sc.broken && sc.timed && sc.c.tracks == (uint64_t)1 << lead && sc.c.time >= t;
}

/* The track and time of the Block or SimpleBlock payload b (n bytes):
 * false when cut off. */
static bool mkvmap_block_head(const struct mkvmap *m, const unsigned char *b, int n,
                              double cluster_time, int *track, double *time)
{
    int len;
    int64_t num = mkvmap_vint(b, n, &len);
    if (num < 0 || len + 2 > n)
        return false;
    int16_t rel = (int16_t)(b[len] << 8 | b[len + 1]);
    *track = mkvmap_track_slot(num);
    *time = cluster_time + rel * m->scale;
    return true;
}

/* Walk every block header of c until one of track (see mkvmap_find_deep):
 * 1 with *time, 0 when not within *budget bytes (spent from it). */
static int mkvmap_scan_deep(struct mkvmap *m, const struct mkvmap_cluster *c, int track,
                            unsigned char *buf, int64_t *budget, double *time, int64_t *at)
{
    int64_t buf_pos = c->pos;
    int buf_len = 0;
    int64_t q = c->pos;
    bool head = true;  /* q is at the Cluster element itself */
    for (int child = 0; child < MKVMAP_MAX_CHILDREN * 16 && q < c->end; child++) {
        if (q < buf_pos || q + MKVMAP_MAX_HEADER + 16 > buf_pos + buf_len) {
            if (*budget <= 0)
                return 0;
            int64_t want = c->end - q < MKVMAP_DEEP_CHUNK ? c->end - q : MKVMAP_DEEP_CHUNK;
            int r = mkvmap_read(m, q, buf, (int)want, true);
            if (r < 0)
                return r == -STREAM_ERR_NOMEM ? -DEMUX_ERR_NOMEM : 0;
            if (r == 0)
                return 0;
            m->stats.bytes += r;
            *budget -= r;
            buf_pos = q;
            buf_len = r;
        }
        const unsigned char *b = buf + (q - buf_pos);
        int avail = (int)(buf_pos + buf_len - q);
        struct mkvmap_elem e;
        if (!mkvmap_elem(b, avail, &e) || e.size < 0)
            return 0;
        if (head) {
            if (e.id != MKVMAP_ID_CLUSTER)
                return 0;
            head = false;
            q += e.len;
            continue;
        }
        const unsigned char *pl = b + e.len;
        int pavail = avail - e.len;
        int t = 0;
        double bt = 0;
        bool seen = false;
        if (e.id == MKVMAP_ID_SIMPLE_BLOCK) {
            seen = mkvmap_block_head(m, pl, pavail, c->time, &t, &bt);
        } else if (e.id == MKVMAP_ID_BLOCK_GROUP) {
            struct mkvmap_elem be;
            /* The Block comes first in a BlockGroup in practice. */
            if (mkvmap_elem(pl, pavail, &be) && be.id == MKVMAP_ID_BLOCK)
                seen = mkvmap_block_head(m, pl + be.len, pavail - be.len, c->time, &t, &bt);
        }
        if (seen && t == track) {
            *time = bt;
            *at = q;
            return 1;
        }
        q += e.len + e.size;
    }
    return 0;
}

int mkvmap_find_deep(struct mkvmap *m, int track, int64_t budget, int64_t *pos, double *time)
{
    int t = mkvmap_track_slot(track);
    if (t == 0)
        return 0;
    if (m->deep_pos[t] >= 0) {
        *pos = m->deep_pos[t];
        *time = m->deep_time[t];
        return 1;
    }
    unsigned char *buf = malloc(MKVMAP_DEEP_CHUNK);
    if (!buf)
        return -DEMUX_ERR_NOMEM;
    int r = 0;
    for (size_t i = m->n; i-- > 0 && budget > 0;) {
        struct mkvmap_cluster *c = &m->v[i];
        if (c->complete || c->span)
            continue;
        double bt;
        int64_t at;
        r = mkvmap_scan_deep(m, c, t, buf, &budget, &bt, &at);
        if (r < 0)
            break;
        if (r == 1) {
            c->tracks |= (uint64_t)1 << t;
            m->deep_pos[t] = *pos = c->pos;
            m->deep_time[t] = *time = bt;
            mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: track %d first seen %lld bytes into the "
                   "cluster at %lld, timed %.3f\n", t, (long long)(at - c->pos), (long long)c->pos,
                   bt);
            break;
        }
    }
    free(buf);
    return r;
}

int mkvmap_find_before(struct mkvmap *m, int track, int64_t pos, int64_t budget, int64_t *at,
                       double *time)
{
    int t = mkvmap_track_slot(track);
    if (t == 0 || m->deep_pos[t] >= 0 || m->seen_pos[t] != pos)
        return 0;
    size_t i = 0;
    while (i < m->n && m->v[i].pos < pos)
        i++;
    if (i == 0 || i == m->n || m->v[i].pos != pos)
        return 0;
    struct mkvmap_cluster *c = &m->v[i - 1];
    if (c->complete || c->span || (c->tracks >> t & 1))
        return 0;
    unsigned char *buf = malloc(MKVMAP_DEEP_CHUNK);
    if (!buf)
        return -DEMUX_ERR_NOMEM;
    double bt;
    int64_t where;
    int r = mkvmap_scan_deep(m, c, t, buf, &budget, &bt, &where);
    free(buf);
    if (r != 1)
        return r;
    c->tracks |= (uint64_t)1 << t;
    m->deep_pos[t] = *at = c->pos;
    m->deep_time[t] = *time = bt;
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: track %d first seen %lld bytes into the cluster "
           "at %lld, before the one its head showed, timed %.3f\n", t,
           (long long)(where - c->pos), (long long)c->pos, bt);
    return 1;
}

double mkvmap_deep_time(const struct mkvmap *m, int track, int64_t pos)
{
    int t = mkvmap_track_slot(track);
    return t > 0 && m->deep_pos[t] == pos ? m->deep_time[t] : NAN;
}

void mkvmap_no_leaps(struct mkvmap *m)
{
    m->no_leaps = true;
}

/* The first cue index whose position is past pos (after) or at least
 * pos (!after). The walk asks before every step: a linear scan would
 * make a long walk cost clusters x cues. */
static size_t mkvmap_cue_bound(const struct mkvmap *m, int64_t pos, bool after)
{
    size_t lo = 0, hi = m->nb_cues;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->cue_at[mid] < pos || (after && m->cue_at[mid] == pos))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A cued cluster a leap looked at: its position and the time of its
 * first block of the run's track. */
struct mkvmap_anchor {
    int64_t pos;
    double time;
};

/* The time of c's first block of track t as its head showed it, NAN when
 * not seen. */
static double mkvmap_head_time(const struct mkvmap_cluster *c, int t)
{
    return t > 0 && c->first == t ? c->first_time : t > 0 && c->other == t ? c->other_time
                                                                          : NAN;
}

/* In a cluster c holding blocks of L and of a wanted track stored behind
 * them (timed before L's there), L's time when the wanted track started:
 * the file's first cluster's time plus that skew. NAN when c's head shows
 * no such pair. */
static double mkvmap_wanted_start(const struct mkvmap *m, const struct mkvmap_cluster *c,
                                  int lead, uint64_t wanted)
{
    int w = c->first != lead ? c->first : c->other;
    if (w <= 0 || !(wanted >> w & 1) || m->n == 0)
        return NAN;
    double skew = mkvmap_head_time(c, lead) - mkvmap_head_time(c, w);
    return skew > 0 ? m->v[0].time + skew : NAN;
}

/*
 * The next cued cluster a leap looks at when a wanted track was seen
 * stored behind L (start known, the run's end between the anchors): the
 * one at the byte where L's time reaches start, the anchors' rate taken
 * as even, then the one after it, so that the first cued cluster with
 * the wanted track is found in two or three looks instead of halving
 * over all (6 looks, 0.3 s at 1.2 MB/s, for a 60 s file). -1: halve.
 */
static int64_t mkvmap_interpolate(const struct mkvmap *m, const struct mkvmap_anchor *low,
                                  const struct mkvmap_anchor *high, double start, int64_t lo,
                                  int64_t hi)
{
    if (!isfinite(start) || high->pos <= low->pos || !(high->time > low->time) ||
        !(start > low->time && start < high->time) || hi - lo < 2)
        return -1;
    double f = (start - low->time) / (high->time - low->time);
    int64_t at = low->pos + (int64_t)(f * (double)(high->pos - low->pos));
    int64_t i = (int64_t)mkvmap_cue_bound(m, at, true) - 1;
    if (i <= lo)
        i = lo + 1;
    if (i >= hi)
        i = hi - 1;
    return i;
}

/* Add span (a leap's record, from the map's end) and go on after it.
 * Returns 1 or -DEMUX_ERR_NOMEM. */
static int mkvmap_add_span(struct mkvmap *m, const struct mkvmap_cluster *span)
{
    struct mkvmap_cluster *slot = mkvmap_append(m);
    if (!slot)
        return -DEMUX_ERR_NOMEM;
    *slot = *span;
    m->stats.leapt += span->end - span->pos;
    m->next = span->end;
    m->after_leap = true;
    return 1;
}

int mkvmap_leap(struct mkvmap *m, uint64_t wanted, int64_t *mixed_at)
{
    *mixed_at = -1;
    if (m->no_leaps || m->done || m->n == 0)
        return 0;
    const struct mkvmap_cluster *last = &m->v[m->n - 1];
    int lead = last->first;
    if (last->span || lead == 0 || last->tracks != (uint64_t)1 << lead ||
        (wanted >> lead & 1) || last->end != m->next)
        return 0;
    for (int t = 0; t <= MKVMAP_MAX_TRACK; t++) {
        if ((wanted >> t & 1) && m->mixed[t] > 0)
            return 0;
    }
    if (!m->cues_read) {
        int r = mkvmap_read_cues(m);
        if (r < 0)
            return r;
    }
    /* The cued clusters ahead, before any found not to continue the run. */
    size_t a = mkvmap_cue_bound(m, m->next, true), b = m->nb_cues;
    if (m->leap_bad >= 0)
        b = mkvmap_cue_bound(m, m->leap_bad, false);
    if (b < a)
        b = a;
    if (b - a < 2)
        return 0;  /* a leap over one cued cluster saves nothing */
    double t = last->time;
    /* lo: the last index known to continue the run (a - 1: the map's
     * end); hi: the first known not to, or b. The last is looked at
     * first: a file stored track after track needs no more. */
    int64_t lo = (int64_t)a - 1, hi = (int64_t)b;
    struct mkvmap_anchor low = { m->next, t }, high = { -1, NAN };
    double start = NAN;  /* where the wanted track's clusters start, in L's time */
    int looks = 0;
    for (int64_t mid = hi - 1; hi - lo > 1;) {
        bool mx = false;
        int r = mkvmap_probe(m, m->cue_at[mid], lead, t, wanted, &mx);
        looks++;
        if (r < 0)
            return r;
        /* A wanted track among L's blocks there: the run ends before, and
         * the halving goes on to the first cued cluster found so. */
        if (mx && (*mixed_at < 0 || m->cue_at[mid] < *mixed_at))
            *mixed_at = m->cue_at[mid];
        if (mx && m->probed_pos == m->cue_at[mid]) {
            high = (struct mkvmap_anchor){ m->cue_at[mid], mkvmap_head_time(&m->probed.c, lead) };
            start = mkvmap_wanted_start(m, &m->probed.c, lead, wanted);
        } else if (r && m->probed_pos == m->cue_at[mid]) {
            low = (struct mkvmap_anchor){ m->cue_at[mid], mkvmap_head_time(&m->probed.c, lead) };
        }
        if (r && !mx)
            lo = mid;
        else
            hi = mid;
        mid = lo + (hi - lo) / 2;
        int64_t guess = mkvmap_interpolate(m, &low, &high, start, lo, hi);
        if (guess >= 0)
            mid = guess;
    }
    if (hi < (int64_t)b)
        m->leap_bad = m->cue_at[hi];
    if (lo < (int64_t)a)
        return 0;
    int64_t to = m->cue_at[lo];
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: bytes %lld to %lld taken to hold only track %d "
           "(%d cued clusters looked at)\n", (long long)m->next, (long long)to, lead, looks);
    return mkvmap_add_span(m, &(struct mkvmap_cluster){
        .pos = m->next, .end = to, .time = t, .tracks = (uint64_t)1 << lead,
        .first = (uint8_t)lead, .first_time = NAN, .other_time = NAN, .span = true });
}

/* Whether the cued cluster at pos shows a block of one of the tracks in
 * set (a bit per slot) timed at or before t and none timed after it: 1,
 * 0, -DEMUX_ERR_NOMEM. A cluster head shows only its first blocks: a
 * track it does not show is taken to be before t there too. */
static int mkvmap_passed(struct mkvmap *m, int64_t pos, uint64_t set, double t)
{
    bool mixed = false;
    int r = mkvmap_probe(m, pos, 0, t, 0, &mixed);
    if (r < 0)
        return r;
    if (m->probed_pos != pos || m->probed.broken || !m->probed.timed)
        return 0;
    bool before = false;
    for (int k = 1; k <= MKVMAP_MAX_TRACK; k++) {
        double time = (set >> k & 1) ? mkvmap_head_time(&m->probed.c, k) : NAN;
        if (time > t)
            return 0;
        before = before || time <= t;
    }
    return before;
}

int mkvmap_leap_to(struct mkvmap *m, const int *nums, int n, double t)
{
    if (m->no_leaps || m->done || m->n == 0 || n == 0 || !isfinite(t))
        return 0;
    uint64_t set = 0;
    for (int j = 0; j < n; j++) {
        int k = mkvmap_track_slot(nums[j]);
        if (k == 0)
            return 0;  /* a track the heads cannot name */
        set |= (uint64_t)1 << k;
    }
    if (!m->cues_read) {
        int r = mkvmap_read_cues(m);
        if (r < 0)
            return r;
    }
    size_t a = mkvmap_cue_bound(m, m->next, true), b = m->nb_cues;
    /* A track's blocks come in time order: past a cued cluster that
     * showed one of them later than t, no later one is looked at again
     * for the same tracks and time. */
    bool again = m->to_set == set && m->to_time == t;
    if (again && m->to_bad >= 0)
        b = mkvmap_cue_bound(m, m->to_bad, false);
    if (b <= a)
        return 0;
    int64_t lo = (int64_t)a - 1, hi = (int64_t)b;
    struct mkvmap_cluster lo_head = {0}, hi_head = {0};
    int looks = 0;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        int r = mkvmap_passed(m, m->cue_at[mid], set, t);
        looks++;
        if (r < 0)
            return r;
        bool shown = m->probed_pos == m->cue_at[mid];
        if (r) {
            lo = mid;
            lo_head = m->probed.c;
        } else {
            hi = mid;
            hi_head = shown ? m->probed.c : (struct mkvmap_cluster){0};
        }
    }
    if (!again) {
        m->to_set = set;
        m->to_time = t;
        m->to_lo = m->to_bad = -1;
    }
    if (hi < (int64_t)b) {
        m->to_bad = m->cue_at[hi];
        m->to_bad_head = hi_head;
    }
    if (lo < (int64_t)a)
        return 0;
    m->to_lo = m->cue_at[lo];
    m->to_lo_head = lo_head;
    const struct mkvmap_cluster *last = &m->v[m->n - 1];
    int64_t to = m->cue_at[lo];
    mp_msg(MSGT_DEMUX, MSGL_V, "Matroska map: bytes %lld to %lld passed on the way to %.3f "
           "(%d cued clusters looked at)\n", (long long)m->next, (long long)to, t, looks);
    return mkvmap_add_span(m, &(struct mkvmap_cluster){
        .pos = m->next, .end = to, .time = last->time, .tracks = set, .first_time = NAN,
        .other_time = NAN, .span = true });
}

bool mkvmap_leap_bracketed(const struct mkvmap *m, int track, double t)
{
    int k = mkvmap_track_slot(track);
    return k > 0 && (m->to_set >> k & 1) && m->to_time == t && m->to_lo >= 0 &&
           m->to_bad > m->to_lo && m->next > m->to_lo &&
           mkvmap_head_time(&m->to_lo_head, k) <= t && mkvmap_head_time(&m->to_bad_head, k) > t;
}

int64_t mkvmap_next(const struct mkvmap *m)
{
    return m->next;
}

bool mkvmap_done(const struct mkvmap *m)
{
    return m->done && !(m->stuck_at >= 0 && m->resyncs < MKVMAP_MAX_RESYNCS &&
                        mkvmap_index_entries(m) != m->index_seen);
}

bool mkvmap_complete(const struct mkvmap *m)
{
    return m->complete;
}

size_t mkvmap_count(const struct mkvmap *m)
{
    return m->n;
}

const struct mkvmap_cluster *mkvmap_cluster(const struct mkvmap *m, size_t i)
{
    return i < m->n ? &m->v[i] : NULL;
}

bool mkvmap_may_carry(const struct mkvmap *m, const struct mkvmap_cluster *c, int track)
{
    int t = mkvmap_track_slot(track);
    if (c->tracks >> t & 1)
        return true;
    if (c->complete || m->mixed[t] == 0)
        return false;
    return !(t > 0 && m->seen_pos[t] >= 0 && c->pos < m->seen_pos[t] && m->n > 0 &&
             m->seen_time[t] <= m->v[0].time + MKVMAP_START_SLACK);
}

double mkvmap_track_time(const struct mkvmap *m, const struct mkvmap_cluster *c, int track,
                         bool *seen)
{
    int t = mkvmap_track_slot(track);
    double time = NAN;
    if (t > 0 && m->deep_pos[t] == c->pos)
        time = m->deep_time[t];
    if (!isfinite(time))
        time = mkvmap_head_time(c, t);
    if (seen)
        *seen = isfinite(time);
    return isfinite(time) ? time : c->time;
}

bool mkvmap_track_seen(const struct mkvmap *m, int track)
{
    int t = mkvmap_track_slot(track);
    return m->owns[t] > 0 || m->mixed[t] > 0;
}

void mkvmap_get_stats(const struct mkvmap *m, struct mkvmap_stats *out)
{
    *out = m->stats;
}
