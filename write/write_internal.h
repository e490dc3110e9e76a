/* write_internal.h - what the part writers of write/ share: a growing
 * byte buffer, the module facts every part reads (shader model, validator
 * version, entry signatures and properties), and one diagnostic helper
 * that names the part and field a writer could not build. */
#ifndef DXIL_WRITE_INTERNAL_H
#define DXIL_WRITE_INTERNAL_H

#include "dxil-upgrade/dxil_container.h"
#include "dxil-upgrade/dxil_write.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- byte buffer ------------------------------------------------------ */

typedef struct wbuf {
    uint8_t *p;
    size_t n, cap;
    bool oom; /* an append failed; the contents are incomplete */
} wbuf;

void wb_bytes(wbuf *b, const void *data, size_t n);
void wb_u8(wbuf *b, uint8_t v);
void wb_u16(wbuf *b, uint16_t v);
void wb_u32(wbuf *b, uint32_t v);
void wb_zero(wbuf *b, size_t n);
/* Pads with zero bytes to a multiple of 4. */
void wb_align4(wbuf *b);
/* Overwrites 4 bytes at off (already written). */
void wb_put32(wbuf *b, size_t off, uint32_t v);
void wb_free(wbuf *b);

/* ---- the module, as the writers read it -------------------------------- */

/* One signature element record of dx.entryPoints (DxilMetadataHelper
 * field order), as DXC's loader sees it (module_read.c): kind and name
 * as its signature point reads them. start_row is 0xFFFFFFFF and
 * start_col 0xFF when the element is not allocated. */
typedef struct wsig_elem {
    const char *name;
    uint32_t comp_type, kind, interp;
    uint32_t rows, cols, start_row, start_col;
    uint32_t stream, dyn_mask, usage_mask;
    uint32_t index_count;
    uint32_t *indices;
    bool in_part; /* stored in ISG1/OSG1/PSG1 (not NotInSig or invalid) */
} wsig_elem;

typedef struct wsig {
    uint32_t count;
    wsig_elem *elems;
} wsig;

enum { WSIG_INPUT = 0, WSIG_OUTPUT = 1, WSIG_PC_PRIM = 2 };

typedef struct write_module {
    LLVMModuleRef m;
    dxil_diags *diags;
    uint32_t val_major, val_minor;
    uint32_t kind; /* DXC shader kind numbering (dxil_abi.h) */
    uint32_t sm_major, sm_minor;
    uint32_t dxil_major, dxil_minor;
    LLVMValueRef entry;     /* dx.entryPoints operand 0, or NULL */
    LLVMValueRef props;     /* its tag/value property list, or NULL */
    char *entry_name;       /* "" without an entry */
    uint64_t flags;         /* ShaderFlags (0 when absent) */
    wsig sig[3];
    char **strings;         /* names owned by the reader */
    size_t string_count;
    int errors;             /* diagnostics wm_fail added */
    dxil_write_options opts;
} write_module;

/* Reads what the writers need. Returns 0, or -1 with a diagnostic (the
 * module lacks dx.shaderModel, a signature record is malformed, ...). */
int wm_read(write_module *wm, LLVMModuleRef m, dxil_diags *diags);
void wm_free(write_module *wm);
/* Validator version at least major.minor. */
bool wm_val_at_least(const write_module *wm, uint32_t major, uint32_t minor);
bool wm_is_lib(const write_module *wm);
/* Integer property `tag` of the entry (0 = ShaderFlags, ...); its value
 * operand (an MDNode for the state tags) or NULL. */
LLVMValueRef wm_prop(const write_module *wm, unsigned tag);
/* Tessellator domain of an HS/DS entry (0 = undefined). */
uint32_t wm_tess_domain(const write_module *wm);

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
/* One DXIL_E_PART_WRITE error: "<part>: <field>: message". Returns -1. */
int wm_fail(write_module *wm, const char *part, const char *field, const char *fmt, ...);

/* DxilProgramSigCompType of a DXIL component type (i1 is unknown before
 * validator 1.5). */
uint32_t wsig_comp_type(const write_module *wm, uint32_t comp_type);

/* ---- the part writers --------------------------------------------------- */

int write_sfi0(write_module *wm, wbuf *out);
/* which: WSIG_INPUT (ISG1), WSIG_OUTPUT (OSG1), WSIG_PC_PRIM (PSG1). */
int write_sig(write_module *wm, int which, wbuf *out);
int write_psv0(write_module *wm, wbuf *out);
/* The program part (DXIL/STAT/ILDB layout) around a bitcode blob. */
int write_program(write_module *wm, const void *bitcode, size_t size, wbuf *out);
/* HASH: flags and the MD5 of the given bitcode. */
int write_hash(const void *bitcode, size_t size, uint32_t flags, wbuf *out);

/* A library's carried RDAT checked against the module (rdat_check.c):
 * 0 with out empty (write it as carried) or holding a copy with the
 * function feature flags brought in line; -1 with an "RDAT: ..." error
 * when it no longer matches otherwise. */
int write_rdat_check(write_module *wm, const dxil_write_part *part, wbuf *out);

/* A library's RDAT (rdat_part.c): 0 with out empty (write the carried
 * part as it is, or none), or holding the part to write (the carried one
 * with its feature words updated, or one built from the module); -1 with
 * an "RDAT: ..." error when the module needs what the builder cannot
 * make. carried may be NULL. */
int write_rdat_part(write_module *wm, const dxil_write_part *carried, wbuf *out);

/* Whether the writer builds this part itself (write_api.c): the
 * regenerated parts, HASH and DXIL; every other part is carried. */
bool write_is_regenerated(const char *fourcc);

#endif
