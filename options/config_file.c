/*
 * config_file.c: config files (the default ones, -include, the ones beside
 * a file) and their [profile] sections (-profile, -show-profile).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A line is "name=value" or "name" (a flag); "#" starts a comment. Errors
 * name the file and line: "file:12: option 'ss': ...".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "config.h"
#include "common/mp_msg.h"
#include "options/options_int.h"
#include "osdep/osdep.h"

/* Deep enough for any sane layout, shallow enough to stop a loop fast. */
#define OPT_MAX_INCLUDE_DEPTH 8
/* Bounds on a config file (-include, the default files): a real one is a
 * few KB; /dev/zero or a runaway pipe must not fill memory. The message
 * that names them is in config_read_error. */
#define OPT_CONFIG_MAX_SIZE (1024 * 1024)
#define OPT_CONFIG_MAX_LINE (64 * 1024)
/* MPlayer's bound on profiles that name profiles; a loop stops here. */
#define OPT_MAX_PROFILE_DEPTH 20

/* Read path when it exists: 1 read, 0 none, -1 a bad line. */
static int file_config_try(struct MPOpts *o, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "Loading config '%s'\n", path);
    return mp_parse_config_file(o, path, true) == MP_OPT_OK ? 1 : -1;
}

/* -use-filedir-conf: the folder's mplayer.conf, then name.conf beside the
 * file; *beside: the latter exists. 1 one read, 0 none, -1 a bad line. */
static int file_configs_beside(struct MPOpts *o, const char *name, bool *beside)
{
    const char *slash = strrchr(name, '/');
    char *path = NULL;
    int n = slash ? asprintf(&path, "%.*s/mplayer.conf", (int)(slash - name), name)
                  : asprintf(&path, "mplayer.conf");
    if (n < 0)
        return -1;
    int found = file_config_try(o, path);
    free(path);
    if (found < 0)
        return -1;
    if (asprintf(&path, "%s.conf", name) < 0)
        return -1;
    int r = file_config_try(o, path);
    free(path);
    if (r < 0)
        return -1;
    *beside = r > 0;
    return found | r;
}

int mp_load_file_configs(struct MPOpts *o, const char *name)
{
    int found = 0, r;
    bool beside = false;
    /* Beside the file: not for URLs, which have no folder of ours. */
    if (o->use_filedir_conf && !strstr(name, "://")) {
        /* The media's folder may be anyone's: what it sets may not run
         * commands (MPlayer warned that this option may be dangerous). */
        char *cmd_before = o->heartbeat_cmd;
        o->heartbeat_cmd = NULL;
        r = file_configs_beside(o, name, &beside);
        if (o->heartbeat_cmd)
            mp_msg(MSGT_OPTIONS, MSGL_WARN, "heartbeat-cmd in a config file beside '%s' "
                   "ignored: such files must not run commands.\n", name);
        free(o->heartbeat_cmd);
        o->heartbeat_cmd = cmd_before;
        if (r < 0)
            return -1;
        found |= r;
    }
    if (beside)
        return found;
    /* The user's own: <basename>.conf in the config folder. */
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (!*base)
        return found;
    const char *home = getenv("MPLAYER_HOME");
    char *path = NULL;
    int n = -1;
    if (home && *home)
        n = asprintf(&path, "%s/%s.conf", home, base);
    else if ((home = getenv("HOME")) && *home)
        n = asprintf(&path, "%s/.mplayer/%s.conf", home, base);
    if (n < 0)
        return found;
    r = file_config_try(o, path);
    free(path);
    return r < 0 ? -1 : found | r;
}

/* ---- config files ---- */

/*
 * Split one config line into name and value (either may be NULL when the
 * line is blank or a comment). The line is modified in place. Returns 0 or
 * -1 with err set.
 */
