extension ActionOutcome: Equatable {
  /// Whether two outcomes say the same thing, so that a test can write
  /// `#expect(result.outcome == .failed(LoadError()))` instead of matching with `if case`.
  ///
  /// Two outcomes are equal when they are the same case and:
  /// - for ``dropped(_:)``, the reasons are equal;
  /// - for ``failed(_:)``, both errors are `nil`, or both are of the same type and equal: by
  ///   `==` when that type is `Equatable`, otherwise when `String(reflecting:)` prints them
  ///   alike (`LoadError(code: 3)` equals `LoadError(code: 3)`).
  ///
  /// Errors of different types are never equal, even when they print alike.
  ///
  /// - Parameters:
  ///   - lhs: An outcome.
  ///   - rhs: Another outcome.
  /// - Returns: `true` when the outcomes are the same case with equal contents.
  public static func == (lhs: ActionOutcome, rhs: ActionOutcome) -> Bool {
    switch (lhs, rhs) {
    case (.applied, .applied), (.thunkRan, .thunkRan), (.effectStarted, .effectStarted): true
    case (.dropped(let left), .dropped(let right)): left == right
    case (.failed(let left), .failed(let right)): Self.isSameError(left, right)
    default: false
    }
  }

  /// Whether two optional errors are equal in the sense of `==` above.
  private static func isSameError(_ left: (any Error)?, _ right: (any Error)?) -> Bool {
    switch (left, right) {
    case (nil, nil):
      return true
    case (let left?, let right?):
      guard ObjectIdentifier(type(of: left)) == ObjectIdentifier(type(of: right)) else {
        return false
      }
      if let left = left as? any Equatable { return left._isEqual(to: right) }
      return String(reflecting: left) == String(reflecting: right)
    default:
      return false
    }
  }
}

extension Equatable {
  /// Whether `other` is a `Self` equal to this value; opens an `any Equatable` for `==`.
  fileprivate func _isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
