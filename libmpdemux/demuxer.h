/*
 * demuxer_t: containers on libavformat, read through a stream_t.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * libavformat never sees a path: it reads through a custom AVIOContext
 * whose callbacks call stream_read/stream_seek, so every byte the player
 * reads is counted and shaped by the stream layer.
 *
 * Each elementary stream has a packet queue. demux_read_packet(sh) returns
 * the next packet of sh, reading further and queueing packets of the other
 * selected streams as it goes; packets of unselected streams are discarded
 * inside libavformat (AVDISCARD_ALL) and never queued.
 *
 * Threads: with demux_opts.reader_thread the packets are read by a thread
 * of the demuxer's, which keeps a little ahead of the caller (see
 * DOCS/tech/demux.md): a slow read of the device then delays only the
 * read-ahead, not playback. Every function here is still called from one
 * caller thread; the reader thread owns the AVFormatContext and the
 * stream_t while it reads, so the caller touches either directly (the
 * stream's read plan, d->avfc) only between demux_park() and
 * demux_unpark(), and reads the stream's position through
 * demux_get_stream_info().
 *
 * Ownership: demux_open() creates a demuxer_t, freed by demux_close().
 * The demuxer holds a reference to the stream_t it reads from (stream_ref):
 * its reader thread, left behind in a read the device holds when the
 * demuxer is closed, frees everything when the read returns. Close the
 * demuxer first, then the stream. sh_stream structs belong to the demuxer.
 */
#ifndef MP_LIBMPDEMUX_DEMUXER_H
#define MP_LIBMPDEMUX_DEMUXER_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "stream/stream.h"

enum demux_error {
    DEMUX_OK = 0,
    DEMUX_ERR_UNKNOWN_FORMAT = 1, /* libavformat recognised nothing */
    DEMUX_ERR_NO_STREAMS = 2,     /* a container without audio, video or subtitles */
    DEMUX_ERR_IO = 3,             /* the stream failed while probing */
    DEMUX_ERR_NOMEM = 4,
    DEMUX_ERR_INVALID = 5,        /* corrupt headers */
    DEMUX_ERR_QUEUE_FULL = 6,     /* packet queues hit their bounds */
    DEMUX_ERR_SEEK = 7,           /* libavformat could not seek */
    DEMUX_ERR_NO_INDEX = 8,       /* no per-packet index for a read plan */
    DEMUX_ERR_TRUNCATED = 9,      /* the file ends before its header says */
    DEMUX_ERR_ABORTED = 10,       /* the interrupt callback said stop */
};

const char *demux_strerror(int err);

enum mp_stream_type {
    MP_STREAM_VIDEO,
    MP_STREAM_AUDIO,
    MP_STREAM_SUB,
    MP_STREAM_TYPE_COUNT
};

/* One elementary stream of the file ("stream header" in MPlayer). */
struct sh_stream {
    enum mp_stream_type type;
    int id;              /* -aid/-vid/-sid value: per type, from 0, or MPlayer's native one */
    int ff_index;        /* index in AVFormatContext.streams */
    const AVCodecParameters *codecpar; /* owned by libavformat */
    AVRational time_base;
    const char *lang;    /* "eng" or NULL */
    const char *title;   /* or NULL */
    bool is_default;
    bool attached_pic;   /* cover art: one packet, not a video track */
    bool selected;
    double fps;          /* video: average frame rate or 0 */
    /* The start delay its header declares, seconds (AVI's dwStart, which
     * libavformat adds to the timestamps); 0 for other containers. For
     * -ignore-start. */
    double declared_start;
};

enum demux_per_track {
    DEMUX_PER_TRACK_AUTO = 0,  /* when the cluster map shows a track far away */
    DEMUX_PER_TRACK_OFF,       /* one context reads everything in file order */
    DEMUX_PER_TRACK_ON,        /* whenever a track's data starts elsewhere */
};

