/*
 * The option table: one table drives the command line, config files,
 * -list-options and the man-page check.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Syntax as MPlayer 1.x: "-name value", "-flag" / "-noflag", and
 * "--name=value" as front-ends written for mplayer2/mpv send it. Config
 * files hold "name=value" lines ("#" comments; a flag is "name=yes|no").
 * Option values live in struct MPOpts, owned by the player's context; the
 * table says where each one goes.
 */
#ifndef MP_OPTIONS_OPTIONS_H
#define MP_OPTIONS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Checks and edits of values whose syntax another module owns: options/
 * includes none of them, the player points MPOpts.checks at these
 * (player/core.c). A NULL member: -swsopts is taken as given, -vf-add,
 * -vf-pre, -vf-del and -vf-clr (and -af-...) fail, -vf and -af set the
 * list as given. */
struct mp_opt_checks {
    /* 0 when libswscale takes opts (key=value:...) */
    int (*swsopts)(const char *opts);
    /* op "add", "pre", "del" or "clr" on the filter list cur (NULL:
     * empty): 0 with *out malloc'ed, -1 when arg does not fit op */
    int (*filter_list_edit)(const char *cur, const char *op, const char *arg, char **out);
};

/* Everything the options set. Strings are malloc'ed and owned by the
 * struct; free with mp_opts_free(). */
