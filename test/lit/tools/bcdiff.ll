; test/tools/bcdiff.py, the bitcode comparer: the same stream twice is
; equal; one changed operand is reported with its block path, record index
; and record name; a difference of encoding alone is one only without
; --ignore-abbrevs. (llvm-as/opt write LLVM 22 bitcode; the reader is the
; same bitstream format as DXC's 3.7.)
; RUN: rm -rf %t && mkdir %t
; RUN: cat %s | %opt -o %t/a.bc
; RUN: cat %s | %opt -o %t/a2.bc
; RUN: sed 's/i32 %%x, 7/i32 %%x, 8/' %s | %opt -o %t/b.bc
; RUN: %bcdiff %t/a.bc %t/a2.bc
; RUN: %bcdiff --ignore-abbrevs %t/a.bc %t/a2.bc
; RUN: %expect-exit 1 %bcdiff %t/a.bc %t/b.bc | %FileCheck --check-prefix=OPERAND %s
; OPERAND: MODULE_BLOCK/FUNCTION_BLOCK/CONSTANTS_BLOCK, record 1:
; OPERAND-NEXT: A CST_CODE_INTEGER (code 4, abbrev 5) [14]
; OPERAND-NEXT: B CST_CODE_INTEGER (code 4, abbrev 5) [16]
; OPERAND-NOT: {{.}}
; RUN: %expect-exit 1 %bcdiff --ignore-abbrevs %t/a.bc %t/b.bc | %FileCheck --check-prefix=OPERAND %s

; Same records, different abbreviations (every operand kind, one from
; BLOCKINFO): a difference, but not a semantic one.
; RUN: %python %S/Inputs/make_bitstream.py %t/plain.bc %t/abbrev.bc
; RUN: %expect-exit 1 %bcdiff %t/plain.bc %t/abbrev.bc | %FileCheck --check-prefix=ENC %s
; ENC: MODULE_BLOCK/TYPE_BLOCK, record 0:
; ENC-NEXT: A TYPE_CODE_NUMENTRY (code 1, unabbrev) [3]
; ENC-NEXT: B DEFINE_ABBREV [lit 7, vbr 6]
; RUN: %bcdiff --ignore-abbrevs %t/plain.bc %t/abbrev.bc | %FileCheck --check-prefix=SEM %s
; SEM: same records; the encoding differs
; RUN: %expect-exit 1 %bcdiff --all %t/plain.bc %t/abbrev.bc | %FileCheck --check-prefix=ALL %s
; ALL: MODULE_BLOCK/TYPE_BLOCK, record 0:
; ALL: MODULE_BLOCK, record 1:
; ALL-NEXT: A MODULE_CODE_TRIPLE (code 2, unabbrev) [100, 120, 105, 108, 45, 109, 115, 45, 100, 120] "dxil-ms-dx"
; ALL-NEXT: B DEFINE_ABBREV [lit 2, array, fixed 8]

; --dump decodes each abbreviation kind back to the same values.
; RUN: %bcdiff --dump %t/abbrev.bc | %FileCheck --check-prefix=DUMP %s
; DUMP: BLOCKINFO (id 0, abbrev width 2, 2 words) {
; DUMP-NEXT: BLOCKINFO_CODE_SETBID (code 1, unabbrev) [17]
; DUMP-NEXT: DEFINE_ABBREV for TYPE_BLOCK [lit 19, array, char6]
; DUMP: TYPE_CODE_INTEGER (code 7, abbrev 5) [32]
; DUMP-NEXT: TYPE_CODE_STRUCT_NAME (code 19, abbrev 4) [{{.*}}] "dx.types.Handle"
; DUMP-NEXT: TYPE_CODE_FUNCTION (code 21, abbrev 6) [0, 0, 0]
; DUMP: MODULE_CODE_TRIPLE (code 2, abbrev 4) [{{.*}}] "dxil-ms-dx"
; DUMP-NEXT: MODULE_CODE_SOURCE_FILENAME (code 16, abbrev 5) [] blob[11]

; --batch: one line per differing pair and a summary.
; RUN: printf '%t/a.bc\t%t/a2.bc\n%t/plain.bc\t%t/abbrev.bc\n%t/a.bc\t%t/b.bc\n' > %t/list
; RUN: %expect-exit 1 %bcdiff --batch %t/list | %FileCheck --check-prefix=BATCH %s
; BATCH: differs: {{.*}}a.bc {{.*}}b.bc MODULE_BLOCK/FUNCTION_BLOCK/CONSTANTS_BLOCK record 1
; BATCH: pairs: 3; identical 1, differs in encoding only 1, differs 1, bad input 0
; BATCH: first record difference, by block:
; BATCH-NEXT: 1 CONSTANTS_BLOCK

; Not bitcode: exit 2 with the file named.
; RUN: %expect-exit 2 %bcdiff %s %t/a.bc 2>&1 | %FileCheck --check-prefix=BAD %s
; BAD: bcdiff: {{.*}}bcdiff.ll: not bitcode

define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 7
  ret i32 %y
}
