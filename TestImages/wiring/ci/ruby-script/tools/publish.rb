#!/usr/bin/env ruby
require "fileutils"

track = ARGV[0] || "beta"
root = File.expand_path("..", __dir__)
metadata = File.join(root, "fastlane", "metadata", "android")

Dir.glob(File.join(metadata, "*", "changelogs", "default.txt")).each do |notes|
  FileUtils.cp(notes, File.join(File.dirname(notes), "#{ENV.fetch('VERSION_CODE')}.txt"))
end

system("bundle", "exec", "fastlane", "supply", "--track", track, "--metadata_path", metadata) or abort("supply failed")
