import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An errno value from the file shims.
package struct SystemError: Error, CustomStringConvertible {
  /// The errno value.
  package let code: Int32
  /// `No such file or directory, errno 2`.
  package var reason: String { "\(String(cString: csrk_error_message(code))), errno \(code)" }
  package var description: String { reason }
  /// Wraps an errno value.
  package init(code: Int32) { self.code = code }
}
