; A module LLVM's verifier rejects is never written or printed, with or
; without --verify: LLVM's printer and bitcode writer assume a valid module.
; It is bad input (exit 1, DXIL3001) and leaves no output file, as text and
; as bitcode, from the single-shader and the batch paths. This module has no
; "Debug Info Version", so nothing verifies it while it is read.
; RUN: %expect-exit 1 %dxil-upgrade --no-raise %s -o %t.out.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.out.ll
; RUN: %expect-exit 1 %dxil-upgrade %s -o %t.out.bc 2>&1 | FileCheck %s
; RUN: not test -e %t.out.bc
; RUN: %expect-exit 1 %dxil-upgrade --no-raise %s 2>&1 | FileCheck --check-prefix=STDOUT %s
; RUN: rm -rf %t.dir %t.outdir && mkdir %t.dir && cp %s %t.dir/broken.ll
; RUN: %expect-exit 1 %dxil-upgrade --batch %t.dir -O %t.outdir --no-progress 2>&1 | FileCheck --check-prefix=BATCH %s
; RUN: not test -e %t.outdir/broken.ll
; The verifier's refusal is the input's fault: it names the input, not the
; output it was about to be written to (dxil-upgrade and dxil-lower).
; RUN: %expect-exit 1 %dxil-upgrade --no-raise %s -o %t.named.ll 2>&1 | FileCheck --check-prefix=NAMED %s
; RUN: %expect-exit 1 %dxil-lower %s -o %t.named.ll 2>&1 | FileCheck --check-prefix=NAMED %s
; The same module made valid is written.
; RUN: sed 's/add i32 %b, 1/add i32 %x, 2/' %s | %dxil-upgrade --no-raise - -o %t.ok.ll
; RUN: FileCheck --check-prefix=OK %s < %t.ok.ll

; CHECK: error: {{.*}}verifier{{.*}}: Instruction does not dominate all uses!
; CHECK: [DXIL3001]
; STDOUT: error: {{.*}}verifier
; STDOUT: [DXIL3001]
; STDOUT-NOT: define
; BATCH: DXIL3001
; OK: %a = add i32 %x, 2
; NAMED: unverifiable-output.ll: error: {{.*}}verifier
; NAMED-NOT: named.ll: error

target triple = "dxilv1.0-pc-shadermodel6.0-compute"

define void @main(i32 %x) {
entry:
  %a = add i32 %b, 1
  %b = add i32 %x, 1
  ret void
}
