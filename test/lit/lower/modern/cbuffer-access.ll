; clang 22's cbuffer form written by hand (no clang needed): each member
; an addrspace(2) global listed in !hlsl.cbs, the handle stored into
; @Params.cb. The cbuffer-access pass reads each load with load.cbufferrow
; on that handle (row = byte offset / 16, element = offset % 16 / size,
; values crossing a row continued on the next), which the buffer pass
; lowers to cbufferLoadLegacy; llvm.dx.fdot becomes dot2/dot3/dot4.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; --check (DXC's validator) accepts the IR: the entry declares the flags
; its instructions use, native 16-bit types among them, so the 8-half
; CBufRet is the overload DXC's op table has (without the flag it would
; be Instr.Oload and Instr.IllegalDXILOpFunction). No op is outside its
; shader model.
; RUN: %dxil-upgrade --check %t.ll
; RUN: %FileCheck %s < %t.ll
; Lowering registers none of the raise's attachment kinds in a module that
; had none (LLVM's bitcode writer lists every kind the context has).
; RUN: %dxil-lower %s -o %t.bc
; RUN: %bcdiff --dump %t.bc | %FileCheck --check-prefix=KINDS %s
; KINDS: METADATA_KIND
; KINDS-NOT: dxu.
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --no-raise --verify %t.dxil -o %t.back.ll
; RUN: %FileCheck %s --check-prefix=BACK < %t.back.ll

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

; cbuffer Params : register(b2, space1) {
;   float4 Scale;    // bytes   0-15: row 0
;   float3 Dir;      // bytes  16-27: row 1, elements 0-2
;   float W;         // bytes  28-31: row 1, element 3
;   float Arr[3];    // bytes  32, 48, 64: rows 2-4, element 0
;   S s;             // bytes  80-99: a row 5 el. 0, b row 5 el. 2-3, c row 6 el. 0
;   double3 D;       // bytes 112-135: row 7 both doubles, row 8 the first
;   uint U;          // bytes 136-139: row 8, element 2; 140 bytes in all
; }
; cbuffer Small : register(b0) {
;   half H;          // row 0, 16-bit element 0
;   half3 H3;        // row 0, 16-bit elements 1-3
;   int64_t L;       // row 1, 64-bit element 0; 24 bytes in all
; }
%S = type <{ float, target("dx.Padding", 4), <2 x float>, float }>
%__cblayout_Params = type <{ <4 x float>, <3 x float>, float, <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), %S, target("dx.Padding", 12), <3 x double>, i32 }>
%__cblayout_Small = type <{ half, <3 x half>, target("dx.Padding", 8), i64 }>

@Params.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_Params) poison
@Scale = external hidden local_unnamed_addr addrspace(2) global <4 x float>, align 16
@Dir = external hidden local_unnamed_addr addrspace(2) global <3 x float>, align 16
@W = external hidden local_unnamed_addr addrspace(2) global float, align 4
@Arr = external hidden local_unnamed_addr addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@s = external hidden local_unnamed_addr addrspace(2) global %S, align 1
@D = external hidden local_unnamed_addr addrspace(2) global <3 x double>, align 32
@U = external hidden local_unnamed_addr addrspace(2) global i32, align 4
@Params.str = private unnamed_addr constant [7 x i8] c"Params\00", align 1
@Small.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_Small) poison
@H = external hidden local_unnamed_addr addrspace(2) global half, align 2
@H3 = external hidden local_unnamed_addr addrspace(2) global <3 x half>, align 8
@L = external hidden local_unnamed_addr addrspace(2) global i64, align 8
@Small.str = private unnamed_addr constant [6 x i8] c"Small\00", align 1

