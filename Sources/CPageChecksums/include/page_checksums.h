#ifndef SHOPLIST_PAGE_CHECKSUMS_H
#define SHOPLIST_PAGE_CHECKSUMS_H

#include <sqlite3.h>

/// Page checksums for shoplist's SQLite files.
///
/// A shoplist database keeps 8 bytes at the end of every page (SQLite's "reserved space",
/// which SQLite itself never reads or writes) for a checksum of the rest of the page and its
/// page number. The VFS registered here wraps the default one: it fills the checksum in as
/// each page is written to the database file, and compares it as each whole page is read
/// back. A page that does not match is either damaged or was written by a program that does
/// not keep the checksums (the `sqlite3` shell): the VFS then runs SQLite's
/// `integrity_check` on a separate, read-only connection. If the file's structure checks out,
/// the read goes on, and the page's checksum is renewed in the file the next time the
/// connection writes to it (a command that only reads writes nothing); otherwise the read fails with
/// `SQLITE_IOERR_DATA`, so the statement that needed the page fails before anything is
/// written, and the transaction is rolled back.
///
/// Files whose header does not carry shoplist's application id and 8 reserved bytes are
/// passed through untouched.

/// The VFS's name, to pass to `sqlite3_open_v2`.
#define SHOPLIST_PAGE_CHECKSUMS_VFS "shoplist-checksums"

/// How many bytes at the end of each page the checksum takes.
#define SHOPLIST_PAGE_CHECKSUM_BYTES 8

/// The file-control opcode (`sqlite3_file_control(db, "main", op, &report)`) that fills in a
/// `shoplist_page_damage` with what the last failed read found.
#define SHOPLIST_FCNTL_PAGE_DAMAGE 0x53484F50

/// What the last read that failed its checksum found.
typedef struct shoplist_page_damage {
  /// The page that failed (1-based), or 0 when no read failed on this connection.
  sqlite3_int64 page;
  /// How many problems `integrity_check` reported then; -1 when the check could not run.
  int problems;
  /// The first problem it reported (or why it could not run), NUL-terminated.
  char first_problem[256];
} shoplist_page_damage;

/// Registers the VFS, once per process; later calls do nothing. Returns `SQLITE_OK`, or
/// SQLite's error when it could not.
int shoplist_page_checksums_register(void);

/// Whether the page `page` (of `size` bytes, its checksum in the last 8) matches its
/// checksum. For tests and `db check`.
int shoplist_page_checksum_matches(const unsigned char *page, int size, sqlite3_int64 number);

#endif
