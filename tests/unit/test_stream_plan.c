/*
 * Unit tests for the read plan's bookkeeping (stream/readahead.c): which
 * piece the readahead thread advises next, region by region, and what a
 * reader that needs unadvised bytes is told. No thread and no file: the
 * functions are called in the order the readahead thread and the reader
 * would call them.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>

#include "stream/stream.h"
#include "stream/stream_priv.h"

#define KB 1024
#define MB (1024 * 1024)
#define PAGE 4096
#define STEP (128 * KB)

/* Ranges of two tracks laid out like a file whose audio is stored 7 MB
 * behind its video: the video's pieces run contiguously from 0, the
 * audio's from 7 MB, and the plan needs them in turn (video 0, audio 0,
 * video 1, ...). Returns the number of ranges. */
static int skewed_plan(struct stream_range *r, int max, int64_t video_end)
{
    int n = 0;
    for (int64_t i = 0; n + 2 <= max; i++) {
        int64_t v = i * 256 * KB;
        if (v >= video_end)
            break;
        r[n++] = (struct stream_range){v, 256 * KB};
        r[n++] = (struct stream_range){7 * MB + i * 256 * KB, 256 * KB};
    }
    return n;
}

/* The first byte neither advised nor read in the place the thread is not
 * in (audio from 7 MB on, video below), or -1. */
static int64_t other_place_unknown(const struct stream_plan *pl, const struct stream_range *r,
                                   int n, bool in_audio)
{
    for (int i = 0; i < n; i++) {
        int64_t end = r[i].pos + r[i].len;
        int64_t first = stream_plan_first_unknown(pl, r[i].pos, end);
        if ((r[i].pos >= 7 * MB) != in_audio && first < end)
            return first;
    }
    return -1;
}

/* The video's ranges reach the audio's without a gap (a plan that looks
 * 10 s ahead over a 12 s skew): the file order still runs against the need
 * order at 7 MB, so the thread must not read the video's place on into the
 * audio's while the audio's first bytes wait behind 7 MB. */
static void test_plan_contiguous_places_stay_apart(void **state)
{
    (void)state;
    struct stream_plan *pl = stream_plan_create(PAGE, 64 * MB, 0, STEP, true);
    assert_non_null(pl);
    struct stream_range r[128];
    int n = skewed_plan(r, 128, 7 * MB);
    assert_int_equal(stream_plan_set(pl, r, n), 0);
    bool audio_seen = false;
    for (int k = 0; k < 8; k++) {
        int64_t off, len;
        assert_true(stream_plan_next(pl, STEP, true, &off, &len));
        assert_true(len > 0 && len <= STEP);
        if (off >= 7 * MB)
            audio_seen = true;
    }
    assert_true(audio_seen);
    stream_plan_free(pl);
}

/* A reader that waits for bytes in the other place ends the batch under
 * way when it plays in real time (timed): the thread's next piece is the
 * reader's. Otherwise the batch goes on in its place. */
static void check_waiting_reader(bool timed)
{
    struct stream_plan *pl = stream_plan_create(PAGE, 64 * MB, 0, STEP, timed);
    assert_non_null(pl);
    struct stream_range r[128];
    /* The video ends at 4 MB: two places 3 MB apart. */
    int n = skewed_plan(r, 128, 4 * MB);
    assert_int_equal(stream_plan_set(pl, r, n), 0);
    int64_t off, len;
    /* Let the batches grow in both places, then stop one piece into a
     * batch that has more than one piece left. */
    int64_t last = -1;
    int given = 0;
    for (int k = 0; k < 40; k++) {
        assert_true(stream_plan_next(pl, STEP, true, &off, &len));
        given = last >= 0 && (off < 7 * MB) == (last < 7 * MB) ? given + 1 : 1;
        last = off;
        if (given == 1 && k >= 8)
            break;
    }
    assert_int_equal(given, 1);
    bool in_audio = last >= 7 * MB;
    /* The reader needs the first unadvised byte of the other place. */
    int64_t want = other_place_unknown(pl, r, n, in_audio);
    assert_true(want >= 0);
    enum stream_plan_demand d = stream_plan_demand(pl, want, STEP, 64 * STEP, &off, &len);
    assert_int_equal(d, STREAM_PLAN_WAIT);
    assert_true(stream_plan_next(pl, STEP, true, &off, &len));
    if (timed) {
        assert_int_equal(off, want);
        assert_true(stream_plan_known(pl, want));
    } else {
        assert_int_equal(off >= 7 * MB, in_audio);
        assert_false(stream_plan_known(pl, want));
    }
    stream_plan_free(pl);
}

static void test_plan_waiting_reader_ends_batch(void **state)
{
    (void)state;
    check_waiting_reader(true);
}

static void test_plan_untimed_reader_waits_for_batch(void **state)
{
    (void)state;
    check_waiting_reader(false);
}

/* With the budget spent the thread gives nothing more until the reader
 * reads on, so a reader needing the other place must not wait for the
 * thread (it would read unadvised once the thread went idle): it is told
 * to advise its piece itself. */
