; entries: clang's "hlsl.wavesize" before SM 6.8 is entry tag 11 with the
; size in a node of its own, !{i32 32}, which DXC reads as a node ("load
; dxil metadata failed - cast<X>() argument of incompatible type" when the
; bare constant stands there); from SM 6.8, tag 23 with !{min, max, pref}.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %dxil-lower %s -o %t.dxil
; RUN: %dxil-upgrade --check %t.dxil
; RUN: sed 's/dxilv1.6-pc-shadermodel6.6/dxilv1.8-pc-shadermodel6.8/; s/"32,0,0"/"32,128,64"/' %s | %dxil-lower - -o - | %FileCheck %s --check-prefix=RANGED
; CHECK: i32 4, ![[NT:[0-9]+]], i32 11, ![[WS:[0-9]+]]}
; CHECK: ![[WS]] = !{i32 32}
; RANGED: i32 4, ![[NT:[0-9]+]], i32 23, ![[WS:[0-9]+]]}
; RANGED: ![[WS]] = !{i32 32, i32 128, i32 64}
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

define void @main() #0 {
entry:
  %l = call i32 @llvm.dx.wave.getlaneindex()
  ret void
}

declare i32 @llvm.dx.wave.getlaneindex()

attributes #0 = { convergent "hlsl.numthreads"="32,1,1" "hlsl.shader"="compute" "hlsl.wavesize"="32,0,0" }
