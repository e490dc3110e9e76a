/* consumer.c - a program outside the project that uses the installed
 * dxil-upgrade through its public API only (test/install/run.sh builds it
 * with pkg-config and with find_package(DXILUpgrade)).
 *
 * Usage: consumer <sample.ll>. Loads the file into memory, raises and
 * verifies it, checks through LLVM-C that main() is there and that the
 * IR text has the raised sin, and prints "ok". Exit 0 on success.
 */
#include <dxil-upgrade/dxil_upgrade.h>

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(f);
    *size = len;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: consumer <sample.ll>\n");
        return 2;
    }
    size_t size = 0;
    void *blob = read_all(argv[1], &size);
    if (!blob) {
        fprintf(stderr, "consumer: cannot read %s\n", argv[1]);
        return 1;
    }

    dxil_options opts;
    dxil_options_init(&opts);
    opts.verify = true;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(blob, size, argv[1], &opts, diags);
    free(blob);
    int rc = 1;
    if (!m) {
        dxil_diags_print(diags, stderr, argv[1]);
        goto out;
    }
    if (dxil_diags_error_count(diags) != 0 || !LLVMGetNamedFunction(dxil_module_llvm(m), "main")) {
        fprintf(stderr, "consumer: no main() or errors after loading\n");
        goto out;
    }
    void *text = NULL;
    size_t text_size = 0;
    if (dxil_module_write_memory(m, DXIL_EMIT_LL, &text, &text_size, diags) != 0) {
        dxil_diags_print(diags, stderr, argv[1]);
        goto out;
    }
    if (!strstr(text, "@llvm.sin.f32") || strstr(text, "@dx.op.")) {
        fprintf(stderr, "consumer: the IR was not raised:\n%s", (const char *)text);
        free(text);
        goto out;
    }
    free(text);
    printf("ok %s (%s)\n", dxil_upgrade_version_string(), dxil_input_kind_name(dxil_module_input_kind(m)));
    rc = 0;
out:
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return rc;
}
