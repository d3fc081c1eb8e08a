import Testing

@Suite("The demo test harness")
struct TestSupportTests {
  @Test("reads a child's error output while it waits for its standard output")
  func readsBothPipes() async throws {
    // The child writes more to stderr than a pipe holds before it writes to stdout, so it
    // blocks until stderr is read: a harness that reads stdout to its end first sees nothing
    // on stdout until the bound passes and the child is killed.
    let script = "head -c 200000 /dev/zero >&2; echo done"
    let run = await offThePool {
      DemoBinary.spawnAndWait("/bin/sh", ["-c", script], input: "", timeout: .seconds(60))
    }
    let finished = try #require(run, "could not start /bin/sh")
    #expect(finished.output == "done\n")
    #expect(finished.error.utf8.count == 200_000)
    #expect(finished.status == 0)
  }
}
