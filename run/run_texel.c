/* run_texel.c - texel buffer element formats: SPIR-V image format ->
 * Vulkan format and texel size, and, for an Unknown format (a sampled
 * buffer: DXC's and clang's Buffer<T>), the number of components the
 * shader reads (docs/run.md, "Typed buffers"). */
#include "run.h"

#include <spirv_cross_c.h>
#include <stdlib.h>
#include <strings.h>
#include <vulkan/vulkan.h>

/* spv -1: no SPIR-V name (three components), only reached by run_format_guess
 * and --texel-format. */
static const run_format texel_formats[] = {
    {"rgba32f", SpvImageFormatRgba32f, VK_FORMAT_R32G32B32A32_SFLOAT, 16},
    {"rgba16f", SpvImageFormatRgba16f, VK_FORMAT_R16G16B16A16_SFLOAT, 8},
    {"r32f", SpvImageFormatR32f, VK_FORMAT_R32_SFLOAT, 4},
    {"rgba8", SpvImageFormatRgba8, VK_FORMAT_R8G8B8A8_UNORM, 4},
    {"rgba8snorm", SpvImageFormatRgba8Snorm, VK_FORMAT_R8G8B8A8_SNORM, 4},
    {"rg32f", SpvImageFormatRg32f, VK_FORMAT_R32G32_SFLOAT, 8},
    {"rg16f", SpvImageFormatRg16f, VK_FORMAT_R16G16_SFLOAT, 4},
    {"r11g11b10f", SpvImageFormatR11fG11fB10f, VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4},
    {"r16f", SpvImageFormatR16f, VK_FORMAT_R16_SFLOAT, 2},
    {"rgba16", SpvImageFormatRgba16, VK_FORMAT_R16G16B16A16_UNORM, 8},
    {"rgb10a2", SpvImageFormatRgb10A2, VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4},
    {"rg16", SpvImageFormatRg16, VK_FORMAT_R16G16_UNORM, 4},
    {"rg8", SpvImageFormatRg8, VK_FORMAT_R8G8_UNORM, 2},
    {"r16", SpvImageFormatR16, VK_FORMAT_R16_UNORM, 2},
    {"r8", SpvImageFormatR8, VK_FORMAT_R8_UNORM, 1},
    {"rgba16snorm", SpvImageFormatRgba16Snorm, VK_FORMAT_R16G16B16A16_SNORM, 8},
    {"rg16snorm", SpvImageFormatRg16Snorm, VK_FORMAT_R16G16_SNORM, 4},
    {"rg8snorm", SpvImageFormatRg8Snorm, VK_FORMAT_R8G8_SNORM, 2},
    {"r16snorm", SpvImageFormatR16Snorm, VK_FORMAT_R16_SNORM, 2},
    {"r8snorm", SpvImageFormatR8Snorm, VK_FORMAT_R8_SNORM, 1},
    {"rgba32i", SpvImageFormatRgba32i, VK_FORMAT_R32G32B32A32_SINT, 16},
    {"rgba16i", SpvImageFormatRgba16i, VK_FORMAT_R16G16B16A16_SINT, 8},
    {"rgba8i", SpvImageFormatRgba8i, VK_FORMAT_R8G8B8A8_SINT, 4},
    {"r32i", SpvImageFormatR32i, VK_FORMAT_R32_SINT, 4},
    {"rg32i", SpvImageFormatRg32i, VK_FORMAT_R32G32_SINT, 8},
    {"rg16i", SpvImageFormatRg16i, VK_FORMAT_R16G16_SINT, 4},
    {"rg8i", SpvImageFormatRg8i, VK_FORMAT_R8G8_SINT, 2},
    {"r16i", SpvImageFormatR16i, VK_FORMAT_R16_SINT, 2},
    {"r8i", SpvImageFormatR8i, VK_FORMAT_R8_SINT, 1},
    {"rgba32ui", SpvImageFormatRgba32ui, VK_FORMAT_R32G32B32A32_UINT, 16},
    {"rgba16ui", SpvImageFormatRgba16ui, VK_FORMAT_R16G16B16A16_UINT, 8},
    {"rgba8ui", SpvImageFormatRgba8ui, VK_FORMAT_R8G8B8A8_UINT, 4},
    {"r32ui", SpvImageFormatR32ui, VK_FORMAT_R32_UINT, 4},
    {"rgb10a2ui", SpvImageFormatRgb10a2ui, VK_FORMAT_A2B10G10R10_UINT_PACK32, 4},
    {"rg32ui", SpvImageFormatRg32ui, VK_FORMAT_R32G32_UINT, 8},
    {"rg16ui", SpvImageFormatRg16ui, VK_FORMAT_R16G16_UINT, 4},
    {"rg8ui", SpvImageFormatRg8ui, VK_FORMAT_R8G8_UINT, 2},
    {"r16ui", SpvImageFormatR16ui, VK_FORMAT_R16_UINT, 2},
    {"r8ui", SpvImageFormatR8ui, VK_FORMAT_R8_UINT, 1},
    {"r64ui", SpvImageFormatR64ui, VK_FORMAT_R64_UINT, 8},
    {"r64i", SpvImageFormatR64i, VK_FORMAT_R64_SINT, 8},
    {"rgb32f", -1, VK_FORMAT_R32G32B32_SFLOAT, 12},
    {"rgb32ui", -1, VK_FORMAT_R32G32B32_UINT, 12},
};
enum { TEXEL_FORMATS = sizeof texel_formats / sizeof texel_formats[0] };

