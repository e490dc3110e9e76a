// Structured buffers' counters: every thread appends to List through its
// counter (IncrementCounter), the first three decrement Out's.
typedef unsigned int uint;
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> List : register(u1);
[numthreads(8, 1, 1)] void main(uint tid : SV_DispatchThreadID) {
  uint slot = List.IncrementCounter();
  List[slot] = tid * 10 + 1;
  if (tid < 3) Out.DecrementCounter();
  Out[tid] = slot;
}
