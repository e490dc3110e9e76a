/* spirv_validate.c - spirv-val in the process: SPIRV-Tools' validator
 * through its C API, with the options the spirv-val command uses by
 * default, so both agree on what is valid. */
#include "spirv.h"

/* libspirv.h defines a non-static const (kDefaultMaxIdBound), which C
 * gives external linkage: run/run_validate.c includes it too, and the two
 * definitions would collide in the static library. This file's copy gets
 * a name of its own. */
#define kDefaultMaxIdBound spirv_validate_default_max_id_bound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    dxil_spirv_env env;
    spv_target_env spv;
    const char *name;
} spirv_envs[] = {
    {DXIL_SPIRV_ENV_VULKAN_1_2, SPV_ENV_VULKAN_1_2, "Vulkan 1.2"},
    {DXIL_SPIRV_ENV_VULKAN_1_3, SPV_ENV_VULKAN_1_3, "Vulkan 1.3"},
};

static int spirv_invalid(dxil_diags *diags, const char *env, const char *msg)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_INVALID, DXIL_LOC_NONE, 0,
                   "spirv-val (%s) rejects the SPIR-V: %s", env, msg);
    return -1;
}

/* The validator's message on one line: it puts the offending
 * instruction, disassembled, on lines of its own ("  %x = OpFoo ..."). */
static int spirv_rejected(dxil_diags *diags, const char *env, const char *msg)
{
    size_t n = strlen(msg);
    char *line = malloc(2 * n + 1);
    if (!line)
        return spirv_invalid(diags, env, msg);
    size_t k = 0;
    for (const char *p = msg; *p;) {
        if (*p != '\n') {
            line[k++] = *p++;
            continue;
        }
        while (*p == '\n' || *p == ' ')
            p++;
        if (*p && k) {
            line[k++] = ';';
            line[k++] = ' ';
        }
    }
    line[k] = '\0';
    int rc = spirv_invalid(diags, env, line);
    free(line);
    return rc;
}

/* Runs the validator on words; the context is per call (it costs
 * microseconds), so threads share nothing. */
static int spirv_run_validator(const uint32_t *words, size_t count, spv_target_env env,
                               const char *name, dxil_diags *diags)
{
    spv_context ctx = spvContextCreate(env);
    spv_validator_options opts = spvValidatorOptionsCreate();
    if (!ctx || !opts) {
        spvValidatorOptionsDestroy(opts);
        spvContextDestroy(ctx);
        return spirv_invalid(diags, name, "the validator could not start (out of memory)");
    }
    spv_const_binary_t bin = {words, count};
    spv_diagnostic diag = NULL;
    spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
    int rc = 0;
    if (r != SPV_SUCCESS)
        rc = spirv_rejected(diags, name, diag && diag->error ? diag->error : "no reason given");
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(opts);
    spvContextDestroy(ctx);
    return rc;
}

int spirv_validate(const void *data, size_t size, dxil_spirv_env env, dxil_diags *diags)
{
    if (env == DXIL_SPIRV_ENV_DEFAULT)
        env = DXIL_SPIRV_ENV_VULKAN_1_3;
    size_t i = 0;
    while (i < sizeof spirv_envs / sizeof *spirv_envs && spirv_envs[i].env != env)
        i++;
    if (i == sizeof spirv_envs / sizeof *spirv_envs)
        return spirv_invalid(diags, "?", "no such target environment");
    const char *name = spirv_envs[i].name;
    if (!data || size == 0 || size % 4 != 0)
        return spirv_invalid(diags, name, "not a whole number of 32-bit words");
    /* The validator reads words: a caller's unaligned buffer is copied. */
    uint32_t *copy = NULL;
    const uint32_t *words = data;
    if ((uintptr_t)data % _Alignof(uint32_t) != 0) {
        copy = malloc(size);
        if (!copy)
            return spirv_invalid(diags, name, "out of memory");
        memcpy(copy, data, size);
        words = copy;
    }
    int rc = spirv_run_validator(words, size / 4, spirv_envs[i].spv, name, diags);
    free(copy);
    return rc;
}

int dxil_spirv_validate(const void *data, size_t size, dxil_spirv_env env, dxil_diags *diags)
{
    return spirv_validate(data, size, env, diags);
}
