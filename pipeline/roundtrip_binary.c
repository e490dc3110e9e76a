/* roundtrip_binary.c - DXIL in, DXIL out, checked (dxil_roundtrip_binary):
 * a DXContainer raised, lowered and written (lower_write.c), then the
 * written container read back and compared with what produced it: the
 * lowered module, the input's raised module, the input's parts, and its
 * digest kind. */
#include "common/file_io.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_parts.h"
#include "roundtrip.h"

#include <llvm-c/Core.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A raised module is modern IR: its calls, dataflow and attributes must
 * agree, and the dx.* nodes raising leaves (dx.valver, ...). */
#define RB_RAISED_FLAGS                                                                      \
    (DXIL_CMP_CALLS | DXIL_CMP_DX_MD | DXIL_CMP_FN_ATTRS | DXIL_CMP_DECL_ATTRS |              \
     DXIL_CMP_TRIPLE)

typedef struct rb_bytes {
    const uint8_t *data;
    size_t size;
    dxil_container c;
} rb_bytes;

/* The result of one check: 0 same, 1 differs (kind, msg), -1 error. */
typedef struct rb_out {
    char *msg;
    size_t size;
    unsigned *kind;
    unsigned flags; /* DXIL_ROUNDTRIP_* */
} rb_out;

__attribute__((format(printf, 3, 4)))
static int rb_differs(rb_out *o, unsigned kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (o->msg && o->size)
        vsnprintf(o->msg, o->size, fmt, ap);
    va_end(ap);
    if (o->kind)
        *o->kind = kind;
    return 1;
}

static dxil_module *rb_load(const rb_bytes *b, const char *name, bool raise, dxil_diags *d)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_memory(b->data, b->size, name, &o, d);
}

/* ---- the parts ---------------------------------------------------------- */

static bool rb_same_bytes(const rb_bytes *a, const dxil_part *pa, const rb_bytes *b,
                          const dxil_part *pb)
{
    return pa->size == pb->size &&
           memcmp(a->data + pa->data_offset, b->data + pb->data_offset, pa->size) == 0;
}

static size_t rb_first_difference(const rb_bytes *a, const dxil_part *pa, const rb_bytes *b,
                                  const dxil_part *pb)
{
    size_t i = 0;
    while (i < pa->size && i < pb->size &&
           a->data[pa->data_offset + i] == b->data[pb->data_offset + i])
        i++;
    return i;
}

/* The FourCCs in order, space-separated (for a message). */
static void rb_list(const dxil_container *c, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < c->part_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", c->parts[i].name);
}

static int rb_same_list(const rb_bytes *in, const rb_bytes *out, rb_out *o)
{
    bool same = in->c.part_count == out->c.part_count;
    for (uint32_t i = 0; same && i < in->c.part_count; i++)
        same = in->c.parts[i].fourcc == out->c.parts[i].fourcc;
    if (same)
        return 0;
    char a[256], b[256];
    rb_list(&in->c, a, sizeof a);
    rb_list(&out->c, b, sizeof b);
    return rb_differs(o, RT_KIND_PART, "parts %s vs %s", a, b);
}

/* The program header's versions and bitcode offset (its sizes follow the
 * bitcode). */
static int rb_program_header(const rb_bytes *in, const dxil_part *pa, const rb_bytes *out,
                             const dxil_part *pb, dxil_diags *d, rb_out *o)
{
    dxil_program_header ha, hb;
    if (dxil_program_header_parse(in->data, in->size, pa, &ha, d) != 0 ||
        dxil_program_header_parse(out->data, out->size, pb, &hb, d) != 0)
        return -1;
    if (ha.program_version != hb.program_version || ha.dxil_version != hb.dxil_version ||
        ha.bitcode_offset != hb.bitcode_offset)
        return rb_differs(o, RT_KIND_PART,
                          "DXIL: program header: version 0x%x, DXIL 0x%x, bitcode at %u vs "
                          "0x%x, 0x%x, %u",
                          ha.program_version, ha.dxil_version, ha.bitcode_offset,
                          hb.program_version, hb.dxil_version, hb.bitcode_offset);
    return 0;
}

/* Each part byte for byte, but the bitcode: DXIL and HASH (its MD5) may
 * differ, and then only together. */
