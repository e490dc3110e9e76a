/* run_device.c - the Vulkan instance and device of a run: lavapipe by
 * default (the loader is then pointed at Mesa's lavapipe driver only,
 * which halves start-up), or the device --device names; D3D12's
 * out-of-bounds rules through robustBufferAccess and VK_EXT_robustness2's
 * robustBufferAccess2 (required); what compute shaders may use enabled
 * when the device has it (docs/run.md, "The device"). */
#include "run_vk.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The feature structures queried and enabled. */
typedef enum feat_struct { F_CORE, F_V11, F_V12, F_V13, F_ROBUST2, F_STRUCTS } feat_struct;

typedef struct feat_chain {
    VkPhysicalDeviceFeatures2 core;
    VkPhysicalDeviceVulkan11Features v11;
    VkPhysicalDeviceVulkan12Features v12;
    VkPhysicalDeviceVulkan13Features v13;
    VkPhysicalDeviceRobustness2FeaturesEXT robust2;
} feat_chain;

#define FEAT(s, type, field) {s, offsetof(type, field), #field}
static const struct {
    feat_struct s;
    size_t offset;
    const char *name;
} wanted_features[] = {
    FEAT(F_CORE, VkPhysicalDeviceFeatures, robustBufferAccess),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderInt64),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderInt16),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderFloat64),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderStorageImageExtendedFormats),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderStorageImageReadWithoutFormat),
    FEAT(F_CORE, VkPhysicalDeviceFeatures, shaderStorageImageWriteWithoutFormat),
    FEAT(F_V11, VkPhysicalDeviceVulkan11Features, storageBuffer16BitAccess),
    FEAT(F_V11, VkPhysicalDeviceVulkan11Features, uniformAndStorageBuffer16BitAccess),
    FEAT(F_V11, VkPhysicalDeviceVulkan11Features, storagePushConstant16),
    FEAT(F_V11, VkPhysicalDeviceVulkan11Features, variablePointersStorageBuffer),
    FEAT(F_V11, VkPhysicalDeviceVulkan11Features, variablePointers),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, storageBuffer8BitAccess),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, uniformAndStorageBuffer8BitAccess),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, storagePushConstant8),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, shaderBufferInt64Atomics),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, shaderSharedInt64Atomics),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, shaderFloat16),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, shaderInt8),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, scalarBlockLayout),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, uniformBufferStandardLayout),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, shaderSubgroupExtendedTypes),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, vulkanMemoryModel),
    FEAT(F_V12, VkPhysicalDeviceVulkan12Features, vulkanMemoryModelDeviceScope),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, robustImageAccess),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, subgroupSizeControl),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, computeFullSubgroups),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, shaderDemoteToHelperInvocation),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, shaderZeroInitializeWorkgroupMemory),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, shaderIntegerDotProduct),
    FEAT(F_V13, VkPhysicalDeviceVulkan13Features, maintenance4),
    FEAT(F_ROBUST2, VkPhysicalDeviceRobustness2FeaturesEXT, robustBufferAccess2),
};
#undef FEAT

int run_vk_error(dxil_diags *diags, int code, VkResult r, const char *what)
{
    if (r == VK_ERROR_DEVICE_LOST)
        code = DXIL_E_RUN_DEVICE_LOST;
    dxil_diags_add(diags, DXIL_SEV_ERROR, code, DXIL_LOC_NONE, 0, "%s failed (VkResult %d%s)", what,
                   (int)r, r == VK_ERROR_DEVICE_LOST ? ", device lost" : "");
    return -1;
}

static int device_error(dxil_diags *diags, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int device_error(dxil_diags *diags, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0, fmt, ap);
    va_end(ap);
    return -1;
}

/* The loader looks at lavapipe's driver only, and skips Mesa's
 * device-selection layer, when no device is named: both cost start-up
 * (each driver loads its compiler) and neither is used. The variables are
 * restored once the instance exists. */
typedef struct loader_env {
    bool set_drivers, set_layer;
} loader_env;

static void loader_env_narrow(const dxil_run_options *o, loader_env *e)
{
    if (o->device)
        return;
    if (!getenv("VK_LOADER_DRIVERS_SELECT") && !getenv("VK_ICD_FILENAMES") &&
        !getenv("VK_DRIVER_FILES"))
        e->set_drivers = setenv("VK_LOADER_DRIVERS_SELECT", "*lvp*", 0) == 0;
    if (!getenv("NODEVICE_SELECT"))
        e->set_layer = setenv("NODEVICE_SELECT", "1", 0) == 0;
}

static void loader_env_restore(const loader_env *e)
{
    if (e->set_drivers)
        unsetenv("VK_LOADER_DRIVERS_SELECT");
    if (e->set_layer)
        unsetenv("NODEVICE_SELECT");
}

