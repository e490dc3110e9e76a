declare void @a(sret)
declare void @b(i32 sret, %x* byval
define void @c("* sret
 call void @d(* sret %p)
declare void @e(%"q,* sret %"z*)
declare void @f(%T addrspace(* sret, [2 x %T*]* inalloca)
call sret
declare void @g(i8** sret byval inalloca)
