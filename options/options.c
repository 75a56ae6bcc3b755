/*
 * The option table and what sets one option from it: defaults, the row
 * dispatcher, the special rows' handlers, the command line, mp_set_option
 * and the list of names for the man-page check. Config files are read in
 * config_file.c, values parsed in parse_value.c (options_int.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Every option is one row of opt_table. Value parsers write an error text
 * into a buffer instead of printing it, so that the caller can print exactly
 * one message with the right prefix: "Option -ss: ..." on the command line,
 * "file:12: option 'ss': ..." in a config file.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "config.h"
#include "common/mp_msg.h"
#include <libavutil/pixdesc.h>
#include "options/options_int.h"
#include "sub/sub.h"
#include "osdep/osdep.h"
#include "stream/netopts.h"
#if HAVE_LIBPOSTPROC
#include <libpostproc/postprocess.h>
#endif

static int func_verbose(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
static int func_msglevel(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_noconfig(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_playlist(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_list_options(struct opt_ctx *c, const struct opt_def *d, const char *value,
                             char *err, size_t errsize);
static int func_help(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
static int func_version(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
static int func_lavdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_endpos(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);
static int func_srate(struct opt_ctx *c, const struct opt_def *d, const char *value,
                      char *err, size_t errsize);
static int func_chapter(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
static int func_rawaudio(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_lavfdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize);
static int func_rawvideo(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_noaspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize);
static int func_audio_format(struct opt_ctx *c, const struct opt_def *d, const char *value,
                             char *err, size_t errsize);
static int func_swsopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
static int func_cache_mode(struct opt_ctx *c, const struct opt_def *d, const char *value,
                           char *err, size_t errsize);
static int func_filters(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize);
static int func_utf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize);
static int func_noutf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);
static void apply_quiet(const struct MPOpts *o);
static void apply_identify(const struct MPOpts *o);
static void apply_lirc(const struct MPOpts *o);
static void apply_fixed_vo(const struct MPOpts *o);
static void apply_msg_style(const struct MPOpts *o);
static int func_msgcharset(struct opt_ctx *c, const struct opt_def *d, const char *value,
                           char *err, size_t errsize);
static int func_noloop(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);
/* -mf, -use-stdin */
static int func_mf(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                   size_t errsize);
static int func_use_stdin(struct opt_ctx *c, const struct opt_def *d, const char *value,
                          char *err, size_t errsize);
/* -vd help and -pphelp, MPlayer's help texts */
static int func_vd(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
                   size_t errsize);
static int func_pphelp(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize);

#define OPT_OFF(field) offsetof(struct MPOpts, field)

/* The C type each option type reads and writes (opt_field's casts), and
 * the one a field of struct MPOpts has: OFF_AS checks at compile time
 * that a row's field is what its type writes through (an int64_t field
 * declared OPT_INT would compile and write half of it). */
enum opt_ctype { OPT_CT_BOOL, OPT_CT_INT, OPT_CT_INT64, OPT_CT_DOUBLE, OPT_CT_STRING,
                 OPT_CT_NONE };
#define OPT_CTYPE_OF(t)                                                                   \
    ((t) == OPT_FLAG ? OPT_CT_BOOL                                                        \
     : (t) == OPT_INT || (t) == OPT_STORE ? OPT_CT_INT                                    \
     : (t) == OPT_INT64 || (t) == OPT_SIZE ? OPT_CT_INT64                                 \
     : (t) == OPT_DOUBLE || (t) == OPT_TIME ? OPT_CT_DOUBLE                               \
     : (t) == OPT_STRING ? OPT_CT_STRING : OPT_CT_NONE)
#define OPT_CTYPE_OF_FIELD(field)                                                         \
    _Generic(((struct MPOpts *)0)->field, bool: OPT_CT_BOOL, int: OPT_CT_INT,             \
             int64_t: OPT_CT_INT64, double: OPT_CT_DOUBLE, char *: OPT_CT_STRING,         \
             default: OPT_CT_NONE)
#define OFF_AS(t, field)                                                                  \
    (OPT_OFF(field) + 0 * sizeof(struct {                                                     \
        _Static_assert(OPT_CTYPE_OF(t) == OPT_CTYPE_OF_FIELD(field) &&                    \
                       OPT_CTYPE_OF(t) != OPT_CT_NONE,                                    \
                       "option row: the field's C type is not what the option type writes"); \
        int unused;                                                                       \
    }))
/* A row's type and field, checked against each other. */
#define OPT_AT(t, field) .type = t, .offset = OFF_AS(t, field)

/* Designated initializers keep each row short and -Wextra quiet. */
#define OPT(n, t, field, lo, hi, fl, h) \
    {.name = n, OPT_AT(t, field), .min = lo, .max = hi, .flags = fl, .help = h}
#define OPT_FN(n, fn, fl, h) {.name = n, .type = OPT_FUNC, .func = fn, .flags = fl, .help = h}
/* Accepted from front-ends, ignored with a warning; fl OPTF_ARG: takes a value. */
#define OPT_IGN(n, fl, why) \
    {.name = n, .type = OPT_COMPAT, .flags = fl, .help = "ignored: " why, .warn = why}
/* Refused by MPlayer 1.5 too ("has been removed, use ..."): the same
 * error here, so that a command line or config file written for an old
 * MPlayer fails the same way and says what to write instead. */
#define OPT_OBS(n, fl, instead) \
    {.name = n, .type = OPT_OBSOLETE, .flags = fl, .help = "obsolete: " instead, \
     .warn = instead}

