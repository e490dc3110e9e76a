/* Batch mode: option parsing, input collection, sharding, output paths,
 * the thread and fork runners (with injected work), and the JSON report. */
#include "tools/batch.h"
#include "test_util.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ARGC(a) ((int)(sizeof(a) / sizeof *(a)) - 1)

static char tb_tmp[256];

static void tb_write(const char *rel, const void *data, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tb_tmp, rel);
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fwrite(data, 1, size, f);
    fclose(f);
}

static void tb_mkdir(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tb_tmp, rel);
    mkdir(path, 0777);
}

static void test_shard_parse(void)
{
    unsigned k, n;
    CU_ASSERT_EQUAL(batch_parse_shard("0/1", &k, &n), 0);
    CU_ASSERT_EQUAL(batch_parse_shard("3/4", &k, &n), 0);
    CU_ASSERT_EQUAL(k, 3);
    CU_ASSERT_EQUAL(n, 4);
    static const char *const bad[] = {"4/4", "1/0", "a/b", "-1/2", "1/2x", "", "1", "/2", " 1/2", NULL};
    for (const char *const *b = bad; *b; b++)
        CU_ASSERT_NOT_EQUAL(batch_parse_shard(*b, &k, &n), 0);
}

static void test_parse_args(void)
{
    char *argv[] = {"dxil-upgrade", "--batch", "dir", "-O", "out", "-j", "3", "--emit=bc",
                    "--shard=1/2", "--report=r.json", "--isolate", "--timeout=5", NULL};
    batch_options o;
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(argv), argv, &o), -1);
    CU_ASSERT_STRING_EQUAL(o.input, "dir");
    CU_ASSERT_STRING_EQUAL(o.outdir, "out");
    CU_ASSERT_STRING_EQUAL(o.report, "r.json");
    CU_ASSERT_EQUAL(o.jobs, 3);
    CU_ASSERT_EQUAL(o.emit, BATCH_EMIT_BC);
    CU_ASSERT_EQUAL(o.shard_index, 1);
    CU_ASSERT_EQUAL(o.shard_count, 2);
    CU_ASSERT_TRUE(o.isolate);
    CU_ASSERT_EQUAL(o.timeout_s, 5);
    CU_ASSERT_TRUE(o.load.opts.raise);
    CU_ASSERT_TRUE(batch_requested(ARGC(argv), argv));
}

static void test_parse_usage_errors(void)
{
    char *no_input[] = {"x", "-O", "out", NULL};
    char *zero_jobs[] = {"x", "--batch", "d", "-j0", NULL};
    char *extra[] = {"x", "--batch", "d", "stray", NULL};
    char *timeout[] = {"x", "--batch", "d", "--timeout=3s", NULL};
    char *resume[] = {"x", "--batch", "d", "--resume", NULL}; /* needs -O */
    char *shard[] = {"x", "--batch", "d", "--shard=2/2", NULL};
    char *emit[] = {"x", "--batch", "d", "--emit=asm", NULL};
    char *part[] = {"x", "--batch", "d", "--part=PSV0", NULL};
    char *check[] = {"x", "--batch", "d", "--check", NULL};
    batch_options o;
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    FILE *null = freopen("/dev/null", "w", stderr);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(no_input), no_input, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(zero_jobs), zero_jobs, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(extra), extra, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(timeout), timeout, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(resume), resume, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(shard), shard, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(emit), emit, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(part), part, &o), BATCH_EXIT_USAGE);
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(check), check, &o), BATCH_EXIT_USAGE);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    CU_ASSERT_PTR_NOT_NULL(null);
    char *single[] = {"x", "in.dxil", "-o", "--batch", NULL};
    CU_ASSERT_TRUE(batch_requested(ARGC(single), single)); /* "-o --batch": odd but asked */
    char *after_dashdash[] = {"x", "--", "--batch", NULL};
    CU_ASSERT_FALSE(batch_requested(ARGC(after_dashdash), after_dashdash));
}

/* The loader options come from cli_loader's table: the batch sets the
 * same dxil_options fields the single-file path does. */
