/*
 * MPlayer's -dumpsrtsub, -dumpmicrodvdsub, -dumpmpsub, -dumpjacosub and
 * -dumpsami: a loaded subtitle track written out in another text format.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * The events are written in start order with their override tags removed,
 * one text line per line of the event, under the file names MPlayer uses.
 * Times are the track's as loaded (after -subfps), in milliseconds where
 * the format has them; MPlayer's reader keeps centiseconds only, so its
 * files agree with these for times on whole centiseconds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/mp_msg.h"
#include "sub_priv.h"

struct dump_event {
    long long start, end;   /* milliseconds */
    char *text;             /* lines separated by '\n' */
};

static int cmp_dump_event(const void *a, const void *b)
{
    const struct dump_event *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* The lines of text joined with sep (text is modified). */
static void put_lines(FILE *f, char *text, const char *sep)
{
    char *save = NULL;
    bool first = true;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        fprintf(f, "%s%s", first ? "" : sep, l);
        first = false;
    }
}

static void split_ms(long long ms, int *h, int *m, int *s, int *rest)
{
    if (ms < 0)
        ms = 0;
    *h = (int)(ms / 3600000);
    *m = (int)(ms / 60000 % 60);
    *s = (int)(ms / 1000 % 60);
    *rest = (int)(ms % 1000);
}

static void dump_srt(FILE *f, struct dump_event *ev, int n)
{
    for (int i = 0; i < n; i++) {
        int h1, m1, s1, r1, h2, m2, s2, r2;
        split_ms(ev[i].start, &h1, &m1, &s1, &r1);
        split_ms(ev[i].end, &h2, &m2, &s2, &r2);
        fprintf(f, "%d\n%02d:%02d:%02d,%03d --> %02d:%02d:%02d,%03d\n", i + 1, h1, m1, s1, r1,
                h2, m2, s2, r2);
        put_lines(f, ev[i].text, "\n");
        fprintf(f, "\n\n");
    }
}

static void dump_microdvd(FILE *f, struct dump_event *ev, int n, double fps)
{
    for (int i = 0; i < n; i++) {
        /* Frame numbers are cut, not rounded, as MPlayer's are. */
        fprintf(f, "{%lld}{%lld}", (long long)(ev[i].start * fps / 1000.0),
                (long long)(ev[i].end * fps / 1000.0));
        put_lines(f, ev[i].text, "|");
        fprintf(f, "\n");
    }
}

/* MPlayer's own format: each event's start after the previous end, and
 * its length, in seconds (MPlayer's reader keeps centiseconds). */
static void dump_mpsub(FILE *f, struct dump_event *ev, int n)
{
    fprintf(f, "FORMAT=TIME\n\n");
    long long last = 0;
    for (int i = 0; i < n; i++) {
        long long gap_cs = (ev[i].start - last) / 10, len_cs = (ev[i].end - ev[i].start) / 10;
        fprintf(f, "%g %g\n", gap_cs / 100.0, len_cs / 100.0);
        put_lines(f, ev[i].text, "\n");
        fprintf(f, "\n\n");
        last = ev[i].end;
    }
}

static void dump_jacosub(FILE *f, struct dump_event *ev, int n)
{
    fprintf(f, "#TIMERES 100\n");
    for (int i = 0; i < n; i++) {
        int h1, m1, s1, r1, h2, m2, s2, r2;
        split_ms(ev[i].start, &h1, &m1, &s1, &r1);
        split_ms(ev[i].end, &h2, &m2, &s2, &r2);
        fprintf(f, "%02d:%02d:%02d.%02d %02d:%02d:%02d.%02d {~} ", h1, m1, s1, r1 / 10, h2, m2,
                s2, r2 / 10);
        put_lines(f, ev[i].text, "\\n");
        fprintf(f, "\n");
    }
}

/* The SAMI header MPlayer writes: its style sheet, byte for byte, so
 * tools fed MPlayer's files get the same. */
static const char sami_head[] =
    "<SAMI>\n"
    "<HEAD>\n"
    "\t<STYLE TYPE=\"Text/css\">\n"
    "\t<!--\n"
    "\t  P {margin-left: 29pt; margin-right: 29pt; font-size: 24pt; text-align: center; "
    "font-family: Tahoma; font-weight: bold; color: #FCDD03; background-color: #000000;}\n"
    "\t  .SUBTTL {Name: 'Subtitles'; Lang: en-US; SAMIType: CC;}\n"
    "\t-->\n"
    "\t</STYLE>\n"
    "</HEAD>\n"
    "<BODY>\n";

static void dump_sami(FILE *f, struct dump_event *ev, int n)
{
    fputs(sami_head, f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "\t<SYNC Start=%lld>\n\t  <P>", ev[i].start);
        put_lines(f, ev[i].text, "<br>");
        fprintf(f, "\n\t<SYNC Start=%lld>\n\t  <P>&nbsp;\n", ev[i].end);
    }
    fputs("</BODY>\n</SAMI>\n", f);
}

static const char *dump_name(enum mp_sub_dump_format fmt)
{
    switch (fmt) {
    case MP_SUB_DUMP_SRT: return "dumpsub.srt";
    case MP_SUB_DUMP_MICRODVD: return "dumpsub.sub";
    case MP_SUB_DUMP_MPSUB: return "dump.mpsub";
    case MP_SUB_DUMP_JACOSUB: return "dumpsub.jss";
    case MP_SUB_DUMP_SAMI: return "dumpsub.smi";
    default: return NULL;
    }
}

/* The track's events with plain text, in start order; *n set. */
static struct dump_event *collect_events(const ASS_Track *a, int *n)
{
    struct dump_event *ev = calloc((size_t)(a->n_events > 0 ? a->n_events : 1), sizeof(*ev));
    if (!ev)
        return NULL;
    int k = 0;
    for (int i = 0; i < a->n_events; i++) {
        const ASS_Event *e = &a->events[i];
        char *text = e->Text ? sub_text_strip(e->Text) : NULL;
        if (!text)
            continue;
        ev[k++] = (struct dump_event){e->Start, e->Start + e->Duration, text};
    }
    qsort(ev, (size_t)k, sizeof(*ev), cmp_dump_event);
    *n = k;
    return ev;
}

int mp_sub_dump_track(const struct mp_sub *sub, int track, enum mp_sub_dump_format fmt,
                      double fps, const char *dir)
{
    const char *name = dump_name(fmt);
    if (!name || track < 0 || track >= sub->num_tracks)
        return -1;
    if (!sub->tracks[track]->ass) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR, "Subtitle track %d is pictures: no text to dump.\n",
               track);
        return -1;
    }
    if (fmt == MP_SUB_DUMP_MICRODVD && !(fps > 0)) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR,
               "MicroDVD dump: no frame rate (the video has none; give -subfps).\n");
        return -1;
    }
    char *path = NULL;
    if (asprintf(&path, "%s%s%s", dir ? dir : "", dir ? "/" : "", name) < 0)
        return -1;
    int n = 0;
    struct dump_event *ev = collect_events(sub->tracks[track]->ass, &n);
    FILE *f = ev ? fopen(path, "w") : NULL;
    if (!f) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR, "Cannot write %s: %s.\n", path,
               ev ? strerror(errno) : "out of memory");
        free(path);
        free(ev);
        return -1;
    }
    switch (fmt) {
    case MP_SUB_DUMP_SRT: dump_srt(f, ev, n); break;
    case MP_SUB_DUMP_MICRODVD: dump_microdvd(f, ev, n, fps); break;
    case MP_SUB_DUMP_MPSUB: dump_mpsub(f, ev, n); break;
    case MP_SUB_DUMP_JACOSUB: dump_jacosub(f, ev, n); break;
    case MP_SUB_DUMP_SAMI: dump_sami(f, ev, n); break;
    default: break;
    }
    int r = 0;
    if (ferror(f) | (fclose(f) != 0)) {
        mp_msg(MSGT_SUBREADER, MSGL_ERR, "Writing %s failed: %s.\n", path, strerror(errno));
        r = -1;
    } else {
        mp_msg(MSGT_SUBREADER, MSGL_INFO, "SUB: Subtitles dumped in '%s'.\n", path);
    }
    for (int i = 0; i < n; i++)
        free(ev[i].text);
    free(ev);
    free(path);
    return r;
}
