/*
 * special.c: the rows with a handler of their own that are neither window
 * geometry, config files, the command line nor help: message levels,
 * MPlayer's suboption lists (-lavdopts, -lavfdopts, -rawaudio, -rawvideo,
 * -mf), -endpos, -chapter, the filter chains and MPlayer's removed names.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "common/mp_msg.h"
#include "options/options_int.h"
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#if HAVE_LIBPOSTPROC
#include <libpostproc/postprocess.h>
#endif

/* ---- messages ---- */

void opt_apply_quiet(const struct MPOpts *o)
{
    /* MPlayer's -quiet hides the status line and keeps the rest;
     * -really-quiet keeps errors only. */
    int lev = MSGL_STATUS;
    if (o->really_quiet)
        lev = MSGL_ERR;
    else if (o->quiet)
        lev = MSGL_INFO;
    mp_msg_set_default_level(lev);
}

void opt_apply_identify(const struct MPOpts *o)
{
    /* As in MPlayer, -identify is -msglevel identify=4: ID_ lines show even
     * with -really-quiet, which is how front-ends run it. */
    if (o->identify)
        mp_msg_parse_levels("identify=4");
}

/* -nolirc and -fixed-vo ask for what this player always does: silent.
 * Only their opposites, which it cannot do, are warned about. */
void opt_apply_lirc(const struct MPOpts *o)
{
    if (o->lirc)
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "Option -lirc is accepted but has no effect here: "
               "LIRC remote controls are not supported.\n");
}

void opt_apply_fixed_vo(const struct MPOpts *o)
{
    if (!o->fixed_vo)
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "Option -nofixed-vo is accepted but has no effect "
               "here: the video output is kept across files.\n");
}

void opt_apply_msg_style(const struct MPOpts *o)
{
    mp_msg_set_style(o->msgcolor, o->msgmodule);
}

int opt_func_msgcharset(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    if (mp_msg_set_charset(value) < 0) {
        opt_err(err, errsize, "unknown charset '%s' (see iconv -l; noconv: none)", value);
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}

int opt_func_noloop(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize)
{
    /* MPlayer 1.5 takes -noloop and forgets it (-loop 0 -noloop loops on);
     * its documentation says it disables looping, which is what it does here. */
    c->o->loop = -1;
    return OPT_R_OK;
}

int opt_func_verbose(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    mp_msg_add_verbose(1);
    return OPT_R_OK;
}

int opt_func_msglevel(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize)
{
    if (!strcmp(value, "help")) {
        mp_msg_print_modules();
        return OPT_R_EXIT;
    }
    if (mp_msg_parse_levels(value) < 0) {
        opt_err(err, errsize, "invalid message levels: '%s' (module=level:..., "
                "level -1..10)", value);
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}


/* MPlayer's -utf8: subtitle files are UTF-8, whatever -subcp said before. */
int opt_func_utf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                  char *err, size_t errsize)
{
    char *copy = strdup("UTF-8");
    if (!copy) {
        opt_err(err, errsize, "out of memory");
        return OPT_R_BADVAL;
    }
    free(c->o->subcp);
    c->o->subcp = copy;
    return OPT_R_OK;
}

/* MPlayer's -noutf8: no longer force UTF-8; a -subcp naming another
 * charset stays. */
int opt_func_noutf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize)
{
    const char *cp = c->o->subcp;
    if (cp && (!strcasecmp(cp, "utf-8") || !strcasecmp(cp, "utf8"))) {
        free(c->o->subcp);
        c->o->subcp = NULL;
    }
    return OPT_R_OK;
}

/* -lavdopts threads=4:foo=bar: MPlayer's suboption list. Only threads is
 * known; others are warned about so old config files keep working. */
