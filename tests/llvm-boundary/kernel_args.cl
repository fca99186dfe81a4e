// A kernel whose argument metadata (kernel_arg_*) runtimes read through
// clGetKernelArgInfo, calling a helper gas clones per space.
__attribute__((noinline)) void scale(float *p, float f) { *p *= f; }
kernel void k(global float *restrict a, local float *l, const float f) {
  size_t i = get_global_id(0);
  l[get_local_id(0)] = a[i];
  scale(&l[get_local_id(0)], f);
  scale(&a[i], f);
  a[i] += l[get_local_id(0)];
}
