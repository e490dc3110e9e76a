; --check holds entry wave sizes to DXC's validator rules. Its module
; pass (compute and library modules) looks at the tags' form and stops at
; the first problem: WaveSize (tag 11) only at shader model 6.6/6.7
; (Sm.WaveSizeNeedsSM66or67), WaveSizeRange (tag 23) with three constant
; values (form.ll: Sm.WaveSizeRangeExpectsThreeParams), one tag per entry
; (dup.ll: Sm.WaveSizeTagDuplicate). Its entry pass checks every entry's
; values (DxilWaveSize::Validate): each size a power of two in [4, 128]
; (Sm.WaveSizeValue), preferred within [min, max]
; (Sm.WaveSizePreferredInRange), maximum 0 (one size) only with preferred
; 0 (Sm.WaveSizeMaxAndPreferredZeroWhenNoRange). Minimum equal to
; maximum is allowed, as DXC allows it. Good entries (ok_*) give no
; error (the count of errors is exact).
; RUN: split-file %s %t.d
; RUN: not %dxil-upgrade --check %t.d/main.ll -o %t.ll 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: grep -c 'error:' %t.err | %FileCheck --check-prefix=COUNT %s
; COUNT: {{^}}7{{$}}

; CHECK-DAG: error: WaveSize is valid only for Shader Model 6.6 and 6.7. [Sm.WaveSizeNeedsSM66or67]
; CHECK-DAG: error: WaveSize Min (15) outside valid range [4..128], or not a power of 2. (@size_odd) [Sm.WaveSizeValue]
; CHECK-DAG: error: WaveSize Min (256) outside valid range [4..128], or not a power of 2. (@size_big) [Sm.WaveSizeValue]
; CHECK-DAG: error: WaveSize Min (2) outside valid range [4..128], or not a power of 2. (@range_min) [Sm.WaveSizeValue]
; CHECK-DAG: error: WaveSize Preferred (64) outside Min..Max range [4..32] (@range_pref) [Sm.WaveSizePreferredInRange]
; CHECK-DAG: error: WaveSize Preferred (24) outside valid range [4..128], or not a power of 2. (@range_pref_odd) [Sm.WaveSizeValue]
; CHECK-DAG: error: WaveSize Max (0) and Preferred (32) must be 0 to encode min==max (@one_pref) [Sm.WaveSizeMaxAndPreferredZeroWhenNoRange]

; RUN: not %dxil-upgrade --check %t.d/form.ll 2>&1 | %FileCheck --check-prefix=FORM %s
; FORM: error: WaveSize Range tag expects exactly 3 parameters. [Sm.WaveSizeRangeExpectsThreeParams]
; FORM-NOT: error:
; RUN: not %dxil-upgrade --check %t.d/dup.ll 2>&1 | %FileCheck --check-prefix=DUP %s
; DUP: error: WaveSize or WaveSizeRange tag may only appear once per entry point. [Sm.WaveSizeTagDuplicate]
; DUP-NOT: error:
; RUN: %dxil-upgrade --check %t.d/cs66.ll

;--- main.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @size_odd() {
  ret void
}
define void @size_big() {
  ret void
}
define void @range_min() {
  ret void
}
define void @range_equal() {
  ret void
}
define void @range_pref() {
  ret void
}
define void @range_pref_odd() {
  ret void
}
define void @both() {
  ret void
}
define void @range_short() {
  ret void
}
define void @one_pref() {
  ret void
}
define void @ok_one() {
  ret void
}
define void @ok_size() {
  ret void
}
define void @ok_range() {
  ret void
}
define void @ok_range_nopref() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15}

!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @size_odd, !"size_odd", null, null, !{i32 8, i32 5, i32 4, !20, i32 11, !{i32 15}}}
!4 = !{void ()* @size_big, !"size_big", null, null, !{i32 8, i32 5, i32 4, !20, i32 11, !{i32 256}}}
!5 = !{void ()* @range_min, !"range_min", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 2, i32 16, i32 0}}}
!6 = !{void ()* @range_equal, !"range_equal", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 16, i32 16}}}
!7 = !{void ()* @range_pref, !"range_pref", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 4, i32 32, i32 64}}}
!8 = !{void ()* @range_pref_odd, !"range_pref_odd", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 32, i32 24}}}
!9 = !{void ()* @both, !"both", null, null, !{i32 8, i32 5, i32 4, !20, i32 11, !{i32 32}, i32 23, !{i32 16, i32 64, i32 32}}}
!10 = !{void ()* @range_short, !"range_short", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 64}}}
!11 = !{void ()* @ok_size, !"ok_size", null, null, !{i32 8, i32 5, i32 4, !20, i32 11, !{i32 4}}}
!12 = !{void ()* @ok_range, !"ok_range", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 4, i32 128, i32 128}}}
!13 = !{void ()* @ok_range_nopref, !"ok_range_nopref", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 32, i32 0}}}
!14 = !{void ()* @one_pref, !"one_pref", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 0, i32 32}}}
!15 = !{void ()* @ok_one, !"ok_one", null, null, !{i32 8, i32 5, i32 4, !20, i32 23, !{i32 16, i32 0, i32 0}}}
!20 = !{i32 64, i32 1, i32 1}

;--- form.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{void ()* @main, !"main", null, null, !{i32 4, !3, i32 23, !{i32 16, i32 64}}}
!3 = !{i32 64, i32 1, i32 1}
;--- dup.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{void ()* @main, !"main", null, null, !{i32 4, !3, i32 23, !{i32 16, i32 64, i32 32}, i32 23, !{i32 16, i32 64, i32 32}}}
!3 = !{i32 64, i32 1, i32 1}
;--- cs66.ll
target triple = "dxil-ms-dx"
define void @main() {
  ret void
}
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !{i32 4, !3, i32 11, !{i32 32}}}
!3 = !{i32 64, i32 1, i32 1}
