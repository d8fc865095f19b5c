/// An encoded snapshot of a window's restorable state: canonical JSON text (sorted keys, no
/// whitespace) that a host stores as is and hands back to ``Window/restoreState(from:)``.
///
/// The text is an object `{"format":"screenkit.restoration","version":1,"root":{ID:NODE}}`
/// keyed by restoration identifiers, so that the identifier path of every saved object is
/// the chain of keys leading to it. A NODE is an object with `state` (what
/// `encodeRestorableState(with:)` wrote), and when they apply `component` (`name` and
/// `params` of a controller made through the component catalog, to recreate it),
/// `children` (child controllers by identifier), `presented` (the presented controller, one
/// member) and `views` (views by identifier, each `{"state":{…}}`).
public struct RestorationArchive: Sendable, Equatable {
  /// The format name in every archive.
  public static let format = "screenkit.restoration"
  /// The format version this ScreenKit writes and reads.
  public static let version = 1

  /// The canonical JSON text.
  public let json: String
  /// The root controller's identifier and node.
  let rootIdentifier: String
  let root: RestorationNode

  /// Reads and validates an archive from JSON text; the text need not be canonical (its
  /// canonical form is kept).
  ///
  /// - Throws: ``RestorationError`` saying what is wrong: not JSON, not an archive, another
  ///   version, or a member of the wrong shape (named by its path).
  public init(json: String) throws(RestorationError) {
    let value = try ArchiveJSON.parse(json)
    guard let members = value.objectValue else {
      throw RestorationError("an archive is a JSON object, not \(value.typeName)")
    }
    guard members["format"]?.stringValue == Self.format else {
      throw RestorationError("an archive has \"format\": \"\(Self.format)\"")
    }
    guard members["version"]?.intValue == Int64(Self.version) else {
      throw RestorationError(
        "archive version \(members["version"].map(ArchiveJSON.print) ?? "(missing)") is not supported; this ScreenKit reads version \(Self.version)"
      )
    }
    if let unknown = members.keys.first(where: { !["format", "version", "root"].contains($0) }) {
      throw RestorationError("an archive has no member \"\(unknown)\"")
    }
    guard let rootMembers = members["root"]?.objectValue, rootMembers.count == 1,
      let (identifier, rootValue) = rootMembers.first
    else { throw RestorationError("\"root\" must be an object with exactly one member") }
    try self.init(rootIdentifier: identifier, root: RestorationNode(rootValue, path: [identifier]))
  }

  init(rootIdentifier: String, root: RestorationNode) throws(RestorationError) {
    guard !rootIdentifier.isEmpty else {
      throw RestorationError("restoration identifiers are not empty")
    }
    self.rootIdentifier = rootIdentifier
    self.root = root
    self.json = ArchiveJSON.print([
      "format": .string(Self.format), "version": .int(Int64(Self.version)),
      "root": .object([rootIdentifier: root.value]),
    ])
  }

  /// Archives are equal when their canonical texts are.
  public static func == (lhs: RestorationArchive, rhs: RestorationArchive) -> Bool {
    lhs.json == rhs.json
  }
}

/// Why an archive could not be read or applied; `description` says what was wrong.
public struct RestorationError: Error, Sendable, CustomStringConvertible, Equatable {
  /// What was wrong, as a sentence fragment for logs and replies.
  public let description: String

  /// An error with `description`.
  public init(_ description: String) {
    self.description = description
  }
}

/// One saved controller: its own state, how to recreate it, and what hangs below it.
struct RestorationNode: Sendable, Equatable {
  var state: [String: ParamValue] = [:]
  var component: ComponentRecipe?
  var children: [String: RestorationNode] = [:]
  /// The presented controller's identifier and node (at most one member).
  var presented: [String: RestorationNode] = [:]
  var views: [String: [String: ParamValue]] = [:]

  init() {}

  /// The node's JSON value; empty members are left out.
  var value: ParamValue {
    var members: [String: ParamValue] = ["state": .object(state)]
    if let component {
      members["component"] = ["name": .string(component.name), "params": component.params]
    }
    if !children.isEmpty { members["children"] = .object(children.mapValues(\.value)) }
    if !presented.isEmpty { members["presented"] = .object(presented.mapValues(\.value)) }
    if !views.isEmpty {
      members["views"] = .object(views.mapValues { ["state": .object($0)] })
    }
    return .object(members)
  }

  /// Reads a node, naming `path` (identifiers from the root) in errors.
  init(_ value: ParamValue, path: [String]) throws(RestorationError) {
    let place = "the node at \(path.joined(separator: " / "))"
    guard let members = value.objectValue else {
      throw RestorationError("\(place) must be an object, not \(value.typeName)")
    }
    for key in members.keys
    where !["state", "component", "children", "presented", "views"].contains(key) {
      throw RestorationError("\(place) has no member \"\(key)\"")
    }
    guard let state = members["state"]?.objectValue else {
      throw RestorationError("\(place) needs \"state\", an object")
    }
    self.state = state
    if let component = members["component"] {
      guard let name = component["name"]?.stringValue, let params = component["params"],
        component.objectValue?.count == 2
      else {
        throw RestorationError(
          "\(place): \"component\" must be an object with \"name\" (a string) and \"params\"")
      }
      self.component = ComponentRecipe(name: name, params: params)
    }
    children = try Self.nodes(members["children"], named: "children", in: place, path: path)
    presented = try Self.nodes(members["presented"], named: "presented", in: place, path: path)
    if members["presented"] != nil, presented.count != 1 {
      throw RestorationError("\(place): \"presented\" must have exactly one member")
    }
    if let nested = members["views"] {
      guard let entries = nested.objectValue else {
        throw RestorationError("\(place): \"views\" must be an object keyed by identifier")
      }
      for (identifier, view) in entries {
        guard !identifier.isEmpty, let viewState = view["state"]?.objectValue,
          view.objectValue?.count == 1
        else {
          throw RestorationError(
            "\(place): the view \"\(identifier)\" must be {\"state\": {…}} with a non-empty identifier"
          )
        }
        views[identifier] = viewState
      }
    }
  }

  /// The nodes of the member `name` (`children` or `presented`), keyed by identifier.
  private static func nodes(
    _ value: ParamValue?, named name: String, in place: String, path: [String]
  ) throws(RestorationError) -> [String: RestorationNode] {
    guard let value else { return [:] }
    guard let entries = value.objectValue else {
      throw RestorationError("\(place): \"\(name)\" must be an object keyed by identifier")
    }
    var nodes: [String: RestorationNode] = [:]
    for (identifier, child) in entries {
      guard !identifier.isEmpty else {
        throw RestorationError("\(place): restoration identifiers are not empty")
      }
      nodes[identifier] = try RestorationNode(child, path: path + [identifier])
    }
    return nodes
  }
}

/// The component name and validated params a controller was made with.
struct ComponentRecipe: Sendable, Equatable {
  var name: String
  var params: ParamValue
}
