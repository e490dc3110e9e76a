declare void @llvm.lifetime.start.p0(i64, ptr)
@x = global ptr @llvm.lifetime.start.p0
define void @main(ptr %p) {
  ret void
}
