import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Testing

@testable import CSDemoFeature
@testable import DemoKit
@testable import RockPaperScissorsFeature
@testable import SettingsFeature
@testable import TodoFeature

@Suite("Sign out: one broadcast resets every module's store")
@MainActor
struct SignOutTests {
  @Test("each module's reducer starts over on its own signOut action")
  func reducers() throws {
    var csdemo = CSDemoState(listData: ["Eat"], currentAddText: "Eat", canEdit: true)
    csdemo.title = "Eat"
    #expect(try CSDemoReducer.reduce(Action(.signOut), csdemo) == CSDemoState())
    let todo = TodoState(tasks: [TodoTask(name: "Work")])
    #expect(try TodoReducer.reduce(Action(TodoActionType.signOut), todo) == TodoState())
    let rps = try RPSReducer.reduce(
      Action(RPSActionType.chooseWeapon, data: Weapon.rock), RPSState())
    #expect(try RPSReducer.reduce(Action(RPSActionType.signOut), rps) == RPSState())
    let settings = SettingsState(
      settings: AppSettings(filter: true, facebook: true), users: [SettingsUser(name: "Ann")])
    #expect(
      try SettingsReducer.reduce(Action(SettingsActionType.signOut), settings) == SettingsState())
  }

  @Test("signOut comes after each module's seed action types, which keep their numbers")
  func actionNumbers() {
    #expect(CSDemoActionType.signOut.rawValue == 5)
    #expect(CSDemoActionType.cellClick.rawValue == 4)
    #expect(TodoActionType.signOut.rawValue == 2)
    #expect(RPSActionType.signOut.rawValue == 2)
    #expect(SettingsActionType.signOut.rawValue == 3)
  }

  @Test("DemoApp.signOut resets all four stores and names them in the status")
  func appSignsOutOfEveryModule() async throws {
    let app = DemoApp()
    let csdemo = app.store(of: CSDemo.self)
    csdemo.dispatch(Action(.addContentFinish, "Buy milk"))
    try await csdemo.waitUntilIdle(timeout: .seconds(300))
    app.store(of: Todo.self).dispatch(Action(TodoActionType.addTask, data: "Work"))
    app.store(of: RockPaperScissors.self).dispatch(
      Action(RPSActionType.chooseWeapon, data: Weapon.paper))
    app.store(of: Settings.self).dispatch(Action(SettingsActionType.toggleFacebook))
    #expect(app.store(of: Todo.self).state.tasks.count == 1)
    let status = await app.signOut()
    #expect(status == "signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset")
    #expect(csdemo.state == CSDemoState())
    #expect(app.store(of: Todo.self).state == TodoState())
    #expect(app.store(of: RockPaperScissors.self).state == RPSState())
    #expect(app.store(of: Settings.self).state == SettingsState())
    #expect(app.diagnosticLog.takeLines() == [])
    #expect(
      app.coordinator.storeNames == ["CSDemoStore", "TodoStore", "RPSStore", "SettingsStore"])
  }

  @Test("the CSDemo components show their initial text again after signout")
  func csdemoComponents() async throws {
    let session = DemoApp().session(of: CSDemo.self)
    for command in ["add Eat", "select 0", "title", "begin"] {
      try await session.run(command)
    }
    #expect(session.screen.isAdding)
    let result = await session.perform(ScriptCommand(name: "signout"))
    #expect(
      result == .done(message: "signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset"))
    #expect(session.screen.titleView.text == TitleView.initialText)
    #expect(session.screen.inputView.isFocused == false)
    #expect(session.screen.listView.rows == [])
    #expect(session.screen.listView.selectedRow == nil)
    #expect(session.screen.addButton.isVisible)
    #expect(session.screen.isAdding == false)
  }

  @Test("the o key signs out, but types an o while adding")
  func key() async throws {
    let session = DemoApp().session(of: CSDemo.self)
    try await session.run("add Eat")
    _ = await session.handle(.character("a"))
    #expect(await session.handle(.character("o")) == .ok)
    #expect(session.screen.inputView.text == "o")
    _ = await session.handle(.escape)
    let result = await session.handle(.character("o"))
    #expect(
      result == .done(message: "signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset"))
    #expect(session.store.state.listData == [])
  }

  @Test("every session signs out of the stores of the app it runs in")
  func everySession() async {
    for module in DemoModule.all {
      let app = DemoApp()
      let todo = app.store(of: Todo.self)
      todo.dispatch(Action(TodoActionType.addTask, data: "Work"))
      let session = app.makeSession(module)
      #expect(await session.perform(ScriptCommand(name: "signout")) != .unknown, "\(module.name)")
      #expect(todo.state.tasks.isEmpty, "\(module.name)")
    }
  }
}

@Suite("demo binary, sign out, end to end")
struct SignOutEndToEndTests {
  @Test("demo: signout clears the title, the list and its highlight")
  func csdemo() async throws {
    let run = try await DemoBinary.run(["-e", "add Buy milk; title; signout"])
    #expect(run.status == 0)
    #expect(run.error == "")
    #expect(
      run.output == """
        > add Buy milk
        action beginAddContent (0)
        action addContentFinish (1) payload "Buy milk"
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk

        > title
        action titleClick (3) payload "Buy milk"
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk  <- title

        > signout
        action signOut (5)
        status: signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset
        title  | Title
        input  | (please enter content)
        button | [Add]
        list   | (empty)

        """)
  }

  @Test("demo todo, rps and settings: signout resets the module")
  func modules() async throws {
    let todo = try await DemoBinary.run(["todo", "-e", "add Work; signout"])
    #expect(todo.status == 0)
    #expect(
      todo.output == """
        > add Work
        action addTask (0) payload "Work"
        tasks |   0  Work

        > signout
        action signOut (2)
        status: signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset
        tasks | (no tasks)

        """)
    let rps = try await DemoBinary.run(["rps"], input: "rock\nsignout\n")
    #expect(rps.status == 0)
    #expect(
      rps.output == """
        > rock
        action chooseWeapon (0) payload rock
        message | PLAYER 2 - Choose your weapon:
        players | player 1: chosen
                | player 2: -

        > signout
        action signOut (2)
        status: signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset
        message | PLAYER 1 - Choose your weapon:
        players | player 1: -
                | player 2: -

        """)
    let settings = try await DemoBinary.run(["settings", "-e", "filter; button; signout"])
    #expect(settings.status == 0)
    #expect(
      settings.output.hasSuffix(
        """
        > signout
        action signOut (3)
        status: signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore reset
        screen A: settings    | screen B
        Filter    [ ] off     | [ facebook ] off
        Facebook  [ ] off     |

        """))
  }

  @Test("demo --help lists the signout command and the o key")
  func help() async throws {
    let run = try await DemoBinary.run(["--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("    signout         sign out: every module's store resets"))
    #expect(run.output.contains("    o           sign out: every module resets (when not typing)"))
  }

  @Test("the o key signs out in the full-screen mode")
  func interactiveKey() async throws {
    let demo = try await PTYProcess.start(arguments: ["settings"])
    #expect(await demo.read { $0.contains("[ facebook ] off") })
    demo.send("b")
    #expect(await demo.read { $0.contains("[ facebook ] on") })
    demo.send("o")
    #expect(await demo.read { $0.contains("last action signOut (3)") })
    #expect(await demo.read { $0.contains("signed out: CSDemoStore") })
    demo.send("q")
    #expect(await demo.waitForExit() == 0)
    #expect(demo.mode == demo.modeBefore)
  }
}
