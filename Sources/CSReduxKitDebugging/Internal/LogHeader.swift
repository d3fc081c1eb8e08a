struct LogHeader<State: Codable>: Codable {
  let format: String
  let version: Int
  let store: String
  let entryCount: Int
  let initialState: State
}
