/// A keyed container for the state a controller or view saves and restores, as the
/// `NSCoder` UIKit hands to `encodeRestorableState(with:)` and
/// `decodeRestorableState(with:)`.
///
/// It holds what a screen needs: strings, integers, doubles, booleans, arrays of these,
/// nested coders (alone or in arrays), any ``ParamValue``, and references to child view
/// controllers. Encoding a key again replaces its value. Decoding never traps: a missing key,
/// or a value of another kind, decodes as `nil` (an integer decodes as a double too).
///
/// ScreenKit differs from UIKit in having typed decoders instead of `decodeObject(forKey:)`
/// and in storing doubles only when they are finite (JSON has no infinities or NaN; encoding
/// one removes the key).
@MainActor
public final class Coder {
  /// The values by key.
  private(set) var values: [String: ParamValue]
  /// Resolves controller references while a restoration decodes; `nil` while encoding.
  let references: RestorationScope?

  /// An empty coder, to fill and nest in another with `encode(_:forKey:)`.
  public init() {
    self.values = [:]
    self.references = nil
  }

  init(values: [String: ParamValue], references: RestorationScope?) {
    self.values = values
    self.references = references
  }

  /// Every key that holds a value, sorted.
  public var allKeys: [String] { ArchiveJSON.sortedKeys(values) }

  /// Whether `key` holds a value of any kind.
  public func containsValue(forKey key: String) -> Bool { values[key] != nil }

  /// Removes the value of `key`, if any.
  public func removeValue(forKey key: String) { values[key] = nil }

  // MARK: Encoding

  /// Stores `value` under `key`; `nil` removes the key.
  public func encode(_ value: String?, forKey key: String) {
    values[key] = value.map(ParamValue.string)
  }
  /// Stores `value` under `key`.
  public func encode(_ value: Int, forKey key: String) { values[key] = .int(Int64(value)) }
  /// Stores `value` under `key`; a value that is not finite removes the key.
  public func encode(_ value: Double, forKey key: String) {
    values[key] = value.isFinite ? .double(value) : nil
  }
  /// Stores `value` under `key`.
  public func encode(_ value: Bool, forKey key: String) { values[key] = .bool(value) }
  /// Stores `value` under `key`.
  public func encode(_ value: [String], forKey key: String) {
    values[key] = .array(value.map(ParamValue.string))
  }
  /// Stores `value` under `key`.
  public func encode(_ value: [Int], forKey key: String) {
    values[key] = .array(value.map { .int(Int64($0)) })
  }
  /// Stores `value` under `key`; an array with a value that is not finite removes the key.
  public func encode(_ value: [Double], forKey key: String) {
    values[key] = value.allSatisfy(\.isFinite) ? .array(value.map(ParamValue.double)) : nil
  }
  /// Stores `value` under `key`.
  public func encode(_ value: [Bool], forKey key: String) {
    values[key] = .array(value.map(ParamValue.bool))
  }
  /// Stores a copy of `coder`'s values under `key` (later changes to `coder` do not count).
  public func encode(_ coder: Coder, forKey key: String) { values[key] = .object(coder.values) }
  /// Stores copies of `coders`' values under `key`.
  public func encode(_ coders: [Coder], forKey key: String) {
    values[key] = .array(coders.map { .object($0.values) })
  }
  /// Stores any JSON-shaped `value` under `key` (the generic path; doubles that are not
  /// finite make it remove the key).
  public func encodeValue(_ value: ParamValue, forKey key: String) {
    values[key] = Self.isFinite(value) ? value : nil
  }

  /// Stores a reference to `controller` under `key`: its `restorationIdentifier`. A
  /// controller without one is not stored (the key is removed), as UIKit skips objects
  /// without identifiers. Decode it with ``decodeViewController(forKey:)``.
  public func encode(_ controller: ViewController, forKey key: String) {
    values[key] = Self.reference(to: controller)
  }

