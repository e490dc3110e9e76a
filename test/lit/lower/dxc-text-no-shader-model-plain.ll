; An LLVM pass test in DXC's repository: no dx.* at all, no triple, no
; datalayout. It raises to itself (recording what it lacks in !dxu.absent)
; and round-trips as it came, in memory and through the raised file;
; lowering a modern module without a shader model (no DXC triple, never
; raised) is still refused.
; RUN: %dxil-roundtrip %s | %FileCheck %s --check-prefix=RT
; RUN: %dxil-lower --raise %s -o - | %FileCheck %s --check-prefix=LOWERED
; RUN: %dxil-upgrade %s -o %t.up.ll
; RUN: %FileCheck %s --check-prefix=ABSENT < %t.up.ll
; RUN: %dxil-lower %t.up.ll -o - | %FileCheck %s --check-prefix=LOWERED
; ABSENT: !dxu.absent = !{![[A:[0-9]+]], ![[B:[0-9]+]]}
; ABSENT-DAG: ![[A]] = !{!"triple"}
; ABSENT-DAG: ![[B]] = !{!"datalayout"}
; RUN: %expect-exit 1 %dxil-lower %s -o %t.ll 2>&1 | %FileCheck %s --check-prefix=MODERN
; RT: dxc-text-no-shader-model-plain.ll: round-trips
; LOWERED-NOT: target triple
; LOWERED-NOT: target datalayout
; LOWERED: define i32 @g(i32 %a)
; MODERN: error: triple '' names no DXIL shader model; nothing to lower to [DXIL6000]

define i32 @g(i32 %a) {
  %b = add i32 %a, 1
  ret i32 %b
}
