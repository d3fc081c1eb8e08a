/// A marker for the state a store keeps.
///
/// State should be a value type (a struct or an enum): the store hands it to the reducer and to
/// subscribers, possibly on several threads, and a value can never be changed behind their backs.
/// It must be `Sendable` for the same reason.
///
/// ```swift
/// struct TodoState: StateProtocol, Equatable {
///   var tasks: [String] = []
/// }
/// ```
public protocol StateProtocol: Sendable {}
