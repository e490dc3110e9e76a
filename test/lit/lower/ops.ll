; Table-driven op lowering: names, overloads, constant operands, precise.
; RUN: %dxil-lower %srcroot/test/roundtrip/modern/math.ll -o - | %FileCheck %s
; RUN: %dxil-lower %srcroot/test/roundtrip/modern/wave.ll -o - | %FileCheck %s --check-prefix=WAVE
; RUN: %dxil-lower %srcroot/test/roundtrip/modern/library.ll -o - | %FileCheck %s --check-prefix=LIB

; CHECK: call i32 @dx.op.threadId.i32(i32 93, i32 0)
; CHECK: call float @dx.op.unary.f32(i32 6, float
; CHECK-NOT: dx.precise
; CHECK: call float @dx.op.unary.f32(i32 24, float
; The cos call has no fast-math flags: it is precise.
; CHECK: call float @dx.op.unary.f32(i32 12, float %{{[0-9]+}}) #{{[0-9]+}}, !dx.precise [[P:![0-9]+]]
; CHECK: call float @dx.op.binary.f32(i32 35,
; CHECK: call i32 @dx.op.binary.i32(i32 39, i32 %{{[0-9]+}}, i32 7)
; CHECK: call i32 @dx.op.binary.i32(i32 38,
; CHECK: call i32 @dx.op.unary.i32(i32 30,
; CHECK: call float @dx.op.unary.f32(i32 7,
; CHECK: call float @dx.op.dot2.f32(i32 54,
; CHECK: [[P]] = !{i32 1}

; WAVE: call float @dx.op.waveActiveOp.f32(i32 119, float %{{.*}}, i8 0, i8 0)
; WAVE: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %{{.*}}, i8 0, i8 1)
; WAVE: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %{{.*}}, i8 3, i8 1)
; WAVE: call void @dx.op.barrier(i32 80, i32 9)
; WAVE: declare void @dx.op.barrier(i32, i32) [[ND:#[0-9]+]]
; WAVE: attributes [[ND]] = { noduplicate nounwind }

; LIB: !dx.shaderModel = !{[[SM:![0-9]+]]}
; LIB: !dx.entryPoints = !{[[E0:![0-9]+]], [[E1:![0-9]+]], [[E2:![0-9]+]]}
; LIB: [[SM]] = !{!"lib", i32 6, i32 6}
; LIB: [[E0]] = !{null, !"", null, null, null}
; LIB: [[E1]] = !{ptr @cs_main, !"cs_main", null, null, [[P1:![0-9]+]]}
; LIB: [[P1]] = !{i32 8, i32 5, i32 4, [[NT:![0-9]+]]}
; LIB: [[NT]] = !{i32 4, i32 4, i32 4}
; LIB: !{ptr @vs_main, !"vs_main", null, null, [[P2:![0-9]+]]}
; LIB: [[P2]] = !{i32 8, i32 1}
; LIB-NOT: hlsl.
