import Foundation
import TestSupport
import Testing

@testable import PlayListingKit

/// What each store receives from a tree, slot by slot (`playprep plan`): the files in the order the store sends
/// them, and what the store gets where the tree has no file (`TestImages/delivery/`).
@Suite struct ListingDeliveryTests {
    static func delivery(_ tree: String, _ options: ListingOptions) throws -> ListingDelivery {
        let source = DirectoryFileSource(root: Fixtures.testImage("delivery/" + tree))
        return try #require(try ListingChecker().delivery(source, options: options, displayRoot: tree))
    }

    static func slot(_ delivery: ListingDelivery, _ locale: String, _ name: String) -> ListingDelivery.Slot? {
        delivery.locales.first { $0.locale == locale }?.slots.first { $0.name == name }
    }

    /// supply: screenshots in byte order, the last of `icon.{png,jpg,jpeg}`, `<versionCode>.txt` else
    /// `default.txt` else an empty text, and Play's current value where a text file is missing.
    @Test func supplySendsWhatTheLocaleHasAndLeavesPlaysValueElsewhere() throws {
        let delivery = try Self.delivery("supply", ListingOptions(versionCode: 72))
        #expect(delivery.layout == "fastlane supply")
        #expect(delivery.locales.map(\.locale) == ["de-DE", "en-US", "fr-FR"])
        #expect(
            Self.slot(delivery, "en-US", "phoneScreenshots")?.files == [
                "supply/en-US/images/phoneScreenshots/1.png", "supply/en-US/images/phoneScreenshots/10.png",
                "supply/en-US/images/phoneScreenshots/2.png",
            ])
        #expect(Self.slot(delivery, "en-US", "icon")?.files == ["supply/en-US/images/icon.jpg"])
        let notes = "changelogs (versionCode 72)"
        #expect(Self.slot(delivery, "de-DE", notes)?.files == ["supply/de-DE/changelogs/72.txt"])
        #expect(Self.slot(delivery, "de-DE", notes)?.instead == nil)
        #expect(Self.slot(delivery, "en-US", notes)?.files == ["supply/en-US/changelogs/default.txt"])
        #expect(Self.slot(delivery, "en-US", notes)?.instead == "no 72.txt: supply sends default.txt")
        #expect(Self.slot(delivery, "fr-FR", notes)?.files == [])
        #expect(Self.slot(delivery, "fr-FR", notes)?.instead == "no 72.txt or default.txt: supply sends an empty text")
        #expect(Self.slot(delivery, "fr-FR", "short_description")?.instead == "supply leaves Play's current value")
        #expect(Self.slot(delivery, "fr-FR", "featureGraphic")?.instead == "Play keeps its current images")
        #expect(!delivery.files.contains("supply/en-US/images/icon.png"))
    }

    /// An upload that skips a part sends none of it, and says which option skips it.
    @Test func aSkippedPartIsNamedByItsOption() throws {
        var options = ListingOptions(versionCode: 72)
        options.uploads = [.text, .changelogs]
        let delivery = try Self.delivery("supply", options)
        #expect(Self.slot(delivery, "en-US", "phoneScreenshots")?.files == [])
        #expect(
            Self.slot(delivery, "en-US", "phoneScreenshots")?.instead
                == "not sent: this upload sets skip_upload_screenshots")
        #expect(Self.slot(delivery, "en-US", "icon")?.instead == "not sent: this upload sets skip_upload_images")
    }

    /// GPP copies what the default language's listing has into the locales that lack it: a text file, and a
    /// graphics folder only into a locale without that folder.
    @Test func gppFillsMissingFilesFromTheDefaultLanguage() throws {
        let delivery = try Self.delivery("gpp", ListingOptions(layout: .gpp))
        #expect(delivery.layout == "Gradle Play Publisher (Triple-T)")
        #expect(delivery.details.first { $0.name == "contact-email" }?.files == ["gpp/contact-email.txt"])
        let short = try #require(Self.slot(delivery, "de-DE", "short-description"))
        #expect(short.files == ["gpp/listings/en-US/short-description.txt"])
        #expect(short.instead == "GPP copies the default language's (en-US)")
        #expect(Self.slot(delivery, "de-DE", "icon")?.files == ["gpp/listings/en-US/graphics/icon/icon.png"])
        #expect(
            Self.slot(delivery, "de-DE", "phone-screenshots")?.files == [
                "gpp/listings/de-DE/graphics/phone-screenshots/x.png"
            ])
        #expect(
            Self.slot(delivery, "en-US", "phone-screenshots")?.files == [
                "gpp/listings/en-US/graphics/phone-screenshots/a.png",
                "gpp/listings/en-US/graphics/phone-screenshots/b.png",
            ])
        #expect(Self.slot(delivery, "fr-FR", "title")?.files == ["gpp/listings/en-US/title.txt"])
        #expect(Self.slot(delivery, "fr-FR", "video-url")?.instead == "GPP leaves it out of the listing")
        #expect(
            Self.slot(delivery, "en-US", "release-notes/default.txt")?.files == ["gpp/release-notes/en-US/default.txt"])
    }

    /// F-Droid shows the images too (the promo graphic Play's uploaders skip), under its own names, and only the
    /// release's changelog.
    @Test func fDroidReceivesImagesAndTheCurrentChangelog() throws {
        let delivery = try Self.delivery("fdroid/metadata", ListingOptions(store: .fdroid, versionCode: 5))
        #expect(delivery.layout == "F-Droid, metadata/<locale> layout")
        #expect(Self.slot(delivery, "en-US", "name")?.files == ["fdroid/metadata/en-US/name.txt"])
        #expect(Self.slot(delivery, "en-US", "whatsNew")?.files == ["fdroid/metadata/en-US/changelogs/5.txt"])
        #expect(
            Self.slot(delivery, "en-US", "promoGraphic")?.files == ["fdroid/metadata/en-US/images/promoGraphic.png"])
        #expect(Self.slot(delivery, "en-US", "icon")?.files == ["fdroid/metadata/en-US/images/icon.png"])
        #expect(
            Self.slot(delivery, "en-US", "phoneScreenshots")?.files == [
                "fdroid/metadata/en-US/images/phoneScreenshots/1.png"
            ])
        #expect(Self.slot(delivery, "en-US", "video")?.instead == "none in this language from this tree")
    }
}
