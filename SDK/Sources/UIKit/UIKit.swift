// `import UIKit` on compd: ScreenKit, Foundation and the `os` module, with UIKit's spellings
// of ScreenKit's types (TypeAliases.swift), the CoreGraphics names (CoreGraphics.swift) and the
// Objective-C-era names screens still use (Foundation+UIKit.swift). docs/porting.md says what
// differs from iOS and why.
@_exported import Foundation
@_exported import ScreenKit
@_exported import os
