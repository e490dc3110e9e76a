; The zero-index pass, a workaround: LLVM 22's SPIR-V backend crashes on a
; store or an atomic whose address is the first element of a local or
; groupshared array (CodeGenPrepare folds DXC's getelementptr of zeros
; into the variable, and the backend's pointer-cast legalization cannot
; follow a store through it). The address gets one array index that is
; `freeze i32 0`: the same element, nothing for CodeGenPrepare to fold.
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@gs = addrspace(3) global [4 x [2 x i32]] undef, align 4

define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %a = alloca [8 x i32], align 4
; CHECK: [[Z:%[0-9]+]] = freeze i32 0
; CHECK: [[P:%[0-9]+]] = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 [[Z]]
; CHECK: store i32 %t, ptr [[P]], align 4
  %a0 = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 0
  store i32 %t, ptr %a0, align 4
; The innermost array level takes the frozen index.
; CHECK: [[Z2:%[0-9]+]] = freeze i32 0
; CHECK: [[Q:%[0-9]+]] = getelementptr inbounds [4 x [2 x i32]], ptr addrspace(3) @gs, i32 0, i32 0, i32 [[Z2]]
; CHECK: atomicrmw add ptr addrspace(3) [[Q]], i32 1 syncscope("workgroup") seq_cst
  %g = atomicrmw add ptr addrspace(3) @gs, i32 1 seq_cst
; Any other element needs nothing; nor does a load.
; CHECK: %a1 = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 1
; CHECK-NEXT: store i32 %g, ptr %a1, align 4
; CHECK-NEXT: load i32, ptr %a0, align 4
  %a1 = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 1
  store i32 %g, ptr %a1, align 4
  %l = load i32, ptr %a0, align 4
  ret void
}

declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
