/// Names one fill of the copy (`CopyActor.beginHydration`): a fill's pages and its end are taken only while no
/// later fill has begun, so two fills never mix their rows or mark each other's emptied copy complete (issue 27
/// point 3, Decision 0098).
package struct FillToken: Sendable, Equatable {
    /// The fill's place in the order fills began in since the copy opened.
    let number: UInt64
    /// Whether the fill lays the instance's rows over the held ones rather than clearing first (an in-place refill
    /// of a stale copy, F129; `CopyActor.storeRefillPage`), as `beginHydration` judged it when the fill began.
    package var inPlace = false
}
