; createHandle (DXIL < 1.6): each class/record ID is resolved through
; dx.resources; the index becomes index - lowerBound (DXC's "add i, lb" is
; looked through), unbounded ranges are -1, the non-uniform flag wraps the
; index in nonuniformindex, and dx.resources moves to dxu.resources.
; RUN: %dxil-upgrade --verify %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -disable-output -passes='verify,print<dxil-resources>' %t.ll 2>&1 | %FileCheck --check-prefix=RES %s
; Text input has no typed pointers: the structured buffer's element is the
; stride stand-in, which --stats notes.
; RUN: %dxil-upgrade --stats %s -o %t.stats.ll 2>&1 >/dev/null | %FileCheck --check-prefix=STATS %s
; STATS: note: dx.resources: UAV record 0 (space 0, lower bound 1): the input names no element type; it is the stride stand-in{{.*}}[DXIL5004

; CHECK: @[[TEX:.*]] = private unnamed_addr constant [4 x i8] c"Tex\00", align 1
; CHECK-LABEL: define void @main(i32 %i)
; CHECK-DAG: %[[T:.*]] = call target("dx.Texture", <4 x float>, 0, 0, 0, 2) @llvm.dx.resource.handlefrombinding.tdx.Texture_v4f32_0_0_0_2t(i32 0, i32 3, i32 1, i32 0, ptr @[[TEX]])
; CHECK-DAG: %[[NU:.*]] = call i32 @llvm.dx.resource.nonuniformindex(i32 %i)
; CHECK-DAG: call target("dx.RawBuffer", i8, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i8_0_0t(i32 2, i32 10, i32 -1, i32 %[[NU]], ptr null)
; CHECK-DAG: call target("dx.RawBuffer", [4 x i32], 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_a4i32_1_0t(i32 0, i32 1, i32 1, i32 0,
; CHECK-DAG: call target("dx.TypedBuffer", <2 x i32>, 1, 1, 1) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v2i32_1_1_1t(i32 0, i32 2, i32 1, i32 0,
; CHECK-DAG: call target("dx.CBuffer", <{ [32 x i8] }>) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_sl_a32i8st(i32 0, i32 0, i32 1, i32 0,
; CHECK-DAG: call target("dx.Sampler", 1) @llvm.dx.resource.handlefrombinding.tdx.Sampler_1t(i32 0, i32 0, i32 1, i32 0,
; The sample op stays DXIL and gets its handles through casthandle.
; CHECK-DAG: %[[TC:.*]] = call %dx.types.Handle @llvm.dx.resource.casthandle.s_dx.types.Handles.tdx.Texture_v4f32_0_0_0_2t(target("dx.Texture", <4 x float>, 0, 0, 0, 2) %[[T]])
; CHECK-DAG: call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %[[TC]],
; CHECK-NOT: @dx.op.createHandle
; CHECK-NOT: !dx.resources =
; CHECK: !dxu.resources = !{![[ROOT:[0-9]+]]}
; CHECK: ![[ROOT]] = !{![[SRVS:[0-9]+]], ![[UAVS:[0-9]+]], ![[CBVS:[0-9]+]], ![[SAMPS:[0-9]+]]}

; RES: Class: SRV
; RES-NEXT: Kind: Texture2D
; RES: Space: 2
; RES-NEXT: Lower Bound: 10
; RES-NEXT: Size: 4294967295
; RES: Kind: RawBuffer
; RES: Class: UAV
; RES-NEXT: Kind: StructuredBuffer
; RES: Buffer Stride: 16
; RES: Class: UAV
; RES-NEXT: Kind: Buffer
; RES-NEXT: IsROV: 1
; RES-NEXT: Element Type: i32
; RES-NEXT: Element Count: 2
; RES: Class: CBV
; RES: CBuffer size: 32
; RES: Class: Sampler
; RES-NEXT: Kind: Sampler
; RES-NEXT: Sampler Type: Comparison

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main(i32 %i) {
  %tex = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 3, i1 false)
  %abs = add i32 %i, 10
  %raw = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 %abs, i1 true)
  %st = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 1, i1 false)
  %ty = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 2, i1 false)
  %cb = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %smp = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %s = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %tex, %dx.types.Handle %smp, float 0.0, float 0.0, float undef, float undef, i32 0, i32 0, i32 undef, float 0.0)
  %r = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %raw, i32 0, i32 undef, i8 1, i32 4)
  %t = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %ty, i32 0, i32 undef)
  %t1 = extractvalue %dx.types.ResRet.i32 %t, 1
  %c = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %cb, i32 1)
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %st, i32 0, i32 0, i32 %t1, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32)
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!20}

!0 = !{i32 1, i32 5}
!1 = !{!"cs", i32 6, i32 5}
!2 = !{!3, !7, !12, !14}
!3 = !{!4, !5}
!4 = !{i32 0, ptr undef, !"Tex", i32 0, i32 3, i32 1, i32 2, i32 0, !6}
!5 = !{i32 1, ptr undef, !"", i32 2, i32 10, i32 -1, i32 11, i32 0, null}
!6 = !{i32 0, i32 9}
!7 = !{!8, !9}
!8 = !{i32 0, ptr undef, !"", i32 0, i32 1, i32 1, i32 12, i1 false, i1 true, i1 false, !10}
!9 = !{i32 1, ptr undef, !"", i32 0, i32 2, i32 1, i32 10, i1 true, i1 false, i1 true, !11}
!10 = !{i32 1, i32 16}
!11 = !{i32 0, i32 4}
!12 = !{!13}
!13 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 32, null}
!14 = !{!15}
!15 = !{i32 0, ptr undef, !"", i32 0, i32 0, i32 1, i32 1, null}
!20 = !{ptr @main, !"main", null, !2, !21}
!21 = !{i32 4, !22}
!22 = !{i32 1, i32 1, i32 1}