int opt_func_lavdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize)
{
    int threads = c->o->lavdopts_threads;
    const char *p = value;
    while (*p) {
        size_t len = strcspn(p, ":");
        size_t klen = strcspn(p, "=:");
        char item[128];
        if (len >= sizeof(item)) {
            opt_err(err, errsize, "suboption too long: '%.20s...'", p);
            return OPT_R_BADVAL;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        if (klen == 7 && !strncasecmp(item, "threads", 7)) {
            const char *v = klen < len ? item + klen + 1 : NULL;
            int64_t n;
            if (v && !strcasecmp(v, "auto")) {
                n = 0;
            } else if (!v || opt_parse_int64(v, &n) < 0 || n < 0 || n > 64) {
                opt_err(err, errsize, "threads needs a number 0..64 (0 = auto), not '%s'",
                        v ? v : "");
                return OPT_R_BADVAL;
            }
            threads = (int)n;
        } else if (len) {
            mp_msg(MSGT_OPTIONS, MSGL_WARN,
                   "Option -lavdopts: unknown suboption '%.*s' ignored\n", (int)klen, item);
        }
        p += len;
        if (*p == ':')
            p++;
    }
    c->o->lavdopts_threads = threads;
    return OPT_R_OK;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && !strcasecmp(s + n - m, suffix) && opt_is_digit(s[n - m - 1]);
}

int opt_func_endpos(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize)
{
    /* In MPlayer a size with b/kb/mb stops mencoder's output at that size;
     * a player has no output size, so say so instead of guessing. */
    if (has_suffix(value, "b") || has_suffix(value, "kb") || has_suffix(value, "mb")) {
        opt_err(err, errsize, "'%s' is a byte size, which only mencoder supports; "
                "give a time ([[hh:]mm:]ss[.ms])", value);
        return OPT_R_BADVAL;
    }
    double v;
    if (mp_parse_time(value, &v) < 0) {
        opt_err(err, errsize, "invalid time: '%s'", value);
        return OPT_R_BADVAL;
    }
    c->o->end_pos = v;
    return OPT_R_OK;
}

/* One chapter number of -chapter: 1 or more, no sign, no trailing text. */
static bool parse_chapter_number(const char *s, size_t len, int *out)
{
    if (!len || len > 6 || strspn(s, "0123456789") < len)
        return false;
    int v = 0;
    for (size_t i = 0; i < len; i++)
        v = v * 10 + (s[i] - '0');
    *out = v;
    return v >= 1;
}

/* -chapter N, N-M or N-: MPlayer's chapter range, counted from 1. */
int opt_func_chapter(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    size_t len = strcspn(value, "-");
    int first = 0, last = 0;
    bool ok = parse_chapter_number(value, len, &first);
    if (ok && value[len] == '-' && value[len + 1])
        ok = parse_chapter_number(value + len + 1, strlen(value + len + 1), &last);
    if (!ok) {
        opt_err(err, errsize, "invalid chapter range '%s' (N, N-M or N-, from 1)", value);
        return OPT_R_BADVAL;
    }
    if (last && last < first) {
        opt_err(err, errsize, "chapter range '%s' ends before it starts", value);
        return OPT_R_BADVAL;
    }
    c->o->chapter_first = first;
    c->o->chapter_last = last;
    return OPT_R_OK;
}

/* -rawaudio channels=<n>:rate=<Hz>:samplesize=<bytes>[:format=0x1], as
 * MPlayer's; a value left out keeps what it was. Only PCM (format 0x1, the
 * default) exists here: libavformat has no headerless compressed audio
 * reader that takes a format tag. */
int opt_func_rawaudio(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize)
{
    static const struct {
        const char *name;
        size_t offset;
        int min, max;
    } subs[] = {
        {"channels", offsetof(struct MPOpts, rawaudio_channels), 1, 8},
        {"rate", offsetof(struct MPOpts, rawaudio_rate), 1000, 384000},
        {"samplesize", offsetof(struct MPOpts, rawaudio_samplesize), 1, 4},
    };
    int vals[3];
    for (int i = 0; i < 3; i++)
        vals[i] = *(int *)((char *)c->o + subs[i].offset);
    for (const char *p = value; *p; ) {
        size_t len = strcspn(p, ":");
        size_t klen = strcspn(p, "=:");
        char v[32] = "";
        if (klen < len) {
            size_t vlen = len - klen - 1;
            if (vlen >= sizeof(v))
                vlen = sizeof(v) - 1;
            memcpy(v, p + klen + 1, vlen);
            v[vlen] = '\0';
        }
        int k = -1;
        for (int i = 0; i < 3; i++) {
            if (strlen(subs[i].name) == klen && !strncmp(p, subs[i].name, klen))
                k = i;
        }
        int64_t n;
        if (k >= 0) {
            if (opt_parse_int64(v, &n) < 0 || n < subs[k].min || n > subs[k].max) {
                opt_err(err, errsize, "%s needs a number %d..%d, not '%s'", subs[k].name,
                        subs[k].min, subs[k].max, v);
                return OPT_R_BADVAL;
            }
            vals[k] = (int)n;
        } else if (klen == 7 && !strncmp(p, "bitrate", 7)) {
            /* For MPlayer's compressed formats; PCM's follows from the rest. */
            if (opt_parse_int64(v, &n) < 0 || n < 0) {
                opt_err(err, errsize, "bitrate needs a number, not '%s'", v);
                return OPT_R_BADVAL;
            }
        } else if (klen == 6 && !strncmp(p, "format", 6)) {
            char *end;
            long tag = strtol(v, &end, 0);
            if (!v[0] || *end || tag != 1) {
                opt_err(err, errsize, "format '%s': only PCM (0x1) is read here", v);
                return OPT_R_BADVAL;
            }
        } else if (len) {
            opt_err(err, errsize, "unknown suboption '%.*s' (channels, rate, samplesize, "
                    "bitrate, format)", (int)klen, p);
            return OPT_R_BADVAL;
        }
        p += len;
        if (*p == ':')
            p++;
    }
    for (int i = 0; i < 3; i++)
        *(int *)((char *)c->o + subs[i].offset) = vals[i];
    return OPT_R_OK;
}

/* Replace *field by a copy of the n bytes at v. Returns OPT_R_OK or OPT_R_BADVAL. */
static int lavfd_set_string(char **field, const char *v, size_t n, char *err,
                            size_t errsize)
{
    char *copy = strndup(v, n);
    if (!copy) {
        opt_err(err, errsize, "out of memory");
        return OPT_R_BADVAL;
    }
    free(*field);
    *field = copy;
    return OPT_R_OK;
}

/* -lavfdopts probesize=<bytes>:analyzeduration=<s>:format=<name>:
 * cryptokey=<hex>:o=<key>=<value>[,<key>=<value>...], MPlayer's sub-options
 * for its libavformat demuxer. Everything is checked before anything is
 * stored, so a bad value leaves the options as they were. What libavformat
 * itself makes of o= is only known when a file opens (demux_lavf.c warns
 * about keys it does not know). */
int opt_func_lavfdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize)
{
    struct MPOpts *o = c->o;
    int64_t probesize = o->lavfdopts_probesize;
    double analyze = o->lavfdopts_analyzeduration;
    const char *fmt = NULL, *key = NULL, *avopts = NULL;
    size_t fmt_len = 0, key_len = 0, avopts_len = 0;
    for (const char *p = value; *p; ) {
        /* o='s value holds "=" (and ","), so only ":" ends an item. */
        size_t len = strcspn(p, ":");
        size_t klen = strcspn(p, "=:");
        const char *v = p + klen + 1;
        size_t vlen = klen < len ? len - klen - 1 : 0;
        char num[32] = "";
        if (vlen < sizeof(num))
            memcpy(num, v, vlen);
        if (klen == 9 && !strncmp(p, "probesize", 9)) {
            /* libavformat's own lower bound, as MPlayer 1.5 checks it. */
            if (mp_parse_size(num, &probesize) < 0 || probesize < 32 ||
                probesize > INT_MAX) {
                opt_err(err, errsize, "probesize needs a byte count 32..%d, not '%.*s'",
                        INT_MAX, (int)vlen, v);
                return OPT_R_BADVAL;
            }
        } else if (klen == 15 && !strncmp(p, "analyzeduration", 15)) {
            if (opt_parse_double(num, &analyze) < 0 || analyze < 0 || analyze > 1e6) {
                opt_err(err, errsize, "analyzeduration needs seconds >= 0, not '%.*s'",
                        (int)vlen, v);
                return OPT_R_BADVAL;
            }
        } else if (klen == 6 && !strncmp(p, "format", 6)) {
            if (!vlen) {
                opt_err(err, errsize, "format needs a libavformat format name");
                return OPT_R_BADVAL;
            }
            fmt = v;
            fmt_len = vlen;
        } else if (klen == 9 && !strncmp(p, "cryptokey", 9)) {
            /* Raw key bytes, two hex digits each (libavformat's own
             * check would only come when a file opens). */
            if (!vlen || vlen % 2 || strspn(v, "0123456789abcdefABCDEF") < vlen) {
                opt_err(err, errsize, "cryptokey needs an even number of hex digits, "
                        "not '%.*s'", (int)vlen, v);
                return OPT_R_BADVAL;
            }
            key = v;
            key_len = vlen;
        } else if (klen == 1 && p[0] == 'o') {
            if (!vlen || !memchr(v, '=', vlen)) {
                opt_err(err, errsize, "o needs key=value[,key=value...], not '%.*s'",
                        (int)vlen, v);
                return OPT_R_BADVAL;
            }
            avopts = v;
            avopts_len = vlen;
        } else if (len) {
            opt_err(err, errsize, "unknown suboption '%.*s' (probesize, analyzeduration, "
                    "format, cryptokey, o)", (int)klen, p);
            return OPT_R_BADVAL;
        }
        p += len;
        if (*p == ':')
            p++;
    }
    int r = OPT_R_OK;
    if (fmt)
        r = lavfd_set_string(&o->lavfdopts_format, fmt, fmt_len, err, errsize);
    if (r == OPT_R_OK && key)
        r = lavfd_set_string(&o->lavfdopts_cryptokey, key, key_len, err, errsize);
    if (r == OPT_R_OK && avopts)
        r = lavfd_set_string(&o->lavfdopts_avopts, avopts, avopts_len, err, errsize);
    if (r != OPT_R_OK)
        return r;
    o->lavfdopts_probesize = probesize;
    o->lavfdopts_analyzeduration = analyze;
    return OPT_R_OK;
}

