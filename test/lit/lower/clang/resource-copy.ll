; resource-copy: clang 22 copies a structured buffer's struct element with
; llvm.memcpy from or to a getpointer; each copy becomes a load and a store
; per leaf of the element type (the float4 whole, the uint, the padding
; skipped), at its byte offset, which resource-access makes raw buffer
; loads and stores; a local's copy is then promoted by SROA. A copy that
; cuts a field is refused, naming it.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; RUN: sed 's/i32 32, i1 false) ; CUT/i32 18, i1 false)/' %s > %t.cut.ll
; RUN: %expect-exit 1 %dxil-lower %t.cut.ll -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=CUT
; CHECK-NOT: memcpy
; CHECK-NOT: alloca
; CHECK: [[V:%.*]] = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle {{%.*}}, i32 %i, i32 0, i8 15, i32 4)
; CHECK: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle [[O:%.*]], i32 %i, i32 0,
; CHECK: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle {{%.*}}, i32 %i, i32 16, i8 1, i32 4)
; CHECK: call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle [[O]], i32 %i, i32 16,
; CHECK-NOT: i32 20,
; CHECK: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle {{%.*}}, i32 %j, i32 16, i8 1, i32 4)
; CUT: error: @main: `call void @llvm.memcpy.p0.p0.i32(ptr %s, ptr %src2, i32 18, i1 false)`: a copy through a resource pointer cannot be lowered: the copied range cuts a field of the element [DXIL6000]
target triple = "dxilv1.6-pc-shadermodel6.6-library"

%struct.S = type { <4 x float>, i32, [12 x i8] }

@In.str = private unnamed_addr constant [3 x i8] c"In\00", align 1
@Out.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@G = addrspace(3) global i32 0, align 4

define void @main(i32 %i, i32 %j) #0 {
  %s = alloca %struct.S, align 4
  %in = call target("dx.RawBuffer", %struct.S, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ss_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @In.str)
  %out = call target("dx.RawBuffer", %struct.S, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ss_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.str)
  %src = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_0_0t(target("dx.RawBuffer", %struct.S, 0, 0) %in, i32 %i)
  %dst = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_1_0t(target("dx.RawBuffer", %struct.S, 1, 0) %out, i32 %i)
  call void @llvm.memcpy.p0.p0.i32(ptr %dst, ptr %src, i32 32, i1 false)
  %src2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_0_0t(target("dx.RawBuffer", %struct.S, 0, 0) %in, i32 %j)
  call void @llvm.memcpy.p0.p0.i32(ptr %s, ptr %src2, i32 32, i1 false) ; CUT
  %bp = getelementptr inbounds i8, ptr %s, i32 16
  %b = load i32, ptr %bp, align 4
  store i32 %b, ptr addrspace(3) @G, align 4
  ret void
}

attributes #0 = { "hlsl.export" }
