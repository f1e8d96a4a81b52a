// Types from spec files named as people name them (Sources/naming): each prints its trigger ids.
print(_2faTrigger.allCases.map(\.rawValue), RTrigger.allCases.map(\.rawValue), EveningRTrigger.allCases.map(\.rawValue))
