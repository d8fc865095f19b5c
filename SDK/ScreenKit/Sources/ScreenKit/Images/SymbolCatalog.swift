/// The built-in symbol images: SF Symbols names mapped to the GNOME Adwaita symbolic icons
/// (adwaita-icon-theme 43, CC-BY-SA-3.0 or LGPL-3, "GNOME Project") that ScreenKit ships
/// as resources in `Symbols/` (its README names the source and licence).
///
/// A name maps to the Adwaita icon of the same meaning, checked by eye on a contact sheet;
/// where Adwaita has no outline or filled variant both names take the one it has (a
/// heart is filled either way), and circled names take the icon closest in shape.
enum SymbolCatalog {
  /// SF Symbols name → Adwaita icon file name (without `-symbolic.svg`).
  static let files: [String: String] = [
    "chevron.left": "go-previous",
    "chevron.right": "go-next",
    "chevron.up": "go-up",
    "chevron.down": "go-down",
    "chevron.backward": "go-previous",
    "chevron.forward": "go-next",
    "arrow.left": "go-previous",
    "arrow.right": "go-next",
    "arrow.up": "go-up",
    "arrow.down": "go-down",
    "plus": "list-add",
    "minus": "list-remove",
    "xmark": "window-close",
    "trash": "user-trash",
    "gear": "emblem-system",
    "gearshape": "emblem-system",
    "magnifyingglass": "edit-find",
    "person": "avatar-default",
    "person.circle": "avatar-default",
    "person.2": "system-users",
    "checkmark": "object-select",
    "checkmark.circle": "emblem-default",
    "checkmark.circle.fill": "emblem-default",
    "star": "non-starred",
    "star.fill": "starred",
    "heart": "emote-love",
    "heart.fill": "emblem-favorite",
    "house": "go-home",
    "bell": "preferences-system-notifications",
    "envelope": "mail-unread",
    "phone": "call-start",
    "camera": "camera-photo",
    "photo": "image-x-generic",
    "square.and.arrow.up": "send-to",
    "ellipsis": "view-more-horizontal",
    "ellipsis.circle": "view-more-horizontal",
    "info.circle": "help-about",
    "exclamationmark.circle": "emblem-important",
    "exclamationmark.triangle": "dialog-warning",
    "questionmark.circle": "dialog-question",
    "pencil": "document-edit",
    "square.and.pencil": "document-edit",
    "folder": "folder",
    "doc": "text-x-generic",
    "calendar": "x-office-calendar",
    "clock": "preferences-system-time",
    "lock": "changes-prevent",
    "lock.open": "changes-allow",
    "globe": "web-browser",
    "arrow.clockwise": "view-refresh",
    "arrow.triangle.2.circlepath": "emblem-synchronizing",
    "line.3.horizontal": "open-menu",
    "list.bullet": "view-list",
    // Adwaita has no sliders icon: the tools icon, which GNOME uses for adjustments.
    "slider.horizontal.3": "preferences-system",
    "play.fill": "media-playback-start",
    "pause.fill": "media-playback-pause",
    "stop.fill": "media-playback-stop",
    "mic": "audio-input-microphone",
    "paperclip": "mail-attachment",
    "link": "insert-link",
    "doc.on.doc": "edit-copy",
    "bookmark": "user-bookmarks",
    "map": "mark-location",
    "location": "find-location",
    "wifi": "network-wireless",
    "battery.100": "battery-full",
    "speaker.wave.2": "audio-volume-high",
    "printer": "printer",
    "keyboard": "input-keyboard",
    "square.grid.2x2": "view-grid",
    "square.grid.3x3": "view-app-grid",
  ]

  /// The resource path of the symbol `name`, inside ScreenKit's resource bundle.
  static func resourcePath(of name: String) -> String? {
    files[name].map { "Symbols/\($0)-symbolic.svg" }
  }
}
