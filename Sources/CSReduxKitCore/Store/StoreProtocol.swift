/// The interface of a feature module's store: read the state, dispatch actions, subscribe.
///
/// Each feature module owns one store. Most modules subclass ``Store``; a module may also
/// conform its own type, as long as it keeps the guarantees ``Store`` documents.
public protocol StoreProtocol<State>: AnyObject, Sendable {
  /// The state this store keeps.
  associatedtype State: StateProtocol

  /// The last committed state, readable at any time from any thread.
  var state: State { get }

  /// Asks the store to apply `action`.
  ///
  /// - Parameter action: The action to reduce; queued behind any action still in progress.
  func dispatch(_ action: any ActionProtocol)

  /// Calls `subscriber` with every action that `filter` lets through and the state it
  /// produced, until cancelled.
  ///
  /// ``Store`` gives `filter` the default ``ActionFilter/all``, so `store.subscribe { … }`
  /// receives every action; code written against any `StoreProtocol` passes it.
  ///
  /// - Parameters:
  ///   - filter: The actions to receive.
  ///   - subscriber: Receives each action and the state committed for it.
  /// - Returns: A subscription; cancel it, or pass it to ``unsubscribe(_:)``, to stop.
  @discardableResult
  func subscribe(
    to filter: ActionFilter, _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription

  /// Stops a subscription made by this store. Calling it again has no effect.
  ///
  /// - Parameter subscription: A subscription returned by ``subscribe(to:_:)``.
  func unsubscribe(_ subscription: Subscription)
}
