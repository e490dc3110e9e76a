// prelude.h - the HLSL library the shaders here use, for clang 22, which
// ships no hlsl.h usable with -cc1: typedefs, and intrinsics declared as
// aliases of clang's builtins (clang_builtin_alias), overloaded by type as
// HLSL's are. Functions HLSL defines over others (length, distance,
// smoothstep, reflect, ...) are written out, as hlsl.h does.
#ifndef PRELUDE_H
#define PRELUDE_H

#define ALIAS(b) __attribute__((clang_builtin_alias(b)))
#define INLINE static inline

typedef unsigned int uint;
typedef vector<float, 2> float2;
typedef vector<float, 3> float3;
typedef vector<float, 4> float4;
typedef vector<int, 2> int2;
typedef vector<int, 3> int3;
typedef vector<int, 4> int4;
typedef vector<uint, 2> uint2;
typedef vector<uint, 3> uint3;
typedef vector<uint, 4> uint4;
typedef vector<bool, 2> bool2;
typedef vector<bool, 3> bool3;
typedef vector<bool, 4> bool4;
typedef vector<double, 2> double2;
typedef vector<double, 3> double3;
typedef vector<double, 4> double4;
typedef long int64_t;
typedef unsigned long uint64_t;
typedef vector<int64_t, 2> int64_t2;
typedef vector<uint64_t, 2> uint64_t2;
#ifdef __HLSL_ENABLE_16_BIT
typedef short int16_t;
typedef unsigned short uint16_t;
typedef vector<int16_t, 2> int16_t2;
typedef vector<int16_t, 4> int16_t4;
typedef vector<uint16_t, 2> uint16_t2;
typedef vector<uint16_t, 4> uint16_t4;
#endif
typedef vector<half, 2> half2;
typedef vector<half, 3> half3;
typedef vector<half, 4> half4;

// Declares F for float, float2, float3, float4 (and the half ones).
#define FLOATS1(B, F)                                                          \
  ALIAS(B) float F(float);                                                     \
  ALIAS(B) float2 F(float2);                                                   \
  ALIAS(B) float3 F(float3);                                                   \
  ALIAS(B) float4 F(float4);                                                   \
  ALIAS(B) half F(half);                                                       \
  ALIAS(B) half2 F(half2);                                                     \
  ALIAS(B) half3 F(half3);                                                     \
  ALIAS(B) half4 F(half4);
#define FLOATS2(B, F)                                                          \
  ALIAS(B) float F(float, float);                                              \
  ALIAS(B) float2 F(float2, float2);                                           \
  ALIAS(B) float3 F(float3, float3);                                           \
  ALIAS(B) float4 F(float4, float4);                                           \
  ALIAS(B) half F(half, half);                                                 \
  ALIAS(B) half2 F(half2, half2);                                              \
  ALIAS(B) half3 F(half3, half3);                                              \
  ALIAS(B) half4 F(half4, half4);
#define FLOATS3(B, F)                                                          \
  ALIAS(B) float F(float, float, float);                                       \
  ALIAS(B) float2 F(float2, float2, float2);                                   \
  ALIAS(B) float3 F(float3, float3, float3);                                   \
  ALIAS(B) float4 F(float4, float4, float4);                                   \
  ALIAS(B) half F(half, half, half);                                           \
  ALIAS(B) half2 F(half2, half2, half2);                                       \
  ALIAS(B) half3 F(half3, half3, half3);                                       \
  ALIAS(B) half4 F(half4, half4, half4);
#define INTS1(B, F)                                                            \
  ALIAS(B) int F(int);                                                         \
  ALIAS(B) int2 F(int2);                                                       \
  ALIAS(B) int3 F(int3);                                                       \
  ALIAS(B) int4 F(int4);                                                       \
  ALIAS(B) uint F(uint);                                                       \
  ALIAS(B) uint2 F(uint2);                                                     \
  ALIAS(B) uint3 F(uint3);                                                     \
  ALIAS(B) uint4 F(uint4);
#define INTS2(B, F)                                                            \
  ALIAS(B) int F(int, int);                                                    \
  ALIAS(B) int2 F(int2, int2);                                                 \
  ALIAS(B) int3 F(int3, int3);                                                 \
  ALIAS(B) int4 F(int4, int4);                                                 \
  ALIAS(B) uint F(uint, uint);                                                 \
  ALIAS(B) uint2 F(uint2, uint2);                                              \
  ALIAS(B) uint3 F(uint3, uint3);                                              \
  ALIAS(B) uint4 F(uint4, uint4);
