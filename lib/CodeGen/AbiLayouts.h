// The OpenCL C side of the kernel ABI's layouts (include/ampcc/kernel_abi.def): the typedefs of the structs kernels
// take by value, printed from the rows the host's structs are made from.
#ifndef AMPCC_CODEGEN_ABILAYOUTS_H
#define AMPCC_CODEGEN_ABILAYOUTS_H

#include <string>

namespace ampcc {

enum class AbiLayout { Domain, Shape, GfxGrid };

// "typedef struct { int off; int ext[3]; int str[3]; } ampcc_shape;": the layout L named TypeName, with Dims
// elements in each per-dimension field.
std::string openclLayout(AbiLayout L, const std::string &Dims, const std::string &TypeName);

} // namespace ampcc

#endif
