; Resource pointers the resource-access pass cannot rewrite (errors.test):
; one passed to a call, one used by an atomic, one loaded as a struct, one
; reading two lanes of a typed element.
; The typed load beside them is rewritten.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%struct.S = type { float, i32 }

define void @main() #0 {
  %tb = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %sb = call target("dx.RawBuffer", %struct.S, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ss_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
  %vb = call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %i = call i32 @llvm.dx.thread.id(i32 0)
  %ok = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0) %tb, i32 %i)
  %f = load float, ptr %ok, align 4
  %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_1_0t(target("dx.RawBuffer", %struct.S, 1, 0) %sb, i32 %i)
  %pi = getelementptr inbounds nuw i8, ptr %p, i32 4
  call void @llvm.memset.p0.i32(ptr %pi, i8 0, i32 4, i1 false)
  %q = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_1_0t(target("dx.RawBuffer", %struct.S, 1, 0) %sb, i32 %i)
  %qi = getelementptr inbounds nuw i8, ptr %q, i32 4
  %old = atomicrmw add ptr %qi, i32 1 monotonic, align 4
  %r = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_1_0t(target("dx.RawBuffer", %struct.S, 1, 0) %sb, i32 %old)
  %s = load %struct.S, ptr %r, align 4
  %t = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0) %vb, i32 %i)
  %tz = getelementptr inbounds nuw i8, ptr %t, i32 8
  %zw = load <2 x float>, ptr %tz, align 8
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", %struct.S, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_s_struct.Ss_1_0t(i32, i32, i32, i32, ptr)
declare target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_s_struct.Ss_1_0t(target("dx.RawBuffer", %struct.S, 1, 0), i32)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_v4f32_0_0_0t(target("dx.TypedBuffer", <4 x float>, 0, 0, 0), i32)

attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }
