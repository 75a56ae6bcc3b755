/*
 * Unit tests for libmpdemux: stream discovery, selection, per-stream
 * queues, seeking, errors and unseekable input, on clips made with ffmpeg.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>

#include "common/mp_msg.h"
#include "libmpdemux/demuxer.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_util.h"

#define CLIP_SECONDS 2
#define CLIP_FPS 25
#define CLIP_GOP 10

struct media {
    char *dir;
    char mkv[512];      /* mpeg4 + two pcm tracks with languages and titles */
    char mp4[512];      /* mpeg4 + aac */
    char avi[512];      /* mpeg4 + pcm */
    char ts[512];       /* mpeg4 + mp2 */
    char text[512];     /* not media */
    char meta[512];     /* a format libavformat knows, without streams */
};

static int make_media(void **state)
{
    struct media *m = test_new_dir_fixture(sizeof(*m));
    if (!m)
        return -1;
    *state = m;
    test_path(m->mkv, sizeof(m->mkv), m->dir, "multi.mkv");
    test_path(m->mp4, sizeof(m->mp4), m->dir, "av.mp4");
    test_path(m->avi, sizeof(m->avi), m->dir, "av.avi");
    test_path(m->ts, sizeof(m->ts), m->dir, "av.ts");
    test_path(m->text, sizeof(m->text), m->dir, "notmedia.dat");
    test_path(m->meta, sizeof(m->meta), m->dir, "meta.txt");
    const char *gop = "-c:v mpeg4 -g 10";
    if (test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=160x120:rate=%d "
                "-f lavfi -i sine=frequency=440:sample_rate=48000 "
                "-f lavfi -i sine=frequency=880:sample_rate=48000 -t %d "
                "-map 0:v -map 1:a -map 2:a %s -c:a pcm_s16le -metadata title='Demux test' "
                "-metadata:s:a:0 language=eng -metadata:s:a:1 language=ger "
                "-metadata:s:a:1 title=Commentary -disposition:a:0 default "
                "-disposition:a:1 0 '%s'", CLIP_FPS, CLIP_SECONDS, gop, m->mkv) != 0)
        return -1;
    char extra[128];
    snprintf(extra, sizeof(extra), "%s -c:a aac", gop);
    if (test_make_clip(m->mp4, CLIP_SECONDS, 160, 120, CLIP_FPS, 48000, extra) != 0)
        return -1;
    snprintf(extra, sizeof(extra), "%s -c:a pcm_s16le", gop);
    if (test_make_clip(m->avi, CLIP_SECONDS, 160, 120, CLIP_FPS, 48000, extra) != 0)
        return -1;
    snprintf(extra, sizeof(extra), "%s -c:a mp2", gop);
    if (test_make_clip(m->ts, CLIP_SECONDS, 160, 120, CLIP_FPS, 48000, extra) != 0)
        return -1;
    if (test_sh("for i in $(seq 3000); do echo \"Line $i of plain text, not media.\"; done "
                "> '%s'", m->text) != 0)
        return -1;
    if (test_sh("printf ';FFMETADATA1\\ntitle=nothing\\n' > '%s'", m->meta) != 0)
        return -1;
    return 0;
}

/* What ffprobe counts for one stream (spec like "v:0"); -1 on failure. */
static int ffprobe_count(const char *path, const char *spec)
{
    char *cmd = NULL;
    if (asprintf(&cmd, "ffprobe -v error -select_streams %s -count_packets "
                 "-show_entries stream=nb_read_packets -of csv=p=0 '%s'", spec, path) < 0)
        return -1;
    FILE *f = popen(cmd, "r");
    free(cmd);
    if (!f)
        return -1;
    int n = -1;
    if (fscanf(f, "%d", &n) != 1)
        n = -1;
    pclose(f);
    return n;
}

struct opened {
    stream_t *s;
    demuxer_t *d;
};

/* Whether the tests read through the demuxer's reader thread: each test
 * below that reads runs both ways (the "threaded_" ones), and must give the
 * same packets, errors and queue sizes. */
static bool threaded;

static int with_thread(void **state)
{
    (void)state;
    threaded = true;
    return 0;
}