static void test_plan_reader_claims_when_budget_spent(void **state)
{
    (void)state;
    struct stream_plan *pl = stream_plan_create(PAGE, 64 * MB, 2 * MB, STEP, true);
    assert_non_null(pl);
    struct stream_range r[128];
    int n = skewed_plan(r, 128, 4 * MB);
    assert_int_equal(stream_plan_set(pl, r, n), 0);
    int64_t off, len, last = -1;
    int pieces = 0;
    while (stream_plan_next(pl, STEP, true, &off, &len)) {
        last = off;
        assert_true(++pieces < 64);
    }
    assert_true(last >= 0);
    assert_true(stream_plan_in_flight(pl) + STEP > 2 * MB);
    bool in_audio = last >= 7 * MB;
    int64_t want = other_place_unknown(pl, r, n, in_audio);
    assert_true(want >= 0);
    enum stream_plan_demand d = stream_plan_demand(pl, want, STEP, 64 * STEP, &off, &len);
    assert_int_equal(d, STREAM_PLAN_CLAIMED);
    assert_int_equal(off, want);
    assert_true(len > 0 && len <= STEP);
    assert_true(stream_plan_known(pl, want));
    stream_plan_free(pl);
}

/* An interleaved file (both tracks' ranges in file order as needed) stays
 * one place: the thread reads it front to back with no jump. */
static void test_plan_interleaved_is_one_place(void **state)
{
    (void)state;
    struct stream_plan *pl = stream_plan_create(PAGE, 64 * MB, 0, STEP, true);
    assert_non_null(pl);
    struct stream_range r[64];
    for (int i = 0; i < 64; i++)
        r[i] = (struct stream_range){(int64_t)i * 200 * KB, 200 * KB};
    /* Neighbours swapped (audio chunk stored just after its video): a
     * small inversion, within the slack. */
    for (int i = 0; i + 1 < 64; i += 2) {
        struct stream_range t = r[i];
        r[i] = r[i + 1];
        r[i + 1] = t;
    }
    assert_int_equal(stream_plan_set(pl, r, 64), 0);
    int64_t expect = 0, off, len;
    while (stream_plan_next(pl, STEP, true, &off, &len)) {
        assert_int_equal(off, expect);
        expect = off + len;
    }
    assert_int_equal(expect, 64 * 200 * KB);
    stream_plan_free(pl);
}

/* What the range cache fetches from: the plan's unread parts in the order
 * needed. A read that reaches into a range takes everything of it before
 * the read's end (what the reader skipped it does not want); a read
 * outside a range leaves it whole; a new plan starts unread again. */
static void test_plan_reads_cut_ranges(void **state)
{
    (void)state;
    struct stream_plan *pl = stream_plan_create(1, 10000, 0, 0, false);
    assert_non_null(pl);
    const struct stream_range r[3] = {{5000, 1000}, {1000, 1000}, {8000, 500}};
    assert_int_equal(stream_plan_set(pl, r, 3), 0);
    assert_int_equal(stream_plan_count(pl), 3);
    assert_int_equal(stream_plan_rank(pl, 1500, 8100), 0);
    assert_int_equal(stream_plan_rank(pl, 0, 1001), 1);
    assert_int_equal(stream_plan_rank(pl, 2000, 5000), -1);

    stream_plan_note_read(pl, 5500, 100);  /* into range 0, from its middle */
    int64_t pos, end;
    assert_true(stream_plan_unread(pl, 0, &pos, &end));
    assert_int_equal(pos, 5600);
    assert_int_equal(end, 6000);
    assert_int_equal(stream_plan_rank(pl, 5000, 5600), -1);
    assert_int_equal(stream_plan_rank(pl, 5000, 5601), 0);

    stream_plan_note_read(pl, 0, 1000);    /* ends where range 1 starts */
    assert_true(stream_plan_unread(pl, 1, &pos, &end));
    assert_int_equal(pos, 1000);
    stream_plan_note_read(pl, 900, 2000);  /* covers range 1 */
    assert_false(stream_plan_unread(pl, 1, &pos, &end));
    assert_int_equal(stream_plan_rank(pl, 0, 2000), -1);
    assert_false(stream_plan_unread(pl, 3, &pos, &end));

    assert_int_equal(stream_plan_set(pl, r, 2), 0);
    assert_int_equal(stream_plan_count(pl), 2);
    assert_true(stream_plan_unread(pl, 0, &pos, &end));
    assert_int_equal(pos, 5000);
    stream_plan_free(pl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_contiguous_places_stay_apart),
        cmocka_unit_test(test_plan_waiting_reader_ends_batch),
        cmocka_unit_test(test_plan_untimed_reader_waits_for_batch),
        cmocka_unit_test(test_plan_reader_claims_when_budget_spent),
        cmocka_unit_test(test_plan_interleaved_is_one_place),
        cmocka_unit_test(test_plan_reads_cut_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
