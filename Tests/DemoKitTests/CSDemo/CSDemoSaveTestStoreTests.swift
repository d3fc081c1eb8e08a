import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Dispatch
import Testing

@testable import CSDemoFeature

@Suite("CSDemo: the asynchronous save, step by step with TestStore")
struct CSDemoSaveTestStoreTests {
  @Test("a record is committed when the save answers on its own thread; actions queue behind")
  func saveStepByStep() async {
    // A save that answers on another thread, as a server would, without waiting.
    let saver = RecordSaver { _, done in DispatchQueue.global().async { done() } }
    let store = CSDemoStore(reducer: CSDemoReducer(saver: saver), diagnostics: { _ in })
    let test = TestStore(store, timeout: .seconds(300))
    await test.send(Action(.beginAddContent)) { $0.canEdit = true }
    await test.send(Action(.addContentFinish, "Work")) {
      $0.listData = ["Work"]
      $0.currentAddText = "Work"
      $0.canEdit = false
    }
    await test.send(Action(.titleClick, "Today")) { $0.title = "Today" }
    await test.finish()
  }
}
