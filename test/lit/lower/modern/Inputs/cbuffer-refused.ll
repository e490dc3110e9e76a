; cbuffer reads the cbuffer-access pass refuses (see errors.test); the
; second cbuffer's read is fine and is not reported.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_Bad = type <{ <4 x float>, <{ [1 x <{ float, target("dx.Padding", 12) }>], float }> }>
%__cblayout_Good = type <{ float }>

@Bad.cb = global target("dx.CBuffer", %__cblayout_Bad) poison
@Scale = external hidden addrspace(2) global <4 x float>, align 16
@Arr = external hidden addrspace(2) global <{ [1 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@Good.cb = global target("dx.CBuffer", %__cblayout_Good) poison
@G = external hidden addrspace(2) global float, align 4

define void @main() #0 {
entry:
  %h = call target("dx.CBuffer", %__cblayout_Bad) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Badst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_Bad) %h, ptr @Bad.cb, align 4
  %g = call target("dx.CBuffer", %__cblayout_Good) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Goodst(i32 0, i32 1, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_Good) %g, ptr @Good.cb, align 4
  %i = call i32 @llvm.dx.thread.id(i32 0)
  %copy = alloca [2 x float], align 4
  %past = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @Scale, i32 161), align 4
  %odd = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @Scale, i32 2), align 4
  %byte = load i8, ptr addrspace(2) @Scale, align 1
  %pl = getelementptr float, ptr addrspace(2) @Scale, i32 %i
  %pair = load <2 x float>, ptr addrspace(2) %pl, align 4
  call void @llvm.memcpy.p0.p2.i32(ptr %copy, ptr addrspace(2) @Arr, i32 8, i1 false)
  store float 1.0, ptr addrspace(2) @Arr, align 4
  %good = load float, ptr addrspace(2) @G, align 4
  %dd = call double @llvm.dx.fdot.v3f64(<3 x double> zeroinitializer, <3 x double> zeroinitializer)
  ret void
}

declare target("dx.CBuffer", %__cblayout_Bad) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Badst(i32, i32, i32, i32, ptr)
declare target("dx.CBuffer", %__cblayout_Good) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Goodst(i32, i32, i32, i32, ptr)
declare i32 @llvm.dx.thread.id(i32)
declare void @llvm.memcpy.p0.p2.i32(ptr, ptr addrspace(2), i32, i1)
declare double @llvm.dx.fdot.v3f64(<3 x double>, <3 x double>)

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @Bad.cb, ptr addrspace(2) @Scale, ptr addrspace(2) @Arr}
!1 = !{ptr @Good.cb, ptr addrspace(2) @G}
