; The linear algebra ops' rules (shader model 6.10, experimental table):
; each matrix type has a dx.targetTypes row (Instr.LinAlgMetadataMissing),
; a K dimension in bounds and an allowed component type; each op's
; matrices have the uses, scopes and dimensions it needs, with immediate
; layouts, zero strides for the optimal layouts, alignments that are
; positive multiples of 128, and byte address buffers of the right class.
; bad.ll breaks each rule once (DXC reports the same 28 errors on the 3.7
; form of this module); ok.ll uses every checked op correctly.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/bad.ll 2> %t/bad.err
; RUN: %FileCheck %s < %t/bad.err
; RUN: grep -c 'error:' %t/bad.err | %FileCheck --check-prefix=COUNT %s
; COUNT: {{^}}28{{$}}
; RUN: %dxil-upgrade --check %t/ok.ll
; CHECK-DAG: error: Component type 'I1' from return matrix not allowed in LinAlg Matrix operations. (@bad_component: {{.*}} [Instr.LinAlgIllegalComponentType]
; CHECK-DAG: error: Destination matrix dimension '8x8' must match source matrix dimension '8x4'. (@bad_copy: {{.*}} [Instr.LinAlgMatrix2PartsMustMatch]
; CHECK-DAG: error: Return matrix K dimension out of bounds. K=2 must be >= 4 and <= 128. (@bad_kdim: {{.*}} [Instr.LinAlgIllegalKDim]
; CHECK-DAG: error: K dim of A matrix '8x8' must match K dim of B matrix '6x8'. 8 != 6. (@bad_multiply: {{.*}} [Instr.LinAlgMatrixMatrixKDimMustMatch]
; CHECK-DAG: error: Return matrix dimension '8x6' must match A.MxB.N '8x8'. (@bad_multiply: {{.*}} [Instr.LinAlgMatrixMatrixResDimMustMatch]
; CHECK-DAG: error: Return matrix with scope 'Wave' requires layout RowMajor or ColumnMajor for LinAlgMatrixLoadFromDescriptor. (@bad_layouts: {{.*}} [Instr.LinAlgMatrixScopeReqLayout2]
; CHECK-DAG: error: LinAlgMatrixLoadFromDescriptor with layout 'MulOptimal' requires stride 0. (@bad_layouts: {{.*}} [Instr.LinAlgMatrixLayoutReqStride]
; CHECK-DAG: error: Loading matrix with Thread scope requires ByteAddressBuffer. (@bad_layouts: {{.*}} [Instr.LinAlgMatrixLoadThreadRequiresBAB]
; CHECK-DAG: error: parameter 'Align' must be a multiple of 128, got 100 (@bad_layouts: {{.*}} [Instr.ParamMultiple]
; CHECK-DAG: error: parameter 'Align' must be greater than 0, got 0 (@bad_layouts: {{.*}} [Instr.ParamMinimumValue]
; CHECK-DAG: error: Return matrix 'dx.types.LinAlgMatrixC9M8N8U2S2' must exactly match arg 1 matrix 'dx.types.LinAlgMatrixC9M8N8U2S1'. (@bad_accumulate: {{.*}} [Instr.LinAlgMatrixNotExactMatch]
; CHECK-DAG: error: Arg 2 matrix use 'Accumulator' does not match expected use A or B. (@bad_accumulate: {{.*}} [Instr.LinAlgMatrixUseMismatch2]
; CHECK-DAG: error: Matrix scope must be the same for all matrices. A 'Wave', B 'ThreadGroup', Return 'ThreadGroup'. (@bad_multiply: {{.*}} [Instr.LinAlgMatrixScopeMustMatch3]
; CHECK-DAG: error: Matrix scope must be the same for all matrices. A 'Wave', B 'ThreadGroup', C 'ThreadGroup', Return 'ThreadGroup'. (@bad_multiply: {{.*}} [Instr.LinAlgMatrixScopeMustMatch4]
; CHECK-DAG: error: Return matrix must have well-formed metadata. (@bad_missing: {{.*}} [Instr.LinAlgMetadataMissing]
; CHECK-DAG: error: Output vector size '2' must match input matrix M dimension '4' (@bad_matvec: {{.*}} [Instr.LinAlgMatrixDimVectorMismatch]
; CHECK-DAG: error: Input vector size '4' must be 8 for input matrix with K '8' and Type 'F32' (@bad_matvec: {{.*}} [Instr.LinAlgMatrixDimKVecKMismatch]
; CHECK-DAG: error: Float-like type 'float' must be signed (@bad_matvec: {{.*}} [Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed]
; CHECK-DAG: error: Input matrix scope 'Wave' does not match expected scope Thread. (@bad_matvec: {{.*}} [Instr.LinAlgMatrixScopeMismatch]
; CHECK-DAG: error: Input matrix use 'B' does not match expected use A. (@bad_matvec: {{.*}} [Instr.LinAlgMatrixUseMismatch]
; CHECK-DAG: error: Bias vector size '2' must match input matrix M dimension '4' (@bad_matvec: {{.*}} [Instr.LinAlgMatrixDimVectorMismatch]
; CHECK-DAG: error: Output vector element type 'float' must match bias vector element type 'i32' (@bad_matvec: {{.*}} [Instr.LinAlgMatrixOutputBiasVecMismatch]
; CHECK-DAG: error: Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup. (@bad_scope2: {{.*}} [Instr.LinAlgMatrixScopeMismatch2]
; CHECK-DAG: error: Instructions should not read uninitialized value. (@bad_operands: {{.*}} [Instr.NoReadingUninitialized]
; CHECK-DAG: error: Arg 1 matrix must have well-formed metadata. (@bad_missing: {{.*}} [Instr.LinAlgMetadataMissing]
; CHECK-DAG: error: LinAlgMatrixStoreToDescriptor requires layout RowMajor or ColumnMajor. (@bad_layouts: {{.*}} [Instr.LinAlgMatrixRequiresLayout2]
; CHECK-DAG: error: LinAlgMatrixStoreToDescriptor requires RWByteAddressBuffer. (@bad_layouts: {{.*}} [Instr.LinAlgMatrixRequiresRWBAB]
; CHECK-DAG: error: Layout of LinAlgMatrixStoreToDescriptor must be an immediate constant. (@bad_operands: {{.*}} [Instr.OpConst]

;--- bad.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixUnlisted = type { ptr }
%dx.types.LinAlgMatrixC9M8N2U0S1 = type { ptr }
%dx.types.LinAlgMatrixC1M8N8U1S1 = type { ptr }
%dx.types.LinAlgMatrixC9M4N8U0S1 = type { ptr }
%dx.types.LinAlgMatrixC9M4N8U1S0 = type { ptr }
%dx.types.LinAlgMatrixC9M4N8U0S0 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U2S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U2S2 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U0S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U1S0 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U1S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N4U1S1 = type { ptr }
%dx.types.LinAlgMatrixC8M8N8U1S1 = type { ptr }
%dx.types.LinAlgMatrixC8M8N8U0S1 = type { ptr }
%dx.types.LinAlgMatrixC8M8N8U1S2 = type { ptr }
%dx.types.LinAlgMatrixC8M6N8U1S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N6U2S1 = type { ptr }

define void @main() {
  ret void
}

define void @bad_missing() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixUnlisted @dx.op.linAlgMatrixLoadFromDescriptor.mUnlisted(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call i32 @dx.op.linAlgMatrixLength.mUnlisted(i32 -2147483632, %dx.types.LinAlgMatrixUnlisted %v3)
  ret void
}

define void @bad_kdim() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M8N2U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N2U0S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  ret void
}

define void @bad_component() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC1M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC1M8N8U1S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  ret void
}

define void @bad_matvec() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M4N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v4, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v6 = call %dx.types.LinAlgMatrixC9M4N8U1S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U1S0(i32 -2147483634, %dx.types.Handle %v5, i32 0, i32 0, i32 0, i32 128)
  %v7 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v7, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v9 = call %dx.types.LinAlgMatrixC9M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S0(i32 -2147483634, %dx.types.Handle %v8, i32 0, i32 0, i32 0, i32 128)
  %v10 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S1.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S1 %v3, i1 true, <8 x float> zeroinitializer, i32 9)
  %v11 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U1S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U1S0 %v6, i1 true, <8 x float> zeroinitializer, i32 9)
  %v12 = call <2 x float> @dx.op.linAlgMatVecMul.v2f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %v9, i1 true, <8 x float> zeroinitializer, i32 9)
  %v13 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v4f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %v9, i1 true, <4 x float> zeroinitializer, i32 9)
  %v14 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %v9, i1 false, <8 x float> zeroinitializer, i32 9)
  %v15 = call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4i32(i32 -2147483622, %dx.types.LinAlgMatrixC9M4N8U0S0 %v9, i1 true, <8 x float> zeroinitializer, i32 9, <4 x i32> zeroinitializer)
  %v16 = call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v2f32(i32 -2147483622, %dx.types.LinAlgMatrixC9M4N8U0S0 %v9, i1 true, <8 x float> zeroinitializer, i32 9, <2 x float> zeroinitializer)
  ret void
}

define void @bad_scope2() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S0(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call i32 @dx.op.linAlgMatrixLength.mC9M4N8U0S0(i32 -2147483632, %dx.types.LinAlgMatrixC9M4N8U0S0 %v3)
  ret void
}

define void @bad_accumulate() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v4, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v6 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S2(i32 -2147483634, %dx.types.Handle %v5, i32 0, i32 0, i32 0, i32 128)
  %v7 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M8N8U2S2.mC9M8N8U2S1.mC9M8N8U2S2(i32 -2147483624, %dx.types.LinAlgMatrixC9M8N8U2S1 %v3, %dx.types.LinAlgMatrixC9M8N8U2S2 %v6)
  ret void
}

define void @bad_layouts() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M8N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U0S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 2, i32 128)
  %v4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v4, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v6 = call %dx.types.LinAlgMatrixC9M8N8U1S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S0(i32 -2147483634, %dx.types.Handle %v5, i32 0, i32 16, i32 2, i32 128)
  %v7 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %v8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v7, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %v9 = call %dx.types.LinAlgMatrixC9M8N8U1S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S0(i32 -2147483634, %dx.types.Handle %v8, i32 0, i32 0, i32 0, i32 128)
  %v10 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v11 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v10, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v12 = call %dx.types.LinAlgMatrixC9M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S1(i32 -2147483634, %dx.types.Handle %v11, i32 0, i32 0, i32 0, i32 100)
  %v13 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v14 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v13, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v15 = call %dx.types.LinAlgMatrixC9M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S1(i32 -2147483634, %dx.types.Handle %v14, i32 0, i32 0, i32 0, i32 0)
  %v16 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v17 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v16, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v18 = call %dx.types.LinAlgMatrixC9M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S1(i32 -2147483634, %dx.types.Handle %v17, i32 0, i32 0, i32 0, i32 128)
  %v19 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v20 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v19, %dx.types.ResourceProperties { i32 11, i32 0 })
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N8U1S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M8N8U1S1 %v18, %dx.types.Handle %v20, i32 0, i32 0, i32 2, i32 128)
  ret void
}

define void @bad_copy() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M8N4U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N4U1S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call %dx.types.LinAlgMatrixC8M8N8U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M8N8U1S1.mC9M8N4U1S1(i32 -2147483635, %dx.types.LinAlgMatrixC9M8N4U1S1 %v3, i1 false)
  ret void
}

define void @bad_multiply() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC8M8N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N8U0S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v4, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v6 = call %dx.types.LinAlgMatrixC8M8N8U1S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N8U1S2(i32 -2147483634, %dx.types.Handle %v5, i32 0, i32 0, i32 0, i32 128)
  %v7 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v7, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v9 = call %dx.types.LinAlgMatrixC8M6N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M6N8U1S1(i32 -2147483634, %dx.types.Handle %v8, i32 0, i32 0, i32 0, i32 128)
  %v10 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v11 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v10, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v12 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S2(i32 -2147483634, %dx.types.Handle %v11, i32 0, i32 0, i32 0, i32 128)
  %v13 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC8M8N8U0S1.mC8M8N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC8M8N8U0S1 %v3, %dx.types.LinAlgMatrixC8M8N8U1S2 %v6)
  %v14 = call %dx.types.LinAlgMatrixC9M8N6U2S1 @dx.op.linAlgMatrixMultiply.mC9M8N6U2S1.mC8M8N8U0S1.mC8M6N8U1S1(i32 -2147483625, %dx.types.LinAlgMatrixC8M8N8U0S1 %v3, %dx.types.LinAlgMatrixC8M6N8U1S1 %v9)
  %v15 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M8N8U2S2.mC8M8N8U0S1.mC8M8N8U1S2.mC9M8N8U2S2(i32 -2147483637, %dx.types.LinAlgMatrixC8M8N8U0S1 %v3, %dx.types.LinAlgMatrixC8M8N8U1S2 %v6, %dx.types.LinAlgMatrixC9M8N8U2S2 %v12)
  ret void
}

define void @bad_operands(i32 %layout) {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S1(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %v5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v4, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N8U1S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M8N8U1S1 %v3, %dx.types.Handle %v5, i32 0, i32 0, i32 %layout, i32 128)
  %v6 = call i32 @dx.op.linAlgMatrixLength.mC9M8N8U1S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M8N8U1S1 undef)
  ret void
}

declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.LinAlgMatrixC1M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC1M8N8U1S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC8M6N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M6N8U1S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC8M8N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N8U0S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC8M8N8U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M8N8U1S1.mC9M8N4U1S1(i32, %dx.types.LinAlgMatrixC9M8N4U1S1, i1)
declare %dx.types.LinAlgMatrixC8M8N8U1S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N8U1S2(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S0(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M4N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M4N8U1S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U1S0(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N2U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N2U0S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N4U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N4U1S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N6U2S1 @dx.op.linAlgMatrixMultiply.mC9M8N6U2S1.mC8M8N8U0S1.mC8M6N8U1S1(i32, %dx.types.LinAlgMatrixC8M8N8U0S1, %dx.types.LinAlgMatrixC8M6N8U1S1)
declare %dx.types.LinAlgMatrixC9M8N8U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U0S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N8U1S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S0(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U1S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M8N8U2S2.mC9M8N8U2S1.mC9M8N8U2S2(i32, %dx.types.LinAlgMatrixC9M8N8U2S1, %dx.types.LinAlgMatrixC9M8N8U2S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S2(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC8M8N8U0S1.mC8M8N8U1S2(i32, %dx.types.LinAlgMatrixC8M8N8U0S1, %dx.types.LinAlgMatrixC8M8N8U1S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M8N8U2S2.mC8M8N8U0S1.mC8M8N8U1S2.mC9M8N8U2S2(i32, %dx.types.LinAlgMatrixC8M8N8U0S1, %dx.types.LinAlgMatrixC8M8N8U1S2, %dx.types.LinAlgMatrixC9M8N8U2S2)
declare %dx.types.LinAlgMatrixUnlisted @dx.op.linAlgMatrixLoadFromDescriptor.mUnlisted(i32, %dx.types.Handle, i32, i32, i32, i32)
declare <2 x float> @dx.op.linAlgMatVecMul.v2f32.mC9M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v4f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <4 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S1.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S1, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U1S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U1S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v2f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32, <2 x float>)
declare <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4i32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32, <4 x i32>)
declare i32 @dx.op.linAlgMatrixLength.mC9M4N8U0S0(i32, %dx.types.LinAlgMatrixC9M4N8U0S0)
declare i32 @dx.op.linAlgMatrixLength.mC9M8N8U1S1(i32, %dx.types.LinAlgMatrixC9M8N8U1S1)
declare i32 @dx.op.linAlgMatrixLength.mUnlisted(i32, %dx.types.LinAlgMatrixUnlisted)
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N8U1S1(i32, %dx.types.LinAlgMatrixC9M8N8U1S1, %dx.types.Handle, i32, i32, i32, i32)

!dx.targetTypes = !{!10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24, !25}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 0, i64 8589934592, i32 4, !4}
!4 = !{i32 1, i32 1, i32 1}
!10 = !{%dx.types.LinAlgMatrixC9M8N2U0S1 undef, i32 9, i32 8, i32 2, i32 0, i32 1}
!11 = !{%dx.types.LinAlgMatrixC1M8N8U1S1 undef, i32 1, i32 8, i32 8, i32 1, i32 1}
!12 = !{%dx.types.LinAlgMatrixC9M4N8U0S1 undef, i32 9, i32 4, i32 8, i32 0, i32 1}
!13 = !{%dx.types.LinAlgMatrixC9M4N8U1S0 undef, i32 9, i32 4, i32 8, i32 1, i32 0}
!14 = !{%dx.types.LinAlgMatrixC9M4N8U0S0 undef, i32 9, i32 4, i32 8, i32 0, i32 0}
!15 = !{%dx.types.LinAlgMatrixC9M8N8U2S1 undef, i32 9, i32 8, i32 8, i32 2, i32 1}
!16 = !{%dx.types.LinAlgMatrixC9M8N8U2S2 undef, i32 9, i32 8, i32 8, i32 2, i32 2}
!17 = !{%dx.types.LinAlgMatrixC9M8N8U0S1 undef, i32 9, i32 8, i32 8, i32 0, i32 1}
!18 = !{%dx.types.LinAlgMatrixC9M8N8U1S0 undef, i32 9, i32 8, i32 8, i32 1, i32 0}
!19 = !{%dx.types.LinAlgMatrixC9M8N8U1S1 undef, i32 9, i32 8, i32 8, i32 1, i32 1}
!20 = !{%dx.types.LinAlgMatrixC9M8N4U1S1 undef, i32 9, i32 8, i32 4, i32 1, i32 1}
!21 = !{%dx.types.LinAlgMatrixC8M8N8U1S1 undef, i32 8, i32 8, i32 8, i32 1, i32 1}
!22 = !{%dx.types.LinAlgMatrixC8M8N8U0S1 undef, i32 8, i32 8, i32 8, i32 0, i32 1}
!23 = !{%dx.types.LinAlgMatrixC8M8N8U1S2 undef, i32 8, i32 8, i32 8, i32 1, i32 2}
!24 = !{%dx.types.LinAlgMatrixC8M6N8U1S1 undef, i32 8, i32 6, i32 8, i32 1, i32 1}
!25 = !{%dx.types.LinAlgMatrixC9M8N6U2S1 undef, i32 9, i32 8, i32 6, i32 2, i32 1}

;--- ok.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M4N8U0S0 = type { ptr }
%dx.types.LinAlgMatrixC8M8N16U0S1 = type { ptr }
%dx.types.LinAlgMatrixC8M16N4U1S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N4U2S1 = type { ptr }
%dx.types.LinAlgMatrixC8M4N16U1S1 = type { ptr }
%dx.types.LinAlgMatrixC9M8N8U2S0 = type { ptr }

define void @main() {
  ret void
}

define void @ok_linalg() {
  %v1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v1, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v3 = call %dx.types.LinAlgMatrixC9M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S0(i32 -2147483634, %dx.types.Handle %v2, i32 0, i32 0, i32 0, i32 128)
  %v4 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %v3, i1 true, <8 x float> zeroinitializer, i32 9)
  %v5 = call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f32(i32 -2147483622, %dx.types.LinAlgMatrixC9M4N8U0S0 %v3, i1 true, <8 x float> zeroinitializer, i32 9, <4 x float> zeroinitializer)
  %v6 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v7 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v6, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v8 = call %dx.types.LinAlgMatrixC8M8N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S1(i32 -2147483634, %dx.types.Handle %v7, i32 0, i32 0, i32 0, i32 128)
  %v9 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v9, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v11 = call %dx.types.LinAlgMatrixC8M16N4U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N4U1S1(i32 -2147483634, %dx.types.Handle %v10, i32 0, i32 0, i32 0, i32 128)
  %v12 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v13 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v12, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v14 = call %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N4U2S1(i32 -2147483634, %dx.types.Handle %v13, i32 0, i32 0, i32 0, i32 128)
  %v15 = call %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixMultiply.mC9M8N4U2S1.mC8M8N16U0S1.mC8M16N4U1S1(i32 -2147483625, %dx.types.LinAlgMatrixC8M8N16U0S1 %v8, %dx.types.LinAlgMatrixC8M16N4U1S1 %v11)
  %v16 = call %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M8N4U2S1.mC8M8N16U0S1.mC8M16N4U1S1.mC9M8N4U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC8M8N16U0S1 %v8, %dx.types.LinAlgMatrixC8M16N4U1S1 %v11, %dx.types.LinAlgMatrixC9M8N4U2S1 %v14)
  %v17 = call i32 @dx.op.linAlgMatrixLength.mC9M8N4U2S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M8N4U2S1 %v15)
  %v18 = call %dx.types.LinAlgMatrixC8M4N16U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M4N16U1S1.mC8M16N4U1S1(i32 -2147483635, %dx.types.LinAlgMatrixC8M16N4U1S1 %v11, i1 true)
  %v19 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %v20 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v19, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N4U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M8N4U2S1 %v14, %dx.types.Handle %v20, i32 0, i32 16, i32 1, i32 256)
  %v21 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %v22 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v21, %dx.types.ResourceProperties { i32 11, i32 0 })
  %v23 = call %dx.types.LinAlgMatrixC9M8N8U2S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S0(i32 -2147483634, %dx.types.Handle %v22, i32 0, i32 0, i32 4, i32 128)
  %v24 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %v25 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %v24, %dx.types.ResourceProperties { i32 4107, i32 0 })
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S0(i32 -2147483621, %dx.types.LinAlgMatrixC9M8N8U2S0 %v23, %dx.types.Handle %v25, i32 0, i32 0, i32 4, i32 128)
  ret void
}

declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.LinAlgMatrixC8M16N4U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N4U1S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC8M4N16U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M4N16U1S1.mC8M16N4U1S1(i32, %dx.types.LinAlgMatrixC8M16N4U1S1, i1)
declare %dx.types.LinAlgMatrixC8M8N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M4N8U0S0(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N4U2S1(i32, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixMultiply.mC9M8N4U2S1.mC8M8N16U0S1.mC8M16N4U1S1(i32, %dx.types.LinAlgMatrixC8M8N16U0S1, %dx.types.LinAlgMatrixC8M16N4U1S1)
declare %dx.types.LinAlgMatrixC9M8N4U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M8N4U2S1.mC8M8N16U0S1.mC8M16N4U1S1.mC9M8N4U2S1(i32, %dx.types.LinAlgMatrixC8M8N16U0S1, %dx.types.LinAlgMatrixC8M16N4U1S1, %dx.types.LinAlgMatrixC9M8N4U2S1)
declare %dx.types.LinAlgMatrixC9M8N8U2S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N8U2S0(i32, %dx.types.Handle, i32, i32, i32, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32, <4 x float>)
declare i32 @dx.op.linAlgMatrixLength.mC9M8N4U2S1(i32, %dx.types.LinAlgMatrixC9M8N4U2S1)
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S0(i32, %dx.types.LinAlgMatrixC9M8N8U2S0, %dx.types.Handle, i32, i32, i32, i32)
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N4U2S1(i32, %dx.types.LinAlgMatrixC9M8N4U2S1, %dx.types.Handle, i32, i32, i32, i32)

!dx.targetTypes = !{!10, !11, !12, !13, !14, !15}
!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 0, i64 8589934592, i32 4, !4}
!4 = !{i32 1, i32 1, i32 1}
!10 = !{%dx.types.LinAlgMatrixC9M4N8U0S0 undef, i32 9, i32 4, i32 8, i32 0, i32 0}
!11 = !{%dx.types.LinAlgMatrixC8M8N16U0S1 undef, i32 8, i32 8, i32 16, i32 0, i32 1}
!12 = !{%dx.types.LinAlgMatrixC8M16N4U1S1 undef, i32 8, i32 16, i32 4, i32 1, i32 1}
!13 = !{%dx.types.LinAlgMatrixC9M8N4U2S1 undef, i32 9, i32 8, i32 4, i32 2, i32 1}
!14 = !{%dx.types.LinAlgMatrixC8M4N16U1S1 undef, i32 8, i32 4, i32 16, i32 1, i32 1}
!15 = !{%dx.types.LinAlgMatrixC9M8N8U2S0 undef, i32 9, i32 8, i32 8, i32 2, i32 0}
