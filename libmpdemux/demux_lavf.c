/*
 * demux_lavf: demuxer_t on libavformat over a stream_t: probing, stream
 * headers, per-stream packet queues, seeking.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/intreadwrite.h>
#include <libavutil/mathematics.h>
#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "libmpdemux/demux_avio.h"
#include "libmpdemux/demux_avlog.h"
#include "libmpdemux/demux_discont.h"
#include "libmpdemux/demux_queue.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/demux_int.h"
#include "libmpdemux/mkvmap.h"
#include "osdep/osdep.h"

/* av_read_frame may report "try again" or corrupt data without moving on;
 * after this many such answers in a row at one byte position the file is
 * given up as broken rather than spinning forever. */
#define DEMUX_MAX_STUCK_READS 1000
/* The end reported while the index lists packets past the end of the
 * file (a truncated file, a bad index): libavformat may have consumed one
 * such entry (mov does), and asking again moves on to the next; this many
 * ends in a row without a packet end the file. */
#define DEMUX_MAX_EOF_RETRIES 1000
/* Corrupt-data warnings shown at MSGL_WARN; the rest go to MSGL_V. */
#define DEMUX_MAX_CORRUPT_WARNINGS 5

struct demux_sh {
    struct sh_stream sh; /* first: demuxer_t.streams points at it */
    char *lang;
    char *title;
    struct demux_queue queue;
    double queue_end;   /* time of the last packet queued with a time */
    int64_t packets;    /* read since open, not counting discarded ones */
    bool from_start;    /* selected before the first packet was read */
    struct demux_discont_track discont;
    struct demux_side *side; /* the context that reads it; NULL: the main one */
    /* Packets queued since open that the watch counts as given: timed
     * no earlier than DEMUX_WATCH_EARLY_SECS before watch_from (demux_push:
     * under the reader's lock, unlike packets, which the thread counts
     * while it reads). */
    int64_t pushed;
    /* A track that got no packet since the watch began (pushed then,
     * watch_pushed) and starves is placed at watch_from, or (NaN:
     * selected while playing) at the main context's time. */
    int64_t watch_pushed;
    double watch_from;
};

/* One read position per track: a second libavformat context on the same
 * file, reading one track whose data lie far from the other tracks'
 * (a file muxed track after track). It reads with stream_read_at from a
 * position of its own and discards every other track; its packets go to
 * the track's queue like the main context's. See DOCS/tech/demux.md. */
struct demux_side {
    AVFormatContext *avfc;
    struct demux_avio *io;
    struct demux_sh *ds;    /* the one track it reads */
    bool eof;
    int error;              /* sticky -DEMUX_ERR_x until a seek */
    double last_time;       /* of the last packet it gave, -inf after a seek */
    int64_t read_after;     /* not read unasked before the demuxer gave this
                             * many packets; 0 once its track was asked for */
};

/* After a track's own context is placed (the start, a seek), the thread
 * lets the main context give this many packets before it reads that
 * context unasked. The first read of a placed context is a jump elsewhere
 * on the device, and while the thread waited in it the main context gave
 * nothing: the first picture's packets (H.264 with frame threads needs 5)
 * were decoded only after the audio's first bytes came (skewb60.mkv, audio
 * 12 s behind its video, 1.2 MB/s: first frame 1.12 -> 0.92 s). Not more:
 * the audio's read then started later by as much, and with it the sound
 * (8 packets: 0.2 s later on an MP4 stored track after track). */
#define DEMUX_SIDE_LEAD_PACKETS 5

/* At most this many tracks read by contexts of their own. */
#define DEMUX_MAX_SIDES 8
/* A track is far when its data at the play position lie this many bytes
 * or DEMUX_FAR_SECS of the file's average rate from the nearest selected
 * track's: reading through them in file order queues that much of the
 * near track and costs that much time on a slow device before the far
 * track's first packet. Clusters of interleaved tracks are 0 apart. */
#define DEMUX_FAR_BYTES (4 * 1024 * 1024)
#define DEMUX_FAR_SECS 10.0
/* Automatic, the map is read only when a track the caller waits for has
 * nothing queued while the main context has queued this much of the
 * others (DEMUX_WATCH_SECS of the file's average rate, at most
 * DEMUX_WATCH_BYTES): interleaved tracks, and tracks stored half a second
 * or so apart, never get there and pay no map at all. At 1 s the 60 s 720p
 * file stored track after track waited 0.33 s longer at 1.2 MB/s. */
#define DEMUX_WATCH_BYTES (1024 * 1024)
#define DEMUX_WATCH_SECS 0.5
/* ... but at least this much: a look costs a jump to the Cues, one to a
 * cluster and one back (60 ms on make bench's net profile, where 256 KB
 * take as long to read on). skew.mkv, 1 Mbit/s with its audio stored
 * 12 s ahead (190 KB), was looked at after 0.13 MB only to be read in
 * order: 6 jumps, first frame 0.25 s (0.12 s without the look). */
#define DEMUX_WATCH_MIN_BYTES (256 * 1024)
/* ... or once reading on has taken as long as a look would (a few jumps
 * and small reads): on a device barely faster than the file that comes
 * long before 256 KB (the 60 s 720p file stored track after track at
 * 1.2 MB/s: 0.11 s later without it, when the first frame waits for the
 * look). Time in the main context's reads, so a file in the page cache
 * or a fast disk goes by the bytes alone. */
#define DEMUX_WATCH_READ_SECS 0.1
/* ... or once the queues hold this part of their packet bound: a file of
 * tiny packets (32x32 video of an 11-minute file, 50 bytes a frame) fills
 * the bound long before 256 KB, and its far audio was then lost. */
#define DEMUX_WATCH_QUEUE_PART 4
/* A packet this much or more before the time the watch began at does not
 * count as the track coming: after a seek the main context lands on the
 * video's keyframe, and where the audio is stored behind its video the
 * blocks there are the audio of seconds before the target, which the
 * player drops; the audio it needs lies further on (skewb60.mkv, -ss 30:
 * 12 MB read in file order, 7.8 s to the first sound at 1.2 MB/s). A
 * frame that starts a little before the target is the one it plays.
 * Video always counts: the seek lands on the keyframe before the target,
 * and the decoder needs everything from there. */
#define DEMUX_WATCH_EARLY_SECS 1.0
/* The map's walk ahead of the main context goes on while it passes the
 * file at least DEMUX_WALK_GAIN times as fast as reading it does: the
 * bytes it skips are still read later by the near track's context, the
 * far track's context costs jumps to open and to read beside the other,
 * and on make bench's 20 s files a walk twice as fast as reading still
 * lost 0.3 s of first frame. One that took less than DEMUX_WALK_MIN_SECS
 * is not weighed (see demux_map_reach). */
#define DEMUX_WALK_GAIN 3.0
#define DEMUX_WALK_MIN_SECS 0.02
/* A track's first cluster after a leapt span may start this much after
 * the time looked for (clusters start at a video keyframe, a track may
 * start late) before the span is suspected of hiding its data. */
#define DEMUX_LEAP_SLACK 2.0
/* A leap toward a time (mkvmap_leap_to) is tried when a track's time at
 * the map's end is this far before it: halving the Cues is a few jumps,
 * more than walking a couple of clusters. */
#define DEMUX_LEAP_TO_SECS 4.0
/* What mkvmap_find_deep may read looking for a track inside clusters. */
#define DEMUX_DEEP_BYTES (1024 * 1024)
/* With tracks apart, how far past the farthest context the map is
 * learned once a context reads past what it knows (demux_map_follow):
 * the whole map, and with it the fences, is then known while the last
 * track's context is this far from the end of the file. */
#define DEMUX_MAP_AHEAD (512 * 1024)
/* ... but only in the file's last DEMUX_MAP_AHEAD bytes or last
 * DEMUX_MAP_LEAD_SECS (by the time of the last cluster the map knows):
 * before that it learns the clusters
 * DEMUX_MAP_TRAIL behind the farthest context, which that context's reads
 * brought into the page cache. Ahead, every cluster head was two device
 * requests and two jumps beside the context's own reads: 45 jumps to play
 * 30 s of the 60 s 720p file stored track after track, 29 behind. */
#define DEMUX_MAP_LEAD_SECS 10.0
#define DEMUX_MAP_TRAIL (64 * 1024)
/* A side placed in clusters another track fills (a track stored behind
 * it: the cluster where it starts and the next hold another selected
 * track) reads this many seconds of the file's average rate at a time:
 * its reads and the main context's alternate on the device, each switch a
 * jump, and its track is a small part of the bytes it reads. Not a track
 * that starts inside the last cluster of another and goes on in clusters
 * of its own: its long reads only kept the main context waiting (the 20 s
 * track-after-track file's first frame 32 ms later). */
#define DEMUX_SIDE_SHARED_READ_SECS 1.0
/* As fast as possible (demux_opts.untimed), a far Matroska track whose
 * data lie at most this far ahead of the main context is read in file order
 * when what lies between is the other selected tracks' data, played: the
 * queues hold them meanwhile, and nothing but memory is spent. make bench's
 * skewb.mkv (audio 12 s behind its video) took 1.38 s on net with two positions (21
 * jumps as they took turns), 0.94 s in file order (none). The queue's part
 * the watch also uses bounds it (DEMUX_WATCH_QUEUE_PART). */
#define DEMUX_UNTIMED_NEAR_BYTES DEMUX_AHEAD_BYTES
/* Bytes between two clusters the map lists (a Cues or Void element) that
 * do not break a run of them. */
#define DEMUX_UNTIMED_MAP_GAP (64 * 1024)

/* The reader thread (see demuxer.h). Between lock and unlock it and the
 * caller share the queues, the counters of queued packets and the fields
 * here; while busy it alone touches the AVFormatContext, the stream and
 * the rest of demux_priv, and while the caller has it parked the caller
 * does. eof and error are set while busy and read by the caller only
 * when it is not. */
struct demux_reader {
    bool enabled;
    struct mp_worker *worker; /* the thread, or NULL (changed by the caller only) */
    pthread_mutex_t lock;
    pthread_cond_t wake;    /* the thread waits here for room or a demand */
    pthread_cond_t done;    /* the caller waits here for packets, for !busy */
    bool quit;
    bool busy;              /* reading a packet */
    int parked;             /* demux_park() calls not yet undone */
    struct demux_sh *demand; /* the caller waits for this track's packet */
    struct demux_stream_info info; /* as of the last packet read */
    bool (*interrupt_cb)(void *ctx);
    void *interrupt_ctx;
};

struct demux_priv {
    AVFormatContext *avfc;      /* owned */
    struct demux_reader rd;
    struct demux_avio *io;
    struct demux_sh **by_index; /* AVFormatContext stream index -> ours or NULL */
    int nb_index;
    int max_packets;
    int64_t max_bytes;
    int queued_packets; /* over all queues */
    int64_t queued_bytes;
    int64_t pushed_bytes; /* ever queued, all streams: the watch counts these */
    bool eof;           /* av_read_frame reached the end */
    int error;          /* sticky -DEMUX_ERR_x from reading, until a seek */
    int status;         /* what demux_get_error reports */
    bool overflow_reported;
    int corrupt_warnings;
    bool index_past_eof;    /* packets the index lists were not in the file */
    bool index_scanned;     /* index_beyond is known */
    bool index_beyond;      /* the index lists bytes past the end of the file */
    bool sought;            /* a seek happened since open */
    int64_t packets;        /* read since open, all streams */
    int64_t declared_size;  /* the file's size its header says, or -1 */
    struct demux_discont discont;
    /* One read position per track (demux_opts.per_track). The sides and
     * the tracks' side fields change only while the thread is parked. */
    enum demux_per_track per_track;
    bool untimed;           /* demux_opts.untimed */
    double play_end;        /* demux_set_play_end */
    bool split_decided;     /* placed at the first read or seek */
    bool split_watch;       /* automatic: waiting for a starved track */
    int64_t watch_bytes;    /* bytes queued since watch_base that make a waited-for
                             * track starved (taken ones too: the player decodes
                             * the other tracks while it waits) */
    int64_t watch_base;     /* pushed_bytes when the watch began */
    double watch_secs;      /* read_secs then */
    int64_t watch_read_bytes; /* read_bytes then */
    int64_t read_bytes;     /* the main context's read_bytes, copied as read_secs */
    double pushed_time;     /* time of the last packet the main context queued,
                             * copied as read_secs (last_time is the reader's) */
    double read_secs;       /* the main context's read_seconds at the last packet
                             * pushed (copied under the reader's lock by the
                             * thread that read it: the caller may ask while the
                             * thread reads) or at the watch's start (parked) */
    bool split_unavailable; /* not Matroska on a plain file, or no map */
    struct demux_side *sides[DEMUX_MAX_SIDES];
    int nb_sides;
    bool map_following;     /* a context read past the map: keep it ahead */
    double last_time;       /* main context: time of its last packet */
    /* -lavfdopts probesize: the most bytes a probe reads (0: libavformat's) */
    unsigned probe_max;
    bool no_extbased;   /* -noextbased: the file name plays no part in probing */
    /* -tsprog: a stream of the program, whose tracks are the default
     * ones (av_find_best_stream's related stream); -1: none asked or
     * the file has no such program. */
    int program_stream;
    bool drop_broken;       /* -notskeepbroken on an MPEG-TS file */
    int64_t broken_dropped; /* packets it dropped */
};

static bool demux_reader_stop(struct demux_reader *r);
static void demux_side_close(demuxer_t *d, struct demux_side *sd);
static void demux_set_fences(demuxer_t *d);
static int demux_split_decide(demuxer_t *d, double t, bool seek_new, struct demux_sh *only);
static int demux_split_begin(demuxer_t *d, double t, bool seek_new);
static bool demux_is_indexed(const demuxer_t *d);

const char *demux_strerror(int err)
{
    switch (err < 0 ? -err : err) {
    case DEMUX_OK: return "no error";
    case DEMUX_ERR_UNKNOWN_FORMAT: return "unknown format";
    case DEMUX_ERR_NO_STREAMS: return "no audio or video streams";
    case DEMUX_ERR_IO: return "read error";
    case DEMUX_ERR_NOMEM: return "out of memory";
    case DEMUX_ERR_INVALID: return "corrupt data";
    case DEMUX_ERR_QUEUE_FULL: return "too many packets queued";
    case DEMUX_ERR_SEEK: return "seek failed";
    case DEMUX_ERR_NO_INDEX: return "no packet index";
    case DEMUX_ERR_TRUNCATED: return "truncated file";
    case DEMUX_ERR_ABORTED: return "interrupted";
    default: return "unknown error";
    }
}

static struct demux_sh *demux_sh_of(struct sh_stream *sh)
{
    return (struct demux_sh *)sh;
}

static int demux_map_type(enum AVMediaType t)
{
    switch (t) {
    case AVMEDIA_TYPE_VIDEO: return MP_STREAM_VIDEO;
    case AVMEDIA_TYPE_AUDIO: return MP_STREAM_AUDIO;
    case AVMEDIA_TYPE_SUBTITLE: return MP_STREAM_SUB;
    default: return -1;
    }
}

static enum AVMediaType demux_av_type(enum mp_stream_type t)
{
    switch (t) {
    case MP_STREAM_VIDEO: return AVMEDIA_TYPE_VIDEO;
    case MP_STREAM_AUDIO: return AVMEDIA_TYPE_AUDIO;
    case MP_STREAM_SUB: return AVMEDIA_TYPE_SUBTITLE;
    default: return AVMEDIA_TYPE_UNKNOWN;
    }
}

/* An AVERROR from libavformat as -DEMUX_ERR_x; a failure the stream
 * reported wins, as libavformat often turns it into EOF or bad data. */
static int demux_map_averror(struct demux_priv *p, int averr, int fallback)
{
    if (p->io->stream_error == -STREAM_ERR_TRUNCATED)
        return -DEMUX_ERR_TRUNCATED;
    if (p->io->stream_error)
        return -DEMUX_ERR_IO;
    if (averr == AVERROR(ENOMEM))
        return -DEMUX_ERR_NOMEM;
    if (averr == AVERROR(EIO))
        return -DEMUX_ERR_IO;
    return fallback;
}

static void demux_av_msg(int lev, const char *what, int averr)
{
    char buf[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, buf, sizeof(buf));
    mp_msg(MSGT_DEMUX, lev, "demux: %s: %s\n", what, buf);
}

static int demux_dict_dup(AVDictionary *m, const char *key, char **out)
{
    const AVDictionaryEntry *e = av_dict_get(m, key, NULL, 0);
    *out = NULL;
    if (!e || !e->value[0])
        return 0;
    *out = strdup(e->value);
    return *out ? 0 : -DEMUX_ERR_NOMEM;
}

static void demux_free_sh(struct demux_sh *ds)
{
    demux_queue_flush(&ds->queue);
    free(ds->lang);
    free(ds->title);
    free(ds);
}

/* The track number MPlayer's own demuxer gives st, which its users pass to
 * -aid/-vid and read in ID_AUDIO_ID: an AVI stream's number in the file
 * (demux_avi: audio after one video stream is 1), an MPEG-TS stream's PID
 * (demux_ts), an MPEG-PS stream's number within its stream-id range
 * (demux_mpg: MPEG audio 0x1c0 is 0, video 0x1e0 is 0, private-stream-1
 * substreams keep their byte, AC-3 0x80 is 128). -1 where MPlayer counts
 * per type. */
static int demux_native_id(const AVFormatContext *avfc, const AVStream *st, int type)
{
    const char *fmt = avfc->iformat->name;
    if (type == MP_STREAM_SUB)
        return -1;
    if (!strcmp(fmt, "avi"))
        return st->index < 100 ? st->index : -1;
    if (!strcmp(fmt, "mpegts"))
        return st->id > 0 && st->id < 0x2000 ? st->id : -1;
    if (!strcmp(fmt, "mpeg")) {
        if (st->id >= 0x1c0 && st->id <= 0x1df && type == MP_STREAM_AUDIO)
            return st->id - 0x1c0;
        if (st->id >= 0x1e0 && st->id <= 0x1ef && type == MP_STREAM_VIDEO)
            return st->id - 0x1e0;
        if (st->id >= 0x80 && st->id <= 0xbf && type == MP_STREAM_AUDIO)
            return st->id;
    }
    return -1;
}

