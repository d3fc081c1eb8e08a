/// The registered payload coders and the import's policy, handed to the decoder through
/// `userInfo`.
struct _PayloadTable: Sendable {
  let payloads: [Int: _PayloadCoder]
  let unknownActionTypes: UnknownActionTypePolicy
}
