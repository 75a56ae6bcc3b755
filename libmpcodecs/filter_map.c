/*
 * MPlayer's -vf / -af filter lists: parsing "name=arg1:arg2,name2", the
 * -vf-add/-vf-pre/-vf-del/-vf-clr list edits, and the translation of each
 * MPlayer filter into libavfilter graph text.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavfilter/avfilter.h>
#include <libavutil/channel_layout.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"

#define FILTER_MAX_ARGS 64

static bool lavfi_has(const char *name)
{
    return avfilter_get_by_name(name) != NULL;
}

static int kind_msgt(enum mp_filter_kind kind)
{
    return kind == MP_FILTER_AUDIO ? MSGT_DECAUDIO : MSGT_DECVIDEO;
}

static const char *kind_opt(enum mp_filter_kind kind)
{
    return kind == MP_FILTER_AUDIO ? "-af" : "-vf";
}

/* ---- list parsing ---- */

static void entry_uninit(struct mp_filter_entry *e)
{
    for (int i = 0; i < e->nargs; i++)
        free(e->args[i]);
    free(e->args);
    free(e->name);
    memset(e, 0, sizeof(*e));
}

void mp_filter_list_uninit(struct mp_filter_list *l)
{
    if (!l)
        return;
    for (int i = 0; i < l->count; i++)
        entry_uninit(&l->items[i]);
    free(l->items);
    l->items = NULL;
    l->count = 0;
}

static bool valid_name(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!(isalnum(c) || c == '_' || c == '-'))
            return false;
    }
    return true;
}

/* One entry "name[=a:b:c]" of length n. */
static int parse_entry(const char *s, size_t n, struct mp_filter_entry *e)
{
    const char *eq = memchr(s, '=', n);
    size_t name_len = eq ? (size_t)(eq - s) : n;
    if (!valid_name(s, name_len))
        return -1;
    e->name = strndup(s, name_len);
    if (!e->name)
        return -1;
    if (!eq)
        return 0;
    const char *p = eq + 1;
    const char *end = s + n;
    e->args = calloc(FILTER_MAX_ARGS, sizeof(char *));
    if (!e->args)
        return -1;
    for (;;) {
        const char *colon = memchr(p, ':', (size_t)(end - p));
        const char *stop = colon ? colon : end;
        if (e->nargs >= FILTER_MAX_ARGS)
            return -1;
        e->args[e->nargs] = strndup(p, (size_t)(stop - p));
        if (!e->args[e->nargs])
            return -1;
        e->nargs++;
        if (!colon)
            break;
        p = colon + 1;
    }
    return 0;
}

int mp_filter_list_parse(const char *spec, struct mp_filter_list *out)
{
    memset(out, 0, sizeof(*out));
    if (!spec || !spec[0])
        return 0;
    int cap = 1;
    for (const char *p = spec; *p; p++)
        cap += *p == ',';
    out->items = calloc((size_t)cap, sizeof(*out->items));
    if (!out->items)
        return -1;
    const char *p = spec;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (parse_entry(p, n, &out->items[out->count]) < 0) {
            entry_uninit(&out->items[out->count]);
            mp_filter_list_uninit(out);
            return -1;
        }
        out->count++;
        if (!comma)
            break;
        p = comma + 1;
    }
    return 0;
}

/* ---- list edits (-vf-add, -vf-pre, -vf-del, -vf-clr) ---- */

static char *join2(const char *a, const char *b)
{
    char *r = NULL;
    if (!a || !a[0])
        return strdup(b ? b : "");
    if (!b || !b[0])
        return strdup(a);
    if (asprintf(&r, "%s,%s", a, b) < 0)
        return NULL;
    return r;
}

/* Top-level entries of cur, as [start, end) spans; returns the count. */
static int split_spans(const char *cur, const char **starts, size_t *lens, int max)
{
    int n = 0;
    if (!cur || !cur[0])
        return 0;
    const char *p = cur;
    for (;;) {
        const char *comma = strchr(p, ',');
        if (n >= max)
            return -1;
        starts[n] = p;
        lens[n] = comma ? (size_t)(comma - p) : strlen(p);
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    return n;
}

static int list_delete(const char *cur, const char *arg, char **out)
{
    enum { MAXN = 256 };
    const char *starts[MAXN];
    size_t lens[MAXN];
    bool drop[MAXN] = {false};
    int n = split_spans(cur, starts, lens, MAXN);
    if (n < 0 || !arg || !arg[0])
        return -1;
    const char *p = arg;
    while (*p) {
        char *end = NULL;
        errno = 0;
        long idx = strtol(p, &end, 10);
        if (end == p || errno || (*end && *end != ','))
            return -1;
        if (idx < 0)
            idx += n;
        if (idx < 0 || idx >= n)
            return -1;
        drop[idx] = true;
        p = *end ? end + 1 : end;
    }
    size_t total = strlen(cur) + 1;
    char *r = malloc(total);
    if (!r)
        return -1;
    size_t pos = 0;
    for (int i = 0; i < n; i++) {
        if (drop[i])
            continue;
        if (pos)
            r[pos++] = ',';
        memcpy(r + pos, starts[i], lens[i]);
        pos += lens[i];
    }
    r[pos] = '\0';
    *out = r;
    return 0;
}

int mp_filter_list_edit(const char *cur, const char *op, const char *arg, char **out)
{
    *out = NULL;
    if (!cur)
        cur = "";
    if (!op)
        return -1;
    if (!strcmp(op, "clr")) {
        *out = strdup("");
    } else if (!strcmp(op, "add") || !strcmp(op, "pre")) {
        struct mp_filter_list check;
        if (!arg || !arg[0] || mp_filter_list_parse(arg, &check) < 0)
            return -1;
        mp_filter_list_uninit(&check);
        *out = !strcmp(op, "add") ? join2(cur, arg) : join2(arg, cur);
    } else if (!strcmp(op, "del")) {
        return list_delete(cur, arg, out);
    } else {
        return -1;
    }
    return *out ? 0 : -1;
}

/* ---- translation helpers ---- */

struct xlate {
    enum mp_filter_kind kind;
    const struct mp_filter_entry *e;
    const struct mp_filter_input *in;
    struct mp_filter_translation *t;
    char *text;   // the fragment being built (malloc'ed)
};

static int bad_arg(struct xlate *x, int i, const char *why)
{
    mp_msg(kind_msgt(x->kind), MSGL_ERR, "%s: filter '%s': bad argument %d '%s': %s\n",
           kind_opt(x->kind), x->e->name, i + 1, i < x->e->nargs ? x->e->args[i] : "", why);
    return -1;
}

static bool has_arg(const struct xlate *x, int i)
{
    return i < x->e->nargs && x->e->args[i][0];
}

static const char *arg_str(const struct xlate *x, int i)
{
    return has_arg(x, i) ? x->e->args[i] : NULL;
}

/* Numeric argument i in [lo, hi], or def when absent. */
static int arg_num(struct xlate *x, int i, double def, double lo, double hi, double *v)
{
    *v = def;
    if (!has_arg(x, i))
        return 0;
    const char *s = x->e->args[i];
    char *end = NULL;
    errno = 0;
    double d = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(d))
        return bad_arg(x, i, "not a number");
    if (d < lo || d > hi) {
        char why[96];
        snprintf(why, sizeof(why), "must be between %g and %g", lo, hi);
        return bad_arg(x, i, why);
    }
    *v = d;
    return 0;
}