/* Number the tracks as MPlayer's own demuxers do (demux_native_id) where
 * every track of a type has such a number and no two share one; else each
 * type counts from 0 in file order, as MPlayer's -aid/-vid do for the
 * containers it reads through libavformat. */
static void demux_number_streams(demuxer_t *d)
{
    for (int t = 0; t < MP_STREAM_TYPE_COUNT; t++) {
        bool native = true;
        for (int i = 0; i < d->num_streams && native; i++) {
            struct sh_stream *sh = d->streams[i];
            if ((int)sh->type != t)
                continue;
            int id = demux_native_id(d->priv->avfc, d->priv->avfc->streams[sh->ff_index], t);
            native = id >= 0;
            for (int j = 0; j < i && native; j++) {
                const struct sh_stream *o = d->streams[j];
                native = (int)o->type != t || o->id != id;
            }
            sh->id = id;
        }
        int count = 0;
        for (int i = 0; i < d->num_streams && !native; i++) {
            if ((int)d->streams[i]->type == t)
                d->streams[i]->id = count++;
        }
    }
}

/* Make our stream headers from the AVStreams, in file order; their
 * numbers come from demux_number_streams. */
static int demux_add_streams(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    AVFormatContext *avfc = d->priv->avfc;
    p->nb_index = (int)avfc->nb_streams;
    p->by_index = calloc(avfc->nb_streams ? avfc->nb_streams : 1, sizeof(*p->by_index));
    d->streams = calloc(avfc->nb_streams ? avfc->nb_streams : 1, sizeof(*d->streams));
    if (!p->by_index || !d->streams)
        return -DEMUX_ERR_NOMEM;

    for (unsigned i = 0; i < avfc->nb_streams; i++) {
        AVStream *st = avfc->streams[i];
        /* Nothing is read for a stream until someone selects it. */
        st->discard = AVDISCARD_ALL;
        int type = demux_map_type(st->codecpar->codec_type);
        if (type < 0)
            continue;
        struct demux_sh *ds = calloc(1, sizeof(*ds));
        if (!ds)
            return -DEMUX_ERR_NOMEM;
        ds->watch_from = NAN;
        p->by_index[i] = ds;
        d->streams[d->num_streams++] = &ds->sh;

        struct sh_stream *sh = &ds->sh;
        sh->type = type;
        sh->ff_index = (int)i;
        sh->codecpar = st->codecpar;
        sh->time_base = st->time_base;
        /* Copies: libavformat may replace a stream's metadata while
         * reading (chained Ogg, ICY), which would leave pointers dangling. */
        if (demux_dict_dup(st->metadata, "language", &ds->lang) < 0 ||
            demux_dict_dup(st->metadata, "title", &ds->title) < 0)
            return -DEMUX_ERR_NOMEM;
        sh->lang = ds->lang;
        sh->title = ds->title;
        sh->is_default = st->disposition & AV_DISPOSITION_DEFAULT;
        sh->attached_pic = st->disposition & AV_DISPOSITION_ATTACHED_PIC;
        sh->selected = false;
        if (type == MP_STREAM_VIDEO && !sh->attached_pic) {
            AVRational fr = st->avg_frame_rate;
            if (fr.num <= 0 || fr.den <= 0)
                fr = st->r_frame_rate;
            sh->fps = fr.num > 0 && fr.den > 0 ? av_q2d(fr) : 0;
        }
    }
    demux_number_streams(d);
    for (int i = 0; i < d->num_streams; i++) {
        const struct sh_stream *sh = d->streams[i];
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: stream %d: %s id %d, %s%s%s%s%s\n", sh->ff_index,
               sh->type == MP_STREAM_VIDEO ? "video"
               : sh->type == MP_STREAM_AUDIO ? "audio" : "sub",
               sh->id, avcodec_get_name(sh->codecpar->codec_id),
               sh->lang ? ", lang " : "", sh->lang ? sh->lang : "",
               sh->is_default ? ", default" : "", sh->attached_pic ? ", cover art" : "");
    }
    return d->num_streams > 0 ? 0 : -DEMUX_ERR_NO_STREAMS;
}

/* MPlayer 1.5's demuxer names (its "-demuxer help") and the libavformat
 * format that reads the same files. lavf NULL: libavformat probes (lavf,
 * lavfpref; audio, which then checks what was found). rawaudio's format
 * follows -rawaudio (demux_raw_audio_format). */
struct demux_mp_name {
    const char *mp;
    const char *lavf;
};

static const struct demux_mp_name demux_mp_names[] = {
    {"lavf", NULL},
    {"lavfpref", NULL},
    {"audio", NULL},
    {"mkv", "matroska"},
    {"avi", "avi"},
    {"mov", "mov"},
    {"mpegts", "mpegts"},
    {"ts", "mpegts"},
    {"mpegps", "mpeg"},
    {"ps", "mpeg"},
    {"mpegpes", "mpeg"},
    {"mpeges", "mpegvideo"},
    {"mpeg4es", "m4v"},
    {"h264es", "h264"},
    {"ogg", "ogg"},
    {"y4m", "yuv4mpegpipe"},
    {"asf", "asf"},
    {"real", "rm"},
    {"realaudio", "rm"},
    {"gif", "gif"},
    {"aac", "aac"},
    {"rawdv", "dv"},
    {"nsv", "nsv"},
    {"fli", "flic"},
    {"roq", "roq"},
    {"film", "film_cpk"},
    {"smjpeg", "smjpeg"},
    {"vivo", "vivo"},
    {"vqf", "vqf"},
    {"pva", "pva"},
    {"rawaudio", "s16le"},
    {"rawvideo", "rawvideo"},
};

void demux_list_demuxers(void)
{
    mp_msg(MSGT_DEMUX, MSGL_INFO, "Available demuxers (MPlayer's names; '+name' forces):\n");
    for (size_t i = 0; i < sizeof(demux_mp_names) / sizeof(demux_mp_names[0]); i++) {
        const struct demux_mp_name *m = &demux_mp_names[i];
        /* Names this libavformat lacks are not offered. */
        if (m->lavf && !av_find_input_format(m->lavf))
            continue;
        mp_msg(MSGT_DEMUX, MSGL_INFO, "  %10s  %s\n", m->mp,
               m->lavf ? m->lavf : !strcmp(m->mp, "audio") ? "(probed: mp3, wav, flac)"
                                                           : "(probed by libavformat)");
    }
    mp_msg(MSGT_DEMUX, MSGL_INFO, "Any libavformat format name (ffmpeg -formats) works too.\n");
}

/* The formats MPlayer's "audio" demuxer reads. */
static bool demux_is_audio_format(const AVInputFormat *f)
{
    static const char *const names[] = {"mp3", "wav", "flac"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (!strcmp(f->name, names[i]))
            return true;
    }
    return false;
}

/* Probe from the first bytes, the url a name hint only. accept_guess:
 * take what libavformat finds however weak (a "+" forced -demuxer). */
static int demux_probe(struct demux_priv *p, stream_t *s, bool accept_guess,
                       const AVInputFormat **fmt)
{
    /* libavformat scores a format by the name's extension too, which is
     * what decides for content that has no header (MPlayer's extbased). */
    const char *name = p->no_extbased ? "" : stream_url(s);
    int r = av_probe_input_buffer2(p->io->pb, fmt, name, NULL, 0, p->probe_max);
    if (r < 0) {
        demux_av_msg(MSGL_V, "probing found no format", r);
        return demux_map_averror(p, r, -DEMUX_ERR_UNKNOWN_FORMAT);
    }
    mp_msg(MSGT_DEMUX, MSGL_V, "demux: probed format '%s', score %d\n", (*fmt)->name, r);
    if (accept_guess)
        return 0;
    /* At most AVPROBE_SCORE_RETRY after the whole probe buffer is what
     * libavformat calls a possible misdetection: noise that looks like
     * one raw H.263 frame would otherwise be "played" for as long as a
     * device yields bytes. MPlayer 1.5 and mpv refuse such a guess too;
     * -demuxer NAME still opens the file as NAME. */
    if (r <= AVPROBE_SCORE_RETRY) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: score %d is a guess, not a detection "
               "(-demuxer %s forces it)\n", r, (*fmt)->name);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    /* libavformat's tty format claims every .txt/.nfo/.asc file as ANSI
     * art; a player asked to play one wants "not a media file". It
     * stays available with -demuxer tty. */
    if (!strcmp((*fmt)->name, "tty")) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: not probing text as ANSI art (-demuxer tty)\n");
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    return 0;
}

/* -demuxer with one of MPlayer's names. As MPlayer does, the name is
 * tried first and, when the file is not of that format, the file is
 * probed as without -demuxer; "+name" forces the format, no fallback. */
static int demux_find_mp_format(struct demux_priv *p, stream_t *s,
                                const struct demux_mp_name *m, bool force,
                                const AVInputFormat **fmt)
{
    if (!m->lavf) {
        int r = demux_probe(p, s, force, fmt);
        if (r < 0 || strcmp(m->mp, "audio") || demux_is_audio_format(*fmt))
            return r;
        if (force) {
            mp_msg(MSGT_DEMUX, MSGL_ERR, "-demuxer +audio: '%s' is %s, not an audio "
                   "only file (MP3, WAV, FLAC)\n", stream_url(s), (*fmt)->name);
            return -DEMUX_ERR_UNKNOWN_FORMAT;
        }
        mp_msg(MSGT_DEMUX, MSGL_INFO, "-demuxer audio: not an audio only file; "
               "playing it as %s\n", (*fmt)->name);
        return 0;
    }
    const AVInputFormat *want = av_find_input_format(m->lavf);
    if (!want) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-demuxer %s: this libavformat has no '%s' format\n",
               m->mp, m->lavf);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    if (force || (want->flags & AVFMT_NOFILE)) {
        *fmt = want;
        return 0;
    }
    const AVInputFormat *found = NULL;
    int r = demux_probe(p, s, false, &found);
    /* A read that failed is the stream's error, not a format question. */
    if (r < 0 && r != -DEMUX_ERR_UNKNOWN_FORMAT)
        return r;
    if (r < 0 || found == want) {
        /* Nothing recognised: the named format may still read it. */
        *fmt = want;
        return 0;
    }
    mp_msg(MSGT_DEMUX, MSGL_INFO, "-demuxer %s: the file is %s, not %s; playing it as "
           "%s (+%s forces %s)\n", m->mp, found->name, m->lavf, found->name, m->mp, m->mp);
    *fmt = found;
    return 0;
}

/* -demuxer rawaudio: headerless PCM cannot be told by its bytes, so it is
 * read as -rawaudio says, by default as MPlayer's: 44100 Hz, stereo,
 * 16-bit (signed little-endian; 8-bit samples are unsigned, as in WAV).
 * The format's settings go to buf. */
static int demux_raw_audio_format(const struct demux_opts *o, const AVInputFormat **fmt,
                                  char *buf, size_t size)
{
    static const char *const by_size[] = {"u8", "s16le", "s24le", "s32le"};
    int bytes = o && o->raw_samplesize > 0 ? o->raw_samplesize : 2;
    int rate = o && o->raw_rate > 0 ? o->raw_rate : 44100;
    int channels = o && o->raw_channels > 0 ? o->raw_channels : 2;
    if (bytes > 4) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-rawaudio: no raw PCM format of %d-byte samples\n",
               bytes);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    *fmt = av_find_input_format(by_size[bytes - 1]);
    if (!*fmt) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-demuxer rawaudio: this libavformat has no '%s' "
               "format\n", by_size[bytes - 1]);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    AVChannelLayout layout;
    av_channel_layout_default(&layout, channels);
    char desc[64];
    if (av_channel_layout_describe(&layout, desc, sizeof(desc)) < 0)
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    snprintf(buf, size, "sample_rate=%d:ch_layout=%s", rate, desc);
    mp_msg(MSGT_DEMUX, MSGL_V, "demux: raw audio as %s, %s\n", (*fmt)->name, buf);
    return 0;
}

/* -demuxer rawvideo: a headerless picture sequence is read as -rawvideo
 * says; there is no default size (MPlayer 1.5 has none either). The
 * format's settings go to buf. */
static int demux_raw_video_format(const struct demux_opts *o, const AVInputFormat **fmt,
                                  char *buf, size_t size)
{
    if (!o || o->rawv_w <= 0 || o->rawv_h <= 0) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-demuxer rawvideo needs the picture size: -rawvideo "
               "w=<width>:h=<height> (or cif, pal, ...)\n");
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    enum AVPixelFormat pf = o->rawv_pixfmt >= 0 ? (enum AVPixelFormat)o->rawv_pixfmt
                                                : AV_PIX_FMT_YUV420P;
    int frame = av_image_get_buffer_size(pf, o->rawv_w, o->rawv_h, 1);
    /* libavformat reads frames of exactly the picture's bytes; padding
     * between them (MPlayer's size= larger than that) cannot be skipped. */
    if (frame <= 0 || (o->rawv_frame_size > 0 && o->rawv_frame_size != frame)) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-rawvideo: a %dx%d %s frame is %d bytes, not size=%d\n",
               o->rawv_w, o->rawv_h, av_get_pix_fmt_name(pf), frame, o->rawv_frame_size);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    *fmt = av_find_input_format("rawvideo");
    if (!*fmt) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-demuxer rawvideo: this libavformat has no rawvideo "
               "format\n");
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    AVRational fps = av_d2q(o->rawv_fps > 0 ? o->rawv_fps : 25, 1000000);
    snprintf(buf, size, "video_size=%dx%d:pixel_format=%s:framerate=%d/%d", o->rawv_w,
             o->rawv_h, av_get_pix_fmt_name(pf), fps.num, fps.den);
    mp_msg(MSGT_DEMUX, MSGL_V, "demux: raw video as %s%s\n", buf,
           o->rawv_swap_uv ? " (V plane first)" : "");
    return 0;
}

/* Find the format: forced by name (MPlayer's, see demux_mp_names, or
 * libavformat's own), or probed. *fmt_opts: settings for the format (in
 * opts_buf), or NULL. */
/* AVI: each stream's dwStart (in its scale/rate units) from the strh
 * chunks of the header, which come in stream order before "movi". The
 * header is read once more through the stream (plain files; others keep
 * 0 and say so). */
static void demux_avi_declared_starts(demuxer_t *d)
{
    enum { HEAD_MAX = 256 * 1024 };
    uint8_t *buf = malloc(HEAD_MAX);
    if (!buf)
        return;
    int n = stream_peek_at(d->stream, 0, buf, HEAD_MAX);
    if (n < 12 || memcmp(buf, "RIFF", 4) || memcmp(buf + 8, "AVI ", 4)) {
        if (n < 0)
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: AVI header not read again (%s); stream "
                   "start delays stay\n", stream_strerror(n));
        free(buf);
        return;
    }
    int idx = 0;
    for (int i = 12; i + 8 + 32 <= n && idx < (int)d->priv->avfc->nb_streams; i++) {
        if (!memcmp(buf + i, "movi", 4))
            break;
        if (memcmp(buf + i, "strh", 4))
            continue;
        const uint8_t *h = buf + i + 8;
        uint32_t scale = AV_RL32(h + 20), rate = AV_RL32(h + 24), start = AV_RL32(h + 28);
        struct demux_sh *ds = idx < d->priv->nb_index ? d->priv->by_index[idx] : NULL;
        if (ds && scale && rate) {
            ds->sh.declared_start = (double)start * scale / rate;
            if (start)
                mp_msg(MSGT_DEMUX, MSGL_V, "demux: AVI stream %d starts %.3f s late\n", idx,
                       ds->sh.declared_start);
        }
        idx++;
        i += 8 + 31;
    }
    free(buf);
}

/* -mf type= for mf://: libavformat's reader of a stream of such pictures
 * (png_pipe ...), MPlayer's "jpg" being "jpeg". */
static int demux_mf_format(const char *type, const AVInputFormat **fmt)
{
    char name[48];
    snprintf(name, sizeof(name), "%s_pipe", strcmp(type, "jpg") ? type : "jpeg");
    *fmt = av_find_input_format(name);
    if (!*fmt) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-mf type=%s: libavformat cannot read a series of "
               "such pictures (ffmpeg -demuxers lists the *_pipe ones)\n", type);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    return 0;
}

