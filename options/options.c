/*
 * The option table and what sets one option from it: defaults, copying and
 * freeing, the lookup of a name and the row dispatcher. The rows' handlers
 * live in special.c, geometry.c, config_file.c, cmdline.c and help.c; the
 * value parsers in parse_value.c (all through options_int.h).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Every option is one row of opt_table. Value parsers write an error text
 * into a buffer instead of printing it, so that the caller can print exactly
 * one message with the right prefix: "Option -ss: ..." on the command line,
 * "file:12: option 'ss': ..." in a config file.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "options/options_int.h"
#include "sub/sub.h"
#include "stream/netopts.h"

const struct opt_def opt_table[] = {
    /* general */
    OPT_FN("v", opt_func_verbose, 0, "more messages (repeat for more)"),
    OPT_FN("msglevel", opt_func_msglevel, OPTF_ARG, "message level per module: all=4:demuxer=6"),
    {.name = "quiet", OPT_AT(OPT_FLAG, quiet), .help = "no status line",
     .apply = opt_apply_quiet},
    {.name = "really-quiet", OPT_AT(OPT_FLAG, really_quiet),
     .help = "errors only", .apply = opt_apply_quiet},
    OPT_FN("include", opt_func_include, OPTF_ARG, "read a config file here"),
    OPT_FN("noconfig", opt_func_noconfig, OPTF_ARG | OPTF_NOCFG,
           "skip config files: all|gui|system|user"),
    OPT_FN("profile", opt_func_profile, OPTF_ARG,
           "apply config-file profiles a,b,... in order (help: list them)"),
    OPT_FN("playlist", opt_func_playlist, OPTF_ARG | OPTF_NOCFG, "play the entries of a list file"),
    OPT_FN("list-options", opt_func_list_options, OPTF_NOCFG, "print this table"),
    OPT_FN("h", opt_func_help, OPTF_NOCFG, "short usage"),
    OPT_FN("help", opt_func_help, OPTF_NOCFG, "short usage"),
    OPT_FN("version", opt_func_version, OPTF_NOCFG, "print the version"),
    /* player */
    OPT_ROW("ss", OPT_TIME, seek_start, 0, 0, 0, "seek to this time first"),
    OPT_FN("endpos", opt_func_endpos, OPTF_ARG, "stop after this much time"),
    OPT_FN("chapter", opt_func_chapter, OPTF_ARG, "play chapters N[-M] (from 1)"),
    {.name = "edl", OPT_AT(OPT_STRING, edl),
     .help = "edit decision list: 'start end 0|1' lines (skip|mute)", .defstr = "none"},
    OPT_ROW("frames", OPT_INT64, play_frames, -1, 0, OPTF_MIN, "play this many video frames"),
    OPT_ROW("loop", OPT_INT, loop, -1, 0, OPTF_MIN, "play n times, 0 = forever"),
    OPT_ROW("speed", OPT_DOUBLE, speed, 0.01, 100, OPTF_RANGE, "playback speed factor"),
    OPT_ROW("delay", OPT_DOUBLE, audio_delay, -100, 100, OPTF_RANGE,
        "audio delay in seconds (> 0: video later, < 0: audio later)"),
    OPT_ROW("nosound", OPT_FLAG, no_audio, 0, 0, 0, "do not play audio"),
    OPT_ROW("novideo", OPT_FLAG, no_video, 0, 0, 0, "do not play video"),
    OPT_ROW("aid", OPT_INT, audio_id, -1, 8190, OPTF_RANGE, "audio stream id"),
    OPT_ROW("vid", OPT_INT, video_id, -1, 8190, OPTF_RANGE, "video stream id"),
    OPT_ROW("sid", OPT_INT, sub_id, -1, 8190, OPTF_RANGE, "subtitle stream id"),
    OPT_ROW("alang", OPT_STRING, audio_lang, 0, 0, 0, "preferred audio languages: eng,ger"),
    OPT_ROW("slang", OPT_STRING, sub_lang, 0, 0, 0, "preferred subtitle languages: eng,ger"),
    OPT_ROW("benchmark", OPT_FLAG, benchmark, 0, 0, 0, "play as fast as possible, time it"),
    OPT_ROW("shuffle", OPT_FLAG, shuffle, 0, 0, 0, "play files in random order"),
    {.name = "framedrop", OPT_AT(OPT_STORE, framedrop), .store = 1,
     .help = "drop late frames"},
    {.name = "hardframedrop", OPT_AT(OPT_STORE, framedrop), .store = 2,
     .help = "drop late frames harder"},
    {.name = "identify", OPT_AT(OPT_FLAG, identify),
     .help = "print ID_ lines for front-ends", .apply = opt_apply_identify},
    OPT_ROW("vo", OPT_STRING, vo, 0, 0, 0, "video output driver list"),
    OPT_ROW("ao", OPT_STRING, ao, 0, 0, 0, "audio output driver list"),
    OPT_FN("srate", opt_func_srate, OPTF_ARG,
           "output sample rate in Hz, 1000..384000 (0: the file's)"),
    OPT_ROW("fps", OPT_DOUBLE, fps, 0, 1000, OPTF_RANGE,
        "show video frames at this rate, not the file's (0: the file's)"),
    OPT_FN("lavdopts", opt_func_lavdopts, OPTF_ARG, "decoder options: threads=<n>"),
    /* demuxer / stream */
    {.name = "dumpstream", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_STREAM, .help = "copy the raw stream to -dumpfile, play nothing"},
    {.name = "dumpaudio", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_AUDIO, .help = "write the audio track to -dumpfile, play nothing"},
    {.name = "dumpvideo", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_VIDEO, .help = "write the video track to -dumpfile, play nothing"},
    {.name = "dumpsub", OPT_AT(OPT_STORE, dump_mode),
     .store = MP_DUMP_SUB, .help = "write the subtitle track to -dumpfile, play nothing"},
    {.name = "dumpfile", OPT_AT(OPT_STRING, dumpfile),
     .help = "file the dump options write", .defstr = "stream.dump"},
    OPT_ROW("demuxer", OPT_STRING, demuxer, 0, 0, 0,
        "demuxer: MPlayer's name (mkv, avi, ...; +name forces) or libavformat's"),
    OPT_FN("rawaudio", opt_func_rawaudio, OPTF_ARG,
           "-demuxer rawaudio's format: channels=2:rate=44100:samplesize=2"),
    /* ---- demuxer options (libmpdemux/demux_lavf.c) ---- */
    OPT_FN("lavfdopts", opt_func_lavfdopts, OPTF_ARG,
           "libavformat: probesize=:analyzeduration=:format=:cryptokey=:o=k=v,k=v"),
    OPT_ROW("tsprog", OPT_INT, ts_prog, 1, 65534, OPTF_RANGE, "MPEG-TS program to play"),
    {.name = "tsprobe", OPT_AT(OPT_SIZE, ts_probe), .min = 32, .max = 2 * OPT_GIB,
     .flags = OPTF_RANGE, .help = "MPEG-TS: bytes read to find the streams",
     .defstr = "libavformat's"},
    {.name = "psprobe", OPT_AT(OPT_SIZE, ps_probe), .min = 32, .max = 2 * OPT_GIB,
     .flags = OPTF_RANGE, .help = "MPEG-PS: bytes read to find the streams",
     .defstr = "libavformat's"},
    OPT_ROW("tskeepbroken", OPT_FLAG, ts_keep_broken, 0, 0, 0,
        "keep MPEG-TS packets marked broken (-no: drop them)"),
    OPT_ROW("audiofile", OPT_STRING, audiofile, 0, 0, 0, "play the audio of this file instead"),
    OPT_ROW("audio-demuxer", OPT_STRING, audio_demuxer, 0, 0, 0, "-demuxer for -audiofile"),
    OPT_ROW("audiofile-cache", OPT_INT, audiofile_cache_kb, 0, 4 * 1024 * 1024, OPTF_RANGE,
        "cache size in kB for -audiofile (0 = none)"),
    OPT_FN("rawvideo", opt_func_rawvideo, OPTF_ARG,
           "-demuxer rawvideo's format: w=:h=|cif|pal|...:fps=25:i420|yv12|format=..."),
    OPT_IGN("sub-demuxer", OPTF_ARG, "it names the demuxer of -subfile, which this player "
            "does not have (-sub files are read by libavformat's probe)"),
    OPT_ROW("flip", OPT_FLAG, flip, 0, 0, 0, "show the pictures upside down"),
    OPT_FN("noaspect", opt_func_noaspect, 0,
           "no aspect correction: square pixels (-aspect undoes)"),
    OPT_ROW("stereo", OPT_INT, stereo, 0, 2, OPTF_RANGE,
        "stereo audio: 0 as is, 1 left channel, 2 right channel on both"),
    OPT_FN("format", opt_func_audio_format, OPTF_ARG,
           "sample format of the audio output: u8, s16le, s32le, floatle, ..."),
    {.name = "a52drc", OPT_AT(OPT_DOUBLE, a52drc), .min = 0, .max = 2,
     .flags = OPTF_RANGE, .help = "AC-3 dynamic range compression, 0 none .. 1 full",
     .defstr = "1"},
    OPT_ROW("field-dominance", OPT_INT, field_dominance, -1, 1, OPTF_RANGE,
        "first field of interlaced video: -1 the decoder's, 0 top, 1 bottom"),
    OPT_ROW("sstep", OPT_INT, sstep, 0, 0, OPTF_MIN, "skip this many seconds after each frame"),
    {.name = "sws", OPT_AT(OPT_INT, sws), .min = 0, .max = 10,
     .flags = OPTF_RANGE, .defstr = "2",
     .help = "scaler: 0 fast bilinear, 1 bilinear, 2 bicubic, 4 nearest, 9 lanczos, ..."},
    OPT_FN("swsopts", opt_func_swsopts, OPTF_ARG, "libswscale's options: key=value:..."),
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
    OPT_ROW("user-agent", OPT_STRING, user_agent, 0, 0, 0, "User-Agent header of HTTP requests"),
    /* network (HTTP): stream_lavf.c applies them to every request */
    {.name = "referrer", OPT_AT(OPT_STRING, referrer),
     .help = "Referer header of HTTP requests", .check = netopts_check_value},
    {.name = "http-header-fields", OPT_AT(OPT_STRING, http_header_fields),
     .help = "extra HTTP request header fields: 'Name: value,Name2: value2'",
     .check = netopts_check_fields},
    OPT_ROW("user", OPT_STRING, http_user, 0, 0, 0, "user name for HTTP authentication"),
    OPT_ROW("passwd", OPT_STRING, http_passwd, 0, 0, 0, "password for HTTP authentication"),
    OPT_ROW("cookies", OPT_FLAG, cookies, 0, 0, 0, "send the cookies of the cookie file"),
    {.name = "cookies-file", OPT_AT(OPT_STRING, cookies_file),
     .help = "Netscape cookies.txt for -cookies", .defstr = "browser's"},
    OPT_ROW("ipv4-only-proxy", OPT_FLAG, ipv4_only_proxy, 0, 0, 0,
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
    OPT_ROW("readahead-distance", OPT_SIZE, readahead_distance, 0, 2 * OPT_GIB, OPTF_RANGE,
        "WILLNEED window ahead of each read cursor"),
    OPT_ROW("cache-drop-behind", OPT_FLAG, cache_drop_behind, 0, 0, 0, "DONTNEED what was read"),
    OPT_ROW("stream-stats", OPT_FLAG, stream_stats, 0, 0, 0, "print stream counters at exit"),
    OPT_ROW("demuxer-thread", OPT_FLAG, demuxer_thread, 0, 0, 0,
        "read packets ahead in a thread (-no: when the player asks)"),
    OPT_ROW("mkv-plan", OPT_FLAG, mkv_plan, 0, 0, 0,
        "read plans for Matroska from a map of its clusters"),
    /* -1 (neither given): decide per file; -no stores 0. */
    {.name = "demuxer-per-track", OPT_AT(OPT_STORE, demuxer_per_track),
     .store = 1, .help = "read far-apart Matroska tracks each from its own position"},
    OPT_ROW("slave", OPT_FLAG, slave, 0, 0, 0, "read commands from stdin (slave mode)"),
    OPT_ROW("idle", OPT_FLAG, idle, 0, 0, 0, "wait for commands when nothing is left to play"),
    OPT_ROW("consolecontrols", OPT_FLAG, consolecontrols, 0, 0, 0, "read keys from the terminal"),
    OPT_ROW("input", OPT_STRING, input, 0, 0, 0,
        "input settings: conf=<file>:file=<fifo>:nodefault-bindings:cmdlist"),
    /* cache */
    OPT_ROW("cache", OPT_INT, cache_kb, 0, 4 * 1024 * 1024, OPTF_RANGE,
        "cache size in kB (0 = no cache)"),
    {.name = "nocache", OPT_AT(OPT_STORE, cache_kb), .store = 0,
     .help = "no cache"},
    OPT_ROW("cache-min", OPT_INT, cache_min_percent, 0, 99, OPTF_RANGE,
        "percent of the cache filled before playing and after a seek"),
    OPT_ROW("cache-seek-min", OPT_INT, cache_seek_min_percent, 0, 99, OPTF_RANGE,
        "forward seeks within this percent of the cache read on"),
    OPT_FN("cache-mode", opt_func_cache_mode, OPTF_ARG, "ring (MPlayer's) or plan (default)"),
    OPT_ROW("cache-secs", OPT_DOUBLE, cache_secs, 0.1, 3600, OPTF_RANGE,
        "seconds of playback a read plan reaches ahead"),
    {.name = "cache-plan-gap", OPT_AT(OPT_SIZE, cache_plan_gap),
     .min = 0, .max = 64 * OPT_MIB, .flags = OPTF_RANGE,
     .help = "planned ranges closer than this are fetched as one", .defstr = "4096"},
    OPT_ROW("sub", OPT_STRING, sub_files, 0, 0, 0, "external subtitle files, comma-separated"),
    OPT_ROW("nosub", OPT_FLAG, no_sub, 0, 0, 0, "show no subtitles"),
    OPT_ROW("autosub", OPT_FLAG, autosub, 0, 0, 0, "load same-named subtitle files"),
    OPT_ROW("subdelay", OPT_DOUBLE, sub_delay, -36000, 36000, OPTF_RANGE,
        "subtitle delay in seconds"),
    OPT_ROW("subpos", OPT_INT, sub_pos, 0, 100, OPTF_RANGE,
        "vertical subtitle position, 0 top .. 100 bottom"),
    OPT_ROW("subfont-text-scale", OPT_DOUBLE, subfont_text_scale, 0, 100, OPTF_RANGE,
        "subtitle text size, percent of the picture"),
    OPT_ROW("ass", OPT_FLAG, ass, 0, 0, 0, "keep the styling of ASS/SSA subtitles"),
    OPT_ROW("subcp", OPT_STRING, subcp, 0, 0, 0, "charset of external text subtitles"),
    /* ---- more of MPlayer's subtitle options (sub/, player/subs.c) ---- */
    OPT_ROW("subfps", OPT_DOUBLE, sub_fps, 0, 1000, OPTF_RANGE,
        "frame rate of MicroDVD subtitle files (0: the video's)"),
    OPT_ROW("sub-paths", OPT_STRING, sub_paths, 0, 0, 0, "more folders -autosub looks in: a,b"),
    OPT_FN("noutf8", opt_func_noutf8, 0, "undo -utf8: guess the charset of subtitle files"),
    OPT_IGN("unicode", 0, "subtitle text is always Unicode (files are converted, see -subcp)"),
    OPT_ROW("forcedsubsonly", OPT_FLAG, forced_subs_only, 0, 0, 0,
        "show only the bitmap subtitle pictures marked forced"),
    OPT_IGN("sub-no-text-pp", 0, "there is no text postprocessing to turn off"),
    OPT_ROW("overlapsub", OPT_FLAG, overlapsub, 0, 0, 0,
        "text events may overlap (-no: each ends where the next begins)"),
    OPT_ROW("subalign", OPT_INT, sub_align, 0, 2, OPTF_RANGE,
        "subtitle alignment: 0 top, 1 centre, 2 bottom"),
    OPT_ROW("subwidth", OPT_INT, sub_width, 10, 100, OPTF_RANGE,
        "percent of the picture's width text subtitles may use"),
    OPT_ROW("sub-bg-color", OPT_INT, sub_bg_color, 0, 255, OPTF_RANGE,
        "grey level of the box behind text subtitles"),
    OPT_ROW("sub-bg-alpha", OPT_INT, sub_bg_alpha, 0, 255, OPTF_RANGE,
        "box behind text subtitles: 0 none, 1 opaque .. 255 transparent"),
    OPT_ROW("subfont-outline", OPT_DOUBLE, subfont_outline, 0, 10, OPTF_RANGE,
        "outline thickness of text subtitles"),
    OPT_ROW("subfont-blur", OPT_DOUBLE, subfont_blur, 0, 8, OPTF_RANGE,
        "blur radius of text subtitles"),
    OPT_ROW("subfont", OPT_STRING, subfont, 0, 0, 0, "subtitle font: family, or a font file"),
    OPT_ROW("font", OPT_STRING, font, 0, 0, 0, "font of subtitles and OSD: family, or a font file"),
    OPT_ROW("fontconfig", OPT_FLAG, fontconfig, 0, 0, 0,
        "system fonts through fontconfig (-no: only the -font/-subfont file)"),
    OPT_ROW("ass-hinting", OPT_INT, ass_hinting, 0, 7, OPTF_RANGE,
        "font hinting: 0 none, 1 light, 2 normal, 3 native; +4: only at output size"),
    {.name = "ass-force-style", OPT_AT(OPT_STRING, ass_force_style),
     .help = "override style parameters: [Style.]Param=Value,...",
     .check = mp_sub_check_force_style},
    {.name = "ass-color", OPT_AT(OPT_STRING, ass_color),
     .help = "colour of text subtitles, RRGGBBAA", .check = mp_sub_check_color},
    {.name = "ass-border-color", OPT_AT(OPT_STRING, ass_border_color),
     .help = "outline colour of text subtitles, RRGGBBAA", .check = mp_sub_check_color},
    OPT_ROW("ass-styles", OPT_STRING, ass_styles, 0, 0, 0,
        "ASS file whose styles text subtitles use"),
    OPT_ROW("ass-line-spacing", OPT_DOUBLE, ass_line_spacing, -1000, 1000, OPTF_RANGE,
        "extra space between subtitle lines, pixels"),
    OPT_ROW("subfont-autoscale", OPT_INT, subfont_autoscale, 0, 3, OPTF_RANGE,
        "text size from: 0/1 movie height, 2 width, 3 diagonal"),
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
    OPT_IGN("fribidi-charset", OPTF_ARG, "libass lays out right-to-left text from UTF-8 itself"),
    OPT_IGN("flip-hebrew-commas", 0, "libass lays out right-to-left text itself"),
    OPT_IGN("subfont-encoding", OPTF_ARG, "libass finds glyphs by Unicode"),
    OPT_ROW("osdlevel", OPT_INT, osd_level, 0, 3, OPTF_RANGE,
        "OSD: 0 subtitles only, 1 bars, 2 time, 3 time and length"),
    OPT_ROW("osd-fractions", OPT_INT, osd_fractions, 0, 2, OPTF_RANGE,
        "OSD time: 0 whole seconds, 1 hundredths, 2 the frame within the second"),
    OPT_ROW("volume", OPT_DOUBLE, volume, -1, 100, OPTF_RANGE,
        "start volume 0..100 (-1: unity gain)"),
    OPT_ROW("softvol", OPT_FLAG, softvol, 0, 0, 0, "software volume (always on here)"),
    OPT_ROW("softvol-max", OPT_DOUBLE, softvol_max, 10, 10000, OPTF_RANGE,
        "gain in percent at volume 100"),
    OPT_ROW("subfont-osd-scale", OPT_DOUBLE, subfont_osd_scale, 0, 100, OPTF_RANGE,
        "OSD text size, percent of the picture"),
    OPT_ROW("ass-font-scale", OPT_DOUBLE, ass_font_scale, 0.01, 100, OPTF_RANGE,
        "scale every subtitle font"),
    OPT_ROW("embeddedfonts", OPT_FLAG, embeddedfonts, 0, 0, 0, "use fonts attached to the file"),
    OPT_ROW("sub-fuzziness", OPT_INT, sub_fuzziness, 0, 2, OPTF_RANGE,
        "accepted; subtitles autoload by exact name only"),
    OPT_ROW("dr", OPT_FLAG, dr, 0, 0, 0, "accepted; no effect"),
    OPT_ROW("double", OPT_FLAG, double_buf, 0, 0, 0, "accepted; no effect"),
    OPT_ROW("mouseinput", OPT_FLAG, mouseinput, 0, 0, 0,
            "mouse buttons in the window (-no: ignored)"),
    OPT_ROW("keepaspect", OPT_FLAG, keepaspect, 0, 0, 0,
        "keep the picture's aspect in the window (-no: stretch)"),
    OPT_ROW("monitorpixelaspect", OPT_DOUBLE, monitorpixelaspect, 0.1, 10, OPTF_RANGE,
        "one screen pixel's width over its height (-vo sdl)"),
    OPT_ROW("progbar-align", OPT_INT, progbar_align, 0, 100, OPTF_RANGE, "accepted; no effect"),
    OPT_ROW("flip-hebrew", OPT_FLAG, flip_hebrew, 0, 0, 0, "accepted; no effect"),
    OPT_ROW("slices", OPT_FLAG, slices, 0, 0, 0, "accepted; no effect"),
    {.name = "lirc", OPT_AT(OPT_FLAG, lirc),
     .help = "LIRC remote control: not built (-nolirc is always in effect)",
     .apply = opt_apply_lirc},
    {.name = "fixed-vo", OPT_AT(OPT_FLAG, fixed_vo),
     .help = "one video output for all files (always so here)", .apply = opt_apply_fixed_vo},
    {.name = "ontop", OPT_AT(OPT_FLAG, ontop),
     .help = "accepted; the window is not kept on top", .warn = "the window is not kept on top"},
    OPT_ROW("brightness", OPT_INT, brightness, -100, 100, OPTF_RANGE, "start brightness"),
    OPT_ROW("contrast", OPT_INT, contrast, -100, 100, OPTF_RANGE, "start contrast"),
    OPT_ROW("gamma", OPT_INT, gamma, -100, 100, OPTF_RANGE, "start gamma"),
    OPT_ROW("hue", OPT_INT, hue, -100, 100, OPTF_RANGE, "start hue"),
    OPT_ROW("saturation", OPT_INT, saturation, -100, 100, OPTF_RANGE, "start saturation"),
    OPT_IGN("stop-xscreensaver", 0, "the screensaver is SDL's business"),
    OPT_ROW("channels", OPT_INT, channels, 1, 8, OPTF_RANGE,
        "channels to ask the audio decoder for (its downmix, 1 or 2)"),
    OPT_IGN("mc", OPTF_ARG, "A/V sync follows the audio clock"),
    OPT_IGN("autosync", OPTF_ARG, "A/V sync follows the audio clock"),
    OPT_IGN("correct-pts", 0, "timestamps come from libavformat"),
    OPT_IGN("idx", 0, "libavformat reads or builds the index"),
    OPT_IGN("forceidx", 0, "libavformat reads or builds the index"),
    OPT_IGN("prefer-ipv4", 0, "libavformat's tcp tries the addresses in the resolver's order "
            "(/etc/gai.conf) and has no option to prefer a family"),
    OPT_ROW("vc", OPT_STRING, vc, 0, 0, 0, "video codecs to use: [-|+]name,...[,] (null: none)"),
    OPT_ROW("ac", OPT_STRING, ac, 0, 0, 0, "audio codecs to use: [-|+]name,...[,]"),
    OPT_IGN("vfm", OPTF_ARG, "libavcodec picks the video decoder"),
    OPT_IGN("afm", OPTF_ARG, "libavcodec picks the audio decoder"),
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
    OPT_FN("utf8", opt_func_utf8, 0, "subtitle files are UTF-8 (-subcp UTF-8)"),
    OPT_FN("vf", opt_func_filters, OPTF_ARG, "video filters: name=a:b,name2 ('-vf help')"),
    OPT_FN("vf-add", opt_func_filters, OPTF_ARG, "append video filters"),
    OPT_FN("vf-pre", opt_func_filters, OPTF_ARG, "prepend video filters"),
    OPT_FN("vf-del", opt_func_filters, OPTF_ARG, "remove video filters by index: 0,2"),
    OPT_FN("vf-clr", opt_func_filters, 0, "remove all video filters"),
    OPT_FN("af", opt_func_filters, OPTF_ARG, "audio filters: name=a:b,name2 ('-af help')"),
    OPT_FN("af-add", opt_func_filters, OPTF_ARG, "append audio filters"),
    OPT_FN("af-pre", opt_func_filters, OPTF_ARG, "prepend audio filters"),
    OPT_FN("af-del", opt_func_filters, OPTF_ARG, "remove audio filters by index: 0,2"),
    OPT_FN("af-clr", opt_func_filters, 0, "remove all audio filters"),
    /* ---- window (player/window.c) ---- */
    OPT_ROW("fs", OPT_FLAG, fullscreen, 0, 0, 0, "start in fullscreen"),
    OPT_ROW("title", OPT_STRING, title, 0, 0, 0, "window title"),
    OPT_ROW("use-filename-title", OPT_FLAG, use_filename_title, 0, 0, 0,
        "window title from the file's name"),
    OPT_ROW("border", OPT_FLAG, border, 0, 0, 0, "window decorations (-noborder: none)"),
    OPT_ROW("zoom", OPT_FLAG, zoom, 0, 0, 0, "scale in software (accepted; always on)"),
    OPT_ROW("xy", OPT_DOUBLE, xy, 0, 65536, OPTF_RANGE,
        "window width, or a scale factor when <= 8 (0 = the video's size)"),
    OPT_FN("aspect", opt_func_aspect, OPTF_ARG, "display aspect: 1.78, 16:9 or 16/9"),
    OPT_ROW("x", OPT_INT, size_x, 0, 65536, OPTF_RANGE, "display width (0: the video's)"),
    OPT_ROW("y", OPT_INT, size_y, 0, 65536, OPTF_RANGE, "display height (0: the video's)"),
    OPT_FN("geometry", opt_func_geometry, OPTF_ARG, "window place and size: x:y or WxH+x+y"),
    OPT_FN("wid", opt_func_wid, OPTF_ARG, "X window id to draw into"),
    /* ---- end of the window block ---- */
    /* ---- player, terminal and OSD (player/, common/mp_msg.c) ---- */
    OPT_ROW("term-osd", OPT_FLAG, term_osd, 0, 0, 0,
        "OSD messages on the terminal when there is no video"),
    {.name = "term-osd-esc", OPT_AT(OPT_STRING, term_osd_esc),
     .help = "printed before each terminal OSD message", .defstr = "ESC[A\\r ESC[K"},
    OPT_ROW("playing-msg", OPT_STRING, playing_msg, 0, 0, 0,
        "printed when a file starts; ${NAME} is a property's value"),
    OPT_ROW("osd-duration", OPT_INT, osd_duration, 0, 0, OPTF_MIN,
        "how long OSD messages stay, in ms"),
    {.name = "msgcolor", OPT_AT(OPT_FLAG, msgcolor),
     .help = "messages in colors by level", .apply = opt_apply_msg_style},
    {.name = "msgmodule", OPT_AT(OPT_FLAG, msgmodule),
     .help = "each message line starts with its module's name", .apply = opt_apply_msg_style},
    OPT_FN("msgcharset", opt_func_msgcharset, OPTF_ARG,
           "charset messages are printed in (noconv: as they are, UTF-8)"),
    OPT_FN("noloop", opt_func_noloop, 0, "play once (-loop -1)"),
    OPT_ROW("list-properties", OPT_FLAG, list_properties, 0, 0, OPTF_NOCFG,
        "print the slave-mode properties, play nothing"),
    OPT_FN("show-profile", opt_func_show_profile, OPTF_ARG | OPTF_NOCFG,
           "print a config-file profile's options, play nothing"),
    OPT_ROW("volstep", OPT_INT, volstep, 0, 100, OPTF_RANGE,
        "volume step of the keys and the volume command, percent"),
    OPT_ROW("heartbeat-cmd", OPT_STRING, heartbeat_cmd, 0, 0, 0,
        "shell command run every -heartbeat-interval seconds while playing"),
    OPT_ROW("heartbeat-interval", OPT_DOUBLE, heartbeat_interval, 0, 0, OPTF_MIN,
        "seconds between -heartbeat-cmd runs"),
    {.name = "waveheader", OPT_AT(OPT_STORE, waveheader), .store = 1,
     .help = "-ao pcm writes a WAV header (-no: raw samples)"},
    OPT_ROW("use-filedir-conf", OPT_FLAG, use_filedir_conf, 0, 0, 0,
        "read mplayer.conf and <file>.conf beside the file played"),
    OPT_ROW("edl-start-pts", OPT_FLAG, edl_start_pts, 0, 0, 0,
        "-edl/-edlout times count from the file's start (-no: its timestamps)"),
    OPT_ROW("edlout", OPT_STRING, edlout, 0, 0, 0,
        "file the 'i' key (edl_mark) writes skip blocks to"),
    OPT_ROW("panscan", OPT_DOUBLE, panscan, 0, 1, OPTF_RANGE,
        "zoom the picture over the black bars, cropping it (-vo sdl)"),
    OPT_ROW("panscanrange", OPT_DOUBLE, panscan_range, -19, 99, OPTF_RANGE,
        "how far -panscan 1 zooms: times the bars' width; < 0: up to 1 - value times"),
    OPT_ROW("border-pos-x", OPT_DOUBLE, border_pos_x, 0, 1, OPTF_RANGE,
        "where a picture narrower than the window goes: 0 left .. 1 right"),
    OPT_ROW("border-pos-y", OPT_DOUBLE, border_pos_y, 0, 1, OPTF_RANGE,
        "where a picture shorter than the window goes: 0 top .. 1 bottom"),
    OPT_FN("monitoraspect", opt_func_monitoraspect, OPTF_ARG,
           "the screen's shape, 4:3 or 1.78, for screens of non-square pixels (0: none)"),
    OPT_ROW("doubleclick-time", OPT_INT, doubleclick_time, 0, 60000, OPTF_RANGE,
        "ms between two clicks that make a double-click (0: SDL's default)"),
    OPT_ROW("vsync", OPT_FLAG, vsync, 0, 0, 0, "present frames in step with the screen (-vo sdl)"),
    OPT_ROW("display", OPT_STRING, display, 0, 0, 0, "X display the window opens on"),
    OPT_ROW("name", OPT_STRING, wm_name, 0, 0, 0, "the window's class name (X11 WM_CLASS)"),
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
    OPT_ROW("ass-top-margin", OPT_INT, ass_top_margin, 0, 2000, OPTF_RANGE,
        "-vf ass: a black band of this many pixels above the picture"),
    OPT_ROW("ass-bottom-margin", OPT_INT, ass_bottom_margin, 0, 2000, OPTF_RANGE,
        "-vf ass: a black band of this many pixels below the picture"),
    OPT_ROW("ass-use-margins", OPT_FLAG, ass_use_margins, 0, 0, 0,
        "subtitles may be placed in the bands of -ass-*-margin"),
    OPT_ROW("edl-backward-delay", OPT_DOUBLE, edl_backward_delay, 0, 0, OPTF_MIN,
        "a seek back into an EDL block lands this many seconds before it"),
    OPT_ROW("sb", OPT_INT64, seek_byte, 0, 0, OPTF_MIN,
        "start reading at this byte of the file (MPEG, TS, AVI...)"),
    OPT_ROW("screen", OPT_INT, screen, -2, 64, OPTF_RANGE,
        "the screen (SDL display 0, 1...) the window opens on; -1, -2: SDL's choice"),
    OPT_ROW("xineramascreen", OPT_INT, screen, -2, 64, OPTF_RANGE, "the same as -screen"),
    OPT_ROW("extbased", OPT_FLAG, extbased, 0, 0, 0,
        "the file name's extension helps find the format (-no: the content only)"),
    OPT_FN("use-stdin", opt_func_use_stdin, 0, "renamed -noconsolecontrols (an error, as MPlayer)"),
    OPT_IGN("pausing", OPTF_ARG, "MPlayer 1.5 takes it, yet pauses and resumes on slave "
            "commands the same with any value (measured); the pausing prefixes work"),
    OPT_IGN("key-fifo-size", OPTF_ARG, "keys go into the player's command queue "
            "(100 commands)"),
    OPT_IGN("subfile", OPTF_ARG, "MPlayer's man page calls it useless; subtitle files "
            "are -sub's"),
    OPT_ROW("udp-master", OPT_FLAG, udp_master, 0, 0, 0,
        "send the position of each frame shown to -udp-ip:-udp-port"),
    OPT_ROW("udp-slave", OPT_FLAG, udp_slave, 0, 0, 0,
        "follow the positions a -udp-master sends to -udp-port"),
    OPT_ROW("udp-ip", OPT_STRING, udp_ip, 0, 0, 0,
        "IPv4 address the master sends to (default 127.0.0.1; may be a broadcast one)"),
    OPT_ROW("udp-port", OPT_INT, udp_port, 1, 65535, OPTF_RANGE,
        "UDP port of -udp-master and -udp-slave (default 23867)"),
    OPT_ROW("udp-seek-threshold", OPT_DOUBLE, udp_seek_threshold, 0.1, 100, OPTF_RANGE,
        "a slave further off the master than this many seconds seeks (default 1)"),
    OPT_ROW("ignore-start", OPT_FLAG, ignore_start, 0, 0, 0,
        "AVI: play the streams without the start delays their headers declare"),
    OPT_IGN("mouse-movements", 0, "MPlayer hands pointer motion to DVD menus only "
            "(dvdnav), which this player does not have"),
    OPT_IGN("autoq", OPTF_ARG, "-vf pp keeps the level it is given; nothing lowers it "
            "when the CPU is busy"),
    OPT_IGN("allow-dangerous-playlist-parsing", 0, "a file is read as a playlist only "
            "when -playlist names it, never because a server calls it one"),
    OPT_IGN("lavfstreamopts", OPTF_ARG, "it sets options of MPlayer's ffmpeg:// stream "
            "(libavformat's protocols), which this player does not have"),
    OPT_FN("mf", opt_func_mf, OPTF_ARG, "mf:// pictures: fps=25:type=png|jpeg|...:w=..:h=.."),
    /* ---- MPlayer 1.5 options this player refuses, warns about or answers with help ---- */
    {.name = "sound", OPT_AT(OPT_FLAG, no_audio), .flags = OPTF_INVERT,
     .help = "play audio (undoes -nosound)"},
    OPT_FN("vd", opt_func_vd, OPTF_ARG | OPTF_NOCFG,
           "MPlayer's: only 'help', a pun, no list (decoders are -vc's)"),
    OPT_FN("pphelp", opt_func_pphelp, OPTF_NOCFG, "the -vf pp subfilters (libpostproc's help)"),
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
    /* MPlayer's devices, GUI and parts of its bitmap subtitles, not built here. */
    OPT_IGN("capture", 0, "capturing the stream to -dumpfile while playing (the capturing "
            "command) is not built into this player"),
    OPT_ROW("vobsub", OPT_STRING, vobsub, 0, 0, 0,
        "VobSub subtitles: NAME.idx + NAME.sub (NAME without extension)"),
    OPT_ROW("vobsubid", OPT_INT, vobsub_id, 0, 31, OPTF_RANGE,
        "the VobSub stream (its .idx \"index:\") to show"),
    OPT_IGN("ifo", OPTF_ARG, "it gives VobSub's palette; this player takes the palette from "
            "the .idx or the container only"),
    OPT_IGN("unrarexec", OPTF_ARG, "it unpacks VobSub files from RAR archives; this player "
            "reads VobSub only from plain .idx/.sub files"),
    OPT_IGN("spuaa", OPTF_ARG, "bitmap subtitles (SPU) are scaled by nearest sample here; "
            "MPlayer's antialiasing modes are not built"),
    OPT_IGN("spugauss", OPTF_ARG, "bitmap subtitles (SPU) are scaled by nearest sample here; "
            "MPlayer's gaussian blur is not built"),
    OPT_IGN("spualign", OPTF_ARG, "bitmap subtitles (SPU) are drawn where the track places "
            "them; moving them is not built"),
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
    o->subfont_autoscale = 3;
    o->osd_level = 1;
    o->volume = -1;
    o->channels = 2;   /* MPlayer's default: decoders that can downmix give stereo */
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
    o->vobsub_id = -1;
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



/* ---- setting one option ---- */

bool opt_takes_param(const struct opt_def *d)
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

