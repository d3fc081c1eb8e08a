import DemoUI

/// The store both settings screens share.
package typealias SettingsStore = FeatureStore<Settings>