/* MPlayer's names of raw picture layouts (its -rawvideo format=help, and
 * the fourccs it takes as numbers) and libavutil's pixel format for each.
 * swap: the chroma planes come V first (libavcodec's raw decoder puts
 * them back when the stream's tag says so). MPlayer's 15/16-bit RGB/BGR
 * names count from the other end of the pixel than libavutil's (each
 * layout checked against MPlayer 1.5's pictures). */
static const struct rawvideo_fmt {
    const char *name;
    uint32_t fourcc;
    const char *pixfmt;
    bool swap;
} rawvideo_fmts[] = {
    {"i420", 0x30323449, "yuv420p", false},
    {"iyuv", 0x56555949, "yuv420p", false},
    {"yv12", 0x32315659, "yuv420p", true},
    {"yuy2", 0x32595559, "yuyv422", false},
    {"yvyu", 0x55595659, "yvyu422", false},
    {"uyvy", 0x59565955, "uyvy422", false},
    {"y800", 0x30303859, "gray", false},
    {"y8", 0x20203859, "gray", false},
    {"y16le", 0, "gray16le", false},
    {"y16be", 0, "gray16be", false},
    {"nv12", 0x3231564e, "nv12", false},
    {"nv21", 0x3132564e, "nv21", false},
    {"444p", 0x50343434, "yuv444p", false},
    {"422p", 0x50323234, "yuv422p", false},
    {"411p", 0x50313134, "yuv411p", false},
    {"440p", 0x50303434, "yuv440p", false},
    {"420a", 0, "yuva420p", false},
    {"422a", 0, "yuva422p", false},
    {"444a", 0, "yuva444p", false},
    {"rgb24", 0, "rgb24", false},
    {"bgr24", 0, "bgr24", false},
    {"rgb32", 0, "rgb0", false},
    {"bgr32", 0, "bgr0", false},
    {"rgb16", 0, "bgr565le", false},
    {"bgr16", 0, "rgb565le", false},
    {"rgb15", 0, "bgr555le", false},
    {"bgr15", 0, "rgb555le", false},
    {"rgba", 0, "rgba", false},
    {"argb", 0, "argb", false},
    {"bgra", 0, "bgra", false},
    {"abgr", 0, "abgr", false},
};

