/* optable_overlay.c - run-time overlays: extra ops from an XML file (same
 * schema as spec/dxil-ops.xml) stacked on a base table.
 *
 * The overlay is validated with the schema embedded in the library and the
 * same reader as the build-time generator. Any opcode, op name, class name
 * or class function name that already exists in the base is an error with
 * the overlay's line number: an overlay adds, it never overrides. The new
 * table shares the base's records (the base must outlive it) and owns only
 * its own records and index arrays, all in the spec reader's arena.
 */
#include "dxil_optable_gen.h"
#include "optable_internal.h"
#include "spec_reader.h"

#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

static const dxil_op_class *overlay_find_class(void *ctx, const char *name)
{
    return dxil_op_class_by_name(ctx, name);
}

static size_t overlay_conflicts(const dxil_optable *base, const spec_doc *spec, dxil_diags *diags)
{
    size_t errors = 0;
    for (size_t i = 0; i < spec->n_ops; i++) {
        const dxil_op_info *op = spec->ops[i], *old = dxil_op_by_opcode(base, op->opcode);
        if (old) {
            dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_CONFLICT, DXIL_LOC_LINE, op->line,
                           "op '%s': opcode 0x%08X is already taken by '%s' in the base table",
                           op->name, (unsigned)op->opcode, old->name);
            errors++;
        }
        if (dxil_op_by_name(base, op->name)) {
            dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_CONFLICT, DXIL_LOC_LINE, op->line,
                           "op name '%s' already exists in the base table", op->name);
            errors++;
        }
    }
    /* What a type code means is fixed by the built-in table: the library
     * builds LLVM types from it, and an overlay never overrides. */
    for (unsigned code = 0; spec->types && code < DXIL_TY_COUNT; code++) {
        if (!spec->types[code].line)
            continue;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_CONFLICT, DXIL_LOC_LINE, spec->types[code].line,
                       "type code '%s' is described by the built-in table; an overlay cannot redefine it",
                       dxil_type_code_name(code));
        errors++;
    }
    for (size_t i = 0; i < spec->n_classes; i++) {
        const dxil_op_class *c = spec->classes[i];
        const dxil_op_class *same_fn = dxil_op_class_by_fn(base, c->fn, strlen(c->fn));
        if (dxil_op_class_by_name(base, c->name) || same_fn) {
            dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_CONFLICT, DXIL_LOC_LINE, c->line,
                           "class '%s' (dx.op.%s) clashes with class '%s' of the base table", c->name,
                           c->fn, same_fn ? same_fn->name : c->name);
            errors++;
        }
    }
    return errors;
}

/* ---- building the merged indexes -------------------------------------- */

static int overlay_cmp_opcode(const void *a, const void *b)
{
    const dxil_op_info *x = *(const dxil_op_info *const *)a, *y = *(const dxil_op_info *const *)b;
    return (x->opcode > y->opcode) - (x->opcode < y->opcode);
}

/* base items followed by added items, then sorted with cmp. */
static const void **overlay_merge(spec_doc *spec, const void *const *base, size_t nb, void *const *add,
                                  size_t na, int (*cmp)(const void *, const void *))
{
    const void **v = spec_doc_alloc(spec, (nb + na) * sizeof *v);
    if (!v)
        return NULL;
    if (nb)
        memcpy(v, base, nb * sizeof *v);
    for (size_t i = 0; i < na; i++)
        v[nb + i] = add[i];
    qsort(v, nb + na, sizeof *v, cmp);
    return v;
}

static bool overlay_slots(dxil_optable *t, const dxil_optable *base, spec_doc *spec)
{
    for (int part = 0; part < DXIL_OPTABLE_PARTS; part++) {
        uint32_t n = base->slot_count[part];
        for (size_t i = 0; i < spec->n_ops; i++) {
            uint32_t op = spec->ops[i]->opcode;
            if (optable_part_of(DXIL_OPCODE_TABLE(op)) == part && DXIL_OPCODE_INDEX(op) + 1 > n)
                n = DXIL_OPCODE_INDEX(op) + 1;
        }
        const dxil_op_info **slots = spec_doc_alloc(spec, (n ? n : 1) * sizeof *slots);
        if (!slots)
            return false;
        if (base->slot_count[part])
            memcpy(slots, base->slots[part], base->slot_count[part] * sizeof *slots);
        for (size_t i = 0; i < spec->n_ops; i++) {
            uint32_t op = spec->ops[i]->opcode;
            if (optable_part_of(DXIL_OPCODE_TABLE(op)) == part)
                slots[DXIL_OPCODE_INDEX(op)] = spec->ops[i];
        }
        t->slot_count[part] = n;
        t->slots[part] = slots;
    }
    return true;
}

