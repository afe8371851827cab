// Tests that every copy, assignment, conversion, section and projection of an array_view shares its storage, and
// that a view read out of a kernel object's closure must be a live one.
#include "TestKernels.h"

#include <amp.h>

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <vector>

using namespace concurrency;

namespace {

// Allocates and fills blocks of the size the first view's data had, so that a copy still reading the
// freed block reads these values even without AddressSanitizer.
void reuseFreedMemory(std::size_t Bytes) {
  std::vector<std::vector<char>> Blocks;
  for (int I = 0; I < 8; ++I)
    Blocks.emplace_back(Bytes, '\x55');
}

void addOneOnTheDevice(const array_view<int, 1> &V) {
  int Extent = V.extent[0];
  ampcc::rt::kernel_arg Arg = ampcc_test::buffer(V.storage(), ampcc::rt::access::read_write, V.shape());
  ampcc::rt::launch(ampcc_test::kernel("add_one", 1), ampcc::rt::default_launch_queue(), &Extent, &Arg, 1);
}

} // namespace

TEST(ArrayView, CopyOfAViewWithoutDataSourceOutlivesIt) {
  std::optional<array_view<int, 1>> A;
  A.emplace(extent<1>(1000));
  for (int I = 0; I < 1000; ++I)
    (*A)[I] = I;
  array_view<int, 1> B = *A;
  A.reset();
  reuseFreedMemory(1000 * sizeof(int));
  EXPECT_EQ(B[0], 0);
  EXPECT_EQ(B[999], 999);
  B[5] = -5;
  addOneOnTheDevice(B);
  EXPECT_EQ(B[5], -4);
  EXPECT_EQ(B[999], 1000);
}

TEST(ArrayView, AssignedViewOutlivesTheOriginal) {
  array_view<int, 1> B(extent<1>(10));
  {
    array_view<int, 1> A(extent<1>(1000));
    for (int I = 0; I < 1000; ++I)
      A[I] = 2 * I;
    B = A;
  }
  reuseFreedMemory(1000 * sizeof(int));
  EXPECT_EQ(B.extent[0], 1000);
  EXPECT_EQ(B[999], 1998);
  addOneOnTheDevice(B);
  EXPECT_EQ(B[999], 1999);
}

TEST(ArrayView, ConstSectionAndProjectionOutliveTheOriginal) {
  std::optional<array_view<int, 2>> A;
  A.emplace(extent<2>(10, 100));
  for (int I = 0; I < 10; ++I)
    for (int J = 0; J < 100; ++J)
      (*A)(I, J) = I * 100 + J;
  array_view<const int, 2> C = *A;
  array_view<int, 2> S = A->section(index<2>(2, 10), extent<2>(3, 5));
  array_view<int, 1> Row = (*A)[7];
  A.reset();
  reuseFreedMemory(1000 * sizeof(int));
  EXPECT_EQ(C(9, 99), 999);
  EXPECT_EQ(S(0, 0), 210);
  EXPECT_EQ(S(2, 4), 414);
  EXPECT_EQ(Row[3], 703);
  addOneOnTheDevice(Row);
  EXPECT_EQ(C(7, 99), 800);
  EXPECT_EQ(C(6, 99), 699);
}

TEST(ArrayView, CopiesSeeEachOthersWrites) {
  array_view<int, 1> A(extent<1>(4));
  array_view<int, 1> B = A;
  array_view<const int, 1> C = B;
  A[1] = 11;
  EXPECT_EQ(B[1], 11);
  addOneOnTheDevice(B);
  EXPECT_EQ(C[1], 12);
  EXPECT_EQ(A[0], 1) << "a view without a data source starts zeroed";
  EXPECT_EQ(&A.storage(), &C.storage());
}

// A view that a kernel object's closure holds is read at the translator's offset; bytes there that are no live
// view (the host compiler laid the closure out otherwise) are refused before anything is launched.
TEST(ArrayView, ViewsReadOutOfClosuresMustBeLive) {
  using View = array_view<int, 1>;
  std::vector<int> Data(4, 1);
  alignas(View) unsigned char Bytes[sizeof(View)];
  {
    View V(4, Data);
    ampcc::rt::kernel_arg Arg = ampcc::detail::capture_buffer_in_closure<View>(&V, ampcc::rt::access::read);
    EXPECT_EQ(Arg.st, &V.storage());
    EXPECT_TRUE(ampcc::rt::storage_is_live(&V.storage()));
    std::memcpy(Bytes, static_cast<const void *>(&V), sizeof(View));
  }
  // The view's bytes outlived its storage.
  EXPECT_THROW(ampcc::detail::capture_buffer_in_closure<View>(Bytes, ampcc::rt::access::read),
               concurrency::runtime_exception);
  // Bytes that were never a view.
  std::memset(Bytes, 0, sizeof Bytes);
  EXPECT_THROW(ampcc::detail::capture_buffer_in_closure<View>(Bytes, ampcc::rt::access::read),
               concurrency::runtime_exception);
}
