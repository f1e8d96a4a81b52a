/// A small queue of candidates kept sorted by an ordering, for putting a trigger's fires back in
/// time order where daylight saving moved them. Candidates mostly arrive in order, so an
/// insertion is usually an append; memory is bounded by how far a fire can move (an hour).
struct CandidateBuffer {
    private var storage: [Candidate] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var first: Candidate? { isEmpty ? nil : storage[head] }

    /// Inserts after every element not ordered after it (stable for equal keys).
    mutating func insert(_ candidate: Candidate, by ordered: (Candidate, Candidate) -> Bool) {
        var index = storage.count
        while index > head && ordered(candidate, storage[index - 1]) { index -= 1 }
        if index == storage.count { storage.append(candidate) } else { storage.insert(candidate, at: index) }
    }

    /// The index of a queued candidate whose pre-jitter instant is `at`, searching from the back
    /// while instants are not smaller.
    func indexOf(at: Int64) -> Int? {
        var index = storage.count
        while index > head {
            index -= 1
            if storage[index].at == at { return index }
            if storage[index].at < at { return nil }
        }
        return nil
    }

    /// The queued candidate of one `CalendarGroup` member at `at`, searching likewise.
    func indexOf(at: Int64, member: Int32) -> Int? {
        var index = storage.count
        while index > head {
            index -= 1
            if storage[index].at == at && storage[index].member == member { return index }
            if storage[index].at < at { return nil }
        }
        return nil
    }

    subscript(index: Int) -> Candidate {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    mutating func removeFirst() -> Candidate {
        let candidate = storage[head]
        head += 1
        if head == storage.count {
            // Reuse the capacity: the steady state is a handful of elements.
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return candidate
    }
}