static int split_config_line(char *line, char **name, char **value, char *err, size_t errsize)
{
    *name = *value = NULL;
    char *p = line + strspn(line, " \t\r\n");
    if (!*p || *p == '#')
        return 0;
    *name = p;
    p += strcspn(p, " \t\r\n=#");
    char *name_end = p;
    p += strspn(p, " \t\r\n");
    if (!*p || *p == '#') {
        *name_end = '\0';
        return 0;
    }
    if (*p != '=') {
        *name_end = '\0';
        opt_err(err, errsize, "expected '=' after '%s'", *name);
        return -1;
    }
    *name_end = '\0';
    p++;
    p += strspn(p, " \t");
    if (*p == '"' || *p == '\'') {
        char quote = *p++;
        char *close = strchr(p, quote);
        if (!close) {
            opt_err(err, errsize, "missing closing %c", quote);
            return -1;
        }
        *close = '\0';
        *value = p;
        char *rest = close + 1;
        rest += strspn(rest, " \t\r\n");
        if (*rest && *rest != '#') {
            opt_err(err, errsize, "text after the closing quote");
            return -1;
        }
        return 0;
    }
    *value = p;
    char *end = p + strcspn(p, "#\r\n");
    while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    *end = '\0';
    return 0;
}

/*
 * The option a config line names. Returns 1 with *d set, 0 for a name this
 * player does not know (warned: MPlayer 1.5 warns and plays), -1 for an
 * option only the command line may give (said).
 */
static int config_find_option(const char *path, int lineno, const char *name,
                              const struct opt_def **d, bool *negated)
{
    *d = opt_find(name, strlen(name), negated);
    if (!*d) {
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "%s:%d: unknown option '%s' ignored\n", path, lineno,
               name);
        return 0;
    }
    if ((*d)->flags & OPTF_NOCFG) {
        mp_msg(MSGT_OPTIONS, MSGL_ERR,
               "%s:%d: option '%s' is only allowed on the command line\n", path, lineno,
               (*d)->name);
        return -1;
    }
    return 1;
}

/*
 * Apply one config line (name as written, value or NULL) from path:lineno.
 * Returns 0, or -1 when the line was bad (the message is printed). An
 * unknown name is not an error: MPlayer 1.5 warns and plays, and a config
 * file written for MPlayer or an older build must keep working.
 */
static int config_set_line(struct opt_ctx *fc, const char *path, int lineno,
                           const char *name, const char *value)
{
    char err[512] = "";
    bool negated;
    const struct opt_def *d = NULL;
    int found = config_find_option(path, lineno, name, &d, &negated);
    if (found <= 0)
        return found;
    int r = opt_set(fc, d, negated, value, err, sizeof(err));
    switch (r) {
    case OPT_R_OK:
    case OPT_R_EXIT:
        return 0;
    case OPT_R_NEEDPARAM:
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "%s:%d: option '%s' needs a parameter\n", path, lineno,
               d->name);
        return -1;
    case OPT_R_NOTHERE:
        mp_msg(MSGT_OPTIONS, MSGL_ERR,
               "%s:%d: option '%s' is only allowed on the command line\n", path, lineno,
               d->name);
        return -1;
    case OPT_R_PRINTED:
        return -1;
    default:
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "%s:%d: option '%s': %s\n", path, lineno, d->name, err);
        return -1;
    }
}

/* ---- profiles ---- */

static struct opt_profile *profile_find(struct opt_profiles *ps, const char *name, size_t len)
{
    if (!ps)
        return NULL;
    for (int i = 0; i < ps->num; i++) {
        if (strlen(ps->list[i].name) == len && !strncmp(ps->list[i].name, name, len))
            return &ps->list[i];
    }
    return NULL;
}

/* A second [name] section adds to the first, as in MPlayer. */
static struct opt_profile *profile_get(struct opt_profiles *ps, const char *name)
{
    struct opt_profile *p = profile_find(ps, name, strlen(name));
    if (p)
        return p;
    struct opt_profile *n = realloc(ps->list, sizeof(*n) * (size_t)(ps->num + 1));
    if (!n)
        return NULL;
    ps->list = n;
    p = &ps->list[ps->num];
    *p = (struct opt_profile){.name = strdup(name)};
    if (!p->name)
        return NULL;
    ps->num++;
    return p;
}

static int profile_add_line(struct opt_profile *p, const char *name, const char *value,
                            const char *path, int lineno)
{
    struct opt_profile_line *n =
        realloc(p->lines, sizeof(*n) * (size_t)(p->num_lines + 1));
    if (!n)
        return -1;
    p->lines = n;
    struct opt_profile_line *l = &p->lines[p->num_lines];
    *l = (struct opt_profile_line){
        .name = strdup(name),
        .value = value ? strdup(value) : NULL,
        .path = strdup(path),
        .lineno = lineno,
    };
    if (!l->name || !l->path || (value && !l->value)) {
        free(l->name);
        free(l->value);
        free(l->path);
        return -1;
    }
    p->num_lines++;
    return 0;
}

