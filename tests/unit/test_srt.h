/*
 * The SubRip file the subtitle tests load: two cues, "Hello subtitle
 * world" from 1 s to 3 s and "Second line" from 4 s to 4.5 s.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Header-only, like test_util.h: test scaffolding, not part of the player.
 */
#ifndef MP_TESTS_TEST_SRT_H
#define MP_TESTS_TEST_SRT_H

static const char srt_text[] = "1\n"
                               "00:00:01,000 --> 00:00:03,000\n"
                               "Hello subtitle world\n"
                               "\n"
                               "2\n"
                               "00:00:04,000 --> 00:00:04,500\n"
                               "Second line\n"
                               "\n";

#endif
