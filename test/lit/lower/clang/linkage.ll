; linkage: clang's hidden helpers, inlined into the entry, go when nothing
; calls them (a chain of them too). In a shader a helper still called
; (noinline) is inlined as DXC does (its validator refuses vector or struct
; parameters); in a library it stays, internal with default visibility.
; The entry stays external. A shader's own global data becomes internal:
; clang gives a static data member (`struct S { static int s; }`) external
; linkage, which DXC refuses once instructions use it (Decl.NotUsedExternal),
; as it does a private one (simplifycfg's switch lookup table, found by
; the offload suite's WaveReadLaneAt test); groupshared memory and a
; library's globals keep theirs.
; RUN: %dxil-lower %s -o - | %FileCheck %s
; RUN: sed 's/shadermodel6.6-compute/shadermodel6.6-library/; s/"hlsl.numthreads"="1,1,1" "hlsl.shader"="compute"/"hlsl.export"/' %s > %t.lib.ll
; RUN: %dxil-lower %t.lib.ll -o - | %FileCheck %s --check-prefix=LIB
; CHECK-NOT: @unused
; CHECK-NOT: @chain
; CHECK-NOT: @kept
; CHECK-DAG: @G = addrspace(3) global
; CHECK-DAG: @_ZN1S1sE = internal global i32 20
; CHECK-DAG: @switch.table.main = internal unnamed_addr constant [3 x i32] [i32 2, i32 3, i32 1]
; CHECK: define void @main()
; CHECK: fmul float
; CHECK-NOT: call {{.*}}@kept
; LIB-NOT: @unused
; LIB: @_ZN1S1sE = hidden global i32 20
; LIB: define internal <4 x float> @kept(<4 x float> %x)
; LIB: define void @main()
; LIB: call <4 x float> @kept(
target triple = "dxilv1.9-pc-shadermodel6.6-compute"

@G = addrspace(3) global <4 x float> zeroinitializer, align 16
@_ZN1S1sE = hidden global i32 20, align 4
@switch.table.main = private unnamed_addr constant [3 x i32] [i32 2, i32 3, i32 1], align 4

define hidden float @unused(float %x) #1 {
  %y = call float @chain(float %x)
  ret float %y
}

define hidden float @chain(float %x) #1 {
  ret float %x
}

define hidden <4 x float> @kept(<4 x float> %x) #2 {
  %y = fmul <4 x float> %x, <float 2.0, float 2.0, float 2.0, float 2.0>
  ret <4 x float> %y
}

define void @main() #0 {
  %v = load <4 x float>, ptr addrspace(3) @G, align 16
  %r = call <4 x float> @kept(<4 x float> %v)
  %s = load i32, ptr @_ZN1S1sE, align 4
  %k = and i32 %s, 1
  %tp = getelementptr inbounds i32, ptr @switch.table.main, i32 %k
  %tv = load i32, ptr %tp, align 4
  %s1 = add i32 %s, %tv
  store i32 %s1, ptr @_ZN1S1sE, align 4
  store <4 x float> %r, ptr addrspace(3) @G, align 16
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
attributes #1 = { alwaysinline }
attributes #2 = { noinline }
