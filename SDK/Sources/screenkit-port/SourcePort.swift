import SwiftParser
import SwiftSyntax

/// One file's port: the rewritten text and what was changed or left.
struct SourcePort {
  /// The rewritten source.
  var text: String
  /// `file:line: …` lines: each change and each construct left as it was.
  var notes: [String]
  /// How many constructs could not be ported.
  var unported: Int

  /// Ports `source`, naming `file` in the notes.
  static func port(_ source: String, file: String, classes: ClassTable = ClassTable()) -> SourcePort
  {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: file, tree: tree)
    let rewriter = PortRewriter(file: file, converter: converter, tree: tree, classes: classes)
    let rewritten = rewriter.rewrite(tree)
    return SourcePort(
      text: rewritten.description, notes: rewriter.notes, unported: rewriter.unported)
  }
}

/// The attributes that mean something only to the Objective-C runtime or Interface Builder.
let removedAttributes: Set<String> = [
  "objc", "objcMembers", "nonobjc", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable",
  "IBSegueAction",
]

/// Modules `import UIKit` re-exports (on iOS as here): a second import of them makes the
/// CoreGraphics names ambiguous on Linux (see the SDK's UIKit/CoreGraphics.swift).
let redundantImports: Set<String> = ["Foundation", "CoreGraphics", "QuartzCore"]

final class PortRewriter: SyntaxRewriter {
  let file: String
  let converter: SourceLocationConverter
  let importsUIKit: Bool
  private(set) var notes: [String] = []
  private(set) var unported = 0

  let classes: ClassTable

  init(
    file: String, converter: SourceLocationConverter, tree: SourceFileSyntax, classes: ClassTable
  ) {
    self.file = file
    self.converter = converter
    self.classes = classes
    importsUIKit = tree.statements.contains { item in
      item.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "UIKit"
    }
    super.init(viewMode: .sourceAccurate)
  }

  private func line(_ node: some SyntaxProtocol) -> Int {
    node.startLocation(converter: converter).line
  }

  private func note(_ node: some SyntaxProtocol, _ message: String) {
    notes.append("\(file):\(line(node)): \(message)")
  }

  private func leave(_ node: some SyntaxProtocol, _ message: String) {
    unported += 1
    notes.append("\(file):\(line(node)): not ported: \(message)")
  }

