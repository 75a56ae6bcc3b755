/*
 * The subtitle/OSD object: libass setup, tracks, selection, rendering.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Two libass renderers share one library (and its fonts): one for the
 * subtitles, one for the OSD, because -subpos, -ass-font-scale and -noass
 * are renderer settings that must not move or resize the OSD.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/mp_msg.h"
#include "sub_priv.h"

/* MPlayer's libass text size: the movie height's share times these for
 * -subfont-autoscale 2 (width) and 3 (diagonal, its default). */
#define SUB_AUTOSCALE_WIDTH 1.3
#define SUB_AUTOSCALE_DIAGONAL 1.4
#define SUB_PLAYRES_X 384
#define SUB_PLAYRES_Y 288

static void ass_log(int level, const char *fmt, va_list va, void *data)
{
    (void)data;
    /* libass: 0 fatal .. 7 debug. Its errors rarely stop playback, so
     * they are warnings here; its chatter belongs to -v. */
    int lev = level <= 1 ? MSGL_WARN : level <= 4 ? MSGL_V : MSGL_DBG2;
    if (!mp_msg_test(MSGT_SUBREADER, lev))
        return;
    char buf[512];
    vsnprintf(buf, sizeof(buf), fmt, va);
    mp_msg(MSGT_SUBREADER, lev, "[libass] %s\n", buf);
}

/* A -font/-subfont that names a file (MPlayer takes both a path and a
 * fontconfig pattern there). */
static bool font_is_file(const struct mp_sub *sub)
{
    struct stat st;
    return sub->font && sub->font[0] && stat(sub->font, &st) == 0 && S_ISREG(st.st_mode);
}

/* The family the default style asks for: a font file's own family (its
 * bytes are given to libass), else the option as a family name. */
static const char *font_family(const struct mp_sub *sub)
{
    if (sub->file_family)
        return sub->file_family;
    return sub->font && sub->font[0] ? sub->font : "sans-serif";
}

/* A -font/-subfont naming a file: hand libass its bytes and remember its
 * family. Called when the font option changes. */
static void load_font_file(struct mp_sub *sub)
{
    free(sub->file_family);
    sub->file_family = NULL;
    if (!font_is_file(sub))
        return;
    size_t size = 0;
    uint8_t *data = sub_font_read_file(sub->font, &size);
    char *family = data ? sub_font_family(data, size) : NULL;
    if (!family || size > INT32_MAX) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "Cannot use font file %s: %s.\n", sub->font,
               data ? "no font family found in it" : "cannot read it");
        free(data);
        free(family);
        return;
    }
    ass_add_font(sub->lib, sub->font, (const char *)data, (int)size);
    free(data);
    sub->file_family = family;
    mp_msg(MSGT_SUBREADER, MSGL_V, "Font file %s: family '%s'.\n", sub->font, family);
}

static void configure_fonts(struct mp_sub *sub)
{
    /* Without fontconfig the file is also what any other font name gets. */
    const char *file = font_is_file(sub) && !sub->opts.fontconfig ? sub->font : NULL;
    int provider = sub->opts.fontconfig ? ASS_FONTPROVIDER_AUTODETECT : ASS_FONTPROVIDER_NONE;
    if (!sub->opts.fontconfig && !sub->file_family)
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "-nofontconfig without a font file (-font, -subfont):"
               " only fonts attached to the file can draw text.\n");
    ASS_Renderer *r[2] = {sub->sub_rend, sub->osd_rend};
    for (int i = 0; i < 2; i++)
        ass_set_fonts(r[i], file, font_family(sub), provider, NULL, 1);
    sub->fonts_dirty = false;
}

/* -ass-hinting: the low two bits are the ASS_Hinting; bit 4 keeps text
 * that is scaled after rendering (drawn into the frame) unhinted. */
static void configure_hinting(struct mp_sub *sub, bool unscaled)
{
    int h = sub->opts.hinting;
    int want = (h & 4) && !unscaled ? ASS_HINTING_NONE : (h & 3);
    if (want == sub->hinting_now)
        return;
    ass_set_hinting(sub->sub_rend, (ASS_Hinting)want);
    ass_set_hinting(sub->osd_rend, (ASS_Hinting)want);
    sub->hinting_now = want;
}

