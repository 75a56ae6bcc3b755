/*
 * Commands from keys, -slave and -input file=: what each one does to the
 * file playing, and the ANS_ answers front-ends read.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "input/input.h"
#include "libao2/audio_out.h"
#include "libmpcodecs/mpcodecs.h"
#include "libmpdemux/demuxer.h"
#include "libvo/video_out.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"

#define ANS(...) mp_msg(MSGT_GLOBAL, MSGL_INFO, __VA_ARGS__)

static double cmd_length(const struct play_state *ps)
{
    return ps->demuxer->duration > 0 ? ps->demuxer->duration : 0;
}

static const char *cmd_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

static void cmd_set_speed(struct play_state *ps, double speed)
{
    if (!(speed >= 0.01))
        speed = 0.01;
    if (speed > 100)
        speed = 100;
    double now_pts = play_position(ps);
    ps->mpctx->opts.speed = speed;
    if (ps->aconv)
        mp_audio_conv_set_speed(ps->aconv, speed);
    /* The timer continues from where it is at the new rate. */
    if (ps->sys_clock_running && !isnan(now_pts)) {
        ps->sys_base_pts = now_pts;
        ps->sys_base_time = mp_time_sec();
    }
    mp_msg(MSGT_CPLAYER, MSGL_INFO, "Speed: x %6.2f\n", speed);
}

/* get_property / the get_* answers. Returns false for an unknown name. */
static bool cmd_answer_property(struct play_state *ps, const char *name)
{
    double pos = play_position(ps);
    if (isnan(pos))
        pos = ps->demuxer->start_time;
    double rel = pos - ps->demuxer->start_time;
    double len = cmd_length(ps);
    if (!strcmp(name, "pause"))
        ANS("ANS_pause=%s\n", ps->paused ? "yes" : "no");
    else if (!strcmp(name, "time_pos"))
        ANS("ANS_time_pos=%.6f\n", rel);
    else if (!strcmp(name, "length"))
        ANS("ANS_length=%.6f\n", len);
    else if (!strcmp(name, "percent_pos"))
        ANS("ANS_percent_pos=%d\n", len > 0 ? (int)(100 * rel / len) : 0);
    else if (!strcmp(name, "filename"))
        ANS("ANS_filename=%s\n", cmd_basename(ps->filename));
    else if (!strcmp(name, "path"))
        ANS("ANS_path=%s\n", ps->filename);
    else if (!strcmp(name, "speed"))
        ANS("ANS_speed=%.6f\n", ps->mpctx->opts.speed);
    else if (!strcmp(name, "demuxer"))
        ANS("ANS_demuxer=%s\n", ps->demuxer->format_name);
    else
        return false;
    return true;
}

static enum mp_stop_reason cmd_loadfile(struct play_state *ps, const struct mp_cmd *cmd)
{
    struct MPContext *mpctx = ps->mpctx;
    const char *file = cmd->args[0].v.s;
    bool append = cmd->args[1].v.i != 0;
    if (append) {
        playlist_add(&mpctx->playlist, file);
        return MP_STOP_NONE;
    }
    /* Replace the playlist: the new file plays next, at once. */
    playlist_clear(&mpctx->playlist);
    playlist_add(&mpctx->playlist, file);
    mpctx->playlist_next = 0;
    return MP_STOP_NEXT;
}

static enum mp_stop_reason cmd_pt_step(struct play_state *ps, int n)
{
    struct MPContext *mpctx = ps->mpctx;
    int next = mpctx->playlist_pos + (n == 0 ? 1 : n);
    if (next < 0)
        next = 0;
    mpctx->playlist_next = next;
    return MP_STOP_NEXT;
}

