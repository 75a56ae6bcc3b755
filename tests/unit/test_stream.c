/*
 * Unit tests for stream/: buffered reading and seeking over plain files,
 * FIFOs, stdin and URLs; errors; the buffer size honoured in read counts.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <fcntl.h>
#include <stdbool.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_priv.h"
#include "test_util.h"

struct fixture {
    char *dir;
    char *path;          /* a file of `size` pattern bytes */
    unsigned char *data; /* its contents */
    size_t size;
    pid_t server;        /* a test's HTTP server, killed at teardown */
};

/* xorshift: deterministic, so a failure can be replayed. */
static uint32_t rng_next(uint32_t *st)
{
    uint32_t x = *st;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *st = x;
}

static char *path_in(const char *dir, const char *name)
{
    char *p = NULL;
    if (asprintf(&p, "%s/%s", dir, name) < 0)
        return NULL;
    return p;
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    f->dir = test_mkdtemp();
    assert_non_null(f->dir);
    f->size = 1024 * 1024 + 12345;  /* not a multiple of any buffer size */
    f->data = malloc(f->size);
    assert_non_null(f->data);
    uint32_t st = 12345;
    for (size_t i = 0; i < f->size; i++)
        f->data[i] = (unsigned char)(rng_next(&st) >> 7);
    f->path = test_write_in(f->dir, "data.bin", f->data, f->size);
    assert_non_null(f->path);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    if (f->server > 0)
        kill(f->server, SIGTERM);
    test_rmdir(f->dir);
    free(f->path);
    free(f->data);
    free(f);
    return 0;
}

static void test_open_plain_file(void **state)
{
    struct fixture *f = *state;
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, NULL), 0);
    assert_non_null(s);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FILE);
    assert_true(stream_seekable(s));
    assert_int_equal(stream_size(s), (int64_t)f->size);
    assert_string_equal(stream_url(s), f->path);
    assert_int_equal(stream_tell(s), 0);
    assert_false(stream_eof(s));
    stream_close(s);

    char *url = NULL;
    assert_true(asprintf(&url, "file://%s", f->path) > 0);
    assert_int_equal(stream_open(&s, url, NULL), 0);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FILE);
    unsigned char b[16];
    assert_int_equal(stream_read(s, b, 16), 16);
    assert_memory_equal(b, f->data, 16);
    stream_close(s);
    free(url);
    stream_close(NULL);
}

/* Random seeks and reads of random sizes (small, buffer-sized, larger
 * than a buffer) against the file in memory. */
static void check_random_access(struct fixture *f, int buffer_size, uint32_t seed)
{
    struct stream_opts o = {.buffer_size = buffer_size};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    unsigned char *buf = malloc(300000);
    assert_non_null(buf);
    uint32_t st = seed;
    for (int i = 0; i < 400; i++) {
        uint32_t r = rng_next(&st);
        int64_t pos = stream_tell(s);
        switch (r % 4) {
        case 0: /* anywhere, also past the end */
            pos = rng_next(&st) % (f->size + 5000);
            assert_int_equal(stream_seek(s, pos), 0);
            break;
        case 1: /* a short hop, often inside the buffer */
            pos += (int64_t)(rng_next(&st) % 9000) - 4500;
            if (pos < 0)
                pos = 0;
            assert_int_equal(stream_seek(s, pos), 0);
            break;
        default:
            break;
        }
        assert_int_equal(stream_tell(s), pos);
        int len;
        switch (rng_next(&st) % 3) {
        case 0: len = 1 + rng_next(&st) % 100; break;
        case 1: len = 1 + rng_next(&st) % 20000; break;
        default: len = 1 + rng_next(&st) % 300000; break;
        }
        int64_t expect = 0;
        if (pos < (int64_t)f->size)
            expect = (int64_t)f->size - pos < len ? (int64_t)f->size - pos : len;
        int n = stream_read(s, buf, len);
        assert_int_equal(n, expect);
        if (n > 0)
            assert_memory_equal(buf, f->data + pos, n);
        assert_int_equal(stream_tell(s), pos + n);
    }
    free(buf);
    stream_close(s);
}

static void test_random_access(void **state)
{
    struct fixture *f = *state;
    check_random_access(f, 0, 1);
    check_random_access(f, 4096, 2);
    check_random_access(f, 65536, 3);
    check_random_access(f, 1000, 4);  /* not a power of two */
    check_random_access(f, 1, 5);
}

