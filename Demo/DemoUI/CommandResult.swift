/// What a script command or a key did.
package enum CommandResult: Equatable, Sendable {
  /// Done; the message (if any) is what the user should read, such as "tap Add first!".
  case done(message: String?)
  /// The user asked to quit.
  case quit
  /// The command does not exist in this module, or the key is not one of the module's: the
  /// app's own commands and keys (`signout`, `o`, `q`) then apply.
  case unknown
  /// The command exists but its argument is wrong; the message says how to write it.
  case invalid(String)

  /// Done, nothing to say.
  package static let ok = CommandResult.done(message: nil)
}
