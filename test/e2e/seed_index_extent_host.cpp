// The overview seed's index and extent samples (ranks 1 to 3), run on the host.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

void Rank1() {
    int aCPP[] = {1, 2, 3, 4, 5};
    array_view<int, 1> a(5, aCPP);
    index<1> idx(2);
    std::cout << a[idx] << "\n";
    // Output: 3
}

void Rank2() {
    int aCPP[] = {1, 2, 3, 4, 5, 6};
    array_view<int, 2> a(2, 3, aCPP);
    index<2> idx(1, 2);
    std::cout <<a[idx] << "\n";
    // Output: 6
}

void Rank3() {
    int aCPP[] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    array_view<int, 3> a(2, 3, 4, aCPP);
    // Specifies the element at 3, 1, 0.
    index<3> idx(0, 1, 3);
    std::cout << a[idx] << "\n";
    // Output: 8
}

void ExtentOfView() {
    int aCPP[] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    // There are 3 rows and 4 columns, and the depth is two.
    array_view<int, 3> a(2, 3, 4, aCPP);
    std::cout << "The number of columns is " << a.extent[2] << "\n";
    std::cout << "The number of rows is " << a.extent[1] << "\n";
    std::cout << "The depth is " << a.extent[0] << "\n";
    std::cout << "Length in most significant dimension is " << a.extent[0] << "\n";
}

void ExtentObject() {
    int aCPP[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
    extent<3> e(2, 3, 4);
    array_view<int, 3> a(e, aCPP);
    std::cout << "The number of columns is " << a.extent[2] << "\n";
    std::cout << "The number of rows is " << a.extent[1] << "\n";
    std::cout << "The depth is " << a.extent[0] << "\n";
}

int main() {
    Rank1();
    Rank2();
    Rank3();
    ExtentOfView();
    ExtentObject();
    // index and extent arithmetic on the host.
    index<2> i(1, 2), j(3, 4);
    index<2> k = i + j;
    extent<2> e(4, 6);
    std::cout << k[0] << "," << k[1] << " " << (i == index<2>(1, 2)) << (i != j) << " " << e.size() << " "
              << e.contains(index<2>(3, 5)) << e.contains(index<2>(4, 0)) << "\n";
}

// CHECK: 3
// CHECK-NEXT: 6
// CHECK-NEXT: 8
// CHECK-NEXT: The number of columns is 4
// CHECK-NEXT: The number of rows is 3
// CHECK-NEXT: The depth is 2
// CHECK-NEXT: Length in most significant dimension is 2
// CHECK-NEXT: The number of columns is 4
// CHECK-NEXT: The number of rows is 3
// CHECK-NEXT: The depth is 2
// CHECK-NEXT: 4,6 11 24 10
