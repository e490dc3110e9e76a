// dxil-run test shader: a loop that never ends (its condition reads a
// word the test leaves 0). lavapipe ends any loop after 65535 iterations
// per invocation, so the dispatch is made huge: it does not end either.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = 0;
  while (Out[0] != 0xFFFFFFFFu) { Out[1] = i; i++; }
}
