/*
 * -ao pcm: writes the audio to a WAV file (or raw PCM with nowaveheader),
 * MPlayer's suboptions file=, waveheader/nowaveheader, fast.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A regular file appears under its name only when complete, with the
 * sizes in its header right: it is written as a hidden temporary in the
 * same folder and renamed at close; an abort or a write error removes
 * it. Pipes, devices and "-" (stdout) cannot be patched afterwards, so
 * they get a header with streaming sizes, as MPlayer writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavutil/channel_layout.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libao2/ao_internal.h"

/* MPlayer's data size for a header that will not be patched. */
#define PCM_STREAM_DATA_SIZE 0x7ffff000u
/* Where MPlayer clamps the data size of files a WAV header cannot
 * describe (> 4 GB): readers stop there instead of at a wrapped size. */
#define PCM_MAX_DATA_SIZE 0xfffff000u

#define WAV_FORMAT_PCM 0x0001
#define WAV_FORMAT_IEEE_FLOAT 0x0003
#define WAV_FORMAT_EXTENSIBLE 0xfffe
#define WAV_HEADER_MAX 68

struct pcm_opts {
    char *file;
    bool waveheader;
    bool fast;
};

static const struct subopt pcm_subopts[] = {
    {"file", SUBOPT_STRING, offsetof(struct pcm_opts, file), 0, 0},
    {"waveheader", SUBOPT_FLAG, offsetof(struct pcm_opts, waveheader), 0, 0},
    {"fast", SUBOPT_FLAG, offsetof(struct pcm_opts, fast), 0, 0},
    {0},
};

struct pcm_priv {
    struct pcm_opts opts;
    struct ao_format fmt;
    int fd;
    bool own_fd;   /* false for stdout */
    char *tmp;     /* the temporary being written, or NULL (direct) */
    bool seekable; /* the header can be patched at close */
    off_t header_pos;
    uint64_t data_bytes;
    bool failed; /* a write failed and was reported */
};

static void pcm_put16(uint8_t *p, unsigned v)
{
    p[0] = v & 0xff;
    p[1] = (v >> 8) & 0xff;
}

static void pcm_put32(uint8_t *p, uint32_t v)
{
    for (int n = 0; n < 4; n++)
        p[n] = (v >> (8 * n)) & 0xff;
}

/* Build the RIFF/WAVE header for data_size bytes of data; returns its
 * length. More than 2 channels need WAVE_FORMAT_EXTENSIBLE to say which
 * speakers they are; libavcodec's default order is the WAV order. */
static int pcm_wav_header(uint8_t *h, const struct ao_format *fmt, uint32_t data_size,
                          uint32_t pad)
{
    int bytes = av_get_bytes_per_sample(fmt->fmt);
    bool ext = fmt->channels > 2;
    unsigned tag = fmt->fmt == AV_SAMPLE_FMT_FLT ? WAV_FORMAT_IEEE_FLOAT : WAV_FORMAT_PCM;
    uint32_t fmt_size = ext ? 40 : 16;
    int len = 12 + 8 + (int)fmt_size + 8;

    memcpy(h, "RIFF", 4);
    pcm_put32(h + 4, 4 + 8 + fmt_size + 8 + data_size + pad);
    memcpy(h + 8, "WAVEfmt ", 8);
    pcm_put32(h + 16, fmt_size);
    pcm_put16(h + 20, ext ? WAV_FORMAT_EXTENSIBLE : tag);
    pcm_put16(h + 22, (unsigned)fmt->channels);
    pcm_put32(h + 24, (uint32_t)fmt->rate);
    pcm_put32(h + 28, (uint32_t)fmt->rate * (uint32_t)(fmt->channels * bytes));
    pcm_put16(h + 32, (unsigned)(fmt->channels * bytes));
    pcm_put16(h + 34, (unsigned)(bytes * 8));
    uint8_t *p = h + 36;
    if (ext) {
        AVChannelLayout layout;
        av_channel_layout_default(&layout, fmt->channels);
        uint32_t mask = 0;
        if (layout.order == AV_CHANNEL_ORDER_NATIVE && layout.u.mask <= UINT32_MAX)
            mask = (uint32_t)layout.u.mask;
        av_channel_layout_uninit(&layout);
        pcm_put16(p, 22);
        pcm_put16(p + 2, (unsigned)(bytes * 8));
        pcm_put32(p + 4, mask);
        /* KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: the format tag in the
         * first field of the GUID 0000xxxx-0000-0010-8000-00aa00389b71. */
        static const uint8_t guid_tail[12] = {0x00, 0x00, 0x10, 0x00, 0x80, 0x00,
                                              0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71};
        pcm_put32(p + 8, tag);
        memcpy(p + 12, guid_tail, sizeof(guid_tail));
        p += 24;
    }
    memcpy(p, "data", 4);
    pcm_put32(p + 4, data_size);
    return len;
}

