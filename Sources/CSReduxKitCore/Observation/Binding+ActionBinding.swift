#if canImport(SwiftUI)
  import SwiftUI

  extension Binding {
    /// Creates a SwiftUI binding that reads `binding`'s value and sends an action on write.
    ///
    /// ```swift
    /// TextField("Draft", text: Binding(model.binding(\.draft) {
    ///   Action(EditorAction.setDraft, data: $0)
    /// }))
    /// ```
    ///
    /// - Parameter binding: A binding from ``StoreViewModel/binding(_:send:)`` or
    ///   ``Store/binding(_:send:)``.
    public init(_ binding: ActionBinding<Value>) {
      self.init(get: { binding.value }, set: { binding.value = $0 })
    }
  }
#endif
