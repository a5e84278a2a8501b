plugins {
    id("com.android.application")
}

android {
    namespace = "org.playprep.refused"
    defaultConfig {
        applicationId = "org.playprep.refused"
        versionCode = 3
    }
}
