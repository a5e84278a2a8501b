plugins {
    id("example.android.application")
}

android {
    namespace = "org.example.convention"
    defaultConfig {
        applicationId = "org.example.convention"
        versionCode = 3
    }
}
