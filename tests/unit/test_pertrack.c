/*
 * Unit tests for one read position per track (libmpdemux/demux_lavf.c,
 * demux_opts.per_track): a Matroska file muxed track after track is read
 * by a second libavformat context for its far track, so the first audio
 * packet comes after a small part of the file; the packets are the same
 * (data, pts, dts, flags) as one context gives, in time order per track;
 * seeks and track switches keep working; interleaved files stay on one
 * context. An MP4 (every packet in the header's index) is placed from its
 * index, with no map.
 *
 * With TEST_PER_TRACK_OFF=1 in the environment the "automatic" opens
 * forbid the feature, which must make the tests of what it is for fail
 * (a check that they can fail).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libavformat/avformat.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "libmpdemux/mkvmap.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_util.h"

/* Longer than 32.767 s, so that the audio gets clusters of its own (see
 * test_mkvplan.c). */
#define CLIP_SECONDS 40

struct media {
    char *dir;
    char good[512];   /* video + audio, interleaved */
    char non[512];    /* all video, then all audio */
    char three[512];  /* video, audio 0, audio 1, one after another */
    char afirst[512]; /* H.264 with B-frames: all audio, then all video */
    char part[512];   /* interleaved for 10 s, then all video, then all audio */
    char nocues[512]; /* non.mkv whose SeekHead does not list its Cues */
    char chunked[512]; /* 120 s: the video of each 40 s, then its audio */
    char short20[512]; /* 20 s track after track: the audio inside the video's
                        * last cluster */
    char skewb[512];   /* the audio stored 20 s behind its video */
    char long_non[512]; /* 120 s track after track: 0.96 MB of audio at the end */
    char non_mp4[512];  /* MP4 (an index of every packet): all video, then all audio */
    char skewb_mp4[512]; /* MP4, the audio stored 20 s behind its video */
    char three_mp4[512]; /* MP4, video, audio 0, audio 1 one after another */
    int64_t non_size;
};

static int make_media(void **state)
{
    struct media *m = test_new_dir_fixture(sizeof(*m));
    if (!m)
        return -1;
    *state = m;
    test_path(m->afirst, sizeof(m->afirst), m->dir, "afirst.mkv");
    test_path(m->part, sizeof(m->part), m->dir, "part.mkv");
    test_path(m->nocues, sizeof(m->nocues), m->dir, "nocues.mkv");
    test_path(m->chunked, sizeof(m->chunked), m->dir, "chunked.mkv");
    test_path(m->short20, sizeof(m->short20), m->dir, "short20.mkv");
    test_path(m->skewb, sizeof(m->skewb), m->dir, "skewb.mkv");
    test_path(m->long_non, sizeof(m->long_non), m->dir, "long_non.mkv");
    test_path(m->non_mp4, sizeof(m->non_mp4), m->dir, "non.mp4");
    test_path(m->skewb_mp4, sizeof(m->skewb_mp4), m->dir, "skewb.mp4");
    test_path(m->three_mp4, sizeof(m->three_mp4), m->dir, "three.mp4");
    if (test_make_mkv_layouts(m->dir, CLIP_SECONDS, m->good, m->non, m->three,
                              sizeof(m->good)) != 0)
        return -1;
    char mkmux[512];
    test_mkmux(mkmux, sizeof(mkmux));
    const char *mk = "sh TOOLS/mkmedia.sh -q -s 160x120 -b 300k -a 64k";
    /* mkmux lays tracks out in stream order: audio first needs it first. */
    if (test_sh("MKMUX='%s' %s -c h264 -d %d -n 1 multi '%s/h264.mp4'", mkmux, mk,
                CLIP_SECONDS, m->dir) != 0 ||
        test_sh("ffmpeg -nostdin -loglevel error -y -i '%s/h264.mp4' -map 0:a:0 -map 0:v:0 "
                "-c copy '%s/af.mp4'", m->dir, m->dir) != 0 ||
        test_sh("'%s' --noninter --format=matroska '%s/af.mp4' '%s'", mkmux, m->dir,
                m->afirst) != 0 ||
        test_sh("'%s' --first-av --noninter-from=10 --format=matroska '%s/base.mp4' '%s'",
                mkmux, m->dir, m->part) != 0 ||
        test_sh("MKMUX='%s' %s -d 120 -n 1 multi '%s/long.mp4'", mkmux, mk, m->dir) != 0 ||
        test_sh("'%s' --first-av --chunks=40 --format=matroska '%s/long.mp4' '%s'", mkmux,
                m->dir, m->chunked) != 0 ||
        test_sh("'%s' --first-av --noninter --format=matroska '%s/long.mp4' '%s'", mkmux,
                m->dir, m->long_non) != 0 ||
        test_sh("MKMUX='%s' %s -d 20 noninter '%s'", mkmux, mk, m->short20) != 0 ||
        test_sh("'%s' --first-av --skew=-20 --format=matroska '%s/base.mp4' '%s'", mkmux,
                m->dir, m->skewb) != 0 ||
        test_sh("'%s' --first-av --noninter --format=mp4 '%s/base.mp4' '%s'", mkmux, m->dir,
                m->non_mp4) != 0 ||
        test_sh("'%s' --first-av --skew=-20 --format=mp4 '%s/base.mp4' '%s'", mkmux, m->dir,
                m->skewb_mp4) != 0 ||
        test_sh("'%s' --noninter --format=mp4 '%s/base.mp4' '%s'", mkmux, m->dir,
                m->three_mp4) != 0)
        return -1;
    /* The Seek entry naming the Cues (SeekID 1C 53 BB 6B) made to name
     * an unknown ID: neither the map nor libavformat finds the Cues. */
    if (test_sh("cp '%s' '%s' && off=$(LC_ALL=C grep -obUaP "
                "'\\x53\\xab\\x84\\x1c\\x53\\xbb\\x6b' '%s' | "
                "head -1 | cut -d: -f1) && [ -n \"$off\" ] && [ \"$off\" -lt 4096 ] && "
                "printf '\\021\\021\\021\\021' | dd of='%s' bs=1 seek=$((off + 3)) "
                "conv=notrunc status=none", m->non, m->nocues, m->nocues, m->nocues) != 0)
        return -1;
    struct stat sb;
    if (stat(m->non, &sb) != 0)
        return -1;
    m->non_size = sb.st_size;
    return 0;
}