/* ASS colours are &HAABBGGRR; the options are RRGGBBAA like MPlayer's. */
static unsigned ass_colour(uint32_t rgba)
{
    return ((rgba & 0xff) << 24) | ((rgba >> 8 & 0xff) << 16) | ((rgba >> 16 & 0xff) << 8) |
           (rgba >> 24 & 0xff);
}

static double plain_font_size(const struct mp_sub *sub)
{
    double scale = sub->opts.text_scale > 0 ? fmin(sub->opts.text_scale, 100) : 3.5;
    /* libass sizes text by the play resolution's height, so 0 (none)
     * cannot keep a fixed size and is 1's height-proportional size. */
    double autoscale = sub->opts.autoscale == 3   ? SUB_AUTOSCALE_DIAGONAL
                       : sub->opts.autoscale == 2 ? SUB_AUTOSCALE_WIDTH
                                                  : 1.0;
    return SUB_PLAYRES_Y * scale / 100.0 * autoscale;
}

/* sub_alignment 0 top, 1 centre, 2 bottom as a numpad value and as
 * libass keeps it in ASS_Style (VALIGN_* | HALIGN_*). */
static int plain_numpad_alignment(const struct mp_sub *sub)
{
    return sub->opts.alignment == 0 ? 8 : sub->opts.alignment == 1 ? 5 : 2;
}

static int plain_libass_alignment(const struct mp_sub *sub)
{
    int v = sub->opts.alignment == 0 ? VALIGN_TOP : sub->opts.alignment == 1 ? VALIGN_CENTER
                                                                             : VALIGN_SUB;
    return v | HALIGN_CENTER;
}

/* The side margins of the default style: -subwidth's share of the width,
 * never less than MPlayer's 10. */
static int plain_side_margin(const struct mp_sub *sub)
{
    int w = sub->opts.width_percent;
    int m = w > 0 && w < 100 ? SUB_PLAYRES_X * (100 - w) / 200 : 0;
    return m > 10 ? m : 10;
}

/* The script header of a track shown in the default style. */
static char *plain_header(const struct mp_sub *sub)
{
    unsigned c1 = ass_colour(sub->opts.color), c3 = ass_colour(sub->opts.border_color);
    const struct sub_ass_style st = {
        .name = "Default",
        .font = font_family(sub),
        .size = plain_font_size(sub),
        .primary = c1,
        .secondary = c1,
        .outline_colour = c3,
        .back_colour = c3,
        .outline = 2,
        .alignment = plain_numpad_alignment(sub),
        .margin_l = plain_side_margin(sub),
        .margin_r = plain_side_margin(sub),
        .margin_v = 5,
    };
    return sub_ass_header(SUB_PLAYRES_X, SUB_PLAYRES_Y, &st);
}

static void restyle_plain(struct mp_sub *sub, struct sub_track *t);

/* -ass-force-style over the styles of track. The list is the library's
 * only while this runs, so the OSD's track never gets it. */
static void force_style(struct mp_sub *sub, ASS_Track *track)
{
    if (!sub->force_list)
        return;
    ass_set_style_overrides(sub->lib, sub->force_list);
    ass_process_force_style(track);
    ass_set_style_overrides(sub->lib, NULL);
}

/* Whether track has a style named name after index after. */
static bool has_style_after(const ASS_Track *track, int after, const char *name)
{
    for (int i = after + 1; i < track->n_styles; i++) {
        if (track->styles[i].Name && !strcmp(track->styles[i].Name, name))
            return true;
    }
    return false;
}

/* -ass-styles: the file's style lines join a plain track after the style
 * the options build; events name "Default", and libass takes the last
 * style of a name, so the file's "Default" is the one they get. */
static void read_styles_file(struct mp_sub *sub, struct sub_track *t)
{
    const char *path = sub->styles_file;
    if (!path || !path[0])
        return;
    int before = t->ass->n_styles;
    /* The file is read as UTF-8 (style lines are ASCII but for font names). */
    if (ass_read_styles(t->ass, (char *)path, NULL) != 0) {
        if (!sub->styles_warned)
            mp_msg(MSGT_SUBREADER, MSGL_WARN, "Cannot read the -ass-styles file %s: text "
                   "subtitles keep the default style.\n", path);
        sub->styles_warned = true;
        return;
    }
    if (!has_style_after(t->ass, before - 1, "Default") && !sub->styles_warned) {
        mp_msg(MSGT_SUBREADER, MSGL_WARN, "The -ass-styles file %s has no style named "
               "Default: text subtitles keep the default style.\n", path);
        sub->styles_warned = true;
    }
}