static int without_thread(void **state)
{
    (void)state;
    threaded = false;
    return 0;
}

static struct opened open_media(const char *path, const struct demux_opts *opts)
{
    struct opened o = {0};
    struct demux_opts dopts = opts ? *opts : (struct demux_opts){0};
    dopts.reader_thread = threaded;
    assert_int_equal(stream_open(&o.s, path, NULL), 0);
    assert_int_equal(demux_open(&o.d, o.s, &dopts), 0);
    assert_non_null(o.d);
    return o;
}

static void close_media(struct opened *o)
{
    demux_close(o->d);
    stream_close(o->s);
}

/* Read sh to its end; every packet must be sh's. Returns the count. */
static int drain(demuxer_t *d, struct sh_stream *sh)
{
    int n = 0;
    AVPacket *pkt;
    while ((pkt = demux_read_packet(d, sh))) {
        assert_int_equal(pkt->stream_index, sh->ff_index);
        n++;
        av_packet_free(&pkt);
    }
    return n;
}

static void test_discovery(void **state)
{
    struct media *m = *state;
    struct opened o = open_media(m->mkv, NULL);
    demuxer_t *d = o.d;
    assert_int_equal(d->num_streams, 3);
    assert_non_null(strstr(d->format_name, "matroska"));
    assert_true(d->seekable);
    assert_true(fabs(d->duration - CLIP_SECONDS) < 0.1);

    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a0 = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    struct sh_stream *a1 = demux_nth_stream(d, MP_STREAM_AUDIO, 1);
    assert_non_null(v);
    assert_non_null(a0);
    assert_non_null(a1);
    assert_null(demux_nth_stream(d, MP_STREAM_AUDIO, 2));
    assert_null(demux_nth_stream(d, MP_STREAM_SUB, 0));
    assert_ptr_equal(d->streams[0], v);
    assert_ptr_equal(d->streams[1], a0);
    assert_ptr_equal(d->streams[2], a1);
    assert_int_equal(v->ff_index, 0);
    assert_int_equal(a0->ff_index, 1);
    assert_int_equal(a1->ff_index, 2);
    assert_int_equal(v->codecpar->codec_id, AV_CODEC_ID_MPEG4);
    assert_int_equal(a1->codecpar->codec_id, AV_CODEC_ID_PCM_S16LE);
    assert_true(fabs(v->fps - CLIP_FPS) < 0.01);
    assert_false(v->attached_pic);
    for (int i = 0; i < d->num_streams; i++)
        assert_false(d->streams[i]->selected);

    assert_string_equal(a0->lang, "eng");
    assert_string_equal(a1->lang, "ger");
    assert_null(a0->title);
    assert_string_equal(a1->title, "Commentary");
    assert_true(a0->is_default);
    assert_false(a1->is_default);

    assert_string_equal(demux_get_metadata(d, "title"), "Demux test");
    assert_string_equal(demux_get_metadata(d, "TITLE"), "Demux test");
    assert_null(demux_get_metadata(d, "no-such-key"));

    assert_ptr_equal(demux_default_stream(d, MP_STREAM_VIDEO), v);
    struct sh_stream *da = demux_default_stream(d, MP_STREAM_AUDIO);
    assert_true(da == a0 || da == a1);
    assert_null(demux_default_stream(d, MP_STREAM_SUB));

    assert_true(isnan(demux_ts_to_seconds(v, AV_NOPTS_VALUE)));
    assert_true(fabs(demux_ts_to_seconds(v, 1500) - 1500 * av_q2d(v->time_base)) < 1e-9);
    close_media(&o);
}

/* Only selected streams give packets, and nothing of the others is
 * queued while reading. */
