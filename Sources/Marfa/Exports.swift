@_exported import MarfaRules
