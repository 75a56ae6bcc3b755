/*
 * stream_t: buffered byte streams over plain files, stdin/pipes and URLs.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * A stream reads from one source through a buffer. It knows nothing of
 * demuxers: readers above it may hand hints down (stream_set_read_plan),
 * never the other way round.
 *
 * Ownership: stream_open() creates a stream_t; whoever opened it frees it
 * with stream_close() (a reader that took a reference with stream_ref()
 * drops it with stream_unref(); the last of them frees). A stream is used
 * from one thread at a time (the play thread); any helper threads it starts
 * are its own business.
 */
#ifndef MP_STREAM_STREAM_H
#define MP_STREAM_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* Error codes returned (negated) by stream functions. */
enum stream_error {
    STREAM_OK = 0,
    STREAM_ERR_NOT_FOUND = 1,   /* no such file */
    STREAM_ERR_ACCESS = 2,      /* permission denied */
    STREAM_ERR_IS_DIR = 3,      /* a directory, not a file */
    STREAM_ERR_IO = 4,          /* read/seek failed (EIO, network...) */
    STREAM_ERR_UNSUPPORTED = 5, /* unknown protocol, not seekable... */
    STREAM_ERR_NOMEM = 6,
    STREAM_ERR_ABORTED = 7,     /* interrupted by the abort callback */
    STREAM_ERR_TRUNCATED = 8,   /* a plain file shrank while being read */
};

/* Human-readable text for a (positive or negative) stream_error. */
const char *stream_strerror(int err);


/* -cache-mode. The values are those of MPOpts.cache_mode. */
enum stream_cache_mode {
    STREAM_CACHE_PLAN = 0,  /* read plans (stream_set_read_plan): the default */
    STREAM_CACHE_RING = 1,  /* MPlayer's linear ring buffer (cache_ring.c) */
};

/* MPlayer's defaults for -cache-min and -cache-seek-min. */
#define STREAM_CACHE_DEFAULT_MIN 20
#define STREAM_CACHE_DEFAULT_SEEK_MIN 50

/* How a stream reads. Filled from the option table by the player; every
 * field's zero value means "the default". */
struct stream_opts {
    /* Bytes per read() from plain files (-stream-buffer-size). 0 = the
     * default, STREAM_DEFAULT_BUFFER_SIZE. Honoured exactly. */
    int buffer_size;
    /* Bytes ahead of each read cursor the kernel is kept told about with
     * posix_fadvise(WILLNEED) (-readahead-distance). 0 = off. */
    int64_t readahead_distance;
    /* posix_fadvise(DONTNEED) on consumed data (-cache-drop-behind). */
    bool drop_behind;
    /* Called during blocking network I/O; returning true aborts it. */
    bool (*abort_cb)(void *ctx);
    void *abort_ctx;
    /* Bytes per posix_fadvise(WILLNEED) call. 0 = what one call really
     * reads on the file's device (see DOCS/tech/stream.md). Tuning and
     * tests; the player leaves it 0. */
    int64_t readahead_chunk;
    /* The reader does not play in real time (-benchmark): a read plan's
     * batch is never cut short for a reader waiting elsewhere, since its
     * waits cost no playback time while the device stays busy, and jumps
     * do. */
    bool plan_untimed;
    /* -cache <kB>: 0 = no cache. With STREAM_CACHE_RING (and for pipes,
     * and for URLs until their first read plan, in plan mode) a ring
     * buffer of this size filled by a thread; in plan mode for plain files
     * the most bytes of a read plan advised ahead of the reader; for URLs
     * with a plan the most bytes the range cache holds. */
    int cache_kb;
    /* -cache-min: percent of the ring that must be filled before the
     * first read after open or a flush returns. Used as given (0 = no
     * wait); the player passes STREAM_CACHE_DEFAULT_MIN by default. */
    int cache_min_percent;
    /* -cache-seek-min: a forward seek at most this percent of the ring
     * beyond the read position is served by reading on instead of
     * flushing. Used as given. */
    int cache_seek_min_percent;
    enum stream_cache_mode cache_mode;
    /* -user-agent: the User-Agent header of HTTP requests (every
     * connection of the stream, the range cache's too). NULL or "" =
     * libavformat's. Not owned by the stream; must outlive it. */
    const char *user_agent;
    /* The other HTTP options of MPlayer, applied like user_agent to every
     * HTTP(S) connection (stream_lavf.c; netopts.h says how). NULL or ""
     * = none. Not owned by the stream; must outlive it. */
    const char *referrer;           /* -referrer: the Referer header */
    const char *http_header_fields; /* -http-header-fields: "Name: v,Name2: v2" */
    const char *http_user;          /* -user: HTTP authentication when asked */
    const char *http_passwd;        /* -passwd (with -user) */
    bool cookies;                   /* -cookies: send those of the cookie file(s) */
    const char *cookies_file;       /* -cookies-file; NULL: MPlayer's default files */
    /* -ipv4-only-proxy: no proxy ($http_proxy) for hosts without an IPv4
     * address. */
    bool ipv4_only_proxy;
    /* -reuse-socket / -noreuse-socket: SO_REUSEADDR on udp:// sockets,
     * or libavformat's choice (for multicast addresses only). */
    enum stream_reuse { STREAM_REUSE_AUTO, STREAM_REUSE_ON, STREAM_REUSE_OFF } reuse_socket;
};

