/* dxil_diag.h - diagnostics returned by every dxil-upgrade entry point.
 *
 * The library never prints and never aborts on bad input: each problem is
 * appended to a caller-owned dxil_diags list with a stable numbered code
 * (DXIL<code>), a severity, and where it was found (byte, bit or line).
 * A list is not shared between threads; give each thread its own.
 */
#ifndef DXIL_UPGRADE_DIAG_H
#define DXIL_UPGRADE_DIAG_H

#include "dxil_export.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dxil_severity {
    DXIL_SEV_NOTE = 0,
    DXIL_SEV_WARNING = 1,
    DXIL_SEV_ERROR = 2
} dxil_severity;

/* What dxil_diag.offset counts. */
typedef enum dxil_loc_kind {
    DXIL_LOC_NONE = 0, /* no position */
    DXIL_LOC_BYTE = 1, /* byte offset in the input file */
    DXIL_LOC_BIT = 2,  /* bit offset in the bitcode stream */
    DXIL_LOC_LINE = 3  /* 1-based line in a text input (IR, XML) */
} dxil_loc_kind;

/* Stable diagnostic codes, grouped by subsystem. Never renumber. */
enum dxil_diag_code {
    /* 1xxx input and container */
    DXIL_E_IO = 1000,            /* file could not be read or written */
    DXIL_E_UNKNOWN_FORMAT = 1001,/* not a container, bitcode or IR */
    DXIL_E_CONTAINER_TRUNCATED = 1002,
    DXIL_E_CONTAINER_BAD_SIZE = 1003,
    DXIL_E_PART_OUT_OF_RANGE = 1004,
    DXIL_E_PART_OVERLAP = 1005,
    DXIL_E_PART_MISSING = 1006,
    DXIL_E_PROGRAM_HEADER = 1007,
    DXIL_E_BITCODE_OUT_OF_RANGE = 1008,
    DXIL_E_WRAPPER = 1009,
    DXIL_W_PART_EMPTY = 1010,
    DXIL_E_TOO_LARGE = 1011,
    DXIL_E_PART_MALFORMED = 1012, /* a part's contents break its layout (dxil_parts.h) */
    DXIL_E_PART_MISMATCH = 1013,  /* --check: a part disagrees with the module's metadata */
    DXIL_E_PART_WRITE = 1014,     /* a part cannot be written from the module (dxil_write.h) */
    DXIL_E_NOT_VALID = 1015,      /* a written container fails validation: not signed, not written */
    DXIL_W_NOT_VALIDATED = 1016,  /* --no-validate: a container written unsigned, not validated */
    DXIL_E_VALIDATOR = 1017,      /* DXC's validator library cannot be loaded or could not validate */
    /* 2xxx bitstream */
    DXIL_E_BITSTREAM_MAGIC = 2000,
    DXIL_E_BITSTREAM_TRUNCATED = 2001,
    DXIL_E_BITSTREAM_ABBREV = 2002,
    DXIL_E_BITSTREAM_BLOCK = 2003,
    DXIL_E_BITSTREAM_RECORD = 2004,
    DXIL_E_BITSTREAM_BLOCKINFO = 2005,
    DXIL_E_BITSTREAM_LIMIT = 2006,
    DXIL_E_DATALAYOUT = 2010,
    DXIL_W_NO_DATALAYOUT = 2011,
    DXIL_E_TEXT_INTRINSIC_USE = 2012, /* IR text uses an @llvm.* function as a value */
    DXIL_E_MODULE_METADATA = 2013,    /* !llvm.module.flags / !llvm.dbg.cu of a shape LLVM
                                         reads unchecked (bitcode or text) */
    DXIL_W_DEBUGINFO_DROPPED = 2014,  /* IR text: LLVM 3.7 debug info that could not be
                                         upgraded faithfully was dropped */
    /* 3xxx LLVM */
    DXIL_E_LLVM_PARSE = 3000,
    DXIL_E_LLVM_VERIFY = 3001,   /* --verify, or a broken module with current debug info at load */
    DXIL_W_LLVM = 3002,
    DXIL_E_LLVM_WRITE = 3003,
    DXIL_E_BITCODE_WRITE = 3004, /* the module has no LLVM 3.7 bitcode form (bcwrite/) */
    /* 4xxx op table and spec */
    DXIL_E_SPEC = 4000,
    DXIL_E_SPEC_SCHEMA = 4001,
    DXIL_E_SPEC_CONFLICT = 4002,
    DXIL_E_SPEC_TYPE = 4003,
    /* 5xxx raise */
    DXIL_E_RAISE = 5000,
    DXIL_W_UNKNOWN_OPCODE = 5001,
    DXIL_W_RAISE_KEPT = 5002,
    DXIL_E_METADATA = 5003,
    DXIL_W_METADATA = 5004,
    DXIL_E_CHECK = 5100,         /* --check: op violates the versioned spec */
    /* 6xxx lower */
    DXIL_E_LOWER = 6000,
    DXIL_W_LOWER = 6001,
    /* 7xxx tools */
    DXIL_E_USAGE = 7000,          /* bad command line: inputs, option combination */
    DXIL_E_USAGE_OPTION = 7001,   /* unknown option */
    DXIL_E_USAGE_VALUE = 7002,    /* option value missing or not understood */
    DXIL_E_USAGE_TERMINAL = 7003, /* bitcode refused on a terminal */
    /* 8xxx SPIR-V: the retarget to Vulkan and its emission */
    DXIL_E_RETARGET = 8000,       /* a construct with no Vulkan form here: refused, named */
    DXIL_E_SPIRV_BINDING = 8001,  /* two resources map to one descriptor set and binding */
    DXIL_E_SPIRV_BACKEND = 8002,  /* LLVM's SPIR-V backend failed, or ended its process */
    DXIL_E_SPIRV_INVALID = 8003,  /* spirv-val rejects what was made: not written */
    DXIL_W_RETARGET = 8004,
    /* 9xxx running shaders on a Vulkan device (dxil-run) */
    DXIL_E_RUN_DEVICE = 9000,     /* no usable Vulkan device, or one that lacks a feature */
    DXIL_E_RUN_BIND = 9001,       /* a binding or --bind file that cannot be used */
    DXIL_E_RUN_SHADER = 9002,     /* not a runnable compute shader; pipeline creation failed */
    DXIL_E_RUN_TIMEOUT = 9003,    /* the dispatch did not finish within --timeout */
    DXIL_E_RUN_DEVICE_LOST = 9004,/* the device was lost during the dispatch */
    DXIL_E_RUN_OUTPUT = 9005      /* the outputs could not be written */
};