struct demux_opts {
    /* Stop with an error message when a queue exceeds this many packets
     * or bytes (MPlayer's "Too many packets in the buffer"). 0 = default. */
    int max_queue_packets;
    int64_t max_queue_bytes;
    /* -demuxer: MPlayer's name or libavformat's, "+" forcing it; or NULL. */
    const char *format;
    /* -rawaudio, for -demuxer rawaudio: Hz, channels, bytes per sample;
     * 0 = MPlayer's default (44100, 2, 2). */
    int raw_rate, raw_channels, raw_samplesize;
    /* Read packets from a thread of the demuxer's, started at the first
     * demux_read_packet(). */
    bool reader_thread;
    /* Asked every DEMUX_INTERRUPT_POLL s once a caller has waited for the
     * reader thread DEMUX_INTERRUPT_AFTER s; true gives up the wait (a
     * quit). May be NULL. */
    bool (*interrupt_cb)(void *ctx);
    void *interrupt_ctx;
    /* Read plans for Matroska/WebM from a map of its clusters (mkvmap.h,
     * DOCS/tech/readplan.md); without it they have no index. Off by
     * default: the map's reads ahead cost a jump each, which a well-muxed
     * file read in order does not pay (-mkv-plan). */
    bool matroska_plans;
    /* One read position per track (-demuxer-per-track): Matroska tracks
     * whose data lie far apart in the file are each read by a libavformat
     * context of their own (DOCS/tech/demux.md). */
    enum demux_per_track per_track;
    /* Played as fast as possible (-benchmark): no clock waits for a far
     * track's first packet, so where the bytes up to it are the selected
     * tracks' and get played, reading them in file order beats a second
     * read position (each switch between the two a jump). See
     * demux_set_play_end and DOCS/tech/demux.md. */
    bool untimed;
    /* -lavfdopts: a libavformat format forced by its name (before
     * -demuxer), NULL: none; bytes probed and analysed (0: libavformat's);
     * seconds analysed (< 0: libavformat's); the decryption key as hex
     * digits; more AVOptions as "key=value,key=value". */
    const char *lavf_format;
    int64_t probesize;
    double analyze_secs;
    const char *cryptokey;
    const char *avopts;
    /* -tsprobe / -psprobe: bytes read for the streams of an MPEG-TS / PS
     * file (0: libavformat's default). */
    int64_t ts_probe, ps_probe;
    /* -tsprog: demux_default_stream picks tracks of this MPEG-TS program
     * (0: libavformat's best tracks of any). */
    int ts_program;
    /* -notskeepbroken: packets of MPEG-TS that libavformat marks broken
     * are dropped, not decoded. */
    bool ts_drop_broken;
    /* -rawvideo, for -demuxer rawvideo: picture size (0: not given, the
     * file is not played), frames per second (0: 25), enum AVPixelFormat
     * (< 0: yuv420p), chroma planes V first (YV12), bytes per frame (0:
     * what the rest makes). */
    int rawv_w, rawv_h;
    double rawv_fps;
    int rawv_pixfmt;
    bool rawv_swap_uv;
    int rawv_frame_size;
    /* mf:// (issue 17, h17-more): -mf type (NULL or "": probed from the
     * bytes) and fps (0: libavformat's 25) of the pictures. */
    const char *mf_type;
    double mf_fps;
    /* -noextbased: probe by content only, not the file name's extension. */
    bool no_extbased;
};

/* The reader thread reads ahead until one selected track has this much
 * queued (or DEMUX_AHEAD_BYTES are queued); a caller waiting for a track
 * whose queue is empty makes it read on regardless. About the longest
 * hiccup of a device that is just fast enough (a network file system's
 * attribute check queued behind read-ahead, a disk's seek storm). */
#define DEMUX_AHEAD_SECS 2.0
#define DEMUX_AHEAD_BYTES (32 * 1024 * 1024)
#define DEMUX_INTERRUPT_POLL 0.05
/* Not sooner: the callback may take a quit out of the input ahead of the
 * commands before it (so that a read that blocks is given up), which a
 * short wait for the disk must not do to "get_percent_pos; quit". */
#define DEMUX_INTERRUPT_AFTER 1.0

typedef struct demuxer {
    stream_t *stream;              /* not owned */
    int num_streams;
    struct sh_stream **streams;    /* owned, in file order */
    const char *format_name;       /* libavformat's short name */
    double duration;               /* seconds, or -1 when unknown */
    double start_time;             /* seconds of the first timestamp */
    bool seekable;
    struct demux_priv *priv;       /* internal */
    /* The map of a Matroska file's clusters (mkvmap.h), made at the first
     * plan or when the demuxer places tracks (one read position per
     * track), kept while the demuxer lives; internal. */
    struct mkvmap *mkvmap;
    int mkvmap_error;              /* why plans have none (-DEMUX_ERR_x), or 0 */
} demuxer_t;

