/// The closed set of writes a copy queues; there is no purge and no bulk write.
public enum WriteKind: String, Sendable, Hashable, Codable, CaseIterable {
    case createItem = "create_item"
    case updateItem = "update_item"
    case deleteItem = "delete_item"
    case restoreItem = "restore_item"
    case transitionItem = "transition_item"
    case createEdge = "create_edge"
    case updateEdge = "update_edge"
    case deleteEdge = "delete_edge"
    case replaceMetadata = "replace_metadata"
    case mergeMetadata = "merge_metadata"
    case addTag = "add_tag"
    case removeTag = "remove_tag"
    case writeExtension = "write_extension"
    case deleteExtension = "delete_extension"
    case uploadBlob = "upload_blob"
}