void opt_profiles_free(struct opt_profiles *ps)
{
    for (int i = 0; i < ps->num; i++) {
        struct opt_profile *p = &ps->list[i];
        for (int j = 0; j < p->num_lines; j++) {
            free(p->lines[j].name);
            free(p->lines[j].value);
            free(p->lines[j].path);
        }
        free(p->lines);
        free(p->name);
        free(p->desc);
    }
    free(ps->list);
    *ps = (struct opt_profiles){0};
}

/*
 * One line inside a [name] section: kept, not applied. The name is checked
 * now so that a typo is reported where it is even if the profile is never
 * used (MPlayer 1.5 does the same); the value is checked when applied.
 */
static int profile_config_line(struct opt_profile *p, const char *path, int lineno,
                               const char *name, const char *value)
{
    if (!strcasecmp(name, "profile-desc")) {
        char *copy = strdup(value ? value : "");
        if (!copy)
            goto nomem;
        free(p->desc);
        p->desc = copy;
        return 0;
    }
    bool negated;
    const struct opt_def *d = NULL;
    int found = config_find_option(path, lineno, name, &d, &negated);
    if (found <= 0)
        return found;
    if (profile_add_line(p, name, value, path, lineno) < 0)
        goto nomem;
    return 0;
nomem:
    mp_msg(MSGT_OPTIONS, MSGL_FATAL, "%s:%d: out of memory\n", path, lineno);
    return -1;
}

static void profile_print_list(const struct opt_profiles *ps)
{
    /* MPlayer 1.5's layout; the order is the order of definition. */
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "Available profiles:\n");
    for (int i = 0; ps && i < ps->num; i++)
        mp_msg(MSGT_OPTIONS, MSGL_INFO, "\t%s\t%s\n", ps->list[i].name,
               ps->list[i].desc ? ps->list[i].desc : "");
}

static int profile_apply(struct opt_ctx *c, const struct opt_profile *p)
{
    if (c->profile_depth >= OPT_MAX_PROFILE_DEPTH) {
        /* A warning, as in MPlayer: the profiles applied so far stand. */
        mp_msg(MSGT_OPTIONS, MSGL_WARN,
               "Profile '%s' not applied: profiles include each other more than %d deep\n",
               p->name, OPT_MAX_PROFILE_DEPTH);
        return 0;
    }
    struct opt_ctx pc = *c;
    pc.cmdline = false;
    pc.profile_depth++;
    mp_msg(MSGT_OPTIONS, MSGL_V, "Applying profile '%s'\n", p->name);
    int errors = 0;
    for (int i = 0; i < p->num_lines; i++) {
        const struct opt_profile_line *l = &p->lines[i];
        if (config_set_line(&pc, l->path, l->lineno, l->name, l->value) < 0)
            errors++;
    }
    return errors ? -1 : 0;
}

int opt_func_profile(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    if (!strcmp(value, "help")) {
        profile_print_list(c->profiles);
        return OPT_R_EXIT;
    }
    /* Every name must exist before any is applied: a typo changes nothing. */
    for (const char *p = value;; p++) {
        size_t len = strcspn(p, ",");
        if (!profile_find(c->profiles, p, len)) {
            opt_err(err, errsize, "unknown profile '%.*s'", (int)len, p);
            return OPT_R_BADVAL;
        }
        p += len;
        if (!*p)
            break;
    }
    int errors = 0;
    for (const char *p = value;; p++) {
        size_t len = strcspn(p, ",");
        if (profile_apply(c, profile_find(c->profiles, p, len)) < 0)
            errors++;
        p += len;
        if (!*p)
            break;
    }
    return errors ? OPT_R_PRINTED : OPT_R_OK;
}

/* -show-profile: the lines of p, and those of the profiles it names, one
 * space deeper for each level (MPlayer's layout). */
