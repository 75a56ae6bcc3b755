/*
 * sub: subtitles and the on-screen display, rendered by libass onto video
 * frames.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * One struct mp_sub holds any number of subtitle tracks (embedded streams
 * fed packet by packet, or external files read whole at load), at most one
 * of them selected, and the OSD (messages, a seek/volume bar, the timer of
 * -osdlevel 2 and 3). mp_sub_render() draws the selected track and the OSD
 * for one moment onto a decoded frame, in place, at the frame's own size.
 *
 * Text subtitles (SubRip, WebVTT, mov_text, plain text) are decoded with
 * libavcodec into ASS event lines and shown in one default style built from
 * the options (MPlayer's -subfont-text-scale, -subpos, -ass-color...); ASS
 * and SSA keep their own styles unless -noass asks for the default style.
 *
 * Times: subtitle times are the stream's own timestamps in seconds (the
 * caller applies -delay/-subdelay by shifting the pts it passes to
 * mp_sub_render). OSD expiry times (`until`) and the `now` passed to
 * mp_sub_render are on the caller's monotonic clock, so an OSD message
 * expires while the video is paused or after a seek backwards.
 *
 * Not thread-safe: one thread uses one struct mp_sub.
 */
#ifndef MP_SUB_SUB_H
#define MP_SUB_SUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <libavutil/rational.h>

struct mp_sub_opts {
    /* -subfont-text-scale: height of text subtitles in percent of the
     * frame height before MPlayer's diagonal autoscale factor of 1.4
     * (default 3.5, as MPlayer). */
    double text_scale;
    /* -subfont-osd-scale: OSD text height in percent of the frame height
     * (default 6, as MPlayer). */
    double osd_scale;
    /* -ass-font-scale: multiplies every subtitle font size, ASS scripts
     * included (default 1). */
    double font_scale;
    /* -subpos: vertical position of bottom-aligned subtitles, 0 = top,
     * 100 = bottom (default 100). */
    int subpos;
    /* -ass (true, default) keeps the styling of ASS/SSA scripts; -noass
     * shows every track in the default style with override tags removed. */
    bool ass_styles;
    /* -subcp: charset of external text subtitle files, converted with iconv
     * to UTF-8; NULL or "" or "utf-8" means no conversion. Copied. */
    const char *charset;
    /* -subfont / -font: font family of the default style (NULL:
     * "sans-serif"). Copied. */
    const char *font;
    /* -ass-color / -ass-border-color: RRGGBBAA, AA = transparency (0 opaque).
     * Defaults: yellow text with a black border, as MPlayer. */
    uint32_t color;
    uint32_t border_color;
    /* -ass-force-style: comma-separated [Style.]Param=Value items libass
     * applies over the styles of ASS/SSA scripts and over the default style
     * of text subtitles (not the OSD). NULL or "": none. Copied. */
    const char *force_style;
    /* -ass-styles: an ASS/SSA file whose style lines are read into every
     * track shown in the default style; a style named "Default" there
     * replaces the one built from the options. NULL or "": none. Copied. */
    const char *styles_file;
    /* -ass-line-spacing: extra space between the lines of a subtitle, in
     * pixels of the picture it is drawn on (default 0). */
    double line_spacing;
    /* -subfont-autoscale: 0 and 1 text size proportional to the movie's
     * height, 2 the same times MPlayer's 1.3 for width, 3 (default) times
     * its 1.4 for the diagonal. */
    int autoscale;
    /* -osdlevel 0..3 (default 1): 0 subtitles only, 1 + volume/seek bars
     * and messages, 2 + the current time, 3 + the total time. */
    int osd_level;
    /* -osd-fractions: what follows the OSD time's seconds: 0 nothing
     * (default), 1 ".hh" hundredths, 2 ".ff" the frame within the second
     * (MPlayer's estimate: the fraction times the frame rate, plus 0.2,
     * cut), as MPlayer. */
    int osd_fractions;
    /* MPlayer's sub_alignment for text shown in the default style: 0 top,
     * 1 centre, 2 bottom (default). ASS scripts keep their own. */
    int alignment;
    /* -subwidth: percent of the frame's width text in the default style may
     * use, 10..100 (default 100: the 10-unit side margins only). */
    int width_percent;
    /* -subfont-outline / -subfont-blur of the default style (defaults 2
     * and 0: what MPlayer's libass style draws). */
    double outline;
    double blur;
    /* -sub-bg-color (grey 0..255) and -sub-bg-alpha: a box behind text in
     * the default style; alpha 0 = no box (default), 1 opaque .. 255 almost
     * transparent, MPlayer's scale. */
    int bg_color;
    int bg_alpha;
    /* -fontconfig (default) / -nofontconfig: system fonts through
     * fontconfig, or only the font file `font` names (and attachments).
     * A `font` that names an existing file is used as the default font
     * either way. */
    bool fontconfig;
    /* -ass-hinting: 0 none, 1 light, 2 normal, 3 native; + 4: hint only
     * when rendering at the output's size (mp_sub_render_overlay), not into
     * frames that are scaled afterwards (default 7, MPlayer's). */
    int hinting;
    /* -subfps: frame rate of frame-based (MicroDVD) files; for time-based
     * files, with video_fps known, times are stretched by
     * sub_fps / video_fps as in MPlayer. 0 = none given. */
    double sub_fps;
    /* -nooverlapsub clears it: in text files loaded by mp_sub_add_file an
     * event ends 10 ms before the next one starts (MPlayer's cut). */
    bool overlap;
    /* -forcedsubsonly: of bitmap subtitles only the pictures marked forced
     * (a DVD SPU's "forced start", PGS's forced flag) are shown. */
    bool forced_only;
};