/* Print the demuxer names -demuxer takes (-demuxer help): MPlayer's, with
 * the libavformat format each reads as. */
void demux_list_demuxers(void);

/* Probe and open. opts may be NULL. Returns 0 with *out set, or
 * -DEMUX_ERR_x with *out NULL; the stream position is then undefined. */
int demux_open(demuxer_t **out, stream_t *s, const struct demux_opts *opts);

/* Returns false when the reader thread was left behind in a read (it
 * frees d when the read returns): the stream is still that thread's, so
 * the caller must not look at it (its counters) before its own close. */
bool demux_close(demuxer_t *d);

/* The stream of type t with per-type id, or NULL. */
struct sh_stream *demux_get_stream(demuxer_t *d, enum mp_stream_type t, int id);

/* The n-th stream of type t in file order (from 0), whatever its id, or
 * NULL. */
struct sh_stream *demux_nth_stream(demuxer_t *d, enum mp_stream_type t, int n);

/* The stream of type t after the one with id in file order, wrapping
 * around; the first of the type when id is none of them; NULL when the
 * file has none. Ids need not be contiguous (MPEG-TS tracks are PIDs). */
struct sh_stream *demux_next_stream(demuxer_t *d, enum mp_stream_type t, int id);

/* The stream libavformat thinks best for type t (av_find_best_stream),
 * or NULL. Cover art never counts as video. */
struct sh_stream *demux_default_stream(demuxer_t *d, enum mp_stream_type t);

/* Select or deselect sh. Deselecting drops its queue and makes libavformat
 * discard its packets. Streams start deselected. */
void demux_select_stream(demuxer_t *d, struct sh_stream *sh, bool selected);

/*
 * The next packet of sh (which must be selected), or NULL at the end of
 * sh's data or on error (see demux_get_error). The caller owns the packet
 * and frees it with av_packet_free(). pts/dts are in sh->time_base;
 * packet->stream_index is sh->ff_index.
 */
AVPacket *demux_read_packet(demuxer_t *d, struct sh_stream *sh);

/* The time (s) of sh's next packet (which must be selected), reading
 * until it comes; the packet stays queued. NAN at the end of sh's data,
 * on an error or when interrupted. For -identify's ID_START_TIME. */
double demux_first_pts(demuxer_t *d, struct sh_stream *sh);

/* Whether sh has a queued packet (no reading). */
bool demux_has_packet(demuxer_t *d, struct sh_stream *sh);

/* 0 after a clean end of file, else -DEMUX_ERR_x of the last failure. */
int demux_get_error(demuxer_t *d);

/* Seek so that the next packets of the selected streams start at or
 * before time seconds (keyframe). Flushes all queues. Returns 0 or
 * -DEMUX_ERR_x. */
int demux_seek(demuxer_t *d, double time);

/* MPlayer's -sb: go on reading at byte pos of the file (libavformat
 * resyncs on the next packet it finds there). Flushes all queues. Returns
 * 0, or -DEMUX_ERR_SEEK where the format cannot seek by bytes (MP4, for
 * one), or another -DEMUX_ERR_x. */
int demux_seek_byte(demuxer_t *d, int64_t pos);

/* Where playing stops (-endpos, -chapter), in seconds on the file's clock;
 * INFINITY (the default): its end. With demux_opts.untimed, what lies past
 * it is never read in file order to reach a far track. Call before the
 * first read or seek. */
void demux_set_play_end(demuxer_t *d, double t);

/* How many places of the file are read from: 1, or 1 + the tracks read
 * each from its own position (demux_opts.per_track), as decided at the
 * first read, the last seek or track switch. */
int demux_read_positions(demuxer_t *d);

/* Container metadata value for key (case-insensitive), or NULL. */
const char *demux_get_metadata(demuxer_t *d, const char *key);

/* Each container metadata entry, in the file's order. */
void demux_each_metadata(demuxer_t *d, void (*item)(void *ctx, const char *key,
                                                     const char *value), void *ctx);

