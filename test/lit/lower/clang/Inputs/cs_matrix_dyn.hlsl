// PROFILE: cs_6_0
// Matrices written and read through dynamic row indices: rows stored into
// matrices that start uninitialized, copied row by row between them, then
// every element written out; an atan2 and a pow with an integer exponent
// on the elements (clang: llvm.atan2; instcombine makes pow(x, float(n))
// llvm.powi).
#include "prelude.h"
typedef matrix<int, 2, 3> int2x3;
typedef matrix<float, 3, 2> float3x2;
RWStructuredBuffer<int> In : register(u0);
RWStructuredBuffer<int> Index : register(u1);
RWStructuredBuffer<float> Out : register(u2);
[numthreads(1, 1, 1)] void main() {
  int3 a = int3(In[0], In[1], In[2]);
  int3 b = int3(In[3], In[4], In[5]);
  int2x3 m;
  m[Index[0]] = a;
  m[Index[1]] = b;
  int2x3 m2;
  m2[Index[1]] = m[Index[0]];
  m2[Index[0]] = m[Index[1]];
  float3x2 f;
  f[Index[2]] = float2(In[6], In[7]);
  int e = Index[3];
  for (uint i = 0; i < 6; i++) {
    uint row = i / 3, col = i % 3;
    float y = (float)m[row][col], x = (float)m2[row][col];
    Out[i] = atan2(y, x) + pow(abs(x) + 1.0, (float)e) + f[i % 3][i / 3];
  }
}
