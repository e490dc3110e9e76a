; Experimental ops (table 0x8000, opcodes print as negative i32) are
; recognised by the table, counted as experimental and kept unchanged
; without a warning; an experimental opcode the table lacks is unknown.
; RUN: %dxil-upgrade --verify --stats %s -o %t.ll > %t.stats 2> %t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %FileCheck --check-prefix=ERR %s < %t.err

; CHECK: %w = call i32 @dx.op.getGroupWaveIndex(i32 -2147483647)
; CHECK: %x = call i32 @dx.op.getGroupWaveIndex(i32 -2147418113)

; STATS: 0x80000001 GetGroupWaveIndex 1 0 1 experimental 1
; STATS: 0x8000FFFF <unknown> 1 0 1 unknown-opcode 1

; ERR-NOT: 2147483647
; ERR: warning: @main calls @dx.op.getGroupWaveIndex with unknown opcode 2147549183 (table 0x8000, index 65535); kept [DXIL5001]
; ERR-NOT: warning

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i32 @main() {
  %w = call i32 @dx.op.getGroupWaveIndex(i32 -2147483647)
  %x = call i32 @dx.op.getGroupWaveIndex(i32 -2147418113)
  %r = add i32 %w, %x
  ret i32 %r
}

declare i32 @dx.op.getGroupWaveIndex(i32) #0

attributes #0 = { nounwind memory(none) }
