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

#if defined(__APPLE__)
#include <os/lock.h>
#include <pthread.h>
typedef os_unfair_lock csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) { *lock = OS_UNFAIR_LOCK_INIT; }
static inline void csrk_lock_destroy(csrk_lock_t *lock) { (void)lock; }
static inline void csrk_lock_lock(csrk_lock_t *lock) { os_unfair_lock_lock(lock); }
static inline void csrk_lock_unlock(csrk_lock_t *lock) { os_unfair_lock_unlock(lock); }
#elif defined(_WIN32)
#include <windows.h>
typedef SRWLOCK csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) { InitializeSRWLock(lock); }
static inline void csrk_lock_destroy(csrk_lock_t *lock) { (void)lock; }
static inline void csrk_lock_lock(csrk_lock_t *lock) { AcquireSRWLockExclusive(lock); }
static inline void csrk_lock_unlock(csrk_lock_t *lock) { ReleaseSRWLockExclusive(lock); }
#else
#include <pthread.h>
#include <sched.h>
typedef pthread_mutex_t csrk_lock_t;
static inline void csrk_lock_init(csrk_lock_t *lock) { pthread_mutex_init(lock, 0); }
static inline void csrk_lock_destroy(csrk_lock_t *lock) { pthread_mutex_destroy(lock); }
static inline void csrk_lock_lock(csrk_lock_t *lock) { pthread_mutex_lock(lock); }
static inline void csrk_lock_unlock(csrk_lock_t *lock) { pthread_mutex_unlock(lock); }
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
enum { csrk_errno_exists = EEXIST, csrk_errno_invalid = EINVAL };

/// Where `csrk_replace_file` stopped, for its error message.
typedef enum {
  csrk_replace_step_none = 0,
  csrk_replace_step_create = 1,
  csrk_replace_step_write = 2,
  csrk_replace_step_sync = 3,
  csrk_replace_step_rename = 4,
} csrk_replace_step;

/// Writes `count` bytes to a new file at `temp_path` (which must not exist), flushes it to the
/// storage device (F_FULLFSYNC on Darwin, fsync elsewhere), renames it over `path`, then
/// flushes `directory` so that the rename itself survives a power cut. On failure, removes the
/// temporary file, sets `*failed_step` and returns the errno value; `path` is then untouched.
int csrk_replace_file(const char *path, const char *temp_path, const char *directory,
                      const void *bytes, size_t count, csrk_replace_step *failed_step);

/// The system's message for an errno value, such as "No such file or directory".
const char *csrk_error_message(int code);

/// Renames `from` to `to` unless `to` exists (returns EEXIST then): atomically with
/// renamex_np / renameat2 or a hard link where the file system allows, else check-then-rename.
int csrk_rename_exclusive(const char *from, const char *to);
#endif

#endif
