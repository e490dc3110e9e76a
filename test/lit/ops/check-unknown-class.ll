; --check on dx.op functions of no known class: DXC's op cache does not
; list them, so a call through one is Instr.IllegalDXILOpFunction naming
; the op its opcode is; a non-constant opcode is Instr.OpConst; the
; function the cache would have for Sin's f32 overload (dx.op.unary.f32)
; is added unused (Decl.UsedExternalFunction); never a wrapped -1.
; RUN: %expect-exit 1 %dxil-upgrade --check %s 2>&1 | %FileCheck %s
; CHECK-DAG: error: 'dx.op.bogusClass.f32' is not a DXILOpFuncition for DXILOpcode 'Sin'. (@main: {{.*}}[Instr.IllegalDXILOpFunction]
; CHECK-DAG: error: Opcode of DXIL operation must be an immediate constant. (@main: `%y = call float @dx.op.bogusClass2.f32(i32 %z, {{.*}}[Instr.OpConst]
; CHECK-DAG: error: External function 'dx.op.unary.f32' is unused. [Decl.UsedExternalFunction]
; CHECK-NOT: 4294967295
target triple = "dxil-ms-dx"

define void @main() {
  %z = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %x = call float @dx.op.bogusClass.f32(i32 13, float 1.0)
  %y = call float @dx.op.bogusClass2.f32(i32 %z, float 1.0)
  ret void
}

declare float @dx.op.bogusClass.f32(i32, float)
declare float @dx.op.bogusClass2.f32(i32, float)
declare i32 @dx.op.threadId.i32(i32, i32) #0
attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
