import CSReduxKit

/// `demo report FILE`: the app's recorded timeline as a page to open in a browser.
enum TimelineReport {
  /// The page for the timeline `text`, read from `source`, titled after the file.
  ///
  /// - Throws: ``TimelinePageError`` naming the first line that is not a timeline's.
  static func page(text: String, source: String) throws(TimelinePageError) -> TimelinePage {
    try TimelinePage(jsonLines: text, title: "CSReduxKit demo: \(source)")
  }

  /// Where the page of the timeline at `path` goes: beside it, `.jsonl` replaced by `.html`
  /// (or `.html` added).
  static func pagePath(for path: String) -> String {
    let base = path.hasSuffix(".jsonl") ? String(path.dropLast(".jsonl".count)) : path
    return base + ".html"
  }

  /// `wrote app.html: 14 entries of 4 stores, 5 cause links; open it in a browser`.
  static func wroteLine(_ page: TimelinePage, path: String) -> String {
    let entries = page.entryCount
    let stores = page.storeNames.count
    let links = page.causeLinkCount
    return "wrote \(path): \(entries) entr\(entries == 1 ? "y" : "ies") of \(stores) "
      + "store\(stores == 1 ? "" : "s"), \(links) cause link\(links == 1 ? "" : "s"); "
      + "open it in a browser"
  }
}
