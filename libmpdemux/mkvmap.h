/*
 * mkvmap: where each track's data lies in a Matroska/WebM file, learned by
 * walking cluster headers (see DOCS/tech/readplan.md, "The Matroska map").
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Matroska has no per-packet index: its Cues list keyframe clusters of
 * one track. The map lists the clusters in file order with their byte
 * span, timestamp and the tracks whose blocks were seen in them. It is
 * learned lazily, one cluster per mkvmap_step(), from a few small reads
 * per cluster made with stream_read_at(), which leaves the stream's
 * position (libavformat's) alone. What was learned is kept for the life
 * of the map, so a seek back or forth reuses it. Every size and position
 * in the file is bounded against the file and the segment.
 *
 * Threads: the map reads the demuxer's stream, so call it only where the
 * stream may be used (the demuxer's reader thread parked).
 */
#ifndef MP_LIBMPDEMUX_MKVMAP_H
#define MP_LIBMPDEMUX_MKVMAP_H

#include <stdbool.h>
#include <stdint.h>

#include <libavformat/avformat.h>

#include "stream/stream.h"

/* Track numbers the map tells apart; larger ones share slot 0. */
#define MKVMAP_MAX_TRACK 63
/* The map stops growing at this many clusters (a 3-hour film cut into
 * 1 s clusters has 10800). */
#define MKVMAP_MAX_CLUSTERS (1 << 18)

struct mkvmap_cluster {
    int64_t pos;      /* the Cluster element's first byte (its ID) */
    int64_t end;      /* one past its last byte, never past the file */
    double time;      /* its Timestamp in seconds, on the file's clock */
    uint64_t tracks;  /* bit n: a block of track n was seen in it */
    uint8_t first;    /* the track of its first block, 0 when none seen */
    uint8_t other;    /* the track of the first block not of first, 0: none */
    double first_time; /* those blocks' times (NAN: cut off): a block may be */
    double other_time; /* timed before its cluster (a track stored behind) */
    bool complete;    /* every block header in it was seen */
    bool span;        /* not one cluster: the clusters between two looked at,
                       * taken to hold only track first (mkvmap_leap), or,
                       * first 0, blocks of tracks that were all before a
                       * time at its end (mkvmap_leap_to); time is the one
                       * before them */
};

/* What the map did, for tests and -v. */
struct mkvmap_stats {
    int64_t reads;     /* stream_read_at/stream_peek_at calls */
    int64_t bytes;     /* bytes they returned */
    int64_t elements;  /* top-level elements walked, clusters included */
    int64_t leapt;     /* bytes of clusters taken by mkvmap_leap, not walked */
    double read_secs;  /* time spent in those reads: the device's part of a walk */
};

struct mkvmap;

/* Read the EBML header, the segment's head (TimestampScale, the track
 * entries, matched to avfc's streams) and find the first cluster.
 * Returns 0 with *out set; -DEMUX_ERR_NO_INDEX when s cannot read at a
 * position or has no size, or the tracks do not match avfc's streams;
 * -DEMUX_ERR_INVALID when the head is not a Matroska file this map can
 * walk; -DEMUX_ERR_IO, -DEMUX_ERR_NOMEM. */
int mkvmap_open(struct mkvmap **out, stream_t *s, const AVFormatContext *avfc);

void mkvmap_free(struct mkvmap *m);

/* The Matroska track number of libavformat's stream index, 0 when not
 * known (attachments, out of range). */
int mkvmap_track_of(const struct mkvmap *m, int index);

/* Learn the next top-level element after the last one known (a cluster
 * or something skipped by its size). Returns 1, or 0 when the map ends
 * (end of segment or file), or stops at a damaged or unmappable element
 * (a warning is printed once, the clusters before it stay; it goes on
 * after the damage once libavformat's index knows of a cluster there,
 * as after its first seek, which reads the Cues), or -DEMUX_ERR_NOMEM. */
int mkvmap_step(struct mkvmap *m);

/*
 * Go past a run of clusters that hold only one track without walking each:
 * when the last cluster known holds only track L (none of the tracks in
 * wanted, a bit per track number, and none of those seen inside another
 * track's cluster so far), the Cues' clusters ahead are looked at, the
 * last first, then halving, and the map goes on at the last one that
 * still holds only L at a later time; what lies before it is one span
 * record taken to hold only L. A file stored track after track then
 * costs a few looks instead of a jump per cluster. The bet: a track that
 * is in neither of two looked-at clusters of L's run is not between
 * them. Returns 1 when the map went ahead, 0 when it could not (no Cues,
 * the run ends at the next cued cluster), -DEMUX_ERR_NOMEM. *mixed_at is
 * the first cued cluster looked at that holds blocks of L and of a wanted
 * track (-1: none): that track is interleaved with L from there on (a
 * track stored behind the others), and the run leapt over ends at the
 * cued cluster before it: the walk from there meets the track's first
 * block within one cue's clusters.
 */
