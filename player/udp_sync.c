/*
 * udp_sync.c: MPlayer's network sync (-udp-master / -udp-slave).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The wire format is MPlayer 1.5's, so that this player and MPlayer can
 * follow each other: after each frame it shows, the master sends one UDP
 * datagram holding the frame's timestamp in seconds as printf's "%f"
 * ("12.480000", no terminating NUL) to -udp-ip:-udp-port (127.0.0.1:23867;
 * broadcast addresses are allowed), and "bye" when it exits. A slave
 * listens on -udp-port of every address and, before each frame, reads
 * what has arrived (the last position wins):
 *  - further off than -udp-seek-threshold: it seeks to the master;
 *  - the master at or past the frame (20 ms of tolerance): the frame is
 *    shown at once, the master's pace being the clock;
 *  - the slave ahead of the master: it waits for the next datagram.
 * "bye" ends the slave's playback (as MPlayer, it quits). With no datagram
 * for 30 s the slave keeps its own timing until the master speaks again.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "osdep/osdep.h"
#include "player/play_priv.h"
#include "player/player.h"

/* How far ahead of the master the slave may be and still count as equal,
 * and how long it waits for a master before timing on its own (MPlayer's
 * values). */
#define UDP_TOLERANCE 0.02
#define UDP_TIMEOUT 30.0
/* One wait for a datagram is cut into these slices, so that commands and
 * quit signals are not held up. */
#define UDP_WAIT_SLICE 0.05

struct play_udp {
    int fd;
    bool master;
    struct sockaddr_in to;   /* master: where the positions go */
    double master_pos;       /* slave: the master's last position; NAN: none yet */
    double last_heard;       /* slave: when a datagram last came */
    bool timed_out;          /* slave: no master for UDP_TIMEOUT: own timing */
};

static struct play_udp *udp_open(const struct MPOpts *o)
{
    struct play_udp *u = calloc(1, sizeof(*u));
    if (!u)
        return NULL;
    u->master = o->udp_master;
    u->master_pos = NAN;
    u->last_heard = mp_time_sec();
    u->fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (u->fd < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-udp-%s: no socket: %s\n",
               u->master ? "master" : "slave", strerror(errno));
        free(u);
        return NULL;
    }
    if (u->master) {
        int one = 1;
        u->to.sin_family = AF_INET;
        u->to.sin_port = htons((uint16_t)o->udp_port);
        if (!inet_aton(o->udp_ip ? o->udp_ip : "127.0.0.1", &u->to.sin_addr)) {
            mp_msg(MSGT_CPLAYER, MSGL_ERR, "-udp-ip %s: not an IPv4 address\n", o->udp_ip);
            goto fail;
        }
        if (setsockopt(u->fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)) < 0)
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-udp-master: no broadcast: %s\n", strerror(errno));
        return u;
    }
    struct sockaddr_in any = {
        .sin_family = AF_INET,
        .sin_port = htons((uint16_t)o->udp_port),
        .sin_addr.s_addr = htonl(INADDR_ANY),
    };
    if (bind(u->fd, (const struct sockaddr *)&any, sizeof(any)) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-udp-slave: cannot listen on port %d: %s\n",
               o->udp_port, strerror(errno));
        goto fail;
    }
    return u;
fail:
    close(u->fd);
    free(u);
    return NULL;
}

int play_udp_start(struct MPContext *mpctx)
{
    const struct MPOpts *o = &mpctx->opts;
    if ((!o->udp_master && !o->udp_slave) || mpctx->udp)
        return 0;
    if (o->udp_master && o->udp_slave) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "-udp-master and -udp-slave exclude each other.\n");
        return -1;
    }
    mpctx->udp = udp_open(o);
    return mpctx->udp ? 0 : -1;
}

