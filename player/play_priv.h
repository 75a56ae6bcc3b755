/*
 * Per-file play state, shared by the files of player/ only.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A play_state lives on mp_play_file()'s stack for one file; it owns the
 * stream, demuxer, decoders, converters and outputs it points to.
 */
#ifndef MP_PLAYER_PLAY_PRIV_H
#define MP_PLAYER_PLAY_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libao2/audio_out.h"
#include "libmpdemux/demuxer.h"
#include "player/player.h"

struct stream;
struct demuxer;
struct sh_stream;
struct mp_decoder;
struct mp_image_conv;
struct mp_audio_conv;
struct vo;
struct AVFrame;
struct mp_cmd;
struct mp_sub;
struct mp_vf_chain;
struct mp_af_chain;

/* Outputs used when -vo/-ao are not given: a window and a sound device
 * once those drivers exist, else the null drivers. */
#define PLAY_DEFAULT_VO "sdl,"
#define PLAY_DEFAULT_AO "sdl,"

struct play_state {
    struct MPContext *mpctx;
    const char *filename;
    struct stream *stream;
    struct demuxer *demuxer;
    /* -audiofile: the stream and demuxer the audio track comes from (else
     * NULL: the audio is the file's); audio_offset is added to its times to
     * put them on the main file's clock (both start together). */
    struct stream *astream;
    struct demuxer *ademuxer;
    double audio_offset;
    struct sh_stream *sh_video;
    struct sh_stream *sh_audio;
    struct mp_decoder *vdec;
    struct mp_decoder *adec;
    struct mp_image_conv *vconv;
    struct mp_audio_conv *aconv;
    struct vo *vo;
    struct ao *ao;
    struct ao_format afmt;
    int frame_bytes;            /* bytes per audio sample frame */
    bool output_failed;
    bool vo_open_failed;        /* no driver of -vo opened: no video */
    bool edl_active;            /* -edl acts on this file (it has video) */
    bool edl_skips_off;         /* the file cannot seek: its skips are played */
    bool edl_marking;           /* edl_mark: a skip block's start is marked */
    double edl_mark_start;      /* its time from the file's start */

    /* video */
    struct AVFrame *next_frame; /* decoded, waiting for its time */
    double next_pts;            /* its pts in seconds */
    double last_pts;            /* pts of the last frame decoded */
    double frame_duration;
    double fps_base;            /* -fps: time of the first frame since the start or a seek */
    int64_t fps_count;          /* -fps: frames decoded since fps_base */
    bool video_sent_eof;        /* the decoder was told the stream ended */
    bool video_done;            /* and it has given every frame */
    int vo_w, vo_h, vo_fmt;     /* what the vo is configured for */
    int64_t frames_shown;
    int64_t frames_dropped;
    int64_t frames_late;
    bool skipping_nonref;       /* -hardframedrop is skipping frames */

    /* audio */
    const uint8_t *abuf;        /* converted samples not yet written */
    int abuf_samples;
    double abuf_pts;            /* pts of abuf's first sample */
    double conv_next_pts;       /* pts after the last sample converted, or NAN */
    double audio_pts_end;       /* pts just after the last sample written */
    bool audio_pts_known;
    bool audio_sent_eof;
    bool audio_flushed;         /* the converter's tail was taken */
    bool audio_done;            /* every sample is written */
    bool audio_more;            /* the last fill stopped at its time slice */

