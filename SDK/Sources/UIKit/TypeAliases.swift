// UIKit's names for ScreenKit's types. ScreenKit is UIKit's model without the `UI` prefix, so
// each alias names the same class, with the same members; nested types (`UIButton.ButtonType`,
// `UITableView.Style`, `UIControl.Event` …) come along with their outer type.
//
// The list covers every public top-level type of ScreenKit that has a UIKit (or Foundation /
// Core Animation) counterpart; the test `everyScreenKitTypeHasItsUIKitName` fails when ScreenKit
// gains a type that is neither aliased here nor listed there as ScreenKit's own.
//
// Types of the module shadow Foundation's when both are visible through `import UIKit`
// (this module imports Foundation), which is why `IndexPath` and the CoreGraphics names are
// declared here again.

// MARK: Views and controls
public typealias UIView = View
public typealias UIWindow = Window
public typealias UIResponder = Responder
public typealias UIApplication = Application
public typealias UIEvent = Event
public typealias UITouch = Touch
public typealias UIGestureRecognizer = GestureRecognizer
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
public typealias UITapGestureRecognizer = TapGestureRecognizer
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
public typealias UIPanGestureRecognizer = PanGestureRecognizer
public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer
public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
public typealias UIRectEdge = ScreenEdgePanGestureRecognizer.RectEdge
public typealias UIViewPropertyAnimator = PropertyAnimator
public typealias UIControl = Control
public typealias UILabel = Label
public typealias UIButton = Button
public typealias UITextField = TextField
public typealias UITextFieldDelegate = TextFieldDelegate
public typealias UISwitch = Switch
public typealias UIStackView = StackView
public typealias UIScrollView = ScrollView
public typealias UIScrollViewDelegate = ScrollViewDelegate
public typealias UIImageView = ImageView
public typealias UIActivityIndicatorView = ActivityIndicatorView
public typealias UINavigationBar = NavigationBar
public typealias UITabBar = TabBar
public typealias CALayer = Layer

// MARK: Controllers
public typealias UIViewController = ViewController
public typealias UINavigationController = NavigationController
public typealias UINavigationItem = NavigationItem
public typealias UITabBarController = TabBarController
public typealias UITableViewController = TableViewController
public typealias UITraitCollection = TraitCollection
public typealias UIViewControllerTransitionCoordinator = TransitionCoordinator

// MARK: Lists
public typealias IndexPath = ScreenKit.IndexPath
public typealias UITableView = TableView
public typealias UITableViewCell = TableViewCell
public typealias UITableViewHeaderFooterView = TableViewHeaderFooterView
public typealias UITableViewDataSource = TableViewDataSource
public typealias UITableViewDataSourcePrefetching = TableViewDataSourcePrefetching
public typealias UITableViewDelegate = TableViewDelegate
public typealias UITableViewDiffableDataSource = TableViewDiffableDataSource
public typealias UICollectionView = CollectionView
public typealias UICollectionViewController = CollectionViewController
public typealias UICollectionViewCell = CollectionViewCell
public typealias UICollectionViewListCell = CollectionViewListCell
public typealias UICollectionReusableView = CollectionReusableView
public typealias UICollectionViewDataSource = CollectionViewDataSource
public typealias UICollectionViewDelegate = CollectionViewDelegate
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
public typealias UICollectionViewDiffableDataSource = CollectionViewDiffableDataSource
public typealias UICollectionViewLayout = CollectionViewLayout
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
public typealias UICollectionViewCompositionalLayout = CollectionViewCompositionalLayout
public typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
public typealias NSCollectionLayoutSection = CollectionLayoutSection
public typealias NSCollectionLayoutGroup = CollectionLayoutGroup
public typealias NSCollectionLayoutItem = CollectionLayoutItem
public typealias NSCollectionLayoutSize = CollectionLayoutSize
public typealias NSCollectionLayoutDimension = CollectionLayoutDimension
public typealias NSCollectionLayoutSpacing = CollectionLayoutSpacing
public typealias NSCollectionLayoutContainer = CollectionLayoutContainer
public typealias NSCollectionLayoutEnvironment = CollectionLayoutEnvironment
public typealias NSCollectionLayoutBoundarySupplementaryItem =
  CollectionLayoutBoundarySupplementaryItem
public typealias NSRectAlignment = CollectionLayoutRectAlignment
public typealias NSDiffableDataSourceSnapshot = DiffableDataSourceSnapshot
public typealias UIListContentConfiguration = ListContentConfiguration
public typealias UICellAccessory = CellAccessory
public typealias UIContextualAction = ContextualAction
public typealias UISwipeActionsConfiguration = SwipeActionsConfiguration

// MARK: Layout
public typealias NSLayoutConstraint = LayoutConstraint
public typealias NSLayoutAnchor = LayoutAnchor
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
public typealias NSLayoutDimension = LayoutDimension
public typealias UILayoutGuide = LayoutGuide
public typealias UILayoutPriority = LayoutPriority
public typealias UIEdgeInsets = EdgeInsets
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets

// MARK: Text, colour and appearance
public typealias UIColor = Color
public typealias UIFont = Font
public typealias NSTextAlignment = TextAlignment
public typealias NSLineBreakMode = LineBreakMode
public typealias UIKeyboardType = KeyboardType
public typealias UIReturnKeyType = ReturnKeyType
public typealias UITextAutocorrectionType = TextAutocorrectionType
public typealias UIUserInterfaceStyle = TraitCollection.UserInterfaceStyle
public typealias UIUserInterfaceSizeClass = TraitCollection.SizeClass
public typealias UIContentSizeCategory = TraitCollection.ContentSizeCategory
public typealias UITraitEnvironmentLayoutDirection = TraitCollection.LayoutDirection
public typealias UIFontMetrics = FontMetrics
public typealias UIContentSizeCategoryAdjusting = ContentSizeCategoryAdjusting
public typealias UISemanticContentAttribute = SemanticContentAttribute
public typealias UIUserInterfaceLayoutDirection = UserInterfaceLayoutDirection

// MARK: Controls, text controls and pickers
public typealias UISlider = Slider
public typealias UIStepper = Stepper
public typealias UISegmentedControl = SegmentedControl
public typealias UIProgressView = ProgressView
public typealias UIPageControl = PageControl
public typealias UITextView = TextView
public typealias UIDatePicker = DatePicker
public typealias UIPickerView = PickerView
public typealias UISearchBar = SearchBar
public typealias UISearchController = SearchController
public typealias UIPickerViewDataSource = PickerViewDataSource
public typealias UIPickerViewDelegate = PickerViewDelegate
public typealias UITextViewDelegate = TextViewDelegate
public typealias UISearchBarDelegate = SearchBarDelegate
public typealias UISearchResultsUpdating = SearchResultsUpdating
public typealias UITextContentType = TextContentType
public typealias UITextAutocapitalizationType = TextAutocapitalizationType
public typealias UITextSpellCheckingType = TextSpellCheckingType

// MARK: Bars, menus, alerts and presentation
public typealias UIBarButtonItem = BarButtonItem
public typealias UIToolbar = Toolbar
public typealias UITabBarItem = TabBarItem
public typealias UIAlertController = AlertController
public typealias UIAlertAction = AlertAction
public typealias UIBarItem = BarItem
public typealias UIMenu = Menu
public typealias UIMenuElement = MenuElement
public typealias UIAction = Action
public typealias UIModalPresentationStyle = ModalPresentationStyle
public typealias UIModalTransitionStyle = ModalTransitionStyle
public typealias UIPresentationController = PresentationController
public typealias UIAdaptivePresentationControllerDelegate = AdaptivePresentationControllerDelegate

// MARK: Images
public typealias UIImage = Image

// MARK: Screen
public typealias UIScreen = Screen

// MARK: Accessibility
public typealias UIAccessibility = Accessibility
public typealias UIAccessibilityTraits = AccessibilityTraits
public typealias UIAccessibilityElement = AccessibilityElement
public typealias UIAccessibilityCustomAction = AccessibilityCustomAction

// MARK: Focus and keys
public typealias UIFocusEnvironment = FocusEnvironment
public typealias UIFocusItem = FocusItem
public typealias UIFocusUpdateContext = FocusUpdateContext
public typealias UIFocusHeading = FocusHeading
public typealias UIFocusGuide = FocusGuide
public typealias UIFocusSystem = FocusSystem
public typealias UIFocusAnimationCoordinator = FocusAnimationCoordinator
public typealias UIKeyCommand = KeyCommand
public typealias UIPress = Press
public typealias UIKey = Key
public typealias UIPressesEvent = PressesEvent
public typealias UIKeyModifierFlags = KeyModifierFlags
public typealias UIKeyboardHIDUsage = KeyboardHIDUsage
