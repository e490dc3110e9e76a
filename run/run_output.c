/* run_output.c - what a run leaves in its output directory: each UAV's
 * bytes as `<cls><reg>_space<space>.bin`, then run.json (docs/run.md,
 * "run.json"). All or nothing: every file is first written under a
 * temporary name (".<name>.dxil-tmp.<pid>.<n>", the project's pattern),
 * and only when all are written are they renamed, run.json last; on any
 * failure the temporary files, and the directories this run created, are
 * removed. */
#include "run.h"
#include "common/file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OUT_MAX_DIRS = 64 };

typedef struct out_file {
    char *final;
    char *temp;
} out_file;

typedef struct out_state {
    out_file *files;
    size_t n_files;
    size_t n_renamed;
    char *made[OUT_MAX_DIRS]; /* directories created, outermost first */
    size_t n_made;
    dxil_diags *diags;
} out_state;

static int out_error(out_state *st, const char *what, const char *path)
{
    dxil_diags_add(st->diags, DXIL_SEV_ERROR, DXIL_E_RUN_OUTPUT, DXIL_LOC_NONE, 0, "%s %s: %s", what,
                   path, strerror(errno));
    return -1;
}

/* mkdir -p, remembering what it made. */
static int out_mkdirs(out_state *st, const char *dir)
{
    char *path = strdup(dir);
    if (!path)
        return out_error(st, "cannot create", dir);
    int rc = 0;
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(path, 0777) == 0) {
            if (st->n_made < OUT_MAX_DIRS)
                st->made[st->n_made++] = strdup(path);
        } else if (errno != EEXIST) {
            rc = out_error(st, "cannot create directory", path);
            break;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    struct stat sb;
    if (rc == 0 && (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
        errno = ENOTDIR;
        rc = out_error(st, "cannot write into", dir);
    }
    free(path);
    return rc;
}

static char *out_join(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s%s%s", dir, prefix, name, suffix);
    return s;
}

/* Writes one file under its temporary name and records it. */
static int out_stage(out_state *st, const char *dir, const char *name, const void *data, size_t size)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, ".dxil-tmp.%ld.%zu", (long)getpid(), st->n_files);
    out_file f = {out_join(dir, "", name, ""), out_join(dir, ".", name, suffix)};
    out_file *grown = realloc(st->files, (st->n_files + 1) * sizeof *grown);
    if (!f.final || !f.temp || !grown) {
        free(f.final);
        free(f.temp);
        if (grown)
            st->files = grown;
        errno = ENOMEM;
        return out_error(st, "cannot write", name);
    }
    st->files = grown;
    int fd = open(f.temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    st->files[st->n_files++] = f;
    if (fd < 0)
        return out_error(st, "cannot create", f.temp);
    int rc = write_all(fd, data, size);
    if (close(fd) != 0 || rc != 0)
        return out_error(st, "cannot write", f.temp);
    return 0;
}

/* A rename that fails after others succeeded (it should not, in one
 * directory) takes the renamed files away again. */
static void out_abandon(out_state *st)
{
    for (size_t i = 0; i < st->n_files; i++)
        unlink(i < st->n_renamed ? st->files[i].final : st->files[i].temp);
    for (size_t i = st->n_made; i-- > 0;)
        rmdir(st->made[i]);
}

static void out_free(out_state *st)
{
    for (size_t i = 0; i < st->n_files; i++) {
        free(st->files[i].final);
        free(st->files[i].temp);
    }
    free(st->files);
    for (size_t i = 0; i < st->n_made; i++)
        free(st->made[i]);
}

/* ---- run.json ------------------------------------------------------------- */

static json_object *out_binding_json(const dxil_run_binding *b)
{
    json_object *o = json_object_new_object();
    char cls[2] = {b->cls, 0};
    json_object_object_add(o, "class", json_object_new_string(cls));
    json_object_object_add(o, "register", json_object_new_int64(b->reg));
    json_object_object_add(o, "space", json_object_new_int64(b->space));
    json_object_object_add(o, "set", json_object_new_int64(b->set));
    json_object_object_add(o, "binding", json_object_new_int64(b->binding));
    json_object_object_add(o, "array_index", json_object_new_int64(b->array_index));
    json_object_object_add(o, "name", json_object_new_string(b->name));
    json_object_object_add(o, "kind", json_object_new_string(b->kind));
    json_object_object_add(o, "format", b->format ? json_object_new_string(b->format) : NULL);
    json_object_object_add(o, "stride", json_object_new_int64(b->stride));
    json_object_object_add(o, "size", json_object_new_int64((int64_t)b->size));
    json_object_object_add(o, "source", json_object_new_string(b->source ? b->source : "seed"));
    json_object_object_add(o, "output", b->output ? json_object_new_string(b->output) : NULL);
    json_object_object_add(o, "counter", json_object_new_boolean(b->counter));
    return o;
}

