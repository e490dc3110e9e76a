; --check on dx.op functions of no known class: the report names the opcode
; the call passes (the op it would be), or '?' when the opcode is not a
; constant; never a wrapped -1.
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s
; CHECK-DAG: @main: @dx.op.bogusClass.f32 opcode 13 (Sin): not a dx.op function of a known class
; CHECK-DAG: @main: @dx.op.bogusClass2.f32 opcode ? (unknown): not a dx.op function of a known class
; CHECK-NOT: 4294967295
target triple = "dxil-ms-dx"

define void @main(i32 %z) {
  %x = call float @dx.op.bogusClass.f32(i32 13, float 1.0)
  %y = call float @dx.op.bogusClass2.f32(i32 %z, float 1.0)
  ret void
}

declare float @dx.op.bogusClass.f32(i32, float)
declare float @dx.op.bogusClass2.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
