enum EntryKey: String, CodingKey {
  case sequence, type, name, payload, state, time, durationNanoseconds, rejected, error
  case skipped, reason, unexportedPayload
}
