/* text_modflags.c - !llvm.module.flags in textual IR, checked before
 * LLVM's parser sees it.
 *
 * Module::getModuleFlag, which the loader reaches at once through
 * getDebugMetadataVersionFromModule (and LLVM's bitcode reader through
 * its "Linker Options" upgrade), casts operand 1 of every entry to
 * MDString without a check and reads operand 2 without a bound: an entry
 * such as !{null, null, null} ended dxil-upgrade with a segmentation
 * fault. Each entry must be what LLVM's verifier requires: a tuple of
 * three, {iN behaviour in 1..8 (Module::ModFlagBehavior), !"key", value},
 * and a "Linker Options" value a tuple of tuples (the reader casts them).
 * The bitcode validator applies the same rule (bitcode_modflags.c). */
#include "text_debuginfo.h"
#include "text_mdindex.h"

#include <stdlib.h>
#include <string.h>

enum { TF_BEHAVIOUR_MIN = 1, TF_BEHAVIOUR_MAX = 8 };

/* `iN <decimal>` with the value in LLVM's behaviour range. */
static bool tf_behaviour(const char *s, tm_item it)
{
    size_t p = it.start;
    if (p >= it.end || s[p++] != 'i' || p >= it.end || s[p] < '1' || s[p] > '9')
        return false;
    while (p < it.end && s[p] >= '0' && s[p] <= '9')
        p++;
    if (p >= it.end || s[p] != ' ')
        return false;
    while (p < it.end && s[p] == ' ')
        p++;
    unsigned v = 0;
    size_t digits = 0;
    for (; p < it.end && s[p] >= '0' && s[p] <= '9' && digits < 4; p++, digits++)
        v = v * 10 + (unsigned)(s[p] - '0');
    return digits && p == it.end && v >= TF_BEHAVIOUR_MIN && v <= TF_BEHAVIOUR_MAX;
}

static bool tf_is_tuple(const tm_def *d)
{
    return d && d->name_n == 0 && d->close;
}

/* Every operand of a "Linker Options" value: a tuple, named or inline. */
static bool tf_linker_value(const char *s, const tm_index *ix, tm_item it)
{
    uint64_t id;
    const tm_def *d = tm_ref(s, it, &id) ? tm_find(ix, id) : NULL;
    if (!tf_is_tuple(d))
        return false;
    tm_item ops[64];
    size_t n = tm_items(s, d->open + 1, d->close, ops, 64);
    if (n > 64)
        return true; /* not followed further; LLVM's verifier decides */
    for (size_t i = 0; i < n; i++) {
        bool inline_tuple = ops[i].end - ops[i].start >= 3 && s[ops[i].start] == '!' &&
                            s[ops[i].start + 1] == '{';
        if (!inline_tuple && !(tm_ref(s, ops[i], &id) && tf_is_tuple(tm_find(ix, id))))
            return false;
    }
    return true;
}

/* Why the entry `item` of the list is refused, or NULL. */
static const char *tf_entry(const char *s, const tm_index *ix, tm_item item, const tm_def **def)
{
    uint64_t id;
    *def = tm_ref(s, item, &id) ? tm_find(ix, id) : NULL;
    if (!*def)
        return NULL; /* not a numbered node: LLVM's parser reports it */
    if (!tf_is_tuple(*def))
        return "is not a tuple";
    tm_item ops[4];
    if (tm_items(s, (*def)->open + 1, (*def)->close, ops, 3) != 3)
        return "does not have 3 operands {behaviour, key, value}";
    if (!tf_behaviour(s, ops[0]))
        return "has no integer behaviour in 1..8";
    if (ops[1].end - ops[1].start < 3 || memcmp(s + ops[1].start, "!\"", 2) != 0)
        return "has a key that is not a string";
    if (ops[2].end - ops[2].start == 4 && memcmp(s + ops[2].start, "null", 4) == 0)
        return "has a null value";
    static const char linker[] = "!\"Linker Options\"";
    if (ops[1].end - ops[1].start == sizeof linker - 1 &&
        memcmp(s + ops[1].start, linker, sizeof linker - 1) == 0 &&
        !tf_linker_value(s, ix, ops[2]))
        return "is \"Linker Options\" without a tuple of tuples as its value";
    return NULL;
}

int text_check_module_flags(const char *s, const tm_index *ix, dxil_diags *diags)
{
    const tm_def *list = tm_find_named(ix, s, "llvm.module.flags");
    if (!list || !list->close)
        return 0;
    /* An item takes at least one character and its comma. */
    size_t max = (list->close - list->open) / 2 + 1;
    tm_item *items = malloc(max * sizeof *items);
    if (!items) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_MODULE_METADATA, DXIL_LOC_NONE, 0,
                       "out of memory checking the module flags");
        return -1;
    }
    size_t n = tm_items(s, list->open + 1, list->close, items, max);
    int rc = 0;
    for (size_t i = 0; i < n && i < max && rc == 0; i++) {
        const tm_def *def;
        const char *why = tf_entry(s, ix, items[i], &def);
        if (!why)
            continue;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_MODULE_METADATA, DXIL_LOC_LINE, def->line,
                       "!llvm.module.flags entry %zu (!%llu) %s: LLVM reads module flags "
                       "without checking their shape", i, (unsigned long long)def->id, why);
        rc = -1;
    }
    free(items);
    return rc;
}
