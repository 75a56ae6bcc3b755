/*
 * Screenshots (the screenshot command, keys s and S): the last frame
 * shown, as decoded (without subtitles and OSD, as MPlayer's screenshot
 * filter sees it), written as shotNNNN.png in the current folder.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A shot is written whole under a temporary name and then linked to the
 * first free shotNNNN.png: an existing file is never overwritten, and a
 * file under its final name is always complete.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>

#include "common/mp_msg.h"
#include "libmpcodecs/mpcodecs.h"
#include "player/play_priv.h"

/* Numbers past this are not tried: a folder that full is a mistake. */
#define SHOT_MAX_NUMBER 99999
#define SHOT_TMP_TRIES 100

/* The frame as a PNG in *pkt (the caller's, freed with av_packet_free).
 * Returns 0 or a negative AVERROR. */
static int shot_encode_png(const AVFrame *rgb, AVPacket **pkt)
{
    *pkt = NULL;
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_PNG);
    if (!codec)
        return AVERROR_ENCODER_NOT_FOUND;
    AVCodecContext *enc = avcodec_alloc_context3(codec);
    AVPacket *out = av_packet_alloc();
    int r = AVERROR(ENOMEM);
    if (!enc || !out)
        goto done;
    enc->width = rgb->width;
    enc->height = rgb->height;
    enc->pix_fmt = AV_PIX_FMT_RGB24;
    enc->time_base = (AVRational){1, 25};
    /* Viewers that read pHYs show anamorphic video at its aspect. */
    if (rgb->sample_aspect_ratio.num > 0 && rgb->sample_aspect_ratio.den > 0)
        enc->sample_aspect_ratio = rgb->sample_aspect_ratio;
    r = avcodec_open2(enc, codec, NULL);
    if (r < 0)
        goto done;
    r = avcodec_send_frame(enc, rgb);
    if (r < 0)
        goto done;
    r = avcodec_receive_packet(enc, out);
    if (r < 0)
        goto done;
    *pkt = out;
    out = NULL;
done:
    av_packet_free(&out);
    avcodec_free_context(&enc);
    return r;
}

static int shot_write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        ssize_t w = write(fd, data, size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? -errno : -EIO;
        data += w;
        size -= (size_t)w;
    }
    return 0;
}

/* data into a new hidden file of the current folder, named into tmp.
 * Returns 0 or -errno. */
static int shot_write_tmp(const uint8_t *data, size_t size, char *tmp, size_t tmpsize)
{
    int fd = -1;
    for (int n = 0; n < SHOT_TMP_TRIES && fd < 0; n++) {
        snprintf(tmp, tmpsize, ".shot-%ld-%d.tmp", (long)getpid(), n);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return -errno;
    }
    if (fd < 0)
        return -EEXIST;
    int r = shot_write_all(fd, data, size);
    if (close(fd) < 0 && !r)
        r = -errno;
    if (r < 0)
        unlink(tmp);
    return r;
}

/* Give the complete file tmp the name path unless path exists. Returns 0,
 * -EEXIST, or another -errno. */
static int shot_claim(const char *tmp, const char *path)
{
    if (link(tmp, path) == 0) {
        unlink(tmp);
        return 0;
    }
    if (errno == EEXIST)
        return -EEXIST;
    /* Filesystems without hard links: reserve the name (empty, so never
     * mistaken for a picture), then put the whole file over it at once. */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return -errno;
    close(fd);
    if (rename(tmp, path) < 0) {
        int err = -errno;
        unlink(path);
        return err;
    }
    return 0;
}

/* Write the PNG as the first free shotNNNN.png from ps->shot_next on. */
static int shot_save(struct play_state *ps, const AVPacket *png, char *name, size_t namesize)
{
    char tmp[64];
    int r = shot_write_tmp(png->data, (size_t)png->size, tmp, sizeof(tmp));
    if (r < 0)
        return r;
    int n = ps->shot_next > 0 ? ps->shot_next : 1;
    for (r = -EEXIST; n <= SHOT_MAX_NUMBER && r == -EEXIST; n++) {
        snprintf(name, namesize, "shot%04d.png", n);
        r = shot_claim(tmp, name);
    }
    if (r < 0)
        unlink(tmp);
    if (r == 0)
        ps->shot_next = n;
    return r;
}

/* Write the frame kept by play_screenshot_keep. */
static void shot_take(struct play_state *ps)
{
    AVFrame *rgb = NULL;
    AVPacket *png = NULL;
    if (!ps->shot_conv &&
        mp_image_conv_create(&ps->shot_conv, AV_PIX_FMT_RGB24, 0, 0, &ps->mpctx->sws_opts) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Screenshot: cannot convert the frame to RGB.\n");
        return;
    }
    if (mp_image_conv_run(ps->shot_conv, ps->shot_frame, &rgb) < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Screenshot: cannot convert the frame to RGB.\n");
        return;
    }
    int r = shot_encode_png(rgb, &png);
    av_frame_free(&rgb);
    if (r < 0) {
        char buf[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(r, buf, sizeof(buf));
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Screenshot: cannot encode PNG: %s\n", buf);
        return;
    }
    char name[32];
    r = shot_save(ps, png, name, sizeof(name));
    av_packet_free(&png);
    if (r == -EEXIST) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR,
               "Screenshot: shot0001.png to shot%d.png all exist; nothing written.\n",
               SHOT_MAX_NUMBER);
    } else if (r < 0) {
        mp_msg(MSGT_CPLAYER, MSGL_ERR, "Screenshot: cannot write a file here: %s\n",
               strerror(-r));
    } else {
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "*** screenshot '%s' ***\n", name);
    }
}

void play_screenshot_keep(struct play_state *ps, const struct AVFrame *frame)
{
    if (!ps->shot_frame) {
        ps->shot_frame = av_frame_alloc();
        if (!ps->shot_frame)
            return;
    }
    av_frame_unref(ps->shot_frame);
    /* A reference, not a copy: keeping it costs nothing per frame. */
    if (av_frame_ref(ps->shot_frame, frame) < 0) {
        av_frame_free(&ps->shot_frame);
        return;
    }
    if (ps->shot_each)
        shot_take(ps);
}

void play_screenshot_cmd(struct play_state *ps, int mode)
{
    if (!ps->sh_video) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "No video: no screenshot taken.\n");
        return;
    }
    if (mode == 1) {
        ps->shot_each = !ps->shot_each;
        mp_msg(MSGT_CPLAYER, MSGL_INFO, "Screenshot of every frame: %s.\n",
               ps->shot_each ? "on" : "off");
        return;
    }
    if (!ps->shot_frame) {
        mp_msg(MSGT_CPLAYER, MSGL_WARN, "No video frame shown yet: no screenshot taken.\n");
        return;
    }
    shot_take(ps);
}

void play_screenshot_release(struct play_state *ps)
{
    av_frame_free(&ps->shot_frame);
    mp_image_conv_free(ps->shot_conv);
    ps->shot_conv = NULL;
}
