/// Names one fill of the copy (`CopyActor.beginHydration`): a fill's pages and its end are taken only while no
/// later fill has begun, so two fills never mix their rows or mark each other's emptied copy complete (issue 27
/// point 3, Decision 0098).
package struct FillToken: Sendable, Equatable {
    /// The fill's place in the order fills began in since the copy opened.
    let number: UInt64
}