static json_object *out_device_json(const dxil_run_result *r)
{
    json_object *d = json_object_new_object();
    char api[32];
    snprintf(api, sizeof api, "%u.%u.%u", r->api_version >> 22, (r->api_version >> 12) & 0x3FF,
             r->api_version & 0xFFF);
    json_object_object_add(d, "name", json_object_new_string(r->device_name));
    json_object_object_add(d, "driver", json_object_new_string(r->driver_name));
    json_object_object_add(d, "driver_info", json_object_new_string(r->driver_info));
    json_object_object_add(d, "api_version", json_object_new_string(api));
    return d;
}

static json_object *out_timing_json(const dxil_run_result *r)
{
    json_object *t = json_object_new_object();
    json_object_object_add(t, "reflect", json_object_new_double(r->ms_reflect));
    json_object_object_add(t, "device", json_object_new_double(r->ms_device));
    json_object_object_add(t, "pipeline", json_object_new_double(r->ms_pipeline));
    json_object_object_add(t, "dispatch", json_object_new_double(r->ms_dispatch));
    json_object_object_add(t, "total", json_object_new_double(r->ms_total));
    return t;
}

static char *out_run_json(const dxil_run_result *r, const dxil_run_options *o)
{
    json_object *j = json_object_new_object();
    json_object_object_add(j, "shader", o->shader_name ? json_object_new_string(o->shader_name) : NULL);
    json_object_object_add(j, "entry", json_object_new_string(r->entry));
    json_object *disp = json_object_new_array();
    for (int i = 0; i < 3; i++)
        json_object_array_add(disp, json_object_new_int64(o->dispatch[i]));
    json_object_object_add(j, "dispatch", disp);
    json_object_object_add(j, "seed", json_object_new_uint64(o->seed));
    json_object_object_add(j, "default_size", json_object_new_uint64(o->default_size ? o->default_size
                                                                                   : DXIL_RUN_DEFAULT_SIZE));
    json_object_object_add(j, "threads", o->threads >= 0 ? json_object_new_int(o->threads) : NULL);
    json_object_object_add(j, "timeout", json_object_new_double(o->timeout));
    json_object_object_add(j, "isolated", json_object_new_boolean(r->isolated));
    json_object_object_add(j, "device", out_device_json(r));
    json_object_object_add(j, "push_constant_size", json_object_new_int64(r->push_constant_size));
    json_object *binds = json_object_new_array();
    for (size_t i = 0; i < r->n_bindings; i++)
        json_object_array_add(binds, out_binding_json(&r->bindings[i]));
    json_object_object_add(j, "bindings", binds);
    json_object_object_add(j, "timing_ms", out_timing_json(r));
    const char *text = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED);
    size_t n = text ? strlen(text) : 0;
    char *copy = text ? malloc(n + 2) : NULL;
    if (copy) {
        memcpy(copy, text, n);
        copy[n] = '\n';
        copy[n + 1] = '\0';
    }
    json_object_put(j);
    return copy;
}

/* Stages every UAV, then run.json, then renames them all. */
static int out_all(out_state *st, const dxil_run_result *r, const dxil_run_options *o)
{
    const char *dir = o->out_dir;
    if (out_mkdirs(st, dir) != 0)
        return -1;
    for (size_t i = 0; i < r->n_bindings; i++) {
        const dxil_run_binding *b = &r->bindings[i];
        if (b->output && out_stage(st, dir, b->output, b->data, (size_t)b->size) != 0)
            return -1;
    }
    char *json = out_run_json(r, o);
    if (!json) {
        errno = ENOMEM;
        return out_error(st, "cannot write", "run.json");
    }
    int rc = out_stage(st, dir, "run.json", json, strlen(json));
    free(json);
    if (rc != 0)
        return -1;
    for (; st->n_renamed < st->n_files; st->n_renamed++)
        if (rename(st->files[st->n_renamed].temp, st->files[st->n_renamed].final) != 0)
            return out_error(st, "cannot rename into place", st->files[st->n_renamed].final);
    return 0;
}

int run_write_outputs(const dxil_run_result *r, const dxil_run_options *o, dxil_diags *diags)
{
    out_state st = {.diags = diags};
    int rc = out_all(&st, r, o);
    if (rc != 0)
        out_abandon(&st);
    out_free(&st);
    return rc;
}
