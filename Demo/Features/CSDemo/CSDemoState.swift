import CSReduxKit

/// The state the demo's three components share.
package struct CSDemoState: StateProtocol, Equatable, Codable {
  /// The records, oldest first.
  var listData: [String] = []
  /// The record being added, or the last one touched; `nil` when there is none.
  var currentAddText: String?
  /// Whether the input accepts typing (between Add and submit).
  var canEdit = false
  /// The text of the title when it was last tapped.
  var title: String?
}
