/*
 * -vo png: writes every frame to its own PNG file, 00000001.png,
 * 00000002.png, ... (MPlayer's suboptions z, outdir, prefix, alpha).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A file appears under its final name only when complete: it is written
 * to a hidden temporary in the same folder and renamed, so a crash or a
 * full disk never leaves a truncated image that looks like a frame.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavutil/error.h>
#include <libavutil/pixdesc.h>

#include "common/mp_msg.h"
#include "common/subopt.h"
#include "libvo/vo_internal.h"

struct png_opts {
    int z;
    bool alpha;
    char *outdir;
    char *prefix;
};

static const struct subopt png_subopts[] = {
    {"z", SUBOPT_INT, offsetof(struct png_opts, z), 0, 9},
    {"alpha", SUBOPT_FLAG, offsetof(struct png_opts, alpha), 0, 0},
    {"outdir", SUBOPT_STRING, offsetof(struct png_opts, outdir), 0, 0},
    {"prefix", SUBOPT_STRING, offsetof(struct png_opts, prefix), 0, 0},
    {0},
};

struct png_priv {
    struct png_opts opts;
    AVCodecContext *enc;
    AVPacket *pkt;
    int frame_num;
    bool failed; /* a frame could not be written; vo_close says so too */
};

static enum AVPixelFormat png_wanted_fmt(const struct png_priv *p)
{
    return p->opts.alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24;
}

/* Make outdir (one level) or check that it is a writable folder. */
static int png_make_outdir(struct vo *vo, const char *dir)
{
    if (mkdir(dir, 0777) == 0) {
        mp_msg(MSGT_VO, MSGL_V, "-vo png: created output folder '%s'.\n", dir);
        return 0;
    }
    int err = errno;
    struct stat st;
    if (err == EEXIST && stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            mp_msg(MSGT_VO, vo_init_msgl(vo), "-vo png: '%s' exists but is not a folder.\n",
                   dir);
            return -VO_ERR_INIT;
        }
        if (access(dir, W_OK | X_OK) != 0) {
            mp_msg(MSGT_VO, vo_init_msgl(vo), "-vo png: folder '%s' is not writable: %s\n", dir,
                   strerror(errno));
            return -VO_ERR_INIT;
        }
        return 0;
    }
    mp_msg(MSGT_VO, vo_init_msgl(vo), "-vo png: cannot create output folder '%s': %s\n", dir,
           strerror(err));
    return -VO_ERR_INIT;
}

static int png_open(struct vo *vo, const char *args)
{
    struct png_priv *p = vo->priv;
    p->opts.z = 0; /* MPlayer's default: fastest, biggest files */
    if (subopt_parse(args, png_subopts, &p->opts, MSGT_VO, "-vo png") < 0)
        return -VO_ERR_OPTION;
    if (!p->opts.outdir || !p->opts.outdir[0]) {
        free(p->opts.outdir);
        p->opts.outdir = strdup(".");
    }
    if (!p->opts.prefix)
        p->opts.prefix = strdup("");
    if (!p->opts.outdir || !p->opts.prefix) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: out of memory.\n");
        return -VO_ERR_INIT;
    }
    if (strchr(p->opts.prefix, '/')) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: suboption 'prefix' must not contain '/' "
               "(use outdir).\n");
        return -VO_ERR_OPTION;
    }
    return png_make_outdir(vo, p->opts.outdir);
}

static int png_close(struct vo *vo, bool abort_output)
{
    struct png_priv *p = vo->priv;
    avcodec_free_context(&p->enc);
    av_packet_free(&p->pkt);
    subopt_free(png_subopts, &p->opts);
    return p->failed ? -VO_ERR_WRITE : 0;
}

static enum AVPixelFormat png_query_format(struct vo *vo, enum AVPixelFormat src_fmt)
{
    return png_wanted_fmt(vo->priv);
}

