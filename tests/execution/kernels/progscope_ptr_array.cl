// A program-scope array of generic pointers to different program-scope
// __global variables (a scalar, array elements, a 2D array row), selected by a
// run-time index; a program-scope generic pointer to an element of that array
// (a pointer to a generic pointer); and a second table whose targets are
// written (each work-item its own column).

global int a = 11;
global int b[4] = {20, 21, 22, 23};
global int c[3][4] = {{30, 31, 32, 33}, {34, 35, 36, 37}, {38, 39, 40, 41}};
global int slots[4][32];

int *sel[4] = {&a, &b[1], c[2], &c[0][3]};
int **psel = &sel[1];                            // generic pointer to a generic pointer
int *wsel[4] = {slots[0], slots[1], slots[2], slots[3]};

int deref(int *p) { return *p; }
__attribute__((noinline)) int *pick(int **tab, int k) { return tab[k]; }
__attribute__((noinline)) void store(int *p, int v) { *p = v; }

kernel void progscope_ptr_array(global const int *in, global int *out) {
  size_t gid = get_global_id(0);                 // 0..31
  int k = in[gid] % 4;
  int *o = out + 6 * gid;
  int *p = sel[k];
  o[0] = deref(p) * 10 + k;
  o[1] = deref(pick(sel, (k + 1) % 4)) + deref(psel[k % 3]) + psel[-1][0];
  int **pp = psel + (k % 2);                     // &sel[1] or &sel[2]
  o[2] = (*pp)[0] + (k % 2 ? (*pp)[1] : 0);      // c[2][0..1] or b[1]
  store(wsel[k] + gid, o[0] + o[1]);             // slots[k][gid]
  store(pick(wsel, (k + 2) % 4) + gid, -o[2]);   // slots[(k+2)%4][gid]
  o[3] = slots[k][gid] + slots[(k + 2) % 4][gid];
  o[4] = (to_global(p) != 0) + 2 * (to_global(*pp) != 0) + 4 * (to_local(wsel[k]) != 0) +
         8 * (to_private(psel[0]) != 0);
  o[5] = (int)(sel[1] - b) * 100 + (int)(sel[3] - c[0]) * 10 + (int)(psel - sel);
}
