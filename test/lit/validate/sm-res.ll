; The dx.resources records as a whole (check/chk_sm_res.c): each record's
; ID its position in its list (Meta.DenseResIDs), no two ranges of one
; class overlapping in a space (Sm.ResourceRangeOverlap, an unbounded range
; reaching the end of its space), constant buffers of at most 65536 bytes
; (Sm.CBufferSize), no globallycoherent or reordercoherent UAV with a
; counter (Meta.CoherenceNotOnAppendConsume). DXC names the resource after
; the message: its name, or its class, ID, kind and binding. ok.ll passes.
; RUN: split-file %s %t
; RUN: %dxil-upgrade --check %t/ok.ll
; RUN: not %dxil-upgrade --check %t/dense.ll 2> %t/dense.err
; RUN: %FileCheck %s --check-prefix=DENSE < %t/dense.err
; DENSE: error: Resource identifiers must be zero-based and dense. 'T2: RawBuffer (t1)' [Meta.DenseResIDs]
; DENSE-NOT: error
; RUN: not %dxil-upgrade --check %t/overlap.ll 2> %t/overlap.err
; RUN: %FileCheck %s --check-prefix=OVERLAP < %t/overlap.err
; OVERLAP: error: Resource T1: RawBuffer (t1) with base 1 size 1 overlap with other resource with base 0 size 2 in space 0. [Sm.ResourceRangeOverlap]
; OVERLAP: error: Resource T3: RawBuffer (t5 space1) with base 5 size 1 overlap with other resource with base 0 size 4294967295 in space 1. [Sm.ResourceRangeOverlap]
; OVERLAP-NOT: error
; RUN: not %dxil-upgrade --check %t/cbsize.ll 2> %t/cbsize.err
; RUN: %FileCheck %s --check-prefix=CBSIZE < %t/cbsize.err
; CBSIZE: error: CBuffer size is 65552 bytes, exceeding maximum of 65536 bytes. 'CB0: CBuffer (cb0)' [Sm.CBufferSize]
; CBSIZE-NOT: error
; RUN: not %dxil-upgrade --check %t/coherent.ll 2> %t/coherent.err
; RUN: %FileCheck %s --check-prefix=COHERENT < %t/coherent.err
; COHERENT: error: globallycoherent cannot be used on buffer with counter 'U0: StructuredBuffer (u0)' [Meta.CoherenceNotOnAppendConsume]
; COHERENT: error: reordercoherent cannot be used on buffer with counter 'U1: StructuredBuffer (u1)' [Meta.CoherenceNotOnAppendConsume]
; COHERENT-NOT: error

;--- ok.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.ByteAddressBuffer = type { i32 }
%struct.RWStructuredBuffer = type { float }
%cb = type { float }

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !4, !5, null}
!3 = !{!{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 2, i32 11, i32 0, null}, !{i32 1, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 2, i32 1, i32 11, i32 0, null}, !{i32 2, %struct.ByteAddressBuffer* undef, !"", i32 1, i32 0, i32 -1, i32 11, i32 0, null}}
!4 = !{!{i32 0, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 true, i1 false, !{i32 1, i32 4}}}
!5 = !{!{i32 0, %cb* undef, !"", i32 0, i32 0, i32 1, i32 65536, null}}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !{i32 1, i32 1, i32 1}}

;--- dense.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.ByteAddressBuffer = type { i32 }
%struct.RWStructuredBuffer = type { float }
%cb = type { float }

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !4, !5, null}
!3 = !{!{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}, !{i32 2, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i32 0, null}}
!4 = !{!{i32 0, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !{i32 1, i32 4}}}
!5 = !{!{i32 0, %cb* undef, !"", i32 0, i32 0, i32 1, i32 16, null}}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !{i32 1, i32 1, i32 1}}

;--- overlap.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.ByteAddressBuffer = type { i32 }
%struct.RWStructuredBuffer = type { float }
%cb = type { float }

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !4, !5, null}
!3 = !{!{i32 0, %struct.ByteAddressBuffer* undef, !"Wide", i32 0, i32 0, i32 2, i32 11, i32 0, null}, !{i32 1, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i32 0, null}, !{i32 2, %struct.ByteAddressBuffer* undef, !"", i32 1, i32 0, i32 -1, i32 11, i32 0, null}, !{i32 3, %struct.ByteAddressBuffer* undef, !"", i32 1, i32 5, i32 1, i32 11, i32 0, null}}
!4 = !{!{i32 0, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !{i32 1, i32 4}}}
!5 = !{!{i32 0, %cb* undef, !"", i32 0, i32 0, i32 1, i32 16, null}}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !{i32 1, i32 1, i32 1}}

;--- cbsize.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.ByteAddressBuffer = type { i32 }
%struct.RWStructuredBuffer = type { float }
%cb = type { float }

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !4, !5, null}
!3 = !{!{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}}
!4 = !{!{i32 0, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !{i32 1, i32 4}}}
!5 = !{!{i32 0, %cb* undef, !"", i32 0, i32 0, i32 1, i32 65552, null}}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !{i32 1, i32 1, i32 1}}

;--- coherent.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.ByteAddressBuffer = type { i32 }
%struct.RWStructuredBuffer = type { float }
%cb = type { float }

define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
!2 = !{!3, !4, !5, null}
!3 = !{!{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}}
!4 = !{!{i32 0, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 true, i1 true, i1 false, !{i32 1, i32 4}}, !{i32 1, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 1, i32 1, i32 12, i1 false, i1 true, i1 false, !{i32 1, i32 4, i32 4, i1 true}}, !{i32 2, %struct.RWStructuredBuffer* undef, !"", i32 0, i32 2, i32 1, i32 12, i1 true, i1 false, i1 false, !{i32 1, i32 4}}}
!5 = !{!{i32 0, %cb* undef, !"", i32 0, i32 0, i32 1, i32 16, null}}
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !{i32 1, i32 1, i32 1}}
