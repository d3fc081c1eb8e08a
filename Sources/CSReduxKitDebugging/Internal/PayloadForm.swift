/// How an entry's payload is written.
enum PayloadForm {
  /// No `payload` field: a state replacement, or a type registered with no payload.
  case none
  /// `"payload":null`: the action carried no payload.
  case null
  /// The payload, written by its registered coder.
  case coded(PayloadCoder)
  /// `"unexportedPayload":{…}` in place of a payload that cannot be written.
  case placeholder(UnexportedPayload)
}