static void test_selection(void **state)
{
    struct media *m = *state;
    struct opened o = open_media(m->mkv, NULL);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a0 = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    struct sh_stream *a1 = demux_nth_stream(d, MP_STREAM_AUDIO, 1);

    /* Not selected: no packet, an error, and no reading. */
    assert_null(demux_read_packet(d, a0));
    assert_int_equal(demux_get_error(d), -DEMUX_ERR_INVALID);

    demux_select_stream(d, a1, true);
    assert_true(a1->selected);
    int n = 0, queued = -1;
    AVPacket *pkt;
    while ((pkt = demux_read_packet(d, a1))) {
        assert_int_equal(pkt->stream_index, a1->ff_index);
        n++;
        av_packet_free(&pkt);
        demux_get_queue_size(d, &queued, NULL);
        assert_int_equal(queued, 0);
        assert_false(demux_has_packet(d, v));
        assert_false(demux_has_packet(d, a0));
    }
    assert_int_equal(n, ffprobe_count(m->mkv, "a:1"));
    assert_int_equal(demux_get_error(d), 0);
    /* At the end it stays at the end. */
    assert_null(demux_read_packet(d, a1));
    assert_int_equal(demux_get_error(d), 0);
    close_media(&o);
}

/* Track ids are MPlayer's: per type from 0 in Matroska and MP4, the
 * stream number in AVI, the PID in MPEG-TS; demux_get_stream finds by id,
 * demux_nth_stream by position, demux_next_stream cycles by id. */
static void test_native_ids(void **state)
{
    struct media *m = *state;
    const struct { const char *path; int vid, aid; } cases[] = {
        { m->mkv, 0, 0 }, { m->mp4, 0, 0 }, { m->avi, 0, 1 }, { m->ts, 256, 257 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct opened o = open_media(cases[i].path, NULL);
        struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
        struct sh_stream *a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0);
        assert_non_null(v);
        assert_non_null(a);
        assert_int_equal(v->id, cases[i].vid);
        assert_int_equal(a->id, cases[i].aid);
        assert_ptr_equal(demux_get_stream(o.d, MP_STREAM_AUDIO, cases[i].aid), a);
        assert_ptr_equal(demux_next_stream(o.d, MP_STREAM_AUDIO, -2), a);
        close_media(&o);
    }
    /* Cycling wraps around in file order. */
    struct opened o = open_media(m->mkv, NULL);
    struct sh_stream *a0 = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0);
    struct sh_stream *a1 = demux_nth_stream(o.d, MP_STREAM_AUDIO, 1);
    assert_ptr_equal(demux_next_stream(o.d, MP_STREAM_AUDIO, a0->id), a1);
    assert_ptr_equal(demux_next_stream(o.d, MP_STREAM_AUDIO, a1->id), a0);
    assert_null(demux_next_stream(o.d, MP_STREAM_SUB, -1));
    close_media(&o);
}

/* Reading all video first and then all audio gets every packet of both:
 * audio waits in its queue meanwhile. */
static void check_order_independence(const char *path)
{
    struct opened o = open_media(path, NULL);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    assert_non_null(v);
    assert_non_null(a);
    demux_select_stream(d, v, true);
    demux_select_stream(d, a, true);

    int want_v = ffprobe_count(path, "v:0");
    int want_a = ffprobe_count(path, "a:0");
    assert_true(want_v > 0 && want_a > 0);

    assert_int_equal(drain(d, v), want_v);
    assert_int_equal(demux_get_error(d), 0);
    int queued = 0;
    int64_t bytes = 0;
    demux_get_queue_size(d, &queued, &bytes);
    assert_true(queued > 0 && bytes > 0);
    assert_true(demux_has_packet(d, a));

    /* Audio comes out in file order from the queue. */
    int n = 0;
    int64_t last_dts = INT64_MIN;
    AVPacket *pkt;
    while ((pkt = demux_read_packet(d, a))) {
        assert_int_equal(pkt->stream_index, a->ff_index);
        if (pkt->dts != AV_NOPTS_VALUE) {
            assert_true(pkt->dts >= last_dts);
            last_dts = pkt->dts;
        }
        n++;
        av_packet_free(&pkt);
    }
    assert_int_equal(n, want_a);
    demux_get_queue_size(d, &queued, &bytes);
    assert_int_equal(queued, 0);
    assert_int_equal(bytes, 0);
    close_media(&o);
}

static void test_order_mkv(void **state)
{
    check_order_independence(((struct media *)*state)->mkv);
}

static void test_order_mp4(void **state)
{
    check_order_independence(((struct media *)*state)->mp4);
}

static void test_order_avi(void **state)
{
    check_order_independence(((struct media *)*state)->avi);
}

