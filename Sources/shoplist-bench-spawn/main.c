// shoplist-bench-spawn RESULT_FILE PROGRAM [ARGUMENT...]
//
// Runs PROGRAM with the helper's standard streams and environment, reaps it with wait4, and
// writes "EXIT_STATUS WALL_NANOSECONDS MAX_RSS_KILOBYTES" to RESULT_FILE.
//
// shoplist-bench times every command through this small program because on Linux a process's
// ru_maxrss starts from the peak RSS of the address space it replaced at exec: spawned straight
// from the benchmark (tens or hundreds of megabytes), every command would report at least the
// benchmark's own peak. Spawned from here, the floor is this program's (about a megabyte).

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static long long nanoseconds(const struct timespec *time) {
  return (long long)time->tv_sec * 1000000000LL + time->tv_nsec;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: shoplist-bench-spawn RESULT_FILE PROGRAM [ARGUMENT...]\n");
    return 64;
  }
  struct timespec start, end;
  pid_t pid;
  int status = 0;
  struct rusage usage = {0};
  clock_gettime(CLOCK_MONOTONIC, &start);
  int spawned = posix_spawn(&pid, argv[2], NULL, NULL, &argv[2], environ);
  if (spawned == 0) {
    while (wait4(pid, &status, 0, &usage) == -1) {
      if (errno != EINTR) {
        perror("shoplist-bench-spawn: wait4");
        return 70;
      }
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  FILE *result = fopen(argv[1], "w");
  if (result == NULL) {
    perror("shoplist-bench-spawn: result file");
    return 73;
  }
  if (spawned != 0) {
    fprintf(result, "-1 0 0\n");
  } else {
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(result, "%d %lld %ld\n", code, nanoseconds(&end) - nanoseconds(&start),
            usage.ru_maxrss);
  }
  return fclose(result) == 0 ? 0 : 74;
}
