; dx-break refuses what it cannot put back in DXIL's form, naming the
; function and the block, and nothing is written: here the sum stands out
; of the loop its token names, and the function has irreducible control
; flow elsewhere (two blocks entered from both sides), where no loop can
; be read.
; RUN: %expect-exit 1 %dxil-lower %s -o %t.dxil 2>&1 | %FileCheck %s
; RUN: not test -e %t.dxil
; CHECK: error: {{.*}}@main: `%s = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %x) [ "convergencectrl"(token %t) ]`: in block 2 (%found): a convergent call outside the loop its convergence token names cannot be put back in DXIL's form (the control flow is irreducible)
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

define void @main() local_unnamed_addr #0 {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %out = tail call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %id = tail call i32 @llvm.dx.flattened.thread.id.in.group()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %t = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %x = add i32 %i, %id
  %first = call i32 @llvm.dx.wave.readlane.i32(i32 %x, i32 0) [ "convergencectrl"(token %t) ]
  %next = add i32 %i, 1
  %mine = icmp eq i32 %x, %first
  br i1 %mine, label %found, label %loop

found:
  %s = call i32 @llvm.dx.wave.reduce.usum.i32(i32 %x) [ "convergencectrl"(token %t) ]
  %odd = trunc i32 %s to i1
  br i1 %odd, label %a, label %b

a:
  %ka = phi i32 [ 0, %found ], [ %kb, %b ]
  %ka1 = add i32 %ka, 1
  %da = icmp ult i32 %ka1, %id
  br i1 %da, label %b, label %end

b:
  %kb = phi i32 [ 0, %found ], [ %ka1, %a ]
  %db = icmp ult i32 %kb, 7
  br i1 %db, label %a, label %end

end:
  %k = phi i32 [ %ka1, %a ], [ %kb, %b ]
  call void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0) %out, i32 %id, i32 0, i32 %k)
  ret void
}

declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare i32 @llvm.dx.flattened.thread.id.in.group()
declare i32 @llvm.dx.wave.readlane.i32(i32, i32)
declare i32 @llvm.dx.wave.reduce.usum.i32(i32)
declare void @llvm.dx.resource.store.rawbuffer.tdx.RawBuffer_i32_1_0t.i32(target("dx.RawBuffer", i32, 1, 0), i32, i32, i32)

attributes #0 = { convergent "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
