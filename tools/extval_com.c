/* extval_com.c - DXC's validator library (libdxil.so, dxil.dll's
 * Linux build), loaded at run time when the user names one
 * (--validator=PATH), inside dxil-extval: a process of its own, linked
 * dynamically, so that DXC's LLVM 3.7 never shares a process with ours
 * (the tools are static executables, which cannot dlopen a C++ library)
 * and a crash in it cannot take the host down. Its COM interfaces are called through their
 * vtables from C: on the Itanium ABI an interface without a virtual
 * destructor is a pointer to a table of its methods in declaration order,
 * IUnknown's three first. Nothing of DXC is linked or included; the
 * interface and class IDs and method orders are facts from dxcapi.h. */
#include "extval_com.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t com_hresult;
typedef struct com_guid {
    uint32_t d1;
    uint16_t d2, d3;
    uint8_t d4[8];
} com_guid;

/* {8CA3E215-F728-4CF3-8CDD-88AF917587A1} CLSID_DxcValidator */
static const com_guid clsid_validator = {
    0x8ca3e215, 0xf728, 0x4cf3, {0x8c, 0xdd, 0x88, 0xaf, 0x91, 0x75, 0x87, 0xa1}};
/* IDxcValidator A6E82BD2-1FD7-4826-9811-2857E797F49A */
static const com_guid iid_validator = {
    0xa6e82bd2, 0x1fd7, 0x4826, {0x98, 0x11, 0x28, 0x57, 0xe7, 0x97, 0xf4, 0x9a}};
/* IDxcVersionInfo B04F5B50-2059-4F12-A8FF-A1E0CDE1CC7E */
static const com_guid iid_version = {
    0xb04f5b50, 0x2059, 0x4f12, {0xa8, 0xff, 0xa1, 0xe0, 0xcd, 0xe1, 0xcc, 0x7e}};
/* IUnknown 00000000-0000-0000-C000-000000000046 */
static const com_guid iid_unknown = {0, 0, 0, {0xc0, 0, 0, 0, 0, 0, 0, 0x46}};
/* IDxcBlob 8BA5FB08-5195-40E2-AC58-0D989C3A0102 */
static const com_guid iid_blob = {
    0x8ba5fb08, 0x5195, 0x40e2, {0xac, 0x58, 0x0d, 0x98, 0x9c, 0x3a, 0x01, 0x02}};

#define COM_E_NOINTERFACE ((com_hresult)0x80004002u)
#define COM_FAILED(hr) ((hr) < 0)

/* IUnknown's methods, first in every table. */
#define COM_UNKNOWN_METHODS(self)                                                  \
    com_hresult (*query)(self * obj, const com_guid *iid, void **out);              \
    unsigned long (*add_ref)(self * obj);                                           \
    unsigned long (*release)(self * obj)

typedef struct com_obj com_obj;
typedef struct com_obj_vt {
    COM_UNKNOWN_METHODS(com_obj);
} com_obj_vt;
struct com_obj {
    const com_obj_vt *vt;
};

typedef struct com_blob com_blob;
typedef struct com_blob_vt {
    COM_UNKNOWN_METHODS(com_blob);
    void *(*pointer)(com_blob *b);
    size_t (*size)(com_blob *b);
} com_blob_vt;
struct com_blob {
    const com_blob_vt *vt;
};

typedef struct com_blob_enc com_blob_enc; /* IDxcBlobEncoding */
typedef struct com_blob_enc_vt {
    COM_UNKNOWN_METHODS(com_blob_enc);
    void *(*pointer)(com_blob_enc *b);
    size_t (*size)(com_blob_enc *b);
    com_hresult (*encoding)(com_blob_enc *b, bool *known, uint32_t *code_page);
} com_blob_enc_vt;
struct com_blob_enc {
    const com_blob_enc_vt *vt;
};

typedef struct com_result com_result; /* IDxcOperationResult */
typedef struct com_result_vt {
    COM_UNKNOWN_METHODS(com_result);
    com_hresult (*status)(com_result *r, com_hresult *st);
    com_hresult (*result)(com_result *r, com_blob **out);
    com_hresult (*errors)(com_result *r, com_blob_enc **out);
} com_result_vt;
struct com_result {
    const com_result_vt *vt;
};

typedef struct com_validator com_validator; /* IDxcValidator */
typedef struct com_validator_vt {
    COM_UNKNOWN_METHODS(com_validator);
    com_hresult (*validate)(com_validator *v, com_blob *shader, uint32_t flags,
                            com_result **out);
} com_validator_vt;
struct com_validator {
    const com_validator_vt *vt;
};

typedef struct com_version com_version; /* IDxcVersionInfo */
typedef struct com_version_vt {
    COM_UNKNOWN_METHODS(com_version);
    com_hresult (*version)(com_version *v, uint32_t *major, uint32_t *minor);
    com_hresult (*flags)(com_version *v, uint32_t *flags);
} com_version_vt;
struct com_version {
    const com_version_vt *vt;
};

