// PROFILE: cs_6_6
// Constant buffers and dot() for test/lit/lower/modern/clang22-cbuffer.test.
typedef vector<float, 4> f4;
typedef vector<float, 3> f3;
typedef vector<float, 2> f2;
struct Light { f4 Color; float Range; };

cbuffer Frame : register(b3, space1) {
  f4 Tint;          // row 0
  f3 Normal;        // row 1, elements 0-2
  float Gain;       // row 1, element 3
  float Weights[3]; // rows 2-4, element 0 of each
  double Exposure;  // bytes 72-79: row 4, element 1 of its two doubles
  f2 Uv;            // row 5, elements 0-1
  Light Lamp;       // Color row 6, Range row 7 element 0; 116 bytes in all
};

cbuffer Extra : register(b0) {
  unsigned int Count; // 4 bytes
};

RWBuffer<f4> Out : register(u0);

[numthreads(8, 1, 1)] void main(unsigned int i : SV_GroupIndex) {
  float w = Weights[i % 3] + Weights[2];
  float d3 = __builtin_hlsl_dot(Normal, Normal);
  float d2 = __builtin_hlsl_dot(Uv, Uv);
  float d4 = __builtin_hlsl_dot(Tint, Lamp.Color);
  Out[i] = Tint * Gain + f4(Normal, w) * (float)Exposure + Lamp.Color * Lamp.Range +
           f4(d2, d3, d4, (float)Count);
}
