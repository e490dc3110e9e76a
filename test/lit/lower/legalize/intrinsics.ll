; Generic intrinsics (legalize/legal_intrinsics.c): LLVM 22's optimizers make
; llvm.fshl (a rotate), llvm.umul.with.overflow, llvm.abs, llvm.ctlz,
; llvm.bswap, llvm.exp/pow, llvm.round, llvm.minimum, llvm.uadd.sat and
; llvm.assume, none of which is a DXIL function (DXC: "External function
; '...' is not a DXIL function"). Each becomes plain instructions or an
; intrinsic the op table maps (LLVM's DXILIntrinsicExpansion); llvm.assume
; and, before DXIL 1.6, lifetime markers go. A DXIL 1.6 module keeps its
; lifetime markers (DXC's validator allows them from DXIL 1.6).
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=NOT < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3/dxilv1.6-pc-shadermodel6.6/' %s > %t.66.in.ll
; RUN: %dxil-lower %t.66.in.ll -o %t.66.ll
; RUN: %FileCheck %s --check-prefix=SM66 < %t.66.ll
; RUN: %dxil-lower %t.66.in.ll -o %t.66.dxil
; RUN: %dxil-upgrade --check %t.66.dxil
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

; CHECK-LABEL: define void @main()
; CHECK: %[[X:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %{{[0-9]+}}, 0
; CHECK: %[[Y:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %{{[0-9]+}}, 0
define void @main() local_unnamed_addr #0 {
entry:
  %tmp = alloca [4 x i32], align 4
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %in = tail call target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str.2)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %px = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 %gi)
  %x = load i32, ptr %px, align 4
  %gi1 = add i32 %gi, 1
  %py = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 %gi1)
  %y = load i32, ptr %py, align 4
  call void @llvm.lifetime.start.p0(ptr %tmp)

; (x << 3 | x >> 29): a rotate by a constant, two shifts and an or.
; CHECK: %[[S1:[0-9]+]] = shl i32 %[[X]], 3
; CHECK-NEXT: %[[S2:[0-9]+]] = lshr i32 %[[X]], 29
; CHECK-NEXT: %[[OR:[0-9]+]] = or i32 %[[S1]], %[[S2]]
; CHECK-NEXT: %rot = select i1 false, i32 %[[X]], i32 %[[OR]]
  %rot = tail call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 3)

; The product and its overflow bit: the product divided back.
; CHECK: %prod = mul i32 %[[X]], %[[Y]]
; CHECK: %[[XZ:[0-9]+]] = icmp eq i32 %[[X]], 0
; CHECK: %[[D:[0-9]+]] = select i1 %[[XZ]], i32 1, i32 %[[X]]
; CHECK: udiv i32 %prod, %[[D]]
  %mo = tail call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %x, i32 %y)
  %prod = extractvalue { i32, i1 } %mo, 0
  %ovf = extractvalue { i32, i1 } %mo, 1
  %ovfz = zext i1 %ovf to i32

; abs(x) = IMax(x, 0 - x); ctlz = width for 0, else FirstbitHi.
; CHECK: %[[NEG:[0-9]+]] = sub i32 0, %[[X]]
; CHECK: call i32 @dx.op.binary.i32(i32 37, i32 %[[X]], i32 %[[NEG]])
; CHECK: call i32 @dx.op.unaryBits.i32(i32 33, i32 %[[Y]])
; CHECK: icmp eq i32 %[[Y]], 0
  %abs = tail call i32 @llvm.abs.i32(i32 %x, i1 false)
  %lz = tail call i32 @llvm.ctlz.i32(i32 %y, i1 false)

; bswap: each byte moved with shifts and masks.
; CHECK: and i32 %{{[0-9]+}}, 255
; CHECK: shl i32 %{{[0-9]+}}, 24
  %bs = tail call i32 @llvm.bswap.i32(i32 %y)

; uadd.sat: the sum, and all ones where it wrapped.
; CHECK: %[[SUM:[0-9]+]] = add i32 %[[X]], %[[Y]]
; CHECK-NEXT: %[[W:[0-9]+]] = icmp ult i32 %[[SUM]], %[[X]]
; CHECK-NEXT: select i1 %[[W]], i32 -1, i32 %[[SUM]]
  %sat = tail call i32 @llvm.uadd.sat.i32(i32 %x, i32 %y)

; exp(f) = exp2(f * log2(e)); pow(f, g) = exp2(g * log2(f)).
; CHECK: %[[F:[a-z0-9.]+]] = uitofp i32 %[[X]] to float
; CHECK: %[[E:[0-9]+]] = fmul fast float %[[F]], 0x3FF7154760000000
; CHECK-NEXT: call float @dx.op.unary.f32(i32 21, float %[[E]])
; CHECK: %[[L:[0-9]+]] = call float @dx.op.unary.f32(i32 23, float %[[F]])
; CHECK-NEXT: %[[ML:[0-9]+]] = fmul fast float %{{.*}}, %[[L]]
; CHECK-NEXT: call float @dx.op.unary.f32(i32 21, float %[[ML]])
  %f = uitofp i32 %x to float
  %g = uitofp i32 %y to float
  %ex = tail call fast float @llvm.exp.f32(float %f)
  %pw = tail call fast float @llvm.pow.f32(float %f, float %g)

; round: floor(|f| + 0.5) with f's sign; minimum: FMin.
; CHECK: %[[A:[0-9]+]] = call float @dx.op.unary.f32(i32 6, float %[[F]])
; CHECK-NEXT: %[[H:[0-9]+]] = fadd float %[[A]], 5.000000e-01
; CHECK-NEXT: call float @dx.op.unary.f32(i32 27, float %[[H]])
; CHECK: call float @dx.op.binary.f32(i32 36, float %[[F]], float %{{[a-z0-9.]+}})
  %rd = tail call fast float @llvm.round.f32(float %f)
  %mn = tail call float @llvm.minimum.f32(float %f, float %g)
  %small = icmp ult i32 %x, 100
  tail call void @llvm.assume(i1 %small)

  %r0 = add i32 %rot, %prod
  %r1 = add i32 %r0, %ovfz
  %r2 = add i32 %r1, %abs
  %r3 = add i32 %r2, %lz
  %r4 = add i32 %r3, %bs
  %r5 = add i32 %r4, %sat
  %fa = fadd fast float %ex, %pw
  %fb = fadd fast float %fa, %rd
  %fc = fadd fast float %fb, %mn
  %fi = fptoui float %fc to i32
  %r6 = add i32 %r5, %fi
  store i32 %r6, ptr %tmp, align 4
  %back = load i32, ptr %tmp, align 4
  call void @llvm.lifetime.end.p0(ptr %tmp)
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %back, ptr %po, align 4
  ret void
}
; CHECK-NOT: @llvm.
; NOT-NOT: @llvm.fshl
; NOT-NOT: @llvm.umul.with.overflow
; NOT-NOT: @llvm.abs
; NOT-NOT: @llvm.ctlz
; NOT-NOT: @llvm.bswap
; NOT-NOT: @llvm.uadd.sat
; NOT-NOT: @llvm.exp.
; NOT-NOT: @llvm.pow
; NOT-NOT: @llvm.round
; NOT-NOT: @llvm.minimum
; NOT-NOT: @llvm.assume
; NOT-NOT: @llvm.lifetime
; SM66: call void @llvm.lifetime.start.p0(ptr %tmp)
; SM66: call void @llvm.lifetime.end.p0(ptr %tmp)
; SM66-NOT: @llvm.fshl

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare float @llvm.exp.f32(float)
declare float @llvm.pow.f32(float, float)
declare float @llvm.round.f32(float)
declare float @llvm.minimum.f32(float, float)
declare void @llvm.assume(i1)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
