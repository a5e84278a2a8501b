public import Diagnostics

/// Every rule of this library: listing text, locales, layout, images, consistency and F-Droid's cuts.
public enum PlayListingRules {
    public static let all: [Rule] =
        TextRules.all + LocaleRules.all + LayoutRules.all + ImageRules.all
        + ConsistencyRules.all + FDroidRules.all
}
