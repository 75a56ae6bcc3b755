/*
 * Unit tests of the range cache (stream/cache_range.c): read plans on a
 * URL opened with -cache in plan mode, against a real HTTP server with
 * Range support (an nginx the test starts on 127.0.0.1 with a config of
 * its own in a temp dir). Assertions are on contents and on the stream's
 * and the cache's own counters, never on time.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>

#include "common/mp_msg.h"
#include "stream/stream.h"
#include "stream/stream_test.h"
#include "test_stream_util.h"
#include "test_util.h"

#define KB 1024
#define MB (1024 * 1024)
#define FILE_SIZE (6 * MB + 777)

struct fixture {
    char *dir;
    char *nginx;            /* the binary, NULL: not installed */
    pid_t pid;              /* the server, 0: not running */
    int port;
    char *url;
    unsigned char *data;    /* the served file's contents */
    int64_t size;
};

/* ---- the server ---- */

static char *find_nginx(void)
{
    const char *path = getenv("PATH");
    char *dirs = NULL;
    if (asprintf(&dirs, "%s:/usr/sbin:/usr/local/sbin", path ? path : "") < 0)
        return NULL;
    char *save = NULL;
    char *found = NULL;
    for (char *d = strtok_r(dirs, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
        char *cand = NULL;
        if (asprintf(&cand, "%s/nginx", d) < 0)
            break;
        if (access(cand, X_OK) == 0)
            found = cand;
        else
            free(cand);
    }
    free(dirs);
    return found;
}

/* A port nobody listens on now (the kernel's choice for port 0). */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
    socklen_t len = sizeof(a);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd);
    return ntohs(a.sin_port);
}

static bool port_answers(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    bool ok = connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0;
    close(fd);
    return ok;
}

static void write_conf(const struct fixture *f)
{
    char *conf = NULL;
    assert_true(asprintf(&conf, "%s/nginx.conf", f->dir) > 0);
    FILE *fp = fopen(conf, "w");
    assert_non_null(fp);
    fprintf(fp,
            "daemon off;\nmaster_process off;\nworker_processes 1;\n"
            "pid %1$s/nginx.pid;\nerror_log %1$s/error.log;\n"
            "events { worker_connections 64; }\n"
            "http {\n  log_format r '\"$http_range\" $status $bytes_sent';\n"
            "  access_log %1$s/access.log r;\n"
            "  client_body_temp_path %1$s/t_body;\n  proxy_temp_path %1$s/t_proxy;\n"
            "  fastcgi_temp_path %1$s/t_fcgi;\n  uwsgi_temp_path %1$s/t_uwsgi;\n"
            "  scgi_temp_path %1$s/t_scgi;\n"
            "  server { listen 127.0.0.1:%2$d; root %1$s/www;\n"
            "    location /slow/ { alias %1$s/www/; limit_rate 200k; } }\n}\n",
            f->dir, f->port);
    assert_int_equal(fclose(fp), 0);
    free(conf);
}

