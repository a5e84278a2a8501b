public import Diagnostics

/// Every rule of this library: package names, listing text, locales, layout, images and consistency.
public enum PlayListingRules {
    public static var descriptors: [RuleDescriptor] {
        PackageNameRules.all.map(\.descriptor) + TextRules.all.map(\.descriptor) + LocaleRules.all.map(\.descriptor)
            + LayoutRules.all.map(\.descriptor) + ImageRules.all.map(\.descriptor)
            + ConsistencyRules.all.map(\.descriptor) + FDroidRules.all.map(\.descriptor)
    }
}
