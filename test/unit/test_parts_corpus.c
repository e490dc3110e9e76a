/* Every corpus container decodes with every part well formed, its text
 * and JSON dumps are produced, its parts agree with its module's metadata,
 * and DXC's digest matches the stored one on every signed file; a byte
 * flipped after the digest makes it mismatch; mutants decode without harm. */
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pc_totals {
    size_t files, decoded, parts, part_list_mismatch;
    size_t signed_ok, signed_bad, unsigned_files, preview, flips, flips_caught;
    size_t json_bad, checked, disagreements;
    size_t mutants, mutants_malformed, mutants_inconsistent;
    uint32_t seed;
    FILE *sink;
} pc_totals;

/* The FourCCs in container order must be the manifest's "parts" column. */
static bool pc_parts_match(const dxil_parts *p, const char *want)
{
    char got[512] = "";
    for (uint32_t i = 0; i < p->count && strlen(got) + 6 < sizeof got; i++) {
        if (i)
            strcat(got, ",");
        strcat(got, p->parts[i].part.name);
    }
    return strcmp(got, want) == 0;
}

static bool pc_json_ok(const dxil_parts *p)
{
    char *s = dxil_parts_json_string(p, false);
    json_object *root = s ? json_tokener_parse(s) : NULL, *parts = NULL, *hash = NULL;
    bool ok = root && json_object_object_get_ex(root, "parts", &parts) &&
              json_object_object_get_ex(root, "hash", &hash) &&
              json_object_array_length(parts) == p->count;
    for (size_t i = 0; ok && i < p->count; i++) {
        json_object *d = NULL, *part = json_object_array_get_idx(parts, i);
        ok = json_object_object_get_ex(part, "decoded", &d) && d != NULL;
    }
    json_object_put(root);
    free(s);
    return ok;
}

/* The parts agree with the metadata of the module as DXC wrote it. */
static void pc_consistency(const uint8_t *data, size_t size, const dxil_parts *p,
                           const char *path, pc_totals *t)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(data, size, path, &opts, diags);
    if (m) {
        t->checked++;
        int n = dxil_parts_check_module(p, dxil_module_llvm(m), diags);
        t->disagreements += (size_t)n;
        if (n)
            dxil_diags_print(diags, stderr, path);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

/* Flip one byte of the header after the digest, one anywhere after it (a
 * position that moves with the file) and the last byte: each must turn the
 * status into a mismatch. */
static void pc_flips(uint8_t *data, size_t declared, size_t size, pc_totals *t)
{
    size_t positions[3] = {20 + t->files % 12, 20 + (t->files * 7919u) % (declared - 20),
                           declared - 1};
    for (int k = 0; k < 3; k++) {
        dxil_hash_check h;
        data[positions[k]] ^= 0x5A;
        t->flips++;
        if (dxil_container_hash_check(data, size, &h, NULL) == 0 &&
            h.status == DXIL_HASH_MISMATCH)
            t->flips_caught++;
        data[positions[k]] ^= 0x5A;
    }
}

static void pc_hash(uint8_t *data, size_t size, const dxil_parts *p, const char *path,
                    pc_totals *t)
{
    switch (p->hash.status) {
    case DXIL_HASH_OK:
        t->signed_ok++;
        pc_flips(data, p->container.file_size, size, t);
        break;
    case DXIL_HASH_UNSIGNED: t->unsigned_files++; break;
    case DXIL_HASH_PREVIEW_BYPASS: t->preview++; break;
    default:
        t->signed_bad++;
        fprintf(stderr, "%s: container hash %s\n", path, dxil_hash_status_name(p->hash.status));
    }
}

static uint32_t pc_rand(pc_totals *t)
{
    t->seed = t->seed * 1664525u + 1013904223u;
    return t->seed >> 8;
}

/* Mutants of the file (a few bytes inside the parts overwritten) decode
 * without harm: the result agrees with its return value and both dumps
 * walk whatever was decoded. */
static void pc_mutants(const uint8_t *data, size_t size, pc_totals *t)
{
    uint8_t *m = malloc(size);
    if (!m || size <= 64) {
        free(m);
        return;
    }
    for (int k = 0; k < 8; k++) {
        memcpy(m, data, size);
        for (int j = 0; j < 3; j++)
            m[32 + pc_rand(t) % (size - 32)] = (uint8_t)pc_rand(t);
        dxil_parts p;
        int rc = dxil_parts_decode(m, size, &p, NULL);
        t->mutants++;
        if (rc >= 0) {
            t->mutants_malformed += p.malformed > 0;
            t->mutants_inconsistent += (rc == 1) != (p.malformed > 0);
            dxil_parts_print(&p, t->sink);
            free(dxil_parts_json_string(&p, false));
        }
        dxil_parts_free(&p);
    }
    free(m);
}

static void pc_check_row(const corpus_row *row, void *user)
{
    pc_totals *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(row->path, &size);
    t->files++;
    if (!data)
        return;
    dxil_diags *diags = dxil_diags_create();
    dxil_parts p;
    if (dxil_parts_decode(data, size, &p, diags) == 0) {
        t->decoded++;
        t->parts += p.count;
        if (!pc_parts_match(&p, row->parts))
            t->part_list_mismatch++;
        if (!pc_json_ok(&p))
            t->json_bad++;
        dxil_parts_print(&p, t->sink);
        pc_consistency(data, size, &p, row->path, t);
        pc_hash(data, size, &p, row->path, t);
        pc_mutants(data, size, t);
    } else {
        dxil_diags_print(diags, stderr, row->path);
    }
    dxil_parts_free(&p);
    dxil_diags_destroy(diags);
    free(data);
}

static void test_corpus_parts(void)
{
    pc_totals t = {0};
    t.sink = fopen("/dev/null", "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.sink);
    size_t n = tu_each_corpus_row(pc_check_row, &t);
    fclose(t.sink);
    CU_ASSERT(n >= 900);
    CU_ASSERT_EQUAL(t.decoded, n);
    CU_ASSERT_EQUAL(t.part_list_mismatch, 0);
    CU_ASSERT_EQUAL(t.json_bad, 0);
    CU_ASSERT_EQUAL(t.checked, n);
    CU_ASSERT_EQUAL(t.disagreements, 0);
    CU_ASSERT_EQUAL(t.signed_bad, 0);
    CU_ASSERT(t.signed_ok >= 800); /* MANIFEST: most files carry DXC's digest */
    CU_ASSERT_EQUAL(t.signed_ok + t.unsigned_files + t.preview, n);
    CU_ASSERT_EQUAL(t.flips_caught, t.flips);
    CU_ASSERT_EQUAL(t.flips, 3 * t.signed_ok);
    CU_ASSERT_EQUAL(t.mutants_inconsistent, 0);
    CU_ASSERT(t.mutants_malformed > 0); /* the mutants do reach the decoders' checks */
    printf("\n  corpus: %zu files, %zu parts decoded, %zu checked against their module; "
           "digest ok %zu, unsigned %zu, preview-bypass %zu; %zu of %zu flipped bytes caught; "
           "%zu mutants, %zu with a malformed part\n",
           n, t.parts, t.checked, t.signed_ok, t.unsigned_files, t.preview, t.flips_caught,
           t.flips, t.mutants, t.mutants_malformed);
}

int tu_register(void)
{
    if (!tu_shared_dir())
        return 1; /* skipped, with the reason printed */
    static const tu_case cases[] = {
        {"every corpus container decodes and its digest checks", test_corpus_parts},
        {NULL, NULL}};
    tu_add_suite("corpus parts", cases);
    return 0;
}