static void udp_send(struct play_udp *u, const char *text)
{
    if (sendto(u->fd, text, strlen(text), 0, (const struct sockaddr *)&u->to,
               sizeof(u->to)) < 0)
        mp_msg(MSGT_CPLAYER, MSGL_DBG2, "-udp-master: %s\n", strerror(errno));
}

void play_udp_end(struct MPContext *mpctx)
{
    struct play_udp *u = mpctx->udp;
    if (!u)
        return;
    if (u->master)
        udp_send(u, "bye");
    close(u->fd);
    free(u);
    mpctx->udp = NULL;
}

void play_udp_frame_shown(struct play_state *ps, double pts)
{
    struct play_udp *u = ps->mpctx->udp;
    if (!u || !u->master || !isfinite(pts))
        return;
    char text[64];
    snprintf(text, sizeof(text), "%f", pts);
    udp_send(u, text);
}

/* Read every datagram waiting (the last position wins). Returns 1 on
 * "bye", 0 when at least one position came, -1 when none did. */
static int udp_drain(struct play_udp *u)
{
    int got = -1;
    for (;;) {
        char buf[100];
        ssize_t n = recv(u->fd, buf, sizeof(buf) - 1, MSG_DONTWAIT);
        if (n < 0)
            return got;
        buf[n] = 0;
        if (!strcmp(buf, "bye"))
            return 1;
        char *end = NULL;
        double pos = strtod(buf, &end);
        if (end == buf || *end || !isfinite(pos)) {
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-udp-slave: not a position: '%.40s'\n", buf);
            continue;
        }
        u->master_pos = pos;
        u->last_heard = mp_time_sec();
        u->timed_out = false;
        got = 0;
    }
}

/* Wait up to secs for a datagram; false on timeout. */
static bool udp_wait(struct play_udp *u, double secs)
{
    struct pollfd p = {.fd = u->fd, .events = POLLIN};
    int r = poll(&p, 1, (int)(secs * 1000));
    return r > 0;
}

enum play_udp_act play_udp_slave_sync(struct play_state *ps, double pos, double *seek_to)
{
    struct play_udp *u = ps->mpctx->udp;
    if (!u || u->master)
        return PLAY_UDP_OWN_TIMING;
    const double threshold = ps->mpctx->opts.udp_seek_threshold;
    if (isnan(u->master_pos)) {
        /* Until the master speaks: as if it were half a threshold behind,
         * so that the first frame waits for it (MPlayer's start). */
        u->master_pos = pos - threshold / 2;
        u->last_heard = mp_time_sec();
    }
    for (;;) {
        int r = udp_drain(u);
        if (r == 1) {
            mp_msg(MSGT_CPLAYER, MSGL_V, "-udp-slave: the master said bye.\n");
            return PLAY_UDP_QUIT;
        }
        if (u->timed_out)
            return PLAY_UDP_OWN_TIMING;
        if (fabs(pos - u->master_pos) > threshold) {
            *seek_to = u->master_pos;
            return PLAY_UDP_SEEK;
        }
        if (u->master_pos + UDP_TOLERANCE > pos)
            return PLAY_UDP_SHOW;
        /* Ahead of the master: its next datagram is due any moment. */
        if (mp_time_sec() - u->last_heard > UDP_TIMEOUT) {
            mp_msg(MSGT_CPLAYER, MSGL_WARN, "-udp-slave: no word from the master for %.0f s; "
                   "playing on its own.\n", UDP_TIMEOUT);
            u->timed_out = true;
            return PLAY_UDP_OWN_TIMING;
        }
        if (!udp_wait(u, UDP_WAIT_SLICE))
            return PLAY_UDP_WAIT;
    }
}

void play_udp_seek_failed(struct play_state *ps)
{
    struct play_udp *u = ps->mpctx->udp;
    if (!u || u->master)
        return;
    mp_msg(MSGT_CPLAYER, MSGL_WARN, "-udp-slave: cannot seek to the master in '%s'; "
           "playing on its own.\n", ps->filename);
    u->timed_out = true;
}
