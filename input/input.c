/*
 * The input source: slave lines from stdin or a FIFO, keys from the
 * terminal or a window, all turned into one queue of commands.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The terminal's saved settings are the one piece of global state here:
 * the terminal belongs to the process, and restoring it must work from
 * exit() and from signal handlers, which have no struct mp_input at hand.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "config.h"
#include "input/input.h"
#include "osdep/osdep.h"

/* Commands queued at most; control commands (quit, stop, loadfile...) may
 * go QUEUE_CONTROL_RESERVE past it, so that neither waits behind the other
 * and nothing queued is ever dropped to make room (a front-end waiting for
 * a dropped query's answer would hang). */
#define QUEUE_MAX 100
#define QUEUE_CONTROL_RESERVE 16
#define QUEUE_SLOTS (QUEUE_MAX + QUEUE_CONTROL_RESERVE)
/* Queued commands past which, while the player cannot run them, a query
 * equal to a waiting one merges with it. */
#define QUEUE_COALESCE_AT 16
/* Rejected lines in a row reported per source; the rest are counted. */
#define INPUT_BAD_LINES_SHOWN 10
/* Seconds a quit behind other commands waits for the player to run them
 * before mp_input_take_quit takes it anyway. */
#define INPUT_QUIT_PATIENCE 0.2
/* How long a lone ESC (or half a UTF-8 character) waits for the rest of a
 * sequence before it counts as the ESC key: terminals send a whole
 * sequence in one write, so a short wait is plenty. */
#define KEY_SEQ_WAIT 0.05

/* Where command lines come from: stdin in slave mode, -input file=. */
struct line_src {
    int fd;
    bool close_fd;
    bool eof;
    bool dropping; /* an overlong line is being skipped up to its newline */
    bool tty;      /* slave commands typed on a terminal */
    unsigned bad_lines; /* rejected since the last good line */
    char *what;    /* "stdin" or the -input file's name (owned) */
    size_t len;
    char buf[MP_CMD_MAX_LINE + 1];
};

struct mp_input {
    const struct mp_cmd_def *cmds; /* the owner's table lines are parsed against */
    struct mp_bindings *binds;
    struct line_src *lines[2];
    int nlines;

    int key_fd; /* -1: no keys from a file descriptor */
    bool key_eof;
    bool key_tty;
    unsigned char kbuf[64];
    size_t klen;
    double kbuf_since; /* when an unfinished sequence started waiting */

    struct mp_cmd *queue[QUEUE_SLOTS];
    int qstart, qlen;
    bool quit_seen;      /* mp_input_take_quit left a quit behind commands */
    double quit_seen_at; /* since when */
};

/* ------------------------------------------------------------------ */
/* The terminal */

static struct termios term_saved;
static volatile sig_atomic_t term_fd = -1;  /* fd whose settings are saved */
static volatile sig_atomic_t term_raw = 0;  /* currently changed by us */
static bool term_atexit;

static void term_restore(void)
{
    if (term_raw && term_fd >= 0) {
        tcsetattr(term_fd, TCSANOW, &term_saved);
        term_raw = 0;
    }
}

static bool term_foreground(int fd)
{
    pid_t pg = tcgetpgrp(fd);
    if (pg < 0)
        return errno == ENOTTY; /* a terminal, but not ours: no SIGTTIN */
    return pg == getpgrp();
}

/* Non-canonical, no echo: each key arrives at once and is not printed. */
static bool term_enable(int fd)
{
    if (term_raw)
        return true;
    if (!term_foreground(fd))
        return false;
    struct termios t;
    if (tcgetattr(fd, &t) < 0)
        return false;
    term_saved = t;
    term_fd = fd;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSANOW, &t) < 0)
        return false;
    term_raw = 1;
    if (!term_atexit) {
        term_atexit = atexit(term_restore) == 0;
    }
    return true;
}

void mp_input_term_restore(struct mp_input *in)
{
    (void)in;
    term_restore();
}

void mp_input_term_resume(struct mp_input *in)
{
    if (in && in->key_tty && !in->key_eof)
        term_enable(in->key_fd);
}

/* ------------------------------------------------------------------ */
/* Options */

static const struct subopt input_subopts[] = {
    {"conf", SUBOPT_STRING, offsetof(struct mp_input_opts, conf), 0, 0},
    {"file", SUBOPT_STRING, offsetof(struct mp_input_opts, in_file), 0, 0},
    {"default-bindings", SUBOPT_FLAG, offsetof(struct mp_input_opts, default_bindings), 0, 0},
    {"cmdlist", SUBOPT_FLAG, offsetof(struct mp_input_opts, print_cmdlist), 0, 0},
    {"keylist", SUBOPT_FLAG, offsetof(struct mp_input_opts, print_keylist), 0, 0},
    {"ar-delay", SUBOPT_INT, offsetof(struct mp_input_opts, ar_delay), 0, INT_MAX},
    {"ar-rate", SUBOPT_INT, offsetof(struct mp_input_opts, ar_rate), 0, INT_MAX},
    {"js-dev", SUBOPT_STRING, offsetof(struct mp_input_opts, js_dev), 0, 0},
    {"ar-dev", SUBOPT_STRING, offsetof(struct mp_input_opts, ar_dev), 0, 0},
    {NULL, 0, 0, 0, 0},
};

void mp_input_opts_init(struct mp_input_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->console_controls = true;
    o->default_bindings = true;
    o->ar_delay = 100;
    o->ar_rate = 8;
    o->stdin_fd = 0;
}

int mp_input_opts_parse(struct mp_input_opts *o, const char *value)
{
    return subopt_parse(value, input_subopts, o, MSGT_INPUT, "-input");
}

void mp_input_opts_free(struct mp_input_opts *o)
{
    subopt_free(input_subopts, o);
}

/* ------------------------------------------------------------------ */
/* The queue */

/* Commands that only answer: a front-end polling while the player cannot
 * run them (an open blocked on a server) must not fill the queue. */
static bool queue_is_query(const struct mp_cmd *c)
{
    return c->def->flags & MP_CMD_F_QUERY;
}

static bool queue_is_control(const struct mp_cmd *c)
{
    return c->def->flags & MP_CMD_F_CONTROL;
}

static bool queue_cmd_equal(const struct mp_cmd *a, const struct mp_cmd *b)
{
    if (a->def != b->def || a->nargs != b->nargs || a->pausing != b->pausing)
        return false;
    for (int i = 0; i < MP_CMD_MAX_ARGS; i++) {
        const struct mp_cmd_arg *x = &a->args[i], *y = &b->args[i];
        if (x->type != y->type)
            return false;
        if ((x->type == MP_CMD_ARG_INT && x->v.i != y->v.i) ||
            (x->type == MP_CMD_ARG_FLOAT && x->v.f != y->v.f) ||
            (x->type == MP_CMD_ARG_STRING && strcmp(x->v.s, y->v.s)))
            return false;
    }
    return true;
}

static struct mp_cmd **queue_at(struct mp_input *in, int i)
{
    return &in->queue[(in->qstart + i) % QUEUE_SLOTS];
}

/* Whether a query equal to cmd waits after the last queued command that
 * is not a query: its answer is then cmd's too (one before a seek or a
 * switch would answer for the state before it). */
static bool queue_has_equal(struct mp_input *in, const struct mp_cmd *cmd)
{
    for (int i = in->qlen - 1; i >= 0; i--) {
        const struct mp_cmd *c = *queue_at(in, i);
        if (!queue_is_query(c))
            return false;
        if (queue_cmd_equal(c, cmd))
            return true;
    }
    return false;
}

/* Remove the i-th queued command, keeping the others' order. */
static void queue_remove(struct mp_input *in, int i)
{
    mp_cmd_free(*queue_at(in, i));
    for (int k = i; k + 1 < in->qlen; k++)
        *queue_at(in, k) = *queue_at(in, k + 1);
    in->qlen--;
}

/* Whether cmd finds room: a control command in the reserve too. */
static bool queue_has_room(const struct mp_input *in, const struct mp_cmd *cmd)
{
    return in->qlen < (queue_is_control(cmd) ? QUEUE_SLOTS : QUEUE_MAX);
}

int mp_input_queue_cmd(struct mp_input *in, struct mp_cmd *cmd)
{
    if (!cmd)
        return -1;
    if (!queue_has_room(in, cmd)) {
        mp_msg(MSGT_INPUT, MSGL_WARN, "Command queue full, dropping command %s.\n", cmd->name);
        mp_cmd_free(cmd);
        return -1;
    }
    *queue_at(in, in->qlen) = cmd;
    in->qlen++;
    return 0;
}

static struct mp_cmd *queue_pop(struct mp_input *in)
{
    if (!in->qlen)
        return NULL;
    struct mp_cmd *cmd = in->queue[in->qstart];
    in->qstart = (in->qstart + 1) % QUEUE_SLOTS;
    in->qlen--;
    return cmd;
}

int mp_input_queue_line(struct mp_input *in, const char *line)
{
    struct mp_cmd *cmd = NULL;
    int r = mp_cmd_parse(in->cmds, line, &cmd);
    if (r == MP_CMD_OK && mp_input_queue_cmd(in, cmd) < 0)
        return MP_CMD_ERR_QUEUE_FULL;
    return r;
}

/* ------------------------------------------------------------------ */
/* Keys -> commands */

static int queue_keys(struct mp_input *in, const int *keys, int nkeys)
{
    const char *bound = mp_bindings_lookup(in->binds, keys, nkeys);
    char name[128] = "", part[32];
    for (int i = 0; i < nkeys; i++) {
        if (i)
            strncat(name, "-", sizeof(name) - strlen(name) - 1);
        strncat(name, mp_input_key_name(keys[i], part, sizeof(part)),
                sizeof(name) - strlen(name) - 1);
    }
    if (!bound) {
        mp_msg(MSGT_INPUT, MSGL_WARN, "No bind found for key '%s'.\n", name);
        return 1;
    }
    if (strcmp(bound, "ignore") == 0)
        return 1;
    struct mp_cmd *cmd = NULL;
    char err[256];
    int r = mp_cmd_parse_msg(in->cmds, bound, &cmd, err, sizeof(err));
    if (r != MP_CMD_OK) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "Invalid command for bound key %s: %s (%s)\n", name,
               bound, r == MP_CMD_ERR_EMPTY ? "empty" : err);
        return 1;
    }
    return mp_input_queue_cmd(in, cmd) < 0 ? 1 : 0;
}

int mp_input_queue_keycode(struct mp_input *in, int code)
{
    return queue_keys(in, &code, 1);
}

int mp_input_queue_key(struct mp_input *in, const char *keyname)
{
    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name(keyname, keys);
    if (n <= 0) {
        mp_msg(MSGT_INPUT, MSGL_ERR, "Unknown key '%s'\n", keyname ? keyname : "");
        return -1;
    }
    return queue_keys(in, keys, n);
}

const char *mp_input_key_binding(struct mp_input *in, const char *keyname)
{
    int keys[MP_MAX_KEY_DOWN];
    int n = mp_input_keys_from_name(keyname, keys);
    return n > 0 ? mp_bindings_lookup(in->binds, keys, n) : NULL;
}

struct mp_bindings *mp_input_bindings(struct mp_input *in)
{
    return in->binds;
}

/* Decode buffered terminal bytes; final: no more bytes are coming for the
 * sequence at the front. */