/* Start nginx on a free port and wait until it answers. */
static void server_start(struct fixture *f)
{
    for (int attempt = 0; attempt < 5 && !f->pid; attempt++) {
        f->port = free_port();
        write_conf(f);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            char conf[4096], elog[4096];
            snprintf(conf, sizeof(conf), "%s/nginx.conf", f->dir);
            snprintf(elog, sizeof(elog), "%s/error.log", f->dir);
            execl(f->nginx, "nginx", "-e", elog, "-p", f->dir, "-c", conf, (char *)NULL);
            _exit(127);
        }
        for (int i = 0; i < 500; i++) {
            if (port_answers(f->port)) {
                f->pid = pid;
                break;
            }
            int st;
            if (waitpid(pid, &st, WNOHANG) == pid)
                break;  /* it gave up (port taken meanwhile?): again */
            struct timespec ts = {0, 20 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        if (!f->pid) {
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
        }
    }
    assert_true(f->pid > 0);
    free(f->url);
    assert_true(asprintf(&f->url, "http://127.0.0.1:%d/f.bin", f->port) > 0);
}

static void server_kill(struct fixture *f)
{
    if (!f->pid)
        return;
    kill(f->pid, SIGKILL);
    waitpid(f->pid, NULL, 0);
    f->pid = 0;
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    *state = f;
    f->nginx = find_nginx();
    if (!f->nginx)
        return 0;
    f->dir = test_mkdtemp();
    assert_non_null(f->dir);
    assert_int_equal(test_sh("mkdir '%s/www'", f->dir), 0);
    f->size = FILE_SIZE;
    f->data = test_lcg_bytes(f->size, 4321);
    char *path = test_write_in(f->dir, "www/f.bin", f->data, (size_t)f->size);
    assert_non_null(path);
    free(path);
    server_start(f);
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    server_kill(f);
    test_rmdir(f->dir);
    free(f->nginx);
    free(f->url);
    free(f->data);
    free(f);
    return 0;
}

#define NEED_NGINX(f)                                                                   \
    do {                                                                                \
        if (!(f)->nginx) {                                                              \
            print_message("nginx is not installed (apt-get install nginx-light): "     \
                          "skipped\n");                                                 \
            skip();                                                                     \
        }                                                                               \
    } while (0)

/* ---- helpers ---- */

static stream_t *open_url_at(const struct fixture *f, const char *url, int kb)
{
    struct stream_opts o = {
        .cache_kb = kb,
        .cache_min_percent = 0,
        .cache_seek_min_percent = 50,
        .cache_mode = STREAM_CACHE_PLAN,
    };
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, url, &o), 0);
    assert_non_null(s);
    assert_int_equal(stream_get_kind(s), STREAM_KIND_LAVF);
    assert_int_equal(stream_size(s), f->size);
    return s;
}

static stream_t *open_url(const struct fixture *f, int kb)
{
    return open_url_at(f, f->url, kb);
}

/* The same file from /slow/, where nginx sends 200 KB/s per request. */
static stream_t *open_slow_url(const struct fixture *f, int kb)
{
    char *url = NULL;
    assert_true(asprintf(&url, "http://127.0.0.1:%d/slow/f.bin", f->port) > 0);
    stream_t *s = open_url_at(f, url, kb);
    free(url);
    return s;
}

/* Read len bytes at pos and compare with the file. */
static void read_at(stream_t *s, const struct fixture *f, int64_t pos, int len)
{
    assert_int_equal(stream_seek(s, pos), 0);
    test_read_check(s, f->data, f->size, len);
}

static int64_t plan_total(const struct stream_range *r, int n)
{
    int64_t t = 0;
    for (int i = 0; i < n; i++)
        t += r[i].len;
    return t;
}

/* ---- tests ---- */

/* Before any plan it is the ring (as before); a plan makes it the range
 * cache; every byte read equals the file, linearly and at random places,
 * with plans renewed at the places it jumps to. */
static void test_contents(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    stream_t *s = open_url(f, 256);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    read_at(s, f, 0, 10000);
    struct stream_range r0[] = {{20000, 300 * KB}, {1 * MB, 64 * KB}, {2 * MB + 5, 100000}};
    assert_int_equal(stream_set_read_plan(s, r0, 3), 0);
    /* Linear through the first planned range and beyond. */
    int64_t pos = 10000;
    while (pos < 1200 * KB) {
        read_at(s, f, pos, 7777);
        pos += 7777;
    }
    uint32_t x = 99;
    for (int i = 0; i < 150; i++) {
        x = x * 1103515245u + 12345u;
        int64_t p = (int64_t)(x >> 4) % (f->size + 1000);
        x = x * 1103515245u + 12345u;
        int len = 1 + (int)((x >> 8) % (120 * KB));
        if (i % 5 == 0) {
            /* As the player after a seek: a plan from there. */
            struct stream_range r[] = {{p, 200 * KB}, {p + 1 * MB, 50 * KB}};
            assert_int_equal(stream_set_read_plan(s, r, 2), 0);
        }
        read_at(s, f, p, len);
        if (i % 7 == 0)
            stream_cache_sync(s);
    }
    read_at(s, f, f->size - 5000, 10000);
    assert_true(stream_eof(s));
    struct stream_stats st = stream_get_stats(s);
    assert_true(st.cache_bytes_fetched > 0);
    assert_true(st.cache_bytes_served > 0);
    assert_true(stream_get_cache_status(s, &cs));
    assert_true(cs.held_peak <= 256 * KB);
    stream_close(s);
}

