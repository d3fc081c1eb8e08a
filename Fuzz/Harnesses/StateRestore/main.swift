// Writes arbitrary bytes as a state file and restores it, checking, beyond the absence of a
// crash:
// - nothing partial: a bad file gives exactly the initial state, with an error, and the file
//   is moved aside (no longer at its path); a good file gives its state and no error;
// - round-trip stability: a restored state saved again restores to an equal state.
import CSReduxKit
import Foundation

private let directory: URL = {
  let base = ProcessInfo.processInfo.environment["FUZZ_TMPDIR"] ?? NSTemporaryDirectory()
  let url = URL(fileURLWithPath: base).appending(
    component: "csreduxkit-fuzz-restore-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()
private let file = directory.appending(component: "state.json")
private let initial = FuzzState(notes: ["initial"], count: -1, flag: nil, scores: [:])

/// libFuzzer calls this once per input; a finding aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateRestore(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
  defer { emptyDirectory() }
  do {
    try data.write(to: file)
  } catch {
    require(false, "the harness could not write \(file.path): \(error)")
  }
  let persistence = StatePersistence<FuzzState>(fileURL: file, schemaVersion: 1)
  var reports = 0
  let restored = persistence.restore(or: initial) { _ in reports += 1 }
  switch restored.source {
  case .file:
    require(restored.error == nil && reports == 0, "a good file reported an error")
    checkRoundTrip(persistence, restored.state)
  case .badFile:
    require(restored.state == initial, "a bad file gave a state other than the initial one")
    require(restored.error != nil && reports == 1, "a bad file was not reported exactly once")
    let stillThere = FileManager.default.fileExists(atPath: file.path)
    require(
      !stillThere || restored.error?.movedTo == nil,
      "a bad file stayed in place although the error says it was moved")
    if let movedTo = restored.error?.movedTo {
      require(
        (try? Data(contentsOf: movedTo)) == data, "the file moved aside lost its contents")
    }
  case .noFile:
    require(false, "a written file restored as no file")
  }
  return 0
}

private func checkRoundTrip(_ persistence: StatePersistence<FuzzState>, _ state: FuzzState) {
  do {
    try persistence.save(state)
  } catch {
    return require(false, "a restored state does not save: \(error)")
  }
  let again = persistence.restore(or: initial) { error in
    require(false, "a saved state does not restore: \(error)")
  }
  require(again.source == .file && again.state == state, "a save/restore round trip changed it")
}

private func emptyDirectory() {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  for name in names {
    try? FileManager.default.removeItem(at: directory.appending(component: name))
  }
}
