// The gas dialect, defined in IRDL and loaded at run time (see lib.rs).
//
// IRDL checks structure only: operand and result counts, that pointers are
// `!llvm.ptr` and that required attributes exist with the right kind. Address
// spaces, access kinds and copy shapes depend on the target's address-space map
// and are checked in Rust (verify.rs). One constraint value binds one type, so
// operands that may differ in type each get their own constraint.
irdl.dialect @gas {
  // The event of a work-group async copy (SPIR-V OpTypeEvent).
  irdl.type @event {
    irdl.parameters()
  }

  // named pointer -> generic pointer, setting the tag of the named space.
  irdl.operation @tag {
    %named = irdl.base "!llvm.ptr"
    %generic = irdl.base "!llvm.ptr"
    irdl.operands(pointer: %named)
    irdl.results(result: %generic)
  }

  // generic pointer -> named pointer, clearing the tag. Undefined if the
  // pointer points to another space.
  irdl.operation @untag {
    %generic = irdl.base "!llvm.ptr"
    %named = irdl.base "!llvm.ptr"
    irdl.operands(pointer: %generic)
    irdl.results(result: %named)
  }

  // to_global / to_local / to_private: the pointer if its tag matches the
  // result's space, else null.
  irdl.operation @to_named {
    %generic = irdl.base "!llvm.ptr"
    %named = irdl.base "!llvm.ptr"
    irdl.operands(pointer: %generic)
    irdl.results(result: %named)
  }

  // One memory access through generic pointers, resolved at run time. The
  // access is data: `access` is the LLVM op's name, `access_attrs` its
  // attribute dictionary verbatim, the operands are the access's operands in
  // its own order, and `spaces` holds one array<i32> of candidate spaces per
  // generic address operand, in operand order. Each operand slot is optional
  // and has its own constraint because the access's operands differ in type.
  irdl.operation @dispatch {
    %operand0 = irdl.any
    %operand1 = irdl.any
    %operand2 = irdl.any
    %operand3 = irdl.any
    %result = irdl.any
    %access = irdl.base "#builtin.string"
    %access_attrs = irdl.base "#builtin.dictionary"
    %spaces = irdl.base "#builtin.array"
    irdl.operands(operand0: optional %operand0, operand1: optional %operand1,
                  operand2: optional %operand2, operand3: optional %operand3)
    irdl.results(result: optional %result)
    irdl.attributes {"access" = %access, "access_attrs" = %access_attrs, "spaces" = %spaces}
  }

  // Codeplay GroupAsyncCopy2D2D; offsets and lengths are in elements.
  irdl.operation @async_copy_2d {
    %dst = irdl.base "!llvm.ptr"
    %src = irdl.base "!llvm.ptr"
    %size = irdl.base "!builtin.integer"
    %event = irdl.base @gas::@event
    irdl.operands(dst: %dst, dst_offset: %size, src: %src, src_offset: %size,
                  bytes_per_element: %size, elements_per_line: %size, num_lines: %size,
                  src_line_length: %size, dst_line_length: %size, event: %event)
    irdl.results(result: %event)
  }

  // Codeplay GroupAsyncCopy3D3D; plane areas are in elements too.
  irdl.operation @async_copy_3d {
    %dst = irdl.base "!llvm.ptr"
    %src = irdl.base "!llvm.ptr"
    %size = irdl.base "!builtin.integer"
    %event = irdl.base @gas::@event
    irdl.operands(dst: %dst, dst_offset: %size, src: %src, src_offset: %size,
                  bytes_per_element: %size, elements_per_line: %size, num_lines: %size,
                  num_planes: %size, src_line_length: %size, src_plane_area: %size,
                  dst_line_length: %size, dst_plane_area: %size, event: %event)
    irdl.results(result: %event)
  }

  // OpGroupWaitEvents: waits for the copies behind the events.
  irdl.operation @wait_events {
    %event = irdl.base @gas::@event
    irdl.operands(events: variadic %event)
    irdl.results()
  }

  // OpConstantNull of the event type.
  irdl.operation @null_event {
    %event = irdl.base @gas::@event
    irdl.operands()
    irdl.results(result: %event)
  }
}