#define STREAM_DEFAULT_BUFFER_SIZE 4096
#define STREAM_MAX_BUFFER_SIZE (16 * 1024 * 1024)

enum stream_kind {
    STREAM_KIND_FILE,  /* a regular file: seekable, has a page cache */
    STREAM_KIND_FD,    /* stdin, a pipe, a FIFO, a character device */
    STREAM_KIND_LAVF,  /* a URL through libavformat's protocols */
    STREAM_KIND_MF,    /* mf://: a list of files read one after the other */
};

/* What a stream did; all counters only grow while the stream lives. */
struct stream_stats {
    uint64_t read_calls;      /* read()/pread()/avio_read() on the source */
    uint64_t bytes_read;      /* bytes those calls returned */
    uint64_t seeks;           /* seeks of the source (not buffer hits) */
    uint64_t advise_calls;    /* posix_fadvise(WILLNEED) calls */
    uint64_t bytes_advised;   /* bytes those calls covered */
    uint64_t dontneed_calls;  /* posix_fadvise(DONTNEED) calls */
    uint64_t bytes_dropped;   /* bytes those calls covered */
    uint64_t reads_blocked;   /* reads that had to wait for the device */
    uint64_t reads_cached;    /* reads served from the page cache */
    double wait_seconds;      /* time spent in reads that blocked */
    /* Ring cache and range cache. With the ring, read_calls/bytes_read/
     * seeks above are those of the source, made by the fill thread; with
     * the range cache those of the reader's (main) connection. */
    uint64_t cache_bytes_fetched; /* bytes the fill/fetch thread read into the cache */
    uint64_t cache_bytes_served;  /* bytes the reader got from the cache */
    uint64_t cache_stalls;        /* ring: reads that waited for the fill thread;
                                   * range cache: reads that missed it (waited for
                                   * a fetch under way or read through) */
    double cache_stall_seconds;   /* time those reads took */
    /* Read plans (stream_set_read_plan). */
    uint64_t plan_ranges;         /* ranges handed down, over all plans */
    uint64_t plan_bytes_advised;  /* WILLNEED bytes given for plan ranges */
    uint64_t plan_demand_calls;   /* WILLNEED the reader gave before a read that had
                                   * to wait inside a plan range not yet advised */
    int64_t plan_bytes_ahead;     /* now, not a sum: planned bytes advised and
                                   * not yet read (what the plan holds ahead) */
    /* stream_read_at and stream_peek_at: reads elsewhere in the file that
     * leave the position alone (also counted in read_calls/bytes_read when
     * they hit the source) */
    uint64_t side_read_calls;     /* calls that read the source */
    uint64_t side_bytes_read;
};

typedef struct stream stream_t;

/*
 * Open url: "-" is stdin; "file://x" or a path is a plain file (or an fd
 * stream for FIFOs and devices); "proto://..." for any other protocol
 * libavformat knows goes through libavformat. opts may be NULL.
 * On success *out is set and 0 returned; else -STREAM_ERR_x and *out NULL.
 */
int stream_open(stream_t **out, const char *url, const struct stream_opts *opts);

/* Close: the opener's call. The stream is freed now, or, if a reader still
 * holds a reference (stream_ref), by that reader's stream_unref; until
 * then every wait inside the stream that asks its abort callback ends as
 * aborted, and the callback is no longer asked. NULL is a no-op. */
void stream_close(stream_t *s);

/* Another reference to s for a reader that may outlive its opener's close
 * (a demuxer's thread left behind in a read the device holds); dropped
 * with stream_unref (thread-safe). Returns s. */
stream_t *stream_ref(stream_t *s);
void stream_unref(stream_t *s);

/* Read up to len bytes at the current position. Returns the number read
 * (less than len only at EOF or on error), 0 at EOF, or -STREAM_ERR_x. */
int stream_read(stream_t *s, void *buf, int len);

