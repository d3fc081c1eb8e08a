import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state, read once the header matched.
struct StateFileBody<State: Decodable>: Decodable {
  let state: State
}
