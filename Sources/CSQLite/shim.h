#include <sqlite3.h>

/// Turns off SQLite's count of the memory it holds, which shoplist never reads: counting takes
/// a process-wide mutex around every allocation and release SQLite makes. Takes effect only
/// before SQLite's first use in the process (otherwise it returns SQLITE_MISUSE and changes
/// nothing). `sqlite3_config` takes variable arguments, which Swift cannot call directly.
static inline int shoplist_sqlite3_stop_counting_memory(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Has SQLite allocate each page of its cache when it first needs it, instead of twenty at a
/// connection's first read (`SQLITE_DEFAULT_PCACHE_INITSZ`), whose headers it writes at once:
/// a one-item command reads a dozen pages, and each of the twenty slots it set up is a page of
/// memory the process faults in. Takes effect only before SQLite's first use in the process.
static inline int shoplist_sqlite3_allocate_pages_when_needed(void) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
