; nonuniform: a nonuniformindex marker on a handle's index becomes the
; handle's non-uniform flag (the resource pass); one anywhere else (here a
; buffer element index) says nothing DXIL holds and is replaced by its
; operand, instead of being left as a leftover.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: nonuniformindex
; CHECK: call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle {{%.*}}, i32 %i, i32 undef)
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@S.str = private unnamed_addr constant [2 x i8] c"S\00", align 1
@G = addrspace(3) global float 0.0, align 4

define void @main() #0 {
  %gi = call i32 @llvm.dx.flattened.thread.id.in.group()
  %i = add i32 %gi, 1
  %h = call target("dx.TypedBuffer", float, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_0_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @S.str)
  %nu = call i32 @llvm.dx.resource.nonuniformindex(i32 %i)
  %v = call { float, i1 } @llvm.dx.resource.load.typedbuffer.f32.tdx.TypedBuffer_f32_0_0_0t(target("dx.TypedBuffer", float, 0, 0, 0) %h, i32 %nu)
  %x = extractvalue { float, i1 } %v, 0
  store float %x, ptr addrspace(3) @G, align 4
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