static int arg_int(struct xlate *x, int i, int def, int lo, int hi, int *v)
{
    double d;
    if (arg_num(x, i, def, lo, hi, &d) < 0)
        return -1;
    if (d != floor(d))
        return bad_arg(x, i, "not an integer");
    *v = (int)d;
    return 0;
}

static int too_many(struct xlate *x, int max)
{
    if (x->e->nargs > max) {
        mp_msg(kind_msgt(x->kind), MSGL_ERR, "%s: filter '%s' takes at most %d argument%s\n",
               kind_opt(x->kind), x->e->name, max, max == 1 ? "" : "s");
        return -1;
    }
    return 0;
}

static int append(struct xlate *x, const char *fmt, ...) MP_PRINTF(2, 3);
static int append(struct xlate *x, const char *fmt, ...)
{
    va_list va;
    va_start(va, fmt);
    char *piece = NULL;
    int n = vasprintf(&piece, fmt, va);
    va_end(va);
    if (n < 0)
        return -1;
    char *joined = NULL;
    if (!x->text)
        joined = piece, piece = NULL;
    else if (asprintf(&joined, "%s,%s", x->text, piece) < 0)
        joined = NULL;
    free(piece);
    if (!joined)
        return -1;
    free(x->text);
    x->text = joined;
    return 0;
}

/* ---- video filters ---- */

/* MPlayer's scale sizes: -1 original, 0 display size, -2/-3 keep aspect. */
static const char *scale_dim(int v, bool width, char *buf, size_t len)
{
    if (v == -1)
        return width ? "iw" : "ih";
    if (v == 0)
        return width ? "iw*sar" : "ih";
    if (v < -1)
        return "-2";
    snprintf(buf, len, "%d", v);
    return buf;
}

static int vf_scale(struct xlate *x)
{
    int w, h;
    if (too_many(x, 9) < 0 || arg_int(x, 0, 0, -3, 16384, &w) < 0 ||
        arg_int(x, 1, 0, -3, 16384, &h) < 0)
        return -1;
    if (w < -1 && h < -1)
        return bad_arg(x, 1, "width and height cannot both follow the aspect");
    if (x->e->nargs > 2)
        mp_msg(MSGT_DECVIDEO, MSGL_V, "-vf scale: arguments after w:h are ignored\n");
    char bw[16], bh[16];
    return append(x, "scale=w=%s:h=%s", scale_dim(w, true, bw, sizeof(bw)),
                  scale_dim(h, false, bh, sizeof(bh)));
}

static int vf_crop(struct xlate *x)
{
    int w, h, px, py;
    if (too_many(x, 4) < 0 || arg_int(x, 0, -1, -1, 16384, &w) < 0 ||
        arg_int(x, 1, -1, -1, 16384, &h) < 0 || arg_int(x, 2, -1, -1, 16384, &px) < 0 ||
        arg_int(x, 3, -1, -1, 16384, &py) < 0)
        return -1;
    if (w == 0 || h == 0)
        return bad_arg(x, w == 0 ? 0 : 1, "size 0");
    char sw[16] = "iw", sh[16] = "ih", sx[24] = "(iw-ow)/2", sy[24] = "(ih-oh)/2";
    if (w > 0)
        snprintf(sw, sizeof(sw), "%d", w);
    if (h > 0)
        snprintf(sh, sizeof(sh), "%d", h);
    if (px >= 0)
        snprintf(sx, sizeof(sx), "%d", px);
    if (py >= 0)
        snprintf(sy, sizeof(sy), "%d", py);
    return append(x, "crop=w=%s:h=%s:x=%s:y=%s:exact=1", sw, sh, sx, sy);
}

static int parse_ratio(const char *s, double *v);

/* expand=w:h:x:y:osd:aspect:round (pad is the same with w:h:x:y). The
 * picture never shrinks; negative w/h add to the size; with an aspect the
 * smaller side grows to it (display aspect, so the SAR counts), as in
 * MPlayer; round makes both sizes multiples of it. */
