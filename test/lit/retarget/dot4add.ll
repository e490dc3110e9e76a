; dot4add_i8packed / dot4add_u8packed in plain IR: the four byte products
; (bytes sign- or zero-extended) added to the accumulator, wrapping. LLVM
; 22's backend emits OpSDot / OpUDot of packed words without their
; PackedVectorFormat4x8Bit operand, which spirv-val lets through and
; lavapipe refuses (found running the corpus's math shaders).
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck --check-prefix=GONE %s
; GONE-NOT: call {{.*}}dot4add

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
entry:
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %a = mul i32 %t, 16843009
  %b = xor i32 %a, -1
; Byte 0 of each, sign-extended in 32 bits (no Int8 needed), multiplied
; and added; then bytes 1 to 3.
; CHECK: [[A0:%[0-9]+]] = shl i32 %a, 24
; CHECK-NEXT: [[A0X:%[0-9]+]] = ashr i32 [[A0]], 24
; CHECK-NEXT: [[B0:%[0-9]+]] = shl i32 %b, 24
; CHECK-NEXT: [[B0X:%[0-9]+]] = ashr i32 [[B0]], 24
; CHECK-NEXT: [[M0:%[0-9]+]] = mul i32 [[A0X]], [[B0X]]
; CHECK-NEXT: [[S0:%[0-9]+]] = add i32 %t, [[M0]]
; CHECK: shl i32 %a, 16
; CHECK: shl i32 %a, 8
; CHECK: [[A3:%[0-9]+]] = shl i32 %a, 0
; CHECK-NEXT: ashr i32 [[A3]], 24
; CHECK: [[M3:%[0-9]+]] = mul i32
; CHECK-NEXT: %s = add i32 %{{[0-9]+}}, [[M3]]
  %s = call i32 @llvm.dx.dot4add.i8packed(i32 %t, i32 %a, i32 %b)
; The unsigned one zero-extends.
; CHECK: [[C0:%[0-9]+]] = lshr i32 %a, 0
; CHECK-NEXT: and i32 [[C0]], 255
; CHECK: [[C3:%[0-9]+]] = lshr i32 %b, 24
; CHECK-NEXT: and i32 [[C3]], 255
; CHECK: %u = add i32
  %u = call i32 @llvm.dx.dot4add.u8packed(i32 %s, i32 %a, i32 %b)
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %t, i32 0, i32 %u)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare i32 @llvm.dx.dot4add.i8packed(i32, i32, i32)
declare i32 @llvm.dx.dot4add.u8packed(i32, i32, i32)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
