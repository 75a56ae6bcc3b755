/*
 * Driver lists and driver suboptions: "-vo png:outdir=shots:z=6,null".
 *
 * This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
 *
 * Shared by libvo and libao2 so both read MPlayer's syntax the same way:
 * items are separated by ',', an item is "name[:args]", args are
 * "key=value", "flag" or "noflag" separated by ':'. A value that must
 * contain ':' or ',' is written "%n%text" (exactly n bytes of text) or
 * in double quotes, as in MPlayer.
 *
 * Ownership: subopt_list_parse fills a struct subopt_list freed by
 * subopt_list_free; strings that subopt_parse stores in the caller's
 * struct are malloc'ed and freed by subopt_free.
 */
#ifndef MP_COMMON_SUBOPT_H
#define MP_COMMON_SUBOPT_H

#include <stdbool.h>
#include <stddef.h>

/* One item of a driver list. An empty item (a trailing comma, ",,", or an
 * empty list) has name "" and means "then any available driver". */
struct subopt_item {
    char *name;
    char *args; /* never NULL; "" when the item has no ':' part */
};

struct subopt_list {
    int count;
    struct subopt_item *items;
};

/* Split a driver list. spec NULL is an empty list (one empty item).
 * Returns 0, or -1 after one message at MSGL_ERR of msg_module naming
 * what (e.g. "-vo") when a quoted or %n% value is not closed. */
int subopt_list_parse(struct subopt_list *list, const char *spec, int msg_module,
                      const char *what);
void subopt_list_free(struct subopt_list *list);

enum subopt_type {
    SUBOPT_FLAG,   /* bool: "name" sets, "noname" clears */
    SUBOPT_INT,    /* int in [min, max]: "name=value" */
    SUBOPT_STRING, /* char *, malloc'ed: "name=value" */
};

struct subopt {
    const char *name;
    enum subopt_type type;
    size_t offset; /* of the field in the caller's struct (offsetof) */
    int min, max;  /* SUBOPT_INT only */
};

/*
 * Parse args ("outdir=x:z=6:fast") into the struct at dst, described by
 * opts (terminated by an entry with name NULL). String fields must start
 * NULL or malloc'ed (an old value is freed when replaced). Returns 0, or
 * -1 after one message at MSGL_ERR of msg_module naming owner (e.g.
 * "-vo png") and the suboption. Fields set before the error stay set;
 * subopt_free releases them either way.
 */
int subopt_parse(const char *args, const struct subopt *opts, void *dst, int msg_module,
                 const char *owner);

/* Free the string fields of dst described by opts and set them NULL. */
void subopt_free(const struct subopt *opts, void *dst);

#endif
