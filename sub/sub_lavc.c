/*
 * Subtitle decoding with libavcodec: packets of text subtitle streams
 * become ASS event lines for libass; external files are read whole with
 * libavformat the same way.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * FFmpeg's text subtitle decoders all emit Matroska-style ASS lines
 * ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"), which
 * is what ass_process_chunk takes; timing comes from the packet. libass's
 * own duplicate check relies on ReadOrder, which FFmpeg renumbers after a
 * decoder flush, so duplicates are dropped here instead, by a hash of the
 * packet's time and bytes.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libavformat/avformat.h>
#include <libavutil/mem.h>

#include "common/mp_msg.h"
#include "sub_priv.h"

/* A packet without a duration (some muxers leave it out) stays this long. */
#define SUB_DEFAULT_DURATION_MS 5000

bool sub_lavc_is_bitmap(enum AVCodecID id)
{
    const AVCodecDescriptor *desc = avcodec_descriptor_get(id);
    return desc && (desc->props & AV_CODEC_PROP_BITMAP_SUB);
}

int sub_lavc_open(struct sub_track *t, const AVCodecParameters *par)
{
    const AVCodecDescriptor *desc = avcodec_descriptor_get(par->codec_id);
    bool bitmap = sub_lavc_is_bitmap(par->codec_id);
    if (!desc || !(bitmap || (desc->props & AV_CODEC_PROP_TEXT_SUB))) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Subtitle codec %s is not supported.\n",
               avcodec_get_name(par->codec_id));
        return -1;
    }
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    if (!codec) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "No decoder for subtitle codec %s.\n",
               avcodec_get_name(par->codec_id));
        return -1;
    }
    t->dec = avcodec_alloc_context3(codec);
    if (!t->dec || avcodec_parameters_to_context(t->dec, par) < 0)
        goto fail;
    t->dec->pkt_timebase = t->tb;
    if (t->iconv_from && t->dec->extradata_size > 0) {
        /* An SSA/ASS header (styles, names) is text in the file's charset
         * too. */
        size_t n = 0;
        char *conv = sub_charset_to_utf8(t->iconv_from, (const char *)t->dec->extradata,
                                         (size_t)t->dec->extradata_size, &n);
        if (!conv)
            goto fail;
        uint8_t *ed = av_mallocz(n + AV_INPUT_BUFFER_PADDING_SIZE);
        if (!ed) {
            free(conv);
            goto fail;
        }
        memcpy(ed, conv, n);
        free(conv);
        av_free(t->dec->extradata);
        t->dec->extradata = ed;
        t->dec->extradata_size = (int)n;
    }
    if (avcodec_open2(t->dec, codec, NULL) < 0)
        goto fail;
    t->native_ass = par->codec_id == AV_CODEC_ID_ASS || par->codec_id == AV_CODEC_ID_SSA;
    if (bitmap) {
        t->bitmap = sub_bitmap_new();
        if (!t->bitmap)
            goto fail;
    }
    return 0;
fail:
    mp_msg(MSGT_SUBREADER, MSGL_ERR, "Could not open the %s subtitle decoder.\n",
           avcodec_get_name(par->codec_id));
    avcodec_free_context(&t->dec);
    return -1;
}

/* Remember key; false if it was there already. */
static bool seen_insert(struct sub_track *t, uint64_t key)
{
    if (!key)
        key = 1;
    if ((t->seen_count + 1) * 2 > t->seen_cap) {
        size_t cap = t->seen_cap ? t->seen_cap * 2 : 64;
        uint64_t *n = calloc(cap, sizeof(*n));
        if (!n)
            return true; /* no memory: accept the packet rather than lose it */
        for (size_t i = 0; i < t->seen_cap; i++) {
            if (!t->seen[i])
                continue;
            size_t j = t->seen[i] & (cap - 1);
            while (n[j])
                j = (j + 1) & (cap - 1);
            n[j] = t->seen[i];
        }
        free(t->seen);
        t->seen = n;
        t->seen_cap = cap;
    }
    size_t j = key & (t->seen_cap - 1);
    while (t->seen[j]) {
        if (t->seen[j] == key)
            return false;
        j = (j + 1) & (t->seen_cap - 1);
    }
    t->seen[j] = key;
    t->seen_count++;
    return true;
}

