import CSReduxKit
import Testing
import XCTest

/// Placeholder; replaced by the recorder and expectation helpers.
enum _Placeholder {}