static int demux_find_format(struct demux_priv *p, stream_t *s, const struct demux_opts *o,
                             const AVInputFormat **fmt, const char **fmt_opts,
                             char *opts_buf, size_t opts_size)
{
    *fmt_opts = NULL;
    const char *forced = o ? o->format : NULL;
    bool force = forced && forced[0] == '+';
    const char *name = force ? forced + 1 : forced;
    const struct demux_mp_name *m = NULL;
    for (size_t i = 0; name && i < sizeof(demux_mp_names) / sizeof(demux_mp_names[0]); i++) {
        if (!strcasecmp(name, demux_mp_names[i].mp))
            m = &demux_mp_names[i];
    }
    int r;
    const char *lavf_name = o ? o->lavf_format : NULL;
    if (lavf_name && (*fmt = av_find_input_format(lavf_name)) != NULL) {
        /* -lavfdopts format= names libavformat's reader: forced, as
         * MPlayer 1.5 does, and before -demuxer. */
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: -lavfdopts format=%s forces '%s'\n", lavf_name,
               (*fmt)->name);
        r = 0;
    } else if (lavf_name) {
        mp_msg(MSGT_DEMUX, MSGL_WARN, "-lavfdopts format=%s: libavformat has no such "
               "format; probing the file\n", lavf_name);
        r = demux_probe(p, s, false, fmt);
    } else if (stream_get_kind(s) == STREAM_KIND_MF && o->mf_type && o->mf_type[0]) {
        r = demux_mf_format(o->mf_type, fmt);
    } else if (m && !strcmp(m->mp, "rawaudio")) {
        r = demux_raw_audio_format(o, fmt, opts_buf, opts_size);
        *fmt_opts = opts_buf;
    } else if (m && !strcmp(m->mp, "rawvideo")) {
        r = demux_raw_video_format(o, fmt, opts_buf, opts_size);
        *fmt_opts = opts_buf;
    } else if (m) {
        r = demux_find_mp_format(p, s, m, force, fmt);
    } else if (name && name[0]) {
        /* libavformat's names (ffmpeg -formats) are forced, "+" or not:
         * that is how a file libavformat only guesses at is played. */
        *fmt = av_find_input_format(name);
        if (!*fmt) {
            mp_msg(MSGT_DEMUX, MSGL_WARN, "-demuxer %s does not exist (neither an MPlayer "
                   "demuxer nor a libavformat format); probing the file\n", name);
            r = demux_probe(p, s, false, fmt);
        } else {
            r = 0;
        }
    } else {
        r = demux_probe(p, s, false, fmt);
    }
    if (r < 0)
        return r;
    /* libavformat's Ogg reader checks each page's CRC over the bytes it
     * took from AVIO's buffer; in direct mode (demux_avio.c) every page of
     * a file on disk failed that check ("CRC mismatch", nothing played)
     * with FFmpeg 5.1. Ogg pages are read in order, so the buffer costs
     * no jumps there. */
    if (!strcmp((*fmt)->name, "ogg"))
        p->io->pb->direct = 0;
    /* Formats that open their own files would bypass the stream layer;
     * image2 is libavformat's exception, it reads one image from pb. */
    if (((*fmt)->flags & AVFMT_NOFILE) && strcmp((*fmt)->name, "image2") != 0) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: format '%s' cannot read from a stream\n",
               (*fmt)->name);
        return -DEMUX_ERR_UNKNOWN_FORMAT;
    }
    return 0;
}

/* An EBML variable-size integer at b[*pos] (n bytes in all), its length
 * marker removed; -1 for "unknown size" (all value bits set) or a value
 * too big to mean a size, -2 when it is not within the n bytes. */
static int64_t demux_ebml_vint(const uint8_t *b, int n, int *pos)
{
    if (*pos >= n || !b[*pos])
        return -2;
    int len = 1;
    while (!(b[*pos] & (0x80 >> (len - 1))))
        len++;
    if (*pos + len > n)
        return -2;
    uint64_t v = b[*pos] & (0xffu >> len);
    bool all_ones = v == (0xffu >> len);
    for (int i = 1; i < len; i++) {
        v = v << 8 | b[*pos + i];
        all_ones = all_ones && b[*pos + i] == 0xff;
    }
    *pos += len;
    if (all_ones || v > INT64_MAX / 2)
        return -1;
    return (int64_t)v;
}

/* The size the file's first bytes declare for the whole file: a RIFF
 * chunk (AVI, WAV) or a Matroska segment of known size. -1 when the
 * format has none (or says "unknown", as live streams do). */
static int64_t demux_declared_size(const uint8_t *b, int n)
{
    if (n >= 8 && !memcmp(b, "RIFF", 4)) {
        uint32_t riff = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 |
                        (uint32_t)b[7] << 24;
        /* 0 and 0xffffffff: written by streaming muxers, not a size. */
        return riff && riff != 0xffffffffu ? (int64_t)riff + 8 : -1;
    }
    static const uint8_t ebml_id[4] = {0x1a, 0x45, 0xdf, 0xa3};
    static const uint8_t segment_id[4] = {0x18, 0x53, 0x80, 0x67};
    if (n < 4 || memcmp(b, ebml_id, 4))
        return -1;
    int pos = 4;
    int64_t hdr = demux_ebml_vint(b, n, &pos);
    if (hdr < 0 || hdr > n - pos - 4)
        return -1;
    pos += (int)hdr;
    if (memcmp(b + pos, segment_id, 4))
        return -1;
    pos += 4;
    int64_t seg = demux_ebml_vint(b, n, &pos);
    return seg < 0 ? -1 : pos + seg;
}

/* Peek at the first bytes (probing left them in pb's buffer, so going
 * back works on a pipe too) for demux_declared_size. */
static int64_t demux_peek_declared_size(AVIOContext *pb)
{
    uint8_t b[128];
    int64_t start = avio_tell(pb);
    int n = avio_read(pb, b, sizeof(b));
    if (avio_seek(pb, start, SEEK_SET) != start)
        return -2;
    return n > 0 ? demux_declared_size(b, n) : -1;
}

/* Bytes after the declared end that must be zeros to hide the rest. */
#define DEMUX_ZERO_TAIL_CHECK 4096

/* A file longer than its header declares (RIFF, Matroska segment) whose
 * excess starts with zeros: a preallocated or sparse download, a disk
 * image's slack. libavformat's WAV reader walks whatever follows the data
 * as 8-byte chunks (1-2 s per MB of zeros, minutes for GBs), others
 * resync through it byte by byte. The demuxer is shown the declared
 * extent only; excess that is not zeros (a RIFF size that wrapped past
 * 4 GiB, data a broken muxer did not count) stays visible. Returns 0 or
 * -DEMUX_ERR_IO. */
static int demux_limit_to_declared(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    stream_t *s = d->stream;
    int64_t size = stream_size(s);
    int64_t decl = p->declared_size;
    if (decl <= 0 || size < decl + DEMUX_ZERO_TAIL_CHECK || !stream_seekable(s))
        return 0;
    unsigned char tail[DEMUX_ZERO_TAIL_CHECK];
    int64_t back = stream_tell(s);
    int n = stream_seek(s, decl);
    if (n >= 0)
        n = stream_read(s, tail, sizeof(tail));
    if (stream_seek(s, back) < 0 || n < 0) {
        p->io->stream_error = n < 0 ? n : -STREAM_ERR_IO;
        return -DEMUX_ERR_IO;
    }
    for (int i = 0; i < n; i++) {
        if (tail[i])
            return 0;
    }
    if (n < (int)sizeof(tail))
        return 0;
    p->io->limit = decl;
    mp_msg(MSGT_DEMUX, MSGL_V, "%s: zeros after the %" PRId64 " bytes the header declares "
           "(%" PRId64 " in all); reading those only.\n", stream_url(s), decl, size);
    return 0;
}

static int demux_reader_init(struct demux_reader *r, const struct demux_opts *opts)
{
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0)
        return -1;
    int e = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    if (!e && !(e = pthread_mutex_init(&r->lock, NULL))) {
        if (!(e = pthread_cond_init(&r->wake, &ca))) {
            if (!(e = pthread_cond_init(&r->done, &ca))) {
                pthread_condattr_destroy(&ca);
                r->enabled = opts && opts->reader_thread;
                r->interrupt_cb = opts ? opts->interrupt_cb : NULL;
                r->interrupt_ctx = opts ? opts->interrupt_ctx : NULL;
                return 0;
            }
            pthread_cond_destroy(&r->wake);
        }
        pthread_mutex_destroy(&r->lock);
    }
    pthread_condattr_destroy(&ca);
    return -1;
}

/* The user's settings for libavformat (-lavfdopts, -tsprobe, -psprobe)
 * added to *dict, for the format fmt that will read the file. Returns 0
 * or -DEMUX_ERR_NOMEM / -DEMUX_ERR_INVALID. */
static int demux_user_dict(const struct demux_opts *o, const AVInputFormat *fmt,
                           AVDictionary **dict)
{
    if (!o)
        return 0;
    int r = 0;
    /* o= first: the named sub-options below are the more specific. */
    if (o->avopts && av_dict_parse_string(dict, o->avopts, "=", ",", 0) < 0) {
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-lavfdopts o=%s: not key=value,key=value\n",
               o->avopts);
        return -DEMUX_ERR_INVALID;
    }
    int64_t probe = o->probesize;
    double secs = o->analyze_secs;
    /* MPlayer's -tsprobe/-psprobe count bytes: as many are read for the
     * streams, with no time bound cutting it shorter (unless
     * analyzeduration= sets one). */
    int64_t fmt_probe = !strcmp(fmt->name, "mpegts") ? o->ts_probe
                        : !strcmp(fmt->name, "mpeg") ? o->ps_probe : 0;
    if (fmt_probe > 0) {
        probe = fmt_probe;
        if (secs < 0)
            secs = 24 * 3600;
    }
    if (probe > 0)
        r = av_dict_set_int(dict, "probesize", probe, 0);
    /* mf://: -mf fps, for the readers of picture series, which have it. */
    const char *fn = fmt->name;
    size_t fl = strlen(fn);
    bool pipe = (fl > 5 && !strcmp(fn + fl - 5, "_pipe")) || !strcmp(fn, "image2pipe");
    if (r >= 0 && o->mf_fps > 0 && pipe) {
        char rate[32];
        snprintf(rate, sizeof(rate), "%.9g", o->mf_fps);
        r = av_dict_set(dict, "framerate", rate, 0);
    }
    if (r >= 0 && secs >= 0)
        r = av_dict_set_int(dict, "analyzeduration", (int64_t)(secs * AV_TIME_BASE), 0);
    if (r >= 0 && o->cryptokey)
        r = av_dict_set(dict, "cryptokey", o->cryptokey, 0);
    if (r < 0)
        return -DEMUX_ERR_NOMEM;
    return 0;
}

/* -tsprog: find the program and one of its streams (the default tracks are
 * then the program's), or say why not and leave the choice as without. */
static void demux_find_program(demuxer_t *d, const struct demux_opts *o)
{
    if (!o || o->ts_program <= 0)
        return;
    AVFormatContext *avfc = d->priv->avfc;
    char have[128] = "";
    size_t used = 0;
    for (unsigned i = 0; i < avfc->nb_programs; i++) {
        const AVProgram *prog = avfc->programs[i];
        if (prog->id == o->ts_program && prog->nb_stream_indexes > 0) {
            d->priv->program_stream = (int)prog->stream_index[0];
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: -tsprog %d: %u streams\n", prog->id,
                   prog->nb_stream_indexes);
            return;
        }
        if (used < sizeof(have)) {
            int n = snprintf(have + used, sizeof(have) - used, "%s%d", used ? ", " : "",
                             prog->id);
            used += n > 0 ? (size_t)n : 0;
        }
    }
    if (avfc->nb_programs)
        mp_msg(MSGT_DEMUX, MSGL_WARN, "-tsprog %d: no such program with streams (the file "
               "has %s); playing the default tracks\n", o->ts_program, have);
    else
        mp_msg(MSGT_DEMUX, MSGL_WARN, "-tsprog %d: the file has no programs; playing the "
               "default tracks\n", o->ts_program);
}

static int demux_open_quiet(demuxer_t **out, stream_t *s, const struct demux_opts *opts)
{
    *out = NULL;
    demuxer_t *d = calloc(1, sizeof(*d));
    struct demux_priv *p = calloc(1, sizeof(*p));
    if (!d || !p) {
        free(d);
        free(p);
        return -DEMUX_ERR_NOMEM;
    }
    d->priv = p;
    d->duration = -1;
    if (demux_reader_init(&p->rd, opts) < 0) {
        free(d);
        free(p);
        return -DEMUX_ERR_NOMEM;
    }
    /* Our reference: a reader thread left behind at close still reads. */
    d->stream = stream_ref(s);
    p->per_track = opts ? opts->per_track : DEMUX_PER_TRACK_AUTO;
    p->untimed = opts && opts->untimed;
    p->play_end = INFINITY;
    p->last_time = -INFINITY;
    p->pushed_time = -INFINITY;
    p->max_packets = opts && opts->max_queue_packets > 0 ? opts->max_queue_packets
                                                         : DEMUX_DEFAULT_MAX_PACKETS;
    p->max_bytes = opts && opts->max_queue_bytes > 0 ? opts->max_queue_bytes
                                                     : DEMUX_DEFAULT_MAX_BYTES;
    int ret = -DEMUX_ERR_NOMEM;
    const AVInputFormat *fmt = NULL;
    p->program_stream = -1;
    if (opts && opts->probesize > 0)
        p->probe_max = opts->probesize < INT_MAX ? (unsigned)opts->probesize : INT_MAX;
    p->no_extbased = opts && opts->no_extbased;
    p->io = demux_avio_create(s);
    if (!p->io)
        goto fail;
    /* Only while opening: libavformat's header parsers may loop through
     * the whole file (a WAV's chunk walk). Later the reader's own waits
     * ask it, on the main thread, which also reports the quit. */
    p->io->interrupt_cb = opts ? opts->interrupt_cb : NULL;
    p->io->interrupt_ctx = opts ? opts->interrupt_ctx : NULL;

    const char *fmt_opts;
    char fmt_opts_buf[128];
    ret = demux_find_format(p, s, opts, &fmt, &fmt_opts, fmt_opts_buf, sizeof(fmt_opts_buf));
    if (ret < 0)
        goto fail;

    p->declared_size = -1;
    demux_avlog_take_premature_end(); /* a closed file's, not this one's */
    demux_avlog_take_damage();
    /* Without a size (a pipe, a URL without a length) only from what the
     * probe left buffered, where going back cannot fail. */
    AVIOContext *pb = p->io->pb;
    if (stream_size(s) > 0 || pb->buf_end - pb->buf_ptr >= 128) {
        p->declared_size = demux_peek_declared_size(pb);
        if (p->declared_size == -2) {
            ret = p->io->stream_error ? -DEMUX_ERR_IO : -DEMUX_ERR_INVALID;
            goto fail;
        }
    }

    ret = demux_limit_to_declared(d);
    if (ret < 0)
        goto fail;

    ret = -DEMUX_ERR_NOMEM;
    d->priv->avfc = avformat_alloc_context();
    if (!d->priv->avfc)
        goto fail;
    d->priv->avfc->interrupt_callback.callback = demux_avio_interrupt;
    d->priv->avfc->interrupt_callback.opaque = p->io;
    d->priv->avfc->pb = p->io->pb;
    d->priv->avfc->flags |= AVFMT_FLAG_CUSTOM_IO;
    /* pb is set, so libavformat opens nothing by the url: it serves as
     * the file's name (messages, relative references). On failure
     * avformat_open_input frees the context (not pb), NULLs d->priv->avfc. */
    AVDictionary *fmt_dict = NULL;
    if (fmt_opts && av_dict_parse_string(&fmt_dict, fmt_opts, "=", ":", 0) < 0) {
        av_dict_free(&fmt_dict);
        goto fail;
    }
    ret = demux_user_dict(opts, fmt, &fmt_dict);
    if (ret < 0) {
        av_dict_free(&fmt_dict);
        goto fail;
    }
    /* The header is read buffered: a parser stepping through small
     * pieces with a seek between each (a WAV's chunk walk) is served from
     * libavformat's 32 KB buffer, where in direct mode every step went
     * down to the stream and read a new buffer's worth (8 times slower).
     * Direct mode is for playing, where jumps between tracks would
     * re-read that buffer. */
    int direct = pb->direct;
    pb->direct = 0;
    int r = avformat_open_input(&d->priv->avfc, stream_url(s), fmt, &fmt_dict);
    pb->direct = direct;
    /* What is left, libavformat did not take: an o= key this reader (or
     * any) does not have. */
    const AVDictionaryEntry *left = NULL;
    while (r >= 0 && (left = av_dict_get(fmt_dict, "", left, AV_DICT_IGNORE_SUFFIX)))
        mp_msg(MSGT_DEMUX, MSGL_WARN, "-lavfdopts: libavformat's %s reader has no option "
               "'%s'; ignored\n", fmt->name, left->key);
    av_dict_free(&fmt_dict);
    if (r < 0 && opts && (opts->avopts || opts->cryptokey) &&
        (r == AVERROR(EINVAL) || r == AVERROR(ERANGE))) {
        /* A value of ours that libavformat refused fails the open before
         * it reads anything: say which option, not "corrupt data". */
        char buf[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(r, buf, sizeof(buf));
        mp_msg(MSGT_DEMUX, MSGL_ERR, "-lavfdopts: libavformat refused a value of "
               "cryptokey= or o=%s (%s)\n", opts->avopts ? opts->avopts : "", buf);
        ret = -DEMUX_ERR_INVALID;
        goto fail;
    }
    if (r < 0) {
        demux_av_msg(MSGL_V, "opening failed", r);
        ret = demux_map_averror(p, r, -DEMUX_ERR_INVALID);
        goto fail;
    }
    /* An AVI's frame rate is its header's (the container stores one
     * constant rate), yet for H.264 libavformat would read 40 frames to
     * estimate it: 1.1 MB of a 720p file before the first frame, 0.9 s on
     * a device at 1.2 MB/s. */
    if (!strcmp(d->priv->avfc->iformat->name, "avi"))
        d->priv->avfc->fps_probe_size = 0;
    /* Matroska's header gives every track's parameters, yet libavformat
     * waits (max_ts_probe packets) for a first timestamp of each stream:
     * on a file stored track after track it read 5 s of video looking
     * for the audio (3.3 MB of a 720p file, 2.7 s at 1.2 MB/s) before
     * anything played. An MP4's header has them too, and the wait read
     * a second of video before the first audio sample (786 KB of a 720p
     * file whose audio lies 7 MB on, 0.7 s at 1.2 MB/s; now 37 KB, the
     * first frame). Streams still missing parameters are read for as
     * before. */
    if (!strcmp(d->priv->avfc->iformat->name, "matroska,webm") ||
        !strcmp(d->priv->avfc->iformat->name, "mov,mp4,m4a,3gp,3g2,mj2"))
        d->priv->avfc->max_ts_probe = 0;
    r = avformat_find_stream_info(d->priv->avfc, NULL);
    if (r < 0) {
        demux_av_msg(MSGL_V, "could not read stream info", r);
        if (p->io->stream_error) {
            ret = -DEMUX_ERR_IO;
            goto fail;
        }
    }
    ret = demux_add_streams(d);
    if (ret >= 0 && !strcmp(d->priv->avfc->iformat->name, "avi"))
        demux_avi_declared_starts(d);
    if (ret < 0)
        goto fail;
    demux_find_program(d, opts);
    /* YV12 & co.: libavcodec's raw decoder swaps the chroma planes of a
     * stream tagged so. */
    if (opts && opts->rawv_swap_uv && !strcmp(d->priv->avfc->iformat->name, "rawvideo") &&
        d->priv->avfc->nb_streams > 0)
        d->priv->avfc->streams[0]->codecpar->codec_tag = MKTAG('Y', 'V', '1', '2');
    p->drop_broken = opts && opts->ts_drop_broken && !strcmp(p->avfc->iformat->name, "mpegts");

    AVFormatContext *avfc = d->priv->avfc;
    d->format_name = avfc->iformat->name;
    p->discont.enabled = (avfc->iformat->flags & AVFMT_TS_DISCONT) != 0;
    if (avfc->duration != AV_NOPTS_VALUE && avfc->duration > 0)
        d->duration = avfc->duration / (double)AV_TIME_BASE;
    if (avfc->start_time != AV_NOPTS_VALUE)
        d->start_time = avfc->start_time / (double)AV_TIME_BASE;
    /* mf://: one picture a file, so the length is known before reading
     * them (MPlayer's: files / fps). */
    if (d->duration < 0 && stream_mf_file_count(s) > 0 && avfc->nb_streams == 1 &&
        avfc->streams[0]->r_frame_rate.num > 0)
        d->duration = stream_mf_file_count(s) / av_q2d(avfc->streams[0]->r_frame_rate);
    d->seekable = (avfc->pb->seekable & AVIO_SEEKABLE_NORMAL) != 0;
    if (!opts || !opts->matroska_plans)
        d->mkvmap_error = -DEMUX_ERR_NO_INDEX;
    p->io->interrupt_cb = NULL;
    mp_msg(MSGT_DEMUX, MSGL_V, "demux: %s, %d streams, duration %.3f, start %.3f, %sseekable\n",
           d->format_name, d->num_streams, d->duration, d->start_time,
           d->seekable ? "" : "not ");
    *out = d;
    return 0;

fail:
    (void)demux_close(d);  /* no reader runs yet */
    return ret;
}

int demux_open(demuxer_t **out, stream_t *s, const struct demux_opts *opts)
{
    demux_avlog_quiet(true);
    int r = demux_open_quiet(out, s, opts);
    demux_avlog_quiet(false);
    return r;
}

/* Everything of d once no thread uses it (also the release of a reader
 * thread left behind). */
static void demux_release(void *arg)
{
    demuxer_t *d = arg;
    struct demux_priv *p = d->priv;
    while (p->nb_sides > 0)
        demux_side_close(d, p->sides[p->nb_sides - 1]);
    pthread_cond_destroy(&p->rd.done);
    pthread_cond_destroy(&p->rd.wake);
    pthread_mutex_destroy(&p->rd.lock);
    for (int i = 0; i < d->num_streams; i++)
        demux_free_sh(demux_sh_of(d->streams[i]));
    free(d->streams);
    /* With AVFMT_FLAG_CUSTOM_IO this leaves pb alone; it goes below. */
    avformat_close_input(&d->priv->avfc);
    demux_avio_free(p->io);
    free(p->by_index);
    free(p);
    mkvmap_free(d->mkvmap);
    stream_unref(d->stream);
    free(d);
}

bool demux_close(demuxer_t *d)
{
    if (!d)
        return true;
    char url[200];
    snprintf(url, sizeof(url), "%s", stream_url(d->stream));
    if (!demux_reader_stop(&d->priv->rd)) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: the reader thread is blocked in a read of '%s'; "
               "not waiting for it.\n", url);
        return false;
    }
    demux_release(d);
    return true;
}

