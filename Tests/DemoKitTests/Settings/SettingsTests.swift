import CSReduxKit
import Testing

@testable import SettingsFeature

@Suite("Settings shared by two screens (Redux-iOS seed)")
@MainActor
struct SettingsTests {
  @Test("the subscriber count goes 0, then 1 after subscribe, then 0 after unsubscribe")
  func subscriberCount() {
    let store = SettingsStore(diagnostics: { _ in })
    #expect(store.subscriberCount == 0)
    let subscription = store.subscribe { _, _ in }
    #expect(store.subscriberCount == 1)
    store.unsubscribe(subscription)
    #expect(store.subscriberCount == 0)
  }

  @Test("settings start off; toggles negate one setting each")
  func toggles() {
    let store = SettingsStore(diagnostics: { _ in })
    #expect(store.state.settings == AppSettings(filter: false, facebook: false))
    store.dispatch(Action(SettingsActionType.toggleFilter))
    #expect(store.state.settings == AppSettings(filter: true, facebook: false))
    store.dispatch(Action(SettingsActionType.toggleFacebook))
    #expect(store.state.settings == AppSettings(filter: true, facebook: true))
  }

  @Test("addUser appends through the users sub-reducer; a wrong payload is reported")
  func addUser() {
    let recorder = DiagnosticRecorder()
    let store = SettingsStore(diagnostics: recorder.handler)
    store.dispatch(Action(SettingsActionType.addUser, data: SettingsUser(name: "Ada")))
    store.dispatch(Action(SettingsActionType.addUser, data: "Bob"))
    #expect(store.state.users == [SettingsUser(name: "Ada")])
    #expect(recorder.diagnostics.map(\.kind) == [.reducerFailed])
  }

  @Test("whichever screen toggles facebook, the other shows the new value")
  func bothScreensFollow() {
    let screens = SettingsScreens(store: SettingsStore(diagnostics: { _ in }))
    screens.tapFacebookButton()
    #expect(screens.switchesView.settings.facebook)
    #expect(screens.buttonView.isOn)
    screens.toggleFacebookSwitch()
    #expect(screens.buttonView.render() == ["[ facebook ] off"])
    #expect(screens.switchesView.render() == ["Filter    [ ] off", "Facebook  [ ] off"])
  }

  @Test("the facebook button does not react to the filter switch")
  func buttonIgnoresFilter() {
    let screens = SettingsScreens(store: SettingsStore(diagnostics: { _ in }))
    let revision = screens.buttonView.revision
    screens.toggleFilter()
    #expect(screens.buttonView.revision == revision)
    #expect(screens.switchesView.settings.filter)
  }
}
