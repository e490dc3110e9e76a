; dxil-lower's text output is LLVM 22 IR like everything else the tools
; write: DXC's "i8:32" (which LLVM 22's parser rejects) is written as its
; LLVM 22 equivalent "i8:8:32", as in bitcode output. --dxc-datalayout asks
; for DXC's spelling, and gives it back even when the input already carried
; the normalised one (a lowered file raised and lowered again).
; RUN: %dxil-lower --raise %s -o %t.ll
; RUN: %FileCheck %s --check-prefix=LLVM < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %dxil-lower --raise --dxc-datalayout %s -o - | %FileCheck %s --check-prefix=DXC
; RUN: %dxil-lower --raise --dxc-datalayout %t.ll -o - | %FileCheck %s --check-prefix=DXC
; RUN: %dxil-lower --raise %t.ll -o - | %FileCheck %s --check-prefix=LLVM
; RUN: %dxil-roundtrip %t.ll | %FileCheck %s --check-prefix=RT
; LLVM: target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
; LLVM: call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
; DXC: target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
; RT: .ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@"\01?Slots@@3PAIA" = external addrspace(3) global [8 x i32], align 4

define void @cs() {
  %tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %slot = getelementptr [8 x i32], [8 x i32] addrspace(3)* @"\01?Slots@@3PAIA", i32 0, i32 %tid
  store i32 %tid, i32 addrspace(3)* %slot, align 4
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @cs, !"cs", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