/* What -dumpsrtsub and co. write (mp_sub_dump_track). */
enum mp_sub_dump_format {
    MP_SUB_DUMP_NONE = 0,
    MP_SUB_DUMP_SRT,        /* dumpsub.srt, SubRip */
    MP_SUB_DUMP_MICRODVD,   /* dumpsub.sub, MicroDVD frames */
    MP_SUB_DUMP_MPSUB,      /* dump.mpsub, MPlayer's own (FORMAT=TIME) */
    MP_SUB_DUMP_JACOSUB,    /* dumpsub.jss, JACOsub */
    MP_SUB_DUMP_SAMI,       /* dumpsub.smi, SAMI */
};

/* Fill o with MPlayer's defaults. */
void mp_sub_opts_default(struct mp_sub_opts *o);

/* -ass-color's and -ass-border-color's value: hexadecimal RRGGBBAA (1 to
 * 8 digits, an optional 0x; fewer digits are the same number, as
 * MPlayer reads it). Returns 0 with *out set, or -1 with the reason in
 * err. */
int mp_sub_parse_color(const char *s, uint32_t *out, char *err, size_t errsize);
/* The same as an option value check (out not needed). */
int mp_sub_check_color(const char *s, char *err, size_t errsize);
/* -ass-force-style's value: Param=Value items separated by commas, each
 * with a name before its '='. Returns 0, or -1 with the reason in err. */
int mp_sub_check_force_style(const char *s, char *err, size_t errsize);

/* Create the renderer with options o (copied; NULL = defaults). Returns NULL
 * if libass could not be set up. Owned by the caller: mp_sub_free. Font
 * discovery (fontconfig) runs here, so create it once per program, not per
 * file. */
struct mp_sub *mp_sub_create(const struct mp_sub_opts *o);
void mp_sub_free(struct mp_sub *sub);

/* Change options later (for example -subpos or the font scale from a key).
 * The default style of existing text tracks is rebuilt. */
void mp_sub_set_opts(struct mp_sub *sub, const struct mp_sub_opts *o);

/* The options in effect (strings owned by sub). */
const struct mp_sub_opts *mp_sub_get_opts(const struct mp_sub *sub);

/* Forget every track (between files); the OSD and options stay. */
void mp_sub_reset(struct mp_sub *sub);

/* --- tracks ------------------------------------------------------------ */

/* Add an embedded subtitle stream with codec parameters par and time base
 * tb (the demuxer's AVStream values). Returns the track number (>= 0), or
 * -1 if libavcodec cannot decode the codec: text codecs become ASS events,
 * bitmap codecs (DVD, PGS, DVB) pictures scaled from the codec's width x
 * height to the frame. */
int mp_sub_add_stream(struct mp_sub *sub, const AVCodecParameters *par, AVRational tb);

/* Decode one packet of track (its timestamps in the track's time base) and
 * add its events. A packet seen before (after a seek back) is ignored.
 * Returns 0, or -1 if the packet could not be decoded (playback goes on). */
int mp_sub_decode_packet(struct mp_sub *sub, int track, const AVPacket *pkt);

/* Load an external subtitle file (.srt .ass .ssa .vtt, anything
 * libavformat reads as a subtitle stream; its first one) completely. -subcp applies.
 * Returns the track number, or -1 with a message. */
int mp_sub_add_file(struct mp_sub *sub, const char *path);

