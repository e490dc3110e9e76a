/* dxil_stats.h - op coverage statistics and the versioned spec check.
 *
 * Statistics: the raise counts, per DXIL op, how many dx.op calls became
 * modern IR and how many were kept as dx.op calls and why. A dxil_stats
 * object accumulates over any number of modules (pass the same one to
 * each raise, or merge per-module objects with dxil_stats_merge), so a
 * batch driver can aggregate a whole corpus. Not thread-safe: give each
 * thread its own object and merge them afterwards.
 *
 * Check: dxil_module_check validates every dx.op call of a module that
 * has NOT been raised yet against the versioned op table (overload valid
 * for the DXIL version, op allowed in the calling entry's stage, shader
 * model high enough) and reports each violation as DXIL_E_CHECK.
 */
#ifndef DXIL_UPGRADE_STATS_H
#define DXIL_UPGRADE_STATS_H

#include "dxil_export.h"

#include "dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct json_object;
struct dxil_module;
struct dxil_optable;

/* Why a dx.op call was kept. Never renumber: JSON uses the names. */
typedef enum dxil_keep_reason {
    DXIL_KEEP_NO_INTRINSIC = 0, /* "no-intrinsic": mapped intrinsic unknown to the linked LLVM */
    DXIL_KEEP_NO_MODERN_FORM,   /* "no-modern-form": the table maps the op (or this selector) to nothing */
    DXIL_KEEP_EXPERIMENTAL,     /* "experimental": table 0x8000, passed through */
    DXIL_KEEP_CUSTOM,           /* "custom": a custom handler left it without a reason (a bug) */
    DXIL_KEEP_NON_CONSTANT,     /* "non-constant": opcode or selector operand not an immediate */
    DXIL_KEEP_UNKNOWN_OPCODE,   /* "unknown-opcode": in neither the table nor an overlay */
    DXIL_KEEP_MISMATCH,         /* "mismatch": the call's types do not fit the intrinsic */
    /* Why a custom handler (handles, buffers, signature I/O) left a call: */
    DXIL_KEEP_SIGNATURE_GAP,    /* "signature-gap": the intrinsic takes an argument DXIL has no value for */
    DXIL_KEEP_HEAP_HANDLE,      /* "heap-handle": the handle is from createHandleFromHeap (no LLVM 22 form) */
    DXIL_KEEP_HANDLE_UNTYPED,   /* "handle-untyped": the resource kind has no LLVM 22 type (TBuffer, RTAS) */
    DXIL_KEEP_HANDLE_UNRESOLVED,/* "handle-unresolved": the handle is not one binding known when raising */
    DXIL_KEEP_TEXTURE_FORM,     /* "texture-form": on a texture; LLVM 22 has only the buffer form */
    DXIL_KEEP_ACCESS_SHAPE,     /* "access-shape": the buffer form exists; this call's shape does not fit it */
    DXIL_KEEP_STATUS_OF_KEPT,   /* "status-of-kept": the status checked comes from a call that was kept */
    DXIL_KEEP_NEWER_THAN_MODULE,/* "newer-than-module": the op needs a newer DXIL than the module's */
    DXIL_KEEP_BY_OPTION,        /* "by-option": an option asked to keep it (--keep-sig-io) */
    DXIL_KEEP_REASON_COUNT
} dxil_keep_reason;

/* "no-intrinsic", ...; NULL when out of range. */
DXIL_API const char *dxil_keep_reason_name(unsigned reason);

/* One op's counts. calls = raised + sum(kept). */
typedef struct dxil_op_stat {
    uint32_t opcode;       /* (table << 16) | index */
    const char *name;      /* "Sin"; "" for an unknown opcode */
    bool experimental;
    bool known;            /* found in the op table */
    uint64_t calls;
    uint64_t raised;
    uint64_t kept[DXIL_KEEP_REASON_COUNT];
} dxil_op_stat;

typedef struct dxil_stats dxil_stats;

/* NULL only when memory is exhausted. */
DXIL_API dxil_stats *dxil_stats_create(void);
/* Frees s and everything in it; NULL is ignored. */
DXIL_API void dxil_stats_destroy(dxil_stats *s);
/* Resets every count, the module count included; s stays usable. Ignores
 * NULL. Invalidates the pointers given by dxil_stats_op_at/find. */
DXIL_API void dxil_stats_clear(dxil_stats *s);

/* Adds every count of src to dst (both may hold any number of modules).
 * Returns 0, or -1 when memory is exhausted (dst is then partly merged). */
DXIL_API int dxil_stats_merge(dxil_stats *dst, const dxil_stats *src);

/* Modules counted so far. */
DXIL_API uint64_t dxil_stats_module_count(const dxil_stats *s);
/* Ops with at least one call, sorted by opcode (core, then experimental):
 * their number (0 for NULL) and the i-th one (NULL when out of range). The
 * record belongs to s and is valid until s next changes. */
DXIL_API size_t dxil_stats_op_count(const dxil_stats *s);
DXIL_API const dxil_op_stat *dxil_stats_op_at(const dxil_stats *s, size_t i);
/* Counts of the op, or NULL when it has no call. */
DXIL_API const dxil_op_stat *dxil_stats_find(const dxil_stats *s, uint32_t opcode);
/* Sums over every op (opcode 0, name "total"). */
DXIL_API void dxil_stats_totals(const dxil_stats *s, dxil_op_stat *out);

/* JSON export (json-c). The object is the caller's: json_object_put it.
 *   {"modules": N, "calls": C, "raised": R, "kept": K,
 *    "kept_by_reason": {"no-intrinsic": n, ...},
 *    "ops": [{"opcode": 13, "table": 0, "index": 13, "name": "Sin",
 *             "calls": c, "raised": r, "kept": k,
 *             "kept_by_reason": {...only non-zero...}}, ...]}
 * NULL when memory is exhausted. */
DXIL_API struct json_object *dxil_stats_to_json(const dxil_stats *s);
/* The same as a malloc'd NUL-terminated string (free() it). */
DXIL_API char *dxil_stats_json_string(const dxil_stats *s, bool pretty);
/* Adds the counts of a JSON document made by dxil_stats_to_json (e.g. by
 * a child process) to dst. Returns 0, or -1 when it is malformed. */
DXIL_API int dxil_stats_merge_json(dxil_stats *dst, const char *json);
/* Human-readable table, one op a line, then totals by reason. */
DXIL_API int dxil_stats_print(const dxil_stats *s, FILE *out);

/* Checks every dx.op call of an unraised module against the versioned
 * spec of `table` (NULL: the built-in table). Returns the number of
 * violations (each one a DXIL_E_CHECK error in diags), or -1 when the
 * module could not be examined. */
DXIL_API int dxil_module_check(struct dxil_module *m, const struct dxil_optable *table,
                               dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
