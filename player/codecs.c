/*
 * -vc/-ac: MPlayer's codec lists ("ffh264,ffodivx,", "-ffmp3,", "null")
 * matched against the stream's codec, with MPlayer's codecs.conf names
 * mapped onto libavcodec's decoders.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * libavcodec has one decoder for almost every codec, so choosing among
 * decoders for a codec, which was -vc's use in MPlayer (binary codecs
 * against libavcodec's), does not arise: a list here decides whether the
 * stream's codec is decoded at all, as MPlayer's does when no codec of the
 * list handles it. Then libavcodec's decoder for the codec is used.
 */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include <libavcodec/avcodec.h>

#include "common/mp_msg.h"
#include "player/play_priv.h"
#include "player/player.h"

/* MPlayer 1.5's codecs.conf names whose libavcodec decoder name is not the
 * name without its "ff" (those are found by that rule), and MPlayer's own
 * decoders that libavcodec's take the place of. */
static const struct {
    const char *mp;
    const char *lavc;
} codec_mp_names[] = {
    {"ffodivx", "mpeg4"},
    {"ffmpeg1", "mpeg1video"},
    {"ffmpeg2", "mpeg2video"},
    {"ffmpeg12", "mpeg1video"},
    {"ffmpeg12", "mpeg2video"},
    {"mpeg12", "mpeg1video"},
    {"mpeg12", "mpeg2video"},
    {"ffdivx", "msmpeg4"},
    {"ffmp41", "msmpeg4v1"},
    {"ffmp42", "msmpeg4v2"},
    {"ffmp43", "msmpeg4"},
    {"ffdv", "dvvideo"},
    {"ffmjpegb", "mjpegb"},
    {"ffrv40", "rv40"},
    {"mad", "mp3"},
    {"mp3lib", "mp3"},
    {"faad", "aac"},
    {"a52", "ac3"},
    {"dts", "dca"},
    {"ffdts", "dca"},
    {"ffdca", "dca"},
    {"libvorbis", "vorbis"},
    {"tremor", "vorbis"},
    {"ffwmav1", "wmav1"},
    {"ffwmav2", "wmav2"},
};

/* Whether the list item name (len bytes) names a decoder of id. *known:
 * the name means something here. */
static bool codec_item_matches(const char *name, size_t len, enum AVCodecID id, bool *known)
{
    char buf[64];
    *known = false;
    if (len == 0 || len >= sizeof(buf))
        return false;
    memcpy(buf, name, len);
    buf[len] = '\0';
    bool match = false;
    for (size_t i = 0; i < sizeof(codec_mp_names) / sizeof(codec_mp_names[0]); i++) {
        if (strcasecmp(buf, codec_mp_names[i].mp))
            continue;
        *known = true;
        const AVCodec *c = avcodec_find_decoder_by_name(codec_mp_names[i].lavc);
        match = match || (c && c->id == id);
    }
    if (*known)
        return match;
    /* MPlayer's "pcm" decodes every PCM layout. */
    if (!strcasecmp(buf, "pcm")) {
        *known = true;
        return !strncmp(avcodec_get_name(id), "pcm_", 4);
    }
    /* "ffh264" is libavcodec's h264; libavcodec's own names work too. */
    const AVCodec *c = NULL;
    if (!strncasecmp(buf, "ff", 2))
        c = avcodec_find_decoder_by_name(buf + 2);
    if (!c)
        c = avcodec_find_decoder_by_name(buf);
    *known = c != NULL;
    return c && c->id == id;
}

int play_codec_allowed(struct play_state *ps, bool video, enum AVCodecID id)
{
    const struct MPOpts *o = &ps->mpctx->opts;
    const char *list = video ? o->vc : o->ac;
    const char *opt = video ? "-vc" : "-ac";
    if (!list || !list[0])
        return 1;
    mp_msg(MSGT_CPLAYER, MSGL_V, "Forced %s codec: %s\n", video ? "video" : "audio", list);
    /* With a fallback a name not available here changes nothing: front-ends
     * list hardware codecs (ffh264vdpau,...) that way on every start. */
    size_t n = strlen(list);
    int unknown_lev = list[n - 1] == ',' || list[0] == ',' || strstr(list, ",,") ? MSGL_V
                                                                                  : MSGL_WARN;
    bool fallback = false, excluded = false;
    for (const char *p = list; ; p++) {
        size_t len = strcspn(p, ",");
        /* An empty item (a trailing comma): codecs not listed may follow. */
        if (len == 0) {
            fallback = true;
        } else {
            bool neg = p[0] == '-';
            /* "+name" forces a codec in MPlayer; here it is tried as one. */
            size_t skip = neg || p[0] == '+';
            const char *name = p + skip;
            size_t nlen = len - skip;
            bool known;
            if (!neg && video && nlen == 4 && !strncasecmp(name, "null", 4))
                return 0;
            bool match = codec_item_matches(name, nlen, id, &known);
            if (!known)
                mp_msg(MSGT_CPLAYER, unknown_lev, "%s: codec '%.*s' is not available here "
                       "(libavcodec's decoders by MPlayer's or libavcodec's names).\n", opt,
                       (int)nlen, name);
            if (match && neg)
                excluded = true;
            else if (match)
                return 1;
        }
        p += len;
        if (!*p)
            break;
    }
    if (fallback && !excluded)
        return 1;
    mp_msg(MSGT_CPLAYER, MSGL_ERR, "%s %s: no codec of the list decodes %s %s of '%s'.\n",
           opt, list, avcodec_get_name(id), video ? "video" : "audio", ps->filename);
    return -1;
}
