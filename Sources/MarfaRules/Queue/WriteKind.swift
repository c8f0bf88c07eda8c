/// The closed set of writes a copy queues; there is no purge and no bulk write.
public enum WriteKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A queued `create_item` write.
    case createItem = "create_item"
    /// A queued `update_item` write.
    case updateItem = "update_item"
    /// A queued `delete_item` write.
    case deleteItem = "delete_item"
    /// A queued `restore_item` write.
    case restoreItem = "restore_item"
    /// A queued `transition_item` write.
    case transitionItem = "transition_item"
    /// A queued `create_edge` write.
    case createEdge = "create_edge"
    /// A queued `update_edge` write.
    case updateEdge = "update_edge"
    /// A queued `delete_edge` write.
    case deleteEdge = "delete_edge"
    /// A queued `replace_metadata` write.
    case replaceMetadata = "replace_metadata"
    /// A queued `merge_metadata` write.
    case mergeMetadata = "merge_metadata"
    /// A queued `add_tag` write.
    case addTag = "add_tag"
    /// A queued `remove_tag` write.
    case removeTag = "remove_tag"
    /// A queued `write_extension` write.
    case writeExtension = "write_extension"
    /// A queued `delete_extension` write.
    case deleteExtension = "delete_extension"
    /// A queued `upload_blob` write.
    case uploadBlob = "upload_blob"
}
