/// The data-protection class of the files ``StatePersistence`` writes, on Apple platforms: when
/// the system keeps them encrypted and out of reach.
///
/// The classes are those of Foundation's `FileProtectionType`. They take effect where the file
/// system supports data protection: on iOS, iPadOS, tvOS, watchOS and visionOS devices, and on
/// Macs whose volume does. Elsewhere (the simulator, other Mac volumes, Linux, Windows) the
/// option has no effect and the file is written all the same.
///
/// Whatever the class, state files are readable and writable by their owner only.
public enum StateFileProtection: Sendable, Equatable {
  /// Readable only while the device is unlocked (`FileProtectionType.complete`). A save or a
  /// restore while the device is locked fails.
  case complete
  /// A file open when the device locks stays readable; new files can be created while locked
  /// (`FileProtectionType.completeUnlessOpen`).
  case completeUnlessOpen
  /// Readable once the user has unlocked the device after it started
  /// (`FileProtectionType.completeUntilFirstUserAuthentication`): the default, which lets an
  /// app save in the background.
  case completeUntilFirstUserAuthentication
  /// No data protection beyond the device's own encryption (`FileProtectionType.none`).
  case none

  /// The system's number for the class (`PROTECTION_CLASS_A` … `D`).
  var systemClass: Int32 {
    switch self {
    case .complete: 1
    case .completeUnlessOpen: 2
    case .completeUntilFirstUserAuthentication: 3
    case .none: 4
    }
  }
}
