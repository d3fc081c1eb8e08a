import CSReduxKit
import DemoUI

/// The task detail screen's state: the task it shows, as the todo list names it, and its notes.
struct TaskDetailState: StateProtocol, Equatable, Codable {
  /// The task's index in the todo list.
  var index: Int
  /// The task's name, followed from the todo store; empty once the task is gone.
  var name = ""
  /// The notes the screen loaded and the user added.
  var notes: [String] = []
}

/// The task detail screen's action types.
enum TaskDetailActionType: Int, CaseIterable, Sendable {
  /// The todo store's name for the task (a `String`), sent by the follow.
  case showTask
  /// The notes loaded when the screen opens (`[String]`).
  case loadedNotes
  /// A note the user added (`String`).
  case addNote
  /// The user marked the task done: the delegate action tells the todo store.
  case markDone
  /// The app signed out (its broadcast, translated): the screen drops its notes.
  case signedOut

  /// Writes and reads the screen's entries in the app's timeline.
  static var logCodec: ActionLogCodec<TaskDetailState> {
    var codec = ActionLogCodec<TaskDetailState>(actions: ActionTypes(Self.self))
    for type in allCases {
      switch type {
      case .showTask, .addNote: codec.register(type, payload: String.self)
      case .loadedNotes: codec.register(type, payload: [String].self)
      case .markDone, .signedOut: codec.register(type)
      }
    }
    return codec
  }
}

/// The task detail screen's reducer.
let taskDetailReducer = Reducer<TaskDetailState> { action, state, finish in
  var state = state
  switch TaskDetailActionType(rawValue: action.type) {
  case .showTask: state.name = (action.data as? String) ?? ""
  case .loadedNotes: state.notes = (action.data as? [String]) ?? []
  case .addNote: state.notes.append((action.data as? String) ?? "")
  case .signedOut: state.notes = []
  case .markDone, nil: break
  }
  finish(state)
}

/// A screen-scoped feature store: made by the todo session when the user opens a task,
/// dropped when they close it (see docs/screen-scoped-stores.md).
///
/// Made by its parent with what it needs (the task's index, the todo store, the app's
/// services), it follows the task's name in the todo store, is registered with the app's
/// coordinator (the app's sign-out reaches it) and recorded in the app's timeline while it is
/// open, loads its notes through an effect, and tells the todo store when the user marks the
/// task done (a delegate action: the todo store deletes the task). Closed, it ends all of
/// that; however often it opens, the todo store, the coordinator and the timeline keep
/// nothing of it but the timeline's entries (one lane for every visit).
@MainActor
final class TaskDetailScreen {
  /// The name of every detail screen's store: the timeline gives all visits one lane.
  nonisolated static let storeName = "TaskDetail"

  /// The screen's own store.
  let store: Store<TaskDetailState>
  /// The coordinator of the follow, and of the registration when the app gave one.
  private let coordinator: StoreCoordinator
  /// The follow of the task's name in the todo store; it ends with the screen's store.
  private let follow: Subscription
  /// The delegate action's subscription: markDone becomes the todo store's deleteTask.
  private let delegate: Subscription
  /// The state the screen shows, as the main actor has seen it.
  private let model: ComponentState<TaskDetailState>
  /// Why the app's timeline does not record the screen, or `nil`.
  let recordingFailure: String?

  /// A detail screen's store for the task at `index`, as the screen and a replay make it.
  nonisolated static func makeStore(index: Int) -> Store<TaskDetailState> {
    Store(
      state: TaskDetailState(index: index), reducer: taskDetailReducer, name: storeName,
      actions: ActionTypes(TaskDetailActionType.self))
  }

  /// The notes of a task as the demo's service gives them: at once, after a suspension.
  nonisolated static let notesService: @Sendable (String) async -> [String] = { name in
    await Task.yield()  // a service's answer arrives later
    return ["about \(name)"]
  }

  /// Opens the detail of the task at `index` of `parent`, following it through `coordinator`,
  /// registered and recorded through `services` when the app gives them; `loadNotes` is the
  /// service the screen's effect asks for the task's notes.
  init(
    index: Int, parent: TodoStore, coordinator: StoreCoordinator, services: AppServices? = nil,
    loadNotes: @escaping @Sendable (String) async -> [String] = TaskDetailScreen.notesService
  ) {
    let store = Self.makeStore(index: index)
    self.store = store
    self.coordinator = services?.coordinator ?? coordinator
    model = ComponentState(store.state)
    // Recorded first, so that its lane starts with the screen's first action.
    recordingFailure = services?.record(store, codec: TaskDetailActionType.logCodec)
    services?.register(store, onSignOut: Action(TaskDetailActionType.signedOut))
    follow = self.coordinator.follow(
      parent, select: { $0.tasks.indices.contains(index) ? $0.tasks[index].name : "" },
      in: store
    ) { name in Action(TaskDetailActionType.showTask, data: name) }
    delegate = store.subscribe(to: .cases(TaskDetailActionType.markDone)) {
      [weak parent] _, state in
      parent?.dispatch(Action(TodoActionType.deleteTask, data: state.index))
    }
    store.subscribeOnMainActor(owner: self) { screen, _, state in
      screen.model.update { $0 = state }
    }
    // The notes come from a service: an effect, so that the screen opens at once and shows
    // them when they arrive; closing the screen cancels it.
    store.dispatch(
      .effect { context in
        let notes = await loadNotes(context.state.name)
        context.dispatch(Action(TaskDetailActionType.loadedNotes, data: notes))
      })
    model.update { $0 = store.state }
  }

  /// Ends at once what dropping the screen ends anyway: the follow, the delegate, the
  /// registration and the effects; the store then goes with the screen.
  func close() {
    follow.cancel()
    delegate.cancel()
    coordinator.unregister(store)
    _ = store.cancelAllEffects()
  }

  /// Adds a note.
  func addNote(_ text: String) {
    store.dispatch(Action(TaskDetailActionType.addNote, data: text))
  }

  /// Marks the task done: the todo store deletes it.
  func markDone() {
    store.dispatch(Action(TaskDetailActionType.markDone))
  }

  /// Grows with every change the screen shows.
  var revision: Int { model.revision }

  /// `#INDEX NAME`, then the notes.
  func render() -> [String] {
    let state = model.value
    let title = state.name.isEmpty ? "(the task is gone)" : state.name
    return ["#\(state.index) \(title)"] + state.notes.map { "- \($0)" }
  }
}
