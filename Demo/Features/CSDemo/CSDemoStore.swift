import DemoUI

/// The one store the demo's components share.
package typealias CSDemoStore = FeatureStore<CSDemo>
