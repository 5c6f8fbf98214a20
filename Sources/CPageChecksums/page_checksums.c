#include "page_checksums.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// "SHOP": shoplist's `application_id`, as the header holds it at offset 68.
#define SHOPLIST_APPLICATION_ID 0x53484F50u

/// How long one verdict of `integrity_check` stands for the pages a connection reads next: a
/// program that wrote several pages (or damage spread over several) costs one check, not one
/// per page.
#define VERDICT_MILLISECONDS 2000

/// The database file of one connection, in front of the file of the VFS underneath.
typedef struct CheckedFile {
  sqlite3_file base;
  /// The file underneath, in the memory right after this struct.
  sqlite3_file *real;
  /// The VFS underneath, for the separate connection that checks the file.
  sqlite3_vfs *realVFS;
  /// The path SQLite opened; valid as long as the file is open.
  sqlite3_filename path;
  /// The page size the header gave, 0 before it is known.
  int pageSize;
  /// Whether the header says shoplist's with room for checksums.
  int sealed;
  /// Whether reads are compared with their checksums (URI parameter `shoplist_verify`).
  int verifying;
  /// Whether the file may be written (a renewed checksum goes back to it).
  int writable;
  /// Whether the file was opened as immutable (`immutable=1`).
  int immutable;
  /// Pages found sound though they did not match, with the checksum their content had then:
  /// renewed in the file when this connection next writes to it (a checkpoint of a write, or
  /// a commit without a log), if their content is still the same. A command that only reads
  /// never changes a byte of the file.
  struct { sqlite3_int64 number; unsigned char checksum[8]; } pending[32];
  int pendingCount;
  /// Until when the last verdict stands, in milliseconds of the monotonic clock.
  sqlite3_int64 verdictUntil;
  /// What the last verdict was: 1 the structure is sound, 0 damaged.
  int verdictSound;
  /// What the last failed read found.
  shoplist_page_damage damage;
} CheckedFile;

static sqlite3_int64 nowMilliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (sqlite3_int64)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// The 8 bytes at `bytes` as a little-endian number, whatever the machine's byte order.
static uint64_t littleEndian64(const unsigned char *bytes) {
  uint64_t value;
  memcpy(&value, bytes, sizeof value);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  value = __builtin_bswap64(value);
#endif
  return value;
}

static void storeLittleEndian32(unsigned char *bytes, uint32_t value) {
  bytes[0] = (unsigned char)value;
  bytes[1] = (unsigned char)(value >> 8);
  bytes[2] = (unsigned char)(value >> 16);
  bytes[3] = (unsigned char)(value >> 24);
}

/// The checksum of a page's first `size - 8` bytes and its number: two running sums over the
/// page's 64-bit little-endian words, each feeding the other, so that a changed, moved or
/// swapped word changes both; each folded to 32 bits. Seeded with the page number, so a page
/// written in another page's place, or a page of zeros, does not match.
static void computeChecksum(
  const unsigned char *page, int size, sqlite3_int64 number, unsigned char out[8]
) {
  uint64_t first = (uint64_t)SHOPLIST_APPLICATION_ID << 32 ^ (uint64_t)number;
  uint64_t second = 0x9E3779B97F4A7C15u ^ (uint64_t)number;
  int end = size - SHOPLIST_PAGE_CHECKSUM_BYTES;
  int offset = 0;
  for (; offset + 16 <= end; offset += 16) {
    first += littleEndian64(page + offset) + second;
    second += littleEndian64(page + offset + 8) + first;
  }
  // The last 8 bytes before the checksum (a page's size less 8 is not a multiple of 16).
  if (offset + 8 <= end) first += littleEndian64(page + offset) + second;
  storeLittleEndian32(out, (uint32_t)(first ^ first >> 32));
  storeLittleEndian32(out + 4, (uint32_t)(second ^ second >> 32));
}

int shoplist_page_checksum_matches(const unsigned char *page, int size, sqlite3_int64 number) {
  unsigned char expected[8];
  computeChecksum(page, size, number, expected);
  return memcmp(expected, page + size - SHOPLIST_PAGE_CHECKSUM_BYTES, 8) == 0;
}

