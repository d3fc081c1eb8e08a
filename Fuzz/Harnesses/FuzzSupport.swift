// Shared by every harness: the state type, the codec, and how a harness reports a finding.
import CSReduxKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state the harnesses decode: strings, numbers, an optional and a nested dictionary, so
/// that mutations reach every kind of JSON value.
struct FuzzState: StateProtocol, Codable, Equatable {
  var notes: [String] = []
  var count = 0
  var flag: Bool?
  var scores: [String: Double] = [:]
}

/// Action types 0…3 are registered; any other type is unknown to the codec.
let fuzzCodec: ActionLogCodec<FuzzState> = {
  var codec = ActionLogCodec<FuzzState>(
    actions: ActionTypes { [0: "add", 1: "remove", 2: "clear", 3: "score"][$0] })
  codec.register(0, payload: String.self)
  codec.register(1, payload: Int.self)
  codec.register(2)
  codec.register(3, payload: [String: Double].self)
  return codec
}()

/// A broken property is a finding: print it and abort, which libFuzzer reports as a crash with
/// the input that caused it.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  guard !condition() else { return }
  let line = "fuzz property failed: \(message())\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  abort()
}