struct MPOpts {
    /* not owned, NULL until set; see struct mp_opt_checks */
    const struct mp_opt_checks *checks;
    /* playback */
    double seek_start;          /* -ss seconds; < 0: none */
    double end_pos;             /* -endpos seconds after the start; < 0: none */
    int chapter_first;          /* -chapter N[-M]: first chapter (1-based); 0 = none */
    int chapter_last;           /* M: the last chapter played; 0 = to the end */
    char *edl;                  /* -edl file: skip and mute ranges (player/edl.c) */
    int64_t play_frames;        /* -frames; < 0: all */
    int loop;                   /* -loop: < 0 play once, 0 forever, n times */
    double speed;               /* -speed, 0.01 .. 100 */
    double audio_delay;         /* -delay seconds (MPlayer's sign: > 0 shows video later) */
    bool no_audio;              /* -nosound */
    bool no_video;              /* -novideo */
    int audio_id;               /* -aid; -1 = automatic */
    int video_id;               /* -vid; -1 = automatic */
    int sub_id;                 /* -sid; -1 = automatic */
    char *audio_lang;           /* -alang eng,ger: languages to prefer, in order */
    char *sub_lang;             /* -slang */
    bool benchmark;             /* -benchmark */
    bool shuffle;               /* -shuffle */
    int framedrop;              /* 0 off, 1 -framedrop, 2 -hardframedrop */
    bool identify;              /* -identify */
    char *vo;                   /* -vo driver list */
    char *ao;                   /* -ao driver list */
    char *user_agent;           /* -user-agent: HTTP's User-Agent header */
    char *referrer;             /* -referrer: HTTP's Referer header */
    char *http_header_fields;   /* -http-header-fields "Name: v,Name2: v2" */
    char *http_user;            /* -user: HTTP authentication, when asked */
    char *http_passwd;          /* -passwd */
    bool cookies;               /* -cookies: send cookies of -cookies-file */
    char *cookies_file;         /* -cookies-file; NULL: ~/.mozilla, ~/.netscape */
    bool ipv4_only_proxy;       /* -ipv4-only-proxy */
    int reuse_socket;           /* -reuse-socket 1, -noreuse-socket 0, -1 neither */
    char *demuxer;              /* -demuxer lavf format name */
    /* ---- demuxer options of issue 17 (libmpdemux/demux_lavf.c) ---- */
    int64_t lavfdopts_probesize;   /* -lavfdopts probesize= bytes; 0 = libavformat's */
    double lavfdopts_analyzeduration; /* analyzeduration= seconds; < 0 = libavformat's */
    char *lavfdopts_format;        /* format=: libavformat's name, forced */
    char *lavfdopts_cryptokey;     /* cryptokey= hex digits */
    char *lavfdopts_avopts;        /* o=key=value,...: AVOptions of the demuxer */
    int ts_prog;                   /* -tsprog: MPEG-TS program number; 0 = automatic */
    int64_t ts_probe;              /* -tsprobe: bytes to look for streams in; 0 = default */
    int64_t ps_probe;              /* -psprobe: the same for MPEG-PS */
    bool ts_keep_broken;           /* -tskeepbroken (default here); -no drops them */
    /* (the block ends after the A/V options below) */
    char *audiofile;               /* -audiofile: audio from this file instead */
    char *audio_demuxer;           /* -audio-demuxer: -demuxer for -audiofile */
    int audiofile_cache_kb;        /* -audiofile-cache kB; 0 = none */
    /* -rawvideo, for -demuxer rawvideo */
    int rawvideo_w, rawvideo_h;    /* picture size; 0 = not given */
    double rawvideo_fps;           /* frames per second; 0 = 25 */
    int rawvideo_pixfmt;           /* enum AVPixelFormat; -1 = yuv420p (I420) */
    bool rawvideo_swap_uv;         /* YV12 & co.: V plane before U */
    int rawvideo_size;             /* size=: bytes per frame; 0 = from the rest */
    /* decoding and A/V processing */
    bool flip;                     /* -flip: pictures upside down (-vf flip at the end) */
    int stereo;                    /* -stereo: 0 as is, 1 left, 2 right on both channels */
    char *audio_format;            /* -format: sample format the audio chain ends in */
    double a52drc;                 /* -a52drc 0..2: AC-3 range compression; < 0 = 1 */
    int field_dominance;           /* -field-dominance: -1 the decoder's, 0 top, 1 bottom */
    int sstep;                     /* -sstep: seconds skipped after each frame; 0 = off */
    int sws;                       /* -sws 0..10: the scaler; -1 = bicubic */
    char *swsopts;                 /* -swsopts: libswscale's options key=value:... */
    /* ---- end of the demuxer and A/V block ---- */
    int rawaudio_rate;          /* -rawaudio rate=; 0 = 44100 */
    int rawaudio_channels;      /* channels=; 0 = 2 */
    int rawaudio_samplesize;    /* samplesize= (bytes); 0 = 2 */
    int dump_mode;              /* -dumpstream/-dumpaudio/...: enum mp_dump_mode */
    char *dumpfile;             /* -dumpfile; NULL: ./stream.dump */
    int srate;                  /* -srate: output sample rate; 0 = the file's */
    double fps;                 /* -fps: video frame rate to time frames by; 0 = the file's */
    char *vc;                   /* -vc codec list (player/codecs.c) */
    char *ac;                   /* -ac codec list */
    int lavdopts_threads;       /* -lavdopts threads=n; 0 = automatic */
    /* messages */
    bool quiet;                 /* -quiet */
    bool really_quiet;          /* -really-quiet */
    /* stream */
    int64_t stream_buffer_size; /* -stream-buffer-size; 0 = default */
    int64_t readahead_distance; /* -readahead-distance; 0 = off */
    bool cache_drop_behind;     /* -cache-drop-behind */
    bool stream_stats;          /* -stream-stats */
    bool demuxer_thread;        /* -nodemuxer-thread: read packets when asked */
    bool mkv_plan;              /* -mkv-plan: Matroska read plans from its map */
    int demuxer_per_track;      /* -demuxer-per-track 1, -no 0, -1 = when far apart */
    /* input: keys and slave mode */
    bool slave;                 /* -slave: commands on stdin */
    bool idle;                  /* -idle: wait for commands when nothing plays */
    bool consolecontrols;       /* -noconsolecontrols: no keys from stdin */
    char *input;                /* -input conf=..:file=..:nodefault-bindings */
    /* cache (stream/cache_ring.c, stream/readahead.c) */
    int cache_kb;               /* -cache kB; 0 = none (-nocache); -1 = not given */
    int cache_min_percent;      /* -cache-min; default 20 */
    int cache_seek_min_percent; /* -cache-seek-min; default 50 */
    int cache_mode;             /* -cache-mode: enum stream_cache_mode, 0 = plan, 1 = ring */
    double cache_secs;          /* -cache-secs: how far ahead read plans reach */
    int64_t cache_plan_gap;     /* -cache-plan-gap: merge planned ranges this close */
    /* subtitles and OSD (sub/) */
    char *sub_files;            /* -sub a.srt,b.ass */
    char *vobsub;               /* -vobsub NAME: NAME.idx + NAME.sub */
    int vobsub_id;              /* -vobsubid; -1 = the first stream */
    bool no_sub;                /* -nosub: no subtitle track at all */
    bool autosub;               /* -noautosub: do not load same-named files */
    double sub_delay;           /* -subdelay seconds */
    int sub_pos;                /* -subpos 0..100 */
    double subfont_text_scale;  /* -subfont-text-scale */
    bool ass;                   /* -ass / -noass */
    char *subcp;                /* -subcp charset of external text subtitles */
    /* ---- more of MPlayer's subtitle options (sub/, player/subs.c) ---- */
    double sub_fps;             /* -subfps: rate of frame-based (MicroDVD) files; 0 = video's */
    char *sub_paths;            /* -sub-paths a,b: more folders -autosub looks in */
    bool forced_subs_only;      /* -forcedsubsonly: forced bitmap pictures only */
    bool overlapsub;            /* -nooverlapsub: a text event ends where the next begins */
    int sub_align;              /* -subalign 0 top, 1 centre, 2 bottom (default) */
    int sub_width;              /* -subwidth 10..100: percent of the width text may use */
    int sub_bg_color;           /* -sub-bg-color 0..255: grey of the box behind text */
    int sub_bg_alpha;           /* -sub-bg-alpha 0 (no box) .. 255 (most transparent) */
    double subfont_outline;     /* -subfont-outline 0..10 (default 2) */
    double subfont_blur;        /* -subfont-blur 0..8 (default 0, as MPlayer's libass) */
    char *subfont;              /* -subfont: font family, or a font file */
    char *font;                 /* -font: the same for subtitles and the OSD */
    bool fontconfig;            /* -nofontconfig: no system fonts, -font names a file */
    int ass_hinting;            /* -ass-hinting 0..7: libass hinting, +4 unscaled only */
    char *ass_force_style;      /* -ass-force-style [Style.]Param=Value,... */
    char *ass_color;            /* -ass-color RRGGBBAA of text subtitles; NULL: yellow */
    char *ass_border_color;     /* -ass-border-color RRGGBBAA; NULL: black */
    char *ass_styles;           /* -ass-styles: a file of styles for text subtitles */
    double ass_line_spacing;    /* -ass-line-spacing: pixels between lines */
    int subfont_autoscale;      /* -subfont-autoscale 0..3 (default 3) */
    int sub_dump;               /* -dumpsrtsub ...: enum mp_sub_dump_format, 0 = none */
    int osd_level;              /* -osdlevel 0..3 */
    int osd_fractions;          /* -osd-fractions 0..2 */
    /* software volume (player/volume.c) */
    int channels;               /* -channels 1..8: the downmix asked of the decoder */
    double volume;              /* -volume 0..100; < 0: leave the level at unity */
    bool softvol;               /* -softvol: accepted, the volume is always software */
    double softvol_max;         /* -softvol-max percent: the gain at volume 100 */
    /* subtitle fine tuning front-ends send (SMPlayer) */
    double subfont_osd_scale;   /* -subfont-osd-scale: OSD text size */
    double ass_font_scale;      /* -ass-font-scale: every subtitle font size */
    bool embeddedfonts;         /* -embeddedfonts: fonts attached to the file */
    /* accepted for MPlayer front-ends, no effect here (see the man page) */
    int sub_fuzziness;          /* -sub-fuzziness */
    bool dr;                    /* -dr / -nodr */
    bool double_buf;            /* -double */
    bool mouseinput;            /* -nomouseinput */
    bool keepaspect;            /* -nokeepaspect */
    double monitorpixelaspect;  /* -monitorpixelaspect */
    int progbar_align;          /* -progbar-align */
    bool flip_hebrew;           /* -noflip-hebrew */
    bool slices;                /* -noslices */
    bool lirc;                  /* -lirc: not built here; -nolirc is always in effect */
    bool fixed_vo;              /* -fixed-vo: the VO is kept across files, always here */
    bool ontop;                 /* -ontop: answered by the ontop property only */
    /* picture controls to start with (-brightness ...), -100..100, 0 = off */
    int brightness, contrast, gamma, hue, saturation;
    /* filter chains (libmpcodecs' lavfi mapping); edited by -vf-add & co. */
    char *vf;                   /* -vf name=a:b,name2 */
    char *af;                   /* -af */
    /* ---- window (player/window.c hands these to -vo sdl) ---- */
    bool fullscreen;            /* -fs: start fullscreen */
    char *title;                /* -title; NULL: "MPlayer" (or the file, see below) */
    bool use_filename_title;    /* -use-filename-title: title from the file's name */
    bool border;                /* -noborder clears it: a window without decorations */
    bool zoom;                  /* -zoom: accepted; the window always scales */
    double xy;                  /* -xy: window width, or a scale factor when <= 8; 0 = off */
    double aspect;              /* -aspect: display aspect to use; 0 = the file's */
    int size_x, size_y;         /* -x/-y: display width/height; 0 = from the video */
    int64_t wid;                /* -wid: X window to draw into; -1 = a window of our own */
    struct {                    /* -geometry, MPlayer's syntax, parsed */
        bool has_size;          /* WxH given */
        int w, h;
        bool has_x, has_y;      /* a position given for this axis */
        bool x_pct, y_pct;      /* x/y are percent of the room left on the screen */
        bool x_far, y_far;      /* x/y count from the right/bottom edge */
        int x, y;
    } geometry;
    /* ---- end of the window block ---- */
    /* ---- player, terminal and OSD (player/, common/mp_msg.c) ---- */
    bool term_osd;              /* -noterm-osd: no OSD messages on the terminal */
    char *term_osd_esc;         /* -term-osd-esc; NULL: up a line and clear it */
    char *playing_msg;          /* -playing-msg: printed per file, properties expanded */
    int osd_duration;           /* -osd-duration: OSD messages stay this many ms */
    bool msgcolor;              /* -msgcolor: messages colored by level */
    bool msgmodule;             /* -msgmodule: lines start with the module's name */
    bool list_properties;       /* -list-properties: print them, play nothing */
    int volstep;                /* -volstep: volume step in percent */
    char *heartbeat_cmd;        /* -heartbeat-cmd: run through the shell while playing */
    double heartbeat_interval;  /* -heartbeat-interval seconds between runs */
    char *edlout;               /* -edlout: the file edl_mark ('i') writes */
    bool edl_start_pts;         /* -noedl-start-pts: EDL times are the file's timestamps */
    int waveheader;             /* -waveheader 1, -nowaveheader 0, -1: -ao pcm decides */
    bool use_filedir_conf;      /* -use-filedir-conf: config files beside the file */
    bool vsync;                 /* -vsync: -vo sdl presents in step with the screen */
    char *display;              /* -display: the X display for the window */
    char *wm_name;              /* -name: the window's X11 class */
    double panscan;             /* -panscan 0..1 (the panscan property keeps it) */
    double panscan_range;       /* -panscanrange -19..99, default 1 */
    double border_pos_x;        /* -border-pos-x 0..1, default 0.5 */
    double border_pos_y;        /* -border-pos-y */
    double monitoraspect;       /* -monitoraspect: the screen's shape; 0 = not given */
    int doubleclick_time;       /* -doubleclick-time ms; 0: SDL decides */
    /* ---- end of the player/terminal block ---- */
    /* ---- issue 17, the last MPlayer options (branch h17-more) ---- */
    int ass_top_margin;         /* -ass-top-margin: band above the picture (-vf ass) */
    int ass_bottom_margin;      /* -ass-bottom-margin: band below it */
    bool ass_use_margins;       /* -ass-use-margins: subtitles may use the bands */
    double mf_fps;              /* -mf fps: mf:// picture rate (default 25) */
    char mf_type[16];           /* -mf type: picture format ("": probed) */
    int mf_w, mf_h;             /* -mf w, h: MPlayer's header size (0: the pictures') */
    double edl_backward_delay;  /* -edl-backward-delay seconds (default 2) */
    int64_t seek_byte;          /* -sb: byte position to start from (0: none) */
    int screen;                 /* -screen / -xineramascreen: SDL display; -1 none */
    bool extbased;              /* -noextbased: probe by content only */
    bool udp_master;            /* -udp-master: send each frame's position */
    bool udp_slave;             /* -udp-slave: follow a master's positions */
    char *udp_ip;               /* -udp-ip: where a master sends (NULL: 127.0.0.1) */
    int udp_port;               /* -udp-port (default 23867) */
    double udp_seek_threshold;  /* -udp-seek-threshold seconds (default 1) */
    bool ignore_start;          /* -ignore-start: AVI streams' dwStart undone */
    /* ---- end of the h17-more block ---- */
};