    /* timing */
    double seek_target;         /* drop what starts before this (-ss) */
    double audio_target;        /* the audio's: seek_target + the audio delay after a
                                   seek or -ss, so both start in sync at once */
    double end_time;            /* stop here (-endpos); INFINITY = no end */
    bool sys_clock_running;     /* the system timer is the clock */
    double sys_base_pts, sys_base_time;
    double last_status_time;
    double start_wall;          /* when mp_play_file began (before the open) */
    double first_frame_wall;    /* seconds from start_wall to the first frame */
    double first_sound_wall;    /* ... to the first sound played; < 0: none yet */
    int decode_errors;          /* corrupt packets skipped */
    bool paused;
    /* A/V start and stalls (player/playloop.c) */
    bool av_hold;               /* the audio output waits for the first frame after the
                                   start or a seek */
    int stall_track;            /* MP_STREAM_x of the open stall episode, or -1 */
    double stall_secs;          /* the clock held in that episode */
    double stall_last;          /* when its last held read ended (mp_time_sec) */
    int64_t stalls;             /* stall episodes of the file */
    double stall_total;         /* seconds the clock was held in them */
    /* subtitles and OSD (player/subs.c) */
    struct mp_sub *sub;         /* the run's (mpctx->sub), or NULL */
    struct sh_stream *sh_sub;   /* the embedded subtitle track shown */
    int sub_track;              /* its number in sub/, or -1 */
    /* A bitmap track was loaded (VobSub) or shown this file: MPlayer's
     * picture decoder exists then, and with it sub_forced_only. */
    bool spu_ready;
    double osd_until;           /* an OSD bar or message shows until then */
    /* -vf / -af (player/filters.c) */
    struct mp_vf_chain *vf;
    struct mp_af_chain *af;
    bool vf_sent_eof, af_sent_eof;
    bool filter_failed;         /* a chain could not be built: the file stops */
    bool filter_refused;        /* a chain does not fit the streams: refused before playing */
    char *vf_spec, *af_spec;    /* lists edited by slave commands (owned); NULL: -vf / -af */
    struct AVFrame *vf_fmt, *af_fmt; /* format (no data) of the last frame decoded while
                                      * no chain ran, to check an edit against (owned) */
    int eq[5];                  /* brightness, contrast, hue, saturation, gamma: -100..100 */
    double vf_time_pending;     /* seconds in the video chain since its last frame out */
    uint8_t *vol_buf;           /* scaled samples (player/volume.c), owned */
    size_t vol_buf_size;
    struct demux_planner *planner; /* -cache plan mode on an indexed file, or NULL */
    double pause_pos;           /* where the clock stood when paused */
    bool redraw_pending;        /* a seek: show the frame there even when paused */
    bool overlay_stale;         /* the window was resized: the overlay is not to measure */

    /* slave commands (player/command.c) */
    bool no_file;               /* -idle with nothing open: only a few properties
                                   answer (mp_idle_command); nothing else is set */
    bool step_pending;          /* frame_step: pause again after one frame */
    struct mp_cmd *waited_cmd;  /* read while waiting, run next (owned) */

    /* screenshots (player/screenshot.c) */
    struct AVFrame *shot_frame; /* the last frame shown, as decoded (a reference, owned) */
    struct mp_image_conv *shot_conv; /* to RGB24 for the PNG encoder (owned) */
    int shot_next;              /* first shotNNNN.png number to try */
    bool shot_each;             /* screenshot 1: a shot of every frame shown */

    /* -ass-top-margin / -ass-bottom-margin with -vf ass (player/subs.c) */
    struct mp_vf_chain *margin_vf; /* adds the black bands after -vf (owned) */
};

/* The demuxer audio tracks come from: -audiofile's, else the file's. */
static inline struct demuxer *play_audio_demuxer(const struct play_state *ps)
{
    return ps->ademuxer ? ps->ademuxer : ps->demuxer;
}

/* The demuxer sh is read from. */
static inline struct demuxer *play_demuxer_of(const struct play_state *ps,
                                              const struct sh_stream *sh)
{
    return sh && sh->type == MP_STREAM_AUDIO ? play_audio_demuxer(ps) : ps->demuxer;
}

/* player/playfile.c: open the decoder of the audio track sh with the
 * settings of the options (-a52drc). Returns mp_decoder_open's result. */
int play_open_audio_decoder(struct play_state *ps, const struct sh_stream *sh,
                            struct mp_decoder **out);

/* player/playfile.c: seek -audiofile's demuxer to play time t (seconds
 * from its start) after the main one; 0, or negative after a warning. */
int play_seek_audiofile(struct play_state *ps, double t);

/* player/playloop.c: run the A/V loop until the file ends or stops. */
enum mp_stop_reason play_loop(struct play_state *ps);

/* player/playloop.c: the position now (pts seconds; NAN before the
 * first frame or sample), pausing, seeking to an absolute pts. */
double play_position(struct play_state *ps);
/* The audio delay in force (-delay, audio_delay; 0 unless the file plays
 * both audio and video): a frame of pts p shows when the audio reaches
 * p + delay, as in MPlayer. */
double play_av_delay(const struct play_state *ps);
void play_set_pause(struct play_state *ps, bool pause);
/* Empty the audio path after the decoder: the output's buffer, the
 * samples waiting for it and what the loop knows of their time, so audio
 * starts again from the next packet (a seek, a new track). */
void play_audio_reset(struct play_state *ps);
void play_seek(struct play_state *ps, double target);

/* player/command.c: run (and free) one command. */
struct mp_cmd;
enum mp_stop_reason play_run_command(struct play_state *ps, struct mp_cmd *cmd);