static int rb_parts(const rb_bytes *in, const rb_bytes *out, dxil_diags *d, rb_out *o,
                    char *summary, size_t summary_size)
{
    int rc = rb_same_list(in, out, o);
    bool bitcode = true, hash = true;
    for (uint32_t i = 0; rc == 0 && i < in->c.part_count; i++) {
        const dxil_part *pa = &in->c.parts[i], *pb = &out->c.parts[i];
        bool same = rb_same_bytes(in, pa, out, pb);
        if (strcmp(pa->name, "DXIL") == 0) {
            bitcode = same;
            rc = rb_program_header(in, pa, out, pb, d, o);
        } else if (strcmp(pa->name, "HASH") == 0) {
            hash = same;
        } else if (!same) {
            rc = rb_differs(o, RT_KIND_PART, "%s: %u vs %u bytes, first difference at byte 0x%zx",
                            pa->name, pa->size, pb->size, rb_first_difference(in, pa, out, pb));
        }
    }
    if (rc == 0 && bitcode && !hash)
        rc = rb_differs(o, RT_KIND_PART, "HASH: differs, yet the DXIL bitcode is the input's");
    unsigned differ = !bitcode + (!hash && dxil_container_find(&in->c, "HASH"));
    if (rc == 0 && differ)
        snprintf(summary, summary_size, "%u of %u parts identical; %s differ%s (the bitcode)",
                 in->c.part_count - differ, in->c.part_count, hash ? "DXIL" : "DXIL and HASH",
                 differ == 1 ? "s" : "");
    else if (rc == 0)
        snprintf(summary, summary_size, "all %u parts identical", in->c.part_count);
    return rc;
}

/* The written digest verifies, or keeps the input's unsigned / bypass kind
 * (a mismatching input digest is written as DXC's). */
static int rb_digest(const rb_bytes *in, const rb_bytes *out, dxil_diags *d, rb_out *o)
{
    dxil_hash_check hin, hout;
    if (dxil_container_hash_check(in->data, in->size, &hin, d) != 0 ||
        dxil_container_hash_check(out->data, out->size, &hout, d) != 0)
        return -1;
    dxil_hash_status want = hin.status == DXIL_HASH_MISMATCH ? DXIL_HASH_OK : hin.status;
    if (hout.status == want)
        return 0;
    return rb_differs(o, RT_KIND_DIGEST, "written digest: %s, expected %s",
                      dxil_hash_status_name(hout.status), dxil_hash_status_name(want));
}

/* ---- the modules -------------------------------------------------------- */

/* a against b with flags; a difference is prefixed with what was compared. */
static int rb_compare(dxil_module *a, dxil_module *b, unsigned flags, const char *what,
                      rb_out *o)
{
    char msg[3072];
    unsigned kind = 0;
    if (rt_compare(a, b, flags, false, msg, sizeof msg, &kind) == 0)
        return 0;
    return rb_differs(o, kind, "%s: %s", what, msg);
}

/* The 1-based line where two texts first differ, and its two versions. */
static int rb_text_differs(const char *a, const char *b, const char *what, rb_out *o)
{
    size_t line = 1, at = 0;
    for (size_t i = 0; a[i] == b[i] && a[i]; i++)
        if (a[i] == '\n') {
            line++;
            at = i + 1;
        }
    int la = (int)strcspn(a + at, "\n"), lb = (int)strcspn(b + at, "\n");
    return rb_differs(o, RT_KIND_TEXT, "%s: text differs at line %zu: %.*s vs %.*s", what, line,
                      la < 200 ? la : 200, a + at, lb < 200 ? lb : 200, b + at);
}

/* Both modules printed (both loads were given the same name, so the
 * ModuleID lines agree): what ir_compare looks through, such as type
 * names, datalayout spelling, side metadata and instruction flags. */
static int rb_same_text(dxil_module *a, dxil_module *b, const char *what, rb_out *o)
{
    char *ta = LLVMPrintModuleToString(dxil_module_llvm(a));
    char *tb = LLVMPrintModuleToString(dxil_module_llvm(b));
    int rc = strcmp(ta, tb) == 0 ? 0 : rb_text_differs(ta, tb, what, o);
    LLVMDisposeMessage(ta);
    LLVMDisposeMessage(tb);
    return rc;
}

/* The written container as parsed against the lowered module that was
 * written, then raised against the input raised (and, with
 * DXIL_ROUNDTRIP_EXACT_IR, as text). */
