; A cbuffer row read as four doubles: CBufRet.f64 has two fields, so no
; cbufferLoadLegacy overload fits (LLVM: "Type mismatch between intrinsic
; and DXIL op").
target triple = "dxilv1.5-pc-shadermodel6.5-pixel"

%__cblayout_CB = type <{ <4 x double> }>
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define void @main() #0 {
entry:
  %cb = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
  %r0 = call { double, double, double, double } @llvm.dx.resource.load.cbufferrow.4.f64.f64.f64.f64.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %cb, i32 0)
  %a = extractvalue { double, double, double, double } %r0, 3
  ret void
}

declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)
declare { double, double, double, double } @llvm.dx.resource.load.cbufferrow.4.f64.f64.f64.f64.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB), i32)

attributes #0 = { "hlsl.shader"="pixel" }
