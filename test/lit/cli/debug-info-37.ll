; DXC prints its modules with LLVM 3.7, whose debug-info spelling LLVM 22's
; text parser refuses (LLVM 22's bitcode reader upgrades the same records).
; dxil-upgrade rewrites it before parsing, as the bitcode reader does:
; `subprograms:` of the compile unit becomes each subprogram's `unit:`,
; `function:` a `!dbg` on the function, `variable:` a global variable
; expression attached to the global (or a constant expression), `variables:`
; `retainedNodes:`; DILocalVariable loses `tag:`, DINamespace `file:` and
; `line:`; DW_OP_bit_piece is DW_OP_LLVM_fragment, `DW_OP_plus, N`
; DW_OP_plus_uconst; subprogram definitions and compile units are distinct.
; The result loads with no warning (LLVM's verifier finds it valid).
; RUN: %dxil-upgrade --no-raise %s -o %t.ll 2>&1 | count 0
; RUN: FileCheck %s < %t.ll
; RUN: %dxil-upgrade --verify %s -o %t.bc 2>&1 | count 0
; RUN: %dxil-upgrade --no-raise %t.bc -o %t.bc.ll
; RUN: FileCheck %s < %t.bc.ll
; A subprogram whose function does not open its body on its `define` line
; cannot be attached: a warning says so, and the shader still loads.
; RUN: sed 's/^\(define internal .*\) {$/\1\n{/' %s > %t.split.ll
; RUN: %dxil-upgrade --no-raise %t.split.ll -o %t.split.out.ll 2>&1 | FileCheck --check-prefix=SPLIT %s
; RUN: FileCheck --check-prefix=SPLIT-OUT %s < %t.split.out.ll
; A definition no compile unit lists gets no unit, as in bitcode; LLVM's
; verifier then strips the debug info with its warning. Not refused.
; RUN: sed 's/^!3 = !{!4, !8}/!3 = !{!4}/' %s > %t.nounit.ll
; RUN: %dxil-upgrade --no-raise %t.nounit.ll -o %t.nounit.out.ll 2>&1 | FileCheck --check-prefix=NOUNIT %s
; RUN: FileCheck --check-prefix=STRIPPED %s < %t.nounit.out.ll

; CHECK: @"\01?scale@@3MB" = internal constant float 2.000000e+00, align 4, !dbg [[SCALE:![0-9]+]]
; CHECK: define void @main() !dbg [[MAIN:![0-9]+]] {
; CHECK: #dbg_declare(ptr %v, {{![0-9]+}}, !DIExpression(DW_OP_plus_uconst, 4)
; CHECK: #dbg_value(float 1.000000e+00, {{![0-9]+}}, !DIExpression(DW_OP_LLVM_fragment, 0, 32)
; CHECK: define internal void @"\01?helper@@YAXM@Z"(float %x) !dbg [[HELPER:![0-9]+]] {
; CHECK: !llvm.dbg.cu = !{[[CU:![0-9]+]]}
; CHECK-DAG: [[SCALE]] = distinct !DIGlobalVariableExpression(var: [[SCALEVAR:![0-9]+]], expr: !DIExpression())
; CHECK-DAG: [[SCALEVAR]] = !DIGlobalVariable(name: "scale", linkageName: "\01?scale@@3MB", scope: [[CU]],
; CHECK-DAG: [[CU]] = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, {{.*}}globals: [[GLOBALS:![0-9]+]])
; CHECK-DAG: [[GLOBALS]] = !{[[SCALE]], [[COUNT:![0-9]+]]}
; CHECK-DAG: [[COUNT]] = distinct !DIGlobalVariableExpression(var: {{![0-9]+}}, expr: !DIExpression(DW_OP_constu, 7, DW_OP_stack_value))
; CHECK-DAG: [[MAIN]] = distinct !DISubprogram(name: "main", {{.*}}spFlags: DISPFlagDefinition, unit: [[CU]], retainedNodes:
; CHECK-DAG: [[HELPER]] = distinct !DISubprogram(name: "helper", linkageName: "\01?helper@@YAXM@Z", scope: [[NS:![0-9]+]], {{.*}}unit: [[CU]])
; CHECK-DAG: [[NS]] = !DINamespace(name: "ns", scope: null)
; CHECK-DAG: !DILocalVariable(name: "x", arg: 1, scope: [[HELPER]],
; CHECK-DAG: !DILocalVariable(name: "v", scope: [[MAIN]],
; CHECK-DAG: !DIDerivedType(tag: DW_TAG_member, name: "b", {{.*}}flags: DIFlagReservedBit4)

; SPLIT: warning: LLVM 3.7 debug info: subprogram !8 names @"\01?helper@@YAXM@Z", which has no `define` line opening its body{{.*}}[DXIL2014
; SPLIT-OUT: define void @main() !dbg
; SPLIT-OUT: define internal void @"\01?helper@@YAXM@Z"(float %x) {

; NOUNIT: warning: LLVM: ignoring invalid debug info{{.*}}[DXIL3002
; STRIPPED: define internal void @"\01?helper@@YAXM@Z"(float %x) {
; STRIPPED-NOT: !dbg

target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@"\01?scale@@3MB" = internal constant float 2.000000e+00, align 4

define void @main() {
entry:
  %v = alloca float, align 4
  call void @llvm.dbg.declare(metadata float* %v, metadata !20, metadata !29), !dbg !23
  call void @llvm.dbg.value(metadata float 1.000000e+00, i64 0, metadata !21, metadata !24), !dbg !23
  store float 1.000000e+00, float* %v, align 4, !dbg !23
  call void @"\01?helper@@YAXM@Z"(float 1.000000e+00), !dbg !25
  ret void, !dbg !26
}

define internal void @"\01?helper@@YAXM@Z"(float %x) {
entry:
  call void @llvm.dbg.value(metadata float %x, i64 0, metadata !27, metadata !22), !dbg !28
  ret void, !dbg !28
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, i64, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!30, !31}
!llvm.ident = !{!32}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "dxc 3.7-style", isOptimized: false, runtimeVersion: 0, emissionKind: 1, enums: !2, retainedTypes: !11, subprograms: !3, globals: !14)
!1 = !DIFile(filename: "shader.hlsl", directory: "")
!2 = !{}
!3 = !{!4, !8}
!4 = !DISubprogram(name: "main", scope: !1, file: !1, line: 10, type: !5, isLocal: false, isDefinition: true, scopeLine: 10, flags: DIFlagPrototyped, isOptimized: false, function: void ()* @main, variables: !2)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DIBasicType(name: "float", size: 32, align: 32, encoding: DW_ATE_float)
!8 = !DISubprogram(name: "helper", linkageName: "\01?helper@@YAXM@Z", scope: !12, file: !1, line: 4, type: !9, isLocal: true, isDefinition: true, scopeLine: 4, flags: DIFlagPrototyped, isOptimized: false, function: void (float)* @"\01?helper@@YAXM@Z")
!9 = !DISubroutineType(types: !10)
!10 = !{null, !7}
!11 = !{!13}
!12 = !DINamespace(name: "ns", scope: null, file: !1, line: 2)
!13 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 3, size: 64, align: 32, elements: !19)
!14 = !{!15, !18}
!15 = !DIGlobalVariable(name: "scale", linkageName: "\01?scale@@3MB", scope: !0, file: !1, line: 1, type: !16, isLocal: true, isDefinition: true, variable: float* @"\01?scale@@3MB")
!16 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!17 = !DIBasicType(name: "double", size: 64, align: 64, encoding: DW_ATE_float)
!18 = !DIGlobalVariable(name: "count", scope: !0, file: !1, line: 2, type: !33, isLocal: true, isDefinition: true, variable: i32 7)
!19 = !{!34, !35}
!20 = !DILocalVariable(tag: DW_TAG_auto_variable, name: "v", scope: !4, file: !1, line: 11, type: !13)
!21 = !DILocalVariable(tag: DW_TAG_auto_variable, name: "w", scope: !4, file: !1, line: 12, type: !17)
!22 = !DIExpression()
!23 = !DILocation(line: 11, column: 9, scope: !4)
!24 = !DIExpression(DW_OP_bit_piece, 0, 32)
!25 = !DILocation(line: 13, column: 3, scope: !4)
!26 = !DILocation(line: 14, column: 1, scope: !4)
!27 = !DILocalVariable(tag: DW_TAG_arg_variable, name: "x", arg: 1, scope: !8, file: !1, line: 4, type: !7)
!28 = !DILocation(line: 5, column: 3, scope: !8)
!29 = !DIExpression(DW_OP_plus, 4)
!30 = !{i32 2, !"Dwarf Version", i32 4}
!31 = !{i32 2, !"Debug Info Version", i32 3}
!32 = !{!"dxc 3.7-style"}
!33 = !DIBasicType(name: "int", size: 32, align: 32, encoding: DW_ATE_signed)
!34 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !13, file: !1, line: 3, baseType: !7, size: 32, align: 32)
!35 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !13, file: !1, line: 3, baseType: !7, size: 32, align: 32, offset: 32, flags: DIFlagBlockByrefStruct)
