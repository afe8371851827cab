// A user header of amp helpers, included by amp_rules_in_headers.cpp: its amp functions are judged by the same
// rules as the main file's, whether or not a kernel calls them.
#pragma once

inline int checked(int x) restrict(amp) {
  if (x < 0)
    throw x; // expected-error {{throw is not supported in restrict(amp) code}}
  return x;
}

template <typename T> T halve(T x) restrict(amp) {
  static T calls; // expected-error {{static variables are not allowed in restrict(amp) code}}
  return x / 2;
}
