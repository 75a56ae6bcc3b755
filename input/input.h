/*
 * input: keys, slave-mode lines and input.conf bindings -> one queue of
 * parsed commands.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Four parts, one file each:
 *   cmd_parse.c   MPlayer's slave syntax, parsed against a command table
 *                 the owner gives (the player's is in player/command.c)
 *   keys.c        key codes <-> MPlayer key names ("PGUP", "CTRL-x")
 *   bindings.c    default bindings and input.conf
 *   term_keys.c   terminal bytes -> key codes, terminal mode
 *   input.c       the source: polls stdin / FIFO / terminal, assembles
 *                 lines, translates keys, queues commands
 *
 * Nothing here is thread-safe: one thread (the play loop) owns a
 * struct mp_input. Key codes are MPlayer's (osdep/keycodes.h values), so
 * "key_down_event <code>" means the same number as in MPlayer.
 */
#ifndef MP_INPUT_INPUT_H
#define MP_INPUT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* ---------------------------------------------------------------------
 * Commands
 */

#define MP_CMD_MAX_ARGS 10
/* Longest slave line accepted, newline excluded (MPlayer's buffer). */
#define MP_CMD_MAX_LINE 4095

enum mp_cmd_arg_type {
    MP_CMD_ARG_NONE = 0, /* slot unused */
    MP_CMD_ARG_INT,
    MP_CMD_ARG_FLOAT,
    MP_CMD_ARG_STRING,
};

struct mp_cmd_arg {
    enum mp_cmd_arg_type type;
    union {
        int i;
        double f;
        char *s; /* malloc'ed, owned by the command; never NULL */
    } v;
};

/* The optional prefix of a slave line (MPlayer's numbering). */
enum mp_pausing {
    MP_PAUSING_NONE = 0,       /* no prefix */
    MP_PAUSING = 1,            /* "pausing " */
    MP_PAUSING_KEEP = 2,       /* "pausing_keep " */
    MP_PAUSING_TOGGLE = 3,     /* "pausing_toggle " */
    MP_PAUSING_KEEP_FORCE = 4, /* "pausing_keep_force "; default of
                                  key_down_event and set_mouse_pos */
};

/* What the input and its owner need to know of a command besides its
 * arguments. */
enum mp_cmd_flag {
    /* Only answers: a front-end polling while the player cannot run
     * commands must not fill the queue, so equal ones are merged. */
    MP_CMD_F_QUERY = 1 << 0,
    /* Ends or replaces what plays: never lost to a full queue. */
    MP_CMD_F_CONTROL = 1 << 1,
    /* Ends the program, args[0] being the exit code: mp_input_take_quit
     * looks for it while the owner is blocked. */
    MP_CMD_F_QUIT = 1 << 2,
    /* Also runs with nothing playing (-idle). */
    MP_CMD_F_IDLE = 1 << 3,
    /* Decides itself about pausing: a command without a prefix otherwise
     * resumes playback first (MPlayer's rule). */
    MP_CMD_F_OWN_PAUSE = 1 << 4,
};

struct mp_cmd;

/*
 * One row of a command table. input/ parses lines against a table its owner
 * gives it (mp_input_opts.cmds); a table ends with a row whose name is NULL.
 * The handler and priv are the owner's: the parser only carries a pointer
 * to the row in each command, so whoever runs the command finds both there.
 */
struct mp_cmd_def {
    const char *name;
    int min_args; /* required ones come first */
    /* The arguments in order; the first MP_CMD_ARG_NONE ends the list. */
    enum mp_cmd_arg_type types[MP_CMD_MAX_ARGS];
    double defaults[MP_CMD_MAX_ARGS]; /* for optional int/float args */
    int pausing; /* enum mp_pausing for a line without a prefix */
    unsigned flags; /* enum mp_cmd_flag */
    /* Runs the command on the owner's ctx; the result means what the owner
     * says. NULL: accepted, but nothing here does it. */
    int (*handler)(void *ctx, const struct mp_cmd *cmd);
    const void *priv; /* the handler's per-row datum, e.g. a property name */
};

/* How many arguments def takes. */
int mp_cmd_def_num_args(const struct mp_cmd_def *def);

/*
 * One parsed command, owned by whoever holds the pointer; freed with
 * mp_cmd_free. Every argument the command defines is filled: args[k] for
 * k < nargs came from the line, the rest up to the definition's count hold
 * the defaults; slots after that have type MP_CMD_ARG_NONE. nargs is how
 * many the user gave (MPlayer's meaning), so "osd" has nargs 0 and
 * args[0].v.i == -1.
 */
