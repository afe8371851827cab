# Precompiles amp.h alone (the prelude) for ampcc's default flags, once for the translator and once per host
# compiler, into a folder that ampcc consults read-only when its own cache has no prelude (docs/design/preludes.md,
# "Shipped preludes"), so that even a machine's first compile starts from it.
#   cmake -DAMPCC=<ampcc> -DDIR=<folder> -DHOSTS="c++|clang++-19" -P make-preludes.cmake
# The folder is emptied first: its entries are keyed by the ampcc binary that made them, so a relinked or
# reinstalled ampcc needs new ones. A host compiler that is not installed is skipped.
if(NOT AMPCC OR NOT DIR)
  message(FATAL_ERROR "make-preludes.cmake: give -DAMPCC=<ampcc> -DDIR=<folder>")
endif()
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(probe "${DIR}.probe")
file(REMOVE_RECURSE "${probe}")
file(MAKE_DIRECTORY "${probe}")
# A source with a kernel: its translation starts with the runtime's prologue, as every C++ AMP source's does.
file(WRITE "${probe}/probe.cpp" [=[
#include <amp.h>
int main() {
  int v[1] = {0};
  concurrency::array_view<int, 1> a(1, v);
  concurrency::parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) { a[i] = 1; });
}
]=])
string(REPLACE "|" ";" hosts "${HOSTS}")
foreach(host IN LISTS hosts)
  find_program(found_${host} NAMES "${host}" NO_CACHE)
  if(NOT found_${host})
    message(STATUS "ampcc preludes: no ${host}, none made for it")
    continue()
  endif()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env AMPCC_PREAMBLE=prelude "AMPCC_PREAMBLE_DIR=${DIR}" AMPCC_SHIPPED_PRELUDES=0
            "AMPCC_CXX=${host}" "${AMPCC}" -v -fsyntax-only probe.cpp
    WORKING_DIRECTORY "${probe}"
    RESULT_VARIABLE rc
    ERROR_VARIABLE log)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ampcc preludes: ${AMPCC} failed with ${host}:\n${log}")
  endif()
  if(NOT log MATCHES "host precompiled prelude built")
    message(WARNING "ampcc preludes: ${host} made none:\n${log}")
  endif()
endforeach()
file(REMOVE_RECURSE "${probe}")
file(GLOB made "${DIR}/*.pch")
if(NOT made)
  message(FATAL_ERROR "ampcc preludes: the translator made no prelude in ${DIR}")
endif()
