/*
 * parse_value.c: option values as text: sizes, times, numbers, flags, and
 * the bounds a row checks them against.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "common/mp_msg.h"
#include "options/options_int.h"

bool opt_is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

int mp_parse_size(const char *s, int64_t *out)
{
    if (!s || !opt_is_digit(*s))
        return -1;
    const char *p = s;
    int64_t whole = 0;
    while (opt_is_digit(*p)) {
        if (whole > (INT64_MAX - 9) / 10)
            return -1;
        whole = whole * 10 + (*p - '0');
        p++;
    }
    /* Fractions ("1.5M") are kept as digits so that the result is exact. */
    int64_t frac = 0, frac_div = 1;
    if (*p == '.') {
        p++;
        if (!opt_is_digit(*p))
            return -1;
        while (opt_is_digit(*p)) {
            if (frac_div <= INT64_MAX / 100) {
                frac = frac * 10 + (*p - '0');
                frac_div *= 10;
            }
            p++;
        }
    }
    static const struct {
        const char *suffix;
        int64_t mult;
    } units[] = {
        {"", 1},
        {"b", 1},
        {"k", 1 << 10}, {"kb", 1 << 10}, {"kib", 1 << 10},
        {"m", 1 << 20}, {"mb", 1 << 20}, {"mib", 1 << 20},
        {"g", 1 << 30}, {"gb", 1 << 30}, {"gib", 1 << 30},
    };
    int64_t mult = 0;
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (!strcasecmp(p, units[i].suffix)) {
            mult = units[i].mult;
            break;
        }
    }
    if (!mult)
        return -1;
    if (whole > INT64_MAX / mult)
        return -1;
    int64_t v = whole * mult;
    /* The fraction of one unit is below mult, so rounding down here loses
     * less than a byte. */
    int64_t fpart = (int64_t)((long double)frac * (long double)mult / (long double)frac_div);
    if (v > INT64_MAX - fpart)
        return -1;
    *out = v + fpart;
    return 0;
}

/* Parse a run of digits with an optional fraction; at least one digit. */
static int parse_seconds_field(const char *s, size_t len, double *out)
{
    int digits = 0, dots = 0;
    for (size_t i = 0; i < len; i++) {
        if (opt_is_digit(s[i]))
            digits++;
        else if (s[i] == '.' && !dots)
            dots++;
        else
            return -1;
    }
    if (!digits || len > 64)
        return -1;
    char buf[72];
    memcpy(buf, s, len);
    buf[len] = '\0';
    *out = strtod(buf, NULL);
    return isfinite(*out) ? 0 : -1;
}

static int parse_int_field(const char *s, size_t len, double *out)
{
    if (!len || len > 15)
        return -1;
    double v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!opt_is_digit(s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

int mp_parse_time(const char *s, double *out)
{
    if (!s)
        return -1;
    const char *colon[3];
    int ncolons = 0;
    for (const char *p = s; *p; p++) {
        if (*p == ':') {
            if (ncolons == 2)
                return -1;
            colon[ncolons++] = p;
        }
    }
    const char *last = ncolons ? colon[ncolons - 1] + 1 : s;
    double secs;
    if (parse_seconds_field(last, strlen(last), &secs) < 0)
        return -1;
    if (ncolons == 0) {
        *out = secs;
        return 0;
    }
    if (secs >= 60)
        return -1;
    double mins, hours = 0;
    if (ncolons == 1) {
        if (parse_int_field(s, (size_t)(colon[0] - s), &mins) < 0)
            return -1;
    } else {
        if (parse_int_field(s, (size_t)(colon[0] - s), &hours) < 0)
            return -1;
        if (parse_int_field(colon[0] + 1, (size_t)(colon[1] - colon[0] - 1), &mins) < 0)
            return -1;
        if (mins >= 60)
            return -1;
    }
    *out = hours * 3600 + mins * 60 + secs;
    return 0;
}

int opt_parse_bool(const char *s, bool *out)
{
    static const char *const yes[] = {"yes", "1", "true", "on"};
    static const char *const no[] = {"no", "0", "false", "off"};
    for (int i = 0; i < 4; i++) {
        if (!strcasecmp(s, yes[i])) {
            *out = true;
            return 0;
        }
        if (!strcasecmp(s, no[i])) {
            *out = false;
            return 0;
        }
    }
    return -1;
}

int opt_parse_int64(const char *s, int64_t *out)
{
    if (!*s)
        return -1;
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    if (!opt_is_digit(*p))
        return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*end || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

int opt_parse_double(const char *s, double *out)
{
    /* strtod alone would take "inf", "nan" and hex floats. */
    if (!*s || strspn(s, "0123456789.eE+-") != strlen(s))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || end == s || errno == ERANGE || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

/* A size as the user would write it: exact multiples get a suffix. */
void opt_format_size(char *buf, size_t size, double v)
{
    static const struct {
        double mult;
        const char *suffix;
    } units[] = {{OPT_GIB, "G"}, {OPT_MIB, "M"}, {OPT_KIB, "k"}};
    for (int i = 0; i < 3; i++) {
        if (v != 0 && fmod(v, units[i].mult) == 0) {
            snprintf(buf, size, "%.0f%s", v / units[i].mult, units[i].suffix);
            return;
        }
    }
    snprintf(buf, size, "%.0f", v);
}

void opt_format_bound(char *buf, size_t size, const struct opt_def *d, double v)
{
    if (d->type == OPT_SIZE)
        opt_format_size(buf, size, v);
    else if (d->type == OPT_INT || d->type == OPT_INT64)
        snprintf(buf, size, "%.0f", v); /* %g prints 4194304 as 4.1943e+06 */
    else
        snprintf(buf, size, "%g", v);
}

int opt_check_range(const struct opt_def *d, double v, const char *value, char *err,
                       size_t errsize)
{
    bool low = (d->flags & OPTF_MIN) && v < d->min;
    bool high = (d->flags & OPTF_MAX) && v > d->max;
    if (!low && !high)
        return OPT_R_OK;
    char lo[32] = "", hi[32] = "";
    if (d->flags & OPTF_MIN)
        opt_format_bound(lo, sizeof(lo), d, d->min);
    if (d->flags & OPTF_MAX)
        opt_format_bound(hi, sizeof(hi), d, d->max);
    if ((d->flags & OPTF_RANGE) == OPTF_RANGE)
        opt_err(err, errsize, "value %s out of range %s..%s", value, lo, hi);
    else if (low)
        opt_err(err, errsize, "value %s is below the minimum %s", value, lo);
    else
        opt_err(err, errsize, "value %s is above the maximum %s", value, hi);
    return OPT_R_BADVAL;
}