/* A copy of pkt for the decoder (which takes a non-const packet), its text
 * converted to UTF-8 when the track has a charset. */
static AVPacket *decoder_packet(const struct sub_track *t, const AVPacket *pkt)
{
    AVPacket *p = av_packet_alloc();
    if (!p)
        return NULL;
    if (!t->iconv_from) {
        if (av_packet_ref(p, pkt) < 0)
            av_packet_free(&p);
        return p;
    }
    size_t n = 0;
    char *conv = sub_charset_to_utf8(t->iconv_from, (const char *)pkt->data, (size_t)pkt->size,
                                     &n);
    if (!conv || n > INT32_MAX / 2 || av_new_packet(p, (int)n) < 0 ||
        av_packet_copy_props(p, pkt) < 0) {
        free(conv);
        av_packet_free(&p);
        return NULL;
    }
    memcpy(p->data, conv, n);
    free(conv);
    return p;
}

/* A decoded bitmap subtitle into the track: its own display times (DVD
 * subtitles carry their stop time) win over the packet's duration; neither
 * (PGS): shown until the next event. */
static int decode_bitmap(struct sub_track *t, const AVSubtitle *s, long long start,
                         long long dur)
{
    long long begin = start + s->start_display_time;
    long long end = -1;
    if (s->end_display_time != UINT32_MAX && s->end_display_time > s->start_display_time)
        end = start + s->end_display_time;
    else if (dur > 0)
        end = start + dur;
    if (sub_bitmap_add(t->bitmap, s, begin, end, t->dec->width, t->dec->height) < 0) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Out of memory for a subtitle picture.\n");
        return -1;
    }
    return 0;
}

int sub_lavc_decode(struct mp_sub *sub, struct sub_track *t, const AVPacket *pkt)
{
    if (!t->dec || !pkt || pkt->size <= 0)
        return -1;
    int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    if (ts == AV_NOPTS_VALUE) {
        mp_msg(MSGT_SUBREADER, MSGL_V, "Subtitle packet without a timestamp dropped.\n");
        return -1;
    }
    AVRational ms = {1, 1000};
    long long start = av_rescale_q(ts, t->tb, ms);
    long long dur = pkt->duration > 0 ? av_rescale_q(pkt->duration, t->tb, ms) : -1;

    uint64_t key = sub_text_hash(0xcbf29ce484222325ULL, &start, sizeof(start));
    key = sub_text_hash(key, &dur, sizeof(dur));
    key = sub_text_hash(key, pkt->data, (size_t)pkt->size);
    if (!seen_insert(t, key))
        return 0;

    AVPacket *p = decoder_packet(t, pkt);
    if (!p)
        return -1;
    AVSubtitle s;
    int got = 0;
    int r = avcodec_decode_subtitle2(t->dec, &s, &got, p);
    av_packet_free(&p);
    if (r < 0) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Could not decode a subtitle packet at %.3f s.\n",
               start / 1000.0);
        return -1;
    }
    if (!got)
        return 0;
    if (t->bitmap) {
        int r2 = decode_bitmap(t, &s, start, dur);
        avsubtitle_free(&s);
        return r2;
    }
    if (dur < 0) {
        dur = s.end_display_time > s.start_display_time && s.end_display_time != UINT32_MAX
                  ? (long long)(s.end_display_time - s.start_display_time)
                  : SUB_DEFAULT_DURATION_MS;
    }
    int ret = 0;
    for (unsigned i = 0; i < s.num_rects; i++) {
        const AVSubtitleRect *rect = s.rects[i];
        if (rect->type != SUBTITLE_ASS || !rect->ass)
            continue;
        char *line = t->plain ? sub_text_plain_line(rect->ass, !sub->opts.ass_styles)
                              : strdup(rect->ass);
        if (!line) {
            ret = -1;
            continue;
        }
        ass_process_chunk(t->ass, line, (int)strlen(line), start, dur);
        free(line);
    }
    avsubtitle_free(&s);
    return ret;
}

