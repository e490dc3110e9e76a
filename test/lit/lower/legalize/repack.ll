; Struct values repacked (legalize/legal_repack.c).
; (1) simplifycfg merges two buffer reads into a phi (or a select) of the
; {i32, i1} pairs the llvm.dx.* loads return, read with extractvalue; the
; op lowering reads such a result's fields only where they are extracted
; from the call, so the phi becomes a phi per field read, of the fields
; read in each predecessor (and the select a select per field).
; (2) instcombine splits the load of a constant struct global into one
; load per field and an insertvalue chain (a library's resource global,
; which DXC's createHandleForLib takes whole; DXC: "Instructions must be
; of an allowed type" for the chain): loaded whole again. Libraries are
; checked as text only (their container needs RDAT).
; RUN: split-file %s %t
; RUN: %dxil-lower %t/phi.ll -o %t/phi.out.ll
; RUN: %FileCheck %s < %t/phi.out.ll
; RUN: %dxil-lower %t/phi.ll -o %t/phi.dxil
; RUN: %dxil-upgrade --check %t/phi.dxil
; RUN: %dxil-lower %t/lib.ll -o %t/lib.out.ll
; RUN: %FileCheck %s --check-prefix=LIB < %t/lib.out.ll
; RUN: %dxil-upgrade --check %t/lib.out.ll

; CHECK-LABEL: define void @main()
; CHECK: then:
; CHECK: %[[A:[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 0, i8 1, i32 4)
; CHECK-NEXT: %[[AV:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[A]], 0
; CHECK: else:
; CHECK: %[[B:[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %{{[a-z0-9]+}}, i32 0, i8 1, i32 4)
; CHECK-NEXT: %[[BV:[0-9]+]] = extractvalue %dx.types.ResRet.i32 %[[B]], 0
; CHECK: join:
; CHECK-NEXT: %v = phi i32 [ %[[AV]], %then ], [ %[[BV]], %else ]
; CHECK: %w = select i1 %c, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK-NOT: phi {
; CHECK-NOT: select i1 %c, {
; LIB-LABEL: define
; LIB: %[[K:[0-9a-z]+]] = load %struct.S, ptr @K, align 4
; LIB-NEXT: ret %struct.S %[[K]]
; LIB-NOT: insertvalue
;--- phi.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %in = tail call target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str.2)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %c = icmp ult i32 %gi, 16
  br i1 %c, label %then, label %else

then:
  %a = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 %gi, i32 0)
  br label %join

else:
  %j = sub i32 %gi, 16
  %b = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 %j, i32 0)
  br label %join

join:
  %pn = phi { i32, i1 } [ %a, %then ], [ %b, %else ]
  %v = extractvalue { i32, i1 } %pn, 0
  %x = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 0, i32 0)
  %y = call { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0) %in, i32 1, i32 0)
  %sel = select i1 %c, { i32, i1 } %x, { i32, i1 } %y
  %w = extractvalue { i32, i1 } %sel, 0
  %sum = add i32 %v, %w
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %sum, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_0_0t(i32, i32, i32, i32, ptr)
declare { i32, i1 } @llvm.dx.resource.load.rawbuffer.i32.tdx.RawBuffer_i32_0_0t(target("dx.RawBuffer", i32, 0, 0), i32, i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" }
;--- lib.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%struct.S = type { i32, float }

@K = internal constant %struct.S { i32 1, float 2.0 }, align 4

define %struct.S @get() #0 {
entry:
  %k.unpack = load i32, ptr @K, align 4
  %0 = insertvalue %struct.S poison, i32 %k.unpack, 0
  %k.elt1 = getelementptr inbounds nuw i8, ptr @K, i32 4
  %k.unpack2 = load float, ptr %k.elt1, align 4
  %k = insertvalue %struct.S %0, float %k.unpack2, 1
  ret %struct.S %k
}

attributes #0 = { "hlsl.export" }
