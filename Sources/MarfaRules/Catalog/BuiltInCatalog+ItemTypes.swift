extension BuiltInCatalog {
    /// The shipped item types, each declaring only what it adds to its parent (P-86, P-87).
    static let itemTypes: [ItemType] = contentTypes + entityTypes + fileTypes + mediaTypes + systemTypes

    /// Notes, tasks, bookmarks, events, messages and highlights.
    static let contentTypes: [ItemType] = [
        type(
            "core.note", "Note", "Text a person wrote.", title: "title", body: "body",
            fields: [field("body", required: true), field("title"), language(), field("notes")]),
        type(
            "core.task", "Task", "Something to be done.", title: "title", body: "body",
            fields: [
                field("title", required: true), field("description"), field("body"), field("due_at", "datetime"),
                field("starts_at", "datetime"), field("completed_at", "datetime"), field("status"),
                choice("priority", ["low", "medium", "high", "urgent"]), field("place"),
                choice("precision", ["year", "month", "day", "time"]), field("url", "url"), field("notes"),
            ]),
        type(
            "core.bookmark", "Bookmark", "Something kept from elsewhere: an address, a clipping, an excerpt.",
            title: "title", body: "body",
            fields: [
                field("url", "url"), field("body"), field("title"), field("description"), field("source_url", "url"),
                field("source_title"), field("author"), field("published_at", "datetime"),
                field("image_url", "url"), language(), field("notes"),
            ]),
        type(
            "core.event", "Event", "Something that happens at a time.", title: "title", body: "description",
            fields: [
                field("title", required: true), field("description"), field("starts_at", "datetime"),
                field("ends_at", "datetime"), field("duration", "number"), field("place"),
                field("latitude", "number"), field("longitude", "number"), field("url", "url"),
                choice("precision", ["year", "month", "day", "time"]), field("status"), field("notes"),
                texts("recurrence"), field("all_day", "boolean"), field("timezone"), field("end_timezone"),
                field("original_starts_at", "datetime"),
            ]),
        type(
            "core.message", "Message", "A short message from one sender.", body: "body",
            fields: [field("body", required: true), field("from", required: true), texts("to")]),
        type(
            "core.highlight", "Highlight", "A passage a person marked, with an optional note.", title: "text",
            body: "note",
            fields: [
                field("text", required: true), field("note"),
                choice("color", ["yellow", "blue", "green", "pink", "orange", "purple"]),
                choice("locator_type", ["offset", "page", "time", "cfi", "order", "none"]),
                field("start_location"), field("end_location"),
            ]),
    ]

    /// Organisations, people and places.
    static let entityTypes: [ItemType] = [
        type(
            "core.entity", "Entity", "Someone or something with a name: a company, a band, a school.", title: "name",
            fields: [
                field("name", required: true), field("url", "url"), field("description"), field("email", "email"),
                field("phone"), field("place"), field("image_url", "url"), field("legal_name"),
                field("founded", "date"), field("notes"),
            ]),
        type(
            "core.entity.person", "Person", parent: "core.entity", "A person and how to reach them.",
            title: "name",
            fields: [
                field("given_name"), field("family_name"), field("middle_name"), field("prefix"), field("suffix"),
                field("nickname"), field("organization"), field("job_title"), field("department"),
                field("birthday", "date"), field("pronouns"),
            ]),
        type(
            "core.entity.place", "Place", parent: "core.entity", "A location or a venue.", title: "name",
            fields: [
                field("street_address"), field("locality"), field("region"), field("postal_code"),
                field("country", "string", ["format": "iso3166"]), field("timezone"), field("latitude", "number"),
                field("longitude", "number"), field("altitude", "number"),
            ]),
    ]

    /// Files and their media kinds.
    static let fileTypes: [ItemType] = [
        type(
            "core.file", "File", "A file whose bytes the instance holds as a blob.", title: "title",
            fields: [
                field("blob_ref", required: true), field("mime_type", required: true), field("title"),
                field("description"), field("url", "url"), field("source_url", "url"), field("author"), language(),
                field("notes"), field("extracted_text"), field("executable", "boolean"),
                field("size_bytes", "integer"),
            ]),
        type(
            "core.file.audio", "Audio", parent: "core.file", "A recording.", title: "title",
            fields: [field("duration", "number")]),
        type(
            "core.file.image", "Image", parent: "core.file", "A photo, a screenshot or a drawing.", title: "title",
            fields: [
                field("width", "integer"), field("height", "integer"), field("latitude", "number"),
                field("longitude", "number"), field("altitude", "number"),
            ]),
        type(
            "core.file.video", "Video", parent: "core.file", "A video.", title: "title",
            fields: [
                field("width", "integer"), field("height", "integer"), field("duration", "number"),
                field("latitude", "number"), field("longitude", "number"), field("altitude", "number"),
            ]),
    ]

    /// Works a person engages with, two of them containers.
    static let mediaTypes: [ItemType] = [
        type(
            "core.media", "Media", "A work someone made: a book, a film, an article, a song.", title: "title",
            body: "body",
            fields: [
                field("title", required: true), field("body"), field("author"), field("url", "url"),
                field("description"), field("publisher"), field("published_at", "datetime"),
                field("image_url", "url"), language(), field("notes"),
            ]),
        type(
            "core.media.album", "Album", parent: "core.media", "An album.", title: "title", body: "body",
            roles: ["container"], fields: [field("release_type"), field("num_tracks", "integer")]),
        type(
            "core.media.article", "Article", parent: "core.media", "An article.", title: "title", body: "body",
            fields: [field("body", required: true), field("section"), field("word_count", "integer")]),
        type(
            "core.media.book", "Book", parent: "core.media", "A book.", title: "title", body: "body",
            fields: [field("isbn"), field("page_count", "integer"), field("edition")]),
        type(
            "core.media.episode", "Episode", parent: "core.media", "One member of a series.", title: "title",
            body: "body",
            fields: [
                choice("medium", mediums), field("season_number", "integer"), field("episode_number", "integer"),
                field("duration", "number"), field("media_url", "url"), field("mime_type"),
            ]),
        type(
            "core.media.film", "Film", parent: "core.media", "A film.", title: "title", body: "body",
            fields: [
                field("duration", "number"), field("director"), field("content_rating"), field("media_url", "url"),
                field("mime_type"),
            ]),
        type(
            "core.media.series", "Series", parent: "core.media", "A show, a podcast or another running series.",
            title: "title", body: "body", roles: ["container"],
            fields: [choice("medium", mediums), choice("status", ["ongoing", "ended", "canceled"])]),
        type(
            "core.media.song", "Song", parent: "core.media", "A song.", title: "title", body: "body",
            fields: [
                field("duration", "number"), field("isrc"), field("album"), field("track_number", "integer"),
                field("media_url", "url"), field("mime_type"),
            ]),
    ]

    /// What an episode or a series is made of.
    static let mediums = ["tv", "podcast", "radio", "video", "mixed"]

    /// The instance's own rows: authorised apps and folder settings.
    static let systemTypes: [ItemType] = [
        type(
            "system.connection", "Connection", "An app a person authorised.",
            fields: [
                choice("kind", ["app"], required: true), field("client_id"), field("name"), texts("scopes"),
                choice("status", ["active", "revoked"], required: true),
                field("granted_at", "datetime", required: true), field("last_used_at", "datetime"),
                field("revoked_at", "datetime"),
            ]),
        type(
            "system.folder", "Folder", "A folder's settings, shared by every machine bound to it.",
            fields: [
                field("title", required: true), field("search", "object"), field("defaults", "object"),
                texts("include"), texts("ignore"), field("first_placement", "object"),
                field("removal_threshold", "object"), field("revoked_at", "datetime"),
            ]),
    ]
}
