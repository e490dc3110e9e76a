; A small compute shader in DXIL form, written by hand for dxil-upgrade's
; quick start and tests (HLSL equivalent below). It uses the DXIL 1.0 idioms
; DXC emits: the legacy datalayout, dx.op calls with opcode constants, a
; createHandle resolved through !dx.resources, and the !dx.* metadata.
;
;   RWBuffer<float> Out : register(u0);
;   Buffer<float4> In : register(t1, space2);
;   [numthreads(8, 1, 1)]
;   void main(uint3 id : SV_DispatchThreadID) {
;     float4 v = In[id.x];
;     Out[id.x] = sin(v.x) + abs(v.y);
;   }
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.RWBuffer<float>" = type { float }
%"class.Buffer<vector<float, 4> >" = type { <4 x float> }

@"\01?Out@@3V?$RWBuffer@M@@A" = external constant %"class.RWBuffer<float>", align 4
@"\01?In@@3V?$Buffer@V?$vector@M$03@@@@A" = external constant %"class.Buffer<vector<float, 4> >", align 4

define void @main() {
entry:
  %in = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 1, i1 false)
  %out = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %ld = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %in, i32 %id, i32 undef)
  %x = extractvalue %dx.types.ResRet.f32 %ld, 0
  %y = extractvalue %dx.types.ResRet.f32 %ld, 1
  %s = call float @dx.op.unary.f32(i32 13, float %x)
  %a = call float @dx.op.unary.f32(i32 6, float %y)
  %sum = fadd fast float %s, %a
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %out, i32 %id, i32 undef, float %sum, float %sum, float %sum, float %sum, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #1
declare float @dx.op.unary.f32(i32, float) #0
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind memory(read) }
attributes #2 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!11}

!0 = !{!"dxil-upgrade sample (hand-written)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 8}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{!5, !8, null, null}
!5 = !{!6}
!6 = !{i32 0, ptr @"\01?In@@3V?$Buffer@V?$vector@M$03@@@@A", !"In", i32 2, i32 1, i32 1, i32 10, i32 0, !7}
!7 = !{i32 0, i32 9}
!8 = !{!9}
!9 = !{i32 0, ptr @"\01?Out@@3V?$RWBuffer@M@@A", !"Out", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !10}
!10 = !{i32 0, i32 9}
!11 = !{ptr @main, !"main", null, !4, !12}
!12 = !{i32 4, !13}
!13 = !{i32 8, i32 1, i32 1}
