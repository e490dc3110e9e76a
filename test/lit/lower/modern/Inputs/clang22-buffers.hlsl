// PROFILE: cs_6_6
// clang22-buffers.test: buffer access as clang 22 writes it, through
// llvm.dx.resource.getpointer and plain loads and stores (no hlsl.h).
typedef vector<float, 4> f4;
typedef vector<float, 3> f3;
typedef vector<int, 2> i2;
typedef unsigned int u32;
typedef vector<unsigned int, 3> u3;
struct S { float a; f3 b; int c; i2 d; };
Buffer<f4> In : register(t0);
RWBuffer<f4> Out : register(u0);
RWBuffer<float> OutF : register(u1);
StructuredBuffer<S> SIn : register(t1);
RWStructuredBuffer<S> SOut : register(u2);
[numthreads(64, 1, 1)] void main(u32 i : SV_GroupIndex, u3 tid : SV_DispatchThreadID) {
  float y = In[tid.x].y;            // one lane of a typed element
  float d = In[i][tid.z];           // a dynamic lane
  Out[tid.x].z = y + d;             // one lane written: read, replace, write
  f4 c = tid.x > 3 ? In[i] : In[tid.y]; // a phi of two pointers
  OutF[i] = c.w;
  S s = SIn[i];                     // the fields used, at their offsets
  SOut[tid.y].b = s.b * s.a;        // a vector field at byte 4
  SOut[tid.y].d.y = s.c;            // one lane of a field: byte 28
  Out[i] = c;                       // a whole element
}
