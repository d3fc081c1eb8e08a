import CSReduxKit
import Foundation

/// Where a helper was called, to build its errors.
struct CallSite {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(_ fileID: String, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  func error(
    _ kind: StoreExpectationError.Kind, _ message: String, difference: StateDifference? = nil
  ) -> StoreExpectationError {
    StoreExpectationError(
      kind, message, difference: difference, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
