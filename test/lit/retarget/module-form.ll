; The module passes: the target pass gives clang 22's Vulkan triple for the
; stage (at SPIR-V 1.6, Vulkan 1.3's) and its SPIR-V datalayout; the
; metadata pass drops DXIL-only named metadata (dx.*) and the raise's side
; metadata (dxu.*), module-level and attached to instructions, and keeps
; the rest; the groupshared pass makes groupshared arrays internal without
; an initializer (DXC declares some external) and drops unused globals
; (the resource globals of older DXIL).
; RUN: %dxil-upgrade --x-retarget=vulkan %s -o - | %FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

%struct.RWByteAddressBuffer = type { i32 }

; CHECK: target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
; CHECK: target triple = "spirv1.6-unknown-vulkan1.3-compute"
; CHECK-NOT: RWByteAddressBuffer
; CHECK: @"\01?Tile@@3PAIA" = internal addrspace(3) global [64 x i32] poison, align 4
@"\01?Tile@@3PAIA" = external addrspace(3) global [64 x i32], align 4
@"\01?Raw@@3URWByteAddressBuffer@@A" = external constant %struct.RWByteAddressBuffer, align 4

define void @main() #0 {
  %t = call i32 @llvm.dx.thread.id(i32 0)
  %p = getelementptr [64 x i32], ptr addrspace(3) @"\01?Tile@@3PAIA", i32 0, i32 %t
; CHECK: store i32 %t, ptr addrspace(3) %p, align 4, !tbaa
; CHECK-NOT: !dxu
  store i32 %t, ptr addrspace(3) %p, align 4, !tbaa !5, !dxu.align !7
  ret void
}

declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }

; CHECK: !llvm.ident = !{!{{[0-9]+}}}
; CHECK-NOT: !dx.valver
; CHECK-NOT: !dxu.
!llvm.ident = !{!0}
!dx.valver = !{!1}
!dxu.entryPoints = !{!2}
!dxu.datalayout = !{!3}

!0 = !{!"dxcoob 1.7.2212.40 (e043f4a12)"}
!1 = !{i32 1, i32 7}
!2 = !{ptr @main, !"main", null, null, null}
!3 = !{!"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"}
!4 = !{!"omnipotent char", !6, i64 0}
!5 = !{!4, !4, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
!7 = !{i32 4}