const run_format *run_format_from_spv(int spv)
{
    for (size_t i = 0; i < TEXEL_FORMATS; i++)
        if (texel_formats[i].spv == spv && spv >= 0)
            return &texel_formats[i];
    return NULL;
}

const run_format *run_format_by_name(const char *name)
{
    for (size_t i = 0; name && i < TEXEL_FORMATS; i++)
        if (strcasecmp(texel_formats[i].name, name) == 0)
            return &texel_formats[i];
    return NULL;
}

const run_format *run_format_guess(bool is_float, unsigned components)
{
    static const char *const floats[] = {"r32f", "rg32f", "rgb32f", "rgba32f"};
    static const char *const ints[] = {"r32ui", "rg32ui", "rgb32ui", "rgba32ui"};
    if (components < 1 || components > 4)
        components = 4;
    return run_format_by_name((is_float ? floats : ints)[components - 1]);
}

/* ---- components read ----------------------------------------------------
 * A word walk over the module: the variables decorated with the set and
 * binding, the images loaded from them (through access chains and
 * copies), the texels fetched or read from those, and the components
 * extracted from the texels. Any other use of a texel counts as all four. */

enum { SCAN_VAR = 1, SCAN_IMAGE = 2, SCAN_TEXEL = 4, SCAN_MAX_BOUND = 1u << 24 };

typedef struct texel_scan {
    uint8_t *marks; /* per id: SCAN_* */
    uint32_t bound;
    unsigned used;  /* components, 0..4 */
} texel_scan;

static bool scan_has(const texel_scan *s, uint32_t id, uint8_t mark)
{
    return id < s->bound && (s->marks[id] & mark);
}

static void scan_mark(texel_scan *s, uint32_t id, uint8_t mark)
{
    if (id < s->bound)
        s->marks[id] |= mark;
}

/* Variables decorated DescriptorSet set and Binding binding: a first pass
 * (decorations come before the functions). */
static void scan_variables(texel_scan *s, const uint32_t *w, size_t n, uint32_t set,
                           uint32_t binding)
{
    uint8_t *has = calloc(s->bound, 1); /* 1: set matches, 2: binding matches */
    if (!has)
        return;
    for (size_t at = 5; at < n;) {
        uint32_t op = w[at] & 0xFFFF, len = w[at] >> 16;
        if (len == 0 || at + len > n)
            break;
        if (op == SpvOpDecorate && len >= 4 && w[at + 1] < s->bound) {
            if (w[at + 2] == SpvDecorationDescriptorSet && w[at + 3] == set)
                has[w[at + 1]] |= 1;
            if (w[at + 2] == SpvDecorationBinding && w[at + 3] == binding)
                has[w[at + 1]] |= 2;
        }
        at += len;
    }
    for (uint32_t id = 0; id < s->bound; id++)
        if (has[id] == 3)
            scan_mark(s, id, SCAN_VAR);
    free(has);
}

/* One instruction of the use walk. */
static void scan_instruction(texel_scan *s, const uint32_t *ins, uint32_t len)
{
    uint32_t op = ins[0] & 0xFFFF;
    if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && len >= 4 &&
        scan_has(s, ins[3], SCAN_VAR)) {
        scan_mark(s, ins[2], SCAN_VAR);
    } else if (op == SpvOpLoad && len >= 4 && scan_has(s, ins[3], SCAN_VAR)) {
        scan_mark(s, ins[2], SCAN_IMAGE);
    } else if (op == SpvOpCopyObject && len >= 4 && scan_has(s, ins[3], SCAN_IMAGE | SCAN_TEXEL)) {
        scan_mark(s, ins[2], s->marks[ins[3]] & (SCAN_IMAGE | SCAN_TEXEL));
    } else if ((op == SpvOpImageFetch || op == SpvOpImageRead) && len >= 5 &&
               scan_has(s, ins[3], SCAN_IMAGE)) {
        scan_mark(s, ins[2], SCAN_TEXEL);
    } else if (op == SpvOpCompositeExtract && len >= 5 && scan_has(s, ins[3], SCAN_TEXEL)) {
        if (ins[4] + 1 > s->used)
            s->used = ins[4] < 4 ? ins[4] + 1 : 4;
    } else {
        for (uint32_t i = 1; i < len; i++)
            if (scan_has(s, ins[i], SCAN_TEXEL))
                s->used = 4;
    }
}

unsigned run_texel_components_used(const uint32_t *words, size_t n_words, uint32_t set,
                                   uint32_t binding)
{
    if (n_words < 5 || words[3] > SCAN_MAX_BOUND)
        return 4;
    texel_scan s = {.bound = words[3]};
    s.marks = calloc(s.bound ? s.bound : 1, 1);
    if (!s.marks)
        return 4;
    scan_variables(&s, words, n_words, set, binding);
    bool in_function = false;
    for (size_t at = 5; at < n_words;) {
        uint32_t op = words[at] & 0xFFFF, len = words[at] >> 16;
        if (len == 0 || at + len > n_words)
            break;
        if (op == SpvOpFunction)
            in_function = true;
        else if (in_function)
            scan_instruction(&s, words + at, len);
        at += len;
    }
    free(s.marks);
    return s.used;
}