static void decode_keys(struct mp_input *in, bool final)
{
    size_t pos = 0;
    while (pos < in->klen && in->qlen < QUEUE_MAX) {
        int code = -1;
        size_t n = mp_input_term_decode(in->kbuf + pos, in->klen - pos, !final, &code);
        if (!n)
            break;
        pos += n;
        if (code >= 0)
            queue_keys(in, &code, 1);
    }
    memmove(in->kbuf, in->kbuf + pos, in->klen - pos);
    in->klen -= pos;
    if (!in->klen)
        in->kbuf_since = 0;
    else if (pos || !in->kbuf_since)
        in->kbuf_since = mp_time_sec();
}

/* Returns whether anything happened (bytes or EOF). */
static bool read_keys(struct mp_input *in)
{
    if (in->klen == sizeof(in->kbuf))
        decode_keys(in, true);
    if (in->klen == sizeof(in->kbuf))
        return false; /* the queue is full; a read of 0 bytes would look like EOF */
    ssize_t r = read(in->key_fd, in->kbuf + in->klen, sizeof(in->kbuf) - in->klen);
    if (r < 0) {
        if (errno == EINTR || errno == EAGAIN)
            return false;
        mp_msg(MSGT_INPUT, MSGL_ERR, "Error on key input file descriptor %d: %s\n", in->key_fd,
               strerror(errno));
        r = 0;
    }
    if (r == 0) {
        mp_msg(MSGT_INPUT, MSGL_V, "End of key input on file descriptor %d.\n", in->key_fd);
        in->key_eof = true;
        decode_keys(in, true);
        in->klen = 0;
        return true;
    }
    in->klen += (size_t)r;
    decode_keys(in, false);
    return true;
}

/* ------------------------------------------------------------------ */
/* Lines -> commands */

/* Report a rejected line of s's, the first few in a row only: a source of
 * noise (-input file=/dev/urandom) must not write megabytes of messages. */
static void report_bad_line(struct line_src *s, const char *msg)
{
    if (s->bad_lines < INPUT_BAD_LINES_SHOWN)
        mp_msg(MSGT_INPUT, MSGL_ERR, "%s\n", msg);
    else if (s->bad_lines == INPUT_BAD_LINES_SHOWN)
        mp_msg(MSGT_INPUT, MSGL_ERR,
               "More bad command lines from %s: not reported until a good one.\n", s->what);
    if (s->bad_lines < UINT_MAX)
        s->bad_lines++;
}

/* False when the line must wait in its buffer: the queue is full and its
 * command would be dropped (back-pressure on the source). A control
 * command has its reserve. blocked (the player cannot run commands now,
 * mp_input_take_quit) and 16 commands waiting: a query equal to a queued
 * one (with no other command after it) merges with it, so
 * that a front-end polling a player held in a read for minutes neither
 * fills the pipe (blocking the front-end's writes) nor hides a quit behind
 * its polls; while the player runs, every query is answered, as MPlayer
 * answers them. */
static bool handle_line(struct mp_input *in, struct line_src *s, const char *text, size_t len,
                        bool blocked)
{
    if (memchr(text, '\0', len)) {
        report_bad_line(s, "Command line contains binary data (byte 0x00), ignored.");
        return true;
    }
    char line[MP_CMD_MAX_LINE + 1];
    memcpy(line, text, len);
    line[len] = '\0';
    struct mp_cmd *cmd = NULL;
    char err[256];
    int r = mp_cmd_parse_msg(in->cmds, line, &cmd, err, sizeof(err));
    if (r != MP_CMD_OK) {
        if (err[0])
            report_bad_line(s, err);
        return true;
    }
    if (blocked && in->qlen >= QUEUE_COALESCE_AT && queue_is_query(cmd) &&
        queue_has_equal(in, cmd)) {
        mp_cmd_free(cmd); /* the waiting one answers both */
        s->bad_lines = 0;
        return true;
    }
    if (!queue_has_room(in, cmd)) {
        mp_cmd_free(cmd);
        return false;
    }
    s->bad_lines = 0;
    mp_input_queue_cmd(in, cmd);
    return true;
}

static bool has_line(const struct line_src *s)
{
    return memchr(s->buf, '\n', s->len) || memchr(s->buf, '\r', s->len);
}

/* Turn complete lines in the buffer into commands until one must wait
 * (handle_line); at EOF the unterminated rest is a line too. blocked (the
 * player cannot run commands now, see mp_input_take_quit): look on past
 * lines that must wait (they stay, in order) for ones that need not, a
 * quit above all. */
static void drain_lines(struct mp_input *in, struct line_src *s, bool blocked)
{
    size_t pos = 0, kept = 0;
    while (pos < s->len) {
        char *b = s->buf + pos;
        size_t avail = s->len - pos;
        size_t n = 0;
        while (n < avail && b[n] != '\n' && b[n] != '\r')
            n++;
        if (n == avail) {
            if (s->eof && (s->dropping || handle_line(in, s, b, n, blocked))) {
                s->dropping = false;
                pos = s->len;
            }
            break;
        }
        if (!s->dropping && !handle_line(in, s, b, n, blocked)) {
            if (!blocked)
                break;
            memmove(s->buf + kept, b, n + 1);
            kept += n + 1;
        }
        s->dropping = false;
        pos += n + 1;
    }
    memmove(s->buf + kept, s->buf + pos, s->len - pos);
    s->len = kept + (s->len - pos);
    if (s->len == sizeof(s->buf) && !has_line(s)) {
        /* Full and no newline: longer than any command may be. */
        if (!s->dropping)
            mp_msg(MSGT_INPUT, MSGL_ERR,
                   "Command buffer of file descriptor %d is full: dropping content.\n", s->fd);
        s->len = 0;
        s->dropping = true;
    }
}

/* Returns whether anything happened (bytes or EOF). */
static bool read_lines(struct line_src *s)
{
    ssize_t r = read(s->fd, s->buf + s->len, sizeof(s->buf) - s->len);
    if (r < 0) {
        if (errno == EINTR || errno == EAGAIN)
            return false;
        mp_msg(MSGT_INPUT, MSGL_ERR, "Error while reading command file descriptor %d: %s\n",
               s->fd, strerror(errno));
        r = 0;
    }
    if (r == 0) {
        mp_msg(MSGT_INPUT, MSGL_V, "End of commands from %s.\n", s->what);
        s->eof = true;
        return true;
    }
    s->len += (size_t)r;
    return true;
}

/* ------------------------------------------------------------------ */
/* Creation */

static struct line_src *line_src_new(int fd, bool close_fd, const char *what)
{
    struct line_src *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->what = strdup(what);
    if (!s->what) {
        free(s);
        return NULL;
    }
    s->fd = fd;
    s->close_fd = close_fd;
    s->tty = mp_isatty(fd);
    return s;
}

static void load_conf(struct mp_input *in, const char *conf)
{
    const char *home = getenv("HOME");
    char path[PATH_MAX];
    if (conf && conf[0] == '/') {
        if (mp_bindings_load_file(in->binds, conf) >= 0)
            return;
    } else {
        const char *name = conf ? conf : "input.conf";
        if (home && snprintf(path, sizeof(path), "%s/.mplayer/%s", home, name) <
                        (int)sizeof(path) &&
            mp_bindings_load_file(in->binds, path) >= 0)
            return;
        if (conf && mp_bindings_load_file(in->binds, conf) >= 0)
            return;
    }
    if (mp_bindings_load_file(in->binds, MPLAYER_CONFDIR "/input.conf") >= 0)
        return;
    mp_msg(MSGT_INPUT, MSGL_V, "Falling back on default (hardcoded) input config\n");
}

