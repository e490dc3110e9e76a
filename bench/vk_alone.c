/* vk_alone.c - dxil-bench-vk: the floor under dxil-run's start-up. It
 * creates a Vulkan instance, finds lavapipe and creates a device on it
 * with one compute queue, then exits: what any program running a shader
 * on lavapipe pays. The loader is narrowed to lavapipe's driver as
 * dxil-run narrows it (run/run_device.c). Exit 1 without lavapipe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

int main(void)
{
    setenv("VK_LOADER_DRIVERS_SELECT", "*lvp*", 0);
    setenv("NODEVICE_SELECT", "1", 0);
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
    VkInstanceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    VkInstance inst;
    if (vkCreateInstance(&ci, NULL, &inst) != VK_SUCCESS)
        return 1;
    VkPhysicalDevice devs[16];
    uint32_t n = 16;
    vkEnumeratePhysicalDevices(inst, &n, devs);
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (strncmp(p.deviceName, "llvmpipe", 8) != 0)
            continue;
        float prio = 1.0f;
        VkDeviceQueueCreateInfo q = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                     .queueCount = 1,
                                     .pQueuePriorities = &prio};
        VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                  .queueCreateInfoCount = 1,
                                  .pQueueCreateInfos = &q};
        VkDevice dev;
        if (vkCreateDevice(devs[i], &dci, NULL, &dev) != VK_SUCCESS)
            return 1;
        puts(p.deviceName);
        return 0; /* as dxil-run's child: the exit frees the device */
    }
    fputs("dxil-bench-vk: no lavapipe device\n", stderr);
    return 1;
}
