/*
 * One option row, built with the table's own row macro: by default an
 * OPT_INT row on play_frames, an int64_t field, which must not compile
 * (an int written there would fill half of it). opt_row_type.sh builds it
 * so, then with -DROW_TYPE/-DROW_FIELD naming other wrong pairs, and with
 * the right type for each field, which must compile.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include "options/options_int.h"

#ifndef ROW_TYPE
#define ROW_TYPE OPT_INT
#endif
#ifndef ROW_FIELD
#define ROW_FIELD play_frames
#endif

extern const struct opt_def compile_fail_rows[];
const struct opt_def compile_fail_rows[] = {
    OPT_ROW("row", ROW_TYPE, ROW_FIELD, 0, 0, 0, "the row under test"),
};
