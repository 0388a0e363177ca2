/*
 * A fake libnvidia-ml.so for the NVML tests: the handful of NVML entry points NvmlEnergyMeter calls, with the real
 * signatures and return codes. Energy advances deterministically: each GPU draws a constant power P, and its counter
 * reads base + P * (t - t0), quantised to the update period (default 100 ms, as real NVML), on CLOCK_MONOTONIC, the
 * clock behind Java's System.nanoTime on Linux.
 *
 * Tests reconfigure it through fake_nvml_configure("key=value;..."), which resets everything first:
 *   gpus=N             number of GPUs (default 2, at most 16)
 *   power_w=a,b,...    constant power per GPU in watts (default 100, 200, 300, ...)
 *   avg_power_w=a,b    what nvmlDeviceGetPowerUsage (the "1 s average") reports (default: power_w)
 *   nocounter=i,j      GPUs whose nvmlDeviceGetTotalEnergyConsumption answers NOT_SUPPORTED
 *   noinstant=1        NVML_FI_DEV_POWER_INSTANT answers NOT_SUPPORTED (the meter falls back to GetPowerUsage)
 *   initfail=1         nvmlInit_v2 answers DRIVER_NOT_LOADED
 *   update_ms=M        counter update period (0 = continuous)
 *   temp_c=T           temperature of every GPU (default 55)
 *   throttle=i         GPU i reports HW thermal slowdown (0x40)
 *   limit_w=W          enforced power limit of every GPU (default 700)
 *   sm_mhz=M           current SM clock (default 1755; the maximum is 1980)
 *   reasons=MASK       clock event reason bits of every GPU (e.g. 0x4 = SW power cap; default 0), ORed with throttle
 *   mem_mib=M          device memory in use, MiB (default 1024; the total is 81559)
 * Without a call to fake_nvml_configure, the first nvmlInit_v2 applies the environment variable FAKE_NVML_SPEC (the
 * same syntax), so a child process (bench/gpu-check.sh under test) can be given a configuration.
 * Compiled with -DFAKE_OLD_DRIVER it lacks the energy counter, field values and clock event reasons, like a
 * pre-Volta driver, and also the memory-info and current-clock calls (stand-ins for any call a driver lacks), so the
 * meter's missing-symbol fallbacks can be tested: each must cost a field, never the measurement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_GPUS 16
#define NVML_SUCCESS 0
#define NVML_ERROR_UNINITIALIZED 1
#define NVML_ERROR_INVALID_ARGUMENT 2
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_ERROR_DRIVER_NOT_LOADED 9
#define NVML_FI_DEV_POWER_INSTANT 186

typedef struct fake_device { unsigned int index; } fake_device;
typedef fake_device *nvmlDevice_t;

typedef struct nvmlFieldValue_st {
    unsigned int fieldId;
    unsigned int scopeId;
    long long timestamp;
    long long latencyUsec;
    int valueType;
    int nvmlReturn;
    union { double dVal; unsigned int uiVal; unsigned long ulVal; unsigned long long ullVal; long long sllVal; } value;
} nvmlFieldValue_t;

static fake_device devices[MAX_GPUS];
static unsigned int gpus;
static double power_w[MAX_GPUS];
static double avg_power_w[MAX_GPUS];
static int no_counter[MAX_GPUS];
static int throttle[MAX_GPUS];
static int no_instant;
static int init_fail;
static unsigned int update_ms;
static unsigned int temp_c;
static unsigned int limit_w;
static unsigned int sm_mhz;
static unsigned long long reason_bits;
static unsigned long long mem_mib;
static double t0;
static int init_count;
static int configured;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static void defaults(void) {
    gpus = 2;
    for (int i = 0; i < MAX_GPUS; i++) {
        devices[i].index = (unsigned int) i;
        power_w[i] = 100.0 * (i + 1);
        avg_power_w[i] = -1;
        no_counter[i] = 0;
        throttle[i] = 0;
    }
    no_instant = 0;
    init_fail = 0;
    update_ms = 100;
    temp_c = 55;
    limit_w = 700;
    sm_mhz = 1755;
    reason_bits = 0;
    mem_mib = 1024;
    t0 = now_seconds();
    configured = 1;
}

static void parse_list(const char *value, double *doubles, int *flags) {
    char buf[256];
    strncpy(buf, value, sizeof buf - 1);
    buf[sizeof buf - 1] = 0;
    int i = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), i++) {
        if (doubles && i < MAX_GPUS) doubles[i] = atof(tok);
        if (flags) {
            int g = atoi(tok);
            if (g >= 0 && g < MAX_GPUS) flags[g] = 1;
        }
    }
}

/*
 * Resets the fake, then applies "key=value;key=value". Returns 0, or -1 on an unknown key. Static, so that the call
 * from nvmlInit_v2 stays in this library: both variants are loaded into one test JVM, and an exported symbol would
 * resolve to the first one loaded.
 */