/* player/command.c: frame_step's second half; the loop calls it after
 * each frame shown or dropped, and after each audio fill once there is
 * no video left. Pauses when a step was asked for. */
void play_step_done(struct play_state *ps);

/* Set up libass (font discovery) on a worker while a file opens, for the
 * first file with video (player/subs.c); subs_prepare_end waits a bounded
 * time for it at the end of the run and frees what it made. */
void subs_prepare(struct MPContext *mpctx);
void subs_prepare_end(struct MPContext *mpctx);

/* player/subs.c: pick and load subtitle tracks for the file; feed queued
 * subtitle packets; draw subtitles and OSD onto *frame before it is shown
 * (decoded is the decoder's own frame: never drawn on, a copy replaces
 * *frame then) or, unless burn (-vf ass) asks for the frame, as the
 * output's overlay; OSD seek bar and messages. */
void play_subs_open(struct play_state *ps);
/* The first track of type t whose language starts with one of the codes
 * of langs ("eng,ger", -alang/-slang; case matters, as in MPlayer), trying
 * the codes in order; NULL when none matches or langs is NULL. */
struct sh_stream *play_pick_lang(struct play_state *ps, enum mp_stream_type t,
                                 const char *langs);
void play_subs_feed(struct play_state *ps);
/* -vf ass with -ass-top-margin / -ass-bottom-margin: *padded is f with
 * the black bands added (owned by the caller), NULL when there are none
 * to add. Returns -1 when the bands could not be made. */
int play_subs_pad(struct play_state *ps, struct AVFrame *f, struct AVFrame **padded);
void play_subs_pad_free(struct play_state *ps);
void play_subs_draw(struct play_state *ps, struct AVFrame **frame, struct AVFrame *decoded,
                    bool burn);
void play_osd_bar_seek(struct play_state *ps);
void play_osd_text(struct play_state *ps, int min_level, const char *text, double secs);
/* A bar's value as MPlayer's terminal OSD words it ("Volume: 50 %"), for
 * files without video. */
void play_osd_bar_text(struct play_state *ps, const char *name, double frac);
/* player/command.c: ${NAME}, ?(NAME:TEXT), ?(!NAME:TEXT) and backslash
 * escapes expanded (osd_show_property_text, -playing-msg). Malloc'ed, or
 * NULL when out of memory. */
char *play_expand_text(struct play_state *ps, const char *text);
/* player/edl.c: the edl_mark command ('i'): the first call marks where a
 * skip block starts, the second writes "start end 0" to -edlout. */
void play_edl_mark(struct play_state *ps, double pos);
/* The time -edl and -edlout count from: the file's start
 * (-edl-start-pts, the default here) or 0 (-noedl-start-pts: timestamps
 * as the file has them, MPlayer's default). */
double play_edl_origin(const struct play_state *ps);
/* -udp-master / -udp-slave (player/udp_sync.c). play_udp_start opens the
 * socket of the run (once; -1 with a message when it cannot), play_udp_end
 * says "bye" as a master and closes it. */
int play_udp_start(struct MPContext *mpctx);
void play_udp_end(struct MPContext *mpctx);
/* Master: a frame of timestamp pts was shown. */
void play_udp_frame_shown(struct play_state *ps, double pts);
enum play_udp_act {
    PLAY_UDP_OWN_TIMING,    /* not a slave, or no master for 30 s */
    PLAY_UDP_SHOW,          /* show the frame now */
    PLAY_UDP_WAIT,          /* ahead of the master: ask again (commands run) */
    PLAY_UDP_SEEK,          /* too far off: seek to *seek_to */
    PLAY_UDP_QUIT,          /* the master said bye */
};
/* Slave: what to do with the frame at pos (seconds, the file's time). */
enum play_udp_act play_udp_slave_sync(struct play_state *ps, double pos, double *seek_to);
/* Slave: a seek to the master failed (a file that cannot seek): on with
 * the slave's own timing. */
void play_udp_seek_failed(struct play_state *ps);

/* -edl-backward-delay: a seek backwards (before ps->next_pts) to target
 * that lands in an EDL block goes to the block's start minus the delay,
 * as MPlayer does; other targets come back unchanged. */
double play_edl_backward_target(const struct play_state *ps, double target);

/* What a property's get, set or step gave (player/command.c and subs.c):
 * 0 or a negative reason, the player's convention for its own results.
 * Each reason is one of the slave answers ANS_ERROR=... of MPlayer. */
enum prop_result {
    PROP_OK = 0,
    PROP_ERROR = -1,            /* ERROR: it failed */
    PROP_UNAVAILABLE = -2,      /* PROPERTY_UNAVAILABLE: not now (no file, no video) */
    PROP_NOT_IMPLEMENTED = -3,  /* NOT_IMPLEMENTED: read-only, or no step this way */
    PROP_UNKNOWN = -4,          /* PROPERTY_UNKNOWN: no such property, or a bad value */
};

/* player/subs.c, run-time subtitle selection as MPlayer numbers it: the
 * file's subtitle streams by -sid, then the text files in load order, then
 * the VobSub languages (the property "sub"; -1 is off); sources 0 files,
 * 1 VobSub, 2 embedded. Properties sub, sub_source, sub_file, sub_vob (by
 * .idx index), sub_demux, sub_pos, sub_scale, sub_alignment,
 * sub_forced_only (-forcedsubsonly; only once bitmap subtitles are loaded
 * or shown, as MPlayer's): get/set/step answer with a
 * prop_result (PROP_OK, PROP_ERROR, PROP_UNAVAILABLE); step is for the ones
 * play_subs_prop_cycles names (the others step as plain numbers). A newly
 * shown embedded track is demuxed from then on, re-read from the position
 * shown when the file is seekable. show_osd: MPlayer's OSD message for the
 * property ("Subtitles: (0) eng"). load: an external file, numbered but not
 * shown (MPlayer's sub_load); returns its index or -1. remove: file index,
 * -1 all. step: sub_step, moving -subdelay to the event `movement` away. */
bool play_subs_prop_cycles(const char *name);
int play_subs_prop_get(struct play_state *ps, const char *name, double *value);
int play_subs_prop_set(struct play_state *ps, const char *name, double value);
int play_subs_prop_step(struct play_state *ps, const char *name, double amount, int dir);
void play_subs_show_osd(struct play_state *ps, const char *name);
int play_subs_load(struct play_state *ps, const char *path);
int play_subs_remove(struct play_state *ps, int index);
int play_subs_step(struct play_state *ps, int movement);

/* player/filters.c: the next decoded frame after -vf / -af, with
 * mp_decoder_receive's results (EINVAL and filter_failed when a chain
 * cannot be built); speed for scaletempo; reset after a seek; free. */
int play_vf_receive(struct play_state *ps, struct AVFrame **out);
int play_af_receive(struct play_state *ps, struct AVFrame **out);
void play_af_set_speed(struct play_state *ps, double speed);
void play_filters_reset(struct play_state *ps);
void play_filters_free(struct play_state *ps);

/* player/filters.c: try the -vf (video) or -af chain on the stream's
 * format as its decoder reports it, before playback starts, with
 * libavfilter's own lines quieted. out (may be NULL) gets the chain's
 * output format, the decoder's when there is no chain (caller frees).
 * Returns 0, or -1 after one message naming the filter. */
int play_filters_probe(struct play_state *ps, bool video, struct AVFrame **out);

/* player/filters.c: the slave commands that edit a chain while the file
 * plays (af_add, af_del, af_clr, af_switch, af_cmdline as in MPlayer).
 * arg: a filter list, or for DEL a list of names, or for CMDLINE the
 * filter's name (arg2 its new arguments). Returns 0, or negative after a
 * message; then the chain runs on unchanged. */
enum play_filter_edit {
    PLAY_FILTER_ADD,
    PLAY_FILTER_DEL,
    PLAY_FILTER_CLR,
    PLAY_FILTER_SWITCH,
    PLAY_FILTER_CMDLINE,
};
int play_filters_edit(struct play_state *ps, bool video, enum play_filter_edit op,
                      const char *arg, const char *arg2);

/* player/filters.c: MPlayer's picture controls "brightness", "contrast",
 * "hue", "saturation", "gamma" (-100..100) through the -vf chain's eq /
 * hue filter, added at the end of the chain when it has none. get: 0
 * with *value, AVERROR(EINVAL) for another name, AVERROR(ENOENT) without
 * video. set clamps to -100..100. show: the OSD bar or message. */
int play_vf_get_eq(const struct play_state *ps, const char *name, int *value);
int play_vf_set_eq(struct play_state *ps, const char *name, int value);
void play_vf_show_eq(struct play_state *ps, const char *name);

/* ps->vol_buf grown to at least bytes (kept for the file); NULL when out
 * of memory. */
