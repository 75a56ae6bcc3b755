/*
 * demux_avlog: FFmpeg's av_log routed through mp_msg.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavutil/log.h>

#include "common/mp_msg.h"
#include "libmpdemux/demux_avlog.h"
#include "libmpdemux/demuxer.h"

/* FFmpeg logs a line in pieces at times; the prefix belongs only before
 * the first piece. av_log may be called from FFmpeg's worker threads, so
 * this state is per thread, like the line it describes. */
static _Thread_local bool demux_avlog_line_start = true;
/* Set around demux_open on its thread only: decoder threads keep their
 * voice. */
static _Thread_local bool demux_avlog_quieted;

static _Thread_local bool demux_avlog_premature;
/* A message from one call site many times in a row (1001 "partial file"
 * lines from an MP4 read through a FIFO) is shown this often, then
 * counted until another comes. */
#define DEMUX_AVLOG_REPEATS_SHOWN 10
static _Thread_local const char *demux_avlog_last_fmt;
static _Thread_local unsigned demux_avlog_repeats;
static _Thread_local int demux_avlog_last_mod, demux_avlog_last_lev;
/* Errors a demuxer logged while reading packets (not while opening). */
static _Thread_local int demux_avlog_damage;

int demux_avlog_take_damage(void)
{
    int n = demux_avlog_damage;
    demux_avlog_damage = 0;
    return n;
}

void demux_avlog_quiet(bool on)
{
    demux_avlog_quieted = on;
}

bool demux_avlog_take_premature_end(void)
{
    bool r = demux_avlog_premature;
    demux_avlog_premature = false;
    return r;
}

static int demux_avlog_level(int av_level)
{
    if (av_level <= AV_LOG_ERROR)
        return MSGL_WARN;
    if (av_level <= AV_LOG_INFO)
        return MSGL_V;
    if (av_level <= AV_LOG_VERBOSE)
        return MSGL_DBG2;
    if (av_level <= AV_LOG_DEBUG)
        return MSGL_DBG3;
    return MSGL_DBG5;
}

static int demux_avlog_module(void *avcl, const AVClass *avc)
{
    if (!avc)
        return MSGT_GLOBAL;
    AVClassCategory cat = avc->get_category ? avc->get_category(avcl) : avc->category;
    switch (cat) {
    case AV_CLASS_CATEGORY_INPUT:
    case AV_CLASS_CATEGORY_OUTPUT:
    case AV_CLASS_CATEGORY_MUXER:
    case AV_CLASS_CATEGORY_DEMUXER:
        return MSGT_DEMUX;
    case AV_CLASS_CATEGORY_DECODER:
    case AV_CLASS_CATEGORY_ENCODER:
        if (avc == avcodec_get_class()) {
            const AVCodecContext *avctx = avcl;
            return avctx->codec_type == AVMEDIA_TYPE_AUDIO ? MSGT_DECAUDIO : MSGT_DECVIDEO;
        }
        return MSGT_DECVIDEO;
    case AV_CLASS_CATEGORY_SWSCALER:
        return MSGT_DECVIDEO;
    case AV_CLASS_CATEGORY_SWRESAMPLER:
        return MSGT_DECAUDIO;
    default:
        return MSGT_GLOBAL;
    }
}

__attribute__((format(printf, 3, 0)))
static void demux_avlog_callback(void *avcl, int level, const char *fmt, va_list vl)
{
    if (level < 0) /* AV_LOG_QUIET */
        return;
    const AVClass *avc = avcl ? *(const AVClass **)avcl : NULL;
    int mod = demux_avlog_module(avcl, avc);
    int lev = demux_avlog_level(level);
    if (demux_avlog_quieted && lev < MSGL_V)
        lev = MSGL_V;
    if (strstr(fmt, "Stream ends prematurely")) {
        /* HTTP's end of a body (stream_lavf.c, lavf_read_end): a body
         * delimited by the close ends so normally; one shorter than its
         * length is said by the player, as a truncated file. */
        if (lev < MSGL_V)
            lev = MSGL_V;
    } else if (mod == MSGT_DEMUX && strstr(fmt, "ended prematurely")) {
        demux_avlog_premature = true;
        if (lev < MSGL_V)
            lev = MSGL_V;
    } else if (mod == MSGT_DEMUX && level <= AV_LOG_ERROR && !demux_avlog_quieted &&
               demux_avlog_line_start) {
        demux_avlog_damage++;
    }
    bool prefix = demux_avlog_line_start && avc;
    if (!mp_msg_test(mod, lev)) {
        /* Formatting costs: a hostile MP4 index makes libavformat log a
         * trace line per sample, millions of them, all filtered out. The
         * format's end says where the line ends but for a "%s" that ends
         * one (rare, and only costs a prefix). */
        size_t flen = strlen(fmt);
        demux_avlog_line_start = flen > 0 && fmt[flen - 1] == '\n';
        return;
    }
    if (demux_avlog_line_start) {
        if (fmt == demux_avlog_last_fmt) {
            if (demux_avlog_repeats < UINT_MAX)
                demux_avlog_repeats++;
            if (demux_avlog_repeats > DEMUX_AVLOG_REPEATS_SHOWN) {
                size_t flen = strlen(fmt);
                demux_avlog_line_start = flen > 0 && fmt[flen - 1] == '\n';
                return;
            }
        } else {
            if (demux_avlog_repeats > DEMUX_AVLOG_REPEATS_SHOWN)
                mp_msg(demux_avlog_last_mod, demux_avlog_last_lev,
                       "(the message before was repeated %u more times)\n",
                       demux_avlog_repeats - DEMUX_AVLOG_REPEATS_SHOWN);
            demux_avlog_last_fmt = fmt;
            demux_avlog_repeats = 1;
            demux_avlog_last_mod = mod;
            demux_avlog_last_lev = lev;
        }
    }
    char text[1024];
    vsnprintf(text, sizeof(text), fmt, vl);
    size_t len = strlen(text);
    demux_avlog_line_start = len > 0 && text[len - 1] == '\n';
    if (prefix)
        mp_msg(mod, lev, "[%s] %s", avc->item_name(avcl), text);
    else
        mp_msg(mod, lev, "%s", text);
}

void demux_route_av_log(void)
{
    av_log_set_callback(demux_avlog_callback);
}