static void test_parse_loader_options(void)
{
    char *argv[] = {"x", "--batch", "d", "--verify", "--part=ILDB", "--no-raise",
                    "--layouts-from-reflection", NULL};
    batch_options o;
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(argv), argv, &o), -1);
    CU_ASSERT_TRUE(o.load.opts.verify);
    CU_ASSERT_STRING_EQUAL(o.load.opts.part, "ILDB");
    CU_ASSERT_FALSE(o.load.opts.raise);
    CU_ASSERT_TRUE(o.load.opts.layouts_from_reflection);
    CU_ASSERT_FALSE(o.load.opts.check);
    char *plain[] = {"x", "--batch", "d", NULL};
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(plain), plain, &o), -1);
    CU_ASSERT_TRUE(o.load.opts.raise);
    CU_ASSERT_FALSE(o.load.opts.verify);
    CU_ASSERT_PTR_NULL(o.load.opts.part);
}

/* The single-file table has --check too (--stats is in both); a bad value
 * gives the row's message. */
static void test_loader_table(void)
{
    static const struct option own[] = {{"own", no_argument, NULL, 300}, {NULL, 0, NULL, 0}};
    struct option single[1 + CLI_LOADER_MAX + 1], batch[1 + CLI_LOADER_MAX + 1];
    cli_loader_longopts(CLI_LOADER_SINGLE, own, single);
    cli_loader_longopts(CLI_LOADER_BATCH, own, batch);
    size_t ns = 0, nb = 0;
    int stats_val = 0;
    for (; single[ns].name; ns++)
        if (strcmp(single[ns].name, "stats") == 0)
            stats_val = single[ns].val;
    int batch_stats = 0;
    for (; batch[nb].name; nb++) {
        CU_ASSERT_STRING_NOT_EQUAL(batch[nb].name, "check");
        if (strcmp(batch[nb].name, "stats") == 0)
            batch_stats = batch[nb].val;
    }
    CU_ASSERT_EQUAL(batch_stats, stats_val);
    CU_ASSERT_STRING_EQUAL(single[0].name, "own");
    CU_ASSERT_EQUAL(ns, nb + 1); /* --check */
    cli_loader l;
    cli_loader_init(&l);
    const char *shown = "", *msg = cli_loader_apply(300, NULL, &l, &shown);
    CU_ASSERT_STRING_EQUAL(msg, "unknown option");
    CU_ASSERT_PTR_NULL(shown);
    CU_ASSERT_PTR_NULL(cli_loader_apply(stats_val, "json", &l, &shown));
    CU_ASSERT_EQUAL(l.stats, 2);
    CU_ASSERT_PTR_NULL(cli_loader_apply(stats_val, NULL, &l, &shown));
    CU_ASSERT_EQUAL(l.stats, 1);
    msg = cli_loader_apply(stats_val, "xml", &l, &shown);
    CU_ASSERT_STRING_EQUAL(msg, "--stats takes text or json");
    CU_ASSERT_STRING_EQUAL(shown, "xml");
}

static void test_output_path(void)
{
    char *p = batch_output_path("out", "a/b.dxil", BATCH_EMIT_LL);
    CU_ASSERT_STRING_EQUAL(p, "out/a/b.ll");
    free(p);
    p = batch_output_path("out", "noext", BATCH_EMIT_BC);
    CU_ASSERT_STRING_EQUAL(p, "out/noext.bc");
    free(p);
    p = batch_output_path("out", "dir.x/file", BATCH_EMIT_LL);
    CU_ASSERT_STRING_EQUAL(p, "out/dir.x/file.ll");
    free(p);
    p = batch_output_path("o", "a/.hidden", BATCH_EMIT_LL);
    CU_ASSERT_STRING_EQUAL(p, "o/a/.hidden.ll");
    free(p);
}

static void test_relative_paths(void)
{
    batch_list l = {0};
    CU_ASSERT_EQUAL(batch_list_add(&l, "/abs/p.dxil", NULL), 0);
    CU_ASSERT_EQUAL(batch_list_add(&l, "../x/../y.dxil", NULL), 0);
    CU_ASSERT_EQUAL(batch_list_add(&l, "./a.dxil", NULL), 0);
    CU_ASSERT_EQUAL(batch_list_add(&l, "..foo/b..dxil", NULL), 0);
    CU_ASSERT_STRING_EQUAL(l.items[0].rel, "abs/p.dxil");
    CU_ASSERT_STRING_EQUAL(l.items[1].rel, "__/x/__/y.dxil");
    CU_ASSERT_STRING_EQUAL(l.items[2].rel, "a.dxil");
    CU_ASSERT_STRING_EQUAL(l.items[3].rel, "..foo/b..dxil");
    CU_ASSERT_STRING_EQUAL(l.items[1].path, "../x/../y.dxil");
    /* A rel that is the path's tail shares its storage (batch memory is
     * mostly this list); a renamed one is a copy of its own. */
    CU_ASSERT_TRUE(l.items[0].rel_shared);
    CU_ASSERT_PTR_EQUAL(l.items[0].rel, l.items[0].path + 1);
    CU_ASSERT_FALSE(l.items[1].rel_shared);
    CU_ASSERT_TRUE(l.items[3].rel_shared);
    batch_list_free(&l);
}

