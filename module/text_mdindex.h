/* text_mdindex.h - where the metadata of textual IR is, for the checks
 * and upgrades that run before LLVM's parser (text_modflags.c,
 * text_debuginfo.c).
 *
 * One linear pass over the lines: numbered definitions `!N = [distinct]
 * !{...}` / `!DIKind(...)` and named lists `!name = !{...}`, each with the
 * bracket that opens its operands and the one that closes it (LLVM prints
 * every definition on one line; one written over several lines is
 * followed for up to 64 KiB, else close == 0). Strings are skipped;
 * comments end a line. */
#ifndef DXIL_TEXT_MDINDEX_H
#define DXIL_TEXT_MDINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tm_def {
    uint64_t id;         /* numbered definitions */
    size_t line;         /* 1-based */
    size_t start, end;   /* its line(s), without the newline or a comment */
    size_t body;         /* after "= ": `distinct` or the '!' */
    size_t name, name_n; /* DIKind (after '!') or a list's name; 0 length: a tuple */
    size_t open, close;  /* '(' / '{' and its match; close 0: not found */
    bool distinct;
} tm_def;

typedef struct tm_index {
    tm_def *defs;     /* numbered, sorted by id */
    size_t n, cap;
    tm_def *named;    /* named lists, in file order */
    size_t n_named, cap_named;
    uint64_t next_id; /* one past the highest id */
} tm_index;

/* The end of the content of the line at p: its newline, or a comment
 * (`;` outside strings). */
size_t tm_content_end(const char *s, size_t p, size_t len);
/* Whether [from, to) contains word. */
bool tm_contains(const char *s, size_t from, size_t to, const char *word);

/* 0, or -1 without memory. */
int tm_index_build(const char *s, size_t len, tm_index *ix);
void tm_index_free(tm_index *ix);
const tm_def *tm_find(const tm_index *ix, uint64_t id);
const tm_def *tm_find_named(const tm_index *ix, const char *s, const char *name);
/* Whether def is the specialized node !kind(...). */
bool tm_is(const char *s, const tm_def *def, const char *kind);

/* An operand or field between open and close: [start, end) trimmed. */
typedef struct tm_item {
    size_t start, end;
} tm_item;

/* Splits [from, to) at top-level commas into at most max items; returns
 * the count, or max + 1 when there are more. */
size_t tm_items(const char *s, size_t from, size_t to, tm_item *items, size_t max);
/* A `!N` reference item: its id, or false. */
bool tm_ref(const char *s, tm_item it, uint64_t *id);
/* For a `name: value` field: whether its name is `name`; *value gets the
 * value's trimmed start. */
bool tm_field(const char *s, tm_item it, const char *name, size_t *value);

#endif
