/*
 * fuzz_options: the input is read as a config file (mp_parse_config_file)
 * and, split at NUL bytes and newlines, as a command line
 * (mp_parse_command_line), each into a fresh struct MPOpts; then each
 * word through mp_parse_size and mp_parse_time. Everything is freed.
 *
 * '/' in the input becomes '_': -include and config lines may name files,
 * and the fuzzer must not wander into the machine's own config or a
 * terminal; relative names land in a folder made at start-up, which is
 * also $HOME and $MPLAYER_HOME. It holds the special files a config file
 * is read with bounds against (osdep/textfile.c): "zero" and "urandom"
 * (links to the devices: endless, NUL bytes), "null" (empty) and "dir".
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>
#include <sys/stat.h>

#include "libmpcodecs/mpcodecs.h"
#include "options/options.h"
#include "tests/fuzz/fuzz.h"

/* What the player gives the parser (player/core.c). */
static const struct mp_opt_checks fo_checks = {
    .swsopts = mp_sws_check_opts,
    .filter_list_edit = mp_filter_list_edit,
};

#define FO_MAX_ARGS 256

static char fo_dir[] = "/tmp/mpfuzz-opts.XXXXXX";
static bool fo_dir_made;

static const char *const fo_links[][2] = {
    {"zero", "/dev/zero"},
    {"urandom", "/dev/urandom"},
    {"null", "/dev/null"},
};

static void fo_rmdir(void)
{
    if (!fo_dir_made)
        return;
    for (size_t i = 0; i < sizeof(fo_links) / sizeof(fo_links[0]); i++)
        unlink(fo_links[i][0]);
    rmdir("dir");
    rmdir(fo_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_init();
    if (mkdtemp(fo_dir) && chdir(fo_dir) == 0) {
        fo_dir_made = true;
        atexit(fo_rmdir);
        setenv("HOME", fo_dir, 1);
        setenv("MPLAYER_HOME", fo_dir, 1);
        for (size_t i = 0; i < sizeof(fo_links) / sizeof(fo_links[0]); i++) {
            if (symlink(fo_links[i][1], fo_links[i][0]) < 0)
                fprintf(stderr, "fuzz_options: cannot link %s\n", fo_links[i][0]);
        }
        if (mkdir("dir", 0700) < 0)
            fprintf(stderr, "fuzz_options: cannot make dir\n");
    } else {
        /* Without the empty folder the names could reach real files. */
        fprintf(stderr, "fuzz_options: cannot make %s\n", fo_dir);
        abort();
    }
    return 0;
}

static void fo_check_opts(const struct MPOpts *o)
{
    FUZZ_CHECK(o->speed >= 0.01 && o->speed <= 100);
    FUZZ_CHECK(o->framedrop >= 0 && o->framedrop <= 2);
    FUZZ_CHECK(o->stream_buffer_size >= 0 && o->readahead_distance >= 0);
    FUZZ_CHECK(o->cache_kb >= -1);  /* -1: neither -cache nor -nocache given */
}

static void fo_config(const char *text, size_t size)
{
    char path[64];
    int fd = fuzz_memfile((const uint8_t *)text, size, path, sizeof(path));
    if (fd < 0)
        return;
    struct MPOpts o;
    mp_opts_init(&o);
    o.checks = &fo_checks;
    int r = mp_parse_config_file(&o, path, true);
    FUZZ_CHECK(r == MP_OPT_OK || r == MP_OPT_EXIT || r == MP_OPT_ERROR);
    if (r == MP_OPT_OK)
        fo_check_opts(&o);
    mp_opts_free(&o);
    close(fd);
}

static void fo_cmdline(char *text, size_t size)
{
    char *argv[FO_MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)"mplayer";
    char *word = text;
    for (size_t i = 0; i <= size && argc < FO_MAX_ARGS; i++) {
        if (i == size || text[i] == '\0' || text[i] == '\n') {
            text[i] = '\0';
            argv[argc++] = word;
            word = text + i + 1;
        }
    }
    argv[argc] = NULL;

    struct MPOpts o;
    struct mp_cmdline_files files = {0};
    mp_opts_init(&o);
    o.checks = &fo_checks;
    int r = mp_parse_command_line(&o, &files, argc, argv);
    FUZZ_CHECK(r == MP_OPT_OK || r == MP_OPT_EXIT || r == MP_OPT_ERROR);
    if (r == MP_OPT_OK)
        fo_check_opts(&o);
    FUZZ_CHECK(files.num >= 0 && (files.num == 0 || files.files));
    for (int i = 0; i < files.num; i++)
        FUZZ_CHECK(files.files[i].name);
    mp_cmdline_files_free(&files);
    mp_opts_free(&o);

    for (int i = 1; i < argc; i++) {
        int64_t sz;
        double t;
        if (mp_parse_size(argv[i], &sz) == 0)
            FUZZ_CHECK(sz >= 0);
        if (mp_parse_time(argv[i], &t) == 0)
            FUZZ_CHECK(isfinite(t));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* -v, -quiet and -msglevel of the last input must not make this one
     * print. */
    mp_msg_reset();
    fuzz_quiet();
    char *text = fuzz_strndup(data, size);
    if (!text)
        return 0;
    for (size_t i = 0; i < size; i++) {
        if (text[i] == '/')
            text[i] = '_';
    }
    fo_config(text, size);
    fo_cmdline(text, size);
    free(text);
    return 0;
}
