// The rules of Cilk Plus thread groups, SLM and serial code, each reported where it is broken.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <gfx/gfx_rt.h>

struct WithCtor {
  WithCtor() : v(1) {}
  int v;
};
struct Pod {
  int a;
  __thread_group_local int b;  // expected-error {{__thread_group_local cannot be applied to one field of a struct; declare the whole variable __thread_group_local}}
};

__thread_group_local int global_slm;  // expected-error {{__thread_group_local variable 'global_slm' must be declared directly in a '_Cilk_for _Thread_group' nest of a gfx_kernel function}}
static int counter;

__declspec(target(gfx)) int helper(int *p) {
  _Cilk_for (int i = 0; i < 4; i++)  // expected-error {{a second-level '_Cilk_for' nest must be written directly in the first-level nest of a gfx_kernel function, not in a function it calls}}
    p[i] = 0;
  return 0;
}

__declspec(target(gfx_kernel)) void serial_rules(int *data, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++) {
    __thread_group_local int slm[16];
    __thread_group_local WithCtor obj;  // expected-error {{__thread_group_local variable 'obj' is an object of class 'WithCtor', which has a constructor; only scalars, arrays and POD structs can live in shared local memory}}
    data[g] = 1;                         // expected-error {{serial code in a thread-group nest cannot write memory through a pointer; write it in a second-level '_Cilk_for' nest}}
    int x = helper(data);                // expected-error {{serial code in a thread-group nest cannot call functions ('helper'); call it in a second-level '_Cilk_for' nest}}
    int y = counter;                     // expected-error {{serial code in a thread-group nest can use only local variables and parameters, not the global variable 'counter'}}
    int z = slm[0];                      // expected-error {{serial code in a thread-group nest cannot access the __thread_group_local variable 'slm'; use it in a second-level '_Cilk_for' nest}}
    for (int k = 0; k < 2; k++) {
      __thread_group_local int inner;    // expected-error {{__thread_group_local variable 'inner' must be declared directly in the '_Cilk_for _Thread_group' nest}}
    }
    _Cilk_for (int i = 0; i < 16; i++) {
      slm[i] = x + y + z;
      _gfx_gpgpu_thread_barrier();       // expected-error {{_gfx_gpgpu_thread_barrier() is reached by only some threads of the group: call it in the first-level nest, outside second-level '_Cilk_for' nests}}
    }
  }
}

__declspec(target(gfx_kernel)) void no_second_level(int *data) {
  _Cilk_for _Thread_group (int g = 0; g < 4; g++) {  // expected-error {{a '_Cilk_for _Thread_group' nest needs at least one second-level '_Cilk_for' nest directly inside it}}
    int v = g;
  }
}

__declspec(target(gfx_kernel)) void imperfect(int *data) {
  _Cilk_for _Thread_group (int g = 0; g < 4; g++) {
    int v = g;
    _Cilk_for _Thread_group (int h = 0; h < 4; h++) {  // expected-error {{imperfect '_Cilk_for _Thread_group' nest: the loop must be the only statement of the enclosing first-level loop}}
      _Cilk_for (int i = 0; i < 4; i++)
        data[i] = v;
    }
  }
}

__declspec(target(gfx_kernel)) void imperfect_second(int *data) {
  _Cilk_for _Thread_group (int g = 0; g < 4; g++) {
    _Cilk_for (int i = 0; i < 4; i++) {
      int t = i;
      _Cilk_for (int j = 0; j < 4; j++)  // expected-error {{imperfect second-level nest: a '_Cilk_for' inside a second-level nest must be perfectly nested in it}}
        data[j] = t;
    }
  }
}

__declspec(target(gfx_kernel)) void too_much_slm(float *data) {
  _Cilk_for _Thread_group (int g = 0; g < 4; g++) {  // expected-error {{the thread group uses 131072 bytes of __thread_group_local memory, more than the 65536 bytes of shared local memory a thread group has}}
    __thread_group_local float big[32768];
    _Cilk_for (int i = 0; i < 4; i++)
      data[i] = big[i];
  }
}

__declspec(target(gfx_kernel)) void too_deep(int *data) {
  _Cilk_for _Thread_group (int a = 0; a < 2; a++)
    _Cilk_for _Thread_group (int b = 0; b < 2; b++)
      _Cilk_for _Thread_group (int c = 0; c < 2; c++)
        _Cilk_for _Thread_group (int d = 0; d < 2; d++)  // expected-error {{a '_Cilk_for _Thread_group' nest can have at most 3 loops (the thread groups form a grid of up to 3 dimensions); this is loop 4}}
          _Cilk_for (int i = 0; i < 4; i++)
            data[i] = a + b + c + d;
}

__declspec(target(gfx_kernel)) void triangular_groups(int *data, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++)
    _Cilk_for _Thread_group (int h = g; h < n; h++)  // expected-error {{non-rectangular '_Cilk_for _Thread_group' nest: the bounds of a loop cannot use 'g', the variable of an enclosing loop of the same nest}}
      _Cilk_for (int i = 0; i < 4; i++)
        data[i] = g + h;
}

__declspec(target(gfx_kernel)) void triangular_threads(int *data, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++)
    _Cilk_for (int i = 0; i < 8; i++)
      _Cilk_for (int j = 0; j < i; j++)  // expected-error {{non-rectangular second-level '_Cilk_for' nest: the bounds of a loop cannot use 'i', the variable of an enclosing loop of the same nest}}
        data[i * 8 + j] = g;
}