static void test_collect_dir(void)
{
    tb_mkdir("tree");
    tb_mkdir("tree/a");
    tb_write("tree/b.dxil", "x", 1);
    tb_write("tree/a/c.cso", "x", 1);
    tb_write("tree/a/skip.txt", "x", 1);
    tb_write("tree/.hidden.dxil", "x", 1);
    tb_write("tree/z.ll", "x", 1);
    char dir[512], err[256];
    snprintf(dir, sizeof dir, "%s/tree", tb_tmp);
    batch_list l = {0};
    CU_ASSERT_EQUAL_FATAL(batch_collect(dir, &l, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(l.count, 3);
    CU_ASSERT_STRING_EQUAL(l.items[0].rel, "a/c.cso");
    CU_ASSERT_STRING_EQUAL(l.items[1].rel, "b.dxil");
    CU_ASSERT_STRING_EQUAL(l.items[2].rel, "z.ll");
    CU_ASSERT_PTR_NOT_NULL(strstr(l.items[0].path, "/tree/a/c.cso"));
    batch_list_free(&l);
    CU_ASSERT_NOT_EQUAL(batch_collect("/nonexistent/dir", &l, err, sizeof err), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a directory"));
    batch_list_free(&l);
}

static void test_collect_list(void)
{
    static const char text[] = "# corpus\nz/one.dxil\r\n\nb.bin\n  \na/two.dxil\n";
    tb_write("list.txt", text, sizeof text - 1);
    char arg[512], err[256];
    snprintf(arg, sizeof arg, "@%s/list.txt", tb_tmp);
    batch_list l = {0};
    CU_ASSERT_EQUAL_FATAL(batch_collect(arg, &l, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(l.count, 4); /* a list takes any name; "  " is a path */
    CU_ASSERT_STRING_EQUAL(l.items[0].rel, "  ");
    CU_ASSERT_STRING_EQUAL(l.items[1].rel, "a/two.dxil");
    CU_ASSERT_STRING_EQUAL(l.items[2].rel, "b.bin");
    CU_ASSERT_STRING_EQUAL(l.items[3].rel, "z/one.dxil");
    batch_list_free(&l);
    snprintf(arg, sizeof arg, "@%s/missing.txt", tb_tmp);
    CU_ASSERT_NOT_EQUAL(batch_collect(arg, &l, err, sizeof err), 0);
    batch_list_free(&l);
}

static void test_shard_partition(void)
{
    enum { N = 10, SHARDS = 3 };
    int seen[N] = {0};
    for (unsigned k = 0; k < SHARDS; k++) {
        batch_list l = {0};
        char name[32];
        for (int i = 0; i < N; i++) {
            snprintf(name, sizeof name, "f%02d.dxil", i);
            batch_list_add(&l, name, NULL);
        }
        batch_shard(&l, k, SHARDS);
        CU_ASSERT_EQUAL(l.count, k == 0 ? 4u : 3u);
        for (size_t i = 0; i < l.count; i++) {
            int idx = atoi(l.items[i].path + 1);
            CU_ASSERT_EQUAL((unsigned)idx % SHARDS, k);
            seen[idx]++;
        }
        batch_list_free(&l);
    }
    for (int i = 0; i < N; i++)
        CU_ASSERT_EQUAL(seen[i], 1);
}

/* Injected work: the file name says what happens. */
static int tb_fake_work(const batch_options *o, batch_item *it, void *user)
{
    (void)o;
    (void)user;
    if (strstr(it->path, "crash")) {
        signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler would exit instead */
        raise(SIGSEGV);
    }
    if (strstr(it->path, "exit"))
        _exit(3);
    if (strstr(it->path, "slow"))
        sleep(5);
    if (strstr(it->path, "bad")) {
        it->status = BATCH_FAILED;
        it->code = 4242;
        it->reason = strdup("bad input: no good");
        return -1;
    }
    it->status = BATCH_OK;
    return 0;
}

static void tb_fill(batch_list *l, const char *const *names)
{
    for (; *names; names++)
        batch_list_add(l, *names, NULL);
}

static void test_run_threads(void)
{
    static const char *const names[] = {"a", "bad1", "b", "c", "bad2", "d", "e", NULL};
    batch_list l = {0};
    tb_fill(&l, names);
    batch_options o;
    batch_options_init(&o);
    o.jobs = 3;
    o.progress = 0;
    batch_totals t;
    batch_run(&o, &l, tb_fake_work, NULL, &t);
    CU_ASSERT_EQUAL(t.ok, 5);
    CU_ASSERT_EQUAL(t.failed, 2);
    CU_ASSERT_EQUAL(t.crashed, 0);
    CU_ASSERT_EQUAL(l.items[1].status, BATCH_FAILED);
    CU_ASSERT_STRING_EQUAL(l.items[1].reason, "bad input: no good");
    CU_ASSERT_EQUAL(l.items[4].code, 4242);
    for (size_t i = 0; i < l.count; i++)
        CU_ASSERT_NOT_EQUAL(l.items[i].status, BATCH_PENDING);
    batch_list_free(&l);
}

static void test_run_isolated(void)
{
    static const char *const names[] = {"ok1", "crash", "bad", "exit", "ok2", NULL};
    batch_list l = {0};
    tb_fill(&l, names);
    batch_options o;
    batch_options_init(&o);
    o.jobs = 2;
    o.isolate = true;
    o.progress = 0;
    batch_totals t;
    batch_run(&o, &l, tb_fake_work, NULL, &t);
    CU_ASSERT_EQUAL(t.ok, 2);
    CU_ASSERT_EQUAL(t.failed, 1);
    CU_ASSERT_EQUAL(t.crashed, 2);
    CU_ASSERT_EQUAL(l.items[0].status, BATCH_OK);
    CU_ASSERT_EQUAL(l.items[1].status, BATCH_CRASHED);
    CU_ASSERT_EQUAL(l.items[1].signal, SIGSEGV);
    CU_ASSERT(l.items[1].reason && strstr(l.items[1].reason, "SIGSEGV"));
    CU_ASSERT_EQUAL(l.items[2].status, BATCH_FAILED);
    CU_ASSERT_EQUAL(l.items[2].code, 4242);
    CU_ASSERT_STRING_EQUAL(l.items[2].reason, "bad input: no good");
    CU_ASSERT_EQUAL(l.items[3].status, BATCH_CRASHED);
    CU_ASSERT(l.items[3].reason && strstr(l.items[3].reason, "status 3"));
    CU_ASSERT_EQUAL(l.items[4].status, BATCH_OK);
    batch_list_free(&l);
}

static void test_isolate_timeout(void)
{
    static const char *const names[] = {"slow", "fine", NULL};
    batch_list l = {0};
    tb_fill(&l, names);
    batch_options o;
    batch_options_init(&o);
    o.jobs = 2;
    o.isolate = true;
    o.timeout_s = 1;
    o.progress = 0;
    batch_totals t;
    batch_run(&o, &l, tb_fake_work, NULL, &t);
    CU_ASSERT_EQUAL(l.items[0].status, BATCH_CRASHED);
    CU_ASSERT_EQUAL(l.items[0].signal, SIGALRM);
    CU_ASSERT(l.items[0].reason && strstr(l.items[0].reason, "timed out"));
    CU_ASSERT_EQUAL(l.items[1].status, BATCH_OK);
    batch_list_free(&l);
}

static void test_signal_names(void)
{
    CU_ASSERT_STRING_EQUAL(batch_signal_name(SIGSEGV), "SIGSEGV");
    CU_ASSERT_STRING_EQUAL(batch_signal_name(SIGABRT), "SIGABRT");
    CU_ASSERT_STRING_EQUAL(batch_signal_name(63), "signal 63");
}

static int tb_json_int(json_object *o, const char *key)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, key, &v) ? json_object_get_int(v) : -1;
}

/* An ok and a bad shader run by fn, one at a time, output under "out". */
static void tb_run_report(batch_list *l, batch_options *o, batch_totals *t, batch_work_fn fn,
                          bool isolate)
{
    static const char *const names[] = {"x/ok.dxil", "x/bad.dxil", NULL};
    memset(l, 0, sizeof *l);
    tb_fill(l, names);
    batch_options_init(o);
    o->jobs = 1;
    o->progress = 0;
    o->outdir = "out";
    o->input = "x";
    o->isolate = isolate;
    batch_run(o, l, fn, NULL, t);
}

static void test_report_json(void)
{
    batch_list l = {0};
    batch_options o;
    batch_totals t;
    tb_run_report(&l, &o, &t, tb_fake_work, false);
    char path[512];
    snprintf(path, sizeof path, "%s/report.json", tb_tmp);
    CU_ASSERT_EQUAL_FATAL(batch_report_write(&o, &l, &t, path), 0);
    json_object *root = json_object_from_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    /* The file is streamed an item at a time; it must say exactly what
     * the json-c tree says. */
    json_object *dom = batch_report_json(&o, &l, &t);
    CU_ASSERT_TRUE(json_object_equal(root, dom));
    json_object_put(dom);
    CU_ASSERT_EQUAL(tb_json_int(root, "total"), 2);
    CU_ASSERT_EQUAL(tb_json_int(root, "ok"), 1);
    CU_ASSERT_EQUAL(tb_json_int(root, "failed"), 1);
    json_object *fails = NULL, *shaders = NULL, *v = NULL;
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(root, "failures", &fails));
    CU_ASSERT_EQUAL_FATAL(json_object_array_length(fails), 1);
    json_object *f0 = json_object_array_get_idx(fails, 0);
    CU_ASSERT_TRUE(json_object_object_get_ex(f0, "path", &v));
    CU_ASSERT_STRING_EQUAL(json_object_get_string(v), "x/bad.dxil");
    CU_ASSERT_EQUAL(tb_json_int(f0, "code"), 4242);
    CU_ASSERT_TRUE(json_object_object_get_ex(f0, "reason", &v));
    CU_ASSERT_STRING_EQUAL(json_object_get_string(v), "bad input: no good");
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(root, "shaders", &shaders));
    json_object *s0 = json_object_array_get_idx(shaders, 0);
    CU_ASSERT_TRUE(json_object_object_get_ex(s0, "output", &v));
    CU_ASSERT_STRING_EQUAL(json_object_get_string(v), "out/x/ok.ll");
    json_object_put(root);
    batch_list_free(&l);
}

/* Injected work for the CSV report: facts as batch_info_json writes
 * them, and a reason that needs quoting. */
static int tb_info_work(const batch_options *o, batch_item *it, void *user)
{
    (void)o;
    (void)user;
    if (strstr(it->path, "bad")) {
        it->status = BATCH_FAILED;
        it->code = 4242;
        it->reason = strdup("bad, \"quoted\"\ninput");
        return -1;
    }
    it->info = strdup("{\"input\":\"DXContainer\",\"stage\":\"ps\",\"shader_model\":\"6.6\","
                      "\"dxil_version\":\"1.6\",\"parts\":[\"SFI0\",\"DXIL\"],\"calls\":5,"
                      "\"raised\":3,\"kept\":2,\"kept_by_reason\":{\"no-intrinsic\":2},"
                      "\"ops\":{\"Sin\":{\"calls\":3,\"raised\":3,\"kept\":0},"
                      "\"Sample\":{\"calls\":2,\"raised\":0,\"kept\":2}}}");
    it->status = BATCH_OK;
    return 0;
}

/* The CSV report: one row per shader, quoted where RFC 4180 needs it,
 * the same with threads and with --isolate (the facts cross the pipe). */
static void test_report_csv(void)
{
    static const char *const rows[] = {
        "path,status,ms,input,stage,shader_model,dxil_version,parts,calls,raised,kept,"
        "kept_by_reason,ops,output,code,signal,reason\n",
        "x/ok.dxil,ok,",
        ",DXContainer,ps,6.6,1.6,SFI0 DXIL,5,3,2,no-intrinsic=2,Sin=3/3 Sample=2/0,out/x/ok.ll,,,\n"
        "x/bad.dxil,failed,",
        ",,,,,,,,,,,,4242,,\"bad, \"\"quoted\"\"\ninput\"\n"};
    for (int isolate = 0; isolate < 2; isolate++) {
        batch_list l;
        batch_options o;
        batch_totals t;
        tb_run_report(&l, &o, &t, tb_info_work, isolate);
        size_t len = 0;
        char *csv = batch_report_csv(&o, &l, &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(csv);
        CU_ASSERT_EQUAL(strlen(csv), len);
        const char *p = csv;
        for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
            CU_ASSERT_PTR_NOT_NULL_FATAL(p = strstr(p, rows[r]));
            p += strlen(rows[r]);
            if (r + 1 < sizeof rows / sizeof *rows)
                p += strspn(p, "0123456789."); /* the time */
        }
        CU_ASSERT_EQUAL(*p, '\0');
        free(csv);
        batch_totals_free(&t);
        batch_list_free(&l);
    }
}

/* The report's format: --report-format, else the name. */
static void test_report_format(void)
{
    batch_options o;
    batch_options_init(&o);
    o.report = "r.CSV";
    CU_ASSERT_TRUE(batch_report_is_csv(&o));
    o.report = "-";
    CU_ASSERT_FALSE(batch_report_is_csv(&o));
    char *argv[] = {"x", "--batch", "d", "--report-format=csv", "--report=-", NULL};
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(argv), argv, &o), -1);
    CU_ASSERT_TRUE(batch_report_is_csv(&o));
    char *json[] = {"x", "--batch", "d", "--report-format=json", "--report=r.csv", NULL};
    CU_ASSERT_EQUAL(batch_parse_args(ARGC(json), json, &o), -1);
    CU_ASSERT_FALSE(batch_report_is_csv(&o));
}

