/// The registered payload coders and the import's policy, handed to the decoder through
/// `userInfo`.
struct PayloadTable: Sendable {
  let payloads: [Int: PayloadCoder]
  let unknownActionTypes: UnknownActionTypePolicy
}
