import ArtifactKit
import Foundation
import Testing

@testable import ProjectCheck

/// Today's checker takes the date from the C library, not from a calendar: the dates must be the calendar's.
@Suite struct ArtifactRequestTests {
    @Test(
        arguments: [
            (0, "1970-01-01"), (946_641_600, "1999-12-31"), (1_709_251_199, "2024-02-29"),
            (1_795_824_000, "2026-11-28"),
        ] as [(Int, String)])
    func theUTCDateOfAMoment(seconds: Int, date: String) {
        #expect(ArtifactChecker.utcDate(secondsSince1970: seconds) == date)
    }

    @Test func todayIsTheCalendarsDayInUTC() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let now = Date()
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        let expected = [day.year ?? 0, day.month ?? 0, day.day ?? 0].enumerated().map { index, value in
            let digits = String(value)
            return String(repeating: "0", count: max(0, (index == 0 ? 4 : 2) - digits.count)) + digits
        }.joined(separator: "-")
        #expect(ArtifactChecker.utcDate(secondsSince1970: Int(now.timeIntervalSince1970)) == expected)
    }
}