typedef struct dxil_diag {
    int code;              /* enum dxil_diag_code */
    dxil_severity severity;
    dxil_loc_kind loc_kind;
    uint64_t offset;       /* meaning given by loc_kind */
    const char *message;   /* owned by the list */
} dxil_diag;

typedef struct dxil_diags dxil_diags;

/* Returns NULL only when memory is exhausted. */
DXIL_API dxil_diags *dxil_diags_create(void);
/* Frees the list and every message in it; NULL is ignored. */
DXIL_API void dxil_diags_destroy(dxil_diags *diags);
/* Removes every diagnostic; the list stays usable. NULL is ignored. */
DXIL_API void dxil_diags_clear(dxil_diags *diags);

/* Number of diagnostics of any severity in the list; 0 for NULL. */
DXIL_API size_t dxil_diags_count(const dxil_diags *diags);
/* The index-th diagnostic (in the order added), owned by the list and
 * valid until the next add, clear or destroy. NULL when index is out of
 * range or diags is NULL. */
DXIL_API const dxil_diag *dxil_diags_get(const dxil_diags *diags, size_t index);
/* Number of DXIL_SEV_ERROR diagnostics; 0 for NULL. */
DXIL_API size_t dxil_diags_error_count(const dxil_diags *diags);

/* Appends a diagnostic; a NULL list is accepted and ignored. */
DXIL_API void dxil_diags_add(dxil_diags *diags, dxil_severity sev, int code,
                             dxil_loc_kind loc, uint64_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* dxil_diags_add taking a va_list; as with vprintf, ap is indeterminate
 * afterwards (va_end it, do not reuse it). */
DXIL_API void dxil_diags_addv(dxil_diags *diags, dxil_severity sev, int code,
                              dxil_loc_kind loc, uint64_t offset, const char *fmt,
                              va_list ap);

/* Prints "file: error: message [DXIL1004 at byte 0x40]" lines (with
 * "file:12: ..." for a line in a text input), one per diagnostic. */
DXIL_API void dxil_diags_print(const dxil_diags *diags, FILE *out, const char *filename);

/* Formats one diagnostic like dxil_diags_print; returns chars written. */
DXIL_API int dxil_diag_format(const dxil_diag *d, const char *filename, char *buf,
                              size_t size);

#ifdef __cplusplus
}
#endif
#endif