static int vf_expand(struct xlate *x)
{
    int w, h, px, py, osd, round;
    double aspect = 0;
    if (too_many(x, 7) < 0 || arg_int(x, 0, 0, -16384, 16384, &w) < 0 ||
        arg_int(x, 1, 0, -16384, 16384, &h) < 0 || arg_int(x, 2, -1, -16384, 16384, &px) < 0 ||
        arg_int(x, 3, -1, -16384, 16384, &py) < 0 || arg_int(x, 4, 0, 0, 1, &osd) < 0 ||
        arg_int(x, 6, 1, 1, 1024, &round) < 0)
        return -1;
    if (has_arg(x, 5) && (parse_ratio(x->e->args[5], &aspect) < 0 || aspect < 0 ||
                          aspect > 100))
        return bad_arg(x, 5, "expected an aspect such as 16/9 or 1.78 (0 = none)");
    char sw[40] = "iw", sh[40] = "ih", sx[24] = "-1", sy[24] = "-1";
    if (w > 0)
        snprintf(sw, sizeof(sw), "max(%d,iw)", w);
    else if (w < 0)
        snprintf(sw, sizeof(sw), "iw+%d", -w);
    if (h > 0)
        snprintf(sh, sizeof(sh), "max(%d,ih)", h);
    else if (h < 0)
        snprintf(sh, sizeof(sh), "ih+%d", -h);
    if (px >= 0)
        snprintf(sx, sizeof(sx), "%d", px);
    if (py >= 0)
        snprintf(sy, sizeof(sy), "%d", py);
    // Each size on its own (libavfilter evaluates w and h in turn).
    char ew[256], eh[256];
    if (aspect > 0) {
        char a[32];
        snprintf(a, sizeof(a), "(%.9g/sar)", aspect);
        snprintf(ew, sizeof(ew), "if(lt(%s,(%s)/%s),%s,floor((%s)*%s+0.5))", sh, sw, a, sw, sh,
                 a);
        snprintf(eh, sizeof(eh), "if(lt(%s,(%s)/%s),floor((%s)/%s+0.5),%s)", sh, sw, a, sw, a,
                 sh);
    } else {
        snprintf(ew, sizeof(ew), "%s", sw);
        snprintf(eh, sizeof(eh), "%s", sh);
    }
    if (osd)
        mp_msg(MSGT_DECVIDEO, MSGL_V, "-vf %s: OSD in the borders is not drawn there\n",
               x->e->name);
    if (round > 1)
        return append(x, "pad=w='ceil((%s)/%d)*%d':h='ceil((%s)/%d)*%d':x=%s:y=%s", ew, round,
                      round, eh, round, round, sx, sy);
    return append(x, "pad=w='%s':h='%s':x=%s:y=%s", ew, eh, sx, sy);
}

static int vf_pad(struct xlate *x)
{
    if (too_many(x, 4) < 0)
        return -1;
    return vf_expand(x);
}

/* MPlayer's rotate numbering is the one lavfi's transpose kept. */
static int vf_rotate(struct xlate *x)
{
    int dir;
    if (too_many(x, 1) < 0 || arg_int(x, 0, 0, 0, 7, &dir) < 0)
        return -1;
    if (dir >= 4)
        return append(x, "transpose=dir=%d:passthrough=landscape", dir - 4);
    return append(x, "transpose=dir=%d", dir);
}

static int vf_yadif(struct xlate *x)
{
    int mode, parity;
    if (too_many(x, 2) < 0 || arg_int(x, 0, 0, 0, 3, &mode) < 0 ||
        arg_int(x, 1, -1, -1, 1, &parity) < 0)
        return -1;
    return append(x, "yadif=mode=%d:parity=%d", mode, parity);
}

static int vf_kerndeint(struct xlate *x)
{
    int thresh, map, order, sharp, twoway;
    if (too_many(x, 5) < 0 || arg_int(x, 0, 10, 0, 255, &thresh) < 0 ||
        arg_int(x, 1, 0, 0, 1, &map) < 0 || arg_int(x, 2, 0, 0, 1, &order) < 0 ||
        arg_int(x, 3, 0, 0, 1, &sharp) < 0 || arg_int(x, 4, 0, 0, 1, &twoway) < 0)
        return -1;
    return append(x, "kerndeint=thresh=%d:map=%d:order=%d:sharp=%d:twoway=%d", thresh, map,
                  order, sharp, twoway);
}

static int vf_hqdn3d(struct xlate *x)
{
    double ls, cs, lt, ct;
    if (too_many(x, 4) < 0 || arg_num(x, 0, 4, 0, 255, &ls) < 0)
        return -1;
    // MPlayer derives the missing strengths from the ones given.
    double cs_def = 3 * ls / 4, lt_def = 6 * ls / 4;
    if (arg_num(x, 1, cs_def, 0, 255, &cs) < 0 || arg_num(x, 2, lt_def, 0, 255, &lt) < 0)
        return -1;
    double ct_def = has_arg(x, 1) || has_arg(x, 2) ? lt * cs / ls : lt_def * cs_def / ls;
    if (ls == 0)
        ct_def = lt * 0.75;
    if (arg_num(x, 3, ct_def, 0, 255, &ct) < 0)
        return -1;
    return append(x, "hqdn3d=luma_spatial=%g:chroma_spatial=%g:luma_tmp=%g:chroma_tmp=%g", ls,
                  cs, lt, ct);
}

/* "l5x3" or "c7x7" followed by an amount argument. */
static int unsharp_part(struct xlate *x, int i, char *which, int *mw, int *mh, double *amount)
{
    const char *s = x->e->args[i];
    int w = 0, h = 0, used = 0;
    if ((s[0] != 'l' && s[0] != 'c') || sscanf(s + 1, "%dx%d%n", &w, &h, &used) != 2 ||
        s[1 + used] != '\0')
        return bad_arg(x, i, "expected l<w>x<h> or c<w>x<h>");
    if (w < 3 || h < 3 || w > 63 || h > 63)
        return bad_arg(x, i, "matrix size must be between 3 and 63");
    // MPlayer makes sizes odd; libavfilter stops at 23.
    w = (w | 1) > 23 ? 23 : (w | 1);
    h = (h | 1) > 23 ? 23 : (h | 1);
    if (!has_arg(x, i + 1))
        return bad_arg(x, i, "amount missing");
    if (arg_num(x, i + 1, 0, -2, 5, amount) < 0)
        return -1;
    *which = s[0];
    *mw = w;
    *mh = h;
    return 0;
}

static int vf_unsharp(struct xlate *x)
{
    if (too_many(x, 4) < 0)
        return -1;
    int lw = 5, lh = 5, cw = 5, ch = 5;
    double la = 0, ca = 0;
    if (x->e->nargs == 0)
        return append(x, "unsharp");
    if (x->e->nargs % 2)
        return bad_arg(x, x->e->nargs - 1, "amount missing");
    for (int i = 0; i < x->e->nargs; i += 2) {
        char which = 0;
        int w = 0, h = 0;
        double a = 0;
        if (unsharp_part(x, i, &which, &w, &h, &a) < 0)
            return -1;
        if (which == 'l') {
            lw = w, lh = h, la = a;
        } else {
            cw = w, ch = h, ca = a;
        }
    }
    return append(x, "unsharp=luma_msize_x=%d:luma_msize_y=%d:luma_amount=%g:"
                  "chroma_msize_x=%d:chroma_msize_y=%d:chroma_amount=%g",
                  lw, lh, la, cw, ch, ca);
}

