/*
 * stream_lavf.c: the backend for URLs, through libavformat's protocols
 * (http, https, ftp, rtmp...) with avio_open2().
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <dirent.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>
#include <libavutil/time.h>

#include "common/mp_msg.h"
#include "stream/netopts.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"

/* Forward seeks up to this far read on over the open connection; farther
 * ones make a new request. About what a slow link sends in the time a
 * new request takes. */
#define LAVF_SKIP_MAX (64 * 1024)

/* Bytes kept behind the connection of a server that ignores ranges. */
#define LAVF_WIN_MAX (1024 * 1024)

/* The first bytes of the source are kept to check the answer to the
 * first request at another offset (lavf_check_range). Fewer than
 * LAVF_CHECK_MIN bytes to compare prove nothing. */
#define LAVF_HEAD_MAX 4096
#define LAVF_CHECK_MIN 64

/* A cookie file bigger than this is not read (a real one is kilobytes). */
#define LAVF_COOKIES_MAX (4 * 1024 * 1024)

/* At most this many new connections or requests in any second, over all
 * streams of the process: a server answering badly must never see a
 * storm of requests, whatever the demuxer does with the answers. */
#define LAVF_RATE_MAX 10
#define LAVF_RATE_WINDOW_US 1100000  /* a second, and room for the server's clock */

struct lavf_priv {
    AVIOContext *avio;       /* NULL while parked */
    char *url;
    unsigned char head[LAVF_HEAD_MAX];  /* the source's bytes from 0 */
    int head_len;
    unsigned char pend[LAVF_HEAD_MAX];  /* read by the check, not yet handed out */
    int pend_len, pend_pos;
    bool range_checked;      /* the first answer at an offset was compared */
    bool range_broken;       /* the server ignores ranges: seek by reading from 0 */
    bool no_length;          /* the declared length was not usable: read to the close */
    /* With range_broken: the last bytes read from the connection, which
     * ends at win_start + win_len, so that a seek a little way back (the
     * demuxer does that between clusters) needs no reading from 0;
     * replay >= 0 is where reads are served from it. NULL when out of
     * memory (every seek back reads from 0 then). */
    unsigned char *win;
    int64_t win_start;
    int win_len;
    int64_t replay;
};

static pthread_mutex_t lavf_rate_lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t lavf_rate_times[LAVF_RATE_MAX];
static int lavf_rate_count;
static int lavf_rate_next;

/* Wait until one more request keeps to LAVF_RATE_MAX in any second, and
 * count it. The wait asks cb, so a quit is not held up. Returns 0 or
 * AVERROR_EXIT. */
static int lavf_rate_wait(const AVIOInterruptCB *cb)
{
    for (;;) {
        int64_t now = av_gettime_relative();
        int64_t wait_us = 0;
        pthread_mutex_lock(&lavf_rate_lock);
        if (lavf_rate_count < LAVF_RATE_MAX) {
            lavf_rate_count++;
        } else {
            int64_t oldest = lavf_rate_times[lavf_rate_next];
            wait_us = oldest + LAVF_RATE_WINDOW_US - now;
        }
        if (wait_us <= 0) {
            lavf_rate_times[lavf_rate_next] = now;
            lavf_rate_next = (lavf_rate_next + 1) % LAVF_RATE_MAX;
        }
        pthread_mutex_unlock(&lavf_rate_lock);
        if (wait_us <= 0)
            return 0;
        if (cb && cb->callback && cb->callback(cb->opaque))
            return AVERROR_EXIT;
        av_usleep((unsigned)(wait_us < 20000 ? wait_us : 20000));
    }
}

static pthread_once_t lavf_network_once = PTHREAD_ONCE_INIT;

static void lavf_network_init(void)
{
    avformat_network_init();
}

static int lavf_interrupt(void *ctx)
{
    const stream_t *s = ctx;
    return stream_aborted(s);
}

/* HTTP(S): the protocols whose end of body libavformat reports as an
 * error (lavf_read_end). */
static bool lavf_is_http(const char *url)
{
    return !strncasecmp(url, "http://", 7) || !strncasecmp(url, "https://", 8);
}

