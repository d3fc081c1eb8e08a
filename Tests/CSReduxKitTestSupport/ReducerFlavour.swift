import Testing

/// One way of writing a reducer, in one state-access mode: the matrix that the tests of reads
/// during a reduction run through. Each test target adds the reducer and the store of its own
/// state in an extension.
package struct ReducerFlavour: Sendable, CustomTestStringConvertible {
  package enum Kind: String, CaseIterable, Sendable {
    case reducer = "Reducer"
    case inPlaceThrowing = "InPlaceReducer (throwing)"
    case inPlace = "InPlaceReducer"
    case custom = "custom InPlaceReducerProtocol"
    case router = "ActionRouter"
    case combined = "CombinedReducer"
    case scoped = "ScopedReducer"
  }

  package let kind: Kind
  /// Whether the store is created with `.lentToReducer`.
  package let asksToLend: Bool

  package init(kind: Kind, asksToLend: Bool) {
    self.kind = kind
    self.asksToLend = asksToLend
  }

  package var testDescription: String { kind.rawValue + (asksToLend ? ", lent" : "") }

  /// Whether the store really lends its state: only non-throwing in-place reducers take it.
  package var lends: Bool { asksToLend && (kind == .inPlace || kind == .custom) }

  /// Every kind, each without and with `.lentToReducer`.
  package static let all: [ReducerFlavour] = Kind.allCases.flatMap {
    [ReducerFlavour(kind: $0, asksToLend: false), ReducerFlavour(kind: $0, asksToLend: true)]
  }
}
