; The Decl rules and Flow.FunctionCall. Outside libraries every external
; function is a dx.op one (Decl.DxilFnExtern) and used (Decl.
; UsedExternalFunction), only by calls (Decl.FnIsCalled); an external
; global no instruction uses (Decl.NotUsedExternal), an internal one that
; something uses (Decl.UsedInternal); entries return void
; (Decl.ShaderReturnVoid) and take no parameters (Flow.FunctionCall); no
; struct parameter (Decl.FnFlattenParam), no resource in a signature
; (Decl.ResourceInFnSig), only the function attributes DXIL defines
; (Decl.FnAttribute). Ray tracing shaders take their payload, attributes
; or parameters as structs (Decl.PayloadStruct, Decl.AttrStruct,
; Decl.ParamStruct), no more (Decl.ExtraArgs), no fewer
; (Decl.ShaderMissingArg); AllocateRayQuery takes constant flags. The
; good declarations (@ok_*) give no error.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs.ll 2> %t/cs.err
; RUN: %FileCheck %s --check-prefix=CS < %t/cs.err
; RUN: not grep '@ok_' %t/cs.err
; CS-DAG: error: External function 'ext' is not a DXIL function. (@ext) [Decl.DxilFnExtern]
; CS-DAG: error: External function 'llvm.fabs.f32' is not a DXIL function. (@llvm.fabs.f32) [Decl.DxilFnExtern]
; CS-DAG: error: External function 'dx.op.unused.f32' is unused. (@dx.op.unused.f32) [Decl.UsedExternalFunction]
; CS-DAG: error: Function 'dx.op.threadId.i32' is used for something other than calling. (@dx.op.threadId.i32) [Decl.FnIsCalled]
; CS-DAG: error: External declaration 'ext_g' is unused. (@ext_g) [Decl.NotUsedExternal]
; CS-DAG: error: Internal declaration 'unused_g' is unused. (@unused_g) [Decl.UsedInternal]
; CS-DAG: error: Function main with parameter is not permitted, it should be inlined. (@main) [Flow.FunctionCall]
; CS-DAG: error: Shader function 'main' must have void return type. (@main) [Decl.ShaderReturnVoid]
; CS-DAG: error: Type '%struct.S' is a struct type but is used as a parameter in function 'bad_param'. (@bad_param) [Decl.FnFlattenParam]
; CS-DAG: error: Function 'bad_res' uses resource in function signature. (@bad_res) [Decl.ResourceInFnSig]
; CS-DAG: error: Type '%dx.types.Handle' is a struct type but is used as a parameter in function 'bad_res'. (@bad_res) [Decl.FnFlattenParam]
; CS-DAG: error: Function 'bad_attr' contains invalid attribute 'no-nans-fp-math' with value 'true'. (@bad_attr) [Decl.FnAttribute]
; CS-DAG: error: Function 'bad_attr' contains invalid attribute 'fp32-denorm-mode' with value 'fast'. (@bad_attr) [Decl.FnAttribute]
; RUN: not %dxil-upgrade --check %t/lib.ll 2> %t/lib.err
; RUN: %FileCheck %s --check-prefix=LIB < %t/lib.err
; RUN: not grep '@ok_' %t/lib.err
; LIB-DAG: error: Argument 'p' must be a struct type for payload in shader function 'miss_bad'. (@miss_bad) [Decl.PayloadStruct]
; LIB-DAG: error: Argument 'a' must be a struct type for attributes in shader function 'hit_bad'. (@hit_bad) [Decl.AttrStruct]
; LIB-DAG: error: Argument 'x' must be a struct type for callable shader function 'call_bad'. (@call_bad) [Decl.ParamStruct]
; LIB-DAG: error: Extra argument 'z' not allowed for shader function 'any_extra'. (@any_extra) [Decl.ExtraArgs]
; LIB-DAG: error: closesthit shader 'hit_short' missing required attributes parameter. (@hit_short) [Decl.ShaderMissingArg]
; LIB-DAG: error: Function raygen_bad with parameter is not permitted, it should be inlined. (@raygen_bad) [Flow.FunctionCall]
; LIB-DAG: error: External function 'lib_unused' is unused. (@lib_unused) [Decl.UsedExternalFunction]
; LIB-DAG: error: constRayFlags argument of AllocateRayQuery must be constant (@lib_extern: {{.*}}[Decl.AllocateRayQueryFlagsAreConst]

;--- cs.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.S = type { float }
%dx.types.Handle = type { ptr }

@ext_g = external global i32
@unused_g = internal global i32 0
@ok_internal = internal global i32 0

define i32 @main(i32 %x) {
  call void @ext()
  %f = call float @llvm.fabs.f32(float 1.0)
  %g = load i32, ptr @ext_g, align 4
  %o = load i32, ptr @ok_internal, align 4
  %a = alloca ptr, align 4
  store ptr @dx.op.threadId.i32, ptr %a, align 4
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  ret i32 %x
}

define void @bad_param(%struct.S %s) {
  ret void
}

define void @bad_res(%dx.types.Handle %h) {
  ret void
}

define void @bad_attr() #1 {
  ret void
}

