; --check: an op newer than the module's shader model (IsHelperLane needs
; 6.6; this module is DXIL 1.6 but declares SM 6.5).
; RUN: not %dxil-upgrade --check %s 2>&1 | %FileCheck %s
; With -o the IR is still written.
; RUN: not %dxil-upgrade --check %s -o %t.ll 2> /dev/null
; RUN: %FileCheck --check-prefix=IR %s < %t.ll

; CHECK: error: Opcode IsHelperLane not valid in shader model ps_6_5. (needs shader model 6.6, module is 6.5) (@main: `%h = call i1 @dx.op.isHelperLane.i1(i32 221)`) [Sm.Opcode] [DXIL5387]
; The entry then needs a later model than it declares (DXC reports it too).
; CHECK: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details. (@main) [Sm.IncompatibleOperation]
; CHECK: error: Function uses features incompatible with the shader model. (@main) [Sm.IncompatibleShaderModel]
; CHECK-NOT: error
; IR: define void @main()

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %h = call i1 @dx.op.isHelperLane.i1(i32 221)
  ret void
}

declare i1 @dx.op.isHelperLane.i1(i32) #0

attributes #0 = { nounwind memory(read) }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, null}
