; Issue 34: vkd3d-proton's cs_cbv_layout_modern_uint64 after raise ->
; instcombine -> dxil-lower computed other buffers than DXC's shader. DXC
; reads element 1 of a 16-byte row at byte `(tid << 5) + 8`; the raise's
; row is `((tid << 5) + 8) >> 4`, which instcombine folds to
; `(tid << 5) >> 4`, the row of element 0, and the gather's selection to
; field 1. The lowering issued both cbufferLoad at `tid << 5`. A field read
; directly is now read at the row's start plus its own bytes: the offset
; itself when its low 4 bits are the field's (the third read), `or` when
; they are known zero, an adjusted `add` when known otherwise.
; RUN: %dxil-lower %s -o - | %FileCheck %s
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil

; CHECK-LABEL: define void @main()
; CHECK: %off = shl i32 %{{[0-9]+}}, 5
; CHECK-NEXT: %[[X:[0-9]+]] = call i64 @dx.op.cbufferLoad.i64(i32 58, %dx.types.Handle %[[H:[0-9]+]], i32 %off, i32 8)
; CHECK-NEXT: %[[O8:[0-9]+]] = or i32 %off, 8
; CHECK-NEXT: %[[Y:[0-9]+]] = call i64 @dx.op.cbufferLoad.i64(i32 58, %dx.types.Handle %[[H]], i32 %[[O8]], i32 8)
; CHECK-NEXT: %off24 = or disjoint i32 %off, 24
; CHECK-NEXT: %[[Z:[0-9]+]] = call i64 @dx.op.cbufferLoad.i64(i32 58, %dx.types.Handle %[[H]], i32 %off24, i32 8)
; CHECK-NEXT: %off20 = add i32 %off, 20
; CHECK-NEXT: %[[O16:[0-9]+]] = add i32 %off20, -4
; CHECK-NEXT: %[[W:[0-9]+]] = call i64 @dx.op.cbufferLoad.i64(i32 58, %dx.types.Handle %[[H]], i32 %[[O16]], i32 8)
; CHECK-NEXT: add i64 %[[X]], %[[Y]]
; CHECK-NEXT: add i64 %{{[0-9a-z]+}}, %[[Z]]
; CHECK-NEXT: add i64 %{{[0-9a-z]+}}, %[[W]]
; CHECK-NOT: cbufferLoadLegacy

target datalayout = "e-m:e-p:32:32-i1:32-i8:8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxilv1.0-pc-shadermodel6.0-compute"

%__cblayout_Cbuf = type <{ [8 x <4 x i64>] }>

define void @main() #0 {
  %out = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %cb = call target("dx.CBuffer", %__cblayout_Cbuf) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cbufst(i32 0, i32 0, i32 1, i32 0, ptr null)
  %tid = call i32 @llvm.dx.thread.id(i32 0)
  %off = shl i32 %tid, 5
  %row = lshr exact i32 %off, 4
  %r = call { i64, i64 } @llvm.dx.resource.load.cbufferrow.2.i64.i64.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row), !dxu.cbufferLoad !0
  %x = extractvalue { i64, i64 } %r, 0
  %y = extractvalue { i64, i64 } %r, 1
  %off24 = or disjoint i32 %off, 24
  %row24 = lshr i32 %off24, 4
  %r24 = call { i64, i64 } @llvm.dx.resource.load.cbufferrow.2.i64.i64.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row24), !dxu.cbufferLoad !0
  %z = extractvalue { i64, i64 } %r24, 1
  %off20 = add i32 %off, 20
  %row20 = lshr i32 %off20, 4
  %r20 = call { i64, i64 } @llvm.dx.resource.load.cbufferrow.2.i64.i64.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf) %cb, i32 %row20), !dxu.cbufferLoad !0
  %w = extractvalue { i64, i64 } %r20, 0
  %s0 = add i64 %x, %y
  %s1 = add i64 %s0, %z
  %s2 = add i64 %s1, %w
  %t = trunc i64 %s2 to i32
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %tid, i32 0, i32 %t)
  ret void
}

declare target("dx.CBuffer", %__cblayout_Cbuf) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cbufst(i32, i32, i32, i32, ptr)
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)
declare { i64, i64 } @llvm.dx.resource.load.cbufferrow.2.i64.i64.tdx.CBuffer_s___cblayout_Cbufst(target("dx.CBuffer", %__cblayout_Cbuf), i32)
declare i32 @llvm.dx.thread.id(i32)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }

; DXC's cbufferLoad alignment
!0 = !{i32 8}
