import PlayListingKit

extension Uploader {
    /// Every uploader playprep knows, each one entry.
    public static let all: [Uploader] = [
        supplyInLanes, supplyCommand, gradlePlayPublisher, uploadGooglePlayAction, bitriseGooglePlayDeploy,
        playDeveloperAPIScript, otherRepositoryWorkflow,
    ]

    /// supply called from a Fastfile lane: shown when CI runs a lane that reaches it, else a lane a person runs,
    /// live or dead on the repository's signs.
    static let supplyInLanes = Uploader(
        "supply in a Fastfile lane",
        sends: "`upload_to_play_store`/`supply` in a lane: every locale folder under `metadata_path` (default "
            + "`fastlane/metadata/android` of the folder fastlane runs in) with its texts, images, screenshots and "
            + "the current changelog, less what the call's `skip_upload_*` (or `SUPPLY_SKIP_UPLOAD_*`) leave out",
        examples: [
            UploaderExample(
                "a workflow runs the lane",
                [
                    ".github/workflows/release.yml":
                        "jobs:\n  deploy:\n    steps:\n      - run: bundle exec fastlane android deploy\n",
                    "fastlane/Fastfile":
                        "platform :android do\n  lane :deploy do\n    upload_to_play_store(skip_upload_images: true)\n"
                        + "  end\nend\n",
                    "fastlane/metadata/android/en-US/title.txt": "Example\n",
                ],
                finds: [
                    "supply (lane deploy) → fastlane/metadata/android [text, screenshots, changelogs] ci "
                        + ".github/workflows/release.yml:4"
                ]),
            UploaderExample(
                "a lane nobody's CI runs, through a private lane, metadata in a custom folder",
                [
                    "fastlane/Fastfile":
                        "lane :release do\n  publish\nend\nprivate_lane :publish do\n"
                        + "  supply(metadata_path: 'play/listing', skip_upload_changelogs: true)\nend\n"
                ],
                finds: ["supply (lane release) → play/listing [text, images, screenshots] by hand: lane `release`"]),
            UploaderExample(
                "a CRLF Fastfile imports its lanes; the workflow runs fastlane in android/",
                [
                    ".github/workflows/release.yml":
                        "jobs:\n  deploy:\n    steps:\n      - run: cd android && fastlane deploy\n",
                    "android/fastlane/Fastfile": "import \"lanes/release.rb\"\r\n",
                    "android/fastlane/lanes/release.rb": "lane :deploy do\r\n  supply\r\nend\r\n",
                    "android/fastlane/metadata/android/en-US/title.txt": "Example\n",
                ],
                finds: [
                    "supply (lane deploy) → android/fastlane/metadata/android [text, images, screenshots, "
                        + "changelogs] ci .github/workflows/release.yml:4"
                ]),
            UploaderExample(
                "a script runs the lane once per app; a hash constant indexed by the lane option picks the tree",
                [
                    ".buildkite/pipeline.yml":
                        "steps:\n  - command: .buildkite/release.sh Phone\n  - command: .buildkite/release.sh Watch\n",
                    ".buildkite/release.sh": "#!/bin/bash\nbundle exec fastlane release app:\"$1\"\n",
                    "fastlane/Fastfile":
                        "PHONE = 'Phone'\nWATCH = 'Watch'\nPATHS = {\n  PHONE => File.join(Dir.pwd, 'metadata', "
                        + "'android'),\n  WATCH => File.join(Dir.pwd, 'metadata', 'wear')\n}.freeze\n"
                        + "lane :release do |options|\n  app = options[:app]\n"
                        + "  upload_to_play_store(metadata_path: PATHS[app], skip_upload_metadata: app == WATCH)\nend\n",
                    "fastlane/metadata/android/en-US/title.txt": "Example\n",
                    "fastlane/metadata/wear/en-US/changelogs/default.txt": "Watch fixes\n",
                ],
                finds: [
                    "supply (lane release) → fastlane/metadata/android [text, images, screenshots, changelogs] ci "
                        + ".buildkite/pipeline.yml:2",
                    "supply (lane release) → fastlane/metadata/wear [images, screenshots, changelogs] ci "
                        + ".buildkite/pipeline.yml:3",
                ]),
        ]
    ) { input in
        input.fastlane.flatMap { laneUploads(in: $0, input: input) } + unreadLaneRuns(input)
    }

