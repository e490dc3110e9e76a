; The resource rules of ops that take handles (DXC's
; ValidateResourceDxilOp), on shader model 6.6 handles whose properties an
; annotateHandle carries: samplers of the right mode, sample and gather on
; SRV textures of the kinds they support and of float components, as many
; coordinates and offsets as the kind has (immediate offsets in [-8, 7]),
; a sample_b bias in [-16, 15.99]; texture loads (no offset or mip on a
; UAV, a sample index for 2DMS); buffer coordinates by kind, constant raw
; buffer alignment; stores on UAVs with contiguous masks that match the
; values (all four for typed UAVs); GetDimensions results the kind has,
; no mip level for buffers; constant buffer rows within the buffer;
; counters on structured UAVs that have one; CheckAccessFullyMapped on a
; ResRet's status; handles from handle creations, defined, with valid
; properties. The %ok_* calls give no error.
; RUN: not %dxil-upgrade --check %s 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: not grep '%ok_' %t.err
; CHECK-DAG: (@main: `%m = trunc i32 %n to i8`) [Types.I8]
; CHECK-DAG: sample/_l/_d/_cl_s/gather instruction requires sampler declared in default mode. (@main: `%s_mode = {{.*}}[Instr.SamplerModeForSample]
; CHECK-DAG: (@main: `%s_cmode = {{.*}}[Instr.SamplerModeForSampleC]
; CHECK-DAG: (@main: `%s_class = {{.*}}[Instr.ResourceClassForSamplerGather]
; CHECK-DAG: (@main: `%s_kind = {{.*}}[Instr.ResourceKindForSample]
; CHECK-DAG: (@main: `%s_comp = {{.*}}[Instr.SampleCompType]
; CHECK-DAG: (@main: `%s_many = {{.*}}[Instr.ResourceCoordinateTooMany]
; CHECK-DAG: (@main: `%s_miss = {{.*}}[Instr.ResourceCoordinateMiss]
; CHECK-DAG: (@main: `%s_off = {{.*}}[Instr.TextureOffset]
; CHECK-DAG: (@main: `%s_offmiss = {{.*}}[Instr.ResourceOffsetMiss]
; CHECK-DAG: (@main: `%s_offmany = {{.*}}[Instr.ResourceOffsetTooMany]
; CHECK-DAG: (@main: `%s_bias = {{.*}}[Instr.ImmBiasForSampleB]
; CHECK-DAG: (@main: `%g_kind = {{.*}}[Instr.ResourceKindForGather]
; CHECK-DAG: (@main: `%lod_mode = {{.*}}[Instr.SamplerModeForLOD]
; CHECK-DAG: (@main: `%lod_kind = {{.*}}[Instr.ResourceKindForCalcLOD]
; CHECK-DAG: (@main: `%l_uavoff = {{.*}}[Instr.OffsetOnUAVLoad]
; CHECK-DAG: (@main: `%l_uavmip = {{.*}}[Instr.MipOnUAVLoad]
; CHECK-DAG: (@main: `%l_ms = {{.*}}[Instr.SampleIndexForLoad2DMS]
; CHECK-DAG: (@main: `%l_kind = {{.*}}[Instr.ResourceKindForTextureLoad]
; CHECK-DAG: (@main: `%b_raw = {{.*}}[Instr.CoordinateCountForRawTypedBuf]
; CHECK-DAG: (@main: `%b_struct = {{.*}}[Instr.CoordinateCountForStructBuf]
; CHECK-DAG: (@main: `%b_kind = {{.*}}[Instr.ResourceKindForBufferLoadStore]
; CHECK-DAG: (@main: `%b_class = {{.*}}[Instr.ResourceClassForLoad]
; CHECK-DAG: (@main: `%b_align = {{.*}}[Instr.ConstAlignForRawBuf]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 101, {{.*}}[Instr.ResourceClassForUAVStore]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 102, {{.*}}[Instr.WriteMaskGapForUAV]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 103, {{.*}}[Instr.UndefinedValueForUAVStore]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 104, {{.*}}[Instr.WriteMaskMatchValueForUAVStore]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 105, {{.*}}[Instr.WriteMaskForTypedUAVStore]
; CHECK-DAG: (@main: `call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[a-z]+}}, i32 106, {{.*}}[Instr.OpConst]
; CHECK-DAG: GetDimensions used undef dimension y on Texture1D. (@main: `%d_y = {{.*}}[Instr.UndefResultForGetDimension]
; CHECK-DAG: (@main: `%d_mip = {{.*}}[Instr.MipLevelForGetDimension]
; CHECK-DAG: (@main: `%d_kind = {{.*}}[Instr.ResourceKindForGetDim]
; CHECK-DAG: (@main: `%cb_oob = {{.*}}[Instr.CBufferOutOfBound]
; CHECK-DAG: error: Expect Cbuffer for CBufferLoad handle. (@main: `%raw = {{.*}}[Instr.CBufferClassForCBufferHandle]
; CHECK-DAG: (@main: `%c_srv = {{.*}}[Instr.BufferUpdateCounterOnUAV]
; CHECK-DAG: (@main: `%c_raw = {{.*}}[Sm.CounterOnlyOnStructBuf]
; CHECK-DAG: (@main: `%c_raw = {{.*}}[Instr.BufferUpdateCounterOnResHasCounter]
; CHECK-DAG: (@main: `%ca_bad = {{.*}}[Instr.CheckAccessFullyMapped]
; CHECK-DAG: error: Resource handle should returned by createHandle. (@main: `%ha_phi = select {{.*}}[Instr.HandleNotFromCreateHandle]
; CHECK-DAG: (@main: `%h_undef = {{.*}}[Instr.NoReadingUninitialized]
; CHECK-DAG: (@main: `%h_badprops = {{.*}}[Instr.OpConstRange]

target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }
%dx.types.Dimensions = type { i32, i32, i32, i32 }

define void @main() {
  %heap = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)
  %n = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %m = trunc i32 %n to i8
  %sel = icmp eq i32 %n, 0
  %tex2d = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %tex2du = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 2, i32 1029 })
  %tex1d = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 1, i32 1033 })
  %tex2dms = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 3, i32 1033 })
  %rwtex2d = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  %samp = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 14, i32 0 })
  %cmp = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 32782, i32 0 })
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %raw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 11, i32 0 })
  %rwraw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %struct = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 12, i32 16 })
  %rwstructc = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 36876, i32 16 })
  %rwtyped = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 4106, i32 1033 })
  %cb = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 13, i32 16 })
  %s_mode = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %cmp, float 1.0, float 1.0, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_cmode = call %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 undef, i32 undef, i32 undef, float 0.5, float undef)
  %s_class = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %rwtex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_kind = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %typed, %dx.types.Handle %samp, float 1.0, float undef, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_comp = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2du, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_many = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float 1.0, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_miss = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float undef, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s_off = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 9, i32 0, i32 undef, float undef)
  %s_offmiss = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 1, i32 undef, i32 undef, float undef)
  %s_offmany = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 1, i32 1, i32 1, float undef)
  %s_bias = call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 undef, i32 undef, i32 undef, float 20.0, float undef)
  %ok_sample = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex2d, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, float undef, i32 -8, i32 7, i32 undef, float undef)
  %g_kind = call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %tex1d, %dx.types.Handle %samp, float 1.0, float undef, float undef, float undef, i32 undef, i32 undef, i32 0)
  %lod_mode = call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %tex2d, %dx.types.Handle %cmp, float 1.0, float 1.0, float undef, i1 true)
  %lod_kind = call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %tex2dms, %dx.types.Handle %samp, float 1.0, float 1.0, float undef, i1 true)
  %l_uavoff = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwtex2d, i32 undef, i32 0, i32 0, i32 undef, i32 1, i32 1, i32 undef)
  %l_uavmip = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwtex2d, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %l_ms = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %tex2dms, i32 undef, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %l_kind = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %typed, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef)
  %ok_load = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %tex2d, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %b_raw = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %raw, i32 0, i32 4)
  %b_struct = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %struct, i32 0, i32 undef)
  %b_kind = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %tex2d, i32 0, i32 undef)
  %b_class = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %cb, i32 0, i32 undef)
  %b_align = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %raw, i32 0, i32 undef, i8 1, i32 %n)
  %ok_buf = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %struct, i32 0, i32 4)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %raw, i32 101, i32 undef, float 1.0, float undef, float undef, float undef, i8 1) ; 101
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 102, i32 undef, float 1.0, float 1.0, float 1.0, float undef, i8 5) ; 102
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 103, i32 undef, float 1.0, float undef, float undef, float undef, i8 3) ; 103
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 104, i32 undef, float 1.0, float 1.0, float undef, float undef, i8 1) ; 104
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwtyped, i32 105, i32 undef, float 1.0, float undef, float undef, float undef, i8 1) ; 105
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 106, i32 undef, float 1.0, float undef, float undef, float undef, i8 %m) ; 106
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 0, i32 undef, float 1.0, float undef, float undef, float undef, i8 1) ; 0
  %d_y = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %tex1d, i32 0)
  %d_y.1 = extractvalue %dx.types.Dimensions %d_y, 1
  %d_mip = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %raw, i32 0)
  %d_kind = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %samp, i32 undef)
  %ok_dims = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %tex2d, i32 0)
  %ok_dims.x = extractvalue %dx.types.Dimensions %ok_dims, 0
  %cb_oob = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %cb, i32 1)
  %ok_cb = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %cb, i32 0)
  %cb_class = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %raw, i32 0)
  %c_srv = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %struct, i8 1)
  %c_raw = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %rwraw, i8 1)
  %ok_count = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %rwstructc, i8 1)
  %ca_bad = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %n)
  %ok_status = extractvalue %dx.types.ResRet.f32 %ok_load, 4
  %ok_mapped = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %ok_status)
  %ha_phi = select i1 %sel, %dx.types.Handle %tex2d, %dx.types.Handle %raw
  %h_phi = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %ha_phi, i32 0, i32 undef)
  %h_undef = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle undef, i32 0, i32 undef)
  %h_badprops = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %heap, %dx.types.ResourceProperties { i32 0, i32 0 })
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #1
declare %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32) #1
declare float @dx.op.calculateLOD.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, i1) #1
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #1
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #1
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32) #1
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #2
declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 8, i32 8, i32 1}}}