static int vf_gradfun(struct xlate *x)
{
    double strength;
    int radius;
    if (too_many(x, 2) < 0 || arg_num(x, 0, 1.2, 0.51, 64, &strength) < 0 ||
        arg_int(x, 1, 16, 4, 32, &radius) < 0)
        return -1;
    return append(x, "gradfun=strength=%g:radius=%d", strength, radius);
}

/* "10tu" -> strength 10, flags "t+u" ('h', high quality, has no counterpart). */
static int noise_part(struct xlate *x, int i, int *strength, char *flags, size_t flen)
{
    const char *s = x->e->args[i];
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (end == s || v < 0 || v > 100)
        return bad_arg(x, i, "expected a strength 0..100 with flags u, t, a, h, p");
    size_t n = 0;
    flags[0] = '\0';
    for (const char *p = end; *p; p++) {
        if (*p == 'h')
            continue;
        if (!strchr("utap", *p))
            return bad_arg(x, i, "unknown noise flag (u, t, a, h, p)");
        if (n + 3 > flen)
            return bad_arg(x, i, "too many flags");
        if (n)
            flags[n++] = '+';
        flags[n++] = *p;
        flags[n] = '\0';
    }
    *strength = (int)v;
    return 0;
}

static int vf_noise(struct xlate *x)
{
    int ls = 0, cs = 0;
    char lf[16] = "", cf[16] = "";
    if (too_many(x, 2) < 0)
        return -1;
    if (has_arg(x, 0) && noise_part(x, 0, &ls, lf, sizeof(lf)) < 0)
        return -1;
    if (has_arg(x, 1) && noise_part(x, 1, &cs, cf, sizeof(cf)) < 0)
        return -1;
    return append(x, "noise=c0s=%d:c0f=%s:c1s=%d:c1f=%s:c2s=%d:c2f=%s", ls, lf[0] ? lf : "0", cs,
                  cf[0] ? cf : "0", cs, cf[0] ? cf : "0");
}

/* MPlayer's eq: brightness and contrast from -100 to 100. */
static int vf_eq(struct xlate *x)
{
    int b, c;
    if (too_many(x, 2) < 0 || arg_int(x, 0, 0, -100, 100, &b) < 0 ||
        arg_int(x, 1, 0, -100, 100, &c) < 0)
        return -1;
    return append(x, "eq=brightness=%g:contrast=%g", b / 100.0, (c + 100) / 100.0);
}

/* eq2=gamma:contrast:brightness:saturation:rg:gg:bg:weight, lavfi eq's ranges. */
static int vf_eq2(struct xlate *x)
{
    double g, c, b, s, rg, gg, bg, w;
    if (too_many(x, 8) < 0 || arg_num(x, 0, 1, 0.1, 10, &g) < 0 ||
        arg_num(x, 1, 1, -2, 2, &c) < 0 || arg_num(x, 2, 0, -1, 1, &b) < 0 ||
        arg_num(x, 3, 1, 0, 3, &s) < 0 || arg_num(x, 4, 1, 0.1, 10, &rg) < 0 ||
        arg_num(x, 5, 1, 0.1, 10, &gg) < 0 || arg_num(x, 6, 1, 0.1, 10, &bg) < 0 ||
        arg_num(x, 7, 1, 0, 1, &w) < 0)
        return -1;
    return append(x, "eq=gamma=%g:contrast=%g:brightness=%g:saturation=%g:gamma_r=%g:"
                  "gamma_g=%g:gamma_b=%g:gamma_weight=%g", g, c, b, s, rg, gg, bg, w);
}

static int vf_hue(struct xlate *x)
{
    double h, s;
    if (too_many(x, 2) < 0 || arg_num(x, 0, 0, -360, 360, &h) < 0 ||
        arg_num(x, 1, 1, -10, 10, &s) < 0)
        return -1;
    return append(x, "hue=h=%g:s=%g", h, s);
}

/* "16/9", "1.78" */
static int parse_ratio(const char *s, double *v)
{
    char *end = NULL;
    double a = strtod(s, &end);
    if (end == s || !isfinite(a))
        return -1;
    if (*end == '/') {
        const char *q = end + 1;
        double b = strtod(q, &end);
        if (end == q || b == 0 || !isfinite(b))
            return -1;
        a /= b;
    }
    if (*end)
        return -1;
    *v = a;
    return 0;
}

/* dsize only changes the display size or aspect, which the video output uses. */
static int vf_dsize(struct xlate *x)
{
    if (too_many(x, 4) < 0)
        return -1;
    if (x->e->nargs <= 1) {
        double a = -1;
        if (has_arg(x, 0) && (parse_ratio(x->e->args[0], &a) < 0 || a <= 0 || a > 100))
            return bad_arg(x, 0, "expected an aspect such as 16/9 or 1.78");
        x->t->display_aspect = a > 0 ? a : 0;
        return 0;
    }
    int w, h;
    if (arg_int(x, 0, -1, -1, 16384, &w) < 0 || arg_int(x, 1, -1, -1, 16384, &h) < 0)
        return -1;
    if (w == 0 || h == 0)
        return bad_arg(x, w == 0 ? 0 : 1, "size 0");
    x->t->display_w = w > 0 ? w : 0;
    x->t->display_h = h > 0 ? h : 0;
    if (w > 0 && h > 0)
        x->t->display_aspect = (double)w / h;
    return 0;
}

static int vf_harddup(struct xlate *x)
{
    return too_many(x, 0);
}

/* MPlayer's ass filter draws the subtitles and OSD into the frames, so
 * that every output shows them. The player blends them onto the frame it
 * hands to the output (player/subs.c); here the chain's output is made a
 * format that blending knows (sub/sub.h mp_sub_format_supported): passed
 * through when it is one already, converted otherwise. */
static int vf_ass(struct xlate *x)
{
    if (too_many(x, 0) < 0)
        return -1;
    x->t->burn_subs = true;
    return append(x, "format=pix_fmts=yuv420p|yuvj420p|rgb24|bgr24|rgba|bgra|argb|abgr|rgb0|"
                  "bgr0|0rgb|0bgr");
}

