import Dispatch

/// A dispatch timer that calls its handler once per deadline set, can be set again, and is
/// cancelled by its owner, which lets go of the handler and of the timer's memory at once.
///
/// Where `DispatchQueue.asyncAfter` would do, this is for timers that usually end before their
/// deadline (a wait that gets its value, a store that goes with its screen): a block given to
/// `asyncAfter` stays queued, with all it captured, until its deadline, however early its work
/// became pointless. A program that waits thousands of times with a long timeout, or opens and
/// closes thousands of screens, then held thousands of them.
///
/// `@unchecked Sendable`: a dispatch source may be set and cancelled from any thread, but
/// corelibs-dispatch does not declare its sources `Sendable`.
package struct DeadlineTimer: @unchecked Sendable {
  private let source: any DispatchSourceTimer

  /// A timer with no deadline yet, whose handler runs on `queue`.
  package init(queue: DispatchQueue = .global(), handler: @escaping @Sendable () -> Void) {
    source = DispatchSource.makeTimerSource(queue: queue)
    source.setEventHandler(handler: handler)
    // Active from the start, with no deadline it never fires: libdispatch refuses to free an
    // inactive source, so one dropped before its first deadline must be active too.
    source.activate()
  }

  /// Calls the handler once at `deadline`, in place of any deadline set before.
  package func fire(at deadline: DispatchTime) {
    source.schedule(deadline: deadline)
  }

  /// Ends the timer: the handler is not called again and is released. The owner calls it
  /// before dropping the timer; an active source that is never cancelled is never freed.
  package func cancel() {
    source.cancel()
  }
}