/* A chapter: times in seconds on the file's clock, and in milliseconds
 * rounded as MPlayer printed them; strings owned by the demuxer. */
struct demux_chapter {
    double start;
    double end;        /* NAN when the file gives none */
    int64_t start_ms;
    int64_t end_ms;    /* as written, 0 or less when none */
    const char *title; /* NULL when none */
};

int demux_chapter_count(const demuxer_t *d);
/* Chapter n (from 0) into *out; false when there is no such chapter. */
bool demux_get_chapter(const demuxer_t *d, int n, struct demux_chapter *out);

/* A file embedded in the container (a Matroska attachment: fonts for ASS
 * subtitles); name and data owned by the demuxer. */
struct demux_attachment {
    const char *name;  /* its file name, NULL when none */
    const uint8_t *data;
    size_t size;
};

/* Attachment n (from 0) into *out; false when there is no such one. */
bool demux_get_attachment(const demuxer_t *d, int n, struct demux_attachment *out);

/* Convert a timestamp of sh to seconds; AV_NOPTS_VALUE gives NAN. The
 * result is on the file's clock: subtract d->start_time for play time. */
double demux_ts_to_seconds(const struct sh_stream *sh, int64_t ts);

/* Packets and payload bytes queued now, over all streams. */
void demux_get_queue_size(demuxer_t *d, int *packets, int64_t *bytes);

/*
 * Keep the reader thread out of the AVFormatContext and the stream until
 * demux_unpark(): waits for the packet it is reading (a slow device's
 * read included). Calls nest. Without a reader thread both do nothing.
 */
void demux_park(demuxer_t *d);
void demux_unpark(demuxer_t *d);

/* demux_park for the player's own requests (a seek, a read plan, a slave
 * query): while the thread is inside a read, asks the interrupt callback
 * every DEMUX_INTERRUPT_POLL; when it says stop (a quit while the device
 * holds the read), returns false and parks nothing. True: parked, undo
 * with demux_unpark. */
bool demux_try_park(demuxer_t *d);

/* The stream as the reader left it after its last packet. */
struct demux_stream_info {
    int64_t pos;                       /* stream_tell */
    int64_t size;                      /* stream_size, -1 when unknown */
    bool cached;                       /* cache holds stream_get_cache_status */
    struct stream_cache_status cache;
    int64_t plan_bytes_ahead;          /* stream_get_stats' */
};
void demux_get_stream_info(demuxer_t *d, struct demux_stream_info *out);

/* Defaults of struct demux_opts' queue bounds. */
#define DEMUX_DEFAULT_MAX_PACKETS 10000
#define DEMUX_DEFAULT_MAX_BYTES (256 * 1024 * 1024)

/*
 * Send FFmpeg's log (all libav* libraries) through mp_msg: demuxer
 * messages to MSGT_DEMUX, decoders to MSGT_DECVIDEO/MSGT_DECAUDIO, the
 * rest to MSGT_GLOBAL. FFmpeg errors become MSGL_WARN and its warnings
 * MSGL_V, so by default only real trouble shows and the player stays the
 * one to say that a file failed. Global (av_log_set_callback): call once
 * at start-up, before any thread uses FFmpeg.
 */
void demux_route_av_log(void);

/*
 * Read plan (readplan.c): the byte ranges the *selected* streams' packets
 * occupy, from the container's per-packet index, so the stream layer can
 * fetch exactly those bytes ahead of playback. See DOCS/tech/readplan.md.
 *
 * Times are play time in seconds, as for demux_seek (file clock minus
 * d->start_time); a packet belongs to a window by the time of its index
 * entry (its dts). The plan is computed afresh on every call, from the
 * index only (no I/O; Matroska: its cluster map, see demux_has_index):
 * call again as playback advances, and at once after
 * demux_seek or demux_select_stream. Call from the thread that reads
 * packets; libavformat may grow the index while reading.
 */
/* A plan's ranges hold at most this many bytes each (unless packets
 * overlap): a range is needed from the time of its earliest packet, so a
 * longer one would date seconds of one track as needed now. */
#define DEMUX_PLAN_MAX_RANGE (256 * 1024)

