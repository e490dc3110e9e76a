target triple = "dxil-ms-dx"
define void @f() #0 {
  ret void
}
attributes #0 = { "a\00b"="1" }
