#include <sqlite3.h>

/// Turns off SQLite's count of the memory it holds (`sqlite3_memory_used`), which nothing
/// here reads: kept on, every allocation and free SQLite makes takes a process-wide mutex to
/// update it. Takes effect only before SQLite is initialised (`SQLITE_MISUSE` after).
/// `sqlite3_config` is variadic, which Swift cannot call.
static inline int shoplist_sqlite3_disable_memory_status(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
