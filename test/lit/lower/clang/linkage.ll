; linkage: clang's hidden helpers, inlined into the entry, go when nothing
; calls them (a chain of them too); a helper still called becomes internal
; with default visibility; the entry stays external.
; RUN: %dxil-lower %s -o - | %FileCheck %s
; CHECK-NOT: @unused
; CHECK-NOT: @chain
; CHECK: define internal float @kept(float %x)
; CHECK: define void @main()
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@G = addrspace(3) global float 0.0, align 4

define hidden float @unused(float %x) #1 {
  %y = call float @chain(float %x)
  ret float %y
}

define hidden float @chain(float %x) #1 {
  ret float %x
}

define hidden float @kept(float %x) #2 {
  %y = fmul float %x, 2.0
  ret float %y
}

define void @main() #0 {
  %v = load float, ptr addrspace(3) @G, align 4
  %r = call float @kept(float %v)
  store float %r, ptr addrspace(3) @G, align 4
  ret void
}

attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
attributes #1 = { alwaysinline }
attributes #2 = { noinline }
