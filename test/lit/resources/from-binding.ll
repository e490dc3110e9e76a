; createHandleFromBinding + annotateHandle (DXIL >= 1.6): the binding comes
; from ResBind {lb, ub, space, class} and the type from the property words
; (w0: kind | alignLog2 << 8 | UAV << 12 | ROV << 13 | globallycoherent << 14
; | cmp-or-counter << 15; w1: stride, cbuffer size, or element type and
; count and samples). Each distinct word pair of a binding gets its own
; handle (DXC sets the counter bit only on the annotation feeding
; bufferUpdateCounter; lowering re-annotates each handle by its use) and is
; kept in dxu.resource.props. LLVM still sees one resource, whose counter
; it derives from the updatecounter call.
; TBuffers have no LLVM 22 type and stay DXIL (counted in dxu.resources.kept).
; RUN: %dxil-upgrade --verify %s -o %t.ll 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck --check-prefix=DIAG %s < %t.err
; RUN: %FileCheck --check-prefix=TWO %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck --check-prefix=RES %s

; CHECK-DAG: call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 0, i32 2, i32 1, i32 0, ptr null)
; CHECK-DAG: call target("dx.RawBuffer", { [4 x i64] }, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_sl_a4i64s_1_0t(i32 1, i32 4, i32 4, i32 %i, ptr null)
; CHECK-DAG: call target("dx.MSTexture", <2 x half>, 0, 8, 0, 3) @llvm.dx.resource.handlefrombinding.tdx.MSTexture_v2f16_0_8_0_3t(i32 0, i32 7, i32 1, i32 0, ptr null)
; CHECK-DAG: call target("dx.Texture", i32, 1, 1, 0, 2) @llvm.dx.resource.handlefrombinding.tdx.Texture_i32_1_1_0_2t(i32 0, i32 3, i32 1, i32 0, ptr null)
; CHECK-DAG: call target("dx.FeedbackTexture", 1, 17) @llvm.dx.resource.handlefrombinding.tdx.FeedbackTexture_1_17t(i32 0, i32 5, i32 1, i32 0, ptr null)
; CHECK-DAG: call target("dx.CBuffer", <{ [48 x i8] }>) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_sl_a48i8st(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK-DAG: call target("dx.Sampler", 0) @llvm.dx.resource.handlefrombinding.tdx.Sampler_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
; The TBuffer stays DXIL.
; CHECK: %[[TB:.*]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 9, i32 9, i32 0, i8 0 }, i32 9, i1 false)
; CHECK: call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[TB]], %dx.types.ResourceProperties { i32 15, i32 64 })
; CHECK-NOT: !dx.resources =
; CHECK-DAG: !dxu.resource.props = !{![[P0:[0-9]+]],
; CHECK-DAG: !dxu.resources.kept = !{![[K:[0-9]+]]}
; CHECK-DAG: ![[K]] = !{!"createHandleFromBinding", i32 1}
; CHECK-DAG: !{i32 1, i32 1, i32 4, i32 37644, i32 32}
; CHECK-DAG: !{i32 1, i32 1, i32 4, i32 4876, i32 32}
; CHECK-DAG: !{i32 0, i32 0, i32 2, i32 10, i32 1033}

; The structured UAV is annotated twice (with and without the counter bit):
; two handles of one binding, one of them for updatecounter.
; TWO-COUNT-2: = call {{.*}}handlefrombinding.tdx.RawBuffer_sl_a4i64s_1_0t(i32 1, i32 4, i32 4, i32 %i
; TWO-NOT: handlefrombinding.tdx.RawBuffer_sl_a4i64s_1_0t(i32 1
; TWO: call i32 @llvm.dx.resource.updatecounter.{{.*}}RawBuffer{{.*}}, i8 1)

; DIAG: warning: createHandleFromBinding in @main kept as DXIL: TBuffer has no LLVM 22 type [DXIL5002]

; RES: Kind: Buffer
; RES: Element Type: f32
; RES-NEXT: Element Count: 4
; RES: Kind: Texture2DMS
; RES-NEXT: Sample Count: 8
; RES-NEXT: Element Type: f16
; RES-NEXT: Element Count: 2
; RES: Class: UAV
; RES: Kind: Texture2D
; RES-NEXT: IsROV: 1
; RES: Kind: FeedbackTexture2D
; RES-NEXT: IsROV: 0
; RES-NEXT: Feedback Type: MipRegionUsed
; RES: Space: 1
; RES-NEXT: Lower Bound: 4
; RES-NEXT: Size: 4
; RES-NEXT: Globally Coherent: 0
; RES-NEXT: Counter Direction: Increment
; RES: Kind: StructuredBuffer
; RES: Buffer Stride: 32
; RES-NEXT: Alignment: 3
; RES: CBuffer size: 48
; RES: Sampler Type: Default

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main(i32 %i) {
  %tb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 0 }, i32 2, i1 false)
  %ms = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 7, i32 7, i32 0, i8 0 }, i32 7, i1 false)
  %fb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 5, i32 0, i8 1 }, i32 5, i1 false)
  %rov = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 1 }, i32 3, i1 false)
  %abs = add i32 %i, 4
  %sb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 4, i32 7, i32 1, i8 1 }, i32 %abs, i1 false)
  %cb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)
  %cb2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
  %sm = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 3 }, i32 1, i1 false)
  %tbuf = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 9, i32 9, i32 0, i8 0 }, i32 9, i1 false)
  %a1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tb, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %a2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %ms, %dx.types.ResourceProperties { i32 3, i32 524808 })
  %a3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %fb, %dx.types.ResourceProperties { i32 4113, i32 1 })
  %a4 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rov, %dx.types.ResourceProperties { i32 12290, i32 261 })
  %a5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %sb, %dx.types.ResourceProperties { i32 37644, i32 32 })
  %a6 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %sb, %dx.types.ResourceProperties { i32 4876, i32 32 })
  %a7 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cb2, %dx.types.ResourceProperties { i32 13, i32 48 })
  %a8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %sm, %dx.types.ResourceProperties { i32 14, i32 0 })
  %a9 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tbuf, %dx.types.ResourceProperties { i32 15, i32 64 })
  %c = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %a5, i8 1)
  call void @use(%dx.types.Handle %a1, %dx.types.Handle %a2, %dx.types.Handle %a3, %dx.types.Handle %a4)
  call void @use(%dx.types.Handle %a6, %dx.types.Handle %a7, %dx.types.Handle %a8, %dx.types.Handle %a9)
  ret void
}

declare void @use(%dx.types.Handle, %dx.types.Handle, %dx.types.Handle, %dx.types.Handle)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 1, i32 1, i32 1}
