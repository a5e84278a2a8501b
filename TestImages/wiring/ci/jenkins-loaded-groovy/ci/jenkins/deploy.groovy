def toPlay(String track) {
    withEnv(["SUPPLY_TRACK=${track}"]) {
        sh """
            bundle install
            bundle exec fastlane android deploy \\
                track:${track}
        """
    }
}

def notes() {
    sh(label: 'Release notes', script: 'cp CHANGELOG.md fastlane/metadata/android/en-US/changelogs/default.txt')
}

return this
