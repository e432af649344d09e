import Foundation

/// The shared corpus (`../shared/corpus` next to the checkout), when present.
enum CorpusFiles {
    static let directory: URL? = {
        let corpus = RepositoryFiles.root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }()

    /// The subtitle files in other languages and scripts: ableplayer's tracks, JuvoPlayer's
    /// code-page samples and mozilla-vtt.js's `languages` suite.
    static func languageFiles(in corpus: URL) throws -> [String] {
        var paths: [String] = []
        for (folder, keep) in [("ableplayer", { (name: String) in name.hasSuffix(".vtt") }),
                               ("JuvoPlayer", { $0.hasSuffix(".srt") || $0.hasSuffix(".vtt") }),
                               ("mozilla-vtt.js", { $0.hasPrefix("cuetext__languages__") && $0.hasSuffix(".vtt") })] {
            let directory = corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where keep(name) {
                paths.append(directory.appendingPathComponent(name).path)
            }
        }
        return paths
    }
}
