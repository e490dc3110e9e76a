; A DXC optimizer-pass test: DXIL-form (dx.op calls, DXC's triple and a
; datalayout of its own) but no !dx.shaderModel. The raise leaves its
; triple and stage as they are; lowering takes it at its !dx.version (here
; none: the newest LLVM 22 names), gives it no shader model it did not
; have, and keeps its own datalayout.
; RUN: %dxil-upgrade --verify %s -o - | %FileCheck %s --check-prefix=RAISED
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; A container cannot be written without a shader model: a clear error, no file.
; RUN: rm -f %t.dxil
; RUN: %expect-exit 1 %dxil-lower --raise %s -o %t.dxil 2>&1 | %FileCheck %s --check-prefix=NODXIL
; RUN: not test -e %t.dxil
; NODXIL: error: DXIL: dx.shaderModel: missing: the module names no shader model, and a DXIL container's program header and parts need one (write .ll or .bc instead) [DXIL1014]
; RAISED: target triple = "dxil-ms-dx"
; RAISED: call {{.*}}float @llvm.sin.f32(float
; LOWERED: target datalayout = "e-m:e-p:32:32-i64:64-n8:16:32:64"
; LOWERED: target triple = "dxil-ms-dx"
; LOWERED: call float @dx.op.unary.f32(i32 13, float
; LOWERED-NOT: !dx.shaderModel
; LOWERED-NOT: !dx.version
; RT: dxc-text-no-shader-model.ll: round-trips

target datalayout = "e-m:e-p:32:32-i64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define float @f(float %x) {
  %s = call float @dx.op.unary.f32(i32 13, float %x)
  ret float %s
}

declare float @dx.op.unary.f32(i32, float) #0

attributes #0 = { nounwind readnone }