int sub_track_init_ass(struct mp_sub *sub, struct sub_track *t)
{
    if (t->bitmap)
        return 0;   /* pictures: no script, no style */
    t->plain = !t->native_ass || !sub->opts.ass_styles;
    t->ass = ass_new_track(sub->lib);
    if (!t->ass)
        return -1;
    ass_set_check_readorder(t->ass, 0);
    if (t->plain || !t->dec || !t->dec->subtitle_header) {
        char *h = plain_header(sub);
        if (!h)
            return -1;
        ass_process_codec_private(t->ass, h, (int)strlen(h));
        free(h);
        t->plain = true;
        t->plain_style = t->ass->n_styles - 1;
        read_styles_file(sub, t);
        /* What the header's style line cannot say (blur, the box). */
        restyle_plain(sub, t);
    } else {
        ass_process_codec_private(t->ass, (char *)t->dec->subtitle_header,
                                  t->dec->subtitle_header_size);
        force_style(sub, t->ass);
    }
    return 0;
}

void sub_track_free(struct sub_track *t)
{
    if (!t)
        return;
    if (t->ass)
        ass_free_track(t->ass);
    sub_bitmap_free(t->bitmap);
    avcodec_free_context(&t->dec);
    free(t->iconv_from);
    free(t->seen);
    free(t->path);
    free(t->lang);
    free(t->title);
    free(t);
}

int sub_add_track(struct mp_sub *sub, struct sub_track *t)
{
    struct sub_track **n = realloc(sub->tracks, sizeof(*n) * (size_t)(sub->num_tracks + 1));
    if (!n) {
        sub_track_free(t);
        return -1;
    }
    sub->tracks = n;
    sub->tracks[sub->num_tracks] = t;
    return sub->num_tracks++;
}

static void apply_renderer_opts(struct mp_sub *sub)
{
    int pos = sub->opts.subpos < 0 ? 0 : sub->opts.subpos > 100 ? 100 : sub->opts.subpos;
    ass_set_line_position(sub->sub_rend, 100 - pos);
    ass_set_font_scale(sub->sub_rend, sub->opts.font_scale > 0 ? sub->opts.font_scale : 1.0);
    ass_set_line_spacing(sub->sub_rend, isfinite(sub->opts.line_spacing)
                                            ? sub->opts.line_spacing : 0);
}

static void free_list(char **list)
{
    for (size_t i = 0; list && list[i]; i++)
        free(list[i]);
    free(list);
}

/* -ass-force-style's items, empty ones left out; NULL for none. *ok is
 * false when out of memory. */
static char **split_force_style(const char *s, bool *ok)
{
    *ok = true;
    if (!s || !s[0])
        return NULL;
    size_t n = 1;
    for (const char *p = s; *p; p++)
        n += *p == ',';
    char **list = calloc(n + 1, sizeof(*list));
    if (!list) {
        *ok = false;
        return NULL;
    }
    size_t k = 0;
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, ",");
        if (len > 0) {
            list[k] = strndup(p, len);
            if (!list[k++]) {
                free_list(list);
                *ok = false;
                return NULL;
            }
        }
        p += len;
        if (*p == ',')
            p++;
    }
    if (k == 0) {
        free(list);
        return NULL;
    }
    return list;
}

