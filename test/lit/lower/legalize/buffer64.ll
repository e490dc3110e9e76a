; 64-bit buffer elements (legalize/legal_buffer64.c): bufferLoad/Store have
; no double or i64 overload, nor rawBufferLoad/Store before DXIL 1.3. As
; DXC does, such an element moves as 32-bit word pairs, low word first: a
; double is put together with makeDouble and taken apart with splitDouble,
; an i64 with zext/shl/or and trunc/lshr.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil

; CHECK-LABEL: define void @main()
; A double2 of a typed buffer: four words, two makeDouble.
; CHECK: %[[L:[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID:[0-9]+]], i32 undef)
; CHECK-NEXT: %[[W0:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[L]], 0
; CHECK-NEXT: %[[W1:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[L]], 1
; CHECK-NEXT: %[[X:[0-9]+]] = call double @dx.op.makeDouble.f64(i32 101, i32 %[[W0]], i32 %[[W1]])
; CHECK-NEXT: %[[W2:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[L]], 2
; CHECK-NEXT: %[[W3:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[L]], 3
; CHECK-NEXT: %[[Y:[0-9]+]] = call double @dx.op.makeDouble.f64(i32 101, i32 %[[W2]], i32 %[[W3]])
; CHECK-NEXT: %s = fadd double %[[X]], %[[Y]]
; A double stored: splitDouble's words.
; CHECK-NEXT: %[[SD:[0-9]+]] = call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102, double %s)
; CHECK-NEXT: %[[LO:[0-9]+]] = extractvalue %dx.types.splitdouble %[[SD]], 0
; CHECK-NEXT: %[[HI:[0-9]+]] = extractvalue %dx.types.splitdouble %[[SD]], 1
; CHECK-NEXT: call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 undef, i32 %[[LO]], i32 %[[HI]], i32 %[[LO]], i32 %[[LO]], i8 15)
; A uint64_t read, incremented and written back.
; CHECK: %[[C:[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68,
; CHECK: %[[CL:[0-9]+]] = zext i32 %{{[0-9]+}} to i64
; CHECK-NEXT: %[[CH:[0-9]+]] = zext i32 %{{[0-9]+}} to i64
; CHECK-NEXT: %[[CS:[0-9]+]] = shl i64 %[[CH]], 32
; CHECK-NEXT: %c = or i64 %[[CL]], %[[CS]]
; CHECK-NEXT: %c1 = add i64 %c, 4294967297
; CHECK-NEXT: %[[T0:[0-9]+]] = trunc i64 %c1 to i32
; CHECK-NEXT: %[[T1:[0-9]+]] = lshr i64 %c1, 32
; CHECK-NEXT: %[[T2:[0-9]+]] = trunc i64 %[[T1]] to i32
; CHECK-NEXT: call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 undef, i32 %[[T0]], i32 %[[T2]], i32 %[[T0]], i32 %[[T0]], i8 15)
; A structured buffer's double at DXIL 1.2: two words of rawBufferStore.i32.
; CHECK: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %[[ID]], i32 0, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 undef, i8 3, i32 4)
; CHECK-NOT: bufferLoad.f64
; CHECK-NOT: bufferLoad.i64
; CHECK-NOT: Store.f64
; CHECK-NOT: Store.i64
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.2-pc-shadermodel6.2-compute"

@.s0 = private unnamed_addr constant [3 x i8] c"In\00", align 1
@.s1 = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.s2 = private unnamed_addr constant [6 x i8] c"Count\00", align 1
@.s3 = private unnamed_addr constant [4 x i8] c"Raw\00", align 1

define void @main() local_unnamed_addr #0 {
entry:
  %in = tail call target("dx.TypedBuffer", <2 x double>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2f64_0_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.s0)
  %out = tail call target("dx.TypedBuffer", double, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f64_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.s1)
  %cnt = tail call target("dx.TypedBuffer", i64, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i64_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr nonnull @.s2)
  %raw = tail call target("dx.RawBuffer", double, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f64_1_0t(i32 0, i32 2, i32 1, i32 0, ptr nonnull @.s3)
  %id = tail call i32 @llvm.dx.thread.id(i32 0)
  %pin = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v2f64_0_0_0t(target("dx.TypedBuffer", <2 x double>, 0, 0, 0) %in, i32 %id)
  %v = load <2 x double>, ptr %pin, align 16
  %x = extractelement <2 x double> %v, i64 0
  %y = extractelement <2 x double> %v, i64 1
  %s = fadd double %x, %y
  %pout = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f64_1_0_0t(target("dx.TypedBuffer", double, 1, 0, 0) %out, i32 %id)
  store double %s, ptr %pout, align 8
  %pc = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_i64_1_0_0t(target("dx.TypedBuffer", i64, 1, 0, 0) %cnt, i32 %id)
  %c = load i64, ptr %pc, align 8
  %c1 = add i64 %c, 4294967297
  store i64 %c1, ptr %pc, align 8
  %pr = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f64_1_0t(target("dx.RawBuffer", double, 1, 0) %raw, i32 %id)
  store double %s, ptr %pr, align 8
  ret void
}

declare target("dx.TypedBuffer", <2 x double>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2f64_0_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", double, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f64_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", i64, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i64_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", double, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f64_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v2f64_0_0_0t(target("dx.TypedBuffer", <2 x double>, 0, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f64_1_0_0t(target("dx.TypedBuffer", double, 1, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_i64_1_0_0t(target("dx.TypedBuffer", i64, 1, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f64_1_0t(target("dx.RawBuffer", double, 1, 0), i32)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
