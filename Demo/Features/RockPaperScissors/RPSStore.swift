import DemoUI

/// The game's store.
package typealias RPSStore = FeatureStore<RockPaperScissors>
