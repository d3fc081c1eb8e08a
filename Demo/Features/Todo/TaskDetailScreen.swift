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
}

/// The task detail screen's reducer.
let taskDetailReducer = Reducer<TaskDetailState> { action, state, finish in
  var state = state
  switch TaskDetailActionType(rawValue: action.type) {
  case .showTask: state.name = (action.data as? String) ?? ""
  case .loadedNotes: state.notes = (action.data as? [String]) ?? []
  case .addNote: state.notes.append((action.data as? String) ?? "")
  case .markDone, nil: break
  }
  finish(state)
}

/// A screen-scoped feature store: made by the todo session when the user opens a task,
/// dropped when they close it (see docs/screen-scoped-stores.md).
///
/// Made by its parent with what it needs (the task's index, the todo store), it follows the
/// task's name in the todo store, loads its notes through a thunk, and tells the todo store
/// when the user marks the task done (a delegate action: the todo store deletes the task).
/// Dropping the screen ends its follow and frees its store, however often it opens.
@MainActor
final class TaskDetailScreen {
  /// The screen's own store.
  let store: Store<TaskDetailState>
  /// The follow of the task's name in the todo store; it ends with the screen's store.
  private let follow: Subscription
  /// The delegate action's subscription: markDone becomes the todo store's deleteTask.
  private let delegate: Subscription
  /// The state the screen shows, as the main actor has seen it.
  private let model: ComponentState<TaskDetailState>

  /// Opens the detail of the task at `index` of `parent`, following it through `coordinator`.
  init(index: Int, parent: TodoStore, coordinator: StoreCoordinator) {
    let store = Store(
      state: TaskDetailState(index: index), reducer: taskDetailReducer, name: "TaskDetail")
    self.store = store
    model = ComponentState(store.state)
    follow = coordinator.follow(
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
    // The notes a real screen would load from a service; here at once, so that a script's
    // frame shows them.
    store.dispatch(
      Thunk<TaskDetailState> { context in
        let name = context.state.name
        context.dispatch(Action(TaskDetailActionType.loadedNotes, data: ["about \(name)"]))
      })
    model.update { $0 = store.state }
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
