import Dispatch

// The one place that runs main-actor code without the runtime's check of that isolation: the
// unsafe cast below, and the main-queue test (`isOnMainQueue()`) that every caller makes first,
// which is what makes the cast sound. docs/architecture.md lists it with the package's other
// unsafe code.

/// Runs `body`, which is isolated to the main actor, from a block of the main queue, the main
/// actor's executor, without the runtime's check of that isolation.
///
/// `MainActor.assumeIsolated` would check it, and the check differs between runtimes: the
/// runtime of macOS 13 and 14 (and iOS 16 and 17) accepts the main thread only, while a
/// command-line program that calls `dispatchMain()` (an `async` `main` does) has the main
/// queue's blocks run by another thread; the check would stop such a program at its first
/// main-actor delivery. The caller has checked that it runs on the main queue
/// (`isOnMainQueue()`, or a block given to `DispatchQueue.main`), which makes the isolation
/// hold whichever thread serves the queue, on every runtime.
@inline(__always)
func unsafeRunOnMainQueueAsMainActor(_ body: @MainActor () -> Void) {
  withoutActuallyEscaping(body) { body in
    unsafeBitCast(body, to: (() -> Void).self)()
  }
}

/// Whether the caller runs on the main dispatch queue, the main actor's executor.
///
/// The queue, not the thread: once a program calls `dispatchMain()` (an `async` `main` does),
/// the main queue's blocks may run on another thread, and the runtime's main-actor check
/// accepts them. Inside a block of another queue, even on the main thread, this is `false`
/// and deliveries take the main queue.
package func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
