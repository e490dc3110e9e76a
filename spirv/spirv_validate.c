/* spirv_validate.c - spirv-val in the process: SPIRV-Tools' validator
 * through its C API, with the options the spirv-val command uses by
 * default, so both agree on what is valid. */
#include "spirv.h"

#include <spirv-tools/libspirv.h>
#include <stdbool.h>
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

/* How a validation is asked for and reported. */
typedef struct spirv_val {
    spv_target_env spv;
    const char *name;
    bool device_layouts; /* scalar and standard uniform buffer layouts */
    int code; /* enum dxil_diag_code */
    uint64_t at; /* the rejected word's byte offset, once known */
} spirv_val;

static int spirv_invalid(dxil_diags *diags, const spirv_val *v, const char *msg)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, v->code, v->at ? DXIL_LOC_BYTE : DXIL_LOC_NONE, v->at,
                   "spirv-val (%s) rejects the SPIR-V: %s", v->name, msg);
    return -1;
}

/* The validator's message on one line: it puts the offending
 * instruction, disassembled, on lines of its own ("  %x = OpFoo ..."). */
static int spirv_rejected(dxil_diags *diags, const spirv_val *v, const char *msg)
{
    size_t n = strlen(msg);
    char *line = malloc(2 * n + 1);
    if (!line)
        return spirv_invalid(diags, v, msg);
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
    int rc = spirv_invalid(diags, v, line);
    free(line);
    return rc;
}

/* Runs the validator on words; the context is per call (it costs
 * microseconds), so threads share nothing. */
static int spirv_run_validator(const uint32_t *words, size_t count, spirv_val *v,
                               dxil_diags *diags)
{
    spv_context ctx = spvContextCreate(v->spv);
    spv_validator_options opts = spvValidatorOptionsCreate();
    if (!ctx || !opts) {
        spvValidatorOptionsDestroy(opts);
        spvContextDestroy(ctx);
        return spirv_invalid(diags, v, "the validator could not start (out of memory)");
    }
    if (v->device_layouts) {
        spvValidatorOptionsSetScalarBlockLayout(opts, true);
        spvValidatorOptionsSetUniformBufferStandardLayout(opts, true);
    }
    spv_const_binary_t bin = {words, count};
    spv_diagnostic diag = NULL;
    spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
    int rc = 0;
    if (r != SPV_SUCCESS) {
        v->at = diag ? (uint64_t)diag->position.index * 4 : 0;
        rc = spirv_rejected(diags, v, diag && diag->error ? diag->error : "no reason given");
    }
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(opts);
    spvContextDestroy(ctx);
    return rc;
}

/* v for env; -1 when there is no such environment. */
static int spirv_val_for(dxil_spirv_env env, spirv_val *v, dxil_diags *diags)
{
    if (env == DXIL_SPIRV_ENV_DEFAULT)
        env = DXIL_SPIRV_ENV_VULKAN_1_3;
    for (size_t i = 0; i < sizeof spirv_envs / sizeof *spirv_envs; i++)
        if (spirv_envs[i].env == env) {
            v->spv = spirv_envs[i].spv;
            v->name = spirv_envs[i].name;
            return 0;
        }
    v->name = "?";
    return spirv_invalid(diags, v, "no such target environment");
}

int spirv_validate_for_device(const uint32_t *words, size_t count, dxil_spirv_env env,
                              int code, dxil_diags *diags)
{
    spirv_val v = {.device_layouts = true, .code = code};
    if (spirv_val_for(env, &v, diags) != 0)
        return -1;
    return spirv_run_validator(words, count, &v, diags);
}

int spirv_validate(const void *data, size_t size, dxil_spirv_env env, dxil_diags *diags)
{
    spirv_val v = {.code = DXIL_E_SPIRV_INVALID};
    if (spirv_val_for(env, &v, diags) != 0)
        return -1;
    if (!data || size == 0 || size % 4 != 0)
        return spirv_invalid(diags, &v, "not a whole number of 32-bit words");
    /* The validator reads words: a caller's unaligned buffer is copied. */
    uint32_t *copy = NULL;
    const uint32_t *words = data;
    if ((uintptr_t)data % _Alignof(uint32_t) != 0) {
        copy = malloc(size);
        if (!copy)
            return spirv_invalid(diags, &v, "out of memory");
        memcpy(copy, data, size);
        words = copy;
    }
    int rc = spirv_run_validator(words, size / 4, &v, diags);
    free(copy);
    return rc;
}

int dxil_spirv_validate(const void *data, size_t size, dxil_spirv_env env, dxil_diags *diags)
{
    return spirv_validate(data, size, env, diags);
}
