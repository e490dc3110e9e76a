/* run_pipeline.c - descriptor set layouts (one per set up to the highest
 * the shader uses, empty ones between), one descriptor set each with every
 * slot written, the pipeline layout with the push-constant range, and the
 * compute pipeline of the entry point (specialization constants keep
 * their defaults). */
#include "run_vk.h"

#include <stdlib.h>
#include <string.h>

static const VkDescriptorType kind_descriptor[RUN_KIND_COUNT] = {
    [RUN_STORAGE_BUFFER] = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    [RUN_UNIFORM_BUFFER] = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
    [RUN_UNIFORM_TEXEL] = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
    [RUN_STORAGE_TEXEL] = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
};

static int pipe_oom(dxil_diags *diags)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0, "out of memory");
    return -1;
}

/* The layout of one set: a binding per descriptor array (its first slot). */
static int pipe_set_layout(const run_vk *vk, const run_plan *p, uint32_t set,
                           VkDescriptorSetLayout *out, dxil_diags *diags)
{
    VkDescriptorSetLayoutBinding *b = calloc(p->n_slots ? p->n_slots : 1, sizeof *b);
    if (!b)
        return pipe_oom(diags);
    uint32_t n = 0;
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *s = &p->slots[i];
        if (s->set != set || s->array_index != 0)
            continue;
        b[n++] = (VkDescriptorSetLayoutBinding){.binding = s->binding,
                                                .descriptorType = kind_descriptor[s->kind],
                                                .descriptorCount = s->array_size,
                                                .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
    }
    VkDescriptorSetLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = n,
                                          .pBindings = b};
    VkResult r = vkCreateDescriptorSetLayout(vk->device, &ci, NULL, out);
    free(b);
    return r == VK_SUCCESS ? 0 : run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateDescriptorSetLayout");
}

static int pipe_pool(const run_vk *vk, const run_plan *p, run_pipe *pipe, dxil_diags *diags)
{
    VkDescriptorPoolSize sizes[RUN_KIND_COUNT];
    uint32_t n = 0;
    for (int k = 0; k < RUN_KIND_COUNT; k++) {
        uint32_t count = 0;
        for (size_t i = 0; i < p->n_slots; i++)
            count += p->slots[i].kind == (run_kind)k;
        if (count)
            sizes[n++] = (VkDescriptorPoolSize){kind_descriptor[k], count};
    }
    VkDescriptorPoolCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = pipe->n_sets,
                                     .poolSizeCount = n,
                                     .pPoolSizes = sizes};
    VkResult r = vkCreateDescriptorPool(vk->device, &ci, NULL, &pipe->pool);
    if (r != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = pipe->pool,
                                      .descriptorSetCount = pipe->n_sets,
                                      .pSetLayouts = pipe->set_layouts};
    r = vkAllocateDescriptorSets(vk->device, &ai, pipe->sets);
    return r == VK_SUCCESS ? 0 : run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkAllocateDescriptorSets");
}

static void pipe_write(const run_vk *vk, const run_plan *p, const run_buffer *bufs, const run_pipe *pipe)
{
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *s = &p->slots[i];
        VkDescriptorBufferInfo info = {.buffer = bufs[i].buffer, .range = VK_WHOLE_SIZE};
        VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = pipe->sets[s->set],
                                  .dstBinding = s->binding,
                                  .dstArrayElement = s->array_index,
                                  .descriptorCount = 1,
                                  .descriptorType = kind_descriptor[s->kind]};
        if (bufs[i].view)
            w.pTexelBufferView = &bufs[i].view;
        else
            w.pBufferInfo = &info;
        vkUpdateDescriptorSets(vk->device, 1, &w, 0, NULL);
    }
}

static int pipe_sets(const run_vk *vk, const run_plan *p, const run_buffer *bufs, run_pipe *pipe,
                     dxil_diags *diags)
{
    for (size_t i = 0; i < p->n_slots; i++)
        if (p->slots[i].set + 1 > pipe->n_sets)
            pipe->n_sets = p->slots[i].set + 1;
    if (pipe->n_sets == 0)
        return 0;
    pipe->set_layouts = calloc(pipe->n_sets, sizeof *pipe->set_layouts);
    pipe->sets = calloc(pipe->n_sets, sizeof *pipe->sets);
    if (!pipe->set_layouts || !pipe->sets)
        return pipe_oom(diags);
    for (uint32_t s = 0; s < pipe->n_sets; s++)
        if (pipe_set_layout(vk, p, s, &pipe->set_layouts[s], diags) != 0)
            return -1;
    if (pipe_pool(vk, p, pipe, diags) != 0)
        return -1;
    pipe_write(vk, p, bufs, pipe);
    return 0;
}

static int pipe_compute(const run_vk *vk, const run_plan *p, const uint32_t *words, size_t n_words,
                        run_pipe *pipe, dxil_diags *diags)
{
    VkPushConstantRange push = {VK_SHADER_STAGE_COMPUTE_BIT, 0, (p->push_size + 3) & ~3u};
    VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = pipe->n_sets,
                                     .pSetLayouts = pipe->set_layouts,
                                     .pushConstantRangeCount = p->push_size ? 1 : 0,
                                     .pPushConstantRanges = &push};
    VkResult r = vkCreatePipelineLayout(vk->device, &li, NULL, &pipe->layout);
    if (r != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo mi = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                   .codeSize = n_words * 4,
                                   .pCode = words};
    if ((r = vkCreateShaderModule(vk->device, &mi, NULL, &pipe->module)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_SHADER, r, "vkCreateShaderModule");
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = pipe->module,
                  .pName = p->entry},
        .layout = pipe->layout,
    };
    r = vkCreateComputePipelines(vk->device, VK_NULL_HANDLE, 1, &ci, NULL, &pipe->pipeline);
    return r == VK_SUCCESS ? 0 : run_vk_error(diags, DXIL_E_RUN_SHADER, r, "vkCreateComputePipelines");
}

int run_pipeline_create(const run_vk *vk, const run_plan *p, const run_buffer *bufs,
                        const uint32_t *words, size_t n_words, run_pipe *pipe, dxil_diags *diags)
{
    memset(pipe, 0, sizeof *pipe);
    if (pipe_sets(vk, p, bufs, pipe, diags) != 0)
        return -1;
    return pipe_compute(vk, p, words, n_words, pipe, diags);
}

void run_pipeline_destroy(const run_vk *vk, run_pipe *pipe)
{
    if (pipe->pipeline)
        vkDestroyPipeline(vk->device, pipe->pipeline, NULL);
    if (pipe->module)
        vkDestroyShaderModule(vk->device, pipe->module, NULL);
    if (pipe->layout)
        vkDestroyPipelineLayout(vk->device, pipe->layout, NULL);
    if (pipe->pool)
        vkDestroyDescriptorPool(vk->device, pipe->pool, NULL);
    for (uint32_t s = 0; pipe->set_layouts && s < pipe->n_sets; s++)
        if (pipe->set_layouts[s])
            vkDestroyDescriptorSetLayout(vk->device, pipe->set_layouts[s], NULL);
    free(pipe->set_layouts);
    free(pipe->sets);
    memset(pipe, 0, sizeof *pipe);
}
