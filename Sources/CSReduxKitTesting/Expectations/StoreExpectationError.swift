import CSReduxKit

// Each test framework is used where it can be imported, so the library builds with either,
// both or neither: a Mac with only the Command Line Tools may lack XCTest, or Swift Testing
// (before Swift 6). Without one, the helpers still throw; only `record()` changes. The
// CSREDUXKIT_NO_* flags build the branches for a toolchain that lacks a framework
// (`.ci/run` does), since a toolchain that has both never compiles them otherwise.
#if canImport(Testing) && !CSREDUXKIT_NO_SWIFT_TESTING
  import Testing
#endif
#if canImport(XCTest) && !CSREDUXKIT_NO_XCTEST
  import XCTest
#endif
#if !(canImport(Testing) && !CSREDUXKIT_NO_SWIFT_TESTING)
  import Foundation
#endif

/// The error the `CSReduxKitTesting` helpers throw when a store did not do what a test
/// expected: a readable message that names the action, the difference and the caller's line.
///
/// A thrown error fails a Swift Testing `@Test` and an XCTest `throws` test method alike; its
/// ``description`` starts with the file and line of the helper's call, because both frameworks
/// attribute a thrown error to the test function, not to the line that threw:
///
/// ```text
/// CounterTests/CounterTests.swift:12: the state after action 2 (add) with payload 2 is not the expected one (expected → actual):
///   .value: 3 → 2
/// ```
///
/// Where a test cannot throw (a subscriber closure, a `deinit`), ``record()`` reports the same
/// failure without throwing.
public struct StoreExpectationError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The state committed for the action is not the expected one; see
    /// ``StoreExpectationError/difference``.
    case stateMismatch
    /// The reducer rejected the action: it failed or let `finish` go.
    case rejected
    /// An action a test expected to be rejected was applied.
    case notRejected
    /// The action never reached the reducer: a middleware did not pass it on, the store's
    /// nested dispatch limit dropped it, or its effect was cancelled; the message says which.
    case dropped
    /// The action was a `Thunk`, which the store runs instead of committing: there is no
    /// state committed for it. The message lists the actions that followed it; test a thunk
    /// with ``TestStore``.
    case thunkDispatched
    /// The store committed actions that the test did not expect.
    case unexpectedActions
    /// Something the test waited for did not happen in time.
    case timedOut
    /// Effects were still running when the test required that none was; the message names
    /// each, with its identity and the action that started it.
    case effectsStillRunning
  }

  /// What went wrong.
  public let kind: Kind
  /// The readable explanation, without the source location.
  public let message: String
  /// For ``Kind/stateMismatch``: how the expected state (`from`) and the actual one (`to`)
  /// differ; `nil` when they print alike although `==` says they differ.
  public let difference: StateDifference?
  /// The file of the helper's call, as `#fileID` spells it.
  public let fileID: String
  /// The file of the helper's call, as `#filePath` spells it, for XCTest.
  public let filePath: StaticString
  /// The line of the helper's call.
  public let line: UInt
  /// The column of the helper's call.
  public let column: UInt

  /// Creates an error for a helper called at the given source location.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: The readable explanation.
  ///   - difference: How the expected and the actual state differ, if that is the problem.
  ///   - fileID: The caller's `#fileID`.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  public init(
    _ kind: Kind, _ message: String, difference: StateDifference? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.kind = kind
    self.message = message
    self.difference = difference
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  #if canImport(Testing) && !CSREDUXKIT_NO_SWIFT_TESTING
    /// The source location of the helper's call, for Swift Testing.
    ///
    /// Present where Swift Testing can be imported.
    public var sourceLocation: SourceLocation {
      SourceLocation(
        fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
  #endif

  /// `File.swift:12: ` followed by the ``message``.
  public var description: String {
    "\(fileID):\(line): \(message)"
  }

  /// Reports this error as a test failure without throwing, at the helper's call: an `Issue`
  /// when a Swift Testing test is running, `XCTFail` otherwise (an `Issue` where XCTest is not
  /// available). Where neither framework can be imported, it writes ``description`` to the
  /// standard error.
  public func record() {
    #if canImport(Testing) && !CSREDUXKIT_NO_SWIFT_TESTING
      #if canImport(XCTest) && !CSREDUXKIT_NO_XCTEST
        if Test.current == nil {
          XCTFail(message, file: filePath, line: line)
          return
        }
      #endif
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    #elseif canImport(XCTest) && !CSREDUXKIT_NO_XCTEST
      XCTFail(message, file: filePath, line: line)
    #else
      FileHandle.standardError.write(Data("error: \(description)\n".utf8))
    #endif
  }
}
