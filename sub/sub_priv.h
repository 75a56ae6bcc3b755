/*
 * Internals shared by the files of sub/: not for use outside the folder.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MP_SUB_SUB_PRIV_H
#define MP_SUB_SUB_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#if HAVE_LIBASS
#include <ass/ass.h>
#endif

#include "sub.h"

/* What needs libass: the tracks, the renderer object and the files built
 * with it (sub.c, osd.c, sub_blend.c, sub_dump.c, sub_lavc.c). The helpers
 * further down (text, charset, font names, autoload) build without it. */
#if HAVE_LIBASS

struct sub_bitmap;

struct sub_track {
    ASS_Track *ass;         /* text tracks; NULL for bitmap tracks */
    struct sub_bitmap *bitmap;  /* bitmap tracks (DVD, PGS, DVB); else NULL */
    AVCodecContext *dec;    /* NULL once an external file is fully read */
    AVRational tb;
    bool plain;             /* shown in the default style, not the script's */
    int plain_style;        /* plain: the index of the style the options build */
    bool native_ass;        /* codec is ASS/SSA: its header has the styles */
    char *iconv_from;       /* charset to convert packets from, or NULL */
    uint64_t *seen;         /* open-addressing set of packet keys, 0 = empty */
    size_t seen_cap, seen_count;
    /* What the track is, for the player's numbering and messages. */
    int stream_id;          /* embedded: the demuxer's -sid number; else -1 */
    int vobsub_id;          /* a VobSub language: its .idx "index:"; else -1 */
    char *path;             /* external file: its path; else NULL */
    char *lang;             /* language tag, or NULL */
    char *title;            /* embedded: track title, or NULL */
};

struct osd_state {
    char *text;
    int text_level;
    double text_until;
    bool bar_on;
    enum mp_sub_bar_type bar_type;
    double bar_fraction;
    double bar_until;
    int level;
    bool time_valid;
    double time_pos, time_len, time_fps;
    bool paused;
    /* What the OSD track was last built from; rebuilt when this changes. */
    char *built_key;
    ASS_Track *track;
};

struct mp_sub {
    struct mp_sub_opts opts;
    char *charset;          /* owned copies of the opts strings */
    char *font;
    char *file_family;          /* family of the font file `font` names, or NULL */
    char *force_style;          /* owned copies of opts.force_style, opts.styles_file */
    char *styles_file;
    char **force_list;          /* force_style split at commas, NULL-terminated; or NULL */
    bool styles_warned;         /* the -ass-styles file's trouble was reported */
    ASS_Library *lib;
    ASS_Renderer *sub_rend;
    ASS_Renderer *osd_rend;
    bool fonts_dirty;
    int hinting_now;            /* the renderers' ASS_Hinting, -1 = not set yet */
    double video_fps;           /* mp_sub_set_video_fps */
    struct sub_track **tracks;
    int num_tracks;
    int selected;
    int frame_w, frame_h;       /* what the renderers draw on */
    int storage_w, storage_h;   /* the video frame's own size */
    double frame_par;
    /* mp_sub_set_margins: black bands of the frame, whether text may use them */
    int margin_top, margin_bottom;
    bool use_margins;
    bool margins_dirty;
    struct osd_state osd;
    /* mp_sub_render_overlay's picture, reused from call to call. */
    uint8_t *overlay;
    size_t overlay_size;
};

/* sub_lavc.c: libavcodec decoding into a track's ASS events. */
int sub_lavc_open(struct sub_track *t, const AVCodecParameters *par);
int sub_lavc_decode(struct mp_sub *sub, struct sub_track *t, const AVPacket *pkt);
/* A file read whole: its first subtitle stream becomes a track, or with
 * all (VobSub: one stream per language) every one libavcodec decodes, in
 * the file's order. Returns the first new track, or -1 with a message. */
int sub_lavc_read_file(struct mp_sub *sub, const char *path, bool all);

/* Whether libavcodec decodes this codec to palette pictures. */
bool sub_lavc_is_bitmap(enum AVCodecID id);

/* sub_bitmap.c: a bitmap track's pictures and times. */
struct sub_bitmap_area {
    int x, y, w, h;         /* where the track's picture area lies on the target */
};
struct sub_bitmap *sub_bitmap_new(void);
void sub_bitmap_free(struct sub_bitmap *b);
/* Add the pictures of s shown from start to end (ms; end < 0: until the
 * next event), positioned on a src_w x src_h picture (0: the area's size).
 * An event without rects clears the screen from start. An event ends where
 * the next begins. Returns 0, or -1 when out of memory. */
int sub_bitmap_add(struct sub_bitmap *b, const AVSubtitle *s, long long start, long long end,
                   int src_w, int src_h);