static void test_order_ts(void **state)
{
    check_order_independence(((struct media *)*state)->ts);
}

/* Reading both streams interleaved (as the player does) gives the same
 * counts as reading one after the other. */
static void test_interleaved_reading(void **state)
{
    struct media *m = *state;
    struct opened o = open_media(m->mp4, NULL);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_default_stream(d, MP_STREAM_VIDEO);
    struct sh_stream *a = demux_default_stream(d, MP_STREAM_AUDIO);
    demux_select_stream(d, v, true);
    demux_select_stream(d, a, true);
    int nv = 0, na = 0;
    bool v_end = false, a_end = false;
    while (!v_end || !a_end) {
        if (!v_end) {
            AVPacket *pkt = demux_read_packet(d, v);
            v_end = !pkt;
            nv += !!pkt;
            av_packet_free(&pkt);
        }
        if (!a_end) {
            AVPacket *pkt = demux_read_packet(d, a);
            a_end = !pkt;
            na += !!pkt;
            av_packet_free(&pkt);
        }
    }
    assert_int_equal(nv, ffprobe_count(m->mp4, "v:0"));
    assert_int_equal(na, ffprobe_count(m->mp4, "a:0"));
    close_media(&o);
}

static void test_deselect_drops_queue(void **state)
{
    struct media *m = *state;
    struct opened o = open_media(m->mkv, NULL);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    demux_select_stream(d, v, true);
    demux_select_stream(d, a, true);
    for (int i = 0; i < 20; i++) {
        AVPacket *pkt = demux_read_packet(d, v);
        assert_non_null(pkt);
        av_packet_free(&pkt);
    }
    assert_true(demux_has_packet(d, a));
    demux_select_stream(d, a, false);
    assert_false(a->selected);
    assert_false(demux_has_packet(d, a));
    int queued = -1;
    demux_get_queue_size(d, &queued, NULL);
    /* The reader thread may hold video read ahead; without it nothing. */
    if (!threaded)
        assert_int_equal(queued, 0);
    /* The rest of the video still comes, and no audio is queued again. */
    assert_int_equal(drain(d, v) + 20, ffprobe_count(m->mkv, "v:0"));
    demux_get_queue_size(d, &queued, NULL);
    assert_int_equal(queued, 0);
    close_media(&o);
}

/* indexed: the container has a keyframe index, so audio after the seek
 * starts next to the video keyframe (without one, the demuxer may start
 * earlier to find a keyframe at or before the target). */
static void check_seek(const char *path, double target, bool indexed)
{
    struct opened o = open_media(path, NULL);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    demux_select_stream(d, v, true);
    demux_select_stream(d, a, true);
    AVPacket *pkt = demux_read_packet(d, v);
    assert_non_null(pkt);
    int64_t first_ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    av_packet_free(&pkt);
    /* Leave something queued and the file position past the target. */
    for (int i = 0; i < 40; i++)
        av_packet_free(&(AVPacket *){demux_read_packet(d, v)});

    assert_int_equal(demux_seek(d, target), 0);
    pkt = demux_read_packet(d, v);
    assert_non_null(pkt);
    assert_true(pkt->flags & AV_PKT_FLAG_KEY);
    int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    double t = demux_ts_to_seconds(v, ts) - d->start_time;
    /* At or before the target, on the keyframe of the target's GOP. */
    assert_true(t <= target + 1e-6);
    if (indexed)
        assert_true(t > target - (double)CLIP_GOP / CLIP_FPS - 1e-6);
    else
        assert_true(t > 0.05); /* went back, but not to the start */
    av_packet_free(&pkt);
    /* The audio queued before the seek (from 0 s on) is gone. */
    pkt = demux_read_packet(d, a);
    assert_non_null(pkt);
    double ta = demux_ts_to_seconds(a, pkt->pts) - d->start_time;
    if (indexed)
        assert_true(ta > t - 0.1 && ta < target + 0.1);
    av_packet_free(&pkt);

    assert_int_equal(demux_seek(d, 0), 0);
    pkt = demux_read_packet(d, v);
    assert_non_null(pkt);
    ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    assert_true(pkt->flags & AV_PKT_FLAG_KEY);
    assert_int_equal(ts, first_ts);
    av_packet_free(&pkt);
    close_media(&o);
}