    /// The supply calls of one fastlane folder: each reached from a CI run, or else by hand.
    private static func laneUploads(in fastlane: FastlaneFiles, input: UploaderInput) -> [PlayUpload] {
        // A run read line by line is no proof of its own: the lane is judged by its signs, that CI line among them.
        let runs = input.ci.commands.flatMap(FastlaneInvocation.all).filter { run in
            !run.runsSupply && !run.runsAction && run.command.origin != .unreferencedScript
                && run.command.readLineByLine == nil
                && (run.folder.map { FastlaneFiles.normalized($0) == fastlane.runFolder } ?? true)
        }
        var entries = [Int]()
        var entryRuns = [FastlaneInvocation]()
        for run in runs {
            for lane in fastlane.lanes(named: run.name, platform: run.platform) {
                entries.append(lane)
                entryRuns.append(run)
            }
        }
        let reached = fastlane.reach(from: entries)
        let scripts = input.ci.commands.flatMap(FastlaneInvocation.all).filter { run in
            !run.runsSupply && !run.runsAction && run.command.origin == .unreferencedScript
                && (run.folder.map { FastlaneFiles.normalized($0) == fastlane.runFolder } ?? true)
        }
        let direct = fastlane.uploads.flatMap { upload -> [(PlayUpload, FastlaneFiles.Upload)] in
            if let lane = upload.lane, let first = reached[lane] {
                // Every run that reaches the call, when what it sends depends on the run's lane options.
                let others = entries.indices.lazy.filter { $0 != first }
                    .filter { fastlane.lanesRun(from: [entries[$0]]).contains(lane) }.map { entryRuns[$0] }
                return ciUploads(upload, in: fastlane, first: entryRuns[first], others: others, input: input)
                    .map { ($0, upload) }
            }
            return [(handRunUpload(upload, in: fastlane, scripts: scripts, input: input), upload)]
        }
        return direct.flatMap { found, upload in
            [found] + copiedOver(found, before: upload, in: fastlane, input: input)
        }
    }

    /// One supply call reached from CI runs (`first`, the run nearest to it, then `others`): one upload per tree
    /// and parts, each as the first run that sends them passes its lane options (`app:WooCommerce-Wear` picks
    /// `METADATA_DIR_PATH[app]` and sets `skip_upload_metadata: app == WEAR_APP`). A call that no lane option
    /// changes is one upload, the first run's (the others are not looked at).
    private static func ciUploads(
        _ upload: FastlaneFiles.Upload, in fastlane: FastlaneFiles, first: FastlaneInvocation,
        others: some Sequence<FastlaneInvocation>, input: UploaderInput
    ) -> [PlayUpload] {
        var found = [PlayUpload]()
        /// Adds what `run` sends; whether a lane option of the run decided it.
        func add(_ run: FastlaneInvocation) -> Bool {
            let (arguments, used) = fastlane.arguments(of: upload, laneOption: { run.laneOption($0) })
            let option = { (name: String) in arguments[name] }
            let (parts, settings) = FastlaneFiles.parts(
                options: option, environment: { run.command.environment[$0] })
            let path = option("metadata_path")?.literal ?? run.command.environment["SUPPLY_METADATA_PATH"]
            let tree = metadataTree(path, runFolder: fastlane.runFolder, input: input) ?? .artifactOnly
            guard !found.contains(where: { $0.tree == tree && $0.parts == parts })
            else { return !used.isEmpty }
            found.append(
                PlayUpload(
                    uploader: "supply", what: "supply (lane \(run.name))", tree: tree, parts: parts, trigger: .ci,
                    evidence: run.command.fullChain + [upload.evidence],
                    settings: settings + used.map { "lane option " + $0 }, command: run.command,
                    resolvesMetadataPath: upload.arguments["metadata_path"]?.literal == nil
                        && arguments["metadata_path"]?.literal != nil,
                    laneOptionValues: used.map { String($0.drop { $0 != ":" }.dropFirst()) }))
            return !used.isEmpty
        }
        guard add(first) else { return found }
        for run in others { _ = add(run) }
        return found
    }

