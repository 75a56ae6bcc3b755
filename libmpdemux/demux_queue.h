/*
 * demux_queue: a FIFO of AVPackets that counts packets and bytes
 * (internal to libmpdemux).
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Ownership: the queue owns the packets in it; demux_queue_pop() hands
 * one to the caller, demux_queue_flush() frees them all. The struct itself
 * is embedded in its owner (zero-initialised = empty).
 */
#ifndef MP_LIBMPDEMUX_DEMUX_QUEUE_H
#define MP_LIBMPDEMUX_DEMUX_QUEUE_H

#include <stdint.h>

#include <libavcodec/packet.h>

struct demux_queue_node;

struct demux_queue {
    struct demux_queue_node *head, *tail;
    int packets;
    int64_t bytes; /* sum of the packets' payload sizes */
};

/* Append pkt, taking ownership. Returns 0, or -1 when out of memory (pkt
 * stays the caller's). */
int demux_queue_push(struct demux_queue *q, AVPacket *pkt);

/* Remove and return the oldest packet (the caller owns it), or NULL. */
AVPacket *demux_queue_pop(struct demux_queue *q);

/* The oldest packet, still queued, or NULL. */
AVPacket *demux_queue_peek(const struct demux_queue *q);

/* Free every queued packet. */
void demux_queue_flush(struct demux_queue *q);

#endif