/* The mode the tests call automatic (see the top of the file). */
static enum demux_per_track mode_auto(void)
{
    const char *off = getenv("TEST_PER_TRACK_OFF");
    return off && off[0] == '1' ? DEMUX_PER_TRACK_OFF : DEMUX_PER_TRACK_AUTO;
}

struct opened {
    stream_t *s;
    demuxer_t *d;
};

static struct opened open_media(const char *path, enum demux_per_track mode, bool thread)
{
    struct opened o = {0};
    const struct demux_opts dopts = { .per_track = mode, .reader_thread = thread };
    assert_int_equal(stream_open(&o.s, path, NULL), 0);
    assert_int_equal(demux_open(&o.d, o.s, &dopts), 0);
    assert_true(!strncmp(o.d->format_name, "matroska", 8) ||
                !strncmp(o.d->format_name, "mov,", 4));
    return o;
}

static void close_media(struct opened *o)
{
    demux_close(o->d);
    stream_close(o->s);
}

/* The reader thread owns the stream while it reads: look with it parked. */
static uint64_t bytes_read(const struct opened *o)
{
    demux_park(o->d);
    uint64_t n = stream_get_stats(o->s).bytes_read;
    demux_unpark(o->d);
    return n;
}

/* Select video and audio track aid (-1: none); returns them. */
static void select_tracks(demuxer_t *d, int aid, struct sh_stream **v, struct sh_stream **a)
{
    *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    *a = aid >= 0 ? demux_nth_stream(d, MP_STREAM_AUDIO, aid) : NULL;
    assert_non_null(*v);
    demux_select_stream(d, *v, true);
    if (aid >= 0) {
        assert_non_null(*a);
        demux_select_stream(d, *a, true);
    }
}

/* ---- Packets as delivered ---- */

struct rec {
    int64_t pts, dts;
    int size, flags;
    uint64_t hash;   /* FNV-1a of the data */
};

struct recs {
    struct rec *v;
    size_t n, alloc;
};

