/* run_dispatch.c - the run on a device in this process: device, buffers,
 * pipeline, one command buffer (bind, push constants, dispatch, a barrier
 * to the host), submit, wait, read the UAVs back. The wait has no limit:
 * run_child.c supplies the timeout by running this in a child process. */
#include "run_vk.h"

#include <stdlib.h>
#include <time.h>

double run_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

typedef struct dispatch_state {
    run_vk vk;
    run_buffer *bufs;
    run_pipe pipe;
    VkCommandPool pool;
    VkFence fence;
} dispatch_state;

static void dispatch_record(const dispatch_state *st, const run_plan *p, const dxil_run_options *o,
                            VkCommandBuffer cb)
{
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, st->pipe.pipeline);
    /* each set alone: sets the shader does not use have no descriptor set bound */
    for (uint32_t s = 0; s < st->pipe.n_sets; s++)
        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, st->pipe.layout, s, 1,
                                &st->pipe.sets[s], 0, NULL);
    if (p->push_size)
        vkCmdPushConstants(cb, st->pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                           (p->push_size + 3) & ~3u, p->push_data);
    vkCmdDispatch(cb, o->dispatch[0], o->dispatch[1], o->dispatch[2]);
    VkMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &to_host, 0, NULL, 0, NULL);
}

static int dispatch_submit(dispatch_state *st, const run_plan *p, const dxil_run_options *o,
                           dxil_diags *diags)
{
    VkDevice dev = st->vk.device;
    VkCommandPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                  .queueFamilyIndex = st->vk.queue_family};
    VkResult r = vkCreateCommandPool(dev, &pi, NULL, &st->pool);
    if (r != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateCommandPool");
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = st->pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
    VkCommandBuffer cb;
    if ((r = vkAllocateCommandBuffers(dev, &ai, &cb)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    if ((r = vkBeginCommandBuffer(cb, &bi)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkBeginCommandBuffer");
    dispatch_record(st, p, o, cb);
    if ((r = vkEndCommandBuffer(cb)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkEndCommandBuffer");
    VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if ((r = vkCreateFence(dev, &fi, NULL, &st->fence)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateFence");
    VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
    if ((r = vkQueueSubmit(st->vk.queue, 1, &si, st->fence)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkQueueSubmit");
    if ((r = vkWaitForFences(dev, 1, &st->fence, VK_TRUE, UINT64_MAX)) != VK_SUCCESS)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "waiting for the dispatch");
    return 0;
}

static void dispatch_teardown(dispatch_state *st, const run_plan *p)
{
    if (st->vk.device) {
        vkDeviceWaitIdle(st->vk.device);
        if (st->fence)
            vkDestroyFence(st->vk.device, st->fence, NULL);
        if (st->pool)
            vkDestroyCommandPool(st->vk.device, st->pool, NULL);
        run_pipeline_destroy(&st->vk, &st->pipe);
        if (st->bufs)
            run_buffers_destroy(&st->vk, p, st->bufs);
    }
    free(st->bufs);
    run_device_close(&st->vk);
}

static int dispatch_run(dispatch_state *st, const uint32_t *words, size_t n_words, const run_plan *p,
                        const dxil_run_options *o, run_report *rep, dxil_diags *diags)
{
    double t0 = run_now_ms();
    if (run_device_open(&st->vk, o, rep, diags) != 0 || run_device_check_limits(&st->vk, p, o, diags) != 0)
        return -1;
    double t1 = run_now_ms();
    st->bufs = calloc(p->n_slots ? p->n_slots : 1, sizeof *st->bufs);
    if (!st->bufs) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0, "out of memory");
        return -1;
    }
    if (run_buffers_create(&st->vk, p, st->bufs, diags) != 0 ||
        run_pipeline_create(&st->vk, p, st->bufs, words, n_words, &st->pipe, diags) != 0)
        return -1;
    double t2 = run_now_ms();
    if (dispatch_submit(st, p, o, diags) != 0)
        return -1;
    double t3 = run_now_ms();
    if (run_buffers_read_back(&st->vk, p, st->bufs, diags) != 0)
        return -1;
    rep->ms_device = t1 - t0;
    rep->ms_pipeline = t2 - t1;
    rep->ms_dispatch = t3 - t2;
    return 0;
}

int run_on_device(const uint32_t *words, size_t n_words, const run_plan *p, const dxil_run_options *o,
                  bool teardown, run_report *rep, dxil_diags *diags)
{
    dispatch_state st = {0};
    int rc = dispatch_run(&st, words, n_words, p, o, rep, diags);
    /* A lost device is not torn down (drivers may hang on it); a child
     * process skips the teardown: its exit frees everything, faster. */
    bool lost = false;
    for (size_t i = 0; i < dxil_diags_count(diags); i++)
        lost |= dxil_diags_get(diags, i)->code == DXIL_E_RUN_DEVICE_LOST;
    if (teardown && !lost)
        dispatch_teardown(&st, p);
    else
        free(st.bufs);
    return rc;
}