/* What -dumpstream, -dumpaudio, -dumpvideo and -dumpsub write to -dumpfile
 * instead of playing (the last of them given wins, as in MPlayer). */
enum mp_dump_mode {
    MP_DUMP_NONE = 0,
    MP_DUMP_STREAM,     /* the stream's raw bytes */
    MP_DUMP_AUDIO,      /* the audio track's packets */
    MP_DUMP_VIDEO,      /* the video track's packets */
    MP_DUMP_SUB,        /* the subtitle track's packets, as they are */
};

/* Set every field to its default. */
void mp_opts_init(struct MPOpts *o);
/* Free the strings; the struct itself is the caller's. */
void mp_opts_free(struct MPOpts *o);
/* dst = a copy of src with strings of its own. Returns 0, or -1 when out
 * of memory (dst then holds nothing to free). */
int mp_opts_copy(struct MPOpts *dst, const struct MPOpts *src);

/*
 * MPlayer's file-specific config files for the file or URL name: with
 * -use-filedir-conf, mplayer.conf in the file's folder, then name.conf
 * beside it; without, or when there is no name.conf there,
 * <basename>.conf in the user's config folder. Applied to o, with a
 * "Loading config 'path'" line each. Returns 1 when one was read, 0 when
 * none exists, -1 after a message when one has a bad line.
 */
