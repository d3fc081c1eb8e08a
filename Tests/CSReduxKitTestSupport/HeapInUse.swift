import _CSReduxKitShims

/// The bytes the allocator has handed out and not had back (glibc's `mallinfo2`, Darwin's
/// default zones), or `nil` where it does not say.
///
/// The measure for a test that checks that memory does not grow with the work done: unlike
/// the resident set, it does not count the pages the allocator keeps after a free, which move
/// with fragmentation and with threads' arenas, not with what the program holds.
package func heapBytesInUse() -> Int? {
  let bytes = csrk_heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}
