#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call; these wrappers can be.

/// Keeps the write-ahead log on close instead of checkpointing it (and syncing the disk):
/// the runner exits after every run, and the next connection reads the log as it is.
static inline int intentflow_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
