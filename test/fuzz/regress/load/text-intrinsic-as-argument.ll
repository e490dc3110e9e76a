declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @g(ptr)
define void @main() {
  call void @g(ptr @llvm.lifetime.start.p0)
  ret void
}
