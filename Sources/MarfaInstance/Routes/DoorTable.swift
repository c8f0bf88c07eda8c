/// Which door answers a method and path (P-7); nil for anything else, which the router answers `404 not_found`
/// (never 405, P-50).
package enum DoorTable {
    /// A door: answers one authenticated request.
    package typealias Door = @Sendable (DoorRequest) async -> DoorAnswer

    /// The door for `method` on `segments`, or nil.
    package static func door(method: String, segments: [String]) -> Door? {
        switch segments.count {
        case 1: return collectionDoor(method: method, segments[0])
        case 2 where method == "GET" && segments == ["items", "stats"]: return reply(StatsDoor.stats)
        case 2: return memberDoor(method: method, segments[0])
        case 3 where segments[0] == "items": return itemPartDoor(method: method, segments[2])
        case 4... where segments[0] == "items":
            return itemSubresourceDoor(method: method, segments[2], count: segments.count)
        default: return nil
        }
    }

    private static func collectionDoor(method: String, _ name: String) -> Door? {
        switch (method, name) {
        case ("GET", "types"): return reply(CatalogDoors.types)
        case ("POST", "types"): return write(TypeRegistrationDoor.register)
        case ("GET", "edge-types"): return reply(CatalogDoors.edgeTypes)
        case ("GET", "items"): return written(ListingDoor.list)
        case ("POST", "items"): return write(ItemCreateDoor.create)
        case ("GET", "edges"): return reply(EdgeReadDoors.list)
        case ("POST", "edges"): return write(EdgeWriteDoors.create)
        case ("GET", "events"): return { EventDoor.open($0) }
        default: return nil
        }
    }

    private static func memberDoor(method: String, _ collection: String) -> Door? {
        switch (method, collection) {
        case ("GET", "keys"): return reply(IdentityDoors.currentKey)
        case ("GET", "types"): return reply(CatalogDoors.type)
        case ("GET", "items"): return reply(ItemReadDoors.item)
        case ("PATCH", "items"): return write(ItemUpdateDoor.update)
        case ("DELETE", "items"): return write(ItemStateDoors.delete)
        case ("GET", "edges"): return reply(EdgeReadDoors.edge)
        case ("PATCH", "edges"): return write(EdgeWriteDoors.update)
        case ("DELETE", "edges"): return write(EdgeWriteDoors.delete)
        default: return nil
        }
    }

    private static func itemPartDoor(method: String, _ part: String) -> Door? {
        switch (method, part) {
        case ("GET", "edges"): return reply(ItemReadDoors.outboundEdges)
        case ("GET", "backrefs"): return reply(ItemReadDoors.inboundEdges)
        case ("GET", "versions"): return reply(ItemReadDoors.versions)
        case ("POST", "restore"): return write(ItemStateDoors.restore)
        case ("POST", "transition"): return write(ItemStateDoors.transition)
        case ("POST", "purge"): return write(ItemStateDoors.purge)
        case ("POST", "tags"): return write(MetadataDoors.addTags)
        case ("GET", "metadata"): return reply(MetadataDoors.metadata)
        case ("PUT", "metadata"): return write(MetadataDoors.replaceTags)
        case ("PATCH", "metadata"): return write(MetadataDoors.unionTags)
        case ("GET", "extensions"): return reply(MetadataDoors.extensions)
        default: return nil
        }
    }

    private static func itemSubresourceDoor(method: String, _ part: String, count: Int) -> Door? {
        switch (method, part) {
        case ("DELETE", "tags"): return write(MetadataDoors.removeTag)
        case ("GET", "extensions") where count == 4: return reply(MetadataDoors.extension)
        case ("PUT", "extensions") where count == 4: return write(MetadataDoors.putExtension)
        case ("DELETE", "extensions") where count == 4: return write(MetadataDoors.deleteExtension)
        default: return nil
        }
    }

    private static func reply(_ door: @escaping @Sendable (DoorRequest) throws(Refusal) -> Reply) -> Door {
        { request in
            do throws(Refusal) {
                return .reply(try door(request))
            } catch {
                return .reply(error.reply)
            }
        }
    }

    private static func written(_ door: @escaping @Sendable (DoorRequest) throws(Refusal) -> [UInt8]) -> Door {
        { request in
            do throws(Refusal) {
                return .written(try door(request))
            } catch {
                return .reply(error.reply)
            }
        }
    }

    private static func write(_ door: @escaping @Sendable (DoorRequest) async -> Reply) -> Door {
        { request in .reply(await door(request)) }
    }
}