static int device_instance(run_vk *vk, const dxil_run_options *o, dxil_diags *diags)
{
    uint32_t loader = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion(&loader) != VK_SUCCESS || loader < VK_API_VERSION_1_1)
        return device_error(diags, "the Vulkan loader offers no Vulkan 1.1 (libvulkan1 too old?)");
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "dxil-run",
        .apiVersion = loader < VK_API_VERSION_1_3 ? loader : VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    loader_env env = {0};
    loader_env_narrow(o, &env);
    VkResult r = vkCreateInstance(&ci, NULL, &vk->instance);
    loader_env_restore(&env);
    if (r != VK_SUCCESS) {
        vk->instance = VK_NULL_HANDLE;
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateInstance (is a Vulkan driver installed?)");
    }
    return 0;
}

/* Is device `name` (index i) the one asked for? */
static bool device_matches(const VkPhysicalDeviceProperties *p, uint32_t i, const char *want)
{
    if (!want)
        return p->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU && strncmp(p->deviceName, "llvmpipe", 8) == 0;
    char *end = NULL;
    unsigned long idx = strtoul(want, &end, 10);
    if (isdigit((unsigned char)want[0]) && end && !*end)
        return idx == i;
    size_t n = strlen(want);
    for (const char *s = p->deviceName; *s; s++)
        if (strncasecmp(s, want, n) == 0)
            return true;
    return false;
}

static int device_pick(run_vk *vk, const char *want, dxil_diags *diags)
{
    VkPhysicalDevice devs[32];
    uint32_t n = 32;
    VkResult r = vkEnumeratePhysicalDevices(vk->instance, &n, devs);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE)
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkEnumeratePhysicalDevices");
    char seen[1024] = "";
    size_t used = 0;
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (device_matches(&p, i, want)) {
            vk->phys = devs[i];
            vk->props = p;
            return 0;
        }
        int w = snprintf(seen + used, sizeof seen - used, "%s%u: %s", i ? "; " : "", i, p.deviceName);
        used = w > 0 && (size_t)w < sizeof seen - used ? used + (size_t)w : used;
    }
    if (!want)
        return device_error(diags, "no lavapipe device (install Mesa's mesa-vulkan-drivers, or name "
                            "a device with --device)%s%s", n ? "; the loader lists " : "", seen);
    return device_error(diags, "no Vulkan device matches '%s' (%s%s)", want,
                        n ? "the loader lists " : "the loader lists none", seen);
}

static bool device_has_extension(VkPhysicalDevice phys, const char *name)
{
    uint32_t n = 0;
    if (vkEnumerateDeviceExtensionProperties(phys, NULL, &n, NULL) != VK_SUCCESS || n == 0)
        return false;
    VkExtensionProperties *e = calloc(n, sizeof *e);
    bool found = false;
    if (e && vkEnumerateDeviceExtensionProperties(phys, NULL, &n, e) == VK_SUCCESS)
        for (uint32_t i = 0; i < n && !found; i++)
            found = strcmp(e[i].extensionName, name) == 0;
    free(e);
    return found;
}

/* Links the structures the API version allows into c->core's chain. */
static void feat_chain_init(feat_chain *c, uint32_t api)
{
    memset(c, 0, sizeof *c);
    c->core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    c->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
    c->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    c->v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
    c->robust2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
    void **next = &c->core.pNext;
    *next = &c->robust2;
    next = &c->robust2.pNext;
    if (api >= VK_API_VERSION_1_2) {
        *next = &c->v11;
        c->v11.pNext = &c->v12;
        next = &c->v12.pNext;
    }
    if (api >= VK_API_VERSION_1_3)
        *next = &c->v13;
}

static VkBool32 *feat_field(feat_chain *c, feat_struct s, size_t offset, uint32_t api)
{
    if ((s == F_V11 || s == F_V12) && api < VK_API_VERSION_1_2)
        return NULL;
    if (s == F_V13 && api < VK_API_VERSION_1_3)
        return NULL;
    uint8_t *base[F_STRUCTS] = {(uint8_t *)&c->core.features, (uint8_t *)&c->v11, (uint8_t *)&c->v12,
                                (uint8_t *)&c->v13, (uint8_t *)&c->robust2};
    return (VkBool32 *)(base[s] + offset);
}

/* want gets every wanted feature that have has; the two robustness ones
 * are required. */
