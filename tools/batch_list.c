/* batch_list.c - finding the inputs, sorting, sharding, output paths. */
#include "batch.h"
#include "common/grow.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Directory walks pick files by extension; a list takes any file. */
static const char *const batch_extensions[] = {".dxil", ".cso", ".dxo", ".bc", ".ll", NULL};
enum { BATCH_MAX_DEPTH = 64 };

static char *batch_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

static char *batch_join(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *p = malloc(na + nb + 2);
    if (!p)
        return NULL;
    memcpy(p, a, na);
    p[na] = '/';
    memcpy(p + na + 1, b, nb + 1);
    return p;
}

/* A relative path that cannot leave the output directory: leading "/" and
 * "./" dropped, ".." components renamed "__". */
static char *batch_safe_rel(const char *path)
{
    while (*path == '/' || (path[0] == '.' && path[1] == '/'))
        path += path[0] == '/' ? 1 : 2;
    char *rel = batch_strdup(*path ? path : "input");
    if (!rel)
        return NULL;
    for (char *p = rel; *p;) {
        char *slash = strchr(p, '/');
        size_t len = slash ? (size_t)(slash - p) : strlen(p);
        if (len == 2 && p[0] == '.' && p[1] == '.')
            p[0] = p[1] = '_';
        p += len + (slash != NULL);
    }
    return rel;
}

/* rel shares path's storage when it is path's tail (a directory walk, or
 * a list entry with nothing to rename): for a corpus of 100k shaders the
 * list is most of batch mode's memory, and this halves it. */
static void batch_item_set_rel(batch_item *it, char *rel)
{
    size_t np = strlen(it->path), nr = strlen(rel);
    if (nr <= np && strcmp(it->path + np - nr, rel) == 0) {
        free(rel);
        it->rel = it->path + np - nr;
        it->rel_shared = true;
    } else {
        it->rel = rel;
    }
}

static void batch_item_free(batch_item *it)
{
    if (!it->rel_shared)
        free(it->rel);
    free(it->path);
    free(it->reason);
    free(it->info);
}

int batch_list_add(batch_list *list, const char *path, const char *rel)
{
    batch_item *items = grow_array(list->items, &list->cap, list->count, sizeof *items, 256);
    if (!items)
        return -1;
    list->items = items;
    batch_item *it = &list->items[list->count];
    memset(it, 0, sizeof *it);
    it->path = batch_strdup(path);
    char *own = rel ? batch_strdup(rel) : batch_safe_rel(path);
    if (!it->path || !own) {
        free(it->path);
        free(own);
        return -1;
    }
    batch_item_set_rel(it, own);
    list->count++;
    return 0;
}

void batch_list_free(batch_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        batch_item_free(&list->items[i]);
    free(list->items);
    memset(list, 0, sizeof *list);
}

static bool batch_wanted_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || name[0] == '.')
        return false;
    for (const char *const *e = batch_extensions; *e; e++)
        if (strcmp(dot, *e) == 0)
            return true;
    return false;
}

typedef struct batch_walk {
    batch_list *list;
    char *err;
    size_t errsz;
} batch_walk;

static int batch_walk_entry(batch_walk *w, const char *root, const char *rel, int depth);

static int batch_walk_dir(batch_walk *w, const char *root, const char *rel, int depth)
{
    char *dir = rel ? batch_join(root, rel) : batch_strdup(root);
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d) {
        snprintf(w->err, w->errsz, "cannot open directory %s: %s", dir ? dir : root,
                 strerror(errno));
        free(dir);
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue; /* ".", "..", hidden files and editors' droppings */
        char *child = rel ? batch_join(rel, e->d_name) : batch_strdup(e->d_name);
        rc = child ? batch_walk_entry(w, root, child, depth + 1) : -1;
        free(child);
    }
    closedir(d);
    free(dir);
    return rc;
}

