; The bit-widths pass: Vulkan takes OpBitCount and OpBitReverse on 32-bit
; integers only, and LLVM 22's backend emits llvm.ctpop / llvm.bitreverse
; of other widths as they are (spirv-val refuses them). A 16-bit value is
; widened (its count is the zero-extended value's, its reverse the top half
; of the reverse of the value shifted up 16); a 64-bit one is split in
; words (the sum of the words' counts; the words' reverses swapped).
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck --check-prefix=GONE %s
; GONE-NOT: call i16 @llvm.{{ctpop|bitreverse}}
; GONE-NOT: call i64 @llvm.{{ctpop|bitreverse}}
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
entry:
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %h = trunc i32 %t to i16
; CHECK: [[W:%[0-9]+]] = zext i16 %h to i32
; CHECK-NEXT: [[C:%[0-9]+]] = call i32 @llvm.ctpop.i32(i32 [[W]])
; CHECK-NEXT: %c16 = trunc i32 [[C]] to i16
; CHECK-NEXT: [[W2:%[0-9]+]] = zext i16 %h to i32
; CHECK-NEXT: [[S:%[0-9]+]] = shl i32 [[W2]], 16
; CHECK-NEXT: [[R:%[0-9]+]] = call i32 @llvm.bitreverse.i32(i32 [[S]])
; CHECK-NEXT: %r16 = trunc i32 [[R]] to i16
  %c16 = call i16 @llvm.ctpop.i16(i16 %h)
  %r16 = call i16 @llvm.bitreverse.i16(i16 %h)
  %w = zext i32 %t to i64
  %w2 = shl i64 %w, 33
  %w3 = or i64 %w2, %w
; CHECK: [[LO:%[0-9]+]] = trunc i64 %w3 to i32
; CHECK-NEXT: [[SH:%[0-9]+]] = lshr i64 %w3, 32
; CHECK-NEXT: [[HI:%[0-9]+]] = trunc i64 [[SH]] to i32
; CHECK-NEXT: [[CL:%[0-9]+]] = call i32 @llvm.ctpop.i32(i32 [[LO]])
; CHECK-NEXT: [[CH:%[0-9]+]] = call i32 @llvm.ctpop.i32(i32 [[HI]])
; CHECK-NEXT: [[SUM:%[0-9]+]] = add i32 [[CL]], [[CH]]
; CHECK-NEXT: %c64 = zext i32 [[SUM]] to i64
; CHECK: [[RL:%[0-9]+]] = call i32 @llvm.bitreverse.i32(i32 %{{[0-9]+}})
; CHECK-NEXT: [[RH:%[0-9]+]] = call i32 @llvm.bitreverse.i32(i32 %{{[0-9]+}})
; CHECK-NEXT: [[XH:%[0-9]+]] = zext i32 [[RH]] to i64
; CHECK-NEXT: [[XL:%[0-9]+]] = zext i32 [[RL]] to i64
; CHECK-NEXT: [[UP:%[0-9]+]] = shl i64 [[XL]], 32
; CHECK-NEXT: %r64 = or i64 [[UP]], [[XH]]
  %c64 = call i64 @llvm.ctpop.i64(i64 %w3)
  %r64 = call i64 @llvm.bitreverse.i64(i64 %w3)
  %a = zext i16 %c16 to i32
  %b = zext i16 %r16 to i32
  %c = trunc i64 %c64 to i32
  %d = trunc i64 %r64 to i32
  %e = lshr i64 %r64, 32
  %f = trunc i64 %e to i32
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %s1, %s2
  %s4 = add i32 %s3, %f
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %t, i32 0, i32 %s4)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare i16 @llvm.ctpop.i16(i16)
declare i16 @llvm.bitreverse.i16(i16)
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.bitreverse.i64(i64)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