/* Move to absolute position pos. Returns 0 or -STREAM_ERR_x. Seeking
 * inside the buffer costs nothing; an unseekable stream can still be
 * seeked forward (by reading) and backward within its buffer. */
int stream_seek(stream_t *s, int64_t pos);

/*
 * Read up to len bytes at pos without moving the stream: its position,
 * buffer and readahead cursors stay as they are, so a reader can look
 * elsewhere in the file (the Matroska map reads cluster headers) while
 * another one (libavformat) owns the position. Served from the stream's
 * buffer when it holds all of them, else with one read of the source.
 * Returns bytes (fewer than len at the end of the file), 0 at or past the
 * end, -STREAM_ERR_UNSUPPORTED for sources that cannot read at a position
 * (everything but plain files and mf://), or -STREAM_ERR_x.
 */
int stream_read_at(stream_t *s, int64_t pos, void *buf, int len);

/*
 * As stream_read_at, for bytes looked at once (a header far ahead of the
 * reader): what the read brought into the page cache there is dropped
 * again, so that it leaves no islands the reader's later sequential reads
 * must go around (each costs a device request and a seek). Bytes near the
 * reader or inside its readahead window are kept.
 */
int stream_peek_at(stream_t *s, int64_t pos, void *buf, int len);

/* Skip n bytes forward. */
int stream_skip(stream_t *s, int64_t n);

int64_t stream_tell(const stream_t *s);

/* Total size in bytes, or -1 when unknown. */
int64_t stream_size(const stream_t *s);

bool stream_seekable(const stream_t *s);
bool stream_eof(const stream_t *s);

/* Where the source ended, once a read hit its end (since the last seek):
 * for a pipe or a URL of unknown size its length, for a source that
 * declared a size (an HTTP Content-Length) and ended before it, less
 * than stream_size(). -1 while the end was not reached. */
int64_t stream_end_pos(const stream_t *s);
enum stream_kind stream_get_kind(const stream_t *s);

/* mf://: how many files the list holds (0 for other streams). */
int stream_mf_file_count(const stream_t *s);

/* The url as given to stream_open. */
const char *stream_url(const stream_t *s);

/* The counters so far, including those of the stream's readahead or cache
 * thread (taken under its lock). */
struct stream_stats stream_get_stats(const stream_t *s);

/* Print the counters at level lev of MSGT_STREAM. */
void stream_print_stats(const stream_t *s, int lev);

/* One byte range of a read plan. */
struct stream_range {
    int64_t pos;
    int64_t len;
};

/*
 * Hand down a read plan: the byte ranges the selected streams' next
 * packets occupy, ordered by when they are needed (n = 0 clears it). The
 * ranges are copied. For plain files a thread advises exactly those bytes
 * to the kernel (WILLNEED, in device-sized chunks, at most cache_kb ahead
 * of the reader when cache_kb is set), never the same bytes twice; a new
 * plan replaces the old one and advice of the old one not yet given is
 * dropped, so after a seek the new plan is what counts, and a renewed plan
 * while playing on only adds its new bytes. While a plan is set the
 * readahead-distance windows give no advice (the plan knows better).
 * For a seekable URL opened with cache_kb in plan mode the first plan
 * turns the stream's ring into the range cache: a thread fetches the
 * planned bytes over a second connection into at most cache_kb KB, and
 * reads are served from there when the bytes are present (see
 * DOCS/tech/cache.md); n = 0 before that keeps the ring.
 * Returns 0, or -STREAM_ERR_UNSUPPORTED for streams that cannot use a plan
 * (pipes, URLs without -cache, the ring in ring mode), -STREAM_ERR_NOMEM.
 */
int stream_set_read_plan(stream_t *s, const struct stream_range *r, int n);

/* State of a ring cache or range cache. */
struct stream_cache_status {
    int64_t size;       /* bytes of the ring; the range cache's budget */
    int64_t fill;       /* ring: bytes buffered ahead of the read position;
                         * range cache: bytes held the reader has not read */
    int64_t back;       /* ring: bytes kept behind the read position;
                         * range cache: bytes held the reader has read */
    bool eof;           /* the fill/fetch thread reached the end of the source */
    int64_t held;       /* bytes of memory holding data (range cache: also
                         * those reserved for a fetch under way); ring: size */
    int64_t held_peak;  /* the most held at any time */
    bool range_cache;   /* the range cache (URLs with a read plan), not the ring */
};

/* Fill *st and return true when s reads through a ring or range cache;
 * else false. */
bool stream_get_cache_status(const stream_t *s, struct stream_cache_status *st);

/* Bytes per WILLNEED call this plain-file stream uses (0 when readahead
 * is off or not a plain file). */
int64_t stream_file_readahead_chunk(const stream_t *s);

#endif
