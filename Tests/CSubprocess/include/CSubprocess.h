// Starting a child process for the tests and the benchmark without Foundation's `Process`.
//
// swift-corelibs-foundation's `Process.run()` (as shipped with Swift 6.3) reads past the end of
// a directory entry while it lists /proc/self/fd to find the descriptors to close in the child,
// and so now and then crashes the process that starts the child. shoplist's test suite starts
// thousands of children, many at once, from a process holding hundreds of descriptors: it has
// crashed there. This starts a child with posix_spawn and lets the C library close every
// descriptor above the standard three in the child (posix_spawn_file_actions_addclosefrom_np),
// which lists nothing.

#ifndef SHOPLIST_CSUBPROCESS_H
#define SHOPLIST_CSUBPROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (both ending in NULL) in `directory` (this process's when
/// NULL), with `input`, `output` and `errors` as its standard streams (this process's own where
/// one is -1), every other descriptor closed, no signal blocked and every signal's action the
/// default. Returns 0 and the child's id in `pid`, or an `errno` value.
int shoplist_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                   const char *directory, int input, int output, int errors);

#endif