/* The real converter: a garbage file fails with its first diagnostic and
 * leaves no output; a corpus shader (when available) converts. */
static void test_convert_real(void)
{
    tb_mkdir("real");
    tb_write("real/garbage.dxil", "DXBC", 4); /* a truncated container */
    batch_list l = {0};
    char in[512], out[512];
    snprintf(in, sizeof in, "%s/real/garbage.dxil", tb_tmp);
    batch_list_add(&l, in, "garbage.dxil");
    batch_options o;
    batch_options_init(&o);
    snprintf(out, sizeof out, "%s/real-out", tb_tmp);
    o.outdir = out;
    o.progress = 0;
    batch_totals t;
    batch_run(&o, &l, batch_convert_one, NULL, &t);
    CU_ASSERT_EQUAL(t.failed, 1);
    CU_ASSERT_EQUAL(l.items[0].code, DXIL_E_CONTAINER_TRUNCATED);
    CU_ASSERT(l.items[0].reason && strstr(l.items[0].reason, "DXIL1002"));
    char produced[600];
    snprintf(produced, sizeof produced, "%s/garbage.ll", out);
    CU_ASSERT_NOT_EQUAL(access(produced, F_OK), 0);
    batch_list_free(&l);
}

static void tb_convert_corpus_file(const char *path, void *user)
{
    batch_list *l = user;
    if (l->count < 3)
        batch_list_add(l, path, NULL);
}

