; Issue 34: vkd3d-proton's cs_cbv_layout_modern_uint16 after raise ->
; default<O2> -> dxil-lower computed other buffers than DXC's shader. The
; raise makes DXC's byte-offset cbufferLoad (58) a 16-byte row
; (`load.cbufferrow(h, off >> 4)`, !dxu.cbufferLoad) read through a gather
; of its fields; O2's SLP built a <4 x i16> of its own from fields of two
; rows at lanes other than theirs (lanes 0, 4, 6 of one row, lane 2 of the
; next). The lowering took that vector for the raise's gather and issued
; four cbufferLoad at one offset, the elements' bytes lost. Each field is
; now read at the row's start plus its own bytes; the raise's exact gather
; (the third row) still gives back DXC's offset itself.
; RUN: %dxil-lower %s -o - | %FileCheck %s
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil

; CHECK-LABEL: define void @main()
; CHECK: %base = shl i32 %{{[0-9]+}}, 4
; CHECK-NEXT: %off1 = add i32 %base, 16
; CHECK-NEXT: %[[A:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %[[H:[0-9]+]], i32 %off1, i32 8)
; CHECK-NEXT: %[[O4:[0-9]+]] = or i32 %off1, 8
; CHECK-NEXT: %[[C:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %[[H]], i32 %[[O4]], i32 8)
; CHECK-NEXT: %[[O6:[0-9]+]] = or i32 %off1, 12
; CHECK-NEXT: %[[D:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %[[H]], i32 %[[O6]], i32 8)
; CHECK-NEXT: %off2 = add i32 %base, 20
; CHECK-NEXT: %[[B:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %[[H]], i32 %off2, i32 8)
; CHECK-NEXT: zext i16 %[[A]] to i32
; CHECK-NEXT: zext i16 %[[B]] to i32
; CHECK-NEXT: zext i16 %[[C]] to i32
; CHECK-NEXT: zext i16 %[[D]] to i32
; The raise's own gather, selected by (off & 15) >> 1: DXC's offset.
; CHECK: %off3 = or i32 %base, 6
; CHECK-NEXT: %[[E:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %[[H]], i32 %off3, i32 8)
; CHECK-NEXT: zext i16 %[[E]] to i32
; CHECK-NOT: cbufferLoadLegacy
; CHECK-NOT: extractelement
; CHECK: ret void

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.2-pc-shadermodel6.2-compute"

%__cblayout_Cbuf = type <{ [8 x <8 x i16>] }>

define void @main() #0 {
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %cb = call target("dx.CBuffer", %__cblayout_Cbuf) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cbufst(i32 0, i32 0, i32 1, i32 0, ptr null)
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %base = shl i32 %tid, 4
  %off1 = add i32 %base, 16
  %row1 = lshr exact i32 %off1, 4
  %r1 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.i16.i16.i16.i16.i16.i16.i16.i16.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row1), !dxu.cbufferLoad !0
  %a = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r1, 0
  %c = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r1, 4
  %d = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r1, 6
  %off2 = add i32 %base, 20
  %row2 = lshr i32 %off2, 4
  %r2 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.i16.i16.i16.i16.i16.i16.i16.i16.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row2), !dxu.cbufferLoad !0
  %b = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r2, 2
  %v0 = insertelement <4 x i16> poison, i16 %a, i64 0
  %v1 = insertelement <4 x i16> %v0, i16 %b, i64 1
  %v2 = insertelement <4 x i16> %v1, i16 %c, i64 2
  %v3 = insertelement <4 x i16> %v2, i16 %d, i64 3
  %w = zext <4 x i16> %v3 to <4 x i32>
  %sh = shl <4 x i32> %w, <i32 0, i32 8, i32 16, i32 24>
  %or = call i32 @llvm.vector.reduce.or.v4i32(<4 x i32> %sh)
  %off3 = or i32 %base, 6
  %row3 = lshr i32 %off3, 4
  %in3 = and i32 %off3, 15
  %sel3 = lshr i32 %in3, 1
  %r3 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.i16.i16.i16.i16.i16.i16.i16.i16.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row3), !dxu.cbufferLoad !0
  %f0 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 0
  %g0 = insertelement <8 x i16> poison, i16 %f0, i32 0
  %f1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 1
  %g1 = insertelement <8 x i16> %g0, i16 %f1, i32 1
  %f2 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 2
  %g2 = insertelement <8 x i16> %g1, i16 %f2, i32 2
  %f3 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 3
  %g3 = insertelement <8 x i16> %g2, i16 %f3, i32 3
  %f4 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 4
  %g4 = insertelement <8 x i16> %g3, i16 %f4, i32 4
  %f5 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 5
  %g5 = insertelement <8 x i16> %g4, i16 %f5, i32 5
  %f6 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 6
  %g6 = insertelement <8 x i16> %g5, i16 %f6, i32 6
  %f7 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r3, 7
  %g7 = insertelement <8 x i16> %g6, i16 %f7, i32 7
  %e = extractelement <8 x i16> %g7, i32 %sel3
  %ew = zext i16 %e to i32
  %sum = add i32 %or, %ew
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %tid, i32 0, i32 %sum)
  ret void
}

declare target("dx.CBuffer", %__cblayout_Cbuf) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cbufst(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.i16.i16.i16.i16.i16.i16.i16.i16.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf), i32)
declare i32 @llvm.dx.thread.id(i32)
declare i32 @llvm.vector.reduce.or.v4i32(<4 x i32>)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }

; DXC's cbufferLoad alignment
!0 = !{i32 8}
