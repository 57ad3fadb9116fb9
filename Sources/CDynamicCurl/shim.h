// Calls into a libcurl opened with dlopen: curl_easy_setopt and curl_easy_getinfo are
// variadic, and a variadic C function must be called through a variadic prototype. These
// trampolines take the function's address and call it properly. No library is linked: the
// runner loads libcurl only when a workflow makes its first HTTP request.
#include <stdint.h>

typedef int (*intentflow_curl_variadic)(void *, int, ...);

static inline int intentflow_curl_setopt_pointer(void *function, void *handle, int option,
                                                 const void *value) {
  return ((intentflow_curl_variadic)function)(handle, option, value);
}

static inline int intentflow_curl_setopt_long(void *function, void *handle, int option,
                                              long value) {
  return ((intentflow_curl_variadic)function)(handle, option, value);
}

static inline int intentflow_curl_setopt_offset(void *function, void *handle, int option,
                                                int64_t value) {
  return ((intentflow_curl_variadic)function)(handle, option, value);
}

static inline int intentflow_curl_getinfo_long(void *function, void *handle, int info,
                                               long *value) {
  return ((intentflow_curl_variadic)function)(handle, info, value);
}
