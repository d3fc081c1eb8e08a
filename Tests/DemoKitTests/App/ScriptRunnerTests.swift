import CSReduxKit
import DemoUI
import Testing

@testable import CSDemoFeature
@testable import DemoKit

@Suite("Script runner on the main actor")
@MainActor
struct ScriptRunnerTests {
  @Test(
    "a frame shows a record saved on another thread: the runner waits, then lets deliveries run")
  func frameAfterSave() async {
    let session = DemoApp().session(of: CSDemo.self)
    var output = ""
    let runner = ScriptRunner(session: session) { output += $0 }
    let isClean = await runner.run([ScriptCommand(name: "add", argument: "Buy milk")])
    #expect(isClean)
    #expect(
      output == """
        > add Buy milk
        action beginAddContent (0)
        action addContentFinish (1) payload "Buy milk"
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk

        """)
  }
}
