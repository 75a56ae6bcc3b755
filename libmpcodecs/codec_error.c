/*
 * Text for the libmpcodecs error codes.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include "libmpcodecs/mpcodecs.h"

const char *codec_strerror(int err)
{
    // Callers pass the negative return value as they got it; accept both.
    switch (err < 0 ? -err : err) {
    case CODEC_OK:
        return "success";
    case CODEC_ERR_NO_DECODER:
        return "no decoder for this codec";
    case CODEC_ERR_OPEN:
        return "could not open codec";
    case CODEC_ERR_NOMEM:
        return "out of memory";
    case CODEC_ERR_CONVERT:
        return "format conversion not supported";
    default:
        return "unknown codec error";
    }
}