/* Three planned ranges are fetched exactly; reading them afterwards
 * takes every byte from the cache and none from the main connection. */
static void test_plan_fetched_and_served(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    stream_t *s = open_url(f, 1024);
    /* Far beyond what the ring read at open (at most its 1 MB from 0). */
    struct stream_range r[] = {{3 * MB, 64 * KB}, {2 * MB, 128 * KB}, {5 * MB, 96 * KB}};
    int64_t total = plan_total(r, 3);
    assert_int_equal(stream_set_read_plan(s, r, 3), 0);
    stream_cache_sync(s);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.cache_bytes_fetched, total);
    assert_int_equal(st.plan_ranges, 3);
    uint64_t calls = st.read_calls, bytes = st.bytes_read, seeks = st.seeks;
    uint64_t served = st.cache_bytes_served, stalls = st.cache_stalls;
    for (int i = 0; i < 3; i++)
        read_at(s, f, r[i].pos, (int)r[i].len);
    st = stream_get_stats(s);
    assert_int_equal(st.read_calls, calls);
    assert_int_equal(st.bytes_read, bytes);
    assert_int_equal(st.seeks, seeks);
    assert_int_equal(st.cache_bytes_served - served, total);
    assert_int_equal(st.cache_stalls, stalls);
    assert_int_equal(st.cache_bytes_fetched, total);
    /* A byte outside the plan goes through the main connection. */
    read_at(s, f, 4 * MB, 100);
    st = stream_get_stats(s);
    assert_true(st.read_calls > calls);
    assert_int_equal(st.cache_stalls, stalls + 1);
    stream_close(s);
}

/* A new plan (as after a seek) replaces the old one: what the old one
 * still wanted is never fetched, its bytes make room for the new. */
static void test_new_plan_replaces(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    const int kb = 128;
    stream_t *s = open_url(f, kb);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    assert_false(cs.range_cache);
    struct stream_range a = {1 * MB, 1 * MB};
    assert_int_equal(stream_set_read_plan(s, &a, 1), 0);
    assert_true(stream_get_cache_status(s, &cs));
    assert_true(cs.range_cache);
    stream_cache_sync(s);
    /* The budget is full of the first plan's bytes. */
    assert_int_equal(stream_get_stats(s).cache_bytes_fetched, kb * KB);
    struct stream_range b[] = {{4 * MB, 32 * KB}, {5 * MB, 40 * KB}};
    assert_int_equal(stream_set_read_plan(s, b, 2), 0);
    stream_cache_sync(s);
    struct stream_stats st = stream_get_stats(s);
    assert_int_equal(st.cache_bytes_fetched, kb * KB + plan_total(b, 2));
    assert_int_equal(st.plan_ranges, 3);
    uint64_t calls = st.read_calls;
    read_at(s, f, b[1].pos, (int)b[1].len);
    read_at(s, f, b[0].pos, (int)b[0].len);
    st = stream_get_stats(s);
    assert_int_equal(st.read_calls, calls);
    assert_int_equal(st.cache_bytes_served, plan_total(b, 2));
    assert_true(stream_get_cache_status(s, &cs));
    assert_true(cs.held_peak <= kb * KB);
    stream_close(s);
}

/* A budget smaller than the plan: the cache never holds more than it,
 * fetches on as the reader consumes, and every byte is right. */