/* MPlayer's screenshot filter grabs frames for the screenshot command; the
 * player here takes screenshots from the frame it shows, so the filter
 * (which front-ends add, with a file prefix) has nothing to do. */
static int vf_screenshot(struct xlate *x)
{
    return too_many(x, 1);
}

static int vf_pp(struct xlate *x)
{
    if (!lavfi_has("pp")) {
        mp_msg(MSGT_DECVIDEO, MSGL_ERR,
               "-vf: filter 'pp' is not available (this FFmpeg has no libpostproc)\n");
        return -1;
    }
    if (x->e->nargs == 0)
        return append(x, "pp");
    // MPlayer's pp subfilters use ':' inside; lavfi needs them escaped and quoted.
    char buf[512];
    size_t n = 0;
    for (int i = 0; i < x->e->nargs; i++) {
        const char *a = x->e->args[i];
        for (size_t k = 0; a[k]; k++) {
            if (strchr("'\\,;[]", a[k]))
                return bad_arg(x, i, "character not allowed in pp subfilters");
        }
        size_t need = strlen(a) + 2;
        if (n + need + 1 >= sizeof(buf))
            return bad_arg(x, i, "too long");
        if (i) {
            buf[n++] = '\\';
            buf[n++] = ':';
        }
        memcpy(buf + n, a, strlen(a));
        n += strlen(a);
    }
    buf[n] = '\0';
    return append(x, "pp='subfilters=%s'", buf);
}

/* MPlayer's image format names (IMGFMT_*), else libavutil's. */
static enum AVPixelFormat mp_pix_fmt(const char *s)
{
    static const struct { const char *mp; enum AVPixelFormat fmt; } names[] = {
        {"yv12", AV_PIX_FMT_YUV420P}, {"i420", AV_PIX_FMT_YUV420P},
        {"iyuv", AV_PIX_FMT_YUV420P}, {"yuy2", AV_PIX_FMT_YUYV422},
        {"uyvy", AV_PIX_FMT_UYVY422}, {"422p", AV_PIX_FMT_YUV422P},
        {"444p", AV_PIX_FMT_YUV444P}, {"411p", AV_PIX_FMT_YUV411P},
        {"y800", AV_PIX_FMT_GRAY8}, {"y8", AV_PIX_FMT_GRAY8},
        {"bgr32", AV_PIX_FMT_BGRA}, {"rgb32", AV_PIX_FMT_RGBA},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (!strcasecmp(s, names[i].mp))
            return names[i].fmt;
    }
    return av_get_pix_fmt(s);
}

static int vf_format(struct xlate *x)
{
    if (too_many(x, 2) < 0)
        return -1;
    const char *name = arg_str(x, 0) ? arg_str(x, 0) : "yuy2";
    enum AVPixelFormat fmt = mp_pix_fmt(name);
    if (fmt == AV_PIX_FMT_NONE)
        return bad_arg(x, 0, "unknown image format");
    return append(x, "format=pix_fmts=%s", av_get_pix_fmt_name(fmt));
}

/* ---- audio filters ---- */

static int af_volume(struct xlate *x)
{
    double db;
    int sc;
    if (too_many(x, 2) < 0 || arg_num(x, 0, 0, -200, 60, &db) < 0 ||
        arg_int(x, 1, 0, 0, 1, &sc) < 0)
        return -1;
    if (sc)
        return append(x, "volume=volume=%gdB,alimiter=limit=1:level=0", db);
    return append(x, "volume=volume=%gdB", db);
}

/* atempo takes 0.5..100; outside that, several in a row multiply. */
static int append_atempo(struct xlate *x, double tempo)
{
    if (!(tempo > 0) || !isfinite(tempo))
        tempo = 1;
    int guard = 0;
    while (tempo < 0.5 && guard++ < 16) {
        if (append(x, "atempo=tempo=0.5") < 0)
            return -1;
        tempo /= 0.5;
    }
    while (tempo > 100 && guard++ < 16) {
        if (append(x, "atempo=tempo=100") < 0)
            return -1;
        tempo /= 100;
    }
    return append(x, "atempo=tempo=%.9g", tempo);
}

static int af_scaletempo(struct xlate *x)
{
    double scale = 1;
    bool follow = true;
    for (int i = 0; i < x->e->nargs; i++) {
        const char *a = x->e->args[i];
        if (!strncmp(a, "scale=", 6)) {
            if (parse_ratio(a + 6, &scale) < 0 || scale <= 0 || scale > 100)
                return bad_arg(x, i, "scale must be a positive number");
        } else if (!strcmp(a, "speed=tempo")) {
            follow = true;
        } else if (!strcmp(a, "speed=none")) {
            follow = false;
        } else if (!strncmp(a, "speed=", 6)) {
            return bad_arg(x, i, "only speed=tempo and speed=none are available");
        } else if (!strncmp(a, "stride=", 7) || !strncmp(a, "overlap=", 8) ||
                   !strncmp(a, "search=", 7)) {
            mp_msg(MSGT_DECAUDIO, MSGL_V, "-af scaletempo: '%s' ignored (atempo)\n", a);
        } else {
            return bad_arg(x, i, "expected scale=, speed=, stride=, overlap= or search=");
        }
    }
    x->t->has_scaletempo = true;
    double speed = x->in && x->in->speed > 0 && follow ? x->in->speed : 1;
    return append_atempo(x, scale * speed);
}

static int af_karaoke(struct xlate *x)
{
    if (too_many(x, 0) < 0)
        return -1;
    /* Other layouts are made stereo first, as MPlayer's filter chain did
     * (a mono file then plays as stereo silence: all of it is "centre"). */
    if (x->in && x->in->channels && x->in->channels != 2 &&
        append(x, "aformat=channel_layouts=stereo") < 0)
        return -1;
    // Voice is usually mixed to the centre: the difference of the channels removes it.
    return append(x, "pan=stereo|c0=0.5*c0-0.5*c1|c1=0.5*c0-0.5*c1");
}

static int af_extrastereo(struct xlate *x)
{
    double m;
    if (too_many(x, 1) < 0 || arg_num(x, 0, 2.5, -10, 10, &m) < 0)
        return -1;
    return append(x, "extrastereo=m=%g", m);
}

