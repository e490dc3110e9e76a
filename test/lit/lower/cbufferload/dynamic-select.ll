; The raise's exact gather of a cbufferLoad row read at a lane that is not
; the raise's `(off & 15) >> log2(size)`: an optimizer rewrote the
; selection (here a lane from the thread ID, as an i64 index, as
; instcombine writes indices). The element is the row's start plus the
; lane times the element size, the lane brought to i32 whatever its width
; (an i64 lane was zero-extended to i32: refused by LLVM's verifier).
; RUN: %dxil-lower %s -o - | %FileCheck %s
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil

; CHECK-LABEL: define void @main()
; CHECK: %off3 = shl i32 %[[T:[0-9]+]], 1
; CHECK: %sel = and i32 %[[T]], 7
; CHECK-NEXT: %sel64 = zext nneg i32 %sel to i64
; CHECK-NEXT: %[[ROW:[0-9]+]] = and i32 %off3, -16
; CHECK-NEXT: %[[LANE:[0-9]+]] = trunc i64 %sel64 to i32
; CHECK-NEXT: %[[BYTES:[0-9]+]] = mul i32 %[[LANE]], 2
; CHECK-NEXT: %[[OFF:[0-9]+]] = add i32 %[[ROW]], %[[BYTES]]
; CHECK-NEXT: %[[E:[0-9]+]] = call i16 @dx.op.cbufferLoad.i16(i32 58, %dx.types.Handle %{{[0-9]+}}, i32 %[[OFF]], i32 8)
; CHECK-NEXT: zext i16 %[[E]] to i32
; CHECK-NOT: extractelement

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.2-pc-shadermodel6.2-compute"

%__cblayout_Cbuf = type <{ [8 x <8 x i16>] }>

define void @main() #0 {
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %cb = call target("dx.CBuffer", %__cblayout_Cbuf) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cbufst(i32 0, i32 0, i32 1, i32 0, ptr null)
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %off3 = shl i32 %tid, 1
  %row3 = lshr i32 %off3, 4
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
  %sel = and i32 %tid, 7
  %sel64 = zext nneg i32 %sel to i64
  %e = extractelement <8 x i16> %g7, i64 %sel64
  %ew = zext i16 %e to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %tid, i32 0, i32 %ew)
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