static void test_budget(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    const int kb = 64;
    stream_t *s = open_url(f, kb);
    struct stream_range r[] = {{1 * MB, 96 * KB}, {3 * MB / 2, 96 * KB}, {2 * MB, 96 * KB}};
    int64_t total = plan_total(r, 3);
    assert_int_equal(stream_set_read_plan(s, r, 3), 0);
    stream_cache_sync(s);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    assert_int_equal(cs.size, kb * KB);
    assert_true(cs.held <= kb * KB);
    assert_true(cs.held_peak <= kb * KB);
    struct stream_stats st = stream_get_stats(s);
    /* Budget full of the first range's bytes: nothing more fetched. */
    assert_true(st.cache_bytes_fetched > 0);
    assert_true(st.cache_bytes_fetched <= (uint64_t)kb * KB);
    for (int i = 0; i < 3; i++) {
        for (int64_t p = r[i].pos; p < r[i].pos + r[i].len; p += 8 * KB) {
            read_at(s, f, p, 8 * KB);
            assert_true(stream_get_cache_status(s, &cs));
            assert_true(cs.held <= kb * KB);
        }
        stream_cache_sync(s);
    }
    assert_true(stream_get_cache_status(s, &cs));
    assert_true(cs.held_peak <= kb * KB);
    st = stream_get_stats(s);
    /* It went on fetching beyond the first budget's worth, never a byte
     * outside the plan, and the reader got its bytes from the cache. */
    assert_true(st.cache_bytes_fetched > (uint64_t)kb * KB);
    assert_true(st.cache_bytes_fetched <= (uint64_t)total);
    assert_true(st.cache_bytes_served >= (uint64_t)kb * KB);
    stream_close(s);
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "test_range_cache: a read or close hung\n";
    ssize_t w = write(2, msg, sizeof(msg) - 1);
    (void)w;
    _exit(1);
}

/* The server dies mid-play: cached bytes still come, an uncached read
 * ends with an error (or EOF) and close returns. A watchdog alarm turns
 * a hang into a failure. */
static void test_server_killed(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    signal(SIGALRM, on_alarm);
    alarm(120);
    stream_t *s = open_url(f, 512);
    struct stream_range r[] = {{2 * MB, 128 * KB}, {4 * MB, 3 * MB / 2}};
    assert_int_equal(stream_set_read_plan(s, r, 2), 0);
    read_at(s, f, 0, 100 * KB);
    /* Move the main connection far on (outside the plan), so that going
     * back needs a new request. */
    read_at(s, f, 6 * MB, 500);
    /* The first range is surely fetched once the thread is idle. */
    stream_cache_sync(s);
    server_kill(f);
    read_at(s, f, 2 * MB, 128 * KB);
    /* Neither cached nor buffered: the main connection must reconnect,
     * and is refused. */
    assert_int_equal(stream_seek(s, 1 * MB), 0);
    unsigned char buf[64 * KB];
    int n;
    int64_t got = 0;
    while ((n = stream_read(s, buf, sizeof(buf))) > 0) {
        assert_memory_equal(buf, f->data + 1 * MB + got, (size_t)n);
        got += n;
    }
    assert_true(n <= 0);
    assert_true(got < 1 * MB);
    stream_close(s);
    alarm(0);
    signal(SIGALRM, SIG_DFL);
    /* Open again: no server, a clear error. */
    s = NULL;
    struct stream_opts o = {.cache_kb = 512};
    assert_true(stream_open(&s, f->url, &o) < 0);
    assert_null(s);
}

/* Whether nginx has logged a request whose Range header is range (it logs
 * a request when its connection closes), waiting up to 5 s for it. */
