; Ops with no modern form (Msad, Ibfe, Bfi) stay dx.op calls; their
; declaration's attributes come from the table at the module's DXIL
; version (ReadNone -> memory(none)), not from the input.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats

; CHECK-LABEL: define i32 @kept(i32 %a, i32 %b)
; CHECK-NEXT: %m = call i32 @dx.op.tertiary.i32(i32 50, i32 %a, i32 %b, i32 %a)
; CHECK-NEXT: %e = call i32 @dx.op.tertiary.i32(i32 51, i32 %m, i32 %b, i32 %a)
; CHECK-NEXT: %i = call i32 @dx.op.quaternary.i32(i32 53, i32 %e, i32 %b, i32 %a, i32 %b)
; CHECK-NEXT: %u = call i32 @llvm.dx.umad.i32(i32 %i, i32 %a, i32 %b)
; CHECK: declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #[[RN:[0-9]+]]
; CHECK: declare i32 @dx.op.quaternary.i32(i32, i32, i32, i32, i32) #[[RN]]
; CHECK: attributes #[[RN]] = { nounwind memory(none) }

; STATS: 50 Msad 1 0 1 no-modern-form 1
; STATS: 51 Ibfe 1 0 1 no-modern-form 1
; STATS: 53 Bfi 1 0 1 no-modern-form 1
; STATS: total: 4 calls in 1 module(s), 1 raised, 3 kept (no-modern-form 3)

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i32 @kept(i32 %a, i32 %b) {
  %m = call i32 @dx.op.tertiary.i32(i32 50, i32 %a, i32 %b, i32 %a)
  %e = call i32 @dx.op.tertiary.i32(i32 51, i32 %m, i32 %b, i32 %a)
  %i = call i32 @dx.op.quaternary.i32(i32 53, i32 %e, i32 %b, i32 %a, i32 %b)
  %u = call i32 @dx.op.tertiary.i32(i32 49, i32 %i, i32 %a, i32 %b)
  ret i32 %u
}

declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #0
declare i32 @dx.op.quaternary.i32(i32, i32, i32, i32, i32) #1

attributes #0 = { nounwind }
attributes #1 = { nounwind memory(read) }