/* Keep owned copies of the option strings; o may point into sub->opts. */
static int copy_opts(struct mp_sub *sub, const struct mp_sub_opts *o)
{
    char *cs = o->charset ? strdup(o->charset) : NULL;
    char *font = o->font ? strdup(o->font) : NULL;
    char *fs = o->force_style ? strdup(o->force_style) : NULL;
    char *sf = o->styles_file ? strdup(o->styles_file) : NULL;
    bool list_ok;
    char **list = split_force_style(o->force_style, &list_ok);
    if ((o->charset && !cs) || (o->font && !font) || (o->force_style && !fs) ||
        (o->styles_file && !sf) || !list_ok) {
        free(cs);
        free(font);
        free(fs);
        free(sf);
        free_list(list);
        return -1;
    }
    if (strcmp(sf ? sf : "", sub->styles_file ? sub->styles_file : ""))
        sub->styles_warned = false;
    sub->opts = *o;
    free(sub->charset);
    free(sub->font);
    free(sub->force_style);
    free(sub->styles_file);
    free_list(sub->force_list);
    sub->charset = cs;
    sub->font = font;
    sub->force_style = fs;
    sub->styles_file = sf;
    sub->force_list = list;
    sub->opts.charset = cs;
    sub->opts.font = font;
    sub->opts.force_style = fs;
    sub->opts.styles_file = sf;
    return 0;
}

struct mp_sub *mp_sub_create(const struct mp_sub_opts *o)
{
    struct mp_sub_opts def;
    if (!o) {
        mp_sub_opts_default(&def);
        o = &def;
    }
    struct mp_sub *sub = calloc(1, sizeof(*sub));
    if (!sub)
        return NULL;
    sub->selected = -1;
    sub->hinting_now = -1;
    if (copy_opts(sub, o) < 0)
        goto fail;
    sub->lib = ass_library_init();
    if (!sub->lib)
        goto fail;
    ass_set_message_cb(sub->lib, ass_log, NULL);
    ass_set_extract_fonts(sub->lib, 1);
    sub->sub_rend = ass_renderer_init(sub->lib);
    sub->osd_rend = ass_renderer_init(sub->lib);
    if (!sub->sub_rend || !sub->osd_rend)
        goto fail;
    apply_renderer_opts(sub);
    load_font_file(sub);
    configure_fonts(sub);
    osd_init(&sub->osd, o->osd_level);
    return sub;
fail:
    mp_msg(MSGT_SUBREADER, MSGL_ERR, "libass could not be initialized.\n");
    mp_sub_free(sub);
    return NULL;
}

void mp_sub_reset(struct mp_sub *sub)
{
    for (int i = 0; i < sub->num_tracks; i++)
        sub_track_free(sub->tracks[i]);
    free(sub->tracks);
    sub->tracks = NULL;
    sub->num_tracks = 0;
    sub->selected = -1;
}

void mp_sub_free(struct mp_sub *sub)
{
    if (!sub)
        return;
    mp_sub_reset(sub);
    osd_uninit(&sub->osd);
    if (sub->sub_rend)
        ass_renderer_done(sub->sub_rend);
    if (sub->osd_rend)
        ass_renderer_done(sub->osd_rend);
    if (sub->lib)
        ass_library_done(sub->lib);
    free(sub->charset);
    free(sub->font);
    free(sub->force_style);
    free(sub->styles_file);
    free_list(sub->force_list);
    free(sub->file_family);
    free(sub->overlay);
    free(sub);
}

/* Bring the default style of a plain track in line with the options
 * (the style they build; one from -ass-styles stays as the file has it),
 * then -ass-force-style over every style of the track. */
static void restyle_plain(struct mp_sub *sub, struct sub_track *t)
{
    if (t->plain_style >= 0 && t->plain_style < t->ass->n_styles) {
        ASS_Style *st = &t->ass->styles[t->plain_style];
        char *fn = strdup(font_family(sub));
        if (fn) {
            free(st->FontName);
            st->FontName = fn;
        }
        st->FontSize = plain_font_size(sub);
        /* ASS_Style holds colours as RRGGBBAA, like the options. */
        st->PrimaryColour = st->SecondaryColour = sub->opts.color;
        st->OutlineColour = st->BackColour = sub->opts.border_color;
        st->Alignment = plain_libass_alignment(sub);
        st->Outline = sub->opts.outline >= 0 ? sub->opts.outline : 2;
        st->Blur = sub->opts.blur > 0 ? sub->opts.blur : 0;
        st->MarginL = st->MarginR = plain_side_margin(sub);
        st->BorderStyle = 1;
        if (sub->opts.bg_alpha > 0) {
            /* libass draws BorderStyle 3 as an opaque box in the outline
             * colour; MPlayer's alpha runs the same way as ASS's (0 opaque,
             * 255 transparent), with 0 kept for "no box". */
            uint32_t g = (uint32_t)(sub->opts.bg_color & 0xff);
            st->BorderStyle = 3;
            st->OutlineColour = g << 24 | g << 16 | g << 8 | (uint32_t)(sub->opts.bg_alpha & 0xff);
        }
    }
    force_style(sub, t->ass);
}