static int feat_select(feat_chain *have, feat_chain *want, uint32_t api, const char *dev,
                       dxil_diags *diags)
{
    for (size_t i = 0; i < sizeof wanted_features / sizeof wanted_features[0]; i++) {
        VkBool32 *h = feat_field(have, wanted_features[i].s, wanted_features[i].offset, api);
        VkBool32 *w = feat_field(want, wanted_features[i].s, wanted_features[i].offset, api);
        if (h && *h)
            *w = VK_TRUE;
    }
    if (!have->core.features.robustBufferAccess)
        return device_error(diags, "device %s has no robustBufferAccess: D3D12's out-of-bounds "
                            "rules cannot hold", dev);
    if (!have->robust2.robustBufferAccess2)
        return device_error(diags, "device %s has no robustBufferAccess2 (VK_EXT_robustness2): "
                            "D3D12's out-of-bounds rules cannot hold", dev);
    return 0;
}

static int device_queue_family(run_vk *vk, dxil_diags *diags)
{
    VkQueueFamilyProperties q[16];
    uint32_t n = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(vk->phys, &n, q);
    for (uint32_t i = 0; i < n; i++)
        if (q[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            vk->queue_family = i;
            return 0;
        }
    return device_error(diags, "device %s has no compute queue", vk->props.deviceName);
}

static int device_create(run_vk *vk, uint32_t api, dxil_diags *diags)
{
    const char *dev = vk->props.deviceName;
    if (!device_has_extension(vk->phys, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME))
        return device_error(diags, "device %s lacks %s: D3D12's out-of-bounds rules cannot hold", dev,
                            VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    feat_chain have, want;
    feat_chain_init(&have, api);
    feat_chain_init(&want, api);
    vkGetPhysicalDeviceFeatures2(vk->phys, &have.core);
    if (feat_select(&have, &want, api, dev, diags) != 0 || device_queue_family(vk, diags) != 0)
        return -1;
    const char *exts[2] = {VK_EXT_ROBUSTNESS_2_EXTENSION_NAME};
    uint32_t n_exts = 1;
    if (api < VK_API_VERSION_1_3 && device_has_extension(vk->phys, "VK_KHR_shader_non_semantic_info"))
        exts[n_exts++] = "VK_KHR_shader_non_semantic_info";
    float priority = 1.0f;
    VkDeviceQueueCreateInfo q = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                 .queueFamilyIndex = vk->queue_family,
                                 .queueCount = 1,
                                 .pQueuePriorities = &priority};
    VkDeviceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = &want.core,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &q,
                             .enabledExtensionCount = n_exts,
                             .ppEnabledExtensionNames = exts};
    VkResult r = vkCreateDevice(vk->phys, &ci, NULL, &vk->device);
    if (r != VK_SUCCESS) {
        vk->device = VK_NULL_HANDLE;
        return run_vk_error(diags, DXIL_E_RUN_DEVICE, r, "vkCreateDevice");
    }
    vkGetDeviceQueue(vk->device, vk->queue_family, 0, &vk->queue);
    return 0;
}

static void device_describe(const run_vk *vk, uint32_t api, run_report *rep)
{
    snprintf(rep->device_name, sizeof rep->device_name, "%s", vk->props.deviceName);
    rep->api_version = vk->props.apiVersion;
    if (api < VK_API_VERSION_1_2)
        return;
    VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv};
    vkGetPhysicalDeviceProperties2(vk->phys, &p2);
    snprintf(rep->driver_name, sizeof rep->driver_name, "%s", drv.driverName);
    snprintf(rep->driver_info, sizeof rep->driver_info, "%s", drv.driverInfo);
}

int run_device_open(run_vk *vk, const dxil_run_options *o, run_report *rep, dxil_diags *diags)
{
    memset(vk, 0, sizeof *vk);
    run_apply_threads(o);
    if (device_instance(vk, o, diags) != 0 || device_pick(vk, o->device, diags) != 0)
        return -1;
    uint32_t api = vk->props.apiVersion < VK_API_VERSION_1_3 ? vk->props.apiVersion : VK_API_VERSION_1_3;
    if (api < VK_API_VERSION_1_1)
        return device_error(diags, "device %s offers Vulkan %u.%u: 1.1 or later is needed",
                            vk->props.deviceName, VK_API_VERSION_MAJOR(api), VK_API_VERSION_MINOR(api));
    device_describe(vk, api, rep);
    vkGetPhysicalDeviceMemoryProperties(vk->phys, &vk->memory);
    return device_create(vk, api, diags);
}

void run_device_close(run_vk *vk)
{
    if (vk->device)
        vkDestroyDevice(vk->device, NULL);
    if (vk->instance)
        vkDestroyInstance(vk->instance, NULL);
    memset(vk, 0, sizeof *vk);
}

static int limit_error(dxil_diags *diags, int code, const char *what, uint64_t have, uint64_t limit,
                       const char *dev)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, code, DXIL_LOC_NONE, 0,
                   "%s is %llu, more than device %s allows (%llu)", what, (unsigned long long)have,
                   dev, (unsigned long long)limit);
    return -1;
}