static int rb_modules(const rb_bytes *out, dxil_module *raised, dxil_module *lowered,
                      const char *name, dxil_diags *d, rb_out *o)
{
    dxil_module *parsed = rb_load(out, name, false, d);
    if (!parsed)
        return rt_error(d, "reading the written container failed", o->msg, o->size);
    int rc = rb_compare(lowered, parsed, RT_DXIL_FLAGS, "read back", o);
    dxil_module_destroy(parsed);
    if (rc != 0)
        return rc;
    dxil_module *reraised = rb_load(out, name, true, d);
    if (!reraised)
        return rt_error(d, "raising the written container failed", o->msg, o->size);
    rc = rb_compare(raised, reraised, RB_RAISED_FLAGS, "raised again", o);
    if (rc == 0 && (o->flags & DXIL_ROUNDTRIP_EXACT_IR))
        rc = rb_same_text(raised, reraised, "raised again", o);
    dxil_module_destroy(reraised);
    return rc;
}

/* ---- the run ------------------------------------------------------------ */

/* Everything after the write: the modules, the part table, each part, the
 * digest; on success msg gets the part summary. */
static int rb_check(rb_bytes *in, rb_bytes *out, dxil_module *raised, dxil_module *lowered,
                    const char *name, dxil_diags *d, rb_out *o)
{
    char summary[160] = "";
    int rc = rb_modules(out, raised, lowered, name, d, o);
    if (rc == 0 && (dxil_container_parse(in->data, in->size, &in->c, d) != 0 ||
                    dxil_container_parse(out->data, out->size, &out->c, d) != 0))
        rc = rt_error(d, "reading the part tables failed", o->msg, o->size);
    if (rc == 0)
        rc = rb_parts(in, out, d, o, summary, sizeof summary);
    if (rc == 0)
        rc = rb_digest(in, out, d, o);
    if (rc < 0 && o->msg && o->size && !o->msg[0])
        rt_error(d, "checking the written container failed", o->msg, o->size);
    if (rc == 0 && o->msg && o->size)
        snprintf(o->msg, o->size, "%s", summary);
    return rc;
}

/* Two loads of the input (one stays raised, one is lowered and written). */
static int rb_run(rb_bytes *in, const char *name, dxil_diags *d, rb_out *o)
{
    rb_bytes out = {0};
    uint8_t *written = NULL;
    dxil_module *raised = rb_load(in, name, true, d);
    dxil_module *lowered = raised ? rb_load(in, name, true, d) : NULL;
    int rc;
    if (!raised || !lowered)
        rc = rt_error(d, "load failed", o->msg, o->size);
    else if (dxil_lower_write_container(lowered, NULL, NULL, &written, &out.size, d) != 0)
        rc = rt_error(d, "writing the container failed", o->msg, o->size);
    else {
        out.data = written;
        rc = rb_check(in, &out, raised, lowered, name, d, o);
    }
    dxil_container_free(&out.c);
    free(written);
    dxil_module_destroy(raised);
    dxil_module_destroy(lowered);
    return rc;
}

/* The input must be a container: its parts are what the written ones are
 * compared with. */
static int rb_file(const file_data *f, const char *path, dxil_diags *d, rb_out *o)
{
    rb_bytes in = {.data = f->data, .size = f->size};
    dxil_input_kind k = dxil_detect_input(in.data, in.size);
    if (k != DXIL_INPUT_CONTAINER) {
        if (o->msg && o->size)
            snprintf(o->msg, o->size, "not a DXContainer (the input is %s)",
                     dxil_input_kind_name(k));
        return -1;
    }
    int rc = rb_run(&in, path, d, o);
    dxil_container_free(&in.c);
    return rc;
}

int dxil_roundtrip_binary(const char *path, unsigned flags, char *msg, size_t msg_size,
                          unsigned *kind)
{
    rb_out o = {msg, msg_size, kind, flags};
    if (msg && msg_size)
        msg[0] = '\0';
    dxil_diags *d = dxil_diags_create();
    file_data f;
    int rc;
    if (file_map(path, 0, &f, d) != 0) {
        rc = rt_error(d, "load failed", msg, msg_size);
    } else {
        rc = rb_file(&f, path, d, &o);
        file_release(&f);
    }
    dxil_diags_destroy(d);
    return rc;
}
