/// A payload of the registered type whose encoding threw.
struct _PayloadNotEncodable: Error {
  let error: any Error
}
