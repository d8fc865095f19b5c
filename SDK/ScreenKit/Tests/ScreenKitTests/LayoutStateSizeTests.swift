import Testing

@testable import ScreenKit

/// glibc's `malloc_usable_size`: the bytes a heap chunk gives its object.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// Every view has a `ViewLayoutState`, and a pass reads it per view: its fields are ordered
/// so that the object fills a 256-byte heap chunk (248 usable bytes) and no more. A field
/// added where no padding is left makes it a 272-byte chunk, 6% more memory for every pass
/// to walk.
@MainActor
@Suite struct LayoutStateSizeTests {
  @Test func layoutStateFitsA256ByteHeapChunk() {
    let state = ViewLayoutState()
    #expect(mallocUsableSize(Unmanaged.passUnretained(state).toOpaque()) <= 248)
  }
}
