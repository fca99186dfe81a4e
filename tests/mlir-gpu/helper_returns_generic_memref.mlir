// Checks: helpers that return generic memrefs. @as_generic does the
// workgroup -> generic cast itself and returns the result; @lower_or_upper
// returns one of its two generic operands (arith.select on memrefs) chosen by
// the thread id. Both operands are workgroup tiles, so a resolver should prove
// the returned memref shared (through the return values) and resolve the
// kernel's accesses through it.
// launch: returned grid=(1,1,1) block=(256,1,1) args: in:f32[256]:in out:f32[256]:out
// expect: out = 3*np.where(i < 128, in_[255 - i], in_[255 - i] + 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @as_generic(%w: memref<256xf32, #gpu.address_space<workgroup>>) -> memref<256xf32> {
      %g = memref.memory_space_cast %w : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      return %g : memref<256xf32>
    }
    func.func @lower_or_upper(%lo: memref<256xf32>, %hi: memref<256xf32>, %i: index) -> memref<256xf32> {
      %c128 = arith.constant 128 : index
      %low = arith.cmpi ult, %i, %c128 : index
      %r = arith.select %low, %lo, %hi : memref<256xf32>
      return %r : memref<256xf32>
    }
    // a = in, b = in + 1; t = a for i < 128, b otherwise; x = t[255 - i];
    // t[i] = 2 x; out[i] = x + t[i] = 3 x  (x = in[255-i] for i < 128, in[255-i] + 1 otherwise)
    gpu.func @returned(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                  %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c255 = arith.constant 255 : index
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f32
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      %v1 = arith.addf %v, %one : f32
      memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v1, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ga = func.call @as_generic(%a) : (memref<256xf32, #gpu.address_space<workgroup>>) -> memref<256xf32>
      %gb = func.call @as_generic(%b) : (memref<256xf32, #gpu.address_space<workgroup>>) -> memref<256xf32>
      %t = func.call @lower_or_upper(%ga, %gb, %tid) : (memref<256xf32>, memref<256xf32>, index) -> memref<256xf32>
      // Slot 255-i of a (i < 128) or b (i >= 128) is never written below: no race.
      %j = arith.subi %c255, %tid : index
      %x = memref.load %t[%j] : memref<256xf32>
      %x2 = arith.mulf %x, %two : f32
      memref.store %x2, %t[%tid] : memref<256xf32>
      %y = memref.load %t[%tid] : memref<256xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
