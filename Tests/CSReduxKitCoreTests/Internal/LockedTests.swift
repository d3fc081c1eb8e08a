import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing
import _CSReduxKitShims

/// The lock every store's internals sit behind (a futex word on Linux, `os_unfair_lock` on
/// Apple platforms, an SRW lock on Windows, a POSIX mutex elsewhere and in a build with
/// `-Xcc -DCSRK_PORTABLE_LOCK`).
@Suite("The store's lock")
struct LockTests {
  /// The lock this platform gets, or the one `CSREDUXKIT_EXPECTED_LOCK` names: CI sets it when
  /// it builds the portable lock, so that these tests fail if the define did not take.
  static var expectedLock: String {
    if let named = ProcessInfo.processInfo.environment["CSREDUXKIT_EXPECTED_LOCK"] {
      return named
    }
    #if canImport(Darwin)
      return "os_unfair_lock"
    #elseif os(Windows)
      return "SRWLOCK"
    #elseif os(Linux) || os(Android)
      return "futex"
    #else
      return "pthread_mutex"
    #endif
  }

  @Test("the lock is the one the platform and the build settings choose")
  func chosenLock() {
    #expect(CSRK_LOCK_KIND == Self.expectedLock)
  }

  // The POSIX mutex checks what each of its calls returns. Giving it back when no thread holds
  // it is an error for an error-checking mutex (a plain one silently goes on, its state
  // undefined), and the failed call stops the process with its name. Only the portable-lock
  // build has that mutex.
  #if os(macOS) || os(Linux) || os(Windows)
    @Test(
      "the POSIX mutex stops with the failed call named, never goes on unlocked",
      .enabled(if: CSRK_LOCK_KIND == "pthread_mutex"))
    func mutexFailureNamed() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let lock = UnsafeMutablePointer<csrk_lock_t>.allocate(capacity: 1)
        csrk_lock_init(lock)
        csrk_lock_unlock(lock)  // never taken
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(standardError.contains("CSReduxKit: pthread_mutex_unlock failed: "))
    }

    // Taking the mutex again on the thread that holds it: a plain mutex deadlocks there, an
    // error-checking one returns an error, and the failed call stops the process with its name.
    @Test(
      "the POSIX mutex taken twice by one thread stops with the call named, never deadlocks",
      .enabled(if: CSRK_LOCK_KIND == "pthread_mutex"))
    func mutexRelockNamed() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let lock = UnsafeMutablePointer<csrk_lock_t>.allocate(capacity: 1)
        csrk_lock_init(lock)
        csrk_lock_lock(lock)
        csrk_lock_lock(lock)  // already held by this thread
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(standardError.contains("CSReduxKit: pthread_mutex_lock failed: "))
    }
  #endif

  @Test("threads contending for the lock never lose an update")
  func mutualExclusion() async {
    let threads = 4
    let perThread = 50_000
    // A pair written together: a torn update would leave them unequal.
    let counter = _Locked((0, 0))
    await onThreads(threads) { _ in
      for _ in 0..<perThread {
        counter.withLock { pair in
          pair.0 += 1
          pair.1 = pair.0
        }
      }
    }
    let (count, copy) = counter.withLock { $0 }
    #expect(count == threads * perThread)
    #expect(copy == count)
  }

  @Test("a thread waiting for the lock wakes when it is released")
  func waiterWakes() async {
    let locked = _Locked(0)
    let holding = Latch()
    let release = DispatchSemaphore(value: 0)
    let done = Latch()
    DispatchQueue.global().async {
      locked.withLock { value in
        holding.open()
        release.wait()  // keeps the lock until the main thread lets go
        value = 1
      }
    }
    await holding.wait()
    DispatchQueue.global().async {
      let seen = locked.withLock { $0 }  // blocks in the kernel until the holder unlocks
      #expect(seen == 1)
      done.open()
    }
    // Released only once the contender waits for the lock, so that the unlock must wake it;
    // where the lock cannot say (`nil`), the test still checks that the contender gets it.
    let deadline = ContinuousClock.now + .seconds(hangBound)
    while locked.hasWaiters == false, ContinuousClock.now < deadline { await Task.yield() }
    #expect(locked.hasWaiters != false, "the contender never waited for the lock")
    release.signal()
    await done.wait()
    #expect(locked.withLock { $0 } == 1)
  }
}
