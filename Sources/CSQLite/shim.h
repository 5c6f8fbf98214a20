#include <sqlite3.h>

/// Turns off SQLite's count of the memory it holds, which shoplist never reads: counting takes
/// a process-wide mutex around every allocation and release SQLite makes. Takes effect only
/// before SQLite's first use in the process (otherwise it returns SQLITE_MISUSE and changes
/// nothing). `sqlite3_config` takes variable arguments, which Swift cannot call directly.
static inline int shoplist_sqlite3_stop_counting_memory(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
