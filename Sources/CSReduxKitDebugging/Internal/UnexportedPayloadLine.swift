/// How an ``UnexportedPayload`` is written: `{"summary":"42","type":"Int"}`.
struct UnexportedPayloadLine: Codable {
  let type: String
  let summary: String
}
