; The rules that read pointees, on containers the project's writer makes
; (LLVM 22 has no pointees: the loader's walk of the 3.7 bitcode keeps
; them). A bitcast keeps the pointee's size (Instr.PtrBitCast), casts no
; struct outside libraries (Instr.StructBitCast) and, with min precision,
; no type under 32 bits (Instr.MinPrecisonBitCast); a pointer result to
; i8 is Types.I8 except an i8* cast only lifetime markers use (shader
; model 6.6); a constant GEP stays within its object
; (Instr.InBoundsAccess, under DXC's layout: i8 takes 4 bytes); a store
; whose value is not the pointer's pointee is refused by DXC's reader
; (Bitcode.Valid, and nothing else is checked then).
; RUN: split-file %s %t
; The lowering legalizes most of casts.ll (typed GEPs for the byte offset
; and the punned reads, value bitcasts for the same-size puns); what it
; leaves, a 16-bit read of a 32-bit object, the validator finds as DXC
; does (checked against DXC's validator on the same container). The
; writer alone makes the other refused casts: test_validate_facts checks
; each of their rules.
; RUN: %dxil-lower --no-validate %t/casts.ll -o %t/casts.dxil
; RUN: not %dxil-upgrade --check %t/casts.dxil 2> %t/casts.err
; RUN: %FileCheck %s --check-prefix=CASTS < %t/casts.err
; CASTS: error: Pointer type bitcast must be have same size. (bitcast i32* to i16*) {{.*}}[Instr.PtrBitCast]
; CASTS-NOT: error:
; RUN: %dxil-lower %t/ok.ll -o %t/ok.dxil
; RUN: %dxil-upgrade --check %t/ok.dxil
; RUN: %dxil-lower %t/lifetime66.ll -o %t/lifetime66.dxil
; RUN: %dxil-upgrade --check %t/lifetime66.dxil
; A store whose type is not its argument's first-use pointee: the writer
; once gave the argument the wrong pointee (DXC: "Explicit load/store type
; does not match pointee type"); it types arguments by their function's
; signature now, and the module is valid.
; The library's bitcode alone (its container needs RDAT: write/ tests it).
; RUN: %dxil-lower %t/mismatch.ll -o %t/mismatch.bc
; RUN: %dxil-upgrade --check %t/mismatch.bc

;--- casts.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.S = type { float }

define void @main() {
  %a = alloca [4 x i32], align 4
  store i32 1, ptr %a, align 4
  %f = load float, ptr %a, align 4
  %s = alloca %struct.S, align 4
  store float 1.0, ptr %s, align 4
  %i = load i32, ptr %s, align 4
  %b = alloca i32, align 4
  store i32 2, ptr %b, align 4
  %h = load i16, ptr %b, align 4
  %q = getelementptr i8, ptr %a, i32 4
  %g = load i32, ptr %q, align 4
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
;--- ok.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = alloca [4 x i32], align 4
  store i32 1, ptr %a, align 4
  %f = load [4 x float], ptr %a, align 4
  %g = getelementptr [4 x i32], ptr %a, i32 0, i32 3
  %x = load i32, ptr %g, align 4
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
;--- lifetime66.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = alloca [4 x i32], align 4
  call void @llvm.lifetime.start.p0(ptr %a)
  store i32 1, ptr %a, align 4
  call void @llvm.lifetime.end.p0(ptr %a)
  ret void
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
;--- mismatch.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { float, float }

define void @hit(ptr %payload, ptr %attr) {
  store float 1.0, ptr %payload, align 4
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!dxu.paramTypes = !{!3}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}
!3 = !{!"hit", i32 0, %struct.Payload undef}
