/* dxil_upgrade.h - the dxil-upgrade C API.
 *
 * Load a DXIL shader (DXContainer, raw or wrapped bitcode, or DXIL-form
 * textual IR) from memory or a file into its own LLVM 22 context, raise it
 * to modern LLVM IR, verify it, and write it as text or bitcode.
 *
 * Thread safety: there is no global mutable state. Each dxil_module owns
 * its LLVMContext, so different threads may load and raise different
 * modules at once. One module (and one dxil_diags list) must not be used
 * from two threads at the same time.
 *
 * Errors: functions that can fail return NULL or a non-zero int and append
 * diagnostics to the caller's dxil_diags (which may be NULL). Bad input
 * never aborts the process.
 */
#ifndef DXIL_UPGRADE_H
#define DXIL_UPGRADE_H

#include "dxil_export.h"

#include "dxil_container.h"
#include "dxil_diag.h"

#include <llvm-c/Types.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DXIL_UPGRADE_VERSION_MAJOR 0
#define DXIL_UPGRADE_VERSION_MINOR 1
#define DXIL_UPGRADE_VERSION_PATCH 0

/* "0.1.0 (LLVM 22.1.8)": a static string, never NULL. */
DXIL_API const char *dxil_upgrade_version_string(void);

typedef enum dxil_emit_format {
    DXIL_EMIT_LL = 0, /* textual IR */
    DXIL_EMIT_BC = 1  /* bitcode */
} dxil_emit_format;

typedef struct dxil_options {
    /* Container part holding the module: "DXIL" (default when NULL),
     * "ILDB" (debug module) or "STAT" (statistics module). */
    const char *part;
    /* Run the raise passes after parsing (default true). When false the
     * module is returned as parsed, with only the datalayout normalised. */
    bool raise;
    /* Run LLVM's verifier on the result (default false). */
    bool verify;
    /* Check the dx.op calls against the versioned spec before raising
     * (dxil_module_check in dxil_stats.h; default false). */
    bool check;
    /* When non-NULL, the raise adds its per-op coverage counts here
     * (dxil_stats.h); the same object may collect many modules. */
    struct dxil_stats *stats;
    /* Op table used to raise and check; NULL means the built-in one. */
    const struct dxil_optable *optable;
    /* Give opaque cbuffers a layout struct, and stripped resources their
     * names, from the container's STAT (reflection) part, which keeps the
     * struct types, annotations and names DXC strips from DXIL (default
     * false: it costs a second bitcode parse). Load parses the STAT part once and hands it to the raise
     * (kept in the module until dxil_module_raise_opts when raise is
     * false); problems with it are warnings. */
    bool layouts_from_reflection;
    /* dxil_module_load_file refuses a file larger than this many bytes
     * before reading it; 0 (the default) means 1 GiB. The file is mapped,
     * not copied, so only the parts the loader reads use memory. */
    size_t max_input_size;
    /* Keep loadInput/storeOutput as dx.op calls instead of raising them
     * to llvm.dx.load.input / llvm.dx.store.output (default false). */
    bool keep_sig_io;
    /* Leave a container's carried parts (RTS0, VERS, STAT, RDAT, ILDN,
     * ILDB, unknown parts) out of the raised module. By default raising a
     * container records them as !dxu.parts, so the raised IR alone can be
     * written back as the container (dxil_write.h); they add about 15% to
     * the corpus's .ll text, and a debug ILDB part can be large. */
    bool drop_container_parts;
    /* Load a module already in SPIR-V form for Vulkan (its triple
     * spirv*-*-vulkan*, e.g. clang's HLSL output for Vulkan) as it is, for
     * dxil_module_emit_spirv (dxil_spirv.h): not raised, nothing added.
     * Default false: such a module has nothing to raise, and raising it
     * (at load or with dxil_module_raise) is refused. */
    bool spirv_as_is;
} dxil_options;

/* Fills opts with the defaults: raise = true, every other field false or
 * NULL. Call it before setting fields, so that fields added in later
 * versions get their defaults. */
DXIL_API void dxil_options_init(dxil_options *opts);

typedef struct dxil_module dxil_module;

/* Loads from memory; the bytes are not retained after the call. name is
 * used in messages only (may be NULL). Returns a new module, owned by the
 * caller (dxil_module_destroy), or NULL with the reasons in diags. */
DXIL_API dxil_module *dxil_module_load_memory(const void *data, size_t size, const char *name,
                                              const dxil_options *opts, dxil_diags *diags);
/* Loads from a file; "-" reads standard input. Only a regular file is
 * opened (a FIFO, device or directory is an error, never a wait), and it
 * is mapped rather than copied. */
DXIL_API dxil_module *dxil_module_load_file(const char *path, const dxil_options *opts,
                                            dxil_diags *diags);
/* Frees the module with its LLVM module and LLVMContext; NULL is ignored. */
DXIL_API void dxil_module_destroy(dxil_module *m);

/* The module's LLVM module and LLVMContext, owned by m: use them freely but
 * never dispose them; they die with dxil_module_destroy. NULL when m is
 * NULL. */
DXIL_API LLVMModuleRef dxil_module_llvm(const dxil_module *m);
DXIL_API LLVMContextRef dxil_module_context(const dxil_module *m);
/* What the input was (container, bitcode, wrapper, text);
 * DXIL_INPUT_UNKNOWN when m is NULL. */
DXIL_API dxil_input_kind dxil_module_input_kind(const dxil_module *m);
/* The DXIL program header, or NULL when the input was not a container. */
DXIL_API const dxil_program_header *dxil_module_program_header(const dxil_module *m);
/* The module's datalayout as the input wrote it, or NULL if it had none. */
DXIL_API const char *dxil_module_original_datalayout(const dxil_module *m);

/* Runs the raise passes (done by load when opts->raise is set). */
DXIL_API int dxil_module_raise(dxil_module *m, dxil_diags *diags);
/* The same, honouring opts->check, opts->stats and opts->optable (opts
 * may be NULL). Load uses it when opts->raise is set. Both raise with the
 * STAT module a load with raise = false and layouts_from_reflection kept,
 * and dispose of it. */
DXIL_API int dxil_module_raise_opts(dxil_module *m, const dxil_options *opts, dxil_diags *diags);
/* Runs LLVM's verifier; its report becomes a DXIL_E_LLVM_VERIFY error. */
DXIL_API int dxil_module_verify(dxil_module *m, dxil_diags *diags);

/* Writes the module to a file atomically (a temporary file renamed into
 * place), so a failure never leaves a partial file. "-" writes stdout.
 * Both writers run LLVM's verifier first: a module it rejects is not
 * written (DXIL_E_LLVM_VERIFY), as LLVM's printer and writer assume a
 * valid module. */
DXIL_API int dxil_module_write_file(dxil_module *m, const char *path, dxil_emit_format fmt,
                                    dxil_diags *diags);
/* Serialises to a malloc'd buffer (free() it). Text is NUL-terminated. */
DXIL_API int dxil_module_write_memory(dxil_module *m, dxil_emit_format fmt, void **data, size_t *size,
                                      dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
