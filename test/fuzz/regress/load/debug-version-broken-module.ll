target triple = "dxilv1.0-pc-shadermodel6.0-compute"
define void @main(i32 %x) {
entry:
  %a = add i32 %b, 1
  %b = add i32 %x, 1
  ret void
}
!llvm.module.flags = !{!3}
!3 = !{i32 2, !"Debug Info Version", i32 3}
