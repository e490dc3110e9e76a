// PROFILE: cs_6_0
// Resources chosen by control flow: a value read from one of two buffers
// in an if/else, one of three in a switch, and a store into one of two
// buffers; LLVM's optimizers sink the accesses into the join, leaving a
// phi of pointers into different resources.
#include "prelude.h"
RWStructuredBuffer<uint> Left : register(u0);
RWStructuredBuffer<uint> Right : register(u1);
RWStructuredBuffer<uint> Third : register(u2);
RWStructuredBuffer<uint> Out : register(u3);
RWStructuredBuffer<uint> Even : register(u4);
RWStructuredBuffer<uint> Odd : register(u5);
cbuffer Params : register(b0) { uint Mask; uint Mode; };
[numthreads(8, 1, 1)] void main(uint tid : SV_DispatchThreadID) {
  uint v;
  if ((tid & Mask) != 0)
    v = Left[tid];
  else
    v = Right[tid];
  uint w;
  switch ((tid + Mode) % 3) {
  case 0: w = Left[tid + 1]; break;
  case 1: w = Right[tid + 1]; break;
  default: w = Third[tid]; break;
  }
  Out[tid] = v * 3 + w;
  if (tid & 1)
    Odd[tid >> 1] = v;
  else
    Even[tid >> 1] = w;
}