static int batch_walk_entry(batch_walk *w, const char *root, const char *rel, int depth)
{
    char *full = batch_join(root, rel);
    struct stat st;
    int rc = 0;
    if (!full)
        return -1;
    if (stat(full, &st) != 0)
        rc = 0; /* dangling symlink or raced away: nothing to convert */
    else if (S_ISDIR(st.st_mode))
        rc = depth < BATCH_MAX_DEPTH ? batch_walk_dir(w, root, rel, depth) : 0;
    else if (S_ISREG(st.st_mode) && batch_wanted_name(rel))
        rc = batch_list_add(w->list, full, rel);
    free(full);
    return rc;
}

static void batch_chomp(char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
}

static int batch_read_list(const char *name, batch_list *list, char *err, size_t errsz)
{
    bool is_stdin = strcmp(name, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(name, "r");
    if (!f) {
        snprintf(err, errsz, "cannot open file list %s: %s", name, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0) {
        batch_chomp(line);
        if (line[0] && line[0] != '#')
            rc = batch_list_add(list, line, NULL);
    }
    if (rc != 0)
        snprintf(err, errsz, "out of memory reading %s", name);
    free(line);
    if (!is_stdin)
        fclose(f);
    return rc;
}

static int batch_item_cmp(const void *a, const void *b)
{
    const batch_item *x = a, *y = b;
    int c = strcmp(x->rel, y->rel);
    return c ? c : strcmp(x->path, y->path);
}

int batch_collect(const char *input, batch_list *list, char *err, size_t errsz)
{
    int rc;
    snprintf(err, errsz, "out of memory");
    if (input[0] == '@') {
        rc = batch_read_list(input + 1, list, err, errsz);
    } else {
        struct stat st;
        if (stat(input, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, errsz, "--batch %s: not a directory (use @file for a list)", input);
            return -1;
        }
        batch_walk w = {list, err, errsz};
        rc = batch_walk_dir(&w, input, NULL, 0);
    }
    if (rc == 0 && list->count > 1)
        qsort(list->items, list->count, sizeof *list->items, batch_item_cmp);
    return rc;
}

void batch_shard(batch_list *list, unsigned k, unsigned n)
{
    if (n <= 1)
        return;
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++) {
        batch_item *it = &list->items[i];
        if (i % n == k) {
            list->items[kept++] = *it;
        } else {
            batch_item_free(it);
        }
    }
    list->count = kept;
}

static const char *const batch_emit_names[] = {
    [BATCH_EMIT_LL] = "ll", [BATCH_EMIT_BC] = "bc", [BATCH_EMIT_SPIRV] = "spirv"};
static const char *const batch_emit_exts[] = {
    [BATCH_EMIT_LL] = ".ll", [BATCH_EMIT_BC] = ".bc", [BATCH_EMIT_SPIRV] = ".spv"};

const char *batch_emit_name(batch_emit fmt)
{
    return batch_emit_names[fmt];
}

char *batch_output_path(const char *outdir, const char *rel, batch_emit fmt)
{
    const char *ext = batch_emit_exts[fmt];
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - rel) : strlen(rel);
    size_t n = strlen(outdir) + 1 + stem + strlen(ext) + 1;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%.*s%s", outdir, (int)stem, rel, ext);
    return out;
}

/* An output that exists and is not older than its input: outputs appear
 * only by rename of a whole file, so it is complete. */
static bool batch_output_current(const batch_options *o, const batch_item *it)
{
    struct stat in, out;
    char *path = batch_output_path(o->outdir, it->rel, o->emit);
    bool done = path && stat(it->path, &in) == 0 && stat(path, &out) == 0 &&
                S_ISREG(out.st_mode) && out.st_size > 0 &&
                (out.st_mtim.tv_sec > in.st_mtim.tv_sec ||
                 (out.st_mtim.tv_sec == in.st_mtim.tv_sec &&
                  out.st_mtim.tv_nsec >= in.st_mtim.tv_nsec));
    free(path);
    return done;
}

size_t batch_mark_done(const batch_options *o, batch_list *list)
{
    size_t n = 0;
    for (size_t i = 0; o->outdir && i < list->count; i++)
        if (list->items[i].status == BATCH_PENDING && batch_output_current(o, &list->items[i])) {
            list->items[i].status = BATCH_SKIPPED;
            n++;
        }
    return n;
}
