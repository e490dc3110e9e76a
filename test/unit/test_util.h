/* Helpers shared by the CUnit test programs. */
#ifndef DXIL_TEST_UTIL_H
#define DXIL_TEST_UTIL_H

#include <CUnit/CUnit.h>
#include <stddef.h>
#include <stdint.h>

/* Defined by each test program: adds its suites. Returns non-zero to skip
 * the whole program (exit 77) after printing why. */
int tu_register(void);

/* Adds a suite with the given NULL-terminated {name, fn} pairs. */
typedef struct tu_case {
    const char *name;
    void (*fn)(void);
} tu_case;
void tu_add_suite(const char *name, const tu_case *cases);

/* Reads a whole file; NULL if missing. Caller frees. */
uint8_t *tu_read_file(const char *path, size_t *size);

/* Path of ../shared (the corpus and reference); NULL with a message on
 * stderr when it is missing. */
const char *tu_shared_dir(void);

/* Calls fn(path, user) for each corpus file in MANIFEST.tsv order; returns
 * the number of files visited (0 when shared/ is missing). */
size_t tu_each_corpus_file(void (*fn)(const char *path, void *user), void *user);

/* One MANIFEST.tsv row: path (absolute), stage_model ("cs_6_0"),
 * dxil_version ("1.0"), size, parts ("SFI0,ISG1,..."). */
typedef struct corpus_row {
    const char *path;
    const char *stage_model;
    const char *dxil_version;
    const char *parts;
    size_t size;
} corpus_row;

/* Calls fn for each MANIFEST row; returns the number of rows visited. */
size_t tu_each_corpus_row(void (*fn)(const corpus_row *row, void *user), void *user);

#endif
