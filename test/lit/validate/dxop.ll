; The calls of dx.op functions: an immediate opcode (Instr.OpConst), one
; the op table has (Instr.IllegalDXILOpCode), an experimental one only in
; the experimental shader model 6.10 (Instr.ExpDXILOpCodeRequiresExpSM),
; through a function DXC's op cache lists for the op's class
; (Instr.IllegalDXILOpFunction: a wrong class, or a name the overload its
; signature carries does not give), of an overload the op has, whose name
; is not taken by another signature (Instr.Oload), with the op's signature
; (Instr.CallOload: FMax called through Unary's function). The cache adds
; the function an overload names when the module lacks it, unused
; (Decl.UsedExternalFunction). @ok_* give no error.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/ops.ll 2> %t/ops.err
; RUN: %FileCheck %s < %t/ops.err
; RUN: not grep '@ok_' %t/ops.err
; CHECK-DAG: error: Opcode of DXIL operation must be an immediate constant. (@bad_opcode: `%a = call float @dx.op.unary.f32(i32 %k, float %x)`) [Instr.OpConst]
; CHECK-DAG: error: DXILOpCode must be [0..{{[0-9]+}}] or a supported experimental opcode.  9999 specified. (@bad_opcode: {{.*}}[Instr.IllegalDXILOpCode]
; CHECK-DAG: error: Use of experimental DXILOpCode requires an experimental shader model. (@bad_opcode: `call void @dx.op.nop(i32 -2147483648)`) [Instr.ExpDXILOpCodeRequiresExpSM]
; CHECK-DAG: error: 'dx.op.unary.float' is not a DXILOpFuncition for DXILOpcode 'Sin'. (@bad_function: {{.*}}[Instr.IllegalDXILOpFunction]
; CHECK-DAG: error: DXIL intrinsic overload must be valid. (@bad_overload: `%d = call double @dx.op.unary.f64(i32 13, double %x)`) [Instr.Oload]
; CHECK-DAG: error: DXIL intrinsic overload must be valid. (@bad_overload: `%s = call i32 @dx.op.binary.i32(i32 37, i32 %y)`) [Instr.Oload]
; CHECK-DAG: error: 'dx.op.binary.i32' is not a DXILOpFuncition for DXILOpcode 'IMax'. (@bad_overload: {{.*}}[Instr.IllegalDXILOpFunction]
; CHECK-DAG: error: Call to DXIL intrinsic 'dx.op.binary.f32' does not match an allowed overload signature. (@bad_signature: `%a = call float @dx.op.unary.f32(i32 35, float %x)`) [Instr.CallOload]
; CHECK-DAG: error: 'dx.op.unary.f32' is not a DXILOpFuncition for DXILOpcode 'FMax'. (@bad_signature: {{.*}}[Instr.IllegalDXILOpFunction]
; CHECK-DAG: error: External function 'dx.op.binary.f32' is unused. [Decl.UsedExternalFunction]
; The experimental op in shader model 6.10.
; RUN: %dxil-upgrade --check %t/exp.ll

;--- ops.ll
target triple = "dxil-ms-dx"

define void @bad_opcode(i32 %k, float %x) {
  %a = call float @dx.op.unary.f32(i32 %k, float %x)
  %b = call float @dx.op.unary.f32(i32 9999, float %x)
  call void @dx.op.nop(i32 -2147483648)
  ret void
}

define void @bad_function(float %x) {
  %b = call float @dx.op.unary.float(i32 13, float %x)
  ret void
}

define void @bad_overload(double %x, i32 %y) {
  %d = call double @dx.op.unary.f64(i32 13, double %x)
  %s = call i32 @dx.op.binary.i32(i32 37, i32 %y)
  ret void
}

define void @bad_signature(float %x) {
  %a = call float @dx.op.unary.f32(i32 35, float %x)
  ret void
}

define void @ok_calls(float %x) {
  %a = call float @dx.op.unary.f32(i32 13, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float) #0
declare float @dx.op.unary.float(i32, float) #0
declare double @dx.op.unary.f64(i32, double) #0
declare i32 @dx.op.binary.i32(i32, i32) #0
declare void @dx.op.nop(i32) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}

;--- exp.ll
target triple = "dxil-ms-dx"

define void @ok_exp() {
  call void @dx.op.nop(i32 -2147483648)
  ret void
}

declare void @dx.op.nop(i32) #0
attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 10}
!1 = !{!"lib", i32 6, i32 10}
!2 = !{null, !"", null, null, null}