    /// One supply call no CI run reaches: run by a script nobody's CI runs, or by hand.
    private static func handRunUpload(
        _ upload: FastlaneFiles.Upload, in fastlane: FastlaneFiles, scripts: [FastlaneInvocation],
        input: UploaderInput
    ) -> PlayUpload {
        let arguments = fastlane.arguments(of: upload, laneOption: { _ in nil }).arguments
        let option = { (name: String) in arguments[name] }
        let (parts, settings) = FastlaneFiles.parts(options: option)
        let tree =
            metadataTree(option("metadata_path")?.literal, runFolder: fastlane.runFolder, input: input) ?? .artifactOnly
        let entries = upload.lane.map(fastlane.entryLanes) ?? []
        let name = entries.first.map { fastlane.lanes[$0].name } ?? upload.lane.map { fastlane.lanes[$0].name }
        var signs = input.liveness.signs(of: upload, entries: entries, in: fastlane)
        // A script nobody's CI runs that runs the lane: how a person runs it (the steps before it count).
        let script = scripts.first { run in
            !Set(fastlane.lanes(named: run.name, platform: run.platform)).isDisjoint(with: entries)
        }
        var what = name.map { "lane `\($0)`" } ?? "the Fastfile"
        var evidence = [upload.evidence]
        if let script {
            what = "script \(script.command.evidence.file) (lane `\(script.name)`)"
            evidence.insert(script.command.evidence, at: 0)
            signs.append(ObservedSign(.runByScript(script.command.evidence.file), script.command.evidence))
            signs += input.liveness.signs(ofScript: script.command.evidence.file)
        }
        let run = HandRun(what: what, evidence: upload.evidence, signs: signs)
        return PlayUpload(
            uploader: "supply", what: "supply" + (name.map { " (lane \($0))" } ?? ""), tree: tree, parts: parts,
            trigger: .byHand(run), evidence: evidence, settings: settings, command: script?.command)
    }

    /// The trees an `sh` of the upload's lane copies over its tree first (`sh("cp", "-a", "./pro/.", "./")` before
    /// supply sends `fastlane/metadata/android`): each is sent as well, by the same upload, so it is that
    /// upload's tree too (live or dead as the upload is).
    private static func copiedOver(
        _ found: PlayUpload, before upload: FastlaneFiles.Upload, in fastlane: FastlaneFiles, input: UploaderInput
    ) -> [PlayUpload] {
        guard case .metadataFolder(let tree) = found.tree, let lane = upload.lane else { return [] }
        let steps = fastlane.shellCalls.filter {
            $0.lane == lane && $0.evidence.file == upload.evidence.file && $0.evidence.line < upload.evidence.line
        }
        var overlays = [PlayUpload]()
        for step in steps {
            for operation in step.operations where operation.kind == .copy || operation.kind == .move {
                guard let target = operation.target else { continue }
                for source in operation.sources {
                    // `dir/*` lands in the target; `dir` lands in it under its own name.
                    let (from, landing) =
                        source.hasSuffix("/*")
                        ? (String(source.dropLast(2)), target)
                        : (source, target + "/" + (source.split(separator: "/").last.map(String.init) ?? ""))
                    guard !from.contains("*"), tree == landing || tree.hasPrefix(landing + "/") else { continue }
                    let copied = from + tree.dropFirst(landing.count)
                    guard copied != tree, input.repository.hasFolder(copied) else { continue }
                    var overlay = found
                    overlay.tree = .metadataFolder(copied)
                    overlay.evidence.append(step.evidence)
                    overlays.append(overlay)
                }
            }
        }
        return overlays
    }

    /// CI runs of a lane that no Fastfile read defines: its uploads are elsewhere (an `import_from_git`, an
    /// import playprep could not read), so the tree it may send is not known.
    private static func unreadLaneRuns(_ input: UploaderInput) -> [PlayUpload] {
        let unread = input.fastlane.flatMap(\.unread)
        guard !unread.isEmpty || input.fastlane.contains(where: { $0.jsonKeyFile != nil }) else { return [] }
        return input.ci.commands.flatMap(FastlaneInvocation.all).filter { run in
            !run.runsSupply && !run.runsAction && run.command.origin != .unreferencedScript
                && !input.fastlaneFolders(runIn: run.folder).contains {
                    !$0.lanes(named: run.name, platform: run.platform).isEmpty
                }
        }.prefix(1).map { run in
            let why =
                unread.first.map { "lane `\(run.name)` is in no Fastfile read (\($0))" }
                ?? "lane `\(run.name)` is in no Fastfile read, and the Appfile names a Play key"
            return PlayUpload(
                uploader: "supply", what: "fastlane lane \(run.name)", tree: .unnamed, parts: .all,
                trigger: .undecidable(why), evidence: run.command.fullChain, command: run.command)
        }
    }

