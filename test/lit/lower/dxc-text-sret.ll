; LLVM 3.7 text writes `sret`, `byval` and `inalloca` without a type (the
; pointer parameter's pointee is implied); LLVM 22's parser refuses them
; bare. DXC's high-level tests return structs through `sret`. The loader
; spells the pointee out (quoted names with commas, addrspace pointers and
; call sites included) and leaves strings and comments alone.
; RUN: %dxil-upgrade --verify %s -o - | %FileCheck %s
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; CHECK: define void @ps_main(ptr noalias sret(%struct.Out) %out, ptr byval(%"class.Pair<int, float>") %p)
; CHECK: call void @fill(ptr sret(%struct.Out) %tmp, ptr addrspace(3) byval([4 x float]) @lds)
; CHECK: declare void @fill(ptr sret(%struct.Out), ptr addrspace(3) byval([4 x float]))
; CHECK: !{!"keep sret byval here"}
; RT: dxc-text-sret.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Out = type { <4 x float> }
%"class.Pair<int, float>" = type { i32, float }

@lds = addrspace(3) global [4 x float] undef, align 4

define void @ps_main(%struct.Out* noalias sret %out, %"class.Pair<int, float>"* byval %p) #0 {
entry:
  %tmp = alloca %struct.Out, align 4
  ; a comment that says sret stays as it is
  call void @fill(%struct.Out* sret %tmp, [4 x float] addrspace(3)* byval @lds)
  %v = getelementptr inbounds %struct.Out, %struct.Out* %tmp, i32 0, i32 0
  %l = load <4 x float>, <4 x float>* %v, align 4
  %o = getelementptr inbounds %struct.Out, %struct.Out* %out, i32 0, i32 0
  store <4 x float> %l, <4 x float>* %o, align 4
  ret void
}

declare void @fill(%struct.Out* sret, [4 x float] addrspace(3)* byval) #0

attributes #0 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.typeAnnotations = !{!3}
!dx.entryPoints = !{!8}

!0 = !{!"keep sret byval here"}
!1 = !{i32 1, i32 6}
!2 = !{!"lib", i32 6, i32 6}
!3 = !{i32 1, void (%struct.Out*, %"class.Pair<int, float>"*)* @ps_main, !4}
!4 = !{!5, !6, !6}
!5 = !{i32 1, !7, !7}
!6 = !{i32 0, !7, !7}
!7 = !{}
!8 = !{null, !"", null, null, null}