static void test_convert_corpus(void)
{
    batch_list l = {0};
    if (tu_each_corpus_file(tb_convert_corpus_file, &l) == 0)
        return; /* no corpus here: the garbage case above still ran */
    batch_options o;
    batch_options_init(&o);
    char out[512];
    snprintf(out, sizeof out, "%s/corpus-out", tb_tmp);
    o.outdir = out;
    o.emit = BATCH_EMIT_BC;
    o.progress = 0;
    o.jobs = 2;
    batch_totals t;
    batch_run(&o, &l, batch_convert_one, NULL, &t);
    CU_ASSERT_EQUAL(t.ok, l.count);
    for (size_t i = 0; i < l.count; i++) {
        char *p = batch_output_path(out, l.items[i].rel, BATCH_EMIT_BC);
        size_t size = 0;
        uint8_t *data = tu_read_file(p, &size);
        CU_ASSERT_PTR_NOT_NULL(data);
        CU_ASSERT_TRUE(size > 4 && data && memcmp(data, "BC\xc0\xde", 4) == 0);
        free(data);
        free(p);
    }
    batch_list_free(&l);
}

/* Op coverage: per-worker counts (threads) and counts sent back by each
 * child (--isolate) add up to the same totals, one module per shader, and
 * land in the report as op_coverage. */