struct mp_cmd {
    const struct mp_cmd_def *def; /* its row in the table it was parsed against */
    const char *name; /* def->name */
    int nargs;
    struct mp_cmd_arg args[MP_CMD_MAX_ARGS];
    int pausing; /* enum mp_pausing */
};

/* Result codes of mp_cmd_parse; the message for each (when there is one)
 * is what mp_cmd_parse_msg writes. */
enum mp_cmd_err {
    MP_CMD_OK = 0,
    MP_CMD_ERR_EMPTY = -1,    /* blank or comment line: nothing to do, no message */
    MP_CMD_ERR_UNKNOWN = -2,  /* "Unknown command 'x'." */
    MP_CMD_ERR_TOO_FEW = -3,  /* "Command x requires at least N arguments, we found
                                 only M so far." */
    MP_CMD_ERR_BAD_ARG = -4,  /* not a number, or an unterminated quote */
    MP_CMD_ERR_TOO_LONG = -5, /* more than MP_CMD_MAX_LINE bytes */
    MP_CMD_ERR_BINARY = -6,   /* NUL or control bytes */
    MP_CMD_ERR_QUEUE_FULL = -7, /* parsed, but the input queue was full */
};

/*
 * Parse one slave line (no newline needed; a trailing "\r\n" is ignored):
 * [pausing prefix] name [args...]. Names match case-insensitively and
 * exactly. Args are separated by spaces/tabs; an argument starting with
 * '#' ends the line (a comment). String args may be quoted with "..." or
 * '...'; a backslash makes the next character literal, quoted or not.
 * Integer args take a leading decimal number ("1.5" is 1, as MPlayer's
 * atoi); float args must be a whole finite number. Extra args are ignored.
 *
 * On success returns MP_CMD_OK and *out is a new command. On failure
 * returns an enum mp_cmd_err, *out is NULL, and mp_cmd_parse has printed
 * the message at MSGL_ERR of MSGT_INPUT (nothing for MP_CMD_ERR_EMPTY).
 */
int mp_cmd_parse(const struct mp_cmd_def *table, const char *line, struct mp_cmd **out);

/* The same, silent: the message (one line, no newline; "" for OK and
 * EMPTY) goes to err[errsize] when err is not NULL. */
int mp_cmd_parse_msg(const struct mp_cmd_def *table, const char *line, struct mp_cmd **out,
                     char *err, size_t errsize);

void mp_cmd_free(struct mp_cmd *cmd);

/* A deep copy, or NULL when out of memory. */
struct mp_cmd *mp_cmd_clone(const struct mp_cmd *cmd);

/* The row of table called name (case-insensitive), or NULL. */
const struct mp_cmd_def *mp_cmd_def_find(const struct mp_cmd_def *table, const char *name);

/* One line of -input cmdlist for def: the name padded to 20 columns and
 * the argument types ("Integer", "Float", "String", optional ones in
 * brackets), as MPlayer prints it. Returns what snprintf returns. */
int mp_cmd_def_format(const struct mp_cmd_def *def, char *buf, size_t size);

/* -input cmdlist: every command of table through mp_msg at MSGL_INFO. */
void mp_input_print_cmdlist(const struct mp_cmd_def *table);

/* ---------------------------------------------------------------------
 * Keys
 */

#define MP_KEY_BASE 0x1000000
#define MP_NO_REPEAT_KEY (1 << 28)
/* MPlayer's maximum number of keys held together in one binding. */
#define MP_MAX_KEY_DOWN 8

enum mp_keycode {
    MP_KEY_BS = 8,
    MP_KEY_TAB = 9,
    MP_KEY_ENTER = 13,
    MP_KEY_ESC = 27,
    MP_KEY_DEL = 127,
    MP_KEY_INS = MP_KEY_BASE,
    MP_KEY_HOME,
    MP_KEY_END,
    MP_KEY_PGUP,
    MP_KEY_PGDWN,
    MP_KEY_RIGHT = MP_KEY_BASE + 16,
    MP_KEY_LEFT,
    MP_KEY_DOWN,
    MP_KEY_UP,
    MP_KEY_KP0 = MP_KEY_BASE + 32, /* KP0..KP9 follow */
    MP_KEY_KPDEC = MP_KEY_BASE + 42,
    MP_KEY_KPINS,
    MP_KEY_KPDEL,
    MP_KEY_KPENTER,
    MP_KEY_CTRL = MP_KEY_BASE + 48,
    MP_KEY_F = MP_KEY_BASE + 64, /* F1 is MP_KEY_F + 1 */
    MP_KEY_POWER = MP_KEY_BASE + 384,
    MP_KEY_MENU,
    MP_KEY_PLAY,
    MP_KEY_PAUSE,
    MP_KEY_PLAYPAUSE,
    MP_KEY_STOP,
    MP_KEY_FORWARD,
    MP_KEY_REWIND,
    MP_KEY_NEXT,
    MP_KEY_PREV,
    MP_KEY_VOLUME_UP,
    MP_KEY_VOLUME_DOWN,
    MP_KEY_MUTE,
    MP_KEY_CLOSE_WIN = MP_KEY_BASE + 0x1000,
    MP_MOUSE_BTN0 = (0x100 + 256) | MP_NO_REPEAT_KEY, /* ..MP_MOUSE_BTN0 + 19 */
    MP_MOUSE_BTN0_DBL = 0x300 | MP_NO_REPEAT_KEY,     /* ..MP_MOUSE_BTN0_DBL + 19 */
};