int mkvmap_leap(struct mkvmap *m, uint64_t wanted, int64_t *mixed_at);

/*
 * Go past the clusters before the data at time t of the n tracks nums
 * (track numbers) without walking each, as after a seek: the Cues'
 * clusters ahead are halved to the last whose head shows a block of one
 * of them timed t or earlier and none later (their blocks come in time
 * order, so their data at t lie there or after), and the map goes on
 * there; what lies before it is one span record (first 0, tracks nums).
 * The bet: a track a head does not show (it shows only a cluster's first
 * blocks) is before t there too. Returns 1 when the map went ahead, 0
 * when it could not (no Cues, no such cued cluster past the map's end, a
 * track number above MKVMAP_MAX_TRACK), -DEMUX_ERR_NOMEM.
 */
int mkvmap_leap_to(struct mkvmap *m, const int *nums, int n, double t);

/* Whether the last mkvmap_leap_to toward t found track's data at t
 * between two cued clusters next to each other, the first of them walked
 * (it showed the track timed t or before, the second after t): its data
 * at t are in the map's clusters from there, read on from there. */
bool mkvmap_leap_bracketed(const struct mkvmap *m, int track, double t);

/*
 * Look for track's first block inside the clusters not walked to their
 * end, the last one first, reading up to budget bytes of them in file
 * order (kept in the page cache: a context placed there reads them next).
 * For a track no cluster head showed: a muxer writing track after track
 * may end the last cluster of one track with every block of a short next
 * one (all 20 s of audio, 262 KB into the video's last cluster). Returns
 * 1 with *pos (the cluster) and *time (the block's) when found, and the
 * cluster then carries the track (not counted as interleaved); 0 when
 * not; -DEMUX_ERR_x.
 */
int mkvmap_find_deep(struct mkvmap *m, int track, int64_t budget, int64_t *pos, double *time);

/*
 * Look for track's first block in the cluster just before the one at pos,
 * when pos is the first cluster whose head showed the track and the one
 * before was not walked to its end, reading up to budget bytes of it from
 * its start (kept in the page cache, as mkvmap_find_deep's). A cluster head shows only its
 * first blocks: a track stored behind the others may begin deep inside
 * the cluster before. Returns 1 with *at (that cluster) and *time (the
 * block's), 0 when not found or not looked for, -DEMUX_ERR_x.
 */
int mkvmap_find_before(struct mkvmap *m, int track, int64_t pos, int64_t budget, int64_t *at,
                       double *time);

/* The time of track's first block in the cluster at pos when
 * mkvmap_find_deep or mkvmap_find_before found it there, else NAN. */
double mkvmap_deep_time(const struct mkvmap *m, int track, int64_t pos);

/* From now on mkvmap_leap does nothing: its bet was found lost. */
void mkvmap_no_leaps(struct mkvmap *m);

/* Where the next mkvmap_step reads: the end of what the map knows. */
int64_t mkvmap_next(const struct mkvmap *m);

/* Whether mkvmap_step can learn nothing more (for now, after damage). */
bool mkvmap_done(const struct mkvmap *m);

/* Whether the map reached the end of the segment or the file: every
 * cluster is known (unless damage was skipped on the way). */
bool mkvmap_complete(const struct mkvmap *m);

size_t mkvmap_count(const struct mkvmap *m);

/* Cluster i (< mkvmap_count) in file order. */
const struct mkvmap_cluster *mkvmap_cluster(const struct mkvmap *m, size_t i);

/*
 * Whether c may hold blocks of track: seen there, or c was not walked to
 * its end and track was seen inside clusters started by another track
 * (an interleaved track). A track seen only as the first block of its own
 * clusters (non-interleaved files) is taken to be only where it was seen,
 * and one first seen with a block timed at the file's start is not in the
 * clusters before that one (a track stored seconds behind the others: its
 * blocks come in time order, none is older than the file).
 */
bool mkvmap_may_carry(const struct mkvmap *m, const struct mkvmap_cluster *c, int track);

/* The time of track's first block in c when a block of it was seen there
 * first (by c's head or mkvmap_find_deep/_before; *seen set, when not
 * NULL), else c's time. They differ by seconds for a track stored behind
 * or ahead of the one that starts the cluster: its blocks carry offsets
 * of their own. */
double mkvmap_track_time(const struct mkvmap *m, const struct mkvmap_cluster *c, int track,
                         bool *seen);

/* Whether any cluster known so far showed a block of track. */
bool mkvmap_track_seen(const struct mkvmap *m, int track);

void mkvmap_get_stats(const struct mkvmap *m, struct mkvmap_stats *out);

#endif