/* The newest SPIR-V a Vulkan version takes (without VK_KHR_spirv_1_4). */
static uint32_t device_max_spirv(uint32_t api)
{
    static const uint32_t by_minor[] = {0x10000, 0x10300, 0x10500, 0x10600};
    uint32_t minor = VK_API_VERSION_MINOR(api);
    return by_minor[minor < 3 ? minor : 3];
}

int run_device_check_limits(const run_vk *vk, const run_plan *p, const dxil_run_options *o,
                            dxil_diags *diags)
{
    const VkPhysicalDeviceLimits *l = &vk->props.limits;
    const char *dev = vk->props.deviceName;
    if (p->spirv_version > device_max_spirv(vk->props.apiVersion))
        return device_error(diags, "the module is SPIR-V %u.%u, newer than device %s (Vulkan %u.%u) takes",
                            (p->spirv_version >> 16) & 0xFF, (p->spirv_version >> 8) & 0xFF, dev,
                            VK_API_VERSION_MAJOR(vk->props.apiVersion),
                            VK_API_VERSION_MINOR(vk->props.apiVersion));
    static const char *const axes[3] = {"the dispatch's x", "the dispatch's y", "the dispatch's z"};
    for (int i = 0; i < 3; i++)
        if (o->dispatch[i] > l->maxComputeWorkGroupCount[i])
            return limit_error(diags, DXIL_E_RUN_SHADER, axes[i], o->dispatch[i],
                               l->maxComputeWorkGroupCount[i], dev);
    if (p->push_size > l->maxPushConstantsSize)
        return limit_error(diags, DXIL_E_RUN_SHADER, "the push-constant block", p->push_size,
                           l->maxPushConstantsSize, dev);
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *s = &p->slots[i];
        if (s->set >= l->maxBoundDescriptorSets)
            return limit_error(diags, DXIL_E_RUN_BIND, "a descriptor set (space)", s->set,
                               l->maxBoundDescriptorSets - 1, dev);
        bool texel = s->kind == RUN_UNIFORM_TEXEL || s->kind == RUN_STORAGE_TEXEL;
        uint64_t limit = s->kind == RUN_UNIFORM_BUFFER ? l->maxUniformBufferRange
                         : texel ? (uint64_t)l->maxTexelBufferElements * s->format->size
                                 : l->maxStorageBufferRange;
        if (s->size > limit)
            return limit_error(diags, DXIL_E_RUN_BIND, "a buffer's size in bytes", s->size, limit, dev);
    }
    return 0;
}

void run_apply_threads(const dxil_run_options *o)
{
    if (o->threads < 0)
        return;
    char v[16];
    snprintf(v, sizeof v, "%d", o->threads);
    setenv("LP_NUM_THREADS", v, 1);
}

static const char *device_type_name(VkPhysicalDeviceType t)
{
    static const char *const names[] = {"other", "integrated GPU", "discrete GPU", "virtual GPU", "CPU"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "other";
}

/* One line of dxil_run_list_devices. */
static void device_line(VkPhysicalDevice phys, uint32_t i, char *out, size_t cap)
{
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(phys, &p);
    feat_chain have;
    feat_chain_init(&have, VK_API_VERSION_1_1);
    bool robust2 = device_has_extension(phys, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    if (robust2) {
        vkGetPhysicalDeviceFeatures2(phys, &have.core);
        robust2 = have.robust2.robustBufferAccess2 && have.core.features.robustBufferAccess;
    }
    snprintf(out, cap, "%u: %s (%s, Vulkan %u.%u.%u%s)\n", i, p.deviceName, device_type_name(p.deviceType),
             VK_API_VERSION_MAJOR(p.apiVersion), VK_API_VERSION_MINOR(p.apiVersion),
             VK_API_VERSION_PATCH(p.apiVersion), robust2 ? "" : ", no robustBufferAccess2");
}

char *dxil_run_list_devices(dxil_diags *diags)
{
    run_vk vk = {0};
    dxil_run_options o;
    dxil_run_options_init(&o);
    o.device = ""; /* every driver */
    if (device_instance(&vk, &o, diags) != 0)
        return NULL;
    VkPhysicalDevice devs[32];
    uint32_t n = 32;
    VkResult r = vkEnumeratePhysicalDevices(vk.instance, &n, devs);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE)
        n = 0;
    char *text = calloc(n ? n : 1, 512);
    for (uint32_t i = 0; text && i < n; i++)
        device_line(devs[i], i, text + strlen(text), 512);
    run_device_close(&vk);
    if (!text)
        device_error(diags, "out of memory");
    return text;
}
