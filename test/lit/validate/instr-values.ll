; Instruction rules on values: no undef operand but a phi's, the vector of
; an insertelement, the second vector of a shufflevector and a stored
; value (Instr.NoReadingUninitialized, also inside a constant
; expression); no integer division by the constant 0
; (Instr.NoIDivByZero, Instr.NoUDivByZero); an address space cast has
; the generic space on one side (Instr.NoGenericPtrAddrSpaceCast);
; extractvalue only of dx.op result structs and cmpxchg
; (Instr.ExtractValue); with the min precision flag (0x20), no precise
; instruction on a 16-bit value (Instr.MinPrecisionNotPrecise). The @ok_*
; functions give none.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/lib.ll 2> %t/lib.err
; RUN: %FileCheck %s < %t/lib.err
; RUN: not grep '@ok_' %t/lib.err
; CHECK-DAG: error: Instructions should not read uninitialized value. (@bad_undef: `%a = add i32 %x, undef`) [Instr.NoReadingUninitialized]
; CHECK-DAG: (@bad_undef: `%v = insertelement <2 x i32> zeroinitializer, i32 undef, i32 0`) [Instr.NoReadingUninitialized]
; CHECK-DAG: (@bad_undef: `store i32 %x, ptr undef, align 4`) [Instr.NoReadingUninitialized]
; CHECK-DAG: error: No signed integer division by zero. (@bad_div: `%s = sdiv i32 %x, 0`) [Instr.NoIDivByZero]
; CHECK-DAG: error: No unsigned integer division by zero. (@bad_div: `%u = udiv i32 %x, 0`) [Instr.NoUDivByZero]
; CHECK-DAG: error: Address space cast between pointer types must have one part to be generic address space. (@bad_cast: {{.*}}[Instr.NoGenericPtrAddrSpaceCast]
; CHECK-DAG: error: ExtractValue should only be used on dxil struct types and cmpxchg. (@bad_extract: `%e = extractvalue { i32, i32 } %s, 0`) [Instr.ExtractValue]
; CHECK-DAG: (@bad_extract: `%f = extractvalue [2 x i32] %a, 1`) [Instr.ExtractValue]
; CHECK-DAG: error: Instructions marked precise may not refer to minprecision values. (@bad_precise: `%p = fadd half %h, %h, !dx.precise !{{[0-9]+}}`) [Instr.MinPrecisionNotPrecise]
; Native 16-bit types (shader flag 0x800000) are no min precision, and
; without flag 0x20 DXC does not look for precise 16-bit values at all.
; RUN: %dxil-upgrade --check %t/native.ll
; Without the flag the half is no min precision type: no
; Instr.MinPrecisionNotPrecise, only the flag the module then lacks.
; RUN: not %dxil-upgrade --check %t/noflag.ll 2>&1 | %FileCheck %s --check-prefix=NOFLAG
; NOFLAG: error: Flags must match usage. (declared 0x0, used 0x20) [Meta.FlagsUsage]
; NOFLAG-NOT: error

;--- lib.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@gs = internal addrspace(3) global i32 0
@out = internal addrspace(3) global i32 0

define void @bad_undef(i32 %x) {
  %a = add i32 %x, undef
  %v = insertelement <2 x i32> zeroinitializer, i32 undef, i32 0
  store i32 %x, ptr undef, align 4
  ret void
}

define void @ok_undef(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %p = phi i32 [ undef, %entry ], [ %x, %then ]
  %v = insertelement <2 x i32> undef, i32 %p, i32 0
  %s = shufflevector <2 x i32> %v, <2 x i32> undef, <2 x i32> <i32 0, i32 0>
  store i32 undef, ptr addrspace(3) @gs, align 4
  ret void
}

define void @bad_div(i32 %x) {
  %s = sdiv i32 %x, 0
  %u = udiv i32 %x, 0
  ret void
}

define void @ok_div(i32 %x) {
  %s = sdiv i32 %x, 3
  %u = udiv i32 %x, %x
  ret void
}

define void @bad_cast() {
  %p = addrspacecast ptr addrspace(3) @gs to ptr addrspace(1)
  store i32 0, ptr addrspace(1) %p, align 4
  ret void
}

define void @ok_cast() {
  %p = addrspacecast ptr addrspace(3) @out to ptr addrspace(4)
  store i32 0, ptr addrspace(4) %p, align 4
  ret void
}

define void @bad_extract(i32 %x) {
  %s = insertvalue { i32, i32 } zeroinitializer, i32 %x, 0
  %e = extractvalue { i32, i32 } %s, 0
  %a = insertvalue [2 x i32] zeroinitializer, i32 %x, 0
  %f = extractvalue [2 x i32] %a, 1
  ret void
}

define void @ok_extract(i32 %x) {
  %c = cmpxchg ptr addrspace(3) @gs, i32 0, i32 %x seq_cst seq_cst
  %o = extractvalue { i32, i1 } %c, 0
  ret void
}

define void @bad_precise(half %h) {
  %p = fadd half %h, %h, !dx.precise !3
  ret void
}

define void @ok_precise(float %f, half %h) {
  %p = fadd float %f, %f, !dx.precise !3
  %q = fadd half %h, %h
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, !4}
!3 = !{i32 1}
!4 = !{i32 0, i64 32}

;--- native.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ok_precise(half %h) {
  %p = fadd half %h, %h, !dx.precise !3
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, !{i32 0, i64 8388640}}
!3 = !{i32 1}

;--- noflag.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ok_precise(half %h) {
  %p = fadd half %h, %h, !dx.precise !3
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}
!3 = !{i32 1}
