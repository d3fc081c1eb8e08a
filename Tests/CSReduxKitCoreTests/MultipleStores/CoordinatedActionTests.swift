import CSReduxKitCore
import Testing

/// An action type of the app's own, which a follow may make instead of an ``Action``.
private struct Rename: ActionProtocol {
  let type = 42
  let newName: String
  var data: (any Sendable)? { newName }
}

/// A payload that is an object, to tell the wrapped payload from a copy of it.
private final class Box: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}

@Suite("CoordinatedAction: what it keeps of the action it wraps")
struct CoordinatedActionTests {
  @Test("an Action keeps its type and its payload, the same object, without a box of its own")
  func wrapsAnAction() throws {
    let box = Box(7)
    let wrapped = CoordinatedAction(Action(type: 3, data: box), path: ["A", "B"])
    #expect(wrapped.type == 3)
    #expect((wrapped.data as? Box) === box)
    let unwrapped = try #require(wrapped.action as? Action)
    #expect(unwrapped.type == 3)
    #expect((unwrapped.data as? Box) === box)
    #expect(wrapped.path == ["A", "B"])
    #expect(wrapped.hops == 1)
    // Three words at most: an `any ActionProtocol` then holds it without allocating a box.
    #expect(MemoryLayout<CoordinatedAction>.size <= 3 * MemoryLayout<Int>.size)
  }

  @Test("an Action without a payload stays without one")
  func wrapsAnActionWithoutPayload() throws {
    let wrapped = CoordinatedAction(Action(type: 5), path: ["A", "B", "C"])
    #expect(wrapped.type == 5)
    #expect(wrapped.data == nil)
    let unwrapped = try #require(wrapped.action as? Action)
    #expect(unwrapped.type == 5)
    #expect(unwrapped.data == nil)
    #expect(wrapped.hops == 2)
  }

  @Test("an action of another type comes back as itself")
  func wrapsAnotherActionType() throws {
    let wrapped = CoordinatedAction(Rename(newName: "Ada"), path: [])
    #expect(wrapped.type == 42)
    #expect(wrapped.data as? String == "Ada")
    let unwrapped = try #require(wrapped.action as? Rename)
    #expect(unwrapped.newName == "Ada")
    #expect(wrapped.path.isEmpty)
    #expect(wrapped.hops == 0)
  }

  @Test("a coordinated action wrapped again keeps the inner one whole")
  func wrapsACoordinatedAction() throws {
    let inner = CoordinatedAction(Action(type: 9, data: 1), path: ["A", "B"])
    let outer = CoordinatedAction(inner, path: ["B", "C"])
    #expect(outer.type == 9)
    #expect(outer.data as? Int == 1)
    let unwrapped = try #require(outer.action as? CoordinatedAction)
    #expect(unwrapped.path == ["A", "B"])
    #expect(outer.description.contains("B -> C"))
  }
}
