/* batch.h - `dxil-upgrade --batch`: convert a whole corpus in one process.
 *
 * Inputs come from a directory (walked recursively) or an @file-list, are
 * sorted byte-wise so every machine sees the same order, optionally cut to
 * one shard, and converted by N worker threads (each module has its own
 * LLVM context) or, with --isolate, by one forked child per shader. One
 * failing shader never stops the others.
 */
#ifndef DXIL_BATCH_H
#define DXIL_BATCH_H

#include "cli_loader.h"
#include "cli_spirv.h"
#include "dxil-upgrade/dxil_stats.h"
#include "dxil-upgrade/dxil_upgrade.h"

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { BATCH_EXIT_OK = 0, BATCH_EXIT_FAILED = 1, BATCH_EXIT_USAGE = 2 };

/* The per-shader time limit unless --timeout says otherwise (seconds). */
enum { BATCH_DEFAULT_TIMEOUT = 300 };
/* After SIGINT/SIGTERM, how long shaders in flight may take to finish
 * before they are abandoned (milliseconds). */
enum { BATCH_STOP_GRACE_MS = 1000 };

/* --report-format; by default CSV when the report's name ends in .csv. */
typedef enum batch_report_format {
    BATCH_REPORT_AUTO = 0, BATCH_REPORT_JSON, BATCH_REPORT_CSV
} batch_report_format;

/* --emit: the library's IR formats, or SPIR-V (dxil_spirv.h). */
typedef enum batch_emit {
    BATCH_EMIT_LL = DXIL_EMIT_LL,
    BATCH_EMIT_BC = DXIL_EMIT_BC,
    BATCH_EMIT_SPIRV
} batch_emit;

typedef struct batch_options {
    const char *input;  /* directory or @file-list ("@-" = stdin) */
    const char *outdir; /* NULL: convert, then discard the output */
    const char *report; /* report path ("-": stdout), or NULL */
    batch_report_format report_format;
    cli_loader load;    /* load.opts: what every shader is loaded with */
    batch_emit emit;
    cli_spirv spirv;    /* --emit=spirv's options (spirv.on mirrors emit) */
    bool isolate;
    bool op_stats;      /* count dx.op coverage (batch_main always does) */
    int progress;       /* -1 auto (stderr is a terminal), 0 off, 1 on */
    unsigned jobs;
    unsigned shard_index, shard_count;
    /* Per-shader time limit (0 = none): --isolate kills the child; threads
     * abandon the shader (batch_run.c says why that is the honest choice). */
    unsigned timeout_s;
    bool resume;        /* skip shaders whose output is newer than the input */
    bool durable;       /* fsync each output and its directory */
} batch_options;

typedef enum batch_status {
    BATCH_PENDING = 0,
    BATCH_OK,
    BATCH_FAILED,  /* the library reported an error */
    BATCH_CRASHED, /* --isolate: the child died; or it timed out */
    BATCH_SKIPPED, /* --resume: the output was already there */
    BATCH_INTERRUPTED /* in flight when a signal stopped the batch */
} batch_status;

typedef struct batch_item {
    char *path;     /* as found or listed */
    char *rel;      /* relative path mirrored under the output directory */
    bool rel_shared; /* rel points into path's storage: free path only */
    batch_status status;
    int code;       /* first error's DXIL code, 0 if none */
    int signal;     /* BATCH_CRASHED: the signal, 0 for a plain exit */
    char *reason;   /* first error diagnostic (malloc'd), NULL when ok */
    double ms;      /* wall time spent on this shader */
    /* A loaded shader's facts for the report (batch_info_json), malloc'd;
     * NULL when it did not load. */
    char *info;
} batch_item;

typedef struct batch_list {
    batch_item *items;
    size_t count, cap;
} batch_list;

typedef struct batch_totals {
    size_t ok, failed, crashed, skipped, interrupted;
    size_t not_run;   /* never started: the batch was stopped first */
    int stop_signal;  /* SIGINT/SIGTERM that stopped the batch, else 0 */
    /* Threads whose shader was abandoned (timed out, or interrupted) and
     * that may still be running: the process must _exit, not return. */
    size_t abandoned;
    size_t stale_removed; /* stale temporary files removed at the start */
    double seconds;
    /* This process's peak resident set when the last shader was done
     * (before any report is built), in MiB; 0 where it cannot be read. */
    double peak_rss_mib;
    /* o->op_stats: every converted shader's op counts, merged (per-worker
     * objects, or the JSON each --isolate child sends back); else NULL.
     * ops_missing: converted shaders whose counts were lost. */
    dxil_stats *ops;
    size_t ops_missing;
} batch_totals;

/* Frees what batch_run allocated in t. */
void batch_totals_free(batch_totals *t);