static int configure(const char *spec) {
    defaults();
    if (!spec) return 0;
    char buf[1024];
    strncpy(buf, spec, sizeof buf - 1);
    buf[sizeof buf - 1] = 0;
    for (char *save = NULL, *pair = strtok_r(buf, ";", &save); pair; pair = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(pair, '=');
        if (!eq) return -1;
        *eq = 0;
        const char *key = pair, *value = eq + 1;
        if (!strcmp(key, "gpus")) gpus = (unsigned int) atoi(value) > MAX_GPUS ? MAX_GPUS : (unsigned int) atoi(value);
        else if (!strcmp(key, "power_w")) parse_list(value, power_w, NULL);
        else if (!strcmp(key, "avg_power_w")) parse_list(value, avg_power_w, NULL);
        else if (!strcmp(key, "nocounter")) parse_list(value, NULL, no_counter);
        else if (!strcmp(key, "throttle")) parse_list(value, NULL, throttle);
        else if (!strcmp(key, "noinstant")) no_instant = atoi(value);
        else if (!strcmp(key, "initfail")) init_fail = atoi(value);
        else if (!strcmp(key, "update_ms")) update_ms = (unsigned int) atoi(value);
        else if (!strcmp(key, "temp_c")) temp_c = (unsigned int) atoi(value);
        else if (!strcmp(key, "limit_w")) limit_w = (unsigned int) atoi(value);
        else if (!strcmp(key, "sm_mhz")) sm_mhz = (unsigned int) atoi(value);
        else if (!strcmp(key, "reasons")) reason_bits = strtoull(value, NULL, 0);
        else if (!strcmp(key, "mem_mib")) mem_mib = strtoull(value, NULL, 0);
        else return -1;
    }
    return 0;
}

int fake_nvml_configure(const char *spec) {
    return configure(spec);
}

/* How many nvmlInit_v2 calls are not yet matched by nvmlShutdown (tests check the meter shuts NVML down). */
int fake_nvml_init_count(void) {
    return init_count;
}

static int check(nvmlDevice_t device) {
    if (init_count <= 0) return NVML_ERROR_UNINITIALIZED;
    if (!device || device->index >= gpus) return NVML_ERROR_INVALID_ARGUMENT;
    return NVML_SUCCESS;
}

int nvmlInit_v2(void) {
    if (!configured && configure(getenv("FAKE_NVML_SPEC")) != 0) return NVML_ERROR_INVALID_ARGUMENT;
    if (init_fail) return NVML_ERROR_DRIVER_NOT_LOADED;
    init_count++;
    return NVML_SUCCESS;
}

int nvmlShutdown(void) {
    if (init_count <= 0) return NVML_ERROR_UNINITIALIZED;
    init_count--;
    return NVML_SUCCESS;
}

const char *nvmlErrorString(int result) {
    switch (result) {
        case NVML_SUCCESS: return "Success";
        case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
        case NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
        case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
        case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
        default: return "Unknown Error";
    }
}

int nvmlDeviceGetCount_v2(unsigned int *count) {
    if (init_count <= 0) return NVML_ERROR_UNINITIALIZED;
    if (!count) return NVML_ERROR_INVALID_ARGUMENT;
    *count = gpus;
    return NVML_SUCCESS;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
    if (init_count <= 0) return NVML_ERROR_UNINITIALIZED;
    if (index >= gpus || !device) return NVML_ERROR_INVALID_ARGUMENT;
    *device = &devices[index];
    return NVML_SUCCESS;
}

int nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length) {
    int rc = check(device);
    if (rc) return rc;
    snprintf(name, length, "Fake H100 80GB HBM3");
    return NVML_SUCCESS;
}

int nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length) {
    int rc = check(device);
    if (rc) return rc;
    snprintf(uuid, length, "GPU-fa4e0000-0000-0000-0000-%012u", device->index);
    return NVML_SUCCESS;
}

int nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *milliwatts) {
    int rc = check(device);
    if (rc) return rc;
    double w = avg_power_w[device->index] >= 0 ? avg_power_w[device->index] : power_w[device->index];
    *milliwatts = (unsigned int) (w * 1000.0);
    return NVML_SUCCESS;
}

int nvmlDeviceGetTemperature(nvmlDevice_t device, int sensor, unsigned int *temp) {
    int rc = check(device);
    if (rc) return rc;
    if (sensor != 0) return NVML_ERROR_INVALID_ARGUMENT;
    *temp = temp_c;
    return NVML_SUCCESS;
}

int nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *reasons) {
    int rc = check(device);
    if (rc) return rc;
    *reasons = (throttle[device->index] ? 0x40ULL : 0ULL) | reason_bits;
    return NVML_SUCCESS;
}

int nvmlSystemGetDriverVersion(char *version, unsigned int length) {
    if (init_count <= 0) return NVML_ERROR_UNINITIALIZED;
    snprintf(version, length, "550.54.15-fake");
    return NVML_SUCCESS;
}

int nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *milliwatts) {
    int rc = check(device);
    if (rc) return rc;
    *milliwatts = limit_w * 1000U;
    return NVML_SUCCESS;
}

int nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, int type, unsigned int *mhz) {
    int rc = check(device);
    if (rc) return rc;
    if (type != 1) return NVML_ERROR_NOT_SUPPORTED;
    *mhz = 1980;
    return NVML_SUCCESS;
}

#ifndef FAKE_OLD_DRIVER
/* type 1 is NVML_CLOCK_SM */
int nvmlDeviceGetClockInfo(nvmlDevice_t device, int type, unsigned int *mhz) {
    int rc = check(device);
    if (rc) return rc;
    if (type != 1) return NVML_ERROR_NOT_SUPPORTED;
    *mhz = sm_mhz;
    return NVML_SUCCESS;
}

typedef struct nvmlMemory_st { unsigned long long total, free, used; } nvmlMemory_t;

int nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory) {
    int rc = check(device);
    if (rc) return rc;
    memory->total = 81559ULL << 20;
    memory->used = mem_mib << 20;
    memory->free = memory->total - memory->used;
    return NVML_SUCCESS;
}

/* 9 is NVML_DEVICE_ARCH_HOPPER (nvml.h); the old-driver variant lacks the call, as drivers before 470 do */
int nvmlDeviceGetArchitecture(nvmlDevice_t device, unsigned int *arch) {
    int rc = check(device);
    if (rc) return rc;
    *arch = 9;
    return NVML_SUCCESS;
}

int nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device, unsigned long long *millijoules) {
    int rc = check(device);
    if (rc) return rc;
    if (no_counter[device->index]) return NVML_ERROR_NOT_SUPPORTED;
    double t = now_seconds() - t0;
    if (update_ms > 0) {
        double period = update_ms / 1000.0;
        t = ((long long) (t / period)) * period;
    }
    *millijoules = 5000000ULL * (device->index + 1) + (unsigned long long) (power_w[device->index] * 1000.0 * t);
    return NVML_SUCCESS;
}

int nvmlDeviceGetFieldValues(nvmlDevice_t device, int count, nvmlFieldValue_t *values) {
    int rc = check(device);
    if (rc) return rc;
    for (int i = 0; i < count; i++) {
        values[i].timestamp = (long long) (now_seconds() * 1e6);
        values[i].latencyUsec = 0;
        if (values[i].fieldId == NVML_FI_DEV_POWER_INSTANT && !no_instant) {
            values[i].valueType = 1; /* unsigned int, mW */
            values[i].value.uiVal = (unsigned int) (power_w[device->index] * 1000.0);
            values[i].nvmlReturn = NVML_SUCCESS;
        } else {
            values[i].nvmlReturn = NVML_ERROR_NOT_SUPPORTED;
        }
    }
    return NVML_SUCCESS;
}

int nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *reasons) {
    return nvmlDeviceGetCurrentClocksThrottleReasons(device, reasons);
}
#endif