struct sh_stream *demux_get_stream(demuxer_t *d, enum mp_stream_type t, int id)
{
    for (int i = 0; i < d->num_streams; i++) {
        if (d->streams[i]->type == t && d->streams[i]->id == id)
            return d->streams[i];
    }
    return NULL;
}

struct sh_stream *demux_nth_stream(demuxer_t *d, enum mp_stream_type t, int n)
{
    for (int i = 0; i < d->num_streams; i++) {
        if (d->streams[i]->type == t && n-- == 0)
            return d->streams[i];
    }
    return NULL;
}

struct sh_stream *demux_next_stream(demuxer_t *d, enum mp_stream_type t, int id)
{
    struct sh_stream *first = NULL;
    bool after = false;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        if (sh->type != t)
            continue;
        if (after)
            return sh;
        if (!first)
            first = sh;
        after = sh->id == id;
    }
    return first;
}

static struct sh_stream *demux_default_stream_parked(demuxer_t *d, enum mp_stream_type t)
{
    struct demux_priv *p = d->priv;
    int idx = av_find_best_stream(d->priv->avfc, demux_av_type(t), -1, p->program_stream, NULL, 0);
    struct demux_sh *ds = idx >= 0 && idx < p->nb_index ? p->by_index[idx] : NULL;
    if (ds && ds->sh.type == t && !ds->sh.attached_pic)
        return &ds->sh;
    /* -tsprog: a program without a track of the type has none to give. */
    if (p->program_stream >= 0)
        return NULL;
    /* libavformat's pick was cover art (or nothing it liked): take a real
     * track of the type, the one flagged default first. */
    struct sh_stream *first = NULL;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        if (sh->type != t || sh->attached_pic)
            continue;
        if (sh->is_default)
            return sh;
        if (!first)
            first = sh;
    }
    return first;
}

static void demux_drop_queue(struct demux_priv *p, struct demux_sh *ds)
{
    p->queued_packets -= ds->queue.packets;
    p->queued_bytes -= ds->queue.bytes;
    demux_queue_flush(&ds->queue);
}

static void demux_drop_all_queues(demuxer_t *d)
{
    for (int i = 0; i < d->num_streams; i++)
        demux_drop_queue(d->priv, demux_sh_of(d->streams[i]));
}

/* A packet's time in seconds on sh's clock: dts (file order), else pts. */
static double demux_packet_time(const struct demux_sh *ds, const AVPacket *pkt)
{
    return demux_ts_to_seconds(&ds->sh, pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts);
}

/* Where the main context's tracks are played from: the oldest packet
 * queued (the thread reads ahead of it), else where it reads. */
static double demux_main_play_time(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    double t = INFINITY;
    for (int i = 0; i < d->num_streams; i++) {
        const struct demux_sh *ds = demux_sh_of(d->streams[i]);
        const AVPacket *head = demux_queue_peek(&ds->queue);
        if (!ds->sh.selected || ds->side || ds->sh.type == MP_STREAM_SUB || !head)
            continue;
        double h = demux_packet_time(ds, head);
        if (h < t)
            t = h;
    }
    if (isfinite(t))
        return t;
    return isfinite(p->last_time) ? p->last_time : d->start_time;
}

/* Begin watching for a starved track: the bytes and read time the rule
 * measures count from here (the thread parked, so read_seconds is ours). */
static void demux_watch_start(struct demux_priv *p)
{
    p->split_watch = true;
    p->watch_base = p->pushed_bytes;
    p->read_secs = p->io->read_seconds;
    p->watch_secs = p->read_secs;
    p->read_bytes = p->io->read_bytes;
    p->watch_read_bytes = p->read_bytes;
}

static void demux_select_stream_parked(demuxer_t *d, struct sh_stream *sh, bool selected)
{
    if (!sh || sh->selected == selected)
        return;
    sh->selected = selected;
    if (selected && d->priv->packets == 0 && !d->priv->sought)
        demux_sh_of(sh)->from_start = true;
    d->priv->avfc->streams[sh->ff_index]->discard = selected ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    struct demux_sh *ds = demux_sh_of(sh);
    if (!selected) {
        demux_drop_queue(d->priv, ds);
        if (ds->side)
            demux_side_close(d, ds->side);
        demux_set_fences(d);
        return;
    }
    /* A track selected while playing (a switch) gets a context of its own
     * when its data at the main context's time lie far from there. Before
     * the first read or seek the decision comes with that. */
    struct demux_priv *p = d->priv;
    if (!p->split_decided || p->split_unavailable)
        return;
    if (p->per_track == DEMUX_PER_TRACK_AUTO && !d->mkvmap && !demux_is_indexed(d)) {
        demux_watch_start(p);
        ds->watch_pushed = ds->pushed;
        ds->watch_from = NAN;
    } else if (demux_split_decide(d, demux_main_play_time(d), true, ds) < 0) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: out of memory placing a track\n");
    }
}

static void demux_warn_corrupt(struct demux_priv *p, int64_t pos)
{
    int lev = p->corrupt_warnings < DEMUX_MAX_CORRUPT_WARNINGS ? MSGL_WARN : MSGL_V;
    p->corrupt_warnings++;
    mp_msg(MSGT_DEMUX, lev, "Skipping corrupt data near byte %" PRId64 ".\n", pos);
}

/* At a clean end: damage read past with only libavformat's lines or ours
 * above to show (they name the format or a byte, not the file) gets one
 * line naming the file. An end with an error names it anyway. */
static void demux_report_damage(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    int n = demux_avlog_take_damage() + p->corrupt_warnings;
    if (n > 0 && p->error == 0)
        mp_msg(MSGT_DEMUX, MSGL_WARN, "%s: damaged data was skipped (%d error%s).\n",
               stream_url(d->stream), n, n == 1 ? "" : "s");
}

/* Whether the index of a selected stream lists packets whose bytes lie
 * (partly) past the end of the file: then an end of file reported while
 * reading may be one such entry, not the end of the media. Scanned once. */
static bool demux_index_past_end(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    if (p->index_scanned)
        return p->index_beyond;
    p->index_scanned = true;
    int64_t size = stream_size(d->stream);
    for (int i = 0; i < d->num_streams && size > 0 && !p->index_beyond; i++) {
        struct sh_stream *sh = d->streams[i];
        if (!sh->selected)
            continue;
        AVStream *st = d->priv->avfc->streams[sh->ff_index];
        int n = avformat_index_get_entries_count(st);
        for (int k = 0; k < n; k++) {
            const AVIndexEntry *e = avformat_index_get_entry(st, k);
            if (e && e->pos + e->size > size) {
                p->index_beyond = true;
                break;
            }
        }
    }
    return p->index_beyond;
}

/* The end of a file played from its start: a track that gave nothing is
 * said so (its header or index is broken, or it is empty); when none gave
 * anything the file is not playable. Returns 0 or -DEMUX_ERR_INVALID. */
static int demux_check_empty_tracks(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    if (p->sought)
        return 0;
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        struct demux_sh *ds = demux_sh_of(sh);
        /* A track read from its own position may simply not have been
         * read yet: its context's end is its own. */
        if (!sh->selected || !ds->from_start || ds->packets > 0 || sh->type == MP_STREAM_SUB ||
            ds->side)
            continue;
        mp_msg(MSGT_DEMUX, MSGL_WARN, "%s: %s track %d has no packets that can be read.\n",
               stream_url(d->stream), sh->type == MP_STREAM_VIDEO ? "video" : "audio", sh->id);
    }
    return p->packets > 0 ? 0 : -DEMUX_ERR_INVALID;
}

/* MPEG-TS packet sizes (plain, M2TS with a timestamp, with FEC bytes). */
static bool demux_ts_whole_packets(int64_t size)
{
    return size % 188 == 0 || size % 192 == 0 || size % 204 == 0;
}

/* Whether a top-level MP4 box (ISO BMFF: 32-bit size, 1 for a 64-bit
 * one, 0 for "to the end") extends past the end of the file. Asked only
 * at the end of a file whose index lists bytes past its end (truncated,
 * or a corrupt index: boxes that fit tell the two apart); reads a box
 * header per box, at most 4096 boxes. */
static bool demux_mp4_box_past_end(AVIOContext *pb, int64_t size)
{
    int64_t pos = 0;
    for (int i = 0; i < 4096 && pos + 8 <= size; i++) {
        uint8_t h[16];
        if (avio_seek(pb, pos, SEEK_SET) != pos)
            return false;
        int n = avio_read(pb, h, (int)(size - pos < 16 ? size - pos : 16));
        if (n < 8)
            return false;
        uint64_t box = AV_RB32(h);
        if (box == 1) {
            if (n < 16)
                return true; /* the 64-bit size itself is cut */
            box = AV_RB64(h + 8);
        }
        if (box == 0)
            return false;
        if (box < 8 || box > (uint64_t)INT64_MAX - (uint64_t)pos)
            return false;
        if (pos + (int64_t)box > size)
            return true;
        pos += (int64_t)box;
    }
    return false;
}

/* The end of the file was reached: it is truncated when it is shorter
 * than its header declares (Matroska segment, RIFF, an MP4 box), when an MPEG-TS
 * ends inside a packet (TS declares no size: a cut at a packet boundary
 * looks like a whole file), or when libavformat said the file ended
 * before an element did. Everything there was is played first. */
static void demux_check_truncated(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    int64_t size = stream_size(d->stream);
    int64_t end = stream_end_pos(d->stream);
    bool premature = demux_avlog_take_premature_end();
    /* A truncated file also has index entries past its end or junk at
     * its end (corrupt data): "truncated" says why. */
    if (p->error < 0 && p->error != -DEMUX_ERR_INVALID)
        return;
    /* A source that declared its size (an HTTP Content-Length) and ended
     * before it was cut on the way. */
    bool short_source = size > 0 && end >= 0 && end < size;
    if (size <= 0)
        size = end;  /* a pipe, a URL without a length: what came */
    if (size <= 0)
        return;
    bool ts = !strcmp(d->priv->avfc->iformat->name, "mpegts");
    bool mp4 = !strncmp(d->priv->avfc->iformat->name, "mov,", 4);
    if ((p->declared_size > 0 && size < p->declared_size) ||
        (ts && !demux_ts_whole_packets(size)) || premature || short_source ||
        (mp4 && p->index_past_eof && d->seekable && demux_mp4_box_past_end(p->avfc->pb, size))) {
        if (p->declared_size > size)
            mp_msg(MSGT_DEMUX, MSGL_V, "%s: %" PRId64 " bytes, the header declares %" PRId64
                   "\n", stream_url(d->stream), size, p->declared_size);
        p->error = -DEMUX_ERR_TRUNCATED;
    }
}

/* Whether pkt's bytes reach the end of the source (its size, or where
 * a pipe ended). */
static bool demux_packet_at_end(demuxer_t *d, const AVPacket *pkt)
{
    int64_t end = stream_size(d->stream);
    if (end <= 0)
        end = stream_end_pos(d->stream);
    return end > 0 && pkt->pos >= 0 && pkt->pos + pkt->size >= end;
}

/* PCM cut inside a sample frame (an odd length of s16 mono): the last
 * packet ends in a piece of a frame, which the decoder refuses whole,
 * with an error, while a cut on a frame boundary plays to its last frame.
 * The piece is dropped here, so both cuts play the same frames and end
 * the same way (truncated, by the size check at the end). Returns the
 * packet's size after the trim. */
static int demux_trim_partial_frame(demuxer_t *d, AVPacket *pkt)
{
    const AVCodecParameters *par = d->priv->avfc->streams[pkt->stream_index]->codecpar;
    /* PCM codec ids are 0x10000 up to the first ADPCM one. */
    if (par->codec_type != AVMEDIA_TYPE_AUDIO || par->block_align <= 0 ||
        par->codec_id < AV_CODEC_ID_FIRST_AUDIO || par->codec_id >= AV_CODEC_ID_ADPCM_IMA_QT ||
        pkt->size % par->block_align == 0)
        return pkt->size;
    int keep = pkt->size - pkt->size % par->block_align;
    mp_msg(MSGT_DEMUX, MSGL_V, "%s: %d bytes of a partial sample frame dropped at byte %"
           PRId64 "\n", stream_url(d->stream), pkt->size - keep, pkt->pos + keep);
    pkt->size = keep;  /* the bytes stay; the decoder needs no padding for PCM */
    return keep;
}

/*
 * With tracks apart, grow the map once a context reads past what it
 * knows, and from then on keep it DEMUX_MAP_AHEAD past the farthest
 * context; give every context its fence when the map is complete. Whoever reads the contexts
 * calls it (the reader thread, or the caller without one). Near the
 * contexts, its reads mostly find the pages they read or are about to.
 */
static int demux_map_follow(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    struct mkvmap *m = d->mkvmap;
    if (!m || p->nb_sides == 0 || mkvmap_done(m))
        return 0;
    int64_t front = stream_tell(d->stream);
    for (int k = 0; k < p->nb_sides; k++)
        front = p->sides[k]->io->pos > front ? p->sides[k]->io->pos : front;
    if (!p->map_following && front < mkvmap_next(m))
        return 0;
    p->map_following = true;
    /* Behind the farthest context the cluster heads are in the page
     * cache (it read them): learning them costs no device request. Near
     * the end, in bytes or in time, the map goes ahead of it, for the
     * fences. */
    size_t n = mkvmap_count(m);
    int64_t size = stream_size(d->stream);
    bool lead = d->duration <= 0 || n == 0 || size < 0 || front >= size - DEMUX_MAP_AHEAD ||
                mkvmap_cluster(m, n - 1)->time >= d->duration - DEMUX_MAP_LEAD_SECS;
    int64_t to = lead ? front + DEMUX_MAP_AHEAD : front - DEMUX_MAP_TRAIL;
    while (!mkvmap_done(m) && mkvmap_next(m) <= to) {
        int r = mkvmap_step(m);
        if (r < 0)
            return r;
        if (r == 0)
            break;
    }
    if (mkvmap_done(m))
        demux_set_fences(d);
    return 0;
}

/*
 * Read the next packet of any selected stream into *out. Returns 0, or -1
 * with p->eof or p->error set.
 */
