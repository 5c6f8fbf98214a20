#define _GNU_SOURCE
#include "CSubprocess.h"

#include <signal.h>
#include <spawn.h>

int shoplist_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                   const char *directory, int input, int output, int errors) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int result = posix_spawn_file_actions_init(&actions);
  if (result != 0) return result;
  result = posix_spawnattr_init(&attributes);
  if (result != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return result;
  }
  const int sources[3] = {input, output, errors};
  for (int target = 0; target < 3 && result == 0; target++) {
    if (sources[target] >= 0)
      result = posix_spawn_file_actions_adddup2(&actions, sources[target], target);
  }
  if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  if (result == 0 && directory != NULL)
    result = posix_spawn_file_actions_addchdir_np(&actions, directory);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &all);
  if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
  if (result == 0)
    result = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return result;
}