/// Takes the page size and whether the file carries checksums from the first bytes of a
/// database file (read from it, or about to be written to it).
static void takeHeader(CheckedFile *file, const unsigned char *header, int amount) {
  if (amount < 72) return;
  int size = header[16] << 8 | header[17];
  if (size == 1) size = 65536;
  uint32_t applicationID = (uint32_t)header[68] << 24 | (uint32_t)header[69] << 16
    | (uint32_t)header[70] << 8 | (uint32_t)header[71];
  file->pageSize = size;
  file->sealed = header[20] == SHOPLIST_PAGE_CHECKSUM_BYTES
    && applicationID == SHOPLIST_APPLICATION_ID && size >= 512;
}

/// Appends `path` to `out` as an SQLite URI's path, percent-encoding what a URI gives meaning to.
static void appendURIPath(char *out, size_t capacity, const char *path) {
  size_t length = strlen(out);
  for (const char *character = path; *character && length + 4 < capacity; character++) {
    if (*character == '?' || *character == '#' || *character == '%') {
      length += (size_t)snprintf(out + length, capacity - length, "%%%02X",
        (unsigned char)*character);
    } else {
      out[length++] = *character;
      out[length] = 0;
    }
  }
}

/// Runs `integrity_check` on the file through a separate read-only connection of the VFS
/// underneath (so no checksum stops it). Returns how many problems it reported, or -1 when it
/// could not run; the first problem, or why, goes to `first`.
static int integrityProblems(CheckedFile *file, char *first, size_t capacity) {
  first[0] = 0;
  size_t uriCapacity = strlen(file->path) * 3 + 32;
  char *uri = malloc(uriCapacity);
  if (!uri) {
    snprintf(first, capacity, "out of memory");
    return -1;
  }
  snprintf(uri, uriCapacity, "file:");
  appendURIPath(uri, uriCapacity, file->path);
  strncat(uri, file->immutable ? "?immutable=1" : "?mode=ro", uriCapacity - strlen(uri) - 1);
  sqlite3 *db = NULL;
  int problems = -1;
  int code = sqlite3_open_v2(
    uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, file->realVFS->zName);
  free(uri);
  sqlite3_stmt *statement = NULL;
  if (code == SQLITE_OK) {
    sqlite3_busy_timeout(db, 5000);
    code = sqlite3_prepare_v2(db, "PRAGMA integrity_check(100)", -1, &statement, NULL);
  }
  if (code == SQLITE_OK) {
    problems = 0;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
      const char *text = (const char *)sqlite3_column_text(statement, 0);
      // A row may hold several problems, a line each, under a heading naming the schema.
      for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        int isProblem = !(length == 2 && strncmp(line, "ok", 2) == 0)
          && !(length >= 3 && strncmp(line, "***", 3) == 0) && length > 0;
        if (isProblem) {
          if (problems == 0) snprintf(first, capacity, "%.*s", (int)length, line);
          problems++;
        }
        line = end ? end + 1 : NULL;
      }
    }
    if (code != SQLITE_DONE) {
      // Damage where the check starts stops it: that is a problem it found.
      if (problems == 0) snprintf(first, capacity, "%s", sqlite3_errmsg(db));
      problems++;
    }
  } else if ((code & 0xFF) == SQLITE_CORRUPT || (code & 0xFF) == SQLITE_NOTADB) {
    // Damage where the schema is read stops the check before it starts: a problem found.
    snprintf(first, capacity, "%s", sqlite3_errmsg(db));
    problems = 1;
  } else {
    snprintf(first, capacity, "%s", db ? sqlite3_errmsg(db) : "out of memory");
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return problems;
}