static int demux_fill(demuxer_t *d, AVPacket **out)
{
    struct demux_priv *p = d->priv;
    AVFormatContext *avfc = d->priv->avfc;
    if (demux_map_follow(d) < 0) {
        p->error = -DEMUX_ERR_NOMEM;
        return -1;
    }
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) {
        p->error = -DEMUX_ERR_NOMEM;
        return -1;
    }
    int stuck = 0;
    int64_t last_pos = -1;
    int eof_retries = 0;
    for (;;) {
        int r = av_read_frame(avfc, pkt);
        if (r >= 0) {
            int idx = pkt->stream_index;
            struct demux_sh *ds = idx >= 0 && idx < p->nb_index ? p->by_index[idx] : NULL;
            if (!ds || !ds->sh.selected || ds->side) {
                /* Streams that appear mid-file are unknown to the player:
                 * stop libavformat from reading them at all. */
                if (idx >= p->nb_index && idx < (int)avfc->nb_streams)
                    avfc->streams[idx]->discard = AVDISCARD_ALL;
                av_packet_unref(pkt);
                continue;
            }
            /* A packet cut short by the end of the source is marked
             * corrupt by libavformat: that is the truncation, which the
             * end of the file reports, not damage to warn of. */
            bool cut = demux_packet_at_end(d, pkt);
            if (demux_trim_partial_frame(d, pkt) == 0) {
                av_packet_unref(pkt);
                continue;
            }
            if ((pkt->flags & AV_PKT_FLAG_CORRUPT) && !cut && p->drop_broken) {
                /* -notskeepbroken: MPlayer's default, the decoder never
                 * sees what the transport marked broken. */
                if (p->broken_dropped++ < DEMUX_MAX_CORRUPT_WARNINGS)
                    mp_msg(MSGT_DEMUX, MSGL_V, "demux: dropped a broken packet near byte "
                           "%" PRId64 " (-notskeepbroken)\n", pkt->pos);
                av_packet_unref(pkt);
                continue;
            }
            if ((pkt->flags & AV_PKT_FLAG_CORRUPT) && !cut)
                demux_warn_corrupt(p, pkt->pos);
            demux_discont_follow(&p->discont, &ds->discont, avfc->streams[idx]->time_base,
                                 ds->sh.type != MP_STREAM_SUB, pkt);
            double t = demux_packet_time(ds, pkt);
            if (!isnan(t))
                p->last_time = t;
            /* Packets libavformat marks to be dropped (outside the edit
             * list) are not something the track plays. */
            if (!(pkt->flags & AV_PKT_FLAG_DISCARD)) {
                ds->packets++;
                p->packets++;
            }
            r = av_packet_make_refcounted(pkt);
            if (r < 0) {
                av_packet_free(&pkt);
                p->error = -DEMUX_ERR_NOMEM;
                return -1;
            }
            *out = pkt;
            return 0;
        }
        /* At its fence (demux_set_fences) the main context has ended,
         * whatever libavformat makes of the element cut there. */
        if (p->io->fence_hit && !p->io->stream_error && r < 0)
            r = AVERROR_EOF;
        bool retry = r == AVERROR(EAGAIN) ||
                     (r == AVERROR_INVALIDDATA && !p->io->stream_error && !avio_feof(avfc->pb));
        if (retry) {
            int64_t pos = avio_tell(avfc->pb);
            if (r == AVERROR_INVALIDDATA)
                demux_warn_corrupt(p, pos);
            stuck = pos == last_pos ? stuck + 1 : 0;
            last_pos = pos;
            if (stuck < DEMUX_MAX_STUCK_READS)
                continue;
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: no progress at byte %" PRId64 "\n", pos);
            r = AVERROR_INVALIDDATA;
        }
        if (r == AVERROR_EOF && !p->io->stream_error && d->seekable &&
            eof_retries < DEMUX_MAX_EOF_RETRIES && demux_index_past_end(d)) {
            eof_retries++;
            if (!p->index_past_eof)
                mp_msg(MSGT_DEMUX, MSGL_WARN, "%s: the index lists packets past the end of "
                       "the file (truncated or corrupt); skipping them.\n", stream_url(d->stream));
            p->index_past_eof = true;
            continue;
        }
        av_packet_free(&pkt);
        if (r == AVERROR_EOF && !p->io->stream_error) {
            p->eof = true;
            /* The end of the main context's tracks before another's
             * clusters (demux_set_fences): libavformat calls it premature. */
            if (p->io->fence_hit)
                demux_avlog_take_premature_end();
            /* What the index promised was not there, or no track gave
             * anything: the file is damaged, even when the rest played. */
            int empty = demux_check_empty_tracks(d);
            if (p->index_past_eof || empty < 0)
                p->error = -DEMUX_ERR_INVALID;
            demux_check_truncated(d);
            demux_report_damage(d);
        } else if (r == AVERROR_INVALIDDATA && !p->io->stream_error && avio_feof(avfc->pb)) {
            /* Junk at the very end (a truncated file) is its end. */
            p->eof = true;
            demux_check_truncated(d);
            demux_report_damage(d);
        } else {
            demux_av_msg(MSGL_V, "reading failed", r);
            p->error = demux_map_averror(p, r, -DEMUX_ERR_INVALID);
        }
        return -1;
    }
}


/* ---- one read position per track (Matroska) ---- */

/* The next packet of sd's track into *out. Returns 0, or -1 with sd->eof
 * or sd->error set. */
static int demux_fill_side(demuxer_t *d, struct demux_side *sd, AVPacket **out)
{
    struct demux_priv *p = d->priv;
    if (demux_map_follow(d) < 0) {
        sd->error = -DEMUX_ERR_NOMEM;
        return -1;
    }
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) {
        sd->error = -DEMUX_ERR_NOMEM;
        return -1;
    }
    int stuck = 0;
    int64_t last_pos = -1;
    for (;;) {
        int r = av_read_frame(sd->avfc, pkt);
        if (r >= 0) {
            /* The side discards every other track; anything else that
             * comes (a stream appearing mid-file) is not its business. */
            if (pkt->stream_index != sd->ds->sh.ff_index) {
                av_packet_unref(pkt);
                continue;
            }
            if (pkt->flags & AV_PKT_FLAG_CORRUPT)
                demux_warn_corrupt(p, pkt->pos);
            if (!(pkt->flags & AV_PKT_FLAG_DISCARD)) {
                sd->ds->packets++;
                p->packets++;
            }
            double t = demux_packet_time(sd->ds, pkt);
            if (!isnan(t))
                sd->last_time = t;
            if (av_packet_make_refcounted(pkt) < 0) {
                av_packet_free(&pkt);
                sd->error = -DEMUX_ERR_NOMEM;
                return -1;
            }
            *out = pkt;
            return 0;
        }
        bool retry = r == AVERROR(EAGAIN) ||
                     (r == AVERROR_INVALIDDATA && !sd->io->stream_error &&
                      !avio_feof(sd->avfc->pb));
        if (retry) {
            int64_t pos = avio_tell(sd->avfc->pb);
            if (r == AVERROR_INVALIDDATA)
                demux_warn_corrupt(p, pos);
            stuck = pos == last_pos ? stuck + 1 : 0;
            last_pos = pos;
            if (stuck < DEMUX_MAX_STUCK_READS)
                continue;
            r = AVERROR_INVALIDDATA;
        }
        av_packet_free(&pkt);
        if (sd->io->stream_error)
            sd->error = -DEMUX_ERR_IO;
        else if (r == AVERROR_EOF || (r == AVERROR_INVALIDDATA && avio_feof(sd->avfc->pb)) ||
                 sd->io->fence_hit)
            sd->eof = true;
        else if (r == AVERROR(ENOMEM))
            sd->error = -DEMUX_ERR_NOMEM;
        else
            sd->error = -DEMUX_ERR_INVALID;
        /* Its fence is the end of its track, not of the file: what
         * libavformat said of it must not count as the file's. */
        if (sd->eof && sd->io->fence_hit)
            demux_avlog_take_premature_end();
        if (sd->error)
            demux_av_msg(MSGL_V, "reading a track from its own position failed", r);
        return -1;
    }
}

static const char *demux_type_name(const struct sh_stream *sh)
{
    return sh->type == MP_STREAM_VIDEO ? "video" : sh->type == MP_STREAM_AUDIO ? "audio" : "sub";
}

static bool demux_is_matroska(const demuxer_t *d)
{
    return d->format_name && !strncmp(d->format_name, "matroska", 8);
}

/* MP4/MOV: the header indexes every packet of every track, so where each
 * track lies at any time is known without reading (no map), and a context
 * that discards the other tracks reads nothing of theirs. */
static bool demux_is_indexed(const demuxer_t *d)
{
    return d->format_name && !strncmp(d->format_name, "mov,", 4);
}

/* Seek one context to ts (AV_TIME_BASE units) by stream idx's index (-1:
 * libavformat's default stream), to a keyframe at or before ts, else the
 * first one after it. */
static int demux_ctx_seek(AVFormatContext *avfc, int idx, int64_t ts)
{
    int64_t t = idx < 0 ? ts : av_rescale_q(ts, AV_TIME_BASE_Q, avfc->streams[idx]->time_base);
    int r = av_seek_frame(avfc, idx, t, AVSEEK_FLAG_BACKWARD);
    if (r < 0) {
        /* Before the first index entry there is no keyframe at or before
         * the target; the first one is the closest there is. */
        demux_av_msg(MSGL_DBG2, "backward seek failed, trying forward", r);
        r = av_seek_frame(avfc, idx, t, 0);
    }
    return r;
}

/* Give stream idx of avfc an index entry at each cluster of the map that
 * holds its track: libavformat's matroska reader seeks a stream by its
 * index, which Cues give only for video, and every block of a cluster
 * is timed no earlier than the cluster. */
static void demux_index_from_map(demuxer_t *d, AVFormatContext *avfc, int idx)
{
    const struct mkvmap *m = d->mkvmap;
    if (!m)
        return;
    int num = mkvmap_track_of(m, idx);
    AVStream *st = avfc->streams[idx];
    double tb = av_q2d(st->time_base);
    if (num < 1 || !(tb > 0))
        return;
    for (size_t i = 0; i < mkvmap_count(m); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
        if (c->span || !mkvmap_may_carry(m, c, num) || !isfinite(c->time) ||
            fabs(c->time / tb) > 9e18)
            continue;
        /* A track first found deep inside the cluster (mkvmap_find_deep)
         * or stored behind the others may start before the cluster's
         * time: libavformat drops the blocks before the entry's time
         * after a seek. */
        double time = mkvmap_track_time(m, c, num, NULL);
        if (!(fabs(time / tb) < 9e18))
            time = c->time;
        /* A full index is only a slower search; the seek goes on. */
        if (av_add_index_entry(st, c->pos, llrint(time / tb), 0, 0, AVINDEX_KEYFRAME) < 0)
            mp_msg(MSGT_DEMUX, MSGL_DBG2, "demux: no index entry for byte %" PRId64 "\n", c->pos);
    }
}

static void demux_side_close(demuxer_t *d, struct demux_side *sd)
{
    struct demux_priv *p = d->priv;
    for (int i = 0; i < p->nb_sides; i++) {
        if (p->sides[i] == sd) {
            p->sides[i] = p->sides[--p->nb_sides];
            break;
        }
    }
    if (sd->ds) {
        sd->ds->side = NULL;
        if (sd->ds->sh.selected)
            d->priv->avfc->streams[sd->ds->sh.ff_index]->discard = AVDISCARD_DEFAULT;
    }
    avformat_close_input(&sd->avfc);
    demux_avio_free(sd->io);
    free(sd);
}

/* A context of ds's own on the same file, its header read, every other
 * track discarded and ds's index made from the map. Not yet sought. */
static int demux_side_open(demuxer_t *d, struct demux_sh *ds)
{
    struct demux_priv *p = d->priv;
    if (p->nb_sides >= DEMUX_MAX_SIDES)
        return -DEMUX_ERR_INVALID;
    struct demux_side *sd = calloc(1, sizeof(*sd));
    if (!sd)
        return -DEMUX_ERR_NOMEM;
    sd->last_time = -INFINITY;
    sd->read_after = p->packets + DEMUX_SIDE_LEAD_PACKETS;
    int ret = -DEMUX_ERR_NOMEM;
    sd->io = demux_avio_create_side(d->stream);
    if (!sd->io || !(sd->avfc = avformat_alloc_context()))
        goto fail;
    sd->avfc->pb = sd->io->pb;
    sd->avfc->flags |= AVFMT_FLAG_CUSTOM_IO;
    /* No avformat_find_stream_info: the main context has the streams'
     * parameters, and it would read packets of every track. */
    demux_avlog_quiet(true);
    int r = avformat_open_input(&sd->avfc, stream_url(d->stream), d->priv->avfc->iformat, NULL);
    demux_avlog_quiet(false);
    if (r < 0) {
        demux_av_msg(MSGL_V, "second context: opening failed", r);
        ret = sd->io->stream_error ? -DEMUX_ERR_IO : -DEMUX_ERR_INVALID;
        goto fail;
    }
    /* The same header read twice gives the same streams; anything else
     * (a file changing under us) and its packets could not be merged. */
    ret = -DEMUX_ERR_INVALID;
    if (sd->avfc->nb_streams != d->priv->avfc->nb_streams)
        goto fail;
    for (unsigned i = 0; i < sd->avfc->nb_streams; i++) {
        const AVStream *a = sd->avfc->streams[i], *b = d->priv->avfc->streams[i];
        if (a->codecpar->codec_id != b->codecpar->codec_id ||
            av_cmp_q(a->time_base, b->time_base) != 0)
            goto fail;
        sd->avfc->streams[i]->discard = (int)i == ds->sh.ff_index ? AVDISCARD_DEFAULT
                                                                  : AVDISCARD_ALL;
    }
    demux_index_from_map(d, sd->avfc, ds->sh.ff_index);
    sd->ds = ds;
    ds->side = sd;
    p->sides[p->nb_sides++] = sd;
    d->priv->avfc->streams[ds->sh.ff_index]->discard = AVDISCARD_ALL;
    return 0;

fail:
    if (sd->avfc)
        avformat_close_input(&sd->avfc);
    demux_avio_free(sd->io);
    free(sd);
    return ret;
}

/* What the map has cost ahead of the main context, against what reading
 * those bytes in file order would have (demux_map_reach). */
struct demux_walk {
    bool budget;        /* give up where the walk costs more */
    int64_t front;      /* the main context's position */
    double seq;         /* seconds per byte it has been reading at */
    double secs;        /* time the reads of steps ahead of front took */
    int64_t bytes;      /* the clusters those steps skipped */
    int64_t until;      /* steps up to here are taken whatever they cost */
};

/*
 * Grow the map until each of the n tracks has a cluster after time t (its
 * data at t then lie in known clusters) or the map ends. With a budget,
 * returns 1 (given up) once the steps ahead of the main context have
 * taken longer than reading the clusters they skipped would: a cluster
 * head ahead is a jump or two, reading it is its bytes. Timed, because
 * only the device knows which is dearer: the map's reads, not its parsing,
 * which costs nothing beside a device but, under a sanitizer on a loaded
 * machine, made a page-cached walk look dearer than reading (the weighing
 * of the main context's reads, seq, is its reads' time too); steps behind
 * the main context
 * are not counted (where it read their pages they cost nothing; after a
 * seek they do, but a walk to the seek's time is what places a track
 * stored after the others there: counted, the 60 s track-after-track
 * file at -ss 30 was read in order, first frame 2.9 -> 17 s), and walks
 * under DEMUX_WALK_MIN_SECS go on (a file in the page cache, where both
 * cost nothing).
 */
static int demux_map_reach(struct mkvmap *m, const int *nums, int n, double t,
                           struct demux_walk *w)
{
    bool reached[DEMUX_MAX_SIDES * 2] = {false};
    size_t seen = 0;
    for (;;) {
        size_t count = mkvmap_count(m);
        for (; seen < count; seen++) {
            const struct mkvmap_cluster *c = mkvmap_cluster(m, seen);
            /* A block seen at t starts the track's data at t; a cluster
             * timed t may follow one whose blocks reach t. */
            for (int j = 0; j < n; j++) {
                bool exact;
                double ct = mkvmap_track_time(m, c, nums[j], &exact);
                reached[j] = reached[j] || (mkvmap_may_carry(m, c, nums[j]) &&
                                            (ct > t || (exact && ct >= t)));
            }
        }
        /* Between two cued clusters a leap looked at, the track's data at
         * t are one cue's clusters from the map's end: read, not walked
         * (the audio 12 s behind its video: 50 heads of 25 KB clusters,
         * 2.3 s at 1.2 MB/s, where reading them on takes 1 s). */
        for (int j = 0; j < n; j++)
            reached[j] = reached[j] || mkvmap_leap_bracketed(m, nums[j], t);
        bool all = true;
        for (int j = 0; j < n; j++)
            all = all && reached[j];
        if (all || mkvmap_done(m))
            return 0;
        uint64_t wanted = 0;
        for (int j = 0; j < n; j++)
            wanted |= reached[j] || nums[j] > 63 ? 0 : (uint64_t)1 << nums[j];
        struct mkvmap_stats st0;
        mkvmap_get_stats(m, &st0);
        /* A looked-for track found among the run's blocks further on (one
         * stored behind the others) ends the leap at the cued cluster
         * before: the steps from there to the one where it was seen meet
         * its first block, and are taken whatever they cost. */
        int64_t mixed_at;
        int r = mkvmap_leap(m, wanted, &mixed_at);
        if (r > 0 && mixed_at >= 0)
            w->until = mixed_at;
        /* After a seek every track may be far from the map's end, in
         * clusters of both (a track stored behind the others: the audio
         * at 30 s lies 9 MB past the video's, one cluster head per 25 KB
         * between, 10 s of steps at 1.2 MB/s). */
        if (r == 0 && count > 0) {
            const struct mkvmap_cluster *last = mkvmap_cluster(m, count - 1);
            int left[DEMUX_MAX_SIDES * 2], nl = 0;
            bool far = false;
            for (int j = 0; j < n; j++) {
                if (reached[j])
                    continue;
                left[nl++] = nums[j];
                far = far || mkvmap_track_time(m, last, nums[j], NULL) < t - DEMUX_LEAP_TO_SECS;
            }
            r = far ? mkvmap_leap_to(m, left, nl, t) : 0;
        }
        /* Weighed before each step, after the leap had its chance: one
         * that passes the run pays for the steps before it. */
        if (r == 0 && w->budget && w->secs > DEMUX_WALK_MIN_SECS && mkvmap_next(m) > w->until &&
            w->secs * DEMUX_WALK_GAIN > w->seq * (double)w->bytes)
            return 1;
        if (r == 0)
            r = mkvmap_step(m);
        if (r <= 0)
            return r;
        struct mkvmap_stats st;
        mkvmap_get_stats(m, &st);
        /* What the step or leap learned ahead of the main context
         * (nothing: it skipped Cues, Tags...). A span that starts behind
         * the front still spares the bytes past it. */
        bool ahead = false;
        for (size_t i = seen; i < mkvmap_count(m); i++) {
            const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
            if (c->end > w->front) {
                ahead = true;
                w->bytes += c->end - (c->pos > w->front ? c->pos : w->front);
            }
        }
        if (ahead)
            w->secs += st.read_secs - st0.read_secs;
    }
}