/* libass keeps an event that stays on screen where it was placed (its
 * collision handling) until the renderer is reconfigured, so a style that
 * moves text would not move events already shown: nudging a renderer
 * setting there and back makes it place them afresh. */
static void replace_events(struct mp_sub *sub)
{
    double scale = sub->opts.font_scale > 0 ? sub->opts.font_scale : 1.0;
    ass_set_font_scale(sub->sub_rend, scale * 2);
    ass_set_font_scale(sub->sub_rend, scale);
}

void mp_sub_set_opts(struct mp_sub *sub, const struct mp_sub_opts *o)
{
    bool fonts = strcmp(o->font ? o->font : "", sub->font ? sub->font : "") != 0 ||
                 o->fontconfig != sub->opts.fontconfig;
    bool moved = o->alignment != sub->opts.alignment;
    if (copy_opts(sub, o) < 0) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR, "Out of memory setting subtitle options.\n");
        return;
    }
    apply_renderer_opts(sub);
    sub->hinting_now = -1;
    if (fonts) {
        load_font_file(sub);
        sub->fonts_dirty = true;
    }
    for (int i = 0; i < sub->num_tracks; i++) {
        if (sub->tracks[i]->plain)
            restyle_plain(sub, sub->tracks[i]);
    }
    if (moved)
        replace_events(sub);
    mp_sub_osd_set_level(sub, o->osd_level);
}

const struct mp_sub_opts *mp_sub_get_opts(const struct mp_sub *sub)
{
    return &sub->opts;
}

int mp_sub_add_stream(struct mp_sub *sub, const AVCodecParameters *par, AVRational tb)
{
    struct sub_track *t = calloc(1, sizeof(*t));
    if (!t)
        return -1;
    t->tb = tb;
    t->stream_id = -1;
    t->vobsub_id = -1;
    if (sub_lavc_open(t, par) < 0 || sub_track_init_ass(sub, t) < 0) {
        sub_track_free(t);
        return -1;
    }
    return sub_add_track(sub, t);
}

int mp_sub_decode_packet(struct mp_sub *sub, int track, const AVPacket *pkt)
{
    if (track < 0 || track >= sub->num_tracks)
        return -1;
    return sub_lavc_decode(sub, sub->tracks[track], pkt);
}

int mp_sub_add_file(struct mp_sub *sub, const char *path)
{
    return sub_lavc_read_file(sub, path, false);
}

int mp_sub_add_vobsub(struct mp_sub *sub, const char *idx_path)
{
    return sub_lavc_read_file(sub, idx_path, true);
}

void mp_sub_set_video_fps(struct mp_sub *sub, double fps)
{
    sub->video_fps = isfinite(fps) && fps > 0 ? fps : 0;
}

int mp_sub_track_count(const struct mp_sub *sub)
{
    return sub->num_tracks;
}

int mp_sub_select(struct mp_sub *sub, int track)
{
    if (track >= sub->num_tracks || track < -1)
        return -1;
    sub->selected = track;
    return 0;
}

int mp_sub_selected(const struct mp_sub *sub)
{
    return sub->selected;
}

static struct sub_track *get_track(const struct mp_sub *sub, int track)
{
    return track >= 0 && track < sub->num_tracks ? sub->tracks[track] : NULL;
}

/* Replace *dst with a copy of src (NULL allowed). */
static int set_string(char **dst, const char *src)
{
    char *c = src ? strdup(src) : NULL;
    if (src && !c)
        return -1;
    free(*dst);
    *dst = c;
    return 0;
}

int mp_sub_set_track_info(struct mp_sub *sub, int track, int stream_id, const char *lang,
                          const char *title)
{
    struct sub_track *t = get_track(sub, track);
    if (!t)
        return -1;
    t->stream_id = stream_id;
    if (set_string(&t->lang, lang) < 0 || set_string(&t->title, title) < 0)
        return -1;
    return 0;
}

int mp_sub_track_stream_id(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t ? t->stream_id : -1;
}

