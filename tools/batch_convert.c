/* batch_convert.c - the default work of `dxil-upgrade --batch`: one
 * shader loaded, raised and written (or discarded). */
#include "batch.h"
#include "common/file_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* mkdir of path's parent, and of its own parents only when that fails
 * for want of them: outputs of one run share their directories, so one
 * call per shader (it was one per path component). Threads may race to
 * create the same directory. */
static int batch_make_parents(char *path)
{
    char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return 0;
    *slash = '\0';
    int rc = mkdir(path, 0777);
    int saved = errno;
    if (rc != 0 && saved == ENOENT) {
        rc = batch_make_parents(path);
        if (rc == 0) {
            rc = mkdir(path, 0777);
            saved = errno;
        }
    }
    *slash = '/';
    errno = saved;
    return rc != 0 && saved != EEXIST ? -1 : 0;
}

static void batch_fail(batch_item *it, int code, const char *fmt, const char *arg)
{
    char buf[1024];
    snprintf(buf, sizeof buf, fmt, arg);
    it->status = BATCH_FAILED;
    it->code = code;
    free(it->reason);
    it->reason = strdup(buf);
}

/* Records the first error (or, lacking one, the first diagnostic). */
static void batch_fail_from_diags(batch_item *it, const dxil_diags *diags)
{
    const dxil_diag *first = NULL;
    for (size_t i = 0; i < dxil_diags_count(diags) && !first; i++)
        if (dxil_diags_get(diags, i)->severity == DXIL_SEV_ERROR)
            first = dxil_diags_get(diags, i);
    if (!first)
        first = dxil_diags_get(diags, 0);
    if (!first) {
        batch_fail(it, 0, "%s", "failed without a diagnostic");
        return;
    }
    char buf[1024];
    dxil_diag_format(first, it->path, buf, sizeof buf);
    batch_fail(it, first->code, "%s", buf);
}

/* The output's bytes: IR text or bitcode, or SPIR-V. */
static int batch_serialise(const batch_options *o, dxil_module *m, void **data, size_t *size,
                           dxil_diags *diags)
{
    if (o->emit != BATCH_EMIT_SPIRV)
        return dxil_module_write_memory(m, (dxil_emit_format)o->emit, data, size, diags);
    dxil_spirv_options so = cli_spirv_options(&o->spirv);
    return dxil_module_emit_spirv(m, &so, data, size, diags);
}

/* Output written to a file under outdir, or serialised and dropped. */
static int batch_output(const batch_options *o, const batch_item *it, dxil_module *m,
                        dxil_diags *diags)
{
    void *data = NULL;
    size_t size;
    if (!o->outdir) {
        int rc = batch_serialise(o, m, &data, &size, diags);
        free(data);
        return rc;
    }
    char *out = batch_output_path(o->outdir, it->rel, o->emit);
    if (!out || batch_make_parents(out) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0,
                       "cannot create the output directory for %s: %s", out ? out : it->rel,
                       strerror(errno));
        free(out);
        return -1;
    }
    int rc;
    if (o->emit != BATCH_EMIT_SPIRV) {
        rc = dxil_module_write_file(m, out, (dxil_emit_format)o->emit, diags);
    } else {
        rc = batch_serialise(o, m, &data, &size, diags);
        if (rc == 0)
            rc = file_write_atomic(out, data, size, diags);
        free(data);
    }
    free(out);
    return rc;
}

static _Thread_local dxil_stats *batch_tls_stats;

dxil_stats *batch_thread_stats(void)
{
    return batch_tls_stats;
}

void batch_set_thread_stats(dxil_stats *s)
{
    batch_tls_stats = s;
}

/* Test hook, to interrupt or kill a batch while a shader is in flight:
 * when DXIL_BATCH_TEST_HANG is set, the shader whose path contains its
 * value sleeps (20 s at most, so a test cannot hang) before loading. */
static void batch_test_hang_hook(const batch_item *it)
{
    const char *needle = getenv("DXIL_BATCH_TEST_HANG");
    if (!needle || !*needle || !strstr(it->path, needle))
        return;
    for (int i = 0; i < 200; i++)
        nanosleep(&(struct timespec){.tv_nsec = 100 * 1000 * 1000}, NULL);
}

/* Loads it->path counting into the shader's own stats (then added to
 * the thread's), and records the shader's facts for the report. */
static dxil_module *batch_load(const batch_options *o, batch_item *it, dxil_diags *diags)
{
    dxil_options opts = o->load.opts;
    file_data in;
    if (file_map(it->path, opts.max_input_size, &in, diags) != 0)
        return NULL;
    opts.stats = batch_tls_stats ? dxil_stats_create() : NULL;
    dxil_module *m = dxil_module_load_memory(in.data, in.size, it->path, &opts, diags);
    if (m && opts.stats && dxil_stats_merge(batch_tls_stats, opts.stats) != 0) {
        dxil_stats_destroy(opts.stats); /* out of memory: report no counts */
        opts.stats = NULL;
    }
    free(it->info);
    /* Only the report reads the facts (~30k instructions a shader, and
     * a few hundred bytes held per shader until the end). */
    it->info = m && o->report
        ? batch_info_json(m, in.data, in.size, opts.stats, o->load.stats != 0) : NULL;
    dxil_stats_destroy(opts.stats);
    file_release(&in);
    return m;
}

int batch_convert_one(const batch_options *o, batch_item *it, void *user)
{
    batch_test_hang_hook(it);
    dxil_diags *diags = dxil_diags_create();
    if (!diags) {
        batch_fail(it, 0, "%s", "out of memory");
        return -1;
    }
    dxil_module *m = batch_load(o, it, diags);
    int rc = m ? batch_output(o, it, m, diags) : -1;
    dxil_module_destroy(m);
    if (rc == 0)
        it->status = BATCH_OK;
    else
        batch_fail_from_diags(it, diags);
    dxil_diags_destroy(diags);
    return rc;
}