/// Writes a page's checksum into its last 8 bytes in the file, and nothing else: nothing SQLite
/// reads changes. Called only while this connection writes to the file, when no other
/// connection does (a checkpoint holds its lock); a failure is left alone: the page is found
/// sound again next time.
static void writeChecksum(
  CheckedFile *file, const unsigned char checksum[8], sqlite3_int64 number, int size
) {
  file->real->pMethods->xWrite(file->real, checksum, SHOPLIST_PAGE_CHECKSUM_BYTES,
    (number - 1) * size + size - SHOPLIST_PAGE_CHECKSUM_BYTES);
}

/// A page read from the file did not match its checksum. Returns `SQLITE_OK` (its checksum
/// renewed) when `integrity_check` finds the file sound, or `SQLITE_IOERR_DATA`.
static int pageMismatched(CheckedFile *file, unsigned char *page, int size, sqlite3_int64 number) {
  sqlite3_int64 now = nowMilliseconds();
  if (now >= file->verdictUntil) {
    char first[sizeof file->damage.first_problem];
    int problems = integrityProblems(file, first, sizeof first);
    file->verdictSound = problems == 0;
    file->verdictUntil = nowMilliseconds() + VERDICT_MILLISECONDS;
    if (!file->verdictSound) {
      file->damage.problems = problems;
      memcpy(file->damage.first_problem, first, sizeof first);
    }
  }
  if (!file->verdictSound) {
    file->damage.page = number;
    return SQLITE_IOERR_DATA;
  }
  // Sound: the page was written by a program that keeps no checksums (or its damage is of a
  // kind no check sees). Its checksum is renewed in the copy SQLite keeps, and in the file the
  // next time this connection writes to it.
  unsigned char *checksum = page + size - SHOPLIST_PAGE_CHECKSUM_BYTES;
  computeChecksum(page, size, number, checksum);
  if (!file->writable || file->immutable) return SQLITE_OK;
  if (file->pendingCount < (int)(sizeof file->pending / sizeof file->pending[0])) {
    file->pending[file->pendingCount].number = number;
    memcpy(file->pending[file->pendingCount].checksum, checksum, 8);
    file->pendingCount++;
  }
  return SQLITE_OK;
}

/// Renews the checksums of the pages found sound, whose content is still what was found sound
/// then. (A page the write under way brings anew differs, and gets its checksum as written.)
static void renewPendingChecksums(CheckedFile *file) {
  int size = file->pageSize;
  unsigned char *page = file->pendingCount > 0 && size > 0 ? malloc((size_t)size) : NULL;
  for (int index = 0; page && index < file->pendingCount; index++) {
    sqlite3_int64 number = file->pending[index].number;
    if (file->real->pMethods->xRead(file->real, page, size, (number - 1) * size) != SQLITE_OK) {
      continue;
    }
    unsigned char checksum[8];
    computeChecksum(page, size, number, checksum);
    int unchanged = memcmp(checksum, file->pending[index].checksum, 8) == 0;
    if (unchanged && memcmp(checksum, page + size - SHOPLIST_PAGE_CHECKSUM_BYTES, 8) != 0) {
      writeChecksum(file, checksum, number, size);
    }
  }
  free(page);
  file->pendingCount = 0;
}

// MARK: - The file's methods

static int checkedClose(sqlite3_file *base) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xClose(file->real);
}

static int checkedRead(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
  CheckedFile *file = (CheckedFile *)base;
  int code = file->real->pMethods->xRead(file->real, buffer, amount, offset);
  if (code != SQLITE_OK) return code;
  unsigned char *bytes = buffer;
  if (file->sealed && file->verifying && amount == file->pageSize && offset % amount == 0) {
    sqlite3_int64 number = offset / amount + 1;
    if (!shoplist_page_checksum_matches(bytes, amount, number)) {
      code = pageMismatched(file, bytes, amount, number);
      if (code != SQLITE_OK) return code;
    }
  }
  if (offset == 0) takeHeader(file, bytes, amount);
  return SQLITE_OK;
}

