/// A weapon of rock, paper, scissors.
enum Weapon: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
  case rock, paper, scissors

  /// Whether this weapon beats `other`: rock beats scissors, paper beats rock, scissors beats
  /// paper.
  func beats(_ other: Weapon) -> Bool {
    switch (self, other) {
    case (.rock, .scissors), (.paper, .rock), (.scissors, .paper): true
    default: false
    }
  }

  var description: String { rawValue }
}