typedef com_hresult (*create_instance_fn)(const com_guid *clsid, const com_guid *iid, void **out);

struct extval_com {
    void *lib;
    com_validator *v;
    uint32_t major, minor;
};

/* ---- our blob: the caller's bytes, which the validator may sign in place -- */

typedef struct mem_blob {
    com_blob base;
    atomic_ulong refs;
    uint8_t *data;
    size_t size;
} mem_blob;

static com_hresult mem_blob_query(com_blob *b, const com_guid *iid, void **out)
{
    if (!memcmp(iid, &iid_blob, sizeof *iid) || !memcmp(iid, &iid_unknown, sizeof *iid)) {
        b->vt->add_ref(b);
        *out = b;
        return 0;
    }
    *out = NULL;
    return COM_E_NOINTERFACE;
}
static unsigned long mem_blob_add_ref(com_blob *b)
{
    return atomic_fetch_add(&((mem_blob *)b)->refs, 1) + 1;
}
/* The blob lives on the caller's stack: the count only has to balance. */
static unsigned long mem_blob_release(com_blob *b)
{
    return atomic_fetch_sub(&((mem_blob *)b)->refs, 1) - 1;
}
static void *mem_blob_pointer(com_blob *b)
{
    return ((mem_blob *)b)->data;
}
static size_t mem_blob_size(com_blob *b)
{
    return ((mem_blob *)b)->size;
}
static const com_blob_vt mem_blob_vt = {mem_blob_query, mem_blob_add_ref, mem_blob_release,
                                        mem_blob_pointer, mem_blob_size};

/* ---- the library -------------------------------------------------------- */

extval_com *extval_com_open(const char *path, char *err, size_t err_size)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(err, err_size, "cannot load the validator library: %s", dlerror());
        return NULL;
    }
    create_instance_fn create = (create_instance_fn)dlsym(lib, "DxcCreateInstance");
    if (!create) {
        snprintf(err, err_size, "%s has no DxcCreateInstance: not a DXC validator library", path);
        dlclose(lib);
        return NULL;
    }
    com_validator *v = NULL;
    com_hresult hr = create(&clsid_validator, &iid_validator, (void **)&v);
    if (COM_FAILED(hr) || !v) {
        snprintf(err, err_size, "%s: DxcCreateInstance(CLSID_DxcValidator) failed (HRESULT 0x%08X)",
                 path, (unsigned)hr);
        dlclose(lib);
        return NULL;
    }
    extval_com *ev = calloc(1, sizeof *ev);
    if (!ev) {
        v->vt->release(v);
        dlclose(lib);
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    ev->lib = lib;
    ev->v = v;
    com_version *ver = NULL;
    if (!COM_FAILED(v->vt->query(v, &iid_version, (void **)&ver)) && ver) {
        ver->vt->version(ver, &ev->major, &ev->minor);
        ver->vt->release(ver);
    }
    return ev;
}

void extval_com_version(const extval_com *ev, uint32_t *major, uint32_t *minor)
{
    *major = ev->major;
    *minor = ev->minor;
}

/* The error buffer's text, NUL-terminated (malloc'd), or NULL. */
static char *ext_errors(com_result *r)
{
    com_blob_enc *e = NULL;
    if (COM_FAILED(r->vt->errors(r, &e)) || !e)
        return NULL;
    size_t n = e->vt->size(e);
    const char *p = e->vt->pointer(e);
    char *text = NULL;
    if (p && n) {
        while (n && p[n - 1] == '\0')
            n--;
        text = malloc(n + 1);
        if (text) {
            memcpy(text, p, n);
            text[n] = '\0';
        }
    }
    e->vt->release(e);
    return text;
}

int extval_com_run(extval_com *ev, uint8_t *data, size_t size, bool sign,
                      char **messages, uint32_t *status)
{
    *messages = NULL;
    *status = 0;
    mem_blob blob = {.base = {&mem_blob_vt}, .refs = 1, .data = data, .size = size};
    com_result *r = NULL;
    /* DxcValidatorFlags_InPlaceEdit (1): on success the validator writes
     * the digest into our bytes; Default (0) only validates. */
    com_hresult hr = ev->v->vt->validate(ev->v, &blob.base, sign ? 1u : 0u, &r);
    if (COM_FAILED(hr) || !r) {
        *status = (uint32_t)hr;
        return -1;
    }
    com_hresult st = 0;
    hr = r->vt->status(r, &st);
    *messages = ext_errors(r);
    r->vt->release(r);
    if (COM_FAILED(hr)) {
        *status = (uint32_t)hr;
        return -1;
    }
    *status = (uint32_t)st;
    return COM_FAILED(st) ? 1 : 0;
}

void extval_com_close(extval_com *ev)
{
    if (!ev)
        return;
    ev->v->vt->release(ev->v);
    /* The library is not unloaded: DXC's static destructors and thread
     * allocators are not written to be torn down while its host runs. */
    free(ev);
}