/* libavformat's HTTP answers a connection closed by the server, with no
 * byte lost, with AVERROR(EIO) ("Stream ends prematurely") whenever it
 * did not reach the body's declared length; an unknown length counts as
 * endless there. For a body delimited by the close (no Content-Length:
 * HTTP/1.1 allows it) that is its normal end; with a length, the source
 * ended early, which the reader finds by stream_end_pos() < the size and
 * reports as a truncated file. Either way it is the end, not a read
 * error. (A reset connection or a timeout are other errors.) */
static bool lavf_read_end(const stream_t *s, int averr)
{
    const struct lavf_priv *p = s->priv;
    if (averr == AVERROR_EOF)
        return true;
    if (averr != AVERROR(EIO) || !lavf_is_http(p->url))
        return false;
    mp_msg(MSGT_STREAM, MSGL_V, "%s: the server closed the connection at byte %lld%s.\n",
           p->url, (long long)s->src_pos, s->size >= 0 ? ", before the declared length" : "");
    return true;
}

static int lavf_err(int averr)
{
    if (averr == AVERROR_EXIT)
        return STREAM_ERR_ABORTED;
    if (averr == AVERROR_PROTOCOL_NOT_FOUND)
        return STREAM_ERR_UNSUPPORTED;
    if (averr == AVERROR(ENOMEM))
        return STREAM_ERR_NOMEM;
    if (averr == AVERROR_HTTP_NOT_FOUND)
        return STREAM_ERR_NOT_FOUND;
    if (averr == AVERROR_HTTP_FORBIDDEN || averr == AVERROR_HTTP_UNAUTHORIZED)
        return STREAM_ERR_ACCESS;
    if (averr < 0 && averr > -4096)
        return stream_errno_to_err(AVUNERROR(averr));
    return STREAM_ERR_IO;
}

/* Append the file at path to *text (*len bytes so far), and a line end
 * if its last line has none, so that the next file's first line stays a
 * line of its own. Returns 0 or an errno value. */
static int lavf_append_file(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno;
    int e = 0;
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
        if (*len + n > LAVF_COOKIES_MAX) {
            e = EFBIG;
            break;
        }
        char *t = realloc(*text, *len + n + 1);
        if (!t) {
            e = ENOMEM;
            break;
        }
        memcpy(t + *len, chunk, n);
        *text = t;
        *len += n;
        t[*len] = '\0';
    }
    if (!e && ferror(f))
        e = EIO;
    fclose(f);
    if (!e && *len && (*text)[*len - 1] != '\n') {
        char *t = realloc(*text, *len + 2);
        if (!t)
            return ENOMEM;
        *text = t;
        t[(*len)++] = '\n';
        t[*len] = '\0';
    }
    return e;
}

static atomic_bool lavf_cookies_warned;

/* The cookies (cookies.txt text) for -cookies: the -cookies-file, or
 * where MPlayer looks without one, ~/.mozilla/default/<profile>/ and
 * ~/.netscape/. Read for every connection, so a file that changes is
 * followed as a browser would. NULL when there is none (or no memory). */
static char *lavf_cookie_text(const struct stream_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    if (o->cookies_file && o->cookies_file[0]) {
        int e = lavf_append_file(o->cookies_file, &text, &len);
        if (e && !atomic_exchange(&lavf_cookies_warned, true))
            mp_msg(MSGT_STREAM, MSGL_WARN, "-cookies-file %s: cannot read it (%s); no "
                   "cookies are sent.\n", o->cookies_file, strerror(e));
        return text;
    }
    const char *home = getenv("HOME");
    if (!home || !home[0])
        return NULL;
    char path[4096];
    snprintf(path, sizeof(path), "%s/.mozilla/default", home);
    DIR *dir = opendir(path);
    if (dir) {
        struct dirent *ent;
        while ((ent = readdir(dir))) {
            if (ent->d_name[0] == '.')
                continue;
            snprintf(path, sizeof(path), "%s/.mozilla/default/%s/cookies.txt", home,
                     ent->d_name);
            lavf_append_file(path, &text, &len);  /* a profile without one: none */
        }
        closedir(dir);
    }
    snprintf(path, sizeof(path), "%s/.netscape/cookies.txt", home);
    lavf_append_file(path, &text, &len);
    if (!text && !atomic_exchange(&lavf_cookies_warned, true))
        mp_msg(MSGT_STREAM, MSGL_V, "-cookies: no cookies.txt in ~/.mozilla/default/*/ "
               "or ~/.netscape/.\n");
    return text;
}

