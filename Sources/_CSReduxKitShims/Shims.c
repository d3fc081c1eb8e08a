// Most shims are header-only; the file functions of StatePersistence live here because they
// need errno and system headers the Swift side should not import.
#include "CSReduxKitShims.h"

#if !defined(_WIN32)
#include <dirent.h>
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

int csrk_stat_error(const char *path) {
  struct stat info;
  return stat(path, &info) == 0 ? 0 : errno;
}

const char *csrk_error_message(int code) {
  // strerror returns a static string for every known code on Darwin and glibc.
  return strerror(code);
}

// MARK: - Files in a directory

/// Copies `text` into `buffer` of `capacity` bytes, cut short if it must be.
static void csrk_copy_text(char *buffer, size_t capacity, const char *text) {
  size_t length = strlen(text);
  if (length >= capacity) length = capacity - 1;
  memcpy(buffer, text, length);
  buffer[length] = 0;
}

/// Opens the folder at `path` (relative to `at`) for the calls relative to it. A folder the
/// user may search but not list (mode `--x`) still holds files to read and write: it is opened
/// for search only where the system can (O_PATH on Linux, O_SEARCH elsewhere).
static int csrk_open_folder(int at, const char *path) {
  int folder = openat(at, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#if defined(O_PATH)
  if (folder < 0 && errno == EACCES) folder = openat(at, path, O_PATH | O_DIRECTORY | O_CLOEXEC);
#elif defined(O_SEARCH)
  if (folder < 0 && errno == EACCES) folder = openat(at, path, O_SEARCH | O_DIRECTORY | O_CLOEXEC);
#endif
  return folder;
}

/// Ends `csrk_place_open` with a refusal about `path`, owned by `owner`.
static int csrk_place_refuse(csrk_place *place, int directory, csrk_refusal refusal,
                             const char *path, long owner) {
  close(directory);
  place->directory = -1;
  place->refusal = refusal;
  place->refused_owner = owner;
  csrk_copy_text(place->refused_path, sizeof place->refused_path, path);
  return csrk_refused;
}

int csrk_place_open(const char *directory, const char *name, int follow_own_links,
                    csrk_place *place) {
  place->directory = -1;
  place->exists = 0;
  place->refusal = csrk_refusal_none;
  place->refused_owner = -1;
  place->refused_path[0] = 0;
  place->links_followed = 0;
  if (strlen(name) >= sizeof place->name) return ENAMETOOLONG;
  csrk_copy_text(place->name, sizeof place->name, name);
  int folder = csrk_open_folder(AT_FDCWD, directory);
  if (folder < 0) return errno;
  uid_t user = geteuid();
  for (;;) {
    struct stat info;
    if (fstatat(folder, place->name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
      int error = errno;
      if (error == ENOENT) {
        place->directory = folder;
        return 0;
      }
      close(folder);
      return error;
    }
    if (S_ISLNK(info.st_mode)) {
      // The link itself is judged, never what it leads to, before anything is opened.
      if (!follow_own_links) {
        return csrk_place_refuse(place, folder, csrk_refusal_link, place->name,
                                 (long)info.st_uid);
      }
      if (info.st_uid != user) {
        return csrk_place_refuse(place, folder, csrk_refusal_foreign_link, place->name,
                                 (long)info.st_uid);
      }
      if (place->links_followed == 32) {
        close(folder);
        return ELOOP;
      }
      char target[1024];
      ssize_t length = readlinkat(folder, place->name, target, sizeof target - 1);
      if (length < 0 || (size_t)length >= sizeof target - 1) {
        int error = length < 0 ? errno : ENAMETOOLONG;
        close(folder);
        return error;
      }
      target[length] = 0;
      place->links_followed += 1;
      // A target that ends in "/" names a folder: judged as such below, by its last name.
      while (length > 1 && target[length - 1] == '/') target[--length] = 0;
      char *slash = strrchr(target, '/');
      if (slash != NULL) {
        const char *base = slash == target && slash[1] == 0 ? "." : slash + 1;
        char base_copy[1024];
        csrk_copy_text(base_copy, sizeof base_copy, base);
        if (slash == target) {
          slash[1] = 0;
        } else {
          *slash = 0;
        }
        // openat ignores `folder` for an absolute path, as the link means.
        int next = csrk_open_folder(folder, target);
        int error = errno;
        close(folder);
        if (next < 0) return error;
        folder = next;
        csrk_copy_text(place->name, sizeof place->name, base_copy);
      } else {
        csrk_copy_text(place->name, sizeof place->name, target);
      }
      continue;
    }
    if (!S_ISREG(info.st_mode)) {
      return csrk_place_refuse(place, folder, csrk_refusal_not_regular, place->name,
                               (long)info.st_uid);
    }
    if (info.st_uid != user) {
      return csrk_place_refuse(place, folder, csrk_refusal_foreign_file, place->name,
                               (long)info.st_uid);
    }
    place->directory = folder;
    place->exists = 1;
    return 0;
  }
}

void csrk_place_close(csrk_place *place) {
  if (place->directory >= 0) close(place->directory);
  place->directory = -1;
}

int csrk_place_replace(const csrk_place *place, const char *temp_name, const void *bytes,
                       size_t count, int protection_class, unsigned mode,
                       csrk_replace_step *failed_step) {
  *failed_step = csrk_replace_step_none;
  int folder = place->directory;
  int fd;
  // Exclusive and no link followed: a name planted in the directory makes the call fail.
  do {
    fd = openat(folder, temp_name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                (mode_t)mode);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    *failed_step = csrk_replace_step_create;
    return errno;
  }
#if defined(__APPLE__) && defined(F_SETPROTECTIONCLASS)
  if (protection_class > 0) (void)fcntl(fd, F_SETPROTECTIONCLASS, protection_class);
#else
  (void)protection_class;
#endif
  int error = csrk_write_synced(fd, bytes, count, failed_step);
  if (close(fd) != 0 && error == 0) {
    error = errno;
    *failed_step = csrk_replace_step_sync;
  }
  // A rename replaces the name, never follows it: a link put there meanwhile is replaced.
  if (error == 0 && renameat(folder, temp_name, folder, place->name) != 0) {
    error = errno;
    *failed_step = csrk_replace_step_rename;
  }
  if (error != 0) {
    unlinkat(folder, temp_name, 0);
    return error;
  }
  (void)fsync(folder);
  return 0;
}

/// Whether `info` is a regular file of the user running the process.
static int csrk_is_own_file(const struct stat *info) {
  return S_ISREG(info->st_mode) && info->st_uid == geteuid();
}

int csrk_place_read(const csrk_place *place, void **bytes, size_t *count) {
  *bytes = NULL;
  *count = 0;
  // Non-blocking: a pipe put there meanwhile must not hang the read before it is refused.
  int fd = openat(place->directory, place->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return errno;
  struct stat info;
  if (fstat(fd, &info) != 0 || !csrk_is_own_file(&info)) {
    close(fd);
    return csrk_refused;
  }
  size_t capacity = info.st_size > 0 ? (size_t)info.st_size + 1 : 4096;
  char *buffer = malloc(capacity);
  size_t used = 0;
  for (;;) {
    if (buffer == NULL) {
      close(fd);
      return ENOMEM;
    }
    if (used == capacity) {
      char *larger = realloc(buffer, capacity * 2);
      if (larger == NULL) free(buffer);
      buffer = larger;
      capacity *= 2;
      continue;
    }
    ssize_t got = read(fd, buffer + used, capacity - used);
    if (got < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      free(buffer);
      close(fd);
      return error;
    }
    if (got == 0) break;
    used += (size_t)got;
  }
  close(fd);
  *bytes = buffer;
  *count = used;
  return 0;
}

/// Renames `from` to `to` within `folder` unless `to` exists (EEXIST then).
static int csrk_rename_exclusive_at(int folder, const char *from, const char *to) {
#if defined(__APPLE__)
  if (renameatx_np(folder, from, folder, to, RENAME_EXCL) == 0) return 0;
  if (errno != ENOTSUP && errno != EINVAL) return errno;
#elif defined(__linux__) && !defined(__ANDROID__) && defined(SYS_renameat2)
  if (syscall(SYS_renameat2, folder, from, folder, to, 1 /* RENAME_NOREPLACE */) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
#endif
  if (linkat(folder, from, folder, to, 0) == 0) {
    if (unlinkat(folder, from, 0) == 0) return 0;
    int error = errno;
    unlinkat(folder, to, 0);
    return error;
  }
  if (errno == EEXIST || errno == ENOENT) return errno;
  struct stat existing;
  if (fstatat(folder, to, &existing, AT_SYMLINK_NOFOLLOW) == 0) return EEXIST;
  return renameat(folder, from, folder, to) == 0 ? 0 : errno;
}

int csrk_place_move_aside(const csrk_place *place, const char *to_name) {
  struct stat info;
  if (fstatat(place->directory, place->name, &info, AT_SYMLINK_NOFOLLOW) != 0) return errno;
  if (!csrk_is_own_file(&info)) return csrk_refused;
  int error = csrk_rename_exclusive_at(place->directory, place->name, to_name);
  if (error != 0) return error;
  // Through a descriptor opened without following links: the name is only ever this file.
  int fd = openat(place->directory, to_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    struct stat moved;
    if (fstat(fd, &moved) == 0 && csrk_is_own_file(&moved) && (moved.st_mode & 077) != 0) {
      (void)fchmod(fd, moved.st_mode & 07700);
    }
    close(fd);
  }
  return 0;
}

void csrk_place_remove_leftovers(const csrk_place *place, const char *prefix,
                                 const char *suffix) {
  int fd = openat(place->directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  DIR *listing = fdopendir(fd);
  if (listing == NULL) {
    close(fd);
    return;
  }
  size_t prefix_length = strlen(prefix);
  size_t suffix_length = strlen(suffix);
  struct dirent *entry;
  while ((entry = readdir(listing)) != NULL) {
    const char *name = entry->d_name;
    size_t length = strlen(name);
    if (length < prefix_length + suffix_length || strncmp(name, prefix, prefix_length) != 0 ||
        strcmp(name + length - suffix_length, suffix) != 0) {
      continue;
    }
    struct stat info;
    if (fstatat(place->directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 &&
        csrk_is_own_file(&info)) {
      unlinkat(place->directory, name, 0);
    }
  }
  closedir(listing);
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