const char *mp_sub_track_path(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t ? t->path : NULL;
}

int mp_sub_track_vobsub_id(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t ? t->vobsub_id : -1;
}

bool mp_sub_track_bitmap(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t && t->bitmap;
}

const char *mp_sub_track_lang(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t ? t->lang : NULL;
}

const char *mp_sub_track_title(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t ? t->title : NULL;
}

bool mp_sub_track_plain(const struct mp_sub *sub, int track)
{
    const struct sub_track *t = get_track(sub, track);
    return t && t->plain;
}

int mp_sub_remove_track(struct mp_sub *sub, int track)
{
    struct sub_track *t = get_track(sub, track);
    if (!t)
        return -1;
    sub_track_free(t);
    memmove(&sub->tracks[track], &sub->tracks[track + 1],
            sizeof(sub->tracks[0]) * (size_t)(sub->num_tracks - track - 1));
    sub->num_tracks--;
    if (sub->selected == track)
        sub->selected = -1;
    else if (sub->selected > track)
        sub->selected--;
    return 0;
}

double mp_sub_step_time(const struct mp_sub *sub, int track, double pts, int movement)
{
    struct sub_track *t = get_track(sub, track);
    if (!t || !isfinite(pts))
        return NAN;
    if (!t->ass)
        return 0;
    return ass_step_sub(t->ass, llround(pts * 1000), movement) / 1000.0;
}

int mp_sub_event_count(const struct mp_sub *sub, int track)
{
    if (track < 0 || track >= sub->num_tracks)
        return -1;
    const struct sub_track *t = sub->tracks[track];
    return t->bitmap ? sub_bitmap_event_count(t->bitmap) : t->ass->n_events;
}

char *mp_sub_get_text(const struct mp_sub *sub, double pts)
{
    if (sub->selected < 0 || !isfinite(pts))
        return NULL;
    const ASS_Track *a = sub->tracks[sub->selected]->ass;
    if (!a)
        return NULL;    /* pictures have no text */
    long long t = llround(pts * 1000);
    char *out = NULL;
    size_t len = 0;
    for (int i = 0; i < a->n_events; i++) {
        const ASS_Event *e = &a->events[i];
        if (t < e->Start || t >= e->Start + e->Duration || !e->Text)
            continue;
        char *s = sub_text_strip(e->Text);
        if (!s)
            continue;
        size_t sl = strlen(s);
        char *n = realloc(out, len + sl + 2);
        if (!n) {
            free(s);
            break;
        }
        out = n;
        if (len)
            out[len++] = '\n';
        memcpy(out + len, s, sl + 1);
        len += sl;
        free(s);
    }
    return out;
}

void mp_sub_add_font(struct mp_sub *sub, const char *name, const uint8_t *data, size_t size)
{
    if (!data || size == 0 || size > INT32_MAX)
        return;
    ass_add_font(sub->lib, name ? name : "attachment", (const char *)data, (int)size);
    sub->fonts_dirty = true;
}

bool mp_sub_format_supported(int pix_fmt)
{
    return sub_blend_supported(pix_fmt);
}

/* Draw on w x h pixels for a video frame of storage_w x storage_h, glyphs
 * stretched horizontally by par. */
static void configure_size(struct mp_sub *sub, int w, int h, int storage_w, int storage_h,
                           double par)
{
    if (w == sub->frame_w && h == sub->frame_h && storage_w == sub->storage_w &&
        storage_h == sub->storage_h && par == sub->frame_par && !sub->margins_dirty)
        return;
    ASS_Renderer *r[2] = {sub->sub_rend, sub->osd_rend};
    for (int i = 0; i < 2; i++) {
        ass_set_frame_size(r[i], w, h);
        ass_set_storage_size(r[i], storage_w, storage_h);
        ass_set_pixel_aspect(r[i], par);
    }
    ass_set_margins(sub->sub_rend, sub->margin_top, sub->margin_bottom, 0, 0);
    ass_set_use_margins(sub->sub_rend, sub->use_margins);
    sub->margins_dirty = false;
    sub->frame_w = w;
    sub->frame_h = h;
    sub->storage_w = storage_w;
    sub->storage_h = storage_h;
    sub->frame_par = par;
}

