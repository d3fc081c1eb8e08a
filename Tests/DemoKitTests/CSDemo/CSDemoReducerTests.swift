import CSReduxKit
import DemoUI
import Testing

@testable import CSDemoFeature
@testable import DemoKit

@Suite("CSDemo reducer, row by row")
struct CSDemoReducerTests {
  let start = CSDemoState(
    listData: ["Eat", "Work"], currentAddText: "Work", canEdit: false, title: nil)

  @Test("action types are numbered 0 to 4 in the CSReduxKit demo's order, then signOut")
  func actionTypesInOrder() {
    #expect(
      CSDemoActionType.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    #expect(
      CSDemoActionType.allCases.map { "\($0)" } == [
        "beginAddContent", "addContentFinish", "deleteContent", "titleClick", "cellClick",
        "signOut",
      ])
  }

  @Test("beginAddContent sets canEdit")
  func beginAddContent() throws {
    let state = try CSDemoReducer.reduce(Action(.beginAddContent), start)
    var expected = start
    expected.canEdit = true
    #expect(state == expected)
  }

  @Test("addContentFinish appends at the end, sets currentAddText and clears canEdit")
  func addContentFinish() throws {
    var editing = start
    editing.canEdit = true
    let state = try CSDemoReducer.reduce(Action(.addContentFinish, "Sleep"), editing)
    #expect(state.listData == ["Eat", "Work", "Sleep"])
    #expect(state.currentAddText == "Sleep")
    #expect(state.canEdit == false)
  }

  @Test("deleteContent removes the row and sets currentAddText to the last element")
  func deleteContent() throws {
    let state = try CSDemoReducer.reduce(Action(.deleteContent, 1), start)
    #expect(state.listData == ["Eat"])
    #expect(state.currentAddText == "Eat")
    let empty = try CSDemoReducer.reduce(Action(.deleteContent, 0), state)
    #expect(empty.listData.isEmpty)
    #expect(empty.currentAddText == nil)
  }

  @Test("titleClick sets the title")
  func titleClick() throws {
    let state = try CSDemoReducer.reduce(Action(.titleClick, "Eat"), start)
    #expect(state.title == "Eat")
    #expect(state.listData == start.listData)
  }

  @Test("cellClick sets currentAddText")
  func cellClick() throws {
    let state = try CSDemoReducer.reduce(Action(.cellClick, "Eat"), start)
    #expect(state.currentAddText == "Eat")
  }

  @Test("a row out of range throws an IndexOutOfRangeError")
  func rowOutOfRange() {
    #expect(throws: IndexOutOfRangeError(index: 5, count: 2, noun: "row")) {
      try CSDemoReducer.reduce(Action(.deleteContent, 5), start)
    }
  }

  @Test("a payload of the wrong type throws a PayloadError that names both types")
  func wrongPayload() {
    #expect(throws: PayloadError(actionType: 3, expected: "String", found: "Int")) {
      try CSDemoReducer.reduce(Action(.titleClick, 42), start)
    }
  }

  @Test("a missing payload throws, so the store keeps the state and reports it")
  func missingPayload() {
    #expect(throws: PayloadError(actionType: 1, expected: "String", found: nil)) {
      try CSDemoReducer.reduce(Action(.addContentFinish), start)
    }
  }

  @Test("an unknown action type changes nothing")
  func unknownType() throws {
    #expect(try CSDemoReducer.reduce(Action(type: 99), start) == start)
  }
}

@Suite("CSDemo store diagnostics")
struct CSDemoStoreTests {
  @Test("out-of-range delete keeps the state and is reported")
  func outOfRangeDelete() {
    let recorder = DiagnosticRecorder()
    let store = CSDemoStore(
      state: CSDemoState(listData: ["Sing"], currentAddText: "Sing"),
      diagnostics: recorder.handler)
    let before = store.state
    store.dispatch(Action(.deleteContent, 3))
    #expect(store.state == before)
    let diagnostic = recorder.diagnostics.first
    #expect(recorder.diagnostics.count == 1)
    #expect(diagnostic?.kind == .reducerFailed)
    #expect(diagnostic?.actionName == "deleteContent")
    #expect(
      diagnostic.map { "\($0.error.map { "\($0)" } ?? "")" }
        == "row 3 is out of range: the list has 1 row")
  }

  @Test("a wrong payload type is reported and leaves the state unchanged")
  func wrongPayloadReported() {
    let recorder = DiagnosticRecorder()
    let store = CSDemoStore(diagnostics: recorder.handler)
    store.dispatch(Action(.addContentFinish, 7))
    #expect(store.state == CSDemoState())
    #expect(recorder.diagnostics.map(\.kind) == [.reducerFailed])
    #expect(
      DiagnosticLog.describe(recorder.diagnostics[0])
        == "diagnostic: addContentFinish (1) failed: action 1: expected String payload, "
        + "found Int; the state is unchanged")
  }
}