; CHECK-LABEL: define void @main()
; Params: b2 in space 1, 140 bytes; Small: b0, 24 bytes.
; CHECK: %[[PB:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 1, i8 2 }, i32 2, i1 false)
; CHECK-NEXT: %[[P:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[PB]], %dx.types.ResourceProperties { i32 13, i32 140 })
; CHECK-NEXT: %[[SB:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
; CHECK-NEXT: %[[SM:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[SB]], %dx.types.ResourceProperties { i32 13, i32 24 })
; CHECK-NEXT: %[[I:[0-9]+]] = call i32 @dx.op.threadId.i32(i32 93, i32 0)
define void @main() #0 {
entry:
  %p.h = call target("dx.CBuffer", %__cblayout_Params) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Paramsst(i32 1, i32 2, i32 1, i32 0, ptr @Params.str)
  store target("dx.CBuffer", %__cblayout_Params) %p.h, ptr @Params.cb, align 4
  %s.h = call target("dx.CBuffer", %__cblayout_Small) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Smallst(i32 0, i32 0, i32 1, i32 0, ptr @Small.str)
  store target("dx.CBuffer", %__cblayout_Small) %s.h, ptr @Small.cb, align 4
  %i = call i32 @llvm.dx.thread.id(i32 0)

; A vector: row 0, four elements (put together with insertelement, which
; the data scalarization takes apart again: no vectors before SM 6.9).
; CHECK: %[[R0:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 0)
; CHECK-NEXT: %[[S0:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R0]], 0
; CHECK-NEXT: %[[S1:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R0]], 1
; CHECK-NEXT: %[[S2:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R0]], 2
; CHECK-NEXT: %[[S3:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R0]], 3
  %scale = load <4 x float>, ptr addrspace(2) @Scale, align 16

; float3 then float in one row: elements 0-2, then element 3.
; CHECK: %[[R1:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 1)
; CHECK-NEXT: %[[D0:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R1]], 0
; CHECK: %[[D2:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R1]], 2
; CHECK-NEXT: %[[R1W:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 1)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[R1W]], 3
  %dir = load <3 x float>, ptr addrspace(2) @Dir, align 16
  %w = load float, ptr addrspace(2) @W, align 4

; <1 x float>: the element (its one lane).
; CHECK-NEXT: %[[R1V:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 1)
; CHECK-NEXT: %[[WE:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R1V]], 3
  %w1 = load <1 x float>, ptr addrspace(2) @W, align 4

; Arr[1] through an i8 GEP (16 bytes on: row 3), Arr[2] through the
; layout's last field (row 4), Arr[i] by a padded-element GEP (row 2 + i).
; CHECK-NEXT: %[[R3:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 3)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[R3]], 0
; CHECK-NEXT: %[[R4:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 4)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[R4]], 0
; CHECK-NEXT: %[[ROW:[0-9]+]] = add i32 %[[I]], 2
; CHECK-NEXT: %[[RI:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 %[[ROW]])
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[RI]], 0
  %a1 = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @Arr, i32 16), align 4
  %a2 = load float, ptr addrspace(2) getelementptr inbounds (<{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, ptr addrspace(2) @Arr, i32 0, i32 1), align 4
  %pai = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) @Arr, i32 %i
  %ai = load float, ptr addrspace(2) %pai, align 16

; Struct fields: s.b (row 5, elements 2-3), s.c (row 6, element 0).
; CHECK-NEXT: %[[R5:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 5)
; CHECK-NEXT: %[[B0:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R5]], 2
; CHECK-NEXT: %[[B1:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[R5]], 3
; CHECK-NEXT: %[[R6:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 6)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[R6]], 0
  %psb = getelementptr inbounds %S, ptr addrspace(2) @s, i32 0, i32 2
  %sb = load <2 x float>, ptr addrspace(2) %psb, align 4
  %sc = load float, ptr addrspace(2) getelementptr inbounds (%S, ptr addrspace(2) @s, i32 0, i32 3), align 4

; double3 across two rows of two doubles: row 7 both, row 8 the first
; (only z is used: row 7's fields are not read).
; CHECK-NEXT: %[[R7:[0-9]+]] = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %[[P]], i32 7)
; CHECK-NOT: extractvalue %dx.types.CBufRet.f64 %[[R7]]
; CHECK-NEXT: %[[R8:[0-9]+]] = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %[[P]], i32 8)
; CHECK-NEXT: %[[DZ:[0-9]+]] = extractvalue %dx.types.CBufRet.f64 %[[R8]], 0
  %d = load <3 x double>, ptr addrspace(2) @D, align 32

; An integer after it: row 8, element 2.
; CHECK-NEXT: %[[RU:[0-9]+]] = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[P]], i32 8)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.i32 %[[RU]], 2
  %u = load i32, ptr addrspace(2) @U, align 4

; A lane of Scale at a dynamic offset inside row 0: the row's fields as a
; vector, the lane (offset % 16) / 4, picked by selects.
; CHECK-NEXT: %[[OFF:[0-9]+]] = mul i32 %[[I]], 4
; CHECK-NEXT: %[[ROWK:[0-9]+]] = lshr i32 %[[OFF]], 4
; CHECK-NEXT: %[[IN:[0-9]+]] = and i32 %[[OFF]], 15
; CHECK-NEXT: %[[LANE:[0-9]+]] = lshr i32 %[[IN]], 2
; CHECK-NEXT: %[[RK:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 %[[ROWK]])
; CHECK: icmp eq i32 %[[LANE]], 3
; CHECK-NEXT: %lane = select i1 %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}
  %plane = getelementptr inbounds nuw float, ptr addrspace(2) @Scale, i32 %i
  %lane = load float, ptr addrspace(2) %plane, align 4

; 16- and 64-bit values of the other cbuffer: rows of 8 halves, 2 i64s.
; CHECK-NEXT: %[[RH:[0-9]+]] = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %[[SM]], i32 0)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f16.8 %[[RH]], 0
; CHECK-NEXT: %[[RH3:[0-9]+]] = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %[[SM]], i32 0)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f16.8 %[[RH3]], 1
; CHECK: extractvalue %dx.types.CBufRet.f16.8 %[[RH3]], 3
; CHECK-NEXT: %[[RL:[0-9]+]] = call %dx.types.CBufRet.i64 @dx.op.cbufferLoadLegacy.i64(i32 59, %dx.types.Handle %[[SM]], i32 1)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.i64 %[[RL]], 0
  %h = load half, ptr addrspace(2) @H, align 2
  %h3 = load <3 x half>, ptr addrspace(2) @H3, align 8
  %l = load i64, ptr addrspace(2) @L, align 8

; A load of @Params.cb is the stored handle.
; CHECK-NEXT: %[[RX:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[P]], i32 1)
; CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 %[[RX]], 3
  %again = load target("dx.CBuffer", %__cblayout_Params), ptr @Params.cb, align 4
  %row = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params) %again, i32 1)
  %x = extractvalue { float, float, float, float } %row, 3

