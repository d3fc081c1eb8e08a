// Portable primitives for CSReduxKit: a mutex and a few atomic operations.
//
// CSReduxKit supports macOS 13 / iOS 16, where Swift's `Synchronization` module (Mutex, Atomic)
// is not available, so these thin inline wrappers give the store a lock and atomics on every
// platform. They compile to the same instructions the Swift types would use.
#ifndef CSREDUXKIT_SHIMS_H
#define CSREDUXKIT_SHIMS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Which lock the platform gets. Defining CSRK_PORTABLE_LOCK (`-Xcc -DCSRK_PORTABLE_LOCK`) picks
// the POSIX mutex of the last branch instead of os_unfair_lock or the futex, so that the branch
// other systems use is built and tested on Linux too. CSRK_LOCK_KIND names the lock chosen.
#if defined(__APPLE__) && !defined(CSRK_PORTABLE_LOCK)
#include <os/lock.h>
#include <pthread.h>
#include <sched.h>
#define CSRK_LOCK_KIND "os_unfair_lock"
typedef os_unfair_lock csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) { *lock = OS_UNFAIR_LOCK_INIT; }
static inline void csrk_lock_destroy(csrk_lock_t *lock) { (void)lock; }
static inline void csrk_lock_lock(csrk_lock_t *lock) { os_unfair_lock_lock(lock); }
static inline void csrk_lock_unlock(csrk_lock_t *lock) { os_unfair_lock_unlock(lock); }
/// -1: this lock does not say whether a thread waits for it.
static inline int csrk_lock_has_waiters(csrk_lock_t *lock) { (void)lock; return -1; }
#elif defined(_WIN32)
#include <windows.h>
#define CSRK_LOCK_KIND "SRWLOCK"
typedef SRWLOCK csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) { InitializeSRWLock(lock); }
static inline void csrk_lock_destroy(csrk_lock_t *lock) { (void)lock; }
static inline void csrk_lock_lock(csrk_lock_t *lock) { AcquireSRWLockExclusive(lock); }
static inline void csrk_lock_unlock(csrk_lock_t *lock) { ReleaseSRWLockExclusive(lock); }
static inline int csrk_lock_has_waiters(csrk_lock_t *lock) { (void)lock; return -1; }
#elif defined(__linux__) && !defined(CSRK_PORTABLE_LOCK)
// A futex word instead of `pthread_mutex_t`: glibc's mutex spends about 55 instructions per
// uncontended lock and unlock pair on its type, owner and elision bookkeeping; this one is one
// atomic instruction each way, inline. Ulrich Drepper's "mutex3" ("Futexes Are Tricky", 2011),
// with a short spin before sleeping as in Rust's standard library: 0 unlocked, 1 locked, 2
// locked with possible waiters. Acquire and release orders make it a lock for the thread
// sanitizer too, which sees the atomics.
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
#define CSRK_LOCK_KIND "futex"
typedef struct {
  int32_t state;
} csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) {
  __atomic_store_n(&lock->state, 0, __ATOMIC_RELEASE);
}
static inline void csrk_lock_destroy(csrk_lock_t *lock) { (void)lock; }
/// Spins briefly while the lock is held without waiters (critical sections are a few dozen
/// instructions), so that a short wait costs no system call; returns the state last seen.
static inline int32_t csrk_lock_spin(csrk_lock_t *lock) {
  for (int spins = 100;; spins--) {
    int32_t state = __atomic_load_n(&lock->state, __ATOMIC_RELAXED);
    if (state != 1 || spins == 0) return state;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
  }
}
// The uncontended lock and unlock are always inlined, so that how large the calling function
// grows never decides whether a lock costs a call; their waiting and waking are not.
__attribute__((noinline)) static void csrk_lock_lock_contended(csrk_lock_t *lock) {
  int32_t seen = csrk_lock_spin(lock);
  if (seen == 0) {
    if (__atomic_compare_exchange_n(&lock->state, &seen, 1, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED)) {
      return;
    }
  }
  for (;;) {
    // Marks the lock contended, so that its holder wakes a waiter when it unlocks.
    if (seen != 2 && __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE) == 0) return;
    syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    seen = csrk_lock_spin(lock);
  }
}
__attribute__((always_inline)) static inline void csrk_lock_lock(csrk_lock_t *lock) {
  int32_t seen = 0;
  if (__atomic_compare_exchange_n(&lock->state, &seen, 1, false, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED)) {
    return;
  }
  csrk_lock_lock_contended(lock);
}
__attribute__((noinline)) static void csrk_lock_wake(csrk_lock_t *lock) {
  __atomic_store_n(&lock->state, 0, __ATOMIC_RELEASE);
  syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
__attribute__((always_inline)) static inline void csrk_lock_unlock(csrk_lock_t *lock) {
  if (__atomic_fetch_sub(&lock->state, 1, __ATOMIC_RELEASE) != 1) csrk_lock_wake(lock);
}
/// 1 while the word says a thread waits (or is about to) for the lock, 0 otherwise; for tests
/// that must see a waiter before they release.
static inline int csrk_lock_has_waiters(csrk_lock_t *lock) {
  return __atomic_load_n(&lock->state, __ATOMIC_ACQUIRE) == 2;
}
#else
#include <pthread.h>
#include <sched.h>
#define CSRK_LOCK_KIND "pthread_mutex"
#define CSRK_LOCK_IS_PTHREAD_MUTEX 1
typedef pthread_mutex_t csrk_lock_t;
/// Stops the process with `call`'s name and the error it returned: a mutex that cannot be
/// made, taken or given back leaves the state it guards unprotected, and no caller can recover.
/// In Shims.c, so that the message's formatting stays out of every inlined lock call.
void csrk_lock_failed(const char *call, int result) __attribute__((noreturn, cold));
/// An error-checking mutex: taking it again on the thread that holds it, or giving it back on
/// another thread, returns an error (and stops the process, below) instead of a deadlock or
/// undefined behaviour.
static inline void csrk_lock_init(csrk_lock_t *lock) {
  pthread_mutexattr_t attributes;
  int result = pthread_mutexattr_init(&attributes);
  if (result != 0) csrk_lock_failed("pthread_mutexattr_init", result);
  result = pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ERRORCHECK);
  if (result != 0) csrk_lock_failed("pthread_mutexattr_settype", result);
  result = pthread_mutex_init(lock, &attributes);
  if (result != 0) csrk_lock_failed("pthread_mutex_init", result);
  result = pthread_mutexattr_destroy(&attributes);
  if (result != 0) csrk_lock_failed("pthread_mutexattr_destroy", result);
}
static inline void csrk_lock_destroy(csrk_lock_t *lock) {
  int result = pthread_mutex_destroy(lock);
  if (result != 0) csrk_lock_failed("pthread_mutex_destroy", result);
}
static inline void csrk_lock_lock(csrk_lock_t *lock) {
  int result = pthread_mutex_lock(lock);
  if (result != 0) csrk_lock_failed("pthread_mutex_lock", result);
}
static inline void csrk_lock_unlock(csrk_lock_t *lock) {
  int result = pthread_mutex_unlock(lock);
  if (result != 0) csrk_lock_failed("pthread_mutex_unlock", result);
}
static inline int csrk_lock_has_waiters(csrk_lock_t *lock) { (void)lock; return -1; }
#endif