/* Render the selected track at pts and the OSD at now on the configured
 * size: two image lists (NULL when empty), valid until the next call.
 * Bitmap tracks are scaled onto pic, the part of the frame the video
 * picture fills. */
static void render_lists(struct mp_sub *sub, double pts, double now,
                         const struct sub_bitmap_area *pic, ASS_Image **subs, ASS_Image **osd_img)
{
    *subs = NULL;
    *osd_img = NULL;
    struct sub_track *t = sub->selected >= 0 ? sub->tracks[sub->selected] : NULL;
    if (t && isfinite(pts)) {
        long long ms = llround(pts * 1000);
        *subs = t->bitmap ? sub_bitmap_render(t->bitmap, ms, pic, sub->opts.forced_only)
                          : ass_render_frame(sub->sub_rend, t->ass, ms, NULL);
    }
    ASS_Track *osd = osd_update(sub, now, sub->frame_w, sub->frame_h);
    if (osd)
        *osd_img = ass_render_frame(sub->osd_rend, osd, 0, NULL);
}

void mp_sub_set_margins(struct mp_sub *sub, int top, int bottom, bool use)
{
    top = top > 0 ? top : 0;
    bottom = bottom > 0 ? bottom : 0;
    if (top == sub->margin_top && bottom == sub->margin_bottom && use == sub->use_margins)
        return;
    sub->margin_top = top;
    sub->margin_bottom = bottom;
    sub->use_margins = use;
    sub->margins_dirty = true;
}

int mp_sub_render(struct mp_sub *sub, double pts, double now, AVFrame *frame)
{
    if (!frame || frame->width <= 0 || frame->height <= 0 || !frame->data[0] ||
        !sub_blend_supported(frame->format))
        return -1;
    if (sub->fonts_dirty)
        configure_fonts(sub);
    /* libass stretches glyphs horizontally by its "pixel aspect"; the frame
     * is shown stretched by its SAR afterwards, so glyphs are drawn
     * squeezed by the inverse (measured: passing the SAR doubles the width
     * of text on a 2:1 frame). */
    double par = 1.0;
    if (frame->sample_aspect_ratio.num > 0 && frame->sample_aspect_ratio.den > 0)
        par = 1.0 / av_q2d(frame->sample_aspect_ratio);
    /* The picture is the frame without its bands: what scripts scale to. */
    int pic_h = frame->height - sub->margin_top - sub->margin_bottom;
    if (pic_h <= 0)
        pic_h = frame->height;
    configure_size(sub, frame->width, frame->height, frame->width, pic_h, par);
    configure_hinting(sub, false);
    ASS_Image *subs, *osd;
    int top = pic_h == frame->height ? 0 : sub->margin_top;
    struct sub_bitmap_area pic = {0, top, frame->width, pic_h};
    render_lists(sub, pts, now, &pic, &subs, &osd);
    bool drawn = sub_blend_images(frame, subs);
    drawn |= sub_blend_images(frame, osd);
    return drawn;
}

int mp_sub_render_overlay(struct mp_sub *sub, double pts, double now, int w, int h,
                          int video_w, int video_h, struct mp_sub_bitmap *out)
{
    *out = (struct mp_sub_bitmap){0};
    if (w <= 0 || h <= 0 || video_w <= 0 || video_h <= 0)
        return -1;
    if (sub->fonts_dirty)
        configure_fonts(sub);
    /* Output pixels are square and nothing stretches the overlay later. */
    configure_size(sub, w, h, video_w, video_h, 1.0);
    configure_hinting(sub, true);
    ASS_Image *subs, *osd;
    struct sub_bitmap_area pic = {0, 0, w, h};
    render_lists(sub, pts, now, &pic, &subs, &osd);
    /* One list: the OSD goes over the subtitles. */
    ASS_Image *last = subs;
    while (last && last->next)
        last = last->next;
    if (last)
        last->next = osd;
    int r = sub_blend_to_rgba(subs ? subs : osd, w, h, &sub->overlay, &sub->overlay_size, out);
    if (last)
        last->next = NULL;
    if (r < 0) {
        mp_msg(MSGT_OSD, MSGL_ERR, "Out of memory for the subtitle overlay.\n");
        return -1;
    }
    return out->w > 0;
}
