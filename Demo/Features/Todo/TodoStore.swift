import DemoUI

/// The todo module's store.
package typealias TodoStore = FeatureStore<Todo>
