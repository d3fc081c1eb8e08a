// The umbrella module: `import CSReduxKit` brings the whole library. A module that needs only
// the store, reducers and middleware can depend on the `CSReduxKitCore` product alone.
@_exported import CSReduxKitCore
@_exported import CSReduxKitDebugging
@_exported import CSReduxKitPersistence
