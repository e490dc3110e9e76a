; module-md: clang's named metadata and attachments DXIL does not know go
; (DXC: "Named metadata 'llvm.errno.tbaa' is unknown", Meta.Used); a loop
; node keeps only its unroll hint, as DXC writes it (Meta.WellFormed), or
; goes when it has none; !tbaa, llvm.ident and llvm.module.flags stay.
; Any named node DXC does not list goes (Meta.Known): clang's
; dx.rootsignatures (DXC's RTS0 part, not written: a warning says so) and
; names of other dx.* or LLVM kinds.
; RUN: %dxil-lower %s -o %t.ll 2> %t.err
; RUN: %FileCheck --check-prefix=WARN %s < %t.err
; WARN: warning{{.*}}root signature in !dx.rootsignatures is not written
; RUN: %FileCheck %s --implicit-check-not=rootsignatures --implicit-check-not=dx.unknown --implicit-check-not=linker.options --implicit-check-not=errno.tbaa < %t.ll
; RUN: %dxil-upgrade --check %t.ll
; CHECK-NOT: llvm.errno.tbaa
; CHECK-NOT: hlsl.cbs
; CHECK-NOT: !nonnull
; CHECK: load i32, ptr addrspace(3) @G, align 4, !tbaa
; CHECK: br i1 %c, label %exit, label %loop, !llvm.loop [[L1:![0-9]+]]
; CHECK: br i1 %c2, label %exit2, label %loop2{{$}}
; CHECK: !llvm.module.flags
; CHECK: !llvm.ident
; CHECK: [[L1]] = distinct !{[[L1]], [[U:![0-9]+]]}
; CHECK: [[U]] = !{!"llvm.loop.unroll.disable"}
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@G = addrspace(3) global i32 0, align 4

define void @main() #0 {
entry:
  %v = load i32, ptr addrspace(3) @G, align 4, !tbaa !3, !noundef !9
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, %v
  %c = icmp eq i32 %n, 8
  br i1 %c, label %exit, label %loop, !llvm.loop !6
exit:
  br label %loop2
loop2:
  %j = phi i32 [ 0, %exit ], [ %m, %loop2 ]
  %m = add i32 %j, 1
  store i32 %m, ptr addrspace(3) @G, align 4
  %c2 = icmp eq i32 %m, 4
  br i1 %c2, label %exit2, label %loop2, !llvm.loop !10
exit2:
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}
!llvm.errno.tbaa = !{!3}
!hlsl.cbs = !{}
!dx.rootsignatures = !{!11}
!dx.unknown = !{!1}
!llvm.linker.options = !{}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{!"clang"}
!3 = !{!4, !4, i64 0}
!4 = !{!"int", !5, i64 0}
!5 = !{!"Simple C++ TBAA"}
!6 = distinct !{!6, !7, !8}
!7 = !{!"llvm.loop.mustprogress"}
!8 = !{!"llvm.loop.unroll.disable"}
!9 = !{}
!10 = distinct !{!10, !7}
!11 = !{ptr @main, !12, i32 2}
!12 = !{!13}
!13 = !{!"RootFlags", i32 0}
