/*
 * The real-time buffer model of outputs without a sound card (null, pcm):
 * they take audio at the pace a card would, so the player's audio clock
 * and A/V sync behave the same whichever output is chosen.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <math.h>

#include "libao2/ao_internal.h"

/* Let the buffer drain for the time since the last look. */
static void ao_rtbuf_update(struct ao_rtbuf *b, double now)
{
    if (b->fast) {
        b->queued = 0;
    } else if (!b->paused && now > b->last) {
        double drained = (now - b->last) * b->rate;
        if (drained > b->queued)
            drained = b->queued;
        if (drained > b->fence - b->heard)
            drained = b->fence > b->heard ? b->fence - b->heard : 0;
        b->queued -= drained;
        b->heard += drained;
    }
    /* A clock that goes backwards (it should not) only stops draining. */
    if (now > b->last)
        b->last = now;
}

void ao_rtbuf_init(struct ao_rtbuf *b, int rate, int size, double now)
{
    *b = (struct ao_rtbuf){
        .rate = rate > 0 ? rate : 1,
        .size = size > 0 ? size : 1,
        .fence = INFINITY,
        .last = now,
    };
}

int ao_rtbuf_space(struct ao_rtbuf *b, double now)
{
    ao_rtbuf_update(b, now);
    /* Round the fill up: a frame partly heard still occupies its slot. */
    int used = (int)b->queued;
    if (used < b->queued)
        used++;
    return used >= b->size ? 0 : b->size - used;
}

void ao_rtbuf_add(struct ao_rtbuf *b, int frames, double now)
{
    ao_rtbuf_update(b, now);
    if (!b->fast && frames > 0)
        b->queued += frames;
}

double ao_rtbuf_delay(struct ao_rtbuf *b, double now)
{
    ao_rtbuf_update(b, now);
    return b->queued / b->rate;
}

void ao_rtbuf_reset(struct ao_rtbuf *b, double now)
{
    ao_rtbuf_update(b, now);
    b->queued = 0;
    b->fence = INFINITY;
}

void ao_rtbuf_pause(struct ao_rtbuf *b, double now)
{
    ao_rtbuf_update(b, now);
    b->paused = true;
}

void ao_rtbuf_resume(struct ao_rtbuf *b, double now)
{
    ao_rtbuf_update(b, now);
    b->paused = false;
}

void ao_rtbuf_set_fast(struct ao_rtbuf *b, bool fast, double now)
{
    ao_rtbuf_update(b, now);
    b->fast = fast;
    if (fast)
        b->queued = 0;
}

void ao_rtbuf_set_fence(struct ao_rtbuf *b, double secs, double now)
{
    ao_rtbuf_update(b, now);
    b->fence = secs < INFINITY ? b->heard + (secs > 0 ? secs * b->rate : 0) : INFINITY;
}
