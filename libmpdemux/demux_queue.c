/*
 * demux_queue: a singly linked FIFO of AVPackets.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <stdlib.h>

#include "libmpdemux/demux_queue.h"

struct demux_queue_node {
    AVPacket *pkt;
    struct demux_queue_node *next;
};

int demux_queue_push(struct demux_queue *q, AVPacket *pkt)
{
    struct demux_queue_node *n = malloc(sizeof(*n));
    if (!n)
        return -1;
    n->pkt = pkt;
    n->next = NULL;
    if (q->tail)
        q->tail->next = n;
    else
        q->head = n;
    q->tail = n;
    q->packets++;
    q->bytes += pkt->size;
    return 0;
}

AVPacket *demux_queue_pop(struct demux_queue *q)
{
    struct demux_queue_node *n = q->head;
    if (!n)
        return NULL;
    q->head = n->next;
    if (!q->head)
        q->tail = NULL;
    AVPacket *pkt = n->pkt;
    free(n);
    q->packets--;
    q->bytes -= pkt->size;
    return pkt;
}

AVPacket *demux_queue_peek(const struct demux_queue *q)
{
    return q->head ? q->head->pkt : NULL;
}

void demux_queue_flush(struct demux_queue *q)
{
    AVPacket *pkt;
    while ((pkt = demux_queue_pop(q)))
        av_packet_free(&pkt);
}