static void tb_run_stats(batch_list *l, bool isolate, batch_totals *t)
{
    batch_options o;
    batch_options_init(&o);
    o.progress = 0;
    o.jobs = 2;
    o.isolate = isolate;
    o.op_stats = true;
    batch_run(&o, l, batch_convert_one, NULL, t);
}

static void tb_check_coverage_json(batch_list *l, batch_totals *t)
{
    batch_options o;
    batch_options_init(&o);
    json_object *root = batch_report_json(&o, l, t);
    json_object *cov = NULL;
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(root, "op_coverage", &cov));
    CU_ASSERT_TRUE_FATAL(json_object_is_type(cov, json_type_object));
    CU_ASSERT_EQUAL(tb_json_int(cov, "modules"), (int)l->count);
    CU_ASSERT_EQUAL(tb_json_int(cov, "missing_shaders"), 0);
    json_object *ops = NULL;
    CU_ASSERT_TRUE(json_object_object_get_ex(cov, "ops", &ops) && json_object_array_length(ops) > 0);
    json_object_put(root);
}

static void test_op_coverage(void)
{
    batch_list l = {0};
    if (tu_each_corpus_file(tb_convert_corpus_file, &l) == 0)
        return;
    batch_totals th, iso;
    tb_run_stats(&l, false, &th);
    tb_run_stats(&l, true, &iso);
    CU_ASSERT_PTR_NOT_NULL_FATAL(th.ops);
    CU_ASSERT_PTR_NOT_NULL_FATAL(iso.ops);
    CU_ASSERT_EQUAL(th.ok, l.count);
    CU_ASSERT_EQUAL(iso.ok, l.count);
    CU_ASSERT_EQUAL(dxil_stats_module_count(th.ops), l.count);
    CU_ASSERT_EQUAL(dxil_stats_module_count(iso.ops), l.count);
    dxil_op_stat a, b;
    dxil_stats_totals(th.ops, &a);
    dxil_stats_totals(iso.ops, &b);
    CU_ASSERT_TRUE(a.calls > 0);
    CU_ASSERT_EQUAL(a.calls, b.calls);
    CU_ASSERT_EQUAL(a.raised, b.raised);
    CU_ASSERT_EQUAL(dxil_stats_op_count(th.ops), dxil_stats_op_count(iso.ops));
    tb_check_coverage_json(&l, &iso);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    batch_options o;
    batch_options_init(&o);
    batch_summary_print(&o, &l, &th, mem);
    fclose(mem);
    CU_ASSERT(text && strstr(text, "op coverage: "));
    free(text);
    batch_totals_free(&th);
    batch_totals_free(&iso);
    CU_ASSERT_PTR_NULL(th.ops);
    batch_list_free(&l);
}