  // MARK: Imports

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    let visited = super.visit(node)
    var items: [CodeBlockItemSyntax] = []
    var pendingTrivia: Trivia? = nil
    for item in visited {
      if let declaration = item.item.as(ImportDeclSyntax.self), declaration.path.count == 2,
        declaration.path.first?.name.text == "os"
      {
        // `import os.log` names a Clang submodule of Apple's `os`; the SDK's `os` is one module.
        note(item, "replaced `import \(declaration.path.trimmedDescription)` by `import os`")
        var replaced = declaration
        replaced.path = ImportPathComponentListSyntax([
          ImportPathComponentSyntax(name: .identifier("os"))
        ])
        items.append(item.with(\.item, CodeBlockItemSyntax.Item(replaced)))
        continue
      }
      if let declaration = item.item.as(ImportDeclSyntax.self),
        let module = declaration.path.first?.name.text, declaration.path.count == 1,
        redundantImports.contains(module)
      {
        if importsUIKit {
          note(item, "removed `import \(module)` (UIKit re-exports it)")
          // Keep comments that preceded the import on the next item.
          let comments = item.leadingTrivia.filter { !$0.isWhitespace }
          if !comments.isEmpty { pendingTrivia = item.leadingTrivia }
          continue
        } else if module != "Foundation" {
          note(item, "replaced `import \(module)` by `import Foundation` (CGFloat & co. are there)")
          var replaced = declaration
          replaced.path = ImportPathComponentListSyntax([
            ImportPathComponentSyntax(name: .identifier("Foundation"))
          ])
          items.append(item.with(\.item, CodeBlockItemSyntax.Item(replaced)))
          continue
        }
      }
      if let trivia = pendingTrivia {
        items.append(item.with(\.leadingTrivia, trivia + item.leadingTrivia))
        pendingTrivia = nil
      } else {
        items.append(item)
      }
    }
    return CodeBlockItemListSyntax(items)
  }

  // MARK: Attributes and modifiers

  override func visit(_ node: AttributeListSyntax) -> AttributeListSyntax {
    var kept: [AttributeListSyntax.Element] = []
    var carried = Trivia()
    var changed = false
    for element in node {
      if case .attribute(let attribute) = element,
        let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
        removedAttributes.contains(name)
      {
        note(attribute, "removed @\(name)\(attribute.arguments == nil ? "" : "(…)")")
        carried = carried + attribute.leadingTrivia
        changed = true
        continue
      }
      if !carried.isEmpty {
        kept.append(element.with(\.leadingTrivia, carried))
        carried = Trivia()
      } else {
        kept.append(element)
      }
    }
    guard changed else { return super.visit(node) }
    return super.visit(AttributeListSyntax(kept))
  }

  override func visit(_ node: DeclModifierListSyntax) -> DeclModifierListSyntax {
    guard node.contains(where: { $0.name.tokenKind == .keyword(.dynamic) }) else {
      return super.visit(node)
    }
    var kept: [DeclModifierSyntax] = []
    var carried = Trivia()
    for modifier in node {
      if modifier.name.tokenKind == .keyword(.dynamic) {
        note(modifier, "removed `dynamic`")
        carried = carried + modifier.leadingTrivia
        continue
      }
      if !carried.isEmpty {
        kept.append(modifier.with(\.leadingTrivia, carried))
        carried = Trivia()
      } else {
        kept.append(modifier)
      }
    }
    return super.visit(DeclModifierListSyntax(kept))
  }

  /// A declaration whose leading attributes or modifiers were removed keeps the trivia that
  /// preceded them (the line break, the indentation, a doc comment) on what now comes first.
  private func keepingLeadingTrivia<T: DeclSyntaxProtocol>(_ original: T, _ rewritten: DeclSyntax)
    -> DeclSyntax
  {
    guard rewritten.leadingTrivia != original.leadingTrivia else { return rewritten }
    return rewritten.with(\.leadingTrivia, original.leadingTrivia)
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: StructDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: EnumDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax {
    let rewritten = keepingLeadingTrivia(node, super.visit(node))
    if let required = requiringReuseInit(rewritten, original: node) { return required }
    guard var initializer = rewritten.as(InitializerDeclSyntax.self),
      initializer.signature.parameterClause.parameters.isEmpty,
      initializer.optionalMark == nil,
      !initializer.modifiers.contains(where: {
        $0.name.tokenKind == .keyword(.override) || $0.name.tokenKind == .keyword(.convenience)
          || $0.name.tokenKind == .keyword(.required)
      }),
      let superclass = enclosingSuperclassName(of: Syntax(node)),
      classes.inheritsDesignatedInit(from: superclass)
    else { return rewritten }
    // UIKit's `init()` of a view controller is a convenience initialiser inherited from
    // NSObject, so `init()` in a subclass is not an override there; ScreenKit's is
    // designated, so the subclass must say `override`.
    var modifier = DeclModifierSyntax(name: .keyword(.override), trailingTrivia: .space)
    if let first = initializer.modifiers.first {
      modifier.leadingTrivia = first.leadingTrivia
      initializer.modifiers[initializer.modifiers.startIndex].leadingTrivia = []
    } else {
      modifier.leadingTrivia = initializer.initKeyword.leadingTrivia
      initializer.initKeyword.leadingTrivia = []
    }
    initializer.modifiers.insert(modifier, at: initializer.modifiers.startIndex)
    note(node, "added `override` to init() (ScreenKit's \(superclass) has a designated init())")
    return DeclSyntax(initializer)
  }

  /// `override init(frame:)` in a collection view cell (and the other reusable views' reuse
  /// initialisers) becomes `required init(frame:)`: the list makes cells of a registered
  /// class from its metatype, which Swift allows only through a required initialiser, so
  /// ScreenKit's are required where UIKit's (made by the Objective-C runtime) are not.
  private func requiringReuseInit(_ rewritten: DeclSyntax, original node: InitializerDeclSyntax)
    -> DeclSyntax?
  {
    guard var initializer = rewritten.as(InitializerDeclSyntax.self),
      let index = initializer.modifiers.firstIndex(where: {
        $0.name.tokenKind == .keyword(.override)
      }),
      initializer.optionalMark == nil,
      let superclass = enclosingSuperclassName(of: Syntax(node))
    else { return nil }
    let labels = initializer.signature.parameterClause.parameters.map {
      $0.firstName.text + ":"
    }.joined()
    guard let root = classes.reusableRoot(of: superclass),
      ClassTable.reuseInitializers[root] == labels
    else { return nil }
    let overrideToken = initializer.modifiers[index].name
    initializer.modifiers[index].name = .keyword(
      .required, leadingTrivia: overrideToken.leadingTrivia,
      trailingTrivia: overrideToken.trailingTrivia)
    note(
      node,
      "`override init(\(labels))` → `required init(\(labels))` (ScreenKit's \(root) makes cells from their class)"
    )
    return DeclSyntax(initializer)
  }

  override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax {
    keepingLeadingTrivia(node, super.visit(node))
  }

  // MARK: #selector

  override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
    guard node.macroName.text == "selector" else { return super.visit(node) }
    guard let argument = node.arguments.first, node.arguments.count == 1,
      argument.label == nil
    else {
      leave(node, "#selector with a getter: or setter: label (a property's accessor)")
      return ExprSyntax(node)
    }
    let expression = argument.expression
    var method: String
    var explicitType: String? = nil
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      method = reference.trimmedDescription
    } else if let member = expression.as(MemberAccessExprSyntax.self),
      let base = member.base
    {
      method = member.declName.trimmedDescription
      let baseText = base.trimmedDescription
      if baseText != "self" { explicitType = baseText }
    } else {
      leave(node, "#selector(\(expression.trimmedDescription))")
      return ExprSyntax(node)
    }
    guard let type = explicitType ?? enclosingTypeName(of: Syntax(node)) else {
      leave(node, "#selector(\(method)) outside a type")
      return ExprSyntax(node)
    }
    let replacement = "\(type).\(method)"
    note(node, "#selector(\(expression.trimmedDescription)) → \(replacement)")
    let parsed = parsedExpression(replacement)
    return parsed.with(\.leadingTrivia, node.leadingTrivia).with(
      \.trailingTrivia, node.trailingTrivia)
  }

  // MARK: super.init(coder:)

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    if let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
      callee.base?.is(SuperExprSyntax.self) == true, callee.declName.baseName.text == "init",
      node.arguments.count == 1, node.arguments.first?.label?.text == "coder"
    {
      let superclass = enclosingSuperclassName(of: Syntax(node)) ?? ""
      let replacement =
        superclass.hasSuffix("Controller")
        ? "super.init(nibName: nil, bundle: nil)" : "super.init(frame: .zero)"
      note(node, "super.init(coder:) → \(replacement) (ScreenKit has no archives of views)")
      return parsedExpression(replacement).with(\.leadingTrivia, node.leadingTrivia)
        .with(\.trailingTrivia, node.trailingTrivia)
    }
    return super.visit(node)
  }

  /// `text` parsed as an expression.
  private func parsedExpression(_ text: String) -> ExprSyntax {
    let file = Parser.parse(source: text)
    guard let item = file.statements.first?.item, let parsed = item.as(ExprSyntax.self) else {
      preconditionFailure("not an expression: \(text)")
    }
    return parsed
  }

  // MARK: Enclosing types

  private func enclosingTypeName(of node: Syntax) -> String? {
    var current = node.parent
    while let candidate = current {
      if let declaration = candidate.as(ClassDeclSyntax.self) { return declaration.name.text }
      if let declaration = candidate.as(StructDeclSyntax.self) { return declaration.name.text }
      if let declaration = candidate.as(EnumDeclSyntax.self) { return declaration.name.text }
      if let declaration = candidate.as(ActorDeclSyntax.self) { return declaration.name.text }
      if let declaration = candidate.as(ExtensionDeclSyntax.self) {
        return declaration.extendedType.trimmedDescription
      }
      current = candidate.parent
    }
    return nil
  }

  private func enclosingSuperclassName(of node: Syntax) -> String? {
    var current = node.parent
    while let candidate = current {
      if let declaration = candidate.as(ClassDeclSyntax.self) {
        return declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
      }
      current = candidate.parent
    }
    return nil
  }
}