static int checkedWrite(
  sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset
) {
  CheckedFile *file = (CheckedFile *)base;
  // SQLite passes its own copy of the page; the reserved bytes at its end are the VFS's.
  unsigned char *bytes = (unsigned char *)buffer;
  if (offset == 0) {
    takeHeader(file, bytes, amount);
  } else if (!file->sealed && amount >= 512) {
    // Another connection may have given the file its checksums since this one read the
    // header.
    unsigned char header[100];
    if (file->real->pMethods->xRead(file->real, header, sizeof header, 0) == SQLITE_OK) {
      takeHeader(file, header, sizeof header);
    }
  }
  if (file->sealed && amount == file->pageSize && offset % amount == 0) {
    computeChecksum(bytes, amount, offset / amount + 1,
      bytes + amount - SHOPLIST_PAGE_CHECKSUM_BYTES);
  }
  if (file->pendingCount > 0) renewPendingChecksums(file);
  return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}

static int checkedTruncate(sqlite3_file *base, sqlite3_int64 size) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xTruncate(file->real, size);
}

static int checkedSync(sqlite3_file *base, int flags) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xSync(file->real, flags);
}

static int checkedFileSize(sqlite3_file *base, sqlite3_int64 *size) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xFileSize(file->real, size);
}

static int checkedLock(sqlite3_file *base, int lock) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xLock(file->real, lock);
}

static int checkedUnlock(sqlite3_file *base, int lock) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xUnlock(file->real, lock);
}

static int checkedCheckReservedLock(sqlite3_file *base, int *reserved) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xCheckReservedLock(file->real, reserved);
}

static int checkedFileControl(sqlite3_file *base, int operation, void *argument) {
  CheckedFile *file = (CheckedFile *)base;
  if (operation == SHOPLIST_FCNTL_PAGE_DAMAGE) {
    memcpy(argument, &file->damage, sizeof file->damage);
    return SQLITE_OK;
  }
  return file->real->pMethods->xFileControl(file->real, operation, argument);
}

static int checkedSectorSize(sqlite3_file *base) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xSectorSize(file->real);
}

static int checkedDeviceCharacteristics(sqlite3_file *base) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int checkedShmMap(
  sqlite3_file *base, int region, int size, int extend, void volatile **memory
) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xShmMap(file->real, region, size, extend, memory);
}

static int checkedShmLock(sqlite3_file *base, int offset, int count, int flags) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void checkedShmBarrier(sqlite3_file *base) {
  CheckedFile *file = (CheckedFile *)base;
  file->real->pMethods->xShmBarrier(file->real);
}

static int checkedShmUnmap(sqlite3_file *base, int delete) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xShmUnmap(file->real, delete);
}

static int checkedFetch(sqlite3_file *base, sqlite3_int64 offset, int amount, void **page) {
  CheckedFile *file = (CheckedFile *)base;
  // A page mapped into memory would be read without passing here: with checksums to
  // compare, SQLite reads every page instead.
  if (file->sealed && file->verifying) {
    *page = NULL;
    return SQLITE_OK;
  }
  return file->real->pMethods->xFetch(file->real, offset, amount, page);
}

static int checkedUnfetch(sqlite3_file *base, sqlite3_int64 offset, void *page) {
  CheckedFile *file = (CheckedFile *)base;
  return file->real->pMethods->xUnfetch(file->real, offset, page);
}

static const sqlite3_io_methods checkedMethods = {
  3,
  checkedClose,
  checkedRead,
  checkedWrite,
  checkedTruncate,
  checkedSync,
  checkedFileSize,
  checkedLock,
  checkedUnlock,
  checkedCheckReservedLock,
  checkedFileControl,
  checkedSectorSize,
  checkedDeviceCharacteristics,
  checkedShmMap,
  checkedShmLock,
  checkedShmBarrier,
  checkedShmUnmap,
  checkedFetch,
  checkedUnfetch,
};

// MARK: - The VFS

static sqlite3_vfs checkedVFS;

static sqlite3_vfs *realVFS(sqlite3_vfs *vfs) {
  return (sqlite3_vfs *)vfs->pAppData;
}

