; --check holds entry wave sizes to DXC's validator rules: WaveSize (tag
; 11) and every WaveSizeRange (tag 23) value a power of two in [4, 128],
; minimum below maximum, preferred 0 or within [min, max], and not both
; tags on one entry. Maximum 0 is one size (DXC's SM 6.8 [WaveSize(n)]),
; with preferred 0. Good entries (ok_*) give no error (the count of
; errors is exact).
; RUN: not %dxil-upgrade --check %s -o %t.ll 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: grep -c DXIL5100 %t.err | %FileCheck --check-prefix=COUNT %s
; COUNT: {{^}}9{{$}}

; CHECK-DAG: error: entry 'size_odd': WaveSize 15 is not a power of two in [4, 128] [DXIL5100]
; CHECK-DAG: error: entry 'size_big': WaveSize 256 is not a power of two in [4, 128] [DXIL5100]
; CHECK-DAG: error: entry 'range_min': WaveSizeRange minimum 2 is not a power of two in [4, 128] [DXIL5100]
; CHECK-DAG: error: entry 'range_equal': WaveSizeRange minimum 16 is not below its maximum 16 [DXIL5100]
; CHECK-DAG: error: entry 'range_pref': WaveSizeRange preferred size 64 is outside [4, 32] [DXIL5100]
; CHECK-DAG: error: entry 'range_pref_odd': WaveSizeRange preferred size 24 is not a power of two in [4, 128] [DXIL5100]
; CHECK-DAG: error: entry 'both': has both WaveSize (tag 11) and WaveSizeRange (tag 23) [DXIL5100]
; CHECK-DAG: error: entry 'one_pref': WaveSizeRange preferred size 32 without a maximum [DXIL5100]
; CHECK-DAG: error: entry 'range_short': WaveSizeRange (tag 23) does not have three values [DXIL5100]

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
