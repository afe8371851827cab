// The clauses of `#pragma offload target(gfx)`: in (not copied back), out, inout, if (false: the host runs
// the nest), signal and wait with #pragma offload_wait; and a failed offload that falls back to the host
// and, with GFX_OFFLOAD_REPORT=1, says why on stderr (read back here through a file).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <cilk/cilk.h>
#include <gfx/gfx_rt.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

int main() {
  const int n = 256;
  static int src[n], dst[n], acc[n];
  for (int i = 0; i < n; i++)
    src[i] = i, acc[i] = 1;

#pragma offload target(gfx) in(src: length(n)) out(dst: length(n)) inout(acc: length(n)) in(n)
  cilk_for (int i = 0; i < n; i++) {
    dst[i] = src[i] * 2;
    acc[i] += src[i];
  }
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += dst[i] != 2 * i || acc[i] != i + 1 || src[i] != i;
  std::printf("in/out/inout: %d wrong, error %d\n", bad, (int)_GFX_get_last_error());

  int where[4] = {0, 0, 0, 0};
  bool on_device = false;
#pragma offload target(gfx) pin(where: length(4)) if(on_device)
  cilk_for (int i = 0; i < 4; i++) {
#ifdef __GFX__
    where[i] = 1;
#else
    where[i] = 2;
#endif
  }
  std::printf("if(false): ran on %s\n", where[0] == 2 ? "the host" : "the device");

  int done = 0;
#pragma offload target(gfx) pin(dst: length(n)) signal(&done)
  cilk_for (int i = 0; i < n; i++)
    dst[i] = -i;
#pragma offload_wait target(gfx) wait(&done)
  std::printf("signal/wait: dst[255] = %d, error %d\n", dst[255], (int)_GFX_get_last_error());
#pragma offload_wait target(gfx) wait(&done)
  std::printf("second wait: error %d\n", (int)_GFX_get_last_error());
  _GFX_clear_last_error();

  // More ranges than the runtime pins at once: the offload fails, the nest runs on the host, stderr says
  // why.
  static int b[17][4];
  int *p0 = b[0], *p1 = b[1], *p2 = b[2], *p3 = b[3], *p4 = b[4], *p5 = b[5], *p6 = b[6], *p7 = b[7], *p8 = b[8];
  int *p9 = b[9], *p10 = b[10], *p11 = b[11], *p12 = b[12], *p13 = b[13], *p14 = b[14], *p15 = b[15];
  int *p16 = b[16];
  setenv("GFX_OFFLOAD_REPORT", "1", 1);
  char log[] = "/tmp/ampcc_gfx_report_XXXXXX";
  int fd = mkstemp(log);
  std::fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
#pragma offload target(gfx) pin(p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16: length(4))
  cilk_for (int i = 0; i < 4; i++)
    p16[i] = 7;
  std::fflush(stderr);
  dup2(saved, 2);
  char text[4096] = {0};
  lseek(fd, 0, SEEK_SET);
  ssize_t got = read(fd, text, sizeof text - 1);
  close(fd);
  unlink(log);
  std::printf("fallback: b[16][3] = %d, error %d\n", b[16][3], (int)_GFX_get_last_error());
  std::printf("report: %s\n", got > 0 && std::strstr(text, "gfx_offload_clauses.cpp:63: offload ran on the host: ") &&
                                      std::strstr(text, "more than 16 pin(...) ranges")
                                  ? "names the pragma's line and the cause"
                                  : text);
  return 0;
}

// CHECK: in/out/inout: 0 wrong, error 0
// CHECK-NEXT: if(false): ran on the host
// CHECK-NEXT: signal/wait: dst[255] = -255, error 0
// CHECK-NEXT: second wait: error 5
// CHECK-NEXT: fallback: b[16][3] = 7, error 1
// CHECK-NEXT: report: names the pragma's line and the cause