/* Key code for one MPlayer key name: a single byte ("q", "#"), a single
 * UTF-8 character, a name from the table (case-insensitive: "SPACE",
 * "PGDWN", "F11", "KP5", "MOUSE_BTN3", "CTRL_A", ...), or "0x1b". Returns
 * -1 for anything else. */
int mp_input_key_from_name(const char *name);

/* A key combination as written in input.conf: names joined by '-'
 * ("CTRL-a", "a-b"; "-" alone and "x--" mean the minus key). Writes up to
 * MP_MAX_KEY_DOWN codes to keys[]; returns how many, or -1. */
int mp_input_keys_from_name(const char *name, int keys[MP_MAX_KEY_DOWN]);

/* The name of a key code into buf (always terminated); returns buf.
 * Printable characters are themselves except SPACE and SHARP, unknown
 * codes print as hex like MPlayer. */
const char *mp_input_key_name(int code, char *buf, size_t size);

/* -input keylist: every key name through mp_msg at MSGL_INFO. */
void mp_input_print_keylist(void);

/* ---------------------------------------------------------------------
 * Bindings (input.conf). Owned by the creator, freed by
 * mp_bindings_free. struct mp_input holds one; the functions on it below
 * forward here.
 */

struct mp_bindings;

/* with_defaults: include MPlayer's built-in bindings (after the user's).
 * cmds: the command table input.conf lines are checked against. */
struct mp_bindings *mp_bindings_create(const struct mp_cmd_def *cmds, bool with_defaults);
void mp_bindings_free(struct mp_bindings *b);

/* Bind (or rebind) a key combination to a command line; "ignore" binds
 * it to nothing. Returns 0, or -1 for an unknown key name. */
int mp_bindings_bind(struct mp_bindings *b, const char *keyname, const char *cmd);

/* Parse input.conf text: "KEY command args" lines, '#' comments, blank
 * lines. A bad line gets one message naming src and its line number and is
 * skipped. Returns the number of bindings made. */
int mp_bindings_parse(struct mp_bindings *b, const char *text, const char *src);

/* Read and parse a file. Returns bindings made, or -1 when it cannot be
 * read (message at MSGL_V, as MPlayer: the file is optional). */
int mp_bindings_load_file(struct mp_bindings *b, const char *path);

/* The command line bound to a combination (user bindings win over the
 * defaults), or NULL. The pointer is valid until the next change. */
const char *mp_bindings_lookup(const struct mp_bindings *b, const int *keys, int nkeys);

/* ---------------------------------------------------------------------
 * Terminal keys
 */

/*
 * Decode the first key in buf[len] of terminal input: plain bytes, UTF-8
 * characters, and VT100/xterm/linux-console escape sequences for arrows,
 * PgUp/PgDn, Home/End, Ins/Del and F1-F12 (modifier parameters such as
 * ESC[1;5C are dropped: Ctrl+Right is RIGHT). Returns the bytes consumed
 * and sets *code (to -1 for a recognised but meaningless sequence, which
 * is dropped), or 0 when buf holds only the start of a sequence and more
 * may come (more == true). With more == false something is always
 * consumed: a lone ESC is the ESC key.
 */
size_t mp_input_term_decode(const unsigned char *buf, size_t len, bool more, int *code);

/* ---------------------------------------------------------------------
 * The source
 */

