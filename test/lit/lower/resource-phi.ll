; A phi of pointers into two resources (what LLVM's instcombine, simplifycfg
; and LICM make of a load or store in each branch) has no DXIL form: the
; loads, stores and their GEPs move back into the predecessors, and a phi of
; the loaded values replaces each load. What would change meaning stays and
; is refused by name.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/^;BAD //' %s > %t.bad.ll
; RUN: not %dxil-lower %t.bad.ll -o %t.bad.out.ll 2> %t.err
; RUN: %FileCheck %s --check-prefix=BAD < %t.err
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

%struct.Pair = type { i32, i32 }

@.a = private unnamed_addr constant [2 x i8] c"A\00"
@.b = private unnamed_addr constant [2 x i8] c"B\00"
@.c = private unnamed_addr constant [2 x i8] c"C\00"
@.o = private unnamed_addr constant [2 x i8] c"O\00"

; CHECK-LABEL: define void @main(
; CHECK:       [[TID:%.*]] = call i32 @dx.op.threadId.i32(i32 93, i32 0)
; A load sunk into a join that a switch reaches twice from one block (one
; copy there, before the switch) and once from another, through a GEP into
; a struct:
; CHECK:       [[HA:%.*]] = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
; CHECK:       [[RA:%.*]] = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle [[HA]], i32 [[TID]], i32 4)
; CHECK-NEXT:  [[VA:%.*]] = extractvalue %dx.types.ResRet.i32 [[RA]], 0
; CHECK-NEXT:  switch i32 %sel
; CHECK:     if.b:
; CHECK-NEXT:  [[HB:%.*]] = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
; CHECK-NEXT:  [[RB:%.*]] = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle [[HB]], i32 [[TID]], i32 4)
; CHECK-NEXT:  [[VB:%.*]] = extractvalue %dx.types.ResRet.i32 [[RB]], 0
; CHECK-NEXT:  br label %join
; CHECK:     join:
; CHECK-NEXT:  %v = phi i32 [ [[VA]], %entry ], [ [[VA]], %entry ], [ [[VB]], %if.b ]
; A store sunk into the join of an if/else: one store per predecessor, of
; the stored value's incoming value there.
; CHECK:     case.a:
; CHECK:       call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{.*}}, i32 [[TID]], i32 0, i32 %v, i32 undef, i32 undef, i32 undef, i8 1)
; CHECK-NEXT:  br label %done
; CHECK:     case.c:
; CHECK:       %w = add i32 %v, 1
; CHECK:       call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{.*}}, i32 [[TID]], i32 0, i32 %w, i32 undef, i32 undef, i32 undef, i8 1)
; CHECK-NEXT:  br label %done
; CHECK:     done:
; CHECK-NEXT:  ret void
; CHECK-NOT:   phi ptr
define void @main() #0 {
entry:
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %sel = urem i32 %tid, 3
  %ha = call target("dx.RawBuffer", %struct.Pair, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Pairs_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @.a)
  %pa = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Pairs_1_0t(target("dx.RawBuffer", %struct.Pair, 1, 0) %ha, i32 %tid)
  switch i32 %sel, label %if.b [
    i32 0, label %join
    i32 1, label %join
  ]

if.b:
  %hb = call target("dx.RawBuffer", %struct.Pair, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Pairs_1_0t(i32 0, i32 1, i32 1, i32 0, ptr @.b)
  %pb = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Pairs_1_0t(target("dx.RawBuffer", %struct.Pair, 1, 0) %hb, i32 %tid)
  br label %join

join:
  %p = phi ptr [ %pa, %entry ], [ %pa, %entry ], [ %pb, %if.b ]
  %ho = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 2, i32 1, i32 0, ptr @.o)
  %f = getelementptr inbounds nuw i8, ptr %p, i32 4
;BAD  store i32 0, ptr addrspace(3) @shared, align 4
  %v = load i32, ptr %f, align 4
  %bit = and i32 %v, 1
  %c = icmp eq i32 %bit, 0
  br i1 %c, label %case.a, label %case.c

case.a:
  %qa = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %ho, i32 %tid)
  br label %done

case.c:
  %hc = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 3, i32 1, i32 0, ptr @.c)
  %qc = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %hc, i32 %tid)
  %w = add i32 %v, 1
  br label %done

done:
  %q = phi ptr [ %qa, %case.a ], [ %qc, %case.c ]
  %val = phi i32 [ %v, %case.a ], [ %w, %case.c ]
  store i32 %val, ptr %q, align 4
  ret void
}

; The load cannot move above a store to groupshared memory in the join:
; BAD: error: @main: `%p = phi ptr {{.*}}`: resource access through llvm.dx.resource.getpointer cannot be lowered: the resource pointer is used other than by load, store or getelementptr
;BAD @shared = internal addrspace(3) global i32 undef, align 4

declare i32 @llvm.dx.thread.id(i32) #1
declare target("dx.RawBuffer", %struct.Pair, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Pairs_1_0t(i32, i32, i32, i32, ptr) #1
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Pairs_1_0t(target("dx.RawBuffer", %struct.Pair, 1, 0), i32) #1
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr) #1
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32) #1

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
attributes #1 = { nounwind willreturn memory(none) }
