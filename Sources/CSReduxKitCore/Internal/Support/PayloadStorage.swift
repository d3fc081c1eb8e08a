/// Keeps `Action` two words wide, so it fits an existential's inline buffer without boxing.
@usableFromInline
final class _PayloadStorage: Sendable {
  @usableFromInline let value: any Sendable
  @inlinable init(_ value: any Sendable) { self.value = value }
}
