/// A registered store and how it receives broadcasts.
struct _Member: Sendable {
  let reference: _WeakReference<any AnyObject & Sendable>
  let name: String
  let deliver: @Sendable (any ActionProtocol) -> Void

  init<State>(
    store: Store<State>,
    translate: @escaping @Sendable (any ActionProtocol) -> (any ActionProtocol)?
  ) {
    reference = _WeakReference<any AnyObject & Sendable>(store)
    name = store.name
    deliver = { [weak store] action in
      guard let store, let translated = translate(action) else { return }
      store.dispatch(translated)
    }
  }
}
