/* Helpers shared by the CUnit test programs. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void tu_add_suite(const char *name, const tu_case *cases)
{
    CU_pSuite suite = CU_add_suite(name, NULL, NULL);
    for (const tu_case *c = cases; suite && c->name; c++)
        CU_add_test(suite, c->name, c->fn);
}

uint8_t *tu_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    if (buf && n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        *size = (size_t)n;
    return buf;
}

const char *tu_shared_dir(void)
{
    static char path[4096];
    const char *env = getenv("DXIL_SHARED_DIR");
    snprintf(path, sizeof path, "%s", env && *env ? env : DXIL_TEST_SHARED_DIR);
    char manifest[4200];
    snprintf(manifest, sizeof manifest, "%s/corpus/MANIFEST.tsv", path);
    struct stat st;
    if (stat(manifest, &st) != 0) {
        fprintf(stderr, "SKIP: %s not found; the corpus tests need ../shared beside the project\n",
                manifest);
        return NULL;
    }
    return path;
}

size_t tu_each_corpus_row(void (*fn)(const corpus_row *row, void *user), void *user)
{
    const char *shared = tu_shared_dir();
    if (!shared)
        return 0;
    char manifest[4200];
    snprintf(manifest, sizeof manifest, "%s/corpus/MANIFEST.tsv", shared);
    FILE *f = fopen(manifest, "r");
    if (!f)
        return 0;
    char line[8192];
    size_t count = 0;
    for (int header = 1; fgets(line, sizeof line, f); header = 0) {
        char *fields[7] = {0};
        char *save = NULL, *tok = strtok_r(line, "\t\n", &save);
        for (int i = 0; tok && i < 7; i++, tok = strtok_r(NULL, "\t\n", &save))
            fields[i] = tok;
        if (header || !fields[4])
            continue;
        char path[8400];
        snprintf(path, sizeof path, "%s/corpus/%s", shared, fields[0]);
        corpus_row row = {path, fields[1], fields[2], fields[4], (size_t)strtoull(fields[3], NULL, 10)};
        fn(&row, user);
        count++;
    }
    fclose(f);
    return count;
}

typedef struct util_path_cb {
    void (*fn)(const char *path, void *user);
    void *user;
} util_path_cb;

static void util_row_to_path(const corpus_row *row, void *user)
{
    util_path_cb *cb = user;
    cb->fn(row->path, cb->user);
}

size_t tu_each_corpus_file(void (*fn)(const char *path, void *user), void *user)
{
    util_path_cb cb = {fn, user};
    return tu_each_corpus_row(util_row_to_path, &cb);
}