/* Run one command; returns MP_STOP_NONE to go on playing this file. */
static enum mp_stop_reason cmd_run(struct play_state *ps, const struct mp_cmd *cmd)
{
    struct MPContext *mpctx = ps->mpctx;
    double pos = play_position(ps);
    if (isnan(pos))
        pos = ps->demuxer->start_time;
    double len = cmd_length(ps);
    switch (cmd->id) {
    case MP_CMD_QUIT:
        mpctx->quit = true;
        mpctx->exit_code = cmd->nargs > 0 ? cmd->args[0].v.i : 0;
        return MP_STOP_QUIT;
    case MP_CMD_STOP:
        mpctx->stopped = true;
        return MP_STOP_QUIT;
    case MP_CMD_PAUSE:
        play_set_pause(ps, !ps->paused);
        return MP_STOP_NONE;
    case MP_CMD_SEEK: {
        double v = cmd->args[0].v.f;
        int type = cmd->nargs > 1 ? cmd->args[1].v.i : 0;
        double target;
        if (type == 1)
            target = ps->demuxer->start_time + len * v / 100.0;
        else if (type == 2)
            target = ps->demuxer->start_time + v;
        else
            target = pos + v;
        play_seek(ps, target);
        return MP_STOP_NONE;
    }
    case MP_CMD_SPEED_SET:
        cmd_set_speed(ps, cmd->args[0].v.f);
        return MP_STOP_NONE;
    case MP_CMD_SPEED_INCR:
        cmd_set_speed(ps, mpctx->opts.speed + cmd->args[0].v.f);
        return MP_STOP_NONE;
    case MP_CMD_SPEED_MULT:
        cmd_set_speed(ps, mpctx->opts.speed * cmd->args[0].v.f);
        return MP_STOP_NONE;
    case MP_CMD_PLAY_TREE_STEP:
        return cmd_pt_step(ps, cmd->args[0].v.i);
    case MP_CMD_LOADFILE:
        return cmd_loadfile(ps, cmd);
    case MP_CMD_GET_TIME_POS:
        ANS("ANS_TIME_POSITION=%.1f\n", pos - ps->demuxer->start_time);
        return MP_STOP_NONE;
    case MP_CMD_GET_TIME_LENGTH:
        ANS("ANS_LENGTH=%.2f\n", len);
        return MP_STOP_NONE;
    case MP_CMD_GET_PERCENT_POS:
        ANS("ANS_PERCENT_POSITION=%d\n",
            len > 0 ? (int)(100 * (pos - ps->demuxer->start_time) / len) : 0);
        return MP_STOP_NONE;
    case MP_CMD_GET_FILENAME:
        ANS("ANS_FILENAME='%s'\n", cmd_basename(ps->filename));
        return MP_STOP_NONE;
    case MP_CMD_VO_FULLSCREEN:
        if (mpctx->vo) {
            bool fs = cmd->nargs > 0 && cmd->args[0].v.i >= 0 ? cmd->args[0].v.i != 0
                                                                : !vo_get_fullscreen(mpctx->vo);
            vo_set_fullscreen(mpctx->vo, fs);
        }
        return MP_STOP_NONE;
    case MP_CMD_GET_VO_FULLSCREEN:
        ANS("ANS_VO_FULLSCREEN=%d\n", mpctx->vo && vo_get_fullscreen(mpctx->vo) ? 1 : 0);
        return MP_STOP_NONE;
    case MP_CMD_GET_PROPERTY:
        if (!cmd_answer_property(ps, cmd->args[0].v.s))
            ANS("ANS_ERROR=PROPERTY_UNKNOWN\n");
        return MP_STOP_NONE;
    default:
        mp_msg(MSGT_INPUT, MSGL_V, "Command %s is not supported by this player yet.\n",
               cmd->name);
        return MP_STOP_NONE;
    }
}

enum mp_stop_reason play_run_command(struct play_state *ps, struct mp_cmd *cmd)
{
    bool was_paused = ps->paused;
    /* As in MPlayer, a command without a pausing prefix resumes playback
     * when paused; pause and frame_step decide alone. With a prefix the
     * command runs in the state the prefix keeps. */
    if (ps->paused && cmd->pausing == MP_PAUSING_NONE && cmd->id != MP_CMD_PAUSE &&
        cmd->id != MP_CMD_FRAME_STEP)
        play_set_pause(ps, false);
    enum mp_stop_reason r = cmd_run(ps, cmd);
    if (r == MP_STOP_NONE) {
        switch (cmd->pausing) {
        case MP_PAUSING:
            play_set_pause(ps, true);
            break;
        case MP_PAUSING_KEEP:
            play_set_pause(ps, was_paused);
            break;
        case MP_PAUSING_TOGGLE:
            play_set_pause(ps, !was_paused);
            break;
        default:
            break;
        }
    }
    mp_cmd_free(cmd);
    return r;
}