uint8_t *play_vol_buf(struct play_state *ps, size_t bytes);
/* player/volume.c: samples scaled by the volume, in ps->vol_buf (or data
 * itself at unity gain); NULL when out of memory. */
const void *play_volume_apply(struct play_state *ps, const void *data, int samples);

/* player/screenshot.c: keep a reference to the frame just shown (as
 * decoded, before subtitles); the screenshot command (0: the frame kept
 * to the next free shotNNNN.png, 1: every frame on/off); release what is
 * kept (the loop calls it when the file ends). */
void play_screenshot_keep(struct play_state *ps, const struct AVFrame *frame);
void play_screenshot_cmd(struct play_state *ps, int mode);
void play_screenshot_release(struct play_state *ps);

/* player/window.c: hand the window options to ps->vo (after opening it,
 * before each vo_config); -x/-y or else -aspect: the display size for
 * w x h frames (d_w/d_h left alone without them). */
void play_window_setup(struct play_state *ps);
void play_window_aspect(const struct play_state *ps, int w, int h, int *d_w, int *d_h);

/* player/dump.c: -dumpstream: copy ps->stream (opened by play_open,
 * closed by the caller) to -dumpfile. MP_STOP_EOF when all was copied;
 * MP_STOP_OUTPUT when the file could not be written. */
enum mp_stop_reason play_dump_stream(struct play_state *ps);
/* -dumpaudio/-dumpvideo: write the selected audio (or video) track's
 * packets to -dumpfile, as an elementary stream where libavformat has a
 * muxer for one, else the packets as they are (MPlayer's dump); -dumpsub:
 * the subtitle track's packets as they are. Up to -endpos. */
enum mp_stop_reason play_dump_track(struct play_state *ps, enum mp_dump_mode mode);

/* player/codecs.c: whether the -vc (video) or -ac list lets codec id be
 * decoded: 1 yes, 0 not decoded by choice (-vc null), -1 no (said why). */
int play_codec_allowed(struct play_state *ps, bool video, enum AVCodecID id);

/* player/edl.c, for files where ps->edl_active; times from the file's
 * start. Where a skip range holding t ends (after any ranges it runs
 * into), or NAN; *from (may be NULL): the earliest start of the ranges
 * holding t; *next_start (may be NULL): where the next skip range after t
 * starts (INFINITY: none). Whether t is in a mute range; *until: when that
 * changes (INFINITY: never). */
double play_edl_skip_to(const struct play_state *ps, double t, double *from,
                        double *next_start);
bool play_edl_muted(const struct play_state *ps, double t, double *until);

/* player/identify.c: -identify ID_ lines for the opened file. */
void play_identify(struct play_state *ps);

/* player/identify.c, shared with the slave answers: */
/* The codec tag MPlayer reported for sh (ID_VIDEO_FORMAT, video_format):
 * a FOURCC or a WAVE format id. */
uint32_t play_format_tag(const struct play_state *ps, const struct sh_stream *sh);
/* The tag as MPlayer printed it: "H264", "MP4A", "0x10000002", "85". */
void play_format_tag_str(uint32_t tag, bool audio, char *buf, size_t size);
/* MPlayer's codec name for a decoder: "ffh264". */
void play_codec_name(const struct mp_decoder *dec, char *buf, size_t size);
/* -identify's lines in MPlayer 1.5's order: the chapters and tracks once
 * the file is open; the video codec once its decoder is, then "Clip info:"
 * (the file's tags, printed with or without -identify) with its
 * ID_CLIP_INFO lines; play_identify the rest, before playback. */
void play_identify_opened(struct play_state *ps);
void play_identify_video(struct play_state *ps);
/* The file's tags as MPlayer named and ordered them ("Clip info:",
 * ID_CLIP_INFO, the metadata property): item is called for each. */
void play_clip_info(const struct play_state *ps,
                    void (*item)(void *ctx, const char *name, const char *value), void *ctx);
/* MPlayer 1.5's name for the demuxer of this file (ID_DEMUXER). */
const char *play_demuxer_name(const struct play_state *ps);
/* Display aspect from the sample aspect ratio; 0 when the file has none. */
double play_video_aspect(const struct sh_stream *sh);
/* The container's chapters: how many, and the start of chapter n (file
 * clock seconds, 0 <= n < count). */
int play_num_chapters(const struct play_state *ps);
double play_chapter_start(const struct play_state *ps, int n);
/* Where chapter n ends (INFINITY: with the file). */
double play_chapter_end(const struct play_state *ps, int n);

#endif
