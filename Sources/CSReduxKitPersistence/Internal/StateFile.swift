import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `format` marker of every state file.
let stateFileFormat = "csreduxkit-state"

/// What ``StatePersistence`` writes.
struct StateFile<State: Encodable>: Encodable {
  let format: String
  let schemaVersion: Int
  let savedAt: String
  let state: State
}
