/* run_buffers.c - one host-visible Vulkan buffer per slot, exactly the
 * slot's size (robust access bounds-checks against the descriptor range,
 * which is the whole buffer), texel buffers with their view; filled before
 * the dispatch and read back after it. Host-visible memory serves every
 * device: a discrete GPU reads it over the bus, slower but the same. */
#include "run_vk.h"

#include <string.h>

static const VkBufferUsageFlags kind_usage[RUN_KIND_COUNT] = {
    [RUN_STORAGE_BUFFER] = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
    [RUN_UNIFORM_BUFFER] = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
    [RUN_UNIFORM_TEXEL] = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
    [RUN_STORAGE_TEXEL] = VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
};

static const VkFormatFeatureFlags kind_format_feature[RUN_KIND_COUNT] = {
    [RUN_UNIFORM_TEXEL] = VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT,
    [RUN_STORAGE_TEXEL] = VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT,
};

/* A host-visible memory type of `bits`, coherent if there is one; -1 none. */
static int buffers_memory_type(const run_vk *vk, uint32_t bits, bool *coherent)
{
    static const VkMemoryPropertyFlags tries[2] = {
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
    };
    for (int t = 0; t < 2; t++)
        for (uint32_t i = 0; i < vk->memory.memoryTypeCount; i++)
            if ((bits & (1u << i)) && (vk->memory.memoryTypes[i].propertyFlags & tries[t]) == tries[t]) {
                *coherent = t == 0;
                return (int)i;
            }
    return -1;
}

static int buffers_view(const run_vk *vk, const run_slot *s, run_buffer *b, dxil_diags *diags)
{
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(vk->phys, (VkFormat)s->format->vk, &fp);
    if (!(fp.bufferFeatures & kind_format_feature[s->kind])) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0,
                       "%c%u space%u (%s): device %s cannot use format %s for a %s", s->cls, s->reg,
                       s->space, s->name, vk->props.deviceName, s->format->name, run_kind_name(s->kind));
        return -1;
    }
    VkBufferViewCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                 .buffer = b->buffer,
                                 .format = (VkFormat)s->format->vk,
                                 .range = VK_WHOLE_SIZE};
    VkResult r = vkCreateBufferView(vk->device, &ci, NULL, &b->view);
    return r == VK_SUCCESS ? 0 : run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateBufferView");
}

static int buffers_flush(const run_vk *vk, const run_buffer *b, bool to_device)
{
    if (b->coherent)
        return 0;
    VkMappedMemoryRange range = {.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
                                 .memory = b->memory,
                                 .size = VK_WHOLE_SIZE};
    VkResult r = to_device ? vkFlushMappedMemoryRanges(vk->device, 1, &range)
                           : vkInvalidateMappedMemoryRanges(vk->device, 1, &range);
    return r == VK_SUCCESS ? 0 : -1;
}

static int buffers_one(const run_vk *vk, const run_slot *s, run_buffer *b, dxil_diags *diags)
{
    VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = s->size,
                             .usage = kind_usage[s->kind],
                             .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
    VkResult r = vkCreateBuffer(vk->device, &ci, NULL, &b->buffer);
    if (r != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(vk->device, b->buffer, &req);
    int type = buffers_memory_type(vk, req.memoryTypeBits, &b->coherent);
    if (type < 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0,
                       "device %s has no host-visible memory for a %s", vk->props.deviceName,
                       run_kind_name(s->kind));
        return -1;
    }
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = (uint32_t)type};
    if ((r = vkAllocateMemory(vk->device, &ai, NULL, &b->memory)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkAllocateMemory");
    if ((r = vkBindBufferMemory(vk->device, b->buffer, b->memory, 0)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkBindBufferMemory");
    if ((r = vkMapMemory(vk->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkMapMemory");
    memcpy(b->map, s->data, s->size);
    if (buffers_flush(vk, b, true) != 0)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, VK_ERROR_MEMORY_MAP_FAILED, "vkFlushMappedMemoryRanges");
    if (s->kind == RUN_UNIFORM_TEXEL || s->kind == RUN_STORAGE_TEXEL)
        return buffers_view(vk, s, b, diags);
    return 0;
}

int run_buffers_create(const run_vk *vk, const run_plan *p, run_buffer *bufs, dxil_diags *diags)
{
    for (size_t i = 0; i < p->n_slots; i++)
        if (buffers_one(vk, &p->slots[i], &bufs[i], diags) != 0)
            return -1;
    return 0;
}

int run_buffers_read_back(const run_vk *vk, const run_plan *p, run_buffer *bufs, dxil_diags *diags)
{
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *s = &p->slots[i];
        if (!s->writable)
            continue;
        if (buffers_flush(vk, &bufs[i], false) != 0)
            return run_vk_error(diags, DXIL_E_RUN_DEVICE, VK_ERROR_MEMORY_MAP_FAILED,
                                "vkInvalidateMappedMemoryRanges");
        memcpy(s->data, bufs[i].map, s->size);
    }
    return 0;
}

void run_buffers_destroy(const run_vk *vk, const run_plan *p, run_buffer *bufs)
{
    for (size_t i = 0; i < p->n_slots; i++) {
        if (bufs[i].view)
            vkDestroyBufferView(vk->device, bufs[i].view, NULL);
        if (bufs[i].buffer)
            vkDestroyBuffer(vk->device, bufs[i].buffer, NULL);
        if (bufs[i].memory)
            vkFreeMemory(vk->device, bufs[i].memory, NULL); /* unmaps */
    }
}