/* A -rawvideo format: MPlayer's name, a fourcc number (0x32315659) or a
 * libavutil pixel format name (yuv420p). Returns 0 or -1. */
static int rawvideo_parse_format(const char *v, int *pixfmt, bool *swap)
{
    char *end;
    unsigned long tag = strtoul(v, &end, 0);
    bool number = opt_is_digit(v[0]) && !*end;
    for (size_t i = 0; i < sizeof(rawvideo_fmts) / sizeof(rawvideo_fmts[0]); i++) {
        const struct rawvideo_fmt *f = &rawvideo_fmts[i];
        if (number ? f->fourcc && tag == f->fourcc : !strcasecmp(v, f->name)) {
            *pixfmt = av_get_pix_fmt(f->pixfmt);
            *swap = f->swap;
            return *pixfmt == AV_PIX_FMT_NONE ? -1 : 0;
        }
    }
    if (number)
        return -1;
    *pixfmt = av_get_pix_fmt(v);
    *swap = false;
    return *pixfmt == AV_PIX_FMT_NONE ? -1 : 0;
}

/* -rawvideo w=<n>:h=<n>:fps=<f>:format=<fmt>:size=<bytes>, a standard size
 * by name and a layout by name, as MPlayer's sub-options; what is left out
 * keeps its value. Checked whole before anything is stored. */
