/* dxil-extval: runs DXC's validator library on one container, in a
 * process of its own (pipeline/ext_validator.c starts it; users do not).
 * Usage: dxil-extval --validator=PATH [--sign] < in.dxil > out.dxil
 * Reads the container on stdin; writes DXC's messages on stderr and, when
 * valid and --sign is given, the container signed in place on stdout.
 * Exit status: 0 valid, 1 invalid, 2 usage, 3 the library cannot be loaded
 * or could not validate (first stderr line says why). With --probe it only
 * loads the library and prints its version. */
#include "extval_com.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EV_VALID = 0, EV_INVALID = 1, EV_USAGE = 2, EV_BROKEN = 3 };

static uint8_t *ev_read_all(FILE *in, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, in)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                return NULL;
            }
            buf = more;
        }
    }
    *size = n;
    return buf;
}

int main(int argc, char **argv)
{
    const char *lib = NULL;
    bool sign = false, probe = false;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--validator=", 12) == 0)
            lib = argv[i] + 12;
        else if (strcmp(argv[i], "--sign") == 0)
            sign = true;
        else if (strcmp(argv[i], "--probe") == 0)
            probe = true;
        else {
            fprintf(stderr, "dxil-extval: unknown argument '%s' (internal helper of dxil-lower)\n",
                    argv[i]);
            return EV_USAGE;
        }
    }
    if (!lib) {
        fputs("dxil-extval: --validator=PATH is required\n", stderr);
        return EV_USAGE;
    }
    char err[512];
    extval_com *v = extval_com_open(lib, err, sizeof err);
    if (!v) {
        fprintf(stderr, "%s\n", err);
        return EV_BROKEN;
    }
    if (probe) {
        uint32_t major, minor;
        extval_com_version(v, &major, &minor);
        printf("%u.%u\n", major, minor);
        extval_com_close(v);
        return EV_VALID;
    }
    size_t size = 0;
    uint8_t *data = ev_read_all(stdin, &size);
    if (!data) {
        fputs("dxil-extval: out of memory reading the container\n", stderr);
        extval_com_close(v);
        return EV_BROKEN;
    }
    char *text = NULL;
    uint32_t status = 0;
    int rc = extval_com_run(v, data, size, sign, &text, &status);
    if (rc < 0)
        fprintf(stderr, "DXC's validator could not validate the container (HRESULT 0x%08X)\n",
                (unsigned)status);
    if (text)
        fputs(text, stderr);
    if (rc == 0 && sign)
        fwrite(data, 1, size, stdout);
    free(text);
    free(data);
    extval_com_close(v);
    return rc == 0 ? EV_VALID : rc > 0 ? EV_INVALID : EV_BROKEN;
}