static void test_eof(void **state)
{
    struct fixture *f = *state;
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, NULL), 0);
    unsigned char buf[1000];
    assert_int_equal(stream_seek(s, (int64_t)f->size - 10), 0);
    assert_false(stream_eof(s));
    assert_int_equal(stream_read(s, buf, 1000), 10);
    assert_memory_equal(buf, f->data + f->size - 10, 10);
    assert_true(stream_eof(s));
    assert_int_equal(stream_read(s, buf, 1000), 0);
    assert_true(stream_eof(s));
    assert_int_equal(stream_tell(s), (int64_t)f->size);
    /* Back inside: not at the end any more, data still right. */
    assert_int_equal(stream_seek(s, (int64_t)f->size - 4), 0);
    assert_false(stream_eof(s));
    assert_int_equal(stream_read(s, buf, 1000), 4);
    assert_memory_equal(buf, f->data + f->size - 4, 4);
    /* Past the end: a seek works, a read gives nothing. */
    assert_int_equal(stream_seek(s, (int64_t)f->size + 100000), 0);
    assert_int_equal(stream_read(s, buf, 10), 0);
    assert_true(stream_eof(s));
    assert_int_equal(stream_seek(s, -1), -STREAM_ERR_UNSUPPORTED);
    assert_int_equal(stream_skip(s, -1), -STREAM_ERR_UNSUPPORTED);
    assert_int_equal(stream_seek(s, 0), 0);
    assert_int_equal(stream_skip(s, 100), 0);
    assert_int_equal(stream_tell(s), 100);
    assert_int_equal(stream_read(s, buf, 1), 1);
    assert_int_equal(buf[0], f->data[100]);
    stream_close(s);

    /* An empty file is at its end at once. */
    char *empty = test_write_in(f->dir, "empty", "", 0);
    assert_non_null(empty);
    assert_int_equal(stream_open(&s, empty, NULL), 0);
    assert_int_equal(stream_size(s), 0);
    assert_int_equal(stream_read(s, buf, 10), 0);
    assert_true(stream_eof(s));
    stream_close(s);
    free(empty);
}

static void test_errors(void **state)
{
    struct fixture *f = *state;
    stream_t *s = (stream_t *)1;
    char *missing = path_in(f->dir, "nosuchfile");
    assert_int_equal(stream_open(&s, missing, NULL), -STREAM_ERR_NOT_FOUND);
    assert_null(s);
    assert_int_equal(stream_open(&s, f->dir, NULL), -STREAM_ERR_IS_DIR);
    assert_null(s);
    assert_int_equal(stream_open(&s, "", NULL), -STREAM_ERR_NOT_FOUND);
    assert_int_equal(stream_open(&s, "nosuchproto://x/y", NULL), -STREAM_ERR_UNSUPPORTED);
    assert_null(s);
    free(missing);
    for (int e = 0; e <= STREAM_ERR_ABORTED; e++) {
        assert_non_null(stream_strerror(e));
        assert_string_equal(stream_strerror(e), stream_strerror(-e));
    }
    assert_string_equal(stream_strerror(-STREAM_ERR_IS_DIR), "is a directory");
}

static void test_error_access(void **state)
{
    struct fixture *f = *state;
    if (geteuid() == 0)
        skip();  /* root reads anything */
    char *p = test_write_in(f->dir, "secret", "x", 1);
    assert_non_null(p);
    assert_int_equal(chmod(p, 0), 0);
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, p, NULL), -STREAM_ERR_ACCESS);
    assert_null(s);
    free(p);
}

/* Fork a writer that writes len bytes of data to path (opened for
 * writing) in uneven pieces, then exits. */
static pid_t spawn_writer(const char *path, const unsigned char *data, size_t len)
{
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(path, O_WRONLY);
        if (fd < 0)
            _exit(1);
        size_t off = 0;
        size_t piece = 1;
        while (off < len) {
            size_t n = len - off < piece ? len - off : piece;
            ssize_t w = write(fd, data + off, n);
            if (w <= 0)
                _exit(2);
            off += (size_t)w;
            piece = piece * 3 + 7;
            if (piece > 100000)
                piece = 1;
        }
        close(fd);
        _exit(0);
    }
    return pid;
}

