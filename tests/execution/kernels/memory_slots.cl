// Generic pointers kept in private memory and read back by noinline helpers:
// a private struct of a local and a global pointer passed by pointer; an
// Agent whose member points to a private Storage of pointers (two levels);
// a private array of local tile pointers indexed at run time; a cursor whose
// pointer member a noinline method advances in a loop (local reads, global
// writes); addresses handed back by noinline getters (a member's address,
// a forwarded pointer) then read and written. The local tiles hold 2x and
// 3x+1 the global values, so reading the wrong space gives a wrong result.

typedef struct {
  int *sh;   // local tile
  int *gl;   // global row
  int shift;
} pair_t;

typedef struct {
  int *a;    // local
  int *b;    // global
} storage_t;

typedef struct {
  storage_t *s;   // private Storage
  int off;
} agent_t;

typedef struct {
  int *p;
  int step;
} cursor_t;

__attribute__((noinline)) int pair_read(const pair_t *p, int t) {
  return p->sh[(t + p->shift) & 7] * 10 + p->gl[(t + 2 * p->shift) & 7];
}

__attribute__((noinline)) int agent_read(const agent_t *ag, int t) {
  return ag->s->a[(t + ag->off) & 7] * 3 - ag->s->b[(t + 1) & 7];
}

__attribute__((noinline)) int pick(int *const *tabs, int k, int t) {
  return tabs[k][t & 7] + tabs[1 - k][(t + 3) & 7] * 5;
}

__attribute__((noinline)) int cursor_next(cursor_t *c) {
  int v = *c->p;
  c->p += c->step;
  return v;
}

__attribute__((noinline)) void cursor_put(cursor_t *c, int v) {
  *c->p = v;
  c->p += c->step;
}

__attribute__((noinline)) int *get_b(storage_t *s) { return s->b; }

__attribute__((noinline)) int *off_ref(agent_t *ag) { return &ag->off; }

__attribute__((noinline)) int *forward(int *p) { return p; }

kernel void memory_slots(global int *in, global int *out, local int *ta, local int *tb) {
  int lid = (int)get_local_id(0), gid = (int)get_global_id(0);
  int base = gid - lid;
  ta[lid] = 2 * in[gid];
  tb[lid] = 3 * in[gid] + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  global int *o = out + 8 * gid;

  // 1. struct of pointers by pointer
  pair_t pr = {ta, in + base, 1 + (lid & 1)};
  o[0] = pair_read(&pr, lid);

  // 2. agent -> private storage -> local/global
  storage_t st = {tb, in + base};
  agent_t ag = {&st, 2};
  o[1] = agent_read(&ag, lid);

  // 3. private array of local tile pointers, index known at run time only
  int *tiles[2] = {ta, tb};
  o[2] = pick(tiles, in[gid] & 1, lid);

  // 4. cursors: read the local tile, write the global output
  cursor_t rc = {ta + (lid & 3), 1};
  int acc = 0;
  for (int k = 0; k < 4; k++)
    acc += cursor_next(&rc) * (k + 1);
  o[3] = acc;
  cursor_t wc = {o + 4, 1};
  cursor_put(&wc, acc - tb[lid]);          // o[4]

  // 6. addresses handed back by noinline getters
  int *pb = get_b(&st);                    // global
  int *po = off_ref(&ag);                  // private member
  *po += lid;
  int *pl = forward(tb + ((lid + 5) & 7)); // local
  cursor_put(&wc, pb[(lid + 3) & 7] + *pl * 7 + *po); // o[5]
  barrier(CLK_LOCAL_MEM_FENCE);
  *forward(ta + lid) += *forward(&ag.off);  // write local through returned address
  barrier(CLK_LOCAL_MEM_FENCE);
  cursor_put(&wc, ta[(lid + 1) & 7]);      // o[6]
  cursor_put(&wc, agent_read(&ag, lid));   // o[7]: ta unchanged for agent (reads tb), off changed
}
