; Entry compatibility (DXC's ValidateEntryCompatibility): what a function
; uses against the entry that reaches it. Derivatives in a compute shader
; before validator 1.8 (the op's stages then exclude compute:
; Sm.IncompatibleStage), with a thread group that is no quad
; (Sm.IncompatibleThreadGroupDim), before shader model 6.6
; (Sm.IncompatibleDerivInComputeShaderModel, and the model they need:
; Sm.IncompatibleShaderModel); a group barrier in a pixel shader
; (Sm.IncompatibleStage, Sm.IncompatibleRequiresGroup); a helper that
; introduces the conflict is named, the entry gets
; Sm.IncompatibleCallInEntry. Each module was given to DXC's validator
; (written with dxil-lower --no-validate): the same errors. The ok_*
; modules pass.
; RUN: split-file %s %t
; RUN: not %dxil-upgrade --check %t/cs_stage.ll 2>&1 | %FileCheck %s --check-prefix=STAGE
; STAGE: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details. (@main) [Sm.IncompatibleOperation]
; STAGE-NEXT: error: Function uses features incompatible with the shader stage (cs) of the entry function. (@main) [Sm.IncompatibleStage]
; STAGE-NOT: error
; RUN: not %dxil-upgrade --check %t/cs_dim.ll 2>&1 | %FileCheck %s --check-prefix=DIM
; DIM: error: Entry function performs some operation {{.*}}(@main) [Sm.IncompatibleOperation]
; DIM-NEXT: error: Function uses derivatives in compute-model shader with NumThreads (8, 9, 1); derivatives require NumThreads to be 1D and a multiple of 4, or 2D/3D with X and Y both being a multiple of 2. (@main) [Sm.IncompatibleThreadGroupDim]
; DIM-NOT: error
; RUN: not %dxil-upgrade --check %t/cs_dim1d.ll 2>&1 | %FileCheck %s --check-prefix=DIM1D
; DIM1D: error: Function uses derivatives in compute-model shader with NumThreads (6, 1, 1);{{.*}}[Sm.IncompatibleThreadGroupDim]
; RUN: not %dxil-upgrade --check %t/cs_model.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
; MODEL: error: Entry function performs some operation {{.*}}(@main) [Sm.IncompatibleOperation]
; MODEL-NEXT: error: Function uses features incompatible with the shader model. (@main) [Sm.IncompatibleShaderModel]
; MODEL-NEXT: error: Function uses derivatives in compute-model shader, which is only supported in shader model 6.6 and above. (@main) [Sm.IncompatibleDerivInComputeShaderModel]
; RUN: not %dxil-upgrade --check %t/ps_group.ll 2>&1 | %FileCheck %s --check-prefix=GROUP
; GROUP: error: Entry function performs some operation {{.*}}(@main) [Sm.IncompatibleOperation]
; GROUP-NEXT: error: Function uses features incompatible with the shader stage (ps) of the entry function. (@main) [Sm.IncompatibleStage]
; GROUP-NEXT: error: Function requires a visible group, but is called from a shader without one. (@main) [Sm.IncompatibleRequiresGroup]
; RUN: not %dxil-upgrade --check %t/cs_call.ll 2>&1 | %FileCheck %s --check-prefix=CALL
; CALL: error: Entry function calls one or more functions using incompatible features.  See other errors for details. (@main) [Sm.IncompatibleCallInEntry]
; CALL-NEXT: error: Function uses derivatives in compute-model shader with NumThreads (2, 3, 1);{{.*}}(@helper) [Sm.IncompatibleThreadGroupDim]
; RUN: %dxil-upgrade --check %t/ok_cs.ll
; RUN: %dxil-upgrade --check %t/ok_cs1d.ll
; RUN: %dxil-upgrade --check %t/ok_ps.ll

;--- cs_stage.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 8, i32 8, i32 1}}}
!3 = !{i32 1, i32 7}

;--- cs_dim.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 8, i32 9, i32 1}}}
!3 = !{i32 1, i32 8}

;--- cs_dim1d.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 6, i32 1, i32 1}}}
!3 = !{i32 1, i32 8}

;--- cs_model.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"cs", i32 6, i32 5}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 8, i32 8, i32 1}}}
!3 = !{i32 1, i32 8}

;--- ps_group.ll
target triple = "dxil-ms-dx"
define void @main() {
  call void @dx.op.barrier(i32 80, i32 9)
  ret void
}
declare void @dx.op.barrier(i32, i32) #0
attributes #0 = { nounwind noduplicate }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, null}
!3 = !{i32 1, i32 8}

;--- cs_call.ll
target triple = "dxil-ms-dx"
define void @main() {
  call void @helper()
  ret void
}
define internal void @helper() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 2, i32 3, i32 1}}}
!3 = !{i32 1, i32 8}

;--- ok_cs.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  call void @dx.op.barrier(i32 80, i32 9)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
declare void @dx.op.barrier(i32, i32) #1
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind noduplicate }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 4, i32 2, i32 1}}}
!3 = !{i32 1, i32 8}

;--- ok_cs1d.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, !{i32 4, !{i32 8, i32 1, i32 1}}}
!3 = !{i32 1, i32 8}

;--- ok_ps.ll
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.unary.f32(i32 83, float 1.0)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
attributes #0 = { nounwind readnone }
!dx.version = !{!0}
!dx.valver = !{!3}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
!2 = !{ptr @main, !"main", null, null, null}
!3 = !{i32 1, i32 7}