struct mp_input_opts {
    bool slave;            /* -slave: stdin carries command lines, not keys */
    bool console_controls; /* read keys from stdin when not slave
                              (-noconsolecontrols clears; as MPlayer, also
                              when stdin is a pipe) */
    bool default_bindings; /* -input nodefault-bindings clears */
    char *conf;            /* -input conf=: absolute, or under ~/.mplayer/ (then
                              the current folder); NULL: ~/.mplayer/input.conf,
                              then MPLAYER_CONFDIR/input.conf */
    char *in_file;         /* -input file=: a FIFO or file of command lines */
    bool print_cmdlist;    /* -input cmdlist: the player prints and exits */
    bool print_keylist;    /* -input keylist: likewise */
    int ar_delay, ar_rate; /* accepted for MPlayer compatibility; unused */
    char *js_dev, *ar_dev; /* accepted for MPlayer compatibility; unused */
    int stdin_fd;          /* what "stdin" is; 0 (tests pass a pipe) */
    const struct mp_cmd_def *cmds; /* the command table; not copied, must outlive
                                      the input; required */
};

/* Defaults: console controls and default bindings on, stdin_fd 0. */
void mp_input_opts_init(struct mp_input_opts *o);

/* Parse an -input value ("conf=x:file=/tmp/f:nodefault-bindings:cmdlist")
 * into o. Returns 0, or -1 after a message. */
int mp_input_opts_parse(struct mp_input_opts *o, const char *value);

/* Free the strings in o (the struct itself is the caller's). */
void mp_input_opts_free(struct mp_input_opts *o);

struct mp_input;

/* Create the source: loads the bindings, opens the -input file (a failure
 * is reported and input goes on without it), and, when keys come from a
 * terminal in the foreground, puts it in non-canonical no-echo mode.
 * Returns NULL only when out of memory (or o->cmds is NULL). o is copied. */
struct mp_input *mp_input_create(const struct mp_input_opts *o);

/* Restore the terminal, close the FIFO, drop queued commands. NULL is
 * fine. */
void mp_input_free(struct mp_input *in);

/* Put the terminal back as it was (idempotent). Also runs at exit(); it is
 * async-signal-safe, for a signal handler that needs it (the player has
 * none: quit signals are polled). Re-enabled by mp_input_term_resume. */
void mp_input_term_restore(struct mp_input *in);
void mp_input_term_resume(struct mp_input *in);

/*
 * The next command, waiting at most timeout seconds (0: only what is
 * already readable; < 0: until a command arrives or every source has
 * ended). Queued commands come first, then whatever the sources produce
 * in order. Returns a new command for the caller to free, or NULL.
 * Malformed lines and unbound keys are reported through mp_msg and
 * skipped. EOF on stdin or the file stops reading it. With nothing left to
 * poll (every source ended, or only a terminal we are in the background
 * of) a positive timeout is slept and a negative one returns at once.
 * A signal interrupting the wait returns NULL early.
 */
struct mp_cmd *mp_input_read_cmd(struct mp_input *in, double timeout);

/*
 * While the player cannot run commands (an open or a read it waits for):
 * read what the sources hold now, without waiting, and take a queued quit
 * out of the queue: true, with its exit code in *code. Other commands stay
 * queued in order. A quit behind other commands is taken only once it has
 * waited 0.5 s (an open that is not stuck runs them first, in order). Queries equal to a queued one are merged once the
 * queue backs up, quit, stop and loadfile take the place of older commands
 * when it is full, and lines that must wait are looked past, so a quit
 * gets in unless 4 KB of distinct commands wait before it.
 */
bool mp_input_take_quit(struct mp_input *in, int *code);

/* Queue a command (ownership passes; it is freed if the queue is full).
 * Returns 0, or -1 when it was dropped. */
int mp_input_queue_cmd(struct mp_input *in, struct mp_cmd *cmd);

/* Parse a line and queue it. Returns an enum mp_cmd_err. */
int mp_input_queue_line(struct mp_input *in, const char *line);

/* A key pressed in a window (libvo): a key name or combination as in
 * input.conf ("q", "SPACE", "CTRL-f", "MOUSE_BTN0"). Translated through
 * the bindings and queued. Returns 0 when a command was queued, 1 when
 * the key is bound to nothing/ignore, -1 for an unknown key name. */
int mp_input_queue_key(struct mp_input *in, const char *keyname);

/* The same for a key code (key_down_event). */
int mp_input_queue_keycode(struct mp_input *in, int code);

/* The command line bound to a key name or combination, or NULL. */
const char *mp_input_key_binding(struct mp_input *in, const char *keyname);

/* The bindings of in, to rebind at run time. */
struct mp_bindings *mp_input_bindings(struct mp_input *in);

/* Whether any source is still open (stdin, file, terminal). */
bool mp_input_has_sources(const struct mp_input *in);

/* Whether commands wait in the queue (read from sources that may have
 * ended since, or queued by the player). */
bool mp_input_has_queued(const struct mp_input *in);

#endif
