# Makefile for this MPlayer branch. GPLv2 or later.
#
#   make              build ./mplayer
#   make check           unit, fuzz-regression, tool, patch and end-to-end tests (build/)
#   make check-san       the same under ASan + UBSan (build-san/)
#   make check-frontends SMPlayer and the npm wrappers driving ./mplayer
#   make check-tsan      the threaded stream tests and player slave sessions under
#                        ThreadSanitizer (build-tsan/)
#   make check-build     ./configure's checks and a build without SDL2, in copies
#   make check-all       check, check-build, check-tsan, check-san, a short fuzz run
#                        (FUZZ_SMOKE_SECONDS per target), then check-frontends:
#                        what CI runs
#   make check-long      a one-hour run (RSS, leaks) and 10 min real time (A-V), ~15 min
#   make fuzz            libFuzzer targets for FUZZ_SECONDS each (build-fuzz/)
#   make bench           old vs new reading on slow storage (~12 min); bench-full: hours
#   make demo            make a short clip and play it
#   make install / uninstall (PREFIX, DESTDIR), make clean

ifeq ($(wildcard config.mak),)
$(error config.mak is missing: run ./configure first)
endif
include config.mak

BUILD ?= build
# make V=1 shows the full commands.
ifeq ($(V),1)
Q =
else
Q = @
endif
SANITIZE ?= 0
DESTDIR ?=

ifeq ($(SANITIZE),1)
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
CFLAGS += $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
endif
# SANITIZE=thread: ThreadSanitizer (check-tsan, build-tsan/).
ifeq ($(SANITIZE),thread)
SAN_FLAGS = -fsanitize=thread -fno-omit-frame-pointer
CFLAGS += $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
endif

