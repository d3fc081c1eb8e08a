import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An errno value from the file shims.
struct SystemError: Error, CustomStringConvertible {
  let code: Int32
  /// `No such file or directory, errno 2`.
  var reason: String { "\(String(cString: csrk_error_message(code))), errno \(code)" }
  var description: String { reason }
}