/* Whether a block of track num was seen in c (or, for a span, c was taken
 * to hold it). */
static bool demux_map_has(const struct mkvmap_cluster *c, int num)
{
    return num > 0 && num <= MKVMAP_MAX_TRACK && (c->tracks >> num & 1);
}

/* Whether c is a span passed on the way to a time (mkvmap_leap_to), not a
 * run of one track's clusters (mkvmap_leap). */
static bool demux_map_passed(const struct mkvmap_cluster *c)
{
    return c->span && c->first == 0;
}

/* Where track num's data at time t start: its last cluster at or before
 * t, else its first (*time: the track's time there, see
 * mkvmap_track_time); -1 when the map has none. */
static int64_t demux_map_track_pos(const struct mkvmap *m, int num, double t, double *time)
{
    int64_t first = -1, at = -1;
    double first_time = NAN, at_time = NAN;
    for (size_t i = 0; i < mkvmap_count(m); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
        /* A span passed on the way to a time (mkvmap_leap_to) is timed by
         * the cluster before it, which says nothing of the tracks it was
         * not passed for. */
        if ((demux_map_passed(c) && !demux_map_has(c, num)) || !mkvmap_may_carry(m, c, num))
            continue;
        double ct = mkvmap_track_time(m, c, num, NULL);
        if (first < 0) {
            first = c->pos;
            first_time = ct;
        }
        if (ct <= t) {
            at = c->pos;
            at_time = ct;
        }
    }
    *time = at >= 0 ? at_time : first_time;
    return at >= 0 ? at : first;
}

/* Whether a span the map leapt over (mkvmap_leap) lies before pos. */
static bool demux_map_leapt_before(const struct mkvmap *m, int64_t pos)
{
    for (size_t i = 0; i < mkvmap_count(m); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
        if (c->pos >= pos)
            break;
        if (c->span)
            return true;
    }
    return false;
}

/* The map's cluster at pos and its index (index may be NULL), NULL when
 * none starts there. */
static const struct mkvmap_cluster *demux_map_at(const struct mkvmap *m, int64_t pos,
                                                 size_t *index)
{
    for (size_t i = 0; i < mkvmap_count(m); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
        if (c->pos == pos) {
            if (index)
                *index = i;
            return c;
        }
    }
    return NULL;
}

/* Whether the cluster at pos holds a block of another of the n tracks
 * nums than nums[self]. */
static bool demux_map_holds_other(const struct mkvmap *m, int64_t pos, const int *nums, int n,
                                  int self)
{
    const struct mkvmap_cluster *c = demux_map_at(m, pos, NULL);
    for (int j = 0; c && j < n; j++) {
        if (j != self && demux_map_has(c, nums[j]))
            return true;
    }
    return false;
}

/* The position of the cluster after the one at pos, -1 when not known. */
static int64_t demux_map_after(const struct mkvmap *m, int64_t pos)
{
    size_t i;
    return demux_map_at(m, pos, &i) && i + 1 < mkvmap_count(m) ? mkvmap_cluster(m, i + 1)->pos
                                                                : -1;
}

/* Whether the cluster at pos holds blocks of another of the n tracks
 * nums besides nums[self] and the time of the track's first block there
 * is not known: a context of its own could not be placed by the track's
 * time (libavformat seeks by the cluster's, the near track's, and drops
 * the blocks timed before it: 2 s of audio at the start of a file whose
 * audio is stored behind its video). Known, the clusters are shared: the
 * side reads them first, the main context later from the page cache. */
static bool demux_map_shared(const struct mkvmap *m, int64_t pos, const int *nums, int n,
                             int self)
{
    const struct mkvmap_cluster *c = demux_map_at(m, pos, NULL);
    bool seen = false;
    if (c)
        mkvmap_track_time(m, c, nums[self], &seen);
    return !seen && demux_map_holds_other(m, pos, nums, n, self);
}

/* When the whole map is known: each context stops at the end of the last
 * cluster that holds one of its tracks, so that the main context does not
 * read through a far track's clusters (discarding every block) to the end
 * of the file, nor a side through another far track's. */
static void demux_set_fences(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    const struct mkvmap *m = d->mkvmap;
    p->io->fence_start = p->io->fence_end = 0;
    p->io->fence_hit = false;
    for (int k = 0; k < p->nb_sides; k++) {
        struct demux_avio *io = p->sides[k]->io;
        io->fence_start = io->fence_end = 0;
        io->fence_hit = false;
    }
    if (!m || !mkvmap_complete(m) || mkvmap_count(m) == 0 || p->nb_sides == 0)
        return;
    int64_t clusters_end = mkvmap_cluster(m, mkvmap_count(m) - 1)->end;
    /* src -1: the main context, which keeps every selected track without
     * a side (subtitles included). */
    for (int src = -1; src < p->nb_sides; src++) {
        int64_t last = -1;
        for (size_t i = 0; i < mkvmap_count(m); i++) {
            const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
            for (int j = 0; j < d->num_streams; j++) {
                struct demux_sh *ds = demux_sh_of(d->streams[j]);
                bool mine = src < 0 ? !ds->side : ds->side == p->sides[src];
                int num = mkvmap_track_of(m, ds->sh.ff_index);
                if (!ds->sh.selected || !mine)
                    continue;
                /* A track the map cannot name may be anywhere. */
                if (num < 1 || mkvmap_may_carry(m, c, num))
                    last = num < 1 ? clusters_end : c->end > last ? c->end : last;
            }
        }
        struct demux_avio *io = src < 0 ? p->io : p->sides[src]->io;
        if (last >= 0 && last < clusters_end) {
            io->fence_start = last;
            io->fence_end = clusters_end;
            mp_msg(MSGT_DEMUX, MSGL_DBG2, "demux: %s context stops at byte %" PRId64 "\n",
                   src < 0 ? "main" : "side", last);
        }
    }
}

/* A track placed at a cluster it shares with another track, its first
 * block there timed at t or later: its first blocks may lie deep in the
 * cluster before (a track stored behind the others: a cluster's head
 * shows only its first blocks), looked for there. A track in clusters of
 * its own (stored after the others) is not: the cluster before is the
 * other track's, read up to a megabyte for nothing. */
static int demux_map_place_behind(struct mkvmap *m, const int *nums, int n, double t,
                                  int64_t *pos, double *times)
{
    for (int j = 0; j < n; j++) {
        if (pos[j] < 0 || !(times[j] >= t) || !demux_map_holds_other(m, pos[j], nums, n, j))
            continue;
        int64_t at;
        double time;
        int r = mkvmap_find_before(m, nums[j], pos[j], DEMUX_DEEP_BYTES, &at, &time);
        if (r < 0)
            return r;
        if (r == 1 && time <= times[j]) {
            pos[j] = at;
            times[j] = time;
        }
    }
    return 0;
}

/* A track no cluster head of the whole map showed: looked for inside
 * the clusters, from the last one back (mkvmap_find_deep). Found timed
 * past t, it is taken to be one of a track's blocks stored at the end of
 * every cluster, not where the track starts, and stays unplaced. */
static int demux_map_place_deep(struct mkvmap *m, const int *nums, int n, double t,
                                int64_t *pos, double *times)
{
    if (!mkvmap_complete(m))
        return 0;
    for (int j = 0; j < n; j++) {
        if (pos[j] >= 0)
            continue;
        int64_t at;
        double time;
        int r = mkvmap_find_deep(m, nums[j], DEMUX_DEEP_BYTES, &at, &time);
        if (r < 0)
            return r;
        if (r == 1 && time <= t + DEMUX_LEAP_SLACK) {
            pos[j] = at;
            times[j] = time;
        }
    }
    return 0;
}

/*
 * Grow the map until each of the n tracks nums has its data at time t in
 * known clusters, and set pos[j] to where track j's start (-1: not in the
 * map) and times[j] to the time of its first block there or earlier.
 * Returns 0, 1 when the walk's budget gave up (one read position), or
 * -DEMUX_ERR_x. A leap's bet (mkvmap_leap) is lost when a track's first
 * cluster after a leapt span is timed past t: its data at t may be in the
 * span. The map is then learned again without leaps, whose cost is the
 * walk leaps spare, not a track placed after its data.
 */
static int demux_map_place(demuxer_t *d, const int *nums, int n, double t, int64_t *pos,
                           double *times)
{
    struct demux_priv *p = d->priv;
    bool relearned = false;
    for (;;) {
        struct mkvmap *m = d->mkvmap;
        /* Read plans (-mkv-plan) are made of every cluster's span and
         * time, which a leapt span does not give. */
        if (!d->mkvmap_error)
            mkvmap_no_leaps(m);
        /* A first look on its own (no track apart yet) is weighed against
         * reading on; forced, or with tracks apart already, the map is
         * walked as far as it takes. */
        struct demux_walk w = {
            .budget = p->per_track == DEMUX_PER_TRACK_AUTO && p->nb_sides == 0,
            .front = stream_tell(d->stream),
            .seq = p->io->read_bytes > 0 ? p->io->read_seconds / (double)p->io->read_bytes : 0,
            .until = -1,
        };
        int r = demux_map_reach(m, nums, n, t, &w);
        if (r < 0)
            return r;
        if (r == 1) {
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: the cluster heads ahead took %.0f ms for "
                   "%.2f MB, which reading on takes %.0f ms here: one read position\n",
                   w.secs * 1e3, w.bytes / 1048576.0, w.seq * (double)w.bytes * 1e3);
            return 1;
        }
        bool lost = false, inside = false;
        for (int j = 0; j < n; j++) {
            pos[j] = demux_map_track_pos(m, nums[j], t, &times[j]);
            lost = lost || (pos[j] >= 0 && times[j] > t + DEMUX_LEAP_SLACK &&
                            demux_map_leapt_before(m, pos[j]));
            const struct mkvmap_cluster *c = pos[j] >= 0 ? demux_map_at(m, pos[j], NULL) : NULL;
            inside = inside || (c && demux_map_passed(c));
        }
        /* A span passed on the way to another time (mkvmap_leap_to) holds
         * this time's data (a seek back): the map is learned again, with
         * leaps toward this time, once. */
        if (inside && !relearned) {
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: the data at %.3f lie in clusters the map passed "
                   "on the way to another time: learning it again\n", t);
            relearned = true;
        } else if (!lost) {
            r = demux_map_place_behind(m, nums, n, t, pos, times);
            return r < 0 ? r : demux_map_place_deep(m, nums, n, t, pos, times);
        } else {
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: a track's first cluster after a leapt span is "
                   "timed after %.3f: walking every cluster\n", t);
        }
        mkvmap_free(d->mkvmap);
        d->mkvmap = NULL;
        r = mkvmap_open(&d->mkvmap, d->stream, d->priv->avfc);
        if (r < 0)
            return r == -DEMUX_ERR_NOMEM ? r : 1;
        if (lost)
            mkvmap_no_leaps(d->mkvmap);
    }
}

/* Where each of the n tracks of an indexed file lies at time t: pos[j] the
 * byte of its last index entry at or before t (a video track's keyframe, so
 * that a side sought there starts where its decoder can), else (and from
 * the start) its first entry; times[j] that entry's time. -1 when the track has no index.
 * Reads nothing. Returns 0. */
static int demux_index_place(demuxer_t *d, struct demux_sh *const *tracks, int n, double t,
                             int64_t *pos, double *times)
{
    for (int j = 0; j < n; j++) {
        AVStream *st = d->priv->avfc->streams[tracks[j]->sh.ff_index];
        pos[j] = -1;
        times[j] = NAN;
        double tb = av_q2d(st->time_base);
        if (!(tb > 0) || !(fabs(t / tb) < 9e18))
            continue;
        /* From the start: the first entry, also one timed before it (an
         * AAC track's priming samples, decoded and dropped). */
        int k = t <= d->start_time ? -1
                                   : av_index_search_timestamp(st, llrint(t / tb),
                                                               AVSEEK_FLAG_BACKWARD);
        if (k < 0 && avformat_index_get_entries_count(st) > 0)
            k = 0;
        const AVIndexEntry *e = k >= 0 ? avformat_index_get_entry(st, k) : NULL;
        if (!e)
            continue;
        pos[j] = e->pos;
        times[j] = e->timestamp * tb;
    }
    return 0;
}

/* Whether tracks may be read from places of their own at all: Matroska or
 * MP4 on a plain seekable file, not forbidden, and nothing (no map, a walk given
 * up) has ruled it out. */
static bool demux_split_possible(const demuxer_t *d)
{
    const struct demux_priv *p = d->priv;
    return p->per_track != DEMUX_PER_TRACK_OFF && !p->split_unavailable &&
           (demux_is_matroska(d) || demux_is_indexed(d)) &&
           stream_get_kind(d->stream) == STREAM_KIND_FILE && d->seekable;
}

/* The file's average byte rate, 0 when its size or duration is unknown. */
static double demux_byte_rate(const demuxer_t *d)
{
    int64_t size = stream_size(d->stream);
    return d->duration > 0 && size > 0 ? size / d->duration : 0;
}

/* Whether a track whose data at the play position start dist bytes from
 * the main context's should be read from its own position. */
static bool demux_is_far(demuxer_t *d, int64_t dist)
{
    struct demux_priv *p = d->priv;
    if (p->per_track == DEMUX_PER_TRACK_ON)
        return dist > 0;
    double rate = demux_byte_rate(d);
    return dist >= DEMUX_FAR_BYTES || (rate > 0 && dist >= DEMUX_FAR_SECS * rate);
}

/* Whether the map knows every cluster from the one at from up to to, each
 * holding a block of one of the n selected tracks nums and starting before
 * the play's end. A span leapt on the way to a time says nothing of what
 * it holds. */
static bool demux_map_between(const struct mkvmap *m, const struct demux_priv *p, int64_t from,
                              int64_t to, const int *nums, int n)
{
    size_t i;
    if (!m || !demux_map_at(m, from, &i))
        return false;
    int64_t at = from;
    for (; at < to && i < mkvmap_count(m); i++) {
        const struct mkvmap_cluster *c = mkvmap_cluster(m, i);
        if (c->pos - at > DEMUX_UNTIMED_MAP_GAP || demux_map_passed(c) ||
            c->time >= p->play_end)
            return false;
        bool selected = false;
        for (int j = 0; j < n; j++)
            selected |= demux_map_has(c, nums[j]) || (c->span && c->first == nums[j]);
        if (!selected)
            return false;
        at = c->end;
    }
    return at >= to;
}

/* Whether a far Matroska track (its data at byte at, the main context's
 * at base) is read in file order all the same, as fast as possible: ahead
 * within DEMUX_UNTIMED_NEAR_BYTES and the queues' bound, every cluster
 * between holding a played track's blocks. Not an MP4: its one context
 * reads the tracks by time, jumping between their places as often as a
 * side's turns (make bench's skew files as fast as possible within 2%
 * either way, DOCS/tech/demux.md). */
static bool demux_untimed_near(demuxer_t *d, const int *nums, int n, int64_t base, int64_t at)
{
    const struct demux_priv *p = d->priv;
    if (!p->untimed || p->per_track != DEMUX_PER_TRACK_AUTO || demux_is_indexed(d) ||
        at <= base)
        return false;
    int64_t dist = at - base;
    if (dist > DEMUX_UNTIMED_NEAR_BYTES || dist > p->max_bytes / DEMUX_WATCH_QUEUE_PART ||
        !demux_map_between(d->mkvmap, p, base, at, nums, n) || p->pushed_bytes <= 0)
        return false;
    /* The packets there, at the size of those read so far. */
    double packets = (double)dist * p->packets / p->pushed_bytes;
    return packets <= p->max_packets / DEMUX_WATCH_QUEUE_PART;
}

/*
 * Decide which selected audio and video tracks are read from their own
 * position at file time t, and make or close their contexts; with only,
 * place that track alone (a switch while playing: the others keep their
 * contexts and queues). Sides made here are sought to t when seek_new (the
 * main context reads on from where it is); on a seek the caller seeks them
 * all. The thread is parked. Returns 0 or -DEMUX_ERR_NOMEM; whatever else
 * fails leaves one context.
 */