/// An identifier of the calling thread, unique among live threads.
static inline uintptr_t csrk_current_thread(void) {
#if defined(_WIN32)
  return (uintptr_t)GetCurrentThreadId();
#else
  return (uintptr_t)pthread_self();
#endif
}

/// Gives up the rest of the calling thread's time slice.
static inline void csrk_yield(void) {
#if defined(_WIN32)
  SwitchToThread();
#else
  sched_yield();
#endif
}

static inline intptr_t csrk_atomic_load(intptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void csrk_atomic_store(intptr_t *word, intptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline intptr_t csrk_atomic_exchange(intptr_t *word, intptr_t value) {
  return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

static inline intptr_t csrk_atomic_add(intptr_t *word, intptr_t delta) {
  return __atomic_fetch_add(word, delta, __ATOMIC_ACQ_REL);
}

/// Replaces `expected` with `desired`; returns the value found (equal to `expected` on success).
static inline intptr_t csrk_atomic_compare_exchange(intptr_t *word, intptr_t expected,
                                                    intptr_t desired) {
  __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL,
                              __ATOMIC_ACQUIRE);
  return expected;
}

/// Writes a line to standard error in one call, so lines from several threads do not interleave.
static inline void csrk_write_stderr_line(const char *line) {
  fprintf(stderr, "%s\n", line);
  fflush(stderr);
}

// MARK: - Files (StatePersistence)
//
// Defined in Shims.c. Each returns 0 on success or an errno value and never leaves a temporary
// file behind. Not available on Windows, where StatePersistence uses Foundation instead.
#if !defined(_WIN32)
#include <errno.h>
#include <stddef.h>

/// The errno values the Swift side tests for, without importing Glibc or Darwin.
enum {
  csrk_errno_exists = EEXIST,
  csrk_errno_invalid = EINVAL,
  csrk_errno_loop = ELOOP,
  csrk_errno_missing = ENOENT,
};

/// Where `csrk_place_replace` stopped, for its error message.
typedef enum {
  csrk_replace_step_none = 0,
  csrk_replace_step_create = 1,
  csrk_replace_step_write = 2,
  csrk_replace_step_sync = 3,
  csrk_replace_step_rename = 4,
} csrk_replace_step;

/// 0 when `stat` succeeds for `path` (following symbolic links), otherwise its errno value.
int csrk_stat_error(const char *path);

/// The system's message for an errno value, such as "No such file or directory".
const char *csrk_error_message(int code);

// MARK: - Files in a directory (no link followed that the caller did not ask for)
//
// Every call below works relative to a directory opened once (`csrk_place_open`), never
// follows a symbolic link at the last component unless told to, and then only a link owned by
// the user running the process that leads to a file of that user: a link or a file another
// user planted in a shared folder is refused, never opened, renamed or overwritten.

/// Why a place was refused, beside the errno value of a failed call.
typedef enum {
  csrk_refusal_none = 0,
  /// The last component is a symbolic link, and links are not followed for this file.
  csrk_refusal_link = 1,
  /// A symbolic link on the way belongs to another user.
  csrk_refusal_foreign_link = 2,
  /// The file belongs to another user.
  csrk_refusal_foreign_file = 3,
  /// Something other than a regular file is there: a folder, a device, a socket, a pipe.
  csrk_refusal_not_regular = 4,
} csrk_refusal;

/// The errno value (out of errno's range) of a call refused for a `csrk_refusal` reason.
enum { csrk_refused = -1 };

/// A file's place: an open directory and a name in it, found by `csrk_place_open`.
typedef struct {
  /// The directory's descriptor; -1 once closed.
  int directory;
  /// The name in `directory`, NUL-terminated.
  char name[1024];
  /// 1 when a regular file is there, 0 when nothing is.
  int exists;
  /// Why the place was refused, when `csrk_place_open` returned `csrk_refused`.
  csrk_refusal refusal;
  /// The owner of what was refused (a link or a file), or -1.
  long refused_owner;
  /// How many symbolic links were followed to reach the place (or the refusal).
  int links_followed;
  /// The path of what was refused or went round in a loop, NUL-terminated (may be relative
  /// to the directory of the link that named it).
  char refused_path[1024];
} csrk_place;

/// Opens the directory `directory` (following links there: they are the caller's path) and
/// finds `name` in it. A symbolic link at `name` is followed only when `follow_own_links` is
/// 1 and the link belongs to the user running the process, and so on along a chain of at most
/// 32 links; the place is then the chain's end, in the directory of the last link's target.
/// Returns 0, an errno value (ELOOP for a chain too long, ENOENT or ENOTDIR for a directory
/// missing) or `csrk_refused` with `place->refusal` set; the directory is closed unless 0 is
/// returned. Something other than a regular file there, or a file owned by another user, is
/// refused.
int csrk_place_open(const char *directory, const char *name, int follow_own_links,
                    csrk_place *place);

/// Closes the place's directory.
void csrk_place_close(csrk_place *place);

/// Replaces the file at the place with `count` bytes: a new file `temp_name` in the same
/// directory, created exclusively (O_EXCL, no link followed) with `mode`, written, flushed to
/// the device, then renamed over the place's name within that directory, and the directory
/// flushed. On failure, removes the temporary file, sets `*failed_step` and returns the errno
/// value. A `protection_class` above 0 is set on the new file on Apple platforms.
int csrk_place_replace(const csrk_place *place, const char *temp_name, const void *bytes,
                       size_t count, int protection_class, unsigned mode,
                       csrk_replace_step *failed_step);

/// Reads the regular file at the place, opened with no link followed; `*bytes` is then a
/// buffer of `*count` bytes the caller frees with `free`. Returns 0, an errno value, or
/// `csrk_refused` when something other than a regular file of this user is there.
int csrk_place_read(const csrk_place *place, void **bytes, size_t *count);

/// Renames the regular file at the place to `to_name` in the same directory, unless
/// `to_name` exists (EEXIST), and takes the group's and others' permissions off it. Refuses
/// (`csrk_refused`) anything that is not a regular file of this user.
int csrk_place_move_aside(const csrk_place *place, const char *to_name);

/// Removes the regular files of this user in the place's directory whose names start with
/// `prefix` and end with `suffix`; nothing else (no link, no folder) is touched.
void csrk_place_remove_leftovers(const csrk_place *place, const char *prefix,
                                 const char *suffix);

/// Frees a buffer of `csrk_place_read`.
static inline void csrk_free(void *bytes) { free(bytes); }
#endif

// The heap's bytes in use, for the tests that check that memory does not grow with the work
// done: what the allocator has handed out and not had back (glibc's mallinfo2, every arena's
// chunks in use and the blocks mapped on their own; Darwin's default zones' size in use), or
// -1 where the allocator does not say. Unlike the resident set, it does not count the pages
// the allocator keeps for later after a free, which move with fragmentation, not with leaks.
#if defined(__APPLE__)
#include <malloc/malloc.h>
static inline int64_t csrk_heap_bytes_in_use(void) {
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return (int64_t)stats.size_in_use;
}
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
static inline int64_t csrk_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
}
#else
static inline int64_t csrk_heap_bytes_in_use(void) { return -1; }
#endif

#endif