/* Write all of buf at the current position (pos < 0) or at pos. Returns
 * 0 or an errno value. */
static int pcm_write_all(int fd, const void *buf, size_t size, off_t pos)
{
    const uint8_t *b = buf;
    size_t done = 0;
    while (done < size) {
        ssize_t n = pos < 0 ? write(fd, b + done, size - done)
                            : pwrite(fd, b + done, size - done, pos + (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n < 0 ? errno : EIO;
        done += (size_t)n;
    }
    return 0;
}

static void pcm_write_failed(struct pcm_priv *p, int err)
{
    if (!p->failed) {
        mp_msg(MSGT_AO, MSGL_ERR, "-ao pcm: cannot write '%s': %s\n", p->opts.file,
               strerror(err));
    }
    p->failed = true;
}

/* Create a hidden temporary next to path; returns the fd or -1 with
 * errno set. O_EXCL with the pid in the name: two players writing the
 * same name never share a temporary. */
static int pcm_create_tmp(struct pcm_priv *p, const char *path)
{
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path) + 1 : 0;
    const char *base = path + dir_len;
    for (int attempt = 0; attempt < 100; attempt++) {
        free(p->tmp);
        p->tmp = NULL;
        if (asprintf(&p->tmp, "%.*s.%s.%ld.%d.tmp", dir_len, path, base, (long)getpid(),
                     attempt) < 0) {
            p->tmp = NULL;
            errno = ENOMEM;
            return -1;
        }
        int fd = open(p->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

/* Open the target: a temporary for regular files (or a new name), the
 * name itself for anything else. Returns 0 or an errno value. */
static int pcm_open_target(struct pcm_priv *p)
{
    const char *path = p->opts.file;
    if (strcmp(path, "-") == 0) {
        p->fd = STDOUT_FILENO;
        p->own_fd = false;
    } else {
        struct stat st;
        bool use_tmp = lstat(path, &st) < 0 ? errno == ENOENT : S_ISREG(st.st_mode);
        /* A symlink (/dev/stdout) or a device is written through: renaming
         * over it would replace the link, not write where it points. */
        p->fd = use_tmp ? pcm_create_tmp(p, path)
                        : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (p->fd < 0) {
            free(p->tmp);
            p->tmp = NULL;
            return errno;
        }
        p->own_fd = true;
    }
    struct stat st;
    off_t pos = lseek(p->fd, 0, SEEK_CUR);
    p->seekable = fstat(p->fd, &st) == 0 && S_ISREG(st.st_mode) && pos >= 0;
    p->header_pos = p->seekable ? pos : 0;
    return 0;
}

static const char *pcm_fmt_name(enum AVSampleFormat f)
{
    switch (f) {
    case AV_SAMPLE_FMT_U8: return "u8";
    case AV_SAMPLE_FMT_S16: return "s16le";
    case AV_SAMPLE_FMT_S32: return "s32le";
    case AV_SAMPLE_FMT_FLT: return "floatle";
    default: return "?";
    }
}

static int pcm_open(struct ao *ao, const char *args, struct ao_format *fmt)
{
    struct pcm_priv *p = ao->priv;
    p->fd = -1;
    p->opts.waveheader = true;
    if (subopt_parse(args, pcm_subopts, &p->opts, MSGT_AO, "-ao pcm") < 0)
        return -AO_ERR_OPTION;
    if (!p->opts.file || !p->opts.file[0]) {
        free(p->opts.file);
        p->opts.file = strdup(p->opts.waveheader ? "audiodump.wav" : "audiodump.pcm");
        if (!p->opts.file) {
            mp_msg(MSGT_AO, MSGL_ERR, "-ao pcm: out of memory.\n");
            return -AO_ERR_INIT;
        }
    }
    ao->fast = p->opts.fast;

    switch (fmt->fmt) {
    case AV_SAMPLE_FMT_U8:
    case AV_SAMPLE_FMT_S16:
    case AV_SAMPLE_FMT_S32:
    case AV_SAMPLE_FMT_FLT:
        break;
    default:
        fmt->fmt = AV_SAMPLE_FMT_S16;
        break;
    }
    p->fmt = *fmt;

    int err = pcm_open_target(p);
    if (err) {
        mp_msg(MSGT_AO, ao_init_msgl(ao), "-ao pcm: cannot open '%s' for writing: %s\n",
               p->opts.file, strerror(err));
        return -AO_ERR_INIT;
    }
    mp_msg(MSGT_AO, MSGL_INFO, "[AO PCM] File: %s (%s)\nPCM: Samplerate: %dHz Channels: %d "
           "Format %s\n", p->opts.file, p->opts.waveheader ? "WAVE" : "RAW PCM", fmt->rate,
           fmt->channels, pcm_fmt_name(fmt->fmt));
    if (!p->opts.fast) {
        mp_msg(MSGT_AO, MSGL_INFO, "[AO PCM] Info: Faster dumping is achieved with -benchmark "
               "-vc null -vo null -ao pcm:fast\n");
    }
    if (p->opts.waveheader) {
        uint8_t h[WAV_HEADER_MAX];
        int len = pcm_wav_header(h, fmt, PCM_STREAM_DATA_SIZE, 0);
        err = pcm_write_all(p->fd, h, (size_t)len, -1);
        if (err) {
            pcm_write_failed(p, err);
            return -AO_ERR_WRITE;
        }
    }
    return 0;
}

static int pcm_play(struct ao *ao, const void *data, int samples)
{
    struct pcm_priv *p = ao->priv;
    if (p->failed)
        return -AO_ERR_WRITE;
    int err = pcm_write_all(p->fd, data, (size_t)samples * (size_t)ao->frame_bytes, -1);
    if (err) {
        pcm_write_failed(p, err);
        return -AO_ERR_WRITE;
    }
    p->data_bytes += (uint64_t)samples * (uint64_t)ao->frame_bytes;
    return samples;
}

/* Pad the data chunk to an even size and put the real sizes in the
 * header. Returns 0 or an errno value. */
static int pcm_finish_header(struct pcm_priv *p)
{
    uint64_t data = p->data_bytes;
    uint32_t pad = data & 1;
    if (pad) {
        int err = pcm_write_all(p->fd, "", 1, -1);
        if (err)
            return err;
    }
    if (data > PCM_MAX_DATA_SIZE) {
        mp_msg(MSGT_AO, MSGL_WARN, "-ao pcm: '%s' is larger than a WAV header can describe; "
               "players may stop after 4 GB.\n", p->opts.file);
        data = PCM_MAX_DATA_SIZE;
        pad = 0;
    }
    uint8_t h[WAV_HEADER_MAX];
    int len = pcm_wav_header(h, &p->fmt, (uint32_t)data, pad);
    return pcm_write_all(p->fd, h, (size_t)len, p->header_pos);
}

static int pcm_close(struct ao *ao, bool abort_output)
{
    struct pcm_priv *p = ao->priv;
    int err = 0;
    if (p->fd >= 0 && !abort_output && !p->failed && p->opts.waveheader && p->seekable)
        err = pcm_finish_header(p);
    if (p->fd >= 0 && p->own_fd && close(p->fd) < 0 && !err)
        err = errno;
    p->fd = -1;
    if (err && !abort_output)
        pcm_write_failed(p, err);
    if (p->tmp) {
        if (abort_output || p->failed) {
            unlink(p->tmp);
        } else if (rename(p->tmp, p->opts.file) < 0) {
            pcm_write_failed(p, errno);
            unlink(p->tmp);
        }
        free(p->tmp);
        p->tmp = NULL;
    }
    int r = p->failed ? -AO_ERR_WRITE : 0;
    subopt_free(pcm_subopts, &p->opts);
    return r;
}

const struct ao_driver ao_driver_pcm = {
    .name = "pcm",
    .desc = "RAW PCM/WAVE file writer audio output",
    .autoprobe = false,
    .priv_size = sizeof(struct pcm_priv),
    .open = pcm_open,
    .close = pcm_close,
    .play = pcm_play,
};
