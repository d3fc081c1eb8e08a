/// How an ``UnexportedPayload`` is written: `{"summary":"42","type":"Int"}`.
struct _UnexportedPayloadLine: Codable {
  let type: String
  let summary: String
}
