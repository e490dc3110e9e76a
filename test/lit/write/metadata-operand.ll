; Metadata passed to a call as an operand has no form in the DXIL writer:
; the container is refused naming the function and the call (it said only
; "a constant with no 3.7 form", from LLVM 3.7 tests in DXC's repository
; that pass metadata to intrinsics). Exit 1, nothing written.
; RUN: rm -f %t.dxil
; RUN: %expect-exit 1 %dxil-lower %s --no-validate -o %t.dxil 2>&1 | %FileCheck %s
; RUN: not test -e %t.dxil
; RUN: %dxil-lower %s -o %t.ll
; CHECK: error: cannot write DXIL bitcode: function @probe, `%t = call i1 @llvm.type.test(ptr %p, metadata !"kind")`: metadata passed as an operand has no DXIL form here

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i1 @probe(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"kind")
  ret i1 %t
}

declare i1 @llvm.type.test(ptr, metadata)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
