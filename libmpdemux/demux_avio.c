/*
 * demux_avio: libavformat's I/O callbacks implemented on stream_t.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <libavutil/error.h>
#include <libavutil/mem.h>

#include "common/mp_msg.h"
#include "libmpdemux/demux_avio.h"
#include "osdep/osdep.h"

/* libavformat's own default; the stream layer does the real buffering and
 * decides the size of reads from the source, so this only sets how many
 * bytes one callback may ask for. */
#define DEMUX_AVIO_BUFFER_SIZE (32 * 1024)
/* How much of what the main context read last is kept to be given again.
 * In direct mode every avio_seek reaches the callback, even one into the
 * bytes AVIO has just read; the stream's own buffer (4 KB by default) is
 * smaller than AVIO's 32 KB refills, so those bytes were read again. The
 * matroska reader, after a seek, jumps a few KB forward inside each
 * refill block by block: -ss 20 in a 3.2 MB skewed MKV read 13.2 MB in
 * 419 seeks, over HTTP 420 requests (each an open-ended range). Two
 * refills' worth covers a jump back into the last one. */
#define DEMUX_AVIO_RECENT_SIZE (2 * DEMUX_AVIO_BUFFER_SIZE)
/* A side reader's buffer is its only one (stream_read_at reads the file
 * directly): each refill is one read of the source, sequential along the
 * side's track. Large, because the main context reads elsewhere at the
 * same time: the kernel's readahead serves each read in requests of at
 * most read_ahead_kb (128 KB on FUSE), and between two reads of a side
 * the main context's requests come in, each switch a jump on the device.
 * A track stored 12 s behind its video (two places read at 0.6 MB/s each
 * on a 1.2 MB/s device with 20 ms jumps): 128 KB per turn, 129 jumps and
 * 3.3 s of stalls in 30 s; 512 KB, 75 jumps and 1.0 s. Only there
 * (demux_avio_side_reads): a side in clusters of its own track reads
 * little per second of it, and its long reads only kept the main
 * context waiting (the 20 s track-after-track MKV's first frame came
 * 65 ms later with 128 KB reads). */
#define DEMUX_AVIO_SIDE_BUFFER_SIZE (512 * 1024)
/* After a side's seek, reads start at this much, then the second, then
 * double up to the buffer: the side starts where nothing is cached, and a
 * full buffer there waits for the kernel's third readahead request (16,
 * 32, then 64 KB) where the first packets lie in the first (the 60 s
 * track-after-track MKV at 1.2 MB/s: the audio's first packet 54 ms
 * later, and the first frame with it); the reads before the first frame
 * stay small. A second read of 32 KB cost the 20 s one 65 ms more. */
#define DEMUX_AVIO_SIDE_FIRST_READ (16 * 1024)
#define DEMUX_AVIO_SIDE_SECOND_READ (64 * 1024)

/* size cut to what may be read at pos before the fence; 0 inside it. */
static int demux_avio_fenced(const struct demux_avio *io, int64_t pos, int size)
{
    if (io->fence_end <= io->fence_start || pos >= io->fence_end)
        return size;
    if (pos >= io->fence_start)
        return 0;
    return io->fence_start - pos < size ? (int)(io->fence_start - pos) : size;
}

/* How often the callbacks ask interrupt_cb: well inside the half second
 * a quit may take, and rare enough to cost nothing per read. */
#define DEMUX_AVIO_POLL 0.05

static bool demux_avio_interrupted(struct demux_avio *io)
{
    if (io->interrupted)
        return true;
    if (!io->interrupt_cb)
        return false;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double now = (double)ts.tv_sec + ts.tv_nsec / 1e9;
    if (now - io->interrupt_last < DEMUX_AVIO_POLL)
        return false;
    io->interrupt_last = now;
    if (io->interrupt_cb(io->interrupt_ctx)) {
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: reading interrupted\n");
        io->interrupted = true;
    }
    return io->interrupted;
}

int demux_avio_interrupt(void *opaque)
{
    return demux_avio_interrupted(opaque);
}

/* The position an AVIO seek (offset, whence) asks for from cur in a file
 * of size bytes (-1: unknown), or an AVERROR. */
static int64_t demux_avio_target(int64_t cur, int64_t size, int64_t offset, int whence)
{
    int64_t pos;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET:
        pos = offset;
        break;
    case SEEK_CUR:
        pos = cur + offset;
        break;
    case SEEK_END:
        if (size < 0)
            return AVERROR(ENOSYS);
        pos = size + offset;
        break;
    default:
        return AVERROR(EINVAL);
    }
    return pos < 0 ? AVERROR(EINVAL) : pos;
}

/* The recent bytes stay valid only while the stream is where the last
 * callback left it: demux_lavf.c moves it itself at times (and puts it
 * back), anything else makes them someone else's. */