static void test_fifo(void **state)
{
    struct fixture *f = *state;
    char *fifo = path_in(f->dir, "fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    size_t len = 300000;
    pid_t pid = spawn_writer(fifo, f->data, len);
    assert_true(pid > 0);

    struct stream_opts o = {.buffer_size = 4096};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, fifo, &o), 0);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FD);
    assert_false(stream_seekable(s));
    assert_int_equal(stream_size(s), -1);

    unsigned char *buf = malloc(len);
    assert_non_null(buf);
    assert_int_equal(stream_read(s, buf, 1000), 1000);
    assert_memory_equal(buf, f->data, 1000);
    /* Backward inside the buffer works; forward skips by reading. */
    assert_int_equal(stream_seek(s, 10), 0);
    assert_int_equal(stream_read(s, buf, 10), 10);
    assert_memory_equal(buf, f->data + 10, 10);
    assert_int_equal(stream_seek(s, 100000), 0);
    assert_int_equal(stream_tell(s), 100000);
    assert_int_equal(stream_read(s, buf, 5), 5);
    assert_memory_equal(buf, f->data + 100000, 5);
    /* Far back: the data is gone. */
    assert_int_equal(stream_seek(s, 0), -STREAM_ERR_UNSUPPORTED);
    assert_int_equal(stream_read(s, buf, (int)len), (int)(len - 100005));
    assert_memory_equal(buf, f->data + 100005, len - 100005);
    assert_true(stream_eof(s));
    assert_int_equal(stream_read(s, buf, 10), 0);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.bytes_read, len);
    assert_int_equal(st.seeks, 0);
    stream_close(s);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    free(buf);
    free(fifo);
}

static void test_stdin(void **state)
{
    struct fixture *f = *state;
    char *fifo = path_in(f->dir, "stdin-fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    size_t len = 200000;
    pid_t pid = spawn_writer(fifo, f->data + 7, len);
    assert_true(pid > 0);
    int saved = dup(0);
    assert_true(saved >= 0);
    int fd = open(fifo, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(dup2(fd, 0), 0);
    close(fd);

    stream_t *s = NULL;
    int rc = stream_open(&s, "-", NULL);
    /* The stream has its own descriptor: stdin goes back at once. */
    assert_int_equal(dup2(saved, 0), 0);
    close(saved);
    assert_int_equal(rc, 0);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_FD);
    unsigned char *buf = malloc(len + 10);
    assert_non_null(buf);
    assert_int_equal(stream_read(s, buf, (int)len + 10), (int)len);
    assert_memory_equal(buf, f->data + 7, len);
    assert_true(stream_eof(s));
    stream_close(s);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    free(buf);
    free(fifo);
}

/* Reading 1 MB in small pieces costs size/buffer_size reads, exactly. */
static uint64_t read_calls_for(struct fixture *f, int buffer_size, int piece)
{
    struct stream_opts o = {.buffer_size = buffer_size};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    unsigned char *buf = malloc(piece);
    assert_non_null(buf);
    int64_t done = 0;
    while (done < 1024 * 1024) {
        int want = 1024 * 1024 - done < piece ? (int)(1024 * 1024 - done) : piece;
        int n = stream_read(s, buf, want);
        assert_int_equal(n, want);
        assert_memory_equal(buf, f->data + done, n);
        done += n;
    }
    struct stream_stats st = stream_get_stats(s);
    uint64_t calls = st.read_calls;
    assert_int_equal(st.bytes_read, 1024 * 1024);
    assert_int_equal(st.seeks, 0);
    stream_print_stats(s, MSGL_V);
    free(buf);
    stream_close(s);
    return calls;
}

static void test_buffer_size_honoured(void **state)
{
    struct fixture *f = *state;
    uint64_t small = read_calls_for(f, 4096, 1000);
    uint64_t big = read_calls_for(f, 65536, 1000);
    assert_int_equal(small, 256);
    assert_int_equal(big, 16);
    assert_int_equal(small, 16 * big);
    /* Default buffer: 4096. */
    assert_int_equal(read_calls_for(f, 0, 333), 256);
    /* Pieces of several buffers go straight to the caller, still one
     * buffer per read: 1 MB in 3-buffer pieces is 256 reads too. */
    assert_int_equal(read_calls_for(f, 4096, 3 * 4096), 256);
}

/* Seeks inside the buffered data do not touch the source. */
static void test_seek_in_buffer_is_free(void **state)
{
    struct fixture *f = *state;
    struct stream_opts o = {.buffer_size = 65536};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    unsigned char buf[100];
    assert_int_equal(stream_read(s, buf, 100), 100);
    for (int i = 0; i < 50; i++) {
        assert_int_equal(stream_seek(s, (i * 7919) % 65536), 0);
        assert_int_equal(stream_read(s, buf, 1), 1);
        assert_int_equal(buf[0], f->data[(i * 7919) % 65536]);
    }
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.read_calls, 1);
    assert_int_equal(st.seeks, 0);
    /* Outside: one source seek, one read. */
    assert_int_equal(stream_seek(s, 500000), 0);
    assert_int_equal(stream_read(s, buf, 100), 100);
    assert_memory_equal(buf, f->data + 500000, 100);
    st = stream_get_stats(s);
    assert_int_equal(st.read_calls, 2);
    assert_int_equal(st.seeks, 1);
    stream_close(s);
}

