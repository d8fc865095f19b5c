import Testing

@testable import ScreenKit

/// The Swift runtime's size of a class's instances, header included: the bytes
/// `swift_allocObject` asks `malloc` for. (Reading the chunk `malloc` gave back instead, with
/// `malloc_usable_size`, depends on the heap's state: glibc hands out a larger free chunk whole
/// when what would be left of it is too small to split off.)
@_silgen_name("$ss36_class_getInstancePositiveExtentSizeySiyXlXpF")
private func instanceSize(_ type: AnyClass) -> Int

/// Every view has a `ViewLayoutState`, and a pass reads it per view: its fields are ordered
/// so that the object fills a 256-byte heap chunk (at most 248 bytes asked for, glibc's chunk
/// header taking the other 8) and no more. A field added where no padding is left makes it a
/// 272-byte chunk, 6% more memory for every pass to walk.
@MainActor
@Suite struct LayoutStateSizeTests {
  @Test func layoutStateFitsA256ByteHeapChunk() {
    #expect(instanceSize(ViewLayoutState.self) <= 248)
  }
}
