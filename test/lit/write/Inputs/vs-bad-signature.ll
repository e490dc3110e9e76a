; A vertex shader in DXIL form whose POSITION input claims 5 columns: it
; lowers and verifies, but ISG1 cannot hold it (a row has 4 columns).
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 7}
!2 = !{!"vs", i32 6, i32 0}
!3 = !{ptr @main, !"main", !4, null, null}
!4 = !{!5, !7, null}
!5 = !{!6}
!6 = !{i32 0, !"POSITION", i8 9, i8 0, !8, i8 0, i32 1, i8 5, i32 0, i8 0, null}
!7 = !{!9}
!8 = !{i32 0}
!9 = !{i32 0, !"SV_Position", i8 9, i8 3, !8, i8 4, i32 1, i8 4, i32 0, i8 0, null}
