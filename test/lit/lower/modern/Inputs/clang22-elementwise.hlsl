// PROFILE: lib_6_3
// Elementwise builtins on vectors, as clang 22 emits them for HLSL.
export vector<float,4> f_sqrt(vector<float,4> v) { return __builtin_elementwise_sqrt(v); }
export vector<float,3> f_cos(vector<float,3> v) { return __builtin_elementwise_cos(v); }
export vector<half,2> f_frac(vector<half,2> v) { return __builtin_hlsl_elementwise_frac(v); }
export vector<unsigned int,2> f_popcount(vector<unsigned int,2> v) { return __builtin_elementwise_popcount(v); }
export vector<float,4> f_max(vector<float,4> a, vector<float,4> b) { return __builtin_elementwise_max(a, b); }
export vector<int,3> f_mad(vector<int,3> a, vector<int,3> b, vector<int,3> c) { return __builtin_hlsl_mad(a, b, c); }
export float f_sqrt1(float v) { return __builtin_elementwise_sqrt(v); }