static atomic_bool lavf_auth_warned;

/* -ipv4-only-proxy: MPlayer's proxy could not reach IPv6 hosts, so that
 * hosts without an IPv4 address went around it. libavformat's http takes
 * the proxy from $http_proxy; its http_proxy option, set empty, means no
 * proxy for this connection. Returns 0 or a negative AVERROR. */
static int lavf_ipv4_only_proxy(AVDictionary **dict, const char *url)
{
    const char *proxy = getenv("http_proxy");
    if (!proxy || !proxy[0])
        return 0;
    char host[1024];
    av_url_split(NULL, 0, NULL, 0, host, sizeof(host), NULL, NULL, 0, url);
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM};
    struct addrinfo *res = NULL;
    int r = getaddrinfo(host, NULL, &hints, &res);
    if (res)
        freeaddrinfo(res);
    if (r == 0)
        return 0;
    mp_msg(MSGT_STREAM, MSGL_V, "%s has no IPv4 address (%s): connecting without the "
           "proxy (-ipv4-only-proxy).\n", host, gai_strerror(r));
    return av_dict_set(dict, "http_proxy", "", 0);
}

/* The HTTP options (-referrer, -http-header-fields, -cookies) into dict,
 * and in *open_url the URL to open: url with -user/-passwd in it, or
 * NULL for url itself. Returns 0 or a negative AVERROR. */
static int lavf_http_opts(AVDictionary **dict, const char *url, const struct stream_opts *o,
                          char **open_url)
{
    int rc = 0;
    *open_url = NULL;
    if (o->referrer && o->referrer[0])
        rc = av_dict_set(dict, "referer", o->referrer, 0);
    if (rc >= 0 && o->http_header_fields && o->http_header_fields[0]) {
        char *lines = netopts_header_lines(o->http_header_fields);
        rc = lines ? av_dict_set(dict, "headers", lines, AV_DICT_DONT_STRDUP_VAL)
                   : AVERROR(ENOMEM);
    }
    if (rc >= 0 && o->cookies) {
        char host[1024];
        av_url_split(NULL, 0, NULL, 0, host, sizeof(host), NULL, NULL, 0, url);
        char *text = lavf_cookie_text(o);
        char *lines = text ? netopts_cookies(text, host, !strncasecmp(url, "https://", 8),
                                             (int64_t)time(NULL))
                           : NULL;
        if (text && !lines)
            rc = AVERROR(ENOMEM);
        else if (lines && lines[0])
            rc = av_dict_set(dict, "cookies", lines, 0);
        if (lines && lines[0])
            mp_msg(MSGT_STREAM, MSGL_DBG2, "cookies for %s:\n%s", host, lines);
        free(lines);
        free(text);
    }
    if (rc >= 0 && o->ipv4_only_proxy)
        rc = lavf_ipv4_only_proxy(dict, url);
    if (rc >= 0 && o->http_passwd && !(o->http_user && o->http_user[0]) &&
        !atomic_exchange(&lavf_auth_warned, true))
        mp_msg(MSGT_STREAM, MSGL_WARN, "-passwd without -user: no credentials are sent.\n");
    if (rc >= 0 && o->http_user && o->http_user[0]) {
        *open_url = netopts_url_auth(url, o->http_user, o->http_passwd);
        if (!*open_url)
            rc = AVERROR(ENOMEM);
    }
    return rc;
}

/* stream_lavf_avio_open; end_off > 0 is HTTP's end_offset option: the
 * body is read up to there (or the close) whatever its length says. */
