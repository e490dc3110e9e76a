; Typed GEP paths (legalize/legal_gep.c): LLVM 22's instcombine addresses
; memory by bytes (`getelementptr i8, ptr @s, i32 %off`, the offset a
; shl of the index). DXC's validator refuses an i8 GEP ("I8 can only be
; used as immediate value for intrinsic") and reads its offset as out of
; bounds; each access gets one `getelementptr inbounds T, ptr @obj, i32 0,
; ...` down the object's type, ending on the accessed type: struct fields
; by offset, array elements by offset and by the dynamic terms (index *
; bytes, with shl/mul/add folded in). An address that cuts a scalar (2
; bytes into an i32) has no such path: it is left, and the writer refuses
; it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/%f1, i32 4$/%f1, i32 2/' %s > %t.cut.ll
; RUN: grep -q '%f1, i32 2$' %t.cut.ll
; RUN: %expect-exit 1 %dxil-lower %t.cut.ll -o %t.cut.dxil 2>&1 | %FileCheck %s --check-prefix=CUT
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

%struct.P = type { float, i32 }

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@s = internal addrspace(3) global [16 x %struct.P] undef, align 4
@t = internal addrspace(3) global [8 x i32] undef, align 4

; CHECK-LABEL: define void @main()
; Field 1 of element gi: (gi << 3) + 4 bytes.
; CHECK: %[[P1:[0-9]+]] = getelementptr inbounds [16 x %struct.P], ptr addrspace(3) @s, i32 0, i32 %[[GI:[0-9]+]], i32 1
; CHECK-NEXT: store i32 %[[GI]], ptr addrspace(3) %[[P1]], align 4
; Field 0 of element gi: (gi << 3) bytes.
; CHECK: %[[P0:[0-9]+]] = getelementptr inbounds [16 x %struct.P], ptr addrspace(3) @s, i32 0, i32 %[[GI]], i32 0
; CHECK-NEXT: store float %{{.*}}, ptr addrspace(3) %[[P0]], align 4
; A constant byte offset: element 3, field 1 (28 bytes), a constant path.
; CHECK: %c = load i32, ptr addrspace(3) getelementptr inbounds ([16 x %struct.P], ptr addrspace(3) @s, i32 0, i32 3, i32 1), align 4
; CHECK-NOT: getelementptr {{.*}}i8,
; CUT: error: cannot write DXIL bitcode: function @main, `store i32 %1, ptr addrspace(3) %y, align 4`: the memory is read as a type of another size
define void @main() local_unnamed_addr #0 {
entry:
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %gi = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  %off = shl i32 %gi, 3
  %f1 = getelementptr inbounds nuw i8, ptr addrspace(3) @s, i32 %off
  %y = getelementptr inbounds nuw i8, ptr addrspace(3) %f1, i32 4
  store i32 %gi, ptr addrspace(3) %y, align 4
  %fl = uitofp i32 %gi to float
  store float %fl, ptr addrspace(3) %f1, align 4
  %ti = and i32 %gi, 7
  %tp = getelementptr inbounds nuw [8 x i32], ptr addrspace(3) @t, i32 0, i32 %ti
  store i32 %gi, ptr addrspace(3) %tp, align 4
  tail call void @llvm.dx.group.memory.barrier.with.group.sync()
  %c = load i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @s, i32 28), align 4
  %first = load i32, ptr addrspace(3) @t, align 4
  %sum = add i32 %c, %first
  %po = tail call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %out, i32 %gi)
  store i32 %sum, ptr %po, align 4
  ret void
}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare void @llvm.dx.group.memory.barrier.with.group.sync()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

attributes #0 = { "hlsl.numthreads"="16,1,1" "hlsl.shader"="compute" }