static void test_seek_mkv(void **state)
{
    check_seek(((struct media *)*state)->mkv, 1.0, true);
}

static void test_seek_mp4(void **state)
{
    check_seek(((struct media *)*state)->mp4, 1.3, true);
}

static void test_seek_ts(void **state)
{
    check_seek(((struct media *)*state)->ts, 1.1, false);
}

static void test_not_media(void **state)
{
    struct media *m = *state;
    stream_t *s = NULL;
    demuxer_t *d = (demuxer_t *)&d;
    assert_int_equal(stream_open(&s, m->text, NULL), 0);
    assert_int_equal(demux_open(&d, s, NULL), -DEMUX_ERR_UNKNOWN_FORMAT);
    assert_null(d);
    stream_close(s);

    assert_int_equal(stream_open(&s, m->meta, NULL), 0);
    d = (demuxer_t *)&d;
    assert_int_equal(demux_open(&d, s, NULL), -DEMUX_ERR_NO_STREAMS);
    assert_null(d);
    stream_close(s);

    char empty[600];
    test_path(empty, sizeof(empty), m->dir, "empty.mkv");
    assert_int_equal(test_sh(": > '%s'", empty), 0);
    assert_int_equal(stream_open(&s, empty, NULL), 0);
    assert_int_equal(demux_open(&d, s, NULL), -DEMUX_ERR_UNKNOWN_FORMAT);
    stream_close(s);
    assert_string_equal(demux_strerror(-DEMUX_ERR_UNKNOWN_FORMAT), "unknown format");
}

static void test_forced_format(void **state)
{
    struct media *m = *state;
    stream_t *s = NULL;
    demuxer_t *d = NULL;
    struct demux_opts opts = {.format = "matroska"};
    struct opened o = open_media(m->mkv, &opts);
    assert_non_null(strstr(o.d->format_name, "matroska"));
    close_media(&o);

    /* The format is taken as given: the extension does not matter. */
    char copy[600];
    test_path(copy, sizeof(copy), m->dir, "renamed.dat");
    assert_int_equal(test_sh("cp '%s' '%s'", m->ts, copy), 0);
    opts.format = "mpegts";
    o = open_media(copy, &opts);
    assert_string_equal(o.d->format_name, "mpegts");
    close_media(&o);

    /* A name that is neither MPlayer's nor libavformat's is warned about
     * and the file probed, as MPlayer does. */
    opts.format = "no-such-format";
    o = open_media(m->mkv, &opts);
    assert_non_null(strstr(o.d->format_name, "matroska"));
    close_media(&o);

    /* MPlayer's names: mkv is libavformat's matroska; a file of another
     * format is probed ("avi" on Matroska), "+name" forces the format. */
    opts.format = "mkv";
    o = open_media(m->mkv, &opts);
    assert_non_null(strstr(o.d->format_name, "matroska"));
    close_media(&o);
    opts.format = "avi";
    o = open_media(m->mkv, &opts);
    assert_non_null(strstr(o.d->format_name, "matroska"));
    close_media(&o);
    opts.format = "+avi";
    assert_int_equal(stream_open(&s, m->mkv, NULL), 0);
    assert_true(demux_open(&d, s, &opts) < 0);
    assert_null(d);
    stream_close(s);
}