static int lavf_avio_open(AVIOContext **pb, const char *url, int64_t pos, int flags,
                          const AVIOInterruptCB *cb, const struct stream_opts *o,
                          int64_t end_off)
{
    AVDictionary *dict = NULL;
    int rc = lavf_rate_wait(cb);
    if (rc < 0)
        return rc;
    if (o->user_agent && o->user_agent[0])
        rc = av_dict_set(&dict, "user_agent", o->user_agent, 0);
    if (rc >= 0 && pos > 0)
        rc = av_dict_set_int(&dict, "offset", pos, 0);
    if (rc >= 0 && end_off > 0)
        rc = av_dict_set_int(&dict, "end_offset", end_off, 0);
    char *open_url = NULL;
    if (rc >= 0 && lavf_is_http(url))
        rc = lavf_http_opts(&dict, url, o, &open_url);
    if (rc >= 0 && o->reuse_socket != STREAM_REUSE_AUTO && !strncasecmp(url, "udp://", 6))
        rc = av_dict_set_int(&dict, "reuse", o->reuse_socket == STREAM_REUSE_ON, 0);
    /* Protocols without these options (file:) leave them in dict, unused. */
    if (rc >= 0)
        rc = avio_open2(pb, open_url ? open_url : url, AVIO_FLAG_READ | flags, cb, &dict);
    av_dict_free(&dict);
    free(open_url);
    if (rc < 0 || pos <= 0)
        return rc < 0 ? rc : 0;
    /* The context counts from 0 whatever the protocol did. HTTP's seek
     * to the offset its request started at makes no new request; other
     * protocols seek now. */
    int64_t r = avio_seek(*pb, pos, SEEK_SET);
    if (r < 0) {
        avio_closep(pb);
        return (int)r;
    }
    return 0;
}

int stream_lavf_avio_open(AVIOContext **pb, const char *url, int64_t pos, int flags,
                          const AVIOInterruptCB *cb, const struct stream_opts *o)
{
    return lavf_avio_open(pb, url, pos, flags, cb, o, 0);
}

static void lavf_close(stream_t *s);

