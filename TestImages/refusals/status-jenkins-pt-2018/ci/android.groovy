def compile(type = 'nightly') {
  dir('android') {
    sh './gradlew assembleRelease'
  }
  return 'android/app/build/outputs/apk/release/app-release.apk'
}

def uploadToPlayStore() {
  withCredentials([
    string(credentialsId: "SUPPLY_JSON_KEY_DATA", variable: 'GOOGLE_PLAY_JSON_KEY'),
  ]) {
    sh 'bundle exec fastlane android nightly'
  }
}

def uploadToDiawi() {
  sh 'bundle exec fastlane android upload_diawi'
  return readFile("${env.WORKSPACE}/fastlane/diawi.out")
}

return this