static void demux_avio_check_recent(struct demux_avio *io)
{
    if (io->recent_len > 0 && stream_tell(io->stream) != io->stream_at) {
        io->recent_len = 0;
        io->replay = -1;
    }
}

/* Where libavformat reads next: inside the recent bytes while replaying,
 * else the stream's position. */
static int64_t demux_avio_pos(const struct demux_avio *io)
{
    return io->replay >= 0 ? io->replay : stream_tell(io->stream);
}

/* Keep the n bytes just read at pos (the stream is now at pos + n) as the
 * tail of the recent bytes. */
static void demux_avio_keep(struct demux_avio *io, int64_t pos, const uint8_t *buf, int n)
{
    if (!io->recent)
        return;
    if (io->recent_len > 0 && io->recent_pos + io->recent_len != pos)
        io->recent_len = 0;
    if (n >= DEMUX_AVIO_RECENT_SIZE) {
        memcpy(io->recent, buf + n - DEMUX_AVIO_RECENT_SIZE, DEMUX_AVIO_RECENT_SIZE);
        io->recent_pos = pos + n - DEMUX_AVIO_RECENT_SIZE;
        io->recent_len = DEMUX_AVIO_RECENT_SIZE;
        return;
    }
    if (io->recent_len == 0)
        io->recent_pos = pos;
    int drop = io->recent_len + n - DEMUX_AVIO_RECENT_SIZE;
    if (drop > 0) {
        memmove(io->recent, io->recent + drop, (size_t)(io->recent_len - drop));
        io->recent_len -= drop;
        io->recent_pos += drop;
    }
    memcpy(io->recent + io->recent_len, buf, (size_t)n);
    io->recent_len += n;
}

static int demux_avio_read(void *opaque, uint8_t *buf, int size)
{
    struct demux_avio *io = opaque;
    if (demux_avio_interrupted(io))
        return AVERROR_EXIT;
    demux_avio_check_recent(io);
    int64_t pos = demux_avio_pos(io);
    if (io->limit >= 0) {
        int64_t left = io->limit - pos;
        if (left <= 0)
            return AVERROR_EOF;
        if (left < size)
            size = (int)left;
    }
    size = demux_avio_fenced(io, pos, size);
    if (size == 0) {
        io->fence_hit = true;
        return AVERROR_EOF;
    }
    if (io->replay >= 0) {
        int64_t end = io->recent_pos + io->recent_len;
        int n = end - pos < size ? (int)(end - pos) : size;
        memcpy(buf, io->recent + (pos - io->recent_pos), (size_t)n);
        /* At the end of the recent bytes the stream is where reading goes
         * on. */
        io->replay = pos + n < end ? pos + n : -1;
        return n;
    }
    double t0 = mp_time_sec();
    int r = stream_read(io->stream, buf, size);
    io->read_seconds += mp_time_sec() - t0;
    if (r < 0) {
        io->stream_error = r;
        io->recent_len = 0;
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: stream read failed: %s\n", stream_strerror(r));
        return AVERROR(EIO);
    }
    io->read_bytes += r;
    io->stream_at = stream_tell(io->stream);
    if (r > 0 && io->stream_at == pos + r)
        demux_avio_keep(io, pos, buf, r);
    else
        io->recent_len = 0;
    return r == 0 ? AVERROR_EOF : r;
}

static int64_t demux_avio_seek(void *opaque, int64_t offset, int whence)
{
    struct demux_avio *io = opaque;
    if (demux_avio_interrupted(io))
        return AVERROR_EXIT;
    int64_t size = stream_size(io->stream);
    if (io->limit >= 0 && (size < 0 || size > io->limit))
        size = io->limit;
    if (whence & AVSEEK_SIZE)
        return size >= 0 ? size : AVERROR(ENOSYS);
    demux_avio_check_recent(io);
    int64_t pos = demux_avio_target(demux_avio_pos(io), size, offset, whence);
    if (pos < 0)
        return pos;
    if (io->recent_len > 0 && pos >= io->recent_pos && pos < io->recent_pos + io->recent_len) {
        io->replay = pos;
        return pos;
    }
    io->replay = -1;
    if (io->recent_len > 0 && pos == io->recent_pos + io->recent_len)
        return pos;  /* where the stream is */
    io->recent_len = 0;
    int r = stream_seek(io->stream, pos);
    if (r < 0) {
        /* An unseekable stream refusing a backward jump is not an I/O
         * failure: libavformat copes, so only real errors are recorded. */
        if (r != -STREAM_ERR_UNSUPPORTED)
            io->stream_error = r;
        mp_msg(MSGT_DEMUX, MSGL_DBG2, "demux: seek to %lld failed: %s\n", (long long)pos,
               stream_strerror(r));
        return r == -STREAM_ERR_UNSUPPORTED ? AVERROR(ESPIPE) : AVERROR(EIO);
    }
    return pos;
}