static bool abort_always(void *ctx)
{
    int *calls = ctx;
    (*calls)++;
    return true;
}

/* URLs through libavformat: a loopback HTTP server (python3) serves the
 * fixture file. */
static void test_lavf_http(void **state)
{
    struct fixture *f = *state;
    char *cmd = NULL;
    /* The shell says its pid, then becomes the server. */
    assert_true(asprintf(&cmd, "cd '%s' && echo $$ && exec python3 -u -m http.server "
                         "--bind 127.0.0.1 0 2>/dev/null", f->dir) > 0);
    FILE *srv = popen(cmd, "r");
    free(cmd);
    if (!srv)
        skip();
    char line[256] = "";
    pid_t server = 0;
    int port = 0;
    if (fgets(line, sizeof(line), srv))
        server = (pid_t)atoi(line);
    f->server = server;
    if (server > 0 && fgets(line, sizeof(line), srv)) {
        const char *p = strstr(line, " port ");
        if (p)
            port = atoi(p + 6);
    }
    if (port <= 0) {
        if (server > 0)
            kill(server, SIGTERM);
        f->server = 0;
        pclose(srv);
        skip();  /* no python3 here */
    }
    char url[128];
    snprintf(url, sizeof(url), "http://127.0.0.1:%d/data.bin", port);
    struct stream_opts o = {.buffer_size = 8192};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, url, &o), 0);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_LAVF);
    assert_int_equal(stream_size(s), (int64_t)f->size);
    unsigned char *buf = malloc(f->size + 10);
    assert_non_null(buf);
    assert_int_equal(stream_read(s, buf, 1000), 1000);
    assert_memory_equal(buf, f->data, 1000);
    if (stream_seekable(s)) {
        assert_int_equal(stream_seek(s, 700000), 0);
        assert_int_equal(stream_read(s, buf, 5000), 5000);
        assert_memory_equal(buf, f->data + 700000, 5000);
        assert_int_equal(stream_seek(s, 0), 0);
    }
    assert_int_equal(stream_seek(s, 1000000), 0);
    int n = stream_read(s, buf, (int)f->size);
    assert_int_equal(n, (int)f->size - 1000000);
    assert_memory_equal(buf, f->data + 1000000, n);
    assert_true(stream_eof(s));
    stream_close(s);

    snprintf(url, sizeof(url), "http://127.0.0.1:%d/nosuchfile", port);
    assert_int_equal(stream_open(&s, url, &o), -STREAM_ERR_NOT_FOUND);

    /* The abort callback stops a blocking open. */
    int calls = 0;
    o.abort_cb = abort_always;
    o.abort_ctx = &calls;
    snprintf(url, sizeof(url), "http://127.0.0.1:%d/data.bin", port);
    assert_int_equal(stream_open(&s, url, &o), -STREAM_ERR_ABORTED);
    assert_null(s);
    assert_true(calls > 0);

    free(buf);
    kill(server, SIGTERM);  /* it never exits by itself */
    f->server = 0;
    pclose(srv);
}

/* Two read positions far apart, visited in turn (audio here, video there
 * in a badly interleaved file): each keeps its buffer, so every byte is
 * read from the source once, not once per jump. */
static void test_alternating_positions_keep_buffers(void **state)
{
    struct fixture *f = *state;
    assert_true(f->size >= 1024 * 1024);
    struct stream_opts o = { .buffer_size = 65536 };
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->path, &o), 0);
    unsigned char buf[100];
    const int64_t far = 512 * 1024;
    for (int i = 0; i < 200; i++) {
        for (int k = 0; k < 2; k++) {
            int64_t pos = k * far + i * 100;
            assert_int_equal(stream_seek(s, pos), 0);
            assert_int_equal(stream_read(s, buf, 100), 100);
            assert_memory_equal(buf, f->data + pos, 100);
        }
    }
    /* 20000 bytes at each place: one 64 KB fill each. */
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.read_calls, 2);
    assert_int_equal(st.bytes_read, 2 * 65536);
    /* A third and fourth place do not evict the first two... */
    for (int k = 2; k < 4; k++) {
        assert_int_equal(stream_seek(s, k * 200000 + 300000), 0);
        assert_int_equal(stream_read(s, buf, 100), 100);
    }
    assert_int_equal(stream_seek(s, 50), 0);
    assert_int_equal(stream_read(s, buf, 100), 100);
    assert_memory_equal(buf, f->data + 50, 100);
    st = stream_get_stats(s);
    assert_int_equal(st.read_calls, 4);
    /* ...and reading on past a kept buffer continues at the right byte. */
    assert_int_equal(stream_seek(s, 65536 - 50), 0);
    assert_int_equal(stream_read(s, buf, 100), 100);
    assert_memory_equal(buf, f->data + 65536 - 50, 100);
    stream_close(s);
}

