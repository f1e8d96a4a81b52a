/// The payload keys a phone's notification is made of (the phone adapter's `NotificationContent`):
/// documented once, read by the adapter, and exempt from `payloads:` (W0620), since the app's code
/// does not read them.
public enum NotificationKeys {
    public static let documented: Set<String> = ["title", "subtitle", "body", "sound", "badge", "category", "thread", "interruption_level"]
}
