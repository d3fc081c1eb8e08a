import Testing

@Suite("demo binary, feature modules and help, end to end")
struct ModulesEndToEndTests {
  @Test("demo todo adds newest first and reports an out-of-range delete")
  func todo() async throws {
    let run = try await DemoBinary.run(["todo", "-e", "add Work; add Eat; delete 0; delete 3"])
    #expect(run.status == 0)
    #expect(
      run.output == """
        > add Work
        action addTask (0) payload "Work"
        tasks |   0  Work

        > add Eat
        action addTask (0) payload "Eat"
        tasks |   0  Eat
              |   1  Work

        > delete 0
        action deleteTask (1) payload 0
        tasks |   0  Work

        > delete 3
        action deleteTask (1) payload 3
        diagnostic: deleteTask (1) failed: task 3 is out of range: the list has 1 task; \
        the state is unchanged
        tasks |   0  Work

        """)
  }

  @Test("demo todo search shows the matching tasks once its effect answered, and search clears")
  func todoSearch() async throws {
    let run = try await DemoBinary.run([
      "todo", "-e", "add Buy milk; add Walk dog; search MILK; delete 1; search",
    ])
    #expect(run.status == 0)
    #expect(
      run.output == """
        > add Buy milk
        action addTask (0) payload "Buy milk"
        tasks |   0  Buy milk

        > add Walk dog
        action addTask (0) payload "Walk dog"
        tasks |   0  Walk dog
              |   1  Buy milk

        > search MILK
        action showSearch (3) payload "MILK"
        search | "MILK": 1 of 2 tasks
        tasks  |   1  Buy milk

        > delete 1
        action deleteTask (1) payload 1
        search | "MILK": 0 of 1 tasks
        tasks  | (no task matches "MILK")

        > search
        action showSearch (3) payload ""
        tasks |   0  Walk dog

        """)
  }

  @Test("demo rps hides player one's weapon until player two chose, and new starts over")
  func rps() async throws {
    let run = try await DemoBinary.run(["rps"], input: "scissors\nrock\nnew\n")
    #expect(run.status == 0)
    #expect(
      run.output == """
        > scissors
        action chooseWeapon (0) payload scissors
        message | PLAYER 2 - Choose your weapon:
        players | player 1: chosen
                | player 2: -

        > rock
        action chooseWeapon (0) payload rock
        message | PLAYER 2 WINS!
        players | player 1: scissors
                | player 2: rock

        > new
        action newGame (1)
        message | PLAYER 1 - Choose your weapon:
        players | player 1: -
                | player 2: -

        """)
  }

  @Test("demo settings: the button on screen B updates both screens")
  func settings() async throws {
    let run = try await DemoBinary.run(["settings", "-e", "filter; button; facebook"])
    #expect(run.status == 0)
    #expect(
      run.output == """
        > filter
        action toggleFilter (0)
        screen A: settings    | screen B
        Filter    [x] on      | [ facebook ] off
        Facebook  [ ] off     |

        > button
        action toggleFacebook (1)
        screen A: settings    | screen B
        Filter    [x] on      | [ facebook ] on
        Facebook  [x] on      |

        > facebook
        action toggleFacebook (1)
        screen A: settings    | screen B
        Filter    [x] on      | [ facebook ] off
        Facebook  [ ] off     |

        """)
  }

  @Test("--script runs the commands of a file")
  func scriptFile() async throws {
    let run = try await DemoBinary.run(["rps", "--script", "/dev/stdin"], input: "rock\nquit\n")
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("> rock\naction chooseWeapon (0) payload rock\n"))
    #expect(run.output.hasSuffix("\n\n> quit\n"))
  }

  @Test("demo --help lists the modules, keys and commands")
  func help() async throws {
    let run = try await DemoBinary.run(["--help"])
    #expect(run.status == 0)
    for text in [
      "MODULES", "todo", "rps", "settings", "DEMO TODO", "DEMO RPS", "DEMO SETTINGS",
      "add TEXT", "select ROW", "delete INDEX", "scissors", "button", "Up/Down", "Esc",
      "Ctrl-C", "EXIT STATUS", "--log FILE", "demo replay FILE", "replay --check FILE",
      "DEMO REPLAY", "Home/End",
    ] {
      #expect(run.output.contains(text), "help lacks \(text)")
    }
  }
}