static int af_volnorm(struct xlate *x)
{
    int method;
    double target;
    if (too_many(x, 2) < 0 || arg_int(x, 0, 1, 1, 2, &method) < 0 ||
        arg_num(x, 1, 0.25, 0, 1, &target) < 0)
        return -1;
    // dynaudnorm's defaults (500 ms frames, 31-frame window) leave the
    // first seconds alone; MPlayer's volnorm reaches its level within a
    // second or two: 100 ms frames and a 5-frame window settle in 0.5 s.
    return append(x, "dynaudnorm=f=100:g=5:targetrms=%g", target);
}

static int af_equalizer(struct xlate *x)
{
    static const double centre[10] = {31.25, 62.5, 125, 250, 500,
                                      1000, 2000, 4000, 8000, 16000};
    if (too_many(x, 10) < 0)
        return -1;
    int bands = 0;
    for (int i = 0; i < 10; i++) {
        double g;
        if (arg_num(x, i, 0, -12, 12, &g) < 0)
            return -1;
        // MPlayer leaves out bands at or above the Nyquist frequency.
        if (g == 0 || (x->in && x->in->rate && centre[i] >= x->in->rate / 2.0))
            continue;
        if (append(x, "equalizer=f=%g:t=o:w=1:g=%g", centre[i], g) < 0)
            return -1;
        bands++;
    }
    return bands ? 0 : append(x, "anull");
}

static int append_pan(struct xlate *x, int outs, int ins, const double *m)
{
    AVChannelLayout lay;
    char name[64];
    av_channel_layout_default(&lay, outs);
    if (av_channel_layout_describe(&lay, name, sizeof(name)) < 0)
        return -1;
    av_channel_layout_uninit(&lay);
    // Every term is at most 40 characters.
    size_t cap = 64 + (size_t)outs * ((size_t)ins + 1) * 48;
    char *s = malloc(cap);
    if (!s)
        return -1;
    size_t n = (size_t)snprintf(s, cap, "pan=%s", name);
    for (int o = 0; o < outs; o++) {
        n += (size_t)snprintf(s + n, cap - n, "|c%d=", o);
        bool any = false;
        for (int i = 0; i < ins; i++) {
            double g = m[i * outs + o];
            if (g == 0)
                continue;
            n += (size_t)snprintf(s + n, cap - n, "%s%.6g*c%d", any && g > 0 ? "+" : "", g, i);
            any = true;
        }
        if (!any)
            n += (size_t)snprintf(s + n, cap - n, "0*c0");
    }
    int r = append(x, "%s", s);
    free(s);
    return r;
}

static int af_channels(struct xlate *x)
{
    int outs, routes;
    if (arg_int(x, 0, 2, 1, 8, &outs) < 0 || arg_int(x, 1, 0, 0, 8, &routes) < 0)
        return -1;
    if (x->e->nargs > 2 + 2 * routes || (routes && x->e->nargs != 2 + 2 * routes))
        return bad_arg(x, 1, "expected <routes> pairs of from:to channel numbers");
    int ins = x->in && x->in->channels ? x->in->channels : 0;
    if (!ins)
        return append(x, "aformat=channel_layouts=%dc", outs);
    if (ins > 8)
        ins = 8;
    double m[64] = {0};
    if (routes) {
        for (int r = 0; r < routes; r++) {
            int from, to;
            if (arg_int(x, 2 + 2 * r, 0, 0, 7, &from) < 0 ||
                arg_int(x, 3 + 2 * r, 0, 0, outs - 1, &to) < 0)
                return -1;
            if (from >= ins)
                return bad_arg(x, 2 + 2 * r, "no such input channel");
            m[from * outs + to] = 1;
        }
    } else if (ins == 1) {
        for (int o = 0; o < outs; o++)  // as MPlayer: mono in the first two outputs
            m[o] = o < 2 ? 1 : 0;
    } else {
        for (int c = 0; c < ins && c < outs; c++)  // extra inputs dropped, outputs silent
            m[c * outs + c] = 1;
    }
    return append_pan(x, outs, ins, m);
}

/* pan=n:L00:L01:..., Lij = share of input i in output j. */
static int af_pan(struct xlate *x)
{
    int outs;
    if (!has_arg(x, 0))
        return bad_arg(x, 0, "number of output channels missing");
    if (arg_int(x, 0, 2, 1, 8, &outs) < 0)
        return -1;
    int nvals = x->e->nargs - 1;
    int ins = x->in && x->in->channels ? x->in->channels : (nvals + outs - 1) / outs;
    if (ins < 1)
        ins = 1;
    if (ins > 8 || nvals > ins * outs)
        return bad_arg(x, x->e->nargs - 1, "more levels than input x output channels");
    double m[64] = {0};
    for (int k = 0; k < nvals; k++) {
        if (arg_num(x, 1 + k, 0, -512, 512, &m[k]) < 0)
            return -1;
    }
    return append_pan(x, outs, ins, m);
}

static int af_resample(struct xlate *x)
{
    int rate, sloppy, type;
    if (too_many(x, 3) < 0 || !has_arg(x, 0))
        return bad_arg(x, 0, "sample rate missing");
    if (arg_int(x, 0, 44100, 8000, 192000, &rate) < 0 || arg_int(x, 1, 1, 0, 1, &sloppy) < 0 ||
        arg_int(x, 2, 1, 0, 2, &type) < 0)
        return -1;
    return append(x, "aresample=%d", rate);
}

/* MPlayer's sample format names (AF_FORMAT_*), else libavutil's. */
static enum AVSampleFormat mp_sample_fmt(const char *s)
{
    static const struct { const char *mp; enum AVSampleFormat fmt; } names[] = {
        {"u8", AV_SAMPLE_FMT_U8}, {"s16le", AV_SAMPLE_FMT_S16}, {"s16ne", AV_SAMPLE_FMT_S16},
        {"s32le", AV_SAMPLE_FMT_S32}, {"s32ne", AV_SAMPLE_FMT_S32},
        {"floatle", AV_SAMPLE_FMT_FLT}, {"floatne", AV_SAMPLE_FMT_FLT},
        {"float", AV_SAMPLE_FMT_FLT},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (!strcasecmp(s, names[i].mp))
            return names[i].fmt;
    }
    return av_get_sample_fmt(s);
}