static int png_config(struct vo *vo, int w, int h, int d_w, int d_h, enum AVPixelFormat fmt)
{
    struct png_priv *p = vo->priv;
    if (fmt != png_wanted_fmt(p)) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: takes %s frames only, not %s.\n",
               p->opts.alpha ? "rgba" : "rgb24", av_get_pix_fmt_name(fmt));
        return -VO_ERR_INIT;
    }
    if (p->enc && p->enc->width == w && p->enc->height == h)
        return 0;
    avcodec_free_context(&p->enc);
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_PNG);
    if (!codec) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: libavcodec has no PNG encoder.\n");
        return -VO_ERR_INIT;
    }
    p->enc = avcodec_alloc_context3(codec);
    if (!p->enc) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: out of memory.\n");
        return -VO_ERR_INIT;
    }
    p->enc->width = w;
    p->enc->height = h;
    p->enc->pix_fmt = fmt;
    p->enc->time_base = (AVRational){1, 25};
    p->enc->compression_level = p->opts.z;
    int r = avcodec_open2(p->enc, codec, NULL);
    if (r < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: cannot start the PNG encoder: %s\n", av_err2str(r));
        avcodec_free_context(&p->enc);
        return -VO_ERR_INIT;
    }
    if (!p->pkt) {
        p->pkt = av_packet_alloc();
        if (!p->pkt) {
            mp_msg(MSGT_VO, MSGL_ERR, "-vo png: out of memory.\n");
            avcodec_free_context(&p->enc);
            return -VO_ERR_INIT;
        }
    }
    mp_msg(MSGT_VO, MSGL_V, "-vo png: writing %dx%d frames to '%s', compression %d.\n", w, h,
           p->opts.outdir, p->opts.z);
    return 0;
}

/* Write data to path through a temporary renamed into place. Returns 0
 * or -VO_ERR_WRITE after one message; no temporary is left either way. */
static int png_write_file(const char *path, const char *tmp, const uint8_t *data, size_t size)
{
    int err = 0;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        err = errno;
    } else {
        size_t done = 0;
        while (done < size) {
            ssize_t n = write(fd, data + done, size - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                err = n < 0 ? errno : EIO;
                break;
            }
            done += (size_t)n;
        }
        /* close() is where NFS and friends report a failed write. */
        if (close(fd) < 0 && !err)
            err = errno;
        if (!err && rename(tmp, path) < 0)
            err = errno;
        if (err)
            unlink(tmp);
    }
    if (err) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: cannot write '%s': %s\n", path, strerror(err));
        return -VO_ERR_WRITE;
    }
    return 0;
}

static int png_encode(struct png_priv *p, const AVFrame *frame)
{
    int r = avcodec_send_frame(p->enc, frame);
    if (r >= 0)
        r = avcodec_receive_packet(p->enc, p->pkt);
    if (r < 0) {
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: encoding frame %d failed: %s\n", p->frame_num,
               av_err2str(r));
        return -VO_ERR_WRITE;
    }
    return 0;
}

static int png_draw(struct vo *vo, const AVFrame *frame)
{
    struct png_priv *p = vo->priv;
    /* Numbered by frames drawn, like MPlayer, so a failed frame keeps its
     * number and later files still say which frame they are. */
    p->frame_num++;
    char *path = NULL;
    char *tmp = NULL;
    if (asprintf(&path, "%s/%s%08d.png", p->opts.outdir, p->opts.prefix, p->frame_num) < 0)
        path = NULL;
    if (asprintf(&tmp, "%s/.%s%08d.png.tmp", p->opts.outdir, p->opts.prefix,
                 p->frame_num) < 0)
        tmp = NULL;
    int r = -VO_ERR_WRITE;
    if (!path || !tmp)
        mp_msg(MSGT_VO, MSGL_ERR, "-vo png: out of memory.\n");
    else
        r = png_encode(p, frame);
    if (r >= 0) {
        r = png_write_file(path, tmp, p->pkt->data, (size_t)p->pkt->size);
        av_packet_unref(p->pkt);
    }
    free(path);
    free(tmp);
    if (r < 0)
        p->failed = true;
    return r;
}

const struct vo_driver vo_driver_png = {
    .name = "png",
    .desc = "PNG file",
    .autoprobe = false,
    .priv_size = sizeof(struct png_priv),
    .open = png_open,
    .close = png_close,
    .query_format = png_query_format,
    .config = png_config,
    .draw = png_draw,
};
