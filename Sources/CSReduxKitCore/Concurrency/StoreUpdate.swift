/// One notification of a store: an action and the state committed for it.
///
/// The elements of ``Store/updates(of:bufferingPolicy:)``; destructure them in the loop:
/// `for await (action, state) in store.updates() { … }`.
public typealias StoreUpdate<State: StateProtocol> = (action: any ActionProtocol, state: State)