static int af_format(struct xlate *x)
{
    if (too_many(x, 1) < 0)
        return -1;
    const char *name = arg_str(x, 0) ? arg_str(x, 0) : "s16le";
    enum AVSampleFormat fmt = mp_sample_fmt(name);
    if (fmt == AV_SAMPLE_FMT_NONE)
        return bad_arg(x, 0, "unknown or unsupported sample format");
    x->t->has_format = true;
    return append(x, "aformat=sample_fmts=%s", av_get_sample_fmt_name(fmt));
}

/* ---- the table ---- */

struct filter_def {
    enum mp_filter_kind kind;
    const char *name;
    int (*xlate)(struct xlate *x);
    const char *lavfi;   // fixed graph text for filters without arguments
    const char *help;
    const char *const *argnames;  // names MPlayer accepts as name=value, in order
};

static const char *const names_scale[] = {"w", "h", "interlaced", "chr-drop", "param",
                                          "param2", "presize", "noup", "arnd", NULL};
static const char *const names_crop[] = {"w", "h", "x", "y", NULL};
static const char *const names_expand[] = {"w", "h", "x", "y", "osd", "aspect", "round", NULL};
static const char *const names_eq[] = {"brightness", "contrast", NULL};
static const char *const names_hue[] = {"hue", "saturation", NULL};
static const char *const names_format[] = {"fmt", "outfmt", NULL};

static const struct filter_def filter_defs[] = {
    {MP_FILTER_VIDEO, "scale", vf_scale, NULL, "scale[=w:h]: scale (0 display size, -1 original)",
     names_scale},
    {MP_FILTER_VIDEO, "crop", vf_crop, NULL, "crop=w:h:x:y: crop (x, y default: centre)",
     names_crop},
    {MP_FILTER_VIDEO, "expand", vf_expand, NULL,
     "expand[=w:h:x:y:osd:aspect:round]: add black borders", names_expand},
    {MP_FILTER_VIDEO, "pad", vf_pad, NULL, "pad[=w:h:x:y]: expand's first four arguments",
     names_crop},
    {MP_FILTER_VIDEO, "rotate", vf_rotate, NULL, "rotate[=0-7]: rotate by 90 degrees", NULL},
    {MP_FILTER_VIDEO, "flip", NULL, "vflip", "flip: upside down", NULL},
    {MP_FILTER_VIDEO, "mirror", NULL, "hflip", "mirror: left to right", NULL},
    {MP_FILTER_VIDEO, "yadif", vf_yadif, NULL, "yadif[=mode:parity]: deinterlace", NULL},
    {MP_FILTER_VIDEO, "kerndeint", vf_kerndeint, NULL,
     "kerndeint[=thresh:map:order:sharp:twoway]: deinterlace", NULL},
    {MP_FILTER_VIDEO, "hqdn3d", vf_hqdn3d, NULL, "hqdn3d[=ls:cs:lt:ct]: denoise", NULL},
    {MP_FILTER_VIDEO, "unsharp", vf_unsharp, NULL, "unsharp=l|cWxH:amount[:...]: sharpen/blur",
     NULL},
    {MP_FILTER_VIDEO, "gradfun", vf_gradfun, NULL, "gradfun[=strength:radius]: deband", NULL},
    {MP_FILTER_VIDEO, "noise", vf_noise, NULL, "noise[=luma[flags]:chroma[flags]]: add noise",
     NULL},
    {MP_FILTER_VIDEO, "eq", vf_eq, NULL, "eq[=brightness:contrast]: -100..100", names_eq},
    {MP_FILTER_VIDEO, "eq2", vf_eq2, NULL,
     "eq2[=gamma:contrast:brightness:saturation:rg:gg:bg:weight]: equalizer", NULL},
    {MP_FILTER_VIDEO, "hue", vf_hue, NULL, "hue[=hue:saturation]: hue (degrees), saturation",
     names_hue},
    {MP_FILTER_VIDEO, "dsize", vf_dsize, NULL, "dsize=aspect|w:h: display size/aspect", NULL},
    {MP_FILTER_VIDEO, "harddup", vf_harddup, NULL, "harddup: (no effect here)", NULL},
    {MP_FILTER_VIDEO, "screenshot", vf_screenshot, NULL,
     "screenshot[=prefix]: (the screenshot command works without it)", NULL},
    {MP_FILTER_VIDEO, "ass", vf_ass, NULL,
     "ass: subtitles and OSD blended into the frames (every -vo shows them)", NULL},
    {MP_FILTER_VIDEO, "pp", vf_pp, NULL, "pp[=subfilters]: libpostproc", NULL},
    {MP_FILTER_VIDEO, "format", vf_format, NULL, "format[=fmt]: force an image format",
     names_format},
    {MP_FILTER_AUDIO, "volume", af_volume, NULL, "volume[=dB:softclip]: gain in dB", NULL},
    {MP_FILTER_AUDIO, "scaletempo", af_scaletempo, NULL,
     "scaletempo[=scale=x:speed=tempo|none]: keep pitch when -speed changes", NULL},
    {MP_FILTER_AUDIO, "karaoke", af_karaoke, NULL, "karaoke: remove centred voice", NULL},
    {MP_FILTER_AUDIO, "extrastereo", af_extrastereo, NULL, "extrastereo[=mul]: widen stereo", NULL},
    {MP_FILTER_AUDIO, "volnorm", af_volnorm, NULL, "volnorm[=method:target]: normalise", NULL},
    {MP_FILTER_AUDIO, "equalizer", af_equalizer, NULL,
     "equalizer=g1:...:g10: 10 bands, dB (-12..12), 31.25 Hz..16 kHz", NULL},
    {MP_FILTER_AUDIO, "channels", af_channels, NULL,
     "channels=n[:routes:from:to...]: channel count and routing", NULL},
    {MP_FILTER_AUDIO, "pan", af_pan, NULL, "pan=n:L00:L01:...: mix matrix", NULL},
    {MP_FILTER_AUDIO, "resample", af_resample, NULL, "resample=rate: change sample rate", NULL},
    {MP_FILTER_AUDIO, "format", af_format, NULL, "format[=fmt]: force a sample format", NULL},
};