/* Without op_stats nothing is counted and the report says null. */
static void test_op_coverage_off(void)
{
    static const char *const names[] = {"a", NULL};
    batch_list l = {0};
    tb_fill(&l, names);
    batch_options o;
    batch_options_init(&o);
    o.progress = 0;
    batch_totals t;
    batch_run(&o, &l, tb_fake_work, NULL, &t);
    CU_ASSERT_PTR_NULL(t.ops);
    json_object *root = batch_report_json(&o, &l, &t);
    json_object *cov = (json_object *)1;
    CU_ASSERT_TRUE(json_object_object_get_ex(root, "op_coverage", &cov));
    CU_ASSERT_PTR_NULL(cov);
    json_object_put(root);
    batch_list_free(&l);
}

int tu_register(void)
{
    snprintf(tb_tmp, sizeof tb_tmp, "%s/test_batch.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tb_tmp)) {
        fprintf(stderr, "cannot create a temporary directory\n");
        return 1;
    }
    static const tu_case cases[] = {
        {"shard parse", test_shard_parse},
        {"parse args", test_parse_args},
        {"usage errors", test_parse_usage_errors},
        {"loader options", test_parse_loader_options},
        {"loader option table", test_loader_table},
        {"output path", test_output_path},
        {"relative paths", test_relative_paths},
        {"collect directory", test_collect_dir},
        {"collect list", test_collect_list},
        {"shard partition", test_shard_partition},
        {"threads runner", test_run_threads},
        {"isolate runner", test_run_isolated},
        {"isolate timeout", test_isolate_timeout},
        {"signal names", test_signal_names},
        {"JSON report", test_report_json},
        {"CSV report", test_report_csv},
        {"report format", test_report_format},
        {"convert garbage", test_convert_real},
        {"op coverage", test_op_coverage},
        {"op coverage off", test_op_coverage_off},
        {"convert corpus", test_convert_corpus},
        {NULL, NULL}};
    tu_add_suite("batch", cases);
    return 0;
}