#define INTS3(B, F)                                                            \
  ALIAS(B) int F(int, int, int);                                               \
  ALIAS(B) int2 F(int2, int2, int2);                                           \
  ALIAS(B) int3 F(int3, int3, int3);                                           \
  ALIAS(B) int4 F(int4, int4, int4);                                           \
  ALIAS(B) uint F(uint, uint, uint);                                           \
  ALIAS(B) uint2 F(uint2, uint2, uint2);                                       \
  ALIAS(B) uint3 F(uint3, uint3, uint3);                                       \
  ALIAS(B) uint4 F(uint4, uint4, uint4);

// ---- float math
FLOATS1(__builtin_elementwise_abs, abs)
INTS1(__builtin_elementwise_abs, abs)
FLOATS1(__builtin_elementwise_sqrt, sqrt)
FLOATS1(__builtin_hlsl_elementwise_rsqrt, rsqrt)
FLOATS1(__builtin_hlsl_elementwise_rcp, rcp)
FLOATS1(__builtin_elementwise_floor, floor)
FLOATS1(__builtin_elementwise_ceil, ceil)
FLOATS1(__builtin_elementwise_trunc, trunc)
FLOATS1(__builtin_elementwise_roundeven, round)
FLOATS1(__builtin_hlsl_elementwise_frac, frac)
FLOATS1(__builtin_hlsl_elementwise_saturate, saturate)
FLOATS1(__builtin_elementwise_exp, exp)
FLOATS1(__builtin_elementwise_exp2, exp2)
FLOATS1(__builtin_elementwise_log, log)
FLOATS1(__builtin_elementwise_log2, log2)
FLOATS1(__builtin_elementwise_sin, sin)
FLOATS1(__builtin_elementwise_cos, cos)
FLOATS1(__builtin_elementwise_tan, tan)
FLOATS1(__builtin_elementwise_asin, asin)
FLOATS1(__builtin_elementwise_acos, acos)
FLOATS1(__builtin_elementwise_atan, atan)
FLOATS1(__builtin_elementwise_sinh, sinh)
FLOATS1(__builtin_elementwise_cosh, cosh)
FLOATS1(__builtin_elementwise_tanh, tanh)
FLOATS1(__builtin_hlsl_elementwise_degrees, degrees)
FLOATS1(__builtin_hlsl_elementwise_radians, radians)
FLOATS1(__builtin_hlsl_normalize, normalize)
FLOATS2(__builtin_elementwise_pow, pow)
FLOATS2(__builtin_hlsl_step, step)
FLOATS2(__builtin_elementwise_maxnum, max)
FLOATS2(__builtin_elementwise_minnum, min)
INTS2(__builtin_elementwise_max, max)
INTS2(__builtin_elementwise_min, min)
FLOATS3(__builtin_hlsl_lerp, lerp)
FLOATS3(__builtin_hlsl_mad, mad)
INTS3(__builtin_hlsl_mad, mad)
FLOATS3(__builtin_hlsl_elementwise_clamp, clamp)
INTS3(__builtin_hlsl_elementwise_clamp, clamp)
#ifdef __HLSL_ENABLE_16_BIT
ALIAS(__builtin_hlsl_elementwise_clamp) int16_t clamp(int16_t, int16_t, int16_t);
ALIAS(__builtin_hlsl_elementwise_clamp) uint16_t clamp(uint16_t, uint16_t, uint16_t);
ALIAS(__builtin_elementwise_max) int16_t max(int16_t, int16_t);
ALIAS(__builtin_elementwise_min) uint16_t min(uint16_t, uint16_t);
ALIAS(__builtin_elementwise_abs) int16_t abs(int16_t);
#endif
ALIAS(__builtin_hlsl_crossf32) float3 cross(float3, float3);
ALIAS(__builtin_hlsl_crossf16) half3 cross(half3, half3);

ALIAS(__builtin_hlsl_dot) float dot(float2, float2);
ALIAS(__builtin_hlsl_dot) float dot(float3, float3);
ALIAS(__builtin_hlsl_dot) float dot(float4, float4);
ALIAS(__builtin_hlsl_dot) half dot(half2, half2);
ALIAS(__builtin_hlsl_dot) half dot(half3, half3);
ALIAS(__builtin_hlsl_dot) half dot(half4, half4);
ALIAS(__builtin_hlsl_dot) int dot(int2, int2);
ALIAS(__builtin_hlsl_dot) int dot(int3, int3);
ALIAS(__builtin_hlsl_dot) int dot(int4, int4);
ALIAS(__builtin_hlsl_dot) uint dot(uint2, uint2);
ALIAS(__builtin_hlsl_dot) uint dot(uint3, uint3);
ALIAS(__builtin_hlsl_dot) uint dot(uint4, uint4);

