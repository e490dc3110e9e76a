; What DXC's LLVM 3.7 reader and verifier refuse in the bitcode itself,
; where LLVM 22's reader upgrades it away (check/chk_llvm37.c), and the
; writer's 3.7 forms (bcwrite/bcw_attrs.c, bcw_intrinsics.c):
; - clang's `call void @llvm.lifetime.start.p0(ptr nonnull %a)`: LLVM 22's
;   marker is (ptr), 3.7's (i64 size, i8* ptr); an earlier writer kept the
;   call's attributes at their index, so `nonnull` landed on the i64
;   (3.7: "Wrong types for attribute"), signed, and DXC rejected it;
; - `llvm.powi.f32.i32`: 3.7 mangles only the float (`llvm.powi.f32`) and
;   refuses the name LLVM 22 gives ("Intrinsic name not mangled
;   correctly for type arguments!").
; Written now, both are in 3.7's form and the gate signs the container:
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; The earlier writer's container (Inputs/llvm37-old-writer.dxil, written
; from this file before the fix) carries both; the check finds them in
; the bitcode although LLVM 22's reader drops the attribute and renames
; the intrinsic:
; RUN: not %dxil-upgrade --check %S/Inputs/llvm37-old-writer.dxil 2>&1 | %FileCheck %s --check-prefix=OLD
; OLD-DAG: error: Module bitcode is invalid. (@llvm.powi.f32.i32: LLVM 3.7's verifier: Intrinsic name not mangled correctly for type arguments! Should be: llvm.powi.f32) (@llvm.powi.f32.i32) [Bitcode.Valid] [DXIL5200]
; OLD-DAG: error: Module bitcode is invalid. (call 1 of @f, to @llvm.lifetime.start: LLVM 3.7's verifier: Wrong types for attribute: 'nonnull' on an integer) (@f) [Bitcode.Valid]
; OLD-DAG: error: Module bitcode is invalid. (call 2 of @f, to @llvm.lifetime.end: LLVM 3.7's verifier: Wrong types for attribute: 'nonnull' on an integer) (@f) [Bitcode.Valid]
;
; An intrinsic 3.7 does not have is refused by the writer, naming the call:
; RUN: sed 's/llvm.powi.f32.i32(float %%y, i32 3)/llvm.ldexp.f32.i32(float %%y, i32 3)/; s/declare float @llvm.powi.f32.i32(float, i32)/declare float @llvm.ldexp.f32.i32(float, i32)/' %s > %t.ldexp.ll
; RUN: %expect-exit 1 %dxil-lower %t.ldexp.ll -o %t.ldexp.dxil 2>&1 | %FileCheck %s --check-prefix=NO37
; NO37: error: cannot write DXIL bitcode: function @f, `%r = call float @llvm.ldexp.f32.i32(float %y, i32 3)`: this LLVM intrinsic has no LLVM 3.7 form (LLVM 3.7 has no intrinsic of this name){{.*}}[DXIL3004]
; RUN: test ! -e %t.ldexp.dxil
; (One 3.7 has with another signature, powi with an i16 exponent, no
; longer reaches the writer: legal-intrinsics expands powi as DXC does.)

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"

define float @f(float %x, i32 %i) #0 {
entry:
  %a = alloca [4 x float], align 4
  call void @llvm.lifetime.start.p0(ptr nonnull %a) #1
  %p = getelementptr inbounds [4 x float], ptr %a, i32 0, i32 %i
  store float %x, ptr %p, align 4
  %q = getelementptr inbounds [4 x float], ptr %a, i32 0, i32 1
  %y = load float, ptr %q, align 4
  call void @llvm.lifetime.end.p0(ptr nonnull %a) #1
  %r = call float @llvm.powi.f32.i32(float %y, i32 3)
  ret float %r
}

declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare float @llvm.powi.f32.i32(float, i32)

attributes #0 = { "hlsl.export" }
attributes #1 = { nounwind }

!dx.valver = !{!0}
!0 = !{i32 1, i32 8}
