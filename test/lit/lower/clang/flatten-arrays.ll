; flatten-arrays: DXIL allows one array dimension (DXC: "Only one dimension
; allowed for array type"); clang keeps HLSL's T[8][8]. Globals and allocas
; of nested arrays become flat, with each access at the element index its
; GEP chain adds up to (row * 8 + column; constant offsets folded); a
; constant initializer is flattened in order. A variable whose pointer
; escapes is left nested. A constant byte GEP under an instruction GEP
; (clang -O1's row offset) folds into the index.
; RUN: %dxil-lower %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; CHECK-DAG: @TA = addrspace(3) global [64 x float] zeroinitializer, align 4
; CHECK-DAG: @K = internal constant [6 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6], align 4
; CHECK-DAG: @Esc = internal global [2 x [2 x i32]] zeroinitializer
; CHECK: %loc = alloca [6 x float], align 4
; CHECK: [[Y:%.*]] = call i32 @dx.op.threadId.i32(i32 93, i32 1)
; CHECK: [[X:%.*]] = call i32 @dx.op.threadId.i32(i32 93, i32 0)
; CHECK: [[R:%.*]] = mul i32 [[Y]], 8
; CHECK: [[I:%.*]] = add i32 [[R]], [[X]]
; CHECK: getelementptr inbounds [64 x float], ptr addrspace(3) @TA, i32 0, i32 [[I]]
; CHECK: load float, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @TA, i32 0, i32 9)
; CHECK: [[KI:%.*]] = mul i32 [[Y]], 3
; CHECK: [[KJ:%.*]] = add i32 [[KI]], 2
; CHECK: getelementptr inbounds [6 x i32], ptr @K, i32 0, i32 [[KJ]]
; CHECK: [[LI:%.*]] = add i32 [[X]], 3
; CHECK: getelementptr inbounds [6 x float], ptr %loc, i32 0, i32 [[LI]]
; CHECK: [[BI:%.*]] = add i32 [[X]], 8
; CHECK: getelementptr inbounds [16 x i32], ptr addrspace(3) @TB, i32 0, i32 [[BI]]
; CHECK-NOT: x [3 x float]]
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@TA = addrspace(3) global [8 x [8 x float]] zeroinitializer, align 4
@K = internal constant [2 x [3 x i32]] [[3 x i32] [i32 1, i32 2, i32 3], [3 x i32] [i32 4, i32 5, i32 6]], align 4
@Esc = internal global [2 x [2 x i32]] zeroinitializer
@TB = addrspace(3) global [2 x [8 x i32]] zeroinitializer, align 4

define void @main() #0 {
  %loc = alloca [2 x [3 x float]], align 4
  %y = call i32 @llvm.dx.thread.id(i32 1)
  %x = call i32 @llvm.dx.thread.id(i32 0)
  %p = getelementptr inbounds [8 x [8 x float]], ptr addrspace(3) @TA, i32 0, i32 %y, i32 %x
  store float 1.0, ptr addrspace(3) %p, align 4
  %c = load float, ptr addrspace(3) getelementptr inbounds ([8 x [8 x float]], ptr addrspace(3) @TA, i32 0, i32 1, i32 1), align 4
  %row = getelementptr inbounds [2 x [3 x i32]], ptr @K, i32 0, i32 %y
  %kp = getelementptr inbounds [3 x i32], ptr %row, i32 0, i32 2
  %k = load i32, ptr %kp, align 4
  %kf = sitofp i32 %k to float
  %lp = getelementptr inbounds [2 x [3 x float]], ptr %loc, i32 0, i32 1, i32 %x
  store float %kf, ptr %lp, align 4
  %l = load float, ptr %lp, align 4
  %s = fadd float %c, %l
  store float %s, ptr addrspace(3) %p, align 4
  %b2 = getelementptr inbounds i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @TB, i32 32), i32 %x
  store i32 7, ptr addrspace(3) %b2, align 4
  call void @llvm.memset.p0.i32(ptr @Esc, i8 0, i32 16, i1 false)
  ret void
}

attributes #0 = { "hlsl.numthreads"="8,8,1" "hlsl.shader"="compute" }
