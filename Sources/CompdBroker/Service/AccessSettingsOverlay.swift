import CompdProtocol

/// The access settings a config file gives (`nil`: not set), parsed from its lines.
///
/// A list key given in the file replaces the default list; repeating it, or separating
/// values with commas, adds to it.
package struct AccessSettingsOverlay: Sendable, Equatable {
  var controlUsers: [String]?
  var controlGroups: [String]?
  var readEveryone: Bool?
  var readUsers: [String]?
  var readGroups: [String]?
  var sceneAdminUsers: [String]?
  var sceneAdminGroups: [String]?
  var maxConnectionsPerUser: Int?
  var maxScenesPerUser: Int?
  var maxScenes: Int?

  /// Nothing set.
  package init() {}

  /// The keys this overlay reads.
  package static let keys = [
    "control-user", "control-group", "read-access", "read-user", "read-group",
    "scene-admin-user", "scene-admin-group", "max-connections-per-user", "max-scenes-per-user",
    "max-scenes",
  ]

  /// Takes one `key = value` line; false when `key` is not an access key. A bad value
  /// throws a message naming the key (the caller adds `file:line`).
  package mutating func parse(key: String, value: String) throws(ServiceProtocolError) -> Bool {
    func names() throws(ServiceProtocolError) -> [String] {
      let items = value.split(separator: ",", omittingEmptySubsequences: false).map {
        String($0.filter { $0 != " " && $0 != "\t" })
      }
      if items.contains(where: \.isEmpty) {
        throw ServiceProtocolError(
          "bad value `\(value)` for \(key): expected comma-separated names or ids")
      }
      return items
    }
    func count() throws(ServiceProtocolError) -> Int {
      guard let number = Int(value), number >= 1 else {
        throw ServiceProtocolError("bad value `\(value)` for \(key): expected a positive integer")
      }
      return number
    }
    switch key {
    case "control-user": controlUsers = (controlUsers ?? []) + (try names())
    case "control-group": controlGroups = (controlGroups ?? []) + (try names())
    case "read-user": readUsers = (readUsers ?? []) + (try names())
    case "read-group": readGroups = (readGroups ?? []) + (try names())
    case "scene-admin-user": sceneAdminUsers = (sceneAdminUsers ?? []) + (try names())
    case "scene-admin-group": sceneAdminGroups = (sceneAdminGroups ?? []) + (try names())
    case "read-access":
      switch value {
      case "everyone": readEveryone = true
      case "listed": readEveryone = false
      default:
        throw ServiceProtocolError(
          "bad value `\(value)` for read-access: expected everyone or listed")
      }
    case "max-connections-per-user": maxConnectionsPerUser = try count()
    case "max-scenes-per-user": maxScenesPerUser = try count()
    case "max-scenes": maxScenes = try count()
    default: return false
    }
    return true
  }

  /// Writes the settings this overlay gives over `settings`.
  package func apply(to settings: inout AccessSettings) {
    if let controlUsers { settings.controlUsers = controlUsers }
    if let controlGroups { settings.controlGroups = controlGroups }
    if let readEveryone { settings.readEveryone = readEveryone }
    if let readUsers { settings.readUsers = readUsers }
    if let readGroups { settings.readGroups = readGroups }
    if let sceneAdminUsers { settings.sceneAdminUsers = sceneAdminUsers }
    if let sceneAdminGroups { settings.sceneAdminGroups = sceneAdminGroups }
    if let maxConnectionsPerUser { settings.maxConnectionsPerUser = maxConnectionsPerUser }
    if let maxScenesPerUser { settings.maxScenesPerUser = maxScenesPerUser }
    if let maxScenes { settings.maxScenes = maxScenes }
  }
}