# Every folder is one module; every .c file in it is part of the player,
# except the files of a feature ./configure left out (the lists below).
MODULES = common options stream libmpdemux libmpcodecs libvo libao2 player input osdep sub
SRCS_ALL = $(sort $(foreach m,$(MODULES),$(wildcard $(m)/*.c)))
# SDL2: the sdl video and audio outputs.
SRCS_SDL2 = libvo/vo_sdl.c libao2/ao_sdl.c
# libass: subtitle tracks, their decoding and dumping, the OSD drawn on the
# picture. Without it sub/sub_none.c answers the same API with no renderer.
SRCS_LIBASS = sub/sub.c sub/osd.c sub/sub_blend.c sub/sub_bitmap.c sub/sub_dump.c sub/sub_lavc.c
SRCS_NO_LIBASS = sub/sub_none.c
SRCS_OFF = $(if $(filter yes,$(HAVE_SDL2)),,$(SRCS_SDL2)) \
    $(if $(filter yes,$(HAVE_LIBASS)),$(SRCS_NO_LIBASS),$(SRCS_LIBASS))
SRCS = $(filter-out $(SRCS_OFF),$(SRCS_ALL))
OBJS = $(SRCS:%.c=$(BUILD)/%.o)
LIB = $(BUILD)/libmplayer.a

ifeq ($(BUILD),build)
PROG = mplayer
else
PROG = $(BUILD)/mplayer
endif

TEST_SRCS_ALL = $(sort $(wildcard tests/unit/test_*.c))
# The unit tests of a feature ./configure left out are not built; `make unit`
# names them as skipped, with the reason.
TEST_SRCS_SDL2 = tests/unit/test_vo_sdl.c tests/unit/test_ao_sdl.c
TEST_SRCS_LIBASS = tests/unit/test_sub.c tests/unit/test_sub_bitmap.c tests/unit/test_sub_tracks.c
TEST_SKIPPED = $(if $(filter yes,$(HAVE_SDL2)),,$(TEST_SRCS_SDL2:tests/unit/%.c=%:SDL2)) \
    $(if $(filter yes,$(HAVE_LIBASS)),,$(TEST_SRCS_LIBASS:tests/unit/%.c=%:libass))
TEST_SRCS = $(filter-out $(foreach s,$(TEST_SKIPPED),tests/unit/$(firstword $(subst :, ,$(s))).c),\
    $(TEST_SRCS_ALL))
TEST_BINS = $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
TOOL_SRCS = $(sort $(wildcard TOOLS/*.c))
TOOL_BINS = $(TOOL_SRCS:TOOLS/%.c=$(BUILD)/TOOLS/%)

ifeq ($(HAVE_FUSE3),yes)
SLOWFS_BIN = $(BUILD)/TOOLS/slowfs
endif

all: $(PROG) $(TOOL_BINS) $(SLOWFS_BIN)

# Each compile keeps what the compiler said in TARGET.warn (and shows it):
# a build goes on over a warning (a newer compiler's new warnings must not
# stop a user's build; ./configure --enable-werror makes them errors), and
# `make check` fails on any (check-warnings).
KEEP_WARNINGS = 2> $@.warn; r=$$?; cat $@.warn >&2; exit $$r

$(BUILD)/%.o: %.c config.h config.mak
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "CC      $<")
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c -o $@ $< $(KEEP_WARNINGS)

$(LIB): $(OBJS)
	@rm -f $@
	$(Q)$(AR) rcs $@ $^

$(PROG): $(BUILD)/mplayer.o $(LIB)
	@$(if $(Q),echo "LD      $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "TEST    $@")
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(LIBS) $(TEST_LIBS) $(KEEP_WARNINGS)

$(BUILD)/TOOLS/%: TOOLS/%.c $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "TOOL    $@")
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(LIBS) $(KEEP_WARNINGS)

# The slow-storage model is a FUSE program of its own, not part of the player.
$(BUILD)/TOOLS/slowfs: TOOLS/slowfs/slowfs.c config.mak
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "TOOL    $@")
	$(Q)$(CC) $(CFLAGS) $(FUSE3_CFLAGS) -o $@ $< $(LDFLAGS) $(FUSE3_LIBS)

-include $(OBJS:.o=.d) $(BUILD)/mplayer.d

ifeq ($(HAVE_CMOCKA),yes)
unit: $(TEST_BINS)
	@for s in $(TEST_SKIPPED); do \
	    echo "SKIP $${s%%:*} (built without $${s#*:})"; done
	@sh tests/run-unit.sh $(TEST_BINS)
else
unit:
	@echo "unit tests need cmocka: ./configure after TOOLS/install-deps.sh" >&2; exit 1
endif

e2e: $(PROG) $(TOOL_BINS)
	@MPLAYER=$(abspath $(PROG)) BUILD=$(abspath $(BUILD)) SANITIZE=$(SANITIZE) \
	    HAVE_SDL2=$(HAVE_SDL2) HAVE_LIBASS=$(HAVE_LIBASS) DISABLED="$(DISABLED)" \
	    bash tests/e2e/run.sh

check-build:
	@sh tests/build/run.sh

check-tools: $(PROG) $(TOOL_BINS) $(SLOWFS_BIN)
	@SLOWFS=$(if $(SLOWFS_BIN),$(abspath $(SLOWFS_BIN))) MPLAYER=$(abspath $(PROG)) \
	    PAGECACHE=$(abspath $(BUILD)/TOOLS/pagecache) \
	    MKMUX=$(abspath $(BUILD)/TOOLS/mkmux) sh tests/tools/run.sh

# Real MPlayer front-ends driving this player (npm mplayer, node-mplayer,
# SMPlayer under Xvfb). Needs npm (the registry, for `npm ci`) and
# smplayer: not in check; check-all runs it and counts a front-end that
# cannot run as a failure (FE_REQUIRE=1).
check-frontends: $(PROG)
	@MPLAYER=$(abspath $(PROG)) bash tests/frontends/run.sh

check-patches:
	@sh patches/selftest.sh

# Option rows whose type does not fit their field must not compile.
check-compile-fail:
	@CC="$(CC)" CFLAGS="$(CFLAGS)" sh tests/compile-fail/opt_row_type.sh

# Any warning kept by the compiles under $(BUILD) fails the tests.
check-warnings:
	@w=$$(find $(BUILD) -name '*.warn' -size +0c | sort); \
	if [ -n "$$w" ]; then cat $$w >&2; echo "warnings: $$w" | tr '\n' ' ' >&2; \
	    echo >&2; exit 1; fi

check: all
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory fuzz-regress
	@$(MAKE) --no-print-directory check-tools
	@$(MAKE) --no-print-directory check-patches
	@$(MAKE) --no-print-directory check-compile-fail
	@$(MAKE) --no-print-directory e2e
	@$(MAKE) --no-print-directory check-warnings

check-san:
	@$(MAKE) --no-print-directory BUILD=build-san SANITIZE=1 check

# The front-ends last: they need npm and smplayer, and a failure there must
# not hide the sanitizer and fuzz runs.
check-all:
	@$(MAKE) --no-print-directory check
	@$(MAKE) --no-print-directory check-build
	@$(MAKE) --no-print-directory check-tsan
	@$(MAKE) --no-print-directory check-san
	@FUZZ_SEED=1 $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)
	@FE_REQUIRE=1 $(MAKE) --no-print-directory check-frontends

# The unit tests that run the readahead, cache, stream and demuxer threads, and the
# player itself in slave sessions (tests/e2e/t_threads.sh: seeks, audio
# switches, quit during -cache fills of a file and over HTTP), under
# ThreadSanitizer (build-tsan/); any report fails. tests/tsan.supp leaves
# out only what the uninstrumented FFmpeg libraries do inside themselves.
TSAN_TESTS = test_stream_readahead test_cache test_range_cache test_stream test_tsan_stream test_worker \
	test_demux test_pertrack
TSAN_E2E = test_threads_seek_switch_file test_threads_quit_during_fill_file test_threads_http \
	test_hostile_quit_during_stalled_read_every_mode test_hostile_quit_during_stalled_open \
	test_pertrack_benchmark_reads_skewed_mkv_in_order
TSAN_RUN_OPTIONS = halt_on_error=0 exitcode=66 second_deadlock_stack=1 \
	suppressions=$(abspath tests/tsan.supp) $(TSAN_OPTIONS)
check-tsan:
	@$(MAKE) --no-print-directory BUILD=build-tsan SANITIZE=thread \
	    $(TSAN_TESTS:%=build-tsan/tests/%) build-tsan/mplayer build-tsan/TOOLS/mkmux
	@TSAN_OPTIONS="$(TSAN_RUN_OPTIONS)" sh tests/run-unit.sh $(TSAN_TESTS:%=build-tsan/tests/%)
	@TSAN_OPTIONS="$(TSAN_RUN_OPTIONS)" MPLAYER=$(abspath build-tsan/mplayer) \
	    BUILD=$(abspath build-tsan) SANITIZE=thread bash tests/e2e/run.sh $(TSAN_E2E)
	@$(MAKE) --no-print-directory BUILD=build-tsan check-warnings

# Long runs (TOOLS/longrun.sh, DOCS/tech/reliability.md): one hour at
# -benchmark speed with seeks and track switches under ASan (no report, no
# leak) and in the normal build (RSS flat), then ten minutes at real time
# (max |A-V| < 40 ms). About 15 minutes.
check-long: $(PROG)
	@$(MAKE) --no-print-directory BUILD=build-san SANITIZE=1 build-san/mplayer
	@MPLAYER=$(abspath build-san/mplayer) bash TOOLS/longrun.sh bench
	@MPLAYER=$(abspath $(PROG)) bash TOOLS/longrun.sh bench
	@MPLAYER=$(abspath $(PROG)) bash TOOLS/longrun.sh realtime

# Fuzzing (tests/fuzz/, DOCS/tech/fuzzing.md). `make fuzz` builds each
# target with clang and libFuzzer in build-fuzz/ and runs it FUZZ_SECONDS;
# fuzz-regress (part of check) replays the kept inputs without libFuzzer.
FUZZ_SRCS = $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES = $(FUZZ_SRCS:tests/fuzz/%.c=%)
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 15
# FUZZ_CLANG: the clang ./configure found able to link libFuzzer
# (--fuzz-cc=, or make fuzz FUZZ_CLANG=...).
FUZZ_CC = $(FUZZ_CLANG) -fsanitize=fuzzer-no-link -Wno-error=format-nonliteral

$(BUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "FUZZ    $@")
	$(Q)$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $< $(LIB) $(LDFLAGS) $(LIBS)

$(BUILD)/fuzz-regress/%: tests/fuzz/%.c tests/fuzz/regress_main.c tests/fuzz/fuzz.h $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "FUZZ    $@")
	$(Q)$(CC) $(CFLAGS) -o $@ $< tests/fuzz/regress_main.c $(LIB) $(LDFLAGS) $(LIBS) \
	    $(KEEP_WARNINGS)

fuzz-bins: $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)

fuzz:
	@if [ -z "$(FUZZ_CLANG)" ]; then echo "make fuzz needs clang with libFuzzer:" \
	    "install clang and libclang-rt-NN-dev (TOOLS/install-deps.sh) and run ./configure," \
	    "or make fuzz FUZZ_CLANG=/path/to/clang" >&2; exit 1; fi
	@$(MAKE) --no-print-directory BUILD=build-fuzz SANITIZE=1 CC="$(FUZZ_CC)" fuzz-bins
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh build-fuzz $(FUZZ_NAMES)

fuzz-regress: $(FUZZ_NAMES:%=$(BUILD)/fuzz-regress/%)
	@sh tests/fuzz/run-regress.sh $(BUILD)/fuzz-regress $(FUZZ_NAMES)

# Benchmarks on the slow-storage model (TOOLS/bench.sh, DOCS/benchmarks.md).
bench: $(PROG) $(TOOL_BINS) $(SLOWFS_BIN)
	bash TOOLS/bench.sh quick

bench-full: $(PROG) $(TOOL_BINS) $(SLOWFS_BIN)
	bash TOOLS/bench.sh full

demo: $(PROG)
	@sh TOOLS/demo.sh $(abspath $(PROG))

install: $(PROG)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(PROG) $(DESTDIR)$(PREFIX)/bin/mplayer
	install -m 644 DOCS/man/mplayer.1 $(DESTDIR)$(PREFIX)/share/man/man1/mplayer.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mplayer $(DESTDIR)$(PREFIX)/share/man/man1/mplayer.1

clean:
	rm -rf build build-san build-fuzz build-tsan mplayer

distclean: clean
	rm -f config.h config.mak

.PHONY: check-warnings check-compile-fail check-build check-tsan check-long check-frontends fuzz fuzz-bins fuzz-regress bench bench-full all unit e2e check-tools check-patches check check-san check-all demo install uninstall clean distclean
.DELETE_ON_ERROR:
