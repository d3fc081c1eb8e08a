/// A registered store and how it receives broadcasts.
///
/// Made where ``StoreCoordinator/register(_:translate:)`` is called (it is inlinable), so that
/// `deliver` is specialized for the store's state type: a closure made inside the library's
/// generic code would look up the type metadata of the store's parts at run time on every
/// dispatch, which costs many times the dispatch itself.
@usableFromInline
struct _Member: Sendable {
  @usableFromInline let reference: _WeakReference<any AnyObject & Sendable>
  @usableFromInline let name: String
  /// Hands a broadcast action to the store: returns `true` when the store took it, `false`
  /// when its `translate` gave nothing or the store does not accept the result (see
  /// ``ActionTypes``), `nil` when the store is gone.
  @usableFromInline let deliver: @Sendable (any ActionProtocol) -> Bool?

  @inlinable
  init<State>(
    store: Store<State>,
    translate: @escaping @Sendable (any ActionProtocol) -> (any ActionProtocol)?
  ) {
    reference = _WeakReference<any AnyObject & Sendable>(store)
    name = store.name
    deliver = { [weak store] action in
      guard let store else { return nil }
      guard let translated = translate(action) else { return false }
      let actions = store.declaredActions
      guard !actions.declaresEnums || actions.accepts(translated) else { return false }
      store.dispatch(translated)
      return true
    }
  }
}
