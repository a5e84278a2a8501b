public import NinePatchKit
public import PNGKit

/// Marks drawn over a stretched NinePatch so a person can see how Android laid it out.
public struct RenderOverlay: Sendable {
    /// Tint over stretchable columns and rows (twice where both stretch).
    public var stretchTint = RGBA(red: 255, green: 0, blue: 255, alpha: 72)
    /// Outline of the content box: the area inside the padding, where a view's content goes.
    public var contentBoxColor = RGBA(red: 0, green: 102, blue: 255, alpha: 255)
    /// Dashed outline of the layout (optical) bounds.
    public var layoutBoundsColor = RGBA(red: 230, green: 0, blue: 0, alpha: 255)

    public init() {}

    /// `rendered` with the stretchable cells tinted and the content box and layout bounds outlined.
    public func draw(on rendered: RGBAImage, layout: NinePatchLayout, ninePatch: NinePatch) -> RGBAImage {
        var canvas = Canvas(rendered)
        let width = rendered.width
        let height = rendered.height
        for span in layout.columns.spans where span.isStretchable {
            canvas.fill(
                PixelRect(x: span.pixels.lowerBound, y: 0, width: span.pixels.count, height: height),
                with: stretchTint)
        }
        for span in layout.rows.spans where span.isStretchable {
            canvas.fill(
                PixelRect(x: 0, y: span.pixels.lowerBound, width: width, height: span.pixels.count),
                with: stretchTint)
        }
        canvas.stroke(Self.inset(width: width, height: height, by: ninePatch.padding), with: contentBoxColor)
        if let bounds = ninePatch.layoutBounds {
            canvas.stroke(Self.inset(width: width, height: height, by: bounds), with: layoutBoundsColor, dash: 3)
        }
        return canvas.image
    }

    /// The destination area left inside `insets` (Android applies padding and layout insets unscaled).
    public static func inset(width: Int, height: Int, by insets: Insets) -> PixelRect {
        PixelRect(
            x: insets.left, y: insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}
