// Storage (key-value files, SQLite collections, units of work) is a target of its own,
// `SceneryStorage`; VIP's roles do not use it. Re-exported so that code written against
// `import VIP` when storage lived here builds unchanged.
@_exported import SceneryStorage
