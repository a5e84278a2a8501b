plugins {
    id("com.android.application")
    id("com.github.triplet.play")
}

android {
    namespace = "org.playprep.refused"
    defaultConfig {
        applicationId = "org.playprep.refused"
        versionCode = 3
    }
}
