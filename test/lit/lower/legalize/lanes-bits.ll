; A vector viewed as many one-bit lanes (legalize/legal_lanes.c, bit
; repacking): instcombine tests bit 0 of lane 3 of an `and` of two int4s as
; lane 96 of a bitcast to <128 x i1> (HLSL's and(bool4, bool4) at -O1).
; The bitcast becomes the bits of the source lanes; only the lane read is
; built (a shift right by 0 and a trunc), the other 127 go.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: %[[A:[a-z0-9.]+]] = and i32
; CHECK: %[[B:[0-9]+]] = trunc i32 %[[A]] to i1
; CHECK: zext i1 %[[B]] to i32
; CHECK-NOT: x i1>
; CHECK-NOT: x i32>
; CHECK: ret void
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %a = insertelement <4 x i32> zeroinitializer, i32 %gi, i32 3
  %m = and <4 x i32> %a, <i32 1, i32 1, i32 1, i32 5>
  %bits = bitcast <4 x i32> %m to <128 x i1>
  %b = extractelement <128 x i1> %bits, i32 96
  %z = zext i1 %b to i32
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %z, ptr %p, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
