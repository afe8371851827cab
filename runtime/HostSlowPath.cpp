// The slow path of host element access (include/ampcc/runtime.h, host_slow_path): the C entry that calls
// storage::host and keeps its exception for the caller, and, for GCC on x86-64, the thunk that reaches it keeping
// every register but rax: the general registers the System V convention lets a callee change, and the vector and
// x87 state, saved with XSAVE (FXSAVE on a processor without it) as glibc's lazy binding trampoline saves them.
#include "ampcc/runtime.h"

#include <exception>
#include <utility>

namespace ampcc::rt {
namespace {
thread_local std::exception_ptr HostAccessFailure;
} // namespace

void rethrow_host_access_failure() {
  std::exception_ptr E = std::exchange(HostAccessFailure, nullptr);
  std::rethrow_exception(E);
}
} // namespace ampcc::rt

// Null when storage::host threw: the exception waits in HostAccessFailure for rethrow_host_access_failure.
extern "C" __attribute__((visibility("hidden"))) void *ampcc_rt_host_slow(ampcc::rt::storage *S, int Mode,
                                                                          ampcc::rt::host_cache *Cache,
                                                                          std::size_t Offset) noexcept {
  try {
    return S->host(static_cast<ampcc::rt::access>(Mode), *Cache, Offset);
  } catch (...) {
    ampcc::rt::HostAccessFailure = std::current_exception();
    return nullptr;
  }
}

#ifdef AMPCC_HOST_SLOW_THUNK
// 0: not known yet, 1: FXSAVE, 2: XSAVE (the operating system enabled it: CPUID.1:ECX.OSXSAVE).
extern "C" {
__attribute__((visibility("hidden"))) unsigned char ampcc_rt_xsave_mode = 0;
}

// ampcc_rt_host_slow_thunk: rdi, esi, rdx, rcx as ampcc_rt_host_slow's arguments; returns its result in rax and
// leaves every other register as it was (flags aside). Its caller (host_slow_path) calls it 128 bytes below its own
// stack pointer, past the red zone: the frame description says so (the caller's stack pointer is 136 bytes above
// the thunk's at entry, the return address at its top), so that debuggers and profilers walk through it. The save
// area: 3072 bytes, 64-byte aligned, more than the 2688 of XSAVE's standard form for the components asked for
// (x87, SSE, AVX, AVX-512: mask 0xe7); its header (bytes 512-575) is zeroed first, as XRSTOR requires.
asm(R"(
  .text
  .p2align 4
  .globl ampcc_rt_host_slow_thunk
  .hidden ampcc_rt_host_slow_thunk
  .type ampcc_rt_host_slow_thunk, @function
ampcc_rt_host_slow_thunk:
  .cfi_startproc
  .cfi_def_cfa_offset 136
  .cfi_offset %rip, -136
  pushq %rbp
  .cfi_def_cfa_offset 144
  .cfi_offset %rbp, -144
  movq %rsp, %rbp
  .cfi_def_cfa_register %rbp
  pushq %rcx
  pushq %rdx
  pushq %rsi
  pushq %rdi
  pushq %r8
  pushq %r9
  pushq %r10
  pushq %r11
  subq $3072, %rsp
  andq $-64, %rsp
  movzbl ampcc_rt_xsave_mode(%rip), %eax
  testl %eax, %eax
  jnz 1f
  pushq %rbx
  movl $1, %eax
  cpuid
  popq %rbx
  movl $1, %eax
  btl $27, %ecx
  adcl $0, %eax
  movb %al, ampcc_rt_xsave_mode(%rip)
1:
  cmpl $2, %eax
  jne 2f
  xorl %eax, %eax
  movq %rax, 512(%rsp)
  movq %rax, 520(%rsp)
  movq %rax, 528(%rsp)
  movq %rax, 536(%rsp)
  movq %rax, 544(%rsp)
  movq %rax, 552(%rsp)
  movq %rax, 560(%rsp)
  movq %rax, 568(%rsp)
  movl $0xe7, %eax
  xorl %edx, %edx
  xsave64 (%rsp)
  jmp 3f
2:
  fxsave64 (%rsp)
3:
  movq -8(%rbp), %rcx
  movq -16(%rbp), %rdx
  movq -24(%rbp), %rsi
  movq -32(%rbp), %rdi
  call ampcc_rt_host_slow@PLT
  movq %rax, %r8
  cmpb $2, ampcc_rt_xsave_mode(%rip)
  jne 4f
  movl $0xe7, %eax
  xorl %edx, %edx
  xrstor64 (%rsp)
  jmp 5f
4:
  fxrstor64 (%rsp)
5:
  movq %r8, %rax
  leaq -64(%rbp), %rsp
  popq %r11
  popq %r10
  popq %r9
  popq %r8
  popq %rdi
  popq %rsi
  popq %rdx
  popq %rcx
  popq %rbp
  .cfi_def_cfa %rsp, 136
  ret
  .cfi_endproc
  .size ampcc_rt_host_slow_thunk, .-ampcc_rt_host_slow_thunk
)");
#endif