static int demux_split_decide(demuxer_t *d, double t, bool seek_new, struct demux_sh *only)
{
    struct demux_priv *p = d->priv;
    p->split_decided = true;
    if (!demux_split_possible(d)) {
        p->split_unavailable = true;
        return 0;
    }
    /* One track has nothing to be apart from: no map is read for it. */
    int av = 0;
    for (int i = 0; i < d->num_streams; i++) {
        const struct sh_stream *sh = d->streams[i];
        av += sh->selected && !sh->attached_pic && sh->type != MP_STREAM_SUB;
    }
    if (av < 2 && p->nb_sides == 0)
        return 0;
    bool indexed = demux_is_indexed(d);
    if (!indexed && !d->mkvmap) {
        int r = mkvmap_open(&d->mkvmap, d->stream, d->priv->avfc);
        if (r < 0) {
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: no cluster map (%s): one read position\n",
                   demux_strerror(r));
            if (r == -DEMUX_ERR_NOMEM)
                return r;
            p->split_unavailable = true;
            return 0;
        }
    }
    struct mkvmap *m = d->mkvmap;
    struct demux_sh *tracks[DEMUX_MAX_SIDES * 2];
    int nums[DEMUX_MAX_SIDES * 2];
    int n = 0;
    for (int i = 0; i < d->num_streams && n < DEMUX_MAX_SIDES * 2; i++) {
        struct demux_sh *ds = demux_sh_of(d->streams[i]);
        if (!ds->sh.selected || ds->sh.attached_pic || ds->sh.type == MP_STREAM_SUB)
            continue;
        int num = indexed ? 1 : mkvmap_track_of(m, ds->sh.ff_index);
        if (num < 1)
            continue;
        tracks[n] = ds;
        nums[n++] = num;
    }
    int64_t pos[DEMUX_MAX_SIDES * 2];
    double times[DEMUX_MAX_SIDES * 2];
    int r = indexed ? demux_index_place(d, tracks, n, t, pos, times)
                    : demux_map_place(d, nums, n, t, pos, times);
    if (r < 0)
        return r;
    if (r == 1) {
        p->split_unavailable = true;
        return 0;
    }
    m = d->mkvmap;
    /* Where the main context reads: its nearest track's data (placing
     * one track, the others' on the main context, if any). */
    int64_t base = INT64_MAX;
    for (int j = 0; j < n; j++) {
        if (pos[j] >= 0 && pos[j] < base && (!only || (tracks[j] != only && !tracks[j]->side)))
            base = pos[j];
    }
    for (int j = 0; j < n; j++) {
        struct demux_sh *ds = tracks[j];
        if (only && ds != only)
            continue;
        /* Data behind the main context (only when placing one track) are
         * as far: that context has passed them. */
        bool known = pos[j] >= 0 && base != INT64_MAX;
        int64_t dist = !known ? 0 : pos[j] > base ? pos[j] - base : base - pos[j];
        bool far = known && demux_is_far(d, dist) &&
                   (indexed || !demux_map_shared(m, pos[j], nums, n, j));
        if (far && demux_untimed_near(d, nums, n, base, pos[j])) {
            far = false;
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: %s track %d lies %.1f MB ahead, among the "
                   "played tracks' data: read in file order, as fast as possible\n",
                   demux_type_name(&ds->sh), ds->sh.id, dist / 1048576.0);
        }
        if (!far && ds->side) {
            demux_side_close(d, ds->side);
        } else if (far && ds->side) {
            /* Its index gains what the map learned since (a seek). */
            demux_index_from_map(d, ds->side->avfc, ds->sh.ff_index);
        } else if (far && !ds->side) {
            r = demux_side_open(d, ds);
            if (r == -DEMUX_ERR_NOMEM)
                return r;
            if (r < 0)
                continue;
            int64_t next = indexed ? -1 : demux_map_after(m, pos[j]);
            if (next >= 0 && demux_map_holds_other(m, pos[j], nums, n, j) &&
                demux_map_holds_other(m, next, nums, n, j)) {
                double rate = demux_byte_rate(d);
                int64_t piece = (int64_t)(rate * DEMUX_SIDE_SHARED_READ_SECS);
                demux_avio_side_reads(ds->side->io, piece);
                mp_msg(MSGT_DEMUX, MSGL_V, "demux: its clusters hold another track's blocks: "
                       "it reads up to %d KB at a time\n", ds->side->io->side_max / 1024);
            }
            mp_msg(MSGT_DEMUX, MSGL_V, "demux: %s track %d is read from its own position "
                   "(byte %" PRId64 ", %.1f MB from the nearest track's)%s\n",
                   demux_type_name(&ds->sh), ds->sh.id, pos[j], dist / 1048576.0,
                   p->per_track == DEMUX_PER_TRACK_ON ? ", forced" : "");
            /* Sought to its first block there when that is before t: the
             * cluster's parse after the seek gives each block an index
             * entry, and a seek to t would start at the block at t,
             * dropping the ones before it that one context gives. */
            double to = isfinite(times[j]) && times[j] < t ? times[j] : t;
            if (seek_new && demux_ctx_seek(ds->side->avfc, ds->sh.ff_index,
                                           llrint(to * AV_TIME_BASE)) < 0) {
                mp_msg(MSGT_DEMUX, MSGL_V, "demux: its context cannot seek there; "
                       "one read position\n");
                demux_side_close(d, ds->side);
            }
        }
    }
    /* The rest of the map, which the fences need, is learned as the
     * contexts read (demux_map_follow): walked here it was a jump per
     * cluster of the far track before the first frame (the 60 s 720p
     * file's audio: 12 cluster heads, 0.6 s at 1.2 MB/s). */
    demux_set_fences(d);
    return 0;
}

/* What the main context queues of the other tracks before a starved one
 * is looked for. */
static int64_t demux_watch_bytes(const demuxer_t *d)
{
    double rate = demux_byte_rate(d);
    if (rate <= 0 || DEMUX_WATCH_SECS * rate >= DEMUX_WATCH_BYTES)
        return DEMUX_WATCH_BYTES;
    if (DEMUX_WATCH_SECS * rate <= DEMUX_WATCH_MIN_BYTES)
        return DEMUX_WATCH_MIN_BYTES;
    return (int64_t)(DEMUX_WATCH_SECS * rate);
}

/*
 * The placement at the first read or a seek (the thread parked).
 * Automatic and with every track on the main context, nothing is read
 * yet: the main context reads in file order and demux_split_starved
 * looks for a track that does not come. A map walked up front cost one
 * jump per cluster head before the first frame, which on a short or
 * interleaved file never paid back (noninter.mkv of make bench: first
 * frame 1.0 s on net, against 0.03 s read in order).
 */
static int demux_split_begin(demuxer_t *d, double t, bool seek_new)
{
    struct demux_priv *p = d->priv;
    if (p->per_track != DEMUX_PER_TRACK_AUTO || demux_is_indexed(d))
        return demux_split_decide(d, t, seek_new, NULL);
    /* A map read once is used again: the decision costs no more reads
     * than the clusters up to t that it has not seen. */
    if (d->mkvmap) {
        int r = demux_split_decide(d, t, seek_new, NULL);
        if (r < 0)
            return r;
    }
    p->split_decided = true;
    if (!demux_split_possible(d)) {
        p->split_unavailable = true;
        return 0;
    }
    p->watch_bytes = demux_watch_bytes(d);
    demux_watch_start(p);
    for (int i = 0; i < d->num_streams; i++) {
        struct demux_sh *ds = demux_sh_of(d->streams[i]);
        ds->watch_pushed = ds->pushed;
        ds->watch_from = t;
    }
    return 0;
}

/* Whether want, waited for with its queue empty and no packet given since
 * the watch began, has gone without one long enough to look where its
 * data lie (under the reader's lock when there is a thread). A track that
 * gave packets and then lies far (interleaved for a while, track after
 * track from there) stays in file order: its next data are past the main
 * context, where the map's cluster-time seek cannot place a context. */
static bool demux_split_starved(demuxer_t *d, const struct demux_sh *want)
{
    const struct demux_priv *p = d->priv;
    if (!p->split_watch || want->side || want->queue.packets > 0 ||
        want->pushed != want->watch_pushed || want->sh.type == MP_STREAM_SUB ||
        want->sh.attached_pic)
        return false;
    if (p->queued_packets >= p->max_packets / DEMUX_WATCH_QUEUE_PART)
        return true;
    int64_t pushed = p->pushed_bytes - p->watch_base;
    if (p->untimed) {
        /* No clock waits: a look (a few jumps) pays only where reading on
         * queues too much, reads what is not played (other tracks' data,
         * past the end) or passes the play's end. */
        int64_t unqueued = p->read_bytes - p->watch_read_bytes - pushed;
        return pushed >= DEMUX_UNTIMED_NEAR_BYTES || unqueued >= p->watch_bytes ||
               p->pushed_time >= p->play_end;
    }
    return pushed >= p->watch_bytes || p->read_secs - p->watch_secs >= DEMUX_WATCH_READ_SECS;
}

/* Look once where a starved track's data lie, from the main context's
 * oldest queued packet on, and give it a context of its own when they
 * are far (the thread parked). Until the next seek or track switch the
 * watch is off: a track that is near after all is read in order. */
static int demux_split_watch(demuxer_t *d, struct demux_sh *want)
{
    struct demux_priv *p = d->priv;
    p->split_watch = false;
    mp_msg(MSGT_DEMUX, MSGL_V, "demux: no %s packet after %.2f MB of the other tracks "
           "(%.2f s reading): looking where track %d lies\n", demux_type_name(&want->sh),
           (p->pushed_bytes - p->watch_base) / 1048576.0, p->read_secs - p->watch_secs,
           want->sh.id);
    double t = isfinite(want->watch_from) ? want->watch_from : demux_main_play_time(d);
    return demux_split_decide(d, t, true, want);
}

static int demux_push(struct demux_priv *p, struct demux_sh *ds, AVPacket *pkt)
{
    int size = pkt->size;
    double t = demux_packet_time(ds, pkt);
    if (demux_queue_push(&ds->queue, pkt) < 0)
        return -1;
    if (!isnan(t))
        ds->queue_end = t;
    if (ds->sh.type == MP_STREAM_VIDEO || !(t < ds->watch_from - DEMUX_WATCH_EARLY_SECS))
        ds->pushed++;
    p->read_secs = p->io->read_seconds;
    p->read_bytes = p->io->read_bytes;
    if (!ds->side && !isnan(t))
        p->pushed_time = t;
    p->queued_packets++;
    p->queued_bytes += size;
    p->pushed_bytes += size;
    return 0;
}

static AVPacket *demux_pop(struct demux_priv *p, struct demux_sh *ds)
{
    AVPacket *pkt = demux_queue_pop(&ds->queue);
    if (pkt) {
        p->queued_packets--;
        p->queued_bytes -= pkt->size;
    }
    return pkt;
}

static bool demux_queues_full(const struct demux_priv *p)
{
    return p->queued_packets >= p->max_packets || p->queued_bytes >= p->max_bytes;
}

static void demux_report_overflow(struct demux_priv *p)
{
    if (p->overflow_reported)
        return;
    mp_msg(MSGT_DEMUX, MSGL_ERR, "Too many packets in the buffer: (%d in %" PRId64 " bytes).\n",
           p->queued_packets, p->queued_bytes);
    p->overflow_reported = true;
}

/* The sticky error of the context src (NULL: the main one), or 0. */
static int demux_src_error(const struct demux_priv *p, const struct demux_side *src)
{
    return src ? src->error : p->error;
}

static bool demux_src_eof(const struct demux_priv *p, const struct demux_side *src)
{
    return src ? src->eof : p->eof;
}

/* The next packet of any track context src reads. */
static int demux_src_fill(demuxer_t *d, struct demux_side *src, AVPacket **out)
{
    return src ? demux_fill_side(d, src, out) : demux_fill(d, out);
}

/* Read until want's queue is not empty; its head stays queued. NULL at
 * the end, on errors and when the queues are full (p->status says). */
static AVPacket *demux_peek(demuxer_t *d, struct demux_sh *want)
{
    struct demux_priv *p = d->priv;
    for (;;) {
        if (want->queue.packets > 0)
            return demux_queue_peek(&want->queue);
        if (demux_src_error(p, want->side)) {
            p->status = demux_src_error(p, want->side);
            return NULL;
        }
        if (demux_src_eof(p, want->side)) {
            p->status = 0;
            return NULL;
        }
        if (demux_split_starved(d, want)) {
            int e = demux_split_watch(d, want);
            if (e < 0) {
                p->status = e;
                return NULL;
            }
            continue;
        }
        if (demux_queues_full(p)) {
            demux_report_overflow(p);
            p->status = -DEMUX_ERR_QUEUE_FULL;
            return NULL;
        }
        AVPacket *pkt = NULL;
        if (demux_src_fill(d, want->side, &pkt) < 0)
            continue;
        if (demux_push(p, p->by_index[pkt->stream_index], pkt) < 0) {
            av_packet_free(&pkt);
            p->error = -DEMUX_ERR_NOMEM;
        }
    }
}

/* ---- the reader thread ---- */

/* Seconds of ds between its oldest queued packet and its newest. */
static double demux_queued_secs(const struct demux_sh *ds)
{
    const AVPacket *head = demux_queue_peek(&ds->queue);
    if (!head)
        return 0;
    double span = ds->queue_end - demux_packet_time(ds, head);
    return span > 0 ? span : 0;
}

/* Whether the thread should read the next packet of context src (NULL:
 * the main one) (under lock, not busy). */
static bool demux_reader_wants(demuxer_t *d, const struct demux_side *src)
{
    struct demux_priv *p = d->priv;
    if (demux_src_eof(p, src) || demux_src_error(p, src) || demux_queues_full(p))
        return false;
    /* A caller waiting for a track lets its context read past the bounds
     * until a packet of it comes; not after, while the caller has yet to
     * wake up and take it (on a loaded machine the thread read on through
     * most of a file in that moment). */
    if (p->rd.demand && p->rd.demand->queue.packets == 0) {
        /* Starved, the caller looks where the track lies before reading
         * on (it needs the thread parked, and reading on without it ran
         * through a megabyte while the caller waited for the lock). */
        if (demux_split_starved(d, p->rd.demand))
            return false;
        return p->rd.demand->side == src;
    }
    if (src && p->packets < src->read_after)
        return false;
    if (p->queued_bytes >= DEMUX_AHEAD_BYTES)
        return false;
    /* One track this far ahead is enough: another that lies later in the
     * file (a skewed or non-interleaved one) is read on demand, and
     * reading on for it would queue the first without bound. Subtitles
     * do not count: two sparse events queued can span any time. A track
     * with a context of its own counts for that context only. */
    bool any = false;
    for (int i = 0; i < d->num_streams; i++) {
        const struct demux_sh *ds = demux_sh_of(d->streams[i]);
        if (!ds->sh.selected || ds->side != src)
            continue;
        any = true;
        if (ds->sh.type != MP_STREAM_SUB && demux_queued_secs(ds) >= DEMUX_AHEAD_SECS)
            return false;
    }
    /* The main context with every track elsewhere has nothing to give
     * (with one context, reading on and discarding is as it always was). */
    return any || (!src && p->nb_sides == 0);
}

/* The context the thread reads next (under lock, not busy): the one the
 * caller waits for, else the one furthest behind in time, so that packets
 * come merged by time. False when none wants reading. */
static bool demux_reader_pick(demuxer_t *d, struct demux_side **src)
{
    struct demux_priv *p = d->priv;
    bool found = false;
    double best = INFINITY;
    for (int k = -1; k < p->nb_sides; k++) {
        struct demux_side *sd = k < 0 ? NULL : p->sides[k];
        if (!demux_reader_wants(d, sd))
            continue;
        double t = sd ? sd->last_time : p->last_time;
        if (!found || t < best) {
            found = true;
            best = t;
            *src = sd;
        }
    }
    return found;
}

static void demux_stream_info_now(demuxer_t *d, struct demux_stream_info *out)
{
    stream_t *s = d->stream;
    *out = (struct demux_stream_info){ .pos = stream_tell(s), .size = stream_size(s) };
    out->cached = stream_get_cache_status(s, &out->cache);
    out->plan_bytes_ahead = stream_get_stats(s).plan_bytes_ahead;
}

static void demux_reader_job(void *arg)
{
    demuxer_t *d = arg;
    struct demux_priv *p = d->priv;
    struct demux_reader *r = &p->rd;
    mp_msg(MSGT_DEMUX, MSGL_DBG2, "demux: reader thread %d (main %d)\n", mp_thread_id(),
           (int)getpid());
    pthread_mutex_lock(&r->lock);
    for (;;) {
        struct demux_side *src = NULL;
        while (!r->quit && (r->parked || !demux_reader_pick(d, &src)))
            pthread_cond_wait(&r->wake, &r->lock);
        if (r->quit)
            break;
        r->busy = true;
        pthread_mutex_unlock(&r->lock);
        AVPacket *pkt = NULL;
        int f = demux_src_fill(d, src, &pkt);
        struct demux_stream_info info;
        demux_stream_info_now(d, &info);
        pthread_mutex_lock(&r->lock);
        r->busy = false;
        if (f == 0 && demux_push(p, p->by_index[pkt->stream_index], pkt) < 0) {
            av_packet_free(&pkt);
            p->error = -DEMUX_ERR_NOMEM;
        }
        r->info = info;
        pthread_cond_broadcast(&r->done);
    }
    pthread_mutex_unlock(&r->lock);
}

static void demux_reader_start(demuxer_t *d)
{
    struct demux_reader *r = &d->priv->rd;
    if (!r->enabled || r->worker)
        return;
    demux_stream_info_now(d, &r->info);
    if (mp_worker_start(&r->worker, "mp-demux", demux_reader_job, d, demux_release) != 0) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: no reader thread; reading when asked\n");
        r->enabled = false;
    }
}

/* Stop the reader thread (closing). One blocked in a read the device holds
 * (a stalled disk or network mount: such a read cannot be interrupted) is
 * left behind after MP_WORKER_CLOSE_WAIT, so that a quit does not wait for
 * the device; it then frees the demuxer and drops its stream reference
 * when the read returns. Returns false then: d is the thread's. */
