/// A payload of the registered type whose encoding threw.
struct PayloadNotEncodable: Error {
  let error: any Error
}
