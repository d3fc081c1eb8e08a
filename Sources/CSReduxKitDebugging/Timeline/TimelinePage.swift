/// A self-contained HTML page that shows an exported timeline session: a lane per store, the
/// entries in global order with their reducers' durations, the cause links drawn between
/// lanes, each entry's state difference or every store's whole state, search, filters and
/// keyboard navigation.
///
/// Make it from the JSON Lines text that a timeline exports, then write ``html`` to a file and
/// open it in any browser:
///
/// ```swift
/// let page = try TimelinePage(jsonLines: text, title: "app.jsonl")
/// try page.html.write(toFile: "app.html", atomically: true, encoding: .utf8)
/// ```
///
/// The page needs no network: its style sheet and script are inline, it loads no font, image
/// or script, and it uses the system's fonts. Every string from the session (store and action
/// names, payloads, states, errors) reaches the page as data, escaped for the `<script>`
/// element that holds it, and the page's script puts it on screen as text only: an action name
/// or payload such as `</script>` or `<img onerror=…>` shows as those characters and never
/// runs. The page's Content-Security-Policy allows only its own script and style sheet, by
/// their SHA-256.
///
/// In the page, arrows or `j`/`k` move the selection among the entries shown, `Home` and `End`
/// jump to the first and last, `c` goes to the selected entry's cause and `e` to its first
/// effect, `t` switches the panel between the entry's difference and every store's whole state
/// (a tree whose nodes are made when opened), `/` searches action names, payloads and changed
/// state paths, and `?` lists the keys. The search, the filters (store, action type, cause
/// kind, rejected, slow from a threshold), the view and the selection live in the page's
/// address: `#entry-N` selects the entry whose `sequence` is N, and
/// `#q=milk&cause=effect&view=state&entry=5` opens that view.
///
/// Each entry's state difference is computed on the page from the states in the file, against
/// the same store's previous entry (or its initial state), member by member, and array
/// elements by identity (an `id` field, or the value itself) where every element has one, at
/// most 200 changes an entry.
public struct TimelinePage: Sendable {
  /// The page: one HTML document with its style sheet, script and data inline.
  public let html: String
  /// The number of entries the page shows.
  public let entryCount: Int
  /// The names of the stores, one lane each, in the header's order.
  public let storeNames: [String]
  /// The number of cause links the page draws: the entries whose cause is in the session.
  public let causeLinkCount: Int

  /// Makes the page for a session exported as JSON Lines by a timeline.
  ///
  /// The text is read as a timeline export is read: a byte-order mark before the first line,
  /// `\r\n` line ends and blank lines at the end are accepted. Entries are shown in the
  /// file's order. A cause that names an entry not in the file (dropped from a full timeline)
  /// is shown as such, without a link.
  ///
  /// - Parameters:
  ///   - text: The session's JSON Lines text: the header line, then one line per entry.
  ///   - title: The page's title, such as the file's name; by default
  ///     `Timeline of 3 stores`.
  /// - Throws: ``TimelinePageError`` naming the first line that is not a timeline's header
  ///   or entry.
  public init(jsonLines text: String, title: String? = nil) throws(TimelinePageError) {
    let document = try PageDocument(jsonLines: text)
    entryCount = document.entries.count
    storeNames = document.stores.map(\.name)
    causeLinkCount = document.linkCount
    let count = storeNames.count
    let heading = title ?? "Timeline of \(count) store\(count == 1 ? "" : "s")"
    html = Self.render(title: heading, data: document.data(title: heading).scriptText)
  }

  /// The whole document around the session's data.
  private static func render(title: String, data: String) -> String {
    let title = escapeHTML(title)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" \
      content="default-src 'none'; style-src \(styleSheetHash); \
      script-src \(errorScriptHash) \(scriptHash)">
      <title>\(title)</title>
      <style>\(styleSheet)</style>
      </head>
      <body>
      <script>\(errorScript)</script>
      <header>
      <h1>\(title)</h1>
      <span class="summary" id="summary"></span>
      <button type="button" class="keys" id="help-button" title="Keyboard help (?)">\
      <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>c</kbd> cause · <kbd>e</kbd> effect · \
      <kbd>/</kbd> search · <kbd>?</kbd> help</button>
      </header>
      <div class="toolbar">
      <input type="search" id="search" placeholder="Search actions, payloads, state paths" \
      aria-label="Search actions, payloads and state paths" title="Search (/)">
      <span id="store-filters"></span>
      <select id="type-filter" aria-label="Action type"><option value="">All action types</option></select>
      <select id="cause-filter" aria-label="Cause"><option value="">Any cause</option></select>
      <label class="check" title="Only the entries whose reducer threw or whose store refused them">\
      <input type="checkbox" id="rejected-filter"> rejected</label>
      <label class="check" title="Only the entries whose reducer took at least the threshold">\
      <input type="checkbox" id="slow-filter"> slow</label>
      <label class="check" title="The reducer time from which an entry counts as slow">≥ \
      <input type="number" id="slow-over" min="0" step="0.1" value="1" aria-label="Slow from, in ms"> ms</label>
      <span class="count" id="count"></span>
      </div>
      <main>
      <div id="scroller"><div id="timeline"></div></div>
      <aside id="detail" aria-live="polite"></aside>
      </main>
      <div id="help" hidden><div class="help-box" role="dialog" aria-label="Keyboard help">
      <h2>Keyboard</h2>
      <dl>
      <dt><kbd>↓</kbd> <kbd>j</kbd> / <kbd>↑</kbd> <kbd>k</kbd></dt><dd>next / previous entry shown</dd>
      <dt><kbd>Home</kbd> / <kbd>End</kbd></dt><dd>first / last entry shown</dd>
      <dt><kbd>c</kbd></dt><dd>the selected entry's cause</dd>
      <dt><kbd>e</kbd></dt><dd>its first effect (an entry it caused)</dd>
      <dt><kbd>t</kbd></dt><dd>difference or whole state</dd>
      <dt><kbd>/</kbd></dt><dd>search; <kbd>Esc</kbd> leaves the field</dd>
      <dt><kbd>?</kbd></dt><dd>this help; <kbd>Esc</kbd> closes it</dd>
      </dl>
      <p>The address keeps the view: <code>#entry-5</code> selects entry 5; \
      <code>#q=milk&amp;cause=effect&amp;slow=1&amp;over=0.5&amp;view=state&amp;entry=5</code> \
      also searches, filters and shows the state. Copy it to share the same view.</p>
      </div></div>
      <script type="application/json" id="timeline-data">\(data)</script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` as character references, for HTML text and
  /// attribute values.
  static func escapeHTML(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }
}
