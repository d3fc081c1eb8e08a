import CSReduxKit

/// One memory figure.
struct MemoryReading {
  var name: String
  var value: Double
  var unit: String
  var note: String
}

extension Bench {
  /// Peak resident memory after the first and the second dispatch count (1 M and 10 M; 100 k
  /// and 1 M with `--quick`) on a counter store with one subscriber.
  ///
  /// The peak only ever grows, so it runs before every other scenario: what it sees is the
  /// program's start-up plus this store. If dispatching kept memory per action, the second
  /// reading would exceed the first by about (second − first) × the bytes kept.
  mutating func memoryPeak() {
    let name = "memory/peak-rss"
    guard begins(name) else { return }
    let (first, second) = options.memoryCounts
    let store = makeCounterStore()
    let tally = Tally()
    let subscription = store.subscribe { _, _ in tally.count &+= 1 }
    let action = makeAction(type: incrementType)
    for _ in 0..<first { store.dispatch(action) }
    let peakFirst = Platform.peakResidentBytes()
    let anonymousFirst = Platform.anonymousResidentBytes()
    for _ in first..<second { store.dispatch(action) }
    let peakSecond = Platform.peakResidentBytes()
    let anonymousSecond = Platform.anonymousResidentBytes()
    check(store.state.value == second, "\(name): state \(store.state.value), expected \(second)")
    check(tally.count == second, "\(name): subscriber called \(tally.count)×, expected \(second)")
    subscription.cancel()
    guard let peakFirst, let peakSecond else {
      results.failures.append("\(name): the peak resident set is unavailable")
      return
    }
    let megabyte = 1_048_576.0
    results.memoryCounts = (first, second)
    results.memory.append(
      MemoryReading(
        name: "peak-rss-after-\(countLabel(first))", value: Double(peakFirst) / megabyte,
        unit: "MB", note: "peak resident set (\(peakSource)) after \(first) dispatches"))
    results.memory.append(
      MemoryReading(
        name: "peak-rss-after-\(countLabel(second))", value: Double(peakSecond) / megabyte,
        unit: "MB", note: "peak resident set (\(peakSource)) after \(second) dispatches"))
    results.memory.append(
      MemoryReading(
        name: "peak-rss-growth", value: Double(peakSecond - peakFirst) / megabyte, unit: "MB",
        note: "the second peak minus the first"))
    if let anonymousFirst, let anonymousSecond {
      results.memory.append(
        MemoryReading(
          name: "anonymous-rss-growth", value: Double(anonymousSecond - anonymousFirst) / megabyte,
          unit: "MB", note: "RssAnon (heap, not program pages) after the second count minus first"))
    }
  }

  /// Bytes one subscription holds: memory in use (resident set on Linux, malloc's bytes in use
  /// on Darwin) before and after subscribing 100,000 closures (each capturing one reference,
  /// like a view's), divided by 100,000. It counts the `Subscription` object, the closure's
  /// context, the store's table entry (its growth amortized) and the allocator's headers. It
  /// runs second, right after the peak-memory scenario, which frees almost nothing, so the
  /// subscriptions land on fresh pages rather than in memory freed earlier; page granularity
  /// makes the error under 0.1 byte per subscription. (Memory given back on cancel is not
  /// measured: freed memory stays resident in the allocator.)
  mutating func memoryPerSubscription() {
    let name = "memory/bytes-per-subscription"
    guard begins(name) else { return }
    let count = 100_000
    let store = makeCounterStore()
    let tally = Tally()
    // Written in full before the first reading, so the handles' array is not counted.
    var subscriptions = [Subscription?](repeating: nil, count: count)
    guard let before = Platform.memoryInUseBytes() else {
      results.failures.append("\(name): the allocator's statistics are unavailable")
      return
    }
    for index in 0..<count {
      subscriptions[index] = store.subscribe { _, _ in tally.count &+= 1 }
    }
    let after = Platform.memoryInUseBytes() ?? before
    store.dispatch(makeAction(type: incrementType))
    check(tally.count == count, "\(name): \(tally.count) notified, expected \(count)")
    let perSubscription = Double(after - before) / Double(count)
    results.memory.append(
      MemoryReading(
        name: "bytes-per-subscription", value: perSubscription, unit: "B",
        note: "memory in use delta over \(count) subscriptions, per subscription"))
    for subscription in subscriptions { subscription?.cancel() }
    check(store.subscriberCount == 0, "\(name): \(store.subscriberCount) left after cancelling")
    withExtendedLifetime(store) {}
  }
}

extension Bench {
  /// Bytes one timeline entry holds: memory in use before and after a timeline records
  /// 100,000 dispatches of a counter store (its capacity is that many, so none drops out),
  /// divided by 100,000. It counts the entry, the action's mark and the ring's slot; the
  /// counter's state is stored inline.
  mutating func memoryPerTimelineEntry() {
    let name = "memory/bytes-per-timeline-entry"
    guard begins(name) else { return }
    let count = 100_000
    let store = makeCounterStore()
    var codec = ActionLogCodec<Counter>()
    codec.register(incrementType)
    let action = makeAction(type: incrementType)
    guard let before = Platform.memoryInUseBytes() else {
      results.failures.append("\(name): the allocator's statistics are unavailable")
      return
    }
    // Made after the first reading: the ring's storage for `count` entries is counted.
    let timeline = Timeline(capacity: count)
    do {
      try timeline.record(store, codec: codec)
    } catch {
      results.failures.append("\(name): \(error)")
      return
    }
    for _ in 0..<count { store.dispatch(action) }
    let after = Platform.memoryInUseBytes() ?? before
    check(timeline.byteCount > 0, "\(name): nothing recorded")
    let perEntry = Double(after - before) / Double(count)
    results.memory.append(
      MemoryReading(
        name: "bytes-per-timeline-entry", value: perEntry, unit: "B",
        note: "memory in use delta over \(count) recorded dispatches, per entry"))
    withExtendedLifetime(timeline) {}
  }
}

/// Where the peak resident set comes from, for the notes.
#if os(Linux)
  let peakSource = "VmHWM"
#else
  let peakSource = "ru_maxrss"
#endif

/// `1M`, `10M`, `100k`: a count as a short label.
func countLabel(_ count: Int) -> String {
  if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
  if count >= 1_000 && count % 1_000 == 0 { return "\(count / 1_000)k" }
  return "\(count)"
}
