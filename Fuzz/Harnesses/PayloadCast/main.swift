// Builds a payload from the input bytes (a small program: which type, how big, how nested),
// then checks, beyond the absence of a crash:
// - `payload(as:)` gives the value back for its own type and a PayloadError naming both types
//   for another one, for the action and for its RejectedAction wrapper;
// - the logging middleware's payload summary stays within its limit, whatever the size;
// - export never refuses the action and import reads back either the payload (a registered
//   type) or an UnexportedPayload naming its type (round-trip stability of the placeholder).
import CSReduxKit
import Foundation

private struct Point: Sendable, Equatable { var x: Int, y: [String] }
private enum Shape: Sendable, Equatable { case dot, line(Int, String), nested([Shape]) }

/// Reads the input front to back; past its end every read gives zeros.
private struct Reader {
  let bytes: [UInt8]
  var offset = 0
  mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }
  mutating func int() -> Int { Int(Int8(bitPattern: byte())) * Int(byte()) }
  mutating func string() -> String {
    // Up to 255 KB: far past any summary limit, small enough to keep thousands of runs a
    // minute under AddressSanitizer.
    let count = Int(byte()) * (byte() == 0xFF ? 1024 : 1)
    let end = min(bytes.count, offset + count)
    let text = offset < end ? String(decoding: bytes[offset..<end], as: UTF8.self) : ""
    offset = max(offset, end)
    return String(repeating: text.isEmpty ? "x" : text, count: max(1, count / max(text.count, 1)))
  }
  mutating func shape(depth: Int) -> Shape {
    switch byte() % 3 {
    case 0: return .dot
    case 1: return .line(int(), string())
    default:
      guard depth < 64 else { return .dot }
      return .nested((0..<Int(byte() % 4)).map { _ in shape(depth: depth + 1) })
    }
  }
}

/// One payload and a check that casting it to its own type gives it back.
private struct Made {
  let value: any Sendable
  let name: String
  let castsBack: (any ActionProtocol) -> Bool
}

private func make(_ reader: inout Reader) -> Made {
  func made<T: Sendable & Equatable>(_ value: T) -> Made {
    Made(value: value, name: String(describing: T.self)) { action in
      (try? action.payload(as: T.self)) == value
    }
  }
  switch reader.byte() % 9 {
  case 0: return made(reader.int())
  case 1: return made(reader.string())
  case 2: return made(Double(reader.int()) / 7)
  case 3: return made((0..<Int(reader.byte()) * Int(reader.byte())).map { $0 })
  case 4:
    var dictionary: [String: Double] = [:]
    for _ in 0..<reader.byte() { dictionary[reader.string()] = Double(reader.int()) }
    return made(dictionary)
  case 5: return made(Point(x: reader.int(), y: (0..<reader.byte()).map { _ in reader.string() }))
  case 6: return made(reader.shape(depth: 0))
  case 7: return made(Data(repeating: reader.byte(), count: Int(reader.byte()) << 12))
  default: return made(Optional(reader.int()))
  }
}

private let limit = 40

/// libFuzzer calls this once per input; a finding aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayloadCast(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var reader = Reader(bytes: bytes.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let payload = make(&reader)
  let type = Int(reader.byte() % 6)  // 0…3 registered with the fuzz codec, 4 and 5 not
  let action = Action(type: type, data: payload.value)
  let rejected = RejectedAction(action, error: nil)
  require(payload.castsBack(action), "\(payload.name) does not cast back to itself")
  require(payload.castsBack(rejected), "\(payload.name) does not cast back through a rejection")
  checkWrongCast(action, payload)
  checkLogLine(action)
  checkExport(action, payload)
  return 0
}

private func checkWrongCast(_ action: Action, _ payload: Made) {
  // `UInt8` is never one of the payload types made above.
  do {
    _ = try action.payload(as: UInt8.self)
    require(false, "\(payload.name) cast to UInt8")
  } catch {
    require(
      error.expected == "UInt8" && error.found == String(describing: type(of: payload.value)),
      "the PayloadError names the wrong types: \(error)")
  }
}

private let lines = LinesBox()
private final class LinesBox: @unchecked Sendable {
  var lines: [String] = []
}

private func checkLogLine(_ action: Action) {
  let store = Store(
    state: FuzzState(), reducer: Reducer { _, state, finish in finish(state) },
    name: "Fuzz", actions: fuzzCodec.declaredActions,
    middleware: [.logging(payloadLimit: limit, to: { lines.lines.append($0) })])
  lines.lines = []
  store.dispatch(action)
  require(lines.lines.count == 1, "the logger wrote \(lines.lines.count) lines for one action")
  guard let line = lines.lines.first else { return }
  // `[Fuzz] 3 (score) <summary> committed in …`
  let prefix = "[Fuzz] \(fuzzCodec.declaredActions.label(for: action.type)) "
  guard line.hasPrefix(prefix), let end = line.range(of: " committed in ", options: .backwards)
  else { return require(false, "the log line has another form: \(line.prefix(200))") }
  let summary = line[line.index(line.startIndex, offsetBy: prefix.count)..<end.lowerBound]
  require(summary.count <= limit, "a summary of \(summary.count) characters: \(summary)")
}

private func checkExport(_ action: Action, _ payload: Made) {
  let entry = ActionLogEntry(
    action: action, state: FuzzState(), timestamp: Date(timeIntervalSince1970: 1),
    reducerDuration: .nanoseconds(1), sequenceNumber: 0)
  let recording = ActionRecording(initialState: FuzzState(), entries: [entry], storeName: "Fuzz")
  let text: String
  do {
    text = try fuzzCodec.encode(recording)
  } catch {
    return require(false, "export refused a payload of type \(payload.name): \(error)")
  }
  let imported: ActionRecording<FuzzState>
  do {
    imported = try fuzzCodec.decode(text)
  } catch {
    return require(false, "an export does not import: \(error)")
  }
  guard let back = imported.entries.first?.action else {
    return require(false, "the entry was lost in a round trip")
  }
  if let placeholder = back.data as? UnexportedPayload {
    require(
      placeholder.typeName == String(describing: type(of: payload.value)),
      "the placeholder names \(placeholder.typeName), not \(payload.name)")
    require(
      placeholder.summary.count <= UnexportedPayload.summaryLimit,
      "a placeholder summary of \(placeholder.summary.count) characters")
    require((try? fuzzCodec.encode(imported)) == text, "a placeholder's export is not stable")
  } else {
    require(payload.castsBack(back), "the payload \(payload.name) came back changed")
  }
}