define void @ok_attr() #2 {
  ret void
}

declare void @ext()
declare float @llvm.fabs.f32(float)
declare float @dx.op.unused.f32(i32, float)
declare i32 @dx.op.threadId.i32(i32, i32) #0

attributes #0 = { nounwind readnone }
attributes #1 = { "no-nans-fp-math"="true" "fp32-denorm-mode"="fast" }
attributes #2 = { "fp32-denorm-mode"="ftz" "waveops-include-helper-lanes" }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}

;--- lib.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.Payload = type { float }
%struct.Attr = type { float, float }

define void @miss_bad(i32 %p) {
  ret void
}
define void @hit_bad(%struct.Payload %p, i32 %a) {
  ret void
}
define void @call_bad(i32 %x) {
  ret void
}
define void @any_extra(%struct.Payload %p, %struct.Attr %a, i32 %z) {
  ret void
}
define void @hit_short(%struct.Payload %p) {
  ret void
}
define void @raygen_bad(i32 %r) {
  ret void
}
define void @ok_hit(%struct.Payload %p, %struct.Attr %a) {
  ret void
}
define void @ok_miss(%struct.Payload %p) {
  ret void
}

; A library may call external functions (linked later) and take structs.
define void @lib_extern(%struct.Payload %s, i32 %f) {
  call void @lib_ext(float 1.0)
  %q = call i32 @dx.op.allocateRayQuery(i32 178, i32 %f)
  ret void
}

declare void @lib_ext(float)
declare void @lib_unused()
declare i32 @dx.op.allocateRayQuery(i32, i32) #0
attributes #0 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6, !7, !8, !9, !10}
!0 = !{i32 1, i32 5}
!1 = !{!"lib", i32 6, i32 5}
!2 = !{null, !"", null, null, null}
!3 = !{ptr @miss_bad, !"miss_bad", null, null, !{i32 8, i32 11}}
!4 = !{ptr @hit_bad, !"hit_bad", null, null, !{i32 8, i32 10}}
!5 = !{ptr @call_bad, !"call_bad", null, null, !{i32 8, i32 12}}
!6 = !{ptr @any_extra, !"any_extra", null, null, !{i32 8, i32 9}}
!7 = !{ptr @hit_short, !"hit_short", null, null, !{i32 8, i32 10}}
!8 = !{ptr @raygen_bad, !"raygen_bad", null, null, !{i32 8, i32 7}}
!9 = !{ptr @ok_hit, !"ok_hit", null, null, !{i32 8, i32 10}}
!10 = !{ptr @ok_miss, !"ok_miss", null, null, !{i32 8, i32 11}}