static const AVInputFormat *format_from_extension(const char *path)
{
    static const char *const map[][2] = {
        {".srt", "srt"}, {".ass", "ass"}, {".ssa", "ass"}, {".vtt", "webvtt"},
        {".sub", "microdvd"},
    };
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        size_t el = strlen(map[i][0]);
        if (n > el && !strcasecmp(path + n - el, map[i][0]))
            return av_find_input_format(map[i][1]);
    }
    return NULL;
}

/* The time base of a file's subtitle stream after -subfps. MicroDVD counts
 * frames: at -subfps, else the file's own "{1}{1}fps" header, else the
 * video's rate (libavformat's guess without a header is 23.976). Time-based
 * files are stretched by subfps / video fps, as MPlayer does. */
static AVRational file_time_base(const struct mp_sub *sub, const AVFormatContext *fmt,
                                 AVRational tb)
{
    double subfps = sub->opts.sub_fps, vfps = sub->video_fps;
    if (!strcmp(fmt->iformat->name, "microdvd")) {
        const AVRational guess = {125, 2997};  /* libavformat's 23.976 */
        double fps = subfps > 0 ? subfps : av_cmp_q(tb, guess) == 0 && vfps > 0 ? vfps : 0;
        return fps > 0 ? av_inv_q(av_d2q(fps, 1000000)) : tb;
    }
    if (subfps > 0 && vfps > 0)
        return av_mul_q(tb, av_d2q(subfps / vfps, 1000000));
    return tb;
}

static int cmp_event_start(const void *a, const void *b)
{
    const ASS_Event *x = *(const ASS_Event *const *)a, *y = *(const ASS_Event *const *)b;
    return x->Start < y->Start ? -1 : x->Start > y->Start;
}

/* -nooverlapsub on a loaded text track. */
static void sub_lavc_cut_overlaps(struct sub_track *t)
{
    int n = t->ass->n_events;
    if (n < 2)
        return;
    ASS_Event **ev = malloc(sizeof(*ev) * (size_t)n);
    if (!ev) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Out of memory: -nooverlapsub not applied.\n");
        return;
    }
    for (int i = 0; i < n; i++)
        ev[i] = &t->ass->events[i];
    qsort(ev, (size_t)n, sizeof(*ev), cmp_event_start);
    for (int i = 0; i + 1 < n; i++) {
        /* Lines that start together are one subtitle: keep them both. */
        long long next = ev[i + 1]->Start;
        if (next == ev[i]->Start || ev[i]->Start + ev[i]->Duration < next)
            continue;
        /* MPlayer ends the earlier one a centisecond before the next, also
         * when it ended just as the next began. */
        long long d = next - ev[i]->Start - 10;
        ev[i]->Duration = d > 0 ? d : next - ev[i]->Start;
    }
    free(ev);
}

/* A track for subtitle stream st of a file being read: its decoder open,
 * its charset chosen. NULL after a message. */
static struct sub_track *file_track(struct mp_sub *sub, const char *path,
                                    const AVFormatContext *fmt, const AVStream *st, bool vobsub)
{
    struct sub_track *t = calloc(1, sizeof(*t));
    if (!t)
        return NULL;
    t->stream_id = -1;
    /* libavformat's vobsub demuxer keeps the .idx "index:" as the id. */
    t->vobsub_id = vobsub ? st->id : -1;
    AVDictionaryEntry *lang = av_dict_get(st->metadata, "language", NULL, 0);
    if (lang && !(t->lang = strdup(lang->value)))
        goto fail;
    t->tb = file_time_base(sub, fmt, st->time_base);
    t->path = strdup(path);
    if (!t->path)
        goto fail;
    const char *cp = sub->charset;
    if (sub_lavc_is_bitmap(st->codecpar->codec_id)) {
        /* VobSub: pictures, no charset. */
    } else if (cp && cp[0] && strcasecmp(cp, "utf-8") && strcasecmp(cp, "utf8")) {
        t->iconv_from = strdup(cp);
        if (!t->iconv_from)
            goto fail;
        /* An unknown charset fails the file now, not every event. */
        char *probe = sub_charset_to_utf8(cp, "", 0, NULL);
        if (!probe)
            goto fail;
        free(probe);
    } else if ((!cp || !cp[0]) && !sub_charset_file_is_utf8(path)) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN,
               "%s is not UTF-8: read as %s; name its charset with -subcp.\n", path,
               SUB_LEGACY_CHARSET);
        t->iconv_from = strdup(SUB_LEGACY_CHARSET);
        if (!t->iconv_from)
            goto fail;
    }
    if (sub_lavc_open(t, st->codecpar) < 0 || sub_track_init_ass(sub, t) < 0)
        goto fail;
    return t;