static void test_truncated(void **state)
{
    struct media *m = *state;
    char cut[600];
    test_path(cut, sizeof(cut), m->dir, "cut.mkv");
    struct stat st;
    assert_int_equal(stat(m->mkv, &st), 0);
    /* Cut in the middle of a cluster, not on a packet boundary. */
    assert_int_equal(test_sh("head -c %lld '%s' > '%s'", (long long)st.st_size / 2 + 777,
                             m->mkv, cut), 0);
    struct opened o = open_media(cut, NULL);
    struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 1);
    demux_select_stream(o.d, v, true);
    demux_select_stream(o.d, a, true);
    int nv = drain(o.d, v);
    int na = drain(o.d, a);
    assert_true(nv > 0 && nv < ffprobe_count(m->mkv, "v:0"));
    assert_true(na > 0 && na < ffprobe_count(m->mkv, "a:1"));
    /* The segment's declared size is past the end: truncated. */
    assert_int_equal(demux_get_error(o.d), -DEMUX_ERR_TRUNCATED);
    close_media(&o);

    /* The same for a transport stream cut mid-packet. */
    test_path(cut, sizeof(cut), m->dir, "cut.ts");
    assert_int_equal(stat(m->ts, &st), 0);
    assert_int_equal(test_sh("head -c %lld '%s' > '%s'", (long long)st.st_size / 2 + 77,
                             m->ts, cut), 0);
    o = open_media(cut, NULL);
    v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    demux_select_stream(o.d, v, true);
    nv = drain(o.d, v);
    assert_true(nv > 0 && nv < ffprobe_count(m->ts, "v:0"));
    /* It ends inside a 188-byte packet: truncated. */
    assert_int_equal(demux_get_error(o.d), -DEMUX_ERR_TRUNCATED);
    close_media(&o);

    /* An mp4 whose index (moov, at the end) is cut off cannot be opened:
     * recognised, but corrupt. */
    test_path(cut, sizeof(cut), m->dir, "cut.mp4");
    assert_int_equal(stat(m->mp4, &st), 0);
    assert_int_equal(test_sh("head -c %lld '%s' > '%s'", (long long)st.st_size / 2, m->mp4,
                             cut), 0);
    stream_t *s = NULL;
    demuxer_t *d = NULL;
    assert_int_equal(stream_open(&s, cut, NULL), 0);
    assert_int_equal(demux_open(&d, s, NULL), -DEMUX_ERR_INVALID);
    assert_null(d);
    stream_close(s);
}

/* Through a FIFO the stream is unseekable; mkv and ts still demux fully. */
static void check_fifo(struct media *m, const char *path, const char *fmt_name)
{
    char fifo[600];
    test_path(fifo, sizeof(fifo), m->dir, "fifo");
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(test_sh("cat '%s' > '%s' &", path, fifo), 0);
    struct opened o = open_media(fifo, NULL);
    assert_int_equal(stream_get_kind(o.s), STREAM_KIND_FD);
    assert_false(stream_seekable(o.s));
    assert_false(o.d->seekable);
    assert_non_null(strstr(o.d->format_name, fmt_name));
    struct sh_stream *v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0);
    demux_select_stream(o.d, v, true);
    demux_select_stream(o.d, a, true);
    assert_int_equal(drain(o.d, v), ffprobe_count(path, "v:0"));
    assert_int_equal(drain(o.d, a), ffprobe_count(path, "a:0"));
    assert_int_equal(demux_get_error(o.d), 0);
    close_media(&o);
    unlink(fifo);
}

static void test_fifo_mkv(void **state)
{
    struct media *m = *state;
    check_fifo(m, m->mkv, "matroska");
}

static void test_fifo_ts(void **state)
{
    struct media *m = *state;
    check_fifo(m, m->ts, "mpegts");
}

/* Reading only video of a file with audio selected fills the audio queue
 * up to the bound, then stops with an error instead of growing. */
static void test_queue_bound(void **state)
{
    struct media *m = *state;
    struct demux_opts opts = {.max_queue_packets = 20};
    struct opened o = open_media(m->mkv, &opts);
    demuxer_t *d = o.d;
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    struct sh_stream *a = demux_nth_stream(d, MP_STREAM_AUDIO, 0);
    demux_select_stream(d, v, true);
    demux_select_stream(d, a, true);
    int nv = drain(d, v);
    int want_v = ffprobe_count(m->mkv, "v:0");
    assert_true(nv < want_v);
    assert_int_equal(demux_get_error(d), -DEMUX_ERR_QUEUE_FULL);
    int queued = 0;
    demux_get_queue_size(d, &queued, NULL);
    assert_int_equal(queued, 20);

    /* Taking audio out lets video go on: alternate to the end. */
    int na = 0;
    for (;;) {
        AVPacket *pa = demux_read_packet(d, a);
        AVPacket *pv = demux_read_packet(d, v);
        na += !!pa;
        nv += !!pv;
        bool done = !pa && !pv;
        av_packet_free(&pa);
        av_packet_free(&pv);
        if (done)
            break;
    }
    assert_int_equal(nv, want_v);
    assert_int_equal(na, ffprobe_count(m->mkv, "a:0"));
    assert_int_equal(demux_get_error(d), 0);

    /* A byte bound works the same way. */
    close_media(&o);
    opts = (struct demux_opts){.max_queue_bytes = 10000};
    o = open_media(m->mkv, &opts);
    v = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 1);
    demux_select_stream(o.d, v, true);
    demux_select_stream(o.d, a, true);
    assert_true(drain(o.d, v) < want_v);
    assert_int_equal(demux_get_error(o.d), -DEMUX_ERR_QUEUE_FULL);
    int64_t bytes = 0;
    demux_get_queue_size(o.d, &queued, &bytes);
    assert_true(bytes >= 10000);
    assert_true(bytes < 10000 + 48000 * 2); /* at most one packet over */
    close_media(&o);
}