int opt_func_rawvideo(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize)
{
    static const struct {
        const char *name;
        int w, h;
    } sizes[] = {
        {"sqcif", 128, 96}, {"qcif", 176, 144}, {"cif", 352, 288}, {"4cif", 704, 576},
        {"pal", 720, 576}, {"ntsc", 720, 480}, {"16cif", 1408, 1152}, {"sif", 352, 240},
    };
    struct MPOpts *o = c->o;
    int w = o->rawvideo_w, h = o->rawvideo_h, pixfmt = o->rawvideo_pixfmt;
    int size = o->rawvideo_size;
    double fps = o->rawvideo_fps;
    bool swap = o->rawvideo_swap_uv;
    for (const char *p = value; *p; ) {
        size_t len = strcspn(p, ":");
        size_t klen = strcspn(p, "=:");
        char k[16] = "", v[64] = "";
        if (klen < sizeof(k))
            memcpy(k, p, klen);
        size_t vlen = klen < len ? len - klen - 1 : 0;
        if (vlen < sizeof(v))
            memcpy(v, p + klen + 1, vlen);
        bool has_v = klen < len;
        int64_t n;
        bool done = false;
        for (size_t i = 0; !has_v && i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            if (!strcmp(k, sizes[i].name)) {
                w = sizes[i].w;
                h = sizes[i].h;
                done = true;
            }
        }
        if (done || !len) {
            /* a size name, or an empty item */
        } else if (!has_v && rawvideo_parse_format(k, &pixfmt, &swap) == 0) {
            /* a layout by name: i420, yv12, yuy2, ... */
        } else if (!strcmp(k, "w") || !strcmp(k, "h")) {
            if (opt_parse_int64(v, &n) < 0 || n < 1 || n > 16384) {
                opt_err(err, errsize, "%s needs a number of pixels 1..16384, not '%s'", k, v);
                return OPT_R_BADVAL;
            }
            *(k[0] == 'w' ? &w : &h) = (int)n;
        } else if (!strcmp(k, "fps")) {
            if (opt_parse_double(v, &fps) < 0 || fps <= 0 || fps > 1000) {
                opt_err(err, errsize, "fps needs a rate above 0 (up to 1000), not '%s'", v);
                return OPT_R_BADVAL;
            }
        } else if (!strcmp(k, "format")) {
            if (rawvideo_parse_format(v, &pixfmt, &swap) < 0) {
                opt_err(err, errsize, "format '%s' is unknown (i420, yv12, yuy2, uyvy, y8, "
                        "nv12, rgb24, ..., a fourcc number or a libavutil pixel format)", v);
                return OPT_R_BADVAL;
            }
        } else if (!strcmp(k, "size")) {
            if (opt_parse_int64(v, &n) < 0 || n < 1 || n > INT_MAX) {
                opt_err(err, errsize, "size needs a frame size in bytes, not '%s'", v);
                return OPT_R_BADVAL;
            }
            size = (int)n;
        } else {
            opt_err(err, errsize, "unknown suboption '%.*s' (w, h, fps, format, size, a size "
                    "name such as cif or pal, a format name such as i420)", (int)klen, p);
            return OPT_R_BADVAL;
        }
        p += len;
        if (*p == ':')
            p++;
    }
    o->rawvideo_w = w;
    o->rawvideo_h = h;
    o->rawvideo_fps = fps;
    o->rawvideo_pixfmt = pixfmt;
    o->rawvideo_swap_uv = swap;
    o->rawvideo_size = size;
    return OPT_R_OK;
}