int mp_load_file_configs(struct MPOpts *o, const char *name);

/* Files named on the command line and by -playlist, in order. */
struct mp_cmdline_file {
    char *name;
    bool is_playlist;   /* named by -playlist: read entries from it */
};

struct mp_cmdline_files {
    struct mp_cmdline_file *files;
    int num;
};

void mp_cmdline_files_free(struct mp_cmdline_files *f);

enum mp_opt_result {
    MP_OPT_OK = 0,
    MP_OPT_EXIT = 1,    /* an informational option ran (-list-options,
                           -vo help, ...): exit 0 without playing */
    MP_OPT_ERROR = -1,  /* a bad option or value; the message is printed */
};

/*
 * Parse the command line into o and files. Also reads the config files
 * unless -noconfig says not to: first the system one (MPLAYER_CONFDIR/config),
 * then the user's ($MPLAYER_HOME or ~/.mplayer/config), before the command
 * line so the command line wins. -include file reads a config file at that
 * point. Returns enum mp_opt_result.
 */
int mp_parse_command_line(struct MPOpts *o, struct mp_cmdline_files *files,
                          int argc, char **argv);

/* Read one config file. must_exist: a missing file is an error rather than
 * silently skipped. depth guards include loops. Returns enum mp_opt_result. */
int mp_parse_config_file(struct MPOpts *o, const char *path, bool must_exist);

/* Set one option by name ("ss", "vo", "nosound") to value (NULL for flags).
 * Returns enum mp_opt_result; prints a message naming the option on error. */
int mp_set_option(struct MPOpts *o, const char *name, const char *value);

/* Print every option with its type and range (-list-options). */
void mp_print_option_list(void);

/* Print the short usage (-h, -help, --help; the player also prints it when
 * run without files). */
void mp_print_usage(void);

/* The names of all options in the table, NULL-terminated (for the
 * man-page check and -list-options). Kept for the program's life, not to be freed. */
const char *const *mp_option_names(void);

/* Parse a size with an optional k/K/M/G suffix (powers of 1024) or a
 * "b" suffix. Returns 0 or -1. */
int mp_parse_size(const char *s, int64_t *out);

/* Parse a time: seconds ("12.5") or [[hh:]mm:]ss[.ms]. Returns 0 or -1. */
int mp_parse_time(const char *s, double *out);

#endif
