; LLVM 3.7 text writes an alias with the aliasee's pointer type only
; (`alias i32* @g`); LLVM 22's parser wants the value type first
; (`alias i32, i32* @g`) and refuses the module otherwise. The loader
; puts the pointee in front (addrspace pointers, function types, a constant
; expression as aliasee, a quoted name that says " alias "), and leaves an
; alias already in the new form, strings and comments alone.
; RUN: %dxil-upgrade --verify %s -o - | %FileCheck %s
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; CHECK-DAG: @counter.alias = internal alias i32, ptr @counter
; CHECK-DAG: @lds.alias = alias [4 x float], ptr addrspace(3) @lds
; CHECK-DAG: @cs.alias = alias void (), ptr @cs
; CHECK-DAG: @first = alias float, getelementptr inbounds ([4 x float], ptr addrspace(3) @lds, i32 0, i32 1)
; CHECK-DAG: @"weird alias name" = alias i32, ptr @counter
; CHECK-DAG: @new.form = alias i32, ptr @counter
; CHECK-DAG: !{!"alias i32* @counter"}
; RT: dxc-text-alias.ll: round-trips

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@counter = internal global i32 0, align 4
@lds = addrspace(3) global [4 x float] undef, align 4
@counter.alias = internal alias i32* @counter
@lds.alias = alias [4 x float] addrspace(3)* @lds
@cs.alias = alias void ()* @cs
@first = alias float addrspace(3)* getelementptr inbounds ([4 x float], [4 x float] addrspace(3)* @lds, i32 0, i32 1)
@"weird alias name" = alias i32* @counter
@new.form = alias i32, i32* @counter
; @commented = alias i32* @counter

define void @cs() {
  %tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  store i32 %tid, i32* @counter.alias, align 4
  ret void
}

declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

attributes #0 = { nounwind readnone }

!llvm.ident = !{!5}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @cs, !"cs", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
!5 = !{!"alias i32* @counter"}
