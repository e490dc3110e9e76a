; The merges pass, a workaround: DXC lets an if / else-if chain's arms all
; branch to the block after the chain, so nested selections share one
; merge block; LLVM 22's structurizer then emits a selection exit that
; spirv-val refuses ("exits the selection ... but not via a structured
; exit"). Every header whose immediate post-dominator an enclosing header
; already takes gets a merge block of its own, the phis following, with a
; call of llvm.sideeffect that keeps CodeGenPrepare from folding it away.
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@Out.name = private unnamed_addr constant [4 x i8] c"Out\00"

define void @main() #0 {
entry:
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @Out.name)
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %c1 = icmp eq i32 %t, 0
  br i1 %c1, label %a, label %b
a:
  %va = mul i32 %t, 7
  br label %x
b:
  %c2 = icmp eq i32 %t, 1
  br i1 %c2, label %c, label %d
c:
  %vc = add i32 %t, 9
  br label %x
d:
  %c3 = icmp ugt i32 %t, 5
  br i1 %c3, label %e, label %x
e:
  %ve = xor i32 %t, 3
  br label %x
x:

; The inner header d takes merge1 (e's and d's edges), b takes merge (c's
; and merge1's); entry keeps x.
; CHECK: c:
; CHECK-NEXT: %vc = add i32 %t, 9
; CHECK-NEXT: br label %merge
; CHECK: d:
; CHECK: br i1 %c3, label %e, label %merge1
; CHECK: e:
; CHECK: br label %merge1
; CHECK: merge1:
; CHECK-NEXT: [[P1:%[0-9]+]] = phi i32 [ %ve, %e ], [ 42, %d ]
; CHECK-NEXT: call void @llvm.sideeffect()
; CHECK-NEXT: br label %merge
; CHECK: merge:
; CHECK-NEXT: [[P2:%[0-9]+]] = phi i32 [ %vc, %c ], [ [[P1]], %merge1 ]
; CHECK-NEXT: call void @llvm.sideeffect()
; CHECK-NEXT: br label %x
; CHECK: x:
; CHECK-NEXT: [[V:%.+]] = phi i32 [ %va, %a ], [ [[P2]], %merge ]
; CHECK: store i32 [[V]]
  %v = phi i32 [ %va, %a ], [ %vc, %c ], [ %ve, %e ], [ 42, %d ]
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %t, i32 0, i32 %v)
  ret void
}

declare i32 @llvm.dx.thread.id(i32)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }
