// UIKit's names for ScreenKit types that are being added alongside this module. Each group
// is enabled (uncommented) once its ScreenKit types are in; until then these names do not
// exist, as the types do not.

// Controls (Slider, Stepper, SegmentedControl, ProgressView, PageControl):
// public typealias UISlider = Slider
// public typealias UIStepper = Stepper
// public typealias UISegmentedControl = SegmentedControl
// public typealias UIProgressView = ProgressView
// public typealias UIPageControl = PageControl

// Text controls and pickers (TextView, DatePicker, PickerView, SearchBar, SearchController):
// public typealias UITextView = TextView
// public typealias UIDatePicker = DatePicker
// public typealias UIPickerView = PickerView
// public typealias UISearchBar = SearchBar
// public typealias UISearchController = SearchController

// Bars (BarButtonItem, Toolbar, TabBarItem):
// public typealias UIBarButtonItem = BarButtonItem
// public typealias UIToolbar = Toolbar
// public typealias UITabBarItem = TabBarItem

// Alerts (AlertController, AlertAction):
// public typealias UIAlertController = AlertController
// public typealias UIAlertAction = AlertAction

// Images (Image, also ImageView's image type):
// public typealias UIImage = Image
