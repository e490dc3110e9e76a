; llvm.atan2 and llvm.powi (legalize/legal_intrinsics_math.c): no DXIL op
; takes them (DXC: "External function 'llvm.atan2.f32' is not a DXIL
; function"). atan2 is atan(y / x) corrected by quadrant in DXC's order;
; powi, which instcombine makes of HLSL's pow(x, float(n)), is DXC's pow:
; x * x for n == 2, else exp2(log2(x) * n).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; CHECK-LABEL: define void @main()
; CHECK-NOT: @llvm.atan2
; CHECK: %[[Q:[0-9]+]] = fdiv float %y, %x
; CHECK: %[[A:[0-9]+]] = call float @dx.op.unary.f32(i32 17, float %[[Q]])
; CHECK-DAG: %[[ADD:[0-9]+]] = fadd float %[[A]], 0x400921FB60000000
; CHECK-DAG: %[[SUB:[0-9]+]] = fsub float %[[A]], 0x400921FB60000000
; CHECK-DAG: %[[XLT:[0-9]+]] = fcmp olt float %x, 0.000000e+00
; CHECK-DAG: %[[XEQ:[0-9]+]] = fcmp oeq float %x, 0.000000e+00
; CHECK-DAG: %[[YGE:[0-9]+]] = fcmp oge float %y, 0.000000e+00
; CHECK-DAG: %[[YLT:[0-9]+]] = fcmp olt float %y, 0.000000e+00
; CHECK: %[[C1:[0-9]+]] = and i1 %[[XLT]], %[[YGE]]
; CHECK: %[[S1:[0-9]+]] = select i1 %[[C1]], float %[[ADD]], float %[[A]]
; CHECK: %[[C2:[0-9]+]] = and i1 %[[XLT]], %[[YLT]]
; CHECK: %[[S2:[0-9]+]] = select i1 %[[C2]], float %[[SUB]], float %[[S1]]
; CHECK: %[[C3:[0-9]+]] = and i1 %[[XEQ]], %[[YLT]]
; CHECK: %[[S3:[0-9]+]] = select i1 %[[C3]], float 0xBFF921FB60000000, float %[[S2]]
; CHECK: %[[C4:[0-9]+]] = and i1 %[[XEQ]], %[[YGE]]
; CHECK: %at = select i1 %[[C4]], float 0x3FF921FB60000000, float %[[S3]]
; CHECK: %sq = fmul float %x, %x
; CHECK: %[[E:[0-9]+]] = sitofp i32 %n to float
; CHECK: %[[L:[0-9]+]] = call float @dx.op.unary.f32(i32 23, float %x)
; CHECK: %[[M:[0-9]+]] = fmul float %[[L]], %[[E]]
; CHECK: %[[P:[0-9]+]] = call float @dx.op.unary.f32(i32 21, float %[[M]])
; CHECK: fadd float %s1, %[[P]]
; CHECK-NOT: @llvm.powi
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %n = and i32 %gi, 7
  %x = uitofp i32 %gi to float
  %y = sitofp i32 %n to float
  %at = call float @llvm.atan2.f32(float %y, float %x)
  %sq = call float @llvm.powi.f32.i32(float %x, i32 2)
  %pw = call float @llvm.powi.f32.i32(float %x, i32 %n)
  %s1 = fadd float %at, %sq
  %s2 = fadd float %s1, %pw
  %p = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %out, i32 %gi)
  store float %s2, ptr %p, align 4
  ret void
}

declare float @llvm.atan2.f32(float, float)
declare float @llvm.powi.f32.i32(float, i32)
declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
