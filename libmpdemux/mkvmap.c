/*
 * mkvmap: the clusters of a Matroska/WebM file, their bytes, times and
 * tracks, learned from cluster headers (see mkvmap.h and
 * DOCS/tech/readplan.md).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/mkvmap.h"

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

    struct mkvmap_stats stats;
};

/* An element header parsed from bytes. */
struct mkvmap_elem {
    uint32_t id;
    int64_t size;  /* -1: unknown */
    int len;       /* bytes of ID and size */
};

/* Make [pos, pos + want) readable in m->buf if the file has it: *p points
 * at pos, *avail is how many bytes follow (fewer than want at the end of
 * the file). A new read fetches a whole chunk from pos. 0 or -DEMUX_ERR_x. */
static int mkvmap_peek(struct mkvmap *m, int64_t pos, int want, const unsigned char **p,
                       int *avail)
{
    if (pos >= m->buf_pos && pos - m->buf_pos <= m->buf_len &&
        (m->buf_pos + m->buf_len - pos >= want || m->buf_pos + m->buf_len >= m->file_size)) {
        *p = m->buf + (pos - m->buf_pos);
        *avail = (int)(m->buf_pos + m->buf_len - pos);
        return 0;
    }
    int r = stream_peek_at(m->s, pos, m->buf, MKVMAP_CHUNK);
    m->stats.reads++;
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

/* The TimestampScale inside Info [pos, end), as far as one read holds. */
static int mkvmap_parse_info(struct mkvmap *m, int64_t pos, int64_t end)
{
    const unsigned char *b;
    int avail;
    /* Usually in the head's first read already. */
    int r = mkvmap_peek(m, pos, end - pos < MKVMAP_CHUNK ? (int)(end - pos) : MKVMAP_CHUNK, &b,
                        &avail);
    if (r < 0)
        return r;
    int64_t lim = end - pos < avail ? end - pos : avail;
    int64_t q = 0;
    while (q < lim) {
        struct mkvmap_elem e;
        if (!mkvmap_elem(b + q, (int)(lim - q), &e) || e.size < 0)
            break;
        if (e.id == MKVMAP_ID_TIMESTAMP_SCALE) {
            uint64_t v;
            if (!mkvmap_uint(b + q + e.len, e.size, (int)(lim - q - e.len), &v) || v == 0 ||
                v > MKVMAP_MAX_SCALE)
                return -DEMUX_ERR_INVALID;
            m->scale = (double)v / 1e9;
            break;
        }
        q += e.len + e.size;
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

/* A block's track number: the vint at the start of its payload b. */
static void mkvmap_note_block(struct mkvmap_cluster *c, const unsigned char *b, int avail)
{
    int len;
    int64_t num = mkvmap_vint(b, avail, &len);
    if (num < 0)
        return;
    int t = mkvmap_track_slot(num);
    if (!c->tracks)
        c->first = (uint8_t)t;
    c->tracks |= (uint64_t)1 << t;
}

/* The Block inside a BlockGroup whose payload starts at b: its children
 * are walked as far as b's bytes go (the Block comes first in practice). */
static void mkvmap_note_group(struct mkvmap_cluster *c, const unsigned char *b, int64_t size,
                              int avail)
{
    int64_t lim = size < avail ? size : avail;
    int64_t q = 0;
    for (int i = 0; i < 8 && q < lim; i++) {
        struct mkvmap_elem e;
        if (!mkvmap_elem(b + q, (int)(lim - q), &e) || e.size < 0)
            return;
        if (e.id == MKVMAP_ID_BLOCK) {
            mkvmap_note_block(c, b + q + e.len, (int)(lim - q - e.len));
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

/* Walk the cluster whose header e is at pos: its Timestamp and the
 * tracks of its blocks, skipping each child by its size. Sets m->next. */
static int mkvmap_walk_cluster(struct mkvmap *m, int64_t pos, const struct mkvmap_elem *e,
                               int64_t reads0)
{
    int64_t data = pos + e->len;
    bool sized = e->size >= 0;
    int64_t limit = sized && e->size < m->seg_end - data ? data + e->size : m->seg_end;
    struct mkvmap_cluster c = { .pos = pos };
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
        int r = mkvmap_peek(m, q, MKVMAP_MAX_HEADER + 8, &b, &avail);
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
            mkvmap_note_block(&c, payload, pavail);
        } else if (ce.id == MKVMAP_ID_BLOCK_GROUP) {
            mkvmap_note_group(&c, payload, ce.size, pavail);
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
    if (c.end <= c.pos) {
        mkvmap_end(m);
        return 0;
    }
    if (m->n == m->alloc) {
        size_t na = m->alloc ? m->alloc * 2 : 64;
        struct mkvmap_cluster *nv = realloc(m->v, na * sizeof(*nv));
        if (!nv)
            return -DEMUX_ERR_NOMEM;
        m->v = nv;
        m->alloc = na;
    }
    m->v[m->n++] = c;
    if (c.tracks) {
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

int mkvmap_step(struct mkvmap *m)
{
    if (m->done && !mkvmap_resync(m))
        return 0;
    int64_t pos = m->next;
    if (pos >= m->seg_end) {
        mkvmap_end(m);
        return 0;
    }
    const unsigned char *b;
    int avail;
    int64_t reads0 = m->stats.reads; /* the cluster's reads count from here */
    int r = mkvmap_peek(m, pos, MKVMAP_MAX_HEADER + 8, &b, &avail);
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
        r = mkvmap_walk_cluster(m, pos, &e, reads0);
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
    return !c->complete && m->mixed[t] > 0;
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
