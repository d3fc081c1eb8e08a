/// What every module hears: the app broadcasts these, and each module
/// translates them into an action of its own.
enum AppAction: Int {
  case signOut = 1_000
}
