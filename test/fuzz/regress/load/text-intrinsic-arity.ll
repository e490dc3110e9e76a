declare void @llvm.lifetime.start.p0(i64, ptr)
define void @main(ptr %p) {
  call void @llvm.lifetime.start.p0(i32 1, i32 2, i32 3)
  ret void
}
