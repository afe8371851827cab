// The overview seed's math sample, in both published versions: fast_math::log10 of the view itself
// (French) and of the captured host array indexed by an index<1> (Japanese).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <iostream>
using namespace concurrency;

void MathExample() {

    double numbers[] = { 1.0, 10.0, 60.0, 100.0, 600.0, 1000.0 };
    array_view<double, 1> logs(6, numbers);

    parallel_for_each(
        logs.extent,
         [=] (index<1> idx) restrict(amp) {
            logs[idx] = concurrency::fast_math::log10(logs[idx]);
        }
    );

    for (int i = 0; i < 6; i++) {
        std::cout << logs[i] << "\n";
    }
}

void MathExampleJa() {
double numbers[] = { 1.0, 10.0, 60.0, 100.0, 600.0, 1000.0 };
array_view<double, 1> logs(6, numbers);
parallel_for_each(
logs.extent,
[=] (index<1> idx) restrict(amp) {
logs[idx] = concurrency::fast_math::log10(numbers[idx]);
}
);
for (int i = 0; i < 6; i++) {
std::cout << logs[i] << "\n";
}
}

int main() {
    MathExample();
    MathExampleJa();
}

// CHECK: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 1.77815
// CHECK-NEXT: 2
// CHECK-NEXT: 2.77815
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 1.77815
// CHECK-NEXT: 2
// CHECK-NEXT: 2.77815
// CHECK-NEXT: 3