/* MPlayer's name=value arguments (scale=w=100:h=100) put in their place
 * among the positional ones; a positional argument takes the slot after
 * the previous argument, as MPlayer's suboption parser does. out gets a
 * copy of e with positional arguments only (empty = not given). */
static int named_args(enum mp_filter_kind kind, const struct mp_filter_entry *e,
                      const char *const *names, struct mp_filter_entry *out)
{
    int nnames = 0;
    while (names[nnames])
        nnames++;
    memset(out, 0, sizeof(*out));
    out->name = strdup(e->name);
    int cap = e->nargs > nnames ? e->nargs : nnames;
    out->args = calloc((size_t)(cap ? cap : 1), sizeof(char *));
    if (!out->name || !out->args)
        return -1;
    int pos = 0;
    for (int i = 0; i < e->nargs; i++) {
        const char *a = e->args[i];
        const char *eq = strchr(a, '=');
        int slot = pos;
        const char *val = a;
        if (eq) {
            slot = -1;
            for (int k = 0; k < nnames; k++) {
                size_t n = (size_t)(eq - a);
                if (strlen(names[k]) == n && !strncmp(a, names[k], n))
                    slot = k;
            }
            if (slot < 0) {
                char list[256] = "";
                for (int k = 0; k < nnames; k++) {
                    size_t used = strlen(list);
                    snprintf(list + used, sizeof(list) - used, "%s%s", k ? ", " : "", names[k]);
                }
                mp_msg(kind_msgt(kind), MSGL_ERR, "%s: filter '%s': unknown argument name "
                       "'%.*s' (it takes %s)\n", kind_opt(kind), e->name, (int)(eq - a), a, list);
                return -1;
            }
            val = eq + 1;
        }
        if (slot >= cap)
            return -1;
        if (out->args[slot]) {
            mp_msg(kind_msgt(kind), MSGL_ERR, "%s: filter '%s': argument %d given twice\n",
                   kind_opt(kind), e->name, slot + 1);
            return -1;
        }
        out->args[slot] = strdup(val);
        if (!out->args[slot])
            return -1;
        if (slot + 1 > out->nargs)
            out->nargs = slot + 1;
        pos = slot + 1;
    }
    for (int i = 0; i < out->nargs; i++) {
        if (!out->args[i] && !(out->args[i] = strdup("")))
            return -1;
    }
    return 0;
}

void mp_filter_translation_uninit(struct mp_filter_translation *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->count; i++) {
        free(t->frags[i].mp_name);
        free(t->frags[i].lavfi);
    }
    free(t->frags);
    memset(t, 0, sizeof(*t));
}

int mp_filter_translate(enum mp_filter_kind kind, const char *spec,
                        const struct mp_filter_input *in, struct mp_filter_translation *t)
{
    memset(t, 0, sizeof(*t));
    struct mp_filter_list list;
    if (mp_filter_list_parse(spec, &list) < 0) {
        mp_msg(kind_msgt(kind), MSGL_ERR, "%s: cannot parse filter list '%s'\n",
               kind_opt(kind), spec);
        return -1;
    }
    if (list.count) {
        t->frags = calloc((size_t)list.count, sizeof(*t->frags));
        if (!t->frags) {
            mp_filter_list_uninit(&list);
            return -1;
        }
    }
    int ret = 0;
    for (int i = 0; i < list.count && ret == 0; i++) {
        const struct mp_filter_entry *e = &list.items[i];
        const struct filter_def *def = NULL;
        for (size_t k = 0; k < sizeof(filter_defs) / sizeof(filter_defs[0]); k++) {
            if (filter_defs[k].kind == kind && !strcmp(filter_defs[k].name, e->name))
                def = &filter_defs[k];
        }
        if (!def) {
            mp_msg(kind_msgt(kind), MSGL_ERR, "%s: unknown filter '%s' (%s help lists them)\n",
                   kind_opt(kind), e->name, kind_opt(kind));
            ret = -1;
            break;
        }
        struct mp_filter_entry named = {0};
        if (def->argnames) {
            ret = named_args(kind, e, def->argnames, &named);
            if (ret < 0) {
                entry_uninit(&named);
                break;
            }
            e = &named;
        }
        struct xlate x = {.kind = kind, .e = e, .in = in, .t = t};
        /* Only a format= at the end chooses the output's sample format:
         * a filter after it (format=s16,volume) gives its own. A filter
         * that adds nothing leaves the end as it was. */
        bool ended_in_format = t->has_format;
        t->has_format = false;
        if (def->xlate) {
            ret = def->xlate(&x);
        } else if (e->nargs) {
            ret = too_many(&x, 0);
        } else {
            ret = append(&x, "%s", def->lavfi);
        }
        if (ret == 0 && !x.text)
            t->has_format = ended_in_format;
        if (ret == 0 && x.text) {
            struct mp_filter_fragment *f = &t->frags[t->count];
            f->mp_name = strdup(e->name);
            f->lavfi = x.text;
            x.text = NULL;
            t->count++;
            if (!f->mp_name)
                ret = -1;
        }
        free(x.text);
        entry_uninit(&named);
    }
    mp_filter_list_uninit(&list);
    if (ret < 0)
        mp_filter_translation_uninit(t);
    return ret;
}

char *mp_filter_translation_text(const struct mp_filter_translation *t)
{
    size_t len = 1;
    for (int i = 0; i < t->count; i++)
        len += strlen(t->frags[i].lavfi) + 1;
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < t->count; i++) {
        if (i)
            strcat(s, ",");
        strcat(s, t->frags[i].lavfi);
    }
    return s;
}

bool mp_filter_spec_is_help(const char *spec)
{
    return spec && !strcmp(spec, "help");
}

void mp_filter_print_list(enum mp_filter_kind kind)
{
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Available %s filters (on libavfilter):\n",
           kind == MP_FILTER_AUDIO ? "audio" : "video");
    for (size_t k = 0; k < sizeof(filter_defs) / sizeof(filter_defs[0]); k++) {
        const struct filter_def *d = &filter_defs[k];
        if (d->kind != kind)
            continue;
        bool missing = !strcmp(d->name, "pp") && !lavfi_has("pp");
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "  %-12s %s%s\n", d->name, d->help,
               missing ? " (not available)" : "");
    }
}
