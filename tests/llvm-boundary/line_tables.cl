// A helper taking a generic pointer, called with global and local memory
// (gas clones it per space), in a module with line tables: the clones keep
// line tables of their own through the LLVM boundary.
__attribute__((noinline)) float f(float *p) { float i; return fract(*p, &i) + i; }
kernel void k(global float *a, local float *l) {
  l[get_local_id(0)] = a[0];
  a[get_global_id(0)] = f(a) + f(l) + f(a + 1);
}
