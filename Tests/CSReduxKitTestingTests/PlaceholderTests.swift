import CSReduxKit
import CSReduxKitTesting
import Testing

@Test("placeholder") func placeholder() { #expect(Bool(true)) }