static bool logged_range(const struct fixture *f, const char *range)
{
    char *path = NULL, *want = NULL;
    assert_true(asprintf(&path, "%s/access.log", f->dir) > 0);
    assert_true(asprintf(&want, "\"%s\"", range) > 0);
    bool found = false;
    for (int i = 0; i < 250 && !found; i++) {
        FILE *fp = fopen(path, "r");
        char line[512];
        while (fp && !found && fgets(line, sizeof(line), fp))
            found = strstr(line, want) != NULL;
        if (fp)
            fclose(fp);
        if (!found) {
            struct timespec ts = {0, 20 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    free(want);
    free(path);
    return found;
}

/* A connection left idle is closed, so that its open-ended request stops
 * receiving what nobody reads: the fetch thread's once it has had nothing
 * to do for a while, the main one when the reader, served from the cache,
 * has not used it for a while. nginx logs a request once it has sent it
 * all or the connection closed: at 200 KB/s (/slow/) the megabytes after
 * each position take many seconds, so a line within 5 s means a close.
 * The reads after that open new connections where they need. */
static void test_idle_connections_parked(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    stream_t *s = open_slow_url(f, 1024);
    struct stream_range r[] = {{3 * MB, 128 * KB}};
    assert_int_equal(stream_set_read_plan(s, r, 1), 0);
    /* Outside the plan: through the main connection, a request at 2 MB. */
    read_at(s, f, 2 * MB, 4 * KB);
    stream_cache_sync(s);
    assert_int_equal(stream_get_stats(s).cache_bytes_fetched, 128 * KB);
    /* The fetch thread is idle: its request from 3 MB is closed. */
    assert_true(logged_range(f, "bytes=3145728-"));
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    /* From the cache: the main connection, unused for 0.3 s, closes. */
    read_at(s, f, 3 * MB, 4 * KB);
    assert_true(logged_range(f, "bytes=2097152-"));
    /* Both open again where they are needed. */
    read_at(s, f, 2 * MB + 300 * KB, 4 * KB);
    struct stream_range r2[] = {{1 * MB, 64 * KB}};
    assert_int_equal(stream_set_read_plan(s, r2, 1), 0);
    stream_cache_sync(s);
    assert_int_equal(stream_get_stats(s).cache_bytes_fetched, 192 * KB);
    read_at(s, f, 1 * MB, 64 * KB);
    stream_close(s);
    assert_true(logged_range(f, "bytes=2404352-"));
    assert_true(logged_range(f, "bytes=1048576-"));
}

/* A planned byte the fetch thread has not reached yet is waited for, not
 * read through the main connection as well (the same bytes twice): from a
 * server sending 200 KB/s the thread is still on the first range when the
 * reader asks for the second. */
static void test_planned_bytes_wait_for_the_fetch(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    stream_t *s = open_slow_url(f, 1024);
    struct stream_range r[] = {{3 * MB, 256 * KB}, {4 * MB, 64 * KB}};
    assert_int_equal(stream_set_read_plan(s, r, 2), 0);
    struct stream_stats st = stream_get_stats(s);
    uint64_t bytes = st.bytes_read, served = st.cache_bytes_served;
    read_at(s, f, 4 * MB, 4 * KB);
    st = stream_get_stats(s);
    assert_int_equal(st.bytes_read, bytes);
    assert_int_equal(st.cache_bytes_served - served, 4 * KB);
    /* Not planned: through the main connection. */
    read_at(s, f, 5 * MB, 4 * KB);
    assert_true(stream_get_stats(s).bytes_read > bytes);
    stream_close(s);
}

/* Ring mode and URLs without -cache take no plan. */
static void test_plan_refused(void **state)
{
    struct fixture *f = *state;
    NEED_NGINX(f);
    struct stream_range r = {0, 4096};
    struct stream_opts o = {.cache_kb = 64, .cache_mode = STREAM_CACHE_RING};
    stream_t *s = NULL;
    assert_int_equal(stream_open(&s, f->url, &o), 0);
    assert_int_equal(stream_set_read_plan(s, &r, 1), -STREAM_ERR_UNSUPPORTED);
    read_at(s, f, 1000, 5000);
    stream_close(s);
    assert_int_equal(stream_open(&s, f->url, NULL), 0);
    assert_int_equal(stream_set_read_plan(s, &r, 1), -STREAM_ERR_UNSUPPORTED);
    stream_close(s);
    /* Plan mode: clearing before any plan keeps the ring. */
    s = open_url(f, 64);
    assert_int_equal(stream_set_read_plan(s, NULL, 0), 0);
    struct stream_cache_status cs;
    assert_true(stream_get_cache_status(s, &cs));
    assert_int_equal(cs.held, 64 * KB);
    read_at(s, f, 0, 70000);
    assert_int_equal(stream_get_stats(s).plan_ranges, 0);
    stream_close(s);
}

int main(void)
{
    mp_msg_set_default_level(MSGL_ERR);
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_contents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plan_fetched_and_served, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_plan_replaces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plan_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_server_killed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_idle_connections_parked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_planned_bytes_wait_for_the_fetch, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