static void profile_show(struct opt_profiles *ps, const struct opt_profile *p, int indent)
{
    if (indent > OPT_MAX_PROFILE_DEPTH) {
        mp_msg(MSGT_OPTIONS, MSGL_WARN, "%*sprofiles include each other more than %d deep\n",
               indent, "", OPT_MAX_PROFILE_DEPTH);
        return;
    }
    for (int i = 0; i < p->num_lines; i++) {
        const struct opt_profile_line *l = &p->lines[i];
        mp_msg(MSGT_OPTIONS, MSGL_INFO, "%*s%s%s%s\n", indent, "", l->name,
               l->value ? "=" : "", l->value ? l->value : "");
        if (strcasecmp(l->name, "profile") || !l->value)
            continue;
        for (const char *n = l->value;; n++) {
            size_t len = strcspn(n, ",");
            const struct opt_profile *sub = profile_find(ps, n, len);
            if (sub)
                profile_show(ps, sub, indent + 1);
            n += len;
            if (!*n)
                break;
        }
    }
}

int opt_func_show_profile(struct opt_ctx *c, const struct opt_def *d, const char *value,
                             char *err, size_t errsize)
{
    const struct opt_profile *p = profile_find(c->profiles, value, strlen(value));
    if (!p) {
        opt_err(err, errsize, "unknown profile '%s' (-profile help lists them)", value);
        return OPT_R_BADVAL;
    }
    mp_msg(MSGT_OPTIONS, MSGL_INFO, "Profile %s: %s\n", p->name, p->desc ? p->desc : "");
    profile_show(c->profiles, p, 1);
    return OPT_R_EXIT;
}

/*
 * A "[name]" line: the profile its lines go to (*cur, NULL for [default],
 * whose lines apply at once as the lines before any section do).
 */
static int config_section(struct opt_ctx *c, const char *path, int lineno, char *start,
                          struct opt_profile **cur)
{
    char *close = strchr(start, ']');
    char *rest = close ? close + 1 + strspn(close + 1, " \t\r\n") : NULL;
    if (!close || close == start + 1 || (*rest && *rest != '#')) {
        mp_msg(MSGT_OPTIONS, MSGL_ERR, "%s:%d: expected a profile name as [name]\n", path,
               lineno);
        return -1;
    }
    *close = '\0';
    const char *name = start + 1;
    if (!strcasecmp(name, "default")) {
        *cur = NULL;
        return 0;
    }
    *cur = c->profiles ? profile_get(c->profiles, name) : NULL;
    if (!*cur) {
        mp_msg(MSGT_OPTIONS, MSGL_FATAL, "%s:%d: out of memory\n", path, lineno);
        return -1;
    }
    return 0;
}

/* The lines of a config file read whole (text, size bytes), in place. */
static int parse_config_text(struct opt_ctx *c, const char *path, char *text, size_t size)
{
    struct opt_ctx fc = *c;
    fc.cmdline = false;
    int errors = 0;
    int lineno = 0;
    struct opt_profile *cur = NULL;
    bool skipping = false; /* after a bad [section] line: its lines belong nowhere */
    char *next = text;
    for (char *line; (line = mp_text_next_line(&next, text + size));) {
        lineno++;
        char err[512] = "";
        char *name, *value;
        char *start = line + strspn(line, " \t");
        if (*start == '[') {
            skipping = config_section(&fc, path, lineno, start, &cur) < 0;
            errors += skipping;
            continue;
        }
        if (skipping)
            continue;
        if (split_config_line(line, &name, &value, err, sizeof(err)) < 0) {
            mp_msg(MSGT_OPTIONS, MSGL_ERR, "%s:%d: %s\n", path, lineno, err);
            errors++;
            continue;
        }
        if (!name)
            continue;
        int r = cur ? profile_config_line(cur, path, lineno, name, value)
                    : config_set_line(&fc, path, lineno, name, value);
        if (r < 0)
            errors++;
    }
    return errors ? OPT_R_PRINTED : OPT_R_OK;
}