/* Load a VobSub pair through its .idx (the .sub beside it holds the
 * pictures): each language (.idx "id: xx, index: N" with pictures) becomes
 * a track, in the .idx's order, numbered from the returned one up to
 * mp_sub_track_count() - 1, with its language and N as
 * mp_sub_track_vobsub_id. Returns the first track, or -1 with a message. */
int mp_sub_add_vobsub(struct mp_sub *sub, const char *idx_path);

/* The .idx "langidx:" of a VobSub pair: the index of the language shown
 * when none is asked for, as MPlayer takes it; -1 if there is none (or
 * the file cannot be read). Needs no libass. */
int mp_sub_vobsub_langidx(const char *idx_path);

/* The video's frame rate (0: unknown) for the files loaded after this
 * call: MicroDVD frame numbers count in it unless -subfps or the file's
 * own header says otherwise, and -subfps stretches time-based files
 * against it. */
void mp_sub_set_video_fps(struct mp_sub *sub, double fps);

/* Write the events of track, override tags removed, in MPlayer's format
 * fmt to its file name (dumpsub.srt ...) under dir (NULL: the current
 * folder), as MPlayer's -dump*sub options. fps: the frame rate of
 * MicroDVD frame numbers. Returns 0, or -1 with a message. */
int mp_sub_dump_track(const struct mp_sub *sub, int track, enum mp_sub_dump_format fmt,
                      double fps, const char *dir);

/* Number of tracks; -1 in mp_sub_select turns subtitles off. */
int mp_sub_track_count(const struct mp_sub *sub);
int mp_sub_select(struct mp_sub *sub, int track);
int mp_sub_selected(const struct mp_sub *sub);

/* What a track is. Embedded tracks: the player records the demuxer's
 * stream id, language and title (copied) after mp_sub_add_stream; files
 * keep the path given to mp_sub_add_file (VobSub: the .idx's) and the
 * stream's language. Getters answer -1/NULL for no such track or no such
 * value. */
int mp_sub_set_track_info(struct mp_sub *sub, int track, int stream_id, const char *lang,
                          const char *title);
int mp_sub_track_stream_id(const struct mp_sub *sub, int track);
const char *mp_sub_track_path(const struct mp_sub *sub, int track);
/* A VobSub language's .idx "index:" (mp_sub_add_vobsub), else -1. */
int mp_sub_track_vobsub_id(const struct mp_sub *sub, int track);
/* Whether the track is pictures (DVD/VobSub, PGS, DVB): -forcedsubsonly
 * applies to these only. */
bool mp_sub_track_bitmap(const struct mp_sub *sub, int track);
const char *mp_sub_track_lang(const struct mp_sub *sub, int track);
const char *mp_sub_track_title(const struct mp_sub *sub, int track);
/* Whether the track is shown in the default style (text subtitles, or any
 * track with -noass): the style -subpos alignment and sizes apply to. */
bool mp_sub_track_plain(const struct mp_sub *sub, int track);

/* Remove a track; later tracks move down by one. The selection follows
 * its track, and is -1 when the removed track was selected. Returns 0, or
 * -1 for no such track. */
int mp_sub_remove_track(struct mp_sub *sub, int track);

/* The shift (seconds) that brings the start of the event `movement` events
 * after (negative: before) the one at pts to pts, on track; 0 when there
 * is no such event; NAN for no such track. For MPlayer's sub_step: the
 * caller moves its subtitle delay by it. Only events the track holds
 * count (an embedded track knows those demuxed so far). */
double mp_sub_step_time(const struct mp_sub *sub, int track, double pts, int movement);

/* Number of events a track holds (for -identify and tests), -1 if no such
 * track. */
int mp_sub_event_count(const struct mp_sub *sub, int track);

/* The text of the selected track's events shown at pts, override tags
 * removed, lines joined with '\n'. Malloc'ed (caller frees), NULL when
 * nothing is shown. For the slave interface and tests. */
char *mp_sub_get_text(const struct mp_sub *sub, double pts);

/* A font attachment of the file (Matroska attachments): name and data are
 * copied. Used by tracks rendered after this call. */
void mp_sub_add_font(struct mp_sub *sub, const char *name, const uint8_t *data, size_t size);

/* External subtitle files next to media_path with the same base name
 * (case-insensitive): "movie.srt", "movie.en.ass", ... (.srt .ass .ssa
 * .vtt, MicroDVD .sub; a .sub beside a .idx is VobSub's and left out). Exact
 * name matches come first, then alphabetical order. Returns a malloc'ed
 * NULL-terminated array of malloc'ed paths (free with
 * mp_sub_free_candidates), an empty array if none, NULL on allocation
 * failure. Whether to load them (-noautosub) is the caller's decision. */