static int open_file(const char *path)
{
    struct stat st;
    int flags = O_RDONLY;
    /* O_RDWR keeps a FIFO open across writers: no EOF when one of them
     * closes, as in MPlayer. */
    if (stat(path, &st) == 0 && S_ISFIFO(st.st_mode))
        flags = O_RDWR;
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        mp_msg(MSGT_INPUT, MSGL_ERR, "Can't open %s: %s\n", path, strerror(errno));
    return fd;
}

struct mp_input *mp_input_create(const struct mp_input_opts *o)
{
    if (!o->cmds)
        return NULL;
    struct mp_input *in = calloc(1, sizeof(*in));
    if (!in)
        return NULL;
    in->key_fd = -1;
    in->cmds = o->cmds;
    in->binds = mp_bindings_create(o->cmds, o->default_bindings);
    if (!in->binds)
        goto fail;
    load_conf(in, o->conf);

    int in_fd = o->stdin_fd;
    if (in_fd < 0) {
        /* no stdin at all */
    } else if (o->slave) {
        struct line_src *s = line_src_new(in_fd, false, "stdin");
        if (!s)
            goto fail;
        in->lines[in->nlines++] = s;
    } else if (o->console_controls) {
        in->key_fd = in_fd;
        in->key_tty = mp_isatty(in_fd);
        if (in->key_tty)
            term_enable(in_fd);
    }
    if (o->in_file) {
        int fd = open_file(o->in_file);
        if (fd >= 0) {
            struct line_src *s = line_src_new(fd, true, o->in_file);
            if (!s) {
                close(fd);
                goto fail;
            }
            in->lines[in->nlines++] = s;
        }
    }
    return in;

fail:
    mp_input_free(in);
    return NULL;
}

void mp_input_free(struct mp_input *in)
{
    if (!in)
        return;
    if (in->key_tty)
        term_restore();
    for (int i = 0; i < in->nlines; i++) {
        if (in->lines[i]->close_fd)
            close(in->lines[i]->fd);
        free(in->lines[i]->what);
        free(in->lines[i]);
    }
    struct mp_cmd *cmd;
    while ((cmd = queue_pop(in)))
        mp_cmd_free(cmd);
    mp_bindings_free(in->binds);
    free(in);
}

bool mp_input_has_queued(const struct mp_input *in)
{
    return in->qlen > 0;
}

bool mp_input_has_sources(const struct mp_input *in)
{
    for (int i = 0; i < in->nlines; i++) {
        if (!in->lines[i]->eof || in->lines[i]->len)
            return true;
    }
    return (in->key_fd >= 0 && !in->key_eof) || in->klen;
}

/* ------------------------------------------------------------------ */
/* Reading */

/* Everything that needs no new bytes: buffered lines, a key sequence that
 * waited long enough. */
static void process_buffered(struct mp_input *in, bool blocked)
{
    for (int i = 0; i < in->nlines; i++)
        drain_lines(in, in->lines[i], blocked);
    if (in->klen && (in->key_eof || mp_time_sec() - in->kbuf_since >= KEY_SEQ_WAIT))
        decode_keys(in, true);
}

/* Poll the sources for up to ms (-1: no limit) and read what is ready.
 * look_past: read a source even with a complete line buffered (while it
 * waits, for the lines behind it), as long as there is room. Returns how
 * many were polled (0: none could be), -1 on a poll error. */
