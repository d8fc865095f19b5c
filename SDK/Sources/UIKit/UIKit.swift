// `import UIKit` on compd: ScreenKit and Foundation, under UIKit's names.
@_exported import Foundation
@_exported import ScreenKit
@_exported import os
