/// A CronJob's `spec.schedule` as the Kubernetes controller reads it: robfig/cron v3's standard
/// parser (`ParseStandard`, parser.go), which differs from Vixie cron in ways that change fires:
/// - `*/N` with N > 1 (and `?/N`) clears the field's "star" bit, so `0 0 */2 * 1` ORs its day
///   fields (every odd day and every Monday) where Vixie ANDs them;
/// - `?` is `*`; `N/step` means `N-max/step` (`Mon/2` = Monday, Wednesday, Friday);
/// - day of week is 0–6 only (7 and `sat-sun` are refused), names in any case;
/// - list elements may be empty (`1,,2`), and a `*` anywhere in a list keeps the star bit.
/// Fires are then matched as `dayMatches` does: both day fields when either has the star bit,
/// either otherwise.
struct RobfigSpec: Equatable {
    var minutes: UInt64 = 0
    var hours: UInt64 = 0
    var daysOfMonth: UInt64 = 0
    var months: UInt64 = 0
    var daysOfWeek: UInt64 = 0
    var dayOfMonthStar = false
    var dayOfWeekStar = false

    /// Why robfig refuses a schedule, and where (Unicode scalar offset and length in the text).
    struct Refusal: Error, Equatable {
        var reason: String
        var offset: Int
        var length: Int
    }

    struct Bounds {
        var min: Int
        var max: Int
        var names: [String]
    }

    static let bounds = [
        Bounds(min: 0, max: 59, names: []), Bounds(min: 0, max: 23, names: []), Bounds(min: 1, max: 31, names: []),
        Bounds(min: 1, max: 12, names: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]),
        Bounds(min: 0, max: 6, names: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]),
    ]

    static let descriptors: [String: String] = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
        "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]

    static func parse(_ text: String) -> Result<RobfigSpec, Refusal> {
        let scalars = Array(text.unicodeScalars)
        if scalars.isEmpty { return .failure(Refusal(reason: "empty spec string", offset: 0, length: 1)) }
        if scalars[0] == "@" {
            guard let fields = descriptors[text] else {
                return .failure(Refusal(reason: "unrecognized descriptor: \(text)", offset: 0, length: scalars.count))
            }
            return parse(fields)
        }
        // strings.Fields: runs of non-space, Unicode white space separating.
        var fields: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
            let start = i
            while i < scalars.count, !scalars[i].properties.isWhitespace { i += 1 }
            if i > start { fields.append(start..<i) }
        }
        guard fields.count == 5 else {
            let at = fields.isEmpty ? 0..<scalars.count : fields[0].lowerBound..<fields.last!.upperBound
            return .failure(
                Refusal(reason: "expected exactly 5 fields, found \(fields.count)", offset: at.lowerBound, length: max(1, at.count)))
        }
        var spec = RobfigSpec()
        var bits: [UInt64] = []
        var stars: [Bool] = []
        for (n, field) in fields.enumerated() {
            switch readField(scalars, field, bounds[n]) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let (b, star)):
                bits.append(b)
                stars.append(star)
            }
        }
        spec.minutes = bits[0]
        spec.hours = bits[1]
        spec.daysOfMonth = bits[2]
        spec.months = bits[3]
        spec.daysOfWeek = bits[4]
        spec.dayOfMonthStar = stars[2]
        spec.dayOfWeekStar = stars[4]
        return .success(spec)
    }

    /// A comma-separated field (empty elements skipped, as `strings.FieldsFunc` does).
    private static func readField(_ s: [Unicode.Scalar], _ r: Range<Int>, _ b: Bounds) -> Result<(UInt64, Bool), Refusal> {
        var bits: UInt64 = 0
        var star = false
        var start = r.lowerBound
        for i in r.lowerBound...r.upperBound where i == r.upperBound || s[i] == "," {
            if i > start {
                switch readRange(s, start..<i, b) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let (v, isStar)):
                    bits |= v
                    star = star || isStar
                }
            }
            start = i + 1
        }
        return .success((bits, star))
    }

    /// `number | number "-" number [ "/" number ]`, `*` or `?` with an optional step, `N/step`.
    private static func readRange(_ s: [Unicode.Scalar], _ r: Range<Int>, _ b: Bounds) -> Result<(UInt64, Bool), Refusal> {
        let text = String(String.UnicodeScalarView(s[r]))
        func refuse(_ reason: String) -> Result<(UInt64, Bool), Refusal> {
            .failure(Refusal(reason: reason, offset: r.lowerBound, length: max(1, r.count)))
        }
        let rangeAndStep = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let lowAndHigh = rangeAndStep[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var start: Int, end: Int
        var star = false
        if lowAndHigh[0] == "*" || lowAndHigh[0] == "?" {
            start = b.min
            end = b.max
            star = true
        } else {
            guard let low = intOrName(lowAndHigh[0], b.names, min: b.min) else {
                return refuse("failed to parse int from \(lowAndHigh[0])")
            }
            start = low
            switch lowAndHigh.count {
            case 1: end = start
            case 2:
                guard let high = intOrName(lowAndHigh[1], b.names, min: b.min) else {
                    return refuse("failed to parse int from \(lowAndHigh[1])")
                }
                end = high
            default: return refuse("too many hyphens: \(text)")
            }
        }
        var step = 1
        switch rangeAndStep.count {
        case 1: break
        case 2:
            guard let n = goAtoi(rangeAndStep[1]), n >= 0 else { return refuse("failed to parse int from \(rangeAndStep[1])") }
            step = n
            // "N/step" means "N-max/step"; a step over 1 clears the star bit.
            if lowAndHigh.count == 1 { end = b.max }
            if step > 1 { star = false }
        default: return refuse("too many slashes: \(text)")
        }
        if start < b.min { return refuse("beginning of range (\(start)) below minimum (\(b.min)): \(text)") }
        if end > b.max { return refuse("end of range (\(end)) above maximum (\(b.max)): \(text)") }
        if start > end { return refuse("beginning of range (\(start)) beyond end of range (\(end)): \(text)") }
        if step == 0 { return refuse("step of range should be a positive number: \(text)") }
        var bits: UInt64 = 0
        for v in stride(from: start, through: end, by: step) { bits |= 1 << UInt64(v) }
        return .success((bits, star))
    }

    /// A name (case-insensitive) or a number as Go's `strconv.Atoi` reads it (an optional sign,
    /// decimal digits); negative numbers are refused.
    private static func intOrName(_ text: String, _ names: [String], min: Int) -> Int? {
        if let i = names.firstIndex(of: text.lowercased()) { return i + min }
        guard let n = goAtoi(text), n >= 0 else { return nil }
        return n
    }

    static func goAtoi(_ text: String) -> Int? {
        var t = Substring(text)
        var negative = false
        if let f = t.first, f == "+" || f == "-" {
            negative = f == "-"
            t = t.dropFirst()
        }
        guard !t.isEmpty, t.count <= 18, t.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(t) else { return nil }
        return negative ? -n : n
    }

    /// robfig's `dayMatches`.
    func matchesDay(dayOfMonth: Int, weekday: Int) -> Bool {
        let dom = daysOfMonth & (1 << UInt64(dayOfMonth)) != 0
        let dow = daysOfWeek & (1 << UInt64(weekday)) != 0
        return dayOfMonthStar || dayOfWeekStar ? dom && dow : dom || dow
    }
}
