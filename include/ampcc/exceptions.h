// The C++ AMP exception types (concurrency::runtime_exception and its kin), shared by amp.h and the runtime.
#ifndef AMPCC_EXCEPTIONS_H
#define AMPCC_EXCEPTIONS_H

#include <exception>
#include <string>

namespace Concurrency {

class runtime_exception : public std::exception {
public:
  runtime_exception(const char *message, long hresult) noexcept : message_(message), error_(hresult) {}
  explicit runtime_exception(long hresult) noexcept : message_("runtime_exception"), error_(hresult) {}
  runtime_exception(const std::string &message, long hresult) : message_(message), error_(hresult) {}
  const char *what() const noexcept override { return message_.c_str(); }
  long get_error_code() const noexcept { return error_; }

private:
  std::string message_;
  long error_;
};

class out_of_memory : public runtime_exception {
public:
  explicit out_of_memory(const char *message) noexcept : runtime_exception(message, 0x8007000EL) {}
  explicit out_of_memory(const std::string &message) : runtime_exception(message, 0x8007000EL) {}
  out_of_memory() noexcept : runtime_exception("out_of_memory", 0x8007000EL) {}
};

class invalid_compute_domain : public runtime_exception {
public:
  explicit invalid_compute_domain(const char *message) noexcept : runtime_exception(message, 0x80070057L) {}
  explicit invalid_compute_domain(const std::string &message) : runtime_exception(message, 0x80070057L) {}
  invalid_compute_domain() noexcept : runtime_exception("invalid_compute_domain", 0x80070057L) {}
};

class unsupported_feature : public runtime_exception {
public:
  explicit unsupported_feature(const char *message) noexcept : runtime_exception(message, 0x80004001L) {}
  explicit unsupported_feature(const std::string &message) : runtime_exception(message, 0x80004001L) {}
  unsupported_feature() noexcept : runtime_exception("unsupported_feature", 0x80004001L) {}
};

// MSVC's exception for the use of an object that was never initialized (E_FAIL here).
class uninitialized_object : public runtime_exception {
public:
  explicit uninitialized_object(const char *message) noexcept : runtime_exception(message, 0x80004005L) {}
  uninitialized_object() noexcept : runtime_exception("uninitialized_object", 0x80004005L) {}
};

// MSVC's two constructors: the reason is the HRESULT that says why the view was lost (a long here, as HRESULT is).
class accelerator_view_removed : public runtime_exception {
public:
  explicit accelerator_view_removed(const char *message, long reason) noexcept
      : runtime_exception(message, 0x887A0005L), reason_(reason) {}
  explicit accelerator_view_removed(long reason) noexcept
      : runtime_exception("accelerator_view_removed", 0x887A0005L), reason_(reason) {}
  long get_view_removed_reason() const noexcept { return reason_; }

private:
  long reason_;
};

} // namespace Concurrency

// MSVC names the namespace Concurrency (user code reopens it) and gives concurrency as an alias.
namespace concurrency = Concurrency;

#endif
