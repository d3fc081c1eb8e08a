/// What a store's effects need from the world (an API client, a clock, the current date, a
/// source of identifiers, anything of your own), given to the store where it is made and read
/// by its thunks through ``ThunkContext/dependencies``.
///
/// Each feature module declares what its effects need, next to them, as a key with the live
/// value, and a property to read it by:
///
/// ```swift
/// struct CatalogAPIKey: EffectDependencyKey {
///   static let liveValue = CatalogAPI.live
/// }
///
/// extension EffectDependencies {
///   var catalogAPI: CatalogAPI {
///     get { self[CatalogAPIKey.self] }
///     set { self[CatalogAPIKey.self] = newValue }
///   }
/// }
/// ```
///
/// An effect reads them from its context, and the store is given other values where it is
/// made; a test makes its own store with its own values:
///
/// ```swift
/// let load = Thunk<CatalogState>.effect(id: CatalogLoad()) { context in
///   let items = try await context.dependencies.catalogAPI.items()
///   context.dispatch(Action(CatalogAction.loaded, data: items))
/// }
/// let store = Store(
///   state: CatalogState(), reducer: catalogReducer,
///   dependencies: EffectDependencies {
///     $0.catalogAPI = .fake(["Tea"])
///     $0.clock = ImmediateClock()
///   })
/// ```
///
/// It fits a store per feature module: the values belong to the store, not to the process,
/// so two tests running in parallel, each with its own store, never see each other's; a
/// module's effects read only what its own keys declare; and no value is looked up through a
/// global or a task-local that an effect started elsewhere could inherit. A key not given
/// reads its live value.
public struct EffectDependencies: Sendable {
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// The clock effects sleep and measure time with: a `ContinuousClock` unless the store was
  /// given another (a test clock, an immediate clock).
  ///
  /// ```swift
  /// try await context.dependencies.clock.sleep(for: .milliseconds(300))
  /// ```
  public var clock: any Clock<Duration> = ContinuousClock()

  /// The live value of every key, the continuous clock.
  public init() {}

  /// The live values, changed by `change`.
  ///
  /// - Parameter change: Sets the values that differ from the live ones.
  public init(_ change: (inout EffectDependencies) -> Void) {
    change(&self)
  }

  /// The value for `key`: the one given, or the key's live value.
  ///
  /// - Parameter key: The key a module declared.
  public subscript<Key: EffectDependencyKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

/// A dependency that a module's effects read from ``EffectDependencies``: its type is the key,
/// and ``liveValue`` is what a store made without another value uses.
public protocol EffectDependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable
  /// The value the app uses, when the store was not given another.
  static var liveValue: Value { get }
}