static uint64_t fnv(const uint8_t *b, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static void recs_add(struct recs *r, const AVPacket *pkt)
{
    if (r->n == r->alloc) {
        r->alloc = r->alloc ? r->alloc * 2 : 256;
        r->v = realloc(r->v, r->alloc * sizeof(*r->v));
        assert_non_null(r->v);
    }
    r->v[r->n++] = (struct rec){
        .pts = pkt->pts, .dts = pkt->dts, .size = pkt->size,
        .flags = pkt->flags & (AV_PKT_FLAG_KEY | AV_PKT_FLAG_DISCARD),
        .hash = fnv(pkt->data, pkt->size),
    };
}

static double pkt_time(const struct sh_stream *sh, const AVPacket *pkt)
{
    return demux_ts_to_seconds(sh, pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts);
}

/*
 * Read as a player does: always the track that is behind in time, until
 * both ended or max packets per track (0: no bound). Checks that each
 * track's packets come in time order (dts never goes back; H.264 aside).
 */
static void read_merged(demuxer_t *d, struct sh_stream *v, struct sh_stream *a,
                        struct recs *rv, struct recs *ra, size_t max)
{
    double tv = -INFINITY, ta = -INFINITY;
    bool endv = false, enda = !a;
    while (!endv || !enda) {
        bool take_v = !endv && (enda || tv <= ta);
        struct sh_stream *sh = take_v ? v : a;
        struct recs *r = take_v ? rv : ra;
        AVPacket *pkt = demux_read_packet(d, sh);
        if (!pkt) {
            assert_int_equal(demux_get_error(d), 0);
            *(take_v ? &endv : &enda) = true;
            continue;
        }
        assert_int_equal(pkt->stream_index, sh->ff_index);
        /* H.264 in Matroska has no dts: libavformat's guesses for B-frames
         * go back now and then, with one context as with two (the packets
         * are compared with one context's anyway). */
        bool ordered = sh->type == MP_STREAM_AUDIO || sh->codecpar->codec_id != AV_CODEC_ID_H264;
        if (ordered && r->n > 0 && pkt->dts != AV_NOPTS_VALUE &&
            r->v[r->n - 1].dts != AV_NOPTS_VALUE)
            assert_true(pkt->dts >= r->v[r->n - 1].dts);
        double t = pkt_time(sh, pkt);
        if (!isnan(t))
            *(take_v ? &tv : &ta) = t;
        recs_add(r, pkt);
        av_packet_free(&pkt);
        if (max && r->n >= max)
            *(take_v ? &endv : &enda) = true;
    }
}

/* with_dts false: Matroska stores no dts; for H.264 with B-frames one
 * context guesses some (going back now and then), a side context opened
 * without avformat_find_stream_info gives none. */
static void assert_same_dts(const struct recs *x, const struct recs *y, bool with_dts)
{
    assert_int_equal(x->n, y->n);
    for (size_t i = 0; i < x->n; i++) {
        assert_int_equal(x->v[i].pts, y->v[i].pts);
        if (with_dts)
            assert_int_equal(x->v[i].dts, y->v[i].dts);
        assert_int_equal(x->v[i].size, y->v[i].size);
        assert_int_equal(x->v[i].flags, y->v[i].flags);
        assert_true(x->v[i].hash == y->v[i].hash);
    }
}

static void assert_same(const struct recs *x, const struct recs *y)
{
    assert_same_dts(x, y, true);
}

/* got is the part of ref that starts at got's first packet. */
static void assert_continues(const struct recs *ref, const struct recs *got)
{
    assert_true(got->n > 0);
    size_t k = 0;
    while (k < ref->n && ref->v[k].pts != got->v[0].pts)
        k++;
    assert_true(k + got->n <= ref->n);
    struct recs tail = { .v = ref->v + k, .n = got->n };
    assert_same(&tail, got);
}

static void recs_free(struct recs *r)
{
    free(r->v);
    memset(r, 0, sizeof(*r));
}

/* The whole of path, video and audio 0, as one context reads it. */
static void read_one_context(const char *path, struct recs *rv, struct recs *ra)
{
    struct opened o = open_media(path, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, rv, ra, 0);
    close_media(&o);
}

/* Play n packets of each track, as before a seek while playing. */
static void read_and_drop(demuxer_t *d, struct sh_stream *v, struct sh_stream *a, size_t n)
{
    struct recs x = {0}, y = {0};
    read_merged(d, v, a, &x, &y, n);
    recs_free(&x);
    recs_free(&y);
}

/* ---- Tests ---- */

/* The next packet of sh, which must come. */
static void take_one(demuxer_t *d, struct sh_stream *sh)
{
    AVPacket *pkt = demux_read_packet(d, sh);
    assert_non_null(pkt);
    av_packet_free(&pkt);
}

/* The first audio packet of a non-interleaved file after a small part of
 * it: the header, the map's cluster headers, one cluster of video. */
static void check_first_audio(const struct media *m, bool thread)
{
    struct opened o = open_media(m->non, mode_auto(), thread);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    uint64_t b0 = bytes_read(&o);
    take_one(o.d, v);
    take_one(o.d, a);
    /* The thread reads ahead, at most 2 s of each track: look at what
     * it read with it parked. */
    uint64_t used = bytes_read(&o) - b0;
    print_message("first audio packet after %llu bytes (open: %llu) of %lld\n",
                  (unsigned long long)used, (unsigned long long)b0, (long long)m->non_size);
    assert_int_equal(demux_read_positions(o.d), 2);
    assert_true(used < (uint64_t)m->non_size / 4);
    close_media(&o);
}

static void test_first_audio_early(void **state)
{
    check_first_audio(*state, false);
}

static void test_first_audio_early_thread(void **state)
{
    check_first_audio(*state, true);
}

/* Forbidden, the same file is read in file order: the audio after all of
 * the video (what the test above guards against). */
static void test_forbidden_reads_in_file_order(void **state)
{
    const struct media *m = *state;
    struct opened o = open_media(m->non, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    uint64_t b0 = bytes_read(&o);
    AVPacket *pkt = demux_read_packet(o.d, a);
    assert_non_null(pkt);
    av_packet_free(&pkt);
    assert_int_equal(demux_read_positions(o.d), 1);
    assert_true(bytes_read(&o) - b0 > (uint64_t)m->non_size / 2);
    close_media(&o);
}

/* Whole file, merged by time: the same packets per track as one context
 * delivers, and the file read about once. */
static void check_same_packets(const char *path, bool thread, int positions)
{
    struct recs ref_v = {0}, ref_a = {0}, v_r = {0}, a_r = {0};
    struct opened o = open_media(path, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &ref_v, &ref_a, 0);
    uint64_t one = bytes_read(&o);
    close_media(&o);

    o = open_media(path, mode_auto(), thread);
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &v_r, &a_r, 0);
    assert_int_equal(demux_read_positions(o.d), positions);
    assert_true(ref_v.n > 100 && ref_a.n > 100);
    assert_same(&ref_v, &v_r);
    assert_same(&ref_a, &a_r);
    /* Each context stops where its track ends: nothing is read twice,
     * the map's cluster heads (8 KB a cluster at most) aside. */
    print_message("whole file: %llu bytes, one context %llu\n",
                  (unsigned long long)bytes_read(&o), (unsigned long long)one);
    assert_true(bytes_read(&o) < one + (uint64_t)stream_size(o.s) / 5);
    close_media(&o);
    recs_free(&ref_v);
    recs_free(&ref_a);
    recs_free(&v_r);
    recs_free(&a_r);
}

static void test_same_packets(void **state)
{
    check_same_packets(((struct media *)*state)->non, false, 2);
}

static void test_same_packets_thread(void **state)
{
    check_same_packets(((struct media *)*state)->non, true, 2);
}

/* An interleaved file stays on one context, and plays as before. */
static void test_interleaved_one_context(void **state)
{
    const struct media *m = *state;
    check_same_packets(m->good, true, 1);
    struct opened o = open_media(m->good, mode_auto(), false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    assert_int_equal(demux_seek(o.d, 20), 0);
    assert_int_equal(demux_read_positions(o.d), 1);
    close_media(&o);
}

/* A seek to the middle (also before the first read, as -ss does): both
 * tracks from there, as one context gives them, reading little. */
static void check_seek(const struct media *m, bool thread, bool read_first)
{
    const double target = CLIP_SECONDS / 2.0;
    struct recs ref_v = {0}, ref_a = {0}, v_r = {0}, a_r = {0};
    read_one_context(m->non, &ref_v, &ref_a);
    struct opened o = open_media(m->non, mode_auto(), thread);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    if (read_first)
        read_and_drop(o.d, v, a, 20);
    uint64_t b0 = bytes_read(&o);
    struct mkvmap_stats map0 = {0}, map1 = {0};
    if (o.d->mkvmap)
        mkvmap_get_stats(o.d->mkvmap, &map0);
    assert_int_equal(demux_seek(o.d, target), 0);
    read_merged(o.d, v, a, &v_r, &a_r, 100);
    demux_park(o.d);
    assert_non_null(o.d->mkvmap);
    mkvmap_get_stats(o.d->mkvmap, &map1);
    /* The map's cluster heads, read once for the file, are not counted:
     * with -ss the map is learned at the seek. */
    uint64_t used = bytes_read(&o) - b0 - (uint64_t)(map1.bytes - map0.bytes);
    demux_unpark(o.d);
    print_message("seek to %.0f s and 100 packets each: %llu bytes (map %lld)\n", target,
                  (unsigned long long)used, (long long)(map1.bytes - map0.bytes));
    assert_int_equal(demux_read_positions(o.d), 2);
    /* From a keyframe at or before the target on, the packets of the
     * file. One context would give the audio from the file's start (the
     * matroska reader skips to the target only until the video's
     * keyframe), so the reference is the whole file's. */
    assert_continues(&ref_v, &v_r);
    assert_continues(&ref_a, &a_r);
    double tk = demux_ts_to_seconds(v, v_r.v[0].pts) - o.d->start_time;
    assert_true(tk <= target + 0.05 && tk > target - 6);
    /* The audio at 20 s is found without reading the video from 20 s to
     * its end (40 % of the file): the thread reads ahead of the caller,
     * a side a buffer (64 KB) at a time. */
    assert_true(used < (uint64_t)m->non_size / 3);
    /* The first packets are at or before the target, not far before. */
    double t0 = demux_ts_to_seconds(a, a_r.v[0].pts) - o.d->start_time;
    assert_true(t0 <= target + 0.05 && t0 > target - 6);
    close_media(&o);
    recs_free(&ref_v);
    recs_free(&ref_a);
    recs_free(&v_r);
    recs_free(&a_r);
}

static void test_seek_middle(void **state)
{
    check_seek(*state, false, true);
}

static void test_seek_middle_thread(void **state)
{
    check_seek(*state, true, true);
}

static void test_seek_before_first_read(void **state)
{
    check_seek(*state, true, false);
}

/* Three tracks one after another: video + audio 0 read from two places,
 * audio 1's clusters not at all; a switch to audio 1 while playing gives
 * its packets from where the video is, as in the file. */
static void check_switch(const char *path, bool thread)
{
    struct opened o = open_media(path, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 1, &v, &a);
    struct recs ref_v = {0}, ref_a1 = {0};
    read_merged(o.d, v, a, &ref_v, &ref_a1, 0);
    close_media(&o);

    o = open_media(path, mode_auto(), thread);
    select_tracks(o.d, 0, &v, &a);
    struct recs rv = {0}, ra = {0};
    read_merged(o.d, v, a, &rv, &ra, 200);
    assert_int_equal(demux_read_positions(o.d), 2);
    double tv = demux_ts_to_seconds(v, rv.v[rv.n - 1].dts);

    /* Switch as the player does: off, then the other one on. */
    demux_select_stream(o.d, a, false);
    struct sh_stream *a1 = demux_nth_stream(o.d, MP_STREAM_AUDIO, 1);
    assert_non_null(a1);
    demux_select_stream(o.d, a1, true);
    assert_int_equal(demux_read_positions(o.d), 2);
    struct recs rv2 = {0}, ra1 = {0};
    read_merged(o.d, v, a1, &rv2, &ra1, 50);
    assert_true(ra1.n == 50);
    double t1 = demux_ts_to_seconds(a1, ra1.v[0].pts);
    print_message("video at %.2f s, audio 1 starts at %.2f s after the switch\n", tv, t1);
    assert_true(t1 <= tv + 0.05 && t1 > tv - 6);
    /* What comes is audio 1 as the file has it from there. */
    assert_continues(&ref_a1, &ra1);
    /* The video goes on where it was. */
    assert_true(rv2.n > 0 && rv2.v[0].dts > rv.v[rv.n - 1].dts);
    /* Audio off: its context goes, the video plays on. */
    demux_select_stream(o.d, a1, false);
    assert_int_equal(demux_read_positions(o.d), 1);
    AVPacket *pkt = demux_read_packet(o.d, v);
    assert_non_null(pkt);
    av_packet_free(&pkt);
    close_media(&o);
    recs_free(&ref_v);
    recs_free(&ref_a1);
    recs_free(&rv);
    recs_free(&ra);
    recs_free(&rv2);
    recs_free(&ra1);
}

static void test_track_switch(void **state)
{
    check_switch(((struct media *)*state)->three, false);
}

static void test_track_switch_thread(void **state)
{
    check_switch(((struct media *)*state)->three, true);
}

/* Video and the middle track to the end: audio 1's clusters after it are
 * not read by either context (each stops at its track's last cluster). */
static void test_far_tracks_stop_at_their_end(void **state)
{
    const struct media *m = *state;
    struct recs ref_v = {0}, ref_a = {0}, rv = {0}, ra = {0};
    struct opened o = open_media(m->three, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &ref_v, &ref_a, 0);
    uint64_t one = bytes_read(&o);
    close_media(&o);

    o = open_media(m->three, mode_auto(), true);
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &rv, &ra, 0);
    assert_same(&ref_v, &rv);
    assert_same(&ref_a, &ra);
    uint64_t two = bytes_read(&o);
    print_message("video + audio 0 of three tracks: %llu bytes, one context %llu, "
                  "file %lld\n", (unsigned long long)two, (unsigned long long)one,
                  (long long)stream_size(o.s));
    /* Audio 1 is 64 kbit/s: 0.3 MB of 40 s, which one context reads
     * through and the two do not, less the map's cluster heads and the
     * sides' reads past their track's end: 2.10 against 2.26 MB
     * (2026-12-07; 2.60 against 3.23 MB while AVIO's jumps back into its
     * last bytes were read again). */
    assert_true(two + 100 * 1000 < one);
    close_media(&o);
    recs_free(&ref_v);
    recs_free(&ref_a);
    recs_free(&rv);
    recs_free(&ra);
}

/* The whole of path, video and audio 0 merged by time, read in mode by
 * the thread: the same packets per track as one context gives (the
 * video's dts compared only with video_dts, see assert_same_dts), from
 * the given number of read positions. */
static void check_as_one_context(const char *path, enum demux_per_track mode, int positions,
                                 bool video_dts)
{
    struct recs ref_v = {0}, ref_a = {0}, rv = {0}, ra = {0};
    struct opened o = open_media(path, DEMUX_PER_TRACK_OFF, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &ref_v, &ref_a, 0);
    close_media(&o);
    o = open_media(path, mode, true);
    select_tracks(o.d, 0, &v, &a);
    read_merged(o.d, v, a, &rv, &ra, 0);
    assert_int_equal(demux_read_positions(o.d), positions);
    assert_true(ref_v.n > 100 && ref_a.n > 100);
    assert_same_dts(&ref_v, &rv, video_dts);
    assert_same(&ref_a, &ra);
    close_media(&o);
    recs_free(&ref_v);
    recs_free(&ref_a);
    recs_free(&rv);
    recs_free(&ra);
}

/* Forced on a file whose audio comes first: the video (H.264 with
 * B-frames) is read by a side context opened without
 * avformat_find_stream_info, and gives the same packets (data, pts,
 * flags; see assert_same_dts for the dts). */
static void test_far_video_same_packets(void **state)
{
    const struct media *m = *state;
    bool off = mode_auto() == DEMUX_PER_TRACK_OFF;
    check_as_one_context(m->afirst, off ? DEMUX_PER_TRACK_OFF : DEMUX_PER_TRACK_ON, 2, false);
}

/* A track that plays for a while and then lies far away (interleaved for
 * 10 s, track after track from there) stays on one context, and nothing
 * is given twice or lost. */
static void test_far_after_a_while_in_order(void **state)
{
    check_as_one_context(((struct media *)*state)->part, mode_auto(), 1, true);
}

/* An interleaved file is read in order without a map: nothing of the
 * file is read to decide (it used to cost the first cluster heads). */
static void test_interleaved_reads_no_map(void **state)
{
    const struct media *m = *state;
    struct opened o = open_media(m->good, mode_auto(), true);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    struct recs rv = {0}, ra = {0};
    read_merged(o.d, v, a, &rv, &ra, 0);
    assert_true(rv.n > 100 && ra.n > 100);
    assert_int_equal(demux_seek(o.d, 20), 0);
    struct recs rv2 = {0}, ra2 = {0};
    read_merged(o.d, v, a, &rv2, &ra2, 50);
    assert_null(o.d->mkvmap);
    assert_int_equal(demux_read_positions(o.d), 1);
    close_media(&o);
    recs_free(&rv);
    recs_free(&ra);
    recs_free(&rv2);
    recs_free(&ra2);
}

/* A device that charges for jumps, scaled down from the net profile of
 * make bench, behind a page cache: pages read once are free after, a
 * fetch that does not continue the device's last one waits JUMP_MS, and
 * every page fetched 1 ms (4 KB: 4 MB/s). */
#define JUMP_MS 20.0
#define JUMPY_PAGES 4096 /* 16 MB: the test files are 2 to 5 MB */
/* test_map_follows_behind: 12 measured, 27 with the map ahead. */
#define JUMPS_FOLLOWING 18

struct jumpy_disk {
    off_t next;     /* where the device's last fetch ended */
    int jumps;
    double page_ms; /* per page fetched; 0: 1 ms */
    bool cached[JUMPY_PAGES];
};

static void wait_ms(double ms)
{
    struct timespec ts = { .tv_sec = 0, .tv_nsec = (long)(ms * 1e6) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static ssize_t jumpy_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    struct jumpy_disk *disk = ctx;
    for (off_t pg = off / 4096; len > 0 && pg <= (off_t)((off + len - 1) / 4096); pg++) {
        assert_true(pg < JUMPY_PAGES);
        if (disk->cached[pg])
            continue;
        if (pg * 4096 != disk->next) {
            disk->jumps++;
            wait_ms(JUMP_MS);
        }
        wait_ms(disk->page_ms > 0 ? disk->page_ms : 1.0);
        disk->cached[pg] = true;
        disk->next = (pg + 1) * 4096;
    }
    return pread(fd, buf, len, off);
}

static ssize_t jumpy_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off, int flags)
{
    (void)flags;
    return jumpy_pread(ctx, fd, buf, len, off);
}

static int jumpy_fadvise(void *ctx, int fd, off_t off, off_t len, int advice)
{
    (void)ctx, (void)fd, (void)off, (void)len, (void)advice;
    return 0;
}

/* path opened on a new jumpy device (*disk, freed by the caller after
 * close_media), automatic. */
static struct opened open_on_jumpy_disk(const char *path, struct jumpy_disk **disk,
                                        struct stream_file_io *io)
{
    *disk = calloc(1, sizeof(**disk));
    assert_non_null(*disk);
    *io = (struct stream_file_io){
        .pread = jumpy_pread,
        .preadv2 = jumpy_preadv2,
        .fadvise = jumpy_fadvise,
        .ctx = *disk,
    };
    const struct demux_opts dopts = { .per_track = mode_auto() };
    struct opened o = {0};
    assert_int_equal(stream_open_io(&o.s, path, NULL, io), 0);
    assert_int_equal(demux_open(&o.d, o.s, &dopts), 0);
    return o;
}

/* Read a video packet, then an audio one: the audio's time, and in
 * *jumps the device's jumps between the two. */
static double audio_after_video(demuxer_t *d, struct sh_stream *v, struct sh_stream *a,
                                const struct jumpy_disk *disk, int *jumps)
{
    AVPacket *pkt = demux_read_packet(d, v);
    assert_non_null(pkt);
    av_packet_free(&pkt);
    int jumps0 = disk->jumps;
    pkt = demux_read_packet(d, a);
    assert_non_null(pkt);
    double t = pkt_time(a, pkt);
    av_packet_free(&pkt);
    *jumps = disk->jumps - jumps0;
    return t;
}

/* The jumps the jumpy device took until the first audio packet of path,
 * and the read positions then. */
static int first_audio_on_jumpy_disk(const char *path, double page_ms, int *positions,
                                     int64_t *leapt, double *first)
{
    struct jumpy_disk *disk;
    struct stream_file_io io;
    struct opened o = open_on_jumpy_disk(path, &disk, &io);
    disk->page_ms = page_ms;
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    int jumps;
    *first = audio_after_video(o.d, v, a, disk, &jumps);
    *positions = demux_read_positions(o.d);
    /* The map looked (the test of the watch). */
    assert_non_null(o.d->mkvmap);
    struct mkvmap_stats st;
    mkvmap_get_stats(o.d->mkvmap, &st);
    *leapt = st.leapt;
    print_message("map: %zu clusters, %lld bytes leapt; %d jumps for the first audio packet\n",
                  mkvmap_count(o.d->mkvmap), (long long)st.leapt, jumps);
    close_media(&o);
    free(disk);
    return jumps;
}

/* Bytes the device gave from the start of the file on, in one run,
 * before the first audio packet of the track-after-track file came, on a
 * jumpy device taking page_ms per page: what the main context read in
 * file order before it looked where the audio lies. */
static int64_t in_order_before_audio(const char *path, double page_ms, int *positions)
{
    struct jumpy_disk *disk;
    struct stream_file_io io;
    struct opened o = open_on_jumpy_disk(path, &disk, &io);
    disk->page_ms = page_ms;
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    AVPacket *pkt = demux_read_packet(o.d, a);
    assert_non_null(pkt);
    av_packet_free(&pkt);
    *positions = demux_read_positions(o.d);
    int64_t run = 0;
    while (run < JUMPY_PAGES && disk->cached[run])
        run++;
    close_media(&o);
    free(disk);
    print_message("%.2f ms a page: %lld KB read in order before the audio\n", page_ms,
                  (long long)run * 4);
    return run * 4096;
}

/* The watch looks after 256 KB of the other tracks, or once reading them
 * has taken 0.1 s: on a device at 16 MB/s the bytes come first (in 40 ms
 * with a jump: room for a loaded machine's late wake-ups), at 0.5 MB/s
 * the time (about 50 KB there), and the look waits less. */
static void test_watch_by_read_time(void **state)
{
    const struct media *m = *state;
    int positions;
    /* Jumps there cost 80 pages: the map's walk is given up (either way). */
    assert_true(in_order_before_audio(m->non, 0.25, &positions) >= 256 * 1024);
    assert_true(in_order_before_audio(m->non, 8.0, &positions) < 192 * 1024);
    assert_int_equal(positions, 2);
}

/* On that device the non-interleaved file's clusters (about 20 KB each)
 * cost a jump or two per head to walk and 5 ms to read: without Cues to
 * leap by, the walk is given up after a few heads (the whole walk is two
 * reads a cluster, 80 clusters) and the file is read in order, where on
 * the page cache (test_first_audio_early) the walk goes on and the audio
 * gets a context of its own. */
static void test_costly_walk_given_up(void **state)
{
    const struct media *m = *state;
    int positions;
    int64_t leapt;
    double first;
    assert_true(first_audio_on_jumpy_disk(m->nocues, 0, &positions, &leapt, &first) < 16);
    assert_int_equal(positions, 1);
    assert_int_equal(leapt, 0);
}

/* With the Cues the map looks at a few cued clusters instead of walking
 * the video's: the audio gets its own position after a few jumps. */
static void test_cues_leap_over_video(void **state)
{
    const struct media *m = *state;
    int positions;
    int64_t leapt;
    double first;
    assert_true(first_audio_on_jumpy_disk(m->non, 0, &positions, &leapt, &first) < 16);
    assert_int_equal(positions, 2);
    /* The video's clusters after the first, less a few: most of the file. */
    assert_true(leapt > m->non_size / 2);
}

/* Forced, an interleaved file gets no second context either: its tracks
 * start in the same cluster. */
static void test_forced_interleaved(void **state)
{
    const struct media *m = *state;
    struct opened o = open_media(m->good, DEMUX_PER_TRACK_ON, false);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    AVPacket *pkt = demux_read_packet(o.d, a);
    assert_non_null(pkt);
    av_packet_free(&pkt);
    assert_int_equal(demux_read_positions(o.d), 1);
    close_media(&o);
}

/* The audio stored 20 s behind its video: the cued clusters show it
 * among the video's blocks from 20 s on (half the file: far). The leap
 * halves to the last cued cluster without it, the walk meets its first
 * block inside the next
 * (past the cluster's head: a head shows only its first blocks) and the
 * audio gets its own position there, its first packet the file's first
 * (timed before the cluster, whose time is the video's 20 s). */
static void test_skewed_audio_found_behind(void **state)
{
    const struct media *m = *state;
    int positions;
    int64_t leapt;
    double first;
    /* 0.5 MB/s: the 0.8 MB of video before the audio take 1.6 s to read,
     * the looks a tenth of that (at 4 MB/s the walk would be given up:
     * reading on costs no more). */
    int jumps = first_audio_on_jumpy_disk(m->skewb, 8.0, &positions, &leapt, &first);
    print_message("skewed: first audio packet at %.3f s\n", first);
    assert_int_equal(positions, 2);
    assert_true(leapt > 0);
    assert_true(first < 0.1);
    /* The Cues, a few cued clusters, the walk's heads, the cluster. */
    assert_true(jumps <= 16);
}

/* A seek to 15 s of the file whose audio is stored 20 s behind its
 * video: the audio at 15 s lies with the video of 35 s, the clusters
 * between a few KB each. The map halves the Cues toward 15 s (first for
 * both tracks, then for the audio) instead of walking a head per cluster
 * from the file's start (about 130 jumps before). */
static void test_seek_skewed_audio_leaps(void **state)
{
    const struct media *m = *state;
    struct jumpy_disk *disk;
    struct stream_file_io io;
    struct opened o = open_on_jumpy_disk(m->skewb, &disk, &io);
    disk->page_ms = 8.0;
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    assert_int_equal(demux_seek(o.d, 15), 0);
    int jumps;
    double first = audio_after_video(o.d, v, a, disk, &jumps);
    print_message("seek to 15 s: first audio packet at %.3f after %d jumps, %d positions\n",
                  first, jumps, demux_read_positions(o.d));
    assert_int_equal(demux_read_positions(o.d), 2);
    assert_true(first >= 13.0 && first < 15.2);
    /* Two halvings of the Cues (a few looks each), the cluster there. */
    assert_true(jumps <= 30);
    /* Back to 5 s, whose data lie in what the map passed on the way to
     * 15 s: learned again, the audio gets its own position there. */
    assert_int_equal(demux_seek(o.d, 5), 0);
    first = audio_after_video(o.d, v, a, disk, &jumps);
    print_message("back to 5 s: first audio packet at %.3f after %d jumps, %d positions\n",
                  first, jumps, demux_read_positions(o.d));
    assert_int_equal(demux_read_positions(o.d), 2);
    assert_true(first >= 3.0 && first < 5.2);
    close_media(&o);
    free(disk);
}

/* The audio in clusters of its own after each 40 s of video: a leap over
 * the video's cued clusters finds the audio of 80-120 s first. Its time
 * tells the bet lost, the map is walked again without leaps, and the
 * audio gets its own position at its first cluster: the packets are one
 * context's. */
static void test_leap_bet_lost(void **state)
{
    const struct media *m = *state;
    check_as_one_context(m->chunked, mode_auto(), 2, true);
}

/* The audio of a 20 s file stored after the video inside the video's last
 * cluster (timed before it): found there and placed by its first block's
 * time, its packets are one context's, the first one included. */
static void test_audio_inside_last_cluster(void **state)
{
    const struct media *m = *state;
    check_as_one_context(m->short20, mode_auto(), 2, true);
}

/* Playing the first 16 s of a 120 s file stored track after track from
 * two positions: the map learns the audio's clusters behind the audio's
 * context, from pages that context read, so the device jumps only where
 * the two contexts take turns (every 64 KB of audio, 8 s here). Learned
 * ahead of it, each audio cluster head cost two more jumps. */
static void test_map_follows_behind(void **state)
{
    const struct media *m = *state;
    struct jumpy_disk *disk;
    struct stream_file_io io;
    struct opened o = open_on_jumpy_disk(m->long_non, &disk, &io);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    struct recs rv = {0}, ra = {0};
    /* 750 packets of each track: 16 s of AAC, 30 s of video. */
    read_merged(o.d, v, a, &rv, &ra, 750);
    assert_int_equal(demux_read_positions(o.d), 2);
    print_message("first 16 s of 120: %d jumps\n", disk->jumps);
    assert_true(disk->jumps <= JUMPS_FOLLOWING);
    close_media(&o);
    free(disk);
    recs_free(&rv);
    recs_free(&ra);
}

/* ---- MP4: where each track lies comes from the header's index ---- */

/* A track whose data lie far from the others' gets its own position at
 * once, read nothing to decide: the first audio packet does not wait for
 * the second of video that libavformat's one context reads before it
 * (it takes the samples in time order only past a second apart). The
 * whole file merged by time: the same packets as one context. */
static void check_mp4_far_audio(const char *path, bool thread)
{
    struct opened o = open_media(path, mode_auto(), thread);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    uint64_t b0 = bytes_read(&o);
    take_one(o.d, a);
    uint64_t used = bytes_read(&o) - b0;
    print_message("%s: first audio packet after %llu bytes\n", path, (unsigned long long)used);
    assert_int_equal(demux_read_positions(o.d), 2);
    assert_null(o.d->mkvmap);
    close_media(&o);
    check_same_packets(path, thread, 2);
}

static void test_mp4_noninter_two_positions(void **state)
{
    check_mp4_far_audio(((struct media *)*state)->non_mp4, true);
}

static void test_mp4_skewed_two_positions(void **state)
{
    check_mp4_far_audio(((struct media *)*state)->skewb_mp4, false);
}

/* An interleaved MP4 keeps one context. */
static void test_mp4_interleaved_one_position(void **state)
{
    char base[600];
    test_path(base, sizeof(base), ((struct media *)*state)->dir, "base.mp4");
    check_same_packets(base, true, 1);
}

/* A seek (before the first read, as -ss, and while playing): each track
 * from its index entry at or before the target, both contexts there. */
static void check_mp4_seek(const char *path, bool read_first)
{
    const double target = CLIP_SECONDS / 2.0;
    struct recs ref[2] = {{0}}, got[2] = {{0}};
    read_one_context(path, &ref[0], &ref[1]);
    struct opened o = open_media(path, mode_auto(), true);
    struct sh_stream *v, *a;
    select_tracks(o.d, 0, &v, &a);
    if (read_first)
        read_and_drop(o.d, v, a, 20);
    assert_int_equal(demux_seek(o.d, target), 0);
    read_merged(o.d, v, a, &got[0], &got[1], 100);
    assert_int_equal(demux_read_positions(o.d), 2);
    double t[2];
    for (int i = 0; i < 2; i++) {
        assert_continues(&ref[i], &got[i]);
        t[i] = demux_ts_to_seconds(i ? a : v, got[i].v[0].pts) - o.d->start_time;
    }
    print_message("seek to %.0f s: video from %.2f s, audio from %.2f s\n", target, t[0], t[1]);
    /* The video from its keyframe before the target, the audio from the
     * target (the player drops what it gets before). */
    assert_true(t[0] <= target + 0.05 && t[0] > target - 6);
    assert_true(t[1] <= target + 0.05 && t[1] > target - 6);
    close_media(&o);
    for (int i = 0; i < 2; i++) {
        recs_free(&ref[i]);
        recs_free(&got[i]);
    }
}

static void test_mp4_seek(void **state)
{
    check_mp4_seek(((struct media *)*state)->non_mp4, true);
}

static void test_mp4_seek_before_first_read(void **state)
{
    check_mp4_seek(((struct media *)*state)->skewb_mp4, false);
}

static void test_mp4_track_switch(void **state)
{
    check_switch(((struct media *)*state)->three_mp4, true);
}

int main(void)
{
    demux_route_av_log();
    if (getenv("TEST_VERBOSE"))
        mp_msg_set_default_level(MSGL_DBG2);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_audio_early),
        cmocka_unit_test(test_first_audio_early_thread),
        cmocka_unit_test(test_forbidden_reads_in_file_order),
        cmocka_unit_test(test_same_packets),
        cmocka_unit_test(test_same_packets_thread),
        cmocka_unit_test(test_interleaved_one_context),
        cmocka_unit_test(test_seek_middle),
        cmocka_unit_test(test_seek_middle_thread),
        cmocka_unit_test(test_seek_before_first_read),
        cmocka_unit_test(test_track_switch),
        cmocka_unit_test(test_track_switch_thread),
        cmocka_unit_test(test_far_tracks_stop_at_their_end),
        cmocka_unit_test(test_forced_interleaved),
        cmocka_unit_test(test_interleaved_reads_no_map),
        cmocka_unit_test(test_far_after_a_while_in_order),
        cmocka_unit_test(test_costly_walk_given_up),
        cmocka_unit_test(test_watch_by_read_time),
        cmocka_unit_test(test_cues_leap_over_video),
        cmocka_unit_test(test_leap_bet_lost),
        cmocka_unit_test(test_skewed_audio_found_behind),
        cmocka_unit_test(test_seek_skewed_audio_leaps),
        cmocka_unit_test(test_audio_inside_last_cluster),
        cmocka_unit_test(test_map_follows_behind),
        cmocka_unit_test(test_far_video_same_packets),
        cmocka_unit_test(test_mp4_noninter_two_positions),
        cmocka_unit_test(test_mp4_skewed_two_positions),
        cmocka_unit_test(test_mp4_interleaved_one_position),
        cmocka_unit_test(test_mp4_seek),
        cmocka_unit_test(test_mp4_seek_before_first_read),
        cmocka_unit_test(test_mp4_track_switch),
    };
    return cmocka_run_group_tests(tests, make_media, test_free_dir_fixture);
}
