/// An error whose description is a message recorded in a file, for imported rejected entries.
struct RecordedError: Error, CustomStringConvertible {
  let description: String
}