    /// The tree supply reads: `metadata_path` (relative to the folder fastlane runs in), else the first of
    /// `fastlane/metadata/android` and `metadata/android` there that exists (supply's default); `nil`: none.
    static func metadataTree(_ path: String?, runFolder: String, input: UploaderInput) -> UploadedTree? {
        if let path {
            guard !path.hasPrefix("/"), !path.hasPrefix("~"), !path.contains("$"),
                let joined = ProjectFiles.joined(runFolder, path)
            else { return .unnamed }
            return .metadataFolder(FastlaneFiles.normalized(joined))
        }
        for candidate in ["fastlane/metadata/android", "metadata/android"] {
            guard let joined = ProjectFiles.joined(runFolder, candidate) else { continue }
            if input.repository.hasFolder(joined) { return .metadataFolder(joined) }
        }
        return nil
    }

    /// `fastlane supply …` (or `fastlane run supply|upload_to_play_store …`) on a command line.
    static let supplyCommand = Uploader(
        "supply on the command line",
        sends: "`fastlane supply` (or `fastlane run supply`): every locale folder under `--metadata_path` "
            + "(`metadata_path:`, `SUPPLY_METADATA_PATH`; default `fastlane/metadata/android` of the folder it runs "
            + "in), less what `--skip_upload_*` (or `SUPPLY_SKIP_UPLOAD_*`) leave out",
        examples: [
            UploaderExample(
                "a step continued over lines, metadata elsewhere",
                [
                    ".github/workflows/listing.yml":
                        "jobs:\n  listing:\n    steps:\n      - run: |\n          fastlane supply \\\n"
                        + "            --metadata_path play/metadata --skip_upload_changelogs\n"
                ],
                finds: ["supply → play/metadata [text, images, screenshots] ci .github/workflows/listing.yml:5"]),
            UploaderExample(
                "fastlane run with SUPPLY_ variables",
                [
                    ".gitlab-ci.yml":
                        "listing:\n  variables:\n    SUPPLY_SKIP_UPLOAD_IMAGES: \"true\"\n  script:\n"
                        + "    - bundle exec fastlane run supply metadata_path:store/android\n"
                ],
                finds: ["supply → store/android [text, screenshots, changelogs] ci .gitlab-ci.yml:5"]),
        ]
    ) { input in
        input.ci.commands.flatMap(FastlaneInvocation.all).filter(\.runsSupply).compactMap { run in
            let folder = run.folder ?? ""
            guard
                let tree = metadataTree(run.supplyOption("metadata_path", short: "m"), runFolder: folder, input: input)
            else { return nil }
            let (parts, settings) = FastlaneFiles.parts(
                options: { name in run.option(name).map { RubyValue(text: $0.isEmpty ? "true" : $0) } },
                environment: { run.command.environment[$0] })
            let trigger: UploadTrigger
            if run.command.origin == .unreferencedScript {
                let script = run.command.evidence.file
                trigger = .byHand(
                    HandRun(
                        what: "script \(script)", evidence: run.command.evidence,
                        signs: input.liveness.signs(
                            ofCommand: { run.supplyOption($0) }, script: script, evidence: run.command.evidence,
                            fastlane: input.fastlaneFolders(runIn: folder).first)))
            } else {
                trigger = .ci
            }
            return PlayUpload(
                uploader: "supply", what: "supply", tree: tree, parts: parts, trigger: trigger,
                evidence: run.command.fullChain, settings: settings, command: run.command)
        }
    }

