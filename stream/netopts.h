/*
 * netopts.c: what MPlayer's HTTP options (-http-header-fields, -referrer,
 * -user/-passwd, -cookies) become for libavformat's http protocol. Only
 * string work, no I/O: stream_lavf.c applies the results to each request.
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 */
#ifndef MPLAYER_NETOPTS_H
#define MPLAYER_NETOPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether s can go into a request header as it is: no control characters
 * (a CR or LF would end the header and start another). */
bool netopts_value_ok(const char *s);

/* netopts_value_ok as an option check: 0, or -1 with the reason in err. */
int netopts_check_value(const char *s, char *err, size_t errsize);

/* Check -http-header-fields: a comma-separated list of "Name: value"
 * fields (blanks around an item do not count, empty items are skipped).
 * Returns 0, or -1 with the reason in err. */
int netopts_check_fields(const char *list, char *err, size_t errsize);

/* The fields of a checked list as the "Name: value\r\n" lines of
 * libavformat's headers option ("" for none). NULL: out of memory. */
char *netopts_header_lines(const char *list);

/* url with "user:passwd@" (percent-encoded; passwd NULL is empty) put in
 * front of its host, for libavformat's http, which takes the credentials
 * from the URL and sends them when the server asks (401), as MPlayer
 * does with -user/-passwd. A URL that has credentials of its own keeps
 * them, so do URLs that are not scheme://host...; both come back as a
 * copy. NULL: out of memory. */
char *netopts_url_auth(const char *url, const char *user, const char *passwd);

/* The cookies of a Netscape/Mozilla cookies.txt (text) that go to host,
 * as the newline-separated "name=value; path=/p" lines of libavformat's
 * cookies option (it matches the path of each request itself). A cookie
 * goes to its domain, and to the domain's subdomains when the file's
 * second column says TRUE; secure ones only over HTTPS (https true);
 * those whose expiry time (seconds since 1970; 0: end of session) is
 * before now never. "#HttpOnly_" in front of a domain (curl, Firefox)
 * is part of the format, other lines from '#' are comments. "" when no
 * cookie matches; NULL: out of memory. */
char *netopts_cookies(const char *text, const char *host, bool https, int64_t now);

#endif
