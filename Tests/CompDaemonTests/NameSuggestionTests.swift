import Foundation
import JSONRPC
import Testing

/// "Did you mean …?" and `--version`, as a user meets them: mistyped names sent to a real
/// daemon and typed at compctl.
@Suite("Suggestions and versions", .serialized)
struct NameSuggestionTests {
  // Reference distances: the optimal-string-alignment examples of Damerau–Levenshtein
  // texts ("kitten"/"sitting" 3; "CA"/"ABC" 3, where unrestricted Damerau gives 2).
  @Test(arguments: [
    ("kitten", "sitting", 3), ("CA", "ABC", 3), ("layuot", "layout", 1), ("", "abc", 3),
    ("abc", "abc", 0), ("ab", "ba", 1),
  ])
  func editDistance(_ a: String, _ b: String, _ expected: Int) {
    #expect(NameSuggestion.editDistance(Array(a), Array(b)) == expected)
    #expect(NameSuggestion.editDistance(Array(b), Array(a)) == expected)
  }

  @Test func closestNames() {
    let components = ["demo.Login", "demo.Settings", "demo.StackedForm"]
    #expect(NameSuggestion.closest(to: "demo.login", among: components) == "demo.Login")
    #expect(NameSuggestion.closest(to: "demo.Setings", among: components) == "demo.Settings")
    #expect(NameSuggestion.closest(to: "demo.Login", among: components) == nil)
    #expect(NameSuggestion.closest(to: "weather.Today", among: components) == nil)
    #expect(NameSuggestion.closest(to: "darkmode", among: ["darkMode", "autoplay"]) == "darkMode")
    #expect(NameSuggestion.closest(to: "xy", among: ["ab"]) == nil)
  }

  @Test("the daemon suggests a component, a param and a method in message and data")
  func theDaemonSuggests() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let component = try client.failure("scene.open", ["component": "demo.login"])
    #expect(component["data"]?["name"] == "compd.NoSuchComponent")
    #expect(component["data"]?["suggestion"] == "demo.Login")
    #expect(component["message"]?.stringValue?.hasSuffix(#"did you mean "demo.Login"?"#) == true)
    let described = try client.failure("components.describe", ["name": "demo.setings"])
    #expect(described["data"]?["suggestion"] == "demo.Settings")
    let param = try client.failure(
      "scene.open", ["component": "demo.Settings", "params": ["darkmode": true]])
    #expect(param["code"] == -32602)
    #expect(param["data"]?["field"] == "params.darkmode")
    #expect(param["data"]?["suggestion"] == "darkMode")
    let method = try client.failure("daemon.inf")
    #expect(method["code"] == -32601)
    #expect(method["data"]?["suggestion"] == "daemon.info")
    let far = try client.failure("scene.open", ["component": "weather.Today"])
    #expect(far["data"]?["suggestion"] == nil)
  }

  @Test("compctl suggests a command; both programs print their version")
  func compctlSuggestsAndVersions() throws {
    let mistyped = try runProcess(TestPaths.compctl, ["layuot", "s1"])
    #expect(mistyped.status == 1)
    #expect(mistyped.stderr == "compctl: unknown command \"layuot\"; did you mean \"layout\"?\n")
    let unknown = try runProcess(TestPaths.compctl, ["frobnicate"])
    #expect(unknown.status == 1 && !unknown.stderr.contains("did you mean"))
    let compctl = try runProcess(TestPaths.compctl, ["--version"])
    #expect(compctl.status == 0 && compctl.stdout == "compctl 0.1.0\n")
    let compd = try runProcess(TestPaths.compd, ["--version"])
    #expect(compd.status == 0 && compd.stdout == "compd 0.1.0 (protocol 3)\n")
  }
}