/* -noaspect: no aspect correction at all (-1); a later -aspect sets one
 * again, as in MPlayer, where both set the same value. */
int opt_func_noaspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize)
{
    c->o->aspect = -1;
    return OPT_R_OK;
}

/* -format: the audio filter chain ends in format=<value>. The names are
 * the format filter's (libmpcodecs/filter_map.c): MPlayer's that libavutil
 * has a sample format for, else libavutil's own. */
int opt_func_audio_format(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize)
{
    static const char *const mp_names[] = {
        "u8", "s16le", "s16ne", "s32le", "s32ne", "floatle", "floatne", "float",
    };
    bool known = av_get_sample_fmt(value) != AV_SAMPLE_FMT_NONE;
    for (size_t i = 0; !known && i < sizeof(mp_names) / sizeof(mp_names[0]); i++)
        known = !strcasecmp(value, mp_names[i]);
    if (!known) {
        opt_err(err, errsize, "'%s' is not a sample format here (u8, s16le, s32le, floatle, "
                "or libavutil's: s16, flt, dbl, ...)", value);
        return OPT_R_BADVAL;
    }
    char *copy = strdup(value);
    if (!copy) {
        opt_err(err, errsize, "out of memory");
        return OPT_R_BADVAL;
    }
    free(c->o->audio_format);
    c->o->audio_format = copy;
    return OPT_R_OK;
}

/* -swsopts: checked by libswscale itself, now rather than at the first
 * picture. */
int opt_func_swsopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    const struct mp_opt_checks *ck = c->o->checks;
    if (strlen(value) > 400 || (ck && ck->swsopts && ck->swsopts(value) < 0)) {
        opt_err(err, errsize, "libswscale does not take '%s' (its options as key=value:..., "
                "listed by 'ffmpeg -h full' under SWScaler)", value);
        return OPT_R_BADVAL;
    }
    return lavfd_set_string(&c->o->swsopts, value, strlen(value), err, errsize);
}

/* MPlayer's bounds: 1000 Hz to eight times 48 kHz; 0 keeps the file's. */
int opt_func_srate(struct opt_ctx *c, const struct opt_def *d, const char *value,
                   char *err, size_t errsize)
{
    int64_t v;
    if (opt_parse_int64(value, &v) < 0 || (v != 0 && (v < 1000 || v > 384000))) {
        opt_err(err, errsize, "'%s' is not a sample rate (1000..384000 Hz, or 0)", value);
        return OPT_R_BADVAL;
    }
    c->o->srate = (int)v;
    return OPT_R_OK;
}