/* The helper that makes the play thread's blocking reads: the bytes of a
 * read longer than one of its pieces, a read inside the file, a short one
 * at its end, none past it; it reads its own descriptor, so the caller's
 * may close first. */
static void test_preader_reads(void **state)
{
    struct fixture *f = *state;
    int fd = open(f->path, O_RDONLY);
    assert_true(fd >= 0);
    struct stream_opts o = {.buffer_size = 4096};
    stream_t *s = stream_alloc(f->path, &o);
    assert_non_null(s);
    struct stream_preader *r;
    assert_int_equal(stream_preader_create(&r, fd), 0);
    close(fd);
    unsigned char *buf = malloc(f->size + 100);
    assert_non_null(buf);
    assert_int_equal(stream_preader_read(r, s, buf, f->size + 100, 0), (ssize_t)f->size);
    assert_memory_equal(buf, f->data, f->size);
    assert_int_equal(stream_preader_read(r, s, buf, 5000, 1000), 5000);
    assert_memory_equal(buf, f->data + 1000, 5000);
    assert_int_equal(stream_preader_read(r, s, buf, 4096, (off_t)f->size - 10), 10);
    assert_memory_equal(buf, f->data + f->size - 10, 10);
    assert_int_equal(stream_preader_read(r, s, buf, 4096, (off_t)f->size + 5), 0);
    free(buf);
    stream_preader_free(r);
    stream_close(s);
}

/* Whether the page cache holds the page of fd at off. */
static bool page_resident(int fd, off_t off)
{
    long page = sysconf(_SC_PAGESIZE);
    off_t start = off / page * page;
    void *m = mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, fd, start);
    assert_true(m != MAP_FAILED);
    unsigned char v = 0;
    assert_int_equal(mincore(m, (size_t)page, &v), 0);
    munmap(m, (size_t)page);
    return v & 1;
}

/* A look far ahead of the reader (the Matroska map's cluster heads) at a
 * cold part of the file leaves no pages cached there (islands the reader's
 * sequential reads would go around, a request and a seek each); on a hot
 * file, and near the reader, the cache keeps what it had. */
static void test_stream_peek_at_leaves_no_islands(void **state)
{
    struct fixture *f = *state;
    int fd = open(f->path, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(fdatasync(fd), 0);
    assert_int_equal(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
    if (page_resident(fd, 768 * 1024)) {
        close(fd);
        skip();  /* a file system that keeps every page (tmpfs) */
    }
    stream_t *s;
    assert_int_equal(stream_open(&s, f->path, NULL), 0);
    unsigned char buf[8192];
    assert_int_equal(stream_read(s, buf, 100), 100);
    assert_int_equal(stream_peek_at(s, 768 * 1024 + 100, buf, 8192), 8192);
    assert_memory_equal(buf, f->data + 768 * 1024 + 100, 8192);
    assert_false(page_resident(fd, 768 * 1024 + 100));
    assert_false(page_resident(fd, 768 * 1024 + 8192));
    /* Near the reader: kept, the reader comes there next. */
    assert_int_equal(stream_peek_at(s, 64 * 1024, buf, 4096), 4096);
    assert_memory_equal(buf, f->data + 64 * 1024, 4096);
    assert_true(page_resident(fd, 64 * 1024));
    /* Hot: what was cached stays cached. */
    assert_int_equal(pread(fd, buf, 8192, 900 * 1024), 8192);
    assert_int_equal(stream_peek_at(s, 900 * 1024, buf, 8192), 8192);
    assert_memory_equal(buf, f->data + 900 * 1024, 8192);
    assert_true(page_resident(fd, 900 * 1024));
    stream_close(s);
    close(fd);
}

int main(void)
{
    mp_msg_reset();
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_open_plain_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random_access, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preader_reads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stream_peek_at_leaves_no_islands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eof, setup, teardown),
        cmocka_unit_test_setup_teardown(test_alternating_positions_keep_buffers, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_error_access, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stdin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_buffer_size_honoured, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seek_in_buffer_is_free, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lavf_http, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