static int checkedOpen(
  sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags
) {
  sqlite3_vfs *real = realVFS(vfs);
  // Only the database file carries checksums: its log and journals are passed through,
  // opened straight into the memory SQLite gave.
  if (!(flags & SQLITE_OPEN_MAIN_DB) || name == NULL) {
    return real->xOpen(real, name, base, flags, outFlags);
  }
  CheckedFile *file = (CheckedFile *)base;
  memset(file, 0, sizeof *file);
  file->real = (sqlite3_file *)&file[1];
  int code = real->xOpen(real, name, file->real, flags, outFlags);
  if (code != SQLITE_OK) {
    if (file->real->pMethods) file->real->pMethods->xClose(file->real);
    file->base.pMethods = NULL;
    return code;
  }
  file->realVFS = real;
  file->path = name;
  file->verifying = sqlite3_uri_boolean(name, "shoplist_verify", 1);
  file->immutable = sqlite3_uri_boolean(name, "immutable", 0);
  int opened = outFlags ? *outFlags : flags;
  file->writable = (opened & SQLITE_OPEN_READWRITE) != 0;
  file->base.pMethods = &checkedMethods;
  return SQLITE_OK;
}

static int checkedDelete(sqlite3_vfs *vfs, const char *name, int sync) {
  return realVFS(vfs)->xDelete(realVFS(vfs), name, sync);
}

static int checkedAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
  return realVFS(vfs)->xAccess(realVFS(vfs), name, flags, result);
}

static int checkedFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  return realVFS(vfs)->xFullPathname(realVFS(vfs), name, size, out);
}

static void *checkedDlOpen(sqlite3_vfs *vfs, const char *path) {
  return realVFS(vfs)->xDlOpen(realVFS(vfs), path);
}

static void checkedDlError(sqlite3_vfs *vfs, int size, char *message) {
  realVFS(vfs)->xDlError(realVFS(vfs), size, message);
}

static void (*checkedDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
  return realVFS(vfs)->xDlSym(realVFS(vfs), library, symbol);
}

static void checkedDlClose(sqlite3_vfs *vfs, void *library) {
  realVFS(vfs)->xDlClose(realVFS(vfs), library);
}

static int checkedRandomness(sqlite3_vfs *vfs, int size, char *out) {
  return realVFS(vfs)->xRandomness(realVFS(vfs), size, out);
}

static int checkedSleep(sqlite3_vfs *vfs, int microseconds) {
  return realVFS(vfs)->xSleep(realVFS(vfs), microseconds);
}

static int checkedCurrentTime(sqlite3_vfs *vfs, double *now) {
  return realVFS(vfs)->xCurrentTime(realVFS(vfs), now);
}

static int checkedGetLastError(sqlite3_vfs *vfs, int size, char *message) {
  return realVFS(vfs)->xGetLastError(realVFS(vfs), size, message);
}

static int checkedCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
  return realVFS(vfs)->xCurrentTimeInt64(realVFS(vfs), now);
}

static int registration = SQLITE_OK;

static void registerOnce(void) {
  sqlite3_vfs *real = sqlite3_vfs_find(NULL);
  if (!real) {
    registration = SQLITE_ERROR;
    return;
  }
  checkedVFS = (sqlite3_vfs){
    .iVersion = 2,
    .szOsFile = (int)sizeof(CheckedFile) + real->szOsFile,
    .mxPathname = real->mxPathname,
    .zName = SHOPLIST_PAGE_CHECKSUMS_VFS,
    .pAppData = real,
    .xOpen = checkedOpen,
    .xDelete = checkedDelete,
    .xAccess = checkedAccess,
    .xFullPathname = checkedFullPathname,
    .xDlOpen = checkedDlOpen,
    .xDlError = checkedDlError,
    .xDlSym = checkedDlSym,
    .xDlClose = checkedDlClose,
    .xRandomness = checkedRandomness,
    .xSleep = checkedSleep,
    .xCurrentTime = checkedCurrentTime,
    .xGetLastError = checkedGetLastError,
    .xCurrentTimeInt64 = checkedCurrentTimeInt64,
  };
  registration = sqlite3_vfs_register(&checkedVFS, 0);
}

int shoplist_page_checksums_register(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, registerOnce);
  return registration;
}