    /// Gradle Play Publisher's publishing tasks run by CI (where the plugin is applied, the module's `play/`
    /// folders are Play's whoever runs the task: ``UploadEvidence/gppReaders(module:mention:evidence:)``).
    static let gradlePlayPublisher = Uploader(
        "Gradle Play Publisher task",
        sends: "`publish<Variant>Listing`: the merged `play/listings` (texts, graphics, screenshots); `publish"
            + "<Variant>Bundle`/`Apk`, `promote<Variant>Artifact`: `play/release-notes`; `publish<Variant>`: both",
        examples: [
            UploaderExample(
                "a module's task, a root given with -p",
                [".gitlab-ci.yml": "deploy:\n  script:\n    - ./gradlew -p project :app:publishPlayReleaseBundle\n"],
                finds: ["GPP publishPlayReleaseBundle → GPP :app [changelogs] ci .gitlab-ci.yml:3"]),
            UploaderExample(
                "listing and notes",
                [".travis.yml": "language: android\nscript:\n  - ./gradlew publishListing publishBundle\n"],
                finds: [
                    "GPP publishListing → GPP any module [text, images, screenshots] ci .travis.yml:3",
                    "GPP publishBundle → GPP any module [changelogs] ci .travis.yml:3",
                ]),
        ]
    ) { input in
        let variants = input.build.applications.flatMap(\.releaseVariants).map(\.name)
        return input.ci.commands.flatMap { command -> [PlayUpload] in
            // The words as written and as the shell passes them (`./gradlew $TASKS` with `TASKS=publishBundle`).
            let words = unique(command.words + command.expandedWords)
            guard
                words.contains(where: {
                    $0.hasSuffix("gradlew") || $0 == "gradle" || $0.hasSuffix("gradle-build-action")
                })
            else { return [] }
            return words.compactMap { word in
                let pieces = word.split(separator: ":", omittingEmptySubsequences: false)
                guard let task = pieces.last.map(String.init), let parts = gppParts(of: task, variants: variants) else {
                    return nil
                }
                let module = pieces.count > 1 ? pieces.dropLast().joined(separator: ":") : nil
                var trigger = UploadTrigger.ci
                if command.origin == .unreferencedScript {
                    // A script nobody's CI runs: how a person (or a CI outside the repository) publishes. The
                    // module's signs (where GPP is applied) are added by the tree's readers.
                    let script = command.evidence.file
                    let signs =
                        [ObservedSign(.runByScript(script), command.evidence)]
                        + (input.liveness.taskSign(task).map { [ObservedSign($0, command.evidence)] } ?? [])
                        + input.liveness.signs(ofScript: script)
                    trigger = .byHand(HandRun(what: "script \(script)", evidence: command.evidence, signs: signs))
                }
                return PlayUpload(
                    uploader: "Gradle Play Publisher", what: "GPP \(task)",
                    tree: .gppModule(module.flatMap { $0.isEmpty ? nil : $0 }), parts: parts, trigger: trigger,
                    evidence: command.fullChain, command: command)
            }
        }
    }

    /// The parts a GPP task sends; `nil` for any other task. `publish<Variant>` of one of the build's release
    /// `variants` sends the artifact with its notes and the listing (a bare `publish` is also maven-publish's).
    static func gppParts(of task: String, variants: [String]) -> UploadedParts? {
        guard task.hasPrefix("publish") || task.hasPrefix("promote") else { return nil }
        if task.hasSuffix("Listing") { return [.text, .images, .screenshots] }
        for suffix in ["Bundle", "Apk", "Apps", "ReleaseNotes", "Artifact"] where task.hasSuffix(suffix) {
            return task.hasPrefix("promote") && suffix != "Artifact" ? nil : .changelogs
        }
        let variant = task.dropFirst("publish".count)
        return task.hasPrefix("publish") && !variant.isEmpty
            && variants.contains { $0.prefix(1).uppercased() + $0.dropFirst() == variant } ? .all : nil
    }

    /// `r0adkll/upload-google-play` with `whatsNewDirectory` that a step of its job fills from a tree's changelogs.
    static let uploadGooglePlayAction = whatsNewUploader(
        "r0adkll/upload-google-play", action: "r0adkll/upload-google-play", input: "whatsNewDirectory",
        example: UploaderExample(
            "the newest changelog copied into whatsnew/",
            [
                ".github/workflows/play.yml":
                    "jobs:\n  play:\n    steps:\n      - run: cp fastlane/metadata/android/en-US/changelogs/9.txt "
                    + "whatsnew/whatsnew-en-US\n      - uses: r0adkll/upload-google-play@v1\n        with:\n"
                    + "          whatsNewDirectory: whatsnew\n"
            ],
            finds: [
                "r0adkll/upload-google-play@v1 → fastlane/metadata/android/en-US/changelogs [changelogs] ci "
                    + ".github/workflows/play.yml:5"
            ]))

