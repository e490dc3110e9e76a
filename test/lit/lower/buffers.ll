; Lowering of handles and buffer access at DXIL 1.6 (text in DXC's datalayout
; spelling) and, with
; --dxil-version 1.5, the createHandle form with record IDs.
; RUN: %dxil-lower --dxc-datalayout %srcroot/test/roundtrip/modern/buffers.ll -o - | %FileCheck %s
; RUN: %dxil-lower --dxil-version 1.5 %srcroot/test/roundtrip/modern/buffers.ll -o - | %FileCheck %s --check-prefix=V15

; CHECK: target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
; CHECK: target triple = "dxil-ms-dx"
; CHECK: %[[IN:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
; As DXC has it: the creations first, each annotation right before the
; handle's first use.
; CHECK-NOT: @dx.op.annotateHandle
; CHECK: call i32 @dx.op.threadId.i32
; CHECK-NEXT: %[[INA:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[IN]], %dx.types.ResourceProperties { i32 10, i32 1033 })
; CHECK-NEXT: %[[LD:[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %[[INA]], i32 %{{[0-9]+}}, i32 undef)
; CHECK: %[[ST:[0-9]+]] = extractvalue %dx.types.ResRet.f32 %[[LD]], 4
; CHECK: call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %[[ST]])
; Constant lanes of the loaded vector read the ResRet fields directly.
; CHECK-NEXT: extractvalue %dx.types.ResRet.f32 %[[LD]], 0
; CHECK-NEXT: extractvalue %dx.types.ResRet.f32 %[[LD]], 3
; Structured RW buffer with a counter: kind 12, align 2^2, UAV, counter bit.
; CHECK-NEXT: @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 37388, i32 8 })
; CHECK: @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 0, i8 3, i32 4)
; CHECK: @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i8 1, i32 4)
; Typed store: all four lanes, mask 0xF.
; CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, float %sel, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, i8 15)
; CHECK: call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %{{[0-9]+}}, i8 1)
; CHECK: call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %{{[0-9]+}}, i32 undef)
; Raw store of two lanes: the rest undef, mask 3.
; CHECK: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %n, i32 0, float %nf, float %{{[0-9]+}}, float undef, float undef, i8 3, i32 4)
; CHECK-NOT: llvm.dx.resource
; CHECK: declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) [[RO:#[0-9]+]]
; CHECK: attributes [[RO]] = { nounwind memory(read) }
; CHECK: !dx.version = !{[[V:![0-9]+]]}
; CHECK: !dx.shaderModel = !{[[SM:![0-9]+]]}
; CHECK: !dx.resources = !{[[RES:![0-9]+]]}
; CHECK: !dx.entryPoints = !{[[EP:![0-9]+]]}
; CHECK: [[V]] = !{i32 1, i32 6}
; CHECK: [[SM]] = !{!"cs", i32 6, i32 6}
; CHECK-DAG: !{i32 1, ptr undef, !"SB", i32 0, i32 2, i32 1, i32 12, i1 false, i1 true, i1 false, [[STRIDE:![0-9]+]]}
; CHECK-DAG: [[STRIDE]] = !{i32 1, i32 8}
; CHECK-DAG: [[EP]] = !{ptr @main, !"main", null, [[RES]], [[PROPS:![0-9]+]]}
; The flags its instructions use (raw and structured buffers, the status
; operand: tiled resources), computed after lowering.
; CHECK-DAG: [[PROPS]] = !{i32 0, i64 4112, i32 4, [[NT:![0-9]+]]}
; CHECK-DAG: [[NT]] = !{i32 8, i32 8, i32 1}

; V15: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 1, i1 false)
; V15: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
; V15-NOT: annotateHandle
; V15: !{i32 1, i32 5}