fail:
    sub_track_free(t);
    return NULL;
}

/* A track read to the end: its decoder and duplicate set are done. */
static void file_track_done(struct mp_sub *sub, struct sub_track *t)
{
    if (!sub->opts.overlap && t->plain)
        sub_lavc_cut_overlaps(t);
    avcodec_free_context(&t->dec);
    free(t->seen);
    t->seen = NULL;
    t->seen_cap = t->seen_count = 0;
    mp_msg(MSGT_SUBREADER, MSGL_V, "Loaded %d subtitle events from %s.\n",
           t->bitmap ? sub_bitmap_event_count(t->bitmap) : t->ass->n_events, t->path);
}

int sub_lavc_read_file(struct mp_sub *sub, const char *path, bool all)
{
    AVFormatContext *fmt = NULL;
    /* A charset other than UTF-8 can make probing fail; the extension is
     * the better guess then. */
    if (avformat_open_input(&fmt, path, NULL, NULL) < 0) {
        const AVInputFormat *ifmt = format_from_extension(path);
        if (!ifmt || avformat_open_input(&fmt, path, ifmt, NULL) < 0) {
            mp_msg(MSGT_SUBREADER, MSGL_ERR, "Cannot read subtitle file %s.\n", path);
            return -1;
        }
    }
    /* The track of each stream read, by stream index; NULL: skipped. */
    struct sub_track **tracks = calloc(fmt->nb_streams ? fmt->nb_streams : 1, sizeof(*tracks));
    if (!tracks) {
        avformat_close_input(&fmt);
        return -1;
    }
    int wanted = 0, opened = 0;
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        AVStream *st = fmt->streams[i];
        st->discard = AVDISCARD_ALL;
        if (st->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE || (!all && wanted))
            continue;
        wanted++;
        tracks[i] = file_track(sub, path, fmt, st, all);
        if (!tracks[i])
            continue;   /* one language that cannot be read leaves the others */
        st->discard = AVDISCARD_DEFAULT;
        opened++;
    }
    int first = -1;
    if (!opened) {
        if (!wanted)
            mp_msg(MSGT_SUBREADER, MSGL_ERR, "%s holds no subtitles.\n", path);
        goto done;
    }
    AVPacket *pkt = av_packet_alloc();
    if (!pkt)
        goto done;
    int bad = 0;
    while (av_read_frame(fmt, pkt) >= 0) {
        unsigned si = (unsigned)pkt->stream_index;
        if (si < fmt->nb_streams && tracks[si] && sub_lavc_decode(sub, tracks[si], pkt) < 0)
            bad++;
        av_packet_unref(pkt);
    }
    av_packet_free(&pkt);
    if (bad)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "%s: %d subtitle events could not be read.\n", path,
               bad);
    for (unsigned i = 0; i < fmt->nb_streams; i++) {
        if (!tracks[i])
            continue;
        file_track_done(sub, tracks[i]);
        int n = sub_add_track(sub, tracks[i]);  /* frees the track when it fails */
        tracks[i] = NULL;
        if (n >= 0 && first < 0)
            first = n;
    }
done:
    for (unsigned i = 0; i < fmt->nb_streams; i++)
        sub_track_free(tracks[i]);
    free(tracks);
    avformat_close_input(&fmt);
    return first;
}