    /// Bitrise's Google Play deploy step with `whatsnews_path`.
    static let bitriseGooglePlayDeploy = whatsNewUploader(
        "Bitrise google-play-deploy", action: "google-play-deploy", input: "whatsnews_path",
        example: UploaderExample(
            "a script step fills the whatsnews folder",
            [
                "bitrise.yml":
                    "workflows:\n  deploy:\n    steps:\n    - script:\n        inputs:\n        - content: |\n"
                    + "            cp metadata/android/de-DE/changelogs/3.txt notes/whatsnew-de-DE\n"
                    + "    - google-play-deploy@3:\n        inputs:\n        - whatsnews_path: notes\n"
            ],
            finds: ["google-play-deploy@3 → metadata/android/de-DE/changelogs [changelogs] ci bitrise.yml:8"]))

    /// An upload action that sends the `whatsnew-<locale>` files of a folder: Play receives those release notes
    /// only, copied by a step of the same job from a tree's `<locale>/changelogs/`.
    private static func whatsNewUploader(
        _ name: String, action prefix: String, input key: String, example: UploaderExample
    )
        -> Uploader
    {
        Uploader(
            name,
            sends: "the release notes in `\(key)` (files `whatsnew-<locale>`), which a step of the same job copies "
                + "from a tree's `<locale>/changelogs/`, or which are committed there: those notes only",
            examples: [example]
        ) { input in
            // Per job, once: the paths its commands name and the trees whose changelogs they copy.
            var fillsByJob = [String: [(tree: String, locales: [String], evidence: Evidence)]]()
            var namedByJob = [String: Set<String>]()
            return input.ci.commands.filter {
                $0.action.map { $0.hasPrefix(prefix) || $0.contains("/" + prefix) } == true
            }
            .flatMap { action -> [PlayUpload] in
                guard let directory = action.inputs[key].map(FastlaneFiles.normalized), !directory.isEmpty else {
                    return []
                }
                if fillsByJob[action.job] == nil {
                    let job = (input.jobs[action.job] ?? []).map { input.ci.commands[$0] }.filter { $0.action == nil }
                    namedByJob[action.job] = Set(job.flatMap { command in command.words.flatMap(pathPrefixes) })
                    var fills = [(tree: String, locales: [String], evidence: Evidence)]()
                    var index = [String: Int]()
                    for command in job {
                        for (tree, locales) in copiedChangelogs(in: command.text) {
                            if let known = index[tree] {
                                fills[known].locales = unique(fills[known].locales + locales)
                            } else {
                                index[tree] = fills.count
                                fills.append((tree, locales, command.evidence))
                            }
                        }
                    }
                    fillsByJob[action.job] = fills
                }
                // A folder committed with its `whatsnew-<locale>` files, which no step of the job fills.
                let committed = WhatsNewFolder.locales(in: directory, repository: input.repository)
                if fillsByJob[action.job]?.isEmpty != false, !committed.isEmpty {
                    return [
                        PlayUpload(
                            uploader: name, what: action.action ?? name, tree: .whatsNewFolder(directory),
                            parts: .changelogs, trigger: .ci, evidence: action.fullChain, command: action)
                    ]
                }
                guard namedByJob[action.job]?.contains(directory) == true else { return [] }
                return (fillsByJob[action.job] ?? []).map { fill in
                    PlayUpload(
                        uploader: name, what: action.action ?? name,
                        tree: .copiedNotes(tree: fill.tree, locales: fill.locales), parts: .changelogs,
                        trigger: .ci, evidence: action.fullChain + [fill.evidence], command: action)
                }
            }
        }
    }

    /// A script a CI step runs that edits the listing through the Play Developer API: the folders it reads.
    static let playDeveloperAPIScript = Uploader(
        "Play Developer API script",
        sends: "the listing folders a script names (a path literal, an argument default, an argument of the step) "
            + "when it edits the listing through the Play Developer API (`androidpublisher`): texts for "
            + "`edits().listings().update/patch`, images and screenshots for `edits().images().upload`, release "
            + "notes for a track update with `releaseNotes`",
        examples: [
            UploaderExample(
                "a workflow runs a Python script that reads the fastlane tree",
                [
                    ".github/workflows/listing.yml":
                        "jobs:\n  listing:\n    steps:\n      - run: python3 tools/play_listing.py\n",
                    "tools/play_listing.py":
                        "from googleapiclient.discovery import build\n"
                        + "service = build('androidpublisher', 'v3', credentials=creds)\n"
                        + "root = 'fastlane/metadata/android'\n"
                        + "edit = service.edits().insert(packageName=PACKAGE, body={}).execute()\n"
                        + "service.edits().listings().update(packageName=PACKAGE, editId=edit['id'], "
                        + "language=lang, body=body).execute()\n"
                        + "service.edits().commit(packageName=PACKAGE, editId=edit['id']).execute()\n",
                    "fastlane/metadata/android/en-US/title.txt": "Example\n",
                ],
                finds: [
                    "Play Developer API (tools/play_listing.py) → fastlane/metadata/android [text] ci "
                        + ".github/workflows/listing.yml:4"
                ])
        ]
    ) { input in
        PlayDeveloperAPIScript.scripts(run: input.ci, in: input.repository).flatMap { command, path, script in
            var trigger = UploadTrigger.ci
            if command.origin == .unreferencedScript {
                let file = command.evidence.file
                trigger = .byHand(
                    HandRun(
                        what: "script \(file)", evidence: command.evidence,
                        signs: [ObservedSign(.runByScript(file), command.evidence)]
                            + input.liveness.signs(ofScript: file)))
            }
            return script.trees.map { tree in
                PlayUpload(
                    uploader: "Play Developer API script", what: "Play Developer API (\(path))",
                    tree: .metadataFolder(tree), parts: script.parts, trigger: trigger,
                    evidence: command.fullChain + [script.call], command: command)
            }
        }
    }

