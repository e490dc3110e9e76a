; LLVM's instcombine merges two loads of different groupshared arrays into
; one load of a phi of their addresses, which DXC cannot trace to a global
; ("TGSM pointers must originate from an unambiguous TGSM global
; variable"). Written as a container, each predecessor loads its own
; address again and a phi joins the values; a store through such a phi
; cannot be split and is refused, naming the phi.
; RUN: rm -rf %t && mkdir %t
; RUN: %dxil-lower %s -o %t/ok.dxil
; RUN: %dxil-upgrade --no-raise --verify %t/ok.dxil -o - | %FileCheck %s
; CHECK-LABEL: define void @main()
; CHECK: load i32, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
; CHECK: phi i32
; CHECK-NOT: phi ptr addrspace(3)
; RUN: sed -e 's/^  %%v = load i32, ptr addrspace(3) %%p, align 4$/  store i32 1, ptr addrspace(3) %%p, align 4\n  %%v = add i32 0, 1/' %s > %t/store.ll
; RUN: not %dxil-lower %t/store.ll -o %t/store.dxil 2>&1 | %FileCheck --check-prefix=STORE %s
; RUN: not test -e %t/store.dxil
; STORE: error: cannot write DXIL bitcode: function @main, `%p = phi ptr addrspace(3) {{.*}}`: a groupshared pointer that does not come from one groupshared global{{.*}}[DXIL3004]

target triple = "dxil-ms-dx"

@ga = internal addrspace(3) global [4 x i32] undef, align 4
@gb = internal addrspace(3) global [4 x i32] undef, align 4

define void @main() {
entry:
  %i = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %c = icmp ult i32 %i, 2
  br i1 %c, label %x, label %y

x:
  %pa = getelementptr [4 x i32], ptr addrspace(3) @ga, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %pa, align 4
  br label %j

y:
  %pb = getelementptr [4 x i32], ptr addrspace(3) @gb, i32 0, i32 %i
  store i32 2, ptr addrspace(3) %pb, align 4
  br label %j

j:
  %p = phi ptr addrspace(3) [ %pa, %x ], [ %pb, %y ]
  %v = load i32, ptr addrspace(3) %p, align 4
  store i32 %v, ptr addrspace(3) @gb, align 4
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32)

!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}
!0 = !{i32 1, i32 0}
!1 = !{i32 1, i32 6}
!2 = !{!"cs", i32 6, i32 0}
!3 = !{ptr @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 4, i32 1, i32 1}
