; An opcode in neither the table nor an overlay, and a non-constant
; opcode, are warnings naming the caller, the function and the opcode; the
; calls are kept and the rest of the module is raised.
; RUN: %dxil-upgrade --verify %s -o %t.ll 2> %t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=ERR %s < %t.err

; CHECK: %a = call fast float @llvm.sin.f32(float %x)
; CHECK-NEXT: %b = call float @dx.op.unary.f32(i32 9999, float %a)
; CHECK-NEXT: %c = call float @dx.op.unary.f32(i32 %k, float %b)
; CHECK-NEXT: %d = call fast float @llvm.cos.f32(float %c)

; ERR: warning: @f calls @dx.op.unary.f32 with unknown opcode 9999 (table 0x0000, index 9999); kept [DXIL5001]
; ERR: warning: @f calls @dx.op.unary.f32 with a non-constant opcode; kept [DXIL5002]

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define float @f(float %x, i32 %k) {
  %a = call float @dx.op.unary.f32(i32 13, float %x)
  %b = call float @dx.op.unary.f32(i32 9999, float %a)
  %c = call float @dx.op.unary.f32(i32 %k, float %b)
  %d = call float @dx.op.unary.f32(i32 12, float %c)
  ret float %d
}

declare float @dx.op.unary.f32(i32, float) #0

attributes #0 = { nounwind memory(none) }
