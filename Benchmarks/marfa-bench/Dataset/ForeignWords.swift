/// The non-ASCII tokens mixed into text (2 % of tokens): accented Latin, Cyrillic, Greek, CJK and emoji.
///
/// Upper-case letters here fold to one lower-case scalar both in Swift and in SQLite's FTS5 folding tables, so the
/// substring semantics agree; Turkish dotted capitals and Greek capitals (final sigma) are left out on purpose.
enum ForeignWords {
    /// The tokens, most frequent first (drawn by a Zipf law of their own).
    static let all: [[UInt8]] = [
        "café", "naïve", "résumé", "über", "señor", "façade", "jalapeño", "smörgåsbord", "crème", "brûlée",
        "déjà", "Zürich", "São", "Ångström", "garçon", "piñata", "Málaga", "Øresund", "Łódź", "Škoda", "Dvořák",
        "Ærøskøbing", "fjörður", "Kraków", "Genève", "übermäßig", "straße", "niño", "coöperate", "Bogotá",
        "привет", "мир", "книга", "Москва", "данные", "синхронизация", "Россия", "поиск", "заметка", "задача",
        "λόγος", "αλφάβητο", "θάλασσα", "東京", "日本語", "中文", "数据库", "同期", "検索", "한국어", "서울",
        "🚀", "🎉", "✨", "📝", "✅", "🔥", "👍🏽", "🇫🇷", "ℕ∑∞",
    ].map { Array($0.utf8) }
}
