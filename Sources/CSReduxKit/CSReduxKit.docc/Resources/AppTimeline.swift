import CSReduxKit

/// Records every module of `app` in one timeline: one global order, each
/// entry with what caused it, ready to export for a bug report.
func recordTimeline(of app: App) throws -> Timeline {
  var notesCodec = ActionLogCodec<NotesState>()
  notesCodec.register(NotesAction.add, payload: String.self)
  notesCodec.register(NotesAction.clear)
  notesCodec.register(NotesAction.load)
  notesCodec.register(NotesAction.loaded, payload: [String].self)

  var sessionCodec = ActionLogCodec<SessionState>()
  sessionCodec.register(SessionAction.signIn, payload: String.self)
  sessionCodec.register(SessionAction.signOut)

  let timeline = Timeline()
  try timeline.record(app.notes, codec: notesCodec)
  try timeline.record(app.session, codec: sessionCodec)
  return timeline
}
