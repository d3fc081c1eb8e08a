/// What went wrong with an ``ActionLog`` request; nothing was changed.
public enum ActionLogError: Error, CustomStringConvertible, Equatable {
  /// There is no entry at `index`; the log has `count` entries.
  case indexOutOfRange(index: Int, count: Int)
  /// The store recorded was freed.
  case storeGone(storeName: String)

  /// A sentence saying what went wrong and what is valid.
  public var description: String {
    switch self {
    case .indexOutOfRange(let index, let count):
      let valid = count == 0 ? "the log is empty" : "valid entries are 0…\(count - 1)"
      return "action log: no entry at index \(index); \(valid) (-1 is the initial state for "
        + "jumps)"
    case .storeGone(let name):
      return "action log: the store \(name) it recorded no longer exists"
    }
  }
}
