import CSReduxKitTestSupport
import Foundation
import Testing

// The guides tell one story: README.md, CONTRIBUTING.md, docs/ and the DocC catalogs hold no
// placeholder and no link that leads nowhere, their tables are whole, and where two places
// describe the same thing they agree. External links cannot be followed without a network;
// they are checked for placeholders only.

/// The package's root, three folders up from this file.
private let root = URL(filePath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// One page of the guides: its path from the root, its text, its lines outside code blocks and
/// the anchors of its headings, each worked out once: the link check looks anchors up for every
/// link, and as a synchronous test it runs on a thread of the cooperative pool, which no test
/// may hold for long (see `offThePool`).
private struct Page {
  let path: String
  let text: String
  /// The lines outside fenced code blocks, numbered from 1, with inline code removed.
  let prose: [(number: Int, line: String)]
  /// The anchors GitHub gives the page's headings.
  let anchors: Set<String>

  var isDocC: Bool { path.contains(".docc/") }

  init(path: String, text: String) {
    self.path = path
    self.text = text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var inFence = false
    var prose: [(Int, String)] = []
    var headings: [Substring] = []
    for (index, line) in lines.enumerated() {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      guard !inFence else { continue }
      prose.append((index + 1, String(line).replacing(/`[^`]*`/, with: "``")))
      if line.hasPrefix("#") { headings.append(line) }
    }
    self.prose = prose
    self.anchors = Self.anchors(ofHeadings: headings)
  }

  /// GitHub's anchors for `headings`, in order: code spans keep their text, a repeated slug
  /// gets `-1`, `-2`…
  private static func anchors(ofHeadings headings: [Substring]) -> Set<String> {
    var anchors: Set<String> = []
    var seen: [String: Int] = [:]
    for heading in headings {
      let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        .replacing("`", with: "")
      var slug = ""
      for character in title.lowercased() {
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
          slug.append(character)
        } else if character == " " {
          slug.append("-")
        }
      }
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }
}

/// Every page: README.md, CONTRIBUTING.md, docs/ and the DocC catalogs' articles.
private let pages: [Page] = {
  var paths = ["README.md", "CONTRIBUTING.md"]
  let manager = FileManager.default
  for folder in ["docs", "Sources"] {
    guard let walker = manager.enumerator(atPath: root.appending(path: folder).path()) else {
      continue
    }
    for case let path as String in walker where path.hasSuffix(".md") {
      if folder == "docs" || path.contains(".docc/") { paths.append("\(folder)/\(path)") }
    }
  }
  return paths.sorted().compactMap { path in
    (try? String(contentsOf: root.appending(path: path), encoding: .utf8)).map {
      Page(path: path, text: $0)
    }
  }
}()

private func page(_ path: String) -> Page? {
  pages.first { $0.path == path }
}

@Suite("The guides: no placeholder, no dead link, whole tables, one story")
struct DocLinkTests {
  @Test("the pages are found")
  func pagesFound() {
    #expect(pages.count > 20)
    #expect(page("docs/debugging.md") != nil)
    #expect(pages.contains { $0.isDocC })
  }

  @Test("no page holds an OWNER placeholder")
  func noPlaceholders() {
    for page in pages {
      for (number, line) in page.text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where line.contains("OWNER")
      {
        Issue.record("\(page.path):\(number + 1): a placeholder: \(line)")
      }
    }
  }

  @Test("every relative link leads to a file, and every anchor to a heading")
  func relativeLinksResolve() {
    var checked = 0
    for page in pages {
      for (number, line) in page.prose {
        for match in line.matches(of: /\]\(([^)\s]+)\)/) {
          let target = String(match.output.1)
          if target.hasPrefix("https://") || target.hasPrefix("http://") {
            continue
          }
          checked += 1
          let where_ = "\(page.path):\(number): \(target)"
          if page.isDocC {
            if let problem = moduleLinkProblem(target, from: page.path) {
              Issue.record("\(where_): \(problem)")
            }
            continue
          }
          let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
          let file = String(parts[0])
          let folder = page.path.split(separator: "/").dropLast().map { "\($0)/" }.joined()
          let path = file.isEmpty ? page.path : normalized(folder + file)
          guard FileManager.default.fileExists(atPath: root.appending(path: path).path()) else {
            Issue.record("\(where_): no file \(path)")
            continue
          }
          if parts.count == 2, path.hasSuffix(".md") {
            let anchor = String(parts[1])
            let target = pages.first { $0.path == path }
            if target?.anchors.contains(anchor) != true {
              Issue.record("\(where_): \(path) has no heading with the anchor #\(anchor)")
            }
          }
        }
      }
    }
    #expect(checked > 50)
  }

  @Test("every <doc:> link of a DocC catalog names one of its articles")
  func docLinksResolve() {
    for page in pages where page.isDocC {
      let catalog = String(page.path.prefix { $0 != "." }) + ".docc/"
      for (number, line) in page.prose {
        for match in line.matches(of: /<doc:([A-Za-z0-9_-]+)>/) {
          let article = "\(catalog)\(match.output.1).md"
          let tutorial = root.appending(path: "\(catalog)\(match.output.1).tutorial")
          if !pages.contains(where: { $0.path == article })
            && !FileManager.default.fileExists(atPath: tutorial.path())
          {
            Issue.record("\(page.path):\(number): <doc:\(match.output.1)>: no \(article)")
          }
        }
      }
    }
  }

  @Test("a table is never split by a blank line: each starts with a header and a separator")
  func tablesAreWhole() {
    for page in pages {
      let lines = page.prose
      for (index, entry) in lines.enumerated() where entry.line.hasPrefix("|") {
        let startsTable = index == 0 || !lines[index - 1].line.hasPrefix("|")
        guard startsTable else { continue }
        let next = index + 1 < lines.count ? lines[index + 1].line : ""
        if !next.hasPrefix("|---") && !next.hasPrefix("| ---") {
          let problem =
            "\(page.path):\(entry.number): a table row after a blank line or text, with no "
            + "header and separator above it (a table split in two?)"
          Issue.record(Comment(rawValue: problem))
        }
      }
    }
  }

  @Test("docs/debugging.md's import errors read as docs/reliability.md shows them")
  func debuggingErrorsAreTheCatalogues() throws {
    let debugging = try #require(page("docs/debugging.md"))
    var checked = 0
    for line in debugging.text.split(separator: "\n") where line.hasPrefix("| ") {
      for match in line.matches(of: /`(action log[^`]*)`/) {
        checked += 1
        expectDocumented(String(match.output.1))
      }
    }
    #expect(checked >= 12)
  }

  @Test("the DocC articles recommend the README's call for views: subscribeOnMainActor(owner:)")
  func viewsSubscribeOnTheMainActor() throws {
    let readme = try #require(page("README.md"))
    let article = try #require(
      page("Sources/CSReduxKitCore/CSReduxKitCore.docc/StoresPerModule.md"))
    #expect(readme.text.contains("subscribeOnMainActor(owner:"))
    #expect(article.text.contains("``Store/subscribeOnMainActor(owner:to:_:)``"))
    #expect(!article.text.contains("``Store/subscribe(owner:to:_:)"))
  }
}

/// Why `target`, a relative link on the DocC page at `path`, does not lead to another module's
/// documentation, or nil when it does. Each module's archive is hosted beside the others
/// (`/documentation/csreduxkitcore`, `/documentation/csreduxkittesting`), so a landing page
/// links to `csreduxkittesting`, an article one level down to `../csreduxkittesting`, and
/// either may add an article's name: `../csreduxkittesting/testingamodule`.
private func moduleLinkProblem(_ target: String, from path: String) -> String? {
  let parts = path.split(separator: "/")  // Sources/Module/Module.docc/Page.md
  let isLanding = parts.count == 4 && parts[3] == "\(parts[1]).md"
  // A tutorial: /tutorials/<the catalog's module>/<tutorial>, one level above the pages.
  if let tutorial = target.wholeMatch(of: /(?:\.\.\/)+tutorials\/([a-z]+)\/([a-z0-9-]+)/) {
    let depth = target.components(separatedBy: "../").count - 1
    guard depth == (isLanding ? 1 : 2) else {
      return "a link to a tutorial goes up \(isLanding ? 1 : 2) level(s) from this page"
    }
    let catalogs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appending(path: "Sources").path())) ?? []
    let found = catalogs.contains { module in
      guard module.lowercased() == tutorial.output.1 else { return false }
      let folder = root.appending(path: "Sources/\(module)/\(module).docc")
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path())) ?? []
      return files.contains { $0.lowercased() == "\(tutorial.output.2).tutorial" }
    }
    return found ? nil : "no tutorial \(tutorial.output.2) in a catalog \(tutorial.output.1)"
  }
  let prefix = isLanding ? "" : "../"
  guard target.hasPrefix(prefix), isLanding || target.hasPrefix("../") else {
    return "a link to another module's page starts with \"\(prefix)\" on this page"
  }
  let names = target.dropFirst(prefix.count).split(separator: "/").map(String.init)
  let modules =
    (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Sources").path()))
    ?? []
  guard let module = modules.first(where: { $0.lowercased() == names.first }), names.count <= 2
  else {
    return
      "not a documented module's page (a DocC page cannot link to a file; name it in plain text)"
  }
  if names.count == 2 {
    let catalog = "Sources/\(module)/\(module).docc/"
    let article = pages.first {
      $0.path.hasPrefix(catalog)
        && $0.path.dropFirst(catalog.count).lowercased() == "\(names[1]).md"
    }
    if article == nil { return "\(catalog) has no article \(names[1])" }
  }
  return nil
}

/// `path` with `folder/../` and `./` resolved.
private func normalized(_ path: String) -> String {
  var parts: [Substring] = []
  for part in path.split(separator: "/") {
    switch part {
    case ".": continue
    case "..": if !parts.isEmpty { parts.removeLast() }
    default: parts.append(part)
    }
  }
  return parts.joined(separator: "/")
}
