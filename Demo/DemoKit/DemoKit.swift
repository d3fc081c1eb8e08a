import CSReduxKit
