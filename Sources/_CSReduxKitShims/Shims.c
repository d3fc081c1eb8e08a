// Most shims are header-only; the file functions of StatePersistence live here because they
// need errno and system headers the Swift side should not import.
#include "CSReduxKitShims.h"

#if !defined(_WIN32)
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/// Flushes a file's data to the device. On Darwin fsync only reaches the drive's cache;
/// F_FULLFSYNC reaches the medium (some file systems refuse it, then fsync is the best we have).
static int csrk_sync(int fd) {
#if defined(__APPLE__)
  if (fcntl(fd, F_FULLFSYNC) == 0) return 0;
#endif
  return fsync(fd);
}

/// Writes all of `bytes` to `fd` and flushes them; returns 0 or the errno value.
static int csrk_write_synced(int fd, const char *bytes, size_t count, csrk_replace_step *step) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      *step = csrk_replace_step_write;
      return errno;
    }
    bytes += written;
    count -= (size_t)written;
  }
  if (csrk_sync(fd) != 0) {
    *step = csrk_replace_step_sync;
    return errno;
  }
  return 0;
}

int csrk_replace_file(const char *path, const char *temp_path, const char *directory,
                      const void *bytes, size_t count, int protection_class,
                      csrk_replace_step *failed_step) {
  *failed_step = csrk_replace_step_none;
  int fd;
  // Owner only: a state holds whatever the app keeps (tokens, drafts, account data).
  do {
    fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    *failed_step = csrk_replace_step_create;
    return errno;
  }
#if defined(__APPLE__) && defined(F_SETPROTECTIONCLASS)
  // Before any byte is written. Volumes without data protection (the simulator's, many
  // Macs') refuse it; the file is written all the same, as documented.
  if (protection_class > 0) (void)fcntl(fd, F_SETPROTECTIONCLASS, protection_class);
#else
  (void)protection_class;
#endif
  int error = csrk_write_synced(fd, bytes, count, failed_step);
  // A failed close can mean a failed delayed write: the data may not all be there.
  if (close(fd) != 0 && error == 0) {
    error = errno;
    *failed_step = csrk_replace_step_sync;
  }
  if (error == 0 && rename(temp_path, path) != 0) {
    error = errno;
    *failed_step = csrk_replace_step_rename;
  }
  if (error != 0) {
    unlink(temp_path);
    return error;
  }
  // The new file is in place. Flushing the directory makes the rename durable; some file
  // systems cannot open or sync a directory, and the save has happened either way.
  int directory_fd = open(directory, O_RDONLY | O_CLOEXEC);
  if (directory_fd >= 0) {
    (void)fsync(directory_fd);
    close(directory_fd);
  }
  return 0;
}

int csrk_restrict_to_owner(const char *path) {
  struct stat info;
  if (lstat(path, &info) != 0) return errno;
  if (S_ISLNK(info.st_mode) || (info.st_mode & 077) == 0) return 0;
  return chmod(path, info.st_mode & 07700) == 0 ? 0 : errno;
}

int csrk_stat_error(const char *path) {
  struct stat info;
  return stat(path, &info) == 0 ? 0 : errno;
}

const char *csrk_error_message(int code) {
  // strerror returns a static string for every known code on Darwin and glibc.
  return strerror(code);
}

int csrk_rename_exclusive(const char *from, const char *to) {
#if defined(__APPLE__)
  if (renamex_np(from, to, RENAME_EXCL) == 0) return 0;
  if (errno != ENOTSUP && errno != EINVAL) return errno;
#elif defined(__linux__) && !defined(__ANDROID__) && defined(SYS_renameat2)
  // Not on Android, whose older releases' seccomp filters kill a process that makes this
  // system call; there the hard link below gives the same exclusive rename.
  if (syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */) == 0) {
    return 0;
  }
  if (errno != EINVAL && errno != ENOSYS) return errno;
#endif
  // No exclusive rename here: a hard link cannot replace an existing name either.
  if (link(from, to) == 0) {
    if (unlink(from) == 0) return 0;
    int error = errno;
    unlink(to);
    return error;
  }
  if (errno == EEXIST || errno == ENOENT) return errno;
  // No hard links on this file system (FAT, some network shares): check, then rename.
  struct stat existing;
  if (lstat(to, &existing) == 0) return EEXIST;
  return rename(from, to) == 0 ? 0 : errno;
}
#endif

#if defined(CSRK_LOCK_IS_PTHREAD_MUTEX)
#include <errno.h>
#include <string.h>
void csrk_lock_failed(const char *call, int result) {
  fprintf(stderr, "CSReduxKit: %s failed: %s (%d); the store's lock cannot protect its state\n",
          call, strerror(result), result);
  fflush(stderr);
  abort();
}
#endif
