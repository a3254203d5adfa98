/// How hard a database commit waits for the disk.
public enum Durability: String, CaseIterable, Sendable {
    /// Every commit is fsynced before it returns: survives power loss.
    case full
    /// Commits are fsynced at checkpoints only: survives the process crashing, but the last
    /// commits may be lost if the machine loses power.
    case normal
}
