/// How to write and read one action type's payload.
struct PayloadCoder: Sendable {
  let typeName: String
  /// Whether the action type carries a payload.
  let hasPayload: Bool
  /// Whether a payload is of the registered type.
  let accepts: @Sendable (any Sendable) -> Bool
  let encode:
    @Sendable (
      (any Sendable)?, inout KeyedEncodingContainer<EntryKey>
    ) throws -> Void
  let decode: @Sendable (KeyedDecodingContainer<EntryKey>) throws -> (any Sendable)?
}
