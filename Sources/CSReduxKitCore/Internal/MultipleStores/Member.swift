/// A registered store and how it receives broadcasts.
///
/// `deliver` is made where ``StoreCoordinator/register(_:translate:)`` is called (it is
/// inlinable), so that it is specialized for the store's state type: a closure made inside
/// the library's generic code would look up the type metadata of the store's parts at run
/// time on every dispatch, which costs many times the dispatch itself. The member around it
/// is the library's own: only the broadcast, compiled in the library, reads it.
struct Member: Sendable {
  let reference: _WeakReference<any AnyObject & Sendable>
  let name: String
  /// Hands a broadcast action to the store: returns `true` when the store took it, `false`
  /// when its `translate` gave nothing or the store does not accept the result (see
  /// ``ActionTypes``), `nil` when the store is gone.
  let deliver: @Sendable (any ActionProtocol) -> Bool?

  init(
    store: any AnyObject & Sendable, name: String,
    deliver: @escaping @Sendable (any ActionProtocol) -> Bool?
  ) {
    reference = _WeakReference<any AnyObject & Sendable>(store)
    self.name = name
    self.deliver = deliver
  }
}