int sub_bitmap_event_count(const struct sub_bitmap *b);
/* The images of the event shown at now (ms), scaled onto area (only its
 * forced rects with forced_only); owned by b, valid until the next call or
 * sub_bitmap_add. NULL when nothing shows. */
ASS_Image *sub_bitmap_render(struct sub_bitmap *b, long long now,
                             const struct sub_bitmap_area *area, bool forced_only);
/* A rect (x, y, w, h) of a src_w x src_h picture on area: out = x, y, w, h
 * (at least 1 x 1). src_w or src_h 0: the area's size (no scaling). */
void sub_bitmap_scale_rect(int src_w, int src_h, const struct sub_bitmap_area *area, int x,
                           int y, int w, int h, int out[4]);
/* A palette entry 0xAARRGGBB as an ASS_Image colour (its alpha goes into
 * the coverage map). */
unsigned sub_bitmap_ass_colour(uint32_t argb);

/* sub.c: set up a track's ASS_Track once its decoder is open. */
int sub_track_init_ass(struct mp_sub *sub, struct sub_track *t);
int sub_add_track(struct mp_sub *sub, struct sub_track *t);
void sub_track_free(struct sub_track *t);

#endif /* HAVE_LIBASS */

/* sub_text.c: ASS event line helpers. */
/* The line "ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"
 * rewritten for the default style: Style becomes "Default", and with
 * strip_tags the override blocks (and drawings) go. Malloc'ed or NULL. */
char *sub_text_plain_line(const char *line, bool strip_tags);
/* Text of an event without override tags, \N and \n as newlines, \h as a
 * space. Malloc'ed or NULL. */
char *sub_text_strip(const char *text);
/* Append s to an ASS event text with '{', '}' and newlines escaped.
 * Returns the new malloc'ed string (old one freed) or NULL. */
char *sub_text_append_escaped(char *dst, const char *s);
/* One style of a generated script header ("Style:" line). Colours are
 * ASS &HAABBGGRR values; alignment is the numpad value (2 bottom centre,
 * 7 top left...). */
struct sub_ass_style {
    const char *name;
    const char *font;
    double size;
    unsigned primary, secondary, outline_colour, back_colour;
    double outline;
    int alignment;
    int margin_l, margin_r, margin_v;
};
/* A complete script header ([Script Info], [V4+ Styles] with style st,
 * [Events] format line) for a play resolution of play_x x play_y.
 * Malloc'ed or NULL. Shared by the default subtitle style and the OSD. */
char *sub_ass_header(int play_x, int play_y, const struct sub_ass_style *st);
/* 64-bit FNV-1a over a byte range, continuing from h. */
uint64_t sub_text_hash(uint64_t h, const void *data, size_t size);

/* sub_charset.c: convert size bytes from charset `from` to UTF-8. Returns a
 * malloc'ed NUL-terminated buffer and its length in *out_size, or NULL. */
char *sub_charset_to_utf8(const char *from, const char *data, size_t size, size_t *out_size);
/* Whether the file's text is well-formed UTF-8 (true when it cannot be
 * read: the reader reports that). */
bool sub_charset_file_is_utf8(const char *path);
/* What a file that is not UTF-8 is read as without -subcp: Western
 * European, the commonest legacy code page (a superset of latin1's
 * printable characters). MPlayer showed such text rather than nothing. */
#define SUB_LEGACY_CHARSET "CP1252"

/* sub_font.c: a font file's bytes (malloc'ed, NULL if unreadable or too
 * big) and the family name in them (malloc'ed UTF-8, NULL if none). */
uint8_t *sub_font_read_file(const char *path, size_t *size);
char *sub_font_family(const uint8_t *data, size_t size);

#if HAVE_LIBASS
/* sub_blend.c: blend a libass image list onto frame; returns whether any
 * pixel changed. */
bool sub_blend_images(AVFrame *frame, const ASS_Image *img);
bool sub_blend_supported(int pix_fmt);
/* Composite img (clipped to w x h) into one straight-alpha RGBA picture
 * covering the images' bounding box: *buf (malloc'ed, *size bytes) grows as
 * needed. Fills out; out->w = 0 when nothing is visible. Returns 0, or -1
 * when out of memory. */
int sub_blend_to_rgba(const ASS_Image *img, int w, int h, uint8_t **buf, size_t *size,
                      struct mp_sub_bitmap *out);

/* osd.c */
void osd_init(struct osd_state *osd, int level);
void osd_uninit(struct osd_state *osd);
/* Bring the OSD track up to date for time now and frame w x h; returns the
 * track to render, or NULL when the OSD shows nothing. */
ASS_Track *osd_update(struct mp_sub *sub, double now, int w, int h);
/* The key osd_update would build for now (compared with built_key). */
char *osd_make_key(const struct mp_sub *sub, double now, int w, int h);
#endif /* HAVE_LIBASS */

#endif