/* Converts one item; fills status/code/reason. Returns 0 when ok. The
 * runners take it as a parameter so tests can substitute their own. */
typedef int (*batch_work_fn)(const batch_options *o, batch_item *it, void *user);

/* True when argv asks for batch mode (an argument "--batch" or "--batch=..."). */
bool batch_requested(int argc, char **argv);
/* The whole of `dxil-upgrade --batch ...`; returns the exit status. */
int batch_main(int argc, char **argv);

/* Parses batch options; returns -1 to go on, else an exit status. */
int batch_parse_args(int argc, char **argv, batch_options *o);
void batch_options_init(batch_options *o);
/* "K/N" with K < N; returns 0 on success. */
int batch_parse_shard(const char *text, unsigned *k, unsigned *n);

/* The report's per-shader facts as compact JSON (malloc'd; NULL when
 * memory is exhausted): "input", "stage", "shader_model", "dxil_version",
 * "parts" (data/size: the input's bytes), and with s the dx.op totals
 * "calls", "raised", "kept", "kept_by_reason", and with per_op "ops". */
char *batch_info_json(const dxil_module *m, const void *data, size_t size, const dxil_stats *s,
                      bool per_op);

/* Fills list from a directory or @file-list, sorted by relative path.
 * Returns 0, or -1 with a message in err. */
int batch_collect(const char *input, batch_list *list, char *err, size_t errsz);
/* Keeps the items whose index in the sorted list is k modulo n. */
void batch_shard(batch_list *list, unsigned k, unsigned n);
void batch_list_free(batch_list *list);
/* Adds one item (copies path); rel NULL derives it from path. */
int batch_list_add(batch_list *list, const char *path, const char *rel);
/* outdir/rel with the extension replaced by .ll, .bc or .spv (malloc'd). */
char *batch_output_path(const char *outdir, const char *rel, batch_emit fmt);
/* "ll", "bc" or "spirv". */
const char *batch_emit_name(batch_emit fmt);

/* The default work: load, raise, write (or discard); with --emit=spirv,
 * retarget and compile to SPIR-V instead of writing IR. */
int batch_convert_one(const batch_options *o, batch_item *it, void *user);
/* Runs fn over every item with o->jobs threads, or forked children when
 * o->isolate is set. Fills totals. */
void batch_run(const batch_options *o, batch_list *list, batch_work_fn fn, void *user,
               batch_totals *totals);

/* --resume: marks BATCH_SKIPPED the items whose output exists, is not
 * empty and is not older than the input (outputs appear only by rename,
 * so one that exists is complete). Returns how many. */
size_t batch_mark_done(const batch_options *o, batch_list *list);

/* Stopping: the SIGINT/SIGTERM handlers (batch_main) call
 * batch_request_stop; the runners then start nothing new, give the
 * shaders in flight BATCH_STOP_GRACE_MS, and abandon the rest. A second
 * signal ends the process at once. */
void batch_request_stop(int sig);
int batch_stop_signal(void);
void batch_clear_stop(void);
void batch_install_signals(void);
void batch_restore_signals(void);

/* Signal name ("SIGSEGV"), or "signal N" in a static buffer per thread. */
const char *batch_signal_name(int sig);

/* The progress bar: drawn only when enabled; all calls are cheap no-ops
 * otherwise. */
typedef struct batch_progress batch_progress;
batch_progress *batch_progress_start(int mode, size_t total);
void batch_progress_update(batch_progress *p, size_t done, size_t failed);
void batch_progress_finish(batch_progress *p);

/* Internal to the batch_*.c files. */
void batch_run_isolated(const batch_options *o, batch_list *list, batch_work_fn fn, void *user,
                        batch_progress *prog, batch_totals *t);
/* The statistics object batch_convert_one counts into on this thread
 * (each worker thread or --isolate child has its own), or NULL. */
dxil_stats *batch_thread_stats(void);
void batch_set_thread_stats(dxil_stats *s);

/* Summary: plain text (with --stats, the corpus's op table too) and the
 * report, JSON (caller puts the object) or CSV; "-" writes to stdout. */
void batch_summary_print(const batch_options *o, const batch_list *list,
                         const batch_totals *t, FILE *out);
json_object *batch_report_json(const batch_options *o, const batch_list *list,
                               const batch_totals *t);
/* "ok", "failed", ... as the report spells them. */
const char *batch_status_name(batch_status st);
/* The report is CSV (--report-format, or a name ending in .csv). */
bool batch_report_is_csv(const batch_options *o);
/* The CSV report: a header row, then one row per shader (malloc'd text,
 * its length in *len; NULL when memory is exhausted). */
char *batch_report_csv(const batch_options *o, const batch_list *list, size_t *len);
int batch_report_write(const batch_options *o, const batch_list *list, const batch_totals *t,
                       const char *path);

#endif
