; DXIL 1.9 vectors go through RawBufferVectorLoad/Store (whole vector,
; alignment = scalar size capped at 4), not the masked 4-lane ops.
; RUN: %dxil-lower %srcroot/test/roundtrip/modern/longvec.ll -o - | %FileCheck %s
; RUN: %dxil-roundtrip --modern %srcroot/test/roundtrip/modern/longvec.ll | %FileCheck %s --check-prefix=MOD

; CHECK: %dx.types.ResRet.v8f32 = type { <8 x float>, i32 }
; CHECK: %[[LD:[0-9]+]] = call %dx.types.ResRet.v8f32 @dx.op.rawBufferVectorLoad.v8f32(i32 303, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 4)
; CHECK-NEXT: %[[V:[0-9]+]] = extractvalue %dx.types.ResRet.v8f32 %[[LD]], 0
; CHECK-NEXT: %[[ST:[0-9]+]] = extractvalue %dx.types.ResRet.v8f32 %[[LD]], 1
; CHECK-NEXT: call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %[[ST]])
; CHECK: @dx.op.rawBufferVectorLoad.v3f16(i32 303, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 2)
; CHECK: call void @dx.op.rawBufferVectorStore.v8f32(i32 304, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 0, <8 x float> %{{[a-z0-9]+}}, i32 4)
; CHECK-NOT: llvm.dx.resource
; MOD: longvec.ll: round-trips
