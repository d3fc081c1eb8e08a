import CSReduxKitCore

/// Why an entry of a ``Timeline`` happened: the entry, in any recorded store, during whose
/// handling its action was dispatched, and how.
public struct TimelineCause: Sendable, Hashable, CustomStringConvertible {
  /// How an action was dispatched while another entry was being handled.
  public enum Kind: Sendable, Hashable, CaseIterable {
    /// By a subscriber of the causing entry's store, while it was notified of that entry.
    case subscriber
    /// By the completion of the causing entry's action.
    case completion
    /// By a middleware of the causing entry's store while it handled that entry's action,
    /// before its commit.
    case middleware
    /// By a `StoreCoordinator` broadcast made while the causing entry was handled.
    case broadcast
    /// By a `StoreCoordinator` follow, after the followed store committed the causing entry.
    case follow
    /// By an effect (the work of an `async` `Thunk`) started while the causing entry was
    /// handled.
    case effect
    /// By the causing entry's reducer, a dispatch the store reports as a misuse.
    case reducer

    /// The kind's name in a timeline file: `"subscriber"`, `"broadcast"`, …
    public var name: String {
      switch self {
      case .subscriber: "subscriber"
      case .completion: "completion"
      case .middleware: "middleware"
      case .broadcast: "broadcast"
      case .follow: "follow"
      case .effect: "effect"
      case .reducer: "reducer"
      }
    }

    /// The kind named `name` in a timeline file, or `nil` for a name this version does not
    /// know.
    ///
    /// - Parameter name: A kind's ``name``.
    public init?(name: String) {
      guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = kind
    }
  }

  /// The causing entry's ``TimelineEntry/sequence``.
  public let sequence: Int
  /// How the action was dispatched.
  public let kind: Kind

  /// Creates a cause.
  ///
  /// - Parameters:
  ///   - sequence: The causing entry's sequence number.
  ///   - kind: How the action was dispatched.
  public init(sequence: Int, kind: Kind) {
    self.sequence = sequence
    self.kind = kind
  }

  /// `"#4 (broadcast)"`.
  public var description: String { "#\(sequence) (\(kind.name))" }

  init(sequence: Int, kind: _CauseKind) {
    self.sequence = sequence
    switch kind {
    case .subscriber: self.kind = .subscriber
    case .completion: self.kind = .completion
    case .middleware: self.kind = .middleware
    case .broadcast: self.kind = .broadcast
    case .follow: self.kind = .follow
    case .effect: self.kind = .effect
    case .reducer: self.kind = .reducer
    }
  }
}