/* Cover art is a video stream libavformat shows, but never the video. */
static void test_cover_art(void **state)
{
    struct media *m = *state;
    char jpg[600], flac[600];
    test_path(jpg, sizeof(jpg), m->dir, "cover.jpg");
    test_path(flac, sizeof(flac), m->dir, "cover.flac");
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                             "testsrc2=size=64x48 -frames:v 1 '%s'", jpg), 0);
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                             "sine=sample_rate=44100 -i '%s' -t 1 -map 0 -map 1 -c:a flac "
                             "-c:v mjpeg -disposition:v attached_pic '%s'", jpg, flac), 0);
    struct opened o = open_media(flac, NULL);
    struct sh_stream *a = demux_nth_stream(o.d, MP_STREAM_AUDIO, 0);
    struct sh_stream *pic = demux_nth_stream(o.d, MP_STREAM_VIDEO, 0);
    assert_non_null(a);
    assert_non_null(pic);
    assert_true(pic->attached_pic);
    assert_false(a->attached_pic);
    assert_null(demux_default_stream(o.d, MP_STREAM_VIDEO));
    assert_ptr_equal(demux_default_stream(o.d, MP_STREAM_AUDIO), a);
    demux_select_stream(o.d, pic, true);
    demux_select_stream(o.d, a, true);
    assert_int_equal(drain(o.d, pic), 1);
    assert_int_equal(drain(o.d, a), ffprobe_count(flac, "a:0"));
    close_media(&o);
}

/* Subtitle tracks are numbered apart from audio and video (-sid). */
static void test_subtitles(void **state)
{
    struct media *m = *state;
    char srt[600], mkv[600];
    test_path(srt, sizeof(srt), m->dir, "s.srt");
    test_path(mkv, sizeof(mkv), m->dir, "sub.mkv");
    assert_int_equal(test_sh("printf '1\\n00:00:00,200 --> 00:00:00,800\\nHello\\n\\n"
                             "2\\n00:00:01,000 --> 00:00:01,500\\nWorld\\n' > '%s'", srt), 0);
    assert_int_equal(test_sh("ffmpeg -nostdin -loglevel error -y -f lavfi -i "
                             "testsrc2=size=64x48:rate=25 -i '%s' -t 2 -map 0 -map 1 "
                             "-c:v mpeg4 -c:s srt -metadata:s:s:0 language=fre '%s'", srt, mkv),
                     0);
    struct opened o = open_media(mkv, NULL);
    assert_int_equal(o.d->num_streams, 2);
    struct sh_stream *sub = demux_nth_stream(o.d, MP_STREAM_SUB, 0);
    assert_non_null(sub);
    assert_int_equal(sub->ff_index, 1);
    assert_string_equal(sub->lang, "fre");
    assert_int_equal(sub->codecpar->codec_id, AV_CODEC_ID_SUBRIP);
    demux_select_stream(o.d, sub, true);
    AVPacket *pkt = demux_read_packet(o.d, sub);
    assert_non_null(pkt);
    assert_true(pkt->size >= 5);
    assert_memory_equal(pkt->data, "Hello", 5);
    assert_true(fabs(demux_ts_to_seconds(sub, pkt->pts) - o.d->start_time - 0.2) < 0.01);
    av_packet_free(&pkt);
    assert_int_equal(drain(o.d, sub), 1);
    close_media(&o);
}

