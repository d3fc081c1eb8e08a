import CSReduxKitPersistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The bytes of a file to import, for the action log's and the timeline's readers: a file that
/// cannot be read, or is not there, is an import error on line 0 that names its path.
func readImportFile(_ url: URL) throws(ActionLogImportError) -> Data {
  let contents: Data?
  do {
    contents = try Files.read(url)
  } catch {
    throw ActionLogImportError(line: 0, reason: "\(url.path): \(error.what)")
  }
  guard let data = contents else {
    throw ActionLogImportError(line: 0, reason: "there is no file at \(url.path)")
  }
  return data
}
