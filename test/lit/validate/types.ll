; The Types rules: integers of DXIL's widths only (Types.IntWidth), i8
; only as an op's immediate (Types.I8, results and operands), no vector
; (Types.NoVector) or other type outside DXIL's (Types.Defined) in an
; alloca, load, store, GEP or static global before shader model 6.9
; outside libraries, one-dimensional arrays outermost (Types.NoMultiDim),
; no pointer inside a struct (Types.NoPtrToPtr), the reserved dx.* names
; only for DXIL's own types (Decl.DxilNsReserved; a dx.op result struct
; also Instr.DxilStructUser). The @ok_* functions and @ok_g give none.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs.ll 2> %t/cs.err
; RUN: %FileCheck %s < %t/cs.err
; RUN: not grep '@ok_' %t/cs.err
; CHECK-DAG: error: I8 can only be used as immediate value for intrinsic or as i8* via bitcast by lifetime intrinsics. (@bad_i8: `%t = trunc i32 %x to i8`) [Types.I8]
; CHECK-DAG: (@bad_i8: `%c = icmp eq i8 %t, 0`) [Types.I8]
; CHECK-DAG: error: Int type 'i4' has an invalid width. (@bad_width: `%t = trunc i32 %x to i4`) [Types.IntWidth]
; CHECK-DAG: error: Vector type '<2 x float>' is not allowed. (@bad_vector: `%a = alloca <2 x float>, align 8`) [Types.NoVector]
; CHECK-DAG: error: Type 'fp128' is not defined on DXIL primitives. (@bad_defined: `%a = alloca fp128, align 16`) [Types.Defined]
; CHECK-DAG: error: Only one dimension allowed for array type. (@bad_multidim: `%a = alloca [2 x [2 x i32]], align 4`) [Types.NoMultiDim]
; CHECK-DAG: error: Pointers to pointers, or pointers in structures are not allowed. (@bad_ptr: `%a = alloca %struct.P, align 4`) [Types.NoPtrToPtr]
; CHECK-DAG: error: Declaration 'dx.types.Mine' uses a reserved prefix. (@bad_reserved: `%a = alloca %dx.types.Mine, align 4`) [Decl.DxilNsReserved]
; CHECK-DAG: error: Dxil struct types should only be used by ExtractValue. (@bad_struct: `%a = alloca %dx.types.ResRet.f32, align 4`) [Instr.DxilStructUser]
; CHECK-DAG: error: Declaration 'dx.types.ResRet.f32' uses a reserved prefix. (@bad_struct: {{.*}}[Decl.DxilNsReserved]
; CHECK-DAG: error: Vector type '<4 x i32>' is not allowed. (@g) [Types.NoVector]
; Libraries allow vectors and other types; shader model 6.9 vectors.
; RUN: %dxil-upgrade --check %t/lib.ll
; RUN: %dxil-upgrade --check %t/cs69.ll

;--- cs.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.P = type { i32, ptr }
%struct.S = type { [2 x [2 x float]], half, i16, i64 }
%dx.types.Mine = type { i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

@g = internal global <4 x i32> zeroinitializer
@ok_g = internal global [4 x float] zeroinitializer

define void @main() {
  %v = load <4 x i32>, ptr @g
  %f = load [4 x float], ptr @ok_g
  ret void
}

define void @bad_i8(i32 %x) {
  %t = trunc i32 %x to i8
  %c = icmp eq i8 %t, 0
  ret void
}

define void @bad_width(i32 %x) {
  %t = trunc i32 %x to i4
  ret void
}

define void @bad_vector() {
  %a = alloca <2 x float>, align 8
  ret void
}

define void @bad_defined() {
  %a = alloca fp128, align 16
  ret void
}

define void @bad_multidim() {
  %a = alloca [2 x [2 x i32]], align 4
  ret void
}

define void @bad_ptr() {
  %a = alloca %struct.P, align 4
  ret void
}

define void @bad_reserved() {
  %a = alloca %dx.types.Mine, align 4
  ret void
}

define void @bad_struct() {
  %a = alloca %dx.types.ResRet.f32, align 4
  ret void
}

; Inner arrays may have more dimensions; half, i16 and i64 are DXIL's.
define void @ok_types(i32 %x) {
  %a = alloca %struct.S, align 4
  %b = alloca [4 x i1], align 4
  %t = trunc i32 %x to i16
  %z = zext i32 %x to i64
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- lib.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @ok_lib() {
  %a = alloca <2 x float>, align 8
  %b = alloca fp128, align 16
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}

;--- cs69.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %a = alloca <2 x float>, align 8
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}
