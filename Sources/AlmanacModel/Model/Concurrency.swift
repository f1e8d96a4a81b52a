import AlmanacVocabulary

/// A trigger's `concurrency` (one list for specs and plans: `ConcurrencyPolicy`).
public typealias Concurrency = ConcurrencyPolicy
