// libpq's declarations (Debian libpq-dev), for its types and constants. No library is
// linked: the runner opens libpq.so.5 with dlopen when INTENTFLOW_STORE names a PostgreSQL
// server, so a binary that never uses one runs where libpq is not installed.
#include <postgresql/libpq-fe.h>