  /// Stores references to the `controllers` that have a `restorationIdentifier`, in order.
  public func encode(_ controllers: [ViewController], forKey key: String) {
    values[key] = .array(controllers.compactMap(Self.reference(to:)))
  }

  private static func reference(to controller: ViewController) -> ParamValue? {
    guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else {
      return nil
    }
    return .string(identifier)
  }

  private static func isFinite(_ value: ParamValue) -> Bool {
    switch value {
    case .double(let number): return number.isFinite
    case .array(let elements): return elements.allSatisfy(isFinite)
    case .object(let members): return members.values.allSatisfy(isFinite)
    case .null, .bool, .int, .string: return true
    }
  }

  // MARK: Decoding

  /// The string under `key`, or `nil`.
  public func decodeString(forKey key: String) -> String? { values[key]?.stringValue }
  /// The integer under `key` (an integral double counts), or `nil`; `nil` too when it does
  /// not fit an `Int`.
  public func decodeInteger(forKey key: String) -> Int? {
    values[key]?.intValue.flatMap { Int(exactly: $0) }
  }
  /// The number under `key` (an integer counts), or `nil`.
  public func decodeDouble(forKey key: String) -> Double? { values[key]?.doubleValue }
  /// The boolean under `key`, or `nil`.
  public func decodeBool(forKey key: String) -> Bool? { values[key]?.boolValue }
  /// The strings under `key`, or `nil` when it is not an array of strings.
  public func decodeStringArray(forKey key: String) -> [String]? {
    decodeArray(forKey: key) { $0.stringValue }
  }
  /// The integers under `key`, or `nil` when it is not an array of integers.
  public func decodeIntegerArray(forKey key: String) -> [Int]? {
    decodeArray(forKey: key) { $0.intValue.flatMap { Int(exactly: $0) } }
  }
  /// The numbers under `key`, or `nil` when it is not an array of numbers.
  public func decodeDoubleArray(forKey key: String) -> [Double]? {
    decodeArray(forKey: key) { $0.doubleValue }
  }
  /// The booleans under `key`, or `nil` when it is not an array of booleans.
  public func decodeBoolArray(forKey key: String) -> [Bool]? {
    decodeArray(forKey: key) { $0.boolValue }
  }
  /// The nested coder under `key`, or `nil`.
  public func decodeCoder(forKey key: String) -> Coder? {
    guard let members = values[key]?.objectValue else { return nil }
    return Coder(values: members, references: references)
  }
  /// The nested coders under `key`, or `nil` when it is not an array of coders.
  public func decodeCoderArray(forKey key: String) -> [Coder]? {
    decodeArray(forKey: key) { element in
      element.objectValue.map { Coder(values: $0, references: references) }
    }
  }
  /// The value under `key` as stored, or `nil`.
  public func decodeValue(forKey key: String) -> ParamValue? { values[key] }

  /// The controller referenced under `key`: the child or presented controller of the one
  /// decoding that has this identifier, else one recreated from the archive (by component
  /// name and params, or by a ``ViewController/restorationFactory`` up the tree); `nil`
  /// when there is none or this coder is not decoding.
  public func decodeViewController(forKey key: String) -> ViewController? {
    guard let identifier = values[key]?.stringValue else { return nil }
    return references?.controller(withIdentifier: identifier)
  }

  /// The controllers referenced under `key` that could be found or recreated, in order;
  /// `nil` when it is not an array of references.
  public func decodeViewControllers(forKey key: String) -> [ViewController]? {
    guard let identifiers = decodeStringArray(forKey: key) else { return nil }
    return identifiers.compactMap { references?.controller(withIdentifier: $0) }
  }

  private func decodeArray<Element>(
    forKey key: String, _ transform: (ParamValue) -> Element?
  ) -> [Element]? {
    guard let elements = values[key]?.arrayValue else { return nil }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for element in elements {
      guard let converted = transform(element) else { return nil }
      result.append(converted)
    }
    return result
  }
}