    /// A release workflow of another repository: the upload is likely, what it sends is not in this one.
    static let otherRepositoryWorkflow = Uploader(
        "a workflow of another repository",
        sends: "whatever that workflow sends: the repository does not say which tree",
        examples: [
            UploaderExample(
                "a reusable release workflow",
                [
                    ".github/workflows/release.yml":
                        "jobs:\n  release:\n    uses: example/ci/.github/workflows/play-release.yml@main\n"
                ],
                finds: [
                    "a workflow of another repository → a tree it does not name [text, images, screenshots, "
                        + "changelogs] undecidable: its details are in another repository"
                ])
        ]
    ) { input in
        input.ci.reusableWorkflows.prefix(1).map { line in
            PlayUpload(
                uploader: "another repository's workflow", what: "a workflow of another repository", tree: .unnamed,
                parts: .all, trigger: .undecidable("its details are in another repository"), evidence: [line])
        }
    }

    // MARK: Paths in commands

    /// A path word and each of its parent folders (`a/b/c` → `a/b/c`, `a/b`, `a`), normalized: what a command
    /// names.
    static func pathPrefixes(_ word: String) -> [String] {
        var path = FastlaneFiles.normalized(word.trimming("\"'"))
        var result = [String]()
        while !path.isEmpty, result.count < 8 {
            result.append(path)
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return result
    }

    /// Each `<tree>/<locale>/changelogs` a command names (the tree written out or with `$VARIABLE` segments),
    /// with the locales named for it.
    static func copiedChangelogs(in text: String) -> [(tree: String, locales: [String])] {
        var result = [(tree: String, locales: [String])]()
        for (tree, locale) in changelogPaths(in: text) {
            if let index = result.firstIndex(where: { $0.tree == tree }) {
                if !result[index].locales.contains(locale) { result[index].locales.append(locale) }
            } else {
                result.append((tree, [locale]))
            }
        }
        return result
    }

    /// `(tree, locale)` of every `<tree>/<locale>/changelogs` path among the words of `text`.
    static func changelogPaths(in text: String) -> [(tree: String, locale: String)] {
        text.split(whereSeparator: { " \t\"'=(),;|&<>".contains($0) }).compactMap { word in
            guard let changelogs = word.range(of: "/changelogs") else { return nil }
            var parts = word[..<changelogs.lowerBound].split(separator: "/", omittingEmptySubsequences: false)
            // The checkout folder in front of a relative path: `./`, `$GITHUB_WORKSPACE/`, `${{ github.workspace }}/`.
            while let first = parts.first, workspacePrefixes.contains(String(first)) { parts.removeFirst() }
            guard parts.count > 1, let locale = parts.last else { return nil }
            return (parts.dropLast().joined(separator: "/"), String(locale))
        }
    }

    /// What CI configurations write for the checkout folder before a path relative to it (`}}` ends
    /// `${{ github.workspace }}`, split at its spaces).
    private static let workspacePrefixes: Set<String> = [
        ".", "}}", "$GITHUB_WORKSPACE", "${GITHUB_WORKSPACE}", "$CI_PROJECT_DIR", "${CI_PROJECT_DIR}", "$PWD", "${PWD}",
        "$BITRISE_SOURCE_DIR", "${BITRISE_SOURCE_DIR}",
    ]

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
