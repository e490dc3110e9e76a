/* mock_dxil.c - a stand-in for DXC's validator library (libdxil.so), so
 * that the tests of --validator=PATH need no DXC: it exports
 * DxcCreateInstance and answers CLSID_DxcValidator with an IDxcValidator
 * whose verdict the test chooses through MOCK_DXV:
 *   valid   (default) passes; with InPlaceEdit it writes sixteen 0xAB bytes
 *           where the digest goes, so a test can see who signed;
 *   invalid fails with two "error:" lines;
 *   crash   dies with SIGSEGV inside Validate (a validator that crashes);
 *   broken  returns a failed HRESULT from Validate.
 * The COM layout is the one tools/extval_com.c calls (facts of dxcapi.h). */
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t hr_t;
typedef struct guid {
    uint32_t d1;
    uint16_t d2, d3;
    uint8_t d4[8];
} guid;

static const guid clsid_validator = {
    0x8ca3e215, 0xf728, 0x4cf3, {0x8c, 0xdd, 0x88, 0xaf, 0x91, 0x75, 0x87, 0xa1}};

typedef struct obj obj;
typedef struct blob_vt {
    hr_t (*query)(void *, const guid *, void **);
    unsigned long (*add_ref)(void *);
    unsigned long (*release)(void *);
    void *(*pointer)(void *);
    size_t (*size)(void *);
} blob_vt;
typedef struct blob {
    const blob_vt *vt;
} blob;

static hr_t no_query(void *o, const guid *g, void **out)
{
    (void)o, (void)g;
    *out = NULL;
    return (hr_t)0x80004002u;
}
static unsigned long one(void *o)
{
    (void)o;
    return 1;
}

/* IDxcBlobEncoding holding the error text. */
typedef struct text_vt {
    hr_t (*query)(void *, const guid *, void **);
    unsigned long (*add_ref)(void *);
    unsigned long (*release)(void *);
    void *(*pointer)(void *);
    size_t (*size)(void *);
    hr_t (*encoding)(void *, bool *, uint32_t *);
} text_vt;
typedef struct text {
    const text_vt *vt;
    const char *s;
} text;
static void *text_ptr(void *o)
{
    return (void *)((text *)o)->s;
}
static size_t text_size(void *o)
{
    return strlen(((text *)o)->s) + 1;
}
static hr_t text_enc(void *o, bool *known, uint32_t *cp)
{
    (void)o;
    *known = true;
    *cp = 65001;
    return 0;
}
static const text_vt text_vtable = {no_query, one, one, text_ptr, text_size, text_enc};

/* IDxcOperationResult. */
typedef struct result_vt {
    hr_t (*query)(void *, const guid *, void **);
    unsigned long (*add_ref)(void *);
    unsigned long (*release)(void *);
    hr_t (*status)(void *, hr_t *);
    hr_t (*result)(void *, void **);
    hr_t (*errors)(void *, void **);
} result_vt;
typedef struct result {
    const result_vt *vt;
    hr_t st;
    text msg;
} result;
static hr_t res_status(void *o, hr_t *st)
{
    *st = ((result *)o)->st;
    return 0;
}
static hr_t res_result(void *o, void **out)
{
    (void)o;
    *out = NULL;
    return 0;
}
static hr_t res_errors(void *o, void **out)
{
    *out = &((result *)o)->msg;
    return 0;
}
static unsigned long res_release(void *o)
{
    free(o);
    return 0;
}
static const result_vt result_vtable = {no_query, one, res_release, res_status, res_result,
                                        res_errors};

/* IDxcValidator. */
typedef struct validator_vt {
    hr_t (*query)(void *, const guid *, void **);
    unsigned long (*add_ref)(void *);
    unsigned long (*release)(void *);
    hr_t (*validate)(void *, blob *, uint32_t, result **);
} validator_vt;
typedef struct validator {
    const validator_vt *vt;
} validator;

static hr_t mock_validate(void *o, blob *b, uint32_t flags, result **out)
{
    (void)o;
    const char *how = getenv("MOCK_DXV");
    how = how ? how : "valid";
    if (strcmp(how, "crash") == 0)
        raise(SIGSEGV);
    if (strcmp(how, "broken") == 0)
        return (hr_t)0x80AA001Du;
    result *r = calloc(1, sizeof *r);
    if (!r)
        return (hr_t)0x8007000Eu;
    r->vt = &result_vtable;
    r->msg.vt = &text_vtable;
    bool ok = strcmp(how, "invalid") != 0;
    r->st = ok ? 0 : (hr_t)0x80AA0009u;
    r->msg.s = ok ? "" : "error: mock validator says no.\nFunction: main: error: a second complaint.\n"
                         "Validation failed.\n";
    uint8_t *p = b->vt->pointer(b);
    if (ok && (flags & 1) && b->vt->size(b) >= 20)
        memset(p + 4, 0xAB, 16);
    *out = r;
    return 0;
}
static const validator_vt validator_vtable = {no_query, one, one, mock_validate};
static validator the_validator = {&validator_vtable};

__attribute__((visibility("default"))) hr_t DxcCreateInstance(const guid *clsid, const guid *iid,
                                                              void **out);
hr_t DxcCreateInstance(const guid *clsid, const guid *iid, void **out)
{
    (void)iid;
    if (memcmp(clsid, &clsid_validator, sizeof *clsid) != 0) {
        *out = NULL;
        return (hr_t)0x80040111u; /* CLASS_E_CLASSNOTAVAILABLE */
    }
    *out = &the_validator;
    return 0;
}
