/// Why a file operation failed: what step, in words, and the underlying error.
package struct FileFailure: Error {
  package let what: String
  let error: any Error
}
