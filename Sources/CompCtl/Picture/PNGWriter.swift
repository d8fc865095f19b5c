import CRSVG

/// Rasterises a picture's SVG with librsvg (through cairo) into a PNG file. librsvg is
/// loaded when the first PNG is written, so compctl runs without it for everything else.
enum PNGWriter {
  /// The librsvg shared library (its soname; Debian's `librsvg2-2`).
  static let library = "librsvg-2.so.2"

  /// Why a PNG could not be written.
  struct Failure: Error, CustomStringConvertible {
    /// librsvg's or cairo's message.
    var description: String
  }

  /// The largest PNG side in pixels (cairo's image surfaces stop at 32767).
  static let maximumSide = 32767

  /// The pixel size of a `width` × `height` point picture at `scale` (rounded up, at least
  /// one pixel).
  static func pixelSize(width: Double, height: Double, scale: Double) -> (width: Int, height: Int) {
    func side(_ points: Double) -> Int {
      Int(min(max(1, (points * scale).rounded(.up)), Double(maximumSide)))
    }
    return (side(width), side(height))
  }

  /// Writes `svg`, a `width` × `height` point document, as a PNG at `scale` pixels per
  /// point to `path`, with the librsvg at `library`.
  static func write(
    svg: String, width: Double, height: Double, scale: Double, to path: String,
    library: String = library
  ) throws(Failure) {
    let size = pixelSize(width: width, height: height, scale: scale)
    var bytes = Array(svg.utf8)
    bytes.append(0)
    let message = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        compd_rsvg_render_png(
          library, $0, UInt(buffer.count - 1), Int32(size.width), Int32(size.height), path)
      }
    }
    if let message {
      let text = String(cString: message)
      compd_rsvg_free(message)
      throw Failure(description: text)
    }
  }
}
