import Testing

@Suite("demo binary, scripted mode, end to end")
struct ScriptedEndToEndTests {
  @Test("add Buy milk shows the title, an empty unfocused input and the list's last row")
  func headline() async throws {
    let run = try await DemoBinary.run(["-e", "add Buy milk"])
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

        """)
  }

  @Test("commands piped on stdin: user-side errors, title highlight, diagnostics")
  func pipedSession() async throws {
    let script = """
      type x
      begin
      submit
      type Eat
      submit
      title
      delete 4
      quit
      select 0
      """
    let run = try await DemoBinary.run([], input: script)
    #expect(run.status == 0)
    #expect(
      run.output == """
        > type x
        action (none)
        status: tap Add first!
        title  | Title
        input  | (please enter content)
        button | [Add]
        list   | (empty)

        > begin
        action beginAddContent (0)
        title  | Adding text....
        input  | [_]
        button |
        list   | (empty)

        > submit
        action (none)
        status: enter content!
        title  | Adding text....
        input  | [_]
        button |
        list   | (empty)

        > type Eat
        action (none)
        title  | Adding text....
        input  | [Eat_]
        button |
        list   | (empty)

        > submit
        action addContentFinish (1) payload "Eat"
        title  | Eat
        input  | (please enter content)
        button | [Add]
        list   |   0  Eat

        > title
        action titleClick (3) payload "Eat"
        title  | Eat
        input  | (please enter content)
        button | [Add]
        list   |   0  Eat  <- title

        > delete 4
        action deleteContent (2) payload 4
        diagnostic: deleteContent (2) failed: row 4 is out of range: the list has 1 row; \
        the state is unchanged
        title  | Eat
        input  | (please enter content)
        button | [Add]
        list   |   0  Eat  <- title

        > quit

        """)
  }

  @Test("an unknown command prints the commands, the run goes on and exits with status 1")
  func unknownCommand() async throws {
    let run = try await DemoBinary.run(["-e", "jump; select 0"])
    #expect(run.status == 1)
    #expect(
      run.output == """
        > jump
        error: unknown command "jump"; the commands are: add TEXT, begin, type TEXT, \
        backspace, submit, cancel, select ROW, delete [ROW], title, signout, help, quit

        > select 0
        action (none)
        status: there is no row 0
        title  | Title
        input  | (please enter content)
        button | [Add]
        list   | (empty)

        """)
  }

  @Test("a usage error exits with status 2 and says what is wrong")
  func usageError() async throws {
    let run = try await DemoBinary.run(["chess"])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(
      run.error == """
        demo: unknown module "chess"; the modules are: todo, rps, settings
        Run 'demo --help' for usage.

        """)
  }
}