struct demux_read_range {
    int64_t pos;   /* first byte in the file */
    int64_t len;   /* bytes, > 0; pos + len never passes the file size */
    double time;   /* play time of the earliest packet in the range */
};

/*
 * Whether every selected stream (cover art aside) has a per-packet index
 * (position and size of each packet) that reaches the end of the stream,
 * in a container whose index layout this code knows: MP4/MOV (from the
 * moov atom, at open) and AVI (idx1 or OpenDML index). For Matroska, with
 * demux_opts.matroska_plans, whether a map of its clusters can be made
 * (mkvmap.h: plain files whose track entries match libavformat's streams);
 * the plan functions then grow the map with a few bounded reads per call.
 * False for Matroska otherwise (its Cues and libavformat's entries give
 * keyframe cluster positions without sizes), MPEG-TS/PS (no index),
 * fragmented MP4 whose later fragments are not yet indexed, and when no
 * stream is selected.
 */
bool demux_has_index(demuxer_t *d);

struct demux_plan_params {
    double from;        /* play time where the plan starts */
    double secs_ahead;  /* window length, > 0: packets in [from, from+secs) */
    int64_t max_gap;    /* merge ranges at most this many bytes apart */
    int64_t max_bytes;  /* stop before the packets total more; 0 = no bound
                           (the first packet is always planned) */
    double finish_secs; /* > 0: also plan each stream's packets after the
                           window that continue its last planned packet in
                           the file (within max_gap), up to this many seconds
                           on; ignored with max_bytes */
};

/*
 * Plan the window: ranges covering each packet of the selected streams in
 * it (with the container's framing, e.g. AVI chunk headers), and for AVI
 * also of the unselected streams, which libavformat's AVI reader reads
 * all the same (see DOCS/tech/readplan.md), merged where
 * they overlap or lie within max_gap of each other, sorted by time (then
 * position). At most max_out ranges: the earliest needed. *until (may be
 * NULL) gets the play time before which every selected packet of the file
 * from `from` on is inside the returned ranges (from + secs_ahead unless
 * max_out, max_bytes or the internal packet bound cut the plan short).
 * Index entries outside the file (negative, at or past its size), without
 * a size or absurdly large are skipped, ranges are clamped to the file.
 * Returns the number of ranges, or -DEMUX_ERR_NO_INDEX when
 * demux_has_index() is false (0 ranges when no stream is selected),
 * -DEMUX_ERR_INVALID for bad arguments, -DEMUX_ERR_NOMEM.
 */
int demux_plan(demuxer_t *d, const struct demux_plan_params *pp,
               struct demux_read_range *out, int max_out, double *until);

/*
 * The owner of a playing file's read plans (planner.c): when to renew one
 * and what window it covers, so that the player and the storage
 * simulation (tests/unit/test_plan_sim.c) plan alike. Created by the
 * player per file, freed with demux_planner_free; the demuxer and the
 * stream stay the caller's and must outlive it.
 */
struct demux_planner;

struct demux_planner_opts {
    double secs;     /* the window ahead of the play position (-cache-secs), > 0 */
    int64_t max_gap; /* merge ranges this close (-cache-plan-gap) */
    double end;      /* play time after which nothing is fetched (-endpos); INFINITY: none */
};

/* NULL when out of memory. */
struct demux_planner *demux_planner_create(demuxer_t *d, stream_t *s,
                                           const struct demux_planner_opts *o);
void demux_planner_free(struct demux_planner *p);

/* The next update plans at once (after a seek, a track switch). */
void demux_planner_invalidate(struct demux_planner *p);

/*
 * At play time t (seconds from the file's start): when the last plan is
 * half used or invalidated, hand the stream a new one for [t, t + secs),
 * with the runs it cuts finished up to the next renewal (secs/2 more), and
 * nothing a second past end. The demuxer's reader is parked meanwhile.
 * Returns 1 when a plan went down, 0 when none was due (or the window is
 * past the end), or -DEMUX_ERR_x when plans cannot be used for this file;
 * then every later call returns the same (the caller reads without).
 */
int demux_planner_update(struct demux_planner *p, double t);

/* The play time the last plan reaches; NAN before the first. */
double demux_planner_until(const struct demux_planner *p);

#endif
