/* llvm_alone.c - dxil-bench-llvm, the baseline of dxil-bench's end-to-end
 * section: what LLVM 22 alone does with a list of shaders' bitcode in one
 * process. Each file is read, parsed into a fresh context, written back
 * as a bitcode (or text) file and freed, one after the other; nothing of
 * ours runs. dxil-bench gives it the corpus' DXIL bitcode with the
 * datalayout already normalised, so LLVM reads the same module the raise
 * starts from, and runs it next to `dxil-upgrade --batch -j1` on the same
 * list. Linked like the tools, so both pay the same start-up. */
#include "common/file_io.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void la_quiet(LLVMDiagnosticInfoRef info, void *user)
{
    (void)info;
    (void)user;
}

/* One shader: 0 when LLVM read and wrote it. */
static int la_one(const char *in, const char *out, int text)
{
    size_t size = 0;
    uint8_t *data = file_read_all(in, &size, NULL);
    if (!data)
        return -1;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, la_quiet, NULL);
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRange((const char *)data, size, in, 0);
    LLVMModuleRef mod = NULL;
    int rc = LLVMParseBitcodeInContext2(ctx, buf, &mod) ? -1 : 0;
    LLVMDisposeMemoryBuffer(buf);
    char *err = NULL;
    if (rc == 0)
        rc = text ? LLVMPrintModuleToFile(mod, out, &err) : LLVMWriteBitcodeToFile(mod, out);
    LLVMDisposeMessage(err);
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    free(data);
    return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
    int text = argc == 4 && strcmp(argv[3], "--emit=ll") == 0;
    bool emit_ok = argc == 3 || text || (argc == 4 && strcmp(argv[3], "--emit=bc") == 0);
    if (!emit_ok || argv[1][0] != '@') {
        fprintf(stderr, "usage: dxil-bench-llvm @LIST OUTDIR [--emit=bc|ll]\n"
                        "  parses each bitcode file of LIST with LLVM and writes it to\n"
                        "  OUTDIR/<its base name>.bc (or .ll); exit 1 if any failed\n");
        return 2;
    }
    FILE *list = fopen(argv[1] + 1, "r");
    if (!list) {
        perror(argv[1] + 1);
        return 2;
    }
    char line[4096], out[4096 + 64];
    size_t n = 0, failed = 0;
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        /* The input's base name: a list that repeats a file rewrites its
         * output, as the batch does. */
        const char *base = strrchr(line, '/');
        snprintf(out, sizeof out, "%s/%s.%s", argv[2], base ? base + 1 : line, text ? "ll" : "bc");
        n++;
        failed += la_one(line, out, text) != 0;
    }
    fclose(list);
    if (failed)
        fprintf(stderr, "dxil-bench-llvm: %zu of %zu failed\n", failed, n);
    return failed ? 1 : 0;
}
