/*
 * The packets libavformat delivers for a file, read straight from it: the
 * reference the read-plan tests check their planned ranges against. Each
 * packet's time is its dts (else pts) in seconds minus the demuxer's
 * start_time, the play time the plan works in.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only, like test_util.h: test scaffolding, not part of the player.
 * Failures are cmocka assertions.
 */
#ifndef MP_TESTS_TEST_REFPKT_H
#define MP_TESTS_TEST_REFPKT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <libavformat/avformat.h>

#include "libmpdemux/demuxer.h"
#include "stream/stream.h"

struct refpkt {
    int st;        /* stream index */
    int64_t pos;
    int64_t size;
    double time;   /* play time, computed as the plan does */
};

struct refpkt_list {
    struct refpkt *v;
    size_t n;
    int64_t file_size;
};

static inline void refpkt_read(struct refpkt_list *r, const char *path, double start_time)
{
    memset(r, 0, sizeof(*r));
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    r->file_size = sb.st_size;
    AVFormatContext *f = NULL;
    assert_int_equal(avformat_open_input(&f, path, NULL, NULL), 0);
    assert_true(avformat_find_stream_info(f, NULL) >= 0);
    AVPacket *pkt = av_packet_alloc();
    assert_non_null(pkt);
    size_t alloc = 0;
    while (av_read_frame(f, pkt) >= 0) {
        if (r->n == alloc) {
            alloc = alloc ? alloc * 2 : 512;
            r->v = realloc(r->v, alloc * sizeof(*r->v));
            assert_non_null(r->v);
        }
        AVStream *st = f->streams[pkt->stream_index];
        int64_t ts = pkt->dts != AV_NOPTS_VALUE ? pkt->dts : pkt->pts;
        assert_true(ts != AV_NOPTS_VALUE);
        assert_true(pkt->pos >= 0);
        r->v[r->n++] = (struct refpkt){
            .st = pkt->stream_index,
            .pos = pkt->pos,
            .size = pkt->size,
            .time = (double)ts * av_q2d(st->time_base) - start_time,
        };
        av_packet_unref(pkt);
    }
    av_packet_free(&pkt);
    avformat_close_input(&f);
}

static inline void refpkt_free(struct refpkt_list *r)
{
    free(r->v);
    r->v = NULL;
    r->n = 0;
}

/* A file opened the way the player opens it, and its reference packets. */
struct refpkt_media {
    stream_t *s;
    demuxer_t *d;
    struct refpkt_list ref;  /* empty unless asked for */
};

/* Open path's stream and its demuxer with dopts (NULL: the defaults);
 * with_ref: read the reference packets too. */
static inline struct refpkt_media refpkt_open(const char *path, const struct demux_opts *dopts,
                                              bool with_ref)
{
    struct refpkt_media o = {0};
    assert_int_equal(stream_open(&o.s, path, NULL), 0);
    assert_int_equal(demux_open(&o.d, o.s, dopts), 0);
    if (with_ref)
        refpkt_read(&o.ref, path, o.d->start_time);
    return o;
}

static inline void refpkt_close(struct refpkt_media *o)
{
    refpkt_free(&o->ref);
    demux_close(o->d);
    stream_close(o->s);
}

#endif
