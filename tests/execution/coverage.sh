#!/usr/bin/env bash
# Counts, per kernel and form, the generic-address-space constructs that the
# SPIR IR really contains (grep over build/<k>/spir.<form>.ll, which run.sh
# produces), as markdown tables. Used to write README.md.
#
#   coverage.sh [--build-dir DIR] [kernel...]
#
# Only the code that runs is counted: the kernel function and the helper
# functions. clang's unused `__clang_ocl_kern_imp_<k>` copy of the kernel body
# (alwaysinline, never called) is skipped, and so are declarations.
#
# Columns (number of IR instructions / definitions):
#   cast   addrspacecast to ptr addrspace(4) (instructions and constant exprs)
#   ld/st  load or store whose pointer operand is ptr addrspace(4)
#   rmw    atomicrmw on ptr addrspace(4);  cx: cmpxchg on ptr addrspace(4)
#   mcpy   llvm.memcpy/memmove with an addrspace(4) operand (pN.p4 / p4.pN)
#   to_g / to_l / to_p   calls of __to_global / __to_local / __to_private
#   phi/sel  phi or select producing ptr addrspace(4)
#   st-ptr   store of a generic pointer value into memory
#   gfn      defined helper functions with a ptr addrspace(4) parameter or result
#   call     calls (not inlined) passing a ptr addrspace(4) argument to a defined helper
#   lib    calls of atomic library functions (builtins.cl / driver_library.c)
#   bi     calls of the other builtins taking a generic pointer (fract, modf,
#          sincos, frexp, lgamma_r, remquo, vloadn/vstoren, vload_half/
#          vstore_half[n], get_fence, wait_group_events): callee mangled with PU3AS4
#   null   addrspace(4) null pointers used (constant null / casts of null)
#   pvar   program-scope variables whose type holds a generic pointer (module
#          level, any space: `int *gp = &x;`, structs/arrays of them)
#   enq    device-side enqueues (calls of __enqueue_kernel_basic[_events])
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="$HERE/build"
if [ "${1:-}" = --build-dir ]; then BUILD="$2"; shift 2; fi
KERNELS=("$@")
if [ ${#KERNELS[@]} -eq 0 ]; then
    for f in "$HERE"/kernels/*.cl; do k="$(basename "$f")"; KERNELS+=("${k%.cl}"); done
fi

count() { # file -> one markdown row of counts
    awk '
    /^define / { inf = ($0 !~ /@__clang_ocl_kern_imp_/) ; 
                 if (inf && $0 !~ /spir_kernel/ && ($0 ~ /\(.*ptr addrspace\(4\)/ || $0 ~ /^define [^@]*ptr addrspace\(4\) @/)) gfn++ }
    /^}/ { inf = 0 }
    /^@[^ ]+ = / && $0 ~ /(global|constant) / && $0 ~ /^@[^ ]+ = [^,]*(global|constant) [^,]*ptr addrspace\(4\)/ { pvar++ }
    !inf { next }
    {
        line = $0
        n = gsub(/to ptr addrspace\(4\)/, "&", line); cast += n
        if ($0 ~ /^[ \t]+(%[^ ]+ = )?load .*, ptr addrspace\(4\) [%@]/) ldst++
        if ($0 ~ /^[ \t]+store .*, ptr addrspace\(4\) [%@][^,]*(,|$)/ && $0 !~ /^[ \t]+store .*, ptr addrspace\(4\) [%@][^,]*, ptr/) ldst++
        if ($0 ~ /^[ \t]+store ptr addrspace\(4\) /) stptr++
        if ($0 ~ /= atomicrmw (volatile )?[a-z]+ ptr addrspace\(4\)/) rmw++
        if ($0 ~ /= cmpxchg (weak )?(volatile )?ptr addrspace\(4\)/) cx++
        if ($0 ~ /call void @llvm\.mem(cpy|move)(\.inline)?\.(p4\.|p[0-9]+\.p4\.)/) mcpy++
        if ($0 ~ /call .*@__to_global\(/) tog++
        if ($0 ~ /call .*@__to_local\(/) tol++
        if ($0 ~ /call .*@__to_private\(/) top++
        if ($0 ~ /= (phi|select) .*ptr addrspace\(4\)/) phi++
        if ($0 ~ /call [^@]*@(_Z[0-9]+atomic_|_Z[0-9]+atomic)/) lib++
        else if ($0 ~ /call [^@]*@_Z[0-9]+[a-z_0-9]+[^ (]*PU3AS4/) bi++
        if ($0 ~ /call [^@]*@[-a-zA-Z$._0-9]+\(.*ptr addrspace\(4\)/ && $0 !~ /@(__to_|__enqueue_kernel|llvm\.|_Z)/) call++
        if ($0 ~ /call [^@]*@__enqueue_kernel_basic(_events)?\(/) enq++
        line = $0
        n = gsub(/ptr addrspace\(4\) null|addrspacecast \(ptr( addrspace\([0-9]\))? null to ptr addrspace\(4\)\)/, "&", line); nul += n
    }
    END {
        printf "| %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n",
            cast, ldst, rmw, cx, mcpy, tog, tol, top, phi, stptr, gfn, call, lib, bi, nul, pvar, enq
    }' "$1"
}

for form in unoptimized inlined; do
    echo
    echo "#### $form form (\`spir.$form.ll\`)"
    echo
    echo "| kernel | cast | ld/st | rmw | cx | mcpy | to_g | to_l | to_p | phi/sel | st-ptr | gfn | call | lib | bi | null | pvar | enq |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for k in "${KERNELS[@]}"; do
        f="$BUILD/$k/spir.$form.ll"
        if [ -f "$f" ]; then echo "| $k $(count "$f")"; else echo "| $k | (not built: run run.sh first) |"; fi
    done
done