static bool overlay_refs(dxil_optable *t, const dxil_optable *base, spec_doc *spec)
{
    size_t n = base->n_refs;
    for (size_t i = 0; i < spec->n_ops; i++) {
        for (size_t k = 0; k < spec->ops[i]->n_maps; k++)
            n += spec->ops[i]->maps[k].intrinsic != NULL;
    }
    dxil_intrinsic_ref *refs = spec_doc_alloc(spec, (n ? n : 1) * sizeof *refs);
    if (!refs)
        return false;
    if (base->n_refs)
        memcpy(refs, base->refs, base->n_refs * sizeof *refs);
    size_t j = base->n_refs;
    for (size_t i = 0; i < spec->n_ops; i++) {
        for (size_t k = 0; k < spec->ops[i]->n_maps; k++) {
            const dxil_intrinsic_map *m = &spec->ops[i]->maps[k];
            if (m->intrinsic)
                refs[j++] = (dxil_intrinsic_ref){m->intrinsic, spec->ops[i], m};
        }
    }
    qsort(refs, n, sizeof *refs, optable_cmp_ref);
    t->refs = refs;
    t->n_refs = n;
    return true;
}

static bool overlay_build(dxil_optable *t, const dxil_optable *base, spec_doc *spec)
{
    if (!overlay_slots(t, base, spec) || !overlay_refs(t, base, spec))
        return false;
    t->n_ops = base->n_ops + spec->n_ops;
    t->ops = (const dxil_op_info *const *)overlay_merge(spec, (const void *const *)base->ops, base->n_ops,
                                                        (void *const *)spec->ops, spec->n_ops, overlay_cmp_opcode);
    t->ops_by_name = (const dxil_op_info *const *)overlay_merge(
        spec, (const void *const *)base->ops_by_name, base->n_ops, (void *const *)spec->ops, spec->n_ops,
        optable_cmp_op_name);
    t->n_classes = base->n_classes + spec->n_classes;
    t->classes_by_name = (const dxil_op_class *const *)overlay_merge(
        spec, (const void *const *)base->classes_by_name, base->n_classes, (void *const *)spec->classes,
        spec->n_classes, optable_cmp_class_name);
    t->classes_by_fn = (const dxil_op_class *const *)overlay_merge(
        spec, (const void *const *)base->classes_by_fn, base->n_classes, (void *const *)spec->classes,
        spec->n_classes, optable_cmp_class_fn);
    return t->ops && t->ops_by_name && t->classes_by_name && t->classes_by_fn;
}

dxil_optable *dxil_optable_load_overlay(const dxil_optable *base, const char *xml_path,
                                        const void *xml_buf, size_t len, dxil_diags *diags)
{
    if (!base)
        base = dxil_optable_builtin();
    xmlInitParser();
    spec_read_options opt = {optable_schema_rng, optable_schema_rng_len, overlay_find_class,
                             (void *)base};
    spec_doc *spec = spec_doc_read(xml_path, xml_buf, len, xml_path ? xml_path : "<overlay>", &opt, diags);
    if (!spec)
        return NULL;
    if (overlay_conflicts(base, spec, diags)) {
        spec_doc_free(spec);
        return NULL;
    }
    dxil_optable *t = calloc(1, sizeof *t);
    if (!t || !overlay_build(t, base, spec)) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC, DXIL_LOC_NONE, 0, "out of memory loading the overlay");
        free(t);
        spec_doc_free(spec);
        return NULL;
    }
    t->owned = spec;
    return t;
}

void dxil_optable_destroy(dxil_optable *t)
{
    if (!t || !t->owned)
        return;
    spec_doc_free(t->owned);
    free(t);
}