static int input_poll(struct mp_input *in, int ms, bool look_past, bool *progress)
{
    *progress = false;
    struct pollfd fds[3];
    struct line_src *srcs[3];
    int nfds = 0;
    for (int i = 0; i < in->nlines; i++) {
        struct line_src *s = in->lines[i];
        bool waiting = look_past ? s->len == sizeof(s->buf) : has_line(s);
        if (s->eof || waiting || (s->tty && !term_foreground(s->fd)))
            continue;
        fds[nfds] = (struct pollfd){.fd = s->fd, .events = POLLIN};
        srcs[nfds++] = s;
    }
    if (in->key_fd >= 0 && !in->key_eof) {
        /* A background process reading its terminal would be stopped
         * by SIGTTIN: leave the keys alone until it is in front. */
        bool keys = !in->key_tty || term_foreground(in->key_fd);
        if (keys && in->key_tty)
            term_enable(in->key_fd);
        if (keys) {
            fds[nfds] = (struct pollfd){.fd = in->key_fd, .events = POLLIN};
            srcs[nfds++] = NULL;
        }
    }
    if (!nfds)
        return 0;
    int r = poll(fds, (nfds_t)nfds, ms);
    if (r < 0) {
        if (errno != EINTR)
            mp_msg(MSGT_INPUT, MSGL_ERR, "poll error: %s\n", strerror(errno));
        return -1;
    }
    for (int i = 0; i < nfds; i++) {
        short re = fds[i].revents;
        if (!re)
            continue;
        bool dead = re & POLLNVAL;
        if (srcs[i]) {
            if (dead)
                srcs[i]->eof = true;
            else if (read_lines(srcs[i]))
                *progress = true;
        } else {
            if (dead)
                in->key_eof = true;
            else if (read_keys(in))
                *progress = true;
        }
    }
    return nfds;
}

struct mp_cmd *mp_input_read_cmd(struct mp_input *in, double timeout)
{
    double deadline = timeout > 0 ? mp_time_sec() + timeout : 0;
    bool polled = false, progress = false;
    int late_rounds = 0;
    for (;;) {
        process_buffered(in, false);
        if (in->qlen)
            return queue_pop(in);

        double now = mp_time_sec();
        double wait = timeout < 0 ? -1 : timeout > 0 ? deadline - now : 0;
        if (timeout >= 0 && wait < 0)
            wait = 0;
        /* Past the deadline, keep going only while bytes keep coming:
         * timeout 0 still means "everything already readable". Bounded,
         * so a flood of junk cannot hold up the play loop. */
        if (polled && timeout >= 0 && wait <= 0 && (!progress || ++late_rounds > 16))
            return NULL;
        if (in->klen) {
            double seq = in->kbuf_since + KEY_SEQ_WAIT - now;
            if (seq < 0)
                seq = 0;
            if (wait < 0 || seq < wait)
                wait = seq;
        }

        int ms = wait < 0 ? -1 : wait > 1e6 ? 1000000000 : (int)ceil(wait * 1000);
        int nfds = input_poll(in, ms, false, &progress);
        if (!nfds) {
            if (in->klen) {
                mp_sleep_sec(wait);
                polled = true;
                progress = false;
                continue;
            }
            if (timeout > 0 && wait > 0)
                mp_sleep_sec(wait);
            return NULL;
        }
        polled = true;
        if (nfds < 0)
            return NULL; /* let the caller look at whatever the signal was */
    }
}

bool mp_input_take_quit(struct mp_input *in, int *code)
{
    /* Read what the sources hold now even with commands queued: a quit
     * behind them would wait for the player to run them first. */
    process_buffered(in, true);
    bool progress;
    if (input_poll(in, 0, true, &progress) > 0)
        process_buffered(in, true);
    for (int i = 0; i < in->qlen; i++) {
        const struct mp_cmd *c = *queue_at(in, i);
        if (!(c->def->flags & MP_CMD_F_QUIT))
            continue;
        /* Commands ahead of it run first, as they would have, unless the
         * player has not got to them for a while: then it is stuck. */
        double now = mp_time_sec();
        if (i > 0 && (!in->quit_seen || now - in->quit_seen_at < INPUT_QUIT_PATIENCE)) {
            if (!in->quit_seen)
                in->quit_seen_at = now;
            in->quit_seen = true;
            return false;
        }
        *code = c->nargs > 0 ? c->args[0].v.i : 0;
        queue_remove(in, i);
        in->quit_seen = false;
        return true;
    }
    in->quit_seen = false;
    return false;
}