const struct opt_def opt_table[] = {
    /* general */
    OPT_FN("v", func_verbose, 0, "more messages (repeat for more)"),
    OPT_FN("msglevel", func_msglevel, OPTF_ARG, "message level per module: all=4:demuxer=6"),
    {.name = "quiet", OPT_AT(OPT_FLAG, quiet), .help = "no status line",
     .apply = apply_quiet},
    {.name = "really-quiet", OPT_AT(OPT_FLAG, really_quiet),
     .help = "errors only", .apply = apply_quiet},
    OPT_FN("include", opt_func_include, OPTF_ARG, "read a config file here"),
    OPT_FN("noconfig", func_noconfig, OPTF_ARG | OPTF_NOCFG,
           "skip config files: all|gui|system|user"),
    OPT_FN("profile", opt_func_profile, OPTF_ARG,
           "apply config-file profiles a,b,... in order (help: list them)"),
    OPT_FN("playlist", func_playlist, OPTF_ARG | OPTF_NOCFG, "play the entries of a list file"),
    OPT_FN("list-options", func_list_options, OPTF_NOCFG, "print this table"),
    OPT_FN("h", func_help, OPTF_NOCFG, "short usage"),
    OPT_FN("help", func_help, OPTF_NOCFG, "short usage"),
    OPT_FN("version", func_version, OPTF_NOCFG, "print the version"),
    /* player */
    OPT("ss", OPT_TIME, seek_start, 0, 0, 0, "seek to this time first"),
    OPT_FN("endpos", func_endpos, OPTF_ARG, "stop after this much time"),
    OPT_FN("chapter", func_chapter, OPTF_ARG, "play chapters N[-M] (from 1)"),
    {.name = "edl", OPT_AT(OPT_STRING, edl),
     .help = "edit decision list: 'start end 0|1' lines (skip|mute)", .defstr = "none"},
    OPT("frames", OPT_INT64, play_frames, -1, 0, OPTF_MIN, "play this many video frames"),
    OPT("loop", OPT_INT, loop, -1, 0, OPTF_MIN, "play n times, 0 = forever"),
    OPT("speed", OPT_DOUBLE, speed, 0.01, 100, OPTF_RANGE, "playback speed factor"),
    OPT("delay", OPT_DOUBLE, audio_delay, -100, 100, OPTF_RANGE,
        "audio delay in seconds (> 0: video later, < 0: audio later)"),
    OPT("nosound", OPT_FLAG, no_audio, 0, 0, 0, "do not play audio"),
    OPT("novideo", OPT_FLAG, no_video, 0, 0, 0, "do not play video"),
    OPT("aid", OPT_INT, audio_id, -1, 8190, OPTF_RANGE, "audio stream id"),
    OPT("vid", OPT_INT, video_id, -1, 8190, OPTF_RANGE, "video stream id"),
    OPT("sid", OPT_INT, sub_id, -1, 8190, OPTF_RANGE, "subtitle stream id"),
    OPT("alang", OPT_STRING, audio_lang, 0, 0, 0, "preferred audio languages: eng,ger"),
    OPT("slang", OPT_STRING, sub_lang, 0, 0, 0, "preferred subtitle languages: eng,ger"),
    OPT("benchmark", OPT_FLAG, benchmark, 0, 0, 0, "play as fast as possible, time it"),
    OPT("shuffle", OPT_FLAG, shuffle, 0, 0, 0, "play files in random order"),
    {.name = "framedrop", OPT_AT(OPT_STORE, framedrop), .store = 1,
     .help = "drop late frames"},
    {.name = "hardframedrop", OPT_AT(OPT_STORE, framedrop), .store = 2,
     .help = "drop late frames harder"},
    {.name = "identify", OPT_AT(OPT_FLAG, identify),
     .help = "print ID_ lines for front-ends", .apply = apply_identify},
    OPT("vo", OPT_STRING, vo, 0, 0, 0, "video output driver list"),
    OPT("ao", OPT_STRING, ao, 0, 0, 0, "audio output driver list"),
    OPT_FN("srate", func_srate, OPTF_ARG,
           "output sample rate in Hz, 1000..384000 (0: the file's)"),
    OPT("fps", OPT_DOUBLE, fps, 0, 1000, OPTF_RANGE,
        "show video frames at this rate, not the file's (0: the file's)"),
    OPT_FN("lavdopts", func_lavdopts, OPTF_ARG, "decoder options: threads=<n>"),
    /* demuxer / stream */
    {.name = "dumpstream", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_STREAM, .help = "copy the raw stream to -dumpfile, play nothing"},
    {.name = "dumpaudio", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_AUDIO, .help = "write the audio track to -dumpfile, play nothing"},
    {.name = "dumpvideo", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_VIDEO, .help = "write the video track to -dumpfile, play nothing"},
    {.name = "dumpfile", OPT_AT(OPT_STRING, dumpfile),
     .help = "file the dump options write", .defstr = "stream.dump"},
    OPT("demuxer", OPT_STRING, demuxer, 0, 0, 0,
        "demuxer: MPlayer's name (mkv, avi, ...; +name forces) or libavformat's"),
    OPT_FN("rawaudio", func_rawaudio, OPTF_ARG,
           "-demuxer rawaudio's format: channels=2:rate=44100:samplesize=2"),
    /* ---- demuxer options (libmpdemux/demux_lavf.c) ---- */
    OPT_FN("lavfdopts", func_lavfdopts, OPTF_ARG,
           "libavformat: probesize=:analyzeduration=:format=:cryptokey=:o=k=v,k=v"),
    OPT("tsprog", OPT_INT, ts_prog, 1, 65534, OPTF_RANGE, "MPEG-TS program to play"),
    {.name = "tsprobe", OPT_AT(OPT_SIZE, ts_probe), .min = 32, .max = 2 * OPT_GIB,
     .flags = OPTF_RANGE, .help = "MPEG-TS: bytes read to find the streams",
     .defstr = "libavformat's"},
    {.name = "psprobe", OPT_AT(OPT_SIZE, ps_probe), .min = 32, .max = 2 * OPT_GIB,
     .flags = OPTF_RANGE, .help = "MPEG-PS: bytes read to find the streams",
     .defstr = "libavformat's"},
    OPT("tskeepbroken", OPT_FLAG, ts_keep_broken, 0, 0, 0,
        "keep MPEG-TS packets marked broken (-no: drop them)"),
    OPT("audiofile", OPT_STRING, audiofile, 0, 0, 0, "play the audio of this file instead"),
    OPT("audio-demuxer", OPT_STRING, audio_demuxer, 0, 0, 0, "-demuxer for -audiofile"),
    OPT("audiofile-cache", OPT_INT, audiofile_cache_kb, 0, 4 * 1024 * 1024, OPTF_RANGE,
        "cache size in kB for -audiofile (0 = none)"),
    OPT_FN("rawvideo", func_rawvideo, OPTF_ARG,
           "-demuxer rawvideo's format: w=:h=|cif|pal|...:fps=25:i420|yv12|format=..."),
    OPT_IGN("sub-demuxer", OPTF_ARG, "it names the demuxer of -subfile, which this player "
            "does not have (-sub files are read by libavformat's probe)"),
    OPT("flip", OPT_FLAG, flip, 0, 0, 0, "show the pictures upside down"),
    OPT_FN("noaspect", func_noaspect, 0, "no aspect correction: square pixels (-aspect undoes)"),
    OPT("stereo", OPT_INT, stereo, 0, 2, OPTF_RANGE,
        "stereo audio: 0 as is, 1 left channel, 2 right channel on both"),
    OPT_FN("format", func_audio_format, OPTF_ARG,
           "sample format of the audio output: u8, s16le, s32le, floatle, ..."),
    {.name = "a52drc", OPT_AT(OPT_DOUBLE, a52drc), .min = 0, .max = 2,
     .flags = OPTF_RANGE, .help = "AC-3 dynamic range compression, 0 none .. 1 full",
     .defstr = "1"},
    OPT("field-dominance", OPT_INT, field_dominance, -1, 1, OPTF_RANGE,
        "first field of interlaced video: -1 the decoder's, 0 top, 1 bottom"),
    OPT("sstep", OPT_INT, sstep, 0, 0, OPTF_MIN, "skip this many seconds after each frame"),
    {.name = "sws", OPT_AT(OPT_INT, sws), .min = 0, .max = 10,
     .flags = OPTF_RANGE, .defstr = "2",
     .help = "scaler: 0 fast bilinear, 1 bilinear, 2 bicubic, 4 nearest, 9 lanczos, ..."},
    OPT_FN("swsopts", func_swsopts, OPTF_ARG, "libswscale's options: key=value:..."),
    OPT_IGN("ausid", OPTF_ARG, "it picks substreams of MPlayer's own MPEG-TS demuxer; "
            "libavformat's gives each its own track (-aid)"),
    OPT_IGN("bps", 0, "AVI timestamps come from libavformat, never from the header's byte rate"),
    OPT_IGN("ni", 0, "libavformat finds non-interleaved AVI files itself and reads them "
            "by their index"),
    OPT_IGN("loadidx", OPTF_ARG, "MPlayer's own AVI index files; libavformat reads the "
            "file's index"),
    OPT_IGN("saveidx", OPTF_ARG, "MPlayer's own AVI index files; libavformat reads the "
            "file's index"),
    OPT_IGN("noautosync", 0, "A/V sync follows the audio clock"),
    OPT_IGN("af-adv", OPTF_ARG, "libavfilter negotiates the formats between audio filters"),
    OPT_IGN("ffactor", OPTF_ARG, "subtitles are drawn by libass, whose outlines follow the "
            "style, not a resampled font alphamap"),
    /* ---- end of the demuxer block ---- */
    /* 0 in the struct = the stream layer's default, 4096 bytes. */
    {.name = "stream-buffer-size", OPT_AT(OPT_SIZE, stream_buffer_size),
     .min = 1, .max = 16 * OPT_MIB, .flags = OPTF_RANGE, .help = "bytes per read()",
     .defstr = "4096"},
    OPT("user-agent", OPT_STRING, user_agent, 0, 0, 0, "User-Agent header of HTTP requests"),
    /* network (HTTP): stream_lavf.c applies them to every request */
    {.name = "referrer", OPT_AT(OPT_STRING, referrer),
     .help = "Referer header of HTTP requests", .check = netopts_check_value},
    {.name = "http-header-fields", OPT_AT(OPT_STRING, http_header_fields),
     .help = "extra HTTP request header fields: 'Name: value,Name2: value2'",
     .check = netopts_check_fields},
    OPT("user", OPT_STRING, http_user, 0, 0, 0, "user name for HTTP authentication"),
    OPT("passwd", OPT_STRING, http_passwd, 0, 0, 0, "password for HTTP authentication"),
    OPT("cookies", OPT_FLAG, cookies, 0, 0, 0, "send the cookies of the cookie file"),
    {.name = "cookies-file", OPT_AT(OPT_STRING, cookies_file),
     .help = "Netscape cookies.txt for -cookies", .defstr = "browser's"},
    OPT("ipv4-only-proxy", OPT_FLAG, ipv4_only_proxy, 0, 0, 0,
        "no $http_proxy for hosts without an IPv4 address"),
    {.name = "reuse-socket", OPT_AT(OPT_STORE, reuse_socket), .store = 1,
     .help = "udp://: let other processes bind the port too (-no: never)",
     .defstr = "multicast"},
    OPT_IGN("prefer-ipv6", 0, "libavformat's tcp tries the addresses in the resolver's order "
            "(/etc/gai.conf) and has no option to prefer a family"),
    OPT_IGN("bandwidth", OPTF_ARG, "it chose among the bitrates of MMS/ASF and Real RTSP "
            "streams; libavformat's mmsh/mmst offer no choice, rtsp:// is not played"),
    OPT_IGN("rtsp-stream-over-tcp", 0, "rtsp:// URLs are not played (no RTSP support)"),
    OPT_IGN("rtsp-stream-over-http", 0, "rtsp:// URLs are not played (no RTSP support)"),
    OPT_IGN("rtsp-port", OPTF_ARG, "rtsp:// URLs are not played (no RTSP support)"),
    OPT_IGN("rtsp-destination", OPTF_ARG, "rtsp:// URLs are not played (no RTSP support)"),
    OPT("readahead-distance", OPT_SIZE, readahead_distance, 0, 2 * OPT_GIB, OPTF_RANGE,
        "WILLNEED window ahead of each read cursor"),
    OPT("cache-drop-behind", OPT_FLAG, cache_drop_behind, 0, 0, 0, "DONTNEED what was read"),
    OPT("stream-stats", OPT_FLAG, stream_stats, 0, 0, 0, "print stream counters at exit"),
    OPT("demuxer-thread", OPT_FLAG, demuxer_thread, 0, 0, 0,
        "read packets ahead in a thread (-no: when the player asks)"),
    OPT("mkv-plan", OPT_FLAG, mkv_plan, 0, 0, 0,
        "read plans for Matroska from a map of its clusters"),
    /* -1 (neither given): decide per file; -no stores 0. */
    {.name = "demuxer-per-track", OPT_AT(OPT_STORE, demuxer_per_track),
     .store = 1, .help = "read far-apart Matroska tracks each from its own position"},
    OPT("slave", OPT_FLAG, slave, 0, 0, 0, "read commands from stdin (slave mode)"),
    OPT("idle", OPT_FLAG, idle, 0, 0, 0, "wait for commands when nothing is left to play"),
    OPT("consolecontrols", OPT_FLAG, consolecontrols, 0, 0, 0, "read keys from the terminal"),
    OPT("input", OPT_STRING, input, 0, 0, 0,
        "input settings: conf=<file>:file=<fifo>:nodefault-bindings:cmdlist"),
    /* cache */
    OPT("cache", OPT_INT, cache_kb, 0, 4 * 1024 * 1024, OPTF_RANGE,
        "cache size in kB (0 = no cache)"),
    {.name = "nocache", OPT_AT(OPT_STORE, cache_kb), .store = 0,
     .help = "no cache"},
    OPT("cache-min", OPT_INT, cache_min_percent, 0, 99, OPTF_RANGE,
        "percent of the cache filled before playing and after a seek"),
    OPT("cache-seek-min", OPT_INT, cache_seek_min_percent, 0, 99, OPTF_RANGE,
        "forward seeks within this percent of the cache read on"),
    OPT_FN("cache-mode", func_cache_mode, OPTF_ARG, "ring (MPlayer's) or plan (default)"),
    OPT("cache-secs", OPT_DOUBLE, cache_secs, 0.1, 3600, OPTF_RANGE,
        "seconds of playback a read plan reaches ahead"),
    {.name = "cache-plan-gap", OPT_AT(OPT_SIZE, cache_plan_gap),
     .min = 0, .max = 64 * OPT_MIB, .flags = OPTF_RANGE,
     .help = "planned ranges closer than this are fetched as one", .defstr = "4096"},
    OPT("sub", OPT_STRING, sub_files, 0, 0, 0, "external subtitle files, comma-separated"),
    OPT("nosub", OPT_FLAG, no_sub, 0, 0, 0, "show no subtitles"),
    OPT("autosub", OPT_FLAG, autosub, 0, 0, 0, "load same-named subtitle files"),
    OPT("subdelay", OPT_DOUBLE, sub_delay, -36000, 36000, OPTF_RANGE,
        "subtitle delay in seconds"),
    OPT("subpos", OPT_INT, sub_pos, 0, 100, OPTF_RANGE,
        "vertical subtitle position, 0 top .. 100 bottom"),
    OPT("subfont-text-scale", OPT_DOUBLE, subfont_text_scale, 0, 100, OPTF_RANGE,
        "subtitle text size, percent of the picture"),
    OPT("ass", OPT_FLAG, ass, 0, 0, 0, "keep the styling of ASS/SSA subtitles"),
    OPT("subcp", OPT_STRING, subcp, 0, 0, 0, "charset of external text subtitles"),
    /* ---- more of MPlayer's subtitle options (sub/, player/subs.c) ---- */
    OPT("subfps", OPT_DOUBLE, sub_fps, 0, 1000, OPTF_RANGE,
        "frame rate of MicroDVD subtitle files (0: the video's)"),
    OPT("sub-paths", OPT_STRING, sub_paths, 0, 0, 0, "more folders -autosub looks in: a,b"),
    OPT_FN("noutf8", func_noutf8, 0, "undo -utf8: guess the charset of subtitle files"),
    OPT_IGN("unicode", 0, "subtitle text is always Unicode (files are converted, see -subcp)"),
    OPT_IGN("forcedsubsonly", 0, "DVD and VobSub bitmap subtitles are not shown"),
    OPT_IGN("sub-no-text-pp", 0, "there is no text postprocessing to turn off"),
    OPT("overlapsub", OPT_FLAG, overlapsub, 0, 0, 0,
        "text events may overlap (-no: each ends where the next begins)"),
    OPT("subalign", OPT_INT, sub_align, 0, 2, OPTF_RANGE,
        "subtitle alignment: 0 top, 1 centre, 2 bottom"),
    OPT("subwidth", OPT_INT, sub_width, 10, 100, OPTF_RANGE,
        "percent of the picture's width text subtitles may use"),
    OPT("sub-bg-color", OPT_INT, sub_bg_color, 0, 255, OPTF_RANGE,
        "grey level of the box behind text subtitles"),
    OPT("sub-bg-alpha", OPT_INT, sub_bg_alpha, 0, 255, OPTF_RANGE,
        "box behind text subtitles: 0 none, 1 opaque .. 255 transparent"),
    OPT("subfont-outline", OPT_DOUBLE, subfont_outline, 0, 10, OPTF_RANGE,
        "outline thickness of text subtitles"),
    OPT("subfont-blur", OPT_DOUBLE, subfont_blur, 0, 8, OPTF_RANGE,
        "blur radius of text subtitles"),
    OPT("subfont", OPT_STRING, subfont, 0, 0, 0, "subtitle font: family, or a font file"),
    OPT("font", OPT_STRING, font, 0, 0, 0, "font of subtitles and OSD: family, or a font file"),
    OPT("fontconfig", OPT_FLAG, fontconfig, 0, 0, 0,
        "system fonts through fontconfig (-no: only the -font/-subfont file)"),
    OPT("ass-hinting", OPT_INT, ass_hinting, 0, 7, OPTF_RANGE,
        "font hinting: 0 none, 1 light, 2 normal, 3 native; +4: only at output size"),
    {.name = "dumpsrtsub", OPT_AT(OPT_STORE, sub_dump),
     .store = MP_SUB_DUMP_SRT, .help = "write the -sub file as dumpsub.srt"},
    {.name = "dumpmicrodvdsub", OPT_AT(OPT_STORE, sub_dump),
     .store = MP_SUB_DUMP_MICRODVD, .help = "write the -sub file as dumpsub.sub"},
    {.name = "dumpmpsub", OPT_AT(OPT_STORE, sub_dump),
     .store = MP_SUB_DUMP_MPSUB, .help = "write the -sub file as dump.mpsub"},
    {.name = "dumpjacosub", OPT_AT(OPT_STORE, sub_dump),
     .store = MP_SUB_DUMP_JACOSUB, .help = "write the -sub file as dumpsub.jss"},
    {.name = "dumpsami", OPT_AT(OPT_STORE, sub_dump),
     .store = MP_SUB_DUMP_SAMI, .help = "write the -sub file as dumpsub.smi"},
    OPT_IGN("dumpsub", 0, "DVD subtitle streams (what it dumps) are not read here"),
    OPT_IGN("fribidi-charset", OPTF_ARG, "libass lays out right-to-left text from UTF-8 itself"),
    OPT_IGN("flip-hebrew-commas", 0, "libass lays out right-to-left text itself"),
    OPT_IGN("subfont-encoding", OPTF_ARG, "libass finds glyphs by Unicode"),
    OPT("osdlevel", OPT_INT, osd_level, 0, 3, OPTF_RANGE,
        "OSD: 0 subtitles only, 1 bars, 2 time, 3 time and length"),
    OPT("osd-fractions", OPT_INT, osd_fractions, 0, 2, OPTF_RANGE,
        "OSD time: 0 whole seconds, 1 hundredths, 2 the frame within the second"),
    OPT("volume", OPT_DOUBLE, volume, -1, 100, OPTF_RANGE,
        "start volume 0..100 (-1: unity gain)"),
    OPT("softvol", OPT_FLAG, softvol, 0, 0, 0, "software volume (always on here)"),
    OPT("softvol-max", OPT_DOUBLE, softvol_max, 10, 10000, OPTF_RANGE,
        "gain in percent at volume 100"),
    OPT("subfont-osd-scale", OPT_DOUBLE, subfont_osd_scale, 0, 100, OPTF_RANGE,
        "OSD text size, percent of the picture"),
    OPT("ass-font-scale", OPT_DOUBLE, ass_font_scale, 0.01, 100, OPTF_RANGE,
        "scale every subtitle font"),
    OPT("embeddedfonts", OPT_FLAG, embeddedfonts, 0, 0, 0, "use fonts attached to the file"),
    OPT("sub-fuzziness", OPT_INT, sub_fuzziness, 0, 2, OPTF_RANGE,
        "accepted; subtitles autoload by exact name only"),
    OPT("dr", OPT_FLAG, dr, 0, 0, 0, "accepted; no effect"),
    OPT("double", OPT_FLAG, double_buf, 0, 0, 0, "accepted; no effect"),
    OPT("mouseinput", OPT_FLAG, mouseinput, 0, 0, 0, "mouse buttons in the window (-no: ignored)"),
    OPT("keepaspect", OPT_FLAG, keepaspect, 0, 0, 0,
        "keep the picture's aspect in the window (-no: stretch)"),
    OPT("monitorpixelaspect", OPT_DOUBLE, monitorpixelaspect, 0.1, 10, OPTF_RANGE,
        "one screen pixel's width over its height (-vo sdl)"),
    OPT("progbar-align", OPT_INT, progbar_align, 0, 100, OPTF_RANGE, "accepted; no effect"),
    OPT("ass-line-spacing", OPT_DOUBLE, ass_line_spacing, -1000, 1000, OPTF_RANGE,
        "accepted; no effect"),
    OPT("flip-hebrew", OPT_FLAG, flip_hebrew, 0, 0, 0, "accepted; no effect"),
    OPT("ass-styles", OPT_STRING, ass_styles, 0, 0, 0, "accepted; no effect"),
    OPT("slices", OPT_FLAG, slices, 0, 0, 0, "accepted; no effect"),
    {.name = "lirc", OPT_AT(OPT_FLAG, lirc),
     .help = "LIRC remote control: not built (-nolirc is always in effect)",
     .apply = apply_lirc},
    {.name = "fixed-vo", OPT_AT(OPT_FLAG, fixed_vo),
     .help = "one video output for all files (always so here)", .apply = apply_fixed_vo},
    {.name = "ontop", OPT_AT(OPT_FLAG, ontop),
     .help = "accepted; the window is not kept on top", .warn = "the window is not kept on top"},
    OPT("brightness", OPT_INT, brightness, -100, 100, OPTF_RANGE, "start brightness"),
    OPT("contrast", OPT_INT, contrast, -100, 100, OPTF_RANGE, "start contrast"),
    OPT("gamma", OPT_INT, gamma, -100, 100, OPTF_RANGE, "start gamma"),
    OPT("hue", OPT_INT, hue, -100, 100, OPTF_RANGE, "start hue"),
    OPT("saturation", OPT_INT, saturation, -100, 100, OPTF_RANGE, "start saturation"),
    OPT_IGN("stop-xscreensaver", 0, "the screensaver is SDL's business"),
    OPT_IGN("subfont-autoscale", OPTF_ARG, "subtitle text scales with the picture height"),
    OPT_IGN("channels", OPTF_ARG, "audio keeps the file's channel count"),
    OPT_IGN("mc", OPTF_ARG, "A/V sync follows the audio clock"),
    OPT_IGN("autosync", OPTF_ARG, "A/V sync follows the audio clock"),
    OPT_IGN("correct-pts", 0, "timestamps come from libavformat"),
    OPT_IGN("idx", 0, "libavformat reads or builds the index"),
    OPT_IGN("forceidx", 0, "libavformat reads or builds the index"),
    OPT_IGN("prefer-ipv4", 0, "libavformat's tcp tries the addresses in the resolver's order "
            "(/etc/gai.conf) and has no option to prefer a family"),
    OPT("vc", OPT_STRING, vc, 0, 0, 0, "video codecs to use: [-|+]name,...[,] (null: none)"),
    OPT("ac", OPT_STRING, ac, 0, 0, 0, "audio codecs to use: [-|+]name,...[,]"),
    OPT_IGN("vfm", OPTF_ARG, "libavcodec picks the video decoder"),
    OPT_IGN("afm", OPTF_ARG, "libavcodec picks the audio decoder"),
    OPT_IGN("ass-force-style", OPTF_ARG, "scripts keep their own styles"),
    OPT_IGN("ass-color", OPTF_ARG, "text subtitles use the default style"),
    OPT_IGN("ass-border-color", OPTF_ARG, "text subtitles use the default style"),
    OPT_IGN("mixer-channel", OPTF_ARG, "the volume is software volume"),
    OPT_IGN("hr-mp3-seek", 0, "seeking is libavformat's"),
    OPT_IGN("pp", OPTF_ARG, "postprocessing levels were for Win32 DLL codecs (-vf pp filters)"),
    OPT_IGN("priority", OPTF_ARG, "the process priority is left alone"),
    /* Devices, discs, GUIs and codec families this player does not have:
     * a config file or a front-end passing them keeps working. */
    OPT_IGN("tv", OPTF_ARG, "TV capture (tv://) is not built into this player"),
    OPT_IGN("tvscan", OPTF_ARG, "TV capture (tv://) is not built into this player"),
    OPT_IGN("radio", OPTF_ARG, "radio capture (radio://) is not built into this player"),
    OPT_IGN("dvbin", OPTF_ARG, "DVB input (dvb://) is not built into this player"),
    OPT_IGN("pvr", OPTF_ARG, "PVR capture (pvr://) is not built into this player"),
    OPT_IGN("cdda", OPTF_ARG, "audio CDs (cdda://) are not read by this player"),
    OPT_IGN("cdrom-device", OPTF_ARG, "audio CDs and VCDs are not read by this player"),
    OPT_IGN("vcd", OPTF_ARG, "VCDs (vcd://) are not read by this player"),
    OPT_IGN("cuefile", OPTF_ARG, "CUE images (cue://) are not read by this player"),
    OPT_IGN("dvd-device", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("dvd-speed", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("dvdangle", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("dvdkey", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("dvdauth", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("csslib", OPTF_ARG, "DVDs (dvd://, dvdnav://) are not read by this player"),
    OPT_IGN("bluray-device", OPTF_ARG, "Blu-ray discs (br://) are not read by this player"),
    OPT_IGN("bluray-angle", OPTF_ARG, "Blu-ray discs (br://) are not read by this player"),
    OPT_IGN("bluray-chapter", OPTF_ARG, "Blu-ray discs (br://) are not read by this player"),
    OPT_IGN("gui", 0, "there is no GUI (gmplayer) here"),
    OPT_IGN("menu", 0, "the OSD menu is not built into this player"),
    OPT_IGN("menu-cfg", OPTF_ARG, "the OSD menu is not built into this player"),
    OPT_IGN("menu-root", OPTF_ARG, "the OSD menu is not built into this player"),
    OPT_IGN("menu-startup", 0, "the OSD menu is not built into this player"),
    OPT_IGN("menu-keepdir", 0, "the OSD menu is not built into this player"),
    OPT_IGN("menu-chroot", OPTF_ARG, "the OSD menu is not built into this player"),
    OPT_IGN("menu-fribidi-charset", OPTF_ARG, "the OSD menu is not built into this player"),
    OPT_IGN("menu-flip-hebrew", 0, "the OSD menu is not built into this player"),
    OPT_IGN("menu-flip-hebrew-commas", 0, "the OSD menu is not built into this player"),
    OPT_IGN("joystick", 0, "joystick input is not built into this player"),
    OPT_IGN("lircc", 0, "LIRC remote control is not built into this player"),
    OPT_IGN("lircconf", OPTF_ARG, "LIRC remote control is not built into this player"),
    OPT_IGN("ar", 0, "Apple IR remotes are not supported by this player"),
    OPT_IGN("vivo", OPTF_ARG, "libavformat's Vivo reader takes no such settings"),
    OPT_IGN("xvidopts", OPTF_ARG, "MPEG-4 part 2 is decoded by libavcodec, not Xvid"),
    OPT_IGN("codecpath", OPTF_ARG, "binary codecs (Win32 DLLs) are not loaded by this player"),
    OPT_IGN("codecs-file", OPTF_ARG, "libavcodec picks the decoders; there is no codecs.conf"),
    OPT_FN("utf8", func_utf8, 0, "subtitle files are UTF-8 (-subcp UTF-8)"),
    OPT_FN("vf", func_filters, OPTF_ARG, "video filters: name=a:b,name2 ('-vf help')"),
    OPT_FN("vf-add", func_filters, OPTF_ARG, "append video filters"),
    OPT_FN("vf-pre", func_filters, OPTF_ARG, "prepend video filters"),
    OPT_FN("vf-del", func_filters, OPTF_ARG, "remove video filters by index: 0,2"),
    OPT_FN("vf-clr", func_filters, 0, "remove all video filters"),
    OPT_FN("af", func_filters, OPTF_ARG, "audio filters: name=a:b,name2 ('-af help')"),
    OPT_FN("af-add", func_filters, OPTF_ARG, "append audio filters"),
    OPT_FN("af-pre", func_filters, OPTF_ARG, "prepend audio filters"),
    OPT_FN("af-del", func_filters, OPTF_ARG, "remove audio filters by index: 0,2"),
    OPT_FN("af-clr", func_filters, 0, "remove all audio filters"),
    /* ---- window (player/window.c) ---- */
    OPT("fs", OPT_FLAG, fullscreen, 0, 0, 0, "start in fullscreen"),
    OPT("title", OPT_STRING, title, 0, 0, 0, "window title"),
    OPT("use-filename-title", OPT_FLAG, use_filename_title, 0, 0, 0,
        "window title from the file's name"),
    OPT("border", OPT_FLAG, border, 0, 0, 0, "window decorations (-noborder: none)"),
    OPT("zoom", OPT_FLAG, zoom, 0, 0, 0, "scale in software (accepted; always on)"),
    OPT("xy", OPT_DOUBLE, xy, 0, 65536, OPTF_RANGE,
        "window width, or a scale factor when <= 8 (0 = the video's size)"),
    OPT_FN("aspect", opt_func_aspect, OPTF_ARG, "display aspect: 1.78, 16:9 or 16/9"),
    OPT("x", OPT_INT, size_x, 0, 65536, OPTF_RANGE, "display width (0: the video's)"),
    OPT("y", OPT_INT, size_y, 0, 65536, OPTF_RANGE, "display height (0: the video's)"),
    OPT_FN("geometry", opt_func_geometry, OPTF_ARG, "window place and size: x:y or WxH+x+y"),
    OPT_FN("wid", opt_func_wid, OPTF_ARG, "X window id to draw into"),
    /* ---- end of the window block ---- */
    /* ---- player, terminal and OSD (player/, common/mp_msg.c) ---- */
    OPT("term-osd", OPT_FLAG, term_osd, 0, 0, 0,
        "OSD messages on the terminal when there is no video"),
    {.name = "term-osd-esc", OPT_AT(OPT_STRING, term_osd_esc),
     .help = "printed before each terminal OSD message", .defstr = "ESC[A\\r ESC[K"},
    OPT("playing-msg", OPT_STRING, playing_msg, 0, 0, 0,
        "printed when a file starts; ${NAME} is a property's value"),
    OPT("osd-duration", OPT_INT, osd_duration, 0, 0, OPTF_MIN,
        "how long OSD messages stay, in ms"),
    {.name = "msgcolor", OPT_AT(OPT_FLAG, msgcolor),
     .help = "messages in colors by level", .apply = apply_msg_style},
    {.name = "msgmodule", OPT_AT(OPT_FLAG, msgmodule),
     .help = "each message line starts with its module's name", .apply = apply_msg_style},
    OPT_FN("msgcharset", func_msgcharset, OPTF_ARG,
           "charset messages are printed in (noconv: as they are, UTF-8)"),
    OPT_FN("noloop", func_noloop, 0, "play once (-loop -1)"),
    OPT("list-properties", OPT_FLAG, list_properties, 0, 0, OPTF_NOCFG,
        "print the slave-mode properties, play nothing"),
    OPT_FN("show-profile", opt_func_show_profile, OPTF_ARG | OPTF_NOCFG,
           "print a config-file profile's options, play nothing"),
    OPT("volstep", OPT_INT, volstep, 0, 100, OPTF_RANGE,
        "volume step of the keys and the volume command, percent"),
    OPT("heartbeat-cmd", OPT_STRING, heartbeat_cmd, 0, 0, 0,
        "shell command run every -heartbeat-interval seconds while playing"),
    OPT("heartbeat-interval", OPT_DOUBLE, heartbeat_interval, 0, 0, OPTF_MIN,
        "seconds between -heartbeat-cmd runs"),
    {.name = "waveheader", OPT_AT(OPT_STORE, waveheader), .store = 1,
     .help = "-ao pcm writes a WAV header (-no: raw samples)"},
    OPT("use-filedir-conf", OPT_FLAG, use_filedir_conf, 0, 0, 0,
        "read mplayer.conf and <file>.conf beside the file played"),
    OPT("edl-start-pts", OPT_FLAG, edl_start_pts, 0, 0, 0,
        "-edl/-edlout times count from the file's start (-no: its timestamps)"),
    OPT("edlout", OPT_STRING, edlout, 0, 0, 0,
        "file the 'i' key (edl_mark) writes skip blocks to"),
    OPT("panscan", OPT_DOUBLE, panscan, 0, 1, OPTF_RANGE,
        "zoom the picture over the black bars, cropping it (-vo sdl)"),
    OPT("panscanrange", OPT_DOUBLE, panscan_range, -19, 99, OPTF_RANGE,
        "how far -panscan 1 zooms: times the bars' width; < 0: up to 1 - value times"),
    OPT("border-pos-x", OPT_DOUBLE, border_pos_x, 0, 1, OPTF_RANGE,
        "where a picture narrower than the window goes: 0 left .. 1 right"),
    OPT("border-pos-y", OPT_DOUBLE, border_pos_y, 0, 1, OPTF_RANGE,
        "where a picture shorter than the window goes: 0 top .. 1 bottom"),
    OPT_FN("monitoraspect", opt_func_monitoraspect, OPTF_ARG,
           "the screen's shape, 4:3 or 1.78, for screens of non-square pixels (0: none)"),
    OPT("doubleclick-time", OPT_INT, doubleclick_time, 0, 60000, OPTF_RANGE,
        "ms between two clicks that make a double-click (0: SDL's default)"),
    OPT("vsync", OPT_FLAG, vsync, 0, 0, 0, "present frames in step with the screen (-vo sdl)"),
    OPT("display", OPT_STRING, display, 0, 0, 0, "X display the window opens on"),
    OPT("name", OPT_STRING, wm_name, 0, 0, 0, "the window's class name (X11 WM_CLASS)"),
    /* MPlayer's hardware and driver specifics: config files carry them. */
    OPT_IGN("abs", OPTF_ARG, "the audio outputs size their own buffers"),
    OPT_IGN("softsleep", 0, "frames are timed by the monotonic clock with short sleeps"),
    OPT_IGN("rtc", 0, "frames are timed by the monotonic clock, not /dev/rtc"),
    OPT_IGN("rtc-device", OPTF_ARG, "frames are timed by the monotonic clock, not /dev/rtc"),
    OPT_IGN("mixer", OPTF_ARG, "the volume is software volume; no mixer device is opened"),
    OPT_IGN("vm", 0, "no output changes the screen's video mode"),
    OPT_IGN("bpp", OPTF_ARG, "no output changes the screen's video mode"),
    OPT_IGN("fsmode-dontuse", OPTF_ARG, "fullscreen is SDL's"),
    OPT_IGN("refreshrate", OPTF_ARG, "no output changes the screen's video mode"),
    OPT_IGN("monitor-hfreq", OPTF_ARG, "no output changes the screen's video mode"),
    OPT_IGN("monitor-vfreq", OPTF_ARG, "no output changes the screen's video mode"),
    OPT_IGN("monitor-dotclock", OPTF_ARG, "no output changes the screen's video mode"),
    OPT_IGN("colorkey", OPTF_ARG, "no overlay output uses a color key"),
    OPT_IGN("nocolorkey", 0, "no overlay output uses a color key"),
    OPT_IGN("fstype", OPTF_ARG, "fullscreen and stacking are SDL's and the window manager's"),
    OPT_IGN("adapter", OPTF_ARG, "Direct3D adapters are Windows' (SDL picks the display)"),
    OPT_IGN("fbmode", OPTF_ARG, "no framebuffer output is built"),
    OPT_IGN("fbmodeconfig", OPTF_ARG, "no framebuffer output is built"),
    OPT_IGN("grabpointer", 0, "no output changes the video mode, so none grabs the pointer"),
    OPT_IGN("fs-border-left", OPTF_ARG, "for Windows' directx output"),
    OPT_IGN("fs-border-right", OPTF_ARG, "for Windows' directx output"),
    OPT_IGN("fs-border-top", OPTF_ARG, "for Windows' directx output"),
    OPT_IGN("fs-border-bottom", OPTF_ARG, "for Windows' directx output"),
    OPT_IGN("screenw", OPTF_ARG, "SDL reads the screen's size"),
    OPT_IGN("screenh", OPTF_ARG, "SDL reads the screen's size"),
    OPT_IGN("monitor-orientation", OPTF_ARG, "no output turns the picture for the monitor"),
    OPT_IGN("rootwin", 0, "the picture is not drawn on the desktop (-wid takes a window)"),
    /* ---- end of the player/terminal block ---- */
    /* ---- MPlayer 1.5 options with little or nothing behind them here ---- */
    OPT("ass-top-margin", OPT_INT, ass_top_margin, 0, 2000, OPTF_RANGE,
        "-vf ass: a black band of this many pixels above the picture"),
    OPT("ass-bottom-margin", OPT_INT, ass_bottom_margin, 0, 2000, OPTF_RANGE,
        "-vf ass: a black band of this many pixels below the picture"),
    OPT("ass-use-margins", OPT_FLAG, ass_use_margins, 0, 0, 0,
        "subtitles may be placed in the bands of -ass-*-margin"),
    OPT("edl-backward-delay", OPT_DOUBLE, edl_backward_delay, 0, 0, OPTF_MIN,
        "a seek back into an EDL block lands this many seconds before it"),
    OPT("sb", OPT_INT64, seek_byte, 0, 0, OPTF_MIN,
        "start reading at this byte of the file (MPEG, TS, AVI...)"),
    OPT("screen", OPT_INT, screen, -2, 64, OPTF_RANGE,
        "the screen (SDL display 0, 1...) the window opens on; -1, -2: SDL's choice"),
    OPT("xineramascreen", OPT_INT, screen, -2, 64, OPTF_RANGE, "the same as -screen"),
    OPT("extbased", OPT_FLAG, extbased, 0, 0, 0,
        "the file name's extension helps find the format (-no: the content only)"),
    OPT_FN("use-stdin", func_use_stdin, 0, "renamed -noconsolecontrols (an error, as MPlayer)"),
    OPT_IGN("pausing", OPTF_ARG, "MPlayer 1.5 takes it, yet pauses and resumes on slave "
            "commands the same with any value (measured); the pausing prefixes work"),
    OPT_IGN("key-fifo-size", OPTF_ARG, "keys go into the player's command queue "
            "(100 commands)"),
    OPT_IGN("subfile", OPTF_ARG, "MPlayer's man page calls it useless; subtitle files "
            "are -sub's"),
    OPT("udp-master", OPT_FLAG, udp_master, 0, 0, 0,
        "send the position of each frame shown to -udp-ip:-udp-port"),
    OPT("udp-slave", OPT_FLAG, udp_slave, 0, 0, 0,
        "follow the positions a -udp-master sends to -udp-port"),
    OPT("udp-ip", OPT_STRING, udp_ip, 0, 0, 0,
        "IPv4 address the master sends to (default 127.0.0.1; may be a broadcast one)"),
    OPT("udp-port", OPT_INT, udp_port, 1, 65535, OPTF_RANGE,
        "UDP port of -udp-master and -udp-slave (default 23867)"),
    OPT("udp-seek-threshold", OPT_DOUBLE, udp_seek_threshold, 0.1, 100, OPTF_RANGE,
        "a slave further off the master than this many seconds seeks (default 1)"),
    OPT("ignore-start", OPT_FLAG, ignore_start, 0, 0, 0,
        "AVI: play the streams without the start delays their headers declare"),
    OPT_IGN("mouse-movements", 0, "MPlayer hands pointer motion to DVD menus only "
            "(dvdnav), which this player does not have"),
    OPT_IGN("autoq", OPTF_ARG, "-vf pp keeps the level it is given; nothing lowers it "
            "when the CPU is busy"),
    OPT_IGN("allow-dangerous-playlist-parsing", 0, "a file is read as a playlist only "
            "when -playlist names it, never because a server calls it one"),
    OPT_IGN("lavfstreamopts", OPTF_ARG, "it sets options of MPlayer's ffmpeg:// stream "
            "(libavformat's protocols), which this player does not have"),
    OPT_FN("mf", func_mf, OPTF_ARG, "mf:// pictures: fps=25:type=png|jpeg|...:w=..:h=.."),
    /* ---- MPlayer 1.5 options this player refuses, warns about or answers with help ---- */
    {.name = "sound", OPT_AT(OPT_FLAG, no_audio), .flags = OPTF_INVERT,
     .help = "play audio (undoes -nosound)"},
    OPT_FN("vd", func_vd, OPTF_ARG | OPTF_NOCFG,
           "MPlayer's: only 'help', a pun, no list (decoders are -vc's)"),
    OPT_FN("pphelp", func_pphelp, OPTF_NOCFG, "the -vf pp subfilters (libpostproc's help)"),
    /* MPlayer 1.5 refuses these itself (its "Print" rows): the same error. */
    OPT_OBS("vop", OPTF_NOCFG, "use -vf instead"),
    OPT_OBS("aop", OPTF_NOCFG, "use -af instead"),
    OPT_OBS("o", OPTF_NOCFG, "it was renamed -vo"),
    OPT_OBS("z", 0, "use -vo png:z=<0-9> instead"),
    OPT_OBS("jpeg", 0, "MPlayer's replacement is -vo jpeg:<suboptions>; this player writes "
            "pictures with -vo png"),
    OPT_OBS("aofile", 0, "use -ao pcm:file=<filename> instead"),
    OPT_OBS("dsp", OPTF_NOCFG, "MPlayer's replacement is -ao oss:<device>; here the sound "
            "device is -ao sdl:device=<name>"),
    OPT_OBS("master", 0, "use -af volume instead"),
    OPT_OBS("sdl", 0, "use -vo sdl:driver=<driver> instead"),
    OPT_OBS("sdla", 0, "use -ao sdl:driver=<driver> instead"),
    OPT_OBS("noxv", 0, "MPlayer's replacement is -vo sdl:nohwaccel; here it is -vo sdl:sw"),
    OPT_OBS("forcexv", 0, "MPlayer's replacement is -vo sdl:forcexv; here SDL picks an "
            "accelerated renderer itself (-vo sdl:renderer=<name> forces one)"),
    OPT_OBS("vaa_dr", 0, "use -dr instead"),
    OPT_OBS("vaa_nodr", 0, "use -nodr instead"),
    OPT_OBS("aa*", 0, "MPlayer's replacement is -vo aa:<suboptions>; this player has no "
            "aalib output"),
    OPT_OBS("alsa", 0, "remove it from your config file"),
    OPT_OBS("noalsa", 0, "remove it from your config file"),
    OPT_OBS("stop_xscreensaver", 0, "names with '_' were renamed: use -stop-xscreensaver"),
    OPT_OBS("icelayer", 0, "use -fstype layer:<number> instead"),
    OPT_OBS("fsmode", 0, "use -fstype instead"),
    OPT_OBS("dvd", 0, "MPlayer's replacement is dvd://<title>, which this player does not "
            "read"),
    OPT_OBS("tsfastparse", OPTF_NOCFG, "it is not valid any more, nothing replaces it"),
    /* MPlayer's devices, GUI and bitmap subtitles, not built here. */
    OPT_IGN("capture", 0, "capturing the stream to -dumpfile while playing (the capturing "
            "command) is not built into this player"),
    OPT_IGN("vobsub", OPTF_ARG, "VobSub (.idx/.sub) and other bitmap subtitles are not drawn "
            "by this player"),
    OPT_IGN("vobsubid", OPTF_ARG, "VobSub (.idx/.sub) and other bitmap subtitles are not "
            "drawn by this player"),
    OPT_IGN("ifo", OPTF_ARG, "it gives VobSub's palette; VobSub and other bitmap subtitles "
            "are not drawn by this player"),
    OPT_IGN("unrarexec", OPTF_ARG, "it unpacks VobSub files from RAR archives; VobSub "
            "subtitles are not drawn by this player"),
    OPT_IGN("spuaa", OPTF_ARG, "DVD and VobSub bitmap subtitles (SPU) are not drawn by this "
            "player"),
    OPT_IGN("spugauss", OPTF_ARG, "DVD and VobSub bitmap subtitles (SPU) are not drawn by "
            "this player"),
    OPT_IGN("spualign", OPTF_ARG, "DVD and VobSub bitmap subtitles (SPU) are not drawn by "
            "this player"),
    OPT_IGN("subcc", OPTF_ARG, "closed captions (EIA-608 in DVD and MPEG-2 user data) are "
            "not decoded by this player"),
    OPT_IGN("nosubcc", 0, "closed captions (EIA-608 in DVD and MPEG-2 user data) are not "
            "decoded by this player"),
    OPT_IGN("ssf", OPTF_ARG, "libswscale's source filters (blur, sharpen, chroma shift) "
            "cannot be given to the libavfilter scaling this player uses"),
    OPT_IGN("rtsp-stream-over-sctp", 0, "rtsp:// URLs are not played (no RTSP support)"),
    OPT_IGN("menu-noflip-hebrew", 0, "the OSD menu is not built into this player"),
    OPT_IGN("menu-noflip-hebrew-commas", 0, "the OSD menu is not built into this player"),
};

#define OPT_COUNT (sizeof(opt_table) / sizeof(opt_table[0]))
const size_t opt_table_len = OPT_COUNT;

void *opt_field(struct MPOpts *o, const struct opt_def *d)
{
    return (char *)o + d->offset;
}

const void *opt_cfield(const struct MPOpts *o, const struct opt_def *d)
{
    return (const char *)o + d->offset;
}

void opt_err(char *err, size_t errsize, const char *fmt, ...)
{
    va_list va;
    va_start(va, fmt);
    vsnprintf(err, errsize, fmt, va);
    va_end(va);
}

/* ---- defaults ---- */

void mp_opts_init(struct MPOpts *o)
{
    memset(o, 0, sizeof(*o));
    o->seek_start = -1;
    o->end_pos = -1;
    o->play_frames = -1;
    o->loop = -1;
    o->speed = 1.0;
    o->cache_kb = -1;  /* neither -cache nor -nocache: read plans for plain files */
    o->cache_min_percent = 20;
    o->cache_seek_min_percent = 50;
    o->cache_secs = 10;
    o->cache_plan_gap = 4096;
    o->demuxer_thread = true;
    o->demuxer_per_track = -1;
    o->reuse_socket = -1;
    o->lavfdopts_analyzeduration = -1;
    o->ts_keep_broken = true;
    o->rawvideo_pixfmt = -1;
    o->a52drc = -1;
    o->field_dominance = -1;
    o->sws = -1;
    o->autosub = true;
    o->sub_pos = 100;
    o->subfont_text_scale = 3.5;
    o->ass = true;
    o->overlapsub = true;
    o->sub_align = 2;
    o->sub_width = 100;
    o->subfont_outline = 2;
    o->fontconfig = true;
    o->ass_hinting = 7;  /* MPlayer's: native hinting, only where text is not scaled */
    o->osd_level = 1;
    o->volume = -1;
    o->softvol = true;
    o->softvol_max = 110;  /* MPlayer's: unity gain at volume 90.9 */
    o->subfont_osd_scale = 6;
    o->ass_font_scale = 1;
    o->embeddedfonts = true;
    o->dr = true;
    o->mouseinput = true;
    o->keepaspect = true;
    o->monitorpixelaspect = 1;
    o->flip_hebrew = true;
    o->slices = true;
    o->fixed_vo = true;
    o->consolecontrols = true;
    o->audio_id = -1;
    o->video_id = -1;
    o->sub_id = -1;
    o->border = true;
    o->wid = -1;
    o->term_osd = true;
    o->osd_duration = 1000;
    o->volstep = 3;
    o->heartbeat_interval = 30;
    o->waveheader = -1;
    o->edl_start_pts = true;
    o->doubleclick_time = 300;
    o->panscan_range = 1;
    o->border_pos_x = 0.5;
    o->border_pos_y = 0.5;
    /* defaults of the MPlayer 1.5 options added last */
    o->mf_fps = 25;
    o->edl_backward_delay = 2;
    o->screen = -1;
    o->extbased = true;
    o->udp_port = 23867;
    o->udp_seek_threshold = 1;
}

/* The strings that functions set, not table rows: freed and copied with
 * the rows' strings. */
static char **opt_fn_string(struct MPOpts *o, size_t i)
{
    char **fields[] = {
        &o->vf, &o->af, &o->lavfdopts_format, &o->lavfdopts_cryptokey,
        &o->lavfdopts_avopts, &o->audio_format, &o->swsopts,
    };
    return i < sizeof(fields) / sizeof(fields[0]) ? fields[i] : NULL;
}

void mp_opts_free(struct MPOpts *o)
{
    char **p;
    for (size_t i = 0; (p = opt_fn_string(o, i)); i++) {
        free(*p);
        *p = NULL;
    }
    for (size_t i = 0; i < OPT_COUNT; i++) {
        if (opt_table[i].type == OPT_STRING) {
            p = opt_field(o, &opt_table[i]);
            free(*p);
            *p = NULL;
        }
    }
}

int mp_opts_copy(struct MPOpts *dst, const struct MPOpts *src)
{
    memcpy(dst, src, sizeof(*dst));
    bool failed = false;
    size_t n_fn = 0;
    while (opt_fn_string(dst, n_fn))
        n_fn++;
    for (size_t i = 0; i < OPT_COUNT + n_fn; i++) {
        char **p;
        if (i < OPT_COUNT) {
            if (opt_table[i].type != OPT_STRING)
                continue;
            p = opt_field(dst, &opt_table[i]);
        } else {
            p = opt_fn_string(dst, i - OPT_COUNT);
        }
        /* Every string gets a copy or NULL, so that a failure leaves
         * nothing of src's to be freed twice. */
        char *copy = *p && !failed ? strdup(*p) : NULL;
        failed |= *p && !copy;
        *p = copy;
    }
    if (failed) {
        mp_opts_free(dst);
        return -1;
    }
    return 0;
}


void mp_cmdline_files_free(struct mp_cmdline_files *f)
{
    for (int i = 0; i < f->num; i++)
        free(f->files[i].name);
    free(f->files);
    f->files = NULL;
    f->num = 0;
}

/* ---- setting one option ---- */

static bool opt_takes_param(const struct opt_def *d)
{
    switch (d->type) {
    case OPT_FLAG:
    case OPT_STORE:
    case OPT_OBSOLETE:
        return false;
    case OPT_FUNC:
    case OPT_COMPAT:
        return d->flags & OPTF_ARG;
    default:
        return true;
    }
}

static const struct opt_def *opt_find_exact(const char *name, size_t len)
{
    for (size_t i = 0; i < OPT_COUNT; i++) {
        if (strlen(opt_table[i].name) == len && !strncasecmp(opt_table[i].name, name, len))
            return &opt_table[i];
    }
    return NULL;
}

/* Find name (len bytes); "nofoo" and "no-foo" negate flag-like options. */
const struct opt_def *opt_find(const char *name, size_t len, bool *negated)
{
    *negated = false;
    const struct opt_def *d = opt_find_exact(name, len);
    if (d)
        return d;
    if (len > 2 && !strncasecmp(name, "no", 2)) {
        size_t skip = (len > 3 && name[2] == '-') ? 3 : 2;
        d = opt_find_exact(name + skip, len - skip);
        if (d && (d->type == OPT_FLAG || d->type == OPT_STORE ||
                  (d->type == OPT_COMPAT && !(d->flags & OPTF_ARG)))) {
            *negated = true;
            return d;
        }
    }
    return NULL;
}

/*
 * Set d from value (NULL: none given). Returns an OPT_R_ code; on OPT_R_BADVAL err
 * says why.
 */
int opt_set(struct opt_ctx *c, const struct opt_def *d, bool negated, const char *value,
            char *err, size_t errsize)
{
    struct MPOpts *o = c->o;
    bool on = true;

    if (!opt_takes_param(d)) {
        if (value && opt_parse_bool(value, &on) < 0) {
            opt_err(err, errsize, "expected yes or no, not '%s'", value);
            return OPT_R_BADVAL;
        }
        if (negated)
            on = !on;
    } else if (!value) {
        return OPT_R_NEEDPARAM;
    }

    int r = OPT_R_OK;
    switch (d->type) {
    case OPT_FLAG:
        *(bool *)opt_field(o, d) = (d->flags & OPTF_INVERT) ? !on : on;
        break;
    case OPT_STORE:
        *(int *)opt_field(o, d) = on ? d->store : 0;
        break;
    case OPT_INT:
    case OPT_INT64: {
        int64_t v;
        if (opt_parse_int64(value, &v) < 0 ||
            (d->type == OPT_INT && (v < INT_MIN || v > INT_MAX))) {
            opt_err(err, errsize, "invalid integer: '%s'", value);
            return OPT_R_BADVAL;
        }
        r = opt_check_range(d, (double)v, value, err, errsize);
        if (r != OPT_R_OK)
            return r;
        if (d->type == OPT_INT)
            *(int *)opt_field(o, d) = (int)v;
        else
            *(int64_t *)opt_field(o, d) = v;
        break;
    }
    case OPT_SIZE: {
        int64_t v;
        if (mp_parse_size(value, &v) < 0) {
            opt_err(err, errsize, "invalid size: '%s' (bytes, or a number with k, M or G)",
                    value);
            return OPT_R_BADVAL;
        }
        r = opt_check_range(d, (double)v, value, err, errsize);
        if (r != OPT_R_OK)
            return r;
        *(int64_t *)opt_field(o, d) = v;
        break;
    }
    case OPT_DOUBLE: {
        double v;
        if (opt_parse_double(value, &v) < 0) {
            opt_err(err, errsize, "invalid number: '%s'", value);
            return OPT_R_BADVAL;
        }
        r = opt_check_range(d, v, value, err, errsize);
        if (r != OPT_R_OK)
            return r;
        *(double *)opt_field(o, d) = v;
        break;
    }
    case OPT_TIME: {
        double v;
        if (mp_parse_time(value, &v) < 0) {
            opt_err(err, errsize, "invalid time: '%s'", value);
            return OPT_R_BADVAL;
        }
        *(double *)opt_field(o, d) = v;
        break;
    }
    case OPT_STRING: {
        if (d->check && d->check(value, err, errsize) != 0)
            return OPT_R_BADVAL;
        char *copy = strdup(value);
        if (!copy) {
            opt_err(err, errsize, "out of memory");
            return OPT_R_BADVAL;
        }
        char **p = opt_field(o, d);
        free(*p);
        *p = copy;
        break;
    }
    case OPT_FUNC:
        if (!on)
            return OPT_R_OK;
        r = d->func(c, d, value, err, errsize);
        break;
    case OPT_COMPAT:
        break;
    case OPT_OBSOLETE:
        opt_err(err, errsize, "obsolete, MPlayer 1.5 refuses it too: %s", d->warn);
        return OPT_R_BADVAL;
    }
    if (r == OPT_R_OK && d->apply)
        d->apply(o);
    if (r == OPT_R_OK && d->warn)
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "Option -%s%s is accepted but has no effect here: %s.\n",
               negated ? "no" : "", d->name, d->warn);
    return r;
}

/* ---- the special options ---- */

static void apply_quiet(const struct MPOpts *o)
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

static void apply_identify(const struct MPOpts *o)
{
    /* As in MPlayer, -identify is -msglevel identify=4: ID_ lines show even
     * with -really-quiet, which is how front-ends run it. */
    if (o->identify)
        mp_msg_parse_levels("identify=4");
}

/* -nolirc and -fixed-vo ask for what this player always does: silent.
 * Only their opposites, which it cannot do, are warned about. */
static void apply_lirc(const struct MPOpts *o)
{
    if (o->lirc)
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "Option -lirc is accepted but has no effect here: "
               "LIRC remote controls are not supported.\n");
}

static void apply_fixed_vo(const struct MPOpts *o)
{
    if (!o->fixed_vo)
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "Option -nofixed-vo is accepted but has no effect "
               "here: the video output is kept across files.\n");
}

static void apply_msg_style(const struct MPOpts *o)
{
    mp_msg_set_style(o->msgcolor, o->msgmodule);
}

static int func_msgcharset(struct opt_ctx *c, const struct opt_def *d, const char *value,
                           char *err, size_t errsize)
{
    if (mp_msg_set_charset(value) < 0) {
        opt_err(err, errsize, "unknown charset '%s' (see iconv -l; noconv: none)", value);
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}

static int func_noloop(struct opt_ctx *c, const struct opt_def *d, const char *value,
                       char *err, size_t errsize)
{
    /* MPlayer 1.5 takes -noloop and forgets it (-loop 0 -noloop loops on);
     * its documentation says it disables looping, which is what it does here. */
    c->o->loop = -1;
    return OPT_R_OK;
}

static int func_verbose(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    mp_msg_add_verbose(1);
    return OPT_R_OK;
}

static int func_msglevel(struct opt_ctx *c, const struct opt_def *d, const char *value,
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


static int noconfig_mask(const char *value)
{
    if (!strcasecmp(value, "all"))
        return OPT_NOCONFIG_SYSTEM | OPT_NOCONFIG_USER;
    if (!strcasecmp(value, "system"))
        return OPT_NOCONFIG_SYSTEM;
    if (!strcasecmp(value, "user"))
        return OPT_NOCONFIG_USER;
    if (!strcasecmp(value, "gui"))
        return 0; /* there is no GUI; accepted for old scripts */
    return -1;
}

static int func_noconfig(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize)
{
    /* Acted on before the config files are read (see mp_parse_command_line);
     * here only the value is checked. */
    if (!c->cmdline)
        return OPT_R_NOTHERE;
    if (noconfig_mask(value) < 0) {
        opt_err(err, errsize, "invalid value '%s' (all, gui, system or user)", value);
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}

static int add_file(struct mp_cmdline_files *files, const char *name, bool is_playlist)
{
    struct mp_cmdline_file *n =
        realloc(files->files, sizeof(*files->files) * (size_t)(files->num + 1));
    if (!n)
        return -1;
    files->files = n;
    char *copy = strdup(name);
    if (!copy)
        return -1;
    files->files[files->num].name = copy;
    files->files[files->num].is_playlist = is_playlist;
    files->num++;
    return 0;
}

static int func_playlist(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize)
{
    if (!c->files)
        return OPT_R_NOTHERE;
    if (add_file(c->files, value, true) < 0) {
        opt_err(err, errsize, "out of memory");
        return OPT_R_BADVAL;
    }
    return OPT_R_OK;
}

static int func_list_options(struct opt_ctx *c, const struct opt_def *d, const char *value,
                             char *err, size_t errsize)
{
    mp_print_option_list();
    return OPT_R_EXIT;
}

static int func_help(struct opt_ctx *c, const struct opt_def *d, const char *value,
                     char *err, size_t errsize)
{
    mp_print_usage();
    return OPT_R_EXIT;
}

static int func_version(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "MPlayer %s\n", MPLAYER_VERSION);
    return OPT_R_EXIT;
}

/* MPlayer's -utf8: subtitle files are UTF-8, whatever -subcp said before. */
static int func_utf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_noutf8(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_lavdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
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

static int func_endpos(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_chapter(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_rawaudio(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_lavfdopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_rawvideo(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_noaspect(struct opt_ctx *c, const struct opt_def *d, const char *value,
                         char *err, size_t errsize)
{
    c->o->aspect = -1;
    return OPT_R_OK;
}

/* -format: the audio filter chain ends in format=<value>. The names are
 * the format filter's (libmpcodecs/filter_map.c): MPlayer's that libavutil
 * has a sample format for, else libavutil's own. */
static int func_audio_format(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_swsopts(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_srate(struct opt_ctx *c, const struct opt_def *d, const char *value,
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

static int func_cache_mode(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_filters(struct opt_ctx *c, const struct opt_def *d, const char *value,
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

static const char *opt_names[OPT_COUNT + 1];
static pthread_once_t opt_names_once = PTHREAD_ONCE_INIT;

static void fill_names(void)
{
    for (size_t i = 0; i < OPT_COUNT; i++)
        opt_names[i] = opt_table[i].name;
    opt_names[OPT_COUNT] = NULL;
}

const char *const *mp_option_names(void)
{
    pthread_once(&opt_names_once, fill_names);
    return opt_names;
}


/* ---- command line ---- */

static void print_cmdline_error(int r, const struct opt_def *d, const char *err)
{
    switch (r) {
    case OPT_R_NEEDPARAM:
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "Option -%s needs a parameter\n", d->name);
        break;
    case OPT_R_NOTHERE:
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "Option -%s is only allowed on the command line\n",
               d->name);
        break;
    case OPT_R_BADVAL:
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "Option -%s: %s\n", d->name, err);
        break;
    default:
        break;
    }
}

int mp_set_option(struct MPOpts *o, const char *name, const char *value)
{
    struct opt_ctx c = {.o = o};
    bool negated;
    const struct opt_def *d = opt_find(name, strlen(name), &negated);
    if (!d) {
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "Unknown option: %s\n", name);
        return MP_OPT_ERROR;
    }
    char err[512] = "";
    int r = opt_set(&c, d, negated, value, err, sizeof(err));
    if (r == OPT_R_OK || r == OPT_R_EXIT)
        return r;
    print_cmdline_error(r, d, err);
    return MP_OPT_ERROR;
}

/* An argument that names an option: returns its name (after the dashes)
 * and length, and the "=value" part if any. */
static bool split_arg(const char *arg, const char **name, size_t *len, const char **value)
{
    if (arg[0] != '-' || !arg[1])
        return false; /* a file, or "-" for stdin */
    const char *n = arg + 1;
    if (*n == '-')
        n++;
    const char *eq = strchr(n, '=');
    *name = n;
    *len = eq ? (size_t)(eq - n) : strlen(n);
    *value = eq ? eq + 1 : NULL;
    return true;
}

/* -noconfig must act before any config file is read, wherever it stands. */
static int prescan_noconfig(int argc, char **argv, int *mask)
{
    *mask = 0;
    for (int i = 1; i < argc; i++) {
        const char *name, *value;
        size_t len;
        if (!strcmp(argv[i], "--"))
            break;
        if (!split_arg(argv[i], &name, &len, &value))
            continue;
        bool negated;
        const struct opt_def *d = opt_find(name, len, &negated);
        if (!d)
            continue;
        if (!value && opt_takes_param(d) && i + 1 < argc)
            value = argv[++i];
        if (d->func != func_noconfig || !value)
            continue;
        int m = noconfig_mask(value);
        if (m < 0) {
            mp_msg(MSGT_OPTIONS, MSGL_ERR,
                   "Option -noconfig: invalid value '%s' (all, gui, system or user)\n", value);
            return -1;
        }
        *mask |= m;
    }
    return 0;
}


static int parse_command_line(struct opt_ctx *cc, int argc, char **argv)
{
    struct opt_ctx c = *cc;
    struct mp_cmdline_files *files = c.files;
    int mask;
    if (prescan_noconfig(argc, argv, &mask) < 0)
        return MP_OPT_ERROR;
    if (opt_read_default_configs(&c, mask) < 0)
        return MP_OPT_ERROR;

    bool opts_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *name, *value;
        size_t len;
        if (!opts_done && !strcmp(arg, "--")) {
            opts_done = true;
            continue;
        }
        if (opts_done || !split_arg(arg, &name, &len, &value)) {
            if (add_file(files, arg, false) < 0) {
                mp_msg(MSGT_OPTIONS, MSGL_FATAL, "Out of memory\n");
                return MP_OPT_ERROR;
            }
            continue;
        }
        bool negated;
        const struct opt_def *d = opt_find(name, len, &negated);
        if (!d) {
            mp_msg(MSGT_OPTIONS, MSGL_ERR, "Unknown option on the command line: %.*s\n",
                   (int)(name + len - arg), arg);
            return MP_OPT_ERROR;
        }
        if (!value && opt_takes_param(d) && i + 1 < argc)
            value = argv[++i];
        char err[512] = "";
        int r = opt_set(&c, d, negated, value, err, sizeof(err));
        if (r == OPT_R_EXIT)
            return MP_OPT_EXIT;
        if (r != OPT_R_OK) {
            print_cmdline_error(r, d, err);
            return MP_OPT_ERROR;
        }
    }
    return MP_OPT_OK;
}

int mp_parse_command_line(struct MPOpts *o, struct mp_cmdline_files *files,
                          int argc, char **argv)
{
    /* Profiles live while the config files and the command line are read:
     * -profile and profile= only name the ones defined before them. */
    struct opt_profiles profiles = {0};
    struct opt_ctx c = {.o = o, .files = files, .cmdline = true, .profiles = &profiles};
    int r = parse_command_line(&c, argc, argv);
    opt_profiles_free(&profiles);
    return r;
}

/* ---- -mf, -use-stdin ---- */

/* -mf fps=25:type=png:w=..:h=..: how mf:// reads its pictures. w and h
 * are MPlayer's header values, which its decoders replace by the
 * pictures' own sizes (MPlayer 1.5 shows 64x48 pictures at 64x48 with
 * w=32:h=24): checked and kept, the pictures' sizes are used. */
static int func_mf(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
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
static int func_use_stdin(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
static int func_vd(struct opt_ctx *c, const struct opt_def *d, const char *value, char *err,
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

static int func_pphelp(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
