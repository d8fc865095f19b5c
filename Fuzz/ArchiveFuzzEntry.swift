// libFuzzer entry point over ScreenKit's restoration archive text (built by scripts/fuzz.sh
// from the archive's sources alone): any input either fails to parse or parses to a value
// whose canonical text parses back to the same value; any accepted archive reads back from
// its own canonical text as an equal archive.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let value = try? ArchiveJSON.parse(text) {
    precondition((try? ArchiveJSON.parse(ArchiveJSON.print(value))) == value)
  }
  if let archive = try? RestorationArchive(json: text) {
    precondition((try? RestorationArchive(json: archive.json)) == archive)
  }
  return 0
}
