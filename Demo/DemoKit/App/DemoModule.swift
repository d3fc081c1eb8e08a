import CSDemoFeature
import DemoUI
import RockPaperScissorsFeature
import SettingsFeature
import TodoFeature

/// One of the demo program's feature modules, chosen by the first argument.
///
/// The app knows the list of modules and, for each, only what ``DemoFeature`` declares.
struct DemoModule: Equatable, Sendable {
  /// Every module, in the order the help lists them and the coordinator resets them; the first
  /// is the one that runs when no module is named.
  static let all = [
    DemoModule(CSDemo.self), DemoModule(Todo.self), DemoModule(RockPaperScissors.self),
    DemoModule(Settings.self),
  ]

  /// The module that runs when no module is named.
  static var main: DemoModule { all[0] }

  /// The module's type.
  let feature: any DemoFeature.Type

  init(_ feature: any DemoFeature.Type) {
    self.feature = feature
  }

  /// The module named `name` on the command line, if there is one.
  init?(name: String) {
    guard let module = Self.all.first(where: { $0.name == name }) else { return nil }
    self = module
  }

  /// The module's name on the command line: `todo`.
  var name: String { feature.name }

  /// The argument that selects the module; the main module needs none.
  var argument: String { self == .main ? "(none)" : name }

  /// The name of the module's store, in diagnostics and in a timeline.
  var storeName: String { feature.storeName }

  /// The command that runs it, for the help: `demo`, `demo todo`.
  var command: String { self == .main ? "demo" : "demo \(name)" }

  static func == (lhs: DemoModule, rhs: DemoModule) -> Bool { lhs.name == rhs.name }
}