/* A disk that fails with EIO from byte fail_from on. */
struct failing_disk {
    off_t fail_from;
};

static ssize_t failing_pread(void *ctx, int fd, void *buf, size_t len, off_t off)
{
    const struct failing_disk *disk = ctx;
    if (off + (off_t)len > disk->fail_from) {
        errno = EIO;
        return -1;
    }
    return pread(fd, buf, len, off);
}

static ssize_t failing_preadv2(void *ctx, int fd, void *buf, size_t len, off_t off, int flags)
{
    return failing_pread(ctx, fd, buf, len, off);
}

static int failing_fadvise(void *ctx, int fd, off_t off, off_t len, int advice)
{
    return 0;
}

static void test_io_error(void **state)
{
    struct media *m = *state;
    struct failing_disk disk = {0};
    const struct stream_file_io io = {
        .pread = failing_pread,
        .preadv2 = failing_preadv2,
        .fadvise = failing_fadvise,
        .ctx = &disk,
    };
    stream_t *s = NULL;
    demuxer_t *d = NULL;

    /* Nothing readable: an I/O error, not "unknown format". */
    assert_int_equal(stream_open_io(&s, m->mkv, NULL, &io), 0);
    assert_int_equal(demux_open(&d, s, NULL), -DEMUX_ERR_IO);
    assert_null(d);
    stream_close(s);

    /* Failing in the middle: reading stops with an I/O error, which is
     * told apart from the clean end of a truncated file. */
    struct stat st;
    assert_int_equal(stat(m->mkv, &st), 0);
    disk.fail_from = st.st_size / 2;
    assert_int_equal(stream_open_io(&s, m->mkv, NULL, &io), 0);
    assert_int_equal(demux_open(&d, s, &(struct demux_opts){.reader_thread = threaded}), 0);
    struct sh_stream *v = demux_nth_stream(d, MP_STREAM_VIDEO, 0);
    demux_select_stream(d, v, true);
    int n = drain(d, v);
    assert_true(n > 0 && n < ffprobe_count(m->mkv, "v:0"));
    assert_int_equal(demux_get_error(d), -DEMUX_ERR_IO);
    /* It stays failed; no endless retries. */
    assert_null(demux_read_packet(d, v));
    assert_int_equal(demux_get_error(d), -DEMUX_ERR_IO);
    demux_close(d);
    stream_close(s);
}

int main(void)
{
    demux_route_av_log();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_discovery),
        cmocka_unit_test(test_selection),
        cmocka_unit_test(test_order_mkv),
        cmocka_unit_test(test_order_mp4),
        cmocka_unit_test(test_order_avi),
        cmocka_unit_test(test_order_ts),
        cmocka_unit_test(test_native_ids),
        cmocka_unit_test(test_interleaved_reading),
        cmocka_unit_test(test_deselect_drops_queue),
        cmocka_unit_test(test_seek_mkv),
        cmocka_unit_test(test_seek_mp4),
        cmocka_unit_test(test_seek_ts),
        cmocka_unit_test(test_not_media),
        cmocka_unit_test(test_forced_format),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_fifo_mkv),
        cmocka_unit_test(test_fifo_ts),
        cmocka_unit_test(test_queue_bound),
        cmocka_unit_test(test_io_error),
        cmocka_unit_test(test_cover_art),
        cmocka_unit_test(test_subtitles),
#define THREADED(t) { "threaded_" #t, t, with_thread, without_thread, NULL }
        THREADED(test_order_mkv),
        THREADED(test_order_mp4),
        THREADED(test_order_avi),
        THREADED(test_order_ts),
        THREADED(test_interleaved_reading),
        THREADED(test_deselect_drops_queue),
        THREADED(test_seek_mkv),
        THREADED(test_seek_mp4),
        THREADED(test_seek_ts),
        THREADED(test_truncated),
        THREADED(test_fifo_mkv),
        THREADED(test_queue_bound),
        THREADED(test_io_error),
        THREADED(test_subtitles),
#undef THREADED
    };
    return cmocka_run_group_tests(tests, make_media, test_free_dir_fixture);
}