char **mp_sub_autoload_candidates(const char *media_path);
void mp_sub_free_candidates(char **list);

/* --- OSD ----------------------------------------------------------------- */

enum mp_sub_bar_type {
    MP_SUB_BAR_SEEK,
    MP_SUB_BAR_VOLUME,
    MP_SUB_BAR_BALANCE,     /* fraction 0..1, 0.5 = centre, drawn with a tick */
    MP_SUB_BAR_BRIGHTNESS,
    MP_SUB_BAR_CONTRAST,
};

/* -osdlevel; values outside 0..3 are clamped. */
void mp_sub_osd_set_level(struct mp_sub *sub, int level);
int mp_sub_osd_level(const struct mp_sub *sub);

/* Show text (UTF-8, '\n' breaks lines) until `until` on the caller's clock,
 * if the OSD level is at least min_level (MPlayer's osd_show_text uses 0,
 * the player's own messages 1). NULL text removes the message. A message
 * replaces the timer of levels 2 and 3 while it is shown. */
void mp_sub_osd_set_text(struct mp_sub *sub, int min_level, const char *text, double until);

/* Show a bar (OSD level >= 1) filled to fraction (0..1) until `until`. */
void mp_sub_osd_set_bar(struct mp_sub *sub, enum mp_sub_bar_type type, double fraction,
                        double until);

/* Playback position and length in seconds for the timer of levels 2 and 3
 * (length <= 0: unknown, level 3 then shows the position only); fps, the
 * video's frame rate (0: unknown), for -osd-fractions 2. paused selects
 * the symbol in front of the time. */
void mp_sub_osd_set_time(struct mp_sub *sub, double pos, double length, double fps,
                         bool paused);

/* True if the OSD at time now would look different from what the last
 * mp_sub_render drew (a message expired or was set): a paused player
 * redraws its frame then. */
bool mp_sub_osd_changed(const struct mp_sub *sub, double now);

/* --- rendering ----------------------------------------------------------- */

/* MPlayer's -ass-top-margin / -ass-bottom-margin: the frames that
 * mp_sub_render draws on next carry black bands of top and bottom pixels
 * around the picture (the player added them). Subtitles are laid out in
 * the picture, or with use (-ass-use-margins) in the bands too, as libass
 * does for MPlayer. 0, 0 for frames without bands (the default); the OSD
 * always uses the whole frame. */
void mp_sub_set_margins(struct mp_sub *sub, int top, int bottom, bool use);

/* True if mp_sub_render can draw onto frames of this pixel format:
 * RGB24, BGR24, RGBA, BGRA, ARGB, ABGR, RGB0, BGR0, 0RGB, 0BGR, YUV420P,
 * YUVJ420P, NV12, NV21, YUYV422, UYVY422, YVYU422. */
bool mp_sub_format_supported(int pix_fmt);

/* Draw the selected track's subtitles at pts (seconds) and the OSD at time
 * now onto frame, in place, at the frame's size (its sample_aspect_ratio
 * keeps glyphs round on anamorphic video). The frame's data must be
 * writable: call av_frame_make_writable() first if it may be shared.
 * Returns 1 if anything was drawn, 0 if nothing was, -1 if the frame's
 * format is not supported (frame untouched). */
int mp_sub_render(struct mp_sub *sub, double pts, double now, AVFrame *frame);

/* An RGBA picture (bytes R, G, B, A; straight alpha) of subtitles and OSD
 * for an output that lays it over the video itself. */
struct mp_sub_bitmap {
    int x, y;        /* its place in the w x h area it was rendered for */
    int w, h;        /* 0 x 0: nothing to show */
    int stride;      /* bytes per row */
    const uint8_t *rgba;
};

/* Render the selected track at pts and the OSD at now for a picture shown
 * at w x h output pixels (the video frame being video_w x video_h), at
 * that resolution rather than the frame's, so text stays sharp in a big
 * window. out covers the bounding box of what is drawn; its pixels belong
 * to sub and stay valid until the next call. Returns 1 if anything is
 * drawn, 0 if nothing is (out->w == 0), -1 on bad sizes or no memory. */
int mp_sub_render_overlay(struct mp_sub *sub, double pts, double now, int w, int h,
                          int video_w, int video_h, struct mp_sub_bitmap *out);

#endif