static bool demux_reader_stop(struct demux_reader *r)
{
    if (!r->worker)
        return true;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_broadcast(&r->wake);
    pthread_mutex_unlock(&r->lock);
    struct mp_worker *w = r->worker;
    r->worker = NULL;
    return mp_worker_stop(w, MP_WORKER_CLOSE_WAIT);
}

void demux_park(demuxer_t *d)
{
    struct demux_reader *r = &d->priv->rd;
    if (!r->worker)
        return;
    pthread_mutex_lock(&r->lock);
    r->parked++;
    while (r->busy)
        pthread_cond_wait(&r->done, &r->lock);
    pthread_mutex_unlock(&r->lock);
}

void demux_unpark(demuxer_t *d)
{
    struct demux_reader *r = &d->priv->rd;
    if (!r->worker)
        return;
    pthread_mutex_lock(&r->lock);
    if (r->parked > 0 && --r->parked == 0)
        pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
}

static double demux_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Wait on done for at most DEMUX_INTERRUPT_POLL s (under lock). */
static void demux_reader_wait(struct demux_reader *r)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    long ns = ts.tv_nsec + (long)(DEMUX_INTERRUPT_POLL * 1e9);
    ts.tv_sec += ns / 1000000000L;
    ts.tv_nsec = ns % 1000000000L;
    pthread_cond_timedwait(&r->done, &r->lock, &ts);
}

bool demux_try_park(demuxer_t *d)
{
    struct demux_reader *r = &d->priv->rd;
    if (!r->worker)
        return true;
    pthread_mutex_lock(&r->lock);
    r->parked++;
    double last_poll = demux_now();
    while (r->busy) {
        demux_reader_wait(r);
        if (!r->busy || !r->interrupt_cb || demux_now() - last_poll < DEMUX_INTERRUPT_POLL)
            continue;
        last_poll = demux_now();
        pthread_mutex_unlock(&r->lock);
        bool stop = r->interrupt_cb(r->interrupt_ctx);
        pthread_mutex_lock(&r->lock);
        if (stop && r->busy) {
            if (--r->parked == 0)
                pthread_cond_signal(&r->wake);
            pthread_mutex_unlock(&r->lock);
            return false;
        }
    }
    pthread_mutex_unlock(&r->lock);
    return true;
}

/* demux_read_packet with the thread reading: take ds's next packet from
 * its queue, waiting for the thread while it is empty. */
static AVPacket *demux_reader_take(demuxer_t *d, struct demux_sh *ds)
{
    struct demux_priv *p = d->priv;
    struct demux_reader *r = &p->rd;
    AVPacket *pkt = NULL;
    double last_poll = demux_now() + DEMUX_INTERRUPT_AFTER - DEMUX_INTERRUPT_POLL;
    pthread_mutex_lock(&r->lock);
    if (ds->side)
        ds->side->read_after = 0;
    for (;;) {
        if (ds->queue.packets > 0) {
            pkt = demux_pop(p, ds);
            break;
        }
        if (demux_split_starved(d, ds)) {
            /* Sides are made only while the thread is parked. */
            pthread_mutex_unlock(&r->lock);
            demux_park(d);
            int e = demux_split_watch(d, ds);
            demux_unpark(d);
            pthread_mutex_lock(&r->lock);
            if (e < 0) {
                p->status = e;
                break;
            }
            continue;
        }
        if (!r->busy) {
            if (demux_src_error(p, ds->side)) {
                p->status = demux_src_error(p, ds->side);
                break;
            }
            if (demux_src_eof(p, ds->side)) {
                p->status = 0;
                break;
            }
            if (demux_queues_full(p)) {
                demux_report_overflow(p);
                p->status = -DEMUX_ERR_QUEUE_FULL;
                break;
            }
        }
        r->demand = ds;
        pthread_cond_signal(&r->wake);
        demux_reader_wait(r);
        double now = demux_now();
        if (r->interrupt_cb && now - last_poll >= DEMUX_INTERRUPT_POLL) {
            last_poll = now;
            pthread_mutex_unlock(&r->lock);
            bool stop = r->interrupt_cb(r->interrupt_ctx);
            pthread_mutex_lock(&r->lock);
            if (stop) {
                p->status = -DEMUX_ERR_IO;
                break;
            }
        }
    }
    r->demand = NULL;
    /* A packet taken makes room: the thread may read ahead again. */
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    return pkt;
}

AVPacket *demux_read_packet(demuxer_t *d, struct sh_stream *sh)
{
    struct demux_priv *p = d->priv;
    if (!sh || !sh->selected) {
        p->status = -DEMUX_ERR_INVALID;
        return NULL;
    }
    struct demux_sh *ds = demux_sh_of(sh);
    if (!p->split_decided) {
        /* Before the thread starts: the thread owns the contexts after. */
        demux_park(d);
        int r = demux_split_begin(d, d->start_time, true);
        demux_unpark(d);
        if (r < 0) {
            p->status = r;
            return NULL;
        }
    }
    demux_reader_start(d);
    if (p->rd.worker && p->rd.parked == 0)
        return demux_reader_take(d, ds);
    return demux_peek(d, ds) ? demux_pop(p, ds) : NULL;
}

double demux_first_pts(demuxer_t *d, struct sh_stream *sh)
{
    struct demux_priv *p = d->priv;
    if (!sh || !sh->selected)
        return NAN;
    if (!demux_try_park(d))
        return NAN;
    if (!p->split_decided) {
        int r = demux_split_begin(d, d->start_time, true);
        if (r < 0) {
            p->status = r;
            demux_unpark(d);
            return NAN;
        }
    }
    /* Parked, the thread reads nothing: this thread may read the source
     * itself, as a seek does. */
    const AVPacket *pkt = demux_peek(d, demux_sh_of(sh));
    int64_t ts = !pkt ? AV_NOPTS_VALUE : pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    demux_unpark(d);
    return ts == AV_NOPTS_VALUE ? NAN : demux_ts_to_seconds(sh, ts);
}

bool demux_has_packet(demuxer_t *d, struct sh_stream *sh)
{
    if (!sh)
        return false;
    struct demux_reader *r = &d->priv->rd;
    if (!r->worker)
        return demux_sh_of(sh)->queue.packets > 0;
    pthread_mutex_lock(&r->lock);
    bool has = demux_sh_of(sh)->queue.packets > 0;
    pthread_mutex_unlock(&r->lock);
    return has;
}

void demux_get_stream_info(demuxer_t *d, struct demux_stream_info *out)
{
    struct demux_reader *r = &d->priv->rd;
    if (!r->worker) {
        demux_stream_info_now(d, out);
        return;
    }
    pthread_mutex_lock(&r->lock);
    *out = r->info;
    pthread_mutex_unlock(&r->lock);
}

int demux_get_error(demuxer_t *d)
{
    return d->priv->status;
}

void demux_get_queue_size(demuxer_t *d, int *packets, int64_t *bytes)
{
    struct demux_reader *r = &d->priv->rd;
    if (r->worker)
        pthread_mutex_lock(&r->lock);
    if (packets)
        *packets = d->priv->queued_packets;
    if (bytes)
        *bytes = d->priv->queued_bytes;
    if (r->worker)
        pthread_mutex_unlock(&r->lock);
}

/* The selected video stream whose keyframes a seek must land on. */
static struct demux_sh *demux_seek_video(demuxer_t *d)
{
    for (int i = 0; i < d->num_streams; i++) {
        struct sh_stream *sh = d->streams[i];
        if (sh->type == MP_STREAM_VIDEO && sh->selected && !sh->attached_pic)
            return demux_sh_of(sh);
    }
    return NULL;
}

/* The stream the main context seeks by: libavformat's default (video)
 * unless tracks have contexts of their own and the main one keeps no
 * video; then one of its tracks, indexed from the map (Matroska's Cues
 * index video only). */
static int demux_main_seek_index(demuxer_t *d)
{
    struct demux_priv *p = d->priv;
    if (p->nb_sides == 0)
        return -1;
    int idx = -1;
    for (int i = 0; i < d->num_streams; i++) {
        const struct demux_sh *ds = demux_sh_of(d->streams[i]);
        if (!ds->sh.selected || ds->side || ds->sh.attached_pic)
            continue;
        if (ds->sh.type == MP_STREAM_VIDEO)
            return -1;
        if (idx < 0)
            idx = ds->sh.ff_index;
    }
    if (idx >= 0 && avformat_index_get_entries_count(d->priv->avfc->streams[idx]) == 0)
        demux_index_from_map(d, d->priv->avfc, idx);
    return idx;
}

/* Where the sides of an MP4 seek to for ts: the time of the main
 * context's video keyframe at or before ts, where one context would have
 * put every track (libavformat's mov reader seeks the others to that
 * keyframe's time). From exactly ts, an AAC track's first frame decoded
 * without the one before it: its first 21 ms sounded different. The
 * player drops what comes before the target. */
static int64_t demux_side_seek_ts(demuxer_t *d, int64_t ts)
{
    struct demux_sh *v = demux_seek_video(d);
    if (!demux_is_indexed(d) || !v || v->side)
        return ts;
    int64_t pos;
    double key;
    demux_index_place(d, &v, 1, ts / (double)AV_TIME_BASE, &pos, &key);
    if (pos < 0 || !(key * AV_TIME_BASE < ts))
        return ts;
    return llrint(key * AV_TIME_BASE);
}

/* One libavformat seek to ts (AV_TIME_BASE units) of every context;
 * flushes on success. */
static int demux_seek_once(demuxer_t *d, int64_t ts, bool bytes)
{
    struct demux_priv *p = d->priv;
    /* A failed read before the seek says nothing about reads after it. */
    p->io->stream_error = 0;
    p->io->fence_hit = false;
    int r = bytes ? av_seek_frame(d->priv->avfc, -1, ts, AVSEEK_FLAG_BYTE)
                  : demux_ctx_seek(d->priv->avfc, demux_main_seek_index(d), ts);
    if (r < 0) {
        demux_av_msg(MSGL_V, "seek failed", r);
        return p->io->stream_error ? -DEMUX_ERR_IO : -DEMUX_ERR_SEEK;
    }
    p->last_time = -INFINITY;
    p->pushed_time = -INFINITY;
    bool closed = false;
    /* A byte position is the main context's: the tracks' own contexts
     * (which read elsewhere in the file) are closed, one read position. */
    while (bytes && p->nb_sides > 0) {
        demux_side_close(d, p->sides[p->nb_sides - 1]);
        closed = true;
    }
    int64_t side_ts = bytes ? ts : demux_side_seek_ts(d, ts);
    for (int k = 0; k < p->nb_sides; k++) {
        struct demux_side *sd = p->sides[k];
        sd->io->stream_error = 0;
        sd->io->fence_hit = false;
        sd->eof = false;
        sd->error = 0;
        sd->last_time = -INFINITY;
        sd->read_after = p->packets + DEMUX_SIDE_LEAD_PACKETS;
        r = demux_ctx_seek(sd->avfc, sd->ds->sh.ff_index, side_ts);
        if (r < 0) {
            /* The main context reads the track again, as without sides
             * (from where it is): better than a seek that fails. */
            demux_av_msg(MSGL_V, "seek of a track's own context failed; one read position",
                         r);
            demux_side_close(d, sd);
            closed = true;
            k--;  /* the last side took its place */
        }
    }
    if (closed)
        demux_set_fences(d);
    demux_drop_all_queues(d);
    demux_discont_reset(&p->discont);
    for (int i = 0; i < d->num_streams; i++)
        demux_discont_track_reset(&demux_sh_of(d->streams[i])->discont);
    p->sought = true;
    p->eof = false;
    p->error = 0;
    p->status = 0;
    p->overflow_reported = false;
    return 0;
}

/* Drop v's packets up to its first keyframe, which is returned (still
 * queued), or NULL when none comes. Packets of other streams read on the
 * way stay queued. */
static AVPacket *demux_seek_to_keyframe(demuxer_t *d, struct demux_sh *v)
{
    AVPacket *pkt;
    while ((pkt = demux_peek(d, v)) && !(pkt->flags & AV_PKT_FLAG_KEY)) {
        pkt = demux_pop(d->priv, v);
        av_packet_free(&pkt);
    }
    return pkt;
}

static int demux_seek_parked(demuxer_t *d, double time)
{
    if (!isfinite(time))
        return -DEMUX_ERR_INVALID;
    double target = time + d->start_time;
    if (fabs(target) > 1e9)
        return -DEMUX_ERR_INVALID;
    /* Where the tracks lie at the target decides again which of them get
     * a context of their own. */
    int dr = demux_split_begin(d, target, false);
    if (dr < 0)
        return dr;
    struct demux_sh *v = demux_seek_video(d);
    /* Containers without a keyframe index (MPEG-TS, PS) seek by timestamp
     * and land on any frame: skip to the next keyframe, and when that is
     * past the target start earlier, 1, 2, 4 seconds back. */
    double back = 0;
    for (int attempt = 0;; attempt++) {
        int r = demux_seek_once(d, llrint((target - back) * AV_TIME_BASE), false);
        if (r < 0)
            return r;
        if (!v)
            return 0;
        AVPacket *key = demux_seek_to_keyframe(d, v);
        if (!key || attempt == 3 || target - back <= d->start_time)
            return 0;
        int64_t ts = key->pts != AV_NOPTS_VALUE ? key->pts : key->dts;
        if (ts == AV_NOPTS_VALUE || demux_ts_to_seconds(&v->sh, ts) <= target + 1e-6)
            return 0;
        mp_msg(MSGT_DEMUX, MSGL_DBG2, "demux: keyframe after seek target, going back\n");
        back = back > 0 ? back * 2 : 1;
    }
}

static const char *demux_get_metadata_parked(demuxer_t *d, const char *key)
{
    const AVDictionaryEntry *e = av_dict_get(d->priv->avfc->metadata, key, NULL, 0);
    return e ? e->value : NULL;
}

double demux_ts_to_seconds(const struct sh_stream *sh, int64_t ts)
{
    if (ts == AV_NOPTS_VALUE)
        return NAN;
    return ts * av_q2d(sh->time_base);
}

struct sh_stream *demux_default_stream(demuxer_t *d, enum mp_stream_type t)
{
    demux_park(d);
    struct sh_stream *sh = demux_default_stream_parked(d, t);
    demux_unpark(d);
    return sh;
}

void demux_select_stream(demuxer_t *d, struct sh_stream *sh, bool selected)
{
    demux_park(d);
    demux_select_stream_parked(d, sh, selected);
    demux_unpark(d);
}

void demux_set_play_end(demuxer_t *d, double t)
{
    demux_park(d);
    d->priv->play_end = isnan(t) ? INFINITY : t;
    demux_unpark(d);
}

int demux_seek(demuxer_t *d, double time)
{
    if (!demux_try_park(d))
        return -DEMUX_ERR_ABORTED;
    int r = demux_seek_parked(d, time);
    demux_unpark(d);
    return r;
}

int demux_seek_byte(demuxer_t *d, int64_t pos)
{
    if (pos < 0)
        return -DEMUX_ERR_INVALID;
    if (d->priv->avfc->iformat->flags & AVFMT_NO_BYTE_SEEK)
        return -DEMUX_ERR_SEEK;
    if (!demux_try_park(d))
        return -DEMUX_ERR_ABORTED;
    int r = demux_seek_once(d, pos, true);
    demux_unpark(d);
    return r;
}

int demux_read_positions(demuxer_t *d)
{
    /* Sides change only in calls of the caller's own thread. */
    return 1 + d->priv->nb_sides;
}

/* The value stays valid until the next read (libavformat may replace the
 * file's metadata while reading): the caller copies it at once. */
const char *demux_get_metadata(demuxer_t *d, const char *key)
{
    demux_park(d);
    const char *v = demux_get_metadata_parked(d, key);
    demux_unpark(d);
    return v;
}

void demux_each_metadata(demuxer_t *d, void (*item)(void *ctx, const char *key,
                                                     const char *value), void *ctx)
{
    demux_park(d);
    const AVDictionaryEntry *e = NULL;
    while ((e = av_dict_get(d->priv->avfc->metadata, "", e, AV_DICT_IGNORE_SUFFIX)))
        item(ctx, e->key, e->value);
    demux_unpark(d);
}

/* Chapters and attachments are read with the header and not changed
 * after it: no parking. */
int demux_chapter_count(const demuxer_t *d)
{
    return (int)d->priv->avfc->nb_chapters;
}

bool demux_get_chapter(const demuxer_t *d, int n, struct demux_chapter *out)
{
    const AVFormatContext *avfc = d->priv->avfc;
    if (n < 0 || (unsigned)n >= avfc->nb_chapters)
        return false;
    const AVChapter *c = avfc->chapters[n];
    const AVRational ms = {1, 1000};
    const AVDictionaryEntry *t = av_dict_get(c->metadata, "title", NULL, 0);
    *out = (struct demux_chapter){
        .start = c->start * av_q2d(c->time_base),
        .end = c->end > c->start ? c->end * av_q2d(c->time_base) : NAN,
        .start_ms = av_rescale_q(c->start, c->time_base, ms),
        .end_ms = av_rescale_q(c->end, c->time_base, ms),
        .title = t ? t->value : NULL,
    };
    return true;
}

bool demux_get_attachment(const demuxer_t *d, int n, struct demux_attachment *out)
{
    const AVFormatContext *avfc = d->priv->avfc;
    for (unsigned i = 0; i < avfc->nb_streams; i++) {
        const AVStream *st = avfc->streams[i];
        const AVCodecParameters *par = st->codecpar;
        if (par->codec_type != AVMEDIA_TYPE_ATTACHMENT || n-- > 0)
            continue;
        const AVDictionaryEntry *e = av_dict_get(st->metadata, "filename", NULL, 0);
        *out = (struct demux_attachment){
            .name = e ? e->value : NULL,
            .data = par->extradata,
            .size = par->extradata_size > 0 ? (size_t)par->extradata_size : 0,
        };
        return true;
    }
    return false;
}

AVFormatContext *demux_avformat(const demuxer_t *d)
{
    return d->priv->avfc;
}