int opt_func_cache_mode(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    /* The numbers are enum stream_cache_mode's (options/ does not include
     * stream/). */
    if (!strcasecmp(value, "plan")) {
        c->o->cache_mode = 0;
    } else if (!strcasecmp(value, "ring")) {
        c->o->cache_mode = 1;
    } else {
        opt_err(err, errsize, "expected ring or plan, not '%s'", value);
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}

/* -vf/-af set a chain; -vf-add/-pre/-del/-clr edit it (the list edits are
 * the filter module's, which knows MPlayer's filter syntax: checks). */
int opt_func_filters(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    char **field = d->name[0] == 'v' ? &c->o->vf : &c->o->af;
    const char *op = d->name[2] == '-' ? d->name + 3 : "set";
    const struct mp_opt_checks *ck = c->o->checks;
    int (*edit)(const char *, const char *, const char *, char **) =
        ck ? ck->filter_list_edit : NULL;
    char *out = NULL;
    if (!strcmp(op, "set")) {
        if (!strcmp(value, "help") || !edit) {
            out = strdup(value);
        } else {
            if (edit(NULL, "add", value, &out) < 0) {
                opt_err(err, errsize, "bad filter list '%s'", value);
                return OPT_R_BADVAL;
            }
        }
    } else if (!edit || edit(*field, op, value ? value : "", &out) < 0) {
        opt_err(err, errsize, "cannot %s '%s'", op, value ? value : "");
        return OPT_R_BADVAL;
    }
    if (!out)
        return OPT_R_PRINTED;
    free(*field);
    *field = out;
    return OPT_R_OK;
}

/* ---- -mf, -use-stdin ---- */

/* -mf fps=25:type=png:w=..:h=..: how mf:// reads its pictures. w and h
 * are MPlayer's header values, which its decoders replace by the
 * pictures' own sizes (MPlayer 1.5 shows 64x48 pictures at 64x48 with
 * w=32:h=24): checked and kept, the pictures' sizes are used. */
int opt_func_mf(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                size_t errsize)
{
    struct MPOpts *o = c->o;
    double fps = o->mf_fps;
    int w = o->mf_w, h = o->mf_h;
    char type[sizeof(o->mf_type)];
    snprintf(type, sizeof(type), "%s", o->mf_type);
    for (const char *p = value; *p;) {
        size_t len = strcspn(p, ":");
        size_t klen = strcspn(p, "=:");
        const char *v = p + klen + 1;
        size_t vlen = klen < len ? len - klen - 1 : 0;
        char num[32] = "";
        if (vlen < sizeof(num))
            memcpy(num, v, vlen);
        if (klen == 3 && !strncmp(p, "fps", 3)) {
            if (opt_parse_double(num, &fps) < 0 || !(fps > 0) || fps > 1000) {
                opt_err(err, errsize, "fps needs a rate 0..1000, not '%.*s'", (int)vlen, v);
                return OPT_R_BADVAL;
            }
        } else if (klen == 4 && !strncmp(p, "type", 4)) {
            if (!vlen || vlen >= sizeof(type) || strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789")
                                                     < vlen) {
                opt_err(err, errsize, "type needs a picture type such as png or jpeg, not "
                        "'%.*s'", (int)vlen, v);
                return OPT_R_BADVAL;
            }
            memcpy(type, v, vlen);
            type[vlen] = 0;
        } else if (klen == 1 && (p[0] == 'w' || p[0] == 'h')) {
            char *end = NULL;
            long n = strtol(num, &end, 10);
            if (!vlen || !end || *end || n < 0 || n > 16384) {
                opt_err(err, errsize, "%c needs a size 0..16384, not '%.*s'", p[0], (int)vlen, v);
                return OPT_R_BADVAL;
            }
            *(p[0] == 'w' ? &w : &h) = (int)n;
        } else if (klen == 2 && len == 2 && !strncmp(p, "on", 2)) {
            /* MPlayer 1.5 says the same and goes on. */
            mp_msg(MSGT_OPTIONS, MSGL_WARN, "-mf on has been removed, use mf:// instead.\n");
        } else if (len) {
            opt_err(err, errsize, "unknown suboption '%.*s' (fps, type, w, h)", (int)klen, p);
            return OPT_R_BADVAL;
        }
        p += len;
        if (*p == ':')
            p++;
    }
    o->mf_fps = fps;
    o->mf_w = w;
    o->mf_h = h;
    memcpy(o->mf_type, type, sizeof(type));
    return OPT_R_OK;
}

/* MPlayer 1.5 stops with this message: a command line that still has the
 * old name gets the same answer here. */
int opt_func_use_stdin(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize)
{
    mp_msg(MSGT_OPTIONS, MSGL_ERR,
           "-use-stdin has been renamed to -noconsolecontrols, use that instead.\n");
    return OPT_R_PRINTED;
}

/* ---- -vd help, -pphelp ---- */

/* MPlayer 1.5's "-vd" has one suboption, help, that prints a pun on the
 * name instead of any list (decoders are -vc's); front-ends never send
 * it, people try it. */
int opt_func_vd(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                size_t errsize)
{
    if (strcmp(value, "help") != 0) {
        opt_err(err, errsize, "unknown suboption '%s' (the only one is help; video codecs "
                "are chosen with -vc)", value);
        return OPT_R_BADVAL;
    }
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "-vd is no option: keep clear of vd by watching "
           "video files, not live partners, with MPlayer.\n");
    return OPT_R_EXIT;
}

int opt_func_pphelp(struct opt_ctx *c, const struct opt_def *d, const char *value,
                    char *err, size_t errsize)
{
#if HAVE_LIBPOSTPROC
    /* MPlayer prints the library's own table: the subfilters are its. */
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "%s", pp_help);
    return OPT_R_EXIT;
#else
    opt_err(err, errsize, "this player was built without libpostproc (./configure found "
            "none, or --disable-libpostproc)");
    return OPT_R_BADVAL;
#endif
}