ALIAS(__builtin_hlsl_elementwise_sign) int sign(float);
ALIAS(__builtin_hlsl_elementwise_sign) int2 sign(float2);
ALIAS(__builtin_hlsl_elementwise_sign) int3 sign(float3);
ALIAS(__builtin_hlsl_elementwise_sign) int4 sign(float4);
ALIAS(__builtin_hlsl_elementwise_sign) int sign(int);
ALIAS(__builtin_hlsl_elementwise_sign) int sign(double);

ALIAS(__builtin_hlsl_elementwise_isinf) bool isinf(float);
ALIAS(__builtin_hlsl_elementwise_isinf) bool4 isinf(float4);
ALIAS(__builtin_hlsl_elementwise_isnan) bool isnan(float);
ALIAS(__builtin_hlsl_elementwise_isnan) bool4 isnan(float4);
ALIAS(__builtin_hlsl_elementwise_isinf) bool isinf(half);
ALIAS(__builtin_hlsl_elementwise_isinf) bool4 isinf(half4);
ALIAS(__builtin_hlsl_elementwise_isnan) bool isnan(half);
ALIAS(__builtin_hlsl_elementwise_isnan) bool4 isnan(half4);
FLOATS2(__builtin_elementwise_atan2, atan2)

ALIAS(__builtin_hlsl_any) bool any(bool);
ALIAS(__builtin_hlsl_any) bool any(bool3);
ALIAS(__builtin_hlsl_any) bool any(float3);
ALIAS(__builtin_hlsl_any) bool any(int4);
ALIAS(__builtin_hlsl_all) bool all(bool2);
ALIAS(__builtin_hlsl_all) bool all(float2);
ALIAS(__builtin_hlsl_all) bool all(uint3);

// ---- derivatives (pixel shaders)
FLOATS1(__builtin_hlsl_elementwise_ddx_coarse, ddx_coarse)
FLOATS1(__builtin_hlsl_elementwise_ddy_coarse, ddy_coarse)
FLOATS1(__builtin_hlsl_elementwise_ddx_fine, ddx_fine)
FLOATS1(__builtin_hlsl_elementwise_ddy_fine, ddy_fine)
ALIAS(__builtin_hlsl_elementwise_clip) void clip(float);
ALIAS(__builtin_hlsl_elementwise_clip) void clip(float4);

// ---- bits
ALIAS(__builtin_elementwise_popcount) uint countbits(uint);
ALIAS(__builtin_elementwise_popcount) uint2 countbits(uint2);
ALIAS(__builtin_elementwise_bitreverse) uint reversebits(uint);
ALIAS(__builtin_elementwise_bitreverse) uint4 reversebits(uint4);
ALIAS(__builtin_hlsl_elementwise_firstbithigh) uint prelude_fbh(uint);
ALIAS(__builtin_hlsl_elementwise_firstbithigh) uint prelude_fbh(int);
// The builtin is the target's op: DXIL's FirstbitHi counts from the top
// bit, SPIR-V's FindUMsb/FindSMsb (HLSL's meaning) from the bottom.
INLINE uint prelude_fbh_hlsl(uint r) {
#ifdef __DIRECTX__
  return r == 0xFFFFFFFFu ? r : 31u - r;
#else
  return r;
#endif
}
INLINE uint firstbithigh(uint x) { return prelude_fbh_hlsl(prelude_fbh(x)); }
INLINE uint firstbithigh(int x) { return prelude_fbh_hlsl(prelude_fbh(x)); }
INLINE uint2 firstbithigh(uint2 x) { return uint2(firstbithigh(x.x), firstbithigh(x.y)); }
ALIAS(__builtin_hlsl_elementwise_firstbitlow) uint firstbitlow(uint);
ALIAS(__builtin_hlsl_elementwise_firstbitlow) uint2 firstbitlow(uint2);
ALIAS(__builtin_hlsl_elementwise_f16tof32) float f16tof32(uint);
ALIAS(__builtin_hlsl_elementwise_f16tof32) float4 f16tof32(uint4);
ALIAS(__builtin_hlsl_asdouble) double asdouble(uint, uint);
ALIAS(__builtin_hlsl_elementwise_splitdouble) void splitdouble(double, out uint, out uint);
ALIAS(__builtin_hlsl_elementwise_splitdouble) void splitdouble(double4, out uint4, out uint4);
ALIAS(__builtin_hlsl_adduint64) uint2 AddUint64(uint2, uint2);
ALIAS(__builtin_hlsl_adduint64) uint4 AddUint64(uint4, uint4);
ALIAS(__builtin_hlsl_dot4add_i8packed) int dot4add_i8packed(uint, uint, int);
ALIAS(__builtin_hlsl_dot4add_u8packed) uint dot4add_u8packed(uint, uint, uint);

