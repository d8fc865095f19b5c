/// The base class for controls, as `UIControl`.
@MainActor
open class Control: View {}
