; Vector calls of ops with no vector overload at the target DXIL version are
; split per lane in the shape LLVM's scalarizer gives (extracts of each
; operand, then the call, per lane; an insertelement chain from poison).
; At DXIL 1.9 the same calls keep their vectors where the spec allows them.
; RUN: %dxil-lower %s -o %t.63.ll
; RUN: %FileCheck %s < %t.63.ll
; --check (DXC's validator) refuses the vector instructions the split
; leaves around the scalar calls before shader model 6.9 (Instr.Allowed),
; nothing else.
; RUN: not %dxil-upgrade --check %t.63.ll 2> %t.val
; RUN: %FileCheck %s --check-prefix=VALID < %t.val
; VALID: [Instr.Allowed]
; VALID-NOT: {{\[(Sm|Decl|Types|Flow)\.}}
; RUN: sed 's/dxilv1.3-pc-shadermodel6.3/dxilv1.9-pc-shadermodel6.9/' %s > %t.69.in.ll
; RUN: %dxil-lower %t.69.in.ll -o %t.69.ll
; RUN: %FileCheck %s --check-prefix=V19 < %t.69.ll
; RUN: %dxil-upgrade --check %t.69.ll
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

; An entry, so the module is one DXC loads (its flags cover the helpers).
define void @main() #0 {
  ret void
}
attributes #0 = { "hlsl.shader"="compute" "hlsl.numthreads"="1,1,1" }

; CHECK-LABEL: define <4 x float> @sqrt4(
; CHECK:      [[A0:%.*]] = extractelement <4 x float> %a, i64 0
; CHECK-NEXT: [[R0:%.*]] = call float @dx.op.unary.f32(i32 24, float [[A0]]) #[[RN:[0-9]+]]
; CHECK-NEXT: [[A1:%.*]] = extractelement <4 x float> %a, i64 1
; CHECK-NEXT: [[R1:%.*]] = call float @dx.op.unary.f32(i32 24, float [[A1]]) #[[RN]]
; CHECK-NEXT: [[A2:%.*]] = extractelement <4 x float> %a, i64 2
; CHECK-NEXT: [[R2:%.*]] = call float @dx.op.unary.f32(i32 24, float [[A2]]) #[[RN]]
; CHECK-NEXT: [[A3:%.*]] = extractelement <4 x float> %a, i64 3
; CHECK-NEXT: [[R3:%.*]] = call float @dx.op.unary.f32(i32 24, float [[A3]]) #[[RN]]
; CHECK-NEXT: [[U0:%.*]] = insertelement <4 x float> poison, float [[R0]], i64 0
; CHECK-NEXT: [[U1:%.*]] = insertelement <4 x float> [[U0]], float [[R1]], i64 1
; CHECK-NEXT: [[U2:%.*]] = insertelement <4 x float> [[U1]], float [[R2]], i64 2
; CHECK-NEXT: %r = insertelement <4 x float> [[U2]], float [[R3]], i64 3
; CHECK-NEXT: ret <4 x float> %r
; V19-LABEL: define <4 x float> @sqrt4(
; V19-NEXT:  %1 = call <4 x float> @dx.op.unary.v4f32(i32 24, <4 x float> %a)
; V19-NEXT:  ret <4 x float> %1
define <4 x float> @sqrt4(<4 x float> %a) {
  %r = call reassoc nnan ninf nsz arcp afn <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)
  ret <4 x float> %r
}

; Two vector operands, extracted lane by lane; a repeated operand once.
; CHECK-LABEL: define <2 x float> @max2(
; CHECK:      %a.i0 = extractelement <2 x float> %a, i64 0
; CHECK-NEXT: %b.i0 = extractelement <2 x float> %b, i64 0
; CHECK-NEXT: call float @dx.op.binary.f32(i32 35, float %a.i0, float %b.i0)
; CHECK-NEXT: %a.i1 = extractelement <2 x float> %a, i64 1
; CHECK-NEXT: %b.i1 = extractelement <2 x float> %b, i64 1
; CHECK-NEXT: call float @dx.op.binary.f32(i32 35, float %a.i1, float %b.i1)
; The no-op bitcast and the fadd are split by the data scalarization (no
; vector values before SM 6.9): %q's lanes are %a's.
; CHECK:      call float @dx.op.binary.f32(i32 35, float %[[S0:[a-z0-9.]+]], float %[[S0]])
; CHECK:      %t.i0 = fadd float
; CHECK:      ret <2 x float> %t.upto1
; V19-LABEL: define <2 x float> @max2(
; V19: call <2 x float> @dx.op.binary.v2f32(i32 35, <2 x float> %a, <2 x float> %b)
define <2 x float> @max2(<2 x float> %a, <2 x float> %b) {
  %r = call <2 x float> @llvm.maxnum.v2f32(<2 x float> %a, <2 x float> %b)
  %s = bitcast <2 x float> %a to <2 x float>
  %q = call <2 x float> @llvm.maxnum.v2f32(<2 x float> %s, <2 x float> %s)
  %t = fadd <2 x float> %r, %q
  ret <2 x float> %t
}

; Integer ops: countbits (result cast to i32 stays per lane), imad, frac, cos.
; CHECK-LABEL: define <3 x i32> @ints(
; CHECK-COUNT-3: call i32 @dx.op.unaryBits.i32(i32 31, i32
; CHECK-COUNT-3: call i32 @dx.op.tertiary.i32(i32 48, i32
; CHECK-NOT: <3 x i32> @dx.op
; V19-LABEL: define <3 x i32> @ints(
; V19: call <3 x i32> @dx.op.unaryBits.v3i32(i32 31,
; V19: call <3 x i32> @dx.op.tertiary.v3i32(i32 48,
define <3 x i32> @ints(<3 x i32> %a, <3 x i32> %b) {
  %c = call <3 x i32> @llvm.ctpop.v3i32(<3 x i32> %a)
  %m = call <3 x i32> @llvm.dx.imad.v3i32(<3 x i32> %c, <3 x i32> %b, <3 x i32> <i32 1, i32 2, i32 3>)
  ret <3 x i32> %m
}

; CHECK-LABEL: define <2 x half> @halves(
; CHECK-COUNT-2: call half @dx.op.unary.f16(i32 22, half
; CHECK-COUNT-2: call half @dx.op.unary.f16(i32 12, half
; V19-LABEL: define <2 x half> @halves(
; V19: call <2 x half> @dx.op.unary.v2f16(i32 22,
; V19: call <2 x half> @dx.op.unary.v2f16(i32 12,
define <2 x half> @halves(<2 x half> %a) {
  %f = call <2 x half> @llvm.dx.frac.v2f16(<2 x half> %a)
  %c = call <2 x half> @llvm.cos.v2f16(<2 x half> %f)
  ret <2 x half> %c
}

; Wave reductions have no vector overload before DXIL 1.9.
; CHECK-LABEL: define <2 x i32> @wave(
; CHECK:      %a.i0 = extractelement <2 x i32> %a, i64 0
; CHECK-NEXT: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %a.i0, i8 0, i8 1)
; CHECK-NEXT: %a.i1 = extractelement <2 x i32> %a, i64 1
; CHECK-NEXT: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %a.i1, i8 0, i8 1)
define <2 x i32> @wave(<2 x i32> %a) {
  %r = call <2 x i32> @llvm.dx.wave.reduce.usum.v2i32(<2 x i32> %a)
  ret <2 x i32> %r
}

; The op's attribute group is on each call, as LLVM puts it.
; CHECK: attributes #[[RN]] = { nounwind memory(none) }