static int lavf_open(stream_t *s, int fd, const char *target)
{
    struct lavf_priv *p = calloc(1, sizeof(*p));
    if (!p)
        return -STREAM_ERR_NOMEM;
    p->replay = -1;
    pthread_once(&lavf_network_once, lavf_network_init);
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    /* Direct mode: avio_seek then always moves the protocol (for HTTP, a
     * new request at the offset). Buffered, it reads through instead
     * whenever the jump is within the TCP receive window, megabytes on
     * Linux: from a slow server a seek the cache chose to make took
     * seconds. Short skips are read through by lavf_seek itself. */
    p->url = strdup(target);
    int rc = p->url ? stream_lavf_avio_open(&p->avio, target, 0, AVIO_FLAG_DIRECT, &cb, &s->opts)
                    : AVERROR(ENOMEM);
    if (rc < 0) {
        char msg[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(rc, msg, sizeof(msg));
        mp_msg(MSGT_STREAM, MSGL_V, "libavformat cannot open %s: %s\n", target, msg);
        free(p->url);
        free(p);
        return -lavf_err(rc);
    }
    s->priv = p;
    int64_t size = avio_size(p->avio);
    if (size == 0 && lavf_is_http(target)) {
        /* libavformat takes a Content-Length that is not a number (say
         * "abc") for 0 and ends the body before its first byte. Handled
         * as absent, as a browser does: asked again for everything up
         * to the close. A body that is really empty stays empty. */
        AVIOContext *again = NULL;
        rc = lavf_avio_open(&again, target, 0, AVIO_FLAG_DIRECT, &cb, &s->opts, INT64_MAX);
        if (rc == AVERROR_EXIT) {
            lavf_close(s);
            return -STREAM_ERR_ABORTED;
        }
        if (rc >= 0) {
            mp_msg(MSGT_STREAM, MSGL_V, "%s: the server declares an empty body (a "
                   "Content-Length of 0 or not a number); reading until it closes.\n", target);
            avio_closep(&p->avio);
            p->avio = again;
            p->no_length = true;
            size = -1;
        }
    }
    s->size = size >= 0 ? size : -1;
    /* Without a length nothing is known of offsets either. */
    s->seekable = !p->no_length && (p->avio->seekable & AVIO_SEEKABLE_NORMAL) != 0;
    return 0;
}

/* Read and drop n bytes of the open connection (abortable through its
 * interrupt callback). Returns 0, or a negative AVERROR; the end of the
 * source before n bytes is AVERROR_EOF. */
/* Append n bytes just read from the connection to the window. */
static void lavf_win_add(struct lavf_priv *p, const unsigned char *buf, int n)
{
    if (!p->win || n <= 0)
        return;
    if (n >= LAVF_WIN_MAX) {
        memcpy(p->win, buf + n - LAVF_WIN_MAX, LAVF_WIN_MAX);
        p->win_start += p->win_len + n - LAVF_WIN_MAX;
        p->win_len = LAVF_WIN_MAX;
        return;
    }
    if (p->win_len + n > LAVF_WIN_MAX) {
        /* Drop a quarter more than needed: fewer moves. */
        int drop = p->win_len + n - LAVF_WIN_MAX + LAVF_WIN_MAX / 4;
        if (drop > p->win_len)
            drop = p->win_len;
        memmove(p->win, p->win + drop, p->win_len - drop);
        p->win_start += drop;
        p->win_len -= drop;
    }
    memcpy(p->win + p->win_len, buf, n);
    p->win_len += n;
}

static int lavf_discard(struct lavf_priv *p, int64_t n)
{
    unsigned char tmp[16384];
    while (n > 0) {
        int want = n < (int64_t)sizeof(tmp) ? (int)n : (int)sizeof(tmp);
        int r = avio_read(p->avio, tmp, want);
        if (r == 0)
            return AVERROR_EOF;
        if (r < 0)
            return r;
        lavf_win_add(p, tmp, r);
        n -= r;
    }
    return 0;
}

/* (Re)open the connection at pos. With a server known to ignore ranges
 * that is a request from 0 and reading up to pos: slow, but the bytes
 * are right. */
static int lavf_open_at(stream_t *s, int64_t pos)
{
    struct lavf_priv *p = s->priv;
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    if (p->range_broken)
        mp_msg(MSGT_STREAM, MSGL_DBG2, "%s: reading from 0 to reach byte %lld (at %lld)\n",
               p->url, (long long)pos, (long long)(p->avio ? avio_tell(p->avio) : -1));
    avio_closep(&p->avio);
    p->pend_len = p->pend_pos = 0;
    int rc = stream_lavf_avio_open(&p->avio, p->url, p->range_broken ? 0 : pos,
                                   AVIO_FLAG_DIRECT, &cb, &s->opts);
    p->win_start = 0;
    p->win_len = 0;
    p->replay = -1;
    if (rc >= 0 && p->range_broken && pos > 0)
        rc = lavf_discard(p, pos);
    return rc;
}

/* A parked connection opens again at the source position. */
static int lavf_unpark(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    if (p->avio)
        return 0;
    int rc = lavf_open_at(s, s->src_pos);
    return rc < 0 ? -lavf_err(rc) : 0;
}

/* Keep the source's first bytes as they are read from offset 0. */
static void lavf_note_head(struct lavf_priv *p, int64_t at, const void *buf, int n)
{
    if (n <= 0 || at != p->head_len || p->head_len >= LAVF_HEAD_MAX)
        return;
    int k = n < LAVF_HEAD_MAX - p->head_len ? n : LAVF_HEAD_MAX - p->head_len;
    memcpy(p->head + p->head_len, buf, k);
    p->head_len += k;
}

/* avio_read waits until all len bytes came: from a slow server a big read
 * (the ring cache's 256 KB steps) would hold back bytes that arrived long
 * ago while the reader starves. So read only until what the caller needs
 * now is there, taking whatever each network read brings. */
static int lavf_fill(stream_t *s, void *buf, int len)
{
    struct lavf_priv *p = s->priv;
    int rc = lavf_unpark(s);
    if (rc < 0)
        return rc;
    if (p->pend_pos < p->pend_len) {
        /* Bytes the range check read come first. */
        int n = p->pend_len - p->pend_pos < len ? p->pend_len - p->pend_pos : len;
        memcpy(buf, p->pend + p->pend_pos, n);
        p->pend_pos += n;
        return n;
    }
    if (p->replay >= 0) {
        /* Behind the connection, inside the window. */
        int64_t end = p->win_start + p->win_len;
        int n = end - p->replay < len ? (int)(end - p->replay) : len;
        memcpy(buf, p->win + (p->replay - p->win_start), n);
        p->replay += n;
        if (p->replay >= end)
            p->replay = -1;
        return n;
    }
    int need = s->fill_need > 0 && s->fill_need < len ? s->fill_need : len;
    if (need == len) {
        int n = avio_read(p->avio, buf, len);
        if (n < 0 && lavf_read_end(s, n))
            return 0;
        if (n > 0) {
            lavf_note_head(p, s->src_pos, buf, n);
            lavf_win_add(p, buf, n);
        }
        return n < 0 ? -lavf_err(n) : n;
    }
    unsigned char *dst = buf;
    int got = 0;
    bool ended = false;
    while (got < need) {
        int n = avio_read_partial(p->avio, dst + got, len - got);
        if (n == 0 || (n < 0 && lavf_read_end(s, n))) {
            ended = true;  /* the end: short is no longer partial */
            break;
        }
        if (n < 0) {
            if (got > 0) {
                ended = true;  /* the error comes again */
                break;
            }
            return -lavf_err(n);
        }
        got += n;
    }
    lavf_note_head(p, s->src_pos, buf, got);
    lavf_win_add(p, buf, got);
    s->fill_partial = !ended && got < len;
    return got;
}

/* stream_lavf_avio_seek; *requested tells whether avio_seek was called
 * (for HTTP in direct mode: a new request). */
static int lavf_avio_seek(AVIOContext *pb, int64_t pos, const AVIOInterruptCB *cb,
                          bool *requested)
{
    int64_t cur = avio_tell(pb);
    if (cur == pos)
        return 0;
    if (cur >= 0 && pos > cur && pos - cur <= LAVF_SKIP_MAX) {
        /* Near ahead: reading on is cheaper than a new request. */
        unsigned char tmp[4096];
        while (cur < pos) {
            int want = pos - cur < (int64_t)sizeof(tmp) ? (int)(pos - cur) : (int)sizeof(tmp);
            int n = avio_read(pb, tmp, want);
            if (n == 0 || n == AVERROR_EOF)
                break;  /* past the end: the seek below says so */
            if (n < 0)
                return n;
            cur += n;
        }
        if (cur == pos)
            return 0;
    }
    /* In direct mode a seek is a new request. */
    int rc = lavf_rate_wait(cb);
    if (rc < 0)
        return rc;
    *requested = true;
    int64_t r = avio_seek(pb, pos, SEEK_SET);
    return r < 0 ? (int)r : 0;
}

int stream_lavf_avio_seek(AVIOContext *pb, int64_t pos, const AVIOInterruptCB *cb)
{
    bool requested = false;
    return lavf_avio_seek(pb, pos, cb, &requested);
}

static bool lavf_head_uniform(const struct lavf_priv *p, int len)
{
    for (int i = 1; i < len; i++) {
        if (p->head[i] != p->head[0])
            return false;
    }
    return true;
}

static void lavf_ranges_broken(struct lavf_priv *p)
{
    p->range_broken = true;
    p->win = malloc(LAVF_WIN_MAX);  /* NULL: seeks back read from 0 */
    p->win_start = p->avio ? avio_tell(p->avio) : 0;  /* where the connection is */
    p->win_len = 0;
    p->replay = -1;
    mp_msg(MSGT_STREAM, MSGL_WARN, "%s: the server answers a request at an offset with "
           "other bytes than the file's there; reading from the start for every seek.\n",
           p->url);
}

/* The first answer to a request at an offset: a server may send the
 * right headers (206, Content-Range) and the bytes from the start of the
 * file, and every seek would then read the wrong data (a demuxer seeking
 * on through it made hundreds of requests a second). Compare the first
 * bytes of the answer with the first bytes of the file: equal over
 * LAVF_CHECK_MIN bytes or more is no coincidence for media (a head of
 * one repeated byte proves nothing and is not used). The bytes read stay
 * for the next fills. Returns 0 or a negative AVERROR. */
static int lavf_check_range(stream_t *s, int64_t pos)
{
    struct lavf_priv *p = s->priv;
    int want = p->head_len;
    if (s->size >= 0 && s->size - pos < want)
        want = (int)(s->size - pos);
    if (want < LAVF_CHECK_MIN || lavf_head_uniform(p, want))
        return 0;
    int n = avio_read(p->avio, p->pend, want);
    if (n == 0 || (n < 0 && lavf_read_end(s, n)))
        return 0;  /* the next fill sees the end */
    if (n < 0)
        return n;
    p->pend_len = n;
    p->pend_pos = 0;
    if (n < LAVF_CHECK_MIN)
        return 0;  /* too short to tell; the next answer is checked */
    p->range_checked = true;
    if (memcmp(p->pend, p->head, n) != 0)
        return 0;
    lavf_ranges_broken(p);
    return lavf_open_at(s, pos);
}

int stream_lavf_check_ranges(stream_t *s)
{
    if (s->be != &stream_backend_lavf || !s->priv)
        return 0;
    struct lavf_priv *p = s->priv;
    if (p->range_broken)
        return -STREAM_ERR_UNSUPPORTED;
    if (p->range_checked || p->head_len <= LAVF_CHECK_MIN || lavf_head_uniform(p, p->head_len))
        return 0;
    /* Ask from byte 1, whose right answer is known: a server sending
     * from 0 (or anything else) differs, unless the head is one repeated
     * byte (excluded above). */
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    AVIOContext *pb = NULL;
    int rc = stream_lavf_avio_open(&pb, p->url, 1, AVIO_FLAG_DIRECT, &cb, &s->opts);
    if (rc < 0)
        return rc == AVERROR_EXIT ? -STREAM_ERR_ABORTED : 0;  /* the user of it finds out */
    unsigned char got[LAVF_HEAD_MAX];
    int n = avio_read(pb, got, p->head_len - 1);
    avio_closep(&pb);
    if (n < LAVF_CHECK_MIN)
        return n == AVERROR_EXIT ? -STREAM_ERR_ABORTED : 0;
    p->range_checked = true;
    if (memcmp(got, p->head + 1, n) == 0)
        return 0;
    /* The connection itself was read on from 0 (any request at an offset
     * would have been checked), so its bytes are right. */
    lavf_ranges_broken(p);
    return -STREAM_ERR_UNSUPPORTED;
}

static int lavf_seek(stream_t *s, int64_t pos)
{
    struct lavf_priv *p = s->priv;
    if (!p->avio)
        return 0;  /* the next fill opens at pos */
    int64_t cur = avio_tell(p->avio);
    int rest = p->pend_len - p->pend_pos;
    if (rest > 0 && cur >= 0 && pos >= cur - rest && pos <= cur) {
        p->pend_pos += (int)(pos - (cur - rest));  /* inside what the check read */
        return 0;
    }
    /* Elsewhere: the pending bytes go; the connection itself stands at
     * cur, after them, which is where any seek starts from. */
    p->pend_len = p->pend_pos = 0;
    int r;
    if (p->range_broken) {
        /* Forward by reading on, however far; a little way back from the
         * window; further back from 0 again. */
        p->replay = -1;
        if (cur >= 0 && pos >= cur)
            r = lavf_discard(p, pos - cur);
        else if (p->win && cur == p->win_start + p->win_len && pos >= p->win_start) {
            p->replay = pos;
            r = 0;
        } else
            r = lavf_open_at(s, pos);
        return r < 0 ? -lavf_err(r) : 0;
    }
    AVIOInterruptCB cb = {.callback = lavf_interrupt, .opaque = s};
    bool requested = false;
    r = lavf_avio_seek(p->avio, pos, &cb, &requested);
    if (r >= 0 && requested && pos > 0 && !p->range_checked)
        r = lavf_check_range(s, pos);
    return r < 0 ? -lavf_err(r) : 0;
}

static void lavf_close(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    if (!p)
        return;
    avio_closep(&p->avio);
    free(p->win);
    free(p->url);
    free(p);
    s->priv = NULL;
}

static void lavf_park(stream_t *s)
{
    struct lavf_priv *p = s->priv;
    /* From a server that ignores ranges, opening again means reading
     * from 0 up to here: the idle connection is cheaper. */
    if (p->range_broken)
        return;
    avio_closep(&p->avio);
}

const struct stream_backend stream_backend_lavf = {
    .name = "lavf",
    .kind = STREAM_KIND_LAVF,
    .open = lavf_open,
    .fill = lavf_fill,
    .seek = lavf_seek,
    .close = lavf_close,
    .park = lavf_park,
};
