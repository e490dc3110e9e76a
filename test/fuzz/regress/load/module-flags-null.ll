target triple = "dxilv1.0-pc-shadermodel6.0-compute"

define void @main() {
  ret void
}

!llvm.module.flags = !{!1, !2}
!llvm.ident = !{!4}
!1 = !{i32 2, !"Dwarf Version", i32 4}
!2 = !{null, null, null}
!3 = !{!5}
!4 = !{!"clang"}
!5 = !{!"-lm"}
