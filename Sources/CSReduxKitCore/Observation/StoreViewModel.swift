#if canImport(Combine)
  import Combine
#endif

/// A store's state for views on the main actor: an observable model that SwiftUI redraws from
/// on every system the package supports (iOS 16, macOS 13 and later).
///
/// ```swift
/// struct EditorView: View {
///   @StateObject var model = StoreViewModel(editorStore)
///   var body: some View {
///     TextField("Draft", text: Binding(model.binding(\.draft) {
///       Action(EditorAction.setDraft, data: $0)
///     }))
///     Text("\(model.draft.count) characters")
///   }
/// }
/// ```
///
/// - ``state`` is the store's last committed state as the main actor has seen it, and members
///   of the state read through the model directly (`model.draft`). It changes like a
///   ``Store/subscribeOnMainActor(to:_:)`` delivery, in commit order: at once when the action
///   was committed on the main actor (``state`` shows it when `dispatch` returns), on a later
///   turn of the main queue otherwise. The model subscribes and reads its first state in one
///   step, so ``state`` never goes back to an older state.
/// - Where Combine exists (every Apple platform), the model is an `ObservableObject`: its
///   `objectWillChange` publishes before every change of ``state``, so `@StateObject` and
///   `@ObservedObject` redraw the view. ``StoreObservation`` is the `@Observable` form for a
///   selected part of the state, from iOS 17 and macOS 14.
/// - ``send(_:)`` dispatches an action; ``binding(_:send:)`` reads a value and sends an action
///   on write.
/// - It holds the store and its subscription; the store holds it weakly. Let the model go and
///   its subscription is cancelled.
@MainActor
@dynamicMemberLookup
public final class StoreViewModel<State: StateProtocol> {
  /// The store the model follows.
  public let store: Store<State>

  /// The store's last committed state, as the main actor has seen it.
  public private(set) var state: State

  private let subscription: Subscription
  /// Called before every change of ``state``, for the tests of platforms without Combine.
  package var willChange: (@MainActor () -> Void)?

  #if canImport(Combine)
    /// Publishes before every change of ``state``: the `ObservableObject` requirement.
    public nonisolated let objectWillChange = ObservableObjectPublisher()
  #endif

  /// Starts following `store`'s state on the main actor.
  ///
  /// - Parameter store: The store to follow.
  public init(_ store: Store<State>) {
    let relay = _Locked<ViewModelReference<State>>(ViewModelReference())
    // Subscribe and read the state atomically: every state delivered is from a later commit.
    let (subscription, state) = store.subscribeReadingState { _, state in
      _MainActorDeliveries.shared.append {
        relay.withLock { $0.model }?.receive(state)
      }
    }
    self.store = store
    self.state = state
    self.subscription = subscription
    relay.withLock { $0.model = self }
  }

  deinit {
    subscription.cancel()
  }

  /// Whether the model still follows the store: `false` once its subscription ended.
  public var isFollowing: Bool { !subscription.isCancelled }

  /// A member of ``state``, read through the model: `model.draft` for `model.state.draft`.
  ///
  /// - Parameter keyPath: The member of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Dispatches `action` to the store.
  ///
  /// Committed on the main actor, its change is in ``state`` when `send` returns.
  ///
  /// - Parameter action: The action to dispatch.
  public func send(_ action: any ActionProtocol) {
    store.dispatch(action)
  }

  /// A binding that reads part of the store's state and dispatches an action on write.
  ///
  /// The binding reads the store's last committed state, which may be ahead of ``state`` by
  /// the commits of other threads still on their way to the main actor.
  ///
  /// - Parameters:
  ///   - select: Picks the value out of the state; a key path such as `\.draft` works too.
  ///   - action: Makes the action that sets the value; the reducer applies it.
  /// - Returns: A binding for `Binding(_:)` in SwiftUI, or to read and write directly.
  public func binding<Value: Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    send action: @escaping @Sendable (Value) -> any ActionProtocol
  ) -> ActionBinding<Value> {
    store.binding(select, send: action)
  }

  private func receive(_ newState: State) {
    willChange?()
    #if canImport(Combine)
      objectWillChange.send()
    #endif
    state = newState
  }
}

#if canImport(Combine)
  extension StoreViewModel: ObservableObject {}
#endif

/// The model a store's subscriber delivers to, held weakly so that the subscription does not
/// keep the model alive.
struct ViewModelReference<State: StateProtocol>: Sendable {
  weak var model: StoreViewModel<State>?
}
