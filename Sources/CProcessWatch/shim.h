// Linux's process file descriptors, which glibc declares only from 2.36 on and Swift cannot
// call through the variadic syscall(2) itself.
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

/// A descriptor that becomes readable when process `pid` exits (pidfd_open(2)), or -1 with
/// errno set (ENOSYS before Linux 5.3; EPERM where a seccomp filter forbids it).
static inline int compd_pidfd_open(pid_t pid, unsigned int flags) {
  return (int)syscall(SYS_pidfd_open, pid, flags);
}
