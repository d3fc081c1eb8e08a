import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Testing

@testable import CSDemoFeature

@Suite("CSDemo: addContentFinish finishes once its record is saved")
@MainActor
struct CSDemoSaveTests {
  @Test("the reducer calls finish for addContentFinish only when the save answers")
  func reducerFinishesLater() async throws {
    let gate = GatedSaver()
    let reducer = CSDemoReducer(saver: gate.saver)
    let editing = CSDemoState(listData: ["Eat"], currentAddText: "Eat", canEdit: true)
    let isFinished = _Locked(false)
    let state = try await withCheckedThrowingContinuation { continuation in
      let finish = Finish<CSDemoState>(named: "csdemo") { result in
        isFinished.withLock { $0 = true }
        continuation.resume(with: result)
      }
      reducer.execute(action: Action(.addContentFinish, "Work"), state: editing, finish: finish)
      #expect(isFinished.withLock { $0 } == false, "execute returned before the save answered")
      #expect(gate.requested == ["Work"])
      gate.answer("Work")
    }
    #expect(state.listData == ["Eat", "Work"])
    #expect(state.currentAddText == "Work")
    #expect(state.canEdit == false)
  }

  @Test("every other action, and a rejected addContentFinish, finishes before execute returns")
  func othersFinishAtOnce() {
    let gate = GatedSaver()
    let reducer = CSDemoReducer(saver: gate.saver)
    let outcomes = _Locked<[Bool]>([])
    let actions = [
      Action(.beginAddContent), Action(.titleClick, "Eat"), Action(.cellClick, "Eat"),
      Action(.deleteContent, 0), Action(.signOut), Action(.addContentFinish, 7),
    ]
    for action in actions {
      let finish = Finish<CSDemoState>(named: "csdemo") { result in
        outcomes.withLock { $0.append((try? result.get()) != nil) }
      }
      reducer.execute(
        action: action, state: CSDemoState(listData: ["Eat"]), finish: finish)
    }
    #expect(outcomes.withLock { $0 } == [true, true, true, true, true, false])
    #expect(gate.requested.isEmpty, "nothing was saved")
  }

  @Test("while the record saves, the input shows it as saving and the list does not have it")
  func pendingSave() async throws {
    let gate = GatedSaver()
    let store = CSDemoStore(reducer: CSDemoReducer(saver: gate.saver), diagnostics: { _ in })
    let screen = CSDemoScreen(store: store)
    _ = screen.tapAdd()
    _ = screen.type("Buy milk")
    #expect(screen.submit() == nil)
    #expect(gate.isPending("Buy milk"))
    #expect(store.isIdle == false)
    #expect(screen.inputView.render() == ["[Buy milk] saving..."])
    #expect(screen.titleView.text == "Adding text....")
    #expect(screen.addButton.isVisible == false)
    #expect(screen.listView.rows.isEmpty)
    #expect(store.state.listData.isEmpty)
    #expect(screen.isAdding == false)
    #expect(screen.type("x") == "saving...")
    #expect(screen.submit() == "saving...")
    gate.answer("Buy milk")
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(screen.titleView.render() == ["Buy milk"])
    #expect(screen.inputView.render() == ["(please enter content)"])
    #expect(screen.listView.rows == ["Buy milk"])
    #expect(screen.addButton.isVisible)
    #expect(screen.type("x") == "tap Add first!")
  }

  @Test("actions dispatched while a record saves wait in the queue and run after it, in order")
  func queuedBehindSave() async throws {
    let gate = GatedSaver()
    let store = CSDemoStore(reducer: CSDemoReducer(saver: gate.saver), diagnostics: { _ in })
    let committed = _Locked<[Int]>([])
    let subscription = store.subscribe { action, _ in committed.withLock { $0.append(action.type) }
    }
    store.dispatch(Action(.addContentFinish, "Eat"))
    store.dispatch(Action(.addContentFinish, "Work"))
    store.dispatch(Action(.titleClick, "Work"))
    #expect(await gate.requests(count: 1) == ["Eat"])
    #expect(gate.requested == ["Eat"], "the next reducer waits for the first to finish")
    #expect(committed.withLock { $0 }.isEmpty)
    gate.answer("Eat")
    #expect(await gate.requests(count: 2) == ["Eat", "Work"])
    #expect(store.state.listData == ["Eat"])
    gate.answer("Work")
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.listData == ["Eat", "Work"])
    #expect(store.state.title == "Work")
    #expect(committed.withLock { $0 } == [1, 1, 3])
    subscription.cancel()
  }
}
