/*
 * cmdline.c: the command line: -noconfig found before the config files are
 * read, then each argument set as an option or kept as a file to play, and
 * mp_set_option for callers that set one option by name.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/mp_msg.h"
#include "options/options_int.h"

void mp_cmdline_files_free(struct mp_cmdline_files *f)
{
    for (int i = 0; i < f->num; i++)
        free(f->files[i].name);
    free(f->files);
    f->files = NULL;
    f->num = 0;
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

int opt_func_noconfig(struct opt_ctx *c, const struct opt_def *d, const char *value,
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

int opt_func_playlist(struct opt_ctx *c, const struct opt_def *d, const char *value,
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
        if (d->func != opt_func_noconfig || !value)
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
