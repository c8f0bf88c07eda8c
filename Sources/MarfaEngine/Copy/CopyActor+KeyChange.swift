extension CopyActor {
    /// Marks a key change as running (swift-api.md §2 "Keys"): while it runs every read and write throws `invalid`.
    package func changingKey(_ running: Bool) {
        isChangingKey = running
    }
}
