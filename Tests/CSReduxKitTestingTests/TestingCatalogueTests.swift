import CSReduxKit
import CSReduxKitTesting
import Foundation
import Testing

// The CSReduxKitTesting rows of docs/reliability.md: each failure is produced here and its
// message must appear in the catalogue word for word, `<…>` placeholders aside (the same rule
// as CSReduxKitTests/ReliabilityCatalogueTests.swift, whose matcher this mirrors).

/// The messages of docs/reliability.md (code spans and `text` blocks), as whole-text patterns.
private let documented: [NSRegularExpression] = {
  let url = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(components: "docs", "reliability.md")
  guard let doc = try? String(contentsOf: url, encoding: .utf8) else { return [] }
  let fence = /```text\n([\s\S]*?)\n```/
  var texts = doc.matches(of: fence).map { String($0.output.1) }
  var body = doc
  body.replace(fence, with: "")
  texts += body.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }
  return texts.compactMap { template in
    var pattern = "^"
    var literal = 0
    var rest = Substring(template)
    while let match = rest.firstMatch(of: /<[a-z][a-z0-9 _-]*>/) {
      let before = rest[..<match.range.lowerBound]
      pattern += NSRegularExpression.escapedPattern(for: String(before)) + ".+?"
      literal += before.count
      rest = rest[match.range.upperBound...]
    }
    pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
    literal += rest.count
    return literal >= 20 ? try? NSRegularExpression(pattern: pattern) : nil
  }
}()

/// Records an issue unless docs/reliability.md shows the error's message.
private func expectDocumented(
  _ error: StoreExpectationError?, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let message = error?.message else {
    Issue.record("the scenario threw no StoreExpectationError", sourceLocation: sourceLocation)
    return
  }
  let range = NSRange(message.startIndex..., in: message)
  #expect(
    documented.contains { $0.firstMatch(in: message, range: range)?.range == range },
    "docs/reliability.md does not show this message; add it, or fix the code:\n\(message)",
    sourceLocation: sourceLocation)
}

@Suite("Reliability catalogue: CSReduxKitTesting's failures read as docs/reliability.md shows")
struct TestingCatalogueTests {
  @Test("the catalogue is found and holds messages")
  func catalogueIsRead() {
    #expect(documented.count > 40)
  }

  @Test("expect's failures read as documented")
  func expectFailures() async {
    let store = Store(state: Tally(), reducer: tallyReducer, diagnostics: { _ in })
    expectDocumented(
      await expectationError {
        try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 2 }
      })
    expectDocumented(
      await expectationError {
        try await store.expect(dispatching: Action(TallyAction.add, data: "two")) { $0.value = 2 }
      })
    expectDocumented(
      await expectationError {
        try await store.expectRejection(of: Action(TallyAction.add, data: 3))
      })
    let dropping = Store(
      state: Tally(), reducer: tallyReducer, middleware: [Middleware { _, _ in }])
    expectDocumented(
      await expectationError {
        try await dropping.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
      })
    let forgetful = Store(
      state: Tally(), reducer: Reducer<Tally> { _, _, _ in }, diagnostics: { _ in })
    expectDocumented(
      await expectationError {
        try await forgetful.expect(dispatching: Action(TallyAction.add, data: 1))
      })

    let chatty = Store(state: Tally(), reducer: tallyReducer)
    chatty.subscribe(to: [TallyAction.add]) { [weak chatty] _, _ in
      chatty?.dispatch(Action(TallyAction.note, data: "added"))
    }
    expectDocumented(
      await expectationError {
        try await chatty.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
      })
  }

  @Test("timeouts read as documented")
  func timeouts() async throws {
    let parking = Parking()
    let stuck = parking.store()
    expectDocumented(
      await expectationError {
        try await stuck.expect(
          dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(50)
        ) { $0.value = 1 }
      })
    expectDocumented(
      await expectationError {
        try await stuck.expect(
          dispatching: Action(TallyAction.add, data: 2), timeout: .milliseconds(50))
      })
    expectDocumented(
      await expectationError { try await stuck.waitUntilIdle(timeout: .milliseconds(50)) })
    let recorder = StoreRecorder(stuck)
    stuck.replaceState(with: Tally(value: 1))
    expectDocumented(
      await expectationError {
        try await recorder.waitForEntries(count: 2, timeout: .milliseconds(50))
      })
    parking.release()
    try await stuck.waitUntilIdle(timeout: .seconds(30))

    let follower = Parking()
    let store = Store(
      state: Tally(),
      reducer: Reducer { action, state, finish in
        if action.type == TallyAction.note.rawValue {
          follower.reducer.execute(action: action, state: state, finish: finish)
        } else {
          tallyReducer.execute(action: action, state: state, finish: finish)
        }
      }, name: "Follower", reducerTimeout: .zero, diagnostics: { _ in })
    store.subscribe(to: [TallyAction.add]) { [weak store] _, _ in
      store?.dispatch(Action(TallyAction.note, data: "later"))
    }
    expectDocumented(
      await expectationError {
        try await store.expect(
          dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(50)
        ) { $0.value = 1 }
      })
    follower.release()
    try await store.waitUntilIdle(timeout: .seconds(30))
  }

  @Test("a recorder's unread actions read as documented")
  func unread() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.note, data: "unread"))
    expectDocumented(
      await expectationError { try await recorder.expectNoMoreActions(timeout: .seconds(5)) })
  }
}
