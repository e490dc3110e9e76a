/* run_vk.h - the Vulkan objects of one run (run_device.c, run_buffers.c,
 * run_pipeline.c, run_dispatch.c). Internal to run/. */
#ifndef DXIL_RUN_VK_H
#define DXIL_RUN_VK_H

#include "run.h"

#include <vulkan/vulkan.h>

typedef struct run_vk {
    VkInstance instance;
    VkPhysicalDevice phys;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
} run_vk;

/* Creates the instance and the device o->device names (lavapipe when
 * NULL) with robust buffer access and what compute shaders use enabled;
 * fills the report's device fields. */
int run_device_open(run_vk *vk, const dxil_run_options *o, run_report *rep, dxil_diags *diags);
void run_device_close(run_vk *vk);
/* The device limits the plan must fit (dispatch size, sets, ranges). */
int run_device_check_limits(const run_vk *vk, const run_plan *p, const dxil_run_options *o,
                            dxil_diags *diags);

typedef struct run_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkBufferView view;
    void *map;
    bool coherent;
} run_buffer;

/* One host-visible buffer per slot, filled with the slot's bytes (texel
 * buffers with their view). bufs has p->n_slots entries. */
int run_buffers_create(const run_vk *vk, const run_plan *p, run_buffer *bufs, dxil_diags *diags);
/* Copies every writable slot's buffer back into the slot. */
int run_buffers_read_back(const run_vk *vk, const run_plan *p, run_buffer *bufs,
                          dxil_diags *diags);
void run_buffers_destroy(const run_vk *vk, const run_plan *p, run_buffer *bufs);

typedef struct run_pipe {
    uint32_t n_sets;
    VkDescriptorSetLayout *set_layouts;
    VkDescriptorSet *sets;
    VkDescriptorPool pool;
    VkPipelineLayout layout;
    VkShaderModule module;
    VkPipeline pipeline;
} run_pipe;

/* The descriptor sets (every slot written), the pipeline layout with the
 * push-constant range, and the compute pipeline of the plan's entry point. */
int run_pipeline_create(const run_vk *vk, const run_plan *p, const run_buffer *bufs,
                        const uint32_t *words, size_t n_words, run_pipe *pipe, dxil_diags *diags);
void run_pipeline_destroy(const run_vk *vk, run_pipe *pipe);

/* A diagnostic for a failed Vulkan call (DXIL_E_RUN_DEVICE_LOST for a lost
 * device, else code); returns -1. */
int run_vk_error(dxil_diags *diags, int code, VkResult r, const char *what);

#endif