; fdot: the lanes of a, then of b; the fast-math flags carry over, so only
; the call without them is precise.
; CHECK: %sb2.i0 = fmul float %[[B0]], %[[B0]]
; CHECK-NEXT: %sb2.i1 = fmul float %[[B1]], %[[B1]]
; CHECK-NEXT: call float @dx.op.dot2.f32(i32 54, float %[[B0]], float %[[B1]], float %sb2.i0, float %sb2.i1){{( #[0-9]+)?$}}
; CHECK: call float @dx.op.dot3.f32(i32 55, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}){{.*}}, !dx.precise
; CHECK: call float @dx.op.dot4.f32(i32 56, float %[[S0]], float %[[S1]], float %[[S2]], float %[[S3]], float %[[S0]], {{.*}}){{( #[0-9]+)?$}}
; CHECK: call half @dx.op.dot3.f16(i32 55, half %{{[0-9]+}}, {{.*}}){{( #[0-9]+)?$}}
  %sb2 = fmul <2 x float> %sb, %sb
  %dot2 = call reassoc nnan ninf nsz arcp afn float @llvm.dx.fdot.v2f32(<2 x float> %sb, <2 x float> %sb2)
  %dot3 = call float @llvm.dx.fdot.v3f32(<3 x float> %dir, <3 x float> %dir)
  %dot4 = call reassoc nnan ninf nsz arcp afn float @llvm.dx.fdot.v4f32(<4 x float> %scale, <4 x float> %scale)
  %doth = call reassoc nnan ninf nsz arcp afn half @llvm.dx.fdot.v3f16(<3 x half> %h3, <3 x half> %h3)

; A function without a store of its own gets the handle made again.
  %fromhelper = call float @helper(i32 %i)

  %t0 = fadd float %w, %a1
  %t1 = fadd float %t0, %a2
  %t2 = fadd float %t1, %ai
  %t3 = fadd float %t2, %sc
  %t4 = fadd float %t3, %lane
  %t5 = fadd float %t4, %x
  %t6 = fadd float %t5, %dot2
  %t7 = fadd float %t6, %dot3
  %t8 = fadd float %t7, %dot4
  %t9 = fadd float %t8, %fromhelper
  %w1e = extractelement <1 x float> %w1, i32 0
  %t10 = fadd float %t9, %w1e
  %dz = extractelement <3 x double> %d, i32 2
  %dzf = fptrunc double %dz to float
  %t11 = fadd float %t10, %dzf
  %hs = fadd half %h, %doth
  %hf = fpext half %hs to float
  %t12 = fadd float %t11, %hf
  %uf = uitofp i32 %u to float
  %t13 = fadd float %t12, %uf
  %lf = sitofp i64 %l to float
  %t14 = fadd float %t13, %lf
  %fromhelper2 = call float @helper2()
  %t15 = fadd float %t14, %fromhelper2
  %out = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %out, i32 %i, float %t15)
  %c = icmp eq i32 %i, 0
  br i1 %c, label %then, label %end

; Another block: the entry block's stored handle, no copy.
; CHECK: then:
; CHECK-NEXT: %[[RT:[0-9]+]] = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[P]], i32 8)
then:
  %u2 = load i32, ptr addrspace(2) @U, align 4
  %u2f = uitofp i32 %u2 to float
  call void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0) %out, i32 0, float %u2f)
  br label %end

end:
  ret void
}

; CHECK-LABEL: define float @helper(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[HB:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 1, i8 2 }, i32 2, i1 false)
; CHECK-NEXT: %[[H:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[HB]], %dx.types.ResourceProperties { i32 13, i32 140 })
; CHECK-NEXT: %[[RW:[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[H]], i32 1)
; CHECK-NEXT: %[[V:[0-9]+]] = extractvalue %dx.types.CBufRet.f32 %[[RW]], 3
; CHECK-NEXT: ret float %[[V]]
define float @helper(i32 %k) #1 {
entry:
  %v = load float, ptr addrspace(2) @W, align 4
  ret float %v
}

; A load above the function's own store gets a copy; the one below it
; reads the stored handle.
; CHECK-LABEL: define float @helper2(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[CB:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 1, i8 2 }, i32 2, i1 false)
; CHECK-NEXT: %[[C:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[CB]],
; CHECK-NEXT: call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[C]], i32 1)
; CHECK-NEXT: extractvalue
; CHECK-NEXT: %[[OB:[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 1, i8 2 }, i32 2, i1 false)
; CHECK-NEXT: %[[O:[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[OB]],
; CHECK-NEXT: call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[O]], i32 1)
define float @helper2() #1 {
entry:
  %early = load float, ptr addrspace(2) @W, align 4
  %h = call target("dx.CBuffer", %__cblayout_Params) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Paramsst(i32 1, i32 2, i32 1, i32 0, ptr @Params.str)
  store target("dx.CBuffer", %__cblayout_Params) %h, ptr @Params.cb, align 4
  %late = load float, ptr addrspace(2) @W, align 4
  %sum = fadd float %early, %late
  ret float %sum
}

; Nothing of clang's cbuffer form is left; one record per cbuffer, with
; its size in bytes.
; CHECK-NOT: addrspace(2)
; CHECK-NOT: Params.cb
; CHECK-NOT: hlsl.cbs
; CHECK: !{i32 0, ptr undef, !"Params", i32 1, i32 2, i32 1, i32 140, null}
; CHECK: !{i32 1, ptr undef, !"Small", i32 0, i32 0, i32 1, i32 24, null}

; BACK-LABEL: define void @main()
; BACK: call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59,
; BACK: call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59,
; BACK: call %dx.types.CBufRet.i64 @dx.op.cbufferLoadLegacy.i64(i32 59,
; BACK: call float @dx.op.dot4.f32(i32 56,
; BACK-LABEL: define float @helper(
; BACK: call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59,

declare target("dx.CBuffer", %__cblayout_Params) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Paramsst(i32, i32, i32, i32, ptr)
declare target("dx.CBuffer", %__cblayout_Small) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Smallst(i32, i32, i32, i32, ptr)
declare { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params), i32)
declare i32 @llvm.dx.thread.id(i32)
declare float @llvm.dx.fdot.v2f32(<2 x float>, <2 x float>)
declare float @llvm.dx.fdot.v3f32(<3 x float>, <3 x float>)
declare float @llvm.dx.fdot.v4f32(<4 x float>, <4 x float>)
declare half @llvm.dx.fdot.v3f16(<3 x half>, <3 x half>)
declare target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32, i32, i32, i32, ptr)
declare void @llvm.dx.resource.store.typedbuffer.tdx.TypedBuffer_f32_1_0_0t.f32(target("dx.TypedBuffer", float, 1, 0, 0), i32, float)

attributes #0 = { "hlsl.numthreads"="8,1,1" "hlsl.shader"="compute" }
attributes #1 = { noinline }

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @Params.cb, ptr addrspace(2) @Scale, ptr addrspace(2) @Dir, ptr addrspace(2) @W, ptr addrspace(2) @Arr, ptr addrspace(2) @s, ptr addrspace(2) @D, ptr addrspace(2) @U}
!1 = !{ptr @Small.cb, ptr addrspace(2) @H, ptr addrspace(2) @H3, ptr addrspace(2) @L}