static int demux_avio_read_side(void *opaque, uint8_t *buf, int size)
{
    struct demux_avio *io = opaque;
    size = demux_avio_fenced(io, io->pos, size);
    if (size == 0) {
        io->fence_hit = true;
        return AVERROR_EOF;
    }
    if (size > io->side_read)
        size = io->side_read;
    if (size > io->side_max)
        size = io->side_max;
    io->side_read = io->side_read < DEMUX_AVIO_SIDE_SECOND_READ ? DEMUX_AVIO_SIDE_SECOND_READ
                    : io->side_read < DEMUX_AVIO_SIDE_BUFFER_SIZE / 2 ? io->side_read * 2
                    : DEMUX_AVIO_SIDE_BUFFER_SIZE;
    int r = stream_read_at(io->stream, io->pos, buf, size);
    if (r < 0) {
        io->stream_error = r;
        mp_msg(MSGT_DEMUX, MSGL_V, "demux: side read at %lld failed: %s\n", (long long)io->pos,
               stream_strerror(r));
        return AVERROR(EIO);
    }
    io->pos += r;
    return r == 0 ? AVERROR_EOF : r;
}

static int64_t demux_avio_seek_side(void *opaque, int64_t offset, int whence)
{
    struct demux_avio *io = opaque;
    int64_t size = stream_size(io->stream);
    if (whence & AVSEEK_SIZE)
        return size >= 0 ? size : AVERROR(ENOSYS);
    int64_t pos = demux_avio_target(io->pos, size, offset, whence);
    if (pos >= 0) {
        if (pos != io->pos)
            io->side_read = DEMUX_AVIO_SIDE_FIRST_READ;
        io->pos = pos;
    }
    return pos;
}

void demux_avio_side_reads(struct demux_avio *io, int64_t bytes)
{
    io->side_max = bytes < DEMUX_AVIO_SIDE_SECOND_READ ? DEMUX_AVIO_SIDE_SECOND_READ
                   : bytes > DEMUX_AVIO_SIDE_BUFFER_SIZE ? DEMUX_AVIO_SIDE_BUFFER_SIZE
                   : (int)bytes;
}

struct demux_avio *demux_avio_create_side(stream_t *s)
{
    struct demux_avio *io = av_mallocz(sizeof(*io));
    if (!io)
        return NULL;
    io->stream = s;
    io->side = true;
    io->side_read = DEMUX_AVIO_SIDE_FIRST_READ;
    io->side_max = DEMUX_AVIO_SIDE_SECOND_READ;
    io->limit = -1;
    io->replay = -1;
    uint8_t *buf = av_malloc(DEMUX_AVIO_SIDE_BUFFER_SIZE);
    if (!buf) {
        av_free(io);
        return NULL;
    }
    io->pb = avio_alloc_context(buf, DEMUX_AVIO_SIDE_BUFFER_SIZE, 0, io, demux_avio_read_side,
                                NULL, demux_avio_seek_side);
    if (!io->pb) {
        av_free(buf);
        av_free(io);
        return NULL;
    }
    /* Not direct: stream_read_at has no buffer of its own, and the
     * matroska reader asks for a few bytes at a time (element headers). */
    io->pb->seekable = AVIO_SEEKABLE_NORMAL;
    return io;
}

struct demux_avio *demux_avio_create(stream_t *s)
{
    struct demux_avio *io = av_mallocz(sizeof(*io));
    if (!io)
        return NULL;
    io->stream = s;
    io->limit = -1;
    uint8_t *buf = av_malloc(DEMUX_AVIO_BUFFER_SIZE);
    if (!buf) {
        av_free(io);
        return NULL;
    }
    io->pb = avio_alloc_context(buf, DEMUX_AVIO_BUFFER_SIZE, 0, io, demux_avio_read, NULL,
                                demux_avio_seek);
    if (!io->pb) {
        av_free(buf);
        av_free(io);
        return NULL;
    }
    /* The seek callback stays set either way: an unseekable stream still
     * serves short backward jumps from its buffer, which probing uses. */
    io->pb->seekable = stream_seekable(s) ? AVIO_SEEKABLE_NORMAL : 0;
    /* On a seekable stream the stream_t buffers already: with AVIO's own
     * 32 KB buffer on top, every jump between far-apart tracks re-read
     * 32 KB and read through short gaps into unselected tracks. Direct
     * mode hands each read and seek straight to the stream. */
    io->replay = -1;
    if (stream_seekable(s)) {
        io->pb->direct = 1;
        /* Without it (out of memory) every jump goes to the stream. */
        io->recent = av_malloc(DEMUX_AVIO_RECENT_SIZE);
    }
    return io;
}

void demux_avio_free(struct demux_avio *io)
{
    if (!io)
        return;
    if (io->pb) {
        /* libavio may have replaced the buffer (probing grows it), so free
         * the one it holds now, not the one we allocated. */
        av_freep(&io->pb->buffer);
        avio_context_free(&io->pb);
    }
    av_free(io->recent);
    av_free(io);
}
