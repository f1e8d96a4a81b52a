/// The generated fire-id type: `trigger@YYYY-MM-DDTHH:MM:SS` with an optional `~2`, the plan's and
/// the notification centre's identifier of a fire, as a value with fields.
struct SwiftFireIDSource {
    let typeName: String
    /// `internal`, `public` or `package`.
    let access: String

    var text: String {
        """
        /// A fire of `\(typeName)Trigger`, as the plan and the notification centre name it:
        /// `morning-pill@2026-11-23T08:00:00`, and `~2` for the later of two fires at a wall time that
        /// occurs twice (clocks falling back). The time is the nominal local time in the trigger's zone.
        \(access) struct \(typeName)FireID: Hashable, Sendable, CustomStringConvertible {
            \(access) var trigger: \(typeName)Trigger
            \(access) var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
            \(access) var isSecondPass: Bool

            \(access) init(trigger: \(typeName)Trigger, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0,
                        isSecondPass: Bool = false) {
                self.trigger = trigger
                (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
                self.isSecondPass = isSecondPass
            }

            /// Nil for an id of another schedule, or one that is not a fire id.
            \(access) init?(_ id: String) {
                var text = Substring(id)
                let secondPass = text.hasSuffix("~2")
                if secondPass { text = text.dropLast(2) }
                guard let at = text.lastIndex(of: "@"), let trigger = \(typeName)Trigger(rawValue: String(text[..<at])) else { return nil }
                let time = Array(text[text.index(after: at)...].utf8)
                func number(_ range: Range<Int>) -> Int? {
                    var value = 0
                    for i in range {
                        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(time[i]) else { return nil }
                        value = value * 10 + Int(time[i] - UInt8(ascii: "0"))
                    }
                    return value
                }
                guard time.count == 19, time[4] == UInt8(ascii: "-"), time[7] == UInt8(ascii: "-"), time[10] == UInt8(ascii: "T"),
                      time[13] == UInt8(ascii: ":"), time[16] == UInt8(ascii: ":"),
                      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
                      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
                self.init(trigger: trigger, year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                          isSecondPass: secondPass)
            }

            \(access) var description: String {
                func pad(_ n: Int, _ width: Int) -> String {
                    let digits = String(n)
                    return String(repeating: "0", count: max(0, width - digits.count)) + digits
                }
                return trigger.rawValue + "@" + pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":"
                    + pad(minute, 2) + ":" + pad(second, 2) + (isSecondPass ? "~2" : "")
            }
        }


        """
    }
}