/// The classes of the files ported together: each one's superclass and initialisers, to
/// tell whether `init()` in a subclass overrides a designated initialiser.
struct ClassTable {
  struct Entry {
    var superclass: String?
    var declaresInit = false
    var declaresOtherDesignatedInit = false
  }

  var entries: [String: Entry] = [:]

  /// ScreenKit classes (by their UIKit and ScreenKit names) whose `init()` is designated.
  static let designatedInitRoots: Set<String> = [
    "UIViewController", "UINavigationController", "UITabBarController", "UIResponder",
    "UICollectionViewFlowLayout", "ViewController", "NavigationController", "TabBarController",
    "Responder", "CollectionViewFlowLayout",
  ]

  /// Records the classes of `tree`.
  mutating func add(_ tree: SourceFileSyntax) {
    final class Collector: SyntaxVisitor {
      var entries: [String: Entry] = [:]
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        var entry = Entry(
          superclass: node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription)
        for member in node.memberBlock.members {
          guard let initializer = member.decl.as(InitializerDeclSyntax.self),
            !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) })
          else { continue }
          if initializer.signature.parameterClause.parameters.isEmpty
            && initializer.optionalMark == nil
          {
            entry.declaresInit = true
          } else {
            entry.declaresOtherDesignatedInit = true
          }
        }
        entries[node.name.text] = entry
        return .visitChildren
      }
    }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(tree)
    entries.merge(collector.entries) { _, new in new }
  }

  /// The reusable views whose reuse initialiser is required in ScreenKit, by their UIKit and
  /// ScreenKit names, with that initialiser's argument labels.
  static let reuseInitializers: [String: String] = [
    "UICollectionViewCell": "frame:", "UICollectionViewListCell": "frame:",
    "UICollectionReusableView": "frame:", "CollectionViewCell": "frame:",
    "CollectionViewListCell": "frame:", "CollectionReusableView": "frame:",
    "UITableViewCell": "style:reuseIdentifier:", "TableViewCell": "style:reuseIdentifier:",
    "UITableViewHeaderFooterView": "reuseIdentifier:",
    "TableViewHeaderFooterView": "reuseIdentifier:",
  ]

  /// The reusable view `superclass` is or derives from (through the classes of the files
  /// being ported), if any.
  func reusableRoot(of superclass: String) -> String? {
    var current: String? = superclass
    var seen = Set<String>()
    while let name = current, seen.insert(name).inserted {
      if Self.reuseInitializers[name] != nil { return name }
      current = entries[name]?.superclass
    }
    return nil
  }

  /// Whether a subclass of `superclass` inherits a designated `init()`, which its own
  /// `init()` then overrides.
  func inheritsDesignatedInit(from superclass: String) -> Bool {
    var current: String? = superclass
    var seen = Set<String>()
    while let name = current, seen.insert(name).inserted {
      guard let entry = entries[name] else { return Self.designatedInitRoots.contains(name) }
      if entry.declaresInit { return true }
      // A class with designated initialisers of its own inherits none.
      if entry.declaresOtherDesignatedInit { return false }
      current = entry.superclass
    }
    return false
  }
}
