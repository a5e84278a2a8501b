// Times NinePatchRenderer in-process on one .9.png: a large render repeated, then a sequence of small ones, then
// libpng encoding the large rendering alone (the floor of a render command's own work).
// Usage: RenderBenchmark FILE WIDTH HEIGHT REPEATS SMALL_SIZES_FILE FILTER
// SMALL_SIZES_FILE holds one "WxH" per line. Prints JSON: {"large_ms": [...], "small_total_ms": n, "encode_ms": [...]}.
import Foundation
import NinePatchKit
import PNGKit

let arguments = CommandLine.arguments
guard arguments.count == 7, let width = Int(arguments[2]), let height = Int(arguments[3]),
    let repeats = Int(arguments[4]), let filter = RenderFilter(rawValue: arguments[6])
else {
    FileHandle.standardError.write(
        Data("usage: RenderBenchmark FILE WIDTH HEIGHT REPEATS SIZES_FILE linear|nearest\n".utf8))
    exit(2)
}
let smallSizes: [(Int, Int)] = try String(contentsOfFile: arguments[5], encoding: .utf8)
    .split(separator: "\n").compactMap { line in
        let parts = line.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
let source = try PNGDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1]))))
guard let ninePatch = NinePatchParser().parse(source, file: arguments[1]).ninePatch else {
    FileHandle.standardError.write(Data("RenderBenchmark: aapt2 would reject \(arguments[1])\n".utf8))
    exit(1)
}
let content = PremultipliedImage(source.withoutFrame)
let renderer = NinePatchRenderer(filter: filter)
let milliseconds = { (duration: Duration) in
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
let clock = ContinuousClock()
var checksum = 0
var large = [Double]()
for _ in 0..<repeats {
    let elapsed = try clock.measure {
        checksum &+= Int(try renderer.render(content, as: ninePatch, width: width, height: height).bytes[0])
    }
    large.append(milliseconds(elapsed))
}
let small = try clock.measure {
    for (smallWidth, smallHeight) in smallSizes {
        checksum &+= Int(try renderer.render(content, as: ninePatch, width: smallWidth, height: smallHeight).bytes[0])
    }
}
// The floor of a whole render command: libpng encoding the same output alone (the fast preset `render` uses).
let rendered = try renderer.render(content, as: ninePatch, width: width, height: height).unpremultiplied
var encodeOnly = [Double]()
for _ in 0..<repeats {
    let elapsed = try clock.measure { checksum &+= try PNGEncoder.fast.encode(rendered).count }
    encodeOnly.append(milliseconds(elapsed))
}
print(
    #"{"large_ms": \#(large), "small_total_ms": \#(milliseconds(small)), "encode_ms": \#(encodeOnly), "checksum": \#(checksum)}"#
)