// ---- wave ops
ALIAS(__builtin_hlsl_wave_get_lane_index) uint WaveGetLaneIndex();
ALIAS(__builtin_hlsl_wave_get_lane_count) uint WaveGetLaneCount();
ALIAS(__builtin_hlsl_wave_is_first_lane) bool WaveIsFirstLane();
ALIAS(__builtin_hlsl_wave_active_any_true) bool WaveActiveAnyTrue(bool);
ALIAS(__builtin_hlsl_wave_active_all_true) bool WaveActiveAllTrue(bool);
ALIAS(__builtin_hlsl_wave_active_count_bits) uint WaveActiveCountBits(bool);
ALIAS(__builtin_hlsl_wave_active_ballot) uint4 WaveActiveBallot(bool);
ALIAS(__builtin_hlsl_wave_active_sum) float WaveActiveSum(float);
ALIAS(__builtin_hlsl_wave_active_sum) float4 WaveActiveSum(float4);
ALIAS(__builtin_hlsl_wave_active_sum) int WaveActiveSum(int);
ALIAS(__builtin_hlsl_wave_active_sum) uint WaveActiveSum(uint);
ALIAS(__builtin_hlsl_wave_active_max) float WaveActiveMax(float);
ALIAS(__builtin_hlsl_wave_active_max) int WaveActiveMax(int);
ALIAS(__builtin_hlsl_wave_active_max) uint WaveActiveMax(uint);
ALIAS(__builtin_hlsl_wave_active_min) float WaveActiveMin(float);
ALIAS(__builtin_hlsl_wave_active_min) int WaveActiveMin(int);
ALIAS(__builtin_hlsl_wave_active_min) uint WaveActiveMin(uint);
ALIAS(__builtin_hlsl_wave_read_lane_at) float WaveReadLaneAt(float, uint);
ALIAS(__builtin_hlsl_wave_read_lane_at) uint WaveReadLaneAt(uint, uint);
ALIAS(__builtin_hlsl_wave_read_lane_at) float4 WaveReadLaneAt(float4, uint);
ALIAS(__builtin_hlsl_wave_active_sum) half WaveActiveSum(half);
ALIAS(__builtin_hlsl_wave_active_sum) half2 WaveActiveSum(half2);
ALIAS(__builtin_hlsl_wave_active_sum) half4 WaveActiveSum(half4);
ALIAS(__builtin_hlsl_wave_active_max) half WaveActiveMax(half);
ALIAS(__builtin_hlsl_wave_active_min) half2 WaveActiveMin(half2);
ALIAS(__builtin_hlsl_wave_read_lane_at) half WaveReadLaneAt(half, uint);
#ifdef __HLSL_ENABLE_16_BIT
ALIAS(__builtin_hlsl_wave_active_sum) int16_t WaveActiveSum(int16_t);
ALIAS(__builtin_hlsl_wave_active_sum) uint16_t2 WaveActiveSum(uint16_t2);
ALIAS(__builtin_hlsl_wave_active_max) int16_t WaveActiveMax(int16_t);
ALIAS(__builtin_hlsl_wave_read_lane_at) uint16_t WaveReadLaneAt(uint16_t, uint);
#endif

// ---- barriers
ALIAS(__builtin_hlsl_group_memory_barrier_with_group_sync) void GroupMemoryBarrierWithGroupSync();

// ---- HLSL functions written over the intrinsics
INLINE float length(float2 v) { return sqrt(dot(v, v)); }
INLINE float length(float3 v) { return sqrt(dot(v, v)); }
INLINE float length(float4 v) { return sqrt(dot(v, v)); }
INLINE float distance(float3 a, float3 b) { return length(a - b); }
INLINE float distance(float2 a, float2 b) { return length(a - b); }
INLINE float3 reflect(float3 i, float3 n) { return i - 2.0f * dot(n, i) * n; }
INLINE float smoothstep(float a, float b, float x) {
  float t = saturate((x - a) / (b - a));
  return t * t * (3.0f - 2.0f * t);
}
INLINE float fmod(float a, float b) { return a - b * trunc(a / b); }

#endif