/* Why a config file could not be read, with the bounds if it broke one. */
static const char *config_read_error(int rerr, char *buf, size_t size)
{
    if (rerr == MP_TEXT_TOO_BIG || rerr == MP_TEXT_LINE_TOO_LONG)
        snprintf(buf, size, "%s (at most %d MiB, lines of at most %d KiB)",
                 mp_text_file_strerror(rerr), OPT_CONFIG_MAX_SIZE / (1024 * 1024),
                 OPT_CONFIG_MAX_LINE / 1024);
    else
        snprintf(buf, size, "%s", mp_text_file_strerror(rerr));
    return buf;
}

static int opt_parse_config_file(struct opt_ctx *c, const char *path, bool must_exist)
{
    char *text;
    size_t size;
    int rerr = mp_read_text_file(path, OPT_CONFIG_MAX_SIZE, OPT_CONFIG_MAX_LINE, &text, &size,
                                 NULL, NULL);
    if (rerr == MP_TEXT_INTERRUPTED)
        return OPT_R_PRINTED; /* the player takes the signal and says so */
    if (rerr < 0) {
        if (rerr == -ENOENT && !must_exist)
            return OPT_R_OK;
        /* Too big or not text is an error even for the default files:
         * reading them any further is what the bounds are there to stop. */
        bool fatal = must_exist || rerr <= MP_TEXT_TOO_BIG;
        char why[160];
        mp_msg(MSGT_OPTIONS, fatal ? MSGL_ERR : MSGL_WARN, "Cannot read config file %s: %s\n",
               path, config_read_error(rerr, why, sizeof(why)));
        return fatal ? OPT_R_PRINTED : OPT_R_OK;
    }
    mp_msg(MSGT_OPTIONS, MSGL_V, "Reading config file %s\n", path);
    int r = parse_config_text(c, path, text, size);
    free(text);
    return r;
}

int mp_parse_config_file(struct MPOpts *o, const char *path, bool must_exist)
{
    struct opt_profiles profiles = {0};
    struct opt_ctx c = {.o = o, .profiles = &profiles};
    int r = opt_parse_config_file(&c, path, must_exist);
    opt_profiles_free(&profiles);
    return r == OPT_R_OK ? MP_OPT_OK : MP_OPT_ERROR;
}

int opt_read_default_configs(struct opt_ctx *c, int mask)
{
    if (!(mask & OPT_NOCONFIG_SYSTEM)) {
        if (opt_parse_config_file(c, MPLAYER_CONFDIR "/config", false) != OPT_R_OK)
            return -1;
    }
    if (!(mask & OPT_NOCONFIG_USER)) {
        char *path = NULL;
        const char *home = getenv("MPLAYER_HOME");
        int n = -1;
        if (home && *home) {
            n = asprintf(&path, "%s/config", home);
        } else {
            home = getenv("HOME");
            if (home && *home)
                n = asprintf(&path, "%s/.mplayer/config", home);
        }
        if (n >= 0) {
            int r = opt_parse_config_file(c, path, false);
            free(path);
            if (r != OPT_R_OK)
                return -1;
        }
    }
    return 0;
}

int opt_func_include(struct opt_ctx *c, const struct opt_def *d, const char *value,
                        char *err, size_t errsize)
{
    if (c->depth >= OPT_MAX_INCLUDE_DEPTH) {
        opt_err(err, errsize, "includes nested more than %d deep (an include loop?)",
                OPT_MAX_INCLUDE_DEPTH);
        return OPT_R_BADVAL;
    }
    char *text;
    size_t size;
    /* "-" is a file here, not stdin (as in MPlayer). */
    const char *path = strcmp(value, "-") ? value : "./-";
    int rerr = mp_read_text_file(path, OPT_CONFIG_MAX_SIZE, OPT_CONFIG_MAX_LINE, &text, &size,
                                 NULL, NULL);
    if (rerr == MP_TEXT_INTERRUPTED)
        return OPT_R_PRINTED; /* the player takes the signal and says so */
    if (rerr < 0) {
        char why[160];
        opt_err(err, errsize, "cannot open '%s': %s", value,
                config_read_error(rerr, why, sizeof(why)));
        return OPT_R_BADVAL;
    }
    mp_msg(MSGT_OPTIONS, MSGL_V, "Reading config file %s\n", value);
    struct opt_ctx sub = *c;
    sub.depth++;
    int r = parse_config_text(&sub, value, text, size);
    free(text);
    return r == OPT_R_OK ? OPT_R_OK : OPT_R_PRINTED;
}
